"""The margin, embedding and likelihood losses against torch: soft_margin, multilabel_soft_margin,
multilabel_margin, multi_margin, cosine_embedding, margin_ranking, hinge_embedding, triplet_margin
(with and without a distance function), poisson_nll and gaussian_nll; their modules and the
``torch.<name>`` forms with torch's reduction enum.

One table (CASES) drives every check: each case is a loss call with its inputs, run through both
libraries for each reduction and dtype; values, dtypes, shapes, the result's node name, the
gradients (first and second order) must be torch's, and gradcheck / gradgradcheck must pass on the
engine (or refuse double backward where torch refuses it). BAD lists wrong calls whose error type
and message must be torch's.
"""
import re
import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="these differential tests compare against PyTorch")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")

REDUCTIONS = ("none", "mean", "sum")
DTYPES = ("float32", "float64")
TOL = {"float64": dict(rtol=1e-12, atol=1e-14), "float32": dict(rtol=1e-6, atol=1e-6)}
RNG = np.random.default_rng(20240613)


def normal(*shape):
    return RNG.standard_normal(shape)


def signs(*shape):
    return np.where(RNG.standard_normal(shape) > 0, 1.0, -1.0)


def positive(*shape):
    return RNG.uniform(0.3, 3.0, shape)


def classes(n, c):
    return RNG.integers(0, c, n) if n is not None else np.array(RNG.integers(0, c))


def multilabels(rows, c):
    """Each row: some classes (a repeat allowed), a -1, then anything (ignored)."""
    out = RNG.integers(0, c, (rows, c))
    for r in range(rows):
        out[r, RNG.integers(1, c)] = -1
    return out


class Case:
    """A loss call `fn(F, lib, *tensors, reduction=...)` on `arrays`; `grads` says which
    arguments require grad; `double`: torch's double backward ('ok' or 'refused')."""

    def __init__(self, name, fn, arrays, grads, double="ok"):
        self.name, self.fn, self.arrays, self.grads, self.double = name, fn, arrays, grads, double

    def tensors(self, lib, dtype, requires_grad=True):
        out = []
        for a, g in zip(self.arrays, self.grads):
            a = np.asarray(a)
            t = lib.tensor(a.copy(), dtype=getattr(lib, dtype) if a.dtype.kind == "f" else None)
            out.append(t.requires_grad_() if g and requires_grad else t)
        return out

    def __call__(self, lib, tensors, reduction):
        return self.fn(lib.nn.functional, lib, *tensors, reduction=reduction)


