"""The VJP table: one backward rule per op, in one place (like PyTorch's derivatives.yaml).

Vocabulary
----------
A rule is a function ``rule(g, ...) -> tuple`` with one entry per op input, in order, and ``None``
where an input gets no gradient. Its parameter names say what it reads:

    g       the gradient flowing into the op's output (same shape as the output)
    ans     the op's forward result
    x, y, z the op's inputs, in order (Tensors, or Python numbers for scalar operands)
    need    a tuple of bools: which inputs need a gradient (to skip expensive work)
    others  non-tensor attributes of the call (dim, keepdim, shape, ...), stored on the node;
            one left out by the op takes the rule's default
Parameters come in that order (saved values, need, attributes), so the engine passes the first
two kinds by position.

The engine saves exactly the tensors a rule names (so ``add`` saves nothing and can be run
twice, while ``exp`` saves its result), checks their versions when backward reads them, and
reduces every returned gradient to its input's shape with ``sum_to_size`` (broadcasting is
handled there, once, never in a rule). Rules are written with Tensor operations, so running
them with grad mode on (``create_graph=True``) records their own graph: that is how second
derivatives work.

With ``create_graph=False`` nothing is recorded, so the engine hands rules the raw arrays (numpy,
cupy) instead: operators work on both, and the *vocabulary* functions below pick the Tensor op or
the array function from their argument, as HIPS autograd's wrapped numpy does. A first-order
backward pays nothing for higher-order support. Rules in ON_TENSORS always get Tensors.
"""

import inspect
import itertools
import math

from . import _messages
from ._api import ops as F
from ._backend import namespace
from ._graph import RULES
from ._tensor import Tensor
from .grad_mode import no_grad

VJP = {}


# ----------------------------------------------------------------------------- helpers of the rules
def _zeros_of(g):
    """Zeros shaped like g, outside the graph (a derivative that is identically zero)."""
    return Tensor._from_data(namespace(g._data).zeros_like(g._data))


def _clamp_mask(x, min, max):
    """1 where min <= x <= max, else 0 (a constant)."""
    a = x._data
    m = a == a
    if min is not None:
        m = m & (a >= min)
    if max is not None:
        m = m & (a <= max)
    return Tensor._from_data(m)


def tie_share(g, x, ans):
    """torch's evenly_distribute_backward: g / k at the k positions holding the full max/min (its
    NaNs when it is NaN), exactly +0 elsewhere (a where: a product would give -0 for g < 0)."""
    a, v = x._data, ans._data
    xp = namespace(a)
    m = xp.isnan(a) if bool(xp.isnan(v)) else a == v
    return F.where(Tensor._from_data(m), g / int(xp.sum(xp.astype(m, xp.int64))), 0.0)


def one_hot_along(indices, shape, dim, keepdim):
    """1 at `indices` along `dim` of an array of `shape`, 0 elsewhere (a constant)."""
    idx = indices._data
    xp = namespace(idx)
    if not keepdim:
        idx = xp.expand_dims(idx, axis=dim)
    pos = xp.reshape(xp.arange(shape[dim]), tuple(-1 if i == dim else 1 for i in range(len(shape))))
    return Tensor._from_data(pos == idx)


def inverse_permutation(dims):
    inv = [0] * len(dims)
    for i, d in enumerate(dims):
        inv[d] = i
    return tuple(inv)


def outside_view_mask(g, view):
    """1 outside the region `view` selects of a tensor shaped like g, 0 inside (a constant). The
    view is replayed on the positions 0..n-1 (reading, so an expanded view works too)."""
    xp = namespace(g._data)
    shape = g._data.shape
    with no_grad():
        seen = view.apply(Tensor._from_data(xp.reshape(xp.arange(math.prod(shape)), shape)))
    m = xp.ones(math.prod(shape), dtype=xp.bool)
    m[xp.reshape(seen._data, (-1,))] = False
    overlaps = any(name == "expand" for name, _ in view.steps)  # (an index may repeat itself)
    if overlaps and math.prod(shape) - int(xp.sum(m)) != math.prod(seen.shape):
        raise RuntimeError(_messages.OVERLAP)  # as torch's CopySlices: no single slot per value
    return Tensor._from_data(xp.reshape(m, shape))


