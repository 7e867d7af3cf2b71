"""rng_bit_generator bit-exactness with XLA CPU, and the stateful rng op."""

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.ops.rng import philox4x32, threefry2x32
from jaxlib.xla_client import XlaRuntimeError


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def run(client, text: str, *args):
    exe = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(np.asarray(a), client.devices()[0]) for a in args]
    return [np.asarray(out) for out in exe.execute(buffers)]


def generator(algorithm: str, state: int, output: str) -> str:
    return f"""
func.func public @main(%s: tensor<{state}xui64>) -> (tensor<{state}xui64>, tensor<{output}>) {{
  %new, %bits = stablehlo.rng_bit_generator %s, algorithm = {algorithm}
      : (tensor<{state}xui64>) -> (tensor<{state}xui64>, tensor<{output}>)
  return %new, %bits : tensor<{state}xui64>, tensor<{output}>
}}"""


def _u32(*values):
    return [np.array([v], np.uint32) for v in values]


# Known-answer vectors of Random123 (Salmon et al., SC 2011).
@pytest.mark.parametrize("counter,key,expected", [
    ((0, 0), (0, 0), (0x6B200159, 0x99BA4EFE)),
    ((0xFFFFFFFF,) * 2, (0xFFFFFFFF,) * 2, (0x1CB996FC, 0xBB002BE7)),
    ((0x243F6A88, 0x85A308D3), (0x13198A2E, 0x03707344), (0xC4923A9C, 0x483DF7A0)),
])
def test_threefry2x32_known_answers(counter, key, expected):
    out = threefry2x32(*_u32(*counter), *key)
    assert tuple(int(v[0]) for v in out) == expected


@pytest.mark.parametrize("counter,key,expected", [
    ((0,) * 4, (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((0xFFFFFFFF,) * 4, (0xFFFFFFFF,) * 2, (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
])
def test_philox4x32_known_answers(counter, key, expected):
    out = philox4x32(_u32(*counter), *key)
    assert tuple(int(v[0]) for v in out) == expected


def test_three_fry_matches_the_spec_example(client):
    state, bits = run(client, generator("THREE_FRY", 2, "2x2xui64"), np.uint64([1, 2]))
    np.testing.assert_array_equal(state, [1, 6])
    np.testing.assert_array_equal(bits, np.array([[9236835810183407956, 16087790271692313299],
                                                  [18212823393184779219, 2658481902456610144]],
                                                 np.uint64))


def test_three_fry_scalar_output_from_jax_export(client):
    state, bits = run(client, generator("THREE_FRY", 2, "ui64"), np.uint64([3, 3]))
    np.testing.assert_array_equal(state, [3, 4])
    assert bits.shape == () and int(bits) == 3349939604322698703


def test_three_fry_32_bit_words_pair_up_along_the_split_dimension(client):
    # A 32-bit draw of shape [3, 4] uses 6 counters (half the elements, split
    # along the first even dimension, 4): word pairs sit side by side.
    state, bits = run(client, generator("THREE_FRY", 2, "3x4xui32"), np.uint64([7, 10]))
    np.testing.assert_array_equal(state, [7, 16])
    counters = np.uint64(10) + np.arange(6, dtype=np.uint64)
    first, second = threefry2x32((counters & np.uint64(0xFFFFFFFF)).astype(np.uint32),
                                 (counters >> np.uint64(32)).astype(np.uint32), 7, 0)
    expected = np.stack([first.reshape(3, 2), second.reshape(3, 2)], axis=2).reshape(3, 4)
    np.testing.assert_array_equal(bits, expected)


def test_philox_layout_and_state_update(client):
    # Two-element state: the 128-bit counter is (state[1], state[0]); 4 words
    # per counter, round-robin; the new state keeps the key and low word.
    state, bits = run(client, generator("PHILOX", 2, "6xui32"), np.uint64([5, 9]))
    np.testing.assert_array_equal(state, [5, 11])
    blocks = philox4x32([np.uint32([9, 10]), np.uint32([0, 0]), np.uint32([5, 5]),
                         np.uint32([0, 0])], 5, 0)
    np.testing.assert_array_equal(bits, np.stack(blocks, axis=1).reshape(-1)[:6])


def test_philox_three_element_state_carries_into_the_high_word(client):
    state, bits = run(client, generator("PHILOX", 3, "2xui64"),
                      np.uint64([1, 2**64 - 1, 4]))
    np.testing.assert_array_equal(state, np.uint64([1, 0, 5]))
    assert bits.dtype == np.uint64 and bits.shape == (2,)


def test_default_is_philox_on_cpu_and_narrow_outputs_keep_low_bits(client):
    seed = np.uint64([123, 456])
    _, philox = run(client, generator("PHILOX", 2, "5xui32"), seed)
    default_state, default = run(client, generator("DEFAULT", 2, "5xui32"), seed)
    np.testing.assert_array_equal(default, philox)
    _, narrow = run(client, generator("DEFAULT", 2, "5xui8"), seed)
    np.testing.assert_array_equal(narrow, (philox & 0xFF).astype(np.uint8))
    _, signed = run(client, generator("DEFAULT", 2, "5xi32"), seed)
    np.testing.assert_array_equal(signed, philox.view(np.int32))


def test_rng_bit_generator_errors(client):
    with pytest.raises(XlaRuntimeError, match="THREE_FRY takes a state of 2"):
        client.compile_and_load(generator("THREE_FRY", 3, "4xui32"), client.devices()[:1])
    with pytest.raises(XlaRuntimeError, match="i1"):
        client.compile_and_load(generator("PHILOX", 2, "4xi1"), client.devices()[:1])


def _rng_program(distribution: str, element: str) -> str:
    return f"""
func.func public @main(%a: tensor<{element}>, %b: tensor<{element}>) -> tensor<400x{element}> {{
  %shape = stablehlo.constant dense<[400]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = {distribution}
      : (tensor<{element}>, tensor<{element}>, tensor<1xi64>) -> tensor<400x{element}>
  return %r : tensor<400x{element}>
}}"""


def test_rng_uniform_stays_in_the_half_open_interval(client):
    (ints,) = run(client, _rng_program("UNIFORM", "i32"), np.int32(-3), np.int32(4))
    assert ints.dtype == np.int32 and ints.min() >= -3 and ints.max() <= 3
    assert len(np.unique(ints)) == 7
    (floats,) = run(client, _rng_program("UNIFORM", "f32"), np.float32(2), np.float32(2.5))
    assert floats.min() >= 2 and floats.max() < 2.5


def test_rng_normal_has_the_requested_moments(client):
    (values,) = run(client, _rng_program("NORMAL", "f64"), np.float64(10), np.float64(0.5))
    assert abs(values.mean() - 10) < 0.15 and abs(values.std() - 0.5) < 0.1


def test_rng_normal_needs_a_float_type(client):
    with pytest.raises(XlaRuntimeError, match="NORMAL rng needs a floating-point type"):
        client.compile_and_load(_rng_program("NORMAL", "i32"), client.devices()[:1])


@pytest.mark.parametrize("algorithm", ["THREE_FRY", "PHILOX"])
def test_f64_outputs_are_the_64_bit_draws(client, algorithm):
    # f64 was refused as if it were one of the 6-bit float types (f6E...).
    state = np.uint64([7, 11])
    new_words, words = run(client, generator(algorithm, 2, "5xui64"), state)
    new_floats, floats = run(client, generator(algorithm, 2, "5xf64"), state)
    np.testing.assert_array_equal(new_floats, new_words)
    np.testing.assert_array_equal(floats.view(np.uint64), words)
