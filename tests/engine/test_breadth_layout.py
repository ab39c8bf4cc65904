"""The layout and indexing ops (issue 12: _layout, _indexing) where the op table cannot look: views
that share memory and writes through them, ``_base``, version counters, in-place forms, tuples of
results, result dtypes, errors and their messages. Each case runs the same code on torch and on
the engine and compares what a user can observe (the style of test_parity.py).
"""

import numpy as np
import pytest
import torch

import autograd_core
from parity_helpers import attempt, leaf, observe, registry

CASES, case = registry()



M33 = [[1.0, -2.0, 3.0], [4.0, 5.0, -6.0], [-7.0, 8.0, 9.0]]


# ----------------------------------------------------------------------------- views and writes
@case
def narrow_is_a_view_and_writes_reach_the_base(L):
    x = leaf(L, M33)
    a = x * 1
    v = a.narrow(0, 1, 2)
    before = (v._base is a, v._version, observe(v))
    v.mul_(10)
    (a * L.arange(9.0, dtype=L.float64).reshape(3, 3)).sum().backward()
    return {"before": before, "a": observe(a), "v": observe(v), "versions": (a._version, v._version),
            "x.grad": observe(x.grad)}


@case
def diagonal_is_a_view_and_writes_reach_the_base(L):
    x = leaf(L, M33)
    b = x * 1
    d = b.diagonal()
    before = (d._base is b, observe(d))
    d.add_(5)
    (b * b).sum().backward()
    return {"before": before, "b": observe(b), "d": observe(d), "x.grad": observe(x.grad)}


@case
def diagonal_offset_view_of_a_3d_tensor(L):
    x = leaf(L, np.arange(24.0).reshape(2, 3, 4).tolist())
    a = x * 1
    d = a.diagonal(1, 2, 0)
    d.zero_()
    a.pow(2).sum().backward()
    return {"d": observe(d), "a": observe(a), "x.grad": observe(x.grad)}


@case
def split_outputs_share_one_node(L):
    x = leaf(L, M33)
    c = x * 1
    pieces = c.split([1, 2], 1)
    info = [(p._base is c, type(p.grad_fn).__name__, p.output_nr) for p in pieces]
    same = pieces[0].grad_fn is pieces[1].grad_fn
    (pieces[1] * 3).sum().backward()
    return {"info": info, "same": same, "pieces": observe(pieces), "x.grad": observe(x.grad)}


@case
def chunk_and_unbind_outputs(L):
    x = leaf(L, np.arange(10.0).reshape(5, 2).tolist())
    ch = x.chunk(2)
    ub = x.unbind(1)
    ((ch[0] * ch[0]).sum() + (ub[1] * 2).sum()).backward()
    return {"chunk": observe(ch), "unbind": observe(ub), "nrs": [t.output_nr for t in ub],
            "x.grad": observe(x.grad)}


@case
def unbind_used_twice_in_one_backward(L):
    x = leaf(L, M33)
    u = (x * 1).unbind(0)
    u[2].sum().backward(retain_graph=True)
    first = observe(x.grad)
    (u[0] * u[1]).sum().backward()
    return {"first": first, "then": observe(x.grad)}


@case
def views_without_grad_share_memory(L):
    y = L.zeros(3, 4)
    s = y.split(2, 1)
    s[1].fill_(1.0)
    y.narrow(1, 0, 1).fill_(7.0)
    y.diagonal().fill_(-1.0)
    y.unbind(0)[2].add_(100)
    y.chunk(3)[1].mul_(2)
    return {"y": observe(y), "version": y._version, "movedim": y.movedim(0, 1)._base is y,
            "swapaxes": y.swapaxes(0, 1)._base is y, "flip": y.flip(0)._base is None}


@case
def copies_do_not_share_memory(L):
    y = L.zeros(2, 3)
    outs = [y.flip(0), y.roll(1), y.repeat(1, 2), y.tril(), y.triu(), y.diag(), y.trace(),
            y.gather(1, L.tensor([[0], [1]])), y.index_select(0, L.tensor([1])),
            y.masked_select(y == 0), y.scatter(1, L.tensor([[0], [1]]), 1.0)]
    y.add_(1)
    return {"outs": observe(outs), "bases": [o._base is None for o in outs]}