def _cases():
    cases = []

    def add(name, fn, arrays, grads, double="ok"):
        cases.append(Case(name, fn, arrays, grads, double))

    for shape in ((4, 5), (1, 5), (5,), ()):
        add(f"soft_margin-{shape}", lambda F, L, x, y, **k: F.soft_margin_loss(x, y, **k),
            [normal(*shape), signs(*shape)], [True, False])
    add("soft_margin-real-target-broadcast",  # (|target| != 1: its square shows in the 2nd order)
        lambda F, L, x, y, **k: F.soft_margin_loss(x, y, **k), [normal(3, 4), normal(1, 4) * 2],
        [True, False])
    for shape, w in (((4, 5), False), ((1, 5), True), ((5,), False), ((3, 5), True)):
        ws = [positive(5)] if w else []
        add(f"multilabel_soft_margin-{shape}{'-weight' if w else ''}",
            lambda F, L, x, y, *w, **k: F.multilabel_soft_margin_loss(x, y, *w, **k),
            [normal(*shape), (signs(*shape) > 0) * 1.0, *ws], [True, True, False])
    for rows in (4, 1, None):
        shape = (5,) if rows is None else (rows, 5)
        target = multilabels(1, 5)[0] if rows is None else multilabels(rows, 5)
        add(f"multilabel_margin-{shape}", lambda F, L, x, y, **k: F.multilabel_margin_loss(x, y, **k),
            [normal(*shape), target], [True, False], double="refused")
    add("multilabel_margin-every-class", lambda F, L, x, y, **k: F.multilabel_margin_loss(x, y, **k),
        [normal(2, 4), np.array([[0, 1, 2, 3], [2, 2, -1, 0]])], [True, False], double="refused")
    for p in (1, 2):
        for shape, target, weight in (((4, 5), classes(4, 5), False), ((1, 5), classes(1, 5), True),
                                      ((5,), classes(None, 5), True), ((5,), classes(1, 5), False),
                                      ((6, 3), classes(6, 3), True)):
            ws = [positive(shape[-1])] if weight else []
            add(f"multi_margin-p{p}-{shape}-t{target.ndim}d{'-weight' if weight else ''}",
                lambda F, L, x, y, *w, p=p, **k: F.multi_margin_loss(
                    x, y, p=p, margin=0.8, weight=w[0] if w else None, **k),
                [normal(*shape), target, *ws], [True, False, False], double="refused")
    for shape in ((4, 5), (1, 5), (5,)):
        tshape = shape[:1] if len(shape) == 2 else ()
        target = np.array(RNG.choice([1.0, -1.0, 0.0], tshape))
        for margin in (0.0, 0.3):
            add(f"cosine_embedding-{shape}-margin{margin}",
                lambda F, L, a, b, y, m=margin, **k: F.cosine_embedding_loss(a, b, y, margin=m, **k),
                [normal(*shape), normal(*shape), target], [True, True, False])
    for shape in ((6,), (1,), (2, 3)):
        add(f"margin_ranking-{shape}",
            lambda F, L, a, b, y, **k: F.margin_ranking_loss(a, b, y, margin=0.2, **k),
            [normal(*shape), normal(*shape), signs(*shape)], [True, True, True])
    for shape in ((4, 5), (1, 5), (5,)):
        add(f"hinge_embedding-{shape}",
            lambda F, L, x, y, **k: F.hinge_embedding_loss(x, y, margin=0.7, **k),
            [normal(*shape), np.array(RNG.choice([1.0, -1.0, 0.5], shape))], [True, False])
    for shape in ((4, 5), (1, 5), (5,)):
        for p, swap in ((2, False), (1, True), (3, False)):
            add(f"triplet_margin-{shape}-p{p}{'-swap' if swap else ''}",
                lambda F, L, a, q, n, p=p, s=swap, **k: F.triplet_margin_loss(
                    a, q, n, margin=1.5, p=p, swap=s, **k),
                [normal(*shape), normal(*shape), normal(*shape)], [True, True, True])
    for shape in ((4, 5), (1, 5), (5,)):
        for custom, swap in ((False, False), (True, True)):
            add(f"triplet_distance-{shape}{'-cosine' if custom else ''}{'-swap' if swap else ''}",
                lambda F, L, a, q, n, c=custom, s=swap, **k: F.triplet_margin_with_distance_loss(
                    a, q, n, swap=s, margin=1.2,
                    distance_function=(lambda u, v: 1 - F.cosine_similarity(u, v, dim=-1))
                    if c else None, **k),
                [normal(*shape), normal(*shape), normal(*shape)], [True, True, True])
    for shape in ((4, 5), (1, 5), ()):
        for log_input, full in ((True, False), (False, True), (True, True)):
            x = normal(*shape) if log_input else positive(*shape)
            t = positive(*shape) * 2  # (some at most 1: Stirling's term masked there)
            add(f"poisson_nll-{shape}-log{log_input}-full{full}",
                lambda F, L, x, y, li=log_input, f=full, **k: F.poisson_nll_loss(
                    x, y, log_input=li, full=f, **k),
                [x, t], [True, True])
    for shape, vshape in (((4, 5), (4, 5)), ((4, 5), (4,)), ((4, 5), (4, 1)), ((1, 5), (1, 5)),
                          ((5,), (5,)), ((3, 2, 4), (3, 1, 4))):
        add(f"gaussian_nll-{shape}-var{vshape}",
            lambda F, L, x, y, v, **k: F.gaussian_nll_loss(x, y, v, full=True, **k),
            [normal(*shape), normal(*shape), positive(*vshape)], [True, True, True])
    add("gaussian_nll-float-var", lambda F, L, x, y, **k: F.gaussian_nll_loss(x, y, 0.7, **k),
        [normal(3, 4), normal(3, 4)], [True, True])
    add("poisson_nll-zero-targets",  # (0 log 0: nan, masked; torch computes it silently)
        lambda F, L, x, y, **k: F.poisson_nll_loss(x, y, full=True, **k),
        [normal(3, 4), np.floor(positive(3, 4) * 2)], [True, False])
    add("gaussian_nll-var-below-eps",  # (clamped without a gradient: var's is not a derivative)
        lambda F, L, x, y, v, **k: F.gaussian_nll_loss(x, y, v, eps=0.5, **k),
        [normal(3, 4), normal(3, 4), positive(3, 4) - 0.29], [True, True, False])
    return cases


