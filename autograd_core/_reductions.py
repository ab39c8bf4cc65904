"""Reductions: sum, mean, max/min, amax/amin, argmax, var/std, norm, logsumexp, softmax.

Each op computes on the arrays, then records its node with `_ops._record` (see _ops).
"""

import collections
import math
import numbers
import warnings

import numpy as np


from . import _backend, _messages
from ._backend import c_order, namespace
from ._tensor import Tensor
from ._operands import _cast, _cname, _dim, _dims, _float, _is_float
from ._ops import _record, silent
from ._elementwise import maximum, minimum
from ._amp_policy import cuda_float32
from .grad_mode import _mode


# ============================================================================= reductions


@cuda_float32
def _integral_result(x, dtype):
    """torch's refusal of an integer `dtype=` for a result that would need a gradient."""
    if dtype is not None and not dtype.is_floating_point and x.requires_grad and _mode.grad_enabled:
        raise RuntimeError(f"Autograd not support dtype: {dtype.title}")


@silent  # (inf + -inf is NaN, silently, as torch)
def sum(x, dim=None, keepdim=False, dtype=None):
    """Sum over `dim` (all dims when None)."""
    _integral_result(x, dtype)
    a = x._data
    dims = _dims(dim, a.ndim)
    xp = namespace(a)
    if dtype is not None:  # torch casts the elements first (a sum of floats as int64 truncates
        a = xp.astype(a, _backend.to_backend_dtype(xp, dtype))  # each one)
    elif _backend.kind(a.dtype) in "biu":
        a = xp.astype(a, xp.int64)
    shape = a.shape
    a, low = _backend.opmath(a)
    r = _backend.round_back(xp.sum(a, axis=dims, keepdims=keepdim, dtype=a.dtype), low)
    r = c_order(r)  # (numpy lays a reduction out as its input; torch's is always contiguous)
    name = "SumBackward0" if dim is None else "SumBackward1"
    return _record("sum", name, r, (x,), {"shape": shape, "dim": dims, "keepdim": keepdim})


@silent
def mean(x, dim=None, keepdim=False, dtype=None):
    """Mean over `dim` (all dims when None)."""
    a = x._data
    if _backend.kind(a.dtype) != "f" and dtype is None:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating "
            f"point or complex dtype. Got: {_cname(x)}"
        )
    if dtype is not None and not dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Optional dtype must be either a floating point "
            f"or complex dtype. Got: {dtype.title}"
        )
    dims, xp = _dims(dim, a.ndim), namespace(a)
    f, low = _backend.opmath(
        a if dtype is None else xp.astype(a, _backend.to_backend_dtype(xp, dtype))
    )
    if a.size == 0:  # nan, silently, as torch (numpy warns "Mean of empty slice")
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            r = _backend.round_back(xp.mean(f, axis=dims, keepdims=keepdim), low)
    else:
        r = _backend.round_back(xp.mean(f, axis=dims, keepdims=keepdim), low)
    r = c_order(r)
    name = "MeanBackward0" if dim is None else "MeanBackward1"
    return _record("mean", name, r, (x,), {"shape": a.shape, "dim": dims, "keepdim": keepdim})


def return_type(name, *fields):
    """The tuple type torch.return_types.`name` (max's values and indices, aminmax's min and
    max, ...): a namedtuple printed as torch prints it."""

    def __repr__(self):
        body = ",\n".join(f"{f}={v!r}" for f, v in zip(fields, self))
        return f"torch.return_types.{name}(\n{body})"

    base = collections.namedtuple(name, fields, module="torch.return_types")
    namespace = {"__module__": "torch.return_types", "__qualname__": name, "__slots__": ()}
    return type(name, (base,), {**namespace, "__repr__": __repr__})


_RETURN_TYPES = {k: return_type(k, "values", "indices") for k in ("max", "min")}


