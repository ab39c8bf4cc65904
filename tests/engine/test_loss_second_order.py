"""Second-order structure of the pointwise losses, side by side with torch (float64).

torch differentiates mse_loss, huber_loss and smooth_l1_loss through ops of their own
(mse_loss_backward, ...): a gradient taken with create_graph=True has the node
MseLossBackwardBackward0 (HuberLossBackwardBackward0, SmoothL1LossBackwardBackward0) and its own
double backward; l1_loss (and smooth_l1_loss with beta=0) is composed of abs and a reduction. Each
case runs the same program on both libraries and compares values, requires_grad and node names,
with the second backward run without retain_graph, as torch allows.
"""

import warnings

import numpy as np
import pytest
import torch

import autograd_core as ac

# input - target hits the kinks exactly (|d| == 0.5 and == 1.0) and a tie (d == 0)
X = np.array([[0.3, -1.7, 2.5, 0.5], [0.0, 0.9, -0.2, -1.0]])
T = np.array([[0.1, 0.2, -0.4, 0.0], [0.0, 2.5, -0.2, 0.0]])

LOSSES = [("l1_loss", {}), ("mse_loss", {})]
LOSSES += [("smooth_l1_loss", {"beta": b}) for b in (1.0, 0.5, 0.0, 3.0)]
LOSSES += [("huber_loss", {"delta": d}) for d in (1.0, 0.5, 3.0)]
CASES = [
    pytest.param(name, red, kw, id=f"{name}-{red}-{kw}")
    for name, kw in LOSSES
    for red in ("mean", "sum", "none")
]


def _np(t):
    return None if t is None else np.array(t.detach().numpy(force=True) if t.__class__ is torch.Tensor else t.detach().numpy(force=True))


def _name(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__


def _program(lib, name, red, kw, nonleaf, target_shape):
    """loss -> (g_x, g_t) with create_graph -> a second backward through both, no retain_graph."""
    w = lib.tensor(X.copy(), requires_grad=True)
    t = lib.tensor(T[: target_shape[0]].reshape(target_shape).copy(), requires_grad=True)
    x = w * 1.5 if nonleaf else w
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a broadcast target: both warn alike (tested elsewhere)
        loss = getattr(lib.nn.functional, name)(x, t, reduction=red, **kw)
    go = lib.ones_like(loss) * 0.75 if red == "none" else None
    gx, gt = lib.autograd.grad(loss, (x, t), grad_outputs=go, create_graph=True)
    seen = {
        "loss": (_np(loss), _name(loss)),
        "gx": (_np(gx), _name(gx), gx.requires_grad),
        "gt": (_np(gt), _name(gt), gt.requires_grad),
    }
    v = lib.tensor(np.linspace(-1.0, 1.0, gx.numel()).reshape(tuple(gx.shape)))
    hx = lib.autograd.grad(
        (gx * v).sum(), (w, t), retain_graph=True, allow_unused=True, materialize_grads=True
    )
    (gx.sum() * 0.5 + (gt * gt).sum()).backward()  # no retain_graph: torch needs none
    seen["hx"] = [_np(h) for h in hx]
    seen["grads"] = (_np(w.grad), _np(t.grad))
    return seen


def _same(got, want, what):
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want), what
        for i, (a, b) in enumerate(zip(got, want)):
            _same(a, b, f"{what}[{i}]")
    elif isinstance(want, np.ndarray):
        assert got.shape == want.shape, f"{what}: shape {got.shape} != torch's {want.shape}"
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15, err_msg=what)
        assert (np.signbit(got) == np.signbit(want)).all(), f"{what}: signs of zero {got} {want}"
    else:
        assert got == want, f"{what}: {got!r} != torch's {want!r}"


@pytest.mark.parametrize("nonleaf", [False, True], ids=["leaf", "nonleaf"])
@pytest.mark.parametrize("name,red,kw", CASES)
def test_loss_second_order_matches_torch(name, red, kw, nonleaf):
    want = _program(torch, name, red, kw, nonleaf, (2, 4))
    got = _program(ac, name, red, kw, nonleaf, (2, 4))
    for key in want:
        _same(got[key], want[key], f"{name}({red}, {kw}) {key}")


@pytest.mark.parametrize("name,kw", [("mse_loss", {}), ("smooth_l1_loss", {"beta": 0.5})])
@pytest.mark.parametrize("red", ["mean", "sum"])
def test_loss_with_a_broadcast_target_second_order_matches_torch(name, kw, red):
    """A target of shape (4,) against an input (2, 4): the mean divides by the broadcast count."""
    want = _program(torch, name, red, kw, False, (1, 4))
    got = _program(ac, name, red, kw, False, (1, 4))
    for key in want:
        _same(got[key], want[key], f"{name}({red}) broadcast {key}")


@pytest.mark.parametrize("name,kw", [("mse_loss", {}), ("huber_loss", {"delta": 0.5}),
                                     ("smooth_l1_loss", {"beta": 0.5})])
def test_loss_gradient_graph_is_freed_like_torch(name, kw):
    """After a backward without retain_graph through the gradient's graph, a second one fails in
    both libraries with the same error (the loss_backward node saved its inputs)."""
    def run(lib):
        x = lib.tensor(X.copy(), requires_grad=True)
        t = lib.tensor(T.copy(), requires_grad=True)
        g, = lib.autograd.grad(getattr(lib.nn.functional, name)(x, t, **kw), x, create_graph=True)
        s = (g * g).sum()
        s.backward()
        try:
            s.backward()
        except RuntimeError as e:
            return _np(x.grad), str(e).split(".")[0]
        return _np(x.grad), None

    (gw, ew), (ga, ea) = run(torch), run(ac)
    np.testing.assert_allclose(ga, gw, rtol=1e-12)
    assert ea == ew
