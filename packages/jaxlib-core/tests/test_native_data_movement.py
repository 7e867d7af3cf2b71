"""Native data-movement kernels (csrc/cpu/kernels/data_movement.cc) against the
reference kernels: transpose, slice, reverse, broadcast(_in_dim), concatenate,
pad, dynamic_slice, dynamic_update_slice and iota, over element sizes 1-16
bytes, ranks 0-5, empty dims, clamped dynamic indices and sizes large enough
for the threaded paths. Integers and data movement must match bit for bit."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.element_types import ELEMENT_TYPES
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops import registry

# MLIR element type -> numpy type, for the types the native kernels have a
# dtype code for (the element-type table's rows the extension numbers).
ELEMENTS = {row.mlir: row.dtype.type for row in ELEMENT_TYPES
            if row.mlir is not None and row.dtype is not None
            and row.dtype.name in native.cpu.dtype_codes()}
# A sample: one type per element size (1, 2, 4, 8, 16 bytes).
BY_SIZE = ["i1", "bf16", "f32", "i64", "complex<f64>"]


def tensor(shape, element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def i64_array(values) -> str:
    return "array<i64" + (": " + ", ".join(map(str, values)) if len(values) else "") + ">"


def random_array(shape, element: str, rng) -> np.ndarray:
    dtype = np.dtype(ELEMENTS[element])
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def single_op(text: str):
    """The first non-constant op of @main and a function running its reference kernel."""
    module = parse_module(text)
    function = module.function("main")
    op = next(o for o in function.body.entry.operations if o.name != "stablehlo.constant")
    context = ModuleLowering(module).kernel_builder(function)
    reference = registry.REFERENCE_KERNELS[op.name](op, context)

    def run_reference(*args):
        if getattr(reference, "needs_frame", False):
            return reference([None] * (len(context.slots) + 8), *args)
        return reference(*args)

    return op, run_reference


def run_kernel(kernel, op, args) -> list[np.ndarray]:
    """native.run_native, keeping 0-d inputs 0-d (np.ascontiguousarray makes them 1-d)."""
    outputs = [np.empty(shape, dtype) for dtype, shape in
               (native.tensor_spec(r.type) for r in op.results)]
    native.cpu.run_kernel(kernel, [np.array(a, order="C", copy=True) for a in args], outputs)
    return outputs


def check(text: str, *args, native_expected: bool = True) -> list[np.ndarray]:
    op, run_reference = single_op(text)
    kernel = native.lower_op(op)
    if not native_expected:
        assert kernel is None
        return []
    assert kernel is not None, f"{op.name} did not lower natively"
    got = run_kernel(kernel, op, args)
    want = run_reference(*args)
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape
        # Compare bits: data movement is exact (NaN payloads and -0.0 included).
        np.testing.assert_array_equal(g.reshape(-1).view(np.uint8), w.reshape(-1).view(np.uint8))
    return got


def unary_program(op_text: str, in_shape, out_shape, element: str) -> str:
    t_in, t_out = tensor(in_shape, element), tensor(out_shape, element)
    return f"""