def loss_scale(g, shape, reduction):
    """The upstream gradient of a reduced loss spread over `shape`."""
    return g / math.prod(shape) if reduction == "mean" else g


# ----------------------------------------------------------------------------- the vocabulary
def _either(op, array_fn):
    """A rule function: the Tensor op `op` on a Tensor, ``array_fn(xp, a, ...)`` on a RULE_ARRAYS
    array."""

    def f(x, *args):
        return op(x, *args) if isinstance(x, Tensor) else array_fn(namespace(x), x, *args)

    f.__name__ = op.__name__
    return f


exp = _either(F.exp, lambda xp, a: xp.exp(a))
log = _either(F.log, lambda xp, a: xp.log(a))
sin = _either(F.sin, lambda xp, a: xp.sin(a))
cos = _either(F.cos, lambda xp, a: xp.cos(a))
sign = _either(F.sign, lambda xp, a: xp.sign(a))
abs = _either(F.abs, lambda xp, a: xp.abs(a))


def _where_arrays(xp, c, a, b):
    """where() on arrays; a Python number becomes a 0-d array of the other side's dtype (cupy wants
    arrays), or of float64 when both are numbers."""
    dt = getattr(a, "dtype", None) or getattr(b, "dtype", None) or xp.float64
    return xp.where(
        c,
        a if hasattr(a, "dtype") else xp.asarray(a, dtype=dt),
        b if hasattr(b, "dtype") else xp.asarray(b, dtype=dt),
    )


where = _either(F.where, _where_arrays)
clamp_mask = _either(
    _clamp_mask,
    lambda xp, a, lo, hi: (
        (a == a) & (True if lo is None else a >= lo) & (True if hi is None else a <= hi)
    ),
)
sum = _either(F.sum, lambda xp, a, dim, keepdim: xp.sum(a, axis=dim, keepdims=keepdim))
mean = _either(F.mean, lambda xp, a, dim, keepdim: xp.mean(a, axis=dim, keepdims=keepdim))
unsqueeze = _either(F.unsqueeze, lambda xp, a, dim: xp.expand_dims(a, axis=dim))
squeeze = _either(F.squeeze, lambda xp, a, dim: xp.squeeze(a, axis=dim))
expand = _either(F.expand, lambda xp, a, shape: xp.broadcast_to(a, shape))
reshape = _either(F.reshape, lambda xp, a, shape: xp.reshape(a, shape))
transpose = _either(F.transpose, lambda xp, a, d0, d1: a.swapaxes(d0, d1))
permute = _either(F.permute, lambda xp, a, dims: xp.permute_dims(a, dims))
mT = _either(F.mT, lambda xp, a: a.swapaxes(-1, -2))
slope_backward = _either(F.slope_backward, lambda xp, g, x, slope, name: F.slope_scale(g, x, slope))
act_backward = _either(F.act_backward, lambda xp, g, ans, kind: F.act_scale(g, ans, kind))
zeros_of = _either(_zeros_of, lambda xp, a: xp.zeros_like(a))


def _unreduce(g, shape, dim, keepdim):
    """Broadcast a reduction's gradient back to the reduced input's shape."""
    if dim is not None and not keepdim:
        for d in sorted(dim):
            g = unsqueeze(g, d)
    return expand(g, shape)


def _count(shape, dim):
    return math.prod(shape if dim is None else [shape[d] for d in dim])


# ----------------------------------------------------------------------------- arithmetic
VJP["add"] = lambda g, need, alpha=1: (g, (g if alpha == 1 else g * alpha) if need[1] else None)
VJP["sub"] = lambda g, need, alpha=1: (g, (-g if alpha == 1 else -g * alpha) if need[1] else None)
VJP["rsub"] = lambda g, alpha=1: (
    -g if alpha == 1 else -g * alpha,
)  # other - alpha * x, other a number
VJP["rsub_tensor"] = lambda g, need, alpha=1: (  # other - alpha * x, other a tensor
    (-g if alpha == 1 else -g * alpha) if need[0] else None,
    g,
)
VJP["remainder"] = lambda g: (g,)  # x % number
VJP["remainder_tensor"] = lambda g, x, y, need: (  # x % y: d/dy = -floor(x / y)
    g,
    -g * F.floor(x / y) if need[1] else None,
)