# ----------------------------------------------------------------------------- in-place forms
@case
def scatter_and_index_fill_in_place(L):
    x = leaf(L, M33)
    z = x * 1
    z.scatter_(1, L.tensor([[0], [2], [1]]), 0.0)
    z.index_fill_(0, L.tensor([1]), 3.0)
    w = L.zeros(3, 3, dtype=L.float64, requires_grad=True) * 1
    w.scatter_add_(0, L.tensor([[0, 1, 2], [0, 1, 2]]), x[:2] * 1)
    ((z * z).sum() + w.sum()).backward()
    return {"z": observe(z), "z.version": z._version, "w": observe(w), "x.grad": observe(x.grad)}


@case
def tril_triu_in_place(L):
    x = leaf(L, M33)
    q = x * 1
    r = q.tril_()
    q.triu_(-1)
    (q * q).sum().backward()
    return {"same": r is q, "q": observe(q), "version": q._version, "x.grad": observe(x.grad)}


@case
def scatter_in_place_into_a_view(L):
    x = leaf(L, M33)
    src = leaf(L, [5.0])
    r = x * 1
    r[0].scatter_(0, L.tensor([1]), src)
    (r * r).sum().backward()
    return {"r": observe(r), "x.grad": observe(x.grad), "src.grad": observe(src.grad)}


@case
def in_place_on_a_leaf_is_refused(L):
    x = leaf(L, M33)
    return [attempt(lambda: x.scatter_(1, L.tensor([[0]]), 1.0)), attempt(lambda: x.tril_())]


# ----------------------------------------------------------------------------- dtypes and no-grad
@case
def result_dtypes(L):
    i = L.tensor([[1, 2], [3, 4]])
    return {
        "trace-int64": observe(i.trace()), "trace-int32": observe(i.int().trace()),
        "flip-int": observe(i.flip(0)), "repeat-int32": observe(i.int().repeat(2, 1)),
        "tril-bool": observe((i > 2).tril()), "chunk": observe(L.arange(6).chunk(4)),
        "split-empty": [list(t.shape) for t in L.zeros(5, 0).split(2)],
        "gather-int32-index": observe(i.float().gather(1, L.tensor([[1], [0]], dtype=L.int32))),
        "index_select-int32": observe(i.index_select(0, L.tensor([1], dtype=L.int32))),
        "masked_select-int": observe(i.masked_select(i > 1)),
        "einsum-int": observe(L.einsum("i,i", L.tensor([1, 2]), L.tensor([3, 4]))),
        "einsum-promotes": observe(L.einsum("i,j->ij", L.ones(2), L.ones(2, dtype=L.float64))),
    }


@case
def empty_and_0d_edges(L):
    x = leaf(L, 2.0)
    return {"chunk-empty": observe(L.zeros(0, 3).chunk(3)), "split-empty": observe(L.zeros(0, 3).split(2)),
            "flip-0d": observe(x.flip(0)), "roll-0d": observe(x.roll(1)), "repeat-0d": observe(x.repeat(3)),
            "gather-0d": observe(x.gather(0, L.tensor(0))), "index_select-0d": observe(x.index_select(0, L.tensor([0]))),
            "masked_select-0d": observe(x.masked_select(L.tensor([True, False, True]))),
            "narrow-empty": observe(leaf(L, M33).narrow(0, 3, 0)), "diagonal-empty": observe(leaf(L, M33).diagonal(5))}


@case
def index_fill_with_a_tensor_value(L):
    x = leaf(L, M33)
    v = leaf(L, -1.0)
    y = x.index_fill(1, L.tensor([0, 2]), v)
    (y * y).sum().backward()
    return {"y": observe(y), "x.grad": observe(x.grad), "v.grad": observe(v.grad)}


@case
def nonzero_results(L):
    x = L.tensor([[0.0, 1.5, 0.0], [2.0, 0.0, -1.0]], requires_grad=True)
    return {"nz": observe(x.nonzero()), "tuple": observe(L.nonzero(x, as_tuple=True)),
            "0d": observe(L.tensor(2.0).nonzero()), "0d-zero": observe(L.tensor(0.0).nonzero()),
            "0d-tuple": observe(L.tensor(2.0).nonzero(as_tuple=True))}


