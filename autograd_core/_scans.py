"""Ops along a dimension: prod, cumsum, cumprod; sort, argsort, topk.

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

from . import _backend
from ._backend import namespace
from ._tensor import Tensor
from ._amp_policy import cuda_float32, float32_precision
import math
import warnings

from ._graph import Node, SavedTensor, node_class
from ._ops import _cname, _dim, _dims, _forward, _record, silent
from . import _reductions
from ._reductions import _MinMax
from ._shapes import cat, getitem, overwrite, reshape, transpose
from ._pointwise import _logaddexp, lerp
from ._elementwise import where

_RETURN_TYPES = {
    k: type(k, (_MinMax,), {"__module__": "torch.return_types", "__qualname__": k})
    for k in ("sort", "topk", "cummax", "cummin", "median", "mode")
}


def _accumulated(x, dtype):
    """x's array in the dtype of a product or running sum: `dtype` if given, else int64 for
    bool and integer inputs (as torch), else x's own."""
    a = x._data
    xp = namespace(a)
    if dtype is not None:
        _reductions._integral_result(x, dtype)
        return xp.astype(a, _backend.to_backend_dtype(xp, dtype))
    if _backend.kind(a.dtype) in "biu":
        return xp.astype(a, xp.int64)
    return a


@float32_precision
def prod(input, dim=None, keepdim=False, *, dtype=None):
    """The product of all elements (ProdBackward0), or along one `dim` (ProdBackward1)."""
    if dim is not None and not isinstance(dim, int):
        raise TypeError(
            f"prod() received an invalid combination of arguments - got (Tensor, "
            f"{type(dim).__name__}), but expected one of the signatures torch documents"
        )
    a = _accumulated(input, dtype)
    xp = namespace(a)
    if dim is None:
        return _record("prod", "ProdBackward0", xp.prod(a), (input,), {"dim": None})
    d = _dim(dim, a.ndim)
    r = a if d is None else xp.prod(a, axis=d, keepdims=keepdim)
    return _record("prod", "ProdBackward1", r, (input,), {"dim": d, "keepdim": keepdim})


def _running(xp, name, a, d):
    """cumulative_sum/prod (the array API's names; older namespaces call them cumsum/cumprod)."""
    fn = getattr(xp, "cumulative_" + name, None) or getattr(xp, "cum" + name)
    return fn(a, axis=d, dtype=a.dtype)  # (numpy widens small integers; torch keeps the dtype)


@cuda_float32
def cumsum(input, dim, *, dtype=None):
    """Running sums along `dim` (bool and integer inputs give int64)."""
    a = _accumulated(input, dtype)
    d = _dim(dim, a.ndim)
    xp = namespace(a)
    r = xp.asarray(a, copy=True) if d is None else _running(xp, "sum", a, d)
    return _record("cumsum", "CumsumBackward0", r, (input,), {"dim": d})


@cuda_float32
def cumprod(input, dim, *, dtype=None):
    """Running products along `dim` (bool and integer inputs give int64); the gradient is exact
    where the input holds zeros, as torch's cumprod_backward."""
    a = _accumulated(input, dtype)
    d = _dim(dim, a.ndim)
    xp = namespace(a)
    r = xp.asarray(a, copy=True) if d is None else _running(xp, "prod", a, d)
    return _record("cumprod", "CumprodBackward0", r, (input,), {"dim": d})


def _order(a, d, descending):
    """The stable sorting permutation along axis d (ties keep their order; NaN is the largest)."""
    xp = namespace(a)
    if not descending:
        return xp.astype(xp.argsort(a, axis=d, stable=True), xp.int64)
    s = xp.argsort(xp.flip(a, axis=d), axis=d, stable=True)
    return xp.astype((a.shape[d] - 1) - xp.flip(s, axis=d), xp.int64)


def take_along(x, index, inverse, dim, name="GatherBackward0"):
    """x permuted along `dim` by `index` (a permutation; `inverse` undoes it): the gradient of
    sort and topk (node ScatterBackward0, as torch's), differentiable (its own gradient is the
    inverse permutation)."""
    r = namespace(x._data).take_along_axis(x._data, index._data, axis=dim)
    return _record("take_along", name, r, (x,), {"index": inverse, "inverse": index, "dim": dim})


def _sorted(kind, input, d, k, descending, name):
    a = input._data
    xp = namespace(a)
    if d is None:  # a 0-d tensor: itself, at index 0
        values = _record(kind, name, xp.asarray(a, copy=True), (input,))
        zero = xp.zeros((), dtype=xp.int64, device=getattr(a, "device", None))
        return _RETURN_TYPES[kind]((values, Tensor._from_data(zero)))
    perm = _order(a, d, descending)
    idx = perm[(slice(None),) * d + (slice(0, k), Ellipsis)]
    inverse = xp.astype(xp.argsort(perm, axis=d), xp.int64)
    attrs = {"dim": d, "index": Tensor._from_data(perm), "inverse": Tensor._from_data(inverse)}
    values = _record(
        kind,
        name,
        xp.take_along_axis(a, idx, axis=d),
        (input,),
        attrs,
    )
    return _RETURN_TYPES[kind]((values, Tensor._from_data(idx)))


