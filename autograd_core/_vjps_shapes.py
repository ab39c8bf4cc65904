"""The VJP table, continued: the rules of the core's ops that are not pointwise (reductions, matrix
products, views and indexing, joins, losses), in the vocabulary of _vjps (see its header), and
the helpers only these rules use. Their entries go into the same table, ``VJP``.
"""

import functools
import itertools
import math

import numpy as np

from . import _backend, _messages
from ._api import ops as F
from ._backend import namespace
from ._graph import Node, node_class
from ._ops import _record
from ._tensor import Tensor
from ._vjps import (
    VJP,
    exp,
    expand,
    mT,
    masked_fill,
    mean,
    permute,
    register_entries,
    reshape,
    sign,
    abs,
    squeeze,
    sum,
    transpose,
    unsqueeze,
    where,
    zeros_of,
)
from .grad_mode import is_grad_enabled, no_grad


# ----------------------------------------------------------------------------- helpers of the rules
def scaled(t, c):
    """t * c for a Python number c as torch's C++ formulas write it: t itself when c is 1
    (maybe_multiply), else mul by a double, whose node is MulBackward1 (Python's t * c wraps c
    in a tensor: MulBackward0)."""
    return t if c == 1 else times(t, c)


def times(t, c):
    """t * c for a Python number c: torch's mul by a double (MulBackward1), whatever c, whose
    gradient is again such a product (op mul_scalar)."""
    if not isinstance(t, Tensor):
        return t * c
    with no_grad():  # (the promotion of t * c: an integer t times a float is the default float)
        r = t * c
    return _record("mul_scalar", "MulBackward1", r._data, (t,), {"c": c})


VJP["mul_scalar"] = lambda g, c: (times(g, c),)


def divided(t, n):
    """t / n for a Python number n, torch's division by a double (DivBackward1)."""
    return _by_scalar(t / n, "DivBackward1")


def plus(t, c):
    """t + c for a Python number c, torch's add of a Scalar (AddBackward1)."""
    return _by_scalar(t + c, "AddBackward1")


def minus(c, t):
    """c - t for a Python number c as torch's C++ writes it: a tensor of t's dtype filled with
    c, then t subtracted in place (SubBackward0, its one edge t's)."""
    return (zeros_of(t) + c) - t if isinstance(t, Tensor) else c - t


def over(c, t):
    """c / t for a Python number c as torch's C++ writes it (DivBackward0, its one edge t's)."""
    return (zeros_of(t) + c) / t if isinstance(t, Tensor) else c / t


def _by_scalar(r, name):
    if isinstance(r, Tensor) and r._grad_fn is not None:
        r._grad_fn.__class__ = node_class(name)
    return r


# torch's mul/div/add of a Scalar has one input, so one edge: the number's (None, 0) is not shown
for _cls in (node_class("MulBackward1"), node_class("DivBackward1"), node_class("AddBackward1")):
    _cls.next_functions = property(lambda self: Node.next_functions.fget(self)[:1])


def tie_share(g, x, ans):
    """torch's evenly_distribute_backward: g / k at the k positions holding the full max/min (its
    NaNs when it is NaN), exactly +0 elsewhere (a where: a product would give -0 for g < 0)."""
    a, v = x._data, ans._data
    xp = namespace(a)
    m = xp.isnan(a) if bool(xp.isnan(v)) else a == v
    share = g / int(xp.sum(xp.astype(m, xp.int64)))  # (torch: zeros, then masked_fill_ of it)
    return zeros_of(x).masked_fill_(Tensor._from_data(m), share)


def one_hot_along(indices, shape, dim, keepdim):
    """1 at `indices` along `dim` of an array of `shape`, 0 elsewhere (a constant)."""
    idx = indices._data
    xp = namespace(idx)
    if not keepdim:
        idx = xp.expand_dims(idx, axis=dim)
    steps = xp.arange(shape[dim], device=getattr(idx, "device", None))
    pos = xp.reshape(steps, tuple(-1 if i == dim else 1 for i in range(len(shape))))
    return Tensor._from_data(pos == idx)


def inverse_permutation(dims):
    inv = [0] * len(dims)
    for i, d in enumerate(dims):
        inv[d] = i
    return tuple(inv)


