"""NVRTC through ctypes: compiles generated CUDA C to PTX or CUBIN, with or without a GPU.

The nvidia NVRTC wheel (``nvidia-cuda-nvrtc`` for CUDA 13,
``nvidia-cuda-nvrtc-cu12``) needs no GPU and no driver, so CI compiles every
generated kernel with it. On a GPU the generated kernels are compiled here too
(cached on disk by hash) and loaded by CuPy from the file: CuPy's own compiles
always add ``-ftz=true`` (flushing f32 denormals, which XLA's GPU backend
keeps: its ``xla_gpu_ftz`` is false by default), and a later ``-ftz=false``
does not undo it. The GPU's own machine code (CUBIN, ``kernel_cubin``) comes
first: a driver loads CUBIN made by any NVRTC of its CUDA major version, while
it JIT-compiles only PTX no newer than itself (an NVRTC wheel newer than the
driver writes such PTX); PTX (``kernel_ptx``) is the fallback.
"""

from __future__ import annotations

import ctypes
import glob
import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

_LIBRARY: list[Any] = []


def wheel_files(*patterns: str) -> list[str]:
    """The files of NVIDIA's pip wheels (the ``nvidia`` namespace package)
    matching ``patterns`` (relative to it), in the patterns' order."""
    paths: list[str] = []
    try:
        import nvidia
    except ImportError:
        return paths
    for root in nvidia.__path__:
        for pattern in patterns:
            paths += sorted(glob.glob(os.path.join(root, pattern)))
    return paths


def _candidates() -> list[str]:
    paths = wheel_files("cu13/lib/libnvrtc.so*", "cuda_nvrtc/lib/libnvrtc.so*",
                        "cu12/lib/libnvrtc.so*")
    return [p for p in paths if "builtins" not in p and ".alt." not in p] + [
        "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"]


def declare(lib: Any) -> None:
    """Sets the argument types of the NVRTC functions used here."""
    vp, cp = ctypes.c_void_p, ctypes.c_char_p
    lib.nvrtcCreateProgram.argtypes = [ctypes.POINTER(vp), cp, cp, ctypes.c_int,
                                       ctypes.POINTER(cp), ctypes.POINTER(cp)]
    lib.nvrtcCompileProgram.argtypes = [vp, ctypes.c_int, ctypes.POINTER(cp)]
    lib.nvrtcGetProgramLogSize.argtypes = [vp, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetProgramLog.argtypes = [vp, ctypes.c_char_p]
    lib.nvrtcGetPTXSize.argtypes = [vp, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetPTX.argtypes = [vp, ctypes.c_char_p]
    lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(vp)]
    lib.nvrtcVersion.argtypes = [ctypes.POINTER(ctypes.c_int)] * 2
    if hasattr(lib, "nvrtcGetCUBIN"):  # NVRTC 11.1 and later
        lib.nvrtcGetCUBINSize.argtypes = [vp, ctypes.POINTER(ctypes.c_size_t)]
        lib.nvrtcGetCUBIN.argtypes = [vp, ctypes.c_char_p]


def library() -> Any:
    """The loaded libnvrtc; OSError naming what was tried when there is none."""
    if _LIBRARY:
        return _LIBRARY[0]
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as err:
            errors.append(str(err))
            continue
        declare(lib)
        _LIBRARY.append(lib)
        return lib
    raise OSError("no NVRTC library (pip install nvidia-cuda-nvrtc): " + "; ".join(errors[-2:]))


def version() -> tuple[int, int]:
    major, minor = ctypes.c_int(), ctypes.c_int()
    library().nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return major.value, minor.value


class CompileError(Exception):
    """NVRTC rejected a source; the message is its log."""


def compile_to_ptx(source: str, name: str = "kernel.cu",
                   options: tuple[str, ...] = ("--gpu-architecture=compute_80",)) -> str:
    """The PTX of ``source``; CompileError with NVRTC's log when it does not compile."""
    return _compile(source, name, options, "PTX").decode()


def compile_to_cubin(source: str, arch: str, name: str = "kernel.cu",
                     options: tuple[str, ...] = ()) -> bytes:
    """The machine code of ``source`` for ``sm_<arch>`` (e.g. "90");
    CompileError when it does not compile (or this NVRTC cannot write CUBIN
    for that architecture)."""
    return _compile(source, name, (f"--gpu-architecture=sm_{arch}", *options), "CUBIN")


def _compile(source: str, name: str, options: tuple[str, ...], output: str) -> bytes:
    lib = library()
    if not hasattr(lib, f"nvrtcGet{output}"):
        raise CompileError(f"this NVRTC cannot give {output}")
    program = ctypes.c_void_p()
    code = lib.nvrtcCreateProgram(ctypes.byref(program), source.encode(), name.encode(),
                                  0, None, None)
    if code != 0:
        raise CompileError(f"nvrtcCreateProgram failed ({code})")
    try:
        encoded = [o.encode() for o in options]
        argv = (ctypes.c_char_p * max(len(encoded), 1))(*encoded)
        result = lib.nvrtcCompileProgram(program, len(encoded), argv)
        if result != 0:
            size = ctypes.c_size_t(0)
            log = b""
            if lib.nvrtcGetProgramLogSize(program, ctypes.byref(size)) == 0 and size.value:
                buffer = ctypes.create_string_buffer(size.value)
                if lib.nvrtcGetProgramLog(program, buffer) == 0:
                    log = buffer.value
            raise CompileError(log.decode(errors="replace") or f"nvrtcCompileProgram failed "
                               f"({result})")
        size = ctypes.c_size_t(0)
        code = getattr(lib, f"nvrtcGet{output}Size")(program, ctypes.byref(size))
        if code != 0 or not size.value:
            raise CompileError(f"nvrtcGet{output}Size failed ({code})")
        buffer = ctypes.create_string_buffer(size.value)
        code = getattr(lib, f"nvrtcGet{output}")(program, buffer)
        if code != 0:
            raise CompileError(f"nvrtcGet{output} failed ({code})")
        # PTX is text ending in a NUL; CUBIN is binary, all of the buffer.
        return buffer.value if output == "PTX" else buffer.raw
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(program))