CASES = _cases()


def _np(t):
    return np.array(t.detach().cpu().numpy(force=True))  # (a ZeroTensor too: compared apart)


def _assert_same(got, want, dtype, what):
    assert tuple(got.shape) == tuple(want.shape), f"{what}: shape {tuple(got.shape)}"
    assert str(got.dtype) == str(want.dtype), f"{what}: dtype {got.dtype} != {want.dtype}"
    np.testing.assert_allclose(_np(got), _np(want), err_msg=what, **TOL[dtype])


def _weights(out):
    """Fixed upstream weights for a result (so a 'none' loss's gradient is not all ones)."""
    return np.random.default_rng(7).uniform(0.5, 1.5, tuple(out.shape))


def _inputs(case, lib, tensors):
    return [t for t, g in zip(tensors, case.grads) if g and t.dtype.is_floating_point]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_values_nodes_and_gradients_match_torch(case, reduction, dtype):
    mine, theirs = case.tensors(ac, dtype), case.tensors(torch, dtype)
    got, want = case(ac, mine, reduction), case(torch, theirs, reduction)
    _assert_same(got, want, dtype, f"{case.name} value")
    assert got.grad_fn.name() == want.grad_fn.name()
    w = _weights(want)
    got_grads = ac.autograd.grad((got * ac.tensor(w, dtype=got.dtype)).sum(), _inputs(case, ac, mine))
    want_grads = torch.autograd.grad((want * torch.tensor(w, dtype=want.dtype)).sum(),
                                     _inputs(case, torch, theirs))
    for i, (g, h) in enumerate(zip(got_grads, want_grads)):
        _assert_same(g, h, dtype, f"{case.name} gradient {i}")


def _second_order(case, lib, reduction):
    """(first-order gradients' node names, second-order gradients) or the double backward's
    (error type, message)."""
    tensors = case.tensors(lib, "float64")
    inputs = _inputs(case, lib, tensors)
    out = case(lib, tensors, reduction)
    first = lib.autograd.grad((out * lib.tensor(_weights(out))).sum(), inputs, create_graph=True)
    names = [g.grad_fn.name() if g.grad_fn is not None else None for g in first]
    v = [lib.tensor(np.random.default_rng(3).uniform(-1, 1, tuple(g.shape))) for g in first]
    try:
        second = lib.autograd.grad(sum((g * u).sum() for g, u in zip(first, v)), inputs,
                                   allow_unused=True)
    except RuntimeError as e:
        return names, (type(e).__name__, str(e))
    return names, second


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_second_order_gradients_match_torch(case, reduction):
    (got_names, got), (want_names, want) = (_second_order(case, lib, reduction) for lib in (ac, torch))
    if case.name.startswith("soft_margin"):
        assert want_names == ["SoftMarginLossBackwardBackward0"]
    assert got_names == want_names
    if isinstance(want[0], str):  # torch refuses the second backward: the same refusal
        assert got == want
        assert (case.double == "refused") == want[1].startswith("derivative for aten::")
        return
    assert case.double == "ok"
    for g, h in zip(got, want):
        assert (g is None) == (h is None)
        if g is not None:
            assert g._is_zerotensor() == h._is_zerotensor()
            _assert_same(g, h, "float64", f"{case.name} second order")


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_gradcheck_and_gradgradcheck_on_the_engine(case, reduction):
    tensors = case.tensors(ac, "float64")
    fn = lambda *ts: case(ac, ts, reduction)  # noqa: E731
    assert ac.autograd.gradcheck(fn, tuple(tensors))
    if case.double == "ok":
        assert ac.autograd.gradgradcheck(fn, tuple(tensors))
    else:
        with pytest.raises(RuntimeError, match="derivative for aten::multi"):
            ac.autograd.gradgradcheck(fn, tuple(tensors))


