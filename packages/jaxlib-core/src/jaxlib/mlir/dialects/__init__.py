"""Dialect modules: stablehlo, chlo, sdy, mhlo, mpmd, func and builtin are
implemented; the others import but have nothing in them."""
