"""Indexing by tensors: gather, scatter, scatter_add, index_select, index_fill, masked_select,
nonzero; the third wave adds the writes into slots (select/slice/diagonal_scatter), by masks and
indices (masked_scatter, index_put, put), scatter_reduce, index_reduce, take_along_dim.

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_layout). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.

The index tensors are constants: the rules read them as attributes (Tensors), so they are kept as
they were at the call.
"""

import builtins
import math

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._operands import _bool_flags, _cname, _dim, _no_kernel
from ._ops import _ndarray, _record, silent
from ._tensor import Tensor
from ._operands import _cast
from ._layout import _diagonal_view, _geometry, check_storage
from ._shapes import _index_error, expand


# ============================================================================= checks


def _int_index(index, fn, allow32=True):
    """torch's refusal of an index that is not int64 (or int32, where the op takes it)."""
    if not isinstance(index, Tensor):
        raise TypeError(
            f"{fn}(): argument 'index' (position 2) must be Tensor, not {type(index).__name__}"
        )
    name = index.dtype.name
    if name == "int64" or (allow32 and name == "int32"):
        return
    if fn == "index_select":
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if fn == "index_fill_":
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    raise RuntimeError(f"{fn}(): Expected dtype int32/int64 for index")


def index_func_meta(func, x, dim, index, source):
    """torch's index_func_meta_impl (index_add_, index_reduce_): its checks in its order; the
    wrapped dim."""
    d = _dim(dim, x.ndim) or 0
    if index.ndim > 1:
        raise IndexError(
            f"{func}_(): Index is supposed to be a vector, but got dim: {index.ndim} with type: "
            f"{_cname(index)} and size: {list(index.shape)}"
        )
    if index.dtype.name not in ("int64", "int32"):
        raise RuntimeError(
            f"{func}_(): Expected dtype int32/int64 for index but got: {_cname(index)}"
        )
    if x.dtype is not source.dtype:
        raise RuntimeError(
            f"{func}_(): self ({_cname(x)}) and source ({_cname(source)}) must have the same "
            "scalar type"
        )
    if d and d >= source.ndim:
        raise RuntimeError(
            f"{func}_(): Indexing dim {d} is out of bounds of the source tensor with dim "
            f"{source.ndim}"
        )
    count = index.numel()
    if count != (source.shape[d] if source.ndim else 1):
        if not source.ndim:  # (torch's message reads source.size(dim), which fails)
            raise IndexError(f"Dimension specified as {d} but tensor has no dimensions")
        raise RuntimeError(
            f"{func}_(): Number of indices ({count}) should be equal to source.size(dim): "
            f"({source.shape[d]}), for dim: {d}"
        )
    cut = x.ndim and source.ndim
    if [n for i, n in enumerate(x.shape) if not cut or i != d] != [
        n for i, n in enumerate(source.shape) if not cut or i != d
    ]:
        raise RuntimeError(
            "source tensor shape must match self tensor shape, excluding the specified "
            f"dimension. Got self.shape = {list(x.shape)} source.shape = {list(source.shape)}"
        )
    return d


def _bounds(idx, d, n):
    """torch's message for the first index outside [0, n)."""
    bad = (idx < 0) | (idx >= n)
    if builtins.bool(namespace(idx).any(bad)):
        v = int(idx[bad][0])
        raise RuntimeError(f"index {v} is out of bounds for dimension {d} with size {n}")


def _coords(idx, d):
    """The index tuple of gather/scatter along dim d: idx along d, the positions elsewhere."""
    xp = namespace(idx)
    nd = idx.ndim
    out = []
    for i in range(nd):
        if i == d:
            out.append(idx)
        else:
            shape = tuple(idx.shape[i] if j == i else 1 for j in range(nd))
            dev = {} if idx.__class__ is _ndarray else {"device": idx.device}
            out.append(xp.reshape(xp.arange(idx.shape[i], **dev), shape))
    return tuple(out)


def _along_dim(x, dim, index, fn, src=None):
    """The checked dim and index arrays of gather/scatter (0-d tensors as 1-D). As torch, an
    empty index's dtype is not checked. torch's order: the dim, the index's dtype, src's, shapes."""
    d = _dim(dim, x.ndim)
    d = 0 if d is None else d
    if not isinstance(index, Tensor) or index._data.size:
        _int_index(index, fn)
    if isinstance(src, Tensor):
        _same_dtype(x, src)
    idx = index._data
    if not idx.size:
        idx = namespace(idx).astype(idx, namespace(idx).int64)
    if builtins.max(index.ndim, 1) != builtins.max(x.ndim, 1):
        what = "input" if fn == "gather" else "self"
        raise RuntimeError(f"Index tensor must have the same number of dimensions as {what} tensor")
    xs = tuple(x.shape) or (1,)
    ishape = tuple(index.shape) or (1,)
    for i, (n, m) in enumerate(zip(ishape, xs)):
        if i != d and n > m or (src is not None and n > ((tuple(src.shape) or (1,))[i])):
            if fn == "gather":
                raise RuntimeError(
                    f"Size does not match at dimension {i} expected index {list(index.shape)} to "
                    f"be no larger than self {list(x.shape)} apart from dimension {d}"
                )
            tail = "" if src is None else f" and to be no larger size than src {list(src.shape)}"
            raise RuntimeError(
                f"Expected index {list(index.shape)} to be no larger than self {list(x.shape)} "
                f"apart from dimension {d}{tail}"
            )
    idx = namespace(idx).reshape(idx, ishape)
    _bounds(idx, d, xs[d])
    return d, idx


# ============================================================================= gather / scatter


def gather(x, dim, index, *, sparse_grad=False):
    """out[i][j] = x[i][index[i][j]] for dim 1 (and so on for the other dims)."""
    if isinstance(index, Tensor) and index.numel() == 0 and index.ndim == max(x.ndim, 1):
        xp = namespace(x._data)  # (an empty index takes nothing, whatever its dtype: torch's)
        empty = xp.zeros(tuple(index.shape), dtype=x._data.dtype)
        return _record(
            "gather",
            "GatherBackward0",
            empty,
            (x,),
            {"shape": x.shape, "dim": _dim(dim, x.ndim) if x.ndim else 0, "index": index.long()},
        )
    d, idx = _along_dim(x, dim, index, "gather")
    a = x._data
    xp = namespace(a)
    a1 = xp.reshape(a, tuple(a.shape) or (1,))
    r = xp.reshape(a1[_coords(idx, d)], tuple(index.shape))
    return _record(
        "gather", "GatherBackward0", r, (x,), {"shape": x.shape, "dim": d, "index": index}
    )