def _not_implemented(g, name):
    """torch has no derivative for this op (floor_divide, remainder of a number): backward
    refuses."""
    raise RuntimeError(f"derivative for aten::{name} is not implemented")


VJP["not_implemented"] = _not_implemented
VJP["mul"] = lambda g, x, y, need: (g * y if need[0] else None, g * x if need[1] else None)
VJP["div"] = lambda g, x, y, need: (
    g / y if need[0] else None,
    -g * x / (y * y) if need[1] else None,
)
VJP["neg"] = lambda g: (-g,)
VJP["reciprocal"] = lambda g, ans: (-g * ans * ans,)
VJP["pow"] = lambda g, x, exponent: (  # x ** scalar; x ** 0: zeros, not connected (torch's)
    zeros_of(g) if exponent == 0 else g * (exponent * x ** (exponent - 1)),
)
VJP["pow_tensor"] = lambda g, x, y, ans: (  # x ** tensor; y == 0: 0 (0 * 0**-1 would be nan)
    where(y == 0, 0.0, g * (y * x ** (y - 1))),
    where((x == 0) & (y >= 0), 0.0, g * ans * log(x)),
)
VJP["rpow"] = lambda g, ans, base: (g * ans * math.log(base),)  # scalar ** x


# ----------------------------------------------------------------------------- elementwise
VJP["exp"] = lambda g, ans: (g * ans,)
VJP["expm1"] = lambda g, ans: (g * (ans + 1),)
VJP["log"] = lambda g, x: (g / x,)
VJP["log1p"] = lambda g, x: (g / (x + 1),)
VJP["sqrt"] = lambda g, ans: (g / (2 * ans),)
VJP["sin"] = lambda g, x: (g * cos(x),)
VJP["cos"] = lambda g, x: (-g * sin(x),)
VJP["tanh"] = lambda g, ans: (act_backward(g, ans, "tanh"),)  # ops: torch's double backward
VJP["sigmoid"] = lambda g, ans: (act_backward(g, ans, "sigmoid"),)
VJP["relu"] = lambda g, ans: (  # relu'(0) = 0
    slope_backward(g, ans, 0.0, "ThresholdBackwardBackward0"),
)
VJP["leaky_relu"] = lambda g, x, negative_slope: (  # leaky_relu'(0) = slope
    slope_backward(g, x, negative_slope, "LeakyReluBackwardBackward0"),
)
VJP["slope_backward"] = lambda g, y, need, negative_slope, name: (  # (g, x) -> g or slope * g
    slope_backward(g, y, negative_slope, name) if need[0] else None,
    zeros_of(g) if need[1] else None,
)
VJP["abs"] = lambda g, x: (g * sign(x),)  # abs'(0) = 0
VJP["zero_grad"] = lambda g: (zeros_of(g),)  # sign, floor, round: not connected
# Masks are applied with where, as torch's formulas: +0 where no gradient passes (g * mask: -0)
VJP["clamp"] = lambda g, x, min, max: (where(clamp_mask(x, min, max), g, 0.0),)  # bounds in


def _pick(g, x, y, x_loses, y_loses):
    """maximum/minimum: ties give half to each side; a NaN passes g to both (torch's)."""
    h = where(x == y, g / 2, g)
    return where(x_loses, 0.0, h), where(y_loses, 0.0, h)


VJP["maximum"] = lambda g, x, y: _pick(g, x, y, x < y, x > y)
VJP["minimum"] = lambda g, x, y: _pick(g, x, y, x > y, x < y)


