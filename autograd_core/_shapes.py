"""Shapes and indexing: views (reshape, transpose, permute, expand, x[i]), copies (cat, stack,
clone), the writes of copy_/fill_, and .to().

Each op computes on the arrays, then records its node with `_ops._record` (see _ops).
"""

import builtins
import math
import re
import warnings

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._graph import RULES, node_class
from ._tensor import Tensor
from .grad_mode import _mode, no_grad
from ._operands import _cast, _device_error, _dim, _type_name
from ._messages import shape_error as _shape_error
from ._ops import _ndarray, _record
from ._reductions import sum


# ============================================================================= views


class _View:
    """How a view was made from its base: a chain of ``(method, args)`` steps (Tensor methods)."""

    __slots__ = ("steps", "epoch", "data_epoch", "layout")

    def __init__(self, steps, epoch=0, data_epoch=0, layout=None):
        self.steps = steps
        self.epoch = epoch  # how many in-place view ops (t_, ...) the base had had then
        self.data_epoch = data_epoch  # how many `.data =` the base had had then
        self.layout = layout  # the base's strides, where the steps read its memory (as_strided)

    def current(self, base, view=None):
        """The same view as steps from `base` as it is now: a base changed by in-place view ops
        (``base.t_()``) since is first taken back to the shape the steps start from. Once `.data`
        replaced the base's or the view's values, torch reads the view's own sizes, strides and
        offset from the base's memory (as_strided), whatever that memory is now."""
        undo = base.__dict__.get("_undo")
        if view is not None and view._data.__class__ is np.ndarray:
            if (
                "_data_epoch" in view.__dict__
                or base.__dict__.get("_data_epoch", 0) != self.data_epoch
            ):
                epochs = len(undo or ()), base.__dict__.get("_data_epoch", 0)
                return _View((strided(view._data),), *epochs, _backend.torch_strides(base._data))
        if not undo or len(undo) == self.epoch:
            return self
        back = tuple(step for op in reversed(undo[self.epoch :]) for step in op)
        return _View(back + self.steps, len(undo))

    def then(self, view, index):
        """These steps, then view[index]: one as_strided step of that region's own geometry where
        this view reads its base's memory so (torch's view of a view), if the index is basic."""
        if self.layout is None or not _is_basic(index):
            return _View(self.steps + (("__getitem__", (index,)),), layout=self.layout)
        items = index if isinstance(index, tuple) else (index,)
        region = view._data[items + (Ellipsis,) * (Ellipsis not in items)]  # (an array, if 0-d)
        return _View((strided(region),), self.epoch, self.data_epoch, self.layout)

    def laid_out(self, t):
        """t, shaped like the base, as torch's CopySlices holds the base's gradient: with the base's
        strides (new_empty_strided), which an as_strided step reads in memory order. (A base
        whose memory has gaps or overlaps is left as it is.)"""
        dims = [d for d in range(t.ndim) if t.shape[d] != 1]
        order = sorted(dims, key=lambda d: -self.layout[d]) if self.layout else dims
        if (
            order == dims
            or any(  # (C order, or not a dense permutation of it)
                self.layout[d] != math.prod(t.shape[e] for e in order[k + 1 :])
                for k, d in enumerate(order)
            )
        ):
            return t
        order = [d for d in range(t.ndim) if t.shape[d] == 1] + order
        return t.permute(order).contiguous().permute(sorted(range(t.ndim), key=order.index))

    def apply(self, t):
        """The same view of another tensor shaped like the base (recorded like any op)."""
        for name, args in self.steps:
            t = getattr(t, name)(*args)
        return t

    def shapes(self, base):
        """The shape each step starts from, when replayed on `base`."""
        out = []
        with no_grad():
            t = Tensor._from_data(base._data)
            for name, args in self.steps:
                out.append(tuple(t._data.shape))
                if name == "as_strided":  # (a geometry torch records unchecked: a `.data =`'s)
                    break
                t = getattr(t, name)(*args)
        return tuple(out)


def strided(a):
    """The as_strided step that reads array `a` from its memory: sizes, strides, offset."""
    root = _backend.memory_root(a)
    offset = (a.ctypes.data - root.ctypes.data) // a.itemsize
    return ("as_strided", (a.shape, _backend.torch_strides(a), offset))