# ----------------------------------------------------------------------------- the torch.* forms
ENUM_CASES = [
    ("cosine_embedding_loss", lambda L, r: L.cosine_embedding_loss(
        _t(L, X), _t(L, Y), _t(L, np.array([1.0, -1, 1, -1])), 0.1, r)),
    ("hinge_embedding_loss", lambda L, r: L.hinge_embedding_loss(_t(L, X), _t(L, S), 0.4, r)),
    ("margin_ranking_loss", lambda L, r: L.margin_ranking_loss(
        _t(L, X), _t(L, Y), _t(L, S), reduction=r)),
    ("triplet_margin_loss", lambda L, r: L.triplet_margin_loss(
        _t(L, X), _t(L, Y), _t(L, X + Y), 1.0, 1.0, 1e-6, True, r)),
    ("poisson_nll_loss", lambda L, r: L.poisson_nll_loss(
        _t(L, np.abs(X)), _t(L, np.abs(Y)), False, True, 1e-8, r)),
]
X, Y, S = normal(4, 5), normal(4, 5), signs(4, 5)


def _t(lib, a):
    return lib.tensor(a.copy(), requires_grad=True)


@pytest.mark.parametrize("reduction", [0, 1, 2, 7])
@pytest.mark.parametrize("name,call", ENUM_CASES, ids=[n for n, _ in ENUM_CASES])
def test_torch_functions_take_the_reduction_enum(name, call, reduction):
    got, want = call(ac, reduction), call(torch, reduction)
    _assert_same(got, want, "float64", name)
    assert got.grad_fn.name() == want.grad_fn.name()


# ----------------------------------------------------------------------------- modules
ML, CL = multilabels(4, 5), classes(4, 5)
MODULES = [
    ("SoftMarginLoss", {}, lambda L: (_t(L, X), L.tensor(S))),
    ("MultiLabelSoftMarginLoss", {"weight": positive(5)}, lambda L: (_t(L, X), _t(L, (S > 0) * 1.0))),
    ("MultiLabelMarginLoss", {"reduction": "sum"},
     lambda L: (_t(L, X), L.tensor(ML))),
    ("MultiMarginLoss", {"p": 2, "margin": 0.5, "weight": positive(5)},
     lambda L: (_t(L, X), L.tensor(CL))),
    ("CosineEmbeddingLoss", {"margin": 0.2}, lambda L: (_t(L, X), _t(L, Y), L.tensor([1.0, -1, -1, 1]))),
    ("MarginRankingLoss", {"margin": 0.1, "reduction": "none"}, lambda L: (_t(L, X), _t(L, Y), _t(L, S))),
    ("HingeEmbeddingLoss", {"margin": 2.0}, lambda L: (_t(L, X), _t(L, S))),
    ("TripletMarginLoss", {"p": 1.0, "swap": True}, lambda L: (_t(L, X), _t(L, Y), _t(L, S))),
    ("TripletMarginWithDistanceLoss", {"margin": 0.5}, lambda L: (_t(L, X), _t(L, Y), _t(L, S))),
    ("PoissonNLLLoss", {"log_input": False, "full": True, "size_average": False},
     lambda L: (_t(L, np.abs(X)), _t(L, np.abs(Y) * 3))),
    ("GaussianNLLLoss", {"full": True}, lambda L: (_t(L, X), _t(L, Y), _t(L, np.abs(S)))),
]