def outside_view_mask(g, view):
    """1 outside the region `view` selects of a tensor shaped like g, 0 inside (a constant). The
    view is replayed on the positions 0..n-1 (reading, so an expanded view works too)."""
    shape = g._data.shape
    with no_grad():  # (on the host: the standard has no indexed writes)
        seen = Tensor._from_data(np.arange(math.prod(shape)).reshape(shape))
        seen = view.apply(view.laid_out(seen))
    m = np.ones(math.prod(shape), dtype=bool)
    m[np.asarray(seen._data).reshape(-1)] = False
    overlaps = any(name == "expand" for name, _ in view.steps)  # (an index may repeat itself)
    if overlaps and math.prod(shape) - int(m.sum()) != math.prod(seen.shape):
        raise RuntimeError(_messages.OVERLAP)  # as torch's CopySlices: no single slot per value
    return Tensor._from_data(_backend.move(m.reshape(shape), _backend.device_of(g._data)))


def _unreduce(g, shape, dim, keepdim):
    """Broadcast a reduction's gradient back to the reduced input's shape."""
    if dim is not None and not keepdim:
        for d in sorted(dim):
            g = unsqueeze(g, d)
    return expand(g, shape)


def _count(shape, dim):
    return math.prod(shape if dim is None else [shape[d] for d in dim])


# ----------------------------------------------------------------------------- reductions
VJP["sum"] = lambda g, shape, dim, keepdim: (_unreduce(g, shape, dim, keepdim),)
VJP["mean"] = lambda g, shape, dim, keepdim: (  # (torch's turns sgn's ZeroTensor plain: a
    divided(_unreduce(_plain(g), shape, dim, keepdim), _count(shape, dim)),  # constant)
)


def _plain(g):
    if g.__class__ is Tensor and g._data.__class__ is _backend.ZeroGrad:
        return zeros_of(g)
    return _backend.plain(g)


def materialized(r):
    """r, a kernel's result, with sgn's ZeroTensor zeros made plain (torch's kernels without a
    ZeroTensor loop write them; the node keeps what it saved)."""
    if r.__class__ is Tensor:
        r._data = _backend.plain(r._data)
        return r
    return _backend.plain(r)


def refuse_zero(g):
    """torch's formulas that divide sgn's ZeroTensor, then fill the result in place (std's,
    the p-norms'): refused."""
    data = g._data if g.__class__ is Tensor else g
    if data.__class__ is _backend.ZeroGrad:
        raise RuntimeError(_messages.ZERO_IMMUTABLE)
    return g


VJP["amax_all"] = lambda g, x, ans: (tie_share(g, x, ans),)  # max(): ties split evenly


def value_selecting(g, indices, shape, dim, keepdim):
    """torch's value_selecting_reduction_backward (max(dim), median(dim), kthvalue, mode): g
    scattered into zeros at the indices, so a NaN of g stays in its place (a ScatterBackward0)."""
    if g.__class__ is not Tensor or g._data.__class__ is not np.ndarray:  # the same values (an
        # array library without integer-array setitem: its graph is a WhereBackward0)
        pick = one_hot_along(indices, shape, dim, keepdim)
        return F.where(pick, _unreduce(g, shape, (dim,), keepdim), 0.0)
    if not keepdim:
        g, indices = F.unsqueeze(g, dim), F.unsqueeze(indices, dim)
    return F.scatter(g.new_zeros(shape), dim, indices, g)


VJP["amax_dim"] = lambda g, shape, dim, keepdim, indices: (  # max(dim): one index gets it
    value_selecting(g, indices, shape, dim, keepdim) if shape else g,
)


def _amax(g, x, ans, dim, keepdim):
    """amax/amin: the gradient is shared evenly by the positions holding the extreme value, as
    torch's scale_grad_by_count: (g / count) * hit, g and the result reshaped to keep dims."""
    kept = tuple(1 if dim is None or d in dim else n for d, n in enumerate(x.shape))
    g, ans = (t if keepdim else reshape(t, kept) for t in (g, ans))
    hit = ans == x
    return ((g / sum(hit, dim, True)) * hit,)


VJP["amax"] = _amax


