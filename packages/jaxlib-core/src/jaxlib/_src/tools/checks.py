"""The ``check`` dialect of the StableHLO conformance programs, provided through
the public extension hooks: ``check.*`` ops via ``register_op_extension`` and
``stablehlo.custom_call @check.*`` via the custom-call registry. Nothing here
is wired into the compiler.

Tolerances: ``expect_almost_eq`` compares within ``ALMOST_EQ_TOLERANCE``
(absolute, and relative to the expected magnitude); ``expect_close`` within
``[min_ulp_difference, max_ulp_difference]`` ULPs plus ``ulp_slack`` (a
runner option, printed with the results).
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.element_types import UNSIGNED_OF_SIZE
from jaxlib._src.ops.registry import register_op_extension

ALMOST_EQ_TOLERANCE = 1e-4


@dataclass
class CheckSettings:
    ulp_slack: int = 0


SETTINGS = CheckSettings()


class CheckFailure(XlaRuntimeError):
    """A check op found a mismatch."""


def _describe_mismatch(actual: np.ndarray, expected: np.ndarray, bad: np.ndarray) -> str:
    index = tuple(int(i) for i in np.argwhere(bad)[0]) if actual.ndim else ()
    count = int(np.count_nonzero(bad))
    return (f"{count} of {bad.size} elements differ; first at {list(index)}: "
            f"got {actual[index]!r}, expected {expected[index]!r}")


def _as_compare(x: np.ndarray) -> np.ndarray:
    """Narrow floats compare through float64 exactly."""
    if x.dtype.kind == "V" or x.dtype in (np.float16,):
        try:
            return x.astype(np.float64)
        except (TypeError, ValueError):
            return x
    return x


def _equal_mask(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    a, e = _as_compare(np.asarray(actual)), _as_compare(np.asarray(expected))
    if a.dtype.kind == "c":
        return _equal_mask(a.real, e.real) & _equal_mask(a.imag, e.imag)
    if a.dtype.kind == "f":
        return (a == e) | (np.isnan(a) & np.isnan(e))
    return a == e


def _check_shapes(actual: np.ndarray, expected: np.ndarray) -> None:
    if actual.shape != expected.shape:
        raise CheckFailure(f"shape {actual.shape} differs from expected {expected.shape}")


def expect_eq(actual: np.ndarray, expected: np.ndarray) -> None:
    _check_shapes(actual, expected)
    bad = ~_equal_mask(actual, expected)
    if bad.any():
        raise CheckFailure("expect_eq: " + _describe_mismatch(actual, expected, bad))


def expect_almost_eq(actual: np.ndarray, expected: np.ndarray,
                     tolerance: float = ALMOST_EQ_TOLERANCE) -> None:
    _check_shapes(actual, expected)
    a, e = _as_compare(actual), _as_compare(expected)
    if a.dtype.kind not in "fc":
        return expect_eq(actual, expected)
    parts = [(a.real, e.real), (a.imag, e.imag)] if a.dtype.kind == "c" else [(a, e)]
    bad = np.zeros(a.shape, bool)
    for x, y in parts:
        x, y = x.astype(np.float64), y.astype(np.float64)
        close = np.abs(x - y) <= tolerance * np.maximum(1.0, np.abs(y))
        close |= (x == y) | (np.isnan(x) & np.isnan(y))
        bad |= ~close
    if bad.any():
        raise CheckFailure("expect_almost_eq: " + _describe_mismatch(actual, expected, bad))


def _ordered_bits(x: np.ndarray) -> np.ndarray:
    """Maps floats to integers whose difference is the ULP distance."""
    bits = x.view(UNSIGNED_OF_SIZE[x.dtype.itemsize]).astype(np.int64)
    width = x.dtype.itemsize * 8
    if x.dtype == ml_dtypes.float4_e2m1fn:
        width = 4
    sign = np.int64(1) << (width - 1)
    magnitude = bits & (sign - 1)
    return np.where(bits & sign, -magnitude, magnitude)


def ulp_distance(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    return np.abs(_ordered_bits(actual) - _ordered_bits(expected))


def expect_close(actual: np.ndarray, expected: np.ndarray, min_ulp: int = 0,
                 max_ulp: int = 1) -> None:
    _check_shapes(actual, expected)
    if actual.dtype.kind == "c":
        part = np.float32 if actual.dtype == np.complex64 else np.float64
        for get in (np.real, np.imag):
            expect_close(np.ascontiguousarray(get(actual)).astype(part),
                         np.ascontiguousarray(get(expected)).astype(part), min_ulp, max_ulp)
        return
    if actual.dtype.kind not in "fV":
        return expect_eq(actual, expected)
    a64, e64 = _as_compare(actual).astype(np.float64), _as_compare(expected).astype(np.float64)
    nonfinite = ~np.isfinite(a64) | ~np.isfinite(e64)
    nan_ok = np.isnan(a64) & np.isnan(e64)
    bad_nonfinite = nonfinite & ~nan_ok & (a64 != e64)
    distance = ulp_distance(np.ascontiguousarray(actual), np.ascontiguousarray(expected))
    limit = max_ulp + SETTINGS.ulp_slack
    bad = bad_nonfinite | (~nonfinite & ((distance > limit) | (distance < min_ulp)))
    if bad.any():
        worst = int(distance[~nonfinite].max()) if (~nonfinite).any() else 0
        raise CheckFailure(
            f"expect_close (ulp {min_ulp}..{limit}, worst {worst}): "
            + _describe_mismatch(actual, expected, bad))


def _const(op) -> np.ndarray:
    return op.attributes["value"].array


def _int_attr(op, name: str, default: int) -> int:
    value = op.attributes.get(name)
    if value is None:
        config = op.attributes.get("backend_config")
        if isinstance(config, dict) and name in config:
            value = config[name]
    return default if value is None else int(value)


def _no_results(fn):
    def kernel(*args):
        fn(*args)
        return ()

    return kernel


def _tolerance(op) -> float:
    value = op.attributes.get("tolerance")
    return ALMOST_EQ_TOLERANCE if value is None else float(value)


def _register() -> None:
    register_op_extension(
        "check.expect_eq", lambda op, ctx: _no_results(expect_eq))

    def almost_eq(op, ctx):
        tolerance = _tolerance(op)
        return _no_results(lambda a, e: expect_almost_eq(a, e, tolerance=tolerance))

    register_op_extension("check.expect_almost_eq", almost_eq)

    def against_const(check, with_tolerance=False):
        def factory(op, ctx):
            constant = _const(op)
            if with_tolerance:
                tolerance = _tolerance(op)
                return _no_results(lambda x: check(x, constant, tolerance=tolerance))
            return _no_results(lambda x: check(x, constant))

        return factory

    register_op_extension("check.expect_eq_const", against_const(expect_eq))
    register_op_extension("check.expect_almost_eq_const",
                          against_const(expect_almost_eq, with_tolerance=True))

    def close(op, ctx):
        low = _int_attr(op, "min_ulp_difference", 0)
        high = _int_attr(op, "max_ulp_difference", 1)
        return _no_results(lambda a, e: expect_close(a, e, low, high))

    register_op_extension("check.expect_close", close)

    def eq(op, ctx):
        def kernel(a, b):
            ok = a.shape == b.shape and bool(_equal_mask(a, b).all())
            return (np.asarray(ok),)

        return kernel

    register_op_extension("check.eq", eq)

    def serialized(op, ctx):
        from jaxlib._src.tools.interpreter_ops import probed_value

        probe_id = str(op.attributes["probe_id"])
        iteration = int(op.attributes.get("iteration", 0))

        def kernel(value):
            try:
                expected = probed_value(probe_id, iteration)
            except ValueError as err:
                raise CheckFailure(f"expect_serialized_eq: {err}") from None
            expect_eq(np.asarray(value), expected.astype(np.asarray(value).dtype))
            return ()

        return kernel

    register_op_extension("check.expect_serialized_eq", serialized)
    _register_custom_call_targets()


# ``stablehlo.custom_call @check.*`` (the JAX-exported testdata/ programs), with
# the tolerances of StableHLO's reference interpreter for these calls.
CUSTOM_CALL_ALMOST_EQ_TOLERANCE = 1e-3
CUSTOM_CALL_EQ_FLOAT_TOLERANCE = 1e-4
CUSTOM_CALL_CLOSE_ULPS = (0, 3)


def _register_custom_call_targets() -> None:
    """Typed-FFI Python targets: ``fn(operands, results, attributes)``."""
    from jaxlib._src.ops.custom_call_registry import register_custom_call_target

    def two(name, operands):
        if len(operands) != 2:
            raise CheckFailure(f"{name} takes (actual, expected), got {len(operands)} operands")
        return operands

    def expect_eq_target(operands, results, attributes):
        expect_eq(*two("check.expect_eq", operands))

    def expect_almost_eq_target(operands, results, attributes):
        actual, expected = two("check.expect_almost_eq", operands)
        expect_almost_eq(actual, expected, CUSTOM_CALL_ALMOST_EQ_TOLERANCE)

    def expect_close_target(operands, results, attributes):
        actual, expected = two("check.expect_close", operands)
        low = int(attributes.get("min_ulp_difference", CUSTOM_CALL_CLOSE_ULPS[0]))
        high = int(attributes.get("max_ulp_difference", CUSTOM_CALL_CLOSE_ULPS[1]))
        expect_close(actual, expected, low, high)

    def eq_target(operands, results, attributes):
        # As the reference interpreter: integers exactly, floats almost; a
        # mismatch fails the program, a match yields true.
        actual, expected = two("check.eq", operands)
        if np.asarray(expected).dtype.kind in "fcV":
            expect_almost_eq(actual, expected, CUSTOM_CALL_EQ_FLOAT_TOLERANCE)
        else:
            expect_eq(actual, expected)
        for result in results:
            if result is not None:
                result[...] = True

    for name, fn in (("check.expect_eq", expect_eq_target),
                     ("check.expect_almost_eq", expect_almost_eq_target),
                     ("check.expect_close", expect_close_target),
                     ("check.eq", eq_target)):
        register_custom_call_target(name, fn, platform="cpu", api_version=1)


_registered = False


def ensure_registered() -> None:
    global _registered
    if not _registered:
        _register()
        _registered = True