def _module(lib, name, kwargs):
    kwargs = {k: lib.tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (the legacy size_average flag: tested with BAD)
        return getattr(lib.nn, name)(**kwargs)


@pytest.mark.parametrize("name,kwargs,args", MODULES, ids=[m[0] for m in MODULES])
def test_modules_match_torch(name, kwargs, args):
    mine, theirs = _module(ac, name, kwargs), _module(torch, name, kwargs)
    assert repr(mine) == repr(theirs)
    assert mine.reduction == theirs.reduction
    assert list(mine.state_dict()) == list(theirs.state_dict())
    for attr in ("p", "margin", "eps", "swap", "log_input", "full"):
        assert getattr(mine, attr, None) == getattr(theirs, attr, None), attr
    a_args, t_args = args(ac), args(torch)
    got, want = mine(*a_args), theirs(*t_args)
    _assert_same(got, want, "float64", name)
    got.sum().backward()
    want.sum().backward()
    for a, t in zip(a_args, t_args):
        if t.grad is not None:
            _assert_same(a.grad, t.grad, "float64", f"{name} gradient")


# ----------------------------------------------------------------------------- errors
def _f(lib):
    return lib.nn.functional


def _x(lib, *shape, dtype="float32"):
    return lib.ones(shape, dtype=getattr(lib, dtype))


def _i(lib, values, dtype="int64"):
    return lib.tensor(values, dtype=getattr(lib, dtype))


BAD = {
    # soft_margin_loss
    "soft_margin: shapes": lambda L: _f(L).soft_margin_loss(_x(L, 3, 5), _x(L, 3, 4)),
    "soft_margin: target grows": lambda L: _f(L).soft_margin_loss(_x(L, 1, 5), _x(L, 3, 5)),
    "soft_margin: reduction": lambda L: _f(L).soft_margin_loss(_x(L, 3), _x(L, 3), reduction="x"),
    "soft_margin: int input": lambda L: _f(L).soft_margin_loss(_i(L, [1, 2]), _i(L, [1, -1])),
    "soft_margin: bool input": lambda L: _f(L).soft_margin_loss(_x(L, 2).bool(), _x(L, 2)),
    "soft_margin: target requires grad": lambda L: _f(L).soft_margin_loss(
        _x(L, 2), _x(L, 2).requires_grad_()),
    "soft_margin: not a tensor": lambda L: _f(L).soft_margin_loss(1.0, _x(L, 2)),
    "soft_margin: number target": lambda L: _f(L).soft_margin_loss(_x(L, 2), 1.0),
    # multilabel_soft_margin_loss
    "multilabel_soft_margin: reduction": lambda L: _f(L).multilabel_soft_margin_loss(
        _x(L, 2, 3), _x(L, 2, 3), reduction="x"),
    "multilabel_soft_margin: shapes": lambda L: _f(L).multilabel_soft_margin_loss(
        _x(L, 2, 3), _x(L, 2, 4)),
    "multilabel_soft_margin: 0-d": lambda L: _f(L).multilabel_soft_margin_loss(_x(L), _x(L)),
    # multilabel_margin_loss
    "multilabel_margin: 3-d": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 1, 3, 5), _i(L, [[[0] * 5] * 3])),
    "multilabel_margin: target shape": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 3, 5), _i(L, [[0] * 4] * 3)),
    "multilabel_margin: 1-d target shape": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 5), _i(L, [0, 1, 2])),
    "multilabel_margin: empty classes": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 3, 0), _i(L, [[], [], []])),
    "multilabel_margin: target too big": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 2, 3), _i(L, [[0, 3, -1], [0, 0, 0]])),
    "multilabel_margin: target below -1": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 2, 3), _i(L, [[0, -2, -1], [0, 0, 0]])),
    "multilabel_margin: int32 target": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 2, 3), _i(L, [[0, 1, -1], [0, 0, 0]], "int32")),
    "multilabel_margin: float target": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 2, 3), _x(L, 2, 3)),
    "multilabel_margin: half input": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 2, 3, dtype="float16"), _i(L, [[0, 1, -1], [0, 0, 0]])),
    "multilabel_margin: int input": lambda L: _f(L).multilabel_margin_loss(
        _i(L, [[1, 2, 3]]), _i(L, [[0, 1, -1]])),
    "multilabel_margin: reduction": lambda L: _f(L).multilabel_margin_loss(
        _x(L, 2, 3), _i(L, [[0, 1, -1], [0, 0, 0]]), reduction="avg"),
    # multi_margin_loss
    "multi_margin: p": lambda L: _f(L).multi_margin_loss(_x(L, 3, 5), _i(L, [0, 1, 2]), p=3),
    "multi_margin: 2-d weight": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2]), weight=_x(L, 1, 5)),
    "multi_margin: weight size": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2]), weight=_x(L, 4)),
    "multi_margin: target size": lambda L: _f(L).multi_margin_loss(_x(L, 3, 5), _i(L, [0, 1])),
    "multi_margin: 2-d target": lambda L: _f(L).multi_margin_loss(_x(L, 3, 5), _i(L, [[0, 1, 2]])),
    "multi_margin: 1-d input, 2 targets": lambda L: _f(L).multi_margin_loss(_x(L, 5), _i(L, [0, 1])),
    "multi_margin: target too big": lambda L: _f(L).multi_margin_loss(_x(L, 3, 5), _i(L, [0, 1, 5])),
    "multi_margin: negative target": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, -1, 1])),
    "multi_margin: 3-d": lambda L: _f(L).multi_margin_loss(_x(L, 1, 3, 5), _i(L, [0, 1, 2])),
    "multi_margin: no classes": lambda L: _f(L).multi_margin_loss(_x(L, 3, 0), _i(L, [0, 1, 2])),
    "multi_margin: int32 target": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2], "int32")),
    "multi_margin: float target": lambda L: _f(L).multi_margin_loss(_x(L, 3, 5), _x(L, 3)),
    "multi_margin: half input": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5, dtype="float16"), _i(L, [0, 1, 2])),
    "multi_margin: weight dtype": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2]), weight=_x(L, 5, dtype="float64")),
    "multi_margin: weight requires grad": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2]), weight=_x(L, 5).requires_grad_()),
    "multi_margin: str margin": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2]), margin="1"),
    "multi_margin: reduction": lambda L: _f(L).multi_margin_loss(
        _x(L, 3, 5), _i(L, [0, 1, 2]), reduction="elementwise"),
    # cosine_embedding_loss
    "cosine_embedding: 2-d target": lambda L: _f(L).cosine_embedding_loss(
        _x(L, 3, 5), _x(L, 3, 5), _x(L, 3, 5)),
    "cosine_embedding: 1-d target, 1-d inputs": lambda L: _f(L).cosine_embedding_loss(
        _x(L, 5), _x(L, 5), _x(L, 3)),
    "cosine_embedding: 0-d target, 2-d inputs": lambda L: _f(L).cosine_embedding_loss(
        _x(L, 3, 5), _x(L, 3, 5), _x(L)),
    "cosine_embedding: feature sizes": lambda L: _f(L).cosine_embedding_loss(
        _x(L, 3, 5), _x(L, 3, 4), _x(L, 3)),
    "cosine_embedding: batch sizes": lambda L: _f(L).cosine_embedding_loss(
        _x(L, 3, 5), _x(L, 3, 5), _x(L, 2)),
    "cosine_embedding: reduction": lambda L: _f(L).cosine_embedding_loss(
        _x(L, 3, 5), _x(L, 3, 5), _x(L, 3), reduction="batchmean"),
    # margin_ranking_loss
    "margin_ranking: dims": lambda L: _f(L).margin_ranking_loss(_x(L, 3, 5), _x(L, 5), _x(L, 3, 5)),
    "margin_ranking: shapes": lambda L: _f(L).margin_ranking_loss(_x(L, 3), _x(L, 4), _x(L, 3)),
    "margin_ranking: reduction": lambda L: _f(L).margin_ranking_loss(
        _x(L, 3), _x(L, 3), _x(L, 3), reduction=""),
    # hinge_embedding_loss
    "hinge_embedding: shapes": lambda L: _f(L).hinge_embedding_loss(_x(L, 3, 5), _x(L, 3, 4)),
    "hinge_embedding: reduction": lambda L: _f(L).hinge_embedding_loss(
        _x(L, 3), _x(L, 3), reduction="max"),
    "hinge_embedding: int mean": lambda L: _f(L).hinge_embedding_loss(
        _i(L, [1, 2]), _i(L, [1, -1])),
    # triplet_margin_loss
    "triplet_margin: margin": lambda L: _f(L).triplet_margin_loss(
        _x(L, 2, 3), _x(L, 2, 3), _x(L, 2, 3), margin=0),
    "triplet_margin: dims": lambda L: _f(L).triplet_margin_loss(_x(L, 2, 3), _x(L, 3), _x(L, 2, 3)),
    "triplet_margin: shapes": lambda L: _f(L).triplet_margin_loss(
        _x(L, 2, 3), _x(L, 2, 4), _x(L, 2, 3)),
    "triplet_margin: reduction": lambda L: _f(L).triplet_margin_loss(
        _x(L, 2, 3), _x(L, 2, 3), _x(L, 2, 3), reduction="x"),
    # triplet_margin_with_distance_loss
    "triplet_distance: margin": lambda L: _f(L).triplet_margin_with_distance_loss(
        _x(L, 2, 3), _x(L, 2, 3), _x(L, 2, 3), margin=-1.0),
    "triplet_distance: dims": lambda L: _f(L).triplet_margin_with_distance_loss(
        _x(L, 2, 3), _x(L, 2, 3), _x(L, 3)),
    "triplet_distance: reduction": lambda L: _f(L).triplet_margin_with_distance_loss(
        _x(L, 2, 3), _x(L, 2, 3), _x(L, 2, 3), reduction="batchmean"),
    "triplet_distance: positional distance": lambda L: _f(L).triplet_margin_with_distance_loss(
        _x(L, 2, 3), _x(L, 2, 3), _x(L, 2, 3), None),
    # poisson_nll_loss
    "poisson_nll: reduction": lambda L: _f(L).poisson_nll_loss(_x(L, 3), _x(L, 3), reduction="x"),
    "poisson_nll: shapes": lambda L: _f(L).poisson_nll_loss(_x(L, 3, 5), _x(L, 3, 4)),
    # gaussian_nll_loss
    "gaussian_nll: negative var": lambda L: _f(L).gaussian_nll_loss(
        _x(L, 3), _x(L, 3), -_x(L, 3)),
    "gaussian_nll: negative float var": lambda L: _f(L).gaussian_nll_loss(_x(L, 3), _x(L, 3), -1.0),
    "gaussian_nll: var size": lambda L: _f(L).gaussian_nll_loss(_x(L, 3, 5), _x(L, 3, 5), _x(L, 3, 4)),
    "gaussian_nll: var two size-1 dims": lambda L: _f(L).gaussian_nll_loss(
        _x(L, 3, 5), _x(L, 3, 5), _x(L, 1, 1)),
    "gaussian_nll: int var": lambda L: _f(L).gaussian_nll_loss(_x(L, 3), _x(L, 3), 1),
    "gaussian_nll: reduction": lambda L: _f(L).gaussian_nll_loss(
        _x(L, 3), _x(L, 3), _x(L, 3), reduction="x"),
    "gaussian_nll: shapes": lambda L: _f(L).gaussian_nll_loss(_x(L, 3, 5), _x(L, 3, 4), _x(L, 3, 5)),
    # the torch.* forms
    "torch.cosine_embedding_loss: str reduction": lambda L: L.cosine_embedding_loss(
        _x(L, 3, 5), _x(L, 3, 5), _x(L, 3), 0.0, "mean"),
    "torch.cosine_embedding_loss: number input": lambda L: L.cosine_embedding_loss(
        1.0, _x(L, 3, 5), _x(L, 3)),
    "torch.poisson_nll_loss: missing arguments": lambda L: L.poisson_nll_loss(_x(L, 3), _x(L, 3)),
    "torch.triplet_margin_loss: swap not a bool": lambda L: L.triplet_margin_loss(
        _x(L, 3), _x(L, 3), _x(L, 3), 1.0, 2.0, 1e-6, "yes"),
    # modules
    "MultiMarginLoss: p": lambda L: L.nn.MultiMarginLoss(p=3),
    "MultiMarginLoss: 2-d weight": lambda L: L.nn.MultiMarginLoss(weight=_x(L, 2, 2)),
    "TripletMarginLoss: margin": lambda L: L.nn.TripletMarginLoss(margin=0.0),
    "TripletMarginWithDistanceLoss: margin": lambda L: L.nn.TripletMarginWithDistanceLoss(
        margin=-0.5),
    "GaussianNLLLoss: positional": lambda L: L.nn.GaussianNLLLoss(True),
}