def _scattered(x, d, idx, src, add):
    a = x._data
    xp = namespace(a)
    out = _backend.contiguous_copy(xp.reshape(a, tuple(a.shape) or (1,)))  # (torch's: contiguous)
    where = _coords(idx, d)
    if isinstance(src, Tensor):
        s = xp.reshape(src._data, tuple(src.shape) or (1,))
        values = s[tuple(slice(0, n) for n in idx.shape)]
    else:
        values = src
    if add:
        _backend.index_add(xp, out, where, values)
    else:
        out[where] = values
    return xp.reshape(out, a.shape)


def _same_dtype(x, src):
    if src.dtype is not x.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")


_SCATTER_REDUCE_WARNING = (
    "The reduce argument of torch.scatter with Tensor src is deprecated and will be removed in a "
    "future PyTorch release. Use torch.scatter_reduce instead for more reduction options."
)


def _scatter_reducing(x, dim, index, src, reduce):
    """torch's scatter(reduce='add' | 'multiply'): src (a tensor or a number) added into or
    multiplied into x at `index` along dim, repeated indices accumulating; torch has no
    derivative for it (a NotImplemented node)."""
    d, idx = _along_dim(x, dim, index, "scatter", src if isinstance(src, Tensor) else None)
    if reduce not in ("add", "multiply"):
        raise RuntimeError("reduce argument must be either add or multiply.")
    if isinstance(src, Tensor):
        _messages.warn(_SCATTER_REDUCE_WARNING, once=True)
    a = np.asarray(x._data)
    out = np.ascontiguousarray(a.reshape(a.shape or (1,))).copy()  # (torch's: contiguous)
    where = tuple(np.asarray(c) for c in _coords(np.asarray(idx), d))
    if isinstance(src, Tensor):
        values = np.asarray(src._data).reshape(tuple(src.shape) or (1,))
        values = values[tuple(slice(0, n) for n in np.asarray(idx).shape)]
    else:
        values = np.asarray(src.item() if isinstance(src, np.generic) else src).astype(a.dtype)
    (np.add if reduce == "add" else np.multiply).at(out, where, values)
    r = namespace(x._data).asarray(out.reshape(a.shape))
    inputs = (x, src) if isinstance(src, Tensor) else (x,)
    return _record("not_implemented", "NotImplemented", r, inputs, {"name": "scatter"})


def scatter(x, dim, index, src=None, value=None, *, reduce=None):
    """x with `src`'s values (or one `value`) written at `index` along dim (or, with reduce,
    added or multiplied in)."""
    if src is None:
        src = value
    if reduce is not None:
        return _scatter_reducing(x, dim, index, src, reduce)
    attrs = {"dim": None, "index": index}
    if isinstance(src, Tensor):
        d, idx = _along_dim(x, dim, index, "scatter", src)
        attrs["dim"] = d
        attrs["src_shape"] = tuple(src.shape)
        r = _scattered(x, d, idx, src, add=False)
        return _record("scatter", "ScatterBackward0", r, (x, src), attrs)
    d, idx = _along_dim(x, dim, index, "scatter")
    attrs["dim"] = d
    v = src.item() if isinstance(src, np.generic) else src
    return _record(
        "scatter_value", "ScatterBackward1", _scattered(x, d, idx, v, False), (x,), attrs
    )


def scatter_add(x, dim, index, src):
    """x with `src`'s values added at `index` along dim (repeated indices accumulate)."""
    if not isinstance(src, Tensor):
        raise TypeError(
            f"scatter_add(): argument 'src' (position 3) must be Tensor, not {type(src).__name__}"
        )
    d, idx = _along_dim(x, dim, index, "scatter", src)
    r = _scattered(x, d, idx, src, add=True)
    attrs = {"dim": d, "index": index, "src_shape": tuple(src.shape)}
    return _record("scatter_add", "ScatterAddBackward0", r, (x, src), attrs)


_REDUCTIONS = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum}
_REDUCTIONS["amin"] = np.minimum


def _identity(reduce, dtype):
    """The value a reduction starts from where self is left out (include_self=False)."""
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if dtype.kind == "b":
        return reduce == "amin"
    big = np.inf if dtype.kind == "f" else np.iinfo(dtype).max
    return -big if reduce == "amax" else big


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True, _op="scatter_reduce"):
    """input with src's values reduced (sum, prod, mean, amax, amin) into the positions `index`
    along dim, with input's own value among them unless include_self=False."""
    d, idx = _along_dim(input, dim, index, "scatter", src)
    if reduce not in _REDUCTIONS:  # (torch's meta checks it last)
        raise RuntimeError(
            f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}"
        )
    if reduce == "mean" and input.dtype is _backend.bool_:
        raise _no_kernel(f"scatter_gather_tensor_cpu_reduce_{reduce}", input)
    a = np.asarray(input._data)
    out = np.ascontiguousarray(a.reshape(a.shape or (1,))).copy()  # (torch's: contiguous)
    where = tuple(np.asarray(c) for c in _coords(np.asarray(idx), d))
    values = np.asarray(src._data).reshape(tuple(src.shape) or (1,))
    values = values[tuple(slice(0, n) for n in np.asarray(idx).shape)]
    if not include_self:
        out[where] = _identity(reduce, out.dtype)
    _REDUCTIONS[reduce].at(out, where, values)
    if reduce == "mean":
        count = np.zeros(out.shape, dtype=np.int64)
        np.add.at(count, where, 1)
        count = count + include_self * (count > 0)
        hit = count > 0
        if out.dtype.kind == "f":
            out[hit] = out[hit] / count[hit]
        else:
            out[hit] = np.floor_divide(out[hit], count[hit])
    r = namespace(input._data).asarray(out.reshape(a.shape))
    attrs = {"dim": d, "index": index, "reduce": reduce, "include_self": include_self}
    attrs["src_shape"] = tuple(src.shape)
    name = "ScatterReduceBackward0" if _op == "scatter_reduce" else "IndexReduceBackward0"
    return _record(_op, name, r, (input, src), attrs)