def _minmax(kind, x, dim=None, keepdim=False):
    if isinstance(dim, Tensor):  # torch.max(a, b) is maximum
        return (maximum if kind == "max" else minimum)(x, dim)
    xp = namespace(x._data)
    a = x._data
    if dim is None:
        _nonempty(kind, a, None)
        r = xp.max(a) if kind == "max" else xp.min(a)
        return _record("amax_all", f"{kind.capitalize()}Backward1", r, (x,))
    d = _dim(dim, a.ndim)
    if d is None:  # a 0-d tensor: its value, at index 0
        values = _record(
            "amax_dim",
            f"{kind.capitalize()}Backward0",
            a,
            (x,),
            {"shape": (), "dim": None, "keepdim": keepdim, "indices": None},
        )
        return _RETURN_TYPES[kind]._make((values, Tensor._from_data(xp.zeros((), dtype=xp.int64))))
    _nonempty(kind, a, (d,))
    idx = (
        xp.argmax(a, axis=d, keepdims=keepdim)
        if kind == "max"
        else xp.argmin(a, axis=d, keepdims=keepdim)
    )
    vals = (
        xp.max(a, axis=d, keepdims=keepdim)
        if kind == "max"
        else xp.min(a, axis=d, keepdims=keepdim)
    )
    indices = Tensor._from_data(c_order(xp.astype(idx, xp.int64)))
    values = _record(
        "amax_dim",
        f"{kind.capitalize()}Backward0",
        c_order(vals),
        (x,),
        {"shape": a.shape, "dim": d, "keepdim": keepdim, "indices": indices},
    )
    return _RETURN_TYPES[kind]._make((values, indices))


def max(x, dim=None, keepdim=False):
    """max() of all elements, or (values, indices) along `dim`, or elementwise max with a tensor."""
    return _minmax("max", x, dim, keepdim)


def min(x, dim=None, keepdim=False):
    """min() of all elements, or (values, indices) along `dim`, or elementwise min with a tensor."""
    return _minmax("min", x, dim, keepdim)


def _nonempty(name, a, dims, shown=None):
    """torch's refusal to reduce an empty tensor to a max or min (a sum of nothing is 0; a max of
    nothing has no value): dims None means every dim; `shown`: the dims as given (its message)."""
    if a.size:
        return
    if dims is None:
        raise RuntimeError(
            f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
            "Specify the reduction dim with the 'dim' argument."
        )
    for d, given in zip(dims, shown or dims):
        if a.shape[d] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {given} to have non-zero size.")


def _shift(xp, a, axis):
    """The max along axis (kept), what softmax and logsumexp subtract first; 0 for an empty a."""
    if not a.size:
        return xp.sum(a, axis=axis, keepdims=True)
    if a.__class__ is np.ndarray and axis == a.ndim - 1 and 1 < a.shape[-1] <= 64 < a.size:
        # (numpy reduces a short last axis row by row, several times slower than the max of
        # its columns laid out as rows; a max is the same in any order)
        return np.max(np.ascontiguousarray(np.moveaxis(a, -1, 0)), axis=0)[..., None]
    return xp.max(a, axis=axis, keepdims=True)


def _extreme(kind, x, dim, keepdim):
    """amax/amin over `dim` (every dim when empty); ties share the gradient evenly, as in torch."""
    a = x._data
    name = "amax" if kind == "max" else "amin"
    if not a.size and isinstance(dim, (tuple, list)):  # (each dim's size before duplicates)
        for d in dim:
            _nonempty(name, a, (_dim(d, a.ndim),), (d,))
    dims = _dims(dim, a.ndim)
    _nonempty(name, a, dims, (dim,) if isinstance(dim, int) and a.ndim else None)
    xp = namespace(a)
    r = (
        xp.max(a, axis=dims, keepdims=keepdim)
        if kind == "max"
        else xp.min(a, axis=dims, keepdims=keepdim)
    )
    return _record(
        "amax",
        "AmaxBackward0" if kind == "max" else "AminBackward0",
        c_order(r),
        (x,),
        {"dim": dims, "keepdim": keepdim},
    )


def amax(x, dim=(), keepdim=False):
    """The largest value over `dim` (an int or a tuple; every dim when empty)."""
    return _extreme("max", x, dim, keepdim)


def amin(x, dim=(), keepdim=False):
    """The smallest value over `dim` (an int or a tuple; every dim when empty)."""
    return _extreme("min", x, dim, keepdim)


def _arg_extreme(kind, x, dim, keepdim):
    """The int64 index of the largest or smallest value, of all elements or along dim."""
    if x.dtype is _backend.bool_:
        raise RuntimeError(f"arg{kind}(): does not support bool input")
    xp = namespace(x._data)
    a = x._data if dim is not None else xp.reshape(x._data, (-1,))
    axis = 0 if dim is None else _dim(dim, a.ndim)
    if dim is None and a.size == 0:  # (torch's shorter text for arg-reductions)
        raise IndexError(
            f"arg{kind}(): Expected reduction dim to be specified for input.numel() == 0."
        )
    if dim is not None:
        _nonempty(f"arg{kind}", a, (axis,))
    find = xp.argmax if kind == "max" else xp.argmin
    return Tensor._from_data(
        c_order(xp.astype(find(a, axis=axis, keepdims=keepdim and dim is not None), xp.int64))
    )


