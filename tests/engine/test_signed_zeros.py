"""Signs of zero in first and second derivatives, side by side with torch (float64).

Where no gradient passes, torch's formulas write +0 (a ``where`` or a ``masked_fill``), so a
negative upstream gradient must not give -0 (``g * mask`` would); where torch's formula is a
product, its -0 must come out too (elu's double backward at x = 0, sigmoid's at 0.5). Each case
runs the same program on both libraries and compares values and ``np.signbit`` of the first
derivative and of both second derivatives (w.r.t. the input and w.r.t. the upstream gradient).
"""

import numpy as np
import pytest
import torch

import autograd_core as ac

XS = np.array([-50.0, -3.0, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 3.0, 50.0, 800.0, -800.0])


def _F(lib):
    return lib.nn.functional


OPS = {
    "relu": lambda L, x: L.relu(x),
    "F.relu": lambda L, x: _F(L).relu(x),
    "leaky_relu": lambda L, x: _F(L).leaky_relu(x, 0.1),
    "abs": lambda L, x: L.abs(x),
    "elu": lambda L, x: _F(L).elu(x),
    "elu-alpha": lambda L, x: _F(L).elu(x, 0.5),
    "celu": lambda L, x: _F(L).celu(x, 2.0),
    "selu": lambda L, x: _F(L).selu(x),
    "clamp": lambda L, x: L.clamp(x, -1.0, 1.0),
    "clamp_min": lambda L, x: L.clamp(x, min=0.0),
    "clamp_max.m": lambda L, x: x.clamp_max(0.5),
    "hardtanh": lambda L, x: _F(L).hardtanh(x),
    "relu6": lambda L, x: _F(L).relu6(x),
    "where": lambda L, x: L.where(x > 0, x * x, -x),
    "where-zero": lambda L, x: L.where(x > 0, x, 0.0),
    "maximum": lambda L, x: L.maximum(x, L.zeros_like(x)),
    "minimum": lambda L, x: L.minimum(x, L.zeros_like(x)),
    "max": lambda L, x: x.max(),
    "min": lambda L, x: L.min(x),
    "max-dim": lambda L, x: x.reshape(3, 4).max(1).values,
    "min-dim": lambda L, x: x.reshape(3, 4).min(0)[0],
    "amax": lambda L, x: x.reshape(3, 4).amax(1),
    "median": lambda L, x: x.median(),
    "sigmoid": lambda L, x: L.sigmoid(x),
    "sigmoid-extreme": lambda L, x: L.sigmoid(x * 30),
    "tanh": lambda L, x: L.tanh(x),
    "tanh-extreme": lambda L, x: (x * 30).tanh(),
    "pow0": lambda L, x: x**0,
    "pow1": lambda L, x: x**1,
    "pow2": lambda L, x: x**2,
    "pow3": lambda L, x: L.pow(x, 3),
    "square": lambda L, x: L.square(x),
    "mse": lambda L, x: _F(L).mse_loss(x, L.zeros_like(x), reduction="none"),
    "huber": lambda L, x: _F(L).huber_loss(x, L.zeros_like(x), reduction="none", delta=0.5),
    "smooth_l1": lambda L, x: _F(L).smooth_l1_loss(x, L.zeros_like(x), reduction="none"),
}
UPSTREAM = {"ones": 1.0, "minus-ones": -1.0, "zeros": 0.0}


def _np(t):
    return t.detach().numpy(force=True)


def _program(lib, fn, upstream, vsign):
    x = lib.tensor(XS.copy(), requires_grad=True)
    y = fn(lib, x)
    go = lib.full(tuple(y.shape), upstream, dtype=lib.float64, requires_grad=True)
    (g1,) = lib.autograd.grad(y, x, go, create_graph=True)
    seen = {"g1": _np(g1)}
    if g1.requires_grad:
        v = lib.tensor(np.linspace(-1.0, 1.0, XS.size) * vsign)
        g2 = lib.autograd.grad((g1 * v).sum(), [x, go], allow_unused=True)
        # torch answers None where a second derivative is identically zero: compare as +0
        seen["g2x"], seen["g2go"] = [
            np.zeros(tuple(t.shape)) if d is None else _np(d) for d, t in zip(g2, (x, go))
        ]
    return seen


@pytest.mark.parametrize("vsign", [1.0, -1.0], ids=["v", "-v"])
@pytest.mark.parametrize("upstream", list(UPSTREAM), ids=list(UPSTREAM))
@pytest.mark.parametrize("name", list(OPS))
def test_signs_of_zero_in_derivatives_match_torch(name, upstream, vsign):
    want = _program(torch, OPS[name], UPSTREAM[upstream], vsign)
    got = _program(ac, OPS[name], UPSTREAM[upstream], vsign)
    assert set(got) == set(want), f"{name}: {sorted(got)} != torch's {sorted(want)}"
    for key, w in want.items():
        g = got[key]
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=0, equal_nan=True, err_msg=f"{name} {key}")
        zero = (g == 0) & (w == 0)
        bad = zero & (np.signbit(g) != np.signbit(w))
        assert not bad.any(), (
            f"{name} {key}: signs of zero differ at x = {XS[bad.reshape(-1)[: XS.size]]}"
            if bad.size == XS.size else f"{name} {key}: signs of zero differ: {g} vs torch {w}"
        )


@pytest.mark.parametrize("upstream", [1.0, -1.0])
def test_pow_tensor_gradient_at_zero_base_and_exponent_matches_torch(upstream):
    """d/dx x ** y at x = y = 0 is 0 in torch (a where on y == 0), not 0 * 0 ** -1 = nan."""
    want = _program(torch, lambda L, x: L.pow(x.abs(), x), upstream, 1.0)
    got = _program(ac, lambda L, x: L.pow(x.abs(), x), upstream, 1.0)
    for key, w in want.items():
        np.testing.assert_allclose(got[key], w, rtol=1e-12, atol=0, equal_nan=True, err_msg=key)