_UNSET = object()


def sort(input, dim=-1, descending=False, *, stable=_UNSET):
    """(values, indices) sorted along `dim`; ties keep their order (stable) either way. Passing
    `stable` (even False or None) selects torch's other overload: node SortBackward1."""
    d = _dim(dim, input.ndim)
    name = "SortBackward0" if stable is _UNSET else "SortBackward1"
    return _sorted("sort", input, d, None if d is None else input.shape[d], descending, name)


def argsort(input, dim=-1, descending=False, *, stable=False):
    """The indices that sort `input` along `dim`."""
    return sort(input, dim, descending)[1]


def topk(input, k, dim=-1, largest=True, sorted=True):
    """(values, indices) of the k largest (or smallest) along `dim`, always in sorted order."""
    d = _dim(dim, input.ndim)
    n = 1 if d is None else input.shape[d]
    if not 0 <= k <= n:
        raise RuntimeError("selected index k out of range")
    if input.dtype is _backend.bool_:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    return _sorted("topk", input, d, k, largest, "TopkBackward0")


# ============================================================================= wave 2


def _dev(a):
    return getattr(a, "device", None)


def _last(xp, a, d):
    """a with axis d moved last (a 0-d array as one element)."""
    return xp.moveaxis(xp.reshape(a, (1,)) if a.ndim == 0 else a, d, -1)


def _scan_extreme(kind, input, dim):
    """cummax/cummin: the running extreme along `dim` and where it was last reached (NaN, once
    seen, is the extreme)."""
    d = _dim(dim, input.ndim)
    a = input._data
    xp = namespace(a)
    at = _last(xp, a, 0 if d is None else d)
    vals, idx = xp.asarray(a, copy=True), xp.zeros(a.shape, dtype=xp.int64, device=_dev(a))
    if at.shape[-1]:  # (an empty dim: nothing to scan, empty results as torch's)
        values, index = [at[..., 0]], [xp.zeros(at.shape[:-1], dtype=xp.int64, device=_dev(a))]
        for k in range(1, at.shape[-1]):
            s, v = at[..., k], values[-1]
            take = ((s >= v) if kind == "cummax" else (s <= v)) | (s != s)
            values.append(xp.where(take, s, v))
            index.append(xp.where(take, k, index[-1]))
        vals = xp.moveaxis(xp.stack(values, axis=-1), -1, 0 if d is None else d)
        idx = xp.moveaxis(xp.stack(index, axis=-1), -1, 0 if d is None else d)
        vals, idx = xp.reshape(vals, a.shape), xp.reshape(idx, a.shape)
    indices = Tensor._from_data(idx)
    name = "CummaxBackward0" if kind == "cummax" else "CumminBackward0"
    out = _record("cum_extreme", name, vals, (input,), {"dim": d, "indices": indices})
    return _RETURN_TYPES[kind]((out, indices))


def cummax(input, dim):
    """(values, indices): the running maximum along `dim` and the last index reaching it."""
    return _scan_extreme("cummax", input, dim)


def cummin(input, dim):
    """(values, indices): the running minimum along `dim` and the last index reaching it."""
    return _scan_extreme("cummin", input, dim)


@silent
def logcumsumexp(input, dim):
    """log(cumsum(exp(input), dim)), without overflow (each step a logaddexp)."""
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"logcumsumexp_out_cpu\" not implemented for '{_cname(input)}'")
    d = _dim(dim, input.ndim)
    a = input._data
    xp = namespace(a)
    at = _last(xp, a, 0 if d is None else d)
    out = [at[..., 0]] if at.shape[-1] else [at]  # (an empty dim: an empty result)
    for k in range(1, at.shape[-1]):
        out.append(_logaddexp(xp, out[-1], at[..., k]))
    r = xp.stack(out, axis=-1) if at.shape[-1] else at
    r = xp.reshape(xp.moveaxis(r, -1, 0 if d is None else d), a.shape)
    return _record("logcumsumexp", "LogcumsumexpBackward0", r, (input,), {"dim": d})


class _TwoOutputs(Node):
    """std_mean/var_mean's node: one node, two outputs; its rule gets both gradients (None for
    an output that got none)."""

    __slots__ = ()

    def apply(self, grad_outputs):
        return self._run_rule(list(grad_outputs), SavedTensor.unpack)