def _view(out, base, method, *args, creation=None):
    """Mark `out` as a view of `base` (shares data and version counter) made by
    base.method(*args).

    `creation` is torch's CreationMeta: None (DEFAULT), "multi" (an output of split, chunk,
    unbind), "no_grad" or "inference" (made with grad mode off, in inference mode), "custom" (an
    output of a custom Function). A view that is not DEFAULT may not be
    changed in place under grad mode, nor used after its base changed (`_inplace.rebase_error`);
    a view of such a view inherits its mark, as torch's `propagate_creation_meta`."""
    # A new axis of size 1 (numpy gives it stride 0; base has no such stride) takes torch's
    # stride now, so that a later permute carries torch's stride along (view(dtype) checks it).
    d = out._data
    if d.__class__ is np.ndarray and 0 in d.strides and d.size and 0 not in base._data.strides:
        st = tuple(t * d.itemsize for t in _backend.torch_strides(d))
        st = tuple(t if n == 1 and s == 0 else s for n, s, t in zip(d.shape, d.strides, st))
        if st != d.strides:
            w = d.flags.writeable
            out._data = np.lib.stride_tricks.as_strided(d, d.shape, st, writeable=w)
    out._vc = base._vc
    out._base = base._base if base._base is not None else base
    prev = base._view
    out._view = _View(
        (prev.steps if prev else ()) + ((method, args),),
        prev.epoch if prev else len(base.__dict__.get("_undo", ())),
        out._base.__dict__.get("_data_epoch", 0),
    )
    out._view_vc = base._vc[0]
    if base._inference:  # a view of an inference tensor is one (wherever it is made)
        out._inference = True
    if "_zero" in base.__dict__:  # a view of torch's ZeroTensor is one
        out._zero = True
    if _backend.kind(out._data.dtype) in "fc":  # differentiable dtypes only
        if _mode.inference:
            creation = "inference"
        elif not _mode.grad_enabled:
            creation = "no_grad"
    prev = base.__dict__.get("_creation")
    creation = prev if creation is None or prev == "inference" else creation
    if creation is not None:
        out._creation = creation
    return out


# ============================================================================= shapes


def _shape_arg(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return tuple(int(s) for s in shape)


def _infer_shape(shape, numel):
    shape = list(shape)
    for i, s in enumerate(shape):
        if s < -1:
            raise RuntimeError(f"invalid shape dimension {s} at index {i} of shape {shape}")
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        known = 1
        for s in shape:
            if s != -1:
                known *= s
        if known == 0 and numel == 0:
            raise RuntimeError(
                f"cannot reshape tensor of 0 elements into shape {list(shape)} because the "
                "unspecified dimension size -1 can be any value and is ambiguous"
            )
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // known
    n = 1
    for s in shape:
        n *= s
    if n != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def reshape(x, *shape, _name=None, _view_only=False):
    """The same data with a new shape: a view when the strides allow one (as torch), else a copy
    (`_view_only`: torch's view error). torch names the view ViewBackward0 of contiguous data,
    ReshapeAliasBackward0 of strided data."""
    shape = _infer_shape(_shape_arg(shape), x._data.size)
    r = _backend.reshape_view(x._data, shape)
    if r is None and _view_only:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
        )
    if r is not None:
        name = _name or (
            "ViewBackward0" if _backend.is_contiguous(x._data) else "ReshapeAliasBackward0"
        )
        return _view(_record("view", name, r, (x,), {"shape": x._data.shape}), x, "reshape", shape)
    c = _record("clone", "CloneBackward0", _backend.contiguous_copy(x._data), (x,))
    return _record(
        "view",
        "UnsafeViewBackward0",
        namespace(c._data).reshape(c._data, shape),
        (c,),
        {"shape": c._data.shape},
    )


def view(x, *shape, dtype=None, size=None):
    """A view with a new shape; raises where the strides do not allow one (use reshape)."""
    if dtype is not None or size is not None:  # (x.view() is a 0-d view)
        shape = (dtype if size is None else size,)
    if len(shape) == 1 and not isinstance(shape[0], (int, tuple, list)):
        return _view_as_dtype(x, shape[0])
    return reshape(x, *shape, _name="ViewBackward0", _view_only=True)