def _var(g, x, dim, correction, keepdim):
    """torch's var_backward: 2 (x - mean) / (N - correction); over every dim with no degrees of
    freedom left, inf (nan where x is its mean), through g only."""
    if dim is None and _count(x.shape, None) - correction <= 0:
        return (
            _unreduce(g, x.shape, dim, keepdim)
            * where(x == mean(x, dim, True), math.nan, math.inf),
        )
    dof = _count(x.shape, dim) - correction  # (torch's order: (2 / dof) * g, then * (x - mean);
    two_over = 2.0 / dof if dof else math.inf  # 2 / 0 a double's inf; g unsqueezed, not expanded:
    if dim is not None and not keepdim and x.ndim > 1:  # the product broadcasts it)
        for d in sorted(dim):
            g = unsqueeze(g, d)
    return (times(g, two_over) * (x - mean(x, dim, True)),)


VJP["var"] = _var


def _std(g, x, ans, dim, correction, keepdim):
    """torch's std_backward: var's with g / (2 std), 0 where std is 0."""
    return _var(
        masked_fill(refuse_zero(g) / times(ans, 2), ans == 0, 0.0), x, dim, correction, keepdim
    )


VJP["std"] = _std


def _norm(g, x, ans, ord, dim, keepdim):
    """torch's norm_backward, in its order of ops (its second derivatives, NaN included, follow
    them: at a zero norm of order 2, d(x/n) is 0/0)."""
    g, n = _unreduce(g, x.shape, dim, keepdim), _unreduce(ans, x.shape, dim, keepdim)
    if ord == 0:
        return (None,)  # a count: no derivative
    if ord == 1:
        return (sign(x) * g,)
    if ord == 2:
        return (g * masked_fill(x / n, n == 0, 0.0),)
    if ord in (math.inf, -math.inf):  # like amax of |x|: ties share, NaNs count as hits
        hit = (abs(x) == n) | (x != x)
        return (sign(x) * (g / _unreduce(sum(hit, dim, True), x.shape, dim, True) * hit),)
    if ord < 1:
        return (sign(x) * where(x == 0, 0.0, abs(x) ** (ord - 1)) * g * n ** (1 - ord),)
    slope = sign(x) * abs(x) ** (ord - 1) if ord < 2 else x * abs(x) ** (ord - 2)
    return (slope * masked_fill(refuse_zero(g) / n ** (ord - 1), n == 0, 0.0),)


VJP["norm"] = _norm
VJP["logsumexp"] = lambda g, x, ans, dim, keepdim: (
    _unreduce(g, x.shape, dim, keepdim) * exp(x - _unreduce(ans, x.shape, dim, keepdim)),
)


def twice(name, rule, zeros=True, self_adjoint=False):
    """`rule` whose results, under create_graph, come from torch's one double-backward node
    `name`: torch's backward is one differentiable op of all the tensors the rule reads, so each
    result requires grad when any of them does (the true second derivatives still flow through
    the rule's own ops; the tie adds a zero derivative, or none where torch's node gives an
    undefined one: `zeros` False). A `self_adjoint` rule (elementwise in g, or softmax's) is its
    own derivative with respect to g: torch's derivatives.yaml applies it again to that gradient
    (so jvp/hvp record torch's node), not the ops it is composed of."""

    @functools.wraps(rule)
    def run(g, *args, **kwargs):
        if not isinstance(g, Tensor) or not is_grad_enabled():
            return rule(g, *args, **kwargs)
        again = self_adjoint and g.requires_grad
        outs = rule(g.detach() if again else g, *args, **kwargs)  # (g's derivative: `again`)
        ties = [t for t in (g, *args) if isinstance(t, Tensor)]
        tie = functools.partial(F.grad_tie, name=name, zeros=zeros)
        return tuple(
            None
            if o is None
            else tie(o, *ties, again=_again(run, k, args, kwargs) if again else None)
            for k, o in enumerate(outs)
        )

    return run


def _again(run, k, args, kwargs):
    """The derivative of output k of a self-adjoint tied rule with respect to its g."""
    return lambda gg: run(gg, *args, **kwargs)[k]


def valued(t, values):
    """Tensor t with the given values (an array) and t's derivatives: t.detach() - t is exactly
    +0, so a kernel's values (a -0 among them) ride on a composed rule's graph."""
    return Tensor._from_data(values) - (t.detach() - t)


