"""In-place changes: torch's checks, writing into the data, and what views then need.

An in-place op ``t.op_(...)`` runs the op out of place on a copy of t's old value, writes the result
into t's data and bumps the version counter t shares with its base and views. Then the graph is
mended: a tensor that is its own base takes the op's node; a view's base gets ``CopySlices`` (the
old base outside the view, the new values inside), and the view a node that reads the base
(``AsStridedBackward0``). Other views of the base are remade when next used (`remake_view_node`),
because the shared version counter moved. ``t[index] = value`` is the same with a region.
"""

import itertools
import math
import re

import numpy as np

from . import _backend
from ._api import ops as _ops
from ._backend import namespace
from ._graph import RULES, SavedTensor, node_class
from ._shapes import _View
from ._tensor import Tensor
from ._operands import _as_tensor_like, _cast, _check_broadcast, result_type
from .grad_mode import _mode, enable_grad, no_grad
from . import _messages

_ndarray = np.ndarray


def _check_inplace(self, args=()):
    """torch's refusals for in-place changes under grad mode (`args`: the op's other operands)."""
    creation = self.__dict__.get("_creation")
    if (
        creation is not None
        and _mode.grad_enabled
        and (self.requires_grad or any(isinstance(a, Tensor) and a.requires_grad for a in args))
    ):
        raise RuntimeError(rebase_error(self, indirect=False))
    if self._base is not None and self._vc[0] != self._view_vc and creation is None:
        if self._grad_fn is None and self._base._rg and _mode.grad_enabled:
            # torch's quirk, kept: a view made before its base needed grad, whose grad_fn nobody
            # has asked for since, is checked as a leaf that requires grad (its base first).
            leaf_base = self._base._grad_fn is None
            raise RuntimeError(
                _messages.VIEW_OF_LEAF_IN_PLACE if leaf_base else _messages.LEAF_IN_PLACE
            )
        remake_view_node(self)
    if self._inference and not _mode.inference:
        raise RuntimeError(_messages.INFERENCE_TENSOR_IN_PLACE)
    if "_zero" in self.__dict__:  # torch's ZeroTensor (sgn's gradient)
        raise RuntimeError(_messages.ZERO_IMMUTABLE)
    if not _mode.grad_enabled:
        return
    if self._rg or self._base is not None and self._base._rg:  # (a view made before its base
        if self.grad_fn is None and self._base is None:  # needed grad requires grad through it)
            raise RuntimeError(_messages.LEAF_IN_PLACE)
        if self._base is not None and self._base.grad_fn is None:  # (a leaf base, needing grad
            raise RuntimeError(_messages.VIEW_OF_LEAF_IN_PLACE)  # or not)
    for a in args:  # then torch collects the operands' nodes, before its kernel's checks
        if a.__class__ is Tensor and a._base is not None and a._vc[0] != a._view_vc:
            if a.__dict__.get("_creation") is not None and a.requires_grad:
                raise RuntimeError(rebase_error(a, indirect=True))


def rebase_error(view, indirect):
    """torch's `handle_view_on_rebase` message for a view that is not DEFAULT (see
    `_shapes._view`): changed in place itself, or (`indirect`) used after its base changed."""
    node = view._grad_fn
    what = "its base or another view of its base has been" if indirect else "is being"
    name = None if node is None else re.sub(r"Backward0?", "", type(node).__name__)  # Squeeze1
    creation = view._creation
    if creation in ("no_grad", "inference") or node is None:
        head = (
            "A view was created in"
            if node is None
            else f"Output {view._output_nr} of {name} is a view of a view which was created in"
        )
        msg = (
            f"{head} inference mode and {what} modified inplace in normal mode."
            if creation == "inference"
            else f"{head} no_grad mode and {what} modified inplace with grad mode enabled."
        )
    else:
        msg = f"Output {view._output_nr} of {name} is a view and {what} modified inplace."
    return msg + _messages.VIEW_IN_PLACE_TAIL[creation]


def _layout(a):
    """(first byte, end byte, strides in elements) of an array torch calls non-overlapping and
    dense (its elements fill a block of memory in some order of dims, as after transpose or
    permute); None for an empty or a gapped or self-overlapping (expanded) one."""
    if not a.size:
        return None
    strides = _backend.torch_strides(a)  # (torch compares them all, size-1 dims' too)
    need = 1  # torch's compute_non_overlapping_and_dense: dims sorted by stride, sizes 0/1 last
    for d in sorted((d for d in range(a.ndim) if a.shape[d] > 1), key=strides.__getitem__):
        if strides[d] != need:
            return None
        need *= a.shape[d]
    begin = a.ctypes.data
    return begin, begin + a.size * a.itemsize, strides