_INDEX_REDUCE_WARNING = "index_reduce() is in beta and the API may change at any time."


def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    """input with source's slices reduced (prod, mean, amax, amin) into the slices `index` along
    dim: scatter_reduce with index spread over source's shape (node IndexReduceBackward0)."""
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError(
            "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got "
            f"{reduce}."
        )
    if not isinstance(index, Tensor):
        _int_index(index, "index_reduce_")
    d = index_func_meta("index_reduce", input, dim, index, source)
    _messages.warn(_INDEX_REDUCE_WARNING, once=True)  # (torch's TORCH_WARN_ONCE, in its kernel)
    if not include_self and input.dtype is _backend.bool_:
        raise _no_kernel("index_reduce_func_exclude_input_init", input)
    idx = np.asarray(index._data).reshape(-1).astype(np.int64)
    n = (tuple(input.shape) or (1,))[d]
    if idx.size and not n and input.ndim > 1:  # (its kernel's first slice: select(dim, 0))
        raise IndexError(
            f"select(): index 0 out of range for tensor of size {list(input.shape)} at "
            f"dimension {d}"
        )
    if ((idx < 0) | (idx >= n)).any():
        raise IndexError("index out of range in self")
    along = idx.reshape(tuple(-1 if i == d else 1 for i in range(builtins.max(source.ndim, 1))))
    spread = Tensor._from_data(np.ascontiguousarray(np.broadcast_to(along, tuple(source.shape))))
    return scatter_reduce(
        input, d, spread, source, reduce, include_self=include_self, _op="index_reduce"
    )


# ============================================================================= index_select / fill


def _vector_index(x, dim, index, fn):
    if fn == "index_select" and isinstance(index, Tensor):  # torch: dim, rank, count, dtype
        _dim(dim, x.ndim)
        if index.ndim > 1:
            raise IndexError("index_select(): Index is supposed to be a vector")
        if x.ndim == 0 and index.numel() != 1:
            raise RuntimeError(
                "index_select(): Index to scalar can have only 1 value, got "
                f"{index.numel()} value(s)"
            )
    _int_index(index, fn, allow32=fn == "index_select")
    if index.ndim > 1:
        if fn == "index_select":
            raise IndexError("index_select(): Index is supposed to be a vector")
        raise RuntimeError("Index has to be a vector/scalar")
    d = _dim(dim, x.ndim)
    d = 0 if d is None else d
    idx = namespace(index._data).reshape(index._data, (-1,))
    return d, idx


def index_select(x, dim, index):
    """The entries `index` (a vector) along dim, in that order (a copy)."""
    d, idx = _vector_index(x, dim, index, "index_select")
    if x.ndim == 0 and idx.shape[0] != 1:
        raise RuntimeError(
            f"index_select(): Index to scalar can have only 1 value, got {idx.shape[0]} value(s)"
        )
    n = (tuple(x.shape) or (1,))[d]
    if x.ndim > 1 and idx.shape[0] and not x.numel():  # torch's kernel for an empty self
        if n == 0:
            raise RuntimeError("index_select(): self indexing axis dim should be positive")
        bad = np.asarray(idx)[(np.asarray(idx) < -n) | (np.asarray(idx) >= n)]
        if bad.size:
            raise RuntimeError(f"INDICES element is out of DATA bounds, id={bad[0]} axis_dim={n}")
    elif builtins.bool(namespace(idx).any((idx < 0) | (idx >= n))):
        if x.ndim > 1 and d == 1:  # (torch's kernel for dim 1 words it its own way)
            bad = np.asarray(idx)[(np.asarray(idx) < 0) | (np.asarray(idx) >= n)]
            raise RuntimeError(f"INDICES element is out of DATA bounds, id={bad[0]} axis_dim={n}")
        raise IndexError("index out of range in self")
    a = x._data
    xp = namespace(a)
    r = xp.take(xp.reshape(a, tuple(a.shape) or (1,)), idx, axis=d)
    if x.ndim == 0:
        r = xp.reshape(r, ())
    return _record(
        "index_select",
        "IndexSelectBackward0",
        r,
        (x,),
        {"shape": x.shape, "dim": d, "index": Tensor._from_data(idx)},
    )


def index_add_into(g, shape, dim, index):
    """zeros(shape) with g added at `index` along dim: the VJP of index_select."""
    z = _zeros(g._data, tuple(shape) or (1,))
    where = (slice(None),) * dim + (index._data,)
    gd = g._data if g.ndim else namespace(g._data).reshape(g._data, (1,))
    _backend.index_add(namespace(z), z, where, gd)
    z = namespace(z).reshape(z, tuple(shape))
    return _record("index_add_into", "IndexAddBackward0", z, (g,), {"dim": dim, "index": index})


def _zeros(a, shape):
    if a.__class__ is _ndarray:
        return np.zeros(shape, dtype=a.dtype)
    return namespace(a).zeros(shape, dtype=a.dtype, device=a.device)


def restride_check(x, d, count):
    """torch's index_fill_/index_copy_ kernels restride x to `count` entries along d (stride 0)
    before anything else: where x has no entries there, that view's memory check refuses it."""
    if not (tuple(x.shape) or (1,))[d] and count and x._data.__class__ is _ndarray:
        flat, off, _ = _geometry(x)
        size = [count if i == d else s for i, s in enumerate(x.shape)]
        strides = _backend.torch_strides(x._data)
        check_storage(flat, size, [0 if i == d else s for i, s in enumerate(strides)], off)