def fused(rule, composite=False):
    """A rule torch computes as one backward kernel (gelu's, silu's, mish's, softplus's...): on
    16-bit tensors in float32, rounded once. The values come from the rule on float32 copies;
    under create_graph the rule's own ops give the derivatives (`valued`), or, for a
    `composite` one (silu's, mish's: torch's double backward runs their formula op by op), the
    values too. (A kernel writes sgn's ZeroTensor as plain zeros: `materialized`.)"""

    @functools.wraps(rule)
    def run(g, x, *args, **kwargs):
        low = g.dtype
        if low.itemsize != 2 or not low.is_floating_point or composite and is_grad_enabled():
            return tuple(
                None if r is None else materialized(r) for r in rule(g, x, *args, **kwargs)
            )
        with no_grad():
            values = rule(g.float(), x.float(), *args, **kwargs)
        values = [None if v is None else v.to(low)._data for v in values]
        if not is_grad_enabled():
            return tuple(None if v is None else Tensor._from_data(v) for v in values)
        composed = rule(g, x, *args, **kwargs)
        return tuple(None if c is None else valued(c, v) for c, v in zip(composed, values))

    return run


def _in_opmath(rule):
    """A rule run in float32 on 16-bit arrays, rounded once at the end (torch's softmax backward
    kernels compute in their opmath type); under create_graph the Tensor ops give derivatives,
    the kernel the values (`valued`)."""

    def run(g, ans, dim):
        if isinstance(g, Tensor):
            k, low = _backend.opmath(g._data)
            composed = rule(g, ans, dim)
            if low is None:
                return (composed,)
            return (
                valued(composed, _backend.round_back(rule(k, ans._data.astype(k.dtype), dim), low)),
            )
        g, low = _backend.opmath(g)
        if low is None:
            return (rule(g, ans, dim),)
        return (_backend.round_back(rule(g, ans.astype(g.dtype), dim), low),)

    return run


VJP["softmax"] = twice(
    "SoftmaxBackwardDataBackward0",
    _in_opmath(lambda g, ans, dim: ans * (g - sum(g * ans, dim, True))),
    self_adjoint=True,
)
VJP["log_softmax"] = twice(
    "LogSoftmaxBackwardDataBackward0",
    _in_opmath(lambda g, ans, dim: g - exp(ans) * sum(g, dim, True)),
)


# ----------------------------------------------------------------------------- linear algebra
def _mt(a):
    """a's matrices transposed: t() for a matrix, as torch's mm/mv backward formulas write it."""
    return F.t(a) if isinstance(a, Tensor) and a.ndim == 2 else mT(a)


def _bmm(a, b):
    """a @ b of two 3-D batches: torch's bmm (BmmBackward0) on Tensors."""
    return F.bmm(a, b) if isinstance(a, Tensor) else a @ b


def _matmul(g, x, y, need, ndims, fold=0, bmm=False):
    """The products torch's matmul backward computes, by the kernel its forward reached: dot, mv
    (y's gradient an mv too), a row vector's mm, x's batch folded into the rows of one mm or mv
    with y of `fold` dims (its batch of one squeezed: x's gradient reshaped back, y's one product
    over all rows, unsqueezed back), else broadcast."""
    nx, ny = ndims  # x or y is None when only the other needs it
    if nx == 1 and ny == 1:  # dot
        return (g * y if need[0] else None, g * x if need[1] else None)
    if nx == 1:  # (n) @ (..., n, m): (1, n) @ (n, m) for a matrix
        return (
            squeeze(unsqueeze(g, -2) @ mT(y), -2) if need[0] else None,
            (
                _mt(unsqueeze(x, 0)) @ unsqueeze(g, 0)
                if ny == 2
                else unsqueeze(x, -1) * unsqueeze(g, -2)
            )
            if need[1]
            else None,
        )
    if fold:  # (..., n, m) @ (m) or (m, p): x's rows (..., n) as one dim
        n = math.prod(g.shape[: g.ndim - fold + 1])  # (x's rows; not -1: a size 0 is allowed)
        rows = reshape(g, (n,) if fold == 1 else (n, g.shape[-1]))
        gx = gy = None
        if need[0]:
            y = squeeze(y, 0) if ny > fold else y
            gx = unsqueeze(rows, -1) * y if fold == 1 else rows @ _mt(y)
            gx = reshape(gx, tuple(g.shape[: g.ndim - fold + 1]) + (y.shape[0],))
        if need[1]:
            gy = _mt(reshape(x, (n, x.shape[-1]))) @ rows
            gy = unsqueeze(gy, 0) if ny > fold else gy
        return (gx, gy)
    if ny == 1:  # (..., n, m) @ (m); a matrix's gradient torch's ger, g as a column times y
        return (
            (reshape(g, (-1, 1)) if nx == 2 else unsqueeze(g, -1)) * y if need[0] else None,
            (_mt(x) @ g if nx == 2 else squeeze(mT(x) @ unsqueeze(g, -1), -1)) if need[1] else None,
        )
    if bmm == "torch.bmm":
        return (_bmm(g, mT(y)) if need[0] else None, _bmm(mT(x), g) if need[1] else None)
    if bmm:  # matmul's bmm: both operands expanded to the batch, folded into one dim, viewed back
        batch, (n, p) = tuple(g.shape[:-2]), tuple(g.shape[-2:])
        k = x.shape[-1] if x is not None else y.shape[-2]  # (the contracted size)
        b = math.prod(batch)  # (not -1: a size 0 is allowed)
        g3 = reshape(g, (b, n, p))

        def folded(t):  # (the engine sums a broadcast operand's gradient back)
            return reshape(expand(t, batch + tuple(t.shape[-2:])), (b,) + tuple(t.shape[-2:]))

        return (
            reshape(_bmm(g3, mT(folded(y))), batch + (n, k)) if need[0] else None,
            reshape(_bmm(mT(folded(x)), g3), batch + (k, p)) if need[1] else None,
        )
    return (g @ _mt(y) if need[0] else None, _mt(x) @ g if need[1] else None)