func.func @main(%x: {t_in}) -> {t_out} {{
  %r = {op_text} : ({t_in}) -> {t_out}
  return %r : {t_out}
}}"""


# -- transpose -------------------------------------------------------------------------

TRANSPOSE_CASES = [
    ((), ()),
    ((7,), (0,)),
    ((3, 5), (1, 0)),
    ((0, 5), (1, 0)),
    ((1, 9), (1, 0)),
    ((33, 65), (1, 0)),
    *[((4, 5, 6), p) for p in itertools.permutations(range(3))],
    ((2, 3, 1, 5), (3, 2, 0, 1)),
    ((3, 4, 5, 2, 3), (4, 0, 3, 1, 2)),
    ((2, 3, 4, 5, 6), (1, 0, 2, 3, 4)),
]


@pytest.mark.parametrize("element", BY_SIZE + ["ui8", "i16", "complex<f32>"])
@pytest.mark.parametrize("shape,perm", TRANSPOSE_CASES)
def test_transpose(element, shape, perm):
    rng = np.random.default_rng(0)
    out_shape = tuple(shape[p] for p in perm)
    text = unary_program(f'"stablehlo.transpose"(%x) {{permutation = {i64_array(perm)}}}',
                         shape, out_shape, element)
    check(text, random_array(shape, element, rng))


@pytest.mark.parametrize("shape,perm", [((1024, 1024), (1, 0)), ((64, 96, 80), (2, 0, 1)),
                                        ((8, 64, 56, 56), (0, 2, 3, 1))])
def test_transpose_large(shape, perm):
    rng = np.random.default_rng(1)
    out_shape = tuple(shape[p] for p in perm)
    dims = ", ".join(map(str, perm))
    text = unary_program(f'"stablehlo.transpose"(%x) {{permutation = array<i64: {dims}>}}',
                         shape, out_shape, "f32")
    check(text, random_array(shape, "f32", rng))


# -- slice / reverse -------------------------------------------------------------------


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("shape,start,limit,strides", [
    ((10,), (2,), (9,), (3,)),
    ((6, 7), (1, 0), (5, 7), (1, 2)),
    ((6, 7), (3, 3), (3, 7), (1, 1)),  # empty
    ((4, 5, 6), (0, 1, 2), (4, 5, 6), (2, 2, 2)),
    ((3, 4, 5, 6, 2), (1, 0, 1, 0, 1), (3, 4, 5, 6, 2), (1, 3, 2, 5, 1)),
])
def test_slice(element, shape, start, limit, strides):
    rng = np.random.default_rng(2)
    out = tuple(-(-(lim - s) // st) for s, lim, st in zip(start, limit, strides))
    attrs = (f"start_indices = array<i64: {', '.join(map(str, start))}>, "
             f"limit_indices = array<i64: {', '.join(map(str, limit))}>, "
             f"strides = array<i64: {', '.join(map(str, strides))}>")
    text = unary_program(f'"stablehlo.slice"(%x) {{{attrs}}}', shape, out, element)
    check(text, random_array(shape, element, rng))


def test_slice_large():
    rng = np.random.default_rng(3)
    text = unary_program('"stablehlo.slice"(%x) {start_indices = array<i64: 1, 3>, '
                         'limit_indices = array<i64: 2047, 2000>, strides = array<i64: 1, 1>}',
                         (2048, 2048), (2046, 1997), "f32")
    check(text, random_array((2048, 2048), "f32", rng))


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("shape,dims", [
    ((), ()), ((9,), (0,)), ((4, 5), (1,)), ((4, 5), (0,)), ((4, 5), (0, 1)), ((0, 3), (0,)),
    ((2, 3, 4, 5), (1, 3)), ((2, 3, 4, 5, 2), (0, 2, 4)), ((3, 4), ()),
])
def test_reverse(element, shape, dims):
    rng = np.random.default_rng(4)
    text = unary_program(
        f'"stablehlo.reverse"(%x) {{dimensions = array<i64{": " if dims else ""}'
        f'{", ".join(map(str, dims))}>}}', shape, shape, element)
    check(text, random_array(shape, element, rng))


def test_reverse_large():
    rng = np.random.default_rng(5)
    text = unary_program('"stablehlo.reverse"(%x) {dimensions = array<i64: 0, 1>}',
                         (1024, 1024), (1024, 1024), "f32")
    check(text, random_array((1024, 1024), "f32", rng))


# -- broadcasts ------------------------------------------------------------------------


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("in_shape,dims,out_shape", [
    ((), (), (3, 4)),
    ((), (), ()),
    ((4,), (1,), (3, 4)),
    ((3,), (0,), (3, 4)),
    ((3, 1), (0, 1), (3, 4)),
    ((3, 4), (1, 0), (4, 3)),  # a transposing broadcast
    ((2, 3), (2, 0), (3, 5, 2)),
    ((1, 1), (0, 2), (2, 3, 4)),
    ((2, 1, 3), (0, 2, 4), (2, 2, 5, 3, 3)),
    ((0,), (1,), (2, 0)),
])
def test_broadcast_in_dim(element, in_shape, dims, out_shape):
    rng = np.random.default_rng(6)
    listed = ", ".join(map(str, dims))
    text = unary_program(
        f'"stablehlo.broadcast_in_dim"(%x) {{broadcast_dimensions = array<i64'
        f'{": " + listed if listed else ""}>}}', in_shape, out_shape, element)
    check(text, random_array(in_shape, element, rng))


@pytest.mark.parametrize("in_shape,dims,out_shape", [
    ((), (), (2048, 2048)), ((4096, 1), (0, 1), (4096, 1024)), ((1024,), (1,), (4096, 1024)),
    ((4096,), (0,), (4096, 1024)), ((512, 512), (1, 0), (512, 512)),
])
def test_broadcast_in_dim_large(in_shape, dims, out_shape):
    rng = np.random.default_rng(7)
    listed = ", ".join(map(str, dims))
    text = unary_program(
        f'"stablehlo.broadcast_in_dim"(%x) {{broadcast_dimensions = array<i64'
        f'{": " + listed if listed else ""}>}}', in_shape, out_shape, "f32")
    check(text, random_array(in_shape, "f32", rng))


@pytest.mark.parametrize("element", ["f32", "i8"])
def test_broadcast(element):
    rng = np.random.default_rng(8)
    text = unary_program('"stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 2, 3>}',
                         (4, 5), (2, 3, 4, 5), element)
    check(text, random_array((4, 5), element, rng))


# -- concatenate -----------------------------------------------------------------------


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("shapes,dim", [
    ([(3,), (4,)], 0),
    ([(2, 3), (2, 0), (2, 5)], 1),
    ([(1, 3), (4, 3), (2, 3)], 0),
    ([(2, 3, 4), (2, 1, 4)], 1),
    ([(2, 3, 4, 1, 2), (2, 3, 4, 3, 2), (2, 3, 4, 1, 2)], 3),
    ([(5, 6)], 1),
])
def test_concatenate(element, shapes, dim):
    rng = np.random.default_rng(9)
    out = list(shapes[0])
    out[dim] = sum(s[dim] for s in shapes)
    types = [tensor(s, element) for s in shapes]
    t_out = tensor(out, element)
    params = ", ".join(f"%x{i}: {t}" for i, t in enumerate(types))
    names = ", ".join(f"%x{i}" for i in range(len(shapes)))
    text = f"""