def index_fill(x, dim, index, value):
    """x with the entries `index` along dim set to `value` (a number or a 0-d tensor's value)."""
    d, idx = _vector_index(x, dim, index, "index_fill_")
    n = (tuple(x.shape) or (1,))[d]
    restride_check(x, d, idx.size)
    if builtins.bool(namespace(idx).any((idx < -n) | (idx >= n))):
        bad = int(idx[(idx < -n) | (idx >= n)][0])
        raise IndexError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    if isinstance(value, Tensor) and value.ndim:
        raise RuntimeError(
            "index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
            f"{value.ndim} dimension(s)."
        )
    v = value.item() if isinstance(value, (Tensor, np.generic)) else value
    v = _backend.check_scalar(v, x.dtype)  # (a 0-d tensor too: torch fills with its item())
    a = x._data
    xp = namespace(a)
    out = _backend.preserve_copy(xp.reshape(a, tuple(a.shape) or (1,)))  # (torch's clone)
    out[(slice(None),) * d + (idx % n,)] = v
    r = xp.reshape(out, a.shape)
    attrs = {"dim": d, "index": Tensor._from_data(idx % n)}
    if isinstance(value, Tensor):  # the value gets the gradient of the entries it filled
        return _record("index_fill_tensor", "IndexFillBackward1", r, (x, value), attrs)
    return _record("index_fill", "IndexFillBackward0", r, (x,), attrs)


# ============================================================================= masks


def masked_select(x, mask):
    """The entries of x where the (broadcast) mask is True, as a 1-D tensor."""
    if not isinstance(mask, Tensor) or mask.dtype is not _backend.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    a, m = x._data, mask._data
    xp = namespace(a)
    try:
        shape = np.broadcast_shapes(tuple(a.shape), tuple(m.shape))
    except ValueError:
        sx, sm = list(a.shape), list(m.shape)
        d = next(
            i
            for i in range(1, builtins.min(len(sx), len(sm)) + 1)
            if sx[-i] != sm[-i] and 1 not in (sx[-i], sm[-i])
        )
        raise RuntimeError(
            f"The size of tensor a ({sm[-d]}) must match the size of tensor b ({sx[-d]}) at "
            f"non-singleton dimension {builtins.max(len(sx), len(sm)) - d}"
        ) from None
    mb = xp.broadcast_to(m, shape)
    r = xp.broadcast_to(a, shape)[mb]
    return _record(
        "masked_select",
        "MaskedSelectBackward0",
        r,
        (x,),
        {"shape": shape, "mask": Tensor._from_data(mb)},
    )


def masked_select_backward(g, shape, mask):
    """zeros(shape) with g's values at the mask's True entries: the VJP of masked_select."""
    z = _zeros(g._data, tuple(shape))
    z[mask._data] = g._data
    return _record("masked_select_backward", "MaskedScatterBackward0", z, (g,), {"mask": mask})


def nonzero(x, *, as_tuple=False):
    """The indices of the non-zero entries: an (n, ndim) int64 tensor, or one vector per dim."""
    a = x._data
    xp = namespace(a)
    parts = xp.nonzero(xp.reshape(a, (1,)) if a.ndim == 0 else a)
    parts = [xp.astype(p, xp.int64) for p in parts]
    if as_tuple:
        return tuple(Tensor._from_data(p) for p in parts)
    if a.ndim == 0:
        return Tensor._from_data(xp.zeros((parts[0].shape[0], 0), dtype=xp.int64))
    return Tensor._from_data(xp.stack(parts, axis=0).T)  # (torch: a transposed (ndim, n) tensor)


# ============================================================================= wave 2


def take(input, index):
    """input's elements, flattened, at `index` (negative counts from the end): index's shape."""
    if not isinstance(index, Tensor) or index.dtype.name != "int64":
        if not isinstance(index, Tensor):
            raise TypeError(
                f"take(): argument 'index' (position 2) must be Tensor, not {type(index).__name__}"
            )
        raise RuntimeError(f"take(): Expected a long tensor for index, but got {_cname(index)}")
    n = input.numel()
    idx = index._data
    xp = namespace(idx)
    if n == 0 and idx.size:
        raise IndexError("take(): tried to take from an empty tensor")
    bad = (idx < -n) | (idx >= n)
    if builtins.bool(xp.any(bad)):
        raise IndexError(
            f"out of range: tried to access index {int(idx[bad][0])} on a tensor of {n} elements."
        )
    flat = xp.reshape(idx % builtins.max(n, 1), (-1,))
    a = input._data
    r = xp.reshape(xp.take(xp.reshape(a, (-1,)), flat, axis=0), idx.shape)
    attrs = {"shape": tuple(input.shape), "index": Tensor._from_data(flat)}
    return _record("take", "TakeBackward0", r, (input,), attrs)


def _as_array(v, like):
    """A Python number as a 0-d array beside tensor `like`; a tensor's array."""
    if isinstance(v, Tensor):
        return v._data
    return namespace(like._data).asarray(v, device=getattr(like._data, "device", None))


def _searched(seq, values, side, out_int32):
    """The insertion points of `values` into the sorted last dim of `seq`."""
    xp = namespace(seq)
    if seq.ndim > 1 and tuple(seq.shape[:-1]) != tuple(values.shape[:-1]):
        raise RuntimeError(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
            "dimensions of boundaries tensor and input value tensor must match, but we got "
            f"boundaries tensor {list(seq.shape)} and input value tensor {list(values.shape)}"
        )
    if not values.size:  # (torch returns before its kernel: no dtype refused)
        r = xp.zeros(values.shape, dtype=xp.int64, device=values.device)
    elif seq.dtype == values.dtype == xp.bool:  # (the kernel runs in the common dtype)
        raise NotImplementedError("\"searchsorted_out_cpu\" not implemented for 'Bool'")
    elif seq.ndim == 1:
        r = xp.searchsorted(seq, xp.reshape(values, (-1,)), side=side)
        r = xp.reshape(r, values.shape)
    else:
        rows = xp.reshape(seq, (-1, seq.shape[-1]))
        vals = xp.reshape(values, (-1, values.shape[-1]))
        r = xp.stack([xp.searchsorted(rows[i], vals[i], side=side) for i in range(rows.shape[0])])
        r = xp.reshape(r, values.shape)
    return Tensor._from_data(xp.astype(r, xp.int32 if out_int32 else xp.int64))


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None):
    """Where each value of `input` would go in the sorted last dim of `sorted_sequence` to keep
    it sorted: the first such index, or the last with right=True (side="right")."""
    if side is not None and side not in ("left", "right"):
        raise RuntimeError(
            f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}"
        )
    if side == "left" and right:
        raise RuntimeError(
            "torch.searchsorted(): side and right can't be set to opposites, got side of left "
            "while right was True"
        )
    seq = sorted_sequence._data
    if sorter is not None:
        seq = namespace(seq).take_along_axis(seq, sorter._data, axis=-1)
    side = side or ("right" if right else "left")
    if not isinstance(input, Tensor) and seq.ndim != 1:
        raise RuntimeError(
            "torch.searchsorted(): input value can be a scalar only when boundaries tensor "
            f"dimension is 1, but we got boundaries tensor dim({seq.ndim}) and input value's "
            "dim(0) numel(1)"
        )
    return _searched(seq, _as_array(input, sorted_sequence), side, out_int32)