def _clamp_tensor(g, x, y, z, need):
    """clamp(x, min=y, max=z) with tensor bounds (either may be None): torch's clamp_backward and
    clamp_backward_min_max. x gets g where min <= x <= max; min where x < min (and min < max);
    max where x > max (or max < min, where the result is max everywhere)."""
    if y is not None and z is not None:
        # torch's clamp_backward_min_max combines masks in place, as in
        # (x < min).logical_and_(min < max), which cannot grow a mask: the same refusal here.
        for needed, first, second in ((need[1], x < y, y < z), (need[2], x > z, z < y)):
            if needed and tuple((first & second).shape) != tuple(first.shape):
                raise RuntimeError(
                    f"output with shape {list(first.shape)} doesn't match the broadcast shape "
                    f"{list((first & second).shape)}"
                )
    inside = x == x
    if y is not None:
        inside = inside & (x >= y)
    if z is not None:
        inside = inside & (x <= z)
    gx = F.where(inside, g, 0.0) if need[0] else None
    gy = gz = None
    if need[1]:
        below = x < y if z is None else (x < y) & (y < z)
        gy = F.where(below, g, 0.0)
    if need[2]:
        above = x > z if y is None else (x > z) | (z < y)
        gz = F.where(above, g, 0.0)
    return gx, gy, gz


VJP["clamp_tensor"] = _clamp_tensor
VJP["masked_fill_tensor"] = lambda g, mask: (  # the value gets what it replaced
    F.where(mask, 0.0, g),
    F.where(mask, g, 0.0).sum(),
)
VJP["where"] = lambda g, condition: (F.where(condition, g, 0.0), F.where(condition, 0.0, g))
VJP["masked_fill"] = lambda g, mask: (F.where(mask, 0.0, g),)


# ----------------------------------------------------------------------------- reductions
VJP["sum"] = lambda g, shape, dim, keepdim: (_unreduce(g, shape, dim, keepdim),)
VJP["mean"] = lambda g, shape, dim, keepdim: (
    _unreduce(g, shape, dim, keepdim) / _count(shape, dim),
)
VJP["amax_all"] = lambda g, x, ans: (tie_share(g, x, ans),)  # max(): ties split evenly
VJP["amax_dim"] = lambda g, shape, dim, keepdim, indices: (  # max(dim): one index gets it
    F.where(one_hot_along(indices, shape, dim, keepdim), _unreduce(g, shape, (dim,), keepdim), 0.0)
    if shape
    else g,
)


def _amax(g, x, ans, dim, keepdim):
    """amax/amin: the gradient is shared evenly by the positions holding the extreme value."""
    hit = x == _unreduce(ans, x.shape, dim, keepdim)
    return (_unreduce(g, x.shape, dim, keepdim) * hit / sum(hit, dim, True),)


VJP["amax"] = _amax


def _var(g, x, dim, correction, keepdim):
    """torch's var_backward: 2 (x - mean) / (N - correction); over every dim with no degrees of
    freedom left, inf (nan where x is its mean), through g only."""
    if dim is None and _count(x.shape, None) - correction <= 0:
        return (
            _unreduce(g, x.shape, dim, keepdim)
            * where(x == mean(x, dim, True), math.nan, math.inf),
        )
    return (
        _unreduce(g, x.shape, dim, keepdim)
        * 2
        * (x - mean(x, dim, True))
        / (_count(x.shape, dim) - correction),
    )


VJP["var"] = _var
VJP["std"] = lambda g, x, ans, dim, correction, keepdim: (  # 0 where std is 0, as torch
    _unreduce(where(ans == 0, 0.0, g / ans), x.shape, dim, keepdim)
    * (x - mean(x, dim, True))
    / (_count(x.shape, dim) - correction),
)


def _norm(g, x, ans, ord, dim, keepdim):
    """torch's linalg_vector_norm_backward, case by case (0 where the norm is 0)."""
    g, n = _unreduce(g, x.shape, dim, keepdim), _unreduce(ans, x.shape, dim, keepdim)
    if ord == 0:
        return (None,)  # a count: no derivative
    if ord == 1:
        return (sign(x) * g,)
    if ord == 2:
        return (x * where(n == 0, 0.0, g / where(n == 0, 1.0, n)),)
    if ord in (math.inf, -math.inf):  # like amax of |x|: ties share
        hit = abs(x) == n
        return (sign(x) * g * hit / _unreduce(sum(hit, dim, True), x.shape, dim, True),)
    scaled = sign(x) * abs(x) ** (ord - 1)
    if ord < 1:
        return (where(x == 0, 0.0, scaled) * g * n ** (1 - ord),)
    return (scaled * where(n == 0, 0.0, g / where(n == 0, 1.0, n) ** (ord - 1)),)


