"""``jaxlib-conformance PATH...``: run StableHLO conformance programs.

Each ``// -----`` chunk of a file is parsed and verified. In files run by the
interpreter (a ``// RUN:`` line with ``--interpret``), every public function
taking no arguments is a case: it is compiled and run, and its ``check.*`` ops
decide. Other files are parse-and-verify cases. One line per case, then
``N passed, M failed`` and the tolerances used.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxlib._src.tools import checks


@dataclass
class CaseResult:
    file: str
    case: str
    passed: bool
    message: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        status = "PASS" if self.passed else "FAIL"
        text = f"{status} {self.file}:{self.case}"
        return text + (f": {self.message}" if self.message else "")


def _interprets(text: str) -> bool:
    return any(line.startswith("// RUN:") and "--interpret" in line
               for line in text.splitlines())


def _cases_of_module(module) -> list[str]:
    names = [f.name for f in module.functions if f.body is not None and not f.type.inputs
             and f.visibility == "public"]
    if any(n == "main" for n in names):
        return ["main"]
    return names


def run_file(path: str | Path, make_lowering: Any = None) -> list[CaseResult]:
    """``make_lowering(module, host_lowering)`` gives the object whose
    ``function(name)`` runs a case (another backend's, e.g. jaxlib-gpu's);
    by default the reference step loop runs them."""
    from jaxlib._src.backends.cpu.lowering import ModuleLowering
    from jaxlib._src.frontends.mlir_text import parse_module, split_source
    from jaxlib._src.ir.core import verify_module
    from jaxlib._src.ops.custom_call_registry import lookup_custom_call_target
    from jaxlib._src.tools import interpreter_ops

    checks.ensure_registered()
    interpreter_ops.ensure_registered()
    path = Path(path)
    text = path.read_text()
    run = _interprets(text)
    results: list[CaseResult] = []
    for number, chunk in enumerate(split_source(text)):
        label = f"chunk{number}@line{chunk.line_offset + 1}"
        start = time.perf_counter()
        try:
            module = parse_module(chunk.text, line_offset=chunk.line_offset)
            verify_module(module)
        except Exception as err:  # a failed case, whatever the cause
            results.append(CaseResult(str(path), label, False, _one_line(err),
                                      time.perf_counter() - start))
            continue
        if not run:
            entry = _polymorphic_entry(module)
            if entry is None:
                results.append(CaseResult(str(path), label, True, "parsed and verified",
                                          time.perf_counter() - start))
            else:
                results.append(_run_refined(path, module, entry, chunk.text, start))
            continue
        lowering = ModuleLowering(module, None, lookup_custom_call_target)
        if make_lowering is not None:
            lowering = make_lowering(module, lowering)
        for name in _cases_of_module(module):
            interpreter_ops.reset_probes()
            start = time.perf_counter()
            try:
                lowering.function(name)()
                results.append(CaseResult(str(path), name, True,
                                          seconds=time.perf_counter() - start))
            except Exception as err:
                results.append(CaseResult(str(path), name, False, _one_line(err),
                                          time.perf_counter() - start))
    return results


def _polymorphic_entry(module):
    from jaxlib._src.passes.refine_shapes import is_polymorphic

    for function in module.functions:
        if function.name == "main" and function.body is not None and is_polymorphic(function):
            return function
    return None


# Sizes tried for every dynamic dimension until refinement succeeds.
REFINEMENT_SIZES = (3, 2, 4, 1)


def _run_refined(path: Path, module, entry, text: str, start: float) -> CaseResult:
    """Refines a shape-polymorphic @main to a concrete size and runs it on
    random inputs (these programs carry no checks: running is the test)."""
    import numpy as np

    from jaxlib._src.compiler.pipeline import compile_program
    from jaxlib._src.ir.types import TensorType, numpy_dtype
    from jaxlib._src.passes.refine_shapes import dimension_argument_indices
    from jaxlib._src.tools.run import random_input

    compiled = compile_program(text)
    dims = dimension_argument_indices(entry)
    first_error = None
    for size in REFINEMENT_SIZES:
        rng = np.random.default_rng(0)
        types, values = [], []
        for t in entry.type.inputs:
            shape = tuple(size if d is None else d for d in t.shape)
            types.append(TensorType(shape, t.element_type))
            values.append(np.asarray(random_input(shape, numpy_dtype(t.element_type), rng)))
        for i in dims:
            values[i] = np.asarray(size, values[i].dtype)
        try:
            specialized = compiled.specialize(types, {i: size for i in dims})
            specialized.program(*values)
            return CaseResult(str(path), f"main[?={size}]", True, "refined and ran",
                              time.perf_counter() - start)
        except Exception as err:
            first_error = first_error or err
    return CaseResult(str(path), "main[refined]", False, _one_line(first_error),
                      time.perf_counter() - start)


def _one_line(err: BaseException) -> str:
    text = f"{type(err).__name__}: {err}"
    return " ".join(text.split())[:400]


def iter_files(paths: Iterable[str]) -> Iterator[Path]:
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from sorted(path.rglob("*.mlir"))
        else:
            yield path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="jaxlib-conformance", description=__doc__)
    parser.add_argument("paths", nargs="+", help="files or folders of .mlir programs")
    parser.add_argument("--ulp-slack", type=int, default=0,
                        help="extra ULPs allowed by check.expect_close")
    parser.add_argument("--quiet", action="store_true", help="print failures only")
    args = parser.parse_args(argv)
    checks.SETTINGS.ulp_slack = args.ulp_slack
    passed = failed = 0
    for path in iter_files(args.paths):
        for result in run_file(path):
            if result.passed:
                passed += 1
            else:
                failed += 1
            if not (args.quiet and result.passed):
                print(result.line(), flush=True)
    print(f"tolerance: expect_almost_eq {checks.ALMOST_EQ_TOLERANCE} (abs, and relative to "
          f"|expected|); expect_close the file's ulp bounds + {args.ulp_slack} slack")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