def argmax(x, dim=None, keepdim=False):
    """The index of the largest value (of the flattened tensor when dim is None)."""
    return _arg_extreme("max", x, dim, keepdim)


def argmin(x, dim=None, keepdim=False):
    """The index of the smallest value (of the flattened tensor when dim is None)."""
    return _arg_extreme("min", x, dim, keepdim)


@silent
def _spread(op, x, dim, unbiased, keepdim, correction):
    """var or std over `dim`: Bessel-corrected (correction=1) by default, like torch."""
    if isinstance(dim, bool):  # var(unbiased) positional form
        dim, unbiased = None, dim
    c = correction if correction is not None else (1 if unbiased in (None, True) else 0)
    if not _is_float(x):
        raise RuntimeError("std and var only support floating point and complex dtypes")
    dims = _dims(dim, x.ndim)
    n = 1
    for d in range(x.ndim) if dims is None else dims:
        n *= x._data.shape[d]
    if n - c <= 0:
        _messages.warn(
            f"{op}(): degrees of freedom is <= 0. Correction should be strictly less than the "
            "reduction factor (input numel divided by output numel)."
        )
    with warnings.catch_warnings():  # numpy's own warning for the same case
        warnings.simplefilter("ignore", RuntimeWarning)
        f, low = _backend.opmath(x._data)
        r = getattr(namespace(x._data), op)(f, axis=dims, correction=c, keepdims=keepdim)
        r = c_order(_backend.round_back(r, low))
    return _record(
        op,
        op.capitalize() + "Backward0",
        r,
        (x,),
        {"dim": dims, "correction": c, "keepdim": keepdim},
    )


def var(x, dim=None, unbiased=None, keepdim=False, correction=None):
    """Variance over `dim` (unbiased by default, like torch)."""
    return _spread("var", x, dim, unbiased, keepdim, correction)


def std(x, dim=None, unbiased=None, keepdim=False, correction=None):
    """Standard deviation over `dim` (unbiased by default, like torch)."""
    return _spread("std", x, dim, unbiased, keepdim, correction)


@cuda_float32
@silent
def norm(x, p="fro", dim=None, keepdim=False, dtype=None):
    """The vector p-norm over `dim` (all elements when None): (sum |x|^p)^(1/p); ``p='fro'`` is 2,
    inf the largest |x|, -inf the smallest, 0 the count of nonzero elements."""
    p = 2 if isinstance(p, str) and p == "fro" or p is None else p  # (torch.norm's default)
    if isinstance(p, Tensor) and p.ndim == 0:
        p = p.item()
    if not isinstance(p, numbers.Real):  # (the binding's check: before the kernel's dtype's)
        raise TypeError(
            "linalg_vector_norm(): argument 'ord' (position 2) must be Number, not "
            f"{type(p).__name__}"
        )
    if not _is_float(x):
        raise RuntimeError(
            f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
            f"{_cname(x)}"
        )
    if dtype is not None and _backend.promote_types(x.dtype, dtype) != dtype:
        raise RuntimeError(
            f"linalg.vector_norm: the dtype of the input ({_cname(x)}) should be convertible "
            f"without narrowing to the specified dtype ({dtype.title})"
        )
    dims = _dims(dim, x.ndim)
    if (p < 0 or p == math.inf) and not x._data.size:  # (no identity to reduce nothing to)
        where = None if dims else "an empty tensor because the operation"
        for d, given in zip(dims or (), dim if isinstance(dim, (tuple, list)) else (dim,)):
            if x.shape[d] == 0:  # (torch's message runs "dimension {d}because")
                where = f"the dimension {given}because this dimension is empty and the operation"
                break
        if where:
            raise RuntimeError(
                f"linalg.vector_norm cannot compute the {p:g} norm on {where} does not have an "
                "identity"
            )
    xp = namespace(x._data)
    a = xp.abs(x._data)
    a, low = _backend.opmath(a if dtype is None else _cast(a, dtype))  # (no ToCopy node: torch's)
    if p == 2:
        r = xp.sqrt(xp.sum(a * a, axis=dims, keepdims=keepdim))
    elif p == math.inf or p == -math.inf:
        r = (xp.max if p > 0 else xp.min)(a, axis=dims, keepdims=keepdim)
    elif p == 0:
        r = xp.sum(xp.astype(a != 0, a.dtype), axis=dims, keepdims=keepdim)
    else:
        r = xp.sum(a**p, axis=dims, keepdims=keepdim) ** (1.0 / p)
    r = c_order(_backend.round_back(r, low))
    return _record(
        "norm", "LinalgVectorNormBackward0", r, (x,), {"ord": p, "dim": dims, "keepdim": keepdim}
    )