# Options of the kernels compiled for a GPU: IEEE f32 denormals, divisions and
# square roots (NVRTC's defaults, spelled out).
DEVICE_OPTIONS = ("-ftz=false", "-prec-div=true", "-prec-sqrt=true")


def cache_dir() -> Path:
    """Where compiled kernels are kept: ``$JAXLIB_GPU_KERNEL_CACHE``, else
    ``~/.cache/jaxlib/gpu-kernels``."""
    configured = os.environ.get("JAXLIB_GPU_KERNEL_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "jaxlib" / "gpu-kernels"


def kernel_ptx(source: str, arch: str) -> Path:
    """The PTX file of ``source`` for ``compute_<arch>`` (e.g. "90"), compiled
    with DEVICE_OPTIONS once per source, NVRTC version and architecture (the
    file name is their hash; written whole or not at all). CompileError or
    OSError when it cannot be made."""
    options = (f"--gpu-architecture=compute_{arch}", *DEVICE_OPTIONS)
    return _cached(source, options, ".ptx",
                   lambda: compile_to_ptx(source, options=options).encode())


def kernel_cubin(source: str, arch: str) -> Path:
    """The CUBIN file of ``source`` for ``sm_<arch>``, compiled with
    DEVICE_OPTIONS and cached as ``kernel_ptx``'s files are."""
    return _cached(source, (f"sm_{arch}", *DEVICE_OPTIONS), ".cubin",
                   lambda: compile_to_cubin(source, arch, options=DEVICE_OPTIONS))


def _cached(source: str, options: tuple[str, ...], suffix: str, make: Any) -> Path:
    key = hashlib.sha256("\0".join((source, *options, repr(version()))).encode()).hexdigest()
    directory = cache_dir()
    path = directory / f"{key}{suffix}"
    if path.is_file():
        return path
    data = make()
    directory.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=directory, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)  # atomic: concurrent writers leave one whole file
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