def _check_overlap(dst, operands, full=False):
    """torch's refusal of an operand that shares memory with the written-to tensor: part of it
    (`assert_no_partial_overlap`: the same block with the same strides is fine, ``y.add_(y)``),
    or any of it (`full`: `assert_no_overlap`, the index ops). As torch, only dense arrays are
    compared (an expanded or strided operand is "too hard" and let through)."""
    root = out = None
    for t in operands:
        src = t._data if isinstance(t, Tensor) else None
        if src.__class__ is not _ndarray or dst.__class__ is not _ndarray:
            continue
        if root is None:
            root = _backend.memory_root(dst)
        if _backend.memory_root(src) is not root:  # (the common case: memory of its own)
            continue
        if out is None and (out := _layout(dst)) is None:
            return
        if (theirs := _layout(src)) is None:
            continue
        same = out == theirs and not full
        if not same and out[0] < theirs[1] and theirs[0] < out[1]:
            raise RuntimeError(_messages.PARTIAL_OVERLAP)


def _write(self, arr, index=Ellipsis, uniform=False, where=None, fill="masked_fill"):
    """Write arr into self's data (at index). `uniform`: every element gets the same value
    (fill_, zero_), which torch allows into an expanded tensor's overlapping memory too; so does
    a write of one value where the mask `where` is True (masked_fill_)."""
    data = self._data
    if data.__class__ is _ndarray and not data.flags.writeable:  # a view of an expanded tensor
        alias = _writeable_alias(data)
        region = alias[index] if _ops._is_basic(index) else alias
        if index is not Ellipsis and not _ops._is_basic(index) and alias is not data:
            # index_put_ (self[indices] = v): torch warns and writes the values in turn, so the
            # last one written to a shared element stays (numpy's fancy assignment: the same)
            _messages.warn(_messages.PUT_EXPANDED)
            if uniform and _repeats(alias):  # (one mask and a number: then its masked_fill_)
                _messages.warn(_messages.FILL_EXPANDED.format(fill))
            data = alias
        if where is not None and index is Ellipsis:
            _messages.warn(_messages.FILL_EXPANDED.format(fill))
            np.copyto(alias, arr, where=where)  # only the masked elements: one value, any order
            return
        if (
            uniform
            or not region.size
            or not any(st == 0 and n > 1 for n, st in zip(region.shape, region.strides))
        ):  # one value everywhere, or a region without repeated memory (or none)
            data = alias
    if (
        _backend.kind(data.dtype) in "biu"
        and hasattr(arr, "dtype")
        and _backend.kind(arr.dtype) == "f"
    ):
        raise RuntimeError(_cast_error(_backend.dtype_from_array_dtype(arr.dtype), self.dtype))
    try:
        with np.errstate(over="ignore"):  # a write that casts overflows silently, as in torch
            data[index] = arr
    except ValueError as e:
        if "read-only" in str(e):
            raise RuntimeError(_messages.OVERLAP) from None
        raise RuntimeError(str(e)) from None


_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}  # torch's canCast: never to a lower one


_CAST_ERRORS = {  # the ops whose kernels word the refusal their own way
    "mvlgamma": "mvlgamma: result type {} can't be cast to the desired output type Float",
    "ldexp": "ldexp can't be cast to the desired output type {}",
}
_CPP_NAMED = {"clamp", "clamp_min", "clamp_max"}  # (with number bounds: the C++ type's name)


def _cast_error(result, out):
    return f"result type {result.title} can't be cast to the desired output type {out.title}"


def _check_shape(self, r, op=None, args=()):
    """The out-of-place result `r` must fit into self: its shape, and a dtype self can take
    (in torch's words, which two ops word their own way)."""
    if r._data.shape != self._data.shape:
        raise RuntimeError(
            f"output with shape {list(self._data.shape)} doesn't match the broadcast shape "
            f"{list(r._data.shape)}"
        )
    if _CATEGORY[_backend.kind(r._data.dtype)] > _CATEGORY[_backend.kind(self._data.dtype)]:
        own = _CAST_ERRORS.get(op)
        if own:
            raise RuntimeError(own.format(self.dtype.title))
        if op in _CPP_NAMED and not _tensor_arg(args):
            name = _messages.CPP_TYPE.get(self.dtype.name, self.dtype.title)
            raise RuntimeError(f"{_cast_error(r.dtype, self.dtype).rsplit(' ', 1)[0]} {name}")
        raise RuntimeError(_cast_error(r.dtype, self.dtype))


def _store(self, r, fn, args, kwargs, check, itself):
    """The op's result r into self: the index ops' overlap check (after their own), torch's
    shape check, the write (none for a copy_ of itself), the version, the forward tangent."""
    if check == "any":
        _no_internal_overlap(self._data, fn.__name__ == "index_put")
        _check_overlap(self._data, (*args, *kwargs.values()), full=True)
    self._check_shape(r, fn.__name__, args)
    if fn.__name__ == "index_put" and _repeats(self._data):  # (torch warns, writes in turn)
        indices, values, accumulate = (*args, *kwargs.values(), False)[:3]
        at = tuple(t._data for t in indices)
        if accumulate:  # every value added, in turn: np.add.at's unbuffered sum
            _messages.warn(_messages.PUT_EXPANDED)
            np.add.at(_writeable_alias(self._data), at, _cast(values._data, self._data.dtype))
        else:
            self._write(_cast(values._data, self._data.dtype), at)
        itself = True
    if fn.__name__ in ("tril", "triu") and _repeats(self._data):  # (torch's kernel, unchecked,
        # zeroes each position in turn: a slot any of whose aliases falls outside is zeroed)
        np.copyto(_writeable_alias(self._data), r._data, where=r._data == 0)
        itself = True
    if not itself:
        self._write(
            r._data,
            uniform=fn in UNIFORM_FILLS and not _tensor_arg(args),
            where=_mask_of(fn, args, self),
            fill=fn.__name__,
        )
    self._vc[0] += 1
    if r._fw is not None or self._fw is not None:  # forward AD: the tangent follows
        _set_tangent(self, r._fw)


