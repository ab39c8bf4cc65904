"""Forward-mode AD (torch.autograd.forward_ad) against torch: every op of op_table.OPS carries a
tangent equal to torch's forward-AD tangent, and the API's levels, views and errors match torch.

Each row's inputs get random float64 tangents; the engine and torch run the row's ``fn`` on dual
tensors made from the same numpy arrays. Where torch's op has no forward derivative, the engine
refuses with torch's words; two rows are skipped (see SKIP).
"""

import numpy as np
import pytest
import torch
import torch.autograd.forward_ad as tfw

from engine_helpers import assert_same_tensor, to_np
from op_table import OPS

SKIP = {  # rows whose tangents cannot be compared, with the reason
    "aminmax": "aminmax's second output gets no tangent (a two-output node; docs/tour.md)",
    "F.hardsigmoid": "hardsigmoid's VJP is not differentiable (torch's neither), and the JVP "
    "fallback transposes the VJP (docs/tour.md)",
}


def _skip(op):
    reason = SKIP.get(op.id.split("-")[0])
    return pytest.mark.skip(reason=reason) if reason else ()


ROWS = [pytest.param(op, id=op.id, marks=_skip(op)) for op in OPS]


def _tangents(op, arrays):
    rng = np.random.default_rng(4321 + len(op.id))
    return [rng.uniform(-1.0, 1.0, size=a.shape) for a in arrays]


def _dual_run(lib, fw, op, arrays, tangents, requires_grad=False):
    """(output primal, output tangent, the primal leaves) of op.fn on dual inputs."""
    leaves = [lib.tensor(a.copy(), dtype=lib.float64, requires_grad=requires_grad) for a in arrays]
    with fw.dual_level():
        duals = [
            fw.make_dual(x, lib.tensor(t.copy(), dtype=lib.float64))
            for x, t in zip(leaves, tangents)
        ]
        y = op.fn(lib, *duals)
        p, t = fw.unpack_dual(y)
    return p, t, leaves


def _torch_or_skip(op, arrays, tangents, requires_grad=False):
    try:
        return _dual_run(torch, tfw, op, arrays, tangents, requires_grad)
    except NotImplementedError as e:
        pytest.skip(f"torch has no forward derivative here: {str(e)[:80]}")


@pytest.mark.parametrize("op", ROWS)
def test_tangent_matches_torch(ag, op):
    arrays = op.arrays()
    tangents = _tangents(op, arrays)
    try:
        wp, wt, _ = _dual_run(torch, tfw, op, arrays, tangents)
    except NotImplementedError as e:  # no forward formula in torch: refused in its words
        with pytest.raises(NotImplementedError) as got:
            _dual_run(ag, ag.autograd.forward_ad, op, arrays, tangents)
        assert str(got.value) == str(e)
        return
    gp, gt, _ = _dual_run(ag, ag.autograd.forward_ad, op, arrays, tangents)
    assert_same_tensor(gp, wp, f"{op.id} primal")
    if wt is None:
        assert gt is None, f"{op.id}: torch gives no tangent, the engine gives {gt}"
        return
    assert_same_tensor(gt, wt, f"{op.id} tangent")


def _central_jvp(op, arrays, tangents, eps=1e-6):
    plus = op.fn(torch, *[torch.tensor(a + eps * t) for a, t in zip(arrays, tangents)])
    minus = op.fn(torch, *[torch.tensor(a - eps * t) for a, t in zip(arrays, tangents)])
    return (to_np(plus) - to_np(minus)) / (2 * eps)


@pytest.mark.parametrize("op", ROWS[::3])
def test_tangent_matches_central_differences(ag, op):
    arrays = op.arrays()
    tangents = _tangents(op, arrays)
    try:
        _, gt, _ = _dual_run(ag, ag.autograd.forward_ad, op, arrays, tangents)
    except NotImplementedError as e:
        pytest.skip(f"no forward derivative (torch has none either): {str(e)[:60]}")
    if gt is None:
        pytest.skip("no tangent (torch gives none either: see test_tangent_matches_torch)")
    np.testing.assert_allclose(to_np(gt), _central_jvp(op, arrays, tangents), rtol=1e-5, atol=1e-6)


