"""Ops along a dimension: prod, cumsum, cumprod; sort, argsort, topk; and, in later waves, the
running extremes, medians and quantiles (kthvalue, nanmedian, nanquantile), cov and corrcoef, the
trapezoid rules, gradient, and the counts (histc, histogram, bincount, unique_consecutive).

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

from . import _backend, _creation, _messages
from ._backend import c_order, namespace
from ._tensor import Tensor
from ._amp_policy import cuda_float32, float32_precision
import math
import warnings

import numpy as np

from ._graph import Node, SavedTensor, node_class
from ._operands import _bool_flags, _cname, _dim, _dims, _no_kernel
from ._ops import _forward, _record, silent
from . import _reductions
from ._reductions import return_type
from ._shapes import cat, getitem, overwrite, reshape
from ._pointwise import _LONG_NAMES, _logaddexp
from ._elementwise import clamp as _clip

_RETURN_TYPES = {
    k: return_type(k, "values", "indices")
    for k in ("sort", "topk", "cummax", "cummin", "median", "mode", "kthvalue", "nanmedian")
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
@silent
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
    r = a if d is None else c_order(xp.prod(a, axis=d, keepdims=keepdim))
    return _record("prod", "ProdBackward1", r, (input,), {"dim": d, "keepdim": keepdim})


@silent
def _running(xp, name, a, d):
    """cumulative_sum/prod (the array API's names; older namespaces call them cumsum/cumprod)."""
    fn = getattr(xp, "cumulative_" + name, None) or getattr(xp, "cum" + name)
    b, low = _backend.opmath(a)  # (torch's running value: float32 for 16-bit, float64 for
    if b.__class__ is np.ndarray and b.dtype == np.float32:  # float32, each output rounded)
        b, low = b.astype(np.float64), (low or a.dtype)
    return _backend.round_back(fn(b, axis=d, dtype=b.dtype), low)  # (torch keeps small ints)


def _scan_dtype(kernel, dtype, input):
    if dtype is _backend.bool_ and input.ndim and input.numel():  # (torch's scan kernels have
        # every dtype but bool; an empty or 0-d tensor reaches none)
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


def _scan_inplace(fn):
    def f(self, dim, *, dtype=None):
        """self.<scan>_(dim): in self's dtype, which `dtype` must be (torch's check)."""
        if dtype is not None and dtype is not self.dtype:
            names = [_LONG_NAMES.get(t.name, t.name) for t in (self.dtype, dtype)]
            raise RuntimeError(
                f"Bad in-place call: input tensor dtype {names[0]} and output tensor dtype "
                f"{names[1]} should match"
            )
        return fn(self, dim, dtype=self.dtype)

    return f


@cuda_float32
@silent
def cumsum(input, dim, *, dtype=None):
    """Running sums along `dim` (bool and integer inputs give int64)."""
    _scan_dtype("cumsum_out_cpu", dtype, input)
    a = _accumulated(input, dtype)
    d = _dim(dim, a.ndim)
    xp = namespace(a)
    r = xp.asarray(a, copy=True) if d is None else _running(xp, "sum", a, d)
    return _record("cumsum", "CumsumBackward0", _backend.c_order(r), (input,), {"dim": d})


@cuda_float32
def cumprod(input, dim, *, dtype=None):
    """Running products along `dim` (bool and integer inputs give int64); the gradient is exact
    where the input holds zeros, as torch's cumprod_backward."""
    _scan_dtype("cumprod_out_cpu", dtype, input)
    a = _accumulated(input, dtype)
    d = _dim(dim, a.ndim)
    xp = namespace(a)
    r = xp.asarray(a, copy=True) if d is None else _running(xp, "prod", a, d)
    return _record("cumprod", "CumprodBackward0", _backend.c_order(r), (input,), {"dim": d})


_cumsum_inplace, _cumprod_inplace = _scan_inplace(cumsum), _scan_inplace(cumprod)


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


# torch's CPU topk selects with libstdc++'s nth_element and sorts the k - 1 before it with
# std::sort: neither is stable, so which of equal values come first (and which index a tie at the
# k-th place gives) is theirs. Rows with equal values are selected here as those algorithms do.
def _insertion_sort(q, first, last, before):
    for i in range(first + 1, last):
        v, j = q[i], i
        while j > first and before(v, q[j - 1]):
            q[j] = q[j - 1]
            j -= 1
        q[j] = v


def _partition(q, first, last, before):
    """libstdc++'s __unguarded_partition_pivot: the median of three moved first, then split."""
    mid, a, c = first + (last - first) // 2, first + 1, last - 1
    if before(q[a], q[mid]):
        m = mid if before(q[mid], q[c]) else c if before(q[a], q[c]) else a
    else:
        m = a if before(q[a], q[c]) else c if before(q[mid], q[c]) else mid
    q[first], q[m] = q[m], q[first]
    lo, hi = first + 1, last
    while True:
        while before(q[lo], q[first]):
            lo += 1
        hi -= 1
        while before(q[first], q[hi]):
            hi -= 1
        if lo >= hi:
            return lo
        q[lo], q[hi] = q[hi], q[lo]
        lo += 1


def _sort(q, first, last, before):
    """std::sort: introsort's partitions down to 16 elements, then an insertion sort."""
    while last - first > 16:
        cut = _partition(q, first, last, before)
        _sort(q, cut, last, before)
        last = cut
    _insertion_sort(q, first, last, before)


def _adjust_heap(q, hole, n, v, before):
    """libstdc++'s __adjust_heap (with __push_heap): v sifted into the heap q[:n] from `hole`."""
    top, child = hole, hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if before(q[child], q[child - 1]):
            child -= 1
        q[hole], hole = q[child], child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        q[hole], hole = q[child - 1], child - 1
    parent = (hole - 1) // 2
    while hole > top and before(q[parent], v):
        q[hole], hole = q[parent], parent
        parent = (hole - 1) // 2
    q[hole] = v


def _partial_sort(q, k, before):
    """std::partial_sort(q, q + k, end): a heap of the first k, the rest pushed through it."""
    for parent in range((k - 2) // 2, -1, -1) if k > 1 else ():
        _adjust_heap(q, parent, k, q[parent], before)
    for i in range(k, len(q)):
        if before(q[i], q[0]):
            v, q[i] = q[i], q[0]
            _adjust_heap(q, 0, k, v, before)
    for last in range(k - 1, 0, -1):
        v, q[last] = q[last], q[0]
        _adjust_heap(q, 0, last, v, before)


def _torch_topk_row(row, k, largest):
    """The indices torch's topk takes from one row: partial_sort where k * 64 <= len(row), else
    nth_element and a sort of the k - 1 before it."""
    nan = [v != v for v in row]
    if largest:
        before = lambda x, y: nan[x] and not nan[y] or row[x] > row[y]  # noqa: E731
    else:
        before = lambda x, y: not nan[x] and nan[y] or row[x] < row[y]  # noqa: E731
    q, first, last = list(range(len(row))), 0, len(row)
    if k * 64 <= last:
        _partial_sort(q, k, before)
        return q[:k]
    while last - first > 3:  # nth_element (introselect) for the k-th place
        cut = _partition(q, first, last, before)
        first, last = (cut, last) if cut <= k - 1 else (first, cut)
    _insertion_sort(q, first, last, before)
    _sort(q, 0, k - 1, before)
    return q[:k]


def _topk_ties(a, perm, d, k, largest):
    """perm (stable) with its first k along d replaced by torch's where a row has equal values."""
    n = a.shape[d]
    if a.__class__ is not np.ndarray or not 0 < k <= n or _backend.kind(a.dtype) == "b":
        return perm
    rows, order = np.moveaxis(a, d, -1).reshape(-1, n), np.moveaxis(perm, d, -1).reshape(-1, n)
    s = np.sort(rows, axis=1)
    tied = ((s[:, 1:] == s[:, :-1]) | (np.isnan(s[:, 1:]) & np.isnan(s[:, :-1]))).any(axis=1)
    if not tied.any() or tied.sum() * n > 200_000:  # (a Python loop per row: large inputs keep
        return perm  # the stable order, docs/tour.md)
    order = order.copy()
    for r in np.nonzero(tied)[0]:
        row = rows[r].astype(np.float64 if _backend.kind(a.dtype) == "f" else np.int64).tolist()
        taken = _torch_topk_row(row, k, largest)
        chosen = set(taken)
        order[r] = taken + [i for i in order[r] if i not in chosen]
    shape = tuple(np.moveaxis(perm, d, -1).shape)
    return np.moveaxis(order.reshape(shape), -1, d)


def _sorted(kind, input, d, k, descending, name):
    a = input._data
    xp = namespace(a)
    if d is None:  # a 0-d tensor: itself, at index 0
        values = _record(kind, name, xp.asarray(a, copy=True), (input,))
        zero = xp.zeros((), dtype=xp.int64, device=getattr(a, "device", None))
        return _RETURN_TYPES[kind]._make((values, Tensor._from_data(zero)))
    perm = _order(a, d, descending)
    if kind == "topk":
        perm = _topk_ties(a, perm, d, k, descending)
    else:  # (sort's values and indices keep the input's layout, as torch's)
        perm = _backend.iterator_result(perm, (a,))
    idx = perm[(slice(None),) * d + (slice(0, k), Ellipsis)]
    if kind == "topk":  # (torch's topk writes contiguous values and indices)
        idx = _backend.c_order(idx)
    inverse = xp.astype(xp.argsort(perm, axis=d), xp.int64)
    attrs = {"dim": d, "index": Tensor._from_data(perm), "inverse": Tensor._from_data(inverse)}
    r = _backend.c_order(xp.take_along_axis(a, idx, axis=d))
    values = _record(
        kind, name, r if kind == "topk" else _backend.iterator_result(r, (a,)), (input,), attrs
    )
    return _RETURN_TYPES[kind]._make((values, Tensor._from_data(idx)))


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
    seen, is the extreme). torch wraps no dim of an empty input: any is accepted."""
    if input.ndim == 0 and dim not in (0, -1):
        raise IndexError(f"{kind}(): Expected reduction dim -1 or 0 for scalar but got {dim}")
    a = input._data
    d = _dim(dim, input.ndim) if a.size else 0
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
        vals, idx = c_order(xp.reshape(vals, a.shape)), c_order(xp.reshape(idx, a.shape))
    indices = Tensor._from_data(idx)
    name = "CummaxBackward0" if kind == "cummax" else "CumminBackward0"
    out = _record("cum_extreme", name, vals, (input,), {"dim": d, "indices": indices})
    return _RETURN_TYPES[kind]._make((out, indices))


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
    a, low = _backend.opmath(input._data)  # (torch's running value: float32 for 16-bit, float64
    if a.__class__ is np.ndarray and a.dtype == np.float32:  # for float32)
        a, low = a.astype(np.float64), (low or input._data.dtype)
    xp = namespace(a)
    at = _last(xp, a, 0 if d is None else d)
    out = [at[..., 0]] if at.shape[-1] else [at]  # (an empty dim: an empty result)
    for k in range(1, at.shape[-1]):
        out.append(_logaddexp(xp, out[-1], at[..., k]))
    r = xp.stack(out, axis=-1) if at.shape[-1] else at
    r = _backend.round_back(xp.reshape(xp.moveaxis(r, -1, 0 if d is None else d), a.shape), low)
    r = c_order(r)
    return _record("logcumsumexp", "LogcumsumexpBackward0", r, (input,), {"dim": d})


class _TwoOutputs(Node):
    """std_mean/var_mean's node: one node, two outputs; its rule gets both gradients (None for
    an output that got none)."""

    __slots__ = ()

    def apply(self, grad_outputs):
        return self._run_rule(list(grad_outputs), SavedTensor.unpack)


for _name in ("StdMeanBackward0", "VarMeanBackward0"):
    node_class(_name, _TwoOutputs)


def _welford_mean_of_nonfinite(a, dims, mean):
    """The mean torch's Welford update (mean += (x - mean) / n, element by element) leaves in a
    slice holding an inf or nan: nan, unless its one non-finite element is an inf at its end
    (then that inf); elsewhere `mean` as computed."""
    dims = tuple(range(a.ndim)) if dims is None else tuple(dims)
    rows = np.moveaxis(a, dims, tuple(range(a.ndim - len(dims), a.ndim)))
    rows = rows.reshape(rows.shape[: a.ndim - len(dims)] + (-1,))
    bad, last = ~np.isfinite(rows), rows[..., -1]
    at_end = (bad.sum(-1) == 1) & np.isinf(last)
    r = np.where(bad.any(-1), np.where(at_end, last, np.nan), np.reshape(mean, last.shape))
    return r.astype(mean.dtype).reshape(mean.shape)


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
        _messages.warn(
            f"{op}_mean(): degrees of freedom is <= 0. Correction should be strictly less than "
            "the reduction factor (input numel divided by output numel)."
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        spread = getattr(xp, op)(a, axis=dims, correction=c, keepdims=keepdim)
        mean = xp.mean(a, axis=dims, keepdims=keepdim)
    if a.__class__ is np.ndarray and a.size and not np.isfinite(a).all():
        mean = _welford_mean_of_nonfinite(a, dims, mean)
    spread, mean = c_order(spread), c_order(mean)
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
    return Tensor._from_data(c_order(xp.sum(xp.astype(a != 0, xp.int64), axis=dims)))


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
        zero = Tensor._from_data(xp.zeros((), dtype=xp.int64, device=_dev(a)))
        attrs = {"dim": None, "indices": zero}  # (saved as torch's, and freed after backward)
        v = _record("select_dim", name, xp.asarray(a, copy=True), (input,), attrs)
        return _RETURN_TYPES[kind]._make((v, zero))
    idx = pos(xp, a, d)  # keepdim-shaped int64 indices
    vals = xp.take_along_axis(a, idx, axis=d)
    if not keepdim:
        vals, idx = xp.squeeze(vals, axis=d), xp.squeeze(idx, axis=d)
    vals, indices = c_order(vals), Tensor._from_data(c_order(idx))
    attrs = {"dim": d, "indices": indices, "keepdim": keepdim, "shape": tuple(a.shape)}
    return _RETURN_TYPES[kind]._make((_record("select_dim", name, vals, (input,), attrs), indices))


def _median_position(xp, a, d):
    n = a.shape[d]
    order = _order(a, d, False)  # NaN sorts last: a slice with NaN selects its first NaN
    nan = xp.any(a != a, axis=d, keepdims=True)
    first_nan = xp.sum(xp.astype(a == a, xp.int64), axis=d, keepdims=True)
    k = xp.where(nan, first_nan, (n - 1) // 2)
    return xp.take_along_axis(order, k, axis=d)


def _nan_as(xp, a):
    """NaN in a's dtype, cast as torch's kernels cast it (int64: its minimum; bool: True)."""
    with np.errstate(invalid="ignore"):
        return xp.astype(xp.asarray(math.nan, device=_dev(a)), a.dtype)


def median(input, dim=None, keepdim=False):
    """The lower median of all elements (MedianBackward0; NaN if any), or (values, indices) along
    `dim` (MedianBackward1)."""
    d = _no_bool_median(input, dim)
    if dim is None:
        a = input._data
        xp = namespace(a)
        flat = xp.reshape(a, (-1,))
        v = xp.sort(flat)[(flat.shape[0] - 1) // 2] if a.size else None
        if v is None or bool(xp.any(flat != flat)):  # (of nothing: NaN, its node still made)
            v = _nan_as(xp, a)
        return _record("median_all", "MedianBackward0", xp.asarray(v, copy=True), (input,))
    return _select("median", "MedianBackward1", input, d, keepdim, _median_position)


def _no_bool_median(input, dim):
    """The reduced dim, checked; then torch's median kernels have no bool loop (an empty tensor
    of all elements never reaches one)."""
    d = None if dim is None else _reduce_dim(input, dim)
    if input.dtype is _backend.bool_ and (dim is not None or input.numel()):
        raise NotImplementedError(
            f"\"{'median_cpu' if dim is None else 'median_out'}\" not implemented for 'Bool'"
        )
    return d


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
    if d is not None and input.shape[d] == 0:
        raise IndexError(f"mode(): Expected reduction dim {d} to have non-zero size.")
    return _select("mode", "ModeBackward0", input, d, keepdim, _mode_position)


def msort(input):
    """input sorted along its first dim (the values of sort(input, 0))."""
    return sort(input, 0)[0]


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile_args(input, q, interpolation):
    """torch's checks of quantile and nanquantile, in its order; (q is a 1-D tensor, q's
    values)."""
    if not isinstance(q, Tensor) and not 0 <= q <= 1:
        raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {q:g}")
    if input.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if input.dtype.name not in ("float32", "float64"):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError(
            "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, "
            f"but got {interpolation}"
        )
    if isinstance(q, Tensor):
        if q.ndim > 1:
            raise RuntimeError("quantile() q must be a scalar or 1D tensor")
        if q.dtype is not input.dtype:
            raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    qs = q._data.reshape(-1).tolist() if isinstance(q, Tensor) else [q]
    if [v for v in qs if not 0 <= v <= 1]:
        raise RuntimeError("quantile() q values must be in the range [0, 1]")
    return isinstance(q, Tensor) and q.ndim > 0, qs


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan):
    """torch's quantile_compute, step for step (so its graph, layouts and versions are torch's):
    the values sorted along the last dim, viewed to the result's shape, the ranks q (count - 1)
    (a NaN: the last rank, or for nanquantile the count of the others), the sorted values
    gathered at the ranks below and above, lerp_ between them, and the quantiles moved first."""
    _quantile_args(input, q, interpolation)
    d = None if dim is None or not input.ndim else _dim(dim, input.ndim)
    shape = list(input.shape) if d is not None else [1] * input.ndim if keepdim else []
    if d is not None:
        shape[d : d + 1] = [1] if keepdim else []
    if dim is None:
        srt = sort(input.flatten())[0]
    elif d is not None and d == input.ndim - 1:
        srt = sort(input)[0]
    else:  # (a 0-d input's dim too)
        srt = sort(input.unsqueeze(-1).transpose(d or 0, -1))[0]
    srt = srt.view(shape + [srt.shape[-1]])
    q = q if isinstance(q, Tensor) else _creation.tensor(q, dtype=input.dtype, device=input.device)
    if ignore_nan:
        ranks = q * (srt.isnan().logical_not_().sum(-1, True) - 1)
        ranks.masked_fill_(ranks < 0, 0)
    else:
        last = srt.shape[-1] - 1
        ranks, nan = q * last, srt.isnan().any(-1, True)
        both = np.broadcast_shapes(tuple(ranks.shape), tuple(nan.shape))  # (broadcast_tensors)
        ranks = ranks if tuple(ranks.shape) == both else ranks.expand(both)
        ranks = ranks.masked_fill(nan if tuple(nan.shape) == both else nan.expand(both), last)
    if interpolation in ("lower", "higher", "nearest"):
        getattr(ranks, {"lower": "floor_", "higher": "ceil_", "nearest": "round_"}[interpolation])()
    below_at = ranks.long()
    values = srt.gather(-1, below_at)
    if interpolation in ("linear", "midpoint"):
        weights = ranks.new_full(ranks.shape, 0.5) if interpolation == "midpoint" else None
        weights = ranks - below_at if weights is None else weights
        values.lerp_(srt.gather(-1, ranks.ceil_().long()), weights)
    if q.ndim == 0:
        return values.squeeze_(-1)
    return values.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """The q-th quantiles along `dim` (all elements when None), interpolating linearly between
    the sorted values; `q` a number or a 1-D tensor (its values first in the result)."""
    return _quantile(input, q, dim, keepdim, interpolation, False)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """quantile of the elements that are not NaN (NaN where a slice has none)."""
    return _quantile(input, q, dim, keepdim, interpolation, True)


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
        if not m:  # (nothing left to difference: torch returns it as it is, the input itself)
            break
        head = getitem(x, (slice(None),) * d + (slice(1, m),))
        tail = getitem(x, (slice(None),) * d + (slice(0, max(m - 1, 0)),))
        x = head ^ tail if x.dtype is _backend.bool_ else head - tail
    return x


# ============================================================================= wave 3


def _named(t, name):
    """t with its node renamed: torch's C++ composites multiply by a C++ double (MulBackward1,
    DivBackward1) where Python's operators wrap the number in a tensor (MulBackward0)."""
    if t._grad_fn is not None:
        t._grad_fn.__class__ = node_class(name)
    return t