# Ops whose own checks run before TensorIterator's (torch's meta functions: lerp's, sub's bool).
_OWN_CHECKS = {
    "lerp": lambda s, end, *a, **k: isinstance(end, Tensor) and _ops.lerp_meta(s, end, *a, **k),
    "sub": lambda s, other, *a, **k: _ops._no_bool_sub(s, other),
    "heaviside": lambda s, values: (
        isinstance(values, Tensor) and values.dtype is not s.dtype and _ops.heaviside(s, values)
    ),  # (its dtype check first)
    "addcdiv": lambda s, t1, t2, *a, **k: (
        isinstance(t1, Tensor)
        and isinstance(t2, Tensor)
        and not (t1.dtype.is_floating_point or t2.dtype.is_floating_point)
        and _ops.addcdiv(s, t1, t2)
    ),  # (its integer refusal first)
}


def _same_data(a, src):
    """Whether src holds a's very elements (torch's copy_ of it returns at once)."""
    b = getattr(src, "_data", None)
    if a.__class__ is not _ndarray or b.__class__ is not _ndarray or a.dtype != b.dtype:
        return False
    return a.shape == b.shape and a.strides == b.strides and a.ctypes.data == b.ctypes.data


def _kernel(fn, self, src, args, kwargs, check):
    """fn(src, *args): where the kernel has no loop for the dtype self and its operands compute
    in (or divides integers by 0), TensorIterator's refusal to cast that dtype into self comes
    first (lcm_ of a bool tensor and a float one, a bool tensor %= 0), as in torch."""
    try:
        r = fn(src, *args, **kwargs)
        order = _live_reads(self, fn, args, kwargs) if check == "partial" else None
        if order is not None:  # (its shape checked first: nothing is written for a refusal)
            self._check_shape(r, fn.__name__, args)
            r._data = _cast(_loop(self, fn, args, kwargs, order), r.dtype)
        elif (
            fn.__name__ == "index_add"
            and self.dtype.is_floating_point
            and self._data.size <= 4096
            and _shares(self, args)
        ):
            _no_internal_overlap(self._data)
            _check_overlap(self._data, (*args, *kwargs.values()), full=True)
            r._data = _cast(_index_add_loop(self, *args, **kwargs), r.dtype)
        return r
    except (NotImplementedError, RuntimeError, IndexError) as e:  # (no loop, division by 0)
        if check == "any" and " out of " in str(e):  # an index's bounds: the kernel's check,
            _no_internal_overlap(self._data, fn.__name__ == "index_put")  # after the meta's
        if e.__class__ is not NotImplementedError and str(e) != "ZeroDivisionError":
            raise
        head = f"Trying to use forward AD with {fn.__name__} "  # (torch names the in-place op,
        if str(e).startswith(head):  # and words its request shorter)
            msg = str(e).replace(head, head[:-1] + "_ ", 1).split(" or submit a PR")[0]
            raise NotImplementedError(msg + ".") from None
        if check == "partial":
            # (a number is an operand of a division, and no operand of a scan: its dim)
            kinds = (Tensor,) if e.__class__ is NotImplementedError else (Tensor, int, float, bool)
            ops = (a for a in (*args, *kwargs.values()) if type(a) in kinds)
            dt = result_type(self, *ops)
            if _CATEGORY[_backend.kind(dt)] > _CATEGORY[_backend.kind(self._data.dtype)]:
                raise RuntimeError(_cast_error(dt, self.dtype)) from None
        raise


# The pointwise ops: torch's TensorIterator loops over their elements in its order.
_POINTWISE = set(
    """add sub mul div floor_divide remainder fmod pow float_power atan2 hypot copysign addcmul
    addcdiv lerp clamp clamp_min clamp_max maximum minimum fmax fmin logaddexp logaddexp2 xlogy
    heaviside nextafter ldexp bitwise_and bitwise_or bitwise_xor bitwise_left_shift
    bitwise_right_shift logical_and logical_or logical_xor eq ne lt le gt ge gcd lcm overwrite
    divide true_divide multiply subtract greater less greater_equal less_equal not_equal compare
    igamma igammac
    """.split()
)


def _shares(self, args, kwargs=None):
    """The Tensor operands that share memory with self (views of the memory written to)."""
    a = self._data
    ops = [t for t in (*args, *(kwargs or {}).values()) if isinstance(t, Tensor)]
    if a.__class__ is not _ndarray or not a.size:
        return []
    return [t for t in ops if t._data.__class__ is _ndarray and _overlaps(a, t._data)]


def _overlaps(a, b):
    try:  # (exact, within a bounded search; past it, counted as sharing)
        return np.shares_memory(a, b, max_work=10**6)
    except np.exceptions.TooHardError:
        return True


