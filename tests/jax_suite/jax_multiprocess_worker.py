"""One process of a two-process jax job on this jaxlib:
``python jax_multiprocess_worker.py PLATFORM PORT PROCESS_ID``. PLATFORM is
``cpu`` or ``mock-gpu`` (jaxlib-gpu's mock GPUs, one a process). Prints its
result as one JSON line last."""

from __future__ import annotations

import json
import os
import sys

platform, port, process_id = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.environ["JAX_PLATFORMS"] = "cpu" if platform == "cpu" else "cuda"
if platform == "mock-gpu":
    os.environ["JAX_MOCK_GPU_TOPOLOGY"] = "1x2x1"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.experimental import multihost_utils  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec  # noqa: E402

if platform == "mock-gpu":  # mock GPUs have no /dev/nvidia* for jax to find
    import jax._src.hardware_utils as hardware_utils

    hardware_utils.has_visible_nvidia_gpu = lambda: True

jax.distributed.initialize(f"127.0.0.1:{port}", num_processes=2, process_id=process_id)
result = {"devices": [[d.id, d.process_index] for d in jax.devices()],
          "local": [d.id for d in jax.local_devices()],
          "process_index": jax.process_index(), "process_count": jax.process_count()}

mesh = jax.make_mesh((2,), ("x",))
sharding = NamedSharding(mesh, PartitionSpec("x"))
local = np.arange(4, dtype=np.float32) + 4 * process_id  # this process's half of arange(8)
x = jax.make_array_from_process_local_data(sharding, local, (8,))


@jax.jit
def step(x):
    return x * 2, x.sum(), jnp.flip(x)


def psum_body(block):
    return jax.lax.psum(block.sum(), "x") + block * 0


try:
    doubled, total, flipped = step(x)
    summed = jax.jit(jax.shard_map(psum_body, mesh=mesh, in_specs=PartitionSpec("x"),
                                   out_specs=PartitionSpec("x")))(x)
    result["doubled"] = [np.asarray(s.data).tolist() for s in doubled.addressable_shards]
    result["total"] = float(total)
    result["flipped"] = [np.asarray(s.data).tolist() for s in flipped.addressable_shards]
    result["psum"] = [np.asarray(s.data).tolist() for s in summed.addressable_shards]
    result["gathered"] = np.asarray(multihost_utils.process_allgather(x, tiled=True)).tolist()
except Exception as err:  # reported to the test
    result["error"] = f"{type(err).__name__}: {err}"[:500]
jax.distributed.shutdown()
print(json.dumps(result), flush=True)