def _torch_tangent(op, arrays, tangents):
    return to_np(_dual_run(torch, tfw, op, arrays, tangents)[1])


@pytest.mark.parametrize("op", [r for r in ROWS if r.values[0].gradgrad][::2])
def test_reverse_over_forward_matches_central_differences(ag, op):
    """The tangent is recorded in the backward graph: the gradient of <w, tangent> w.r.t. each
    primal equals central differences of torch's forward-AD tangent. (Not torch's own backward
    through its tangent: torch 2.13 gets that wrong for layer_norm, batch_norm and cumprod at 0,
    and raises for softmax, log_softmax, logsumexp and cross_entropy; ours matches the
    differences there.)"""
    arrays = op.arrays()
    tangents = _tangents(op, arrays)
    wt = _torch_or_skip(op, arrays, tangents)[1]
    _, gt, leaves = _dual_run(ag, ag.autograd.forward_ad, op, arrays, tangents, True)
    if wt is None:
        assert gt is None
        return
    w = np.random.default_rng(99).uniform(-1.0, 1.0, size=tuple(wt.shape))
    got = [None] * len(leaves)
    if gt.requires_grad:
        got = ag.autograd.grad(gt, leaves, ag.tensor(w), allow_unused=True)
    eps = 1e-6
    for i, a in enumerate(arrays):
        want = np.zeros(a.size)
        for k in range(a.size):
            e = np.zeros(a.size)
            e[k] = eps
            plus = [b + e.reshape(a.shape) if j == i else b for j, b in enumerate(arrays)]
            minus = [b - e.reshape(a.shape) if j == i else b for j, b in enumerate(arrays)]
            diff = _torch_tangent(op, plus, tangents) - _torch_tangent(op, minus, tangents)
            want[k] = (diff * w).sum() / (2 * eps)
        g = np.zeros(a.shape) if got[i] is None else to_np(got[i])
        np.testing.assert_allclose(
            g.ravel(), want, rtol=1e-5, atol=1e-6, err_msg=f"{op.id} d<w, tangent>/d input {i}"
        )


def test_forward_over_reverse_hvp(ag):
    """A dual input through autograd.grad (create_graph=True): the gradient's tangent is H v."""
    a = np.array([0.5, -1.0, 2.0])
    v = np.array([1.0, 2.0, -0.5])
    out = {}
    for lib in (torch, ag):
        fw = lib.autograd.forward_ad
        x = lib.tensor(a, dtype=lib.float64, requires_grad=True)
        with fw.dual_level():
            d = fw.make_dual(x, lib.tensor(v, dtype=lib.float64))
            y = (d.sin() * d.exp()).sum() + (d @ d) ** 2
            (g,) = lib.autograd.grad(y, x, create_graph=True)
            out[lib] = to_np(fw.unpack_dual(g).tangent)
    np.testing.assert_allclose(out[ag], out[torch], rtol=1e-10)


# ----------------------------------------------------------------------------- the API
def test_make_dual_is_a_view_and_unpack_gives_the_tangent(lib):
    fw = lib.autograd.forward_ad
    x = lib.tensor([1.0, 2.0], dtype=lib.float64)
    v = lib.tensor([3.0, 4.0], dtype=lib.float64)
    with fw.dual_level() as level:
        assert level == 0
        d = fw.make_dual(x, v)
        assert d is not x and d._base is x
        u = fw.unpack_dual(d)
        assert type(u).__name__ == "UnpackedDualTensor" and u._fields == ("primal", "tangent")
        assert u.tangent is v and fw.unpack_dual(u.primal).tangent is None
        assert fw.unpack_dual(x).tangent is None and fw.unpack_dual(d.detach()).tangent is None
        with lib.no_grad():  # forward AD does not depend on grad mode
            assert to_np(fw.unpack_dual(d * 2).tangent).tolist() == [6.0, 8.0]
        xr = x.clone().requires_grad_()
        assert fw.make_dual(xr, v).grad_fn.name() == "ViewBackward0"
    assert fw.unpack_dual(d).tangent is None  # tangents die with their level


