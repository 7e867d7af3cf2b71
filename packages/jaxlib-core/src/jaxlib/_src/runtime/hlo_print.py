"""HloPrintOptions: the knobs of XLA's HLO text printer, as plain fields.

jax builds them (``short_parsable()``), sets ``print_metadata`` and passes them
to ``HloModule.to_string``."""

from __future__ import annotations

_FIELDS: dict[str, object] = {
    "canonicalize_computations": False,
    "canonicalize_instruction_names": False,
    "compact_operands": False,
    "include_layout_in_shapes": True,
    "indent_amount": 0,
    "is_in_nested_computation": False,
    "print_backend_config": True,
    "print_control_dependencies": True,
    "print_extra_attributes": True,
    "print_ids": True,
    "print_large_constants": False,
    "print_metadata": True,
    "print_operand_names": True,
    "print_operand_shape": True,
    "print_percent": True,
    "print_program_shape": True,
    "print_result_shape": True,
}


class HloPrintOptions:
    """Options of the HLO printer; every field is a plain attribute."""

    def __init__(self) -> None:
        for name, value in _FIELDS.items():
            setattr(self, name, value)

    @classmethod
    def short_parsable(cls) -> HloPrintOptions:
        opts = cls()
        opts.print_large_constants = True
        opts.print_metadata = False
        opts.print_backend_config = False
        opts.print_ids = False
        opts.print_percent = False
        opts.print_program_shape = False
        return opts

    @classmethod
    def canonical(cls) -> HloPrintOptions:
        opts = cls.short_parsable()
        opts.canonicalize_instruction_names = True
        opts.canonicalize_computations = True
        opts.compact_operands = True
        opts.print_operand_names = False
        return opts

    @classmethod
    def fingerprint(cls) -> HloPrintOptions:
        opts = cls.canonical()
        opts.print_operand_shape = False
        return opts
