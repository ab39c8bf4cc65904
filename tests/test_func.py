"""torch.func (autograd_core.func) against torch.func: grad, grad_and_value, vjp, jvp, jacrev,
jacfwd, hessian and vmap over a table of functions, their nestings, central differences in float64,
and torch's errors."""

import numpy as np
import pytest
import torch

import autograd_core as ag

RNG = np.random.default_rng(7)
X3 = RNG.uniform(0.5, 1.5, size=3) * RNG.choice([-1.0, 1.0], size=3)
W = RNG.uniform(-1.0, 1.0, size=(4, 3))
B = RNG.uniform(-1.0, 1.0, size=4)
W2 = RNG.uniform(-1.0, 1.0, size=(2, 4))
Y3 = RNG.uniform(0.5, 1.5, size=3)


def _mlp(L, x):
    w, b, w2 = (L.tensor(a, dtype=L.float64) for a in (W, B, W2))
    return w2 @ L.tanh(w @ x + b)


# name -> f(L, x) for x of shape (3,): vector-valued functions (jacobians) and their sums (grads).
FUNCS = {
    "elementwise": lambda L, x: x.exp() * x.sin() + x**2 / (1 + x.abs()),
    "log-sigmoid": lambda L, x: L.log(L.sigmoid(x)) + x.relu(),
    "matmul": lambda L, x: L.tensor(W, dtype=L.float64) @ x,
    "reductions": lambda L, x: L.stack([x.sum(), x.mean(), (x * x).sum().sqrt()]),
    "softmax": lambda L, x: L.softmax(x * 2, dim=0),
    "mlp": _mlp,
}
IDS = list(FUNCS)


def _np(t):
    return t.detach().numpy()


def _both(make):
    """make(L) with torch and the engine; results as numpy (trees of tuples kept)."""

    def conv(r):
        return tuple(conv(v) for v in r) if isinstance(r, (tuple, list)) else _np(r)

    return conv(make(ag)), conv(make(torch))


def _close(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w)
        return
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)


def _x(L, a=X3):
    return L.tensor(a, dtype=L.float64)