def _view_as_dtype(x, dt):
    """x.view(dtype): the same bytes read as another dtype (not a conversion). As in torch, it
    shares data and version counter but is outside the graph (a non-differentiable view)."""
    a, new = x._data, _backend.to_backend_dtype(namespace(x._data), dt)
    old_size, new_size = a.dtype.itemsize, np.dtype(new).itemsize
    if old_size != new_size:  # torch's checks, in its order
        what = f"to view {x.dtype.title} as {dt.title} (different element sizes)"
        if a.ndim == 0:
            raise RuntimeError(f"self.dim() cannot be 0 {what}")
        st, ratio = _backend.torch_strides(a), new_size // old_size
        if ratio and a.shape[-1] % ratio:
            raise RuntimeError(
                f"self.size(-1) must be divisible by {ratio} {what}, but got {a.shape[-1]}"
            )
        if st[-1] != 1:
            raise RuntimeError(f"self.stride(-1) must be 1 {what}, but got {st[-1]}")
        root = _backend.memory_root(a)
        offset = (a.ctypes.data - root.ctypes.data) // old_size
        if ratio and offset % ratio:
            raise RuntimeError(
                f"self.storage_offset() must be divisible by {ratio} {what}, but got {offset}"
            )
        for i in range(a.ndim - 1) if ratio else ():
            if st[i] % ratio:
                raise RuntimeError(
                    f"self.stride({i}) must be divisible by {ratio} {what}, but got {st[i]}"
                )
    try:
        view = a.view(new)
    except ValueError:  # numpy wants the last axis contiguous in its own sense: build the view
        shape = a.shape[:-1] + (a.shape[-1] * old_size // new_size,)
        view = np.lib.stride_tricks.as_strided(
            a[..., :1].view(new), shape, a.strides[:-1] + (new_size,)
        )
    out = Tensor._from_data(view)
    out._vc = x._vc
    return out


def flatten(x, start_dim=0, end_dim=-1):
    """Merge dims start_dim..end_dim into one (x itself when that is a single dim, as torch)."""
    if x.ndim == 0:  # (its dims checked as a 1-D tensor's: 0 or -1)
        for d in (start_dim, end_dim):
            _dim(d, 1)
        return reshape(x, 1)
    s, e = _dim(start_dim, x.ndim), _dim(end_dim, x.ndim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return x
    merged = math.prod(x.shape[s : e + 1])  # (not -1: an empty dim elsewhere leaves it open)
    return reshape(x, *(x.shape[:s] + (merged,) + x.shape[e + 1 :]))


def unflatten(x, dim, sizes):
    """Split dim into `sizes` (always a view: one dim's stride can always be split)."""
    if x.ndim == 0:
        raise RuntimeError(
            f"unflatten got an unexpected error:\nDimension specified as {dim} but tensor has no "
            "dimensions"
        )
    d = _dim(dim, x.ndim)
    sizes = tuple(sizes)
    if sizes.count(-1) > 1:  # (torch's infer_size, first)
        raise RuntimeError("unflatten got an unexpected error:\nonly one dimension can be inferred")
    n = 1
    for s in sizes:
        n *= s
    if (n != x.shape[d]) if -1 not in sizes else (n == 0 or x.shape[d] % -n):
        raise RuntimeError(
            f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of dim {dim} "
            f"({x.shape[d]}) in the input tensor"
        )
    if -1 in sizes:  # (inferred from dim's size alone, as torch's: the rest may be empty)
        sizes = tuple(x.shape[d] // -n if s == -1 else s for s in sizes)
    return view(x, *(x.shape[:d] + sizes + x.shape[d + 1 :]))


def _dim_list(dim, ndim):
    """torch's dims of a dim argument: each in range (a 0-d tensor's as a 1-d's), none twice."""
    dims = [_dim(d, builtins.max(ndim, 1)) for d in ((dim,) if isinstance(dim, int) else dim)]
    for k, d in enumerate(dims):
        if d in dims[:k]:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return dims


def squeeze(x, dim=None):
    dims = range(x.ndim) if dim is None else _dim_list(dim, x.ndim)
    axes = tuple(i for i in dims if i < x.ndim and x.shape[i] == 1)  # (a 0-d x: none)
    shape = tuple(s for i, s in enumerate(x.shape) if i not in axes)
    r = _record(
        "view",
        "SqueezeBackward0"
        if dim is None
        else "SqueezeBackward2"
        if isinstance(dim, (tuple, list))
        else "SqueezeBackward1",
        _squeezed(x._data, axes, shape),
        (x,),
        {"shape": x._data.shape, "unsqueeze_dims": axes},
    )
    return _view(r, x, "squeeze", dim)


def _squeezed(a, axes, shape):
    """a without its size-1 dims `axes`, the others' strides kept (torch's squeeze)."""
    if a.__class__ is not np.ndarray:
        return namespace(a).reshape(a, shape)
    return np.squeeze(a, axis=axes)


def _unsqueezed(a, d, shape):
    """a with a size-1 dim at d whose stride is torch's: size * stride of the dim it precedes
    (1 at the end)."""
    if a.__class__ is not np.ndarray:
        return namespace(a).reshape(a, shape)
    st = a.shape[d] * a.strides[d] if d < a.ndim else a.itemsize
    strides, r = a.strides[:d] + (st,) + a.strides[d:], np.expand_dims(a, d)
    if r.strides == strides:  # (numpy's own choice, for a C-ordered array)
        return r
    return np.lib.stride_tricks.as_strided(a, shape, strides, writeable=a.flags.writeable)


def unsqueeze(x, dim):
    """A size-1 dimension inserted at dim (a view); dim in [-ndim - 1, ndim], as torch."""
    n = x.ndim + 1
    if not -n <= dim < n:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})"
        )
    d = dim % n
    shape = x.shape[:d] + (1,) + x.shape[d:]
    r = _record(
        "view",
        "UnsqueezeBackward0",
        _unsqueezed(x._data, d, shape),
        (x,),
        {"shape": x._data.shape, "squeeze_dim": d},
    )
    return _view(r, x, "unsqueeze", dim)


def transpose(x, dim0, dim1):
    """Swap two dimensions (a view)."""
    d0, d1 = _dim(dim0, x.ndim), _dim(dim1, x.ndim)  # IndexError out of range, as torch
    if x.ndim == 0:
        return _view(
            _record("view", "TransposeBackward0", x._data, (x,), {"shape": ()}),
            x,
            "transpose",
            dim0,
            dim1,
        )
    axes = list(range(x.ndim))
    axes[d0], axes[d1] = axes[d1], axes[d0]
    r = _record(
        "transpose",
        "TransposeBackward0",
        namespace(x._data).permute_dims(x._data, tuple(axes)),
        (x,),
        {"dim0": d0, "dim1": d1},
    )
    return _view(r, x, "transpose", dim0, dim1)


def t(x):
    """Transpose a matrix (0-D and 1-D tensors come back as they are)."""
    if x.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {x.ndim}D")
    r = (
        transpose(x, 0, 1)
        if x.ndim == 2
        else _view(_record("view", "TBackward0", x._data, (x,), {"shape": x.shape}), x, "t")
    )
    if r.grad_fn is not None:  # torch's TBackward0, whose backward is a t() again
        r.grad_fn.__class__ = node_class("TBackward0")
        if x.ndim == 2:
            r.grad_fn._rule = RULES["t"]
    if x.ndim == 2:
        r._view = _View(r._view.steps[:-1] + (("t", ()),), r._view.epoch)
    return r


