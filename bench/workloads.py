"""The timed workloads of issue 6, one adapter per engine kind, and the hand-written numpy baselines.

Every workload builds, per engine, a ``Case``: ``step()`` runs one timed forward+backward (plus the
SGD update for the MLP) and ``grads()`` returns the gradients as float32 numpy arrays. Before any
timing, each engine's ``grads()`` is compared with the hand-written numpy baseline's, so a fast
but wrong engine (or a wrong baseline) stops the run instead of producing a table.
"""
from dataclasses import dataclass

import numpy as np


@dataclass
class Case:
    step: object  # () -> None: one timed iteration
    grads: object  # () -> dict[str, np.ndarray]: gradients of one iteration, parameters unchanged


def _np(t):
    """A torch-like tensor as a numpy array (works for torch and autograd_core, on any device)."""
    return t.detach().cpu().numpy()


def _host(a):
    """A numpy or cupy array (or anything array-like) as a numpy array."""
    return a.get() if hasattr(a, "get") and not isinstance(a, np.ndarray) else np.asarray(a)


def _tensor(T, arr, device, requires_grad=False):
    """``T.tensor(arr)`` on ``device`` (None: the default device, without passing the keyword)."""
    kw = {"device": device} if device is not None else {}
    return T.tensor(arr, requires_grad=requires_grad, **kw)