def bucketize(input, boundaries, *, out_int32=False, right=False):
    """The bucket of each value: i with boundaries[i-1] < v <= boundaries[i] (right=False), or
    boundaries[i-1] <= v < boundaries[i] (right=True)."""
    if boundaries.ndim != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.ndim})")
    side = "right" if right else "left"
    return _searched(boundaries._data, _as_array(input, boundaries), side, out_int32)


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    """Whether each element of `elements` is in `test_elements` (either may be a number)."""
    ref = elements if isinstance(elements, Tensor) else test_elements
    for v in (elements, test_elements):
        if isinstance(v, bool) or (isinstance(v, Tensor) and v.dtype is _backend.bool_):
            raise RuntimeError("Unsupported input type encountered for isin(): Bool")
    e, t = _as_array(elements, ref), _as_array(test_elements, ref)
    xp = namespace(e)
    found = xp.any(xp.reshape(e, e.shape + (1,)) == xp.reshape(t, (-1,)), axis=-1)
    return Tensor._from_data(_backend.c_order(~found if invert else found))


def _unique_dim(input, dim, return_inverse, return_counts):
    """torch's unique_dim: the distinct slices along dim, sorted lexicographically (always; a
    slice holding a nan equals no other), with each slice's group and each group's size."""
    a = np.asarray(input._data)
    if a.ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = _dim(dim, a.ndim)
    if a.size == 0 and a.shape[d]:
        raise RuntimeError(
            "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied"
        )
    moved = np.moveaxis(a, d, 0)
    rows = moved.reshape(moved.shape[0], math.prod(moved.shape[1:]))  # (no -1: n may be 0)
    order = np.lexsort(rows.T[::-1]) if rows.shape[1] else np.arange(rows.shape[0])
    srt = rows[order]
    new = np.ones(rows.shape[0], bool)
    new[1:] = (srt[1:] != srt[:-1]).any(1)
    values = np.moveaxis(srt[new].reshape((-1,) + moved.shape[1:]), 0, d)
    attrs = {"name": "unique_dim", "formula": True}  # (torch has no derivative for it)
    xp = namespace(input._data)
    out = [_record("not_implemented", "UniqueDimBackward0", xp.asarray(values), (input,), attrs)]
    if return_inverse:
        inverse = np.empty(rows.shape[0], np.int64)
        inverse[order] = np.cumsum(new) - 1
        out.append(Tensor._from_data(xp.asarray(inverse)))
    if return_counts:
        starts = np.flatnonzero(new)
        out.append(Tensor._from_data(xp.asarray(np.diff(np.append(starts, rows.shape[0])))))
    return out[0] if len(out) == 1 else tuple(out)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct elements, in ascending order; with return_inverse the index of each input
    element among them (input's shape), with return_counts how often each occurs."""
    _bool_flags(
        "_unique2", sorted=sorted, return_inverse=return_inverse, return_counts=return_counts
    )
    if dim is not None:
        return _unique_dim(input, dim, return_inverse, return_counts)
    a = input._data
    xp = namespace(a)
    flat = xp.reshape(a, (-1,))
    s = xp.sort(flat)
    if s.shape[0]:
        keep = xp.concat(
            [xp.ones((1,), dtype=xp.bool, device=getattr(a, "device", None)), s[1:] != s[:-1]]
        )
        values = s[keep]
    else:
        values = s
    out = [_record("unique", "Unique2Backward0", values, (input,))]
    if return_inverse:
        inv = xp.searchsorted(values, flat)
        out.append(Tensor._from_data(xp.reshape(xp.astype(inv, xp.int64), a.shape)))
    if return_counts:
        right = xp.searchsorted(s, values, side="right")
        left = xp.searchsorted(s, values, side="left")
        out.append(Tensor._from_data(xp.astype(right - left, xp.int64)))
    return out[0] if len(out) == 1 else tuple(out)


@silent
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """The p-norm distances between each row of x1 and each row of x2 (batched, broadcast):
    shape (..., P, R)."""
    for i, t in enumerate((x1, x2)):  # (F.cdist's check of its arguments' types)
        if not isinstance(t, Tensor):
            raise TypeError(
                f"cdist(): argument 'x{i + 1}' (position {i + 1}) must be Tensor, not "
                f"{type(t).__name__}"
            )
    for name, t in (("X1", x1), ("X2", x2)):  # torch's order: ranks, columns, dtypes, p
        if t.ndim < 2:
            raise RuntimeError(f"cdist only supports at least 2D tensors, {name} got: {t.ndim}D")
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(
            f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} X2: {x2.shape[-1]}"
        )
    for name, t in (("X1", x1), ("X2", x2)):
        if not t.dtype.is_floating_point:
            raise RuntimeError(
                f"cdist only supports floating-point dtypes, {name} got: {_cname(t)}"
            )
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    if x1.dtype.itemsize == 2:  # (torch's cdist kernel, chosen by x1, has no 16-bit form)
        raise NotImplementedError(f"\"cdist\" not implemented for '{x1.dtype.title}'")
    a, b = x1._data, x2._data
    if a.dtype != b.dtype:
        raise RuntimeError(f"expected scalar type {_cname(x1)} but found {_cname(x2)}")
    xp = namespace(a)
    diff = xp.abs(a[..., :, None, :] - b[..., None, :, :])
    if p == 0:
        r = xp.sum(xp.astype(diff != 0, a.dtype), axis=-1)
    elif p == 1:
        r = xp.sum(diff, axis=-1)
    elif p == 2:
        r = xp.sqrt(xp.sum(diff * diff, axis=-1))
    elif p == float("inf"):
        r = xp.max(diff, axis=-1) if diff.shape[-1] else xp.sum(diff, axis=-1)
    else:
        r = xp.sum(diff**p, axis=-1) ** (1.0 / p)
    mm = compute_mode == "use_mm_for_euclid_dist" or (
        compute_mode == "use_mm_for_euclid_dist_if_necessary"
        and (a.shape[-2] > 25 or b.shape[-2] > 25)
    )
    name = "ViewBackward0" if p == 2 and mm else "CdistBackward0"  # torch's mm path ends in a view
    attrs = {"p": p, "mm": name == "ViewBackward0"}
    return _record("cdist", name, _backend.c_order(r), (x1, x2), attrs)


