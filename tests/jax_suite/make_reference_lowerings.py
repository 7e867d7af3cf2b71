"""Writes ``reference_lowerings.json``: the StableHLO text the reference
jax+jaxlib 0.10.2 lowers each case of ``lowering_cases.py`` to, and the
values the jitted function returns (leaves: dtype, shape, flat values).

    /path/to/reference-venv/bin/python tests/jax_suite/make_reference_lowerings.py

Run it in a venv with the reference ``jax==0.10.2 jaxlib==0.10.2`` (not this
project's jaxlib); the file it writes is committed.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import jax  # noqa: E402
import numpy as np  # noqa: E402
from lowering_cases import cases  # noqa: E402

import jaxlib.version  # noqa: E402


def main() -> None:
    out = {"jax": jax.__version__, "jaxlib": jaxlib.version.__version__, "cases": {}}
    for name, (fn, args) in cases().items():
        text = jax.jit(fn).lower(*args).as_text()
        leaves = jax.tree_util.tree_leaves(jax.jit(fn)(*args))
        results = [{"dtype": str(np.asarray(leaf).dtype), "shape": list(np.shape(leaf)),
                    "values": np.asarray(leaf).ravel().tolist()} for leaf in leaves]
        out["cases"][name] = {"text": text, "results": results}
    (HERE / "reference_lowerings.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases")


if __name__ == "__main__":
    main()
