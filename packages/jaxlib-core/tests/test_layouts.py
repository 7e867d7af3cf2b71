"""Array layouts: entry layouts asked for with ``mhlo.layout_mode``, chosen
by the compiler for ``auto``, and buffers whose memory follows them."""

import ctypes

import numpy as np
import pytest

from jaxlib import _jax, xla_client
from jaxlib._src.compiler import persistent_cache, pipeline
from jaxlib.xla_client import XlaRuntimeError

TRANSPOSE = """
func.func public @main(%x: tensor<2x3xf32> {mhlo.layout_mode = "PARAM"})
    -> (tensor<3x2xf32> {mhlo.layout_mode = "RESULT"}) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
"""

# Results left to the compiler: a transpose's, an elementwise op's of a
# transpose (with a broadcast constant), a reduction's, a constrained value's.
CHOICES = """
func.func public @main(%x: tensor<2x3xf32>)
    -> (tensor<3x2xf32> {mhlo.layout_mode = "auto"}, tensor<3x2xf32> {mhlo.layout_mode = "auto"},
        tensor<3xf32> {mhlo.layout_mode = "auto"}, tensor<3x2xf32> {mhlo.layout_mode = "auto"},
        tensor<3x2xf32> {mhlo.layout_mode = "default"}) {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<3x2xf32>
  %plus = stablehlo.add %one, %t : tensor<3x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0]
      : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %c = stablehlo.custom_call @LayoutConstraint(%t) {
      operand_layouts = [dense<[0, 1]> : tensor<2xindex>],
      result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %t, %plus, %sum, %c, %t
      : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}
"""

DOUBLE = """
func.func public @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %x, %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""

X = np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.fixture
def client():
    return xla_client.make_cpu_client()


def _transpose(param: str, result: str) -> str:
    return TRANSPOSE.replace("PARAM", param).replace("RESULT", result)


def _compile(client, text):
    return client.compile_and_load(text, client.devices()[:1])


def _memory(array) -> np.ndarray:
    """The elements of a one-buffer array in memory order."""
    buffer = array._buffers[0]
    count = int(np.prod(buffer.shape))
    raw = (ctypes.c_float * count).from_address(array.unsafe_buffer_pointer())
    return np.frombuffer(raw, np.float32).copy()


def test_a_concrete_result_layout_lays_the_result_out_in_memory(client):
    executable = _compile(client, _transpose("default", "{0,1}"))
    assert [x.minor_to_major() for x in executable.get_output_layouts()] == [(0, 1)]
    assert [x.minor_to_major() for x in executable.get_parameter_layouts()] == [(1, 0)]
    (out,) = executable.execute([client.buffer_from_pyval(X)])
    np.testing.assert_array_equal(np.asarray(out), X.T)
    assert out._pjrt_layout.minor_to_major() == (0, 1)
    # column-major memory of X.T is X's own row-major order
    np.testing.assert_array_equal(_memory(out), X.reshape(-1))


def test_auto_arguments_are_row_major_and_auto_results_make_their_ops_free(client):
    executable = _compile(client, _transpose("auto", "auto"))
    assert executable.get_parameter_layouts()[0].minor_to_major() == (1, 0)
    assert executable.get_output_layouts()[0].minor_to_major() == (0, 1)
    choices = _compile(client, CHOICES)
    assert [x.minor_to_major() for x in choices.get_output_layouts()] == [
        (0, 1), (0, 1), (0,), (1, 0), (1, 0)]
    outs = choices.execute([client.buffer_from_pyval(X)])
    for out, want in zip(outs, [X.T, X.T + 1, X.sum(0), X.T, X.T]):
        np.testing.assert_array_equal(np.asarray(out), want)


def test_arguments_laid_out_otherwise_are_read_by_value(client):
    laid_out = _compile(client, _transpose("default", "{0,1}"))
    (t,) = laid_out.execute([client.buffer_from_pyval(X)])  # X.T, column-major
    double = _compile(client, DOUBLE.replace("2x3", "3x2"))
    for _ in range(2):  # (the first and the repeated dispatch)
        (out,) = double.execute([t])
        np.testing.assert_array_equal(np.asarray(out), 2 * X.T)
        assert out._pjrt_layout.minor_to_major() == (1, 0)
    moved = t._buffers[0].copy_to(client.devices()[0])  # a copy keeps the layout
    assert moved._layout == t._buffers[0]._layout
    np.testing.assert_array_equal(moved.ndarray(), X.T)
    # through DLPack (the layout's strides) and the buffer protocol, by value
    # (a tensor that is not row-major is imported as a copy)
    capsule = _jax.buffer_to_dlpack_managed_tensor(t)
    imported = _jax.dlpack_managed_tensor_to_buffer(capsule, client.devices()[0], None, None)
    np.testing.assert_array_equal(np.asarray(imported), X.T)
    with pytest.raises(XlaRuntimeError, match="not aligned to 16 bytes or not contiguous"):
        _jax.dlpack_managed_tensor_to_buffer(_jax.buffer_to_dlpack_managed_tensor(t),
                                             client.devices()[0], None, False)
    np.testing.assert_array_equal(np.asarray(memoryview(t)), X.T)


def test_default_layouts_of_the_client(client):
    layout = client.get_default_layout(np.dtype(np.float32), (4, 5, 6), client.devices()[0])
    assert layout.minor_to_major() == (2, 1, 0)
    (out,) = _compile(client, DOUBLE).execute([client.buffer_from_pyval(X)])
    assert out._pjrt_layout == layout.major_to_minor(2)


@pytest.mark.parametrize("mode, message", [
    ("{0,0}", "not a permutation"),
    ("{0}", "not a permutation"),
    ("{1,0:T(8,128)}", "tiles, element sizes"),
    ("column-major", "is not 'default', 'auto' or an XLA layout"),
])
def test_bad_layout_modes_are_named_errors(client, mode, message):
    with pytest.raises(XlaRuntimeError, match=f"INVALID_ARGUMENT.*argument 0.*{message}"):
        _compile(client, _transpose(mode, "default"))


def test_layouts_survive_the_persistent_cache(client, tmp_path):
    text = _transpose("default", "{0,1}")
    pipeline.clear_compilation_cache()
    persistent_cache.set_cache_dir(tmp_path / "cache")
    try:
        client.compile_and_load(text, client.devices()[:1])
        pipeline.clear_compilation_cache()
        hit = client.compile_and_load(text, client.devices()[:1])
        assert hit._compiled.ir is None  # rebuilt from the entry, not compiled again
        assert hit.get_output_layouts()[0].minor_to_major() == (0, 1)
        (out,) = hit.execute([client.buffer_from_pyval(X)])
        np.testing.assert_array_equal(_memory(out), X.reshape(-1))
    finally:
        persistent_cache.reset_cache_dir()
        pipeline.clear_compilation_cache()