def _pair_weights(diff, d, p, xp):
    """d dist / d (x_i - x_j) for the p-norm distance d of each pair (0 where d is 0)."""
    safe = xp.where(d != 0, d, 1.0)
    if p == 0:
        return diff * 0.0
    if p == 1:
        return xp.sign(diff)
    if p == 2:
        return xp.where(d != 0, diff / safe, 0.0)
    if p == float("inf"):
        return xp.sign(diff) * (xp.abs(diff) == d)
    return xp.where(d != 0, xp.sign(diff) * xp.abs(diff) ** (p - 1) / safe ** (p - 1), 0.0)


def pdist(input, p=2):
    """The p-norm distance between each pair of rows i < j of a matrix, in row order (the upper
    triangle of cdist(input, input)); PdistBackward0."""
    if input.ndim != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.ndim}D")
    if not input.dtype.is_floating_point:
        raise RuntimeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    a = input._data
    xp = namespace(a)
    i, j = np.triu_indices(input.shape[0], 1)
    diff = xp.abs(a[i] - a[j])
    if p == 0:
        r = xp.sum(xp.astype(diff != 0, a.dtype), axis=-1)
    elif p == float("inf"):
        r = xp.max(diff, axis=-1) if diff.shape[-1] else xp.sum(diff, axis=-1)
    else:
        r = xp.sum(diff**p, axis=-1) ** (1.0 / p)
    return _record("pdist", "PdistBackward0", r, (input,), {"p": p})


def pdist_backward(g, x, dist, p):
    """pdist's VJP as an op (PdistBackwardBackward0, which torch cannot differentiate again)."""
    a = x._data
    xp = namespace(a)
    i, j = np.triu_indices(x.shape[0], 1)
    w = g._data[:, None] * _pair_weights(a[i] - a[j], dist._data[:, None], p, xp)
    out = np.zeros(a.shape, dtype=a.dtype)
    np.add.at(out, i, np.asarray(w))
    np.add.at(out, j, -np.asarray(w))
    name = "PdistBackwardBackward0"
    return _record("pdist_backward", name, xp.asarray(out), (g, x, dist), {"p": p})


# ============================================================================= wave 3: slot writes


def _slot_write(op, name, input, src, at, attrs, diagonal=None):
    """input with src written at input[at], or onto the diagonal (offset, dim1, dim2) given (a
    copy: the *_scatter ops)."""
    a = input._data
    out = _backend.strided_copy(a)  # (torch's clone_preserve_strides)
    view = _diagonal_view(out, *diagonal) if diagonal else out[at]
    if tuple(view.shape) != tuple(src.shape):
        raise RuntimeError(
            "expected src to have a size equal to the slice of self. src size = "
            f"{list(src.shape)}, slice size = {list(view.shape)}"
        )
    if diagonal:
        view[...] = _cast(src._data, input.dtype)
    else:  # (out[at] may be a number: one element of a 1-D input)
        out[at] = _cast(src._data, input.dtype)
    return _record(op, name, out, (input, src), {**attrs, "src_shape": tuple(src.shape)})


def select_scatter(input, src, dim, index):
    """input with src written at position `index` along dim (src: the shape of that slice)."""
    d = _dim(dim, input.ndim)
    n = input.shape[d] if input.ndim else 0
    if input.ndim == 0 or not -n <= index < n:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {list(input.shape)} at "
            f"dimension {d}"
        )
    at = (slice(None),) * d + (index % n,)
    attrs = {"dim": d, "index": index % n}
    return _slot_write("select_scatter", "SelectScatterBackward0", input, src, at, attrs)


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    """input with src written into input[start:end:step] along dim."""
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    d = _dim(dim, input.ndim)
    at = (slice(None),) * d + (slice(start, end, step),)
    return _slot_write("slice_scatter", "SliceScatterBackward0", input, src, at, {"at": at})


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """input with src written onto its diagonal `offset` of the plane (dim1, dim2)."""
    d1, d2 = _dim(dim1, input.ndim), _dim(dim2, input.ndim)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    attrs = {"offset": offset, "dim1": d1, "dim2": d2}
    name = "DiagonalScatterBackward0"
    return _slot_write("diagonal_scatter", name, input, src, None, attrs, (offset, d1, d2))


def _triangle_indices(which, row, col, offset, dtype, device):
    for name, n in (("row", row), ("col", col)):
        if n < 0:
            raise RuntimeError(f"{name} must be non-negative, got{n}")
    dt = _backend.int64 if dtype is None else dtype
    if dt.is_floating_point or dt is _backend.bool_:
        raise NotImplementedError(f"\"{which}_indices\" not implemented for '{dt.title}'")
    fn = np.tril_indices if which == "tril" else np.triu_indices
    r = np.stack(fn(row, offset, col)).astype(_backend.np_dtype(dt))
    out = Tensor._from_data(r.reshape(2, -1))
    return out if device is None else out.to(device)


