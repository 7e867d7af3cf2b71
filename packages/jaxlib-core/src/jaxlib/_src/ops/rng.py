"""Random numbers: ``rng_bit_generator`` bit-exact with XLA's CPU backend, and
the (deprecated) stateful ``rng``.

XLA expands ``rng_bit_generator`` (rng_bit_generator_expander.cc) into the
counter-based generators of its prng library: state[0] is the key and the rest
is a counter. THREE_FRY is Threefry-2x32 with 20 rounds over a 64-bit counter;
PHILOX is Philox-4x32 with 10 rounds over a 128-bit counter. DEFAULT is PHILOX
on CPU. Outputs narrower than 32 bits keep the low bits of 32-bit draws.
"""

from __future__ import annotations

import numpy as np

from jaxlib._src.ir.attributes import RngAlgorithm, RngDistribution
from jaxlib._src.ir.core import ITEMS, SIDE_EFFECT, Operation
from jaxlib._src.ir.types import TensorType, is_float, is_integer, numpy_dtype
from jaxlib._src.ops.reduction import has_dynamic_shapes, reject_quantized
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import infer_rng

_U32 = np.uint32
_U64 = np.uint64
_MASK32 = _U64(0xFFFFFFFF)


def _fail(message: str) -> None:
    raise ValueError(message)


def _split64(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """uint64 -> (low 32 bits, high 32 bits) as uint32."""
    x = x.astype(_U64)
    return (x & _MASK32).astype(_U32), (x >> _U64(32)).astype(_U32)


def _key_words(key: int) -> tuple[int, int]:
    low, high = _split64(np.asarray(key, dtype=_U64))
    return int(low), int(high)


def _join64(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    return low.astype(_U64) | (high.astype(_U64) << _U64(32))


# -- Threefry-2x32 -------------------------------------------------------------------

_THREEFRY_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))