VJP["norm"] = _norm
VJP["logsumexp"] = lambda g, x, ans, dim, keepdim: (
    _unreduce(g, x.shape, dim, keepdim) * exp(x - _unreduce(ans, x.shape, dim, keepdim)),
)
VJP["softmax"] = lambda g, ans, dim: (ans * (g - sum(g * ans, dim, True)),)
VJP["log_softmax"] = lambda g, ans, dim: (g - exp(ans) * sum(g, dim, True),)


# ----------------------------------------------------------------------------- linear algebra
def _matmul(g, x, y, need, ndims):
    nx, ny = ndims  # x or y is None when only the other needs it
    if nx == 1 and ny == 1:  # dot
        return (g * y if need[0] else None, g * x if need[1] else None)
    if nx == 1:  # (n) @ (..., n, m)
        return (
            squeeze(unsqueeze(g, -2) @ mT(y), -2) if need[0] else None,
            unsqueeze(x, -1) * unsqueeze(g, -2) if need[1] else None,
        )
    if ny == 1:  # (..., n, m) @ (m)
        return (
            unsqueeze(g, -1) * y if need[0] else None,
            squeeze(mT(x) @ unsqueeze(g, -1), -1) if need[1] else None,
        )
    return (g @ mT(y) if need[0] else None, mT(x) @ g if need[1] else None)


VJP["matmul"] = _matmul
VJP["addmm"] = lambda g, y, z, need, z_transposed: (  # x + y @ z, x the bias
    g if need[0] else None,
    g @ mT(z) if need[1] else None,
    (mT(mT(g) @ y) if z_transposed else mT(y) @ g) if need[2] else None,
)


# ----------------------------------------------------------------------------- shapes and indexing
VJP["view"] = lambda g, shape: (reshape(g, shape),)  # view, reshape, flatten, (un)squeeze
VJP["expand"] = lambda g: (g,)  # the engine sums back to the shape
VJP["transpose"] = lambda g, dim0, dim1: (transpose(g, dim0, dim1),)
VJP["permute"] = lambda g, dims: (permute(g, inverse_permutation(dims)),)
VJP["clone"] = lambda g: (g,)
VJP["overwrite"] = lambda g: (g * 0, g)  # x.copy_(src)
VJP["filled"] = lambda g: (zeros_of(g),)  # x.fill_(v), x.zero_()
VJP["fill_tensor"] = lambda g: (zeros_of(g), g.sum())  # x.fill_(0-d tensor v): v gets sum(g)
VJP["to_copy"] = lambda g, device, dtype: (g.to(device),)  # the engine casts the dtype back
VJP["index"] = lambda g, shape, index: (F.index_scatter(g, shape, index),)
VJP["index_scatter"] = lambda g, index: (g[index],)
VJP["copy_slices"] = lambda g, view: (g * outside_view_mask(g, view), view.apply(g))


# A view's steps undone one by one, last first: each step's own VJP, given the shape it started
# from.
_VIEW_STEP = {
    "__getitem__": lambda g, shape, index: F.index_scatter(g, shape, index),
    "reshape": lambda g, shape, *_: reshape(g, shape),
    "squeeze": lambda g, shape, *_: reshape(g, shape),
    "unsqueeze": lambda g, shape, *_: reshape(g, shape),
    "transpose": lambda g, shape, d0, d1: transpose(g, d0, d1),
    "t": lambda g, shape: g if len(shape) < 2 else transpose(g, 0, 1),
    "permute": lambda g, shape, *dims: permute(g, inverse_permutation(dims)),
    "expand": lambda g, shape, *_: F.sum_to_size(g, shape),
}


def _as_strided(g, view, shapes):
    """A view rebuilt on its base after an in-place change (AsStridedBackward0)."""
    for (name, args), shape in zip(reversed(view.steps), reversed(shapes)):
        g = _VIEW_STEP[name](g, shape, *args)
    return (g,)


VJP["as_strided"] = _as_strided
VJP["cat"] = lambda g, dim, sizes: tuple(
    g[(slice(None),) * dim + (slice(s - n, s), Ellipsis)]
    for n, s in zip(sizes, itertools.accumulate(sizes))
)
VJP["stack"] = lambda g, dim, count: tuple(
    g[(slice(None),) * dim + (i, Ellipsis)] for i in range(count)
)


