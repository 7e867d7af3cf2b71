"""jax functions whose lowered StableHLO this jaxlib must build exactly as the
reference jaxlib does (the same ops, types and attributes; locations aside).

Shared by ``make_reference_lowerings.py`` (run under the reference jax+jaxlib to
write ``reference_lowerings.json``) and ``test_jax_lowerings.py`` (run over this
jaxlib). Each case: name -> (function, example arguments as numpy arrays).
"""

from __future__ import annotations

import numpy as np


def cases():
    import jax
    import jax.numpy as jnp
    from jax import lax

    f32 = np.float32
    x = np.arange(12, dtype=f32).reshape(3, 4)
    w = np.linspace(-1, 1, 20, dtype=f32).reshape(4, 5)
    v = np.arange(4, dtype=f32)
    i = np.arange(6, dtype=np.int32)
    spd = (x[:, :3].T @ x[:, :3] + 3 * np.eye(3)).astype(f32)

    def mlp(params, x):
        (w1, b1), (w2, b2) = params
        h = jax.nn.relu(x @ w1 + b1)
        return jax.nn.log_softmax(h @ w2 + b2)

    def loss(params, x):
        return jnp.mean(mlp(params, x) ** 2)

    params = ((w, np.zeros(5, f32)), (w.T.copy(), np.zeros(4, f32)))
    return {
        "add": (lambda a, b: a + b, (v, v)),
        "scalar_add": (lambda a: a + 1, (np.float32(2),)),
        "unary_chain": (lambda a: jnp.tanh(jnp.exp(-a) * jnp.sin(a)), (x,)),
        "compare_select": (lambda a, b: jnp.where(a > b, a, b * 2), (v, v[::-1].copy())),
        "matmul": (lambda a, b: a @ b, (x, w)),
        "reduce_sum_max": (lambda a: (a.sum(0), a.max(1)), (x,)),
        "broadcast_reshape": (lambda a: a.reshape(4, 3).T + v[:3, None], (x,)),
        "mlp": (mlp, (params, x)),
        "grad_mlp": (jax.grad(loss), (params, x)),
        "vmap_dot": (jax.vmap(jnp.dot), (x, x)),
        "scan_cumsum": (lambda a: lax.scan(lambda c, e: (c + e, c * e), 0.0, a), (v,)),
        "fori": (lambda a: lax.fori_loop(0, 5, lambda k, c: c * 2 + k, a), (v,)),
        "cond": (lambda p, a: lax.cond(p > 0, jnp.sin, jnp.cos, a), (np.float32(1), v)),
        "switch": (lambda k, a: lax.switch(k, [jnp.sin, jnp.cos, jnp.tan], a),
                   (np.int32(1), v)),
        "slicing": (lambda a, k: (a[1:, ::2], lax.dynamic_slice(a, (k, 0), (2, 2))),
                    (x, np.int32(1))),
        "concat_pad": (lambda a: jnp.pad(jnp.concatenate([a, a]), 1), (x,)),
        "gather": (lambda a, idx: a[idx], (x, np.array([2, 0], np.int32))),
        "scatter_add": (lambda a, idx: a.at[idx].add(1.0), (v, np.array([1, 1], np.int32))),
        "sort_argsort": (lambda a: (jnp.sort(a), jnp.argsort(a)), (v[::-1].copy(),)),
        "integer_ops": (lambda a: (a // 2, a % 3, a << 1, a.astype(np.float32)), (i,)),
        "cumsum": (lambda a: jnp.cumsum(a, axis=1), (x,)),
        "random": (lambda k: jax.random.uniform(jax.random.key(k), (3,)), (np.int32(0),)),
        "iota_onehot": (lambda a: jax.nn.one_hot(a, 6), (i,)),
        "conv": (lambda a, k: lax.conv(a, k, (1, 1), "SAME"),
                 (np.ones((1, 2, 5, 5), f32), np.ones((3, 2, 3, 3), f32))),
        "erf_inv": (lambda a: jax.scipy.special.erfinv(a / 20), (x,)),
        "argmax": (lambda a: jnp.argmax(a, axis=1), (x,)),
        "linalg_inv": (jnp.linalg.inv, (np.eye(3, dtype=f32) * 2,)),
        "cholesky": (jnp.linalg.cholesky, (np.eye(3, dtype=f32) * 2,)),
        "eigh_svd_qr": (lambda a: (jnp.linalg.eigh(a)[0], jnp.linalg.svd(a)[1],
                                   jnp.abs(jnp.linalg.qr(a)[1])), (spd,)),
        "eig_schur": (lambda a: (jnp.sort(jnp.abs(jnp.linalg.eigvals(a))),
                                 jnp.sort(jax.scipy.linalg.schur(a)[0].diagonal())), (spd,)),
    }