def permute(x, *dims):
    """Reorder the dimensions (a view)."""
    if not dims:  # t.permute(); t.permute(()) is fine for 0-d
        raise TypeError('permute() missing 1 required positional arguments: "dims"')
    dims = _shape_arg(dims)
    if len(dims) != x.ndim:  # torch checks the count, then each dim's range, then repeats
        raise RuntimeError(
            f"permute(sparse_coo): number of dimensions in the tensor input does not match the "
            f"length of the desired ordering of dimensions i.e. input.dim() = {x.ndim} is not "
            f"equal to len(dims) = {len(dims)}"
        )
    dims = tuple(_dim(d, x.ndim) for d in dims)
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    r = _record(
        "permute",
        "PermuteBackward0",
        namespace(x._data).permute_dims(x._data, dims),
        (x,),
        {"dims": dims},
    )
    return _view(r, x, "permute", dims)  # (one tuple: a 0-d permute replays too)


def mT(x):
    """The last two dims swapped (matrices and batches of matrices)."""
    if x.ndim == 1:  # (0-d: the tensor itself, as torch)
        raise RuntimeError(
            "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
        )
    if x.ndim == 0:
        return x
    return transpose(x, -2, -1)


def T(x):
    """Reverse all dimensions (torch's .T, recorded as a permute); torch warns, once, where x
    is not a matrix."""
    if x.ndim == 0:
        _messages.warn(_messages.T_OF_0D, once=True)
    elif x.ndim != 2:
        _messages.warn(_messages.T_OF_ND, once=True)
    return permute(x, *reversed(range(x.ndim))) if x.ndim else permute(x, ())


def expand(x, *sizes):
    """Broadcast to a larger shape without copying; -1 keeps a size."""
    if not sizes:
        raise TypeError('expand() missing 1 required positional arguments: "size"')
    sizes = _shape_arg(sizes)
    lead = len(sizes) - x.ndim
    if lead < 0:
        legacy = x.dtype not in (_backend.bool_, _backend.bfloat16)  # (no torch.BoolTensor in C++)
        name = _type_name(x) if legacy else f"CPU{x.dtype.title}Type"
        raise RuntimeError(
            f"expand({name}{{{list(x.shape)}}}, size=[{', '.join(map(str, sizes))}]): the "
            f"number of sizes provided ({len(sizes)}) must be greater or equal to the number of "
            f"dimensions in the tensor ({x.ndim})"
        )
    shape = tuple(x.shape[i - lead] if s == -1 and i >= lead else s for i, s in enumerate(sizes))
    if shape == x.shape:
        return _view(_record("expand", "ExpandBackward0", x._data, (x,)), x, "expand", *sizes)
    for i in range(len(sizes) - 1, -1, -1):  # torch's checks, from the last dim
        if i < lead and sizes[i] == -1 and x.ndim:  # (a 0-d tensor reaches torch's numel)
            raise RuntimeError(
                f"The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
                f"dimension {i}"
            )
        if i >= lead and x.shape[i - lead] not in (1, shape[i]):
            raise expand_error(shape, x.shape, sizes)
    if builtins.min(shape) < 0:  # (a size below -1 reaches torch's numel)
        raise RuntimeError("numel: integer multiplication overflow")
    a = x._data
    r = namespace(a).broadcast_to(a, shape)
    if a.__class__ is np.ndarray and 1 in a.shape and r.strides[lead:] != a.strides:
        kept = (0,) * lead + tuple(
            s if n == m else 0 for n, m, s in zip(a.shape, shape[lead:], a.strides)
        )
        r = np.lib.stride_tricks.as_strided(a, shape, kept, writeable=False)  # (torch keeps a
        # size-1 dim's stride where it is not broadcast; numpy's broadcast_to zeroes it)
    return _view(_record("expand", "ExpandBackward0", r, (x,)), x, "expand", *sizes)


def expand_error(target, shape, sizes=None):
    """torch's message when `shape` does not broadcast to `target` (expand, setitem)."""
    lead = len(target) - len(shape)
    d = next(
        (i for i in range(len(target) - 1, lead - 1, -1) if shape[i - lead] not in (1, target[i])),
        len(target) - 1,
    )
    return RuntimeError(
        f"The expanded size of the tensor ({target[d]}) must match the existing size "
        f"({shape[d - lead] if d >= lead else 1}) at non-singleton dimension {d}.  Target sizes: "
        f"{list(sizes if sizes is not None else target)}.  Tensor sizes: {list(shape)}"
    )


def expand_as(x, other):
    return expand(x, tuple(other.shape))


def expandable(shape, to):
    """Whether `shape` broadcasts to `to` (torch's is_expandable_to)."""
    lead = len(to) - len(shape)
    return lead >= 0 and builtins.all(s == 1 or s == to[lead + i] for i, s in enumerate(shape))


def _summed_dims(from_shape, shape):
    """The dims to sum so that an array of `from_shape` comes back to `shape` (broadcasting
    undone)."""
    lead = len(from_shape) - len(shape)
    if not expandable(shape, from_shape):
        raise RuntimeError(
            f"size {{{list(shape)}}} is not expandable to size {{{list(from_shape)}}}."
        )
    return tuple(range(lead)) + tuple(
        lead + i for i, s in enumerate(shape) if s == 1 and from_shape[lead + i] != 1
    )