def _live_reads(self, fn, args, kwargs):
    """torch's dims order (innermost first) where its loop of this pointwise in-place op reads
    memory it has already written: an operand shares memory with self (a strided or expanded view
    the overlap check let through), and the loop goes element by element (not torch's
    vectorized one, over a contiguous inner run of 64 bytes or more: two 256-bit vectors, read
    before written). None otherwise: then the result is computed from the values before the op."""
    a = self._data
    if fn.__name__ not in _POINTWISE or not 1 < a.size <= 4096 or not _shares(self, args, kwargs):
        return None
    try:
        arrays = [a] + [
            np.broadcast_to(t._data, a.shape)
            for t in (*args, *kwargs.values())
            if isinstance(t, Tensor) and t._data.__class__ is _ndarray
        ]
    except ValueError:
        return None
    order = [d for d in _backend.iterator_order(a.shape, arrays) if a.shape[d] > 1]
    run, prev = 1, None  # the inner run TensorIterator coalesces, if contiguous for every operand
    for d in order:
        if prev is None and any(x.strides[d] not in (0, x.itemsize) for x in arrays):
            break
        if prev is not None and any(
            x.strides[d] != x.strides[prev] * a.shape[prev] for x in arrays
        ):
            break
        run, prev = run * a.shape[d], d
    return None if run * a.itemsize >= 64 else order


def _loop(self, fn, args, kwargs, order):
    """fn over self element by element in torch's order, each element written before the next is
    read (into self's memory, which the aliasing operands see); the values of the result."""
    a = self._data

    def at(v, idx):  # an operand's element now: one-element tensors (0-d ones stay 0-d, weak)
        if not isinstance(v, Tensor) or v._data.__class__ is not _ndarray:
            return v
        d = v._data
        return Tensor._from_data(np.array(d if not d.ndim else np.broadcast_to(d, a.shape)[idx]
                                          ).reshape((1,) if d.ndim else ()))  # fmt: skip

    dims = order[::-1]
    with no_grad():
        for pos in itertools.product(*(range(a.shape[d]) for d in dims)):
            idx = [0] * a.ndim
            for d, p in zip(dims, pos):
                idx[d] = p
            idx = tuple(idx)
            el = {k: at(v, idx) for k, v in kwargs.items()}
            r = fn(at(self, idx) if a.ndim else self, *(at(v, idx) for v in args), **el)
            a[idx] = r._data.reshape(-1)[0]
    return a.copy()


def _index_add_loop(self, dim, index, source, alpha=1):
    """torch's index_add_ where source views self's memory (a strided view its overlap check
    lets through): index by index, each slice added element by element in TensorIterator's
    order (its add_ loop, a + alpha * b rounded once), each reading what the earlier ones wrote.
    The values of the result."""
    a, s = self._data, source._data
    idx = np.asarray(index._data).reshape(-1)
    if a.ndim <= 1:  # (one loop over the entries)
        flat, sflat = a.reshape(-1), s.reshape(-1)
        for i, j in enumerate(idx):
            flat[j] = float(flat[j]) + float(sflat[i]) * alpha
        return a.copy()
    d = dim % a.ndim
    for i, j in enumerate(idx):
        dst, src = a[(slice(None),) * d + (int(j),)], s[(slice(None),) * d + (i,)]
        order = [k for k in _backend.iterator_order(dst.shape, [dst, src]) if dst.shape[k] > 1]
        for pos in itertools.product(*(range(dst.shape[k]) for k in order[::-1])):
            e = [0] * dst.ndim
            for k, p in zip(order[::-1], pos):
                e[k] = p
            dst[tuple(e)] = float(dst[tuple(e)]) + float(src[tuple(e)]) * alpha
    return a.copy()