@pytest.mark.parametrize("name", IDS)
@pytest.mark.parametrize(
    "transform",
    ["grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "vmap"],
)
def test_transform_matches_torch_func(name, transform):
    f = FUNCS[name]
    v = np.array([0.3, -1.2, 0.7])

    def make(L):
        def s(x):
            return f(L, x).sum()

        x = _x(L)
        if transform == "grad":
            return L.func.grad(s)(x)
        if transform == "grad_and_value":
            return L.func.grad_and_value(s)(x)
        if transform == "vjp":
            out, fn = L.func.vjp(lambda x: f(L, x), x)
            return out, fn(L.ones_like(out) * 0.5 + out)
        if transform == "jvp":
            return L.func.jvp(lambda x: f(L, x), (x,), (_x(L, v),))
        if transform == "vmap":
            batch = L.stack([x, x * 2, -x])
            return L.func.vmap(lambda x: f(L, x))(batch)
        return getattr(L.func, transform)(s if transform == "hessian" else (lambda x: f(L, x)))(x)

    got, want = _both(make)
    _close(got, want)


def _central(f, a, eps=1e-6):
    """Jacobian of f (numpy -> numpy) by central differences."""
    cols = []
    for k in range(a.size):
        e = np.zeros_like(a)
        e[k] = eps
        cols.append((f(a + e) - f(a - e)) / (2 * eps))
    return np.stack(cols, -1)


@pytest.mark.parametrize("name", IDS)
def test_jacobians_and_hessian_match_central_differences(name):
    f = FUNCS[name]

    def value(a):
        return _np(f(ag, _x(ag, a)))

    want = _central(value, X3)
    for jac in (ag.func.jacrev, ag.func.jacfwd):
        np.testing.assert_allclose(_np(jac(lambda x: f(ag, x))(_x(ag))), want, atol=1e-7)

    def gradient(a):
        return _np(ag.func.grad(lambda x: f(ag, x).sum())(_x(ag, a)))

    hess = ag.func.hessian(lambda x: f(ag, x).sum())(_x(ag))
    np.testing.assert_allclose(_np(hess), _central(gradient, X3), atol=1e-7)


@pytest.mark.parametrize(
    "nesting",
    [
        "grad-grad",
        "jacrev-jacrev",
        "jacfwd-jacrev",
        "jacrev-jacfwd",
        "jacfwd-jacfwd",
        "grad-of-jvp",
        "jvp-of-grad",
        "jvp-of-jvp",
    ],
)
def test_nested_transforms_match_torch(nesting):
    def make(L):
        fn = L.func

        def f(x):
            return (x.sin() * x.exp()).sum() + (x @ x) ** 2

        x = _x(L)
        v = _x(L, Y3)
        if nesting == "grad-grad":
            return fn.grad(lambda y: fn.grad(f)(y).sin().sum())(x)
        if nesting == "grad-of-jvp":
            return fn.grad(lambda y: fn.jvp(f, (y,), (v,))[1])(x)
        if nesting == "jvp-of-grad":
            return fn.jvp(fn.grad(f), (x,), (v,))
        if nesting == "jvp-of-jvp":
            return fn.jvp(lambda y: fn.jvp(f, (y,), (v,))[1], (x,), (v * 2,))
        outer, inner = nesting.split("-")
        return getattr(fn, outer)(getattr(fn, inner)(f))(x)

    got, want = _both(make)
    _close(got, want)


def test_no_perturbation_confusion():
    """d/dx [x * d/dy (x * y)] = d/dx x^2 = 2x: the inner grad is w.r.t. its own input only."""
    for L in (torch, ag):
        x = _x(L)
        got = L.func.grad(lambda x: (x * L.func.grad(lambda y: (x * y).sum())(x)).sum())(x)
        np.testing.assert_allclose(_np(got), 2 * X3)


def test_argnums_has_aux_and_purity():
    def make(L):
        def f(x, y):
            return (x * y.exp()).sum(), {"aux": x * 2}

        x, y = _x(L), _x(L, Y3)
        g, aux = L.func.grad(f, argnums=(0, 1), has_aux=True)(x, y)
        gv = L.func.grad_and_value(f, argnums=1, has_aux=True)(x, y)
        jac = L.func.jacrev(lambda x, y: (x * y, x.sum()), argnums=(0, 1))(x, y)
        jf = L.func.jacfwd(lambda x, y: x * y, argnums=1)(x, y)
        out, fn, aux2 = L.func.vjp(f, x, y, has_aux=True)
        assert not g[0].requires_grad and not out.requires_grad  # pure: nothing is tracked
        return (*g, aux["aux"], gv[0], *gv[1][:1], gv[1][1]["aux"], *jac[0], *jac[1], jf,
                *fn(L.tensor(1.5, dtype=L.float64)), aux2["aux"])

    got, want = _both(make)
    _close(got, want)


def test_results_require_grad_only_when_nested():
    for L in (torch, ag):
        x = _x(L)
        assert not L.func.grad(lambda x: (x**2).sum())(x).requires_grad
        xr = x.clone().requires_grad_()
        g = L.func.grad(lambda x: (x**3).sum())(xr)
        assert g.requires_grad
        (gg,) = L.autograd.grad(g.sum(), xr)
        np.testing.assert_allclose(_np(gg), 6 * X3)


def test_vmap_in_dims_and_out_dims():
    def make(L):
        a = L.tensor(W, dtype=L.float64)
        r1 = L.func.vmap(lambda r, y: r * y, in_dims=(0, None))(a, _x(L))
        r2 = L.func.vmap(lambda c: c.sum(), in_dims=1)(a)
        r3 = L.func.vmap(lambda r: r * 2, out_dims=1)(a)
        return r1, r2, r3

    got, want = _both(make)
    _close(got, want)


@pytest.mark.parametrize(
    "case, err, phrase",
    [
        ("not-scalar", RuntimeError, "grad_and_value(f)(*args): Expected f(*args) to return a scalar"),
        ("not-tensor", RuntimeError, "grad_and_value(f)(*args): Expected f(*args) to return a Tensor"),
        ("argnum", RuntimeError, "Got argnum=1, but only 1 positional inputs"),
        ("aux", RuntimeError, "grad_and_value(f)(*args): output of function f should be a tuple"),
        ("number-input", ValueError, "Thing passed to transform API must be Tensor, got <class"),
        ("jvp-primals", RuntimeError, "jvp(f, primals, tangents): Expected primals to be a tuple"),
        ("jvp-structure", RuntimeError, "jvp(f, primals, tangents): Expected primals and tangents"),
        ("jvp-shape", RuntimeError, "Trying to set a forward gradient that has a different size"),
        ("vjp-shape", RuntimeError, "Mismatch in shape: grad_output[0] has a shape of"),
    ],
)
def test_errors_match_torch(case, err, phrase):
    for L in (torch, ag):
        fn, x = L.func, _x(L)
        with pytest.raises(err) as info:
            if case == "not-scalar":
                fn.grad(lambda x: x * 2)(x)
            elif case == "not-tensor":
                fn.grad(lambda x: 2.0)(x)
            elif case == "argnum":
                fn.grad(lambda x: x.sum(), argnums=1)(x)
            elif case == "aux":
                fn.grad(lambda x: x.sum(), has_aux=True)(x)
            elif case == "number-input":
                fn.grad(lambda x: x.sum())(2.0)
            elif case == "jvp-primals":
                fn.jvp(lambda x: x * 2, x, (x,))
            elif case == "jvp-structure":
                fn.jvp(lambda x: x * 2, (x,), (x, x))
            elif case == "jvp-shape":
                fn.jvp(lambda x: x * 2, (x,), (L.zeros(4, dtype=L.float64),))
            else:
                fn.vjp(lambda x: x * 2, x)[1](L.ones(4, dtype=L.float64))
        assert str(info.value).startswith(phrase), (L.__name__, str(info.value))