def sum_to_size(x, *shape):
    """Sum `x` down to `shape` (the reverse of broadcasting): leading dims, then size-1 dims."""
    shape = _shape_arg(shape)
    if shape == ():
        return sum(x)  # torch's sum_to: a sum, even of a 0-d tensor
    if x.shape == shape:
        return x
    dims = _summed_dims(x.shape, shape)
    r = sum(x, dims, keepdim=True) if dims else x
    return reshape(r, *shape) if x.ndim != len(shape) else r


def sum_to_shape_array(a, shape):
    """`sum_to_size` on a raw array (the engine's reduction when nothing is recorded)."""
    dims = _summed_dims(a.shape, shape)
    if not dims:
        return namespace(a).reshape(a, shape)
    a, low = _backend.opmath(a)  # bfloat16, float16: summed in float32, as torch's kernels
    xp = namespace(a)
    return xp.reshape(_backend.round_back(xp.sum(a, axis=dims, keepdims=True), low), shape)


def _to(t, dev, dt, copy=False):
    """t on device `dev` with dtype `dt`: a new node ToCopyBackward0 when anything changes."""
    data = t._data
    out = data
    if dev is not None and _backend.device_of(data) != (
        dev if not isinstance(dev, str) else _backend.device(dev)
    ):
        out = _backend.move(out, dev)
    if dt is not None and _backend.dtype_of(out) is not dt:
        out = _cast(out, dt)  # (torch's casts overflow silently, bfloat16's through int64)
        if out.__class__ is np.ndarray and any(
            s == 0 and n > 1 for s, n in zip(data.strides, data.shape)
        ):
            out = np.ascontiguousarray(out)  # (preserve_format: an expanded x's copy in C order)
    if out is data:
        if not copy:
            return t
        out = _backend.preserve_copy(data)
    return _record("to_copy", "ToCopyBackward0", out, (t,), {"device": t.device, "dtype": t.dtype})


def clone(x):
    """A copy of the data (gradient flows through), laid out as torch's preserve_format."""
    copy = _backend.preserve_copy(x._data)
    return _record("clone", "CloneBackward0", copy, (x,))


def overwrite(x, src):
    """src broadcast to x's shape and dtype: what x.copy_(src) writes (x gets no gradient)."""
    xp = namespace(x._data)
    b = src._data
    if _backend.foreign(b, x._data):
        raise _device_error(x, src)
    try:
        with np.errstate(over="ignore"):  # (see _backend)
            r = xp.broadcast_to(xp.astype(b, x._data.dtype), x._data.shape)
    except ValueError:
        try:  # torch's two messages: src broadcasts with x to another shape, or not at all
            both = np.broadcast_shapes(x._data.shape, b.shape)
        except ValueError:
            raise _shape_error(None, x, src) from None
        raise RuntimeError(
            f"output with shape {list(x.shape)} doesn't match the broadcast shape {list(both)}"
        ) from None
    return _record("overwrite", "CopyBackwards", xp.asarray(r, copy=True), (x, src))


def filled(x, value, name="FillBackward2"):
    """A tensor shaped like x full of `value` (a number, or a 0-d tensor that gets the gradient, as
    torch's FillBackward3): what x.fill_(value) / x.zero_() write."""
    xp = namespace(x._data)
    v = value._data if isinstance(value, Tensor) else value
    v = _backend.check_scalar(v, x.dtype)
    r = (
        xp.full(x._data.shape, v, dtype=x._data.dtype)
        if x._data.__class__ is _ndarray
        else xp.full(x._data.shape, v, dtype=x._data.dtype, device=x._data.device)
    )
    if isinstance(value, Tensor):
        return _record("fill_tensor", "FillBackward3", r, (x, value))
    return _record("filled", name, r, (x,))


def replaced(x, arr, name):
    """`arr` in place of x's values, with a zero gradient for x (uniform_, normal_)."""
    return _record("zero_grad", name, arr, (x,))


def contiguous(x):
    """x itself when C-contiguous, else a C-ordered copy (CloneBackward0)."""
    if _backend.is_contiguous(x._data):
        return x
    return _record("clone", "CloneBackward0", _backend.contiguous_copy(x._data), (x,))


def _common_dtype(tensors):
    """The dtype cat/stack give: every input's dtype promoted (int64 and float32 -> float32)."""
    dt = tensors[0].dtype
    for t in tensors[1:]:
        dt = _backend.promote_types(dt, t.dtype)
    return dt