@case
def no_grad_mode_records_nothing(L):
    x = leaf(L, M33)
    with L.no_grad():
        outs = [x.split(1)[0], x.flip(0), x.diagonal(), L.einsum("ij->j", x), x.gather(0, L.tensor([[1]]))]
    return [(o.requires_grad, o.grad_fn is None) for o in outs]


@case
def node_names(L):
    x = leaf(L, M33)
    e = L.einsum
    y = [x.split(2)[0], x.split([1, 2])[1], x.chunk(3)[0], x.unbind()[0], x.narrow(0, 0, 1),
         x.flip(0), x.roll(1), x.repeat(1, 2), x.tril(), x.triu(), x.diag(), x[0].diag(), x.trace(),
         x.diagonal(), x.movedim(0, 1), x.swapaxes(0, 1), x.swapdims(0, 1), x.moveaxis(1, 0),
         e("ii->i", x), e("ii", x), e("ij->i", x), e("ij,jk->ik", x, x), e("i,j->ij", x[0], x[1]),
         e("ij,ij->ij", x, x), e("i,ij,j->", x[0], x, x[1]),
         x.gather(1, L.tensor([[0], [1], [2]])), x.scatter(1, L.tensor([[0]]), 1.0),
         x.scatter(1, L.tensor([[0]]), x[:1, :1]), x.scatter_add(1, L.tensor([[0]]), x[:1, :1]),
         x.index_select(0, L.tensor([0])), x.index_fill(0, L.tensor([0]), 1.0),
         x.masked_select(x > 0)]
    return [type(t.grad_fn).__name__ for t in y]


