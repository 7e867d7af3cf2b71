"""The main job with jax on top: unmodified jax 0.10.2 trains a small MLP on
this jaxlib with jit and grad, printing the backend, devices, the loss and
per-step times.

Run it with ``nox -s demo`` (which installs jax over this project's packages),
or ``python examples/jax_mlp.py`` where the README's jax install was done.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import numpy as np

import jaxlib
import jaxlib.version


def init_params(key, sizes):
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        key, w_key = jax.random.split(key)
        w = jax.random.normal(w_key, (n_in, n_out), jnp.float32) * np.sqrt(2.0 / n_in)
        params.append((w, jnp.zeros((n_out,), jnp.float32)))
    return params


def predict(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss_fn(params, x, y):
    logits = predict(params, x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


@jax.jit
def train_step(params, x, y, lr):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main(steps: int = 20) -> None:
    print(f"jax {jax.__version__} on jaxlib {jaxlib.version.__version__} "
          f"({os.path.dirname(jaxlib.__file__)})")
    print(f"backend: {jax.default_backend()}, devices: {jax.devices()}")
    rng = np.random.default_rng(0)
    n, features, classes = 512, 32, 10
    centers = rng.normal(size=(classes, features)).astype(np.float32) * 3
    labels = rng.integers(0, classes, size=n)
    x = jnp.asarray(centers[labels] + rng.normal(size=(n, features)).astype(np.float32))
    y = jax.nn.one_hot(labels, classes)
    params = init_params(jax.random.key(0), [features, 64, 64, classes])

    start = time.perf_counter()
    params, loss = train_step(params, x, y, 0.1)
    loss.block_until_ready()
    first_ms = 1e3 * (time.perf_counter() - start)
    print(f"step 0: loss {float(loss):.4f} (compile + run {first_ms:.1f} ms)")
    times = []
    for step in range(1, steps):
        start = time.perf_counter()
        params, loss = train_step(params, x, y, 0.1)
        loss.block_until_ready()
        times.append(time.perf_counter() - start)
        if step % 5 == 0 or step == steps - 1:
            print(f"step {step}: loss {float(loss):.4f}")
    accuracy = float(jnp.mean(jnp.argmax(predict(params, x), -1) == labels))
    print(f"per step: median {1e3 * statistics.median(times):.3f} ms over {len(times)} steps; "
          f"training accuracy {accuracy:.3f}")


if __name__ == "__main__":
    main()
