"""``stablehlo.fft``: FFT, IFFT, RFFT and IRFFT over the trailing 1 to 3
dimensions, computed with numpy.fft and returned in the result's element type
(complex64/f32 stay single precision, as XLA's CPU FFT does)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from jaxlib._src.ir.attributes import FftType
from jaxlib._src.ir.core import ITEMS, Operation
from jaxlib._src.ir.element_types import BLAS_DTYPES
from jaxlib._src.ir.types import complex_part_type, is_complex, is_float, numpy_dtype
from jaxlib._src.ops.reduction import has_dynamic_shapes, int_array_attr, reject_quantized
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import infer_fft


def _fail(message: str) -> None:
    raise ValueError(message)


def _fft_type(op: Operation) -> str:
    value = op.attributes.get("fft_type")
    if not isinstance(value, FftType):
        _fail("fft needs an fft_type attribute")
    return value.value


def _verify_fft(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    kind = _fft_type(op)
    operand, result = op.operand_types[0], op.result_types[0]
    lengths = int_array_attr(op, "fft_length", ())
    if not 1 <= len(lengths) <= 3 or len(lengths) > operand.rank:
        _fail(f"fft_length {list(lengths)} must have 1 to 3 entries, at most the rank "
              f"{operand.rank}")
    a, r = operand.element_type, result.element_type
    if kind in ("FFT", "IFFT"):
        if not is_complex(a) or a != r:
            _fail(f"{kind} maps a complex type to itself, got {a} -> {r}")
    elif kind == "RFFT":
        if not (is_float(a) and is_complex(r) and complex_part_type(r) == a):
            _fail(f"RFFT maps a float type to its complex type, got {a} -> {r}")
    elif not (is_complex(a) and is_float(r) and complex_part_type(a) == r):
        _fail(f"IRFFT maps a complex type to its float type, got {a} -> {r}")
    real = operand if kind == "RFFT" else result if kind == "IRFFT" else None
    if real is not None and tuple(real.shape[-len(lengths):]) != lengths:
        _fail(f"the trailing dimensions of {real} must equal fft_length {list(lengths)}")
    expected = list(operand.shape)
    if kind == "RFFT":
        expected[-1] = 0 if expected[-1] == 0 else expected[-1] // 2 + 1
    elif kind == "IRFFT":
        expected[-1] = lengths[-1]
    if list(result.shape) != expected:
        _fail(f"result shape {list(result.shape)} does not match the expected {expected}")
    if kind == "IRFFT":
        inner = 0 if lengths[-1] == 0 else lengths[-1] // 2 + 1
        if operand.shape[-1] != inner:
            _fail(f"IRFFT operand's last dimension must be {inner}, got {operand.shape[-1]}")


def fft_kernel(op: Operation, xp) -> Callable:
    """The op's kernel over the array namespace ``xp`` (numpy here; CuPy, i.e.
    cuFFT, on a GPU): a function of the operand returning a 1-tuple."""
    reject_quantized(op)
    kind = _fft_type(op)
    lengths = int_array_attr(op, "fft_length", ())
    axes = tuple(range(-len(lengths), 0))
    out_dtype = numpy_dtype(op.result_types[0].element_type)
    out_shape = tuple(op.result_types[0].shape)
    transform = {
        "FFT": lambda x: xp.fft.fftn(x, axes=axes),
        "IFFT": lambda x: xp.fft.ifftn(x, axes=axes),
        "RFFT": lambda x: xp.fft.rfftn(x, s=lengths, axes=axes),
        "IRFFT": lambda x: xp.fft.irfftn(x, s=lengths, axes=axes),
    }[kind]
    # The BLAS types (f32/f64, complex64/128) are computed natively; narrow
    # inputs go through f32. (numpy widens single precision to double; the
    # result is returned in the result's type.)
    in_dtype = numpy_dtype(op.operand_types[0].element_type)
    compute = in_dtype if in_dtype in BLAS_DTYPES else np.dtype(np.float32)

    def result_shape(operand) -> tuple[int, ...]:
        """The declared shape, its dynamic dimensions taken from the operand
        (batch dimensions; the transformed ones by the transform's rule)."""
        shape = list(operand.shape)
        if kind == "RFFT" and lengths:
            shape[-1] = lengths[-1] // 2 + 1
        elif kind == "IRFFT" and lengths:
            shape[-1] = lengths[-1]
        return tuple(s if d is None else d for d, s in zip(out_shape, shape))

    def kernel(operand):
        if operand.size == 0 or 0 in out_shape:
            return (xp.zeros(result_shape(operand), out_dtype),)
        return (xp.asarray(transform(operand.astype(compute, copy=False))).astype(
            out_dtype, copy=False),)

    return kernel


def _fft(op: Operation, ctx):
    return fft_kernel(op, np)


define_op("stablehlo.fft",
          signature="operand, fft_type: Attr, fft_length: DenseI64Array => result",
          infer=infer_fft,
          verify=_verify_fft, reference=_fft, syntax=ITEMS)