def cat(tensors, dim=0):
    """Join tensors along an existing dimension."""
    tensors = list(tensors)
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    # torch skips a 1-d empty tensor (the legacy "nothing"), whatever the others' shapes
    legacy = [isinstance(t, Tensor) and t.shape == (0,) for t in tensors]
    if builtins.all(legacy):  # (nothing to join: torch checks no dim)
        r = _cast(tensors[0]._data[:0], _common_dtype(tensors))
        sizes = (None,) * len(tensors)
        return _record("cat", "CatBackward0", r, tuple(tensors), {"dim": 0, "sizes": sizes})
    joined = [t for t, skip in zip(tensors, legacy) if not skip]
    ref = next(t for t in joined if isinstance(t, Tensor))
    if ref.ndim == 0 or builtins.any(t.ndim == 0 for t in tensors):  # (before dim's check)
        i = next(i for i, t in enumerate(tensors) if t.ndim == 0)
        raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    d = _dim(dim, ref.ndim)
    for t in joined:
        if t.ndim != ref.ndim:
            raise RuntimeError(
                f"Tensors must have same number of dimensions: got {ref.ndim} and {t.ndim}"
            )
    dt = _common_dtype(tensors)
    arrays = [_cast(t._data, dt) for t in joined]
    for t in tensors[1:]:
        if _backend.foreign(ref._data, t._data):
            raise _device_error(ref, t)
    try:
        r = _backend.c_order(namespace(arrays[0]).concat(arrays, axis=d))  # (as torch's)
    except ValueError:
        for i, (t, skip) in enumerate(zip(tensors, legacy)):  # (the first mismatch against
            for j, (m, n) in enumerate(zip(ref.shape, t.shape)):  # the first tensor)
                if j != d and m != n and not skip:
                    raise RuntimeError(
                        f"Sizes of tensors must match except in dimension {d}. Expected size {m} "
                        f"but got size {n} for tensor number {i} in the list."
                    ) from None
        raise
    return _record(
        "cat",
        "CatBackward0",
        r,
        tuple(tensors),
        {"dim": d, "sizes": tuple(None if s else t.shape[d] for t, s in zip(tensors, legacy))},
    )


def stack(tensors, dim=0):
    """Join tensors along a new dimension."""
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    d = _dim(dim, tensors[0].ndim + 1)
    shapes = {t.shape for t in tensors}
    if len(shapes) > 1:
        raise RuntimeError(
            f"stack expects each tensor to be equal size, but got {list(tensors[0].shape)} at "
            "entry 0 "
            f"and {list(next(t.shape for t in tensors if t.shape != tensors[0].shape))} at entry "
            f"{next(i for i, t in enumerate(tensors) if t.shape != tensors[0].shape)}"
        )
    dt = _common_dtype(tensors)
    r = namespace(tensors[0]._data).stack([_cast(t._data, dt) for t in tensors], axis=d)
    r = _backend.c_order(r)  # (torch's cat of the unsqueezed tensors: C order)
    return _record("stack", "StackBackward0", r, tuple(tensors), {"dim": d, "count": len(tensors)})


# ============================================================================= indexing


_SEQUENCE_AS_TUPLE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in "
    "pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as "
    "tensor index, x[torch.tensor(seq)], which will result either in an error or a different result"
)

_UINT8 = "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead."


def _index_arg(index):
    """Tensors inside an index become arrays (a 0-d integer tensor an int: torch selects with it),
    lists integer or bool arrays; a list holding a tensor, list, slice, None or ... is a tuple
    (torch's treatSequenceAsTuple). A second ... is dropped (torch's skips no dims)."""
    if isinstance(index, list) and len(index) < 32:
        if builtins.any(
            i is None or i is Ellipsis or isinstance(i, (Tensor, list, tuple, slice)) for i in index
        ):
            warnings.warn(_SEQUENCE_AS_TUPLE, UserWarning, stacklevel=3)
            index = tuple(index)
    if isinstance(index, tuple):
        first = next((k for k, i in enumerate(index) if i is Ellipsis), len(index))
        return tuple(_entry(i) for k, i in enumerate(index) if k <= first or i is not Ellipsis)
    return _entry(index)


def _entry(i):
    if isinstance(i, Tensor):
        a = i._data
        if a.dtype == np.uint8:
            warnings.warn(_UINT8, UserWarning, stacklevel=4)
            return a.astype(bool)
        return _TensorInt(a) if a.ndim == 0 and _backend.kind(a.dtype) in "iu" else a
    if isinstance(i, list):  # torch's indexing_tensor_from_data: a bool list stays bool, any
        a = np.asarray(i)  # other (floats, []) becomes int64
        return a if a.dtype == np.bool_ else a.astype(np.int64)
    return i


class _TensorInt(int):
    """A 0-d integer tensor in an index: selects as an int, but is refused in torch's words for
    an index tensor where an int's would differ (a 0-d tensor has no dim to index)."""


_BASIC = (int, slice, np.integer, type(None), type(Ellipsis))


def _is_basic(index):
    items = index if isinstance(index, tuple) else (index,)
    return builtins.all(isinstance(i, _BASIC) and i.__class__ is not bool for i in items)


def _is_flag(i):
    """A bool or 0-d bool array: torch indexes a new dim of size 1 with [0] (True) or [] (False)."""
    return i.__class__ in (bool, np.bool_) or (getattr(i, "ndim", 1) == 0 and _is_mask(i))


def _is_mask(i):
    return getattr(i, "dtype", None) is not None and _backend.kind(i.dtype) == "b"