VJP["matmul"] = _matmul
VJP["addmm"] = lambda g, y, z, need, z_transposed: (  # x + y @ z, x the bias
    g if need[0] else None,
    g @ _mt(z) if need[1] else None,
    (_mt(_mt(g) @ y) if z_transposed else _mt(y) @ g) if need[2] else None,
)


# ----------------------------------------------------------------------------- shapes and indexing
def _view(g, shape, squeeze_dim=None, unsqueeze_dims=None):
    """view, reshape, flatten: g reshaped back; unsqueeze's, g squeezed at its dim, and squeeze's
    unsqueezed at each removed dim in turn (nothing when none was: g itself), as torch's."""
    if squeeze_dim is not None:
        return (squeeze(g, squeeze_dim),)
    if unsqueeze_dims is not None:
        for d in unsqueeze_dims:
            g = unsqueeze(g, d)
        return (g,)
    return (reshape(g, shape),)


VJP["view"] = _view
VJP["expand"] = lambda g: (g,)  # the engine sums back to the shape
VJP["transpose"] = lambda g, dim0, dim1: (transpose(g, dim0, dim1),)
VJP["t"] = lambda g, dim0, dim1: (  # a matrix's t(): TBackward0 again (transpose's attributes)
    F.t(g) if isinstance(g, Tensor) else transpose(g, 0, 1),
)
VJP["permute"] = lambda g, dims: (permute(g, inverse_permutation(dims)),)
VJP["clone"] = lambda g: (g,)
VJP["overwrite"] = lambda g: (zeros_of(g), g)  # x.copy_(src): x is not connected (torch)
VJP["filled"] = lambda g: (zeros_of(g),)  # x.fill_(v), x.zero_()
VJP["fill_tensor"] = lambda g: (zeros_of(g), g.sum())  # x.fill_(0-d tensor v): v gets sum(g)
VJP["to_copy"] = lambda g, device, dtype: (g.to(device),)  # the engine casts the dtype back
VJP["index"] = lambda g, shape, index: (F.index_scatter(g, shape, index),)
VJP["index_scatter"] = lambda g, index: (g[index],)


def _copy_slices(g, view, value_dims=0):
    """The base's gradient outside the written region (an inf there gives 0: not scaled), and the
    region's for the value (with the leading size-1 dims a value of more dims had: its copy_'s
    expand; the engine sums a value that broadcast)."""
    part = view.apply(view.laid_out(g))
    if value_dims > part.ndim:
        part = reshape(part, (1,) * (value_dims - part.ndim) + tuple(part.shape))
    return (where(outside_view_mask(g, view), g, zeros_of(g)), part)


VJP["copy_slices"] = _copy_slices
# CopySlices around an op without derivative, on a view that needs none: torch's runs the op's
# node (which refuses) though none of its edges leads to the op's other operand (_inplace)
VJP["copy_slices_refused"] = lambda g, view, name, value_dims=0: VJP["not_implemented"](g, name)