def _inplace(self, fn, *args, **kwargs):
    """Run ``fn(self, *args)`` out of place, then write the result into self (torch's in-place)."""
    self._check_inplace(args)
    tracking = _mode.grad_enabled and (
        self._rg
        or any(isinstance(a, Tensor) and a.requires_grad for a in (*args, *kwargs.values()))
    )
    check = _OVERLAP_CHECK.get(fn.__name__, "partial")
    itself = fn is _ops.overwrite and (
        args[0] is self or _same_data(self._data, args[0])
    )  # torch's copy_ of itself: no kernel runs
    if itself:  # (no check, nothing written; the version moves and the copy is recorded)
        check = None
    if check == "partial":  # torch's TensorIterator: before the shapes and dtypes
        if fn.__name__ in _OWN_CHECKS and args:  # (an op's own checks come first)
            _OWN_CHECKS[fn.__name__](self, *args, **kwargs)
        a = self._data
        _no_internal_overlap(a)  # (an expanded tensor's view)
        _check_overlap(a, (*args, *kwargs.values()))
        _check_broadcast(self, (*args, *kwargs.values()))
    if not tracking:
        if fn in _DIRECT and not _shares(self, args) and _direct(self, _DIRECT[fn], args, kwargs):
            return self
        _store(self, _kernel(fn, self, self, args, kwargs, check), fn, args, kwargs, check, itself)
        return self
    if self._base is not None and (  # a `.data =` since the view was made: its node reads the
        "_data_epoch" in self.__dict__  # old geometry; torch's CopySlices reads the view's own
        or self._base.__dict__.get("_data_epoch", 0) != self._view.data_epoch  # (as_strided)
    ):
        remake_view_node(self)
    src = Tensor._from_data(
        namespace(self._data).asarray(self._data, copy=True)
    )  # the value before
    src._grad_fn, src._rg, src._output_nr = self.grad_fn, self._rg, self._output_nr
    src._fw = self._fw
    # torch records on an int or bool self too, except its copy_ (which checks the dtype)
    _ops.ANY_DTYPE[0] = not _differentiable(self) and fn is not _ops.overwrite
    try:
        r = _kernel(fn, self, src, args, kwargs, check)
    finally:
        _ops.ANY_DTYPE[0] = False
    _store(self, r, fn, args, kwargs, check, itself)
    if r._grad_fn is None:  # no derivative (logical_not_, ...): the graph stays as it was
        return self
    for s in r._grad_fn._saved or ():
        if type(s) is SavedTensor and s.is_output:  # the result now lives in self (its memory:
            s.vc, s.version, s.data = self._vc, self._vc[0], self._data  # .data writes reach it)
    node = r._grad_fn
    if node.__class__.__name__ == "NotImplemented" and node._attrs["name"] == fn.__name__:
        node._attrs = {**node._attrs, "name": fn.__name__ + "_"}  # (torch names the in-place op)
    if node.__class__.__name__ in INPLACE_NODE_NAMES:  # torch's node for these in-place ops has
        node.__class__ = node_class(INPLACE_NODE_NAMES[node.__class__.__name__])  # no derivative
        node._rule, node._saved = RULES["not_implemented"], ()
        node._attrs = {"name": fn.__name__, "inplace": True}
    if self._base is not None:
        self._rebase_view(r)
        copy = self._base._grad_fn
        if node.__class__.__name__ == "NotImplemented" and not src._rg and copy is not None:
            copy._next = (copy._next[0], None)  # (torch's CopySlices takes the fallback node's
            # edges but its first, which here, the view needing none, is the other operand's;
            copy._rule = RULES["copy_slices_refused"]  # run, it still calls the node: refused)
            copy._attrs = {**copy._attrs, "name": node._attrs["name"]}
    else:
        _regraph(self, node)
    return self


def _direct(self, ufunc, args, kwargs):
    """add_, sub_, mul_ of a float tensor by a tensor of its own dtype and shape (or a Python
    number), outside autograd, written straight into self's memory as torch's kernel does (an
    optimizer's step: one pass, no copy). False where the general path must decide."""
    a = self._data
    if a.__class__ is not _ndarray or not a.flags.writeable or self._fw is not None:
        return False
    if len(args) != 1 or (kwargs and (ufunc is np.multiply or set(kwargs) != {"alpha"})):
        return False
    alpha, b = kwargs.get("alpha", 1), args[0]
    if b.__class__ is Tensor:
        b = b._data
        if b.__class__ is not _ndarray or b.dtype != a.dtype or b.shape != a.shape or args[0]._fw:
            return False
    elif b.__class__ is not float:
        return False
    if a.dtype.kind != "f" or a.itemsize == 2 or alpha.__class__ not in (int, float):
        return False
    ufunc(a, b if alpha == 1 else b * alpha, out=a)
    self._vc[0] += 1
    return True


def _regraph(t, node):
    """t's value now comes from `node` (an in-place change, a view remade): t's retain_grad moves
    to the new node, as torch moves the hook, so .grad is the gradient of t's current value."""
    old, nr = t._grad_fn, t._output_nr
    t._grad_fn, t._output_nr, t._rg = node, 0, True
    if t._retains and old is not None and old._retain and old is not node:
        old._retain.pop(nr, None)
        t._retains = False
        t.retain_grad()


_DIRECT = {_ops.add: np.add, _ops.sub: np.subtract, _ops.mul: np.multiply}


# torch's memory-overlap check by op (the rest: "partial", TensorIterator's): the index ops refuse
# any shared memory (`assert_no_overlap`); fills of one value and the matrix products check none.
_OVERLAP_CHECK = dict.fromkeys(
    "index_add index_copy index_reduce scatter scatter_add scatter_reduce put index_put".split(),
    "any",
) | dict.fromkeys(
    "filled masked_fill index_fill masked_scatter addmm addmv addr addbmm baddbmm".split()
    + ["tril", "triu"],
    None,
)
INPLACE_NODE_NAMES = {f"{op}Backward0": f"{op}Backward1" for op in ("Asinh", "Acosh", "Atanh")}


def _rebase_view(self, value, index=None):
    """After writing `value` into the view self (or, with an index, into self[index]): the base
    gets CopySlices. The view written to gets a node of the base; self[i] = v writes to a
    temporary view self[i], and self is left to be remade when next used, as in torch."""
    base = self._base
    view = self._view.current(base, self)
    holder = _record_any(  # (an int or bool base too, as torch's)
        "copy_slices",
        "CopySlices",
        base._data,
        (base, value),
        {"view": view.then(self, index) if index is not None else view, "value_dims": _dims(value)},
    )
    _regraph(base, holder._grad_fn)
    if index is None:  # an in-place op's own CopySlices: torch's wraps the op's node, so its
        if holder._grad_fn is not None:  # next_functions are the op's (Node.next_functions)
            holder._grad_fn._wraps = True
        remake_view_node(self)


