"""Checks jaxlib-gpu's ctypes declarations of NVIDIA's libraries against the
libraries' own headers, on any machine (no GPU, no library loaded).

    python benchmarks/gpu/bindings_check.py [--headers DIR ...] [--cache DIR]

jaxlib-gpu calls cuBLAS, cuSOLVER, cuSPARSE, cuDNN and NCCL through ctypes
(``argtypes`` set by each module's ``_declare*`` functions). A wrong argument
count or kind there is not a Python error: the call reads garbage or crashes
the process, and most of these routines run only on a GPU machine, which this
project gets now and then. So each declaration is compared here with the C
prototype the compiler sees:

- every ``_declare*`` function runs against a recording stand-in of the
  library, which collects the names and ``argtypes``/``restype`` it sets;
- a C++ probe, compiled with g++ against the headers, prints each function's
  parameters as (kind, size) through template deduction (no header parsing),
  the values of the enumerators behind the modules' constants, and the
  layout of the structures read through ctypes;
- each ctypes type must match its parameter: a pointer for a pointer or an
  opaque handle, an integer of the same width for an integer or enum, a float
  of the same width, a structure of the same size.

The names the modules use in calls (``lib.cusolverDn...(``, f-string names
expanded over S/D/C/Z) must be declared too: an undeclared function gets
ctypes' default conversions, which truncate 64-bit pointers passed as ints.

Headers: ``--headers`` folders, else the NVIDIA wheels' ``include`` folders,
read from PyPI by HTTP range requests (the headers alone, a few MB of the
wheels' 1.7 GB) into ``--cache``. Prints each mismatch, then a JSON summary;
exits 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import ctypes
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

# The wheels whose headers are read (CUDA 13, as on the GPU machines this
# project is lent): name, version.
WHEELS = (
    ("nvidia-cuda-runtime", "13.5.37"),
    ("nvidia-cuda-crt", "13.5.37"),
    ("nvidia-cuda-cccl", "13.3.5.0.6"),
    ("nvidia-cuda-nvrtc", "13.5.37"),
    ("nvidia-cublas", "13.10.0.20"),
    ("nvidia-cusolver", "12.4.1.2"),
    ("nvidia-cusparse", "12.9.4.2"),
    ("nvidia-cudnn-cu13", "9.28.1.4"),
    ("nvidia-nccl-cu13", "2.32.3"),
)
HEADERS = ("cublas_api.h", "cusolverDn.h", "cusparse.h", "cudnn.h", "nccl.h", "nvrtc.h")

# (module, its constant as a Python expression, the C enumerator it stands for)
CONSTANTS = (
    ("cublas", "_CUDA_R_16F", "CUDA_R_16F"), ("cublas", "_CUDA_R_32F", "CUDA_R_32F"),
    ("cublas", "_CUDA_R_64F", "CUDA_R_64F"), ("cublas", "_CUDA_C_32F", "CUDA_C_32F"),
    ("cublas", "_CUDA_C_64F", "CUDA_C_64F"), ("cublas", "_CUDA_R_16BF", "CUDA_R_16BF"),
    ("cublas", "_COMPUTE_32F", "CUBLAS_COMPUTE_32F"),
    ("cublas", "_COMPUTE_64F", "CUBLAS_COMPUTE_64F"),
    ("cublas", "_OP_N", "CUBLAS_OP_N"), ("cublas", "_OP_T", "CUBLAS_OP_T"),
    ("cublas", "_GEMM_DEFAULT", "CUBLAS_GEMM_DEFAULT"),
    ("solver", "_FILL_LOWER", "CUBLAS_FILL_MODE_LOWER"),
    ("solver", "_FILL_UPPER", "CUBLAS_FILL_MODE_UPPER"),
    ("solver", "_EIG_MODE_NOVECTOR", "CUSOLVER_EIG_MODE_NOVECTOR"),
    ("solver", "_EIG_MODE_VECTOR", "CUSOLVER_EIG_MODE_VECTOR"),
    ("solver", "_SIDE_LEFT", "CUBLAS_SIDE_LEFT"),
    ("solver", "_SIDE_RIGHT", "CUBLAS_SIDE_RIGHT"),
    ("solver", "_TRANSPOSE_CODES['NO_TRANSPOSE']", "CUBLAS_OP_N"),
    ("solver", "_TRANSPOSE_CODES['TRANSPOSE']", "CUBLAS_OP_T"),
    ("solver", "_TRANSPOSE_CODES['ADJOINT']", "CUBLAS_OP_C"),
    ("cudnn", "_FLOAT", "CUDNN_DATA_FLOAT"), ("cudnn", "_DOUBLE", "CUDNN_DATA_DOUBLE"),
    ("cudnn", "_HALF", "CUDNN_DATA_HALF"),
    ("cudnn", "_TYPES[_BF16][0]", "CUDNN_DATA_BFLOAT16"),
    ("cudnn", "_NCHW", "CUDNN_TENSOR_NCHW"), ("cudnn", "_NHWC", "CUDNN_TENSOR_NHWC"),
    ("cudnn", "_CROSS_CORRELATION", "CUDNN_CROSS_CORRELATION"),
    ("cudnn", "_DEFAULT_MATH", "CUDNN_DEFAULT_MATH"),
    ("cudnn", "_TENSOR_OP_MATH", "CUDNN_TENSOR_OP_MATH"),
    ("cudnn", "_FMA_MATH", "CUDNN_FMA_MATH"),
    ("cudnn", "_FWD_ALGO_COUNT", "CUDNN_CONVOLUTION_FWD_ALGO_COUNT"),
    ("nccl", "SUM", "ncclSum"), ("nccl", "PROD", "ncclProd"), ("nccl", "MAX", "ncclMax"),
    ("nccl", "MIN", "ncclMin"), ("nccl", "BYTES", "ncclUint8"),
    ("nccl", "_DATA_TYPES[np.dtype(np.int8)]", "ncclInt8"),
    ("nccl", "_DATA_TYPES[np.dtype(np.uint8)]", "ncclUint8"),
    ("nccl", "_DATA_TYPES[np.dtype(np.int32)]", "ncclInt32"),
    ("nccl", "_DATA_TYPES[np.dtype(np.uint32)]", "ncclUint32"),
    ("nccl", "_DATA_TYPES[np.dtype(np.int64)]", "ncclInt64"),
    ("nccl", "_DATA_TYPES[np.dtype(np.uint64)]", "ncclUint64"),
    ("nccl", "_DATA_TYPES[np.dtype(np.float16)]", "ncclFloat16"),
    ("nccl", "_DATA_TYPES[np.dtype(np.float32)]", "ncclFloat32"),
    ("nccl", "_DATA_TYPES[np.dtype(np.float64)]", "ncclFloat64"),
    ("nccl", "_DATA_TYPES[np.dtype(ml_dtypes.bfloat16)]", "ncclBfloat16"),
)

# (module, ctypes.Structure class, the C structure it mirrors)
STRUCTURES = (
    ("cudnn", "AlgoPerf", "cudnnConvolutionFwdAlgoPerf_t"),
    ("cudnn", "AlgoPerf", "cudnnConvolutionBwdDataAlgoPerf_t"),
    ("cudnn", "AlgoPerf", "cudnnConvolutionBwdFilterAlgoPerf_t"),
    ("nccl", "UniqueId", "ncclUniqueId"),
)

# What each module calls, by the prefixes of the libraries' names.
MODULES = ("cublas", "solver", "tridiagonal", "cudnn", "nccl", "nvrtc")
PREFIXES = ("cublas", "cusolverDn", "cusparse", "cudnn", "nccl", "nvrtc")


# --- the headers ----------------------------------------------------------------------

class _RangeFile(io.RawIOBase):
    """A remote file read by HTTP range requests (zipfile needs only seek and
    read: the central directory, then each wanted member)."""

    def __init__(self, url: str, size: int):
        self.url, self.size, self.position = url, size, 0

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = 0) -> int:
        base = {0: 0, 1: self.position, 2: self.size}[whence]
        self.position = base + offset
        return self.position

    def readinto(self, buffer: Any) -> int:
        end = min(self.position + len(buffer), self.size)
        if end <= self.position:
            return 0
        request = urllib.request.Request(
            self.url, headers={"Range": f"bytes={self.position}-{end - 1}"})
        with urllib.request.urlopen(request, timeout=120) as response:
            data = response.read()
            if response.status != 206:  # a server that ignores Range sent the whole file
                data = data[self.position:end]
        buffer[:len(data)] = data
        self.position += len(data)
        return len(data)


def _wheel_url(name: str, version: str) -> tuple[str, int]:
    request = urllib.request.Request(f"https://pypi.org/simple/{name}/",
                                     headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        files = json.load(response)["files"]
    prefix = f"{name.replace('-', '_')}-{version}-"
    for entry in files:
        filename = entry["filename"]
        if filename.startswith(prefix) and "manylinux" in filename and "x86_64" in filename:
            return entry["url"], int(entry["size"])
    raise LookupError(f"PyPI has no manylinux x86_64 wheel of {name} {version}")


def fetch_headers(cache: Path) -> list[Path]:
    """The ``include`` folders of ``WHEELS`` under ``cache``, read from PyPI
    where not there yet."""
    folders = []
    for name, version in WHEELS:
        target = cache / f"{name}-{version}"
        if not (target / ".complete").exists():
            url, size = _wheel_url(name, version)
            with zipfile.ZipFile(io.BufferedReader(_RangeFile(url, size), 1 << 20)) as wheel:
                for member in wheel.namelist():
                    if "/include/" in member and not member.endswith("/"):
                        wheel.extract(member, target)
            (target / ".complete").write_text(f"{url}\n")
        folders += sorted(p for p in target.glob("nvidia/*/include") if p.is_dir())
    return folders


# --- what the modules declare ---------------------------------------------------------

class _Function:
    def __init__(self, name: str):
        self.__name__ = name
        self.argtypes: Any = None
        self.restype: Any = ctypes.c_int


class _Library:
    """Records the functions a ``_declare`` sets up."""

    def __init__(self) -> None:
        self.functions: dict[str, _Function] = {}

    def __getattr__(self, name: str) -> _Function:
        if name.startswith("__"):
            raise AttributeError(name)
        return self.functions.setdefault(name, _Function(name))


def _declarers() -> list[tuple[str, Any]]:
    from jaxlib.gpu_runtime import cublas, cudnn, nccl, solver, tridiagonal

    found = []
    for module in (cublas, solver, tridiagonal, cudnn, nccl):
        for attribute in sorted(vars(module)):
            if attribute == "_declare" or attribute.startswith("_declare_"):
                found.append((f"{module.__name__.rsplit('.', 1)[1]}.{attribute}",
                              getattr(module, attribute)))
    return found


def declarations() -> dict[str, tuple[str, list[Any] | None, Any]]:
    """name -> (the declaring function, argtypes, restype) for every function
    the modules declare (NVRTC's as its loader sets them)."""
    from jaxlib.gpu_runtime import nvrtc

    found: dict[str, tuple[str, list[Any] | None, Any]] = {}
    for where, declare in _declarers():
        lib = _Library()
        declare(lib)
        for name, function in lib.functions.items():
            found[name] = (where, function.argtypes, function.restype)
    lib = _Library()
    nvrtc.declare(lib)
    for name, function in lib.functions.items():
        found[name] = ("nvrtc.declare", function.argtypes, function.restype)
    return found


def called_names() -> dict[str, set[str]]:
    """The names with a library's prefix each module's source holds (f-string
    names expanded over the type letters), by module; those that are the
    headers' functions must be declared."""
    from jaxlib import gpu_runtime

    folder = Path(gpu_runtime.__file__).parent
    pattern = re.compile(r"\b((?:" + "|".join(PREFIXES) + r")[A-Za-z0-9_{}]*)")
    names: dict[str, set[str]] = {}
    for module in MODULES:
        source = (folder / f"{module}.py").read_text()
        for match in pattern.finditer(source):
            text = match.group(1)
            expanded = [text]
            if "{" in text:
                expanded = [re.sub(r"\{[^}]*\}", letter, text) for letter in "SDCZ"]
            names.setdefault(module, set()).update(
                e for e in expanded if "{" not in e and "}" not in e)
    return names


# --- the probe ------------------------------------------------------------------------

_KINDS = {1: "int", 3: "int", 4: "int", 5: "pointer", 8: "float", 12: "struct"}


def _split_parameters(text: str) -> list[str]:
    """A prototype's parameter types, split at the top level's commas."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += char in "([" and 1 or char in ")]" and -1 or 0
        if char == "," and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    # "f()" in a header meant for C and C++ is "no parameters" (aux-info: /* ??? */)
    return [] if parts in (["void"], ["/* ??? */"], [""]) else parts


def prototypes(folders: list[Path], workdir: Path) -> dict[str, tuple[str, list[str]]]:
    """name -> (result type, parameter types) of every function the headers
    declare, as gcc's ``-aux-info`` writes them (C, so C++ overloads of the
    same names do not enter)."""
    flags = [f"-I{f}" for f in folders]
    everything = workdir / "all.c"
    everything.write_text("".join(f"#include <{h}>\n" for h in HEADERS))
    aux = workdir / "prototypes.txt"
    done = subprocess.run(["gcc", "-x", "c", "-w", "-fsyntax-only", "-aux-info", str(aux),
                           *flags, str(everything)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the headers do not compile:\n{done.stderr[-4000:]}")
    found = {}
    pattern = re.compile(r"\*/ extern (.+?) ?\b(\w+) \((.*)\);$")
    for line in aux.read_text().splitlines():
        match = pattern.search(line)
        if match:
            result, name, parameters = match.groups()
            found[name] = (result.strip(), _split_parameters(parameters))
    return found


def _probe_source(types: list[str]) -> str:
    lines = [f"#include <{h}>" for h in (*HEADERS, "stddef.h", "stdio.h")]
    lines.append("#define KIND(T) __builtin_classify_type(*(T *)0), (int)sizeof(T)")
    lines.append("int main(void) {")
    lines.append(r'  printf("{\"types\": [\n");')
    for index, ctype in enumerate(types):
        separator = "," if index else " "
        if ctype == "void":
            lines.append(rf'  printf("{separator}[0, 0]\n");')
        else:
            lines.append(rf'  printf("{separator}[%d, %d]\n", KIND({ctype}));')
    lines.append(r'  printf("], \"constants\": {\n");')
    for index, (_, _, enumerator) in enumerate(CONSTANTS):
        separator = "," if index else " "
        lines.append(rf'  printf("{separator}\"{enumerator}\": %lld\n", '
                     rf'(long long){enumerator});')
    lines.append(r'  printf("}, \"structures\": {\n");')
    for index, struct in enumerate(dict.fromkeys(s[2] for s in STRUCTURES)):
        separator = "," if index else " "
        lines.append(rf'  printf("{separator}\"{struct}\": %d\n", (int)sizeof({struct}));')
    lines.append(r'  printf("}}\n");')
    lines.append("  return 0;\n}")
    return "\n".join(lines) + "\n"


def run_probe(functions: list[str], folders: list[Path]) -> tuple[dict[str, Any], list[str]]:
    """The probe's report: each function's [result, *parameters] as (kind,
    size), the enumerators' values, the structures' sizes; and the names the
    headers do not declare."""
    flags = [f"-I{f}" for f in folders]
    with tempfile.TemporaryDirectory() as tmp:
        declared = prototypes(folders, Path(tmp))
        present = [n for n in functions if n in declared]
        missing = [n for n in functions if n not in declared]
        types = sorted({t for n in present for t in (declared[n][0], *declared[n][1])})
        source = Path(tmp, "probe.c")
        source.write_text(_probe_source(types))
        binary = Path(tmp, "probe")
        built = subprocess.run(["gcc", "-w", *flags, str(source), "-o", str(binary)],
                               capture_output=True, text=True)
        if built.returncode != 0:
            raise RuntimeError(f"the probe does not compile:\n{built.stderr[-4000:]}")
        report = json.loads(subprocess.run([str(binary)], check=True, capture_output=True,
                                           text=True).stdout)
    kinds = {t: ("void", 0) if t == "void" else (_KINDS.get(c, f"class {c}"), size)
             for t, (c, size) in zip(types, report.pop("types"))}
    report["functions"] = {n: [kinds[declared[n][0]], *(kinds[t] for t in declared[n][1])]
                           for n in present}
    report["prototypes"] = {n: declared[n] for n in present}
    report["header_functions"] = sorted(declared)
    return report, missing


# --- the comparison -------------------------------------------------------------------

def ctypes_kind(ctype: Any) -> tuple[str, int]:
    """(kind, size) of a ctypes type as a C parameter."""
    if ctype is None:
        return ("void", 0)
    if ctype in (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_wchar_p) or (
            isinstance(ctype, type) and issubclass(ctype, ctypes._Pointer)):
        return ("pointer", ctypes.sizeof(ctypes.c_void_p))
    if isinstance(ctype, type) and issubclass(ctype, ctypes.Structure):
        return ("struct", ctypes.sizeof(ctype))
    if ctype in (ctypes.c_float, ctypes.c_double, ctypes.c_longdouble):
        return ("float", ctypes.sizeof(ctype))
    return ("int", ctypes.sizeof(ctype))


def compare(declared: dict[str, tuple[str, list[Any] | None, Any]], report: dict[str, Any],
            missing: list[str], called: dict[str, set[str]]) -> list[str]:
    problems = [f"{declared[n][0]}: {n} is not in the headers" for n in missing]
    for name, c_kinds in sorted(report["functions"].items()):
        where, argtypes, restype = declared[name]
        c_result, c_params = tuple(c_kinds[0]), [tuple(k) for k in c_kinds[1:]]
        if argtypes is None:
            problems.append(f"{where}: {name} has no argtypes (C: {len(c_params)} parameters)")
            continue
        ours = [ctypes_kind(t) for t in argtypes]
        if len(ours) != len(c_params):
            problems.append(f"{where}: {name} takes {len(c_params)} arguments in C, "
                            f"{len(ours)} declared")
        for index, (mine, theirs) in enumerate(zip(ours, c_params)):
            if mine != theirs:
                problems.append(f"{where}: {name} argument {index}: declared {mine}, "
                                f"C {theirs}")
        if ctypes_kind(restype) != c_result:
            problems.append(f"{where}: {name} returns {c_result} in C, declared "
                            f"{ctypes_kind(restype)}")
    in_headers = set(report["header_functions"])
    for module, names in sorted(called.items()):
        for name in sorted((names & in_headers) - set(declared)):
            problems.append(f"{module}: calls {name}, which no _declare sets up")
    return problems


def check_constants(report: dict[str, Any]) -> list[str]:
    """The modules' constants against the enumerators, their structures
    against the C structures' sizes."""
    import importlib

    import ml_dtypes
    import numpy as np

    problems = []
    for module_name, expression, enumerator in CONSTANTS:
        module = importlib.import_module(f"jaxlib.gpu_runtime.{module_name}")
        value = eval(expression, {**vars(module), "np": np, "ml_dtypes": ml_dtypes})
        if value != report["constants"][enumerator]:
            problems.append(f"{module_name}.{expression} = {value}, but {enumerator} = "
                            f"{report['constants'][enumerator]}")
    for module_name, cls, struct in STRUCTURES:
        module = importlib.import_module(f"jaxlib.gpu_runtime.{module_name}")
        size = ctypes.sizeof(getattr(module, cls))
        if size != report["structures"][struct]:
            problems.append(f"{module_name}.{cls} is {size} bytes, {struct} "
                            f"{report['structures'][struct]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--headers", nargs="*", default=None,
                        help="include folders (default: the NVIDIA wheels' from PyPI)")
    parser.add_argument("--cache", default=os.environ.get(
        "JAXLIB_CUDA_HEADERS_CACHE", str(Path.home() / ".cache" / "jaxlib-cuda-headers")))
    args = parser.parse_args(argv)
    folders = ([Path(h) for h in args.headers] if args.headers
               else fetch_headers(Path(args.cache)))
    declared = declarations()
    report, missing = run_probe(sorted(declared), folders)
    problems = compare(declared, report, missing, called_names())
    problems += check_constants(report)
    for problem in problems:
        print(problem)
    print(json.dumps({"functions": len(report["functions"]), "constants": len(CONSTANTS),
                      "structures": len(STRUCTURES), "problems": len(problems)}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