for _name in ("StdMeanBackward0", "VarMeanBackward0"):
    node_class(_name, _TwoOutputs)


@silent
def _spread_mean(op, input, dim, unbiased, keepdim, correction):
    if isinstance(dim, bool):  # std_mean(input, unbiased)
        dim, unbiased = None, dim
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"{op}_mean only support floating point and complex dtypes")
    c = correction if correction is not None else (1 if unbiased in (None, True) else 0)
    dims = _dims(dim, input.ndim)
    if dims is not None and input.ndim == 0:
        dims = None
    if _forward:  # forward AD: two ops of their own, each with its JVP (nodes Std/MeanBackward0)
        spread = getattr(_reductions, op)(input, dims, keepdim=keepdim, correction=c)
        return spread, _reductions.mean(input, dims, keepdim)
    a = input._data
    xp = namespace(a)
    n = 1
    for i in range(a.ndim) if dims is None else dims:
        n *= a.shape[i]
    if n - c <= 0:
        warnings.warn(
            f"{op}_mean(): degrees of freedom is <= 0. Correction should be strictly less than "
            "the reduction factor (input numel divided by output numel).",
            UserWarning,
            stacklevel=3,
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        spread = getattr(xp, op)(a, axis=dims, correction=c, keepdims=keepdim)
        mean = xp.mean(a, axis=dims, keepdims=keepdim)
    name = op.capitalize() + "MeanBackward0"
    attrs = {"op": op, "dim": dims, "correction": c, "keepdim": keepdim}
    first = _record("spread_mean", name, spread, (input,), attrs)
    second = Tensor._from_data(mean)
    node = first._grad_fn
    if node is not None:
        node.num_outputs = 2
        second._grad_fn, second._output_nr, second._rg = node, 1, True
    return first, second


def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """(std, mean) over `dim`, from one node (StdMeanBackward0); Bessel-corrected by default."""
    return _spread_mean("std", input, dim, unbiased, keepdim, correction)


def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """(var, mean) over `dim`, from one node (VarMeanBackward0); Bessel-corrected by default."""
    return _spread_mean("var", input, dim, unbiased, keepdim, correction)


def count_nonzero(input, dim=None):
    """The number of non-zero elements (over `dim`: an int or a tuple), as int64."""
    a = input._data
    xp = namespace(a)
    dims = _dims(dim, input.ndim)
    if input.ndim == 0:
        dims = None
    return Tensor._from_data(xp.sum(xp.astype(a != 0, xp.int64), axis=dims))


def _reduce_dim(input, dim):
    d = _dim(dim, input.ndim)
    if d is not None and input.shape[d] == 0:
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    return d


def _select(kind, name, input, d, keepdim, pos):
    """values/indices at sorting position `pos` along d: median(dim), mode."""
    a = input._data
    xp = namespace(a)
    if d is None:
        zero = xp.zeros((), dtype=xp.int64, device=_dev(a))
        v = _record("select_dim", name, xp.asarray(a, copy=True), (input,), {"dim": None})
        return _RETURN_TYPES[kind]((v, Tensor._from_data(zero)))
    idx = pos(xp, a, d)  # keepdim-shaped int64 indices
    vals = xp.take_along_axis(a, idx, axis=d)
    if not keepdim:
        vals, idx = xp.squeeze(vals, axis=d), xp.squeeze(idx, axis=d)
    indices = Tensor._from_data(idx)
    attrs = {"dim": d, "indices": indices, "keepdim": keepdim, "shape": tuple(a.shape)}
    return _RETURN_TYPES[kind]((_record("select_dim", name, vals, (input,), attrs), indices))


def _median_position(xp, a, d):
    n = a.shape[d]
    order = _order(a, d, False)  # NaN sorts last: a slice with NaN selects its first NaN
    nan = xp.any(a != a, axis=d, keepdims=True)
    first_nan = xp.sum(xp.astype(a == a, xp.int64), axis=d, keepdims=True)
    k = xp.where(nan, first_nan, (n - 1) // 2)
    return xp.take_along_axis(order, k, axis=d)


def median(input, dim=None, keepdim=False):
    """The lower median of all elements (MedianBackward0; NaN if any), or (values, indices) along
    `dim` (MedianBackward1)."""
    if dim is None:
        a = input._data
        xp = namespace(a)
        if a.size == 0:
            return Tensor._from_data(xp.asarray(math.nan, dtype=a.dtype, device=_dev(a)))
        flat = xp.reshape(a, (-1,))
        srt = xp.sort(flat)
        v = srt[(flat.shape[0] - 1) // 2]
        if bool(xp.any(flat != flat)):
            v = xp.asarray(math.nan, dtype=a.dtype, device=_dev(a))
        return _record("median_all", "MedianBackward0", xp.asarray(v, copy=True), (input,))
    d = _reduce_dim(input, dim)
    return _select("median", "MedianBackward1", input, d, keepdim, _median_position)


def _mode_position(xp, a, d):
    """The last index of the most frequent value along d (ties: the smallest such value)."""
    u = xp.expand_dims(a, axis=d)  # counts[..., i] = #{j: a_j == a_i}
    w = xp.expand_dims(a, axis=d + 1)
    counts = xp.sum(xp.astype(u == w, xp.int64), axis=d + 1)
    best = xp.max(counts, axis=d, keepdims=True)
    cand = xp.where(counts == best, a, xp.max(a, axis=d, keepdims=True))
    value = xp.min(cand, axis=d, keepdims=True)
    n = a.shape[d]
    pos = xp.reshape(xp.arange(n, device=_dev(a)), tuple(n if i == d else 1 for i in range(a.ndim)))
    return xp.max(xp.where(a == value, pos, -1), axis=d, keepdims=True)


def mode(input, dim=-1, keepdim=False):
    """(values, indices): the most frequent value along `dim` (the smallest among equally
    frequent ones) and the last index where it occurs."""
    d = _dim(dim, input.ndim)
    return _select("mode", "ModeBackward0", input, d, keepdim, _mode_position)


def msort(input):
    """input sorted along its first dim (the values of sort(input, 0))."""
    return sort(input, 0)[0]


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """The q-th quantiles along `dim` (all elements when None), interpolating linearly between
    the sorted values; `q` a number or a 1-D tensor (its values first in the result)."""
    if input.dtype.name not in ("float32", "float64"):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError(
            "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, "
            f"but got {interpolation}"
        )
    if input.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if isinstance(q, Tensor):
        if q.ndim > 1:
            raise RuntimeError("quantile() q must be a scalar or 1D tensor")
        if q.dtype is not input.dtype:
            raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    many = isinstance(q, Tensor) and q.ndim > 0
    qs = q._data.reshape(-1).tolist() if isinstance(q, Tensor) else [q]
    for v in qs:
        if not 0 <= v <= 1:
            raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {v}")
    d = None if dim is None else _dim(dim, input.ndim)
    x = reshape(input, -1) if d is None else transpose(input.unsqueeze(-1), d or 0, -1)
    srt = sort(x, -1)[0]
    n = srt.shape[-1]
    last = getitem(srt, (Ellipsis, slice(n - 1, n)))  # a NaN sorts last: torch's rank is then n - 1
    nan_row = Tensor._from_data(namespace(last._data).isnan(last._data))
    parts = []
    for v in qs:
        rank = v * (n - 1)
        lo, hi = int(math.floor(rank)), int(math.ceil(rank))
        if interpolation == "nearest":
            lo = hi = round(rank)  # half to even, as torch's round
        below = where(nan_row, last, getitem(srt, (Ellipsis, slice(lo, lo + 1))))
        above = where(nan_row, last, getitem(srt, (Ellipsis, slice(hi, hi + 1))))
        weight = {"linear": rank - lo, "midpoint": 0.5 * (hi > lo), "higher": 1.0}
        parts.append(lerp(below, above, weight.get(interpolation, 0.0)))
    out = cat([p.unsqueeze(0) for p in parts], 0) if many else parts[0]
    shape = list(out.shape[:-1])
    if d is None and keepdim:
        shape += [1] * input.ndim
    elif d is not None and not keepdim and input.ndim:
        del shape[d + many]
    return reshape(out, tuple(shape), _name="SqueezeBackward4")


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """The n-th forward difference along `dim`, after joining `prepend` and `append` to it (bool
    tensors: logical xor)."""
    if input.ndim == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    if n == 0:  # torch copies the input (CopyBackwards), prepend and append unused
        return overwrite(input.detach(), input)
    d = _dim(dim, input.ndim)
    x = input
    if prepend is not None or append is not None:
        x = cat([t for t in (prepend, input, append) if t is not None], d)
    for _ in range(n):
        m = x.shape[d]
        head = getitem(x, (slice(None),) * d + (slice(1, m),))
        tail = getitem(x, (slice(None),) * d + (slice(0, max(m - 1, 0)),))
        x = head ^ tail if x.dtype is _backend.bool_ else head - tail
    return x


_WAVE2 = """
    cummax cummin logcumsumexp std_mean var_mean count_nonzero median mode msort quantile diff
"""
FUNCTIONS = f"prod cumsum cumprod sort argsort topk {_WAVE2}".split()  # torch.<name>
METHODS = f"prod cumsum cumprod sort argsort topk {_WAVE2}".replace("std_mean var_mean", "")
METHODS = METHODS.split()  # Tensor.<name>
INPLACE = "cumsum cumprod".split()  # Tensor.<name>_