def __setitem__(self, index, value):
    """self[index] = value: an in-place copy into a region; recorded as CopySlices on the base."""
    idx = _ops._index_arg(index)
    if self.dtype.itemsize > 2 or not self.dtype.is_floating_point:  # torch: float16 1e6 is inf
        value = _backend.check_scalar(value, self.dtype)  # a Python number self's dtype can hold
    elif isinstance(value, complex):  # (its real part taken as a double first)
        value = _backend.check_scalar(value, _backend.float64)
    v = value if isinstance(value, Tensor) else _as_tensor_like(value, self)
    if v.dtype is not self.dtype and v is not value:  # torch makes a number a tensor of self's
        v = v.to(self.dtype)  # dtype (a bool into a float tensor, an int into a bool one)
    if v._base is not None and v._rg and _mode.grad_enabled:  # (torch views the value first: a
        v.grad_fn  # noqa: B018  stale multi-output view refuses before any shape check)
    if _ops._is_basic(idx):  # torch indexes first: a wrong index is refused before any in-place
        idx = _bounds(self, idx)  # check (an index array's bounds: in index_put_'s kernel, below)
    source = _copy_source(self._data[idx].shape, v) if _ops._is_basic(idx) else None
    if _mode.grad_enabled and self._rg and self.grad_fn is None and self._base is None:
        # torch writes a basic index through a view of the leaf, an advanced one into the leaf
        view = _ops._is_basic(idx) and not _whole(idx, self.shape)  # (whole: the leaf itself)
        raise RuntimeError(_messages.VIEW_OF_LEAF_IN_PLACE if view else _messages.LEAF_IN_PLACE)
    if _whole(idx, self.shape):  # a[...] = v, a[:] = v: torch's copy_to: fill_ for a 0-d v, else
        if v.ndim == 0 and self.ndim:  # copy_ of v without its leading 1s, expanded
            return self.fill_(v)
        if v.shape != self.shape:
            if v._data.size == 1 == self._data.size and self.ndim:  # (torch expands it from
                _check_overlap(self._data, (v,))  # 0-d: strides 0, so shared memory is a partial
                # overlap; into a 0-d self it is the same element: allowed)
            v = v.view(v.shape[_lead_ones(v.shape) :]).expand(tuple(self.shape))
        return self.copy_(v)
    if self._base is not None and self._vc[0] != self._view_vc and _ops._is_basic(idx):
        remake_view_node(self)  # torch makes the view self[index] from self's (remade) node
    if self.__dict__.get("_creation") is not None and _ops._is_basic(idx):
        self[idx]._check_inplace((value,))  # torch writes into the view self[index]: its name
    self._check_inplace((value,))
    basic = _ops._is_basic(idx)  # (torch's copy_ into a view records for a float self only,
    tracking = _mode.grad_enabled and (
        self._rg or v.requires_grad and (_differentiable(self) or not basic)
    )  # index_put_ any
    if _backend.foreign(v._data, self._data):
        raise _ops._device_error(self, v)
    masked = not basic and _one_mask(index, v)
    if source is not None:
        _check_overlap(self._data[idx], (source,))
    elif not masked and not basic:
        _check_overlap(self._data, (v,), full=True)  # torch's index_put_
    if not basic and not masked:  # torch's make_info (the masks' shapes), its iterator's
        _index_types(idx)  # value shape, then dtypes; the bounds in its kernel, last
        slot = _indexed_shape(self, idx)
        tail = v.shape[_lead_ones(v.shape) :]
        if len(tail) > len(slot) or any(n not in (1, m) for n, m in zip(tail[::-1], slot[::-1])):
            raise RuntimeError(
                f"shape mismatch: value tensor of shape {list(v.shape)} cannot be broadcast to "
                f"indexing result of shape {list(slot)}"
            )
    if not basic and v.dtype is not self.dtype and not masked:
        raise RuntimeError(
            f"Index put requires the source and destination dtypes match, got {_ops._cname(self)} "
            "for "
            f"the destination and {_ops._cname(v)} for the source."
        )
    if not basic:
        idx = _bounds(self, idx)
        if v.ndim and v.shape[0] == 1:  # torch's index_put_ takes v without its leading 1s,
            v = v.view(v.shape[_lead_ones(v.shape) :])  # a view of it (ViewBackward0)
    data = v._data if source is None else source._data  # (v without its leading 1s)
    data = data.reshape(()) if masked else data  # (masked_fill_'s number)
    try:
        self._write(
            data
            if data.dtype == self._data.dtype
            else namespace(data).astype(data, self._data.dtype),
            idx,
            uniform=masked,  # (torch's setitem fills with a tensor, refused on repeated memory;
            # one mask and one value are masked_fill_ with a number, allowed)
        )
    except RuntimeError as e:
        if "broadcast" not in str(e):
            raise
        slot = tuple(self._data[idx].shape)
        if basic:
            raise _ops.expand_error(slot, tuple(v.shape)) from None
        raise RuntimeError(
            f"shape mismatch: value tensor of shape {list(v.shape)} cannot be broadcast to "
            f"indexing result of shape {list(slot)}"
        ) from None
    self._vc[0] += 1
    if _ops._forward and (self._fw is not None or v._fw is not None):
        _write_tangent(self, idx, v)
    if not tracking:
        return
    if self._base is None:  # self is its own base
        self._base_of_self_view(v, idx)
    else:
        self._rebase_view(v, idx)