@cuda_float32
@silent
def logsumexp(x, dim, keepdim=False):
    """log(sum(exp(x), dim)), computed stably."""
    x = _float(x) if not _is_float(x) else x
    dims = _dims(dim, x.ndim)
    if isinstance(dim, (tuple, list)) and not dim and x.ndim and not keepdim and x.numel():
        # torch reduces every dim, keeping them, into a result of the squeezed shape (not when
        # empty: its sum of nothing has no max to add back)
        raise RuntimeError(f"output with shape [] doesn't match the broadcast shape {[1] * x.ndim}")
    xp = namespace(x._data)
    a = x._data
    m = _shift(xp, a, dims)
    m = xp.where(xp.isfinite(m), m, xp.zeros_like(m))
    # torch composes logsumexp of ops, each rounding to bfloat16; only the sum runs in float32
    e, low = _backend.opmath(xp.exp(a - m))
    r = c_order(xp.log(_backend.round_back(xp.sum(e, axis=dims, keepdims=True), low)) + m)
    if not keepdim:
        r = xp.squeeze(r, axis=dims)
    return _record("logsumexp", "LogsumexpBackward0", r, (x,), {"dim": dims, "keepdim": keepdim})


@cuda_float32
@silent
def softmax(x, dim, dtype=None):
    """exp(x) / sum(exp(x), dim), computed stably."""
    x = x if dtype is None else x.to(dtype=dtype)  # torch casts first (ToCopyBackward0)
    d = _dim(dim, x.ndim)
    if not _is_float(x) and x.numel() == 0:  # (torch runs no kernel on nothing)
        return x.clone()
    if not _is_float(x):  # (torch's kernel for the last dim has its own name)
        kernel = "softmax_lastdim_kernel_impl" if d in (None, x.ndim - 1) else "softmax_kernel_impl"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_cname(x)}'")
    xp = namespace(x._data)
    a, low = _backend.opmath(x._data)
    e = xp.exp(a - _shift(xp, a, d))
    total = xp.sum(e, axis=d, keepdims=True)
    if low is not None and d not in (None, x.ndim - 1):  # torch's kernel for another dim stores
        e = e.astype(low).astype(e.dtype)  # the exponentials in the 16-bit dtype first
    r = _backend.round_back(e / total, low)
    return _record("softmax", "SoftmaxBackward0", _backend.c_order(r), (x,), {"dim": d})


@cuda_float32
@silent
def log_softmax(x, dim, dtype=None):
    """x - logsumexp(x, dim), computed stably."""
    x = x if dtype is None else x.to(dtype=dtype)  # torch casts first (ToCopyBackward0)
    d = _dim(dim, x.ndim)
    if not _is_float(x) and x.numel() == 0:  # (torch runs no kernel on nothing)
        return x.clone()
    if not _is_float(x):  # (torch's kernel for the last dim has its own name)
        last = d in (None, x.ndim - 1)
        kernel = "log_softmax_lastdim_kernel_impl" if last else "log_softmax_kernel_impl"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_cname(x)}'")
    xp = namespace(x._data)
    a, low = _backend.opmath(x._data)
    s = a - _shift(xp, a, d)
    lse = xp.log(xp.sum(xp.exp(s), axis=d, keepdims=True))
    if low is not None and d in (None, x.ndim - 1):  # torch's last-dim kernel rounds the sum and
        lse = xp.log(_backend.round_back(xp.sum(xp.exp(s), axis=d, keepdims=True), low))
        lse = lse.astype(a.dtype)  # its log to bfloat16/float16
    r = _backend.round_back(s - lse, low)
    return _record("log_softmax", "LogSoftmaxBackward0", _backend.c_order(r), (x,), {"dim": d})