def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    """The (2, N) coordinates of the lower triangle (diagonal `offset` and below) of a row x col
    matrix, row by row."""
    return _triangle_indices("tril", row, col, offset, dtype, device)


def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    """The (2, N) coordinates of the upper triangle (diagonal `offset` and above), row by row."""
    return _triangle_indices("triu", row, col, offset, dtype, device)


# ============================================================================= wave 3: masks


def _bool_mask(mask, fn):
    if not isinstance(mask, Tensor) or mask.dtype is not _backend.bool_:
        got = mask.dtype.title if isinstance(mask, Tensor) else type(mask).__name__
        raise RuntimeError(f"{fn} only supports boolean masks, but got mask with dtype {got}")


def masked_scatter(input, mask, source):
    """input with the (broadcast) mask's True positions filled, in order, by source's first
    elements."""
    _masked_scatter_checks(input, mask, source)
    a, m = input._data, mask._data
    xp = namespace(a)
    shape = np.broadcast_shapes(tuple(a.shape), tuple(m.shape))
    out = _backend.contiguous_copy(xp.broadcast_to(a, shape))  # (torch's: contiguous)
    mb = xp.broadcast_to(m, shape)
    count = int(xp.sum(xp.astype(mb, xp.int64)))
    if count > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    out[mb] = xp.reshape(source._data, (-1,))[:count]
    attrs = {"mask": Tensor._from_data(mb), "source_shape": tuple(source.shape)}
    return _record("masked_scatter", "MaskedScatterBackward0", out, (input, source), attrs)


def _masked_scatter_checks(input, mask, source):
    _bool_mask(mask, "masked_scatter_")
    if source.dtype is not input.dtype:
        raise RuntimeError(
            "masked_scatter: expected self and source to have same dtypes but got"
            f"{_cname(input)} and {_cname(source)}"
        )


def masked_scatter_(self, mask, source):
    """In-place masked_scatter: the mask is expanded to self's shape (self does not grow)."""
    self._check_inplace((mask, source))  # (torch's autograd checks before the kernel's)
    _masked_scatter_checks(self, mask, source)
    if mask.ndim > self.ndim:  # (torch's C++ expand names the type its own way)
        raise RuntimeError(
            f"expand(CPUBoolType{{{list(mask.shape)}}}, size={list(self.shape)}): the number of "
            f"sizes provided ({self.ndim}) must be greater or equal to the number of dimensions "
            f"in the tensor ({mask.ndim})"
        )
    if tuple(mask.shape) != tuple(self.shape):
        mask = expand(mask, tuple(self.shape))
    return self._inplace(masked_scatter, mask, source)


def _index_tuple(indices):
    """index_put's index tensors as an array index, after torch's type check (long, int, byte
    or bool)."""
    out = []
    for t in indices:
        if t.dtype.is_floating_point:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        byte = t.dtype is _backend.uint8  # (a byte tensor is a mask too, as torch's)
        xp = namespace(t._data)
        out.append(xp.astype(t._data, xp.bool) if byte else t._data)
    return tuple(out)


def _mask_shapes(input, indices, fill=False):
    """torch's check of each bool (or byte) mask against the dims it covers. With `fill`, its
    canDispatchToMaskedFill: the one mask when the indices are a single mask (index_put_ is then
    masked_fill_ with the value's item), else None, having stopped at the first other index."""
    pos, mask = 0, None
    for t in indices:
        if t.dtype not in (_backend.bool_, _backend.uint8):
            if fill:
                return None
            pos += 1
            continue
        if fill and mask is not None:
            return None
        mask = t
        for j, n in enumerate(t.shape):
            if pos + j >= input.ndim:  # (torch reads self.size() there)
                raise IndexError(
                    f"Dimension out of range (expected to be in range of [{-input.ndim}, "
                    f"{input.ndim - 1}], but got {pos + j})"
                )
            if n != input.shape[pos + j]:
                raise IndexError(
                    f"The shape of the mask {list(t.shape)} at index {j} does not match the shape "
                    f"of the indexed tensor {list(input.shape)} at index {pos + j}"
                )
        pos += t.ndim
    return mask


def index_put(input, indices, values, accumulate=False):
    """input with values written (or, with accumulate, added) at input[indices] (a tuple of
    index tensors, as ``input[indices] = values``), with torch's checks in its order: a single
    mask and one value are a masked fill (any dtype); else the indices, an empty dim indexed,
    the value's shape, its dtype, then the bounds."""
    for i, t in enumerate(indices):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}"
            )
    if len(indices) > input.ndim:
        raise IndexError(
            f"too many indices for tensor of dimension {input.ndim} (got {len(indices)})"
        )
    a = input._data
    xp = namespace(a)
    fill = not accumulate and values.numel() == 1 and _mask_shapes(input, indices, fill=True)
    at = _index_tuple(indices)
    if fill is not None and fill is not False:
        if fill.dtype is not _backend.bool_:
            raise RuntimeError(
                "masked_fill_ only supports boolean masks, but got mask with dtype unsigned char"
            )
        values_data = _cast(xp.reshape(values._data, ()), input.dtype)
    else:
        _mask_shapes(input, indices)
        values_data = values._data
    probe, indexed, taken, pos = [], [], [], 0  # (the shape written, bounds aside: torch
    for i in at:  # checks them in its kernel, last)
        if i.dtype.kind == "b":  # a mask: the dims it covers, its True count taken
            indexed += a.shape[pos : pos + i.ndim]
            probe.append(i)
            taken.append((int(xp.count_nonzero(i)),))
            pos += i.ndim
            continue
        if pos >= a.ndim:  # (after a mask of several dims)
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{-a.ndim}, {a.ndim - 1}], "
                f"but got {pos})"
            )
        n = a.shape[pos]
        indexed.append(n)
        probe.append(np.clip(i, -n, n - 1) if n else i)
        taken.append(i.shape)
        pos += 1
    try:
        slot = tuple(a[tuple(probe)].shape)
    except IndexError as e:
        raise _index_error(e, tuple(a.shape), at) from None
    if 0 in indexed and 0 not in np.broadcast_shapes(*taken):
        raise IndexError("index is out of bounds for dimension with size 0")
    try:
        v = xp.broadcast_to(values_data, slot)
    except ValueError:
        raise RuntimeError(
            f"shape mismatch: value tensor of shape {list(values.shape)} cannot be broadcast to "
            f"indexing result of shape {list(slot)}"
        ) from None
    if v.dtype != a.dtype:
        raise RuntimeError(
            "Index put requires the source and destination dtypes match, got "
            f"{input.dtype.title} for the destination and {values.dtype.title} for the source."
        )
    out = _backend.preserve_copy(a)  # (torch's clone: an expanded input's copy is contiguous)
    try:
        if accumulate and v.size:
            _backend.index_add(xp, out, at, v)
        elif v.size:
            out[at] = v
    except IndexError as e:
        raise _index_error(e, tuple(a.shape), at) from None
    attrs = {"indices": tuple(indices), "accumulate": accumulate}
    return _record("index_put", "IndexPutBackward0", out, (input, values), attrs)