def _index_types(idx):  # (torch's refusal of an index tensor not long, int, byte or bool)
    for i in idx if isinstance(idx, tuple) else (idx,):
        if hasattr(i, "dtype") and _backend.kind(i.dtype) not in "biu":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")


def _indexed_shape(self, idx):
    """The shape self[idx] (an advanced index) has, its index arrays' bounds aside (torch checks
    them last): the masks' and the arrays' shapes checked, in torch's words."""
    items = idx if isinstance(idx, tuple) else (idx,)
    arrays = [i for i in items if i is not None and i is not Ellipsis]
    pos, probe = 0, []
    for i in items:
        if i is Ellipsis:  # (the dims the other entries leave)
            pos += self.ndim - sum(a.ndim if _is_mask(a) else 1 for a in arrays)
        elif _is_mask(i):
            pos += i.ndim
        elif i is not None:
            n = self.shape[pos] if pos < self.ndim else 0
            i = np.clip(i, -n, n - 1) if hasattr(i, "dtype") and n else i
            pos += 1
        probe.append(i)
    try:
        return tuple(self._data[tuple(probe)].shape)
    except IndexError as e:
        raise _ops._index_error(e, self._data.shape, idx) from None


def _is_mask(i):
    return getattr(getattr(i, "dtype", None), "kind", None) == "b"


def _bounds(self, idx):
    """torch's refusal of an index out of range, in its words; where nothing is written torch
    checks none: `idx` is returned with its index arrays zeroed then."""
    try:
        self._data[idx]
    except IndexError as e:
        if _ops._nothing_taken(self._data, idx) is None:
            raise _ops._index_error(e, self._data.shape, idx) from None
        items = idx if isinstance(idx, tuple) else (idx,)
        return tuple(i * 0 if getattr(i, "dtype", np.bool_) != np.bool_ else i for i in items)
    return idx


def _lead_ones(shape):
    """How many leading dims of size 1 `shape` has (torch's copy_to drops them)."""
    return next((i for i, n in enumerate(shape) if n != 1), len(shape))


def _copy_source(shape, v):
    """torch's setitem copy (`copy_to`) of v into a region of `shape`: v as it is, a 0-d v as a
    fill (None), else v without its leading 1s, expanded (refused with expand's message, before
    any in-place check). The array the memory-overlap check then compares (None where torch's
    expanded source has stride 0: not compared)."""
    src = v._data
    if src.shape != shape:
        if not src.ndim:
            return None
        src = src[(0,) * _lead_ones(src.shape)]
        if src.shape != shape:
            Tensor._from_data(src).expand(tuple(shape))  # torch's error, if it does not expand
            if math.prod(src.shape) != math.prod(shape):
                return None
            src = src.reshape(shape)  # new dims of size 1 only: a view
    return Tensor._from_data(src)


def _one_mask(index, v):
    """torch's index_put_ with one bool mask (and slices) and a one-element value is
    masked_fill_ with the number: no dtype or overlap check."""
    arrays = [i for i in (index if isinstance(index, tuple) else (index,)) if hasattr(i, "dtype")]
    return (
        len(arrays) == 1 and arrays[0].dtype.kind == "b" and arrays[0].ndim and v.numel() == 1
    ) and v._data.__class__ is _ndarray


def _set_tangent(self, fw):
    """Forward AD: self's new tangent; a view's is written into its base's tangent too (torch's
    tangents of views are views of the base's tangent)."""
    self._fw = fw
    base = self._base
    if base is None or fw is None:
        return
    d = base._data
    bt = (
        base._fw[1].clone()
        if base._fw is not None
        else Tensor._from_data(namespace(d).zeros_like(d))
    )
    self._view.current(base, self).apply(bt).copy_(fw[1])
    base._fw = (fw[0], bt)


def _write_tangent(self, idx, v):
    """Forward AD: self's tangent takes v's (zeros where v has none) in the region written."""
    level = (self._fw or v._fw)[0]
    d = self._data
    new = (
        self._fw[1].clone()
        if self._fw is not None
        else Tensor._from_data(namespace(d).zeros_like(d))
    )
    new[idx] = v._fw[1] if v._fw is not None else 0.0
    _set_tangent(self, (level, new))


def _differentiable(t):  # (torch's isDifferentiableType: float types)
    return _backend.kind(t._data.dtype) == "f"


def _record_any(*args):
    """`_record` of an in-place op's node (CopySlices, a view's remade node) on any dtype: torch's
    in-place ops record one whatever self's dtype (its out-of-place ones never do)."""
    _ops.ANY_DTYPE[0] = True
    try:
        return _ops._record(*args)
    finally:
        _ops.ANY_DTYPE[0] = False


