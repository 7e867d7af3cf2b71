"""The clients jaxlib-gpu's tests run on: ``gpu`` is the cuda client on this
machine's GPUs when JAXLIB_GPU_TEST_BACKEND=cuda (the GPU check), else mock
GPUs; ``cpu`` the CPU client the results are compared with."""

from __future__ import annotations

import os

import pytest

from jaxlib import xla_client

BACKEND = os.environ.get("JAXLIB_GPU_TEST_BACKEND", "mock")


@pytest.fixture(scope="module")
def gpu():
    return xla_client.make_gpu_client(platform_name="cuda", mock=BACKEND == "mock")


@pytest.fixture(scope="module")
def cpu():
    return xla_client.make_cpu_client()