def _outcome(call, lib):
    with pytest.raises(Exception) as info:
        call(lib)
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize("name", list(BAD))
def test_bad_calls_raise_torchs_errors(name):
    got, want = _outcome(BAD[name], ac), _outcome(BAD[name], torch)
    assert got == want


WARNED = {
    "legacy size_average": lambda L: _f(L).soft_margin_loss(_x(L, 3), _x(L, 3), size_average=False),
    "legacy reduce": lambda L: _f(L).multi_margin_loss(_x(L, 2, 3), _i(L, [0, 2]), reduce=False),
    "legacy both": lambda L: _f(L).poisson_nll_loss(_x(L, 3), _x(L, 3), size_average=True,
                                                    reduce=True),
    "elementwise_mean": lambda L: _f(L).hinge_embedding_loss(
        _x(L, 3), _x(L, 3), reduction="elementwise_mean"),
    "module legacy": lambda L: L.nn.MultiLabelSoftMarginLoss(reduce=False)(_x(L, 2, 3), _x(L, 2, 3)),
}


@pytest.mark.parametrize("name", list(WARNED))
def test_deprecated_reductions_warn_and_reduce_as_torch(name):
    results = []
    for lib in (ac, torch):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = WARNED[name](lib)
        results.append(([(w.category.__name__, str(w.message)) for w in caught], out))
    assert results[0][0] == results[1][0]
    assert results[1][0], "torch warns here"
    _assert_same(results[0][1], results[1][1], "float32", name)