func.func @main({params}) -> {t_out} {{
  %r = "stablehlo.concatenate"({names}) {{dimension = {dim} : i64}}
      : ({", ".join(types)}) -> {t_out}
  return %r : {t_out}
}}"""
    check(text, *[random_array(s, element, rng) for s in shapes])


def test_concatenate_large():
    rng = np.random.default_rng(10)
    shapes = [(1024, 700), (1024, 1300)]
    types = [tensor(s, "f32") for s in shapes]
    text = f"""
func.func @main(%a: {types[0]}, %b: {types[1]}) -> tensor<1024x2000xf32> {{
  %r = "stablehlo.concatenate"(%a, %b) {{dimension = 1 : i64}}
      : ({types[0]}, {types[1]}) -> tensor<1024x2000xf32>
  return %r : tensor<1024x2000xf32>
}}"""
    check(text, *[random_array(s, "f32", rng) for s in shapes])


# -- pad -------------------------------------------------------------------------------


def pad_program(shape, low, high, interior, element: str) -> str:
    out = [lo + n + max(n - 1, 0) * i + hi for n, lo, hi, i in zip(shape, low, high, interior)]
    t_in, t_out, t_val = tensor(shape, element), tensor(out, element), tensor((), element)

    return f"""
func.func @main(%x: {t_in}, %v: {t_val}) -> {t_out} {{
  %r = "stablehlo.pad"(%x, %v) {{edge_padding_low = {i64_array(low)},
      edge_padding_high = {i64_array(high)}, interior_padding = {i64_array(interior)}}}
      : ({t_in}, {t_val}) -> {t_out}
  return %r : {t_out}
}}"""


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("shape,low,high,interior", [
    ((), (), (), ()),
    ((5,), (2,), (3,), (0,)),
    ((5,), (0,), (0,), (2,)),
    ((5,), (-2,), (-1,), (0,)),
    ((5,), (-3,), (1,), (1,)),  # negative low crops into the interior padding
    ((5,), (-6,), (3,), (0,)),  # the whole operand cropped, padding remains
    ((3, 4), (1, -1), (-2, 2), (1, 0)),
    ((3, 4), (0, 0), (0, 0), (0, 0)),
    ((0, 3), (2, 1), (1, 0), (3, 1)),
    ((2, 3, 4), (1, 0, 2), (0, 1, -3), (0, 2, 1)),
    ((2, 1, 3, 2, 2), (1, 1, 0, 0, 1), (0, 1, 1, 1, 0), (1, 0, 1, 0, 2)),
])
def test_pad(element, shape, low, high, interior):
    rng = np.random.default_rng(11)
    text = pad_program(shape, low, high, interior, element)
    check(text, random_array(shape, element, rng), random_array((), element, rng))


def test_pad_large():
    rng = np.random.default_rng(12)
    shape = (8, 64, 56, 56)
    text = pad_program(shape, (0, 0, 1, 1), (0, 0, 1, 1), (0, 0, 0, 0), "f32")
    check(text, random_array(shape, "f32", rng), np.float32(0))


# -- dynamic slices --------------------------------------------------------------------

INDEX_CASES = [
    ("i32", (1, 2)),
    ("i64", (-5, 100)),  # clamped to 0 and to dim - size
    ("i8", (-128, 127)),
    ("ui8", (255, 0)),
    ("ui32", (2, 4294967295)),
    ("ui64", (18446744073709551615, 1)),
    ("i16", (3, -1)),
]


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("index_type,starts", INDEX_CASES)
def test_dynamic_slice(element, index_type, starts):
    rng = np.random.default_rng(13)
    shape, sizes = (6, 7), (3, 4)
    t_in, t_out, t_i = tensor(shape, element), tensor(sizes, element), tensor((), index_type)
    text = f"""
