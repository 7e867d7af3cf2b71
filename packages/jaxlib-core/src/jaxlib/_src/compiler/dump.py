"""XLA-style dumps of compiled modules, driven by ``DebugOptions``.

With ``xla_dump_to`` set (and the module's name matching
``xla_dump_hlo_module_re`` when given), each compiled module is written there:
``module_NNNN.<name>.mlir`` (the program as compiled) always, and
``module_NNNN.<name>.txt`` (HLO text) with ``xla_dump_hlo_as_text``. HLO
protos have no writer here: asking for them is an explicit error.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

from jaxlib._src.runtime.errors import unimplemented

_counter = itertools.count()


def _debug_options(options: Any) -> Any:
    build = getattr(options, "executable_build_options", None)
    return getattr(build, "debug_options", None)


def dump_if_requested(compiled: Any, options: Any) -> list[Path]:
    debug = _debug_options(options)
    if debug is None or not debug.xla_dump_to:
        return []
    name = compiled.module.name or compiled.entry.name
    pattern = debug.xla_dump_hlo_module_re
    if pattern and not re.search(pattern, name):
        return []
    if debug.xla_dump_hlo_as_proto:
        raise unimplemented("xla_dump_hlo_as_proto: this jaxlib writes MLIR and HLO text "
                            "dumps, not HLO protos")
    directory = Path(debug.xla_dump_to)
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"module_{next(_counter):04d}.{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}"
    written = [directory / f"{stem}.mlir"]
    written[0].write_text(compiled.source)
    if debug.xla_dump_hlo_as_text:
        from jaxlib._src.ir.hlo_printer import print_hlo_module

        path = directory / f"{stem}.txt"
        path.write_text(print_hlo_module(compiled.module))
        written.append(path)
    return written