def test_the_names_are_exported_where_torch_has_them():
    for module, names in (
        ("nn.functional", "soft_margin_loss multilabel_soft_margin_loss multilabel_margin_loss "
         "multi_margin_loss cosine_embedding_loss margin_ranking_loss hinge_embedding_loss "
         "triplet_margin_loss triplet_margin_with_distance_loss poisson_nll_loss gaussian_nll_loss"),
        ("nn", " ".join(m[0] for m in MODULES)),
        ("", " ".join(n for n, _ in ENUM_CASES)),
    ):
        mine, theirs = ac, torch
        for part in filter(None, module.split(".")):
            mine, theirs = getattr(mine, part), getattr(theirs, part)
        for n in names.split():
            assert hasattr(theirs, n), n
            assert callable(getattr(mine, n)), n
            if module == "nn.functional":
                assert n in mine.__all__
    assert re.match(r"\w+", ac.nn.functional.soft_margin_loss.__doc__)


FORWARD_AD = {
    "soft_margin_loss": lambda F, L, d: F.soft_margin_loss(d, L.tensor(S), reduction="none"),
    "multi_margin_loss": lambda F, L, d: F.multi_margin_loss(d, L.tensor(CL)),
    "multilabel_margin_loss": lambda F, L, d: F.multilabel_margin_loss(d, L.tensor(ML)),
}