def put(input, index, source, accumulate=False):
    """input, flattened, with source written (or added) at `index` (negative from the end)."""
    n = input.numel()
    if source.numel() != index.numel():
        raise IndexError(
            "put_(): Expected source and index to have the same number of elements, but got "
            f"source.numel() = {source.numel()}, index.numel() = {index.numel()}"
        )
    if index.dtype.name != "int64":
        raise RuntimeError(f"put_(): Expected a long tensor for index, but got {_cname(index)}")
    if source.dtype is not input.dtype:
        raise RuntimeError(
            f"put_(): self and source expected to have the same dtype, but got self.dtype = "
            f"{input.dtype.title} and source.dtype = {source.dtype.title}"
        )
    if not n and index.numel():
        raise IndexError("put_(): Tried to put elements into an empty tensor")
    idx = namespace(index._data).reshape(index._data, (-1,))
    bad = (idx < -n) | (idx >= n)
    if builtins.bool(namespace(idx).any(bad)):
        raise IndexError(
            f"out of range: tried to access index {int(idx[bad][0])} on a tensor of {n} elements."
        )
    flat = Tensor._from_data(idx % builtins.max(n, 1))
    a = input._data
    xp = namespace(a)
    src = xp.reshape(source._data, (-1,))
    if a.__class__ is np.ndarray and a.ndim > 1:  # (in input's layout, as torch's clone keeps)
        out = _backend.preserve_copy(a)
        at = np.unravel_index(flat._data, a.shape)
        if accumulate:
            np.add.at(out, at, src)
        else:
            out[at] = src
    else:
        out = xp.reshape(xp.asarray(a, copy=True), (-1,))
        if accumulate:
            _backend.index_add(xp, out, (flat._data,), src)
        else:
            out[flat._data] = src
        out = xp.reshape(out, a.shape)
    attrs = {"index": flat, "accumulate": accumulate, "source_shape": tuple(source.shape)}
    return _record("put", "PutBackward0", out, (input, source), attrs)


def take_along_dim(input, indices, dim=None):
    """input's values at `indices` along dim (the two broadcast in the other dims); without dim,
    input flattened at indices flattened."""
    if dim is None:  # (torch's views: a tensor that can't be viewed flat is refused)
        return gather(input.view(-1), 0, indices.view(-1))
    if input.ndim != indices.ndim:
        raise RuntimeError(
            "torch.take_along_dim(): input and indices should have the same number of "
            f"dimensions, but got {input.ndim} dimensions for input, and {indices.ndim} "
            "dimensions for indices"
        )
    if indices.dtype.name != "int64":
        raise RuntimeError(
            f"torch.take_along_dim(): dtype of indices should be Long but got {_cname(indices)}"
        )
    d = _dim(dim, input.ndim)
    d = 0 if d is None else d
    grow = list(input.shape)
    grow[d] = indices.shape[d]
    shape = list(np.broadcast_shapes(tuple(grow), tuple(indices.shape)))
    want_x = shape[:d] + [input.shape[d]] + shape[d + 1 :]
    want_i = shape[:d] + [indices.shape[d]] + shape[d + 1 :]
    x = input if list(input.shape) == want_x else input.expand(tuple(want_x))
    i = indices if list(indices.shape) == want_i else indices.expand(tuple(want_i))
    return gather(x, d, i)


def unravel_index(indices, shape):
    """The coordinates in `shape` of each flat index (one tensor per dim; indices wrap modulo the
    number of elements, as torch's division does)."""
    if not isinstance(indices, Tensor):
        indices = Tensor._from_data(np.asarray(indices, dtype=np.int64))
    if indices.dtype.is_floating_point or indices.dtype is _backend.bool_:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if builtins.any(n < 0 for n in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {shape}")
    idx = np.asarray(indices._data).astype(np.int64) % builtins.max(int(np.prod(shape)), 1)
    out = []
    for n in reversed(shape):
        out.append(idx % n if n else idx * 0)
        idx = idx // n if n else idx
    xp = namespace(indices._data)
    return tuple(Tensor._from_data(xp.asarray(c)) for c in reversed(out))


def argwhere(input):
    """The indices of input's non-zero elements, one row each (nonzero)."""
    return nonzero(input)


_WAVE3 = """
    select_scatter slice_scatter diagonal_scatter masked_scatter index_put put take_along_dim
    argwhere
"""
_WAVE3_FUNCTIONS = "unravel_index pdist"
_WAVE3 += " scatter_reduce index_reduce"
FUNCTIONS = f"""
    gather scatter scatter_add index_select index_fill masked_select nonzero take searchsorted
    bucketize isin unique cdist {_WAVE3} tril_indices triu_indices {_WAVE3_FUNCTIONS}
""".split()  # torch.<name>
METHODS = f"""
    gather scatter scatter_add index_select index_fill masked_select nonzero take unique {_WAVE3}
    masked_scatter_
""".split()  # Tensor.<name>
INPLACE = "scatter scatter_add index_fill index_put put scatter_reduce index_reduce".split()


def index_put_(input, indices, values, accumulate=False):
    """torch.index_put_(input, ...): input.index_put_(...)."""
    return input.index_put_(indices, values, accumulate)


FUNCTIONS.append("index_put_")  # Tensor.<name>_
