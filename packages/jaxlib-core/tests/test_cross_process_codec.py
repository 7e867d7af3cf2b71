"""The wire format of cross-process collective contributions round-trips
every value kind the collective kernels exchange."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from jaxlib._src.backends.cpu.cross_process import decode_contributions, encode_contributions


def test_contributions_round_trip_arrays_tuples_and_ml_dtypes():
    values = {
        3: (np.arange(6, dtype=np.float32).reshape(2, 3), np.asarray(7, np.int64)),
        0: np.asarray([1.5, -2], ml_dtypes.bfloat16),
        1: (np.asarray([True, False]), np.zeros((0, 2), np.complex64)),
    }
    tag, decoded = decode_contributions(encode_contributions((4, 9), values))
    assert tag == (4, 9)
    assert sorted(decoded) == [0, 1, 3]
    for participant, value in values.items():
        got = decoded[participant]
        assert isinstance(got, tuple) == isinstance(value, tuple)
        for want, have in zip(value if isinstance(value, tuple) else (value,),
                              got if isinstance(got, tuple) else (got,)):
            assert have.dtype == want.dtype and have.shape == want.shape
            np.testing.assert_array_equal(have, want)