func.func @main(%x: {t_in}, %i: {t_i}, %j: {t_i}) -> {t_out} {{
  %r = "stablehlo.dynamic_slice"(%x, %i, %j) {{slice_sizes = array<i64: 3, 4>}}
      : ({t_in}, {t_i}, {t_i}) -> {t_out}
  return %r : {t_out}
}}"""
    dtype = ELEMENTS[index_type]
    check(text, random_array(shape, element, rng), *[np.array(s, dtype=dtype) for s in starts])


@pytest.mark.parametrize("shape,sizes,starts", [
    ((), (), ()),
    ((5,), (0,), (3,)),
    ((4, 5, 6), (4, 1, 6), (0, 4, 9)),
    ((3, 4, 5, 6, 7), (1, 2, 3, 4, 5), (2, 1, 1, -1, 7)),
    ((2048, 1024), (1000, 1024), (700, 0)),
])
def test_dynamic_slice_shapes(shape, sizes, starts):
    rng = np.random.default_rng(14)
    t_in, t_out = tensor(shape, "f32"), tensor(sizes, "f32")
    params = "".join(f", %s{d}: tensor<i32>" for d in range(len(shape)))
    names = "".join(f", %s{d}" for d in range(len(shape)))
    operands = ", ".join([t_in] + ["tensor<i32>"] * len(shape))
    text = f"""
func.func @main(%x: {t_in}{params}) -> {t_out} {{
  %r = "stablehlo.dynamic_slice"(%x{names}) {{slice_sizes = {i64_array(sizes)}}}
      : ({operands}) -> {t_out}
  return %r : {t_out}
}}"""
    check(text, random_array(shape, "f32", rng), *[np.int32(s) for s in starts])


@pytest.mark.parametrize("element", BY_SIZE)
@pytest.mark.parametrize("index_type,starts", INDEX_CASES)
def test_dynamic_update_slice(element, index_type, starts):
    rng = np.random.default_rng(15)
    shape, update = (6, 7), (3, 4)
    t_in, t_up, t_i = tensor(shape, element), tensor(update, element), tensor((), index_type)
    text = f"""
func.func @main(%x: {t_in}, %u: {t_up}, %i: {t_i}, %j: {t_i}) -> {t_in} {{
  %r = "stablehlo.dynamic_update_slice"(%x, %u, %i, %j) : ({t_in}, {t_up}, {t_i}, {t_i}) -> {t_in}
  return %r : {t_in}
}}"""
    dtype = ELEMENTS[index_type]
    check(text, random_array(shape, element, rng), random_array(update, element, rng),
          *[np.array(s, dtype=dtype) for s in starts])


@pytest.mark.parametrize("shape,update,starts", [
    ((), (), ()),
    ((5,), (0,), (3,)),
    ((4, 5, 6), (4, 1, 6), (0, 4, 9)),
    ((3, 4, 5, 6, 7), (1, 2, 3, 4, 5), (2, 1, 1, -1, 7)),
    ((2048, 1024), (1000, 512), (700, 300)),
])
def test_dynamic_update_slice_shapes(shape, update, starts):
    rng = np.random.default_rng(16)
    t_in, t_up = tensor(shape, "f32"), tensor(update, "f32")
    params = "".join(f", %s{d}: tensor<i64>" for d in range(len(shape)))
    names = "".join(f", %s{d}" for d in range(len(shape)))
    operands = ", ".join([t_in, t_up] + ["tensor<i64>"] * len(shape))
    text = f"""