# ============================================================================ small-op chain
class SmallChain:
    """``*1.01, +0.1, tanh, -0.05`` repeated, on a 16-element float32 tensor, then sum + backward.

    Time is reported per op (``per = n_ops``): it is the fixed cost an engine adds to each op.
    """

    name = "small_chain"
    title = "Small-op overhead: 200-op elementwise chain on 16 float32"
    unit = "us/op"
    rtol, atol = 1e-5, 1e-6

    def __init__(self, quick):
        self.n_ops = 20 if quick else 200
        self.per = self.n_ops
        self.x = np.random.default_rng(0).standard_normal(16).astype(np.float32)
        if quick:
            self.title = f"Small-op overhead: {self.n_ops}-op chain on 16 float32 (quick)"

    def numpy(self, xp):
        x0, blocks = xp.asarray(self.x), self.n_ops // 4

        def run():
            y, saved = x0, []
            for _ in range(blocks):
                y = xp.tanh(y * 1.01 + 0.1)
                saved.append(y)  # tanh' = 1 - tanh^2, from the saved output as torch does
                y = y - 0.05
            y.sum()
            g = xp.ones_like(y)
            for t in reversed(saved):
                g = g * (1 - t * t) * 1.01
            return {"x": g}

        return Case(step=run, grads=run)

    def numpy_forward(self, xp):
        """The forward half of ``numpy``: the array work of the forward pass alone."""
        x0, blocks = xp.asarray(self.x), self.n_ops // 4

        def run():
            y = x0
            for _ in range(blocks):
                y = xp.tanh(y * 1.01 + 0.1) - 0.05
            return y.sum()

        return run

    def _chain(self, x):
        """The chain on a torch-like tensor, summed: ``*1.01, +0.1, tanh, -0.05`` repeated."""
        y = x
        for _ in range(self.n_ops // 4):
            y = y * 1.01
            y = y + 0.1
            y = y.tanh()
            y = y - 0.05
        return y.sum()

    def torchlike_forward(self, T, record):
        """The engine's forward pass alone: recording the graph, or under ``no_grad`` if not ``record``."""
        x = T.tensor(self.x, requires_grad=True)

        def chain():
            return self._chain(x)

        def chain_no_grad():
            with T.no_grad():
                return chain()

        return chain if record else chain_no_grad

    def torchlike(self, T, device=None):
        x = _tensor(T, self.x, device, requires_grad=True)

        def step():
            x.grad = None
            self._chain(x).backward()

        def grads():
            step()
            return {"x": _np(x.grad)}

        return Case(step, grads)

    def _functional(self, xnp):
        blocks = self.n_ops // 4

        def f(x):
            for _ in range(blocks):
                x = xnp.tanh(x * 1.01 + 0.1) - 0.05
            return xnp.sum(x)

        return f

    def hips(self, ag):
        g = ag.grad(self._functional(ag.numpy))
        return Case(step=lambda: g(self.x), grads=lambda: {"x": np.asarray(g(self.x))})

    def jax(self, jax):
        x = jax.numpy.asarray(self.x)
        g = jax.grad(self._functional(jax.numpy))
        return Case(step=lambda: g(x).block_until_ready(), grads=lambda: {"x": np.asarray(g(x))})


# ============================================================================ MLP SGD step
class MLP:
    """64-256-256-10 MLP, ReLU, softmax cross-entropy, batch 512, float32; one SGD step per call."""

    name = "mlp"
    title = "MLP SGD step: 64-256-256-10, ReLU, cross-entropy, batch 512, float32"
    unit = "ms/step"
    rtol, atol = 1e-4, 1e-5
    lr = 0.01

    def __init__(self, quick, batch=None):
        self.sizes = (16, 32, 32, 10) if quick else (64, 256, 256, 10)
        self.batch = batch or (32 if quick else 512)
        self.per = 1
        if quick or batch:
            self.title = f"MLP SGD step: {'-'.join(map(str, self.sizes))}, batch {self.batch}" + (" (quick)" if quick else "")
        rng = np.random.default_rng(1)
        self.x = rng.standard_normal((self.batch, self.sizes[0])).astype(np.float32)
        self.y = rng.integers(0, self.sizes[-1], self.batch).astype(np.int64)
        # torch.nn.Linear layout and init range: weight (out, in), U(-1/sqrt(in), 1/sqrt(in)).
        self.params = []
        for fan_in, fan_out in zip(self.sizes[:-1], self.sizes[1:]):
            bound = 1 / np.sqrt(fan_in)
            self.params.append(rng.uniform(-bound, bound, (fan_out, fan_in)).astype(np.float32))
            self.params.append(rng.uniform(-bound, bound, fan_out).astype(np.float32))

    def param_names(self):
        return [f"{kind}{i}" for i in range(len(self.sizes) - 1) for kind in ("W", "b")]

    def numpy(self, xp):
        ps = [xp.array(p) for p in self.params]
        x, y, lr, n = xp.asarray(self.x), xp.asarray(self.y), self.lr, self.batch
        rows = xp.arange(n)

        def fwd_bwd():
            W0, b0, W1, b1, W2, b2 = ps
            h0 = x @ W0.T + b0
            a0 = xp.maximum(h0, 0)
            h1 = a0 @ W1.T + b1
            a1 = xp.maximum(h1, 0)
            z = a1 @ W2.T + b2
            # cross-entropy = mean(logsumexp(z) - z[y]); its gradient is (softmax(z) - onehot) / n
            e = xp.exp(z - z.max(axis=1, keepdims=True))
            p = e / e.sum(axis=1, keepdims=True)
            _loss = -xp.log(p[rows, y]).mean()
            p[rows, y] -= 1
            dz = p / n
            dW2, db2 = dz.T @ a1, dz.sum(0)
            dh1 = (dz @ W2) * (h1 > 0)
            dW1, db1 = dh1.T @ a0, dh1.sum(0)
            dh0 = (dh1 @ W1) * (h0 > 0)
            dW0, db0 = dh0.T @ x, dh0.sum(0)
            return [dW0, db0, dW1, db1, dW2, db2]

        def step():
            for p, g in zip(ps, fwd_bwd()):
                p -= lr * g

        return Case(step, lambda: dict(zip(self.param_names(), fwd_bwd())))

    def torchlike(self, T, device=None):
        nn = T.nn
        layers = []
        for i, (fan_in, fan_out) in enumerate(zip(self.sizes[:-1], self.sizes[1:])):
            if i:
                layers.append(nn.ReLU())
            layers.append(nn.Linear(fan_in, fan_out))
        model = nn.Sequential(*layers)
        linears = [m for m in layers if isinstance(m, nn.Linear)]
        with T.no_grad():
            for lin, W, b in zip(linears, self.params[::2], self.params[1::2]):
                lin.weight.copy_(T.tensor(W))
                lin.bias.copy_(T.tensor(b))
        if device is not None:
            model.to(device)
        opt = T.optim.SGD(model.parameters(), lr=self.lr)
        x, y = _tensor(T, self.x, device), _tensor(T, self.y, device)
        cross_entropy = nn.functional.cross_entropy

        def fwd_bwd():
            opt.zero_grad()
            cross_entropy(model(x), y).backward()

        def step():
            fwd_bwd()
            opt.step()

        def grads():
            fwd_bwd()
            gs = [g for lin in linears for g in (lin.weight.grad, lin.bias.grad)]
            return dict(zip(self.param_names(), map(_np, gs)))

        return Case(step, grads)

    def _functional(self, xnp):
        x, y, n = self.x, self.y, self.batch
        onehot = np.eye(self.sizes[-1], dtype=np.float32)[y]

        def loss(ps):
            h = x
            for i in range(0, len(ps), 2):
                if i:
                    h = xnp.maximum(h, 0)
                h = h @ ps[i].T + ps[i + 1]
            m = xnp.max(h, axis=1, keepdims=True)
            lse = xnp.log(xnp.sum(xnp.exp(h - m), axis=1)) + m[:, 0]
            return xnp.sum(lse - xnp.sum(h * onehot, axis=1)) / n

        return loss

    def _functional_case(self, grad_fn, to_array, ps):
        lr = self.lr

        def step():
            ps[:] = [p - lr * g for p, g in zip(ps, grad_fn(ps))]

        return Case(step, lambda: dict(zip(self.param_names(), map(to_array, grad_fn(ps)))))

    def hips(self, ag):
        return self._functional_case(ag.grad(self._functional(ag.numpy)), np.asarray, [p.copy() for p in self.params])

    def jax(self, jax):
        g = jax.grad(self._functional(jax.numpy))

        def grad_fn(ps):
            return jax.block_until_ready(g(ps))

        return self._functional_case(grad_fn, np.asarray, [jax.numpy.asarray(p) for p in self.params])


# ============================================================================ large matmul chain
class MatmulChain:
    """``(((A @ W1) @ W2) @ W3).sum()`` forward + backward, all four n x n float32 matrices leaves.

    9 GEMMs per call (3 forward, 6 backward): this measures whether the engine adds anything to BLAS.
    """

    name = "matmul"
    title = "Large matmul chain: 1024x1024 float32, 3 matmuls, forward + backward"
    unit = "ms/call"
    rtol, atol = 1e-3, 1e-4

    def __init__(self, quick, n=None):
        self.n = n or (64 if quick else 1024)
        self.per = 1
        if quick or n:
            self.title = f"Matmul chain: {self.n}x{self.n} float32" + (" (quick)" if quick else "")
        rng = np.random.default_rng(2)
        # 1/sqrt(n) scaling keeps every product O(1), so float32 rounding stays comparable.
        self.mats = [(rng.standard_normal((self.n, self.n)) / np.sqrt(self.n)).astype(np.float32) for _ in range(4)]

    names = ("A", "W1", "W2", "W3")

    def numpy(self, xp):
        A, W1, W2, W3 = (xp.asarray(m) for m in self.mats)

        def run():
            X1 = A @ W1
            X2 = X1 @ W2
            X3 = X2 @ W3
            X3.sum()
            G3 = xp.ones_like(X3)
            dW3 = X2.T @ G3
            G2 = G3 @ W3.T
            dW2 = X1.T @ G2
            G1 = G2 @ W2.T
            return dict(zip(self.names, (G1 @ W1.T, A.T @ G1, dW2, dW3)))

        return Case(run, run)

    def torchlike(self, T, device=None):
        leaves = [_tensor(T, m, device, requires_grad=True) for m in self.mats]
        A, W1, W2, W3 = leaves

        def step():
            for t in leaves:
                t.grad = None
            (((A @ W1) @ W2) @ W3).sum().backward()

        def grads():
            step()
            return {k: _np(t.grad) for k, t in zip(self.names, leaves)}

        return Case(step, grads)

    def hips(self, ag):
        g = ag.grad(lambda ms: ag.numpy.sum(((ms[0] @ ms[1]) @ ms[2]) @ ms[3]))
        return Case(lambda: g(self.mats), lambda: dict(zip(self.names, map(np.asarray, g(self.mats)))))

    def jax(self, jax):
        ms = [jax.numpy.asarray(m) for m in self.mats]
        g = jax.grad(lambda ms: jax.numpy.sum(((ms[0] @ ms[1]) @ ms[2]) @ ms[3]))
        return Case(lambda: jax.block_until_ready(g(ms)), lambda: dict(zip(self.names, map(np.asarray, g(ms)))))


TIMED = (SmallChain, MLP, MatmulChain)


class NotApplicable(Exception):
    """The engine does not cover this workload by design (not a failure)."""


def build(workload, engine):
    """The engine's Case for this workload (engine.kind selects the adapter)."""
    covers = getattr(engine.module, "BENCH_WORKLOADS", None)
    if covers is not None and workload.name not in covers:
        raise NotApplicable(f"not applicable: covers only {', '.join(covers)}")
    return getattr(workload, engine.kind)(engine.module)


def check_grads(workload, name, got, ref):
    """Raise AssertionError naming the engine, workload and tensor when gradients disagree."""
    assert got.keys() == ref.keys(), f"{workload.name}/{name}: gradients for {sorted(got)}, expected {sorted(ref)}"
    for key, r in ref.items():
        g, r = _host(got[key]), _host(r)
        if g.shape != r.shape:
            raise AssertionError(f"{workload.name}/{name}: grad {key} has shape {g.shape}, numpy baseline {r.shape}")
        atol = workload.atol * max(1.0, float(np.abs(r).max()))
        if not np.allclose(g, r, rtol=workload.rtol, atol=atol):
            i = tuple(int(k) for k in np.unravel_index(np.argmax(np.abs(g - r)), r.shape))
            raise AssertionError(
                f"{workload.name}/{name}: grad {key}{list(i)} = {float(g[i]):.7g}, numpy baseline {float(r[i]):.7g} "
                f"(rtol={workload.rtol}, atol={atol:.2g})"
            )