def _dims(value):
    return value.ndim if isinstance(value, Tensor) else 0


def _base_of_self_view(self, value, idx):
    holder = _record_any(
        "copy_slices",
        "CopySlices" if _ops._is_basic(idx) else "IndexPutBackward0",
        self._data,
        (self, value),
        {"view": _View((("__getitem__", (idx,)),)), "value_dims": _dims(value)},
    )
    _regraph(self, holder._grad_fn)


def _whole(index, shape):
    """Whether a basic index selects the whole tensor: ``...`` and slices that cover their dim
    (``:``, ``0:n``, ``0:99``, ``::1``, as torch's applySlice sees it: a start written 0, not -n);
    torch writes through such an index with a copy_ of the tensor."""
    items = index if isinstance(index, tuple) else (index,)
    if not all(i is Ellipsis or isinstance(i, slice) for i in items):
        return False
    k = next((j for j, i in enumerate(items) if i is Ellipsis), None)
    before, after = (items, ()) if k is None else (items[:k], items[k + 1 :])
    if len(before) + len(after) > len(shape):
        return False
    dims = [*range(len(before)), *range(len(shape) - len(after), len(shape))]
    return all(
        s.start in (None, 0) and s.step in (None, 1) and (s.stop is None or s.stop >= shape[d])
        for s, d in zip((*before, *after), dims)
    )


def remake_view_node(view):
    """Give `view` a node that reads its base's current node: AsStridedBackward0, torch's name.

    Called when the shared version counter moved since the view's node was made, that is, after an
    in-place change to the base or to any view of it (torch regenerates a view's grad_fn the same
    way).
    Then the view's gradient goes through whatever the base's node is now (CopySlices,
    MulBackward0...).
    """
    base = view._base
    if not base._rg and view._grad_fn is None:
        return  # the base has no graph: nothing to go through (the view stays stale, as torch's)
    if view.__dict__.get("_creation") is not None:
        raise RuntimeError(rebase_error(view, indirect=True))
    view._view_vc = view._vc[0]
    steps = view._view.current(base, view)
    if not base._rg:  # a view that had a node, of a base that no longer requires grad: torch
        attrs = {"view": steps, "shapes": steps.shapes(base)}  # remakes it, going nowhere
        node = node_class("AsStridedBackward0")(RULES["as_strided"], (None,), (0,), (None,), attrs)
        return _regraph(view, node)
    with enable_grad():
        holder = _record_any(  # (an int or bool view of a base that records, as torch's)
            "as_strided",
            "AsStridedBackward0",
            view._data,
            (base,),
            {"view": steps, "shapes": steps.shapes(base)},
        )
    _regraph(view, holder._grad_fn)


def _writeable_alias(data):
    """A writeable array over the same memory as a broadcast (read-only) numpy view, when the memory
    it views is writeable; else data itself (the write then fails with torch's overlap message)."""
    root = _backend.memory_root(data)
    if root is data or not root.flags.writeable:
        return data
    dense = root.transpose(sorted(range(root.ndim), key=lambda d: -root.strides[d]))
    if not dense.flags.c_contiguous:  # (a root laid out in another order of dims: its memory
        return data  # in that order, one block)
    return _ndarray(
        data.shape,
        data.dtype,
        buffer=dense,
        offset=data.ctypes.data - dense.ctypes.data,
        strides=data.strides,
    )


MASKED_FILLS = set()  # ops that write one value where their first argument (a mask) is True


def _repeats(a):
    """Whether a has elements sharing memory (an expanded tensor's view: a stride 0)."""
    return (
        a.__class__ is _ndarray
        and a.size
        and any(n > 1 and st == 0 for n, st in zip(a.shape, a.strides))
    )


def _no_internal_overlap(a, put=False):
    """torch's `assert_no_internal_overlap` of the written-to tensor (index_put_ only warns, as
    `_write` does: `put`)."""
    if not put and _repeats(a):
        raise RuntimeError(_messages.OVERLAP)


def _tensor_arg(args):
    return any(isinstance(a, Tensor) for a in args)  # torch refuses fill_(tensor) into overlap


def _mask_of(fn, args, self):
    """Where a fill of one value writes (None: everywhere, or not a fill): masked_fill's mask;
    index_fill's indices along its dim, made a mask."""
    if fn in MASKED_FILLS and isinstance(args[0], Tensor):
        return args[0]._data
    if fn is _ops.index_fill:
        return _ops.index_fill(Tensor._from_data(np.zeros(self.shape, bool)), *args[:2], True)._data
    return None


UNIFORM_FILLS = set()  # ops whose result is one value everywhere (fill_, zero_): see Tensor._write


# ----------------------------------------------------------------------------- attached to Tensor
Tensor._check_inplace = _check_inplace
Tensor._write = _write
Tensor._check_shape = _check_shape
Tensor._inplace = _inplace
Tensor._rebase_view = _rebase_view
Tensor.__setitem__ = __setitem__
Tensor._base_of_self_view = _base_of_self_view
Tensor._remake_view_node = remake_view_node