@pytest.mark.parametrize(
    "case, err, phrase",
    [
        ("outside", RuntimeError, "Trying to create a dual Tensor for forward AD but no level"),
        ("shape", RuntimeError, "Trying to set a forward gradient that has a different size"),
        ("int", ValueError, "Expected primal to be floating point or complex, but got: torch.int64"),
        ("nested", RuntimeError, "Nested forward mode AD is not supported at the moment"),
        ("twice", RuntimeError, "Making a dual Tensor based on a Tensor that already has a forward"),
        ("no_fw_derivative", NotImplementedError, "Trying to use forward AD with aten::floor_divide"),
    ],
)
def test_errors_match_torch(lib, case, err, phrase):
    fw = lib.autograd.forward_ad
    x = lib.tensor([1.0, 2.0, 3.0], dtype=lib.float64)
    with pytest.raises(err) as info:
        if case == "outside":
            fw.make_dual(x, x)
        with fw.dual_level():
            if case == "shape":
                fw.make_dual(x, lib.zeros(4, dtype=lib.float64))
            if case == "int":
                fw.make_dual(lib.arange(3), lib.arange(3))
            if case == "nested":
                with fw.dual_level():
                    pass
            if case == "twice":
                fw.make_dual(fw.make_dual(x, x), x)
            if case == "no_fw_derivative":
                lib.floor_divide(fw.make_dual(x, x), 2)
    assert str(info.value).startswith(phrase), str(info.value)


def test_saved_tensors_keep_their_version_check(lib):
    fw = lib.autograd.forward_ad
    x = lib.ones(2, dtype=lib.float64, requires_grad=True)
    with fw.dual_level():
        y = fw.make_dual(x * 1, lib.ones(2, dtype=lib.float64)).exp()
        z = y * 1
        with lib.no_grad():
            y.add_(1)
        with pytest.raises(RuntimeError) as info:
            z.sum().backward()
    assert str(info.value).startswith(
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.DoubleTensor [2]], which is output 0 of Exp, is at version 1"
    ), str(info.value)


def test_a_level_left_by_an_error_is_closed(ag):
    fw = ag.autograd.forward_ad
    x = ag.tensor([1.0, 2.0], dtype=ag.float64)
    with pytest.raises(ZeroDivisionError):
        with fw.dual_level():
            fw.make_dual(x, x)
            1 / 0
    with fw.dual_level():  # a new level can start: the old one is gone
        d = fw.make_dual(x, x * 0 + 1)
        assert fw.unpack_dual(d.exp()).tangent is not None
    assert fw.unpack_dual((x * 2)).tangent is None
    with pytest.raises(RuntimeError, match="Dual level must be a positive number"):
        fw.exit_dual_level()

    @fw.dual_level()
    def tangent_of_exp(v):
        return fw.unpack_dual(fw.make_dual(x, v).exp()).tangent

    assert to_np(tangent_of_exp(x * 0 + 1)).tolist() == to_np(x.exp()).tolist()


def _inplace_programs(L):
    """In-place changes of dual tensors and of their views; every tangent, as numpy."""
    fw = L.autograd.forward_ad
    out = []
    with fw.dual_level():
        b = fw.make_dual(L.zeros(4, dtype=L.float64), L.ones(4, dtype=L.float64))
        c = b * 1
        v = c[1:3]
        v.mul_(3)  # a view's in-place change reaches its base's tangent
        d = L.zeros(4, dtype=L.float64)
        e = d[1:]
        e[1:3] = fw.make_dual(L.ones(2, dtype=L.float64), L.full((2,), 5.0, dtype=L.float64))
        f = L.zeros(3, dtype=L.float64)
        f.add_(fw.make_dual(L.ones(3, dtype=L.float64), L.arange(3, dtype=L.float64)))
        g = b * 2
        g[0] = 7.0  # a plain number: zero tangent there
        parts = (b * 1).split(2)
        for t in (c, v, d, e, f, g, *parts):
            out.append(to_np(fw.unpack_dual(t).tangent))
    return out


def test_inplace_and_view_tangents_match_torch(ag):
    for got, want in zip(_inplace_programs(ag), _inplace_programs(torch)):
        np.testing.assert_array_equal(got, want)