def threefry2x32(x0: np.ndarray, x1: np.ndarray, key0: int, key1: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Threefry-2x32, 20 rounds (five groups of four, key injection between)."""
    ks = [_U32(key0), _U32(key1), _U32(0x1BD11BDA ^ key0 ^ key1)]
    x0, x1 = x0 + ks[0], x1 + ks[1]
    for group in range(5):
        for rotation in _THREEFRY_ROTATIONS[group % 2]:
            x0 = x0 + x1
            x1 = (x1 << _U32(rotation)) | (x1 >> _U32(32 - rotation))
            x1 = x0 ^ x1
        x0 = x0 + ks[(group + 1) % 3]
        x1 = x1 + ks[(group + 2) % 3] + _U32(group + 1)
    return x0, x1


def _halves_split_dim(shape: tuple[int, ...]) -> int:
    """XLA's SplitShapeIntoHalves: the first even dimension, else the first
    largest one."""
    for i, n in enumerate(shape):
        if n % 2 == 0:
            return i
    return max(range(len(shape)), key=lambda i: (shape[i], -i))


def _threefry_bits(key: int, counter: int, shape: tuple[int, ...], bits: int
                   ) -> tuple[np.ndarray, int]:
    """(uint32 or uint64 array of ``shape``, new counter)."""
    if bits == 64:
        n = int(np.prod(shape, dtype=np.int64))
        counters = _U64(counter) + np.arange(n, dtype=_U64)
        low, high = threefry2x32(*_split64(counters), *_key_words(key))
        return _join64(low, high).reshape(shape), (counter + n) % 2**64
    # 32-bit words come in pairs: generate half the shape, interleave the pair
    # along the split dimension (XLA's CombineShapePair).
    if not shape:
        half_shape, split = (1,), 0
    else:
        split = _halves_split_dim(shape)
        half_shape = shape[:split] + (-(-shape[split] // 2),) + shape[split + 1:]
    n = int(np.prod(half_shape, dtype=np.int64))
    counters = _U64(counter) + np.arange(n, dtype=_U64)
    first, second = threefry2x32(*_split64(counters), *_key_words(key))
    if not shape:
        return first.reshape(()), (counter + n) % 2**64
    pair = np.stack([first.reshape(half_shape), second.reshape(half_shape)], axis=split + 1)
    merged_shape = list(shape)
    merged_shape[split] = 2 * half_shape[split]
    merged = pair.reshape(merged_shape)
    return merged[tuple(slice(0, s) for s in shape)], (counter + n) % 2**64


# -- Philox-4x32 --------------------------------------------------------------------

_PHILOX_W = (0x9E3779B9, 0xBB67AE85)
_PHILOX_M = (_U64(0xD2511F53), _U64(0xCD9E8D57))


def philox4x32(words: list[np.ndarray], key0: int, key1: int) -> list[np.ndarray]:
    """Philox-4x32, 10 rounds."""
    x0, x1, x2, x3 = (w.astype(_U32) for w in words)
    k0, k1 = key0, key1
    for _ in range(10):
        p0 = x0.astype(_U64) * _PHILOX_M[0]
        p1 = x2.astype(_U64) * _PHILOX_M[1]
        hi0, lo0 = (p0 >> _U64(32)).astype(_U32), (p0 & _MASK32).astype(_U32)
        hi1, lo1 = (p1 >> _U64(32)).astype(_U32), (p1 & _MASK32).astype(_U32)
        x0, x1, x2, x3 = hi1 ^ x1 ^ _U32(k0), lo1, hi0 ^ x3 ^ _U32(k1), lo0
        k0, k1 = (k0 + _PHILOX_W[0]) % 2**32, (k1 + _PHILOX_W[1]) % 2**32
    return [x0, x1, x2, x3]


def _philox_blocks(key: int, counter: int, blocks: int) -> tuple[list[np.ndarray], int]:
    """``blocks`` Philox outputs of 4 words for counters counter+0.. (128-bit),
    and the advanced counter."""
    low, high = _U64(counter % 2**64), _U64(counter >> 64)
    offsets = np.arange(blocks, dtype=_U64)
    new_low = low + offsets
    new_high = np.where(new_low < low, high + _U64(1), high).astype(_U64)
    words = [*_split64(new_low), *_split64(new_high)]
    key_low, key_high = _key_words(key)
    return philox4x32(words, key_low, key_high), (counter + blocks) % 2**128


def _philox_bits(key: int, counter: int, shape: tuple[int, ...], bits: int
                 ) -> tuple[np.ndarray, int]:
    n = int(np.prod(shape, dtype=np.int64))
    if bits == 64:
        blocks = -(-2 * n // 4)
        words, counter = _philox_blocks(key, counter, blocks)
        pairs = np.stack([_join64(words[0], words[1]), _join64(words[2], words[3])], axis=1)
    else:
        blocks = -(-n // 4)
        words, counter = _philox_blocks(key, counter, blocks)
        pairs = np.stack(words, axis=1)  # round-robin over the four words
    return pairs.reshape(-1)[:n].reshape(shape), counter


# -- rng_bit_generator ---------------------------------------------------------------


def _algorithm(op: Operation) -> str:
    value = op.attributes.get("rng_algorithm")
    algorithm = value.value if isinstance(value, RngAlgorithm) else "DEFAULT"
    return "PHILOX" if algorithm == "DEFAULT" else algorithm  # XLA CPU's default


def _verify_rng_bit_generator(op: Operation) -> None:
    state = op.operand_types[0]
    if not (isinstance(state, TensorType) and state.rank == 1 and state.element_type == "ui64"):
        _fail(f"initial_state must be a 1-D tensor of ui64, got {state}")
    if op.result_types[0] != state:
        _fail(f"output_state type {op.result_types[0]} differs from {state}")
    size = state.shape[0]
    if _algorithm(op) == "THREE_FRY" and size != 2:
        _fail(f"THREE_FRY takes a state of 2 elements, got {size}")
    if _algorithm(op) == "PHILOX" and size not in (2, 3):
        _fail(f"PHILOX takes a state of 2 or 3 elements, got {size}")
    output = op.result_types[1]
    if not isinstance(output, TensorType) or not (
            is_integer(output.element_type) or is_float(output.element_type)):
        _fail(f"output must be a tensor of integer or float type, got {output}")


def _rng_bit_generator(op: Operation, ctx):
    algorithm = _algorithm(op)
    output = op.results[1].type
    if output.element_type == "i1":
        raise NotImplementedError("rng_bit_generator does not generate i1 (pred) outputs")
    dtype = numpy_dtype(output.element_type)
    width = dtype.itemsize * 8
    if output.element_type in ("i2", "ui2", "si2"):
        width = 2
    elif output.element_type in ("i4", "ui4", "si4"):
        width = 4
    if output.element_type.startswith(("f4E", "f6E")) or width not in (2, 4, 8, 16, 32, 64):
        raise NotImplementedError(f"rng_bit_generator output {output.element_type}")
    shape = tuple(output.shape)

    def bits_to_output(words: np.ndarray) -> np.ndarray:
        if width in (32, 64):
            return words.view(dtype)
        low = words & _U32((1 << width) - 1)  # narrow outputs keep the low bits
        if width in (8, 16):
            return low.astype(np.dtype(f"u{width // 8}")).view(dtype)
        signed = np.where(low >= (1 << (width - 1)), low.astype(np.int64) - (1 << width),
                          low.astype(np.int64))
        return (low if dtype.name.startswith("u") else signed).astype(dtype)

    def kernel(state):
        state = np.asarray(state, dtype=_U64)
        key = int(state[0])
        bits = 64 if width == 64 else 32
        if algorithm == "THREE_FRY":
            words, counter = _threefry_bits(key, int(state[1]), shape, bits)
            new_state = np.array([key, counter], dtype=_U64)
        elif state.shape[0] >= 3:  # 128-bit counter in state[1] (low), state[2] (high)
            words, counter = _philox_bits(key, int(state[1]) | int(state[2]) << 64, shape,
                                          bits)
            new_state = np.array([key, counter % 2**64, counter >> 64], dtype=_U64)
        else:  # XLA reverses a 2-element state: counter = state[1] + (key << 64)
            words, counter = _philox_bits(key, int(state[1]) | key << 64, shape, bits)
            new_state = np.array([key, counter % 2**64], dtype=_U64)
        return new_state, bits_to_output(words)

    return kernel


define_op("stablehlo.rng_bit_generator",
          signature="rng_algorithm: Attr, initial_state -> output_state, output",
          verify=_verify_rng_bit_generator,
          reference=_rng_bit_generator, syntax=ITEMS, traits={SIDE_EFFECT})


# -- rng ------------------------------------------------------------------------------


def _distribution(op: Operation) -> str:
    value = op.attributes.get("rng_distribution")
    if not isinstance(value, RngDistribution):
        _fail("rng needs an rng_distribution attribute")
    return value.value


def _verify_rng(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    a, b, shape = op.operand_types
    result = op.result_types[0]
    if a.shape != () or b.shape != ():
        _fail("rng bounds a and b must be 0-dimensional")
    if not (a.element_type == b.element_type == result.element_type):
        _fail(f"a, b and result element types differ: {a}, {b}, {result}")
    if _distribution(op) == "NORMAL" and not is_float(a.element_type):
        _fail("NORMAL rng needs a floating-point type")
    if shape.rank != 1 or shape.shape[0] != result.rank:
        _fail(f"shape operand {shape} does not match the result rank {result.rank}")


def _rng(op: Operation, ctx):
    """The spec leaves the generator implementation-defined; each compiled op
    owns a deterministic Philox stream that advances on every execution."""
    reject_quantized(op)
    distribution = _distribution(op)
    result = op.results[0].type
    dtype = numpy_dtype(result.element_type)
    floating = is_float(result.element_type)
    generator = np.random.Generator(np.random.Philox(key=0))

    def kernel(a, b, shape_values):
        shape = tuple(int(v) for v in np.asarray(shape_values).reshape(-1))
        if shape != tuple(result.shape):
            raise ValueError(f"rng shape {list(shape)} differs from the result type {result}")
        if distribution == "NORMAL":
            values = float(a) + float(b) * generator.standard_normal(shape)
            return (values.astype(dtype),)
        if floating:
            low, high = float(a), float(b)
            values = low + (high - low) * generator.random(shape)
            out = values.astype(dtype)
            # Rounding may reach b; the interval is half-open.
            return (np.where(out.astype(np.float64) >= high, dtype.type(low), out),)
        low, high = int(a), int(b)
        if high <= low:
            return (np.full(shape, low).astype(dtype),)
        return (generator.integers(low, high, size=shape).astype(dtype),)

    return kernel


define_op("stablehlo.rng",
          signature="a, b, shape, rng_distribution: Attr => result",
          infer=infer_rng,
          verify=_verify_rng, reference=_rng, syntax=ITEMS, traits={SIDE_EFFECT})