def _quickselect(values, k):
    """The index of the k-th smallest of `values` (a list) as torch's CPU kthvalue finds it: its
    quickselect (median-of-three pivot; NaN the largest), which decides which of equal values
    is picked."""
    arr, idx = list(values), list(range(len(values)))

    def gt(x, y):  # x > y, NaN above everything
        return (x != x and y == y) or x > y

    def swap(i, j):
        arr[i], arr[j], idx[i], idx[j] = arr[j], arr[i], idx[j], idx[i]

    lo, hi = 0, len(arr) - 1
    while hi > lo:
        if hi == lo + 1:
            if gt(arr[lo], arr[hi]):
                swap(lo, hi)
            break
        swap(lo + (hi - lo) // 2, lo + 1)
        for a, b in ((lo + 1, hi), (lo, hi), (lo + 1, lo)):
            if gt(arr[a], arr[b]):
                swap(a, b)
        i, j, pivot = lo + 1, hi, arr[lo]
        while True:
            i += 1
            while gt(pivot, arr[i]):
                i += 1
            j -= 1
            while gt(arr[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(lo, j)
        if j <= k:
            lo = i
        if j >= k:
            hi = j - 1
    return idx[k]


def kthvalue(input, k, dim=-1, keepdim=False):
    """(values, indices): the k-th smallest element along `dim` (NaN is the largest; among equal
    values, the one torch's quickselect stops at)."""
    d = _dim(dim, input.ndim)
    n = 1 if d is None else input.shape[d]
    if n == 0:  # (torch's zero_numel_check_dims, before k's range)
        raise IndexError(f"kthvalue(): Expected reduction dim {d} to have non-zero size.")
    if not 1 <= k <= n:
        raise RuntimeError(
            f"kthvalue(): selected number k out of range for dimension {0 if d is None else d}"
        )
    if input.dtype is _backend.bool_ and input.ndim:
        raise NotImplementedError("\"kthvalue_cpu\" not implemented for 'Bool'")

    def position(xp, a, d):
        rows = np.moveaxis(np.asarray(a), d, -1)
        picks = [_quickselect(row, k - 1) for row in rows.reshape(-1, rows.shape[-1]).tolist()]
        at = np.asarray(picks, dtype=np.int64).reshape(rows.shape[:-1] + (1,))
        return xp.asarray(np.moveaxis(at, -1, d))

    return _select("kthvalue", "KthvalueBackward0", input, d, keepdim, position)


def _nan_median_position(xp, a, d):
    """The lower median of the non-NaN elements along d (the first NaN where all are NaN)."""
    count = xp.sum(xp.astype(a == a, xp.int64), axis=d, keepdims=True)
    k = xp.where(count > 0, (count - 1) // 2, 0)
    return xp.take_along_axis(_order(a, d, False), k, axis=d)


def nanmedian(input, dim=None, keepdim=False):
    """median ignoring NaNs: of all elements (NanmedianBackward0; NaN if all are NaN), or
    (values, indices) along `dim` (NanmedianBackward1)."""
    d = _no_bool_median(input, dim)
    if dim is None:
        a = input._data
        xp = namespace(a)
        flat = xp.reshape(a, (-1,))
        keep = flat[flat == flat]
        v = (  # (of nothing or of NaNs alone: NaN, its node still made)
            xp.sort(keep)[(keep.shape[0] - 1) // 2] if keep.shape[0] else _nan_as(xp, a)
        )
        return _record("median_all", "NanmedianBackward0", xp.asarray(v, copy=True), (input,))
    return _select("nanmedian", "NanmedianBackward1", input, d, keepdim, _nan_median_position)


def _weights(w, name, n, integral):
    if w.ndim > 1:
        raise RuntimeError(f"cov(): expected {name} to have one or fewer dimensions but got "
                           f"{name} with {w.ndim} dimensions")  # fmt: skip
    if w.numel() != n:
        raise RuntimeError(f"cov(): expected {name} to have the same numel as there are "
                           f"observations in the input but got {w.numel()} != {n}")  # fmt: skip
    if integral and w.dtype.is_floating_point:
        raise RuntimeError(f"cov(): expected {name} to have integral dtype but got {w.dtype}")
    if bool(namespace(w._data).any(w._data < 0)):
        raise RuntimeError(f"cov(): {name} cannot be negative")
    return w


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance matrix of the variables (rows) over the observations (columns), weighted by
    frequencies and observation weights; torch's composition, ending in SqueezeBackward0."""
    if input.ndim > 2:
        raise RuntimeError(
            "cov(): expected input to have two or fewer dimensions but got an input with "
            f"{input.ndim} dimensions"
        )
    if input.dtype is _backend.bool_:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = reshape(input, (1, -1)) if input.ndim < 2 else input
    n = x.shape[1]
    w = None if fweights is None else _weights(fweights, "fweights", n, True)
    if aweights is not None:
        aw = _weights(aweights, "aweights", n, False)
        w = aw if w is None else w * aw
    xp = namespace(x._data)
    w_sum = Tensor._from_data(xp.asarray(n)) if w is None else w.sum()
    if w is not None and not bool(w_sum._data != 0):
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    avg = (x if w is None else x * w).sum(1) / w_sum
    if w is not None and correction != 0 and aweights is not None:
        norm = w_sum - correction * (w * aweights).sum() / w_sum
    else:
        norm = w_sum - correction
    if bool(norm._data <= 0):
        warnings.warn(
            "cov(): degrees of freedom is <= 0. Correction should be strictly less than the "
            "number of observations.",
            UserWarning,
            stacklevel=2,
        )
        norm = norm * 0
    centered = x - avg.unsqueeze(1)
    c = centered.mm((centered if w is None else centered * w).t())
    return (c / norm).squeeze()


def corrcoef(input):
    """Pearson's correlation coefficients of the rows: cov normalised by the standard
    deviations, clipped to [-1, 1] (a 0-d cov: c / c)."""
    if input.ndim > 2:
        raise RuntimeError(
            "corrcoef(): expected input to have two or fewer dimensions but got an input with "
            f"{input.ndim} dimensions"
        )
    c = cov(input)
    if c.ndim == 0:
        return c / c
    std = c.diagonal().sqrt()
    c = c / std.view(-1, 1)
    c = c / std.view(1, -1)
    return _clip(c, -1, 1)


def _trapezoid_x(y, x, d):
    """x's differences, viewed so they broadcast against y's (as torch's trapezoid)."""
    if x.ndim == 1:
        if x.shape[0] != y.shape[d]:
            raise RuntimeError("trapezoid: There must be one `x` value for each sample point")
        x = x.view(tuple(x.shape[0] if i == d else 1 for i in range(y.ndim)))
    elif x.ndim < y.ndim:
        x = x.view((1,) * (y.ndim - x.ndim) + tuple(x.shape))
    m = x.shape[d]
    return getitem(x, _along(d, slice(1, m))) - getitem(x, _along(d, slice(0, m - 1)))


def _along(d, sl):
    return (slice(None),) * d + (sl, Ellipsis)


def _pairs(y, d):
    """y's neighbours summed: y[1:] + y[:-1] along d."""
    m = y.shape[d]
    return getitem(y, _along(d, slice(1, m))) + getitem(y, _along(d, slice(0, max(m - 1, 0))))


def _integrand(name, y, x, dx, dim):
    if x is not None and dx is not None:
        raise RuntimeError(f"{name}: received both x and dx as arguments, please only pass one")
    if y.dtype is _backend.bool_ or (x is not None and x.dtype is _backend.bool_):
        raise RuntimeError(
            f"{name}: received a bool input for `x` or `y`, but bool is not supported"
        )
    if y.ndim == 0 and name == "cumulative_trapezoid":  # (torch's slice of y comes first)
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if y.ndim == 0 and x is None:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return _dim(dim, y.ndim)


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """The integral of y along dim by the trapezoidal rule, at spacing dx (default 1) or at the
    sample points x."""
    if x is not None and not isinstance(x, Tensor):
        x, dx = None, x  # torch.trapezoid(y, 0.5): a spacing
    d = _integrand("trapezoid", y, x, dx, dim)
    if y.shape[d] == 0:
        return Tensor._from_data(namespace(y._data).zeros(y.shape[:d] + y.shape[d + 1 :],
                                                          dtype=y._data.dtype))  # fmt: skip
    if x is not None:
        return _named((_pairs(y, d) * _trapezoid_x(y, x, d)).sum(d) / 2.0, "DivBackward1")
    ends = _named((getitem(y, _along(d, 0)) + getitem(y, _along(d, -1))) * 0.5, "MulBackward1")
    return _named((y.sum(d) - ends) * (1.0 if dx is None else dx), "MulBackward1")


def trapz(y, x=None, *, dx=None, dim=-1):
    """trapezoid under its older name."""
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running integrals of y along dim by the trapezoidal rule (one fewer than y)."""
    if x is not None and not isinstance(x, Tensor):
        x, dx = None, x
    d = _integrand("cumulative_trapezoid", y, x, dx, dim)
    if x is not None:
        return _named((_trapezoid_x(y, x, d) * _pairs(y, d)).cumsum(d) / 2.0, "DivBackward1")
    half = (1.0 if dx is None else dx) / 2.0
    return cumsum(_named(_pairs(y, d) * half, "MulBackward1"), d)


def histc(input, bins=100, min=0, max=0):
    """The counts of input's elements in `bins` equal bins between min and max (both 0: the data's
    own range); elements outside are left out, max falls into the last bin."""
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{_cname(input)}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histc(): bins must be > 0, but got {bins} for dimension 0")
    a = input._data
    xp = namespace(a)
    lo, hi = float(min), float(max)
    if lo == hi and a.size:
        lo, hi = float(xp.min(a)), float(xp.max(a))
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    flat = xp.reshape(a, (-1,))
    inside = flat[(flat >= lo) & (flat <= hi)]
    pos = xp.astype(xp.floor((inside - lo) * bins / (hi - lo)), xp.int64)
    pos = xp.where(pos == bins, bins - 1, pos)
    counts = np.bincount(np.asarray(pos), minlength=bins).astype(np.asarray(a).dtype)
    return Tensor._from_data(xp.asarray(counts))


def _cut(x, d, start, stop=None):
    """x[start:stop] along dim d (Python's slicing)."""
    return getitem(x, (slice(None),) * d + (slice(start, stop),))


def _gradient_along(x, d, h, edge_order):
    """torch's gradient_helper: central differences inside, one-sided (edge_order 1) or
    second-order (2) ones at the ends; h a number (even spacing) or the coordinates."""
    if not isinstance(h, Tensor):
        center = (_cut(x, d, 2) - _cut(x, d, 0, -2)) / h / 2
        if edge_order == 1:
            first = (_cut(x, d, 1, 2) - _cut(x, d, 0, 1)) / h
            last = (_cut(x, d, -1) - _cut(x, d, -2, -1)) / h
        else:
            first = (_cut(x, d, 0, 1) * -1.5 + _cut(x, d, 1, 2) * 2 - _cut(x, d, 2, 3) * 0.5) / h
            last = (_cut(x, d, -3, -2) * 0.5 + _cut(x, d, -2, -1) * -2 + _cut(x, d, -1) * 1.5) / h
        return cat([first, center, last], d)
    if h.ndim != 1:
        raise RuntimeError(
            "torch.gradient expected each element of spacing to have one dimension, but got an "
            f"element with {h.ndim} dimensions!"
        )
    shape = [1] * x.ndim
    shape[d] = -1
    dx = h.diff(1, 0)
    dx1, dx2 = dx[:-1], dx[1:]
    a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
    b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
    c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
    center = a * _cut(x, d, 0, -2) + b * _cut(x, d, 1, -1) + c * _cut(x, d, 2)
    if edge_order == 1:
        first = (_cut(x, d, 1, 2) - _cut(x, d, 0, 1)) / dx[0]
        last = (_cut(x, d, -1) - _cut(x, d, -2, -1)) / dx[-1]
    else:
        d0, d1, e0, e1 = dx[0], dx[1], dx[-1], dx[-2]
        first = (-(2.0 * d0 + d1) / (d0 * (d0 + d1)) * _cut(x, d, 0, 1)
                 + (d0 + d1) / (d0 * d1) * _cut(x, d, 1, 2)
                 + (-d0) / (d1 * (d0 + d1)) * _cut(x, d, 2, 3))  # fmt: skip
        last = (e0 / (e1 * (e0 + e1)) * _cut(x, d, -3, -2)
                - (e0 + e1) / (e0 * e1) * _cut(x, d, -2, -1)
                + (2 * e0 + e1) / (e0 * (e0 + e1)) * _cut(x, d, -1))  # fmt: skip
    return cat([first, center, last], d)


def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """The derivative of input's samples along each dim (or the given ones), by central
    differences inside and one-sided ones at the ends: one tensor per dim (torch's formulas)."""
    if input.dtype.name == "uint8":
        raise RuntimeError("torch.gradient does not support uint8 input.")
    dims = list(range(input.ndim)) if dim is None else [dim] if isinstance(dim, int) else list(dim)
    many = isinstance(spacing, (list, tuple))
    if many and dim is None and len(spacing) != input.ndim:
        raise RuntimeError(
            "torch.gradient expected spacing to be unspecified, a scalar, or a list of length "
            f"equal to 'self.dim() = {input.ndim}', since dim argument was not given, but got a "
            f"list of length {len(spacing)}"
        )
    if many and dim is not None and len(spacing) != len(dims):
        raise RuntimeError(
            "torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim "
            f"arguments to have the same length, but got a spacing argument of length "
            f"{len(spacing)} and a dim argument of length {len(dims)}."
        )
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    dims = [_dim(d, input.ndim) for d in dims]
    for d in dims:
        if input.shape[d] < edge_order + 1:
            raise RuntimeError(
                "torch.gradient expected each dimension size to be at least edge_order+1"
            )
    steps = list(spacing) if many else [spacing] * len(dims)
    steps = [float(h.item()) if isinstance(h, Tensor) and h.ndim == 0 else h for h in steps]
    return tuple(_gradient_along(input, d, h, edge_order) for d, h in zip(dims, steps))


histogram_result = return_type("histogram", "hist", "bin_edges")


def histogram(input, bins=100, *, range=None, weight=None, density=False):
    """(hist, bin_edges): the counts (or weight sums; densities) of input's elements in `bins`
    equal bins over `range` (the data's, widened by 0.5 when constant) or between the given
    edges; the last bin includes its right edge."""
    if not input.dtype.is_floating_point or (  # (a 16-bit input's range: torch's aminmax in
        range is None and input.dtype.itemsize == 2 and not isinstance(bins, Tensor)  # histogramdd
    ):  # has no such kernel)
        raise _no_kernel("histogramdd", input)
    a = np.asarray(input._data).reshape(-1)
    w = None if weight is None else np.asarray(weight._data).reshape(-1)
    if range is not None and range[0] > range[1]:
        raise RuntimeError(
            f"torch.histogramdd: min should not exceed max, but got min {range[0]} max "
            f"{range[1]} for dimension 0"
        )
    if isinstance(bins, Tensor):
        hist, edges = np.histogram(a, np.asarray(bins._data), range, density=density, weights=w)
    else:
        hist, edges = _even_histogram(a, int(bins), range, density, w)
    xp = namespace(input._data)
    inputs = (input,) if weight is None else (input, weight)
    attrs = {"name": "histogram"}  # (torch records a node that cannot go back, for both)
    first = _record(
        "not_implemented", "NotImplemented", xp.asarray(hist.astype(a.dtype)), inputs, attrs
    )
    second = Tensor._from_data(xp.asarray(edges.astype(a.dtype)))
    if first._grad_fn is not None:
        first._grad_fn.num_outputs = 2
        second._grad_fn, second._output_nr, second._rg = first._grad_fn, 1, True
    return histogram_result(first, second)


def _even_histogram(a, bins, range, density, w):
    """torch's histogram of `bins` equal bins: edges by its linspace in a's dtype, each element's
    bin by its linear formula in that dtype, then checked against the neighbouring edges."""
    lo, hi = (float(a.min()), float(a.max())) if range is None and a.size else (range or (0, 0))
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    edges = _creation._torch_linspace(lo, hi, bins + 1, a.dtype)
    left, right = edges[0], edges[-1]
    keep = (a >= left) & (a <= right)
    x = a[keep]
    with np.errstate(all="ignore"):
        pos = ((x - left) * a.dtype.type(bins) / (right - left)).astype(np.int64)
    pos = np.clip(pos, 0, bins)  # torch's local search: the edges pos - 1 .. pos + 1 only
    found = np.searchsorted(edges, x, side="right")  # (an upper bound in that window is the
    pos = np.clip(found, np.maximum(pos - 1, 0), np.minimum(pos + 2, bins + 1)) - 1  # global one,
    pos = np.where(pos == bins, bins - 1, pos)  # clipped to it)
    hist = np.bincount(pos, None if w is None else w[keep], minlength=bins)[:bins]
    if density:
        hist = hist / (hist.sum() * np.diff(edges.astype(np.float64)))
    return hist, edges


def bincount(input, weights=None, minlength=0):
    """The number of occurrences of each value 0, 1, ... of a 1-D non-negative integer tensor
    (the sum of `weights` at them, when given); at least minlength entries."""
    a = input._data
    if _backend.kind(a.dtype) not in "iu":
        raise _no_kernel("bincount_cpu", input)
    if input.ndim != 1 or bool(np.any(np.asarray(a) < 0)):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if not a.size:  # (torch's early return: int64 zeros, the weights not read)
        return Tensor._from_data(namespace(a).zeros(minlength, dtype=namespace(a).int64))
    w = None
    if weights is not None:
        if weights.ndim != 1 or weights.shape[0] != input.shape[0]:
            raise RuntimeError("weights should be 1-d and have the same length as input")
        w = np.asarray(weights._data)
        w = w if weights.dtype.is_floating_point else w.astype(np.float64)
    r = np.bincount(np.asarray(a), w, minlength=minlength)
    if w is None:
        return Tensor._from_data(namespace(a).asarray(r.astype(np.int64)))
    r = namespace(a).asarray(r.astype(w.dtype))  # (torch records a node that cannot go back)
    return _record("not_implemented", "NotImplemented", r, (input, weights), {"name": "bincount"})


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """The elements (or slices along dim) with each run of equal neighbours kept once; with
    return_inverse each element's run, with return_counts each run's length."""
    _bool_flags("unique_consecutive", return_inverse=return_inverse, return_counts=return_counts)
    a = input._data
    xp = namespace(a)
    if dim is None:
        rows, shape = xp.reshape(a, (-1, 1)), tuple(a.shape)
    else:
        d = _dim(dim, input.ndim)
        moved = xp.moveaxis(a, d, 0)
        rows, shape = xp.reshape(moved, (moved.shape[0], -1)), (a.shape[d],)
    n = rows.shape[0]
    if n:
        starts = xp.concat([xp.ones((1,), dtype=xp.bool), xp.any(rows[1:] != rows[:-1], axis=1)])
    else:
        starts = xp.zeros((0,), dtype=xp.bool)
    keep = xp.nonzero(starts)[0]
    if dim is None:
        values = xp.reshape(rows[keep], (-1,))
    else:
        values = xp.moveaxis(xp.take(xp.moveaxis(a, d, 0), keep, axis=0), 0, d)
    values = xp.asarray(values, copy=True)
    out = [_record("unique_consecutive", "UniqueConsecutiveBackward0", values, (input,))]
    if return_inverse:
        inv = xp.cumsum(xp.astype(starts, xp.int64)) - 1
        out.append(Tensor._from_data(xp.reshape(inv, shape)))
    if return_counts:
        ends = xp.concat([keep[1:], xp.asarray([n], dtype=keep.dtype)]) if n else keep
        out.append(Tensor._from_data(xp.astype(ends - keep, xp.int64)))
    return out[0] if len(out) == 1 else tuple(out)


_WAVE2 = """
    cummax cummin logcumsumexp std_mean var_mean count_nonzero median mode msort quantile diff
    nanquantile
"""
_WAVE3 = """
    kthvalue nanmedian cov corrcoef trapezoid trapz cumulative_trapezoid histc bincount
    unique_consecutive histogram gradient
"""
FUNCTIONS = f"prod cumsum cumprod sort argsort topk {_WAVE2} {_WAVE3}".split()  # torch.<name>
_FUNCTIONS_ONLY = "std_mean var_mean trapezoid trapz cumulative_trapezoid gradient".split()
METHODS = [n for n in FUNCTIONS if n not in _FUNCTIONS_ONLY]  # Tensor.<name>
INPLACE = "cumsum cumprod".split()  # Tensor.<name>_
