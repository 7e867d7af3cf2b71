"""Writes the model benchmark: whole-model programs written as a JAX user writes
them, lowered by the reference JAX 0.10.2, with the outputs it computes on CPU.

Run it in a virtual environment of its own that holds the reference JAX (never
this project's jaxlib)::

    python3 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install "jax==0.10.2" "jaxlib==0.10.2"
    /tmp/refvenv/bin/python benchmarks/models/generate.py [--only NAME]

For every model ``NAME`` it writes, next to this script:

* ``NAME.mlir``: ``jax.jit(f).lower(*args).as_text()`` with the arguments
  flattened (parameters, optimizer state, data, labels, keys);
* ``NAME.json``: what the model is, its inputs as specs that ``inputs.py`` draws
  from (shape, dtype, distribution, seed) and its outputs' shapes and dtypes,
  with the comparison tolerance;
* ``NAME.npz``: the reference outputs ``out0, out1, ...`` for those inputs.

Sizes are those of small models that people train on a CPU: each step takes a
few to a few tens of milliseconds on XLA CPU.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from inputs import draw  # noqa: E402

REFERENCE_JAX = "0.10.2"


@dataclass
class Model:
    name: str
    description: str
    fn: Callable  # takes the pytree ``args``
    args: object  # pytree of input specs (dicts), flattened in tree order
    rtol: float = 2e-4
    atol: float = 1e-4  # scaled by max(1, max|reference|) per output


def spec(shape, init="normal", dtype="float32", **kw) -> dict:
    return {"shape": list(shape), "dtype": dtype, "init": init, **kw}


def weight(*shape, fan_in=None) -> dict:
    fan_in = fan_in or math.prod(shape[:-1]) or 1
    return spec(shape, scale=1.0 / math.sqrt(fan_in))


def _is_spec(x) -> bool:
    return isinstance(x, dict) and "init" in x


# --------------------------------------------------------------------------
# Building blocks
# --------------------------------------------------------------------------


def softmax_cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


def batchnorm(x, gamma, beta, axes):
    mean = jnp.mean(x, axis=axes, keepdims=True)
    var = jnp.var(x, axis=axes, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * gamma + beta


def layernorm(x, gamma, beta):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * gamma + beta


def sgd(params, grads, lr=0.05):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def attention(x, p, heads, causal):
    b, s, d = x.shape
    qkv = x @ p["qkv"]
    q, k, v = jnp.split(qkv, 3, axis=-1)
    split = lambda t: t.reshape(b, s, heads, d // heads).transpose(0, 2, 1, 3)  # noqa: E731
    q, k, v = split(q), split(k), split(v)
    scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(d // heads)
    if causal:
        mask = jnp.tril(jnp.ones((s, s), bool))
        scores = jnp.where(mask, scores, -1e9)
    w = jax.nn.softmax(scores, axis=-1)
    out = jnp.einsum("bhqk,bhkd->bhqd", w, v).transpose(0, 2, 1, 3).reshape(b, s, d)
    return out @ p["proj"]


def transformer_block(x, p, heads, causal):
    x = x + attention(layernorm(x, p["ln1_g"], p["ln1_b"]), p, heads, causal)
    h = jax.nn.gelu(layernorm(x, p["ln2_g"], p["ln2_b"]) @ p["fc1"] + p["fc1_b"])
    return x + h @ p["fc2"] + p["fc2_b"]


def block_params(d, hidden):
    return {"ln1_g": spec((d,), offset=1.0, scale=0.1), "ln1_b": spec((d,), scale=0.1),
            "qkv": weight(d, 3 * d), "proj": weight(d, d),
            "ln2_g": spec((d,), offset=1.0, scale=0.1), "ln2_b": spec((d,), scale=0.1),
            "fc1": weight(d, hidden), "fc1_b": spec((hidden,), scale=0.1),
            "fc2": weight(hidden, d), "fc2_b": spec((d,), scale=0.1)}


# --------------------------------------------------------------------------
# Models
# --------------------------------------------------------------------------


def resnet_nhwc() -> Model:
    """A small ResNet train step, NHWC/HWIO: stem, three residual stages (16, 32,
    64 channels; stride-2 convs and 1x1 shortcuts), batchnorm with batch
    statistics, global average pool, softmax cross-entropy, value_and_grad, SGD."""
    return Model("resnet_nhwc_train", resnet_nhwc.__doc__, _resnet_step(None), _resnet_args(),
                 rtol=1e-3, atol=1e-4)


def resnet_bf16() -> Model:
    """The ResNet train step in mixed precision: f32 master parameters and
    images cast to bfloat16 for the convolutions, batchnorms and ReLUs
    (gradients back to f32 through the casts), f32 logits, loss and SGD."""
    return Model("resnet_bf16_train", resnet_bf16.__doc__, _resnet_step(jnp.bfloat16),
                 _resnet_args(), rtol=3e-2, atol=3e-2)


def _resnet_args() -> dict:
    def bn(c):
        return {"g": spec((c,), offset=1.0, scale=0.1), "b": spec((c,), scale=0.1)}

    params = {"stem": weight(3, 3, 3, 16), "stem_bn": bn(16), "stages": []}
    cin = 16
    for cout in (16, 32, 64):
        stage = {"c1": weight(3, 3, cin, cout), "bn1": bn(cout),
                 "c2": weight(3, 3, cout, cout), "bn2": bn(cout)}
        if cout != cin:
            stage["short"] = weight(1, 1, cin, cout)
        params["stages"].append(stage)
        cin = cout
    params["head"] = weight(64, 10)
    return {"params": params, "x": spec((16, 32, 32, 3)),
            "y": spec((16,), "integers", "int32", low=0, high=10)}


def _resnet_step(compute_dtype):
    """The ResNet train step; with ``compute_dtype`` the f32 parameters and
    images are cast to it (mixed precision), the logits back to f32."""
    dn = ("NHWC", "HWIO", "NHWC")

    def conv(x, w, stride=1):
        return lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=dn)

    def loss_fn(p, x, y):
        if compute_dtype is not None:
            p = jax.tree_util.tree_map(lambda a: a.astype(compute_dtype), p)
            x = x.astype(compute_dtype)
        h = jax.nn.relu(batchnorm(conv(x, p["stem"]), p["stem_bn"]["g"], p["stem_bn"]["b"],
                                  (0, 1, 2)))
        for s in p["stages"]:
            stride = 2 if "short" in s else 1
            r = jax.nn.relu(batchnorm(conv(h, s["c1"], stride), s["bn1"]["g"], s["bn1"]["b"],
                                      (0, 1, 2)))
            r = batchnorm(conv(r, s["c2"]), s["bn2"]["g"], s["bn2"]["b"], (0, 1, 2))
            short = conv(h, s["short"], stride) if "short" in s else h
            h = jax.nn.relu(r + short)
        logits = jnp.mean(h, axis=(1, 2)) @ p["head"]
        return softmax_cross_entropy(logits.astype(jnp.float32), y)

    def step(args):
        loss, grads = jax.value_and_grad(loss_fn)(args["params"], args["x"], args["y"])
        return loss, sgd(args["params"], grads)

    return step


def cnn_nchw() -> Model:
    """A CNN train step in NCHW/OIHW: a VALID 5x5 conv, a depthwise 3x3 stride-2
    conv (feature_group_count), a 1x1 pointwise conv, a dilated 3x3 conv
    (rhs_dilation 2), average pooling with reduce_window, a dense head; the
    gradient has lhs-dilated data gradients and batch-grouped filter gradients."""
    dn = ("NCHW", "OIHW", "NCHW")
    params = {"c1": weight(16, 3, 5, 5, fan_in=75), "b1": spec((16,), scale=0.1),
              "dw": weight(16, 1, 3, 3, fan_in=9), "pw": weight(32, 16, 1, 1, fan_in=16),
              "c3": weight(32, 32, 3, 3, fan_in=288), "head": weight(32 * 4 * 4, 10)}

    def loss_fn(p, x, y):
        h = lax.conv_general_dilated(x, p["c1"], (1, 1), "VALID", dimension_numbers=dn)
        h = jax.nn.relu(h + p["b1"][None, :, None, None])  # 8x16x28x28
        h = lax.conv_general_dilated(h, p["dw"], (2, 2), "SAME", dimension_numbers=dn,
                                     feature_group_count=16)  # 8x16x14x14
        h = jax.nn.relu(lax.conv_general_dilated(h, p["pw"], (1, 1), "VALID",
                                                 dimension_numbers=dn))  # 8x32x14x14
        h = jax.nn.relu(lax.conv_general_dilated(h, p["c3"], (1, 1), ((2, 2), (2, 2)),
                                                 rhs_dilation=(2, 2),
                                                 dimension_numbers=dn))  # 8x32x14x14
        h = lax.reduce_window(h, 0.0, lax.add, (1, 1, 4, 4), (1, 1, 3, 3), "VALID") / 16.0
        logits = h.reshape(h.shape[0], -1) @ p["head"]  # 8x32x4x4 -> 8x10
        return softmax_cross_entropy(logits, y)

    def step(args):
        loss, grads = jax.value_and_grad(loss_fn)(args["params"], args["x"], args["y"])
        return loss, sgd(args["params"], grads)

    args = {"params": params, "x": spec((8, 3, 32, 32)),
            "y": spec((8,), "integers", "int32", low=0, high=10)}
    return Model("cnn_nchw_train", cnn_nchw.__doc__, step, args, rtol=1e-3, atol=1e-4)


def gpt() -> Model:
    """A 2-layer GPT train step: token and position embeddings (gather, and
    scatter-add in the gradient), causal attention with 4 heads, layernorm, GELU
    MLP, tied output projection, softmax cross-entropy, value_and_grad, SGD."""
    return Model("gpt_train", gpt.__doc__, _gpt_step(None), _gpt_args(), rtol=1e-3, atol=1e-4)


_GPT_VOCAB, _GPT_SEQ = 256, 128


def _gpt_args(d=64, batch=16, layers=2) -> dict:
    params = {"tok": spec((_GPT_VOCAB, d), scale=0.1), "pos": spec((_GPT_SEQ, d), scale=0.1),
              "blocks": [block_params(d, 4 * d) for _ in range(layers)],
              "lnf_g": spec((d,), offset=1.0, scale=0.1), "lnf_b": spec((d,), scale=0.1)}
    tokens = spec((batch, _GPT_SEQ), "integers", "int32", low=0, high=_GPT_VOCAB)
    return {"params": params, "tokens": tokens, "targets": dict(tokens)}


def _gpt_step(compute_dtype):
    """The GPT train step; with ``compute_dtype`` the f32 parameters are cast
    to it for the forward and backward passes (mixed precision), the logits
    back to f32 for the loss."""
    def loss_fn(p, tokens, targets):
        if compute_dtype is not None:
            p = jax.tree_util.tree_map(lambda a: a.astype(compute_dtype), p)
        x = p["tok"][tokens] + p["pos"][None]
        for blk in p["blocks"]:
            x = transformer_block(x, blk, heads=4, causal=True)
        x = layernorm(x, p["lnf_g"], p["lnf_b"])
        logits = (x @ p["tok"].T).astype(jnp.float32)
        return softmax_cross_entropy(logits.reshape(-1, _GPT_VOCAB), targets.reshape(-1))

    def step(args):
        loss, grads = jax.value_and_grad(loss_fn)(args["params"], args["tokens"],
                                                  args["targets"])
        return loss, sgd(args["params"], grads)

    return step


def gpt_bf16() -> Model:
    """The GPT train step in mixed precision, as models are trained on GPUs: f32
    master parameters cast to bfloat16 for the forward and backward passes
    (bfloat16 products, layernorms, softmax and GELU; gradients back to f32
    through the casts), f32 logits, loss and SGD."""
    return Model("gpt_bf16_train", gpt_bf16.__doc__, _gpt_step(jnp.bfloat16), _gpt_args(),
                 rtol=3e-2, atol=3e-2)


def lstm() -> Model:
    """An LSTM over ``lax.scan`` (32 steps, batch 16, 128 hidden units) with a
    readout on the last state, and its gradient: each step is a 16x160 by
    160x512 product and the gate nonlinearities."""
    batch, steps, n_in, hidden = 16, 32, 32, 128
    params = {"w": weight(n_in + hidden, 4 * hidden), "b": spec((4 * hidden,), scale=0.1),
              "out": weight(hidden, 10)}

    def loss_fn(p, xs, y):
        def cell(carry, x):
            h, c = carry
            z = jnp.concatenate([x, h], axis=-1) @ p["w"] + p["b"]
            i, f, g, o = jnp.split(z, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), None

        zeros = jnp.zeros((batch, hidden), xs.dtype)
        (h, _), _ = lax.scan(cell, (zeros, zeros), xs)
        return softmax_cross_entropy(h @ p["out"], y)

    def step(args):
        return jax.value_and_grad(loss_fn)(args["params"], args["xs"], args["y"])

    args = {"params": params, "xs": spec((steps, batch, n_in)),
            "y": spec((batch,), "integers", "int32", low=0, high=10)}
    return Model("lstm_scan_grad", lstm.__doc__, step, args, rtol=1e-3, atol=1e-4)


def gru() -> Model:
    """A GRU over ``lax.scan`` (64 steps, batch 32, 64 hidden units) regressing a
    target sequence, and its gradient."""
    batch, steps, n_in, hidden = 32, 64, 16, 64
    params = {"wx": weight(n_in, 3 * hidden), "wh": weight(hidden, 3 * hidden),
              "b": spec((3 * hidden,), scale=0.1), "out": weight(hidden, 1)}

    def loss_fn(p, xs, ys):
        def cell(h, x):
            zx, zh = x @ p["wx"] + p["b"], h @ p["wh"]
            rx, ux, nx = jnp.split(zx, 3, axis=-1)
            rh, uh, nh = jnp.split(zh, 3, axis=-1)
            r, u = jax.nn.sigmoid(rx + rh), jax.nn.sigmoid(ux + uh)
            n = jnp.tanh(nx + r * nh)
            h = (1 - u) * n + u * h
            return h, h @ p["out"]

        _, preds = lax.scan(cell, jnp.zeros((batch, hidden), xs.dtype), xs)
        return jnp.mean((preds[..., 0] - ys) ** 2)

    def step(args):
        return jax.value_and_grad(loss_fn)(args["params"], args["xs"], args["ys"])

    args = {"params": params, "xs": spec((steps, batch, n_in)), "ys": spec((steps, batch))}
    return Model("gru_scan_grad", gru.__doc__, step, args, rtol=1e-3, atol=1e-4)


def adam() -> Model:
    """An Adam update (bias-corrected, with weight decay) over a pytree of 24
    parameter arrays of mixed shapes: many small elementwise programs."""
    shapes = []
    for i, width in enumerate((32, 64, 48, 128, 16, 80, 24, 100, 40, 60, 20, 50)):
        shapes += [(width, 32 + 4 * i), (32 + 4 * i,)]
    tree = lambda init, **kw: [spec(s, init, **kw) for s in shapes]  # noqa: E731

    def step(args):
        t = args["step"].astype(jnp.float32) + 1.0
        b1, b2, lr, eps, wd = 0.9, 0.999, 1e-3, 1e-8, 1e-4

        def update(p, g, m, v):
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            mhat, vhat = m / (1 - b1 ** t), v / (1 - b2 ** t)
            return p - lr * (mhat / (jnp.sqrt(vhat) + eps) + wd * p), m, v

        out = [update(*leaves) for leaves in zip(args["p"], args["g"], args["m"], args["v"])]
        return [o[0] for o in out], [o[1] for o in out], [o[2] for o in out]

    args = {"p": tree("normal", scale=0.1), "g": tree("normal", scale=0.01),
            "m": tree("normal", scale=0.001), "v": tree("abs_normal", scale=1e-4),
            "step": spec((), "integers", "int32", low=1, high=1000)}
    return Model("adam_24_leaves", adam.__doc__, step, args, rtol=1e-5, atol=1e-6)


def nbody() -> Model:
    """An N-body simulation: 256 bodies, 40 leapfrog steps in a ``fori_loop``;
    each step forms the pairwise differences ``pos[None] - pos[:, None]``,
    ``r2 ** -1.5`` and sums the accelerations."""
    n, steps, dt = 256, 40, 1e-3

    def accel(pos, mass):
        d = pos[None, :, :] - pos[:, None, :]
        r2 = jnp.sum(d * d, axis=-1) + 1e-2
        inv = mass[None, :] * r2 ** -1.5
        return jnp.sum(d * inv[..., None], axis=1)

    def step(args):
        pos, vel, mass = args["pos"], args["vel"], args["mass"]

        def body(_, state):
            pos, vel = state
            vel = vel + 0.5 * dt * accel(pos, mass)
            pos = pos + dt * vel
            vel = vel + 0.5 * dt * accel(pos, mass)
            return pos, vel

        return lax.fori_loop(0, steps, body, (pos, vel))

    args = {"pos": spec((n, 3)), "vel": spec((n, 3), scale=0.1),
            "mass": spec((n,), "abs_normal", scale=1.0 / n)}
    return Model("nbody_fori", nbody.__doc__, step, args, rtol=1e-3, atol=1e-4)


def rng() -> Model:
    """An RNG-heavy program on the default threefry PRNG: key splits, normal
    and uniform draws, bernoulli dropout, categorical sampling and a
    permutation; results reduced so that every drawn bit counts."""

    def step(args):
        key = jax.random.wrap_key_data(args["key"])
        k = jax.random.split(key, 6)
        x = args["x"]
        noise = jax.random.normal(k[0], (512, 512))
        keep = jax.random.bernoulli(k[1], 0.9, x.shape)
        dropped = jnp.where(keep, x / 0.9, 0.0) + 0.01 * noise
        u = jax.random.uniform(k[2], (256, 256))
        samples = jax.random.categorical(k[3], args["logits"], axis=-1, shape=(4, 256))
        perm = jax.random.permutation(k[4], 1024)
        subkeys = jax.random.key_data(jax.random.split(k[5], 64))
        return (jnp.sum(dropped, axis=0), jnp.mean(u, axis=1), samples, perm, subkeys,
                jnp.sum(keep))

    args = {"key": spec((2,), "key", "uint32"), "x": spec((512, 512)),
            "logits": spec((256, 1000))}
    return Model("rng_mixed", rng.__doc__, step, args, rtol=1e-5, atol=1e-5)


def vit() -> Model:
    """A ViT-style forward pass: a stride-8 8x8 patch-embedding conv on 8
    64x64 RGB images (NHWC), a class token and position embeddings, two
    transformer blocks (4 heads, width 128), layernorm and a linear head."""
    d, patch, layers = 128, 8, 2
    params = {"patch": weight(patch, patch, 3, d), "cls": spec((1, 1, d), scale=0.1),
              "pos": spec((1, 65, d), scale=0.1),
              "blocks": [block_params(d, 2 * d) for _ in range(layers)],
              "ln_g": spec((d,), offset=1.0, scale=0.1), "ln_b": spec((d,), scale=0.1),
              "head": weight(d, 10)}

    def step(args):
        p, x = args["params"], args["images"]
        h = lax.conv_general_dilated(x, p["patch"], (patch, patch), "VALID",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
        h = h.reshape(x.shape[0], -1, d)
        h = jnp.concatenate([jnp.broadcast_to(p["cls"], (x.shape[0], 1, d)), h], axis=1)
        h = h + p["pos"]
        for blk in p["blocks"]:
            h = transformer_block(h, blk, heads=4, causal=False)
        return layernorm(h[:, 0], p["ln_g"], p["ln_b"]) @ p["head"]

    args = {"params": params, "images": spec((8, 64, 64, 3))}
    return Model("vit_forward", vit.__doc__, step, args, rtol=1e-3, atol=1e-4)


def batched_linalg() -> Model:
    """Batched small matrices with ``vmap``: chains of 8x8 and 32x32 products,
    64x64 products with a transpose, and 64x64 linear solves (LU)."""

    def chain(a, b):
        return a @ b @ a.T + b

    def step(args):
        small = jax.vmap(chain)(args["a8"], args["b8"])
        mid = jax.vmap(chain)(args["a32"], args["b32"])
        big = jax.vmap(lambda a, b: a.T @ b)(args["a64"], args["b64"])
        eye = 8.0 * jnp.eye(64, dtype=jnp.float32)
        solved = jax.vmap(jnp.linalg.solve)(args["a64"] + eye, args["rhs"])
        return jnp.sum(small, axis=0), jnp.sum(mid, axis=0), jnp.sum(big, axis=0), solved

    args = {"a8": spec((1024, 8, 8), scale=0.3), "b8": spec((1024, 8, 8), scale=0.3),
            "a32": spec((256, 32, 32), scale=0.2), "b32": spec((256, 32, 32), scale=0.2),
            "a64": spec((64, 64, 64), scale=0.1), "b64": spec((64, 64, 64), scale=0.1),
            "rhs": spec((64, 64, 4))}
    return Model("batched_small_matrix", batched_linalg.__doc__, step, args,
                 rtol=1e-4, atol=1e-4)


MODELS = [resnet_nhwc, cnn_nchw, gpt, lstm, gru, adam, nbody, rng, vit, batched_linalg,
          gpt_bf16, resnet_bf16]


def write(model: Model, out: Path, seed: int) -> None:
    leaves, treedef = jax.tree_util.tree_flatten(model.args, is_leaf=_is_spec)
    for i, leaf in enumerate(leaves):
        leaf.setdefault("name", f"arg{i}")
    path_names = [jax.tree_util.keystr(p) for p, _ in
                  jax.tree_util.tree_flatten_with_path(model.args, is_leaf=_is_spec)[0]]

    def flat_fn(*xs):
        return jax.tree_util.tree_leaves(model.fn(jax.tree_util.tree_unflatten(treedef, xs)))

    arrays = draw(leaves, seed)
    jitted = jax.jit(flat_fn)
    text = jitted.lower(*arrays).as_text()
    outputs = [np.asarray(o) for o in jitted(*arrays)]
    specs = [{k: v for k, v in leaf.items() if k != "name"} | {"path": name}
             for leaf, name in zip(leaves, path_names)]
    meta = {
        "name": model.name,
        "description": " ".join(model.description.split()),
        "reference": f"jax {REFERENCE_JAX}",
        "seed": seed,
        "inputs": specs,
        "outputs": [{"shape": list(o.shape), "dtype": str(o.dtype)} for o in outputs],
        "rtol": model.rtol,
        "atol": model.atol,
        "tolerance": "atol scaled by max(1, max|reference|) per output; integers exact",
    }
    (out / f"{model.name}.mlir").write_text(text)
    (out / f"{model.name}.json").write_text(json.dumps(meta, indent=1) + "\n")
    np.savez_compressed(out / f"{model.name}.npz",
                        **{f"out{i}": o for i, o in enumerate(outputs)})
    size = sum(o.nbytes for o in outputs)
    print(f"{model.name}: {len(arrays)} inputs, {len(outputs)} outputs ({size} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="regenerate the models whose name contains this")
    parser.add_argument("--out", default=str(HERE))
    args = parser.parse_args()
    if jax.__version__ != REFERENCE_JAX:
        raise SystemExit(f"needs the reference jax {REFERENCE_JAX}, not {jax.__version__}")
    out = Path(args.out)
    for seed, make in enumerate(MODELS):
        model = make()
        if args.only and args.only not in model.name:
            continue
        write(model, out, seed)


if __name__ == "__main__":
    main()
