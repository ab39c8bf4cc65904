"""Ops along a dimension: prod, cumsum, cumprod; sort, argsort, topk.

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

from . import _backend
from ._backend import namespace
from ._tensor import Tensor
from ._amp_policy import cuda_float32, float32_precision
from ._ops import _dim, _record
from ._reductions import _MinMax

_RETURN_TYPES = {
    k: type(k, (_MinMax,), {"__module__": "torch.return_types", "__qualname__": k})
    for k in ("sort", "topk")
}


def _accumulated(x, dtype):
    """x's array in the dtype of a product or running sum: `dtype` if given, else int64 for
    bool and integer inputs (as torch), else x's own."""
    a = x._data
    xp = namespace(a)
    if dtype is not None:
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
    return fn(a, axis=d)


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


FUNCTIONS = "prod cumsum cumprod sort argsort topk".split()  # torch.<name>
METHODS = "prod cumsum cumprod sort argsort topk".split()  # Tensor.<name>
INPLACE = "cumsum cumprod".split()  # Tensor.<name>_