# ----------------------------------------------------------------------------- errors
def _errors(L):
    a = L.zeros(4, 3, dtype=L.float64)
    i64 = L.tensor([[0], [1], [2], [0]])
    e = L.einsum
    return {
        "gather-float-index": lambda: a.gather(1, L.zeros(4, 1)),
        "gather-ndim": lambda: a.gather(1, L.tensor([0])),
        "gather-oob": lambda: a.gather(1, L.tensor([[5]])),
        "gather-neg": lambda: a.gather(1, -L.ones(4, 1, dtype=L.int64)),
        "gather-dim": lambda: a.gather(2, i64),
        "gather-too-big": lambda: a.gather(1, L.zeros(5, 1, dtype=L.int64)),
        "scatter-float-index": lambda: a.scatter(1, L.zeros(4, 1), 1.0),
        "scatter-dtype": lambda: a.scatter(1, i64, L.ones(4, 1)),
        "scatter-oob": lambda: a.scatter(1, L.tensor([[5]]), 1.0),
        "scatter-ndim": lambda: a.scatter(1, L.tensor([0]), 1.0),
        "scatter-src-small": lambda: a.scatter(1, i64, L.ones(2, 1, dtype=L.float64)),
        "scatter_add-number": lambda: a.scatter_add(1, i64, 1.0),
        "scatter_add-dtype": lambda: a.scatter_add(1, i64, a.float()),
        "index_select-float": lambda: a.index_select(0, L.tensor([0.0])),
        "index_select-2d": lambda: a.index_select(0, L.tensor([[0]])),
        "index_select-oob": lambda: a.index_select(0, L.tensor([7])),
        "index_select-neg": lambda: a.index_select(0, L.tensor([-1])),
        "index_fill-int32": lambda: a.index_fill(0, L.tensor([0], dtype=L.int32), 1.0),
        "index_fill-2d": lambda: a.index_fill(0, L.tensor([[0]]), 1.0),
        "index_fill-oob": lambda: a.index_fill(0, L.tensor([9]), 1.0),
        "masked_select-int-mask": lambda: a.masked_select(L.tensor([1, 0, 1])),
        "masked_select-shapes": lambda: a.masked_select(L.ones(2, dtype=L.bool)),
        "split-0": lambda: a.split(0),
        "split-neg": lambda: a.split(-1),
        "split-sum": lambda: a.split([1, 2]),
        "split-float": lambda: a.split(1.5),
        "chunk-0": lambda: a.chunk(0),
        "chunk-neg": lambda: a.chunk(-1),
        "unbind-dim": lambda: a.unbind(2),
        "unbind-0d": lambda: L.tensor(1.0).unbind(),
        "narrow-length": lambda: a.narrow(0, 3, 2),
        "narrow-start": lambda: a.narrow(0, 5, 0),
        "narrow-neg-length": lambda: a.narrow(0, 0, -1),
        "narrow-0d": lambda: L.tensor(1.0).narrow(0, 0, 1),
        "flip-repeated": lambda: a.flip(0, 0),
        "flip-dim": lambda: a.flip(2),
        "roll-mismatch": lambda: a.roll((1, 2), 0),
        "roll-dim": lambda: a.roll(1, 2),
        "roll-no-shifts": lambda: a.roll((), ()),
        "repeat-few": lambda: a.repeat(2),
        "repeat-negative": lambda: a.repeat(-1, 1),
        "tril-1d": lambda: L.zeros(3).tril(),
        "triu-1d": lambda: L.zeros(3).triu(),
        "diag-3d": lambda: L.zeros(2, 2, 2).diag(),
        "diag-0d": lambda: L.tensor(1.0).diag(),
        "trace-1d": lambda: L.zeros(3).trace(),
        "trace-bool": lambda: L.ones(2, 2, dtype=L.bool).trace(),
        "diagonal-same-dims": lambda: a.diagonal(0, 1, 1),
        "diagonal-1d": lambda: L.zeros(3).diagonal(),
        "diagonal-empty": lambda: a.diagonal(5),
        "movedim-repeated": lambda: a.movedim((0, 1), (1, 1)),
        "movedim-lengths": lambda: a.movedim((0, 1), (1,)),
        "movedim-dim": lambda: a.movedim(0, 2),
        "einsum-broadcast": lambda: e("ij,jk->ik", a, a[:2]),
        "einsum-ndim": lambda: e("ij->ij", a[0]),
        "einsum-operands": lambda: e("ij", a, a),
        "einsum-output": lambda: e("i->j", a[0]),
        "einsum-repeated-sizes": lambda: e("ii->i", a),
        "einsum-dtypes": lambda: e("i,i", L.tensor([1, 2]), L.tensor([3.0, 4.0])),
        "repeat-nothing": lambda: a.repeat(),
        "einsum-no-operands": lambda: e("i"),
        "roll-0d-dim": lambda: L.tensor(2.0).roll(1, 0),
        "index_select-0d-two": lambda: L.tensor(3.0).index_select(0, L.tensor([0, 0])),
        "index_fill-1d-value": lambda: a.index_fill(1, L.tensor([1]), L.tensor([1.0, 2.0])),
    }


ERROR_NAMES = sorted(_errors(torch))


@pytest.mark.parametrize("name", ERROR_NAMES)
def test_errors_match_torch(name):
    want = attempt(_errors(torch)[name])
    got = attempt(_errors(autograd_core)[name])
    assert got == want, f"{name}: engine {got!r}\n torch {want!r}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    want = CASES[name](torch)
    got = CASES[name](autograd_core)
    assert got == want, f"{name}: engine {got!r}\n torch {want!r}"


def test_split_rule_gets_every_output_gradient():
    """The rule of a several-output node receives one gradient per output (None where none came),
    and gives zeros for the pieces nobody used: the gradient of x is whole."""
    x = autograd_core.tensor(np.arange(6.0), requires_grad=True)
    parts = x.split(2)
    assert parts[0].grad_fn.num_outputs == 3
    (parts[2] * 2).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [0, 0, 0, 0, 2, 2])


def test_einsum_rules_pass_gradgradcheck_with_ellipsis_and_repeats():
    e = autograd_core.einsum
    rng = np.random.default_rng(0)
    a = autograd_core.tensor(rng.uniform(-1, 1, (2, 3, 3)), requires_grad=True)
    b = autograd_core.tensor(rng.uniform(-1, 1, (3,)), requires_grad=True)
    assert autograd_core.autograd.gradgradcheck(lambda p, q: e("...ii,i->...i", p, q), (a, b))