# ----------------------------------------------------------------------------- losses
VJP["mse_loss"] = lambda g, x, y, need, reduction: (  # (the loss_backward op: _losses)
    F.loss_backward(g, x, y, "mse", reduction) if need[0] else None,
    F.loss_backward(g, y, x, "mse", reduction) if need[1] else None,
)


def _nll_loss(g, shape, target, weight, reduction, ignore_index, total, valid):
    """-g * weight/total at each kept row's target, exactly 0 everywhere else, as torch's
    nll_loss_backward writes only those entries (so a nan g or a zero total stays out of the rest).
    target, weight, valid: constant Tensors of the rows."""
    xp = namespace(target._data)
    scale = weight._data / total if reduction == "mean" else weight._data  # 0/0 = nan, as torch
    hit = (
        xp.reshape(target._data, (-1, 1)) == xp.reshape(xp.arange(shape[-1]), (1, -1))
    ) & xp.reshape(valid._data, (-1, 1))
    out = (reshape(g, (-1, 1)) if reduction == "none" else g) * (0.0 - xp.reshape(scale, (-1, 1)))
    out = (
        F.where(Tensor._from_data(hit), out, 0.0)
        if isinstance(out, Tensor)
        else xp.where(hit, out, 0.0)
    )
    return (reshape(out, shape),)


VJP["nll_loss"] = _nll_loss


# ----------------------------------------------------------------------------- what each rule reads
INPUT_NAMES = ("x", "y", "z")

# Inputs a rule reads only to compute ANOTHER input's gradient: they are saved only when that input
# needs a gradient (so ``x * 2`` keeps just the 2, like torch), and arrive as None otherwise.
ONLY_FOR = {
    "remainder_tensor": {"x": "y", "y": "y"},
    "mul": {"x": "y", "y": "x"},
    "div": {"x": "y"},
    "matmul": {"x": "y", "y": "x"},
    "addmm": {"y": "z", "z": "y"},
}


# Rules that read Tensors from their attributes (a mask, indices, a view) or call helpers written
# for Tensors: they get Tensors even when create_graph=False.
ON_TENSORS = set(
    """
    where masked_fill masked_fill_tensor clamp_tensor remainder_tensor amax_all amax_dim
    amax to_copy index index_scatter copy_slices as_strided mse_loss
""".split()
)


class Rule:
    """A table entry with what its signature asks for, worked out once."""

    __slots__ = """
        op fn saves_ans saves_inputs saved_names wants_need only_for on_arrays defaults
    """.split()

    def __init__(self, op, fn, only_for=None, on_arrays=True):
        signature = inspect.signature(fn).parameters
        params = list(signature)[1:]  # after g
        saved = [p for p in params if p in INPUT_NAMES or p == "ans"]
        # Node._run_rule passes the saved values, then need, by position (see the header).
        assert saved == sorted(saved, key=(*INPUT_NAMES, "ans").index), (
            f"{fn}: name x, y, z, ans in order"
        )
        assert params[: len(saved) + ("need" in params)] == saved + ["need"] * ("need" in params), (
            f"{fn}: saved values first, then need, then attributes"
        )
        self.defaults = {
            k: v.default for k, v in signature.items() if v.default is not inspect.Parameter.empty
        }
        self.op = op
        self.fn = fn
        self.saves_ans = "ans" in params
        self.saves_inputs = tuple(i for i, n in enumerate(INPUT_NAMES) if n in params)
        self.saved_names = tuple(saved)  # what Node._saved holds, in this order
        self.wants_need = "need" in params or bool(only_for)
        self.only_for = {
            INPUT_NAMES.index(a): INPUT_NAMES.index(b) for a, b in (only_for or {}).items()
        }
        self.on_arrays = on_arrays


def defvjp(op, fn, only_for=None, on_arrays=True):
    """Make `fn` the VJP rule of `op` (HIPS autograd's name): the table entry and its Rule."""
    VJP[op] = fn
    RULES[op] = Rule(op, fn, only_for, on_arrays)


for _op, _fn in list(VJP.items()):
    defvjp(_op, _fn, ONLY_FOR.get(_op), _op not in ON_TENSORS)
