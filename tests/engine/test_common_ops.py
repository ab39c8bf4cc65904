"""The common ops of _common side by side with torch: values, dtypes, node names, versions and the
errors torch raises (class and message). Gradients are checked by the op table (op_table_more) and
the fuzzer (fuzz_forms_more)."""

import numpy as np
import pytest
import torch

import autograd_core as ac

X = np.array([[1.5, -2.0, 0.0], [3.0, -0.5, 2.0]])
Y = np.array([0.7, 2.0, -1.5])
I = np.array([5, -7, 3])


def _observe(fn, lib):
    try:
        r = fn(lib)
    except Exception as e:  # the class and message torch gives
        # (the start: torch lists its overloads after "but expected one of")
        return ("raises", type(e).__name__, str(e).split("\n")[0].split(", but expected")[0])
    if isinstance(r, tuple):
        return tuple(_observe(lambda _: t, lib) for t in r)
    if isinstance(r, lib.Tensor):
        data = r.detach().numpy()
        return (str(r.dtype), tuple(r.shape), np.asarray(data).round(12).astype(str).tolist(),
                None if r.grad_fn is None else type(r.grad_fn).__name__.split("::")[-1])
    return r


def x(L):
    return L.tensor(X.copy(), requires_grad=True)


def y(L):
    return L.tensor(Y.copy(), requires_grad=True)


def i(L):
    return L.tensor(I.copy())


def _grad(L, f):
    v = x(L)
    return L.autograd.grad(f(v), v)