func.func @main(%x: {t_in}, %u: {t_up}{params}) -> {t_in} {{
  %r = "stablehlo.dynamic_update_slice"(%x, %u{names}) : ({operands}) -> {t_in}
  return %r : {t_in}
}}"""
    check(text, random_array(shape, "f32", rng), random_array(update, "f32", rng),
          *[np.int64(s) for s in starts])


# -- iota ------------------------------------------------------------------------------


# A sample of the types iota fills natively.
@pytest.mark.parametrize("element", ["i1", "i8", "ui8", "i16", "i32", "ui32", "i64", "ui64",
                                     "f32", "f64"])
@pytest.mark.parametrize("shape,dim", [((5,), 0), ((3, 300), 1), ((300, 2), 0),
                                       ((2, 3, 4), 1), ((0, 4), 1), ((2, 3, 1, 4, 2), 3)])
def test_iota(element, shape, dim):
    t_out = tensor(shape, element)
    text = f"""
func.func @main() -> {t_out} {{
  %r = "stablehlo.iota"() {{iota_dimension = {dim} : i64}} : () -> {t_out}
  return %r : {t_out}
}}"""
    check(text)


def test_iota_large_float_rounds_like_numpy():
    text = """
func.func @main() -> tensor<16777300xf32> {
  %r = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<16777300xf32>
  return %r : tensor<16777300xf32>
}"""
    check(text)


# -- bitcast_convert --------------------------------------------------------------------


@pytest.mark.parametrize("source,target", [("ui32", "f32"), ("f32", "i32"), ("f64", "ui64"),
                                           ("i16", "bf16"), ("f16", "ui16"), ("i8", "ui8"),
                                           ("complex<f32>", "f64")])
@pytest.mark.parametrize("shape", [(), (7,), (4, 300)])
def test_bitcast_convert_same_width(source, target, shape):
    t_in, t_out = tensor(shape, source), tensor(shape, target)
    text = f"""
func.func @main(%x: {t_in}) -> {t_out} {{
  %r = stablehlo.bitcast_convert %x : ({t_in}) -> {t_out}
  return %r : {t_out}
}}"""
    op, _ = single_op(text)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    bits = np.random.default_rng(0).integers(0, 256, size=(*shape, dtype.itemsize),
                                             dtype=np.uint8)
    check(text, bits.view(dtype).reshape(shape))


@pytest.mark.parametrize("source,target,in_shape,out_shape", [
    ("ui32", "ui16", (5,), (5, 2)), ("f32", "f64", (3, 2), (3,)), ("i4", "ui4", (6,), (6,))])
def test_bitcast_convert_between_widths_keeps_the_reference(source, target, in_shape,
                                                            out_shape):
    t_in, t_out = tensor(in_shape, source), tensor(out_shape, target)
    check(f"""
func.func @main(%x: {t_in}) -> {t_out} {{
  %r = stablehlo.bitcast_convert %x : ({t_in}) -> {t_out}
  return %r : {t_out}
}}""", native_expected=False)


# -- what falls back -------------------------------------------------------------------


@pytest.mark.parametrize("element", ["bf16", "f16", "complex<f32>"])
def test_iota_of_other_types_falls_back(element):
    text = f"""
func.func @main() -> tensor<4x{element}> {{
  %r = "stablehlo.iota"() {{iota_dimension = 0 : i64}} : () -> tensor<4x{element}>
  return %r : tensor<4x{element}>
}}"""
    check(text, native_expected=False)


def test_dynamic_shapes_fall_back():
    text = """
func.func @main(%x: tensor<?x4xf32>) -> tensor<4x?xf32> {
  %r = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>}
      : (tensor<?x4xf32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}"""
    check(text, native_expected=False)