def _passes(items, ndim):
    """torch's two passes over an index: `first` applies the ints (select), slices, None
    (unsqueeze) and ..., `second` the arrays to the dims left (numpy's rule places their result
    dims there: together where they are adjacent, else in front); `place`, each int's place in
    the index, is the dim torch's error names."""
    counted = [i for i in items if not (i is None or i is Ellipsis or _is_flag(i))]
    spec = builtins.sum(i.ndim if _is_mask(i) else 1 for i in counted)
    if spec > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    first, second, place = [], [], []
    for k, i in enumerate(items):
        if i is Ellipsis:
            first += [slice(None)] * (ndim - spec)
            second += [slice(None)] * (ndim - spec)
        elif _is_flag(i):
            first.append(None)
            second.append(np.arange(int(builtins.bool(i))))
        elif isinstance(i, (int, np.integer)):
            first.append(i)
            place.append(k)
        elif hasattr(i, "ndim"):
            first += [slice(None)] * (i.ndim if _is_mask(i) else 1)
            second.append(i)
        else:
            first.append(i)
            second.append(slice(None))
    return tuple(first), tuple(second), place


def select_first(x, idx):
    """torch's order for an index (an `_index_arg`) with arrays: ``(x[first], second)``, the view
    of its ints, slices and None, and the arrays to apply to that view; ``(x, idx)`` where that
    view is x itself. numpy instead takes an int beside an array as one more array: its
    ``x[0, :, [1, 2]]`` has shape (2, 3), torch's (3, 2)."""
    if _is_basic(idx):
        return x, idx
    first, second, _ = _passes(idx if isinstance(idx, tuple) else (idx,), x.ndim)
    if builtins.all(_whole_slice(i, n) for i, n in zip(first, x.shape)) and len(first) <= x.ndim:
        return x, idx  # (torch's applySlice returns x itself for slices that cover their dim)
    try:
        return getitem(x, first), second
    except IndexError as e:  # named after the whole index
        raise _bounds_error(x.shape, idx) or e from None


def _whole_slice(i, n):
    return (
        isinstance(i, slice)
        and i.start in (None, 0)
        and i.step in (None, 1)
        and (i.stop is None or i.stop >= n)
    )


def _bounds_error(shape, idx):
    """torch's words for an index out of range: an int's dim is its place in the index, an
    array's its place among the arrays."""
    first, second, place = _passes(idx if isinstance(idx, tuple) else (idx,), len(shape))
    d, ints = 0, iter(place)
    for i in first:
        if isinstance(i, (int, np.integer)):
            k = next(ints)
            if d < len(shape) and not -shape[d] <= i < shape[d]:
                return IndexError(
                    f"index {i} is out of bounds for dimension {k} with size {shape[d]}"
                )
        d += i is not None
    left = np.broadcast_to(np.zeros((), np.int8), shape)[first].shape + (0,) * len(second)
    arrays, d = [], 0  # (size, indices) per dim indexed, a mask's as its nonzero indices
    for i in (_backend.move(i, "cpu") if hasattr(i, "ndim") else i for i in second):
        parts = np.nonzero(i) if _is_mask(i) else (i,) if hasattr(i, "ndim") else ()
        arrays += [(left[d + j], p) for j, p in enumerate(parts)]
        d += i.ndim if _is_mask(i) else 1
    if builtins.any(n == 0 and i.size for n, i in arrays):  # (torch's check before its kernel)
        return IndexError("index is out of bounds for dimension with size 0")
    try:  # torch's kernel names the first element with a bad index
        values = np.broadcast_arrays(*(i for _, i in arrays))
    except ValueError:
        return None
    bad = [(v < -n) | (v >= n) for (n, _), v in zip(arrays, values)]
    hit = np.argwhere(np.stack(bad, -1).reshape(-1, len(bad))) if bad else ()
    if len(hit):
        at, k = hit[0]
        v = values[k].reshape(-1)[at]
        return IndexError(f"index {v} is out of bounds for dimension {k} with size {arrays[k][0]}")
    return None


def _basic_index_name(idx, shape):
    """torch applies basic indexing one dimension at a time; the node is named after the last step.
    In a tuple a slice that covers its dim (``a[:, :2]`` of 2 columns) is skipped
    (AliasBackward0); alone it is a Slice."""
    if isinstance(idx, slice):
        return "SliceBackward0"
    items = idx if isinstance(idx, tuple) else (idx,)
    name, d = "AliasBackward0", 0
    for i in items:
        if i is Ellipsis:
            d = len(shape) - builtins.sum(j is not None and j is not Ellipsis for j in items) + d
            continue
        if isinstance(i, (int, np.integer)):
            name = "SelectBackward0"
        elif isinstance(i, slice) and not _whole_slice(i, shape[d]):
            name = "SliceBackward0"
        elif i is None:
            name = "UnsqueezeBackward0"
        d += i is not None
    return name


def _index_error(e, shape, idx):
    """numpy's IndexError in torch's words."""
    if str(e).startswith("boolean index did not match"):
        return _mask_error(shape, idx) or IndexError(str(e))
    if str(e).startswith("shape mismatch"):
        shapes = ", ".join(f"[{a.rstrip(',')}]" for a in re.findall(r"\(([^)]*)\)", str(e)))
        return IndexError(
            f"shape mismatch: indexing tensors could not be broadcast together with shapes {shapes}"
        )
    if str(e).startswith("arrays used as indices must be"):
        return IndexError("tensors used as indices must be long, int, byte or bool tensors")
    if "out of bounds" in str(e) and _bounds_error(shape, idx):
        return _bounds_error(shape, idx)
    if not str(e).startswith("too many indices"):
        return IndexError(str(e).replace("axis", "dimension"))
    if not shape and isinstance(idx, (int, np.integer)) and idx.__class__ is not _TensorInt:
        if idx:
            return IndexError(f"index {idx} is out of bounds for dimension 0 with size 0")
        return IndexError(_messages.INDEX_0D)
    if not shape and isinstance(idx, slice):
        return IndexError("slice() cannot be applied to a 0-dim tensor.")
    return IndexError(f"too many indices for tensor of dimension {len(shape)}")