@pytest.mark.parametrize("name", list(FORWARD_AD))
def test_forward_mode_as_torch(name):
    """soft_margin_loss has a forward formula; the margin kernels' forward AD is refused."""
    results = []
    for lib in (ac, torch):
        fa = lib.autograd.forward_ad
        try:
            with fa.dual_level():
                dual = fa.make_dual(lib.tensor(X), lib.tensor(Y))
                results.append(fa.unpack_dual(FORWARD_AD[name](lib.nn.functional, lib, dual)).tangent)
        except NotImplementedError as e:
            results.append(str(e))
    if isinstance(results[1], str):
        assert results[0] == results[1]
    else:
        _assert_same(results[0], results[1], "float64", name)


def test_zero_poisson_targets_are_computed_silently_as_torch():
    """full=True takes 0 * log(0) (nan, then masked) for a target of 0: no numpy warning."""
    x, y = ac.tensor(X, requires_grad=True), ac.tensor(np.floor(np.abs(Y)))
    assert (y == 0).any()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = ac.nn.functional.poisson_nll_loss(x, y, full=True)
        out.backward()
    want = torch.nn.functional.poisson_nll_loss(torch.tensor(X), torch.tensor(np.floor(np.abs(Y))),
                                                full=True)
    _assert_same(out, want, "float64", "poisson_nll_loss")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_cpu_autocast_runs_the_losses_in_torchs_dtype(case):
    """torch's autocast float32 list: the kernels and torch.* composites run on bfloat16 inputs
    in float32; the losses torch writes in Python run op by op in bfloat16."""
    results = []
    for lib in (ac, torch):
        tensors = [t.to(lib.bfloat16) if t.dtype.is_floating_point else t
                   for t in case.tensors(lib, "float32", requires_grad=False)]
        with lib.autocast("cpu", dtype=lib.bfloat16):
            results.append(case(lib, tensors, "mean"))
    got, want = results
    assert str(got.dtype) == str(want.dtype)
    np.testing.assert_allclose(_np(got.float()), _np(want.float()), rtol=2e-2, atol=2e-2)
