"""jax.experimental.buffer_callback on a GPU.

jax lowers a buffer callback for cuda to ``xla_buffer_python_gpu_callback``
(``..._cmd_buffer`` with ``command_buffer_compatible=True``): the callback gets
the computation's stream and the operands and results as device buffers
(``__cuda_array_interface__``, DLPack), fills the results on that stream, and
the program goes on after it. The core's kernel does the calling
(``buffer_callback_kernel``); here the buffers are CuPy arrays on the
executing stream. As XLA's command buffers do, a command-buffer-compatible
callback is captured into the program's CUDA graph (it runs once, while the
graph is recorded, and its GPU work replays); the other kind keeps its
program out of graphs, so it runs at every execution. Mock GPUs hand numpy
memory that stands for device memory.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.core import Operation
from jaxlib._src.ops.custom_call import GPU_BUFFER_CALLBACK_TARGETS as BUFFER_CALLBACK_TARGETS
from jaxlib.gpu_runtime.carried import storage_dtype

__all__ = ["BUFFER_CALLBACK_TARGETS", "buffer_callback_step"]


def buffer_callback_step(op: Operation, xp: Any, ctx: Any) -> Callable[..., tuple]:
    """The step of a buffer-callback custom call (``ctx``: the function's
    lowering, whose module holds the executable's host callbacks); a frame
    kernel."""
    from jaxlib._src.ops.custom_call import buffer_callback_kernel
    from jaxlib.gpu_runtime.solver import NotCapturable

    name = op.attributes["call_target_name"]
    mock = xp is np
    recorded = name.endswith("_cmd_buffer")

    def stream() -> int:
        return 0 if mock else int(xp.cuda.get_current_stream().ptr)

    kernel = buffer_callback_kernel(op, ctx, name, xp, stream, on_device=mock,
                                    storage=storage_dtype)

    def step(frame: Any, *operands: Any) -> tuple:
        if not recorded and not mock and xp.cuda.get_current_stream().is_capturing():
            raise NotCapturable("a buffer callback that is not command-buffer compatible "
                                "runs at each execution")
        return kernel(*operands)

    step.has_side_effect = kernel.has_side_effect  # type: ignore[attr-defined]
    return step