# A view's steps undone one by one, last first: each step's own VJP, given the shape it started
# from.
_VIEW_STEP = {
    "__getitem__": lambda g, shape, index: F.index_scatter(g, shape, index),
    "reshape": lambda g, shape, *_: reshape(g, shape),
    "squeeze": lambda g, shape, *_: reshape(g, shape),
    "unsqueeze": lambda g, shape, *_: reshape(g, shape),
    "transpose": lambda g, shape, d0, d1: transpose(g, d0, d1),
    "t": lambda g, shape: g if len(shape) < 2 else transpose(g, 0, 1),
    "permute": lambda g, shape, dims: permute(g, inverse_permutation(dims)),
    "expand": lambda g, shape, *_: F.sum_to_size(g, shape),
}


def _as_strided(g, view, shapes):
    """A view rebuilt on its base after an in-place change (AsStridedBackward0)."""
    for (name, args), shape in zip(reversed(view.steps), reversed(shapes)):
        layout = {"layout": view.layout} if name == "as_strided" else {}  # (the base's strides)
        g = _VIEW_STEP[name](g, shape, *args, **layout)
    return (g,)


VJP["as_strided"] = _as_strided
VJP["cat"] = (
    lambda g, dim, sizes: tuple(  # size None: a skipped 1-d empty input
        reshape(g, (-1,))[:0]
        if n is None
        else g[(slice(None),) * dim + (slice(s - n, s), Ellipsis)]
        for n, s in zip(sizes, itertools.accumulate(n or 0 for n in sizes))
    )
)
VJP["stack"] = lambda g, dim, count: tuple(
    g[(slice(None),) * dim + (i, Ellipsis)] for i in range(count)
)


# ----------------------------------------------------------------------------- losses
VJP["mse_loss"] = lambda g, x, y, need, reduction: (  # (the loss_backward op: _losses)
    F.loss_backward(g, x, y, "mse", reduction) if need[0] else None,
    F.loss_backward(g, y, x, "mse", reduction) if need[1] else None,
)


def _nll_loss(g, x, shape, target, weight, reduction, ignore_index, total, valid):
    """-g * weight/total at each kept row's target, exactly 0 everywhere else, as torch's
    nll_loss_backward writes only those entries (so a nan g or a zero total stays out of the rest).
    target, weight, valid: constant Tensors of the rows."""
    xp = namespace(target._data)
    hit = (target._data[:, None] == xp.arange(shape[-1])) & valid._data[:, None]
    g = g / total if reduction == "mean" else g  # (torch's weight * -(g / total); 0/0 = nan)
    out = (reshape(g, (-1, 1)) if reduction == "none" else g) * (0.0 - weight._data[:, None])
    out = (
        F.where(Tensor._from_data(hit), out, 0.0)
        if isinstance(out, Tensor)
        else xp.where(hit, out, 0.0)
    )
    return (reshape(out, shape),)


VJP["nll_loss"] = twice("NllLossBackwardBackward0", _nll_loss)  # (torch's reads the input too)


def _nll_loss2d(g, x, shape, target, weight, reduction, ignore_index, total, valid):
    """nll_loss's rule on the (N*H*W, C) rows, the classes moved back to dim 1 (contiguous, as
    torch's nll_loss2d_backward writes it)."""
    n, c, h, w = shape
    g = reshape(g, (-1,)) if reduction == "none" else g
    (out,) = _nll_loss(g, x, (n * h * w, c), target, weight, reduction, ignore_index, total, valid)
    out = permute(reshape(out, (n, h, w, c)), (0, 3, 1, 2))
    return (out.contiguous() if isinstance(out, Tensor) else _backend.c_order(out),)


VJP["nll_loss2d"] = twice("NllLoss2DBackwardBackward0", _nll_loss2d)


# ----------------------------------------------------------------------------- what each rule reads
# (see _vjps's tables of the same names)
ONLY_FOR = {"matmul": {"x": "y", "y": "x"}, "addmm": {"y": "z", "z": "y"}}
ON_TENSORS = set(
    """
    amax_all amax_dim amax to_copy index index_scatter copy_slices as_strided mse_loss
""".split()
)
register_entries(ONLY_FOR, ON_TENSORS)