CASES = {
    "fmod": lambda L: L.fmod(x(L), 0.7),
    "fmod-tensor": lambda L: x(L).fmod(y(L)),
    "fmod-int": lambda L: L.fmod(i(L), 2),
    "fmod-int-by-zero": lambda L: L.fmod(i(L), 0),
    "fmod-bool": lambda L: L.fmod(i(L) > 0, True),
    "fmod-number-first": lambda L: L.fmod(2.0, x(L)),
    "fmod_": lambda L: (x(L) * 1).fmod_(0.5),
    "copysign": lambda L: L.copysign(x(L), y(L)),
    "copysign-int": lambda L: L.copysign(i(L), -1),
    "copysign_": lambda L: (x(L) * 1).copysign_(-2.0),
    "heaviside": lambda L: L.heaviside(x(L), L.tensor([0.5], dtype=L.float64)),
    "heaviside-int": lambda L: i(L).heaviside(L.tensor([1])),
    "heaviside-mixed": lambda L: L.heaviside(x(L), L.tensor([0.5])),
    "heaviside-number": lambda L: L.heaviside(x(L), 0.5),
    "heaviside-backward": lambda L: L.heaviside(x(L), L.tensor([0.5], dtype=L.float64)).sum().backward(),
    "deg2rad": lambda L: L.deg2rad(x(L)),
    "rad2deg-int": lambda L: L.rad2deg(i(L)),
    "nansum-nan": lambda L: L.nansum(x(L) / (x(L) > 0)),
    "nansum-nan-grad": lambda L: _grad(L, lambda v: L.nansum(v * L.tensor([1.0, float("nan"), 1.0], dtype=L.float64))),
    "nansum-int": lambda L: L.nansum(i(L)),
    "nansum-dtype": lambda L: x(L).nansum(dtype=L.float32),
    "aminmax": lambda L: tuple(L.aminmax(x(L))),
    "aminmax-dim": lambda L: tuple(x(L).aminmax(dim=0, keepdim=True)),
    "aminmax-fields": lambda L: type(L.aminmax(x(L))).__name__ + str(L.aminmax(x(L)).max.item()),
    "aminmax-empty": lambda L: L.aminmax(L.zeros(0)),
    "dist": lambda L: L.dist(x(L), y(L)),
    "dist-int": lambda L: L.dist(i(L), i(L)),
    "broadcast_tensors": lambda L: L.broadcast_tensors(x(L), y(L)),
    "broadcast_tensors-bad": lambda L: L.broadcast_tensors(x(L), L.zeros(2)),
    "repeat_interleave": lambda L: L.repeat_interleave(x(L), 2),
    "repeat_interleave-tensor": lambda L: y(L).repeat_interleave(L.tensor([1, 0, 2])),
    "repeat_interleave-counts": lambda L: L.repeat_interleave(L.tensor([1, 2])),
    "repeat_interleave-bad": lambda L: x(L).repeat_interleave(L.tensor([1, 2, 3]), dim=0),
    "repeat_interleave-negative": lambda L: x(L).repeat_interleave(-1),
    "index_add-float-index": lambda L: L.zeros(3).index_add(0, L.tensor([0.0]), L.ones(1)),
    "index_copy-2d-index": lambda L: L.zeros(3).index_copy(0, L.tensor([[0]]), L.ones(1)),
    "repeat_interleave-float-repeats": lambda L: L.ones(2).repeat_interleave(L.tensor([1.0, 2.0])),
    "unsqueeze_-out-of-range": lambda L: L.ones(2).unsqueeze_(5),
    "unsqueeze-out-of-range": lambda L: L.ones(2).unsqueeze(-4),
    "index_add": lambda L: L.index_add(x(L), 1, L.tensor([0, 0]), L.ones(2, 2, dtype=L.float64)),
    "index_add-out-of-range": lambda L: x(L).index_add(1, L.tensor([0, 5]), L.ones(2, 2, dtype=L.float64)),
    "index_add-shape": lambda L: x(L).index_add(1, L.tensor([0, 2]), L.ones(3, 2, dtype=L.float64)),
    "index_add-dtype": lambda L: x(L).index_add(1, L.tensor([0, 2]), L.ones(2, 2)),
    "index_copy": lambda L: L.index_copy(x(L), 1, L.tensor([0, 2]), L.ones(2, 2, dtype=L.float64)),
    "index_copy-out-of-range": lambda L: x(L).index_copy(1, L.tensor([0, 5]), L.ones(2, 2, dtype=L.float64)),
    "index_copy-shape": lambda L: x(L).index_copy(1, L.tensor([0, 2]), L.ones(3, 2, dtype=L.float64)),
    "index_copy-dtype": lambda L: x(L).index_copy(1, L.tensor([0, 2]), L.ones(2, 2)),
    "floor_divide_": lambda L: (x(L) * 1).floor_divide_(0.7),
    "floor_divide_-int": lambda L: i(L).floor_divide_(2),
    "<<": lambda L: i(L) << 2,
    ">>": lambda L: i(L) >> 1,
    "r<<": lambda L: 3 << i(L).abs(),
    "r>>": lambda L: 300 >> i(L).abs(),
    "<<-tensor": lambda L: i(L) << L.tensor([1, 2, 70]),
    ">>-out-of-range": lambda L: i(L) >> 70,
    "<<-negative": lambda L: i(L) << -1,
    "<<-bool": lambda L: (i(L) > 0) << 1,
    "<<-uint8": lambda L: L.tensor([200], dtype=L.uint8) << 1,
    ">>-int8": lambda L: L.tensor([-100], dtype=L.int8) >> 9,
    "<<-float": lambda L: x(L) << 1,
    "<<-float-number": lambda L: i(L) << 1.5,
    "<<=": lambda L: i(L).__ilshift__(1),
    "bitwise_left_shift_": lambda L: i(L).bitwise_left_shift_(2),
    "bitwise_right_shift": lambda L: L.bitwise_right_shift(i(L), 1),
    "t_": lambda L: (x(L) * 1).t_(),
    "t_-leaf": lambda L: x(L).t_(),
    "t_-3d": lambda L: L.zeros(2, 2, 2).t_(),
    "squeeze_": lambda L: (x(L) * 1).reshape(1, 2, 1, 3).squeeze_(),
    "squeeze_-dim": lambda L: (x(L) * 1).unsqueeze(0).squeeze_(0),
    "squeeze_-dims": lambda L: (x(L) * 1).reshape(1, 2, 1, 3).squeeze_((0, 2)),
    "unsqueeze_": lambda L: (x(L) * 1).unsqueeze_(1),
    "transpose_": lambda L: (x(L) * 1).transpose_(0, 1),
    "F.softsign": lambda L: L.nn.functional.softsign(x(L)),
    "F.tanhshrink-int": lambda L: L.nn.functional.tanhshrink(i(L)),
    "F.hardsigmoid-int": lambda L: L.nn.functional.hardsigmoid(i(L)),
    "F.hardsigmoid-grad": lambda L: _grad(L, lambda v: L.nn.functional.hardsigmoid(v * 2).sum()),
    "F.hardswish-inplace": lambda L: L.nn.functional.hardswish(x(L) * 1, inplace=True),
    "modules": lambda L: " ".join(repr(m) for m in (L.nn.Softsign(), L.nn.Tanhshrink(), L.nn.Hardsigmoid(), L.nn.Hardswish(inplace=True))),
}


@pytest.mark.parametrize("name", list(CASES))
def test_common_op_matches_torch(name):
    assert _observe(CASES[name], ac) == _observe(CASES[name], torch)


@pytest.mark.parametrize("op", ["t_", "squeeze_", "unsqueeze_", "transpose_"])
def test_inplace_views_bump_the_version_and_keep_the_graph(op):
    """The tensor itself takes the new shape; its version moves by one; backward flows."""
    args = {"t_": (), "squeeze_": (0,), "unsqueeze_": (0,), "transpose_": (0, 1)}[op]

    def run(L):
        w = L.tensor(X[:1].copy(), requires_grad=True)
        a = w * 2
        v0 = a._version
        r = getattr(a, op)(*args)
        (a * L.tensor(np.arange(3.0).reshape(tuple(a.shape)))).sum().backward()
        return r is a, a._version - v0, tuple(a.shape), w.grad.numpy().tolist()

    assert run(ac) == run(torch)


def test_hardswish_kinks_and_double_backward_match_torch():
    def run(L):
        v = L.tensor([-3.0, -2.0, 0.0, 3.0, 4.0], dtype=L.float64, requires_grad=True)
        (g,) = L.autograd.grad(L.nn.functional.hardswish(v).sum(), v, create_graph=True)
        (h,) = L.autograd.grad(g.sum(), v)
        return g.detach().numpy().tolist(), type(g.grad_fn).__name__, h.numpy().tolist()

    assert run(ac) == run(torch)