def _mask_error(shape, idx):
    """torch's text for a boolean mask whose shape does not match the dims it indexes: the mask's
    shape and the tensor's (after its ints, slices and None), each with its first wrong dim."""
    first, second, _ = _passes(idx if isinstance(idx, tuple) else (idx,), len(shape))
    left = list(np.broadcast_to(np.zeros((), np.int8), shape)[first].shape)
    d = 0
    for i in second:
        for j, n in enumerate(i.shape if _is_mask(i) else ()):
            if d + j >= len(left) or left[d + j] != n:
                return IndexError(
                    f"The shape of the mask {list(i.shape)} at index {j} does not match the shape "
                    f"of the indexed tensor {left} at index {d + j}"
                )
        d += i.ndim if _is_mask(i) else 1
    return None


def _nothing_taken(data, idx):
    """torch checks an index array's bounds for each element it takes: none when the result is
    empty (zeros(2, 0)[tensor([5])]); that empty result, else None."""
    items = idx if isinstance(idx, tuple) else (idx,)
    if builtins.all(not hasattr(i, "ndim") or _is_mask(i) for i in items):
        return None
    try:
        r = data[tuple(i * 0 if hasattr(i, "ndim") and not _is_mask(i) else i for i in items)]
    except IndexError:
        return None
    return r if r.size == 0 else None


def getitem(x, index):
    """x[index]: ints and slices give views (Select/Slice), arrays and masks give copies (Index)."""
    if (
        x._base is not None
        and x._rg
        and _mode.grad_enabled
        and (x.ndim or index.__class__ is not int)
    ):
        x.grad_fn  # noqa: B018  (torch reads x's node first, after its binding's 0-d int check:
        # a stale output of a multi-output view refuses before the index)
    idx = _index_arg(index)
    for i in idx if isinstance(idx, tuple) else (idx,):
        if isinstance(i, slice) and i.step is not None and i.step <= 0:
            raise ValueError("step must be greater than zero")
    x, idx = select_first(x, idx)
    data = x._data
    try:
        r = data[idx]
    except IndexError as e:
        r = _nothing_taken(data, idx)
        if r is None:
            raise _index_error(e, data.shape, idx) from None
    if _is_basic(idx):
        if not hasattr(r, "shape") or r.__class__ is not data.__class__:  # numpy's scalar: a copy
            r = data[(idx if isinstance(idx, tuple) else (idx,)) + (Ellipsis,)]  # a 0-d view
        name = _basic_index_name(idx, data.shape)
        out = _record("index", name, r, (x,), {"shape": data.shape, "index": idx})
        return _view(out, x, "__getitem__", idx)
    if not isinstance(r, type(data)):
        r = namespace(data).asarray(r)
    r = _backend.index_result(r, data, idx)  # (torch's index kernel's layout; numpy's differs)
    return _record("index", "IndexBackward0", r, (x,), {"shape": data.shape, "index": idx})


def _scatter_node(shape, index):
    """The node torch's gradient of x[index] ends in: the backward of the first view its
    indexing applies (select for an int, slice for a slice short of its whole dim, unsqueeze for
    None), index_put's for advanced indices alone; None for a whole-tensor index (g itself).
    As for the forward's node (_basic_index_name), a lone slice is always a slice."""
    if isinstance(index, slice):
        return "SliceBackwardBackward0"
    items = index if isinstance(index, tuple) else (index,)
    taken = builtins.sum(getattr(i, "ndim", 1) if _is_mask(i) else 1 for i in items)
    taken -= builtins.sum(i is None or i is Ellipsis or _is_flag(i) for i in items)
    d, advanced = 0, False
    for i in items:
        if i is Ellipsis:
            d += len(shape) - taken
        elif i is None:
            return "SqueezeBackward1"
        elif _is_flag(i):
            return "IndexPutBackward0"
        elif isinstance(i, slice):
            if not _whole_slice(i, shape[d]):
                return "SliceBackwardBackward0"
            d += 1
        elif isinstance(i, (int, np.integer)):
            return "SelectBackwardBackward0"
        else:
            advanced = True
            d += i.ndim if _is_mask(i) else 1
    return "IndexPutImplBackward0" if advanced else None


def index_scatter(g, shape, index):
    """zeros(shape) with g added at `index` (repeated indices accumulate): the VJP of indexing."""
    name = _scatter_node(shape, index)
    if name is None and g.shape == tuple(shape):
        return g
    xp = namespace(g._data)
    z = (
        xp.zeros(shape, dtype=g._data.dtype, device=getattr(g._data, "device", None))
        if g._data.__class__ is not _ndarray
        else np.zeros(shape, dtype=g._data.dtype)
    )
    if _is_basic(index):
        z[index] = g._data
    elif g._data.size:  # (nothing taken: its index may be out of bounds, as torch lets it be)
        _backend.index_add(xp, z, index, g._data)
    name = name or "IndexPutBackward0"
    return _record("index_scatter", name, z, (g,), {"index": index})
