"""Ops that move or select blocks: split, chunk, unbind, narrow, flip, roll, repeat, tril, triu,
diag, trace, diagonal, movedim, swapaxes; the third wave adds tensor_split and its h/v/d
forms, diag_embed, as_strided. (The matrix products and functions are in _matrices.)

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_layout). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.

split, chunk and unbind return several views of their input made by one node (torch's
SplitBackward0 with ``output_nr`` 0, 1, ...): `_MultiOutput` is that node, whose rule gets the list
of the outputs' gradients (None where an output got none). narrow and diagonal are views too
(`_shapes._view`), so an in-place write into them reaches the base through CopySlices.
"""

import builtins
import warnings

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._amp_policy import float32_precision
from ._graph import Node, SavedTensor, node_class
from ._operands import _cast, _cname, _dim, _no_kernel, result_type
from ._ops import _ndarray, _record
from ._shapes import _shape_arg, _view, cat, contiguous, getitem, permute, reshape, stack
from ._shapes import transpose, unflatten  # noqa: F401  (torch.unflatten: FUNCTIONS)
from ._tensor import Tensor


# ============================================================================= several views


class _MultiOutput(Node):
    """A node with one output per view (split, chunk, unbind): its rule gets every output's
    gradient, None for those that got none."""

    __slots__ = ()

    def apply(self, grad_outputs):
        return self._run_rule(list(grad_outputs), SavedTensor.unpack)


for _name in ("SplitBackward0", "SplitWithSizesBackward0", "UnbindBackward0"):
    node_class(_name, _MultiOutput)


def _views(x, op, name, indices, attrs):
    """The views x[index] for each index, all outputs of one node (output_nr 0, 1, ...)."""
    holder = _record(op, name, x._data, (x,), attrs)
    node = holder._grad_fn
    if node is not None:
        node.num_outputs = len(indices)
    out = []
    for i, idx in enumerate(indices):
        t = Tensor._from_data(x._data[idx])
        if node is not None:
            t._grad_fn, t._output_nr, t._rg = node, i, True
        if holder._fw is not None:  # forward AD: each piece cut from the holder's tangent
            t._fw = (holder._fw[0], holder._fw[1][idx])
        # torch refuses in-place changes of these views under grad mode ("Output 0 of Split is a
        # view and is being modified inplace..."): see _inplace.rebase_error.
        out.append(_view(t, x, "__getitem__", idx, creation="multi"))
    return tuple(out)


def _along(d, sl):
    return (slice(None),) * d + (sl, Ellipsis)  # a full index, as the array API wants


def _not_0d(x, dim, op=None):
    if x.ndim == 0:
        if op is not None:  # (split and chunk have their own words)
            raise RuntimeError(f"{op} expects at least a 1-dimensional tensor")
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")


def _split_sizes(n, size):
    if size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={size}")
    if size == 0:
        if n != 0:
            raise RuntimeError(
                f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}"
            )
        return [0]
    return [builtins.min(size, n - s) for s in range(0, builtins.max(n, 1), size)]


def split(x, split_size_or_sections, dim=0):
    """Split into chunks of `split_size_or_sections` (an int) or of the listed sizes (views)."""
    _not_0d(x, dim, "split")
    d = _dim(dim, x.ndim)
    n = x.shape[d]
    if isinstance(split_size_or_sections, (int, np.integer)):
        sizes, name = _split_sizes(n, int(split_size_or_sections)), "SplitBackward0"
    elif isinstance(split_size_or_sections, (list, tuple)):
        sizes, name = [int(s) for s in split_size_or_sections], "SplitWithSizesBackward0"
        if builtins.sum(sizes) != n or builtins.any(s < 0 for s in sizes):
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size "
                f"at dimension {d}), but got split_sizes={sizes}"
            )
    else:
        raise TypeError(
            "split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not "
            f"{type(split_size_or_sections).__name__}"
        )
    ends = np.cumsum(sizes).tolist()
    indices = [_along(d, slice(e - s, e)) for s, e in zip(sizes, ends)]
    return _views(x, "split", name, indices, {"dim": d, "sizes": tuple(sizes)})


def chunk(x, chunks, dim=0):
    """Split into `chunks` pieces of ceil(size / chunks) (the last smaller; maybe fewer pieces)."""
    _not_0d(x, dim, "chunk")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = _dim(dim, x.ndim)
    n = x.shape[d]
    if n == 0:  # `chunks` empty pieces, as torch
        idx = [_along(d, slice(0, 0))] * chunks
        sizes = {"dim": d, "sizes": (0,) * chunks}  # (torch's split_with_sizes)
        return _views(x, "split", "SplitWithSizesBackward0", idx, sizes)
    return split(x, -(-n // chunks), dim)


def unbind(x, dim=0):
    """The slices along `dim`, each without that dim (views)."""
    if x.ndim == 0:  # torch wraps dim (0 or -1 for a 0-d tensor) before refusing
        _not_0d(x, _dim(dim, 0) or 0)
    d = _dim(dim, x.ndim)
    indices = [(slice(None),) * d + (i, Ellipsis) for i in range(x.shape[d])]
    return _views(x, "unbind", "UnbindBackward0", indices, {"dim": d, "shape": x.shape})


def narrow(x, dim, start, length):
    """x's elements start .. start + length along dim (a view: SliceBackward0)."""
    if x.ndim == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    d = _dim(dim, x.ndim)
    n = x.shape[d]
    if not -n <= start <= n:
        raise IndexError(
            f"start out of range (expected to be in range of [{-n}, {n}], but got {start})"
        )
    start = start % n if start < 0 else start
    if start + length > n:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    r = getitem(x, _along(d, slice(start, start + length)))
    if r._grad_fn is not None:  # (torch's narrow slices even the whole dim)
        r._grad_fn.__class__ = node_class("SliceBackward0")
    return r


def diagonal(x, offset=0, dim1=0, dim2=1):
    """The diagonal `offset` of the dims dim1, dim2, as the last dim (a view)."""
    d1, d2 = _dim(dim1, x.ndim), _dim(dim2, x.ndim)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    r = _diagonal_view(x._data, offset, d1, d2)
    attrs = {"shape": x.shape, "offset": offset, "dim1": d1, "dim2": d2}
    out = _record("diagonal", "DiagonalBackward0", r, (x,), attrs)
    return _view(out, x, "diagonal", offset, d1, d2)


def _diagonal_view(a, offset, d1, d2):
    """a's diagonal as a view, writeable where a is (numpy's is read-only by default)."""
    r = a.diagonal(offset, d1, d2)
    if r.__class__ is _ndarray and a.flags.writeable:
        r.flags.writeable = True
    return r


def diagonal_backward(g, shape, offset, dim1, dim2):
    """zeros(shape) with g on the diagonal: the VJP of diagonal (and of diag of a matrix)."""
    z = _zeros(g._data, shape)
    _diagonal_view(z, offset, dim1, dim2)[...] = g._data
    attrs = {"offset": offset, "dim1": dim1, "dim2": dim2}
    return _record("diagonal_backward", "DiagonalBackwardBackward0", z, (g,), attrs)


def _zeros(a, shape):
    xp = namespace(a)
    if a.__class__ is _ndarray:
        return np.zeros(shape, dtype=a.dtype)
    return xp.zeros(shape, dtype=a.dtype, device=a.device)


def movedim(x, source, destination):
    """Move the dims `source` to the positions `destination` (a permute view)."""
    src = [source] if isinstance(source, (int, np.integer)) else list(source)
    dst = [destination] if isinstance(destination, (int, np.integer)) else list(destination)
    if len(src) != len(dst):
        raise RuntimeError(
            f"movedim: Invalid source or destination dims: source ({src} dims) should contain the "
            f"same number of dims as destination ({dst} dims)"
        )
    n = builtins.max(x.ndim, 1)
    src = [_dim(s, n) for s in src]  # a 0-d tensor's dims as a 1-d's: 0 and -1
    dst = [_dim(s, n) for s in dst]
    for what, dims in (("source", src), ("destination", dst)):
        if len(set(dims)) != len(dims):
            raise RuntimeError(f"movedim: repeated dim in `{what}` ({dims})")
    if x.ndim == 0:  # torch's alias of a 0-d tensor (AliasBackward0)
        return x[...]
    rest = iter(d for d in range(x.ndim) if d not in src)
    where = dict(zip(dst, src))
    return permute(x, *[where[i] if i in where else next(rest) for i in range(x.ndim)])


moveaxis = movedim


def swapaxes(x, axis0, axis1):
    """transpose under numpy's name."""
    return transpose(x, axis0, axis1)


def swapdims(x, dim0, dim1):
    """transpose under another name."""
    return transpose(x, dim0, dim1)


# ============================================================================= copies


def _dim_list(dims, ndim):
    dims = [dims] if isinstance(dims, (int, np.integer)) else list(dims)
    out = [_dim(d, ndim) for d in dims] if ndim else [0 for d in dims if _dim(d, 0) is None]
    if len(set(out)) != len(out):
        raise RuntimeError(f"dim {out[0]} appears multiple times in the list of dims")
    return tuple(out)


def unfold(x, dimension, size, step):
    """Every slice of `size` elements along `dimension`, `step` apart, as a new last dim: a view
    of x (overlapping windows share memory, as torch's)."""
    a = x._data if x.ndim else x._data.reshape(1)
    d = _dim(dimension, a.ndim)
    if size > a.shape[d]:
        raise RuntimeError(
            f"maximum size for tensor at dimension {d} is {a.shape[d]} but size is {size}"
        )
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    along = (slice(None),) * d
    if a.__class__ is _ndarray:  # (writeable as x is: writes go through to x, as torch's)
        w = np.lib.stride_tricks.sliding_window_view(a, size, d, writeable=a.flags.writeable)
        w = w[along + (slice(None, None, step),)]
    else:  # (no strided windows in the array API: a copy)
        last = a.shape[d] - size
        w = namespace(a).stack(
            [a[along + (slice(k, k + last + 1, step),)] for k in range(size)], -1
        )
    w = w if x.ndim else w[0]  # a 0-d tensor's one window
    attrs = {"shape": tuple(x.shape), "d": d, "size": size, "step": step}
    return _view(
        _record("unfold", "UnfoldBackward0", w, (x,), attrs), x, "unfold", dimension, size, step
    )


def flip(x, *dims_args, dims=None):
    """Reverse the order of the elements along `dims` (a copy)."""
    dims = dims_args if dims is None else (dims,)
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = dims[0]
    d = _dim_list(dims, x.ndim)
    a = x._data
    xp = namespace(a)
    r = _backend.preserve_copy(xp.flip(a, axis=d) if d and a.ndim else a)
    return _record("flip", "FlipBackward0", r, (x,), {"dims": d})


def roll(x, shifts, dims=None):
    """Shift the elements along `dims` cyclically (all elements, flattened, when dims is None)."""
    sh = (shifts,) if isinstance(shifts, (int, np.integer)) else tuple(shifts)
    if not sh:
        raise RuntimeError("`shifts` required")
    a = x._data
    xp = namespace(a)
    if x.numel() == 0:  # (torch's roll of an empty tensor copies it, dims unchecked)
        return _record(
            "roll", "RollBackward0", xp.asarray(a, copy=True), (x,), {"shifts": sh, "dims": None}
        )
    if dims is not None and x.ndim == 0:
        _not_0d(x, dims if isinstance(dims, (int, np.integer)) else dims[0])
    if dims is None:
        if len(sh) != 1:
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len(sh)}, dims:0")
        r = xp.reshape(xp.roll(xp.reshape(a, (-1,)), sh[0]), a.shape)
        d = None
    else:
        dims = (dims,) if isinstance(dims, (int, np.integer)) else tuple(dims)
        if len(sh) != len(dims):
            raise RuntimeError(
                f"shifts and dimensions must align. shifts: {len(sh)}, dims:{len(dims)}"
            )
        d = tuple(_dim(v, x.ndim) for v in dims)  # (a dim twice rolls twice: numpy adds them)
        r = xp.roll(a, sh, axis=d) if a.ndim else xp.asarray(a, copy=True)
    return _record("roll", "RollBackward0", _backend.c_order(r), (x,), {"shifts": sh, "dims": d})


def repeat(x, *sizes):
    """Tile x `sizes` times along each dim (new leading dims where sizes has more)."""
    if not sizes:
        raise TypeError('repeat() missing 1 required positional arguments: "repeats"')
    if len(sizes) == 1 and isinstance(sizes[0], (list, tuple)):
        sizes = sizes[0]
    sizes = tuple(int(s) for s in sizes)
    if len(sizes) < x.ndim:
        raise RuntimeError(
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of "
            "tensor"
        )
    shape = (1,) * (len(sizes) - x.ndim) + x.shape
    out = tuple(s * r for s, r in zip(shape, sizes))
    if builtins.any(s < 0 for s in out):
        bad = next(s for s in out if s < 0)
        raise RuntimeError(f"Trying to create tensor with negative dimension {bad}: {list(out)}")
    a = x._data
    xp = namespace(a)
    r = xp.tile(xp.reshape(a, shape), sizes) if sizes else xp.asarray(a, copy=True)
    r = _backend.c_order(r)  # (numpy's tile by ones copies in the input's order)
    attrs = {"sizes": sizes, "in_shape": tuple(x.shape)}
    return _record("repeat", "RepeatBackward0", r, (x,), attrs)


def _triangle(x, diagonal, which):
    if x.ndim < 2:
        raise RuntimeError(f"{which}: input tensor must have at least 2 dimensions")
    a = x._data
    r = _backend.c_order(getattr(namespace(a), which)(a, k=diagonal))  # (torch's: contiguous)
    return _record(which, which.capitalize() + "Backward0", r, (x,), {"diagonal": diagonal})


def tril(x, diagonal=0):
    """The lower triangle (and the diagonals above it up to `diagonal`); zeros elsewhere."""
    return _triangle(x, diagonal, "tril")


def triu(x, diagonal=0):
    """The upper triangle (from `diagonal` up); zeros elsewhere."""
    return _triangle(x, diagonal, "triu")


def diag(x, diagonal=0):
    """A 1-D tensor as the diagonal of a square matrix, or a matrix's diagonal as a 1-D tensor."""
    if x.ndim == 1:
        n = x.shape[0] + builtins.abs(diagonal)
        z = _zeros(x._data, (n, n))
        _diagonal_view(z, diagonal, 0, 1)[...] = x._data
        return _record("diag_embed", "DiagEmbedBackward0", z, (x,), {"offset": diagonal})
    if x.ndim != 2:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {x.ndim}D")
    xp = namespace(x._data)
    r = xp.asarray(x._data.diagonal(diagonal), copy=True)
    attrs = {"shape": x.shape, "offset": diagonal, "dim1": 0, "dim2": 1}
    return _record("diagonal", "DiagonalBackward0_copy", r, (x,), attrs)


@float32_precision
def trace(x):
    """The sum of a matrix's diagonal (integers give int64)."""
    a = x._data
    if _backend.kind(a.dtype) == "b":  # (before the rank: torch's order)
        raise _no_kernel("trace", x)
    if x.ndim != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {x.ndim}")
    xp = namespace(a)
    r = xp.asarray(xp.sum(a.diagonal()))
    if _backend.kind(a.dtype) in "iu":
        r = xp.astype(r, xp.int64)
    return _record("trace", "TraceBackward0", r, (x,), {"shape": x.shape})


# ============================================================================= wave 2


def tile(input, *sizes, dims=None):
    """input repeated `dims` times along each dim (dims padded with leading 1s to input's rank);
    ``t.tile(2, 2)`` and ``t.tile(2)`` as torch's."""
    dims = tuple(_shape_arg(sizes) if dims is None else dims)
    return repeat(input, (1,) * (input.ndim - len(dims)) + dims)


def _rot90_array(xp, a, k, d0, d1):
    """torch's rot90: a flip (a copy), transposed (a view of it) for k 1 and 3."""
    if k == 1:
        return _swap(xp, _backend.preserve_copy(xp.flip(a, axis=d1)), d0, d1)
    if k == 2:
        return _backend.preserve_copy(xp.flip(a, axis=(d0, d1)))
    if k == 3:
        return _swap(xp, _backend.preserve_copy(xp.flip(a, axis=d0)), d0, d1)
    return _backend.contiguous_copy(a)


def _swap(xp, a, d0, d1):
    order = list(range(a.ndim))
    order[d0], order[d1] = d1, d0
    return xp.permute_dims(a, tuple(order))


def rot90(input, k=1, dims=(0, 1)):
    """input rotated by k * 90 degrees in the plane of `dims` (from the first toward the second)."""
    dims = list(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if input.ndim < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {input.ndim}")
    d0, d1 = _dim(dims[0], input.ndim), _dim(dims[1], input.ndim)
    if d0 == d1:  # (in the user's words: the dims as given)
        raise RuntimeError(
            f"expected rotation dims to be different, but got dim0 = {dims[0]} and dim1 = {dims[1]}"
        )
    r = _rot90_array(namespace(input._data), input._data, k % 4, d0, d1)
    return _record("rot90", "Rot90Backward0", r, (input,), {"k": k, "dims": (d0, d1)})


def _tensors(args):
    """The tensors of torch's `*tensors` or one list/tuple argument."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return list(args[0])
    return list(args)


def _at_least(n, args):
    tensors = _tensors(args)
    out = []
    for t in tensors:
        if t.ndim == 0:
            t = reshape(t, (1,) * n)
        elif t.ndim == 1 and n >= 2:
            t = t.unsqueeze(0)
            if n == 3:
                t = t.unsqueeze(-1)
        elif t.ndim == 2 and n == 3:
            t = t.unsqueeze(-1)
        out.append(t)
    if len(args) == 1 and not isinstance(args[0], (list, tuple)):
        return out[0]
    return tuple(out)


def atleast_1d(*tensors):
    """Each tensor with at least 1 dim (a 0-d tensor as shape (1,)); one tensor, or a tuple."""
    return _at_least(1, tensors)


def atleast_2d(*tensors):
    """Each tensor with at least 2 dims (new dims in front); one tensor, or a tuple."""
    return _at_least(2, tensors)


def atleast_3d(*tensors):
    """Each tensor with at least 3 dims (torch's placement: (n,) -> (1, n, 1), (m, n) ->
    (m, n, 1)); one tensor, or a tuple."""
    return _at_least(3, tensors)


def _stack_of(name, tensors, n, dim):
    if not tensors:
        raise RuntimeError(f"{name} expects a non-empty TensorList")
    return cat([_at_least(n, (t,)) for t in tensors], dim)


def vstack(tensors):
    """The tensors (made at least 2-D) joined along dim 0."""
    return _stack_of("vstack", list(tensors), 2, 0)


def hstack(tensors):
    """The tensors (made at least 1-D) joined along dim 1, or dim 0 if they are 1-D."""
    tensors = [_at_least(1, (t,)) for t in tensors]
    if not tensors:
        raise RuntimeError("hstack expects a non-empty TensorList")
    return cat(tensors, 0 if tensors[0].ndim == 1 else 1)


def dstack(tensors):
    """The tensors (made at least 3-D) joined along dim 2."""
    return _stack_of("dstack", list(tensors), 3, 2)


def column_stack(tensors):
    """The tensors side by side as columns: 0-d and 1-D ones as (n, 1), then joined along dim 1."""
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("column_stack expects a non-empty TensorList")
    return cat([reshape(t, (t.numel(), 1)) if t.ndim <= 1 else t for t in tensors], 1)


def block_diag(*tensors):
    """The tensors (0-d as 1x1, 1-D as one row) along the diagonal of a zero matrix."""
    mats = []
    for i, t in enumerate(tensors):
        if t.ndim > 2:
            raise RuntimeError(
                "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input "
                f"{i} has {t.ndim} dimensions"
            )
        mats.append(t._data if t.ndim == 2 else namespace(t._data).reshape(t._data, (1, -1)))
    dt = result_type(*tensors) if tensors else _backend.default_float[0]
    rows = builtins.sum(m.shape[0] for m in mats)
    cols = builtins.sum(m.shape[1] for m in mats)
    if not mats:
        return Tensor._from_data(np.zeros((0, 0), dtype=_backend.np_dtype(dt)))
    out = _zeros(_cast(mats[0], dt), (rows, cols))
    spans, r0, c0 = [], 0, 0
    for m in mats:
        out[r0 : r0 + m.shape[0], c0 : c0 + m.shape[1]] = _cast(m, dt)
        spans.append((r0, c0, m.shape[0], m.shape[1]))
        r0, c0 = r0 + m.shape[0], c0 + m.shape[1]
    shapes = tuple(tuple(t.shape) for t in tensors)
    attrs = {"spans": tuple(spans), "shapes": shapes}
    return _record("block_diag", "BlockDiagBackward0", out, tuple(tensors), attrs)


def _warn_once(message):
    """torch's TORCH_WARN_ONCE: the first time in the process only (on the user's line)."""
    _messages.warn(message, once=True)


_MESHGRID_WARNING = (
    "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument."
)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids: output i holds tensor i's values along dim i (indexing "ij"; "xy"
    swaps the first two dims). Without `indexing`, torch's warning and "ij"."""
    tensors = _tensors(tensors)
    if indexing is None:
        _warn_once(_MESHGRID_WARNING)
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(
            f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}'
        )
    if len({t.dtype for t in tensors}) > 1:
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    for t in tensors:
        if t.ndim > 1:
            raise RuntimeError(
                f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {t.ndim}D"
            )
    axes = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) >= 2:
        axes[0], axes[1] = 1, 0
    shape = [1] * len(tensors)
    for t, ax in zip(tensors, axes):
        shape[ax] = t.numel()
    out = []
    for t, ax in zip(tensors, axes):
        v = reshape(t, tuple(-1 if i == ax else 1 for i in range(len(tensors))))
        out.append(v.expand(tuple(shape)))
    return tuple(out)


def cartesian_prod(*tensors):
    """Every combination of one element of each 1-D tensor, as rows (one tensor: itself)."""
    tensors = _tensors(tensors)
    for t in tensors:
        if t.ndim != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    grids = meshgrid(*tensors, indexing="ij")
    return stack([reshape(g, (-1,)) for g in grids], 1)


def _cross_dim(input, other, dim):
    if input.ndim != other.ndim:
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    if dim is None:
        _warn_once(_CROSS_WARNING)
        shape = np.broadcast_shapes(tuple(input.shape), tuple(other.shape))
        dim = next((i for i, s in enumerate(shape) if s == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    d = _dim(dim, builtins.max(input.ndim, other.ndim))
    n = builtins.max(input.ndim, other.ndim)
    sa = (1,) * (n - input.ndim) + tuple(input.shape)
    sb = (1,) * (n - other.ndim) + tuple(other.shape)
    if sa[d] != 3 or sb[d] != 3:
        raise RuntimeError(
            f"linalg.cross: inputs dimension {dim} must have length 3. Got {sa[d]} and {sb[d]}"
        )
    return d - n


_CROSS_WARNING = (
    "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim "
    "explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree "
    "with that of linalg.cross in a future release."
)


def cross(input, other, dim=None):
    """The cross product of 3-vectors along `dim` (broadcast); without dim, the first dim of
    size 3 (with torch's deprecation warning)."""
    d = _cross_dim(input, other, dim)
    if input.dtype is not other.dtype:
        raise RuntimeError(f"expected scalar type {_cname(input)} but found {_cname(other)}")
    if input.dtype is _backend.bool_:
        raise _no_kernel("cross", input)
    a, b = input._data, other._data
    xp = namespace(a)
    r = _cross_array(xp, *xp.broadcast_arrays(a, b), d)
    return _record("cross", "LinalgCrossBackward0", r, (input, other), {"dim": d})


def _cross_array(xp, a, b, d):
    at = [(Ellipsis, slice(i, i + 1)) + (slice(None),) * (-d - 1) for i in range(3)]
    a0, a1, a2 = (a[i] for i in at)
    b0, b1, b2 = (b[i] for i in at)
    return xp.concat([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=d)


def select(x, dim, index):
    """x[..., index, ...] with index along dim: a view with one dim fewer (SelectBackward0)."""
    if x.ndim == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = _dim(dim, x.ndim)
    n = x.shape[d]
    if not -n <= index < n:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {list(x.shape)} at "
            f"dimension {d}"
        )
    return getitem(x, _along(d, index))


# ============================================================================= wave 3


def ravel(input):
    """input's elements as one dim: a view of input, or of its contiguous copy (torch's
    contiguous().view(-1): ViewBackward0 either way)."""
    return contiguous(input).view(-1)


def split_with_sizes(input, split_sizes, dim=0):
    """split into pieces of the listed sizes (views, one SplitWithSizesBackward0 node)."""
    return split(input, list(split_sizes), dim)


def _pieces(input, d, bounds):
    """input[start:stop] along d for each (start, stop): Python's slicing, one SliceBackward0
    view each (torch's tensor_split narrows piece by piece)."""
    out = tuple(getitem(input, _along(d, slice(a, b)) if d else slice(a, b)) for a, b in bounds)
    for t in out:  # (torch's slice, even of the whole dim: not indexing's alias)
        if t._grad_fn is not None and type(t._grad_fn).__name__ == "AliasBackward0":
            t._grad_fn.__class__ = node_class("SliceBackward0")
    return out


def tensor_split(input, indices_or_sections, dim=0):
    """input cut along dim into `sections` pieces of near-equal size (the first ones one larger),
    or at the listed indices (Python's slicing: a later index before an earlier one is empty)."""
    if input.ndim == 0:
        raise RuntimeError(
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
        )
    arg = indices_or_sections
    if isinstance(arg, Tensor):
        if arg.dtype.name != "int64":
            raise RuntimeError(
                "tensor_split expected tensor_indices_or_sections to have dtype of long, but got "
                f"{_cname(arg)}"
            )
        if arg.ndim > 1:
            raise RuntimeError(
                "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                f"one-dimensional tensor, but got a tensor with {arg.ndim} dims"
            )
        arg = int(arg.item()) if arg.ndim == 0 else [int(v) for v in arg._data.tolist()]
    d = _dim(dim, input.ndim)
    n = input.shape[d]
    if isinstance(arg, (int, np.integer)):
        if arg <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {arg}")
        size, extra = divmod(n, int(arg))
        ends = np.cumsum([size + (i < extra) for i in range(int(arg))]).tolist()
        return _pieces(input, d, [(e - size - (i < extra), e) for i, e in enumerate(ends)])
    idx = [0] + [int(i) for i in arg] + [None]
    return _pieces(input, d, list(zip(idx[:-1], idx[1:])))


def _split_at(name, input, sections, dim, least):
    if input.ndim < least:
        raise RuntimeError(
            f"torch.{name} requires a tensor with at least {least} dimension, but got a tensor "
            f"with {input.ndim} dimensions!"
        )
    if isinstance(sections, (int, np.integer)):
        n = input.shape[dim]
        if sections == 0 or n % sections:
            raise RuntimeError(
                f"torch.{name} attempted to split along dimension {dim}, but the size of the "
                f"dimension {n} is not divisible by the split_size {sections}!"
            )
    return tensor_split(input, sections, dim)


def hsplit(input, indices_or_sections):
    """tensor_split along dim 1 (dim 0 of a 1-D tensor); sections must divide the dim."""
    dim = 1 if input.ndim >= 2 else 0
    return _split_at("hsplit", input, indices_or_sections, dim, 1)


def vsplit(input, indices_or_sections):
    """tensor_split along dim 0 of a tensor of 2 or more dims."""
    return _split_at("vsplit", input, indices_or_sections, 0, 2)


def dsplit(input, indices_or_sections):
    """tensor_split along dim 2 of a tensor of 3 or more dims."""
    return _split_at("dsplit", input, indices_or_sections, 2, 3)


def fliplr(input):
    """input's columns (dim 1) in reverse order."""
    if input.ndim < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, (1,))


def flipud(input):
    """input's rows (dim 0) in reverse order."""
    if input.ndim < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, (0,))


def adjoint(input):
    """The conjugate transpose of the last two dims: their transpose, for real tensors (a view); a
    0-d tensor is itself (torch's deprecated case, with its warning)."""
    if input.ndim == 0:
        warnings.warn(
            "adjoint() is deprecated on 0-D tensors. Consider using x.conj().", UserWarning, 2
        )
        return input
    if input.ndim < 2:
        raise RuntimeError(
            "tensor.adjoint() is only supported on matrices or batches of matrices. Got "
            f"{input.ndim}-D tensor."
        )
    return transpose(input, -2, -1)


row_stack = vstack


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """A tensor whose diagonal `offset` in the plane (dim1, dim2) holds input's last dim, zeros
    elsewhere (one dim more than input)."""
    n = input.ndim + 1
    d1, d2 = _dim(dim1, n), _dim(dim2, n)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    size = (input.shape[-1] if input.ndim else 1) + builtins.abs(offset)
    rest = iter(input.shape[:-1])
    shape = tuple(size if i in (d1, d2) else next(rest) for i in range(n))
    z = _zeros(input._data, shape)
    _diagonal_view(z, offset, d1, d2)[...] = input._data
    attrs = {"offset": offset, "dim1": d1, "dim2": d2}
    return _record("diag_embed_nd", "DiagEmbedBackward0", z, (input,), attrs)


def diagflat(input, offset=0):
    """input's elements, flattened, on the diagonal `offset` of a square matrix."""
    return diag_embed(reshape(input, (-1,)), offset, 0, 1)


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix: column j holds x ** j (increasing) or x ** (N - 1 - j); integer
    and bool x give int64 (torch builds it with cumprod, as here)."""
    if x.ndim != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.shape[0] if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    dt = _backend.promote_types(x.dtype, _backend.int64)
    xp = namespace(x._data)
    ones = xp.ones((x.shape[0], n), dtype=_backend.to_backend_dtype(xp, dt))
    result = Tensor._from_data(ones)
    if n > 0:  # (torch's first column filled in place: its versions, one per write)
        result[:, 0] = 1
    if n > 1:
        result[:, 1:] = x.unsqueeze(1)
        result[:, 1:] = result[:, 1:].cumprod(1)
    return result if increasing else flip(result, (1,))


def combinations(input, r=2, with_replacement=False):
    """Every choice of r elements of a 1-D tensor in order (with repeats if with_replacement), as
    the rows of an (count, r) tensor (r = 0: an empty 1-D tensor)."""
    if input.ndim != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    xp = namespace(input._data)
    if r == 0:
        return Tensor._from_data(xp.empty((0,), dtype=input._data.dtype))
    n = input.shape[0]
    grids = meshgrid(*[input] * r, indexing="ij")
    steps = [np.arange(n).reshape([-1 if i == k else 1 for i in range(r)]) for k in range(r)]
    mask = np.ones((n,) * r, dtype=bool)
    for a, b in zip(steps[:-1], steps[1:]):
        mask &= (a <= b) if with_replacement else (a < b)
    m = Tensor._from_data(xp.asarray(mask))
    return stack([g.masked_select(m) for g in grids], 1)


def _unsafe(x, name, views):
    """The pieces of an unsafe split: the same node (UnsafeSplitBackward0) and memory, but not
    views, so in-place changes of them are not refused (nor seen by x's version)."""
    out = []
    for t in views:
        piece = Tensor._from_data(t._data)
        piece._grad_fn, piece._output_nr, piece._rg = t._grad_fn, t._output_nr, t._rg
        piece._fw = t._fw  # forward AD: the piece's tangent
        if piece._grad_fn is not None:
            piece._grad_fn.__class__ = node_class(name)
        out.append(piece)
    return tuple(out)


for _name in ("UnsafeSplitBackward0", "UnsafeSplitWithSizesBackward0"):
    node_class(_name, _MultiOutput)


def unsafe_split(input, split_size, dim=0):
    """split, whose pieces are not views (UnsafeSplitBackward0)."""
    return _unsafe(input, "UnsafeSplitBackward0", split(input, int(split_size), dim))


def unsafe_chunk(input, chunks, dim=0):
    """chunk, whose pieces are not views (UnsafeSplitBackward0)."""
    return _unsafe(input, "UnsafeSplitBackward0", chunk(input, chunks, dim))


def unsafe_split_with_sizes(input, split_sizes, dim=0):
    """split_with_sizes, whose pieces are not views (UnsafeSplitWithSizesBackward0)."""
    pieces = split(input, list(split_sizes), dim)
    return _unsafe(input, "UnsafeSplitWithSizesBackward0", pieces)


def fill_diagonal_(self, fill_value, wrap=False):
    """Write fill_value onto the main diagonal of self (all dims of one length, or a matrix;
    wrap: a tall matrix's diagonal starts again every ncols + 1 rows, as numpy's)."""
    if self.ndim < 2:
        raise RuntimeError("dimensions must larger than 1")
    n = self.shape[0]
    if self.ndim > 2 and builtins.any(s != n for s in self.shape):
        raise RuntimeError("all dimensions of input must be of equal length")
    rows, cols = self.shape[:2]
    if wrap and self.ndim == 2 and rows > cols + 1 and _backend.is_contiguous(self._data):
        self.view(-1)[:: cols + 1].fill_(fill_value)  # a view: CopySlices, as torch's
        return self
    view = self.diagonal()  # (x[i, i, ..., i]: torch's as_strided view, CopySlices when filled;
    while view.ndim > 1:  # here diagonals of diagonals, the last named as torch's in errors)
        view = view.diagonal(0, 0, -1)
    if view._grad_fn is not None:
        view._grad_fn.__class__ = node_class("AsStridedBackward0")
    view.fill_(fill_value)
    return self


# ============================================================================= wave 3: strides


def _geometry(t):
    """(the flat memory t's values live in (its root's), t's offset and strides in elements there):
    torch's storage, for numpy arrays. A root laid out densely in another order (a transpose's
    result) is its memory in that order; one with gaps or negative strides is taken as a C-order
    copy of its values (so its "storage" is its values in order)."""
    root = t._base if t._base is not None else t
    r = root._data
    if r.__class__ is not _ndarray:
        raise NotImplementedError("as_strided is supported for numpy tensors only by autograd_core")
    dense = (
        r.size
        and min(r.strides, default=0) >= 0
        and (r.size - 1) * r.itemsize == sum((n - 1) * st for n, st in zip(r.shape, r.strides))
    )
    if not r.flags.c_contiguous and dense:  # (no gaps: its memory, in memory order, is a view)
        r = r.ravel(order="K")
    elif not r.flags.c_contiguous:
        if t._base is not None:
            raise NotImplementedError(
                "as_strided of a view of a tensor whose memory is not in C order is not supported "
                "by autograd_core"
            )
        r = np.ascontiguousarray(r)
        return r.reshape(-1), 0, tuple(s // r.itemsize for s in r.strides) if r.ndim else ()
    a = t._data
    item = a.itemsize
    offset = (a.__array_interface__["data"][0] - r.__array_interface__["data"][0]) // item
    return r.reshape(-1), offset, tuple(s // item for s in a.strides)


def storage_offset(input):
    """The position of input's first element in its memory (torch's storage offset)."""
    return _geometry(input)[1]


def check_storage(flat, size, stride, off):
    """torch's setStorage check: sizes and strides from `off` stay inside the memory `flat`."""
    item = flat.itemsize
    need = 0 if 0 in size else off + builtins.sum((n - 1) * st for n, st in zip(size, stride)) + 1
    if need > flat.size:
        raise RuntimeError(
            f"setStorage: sizes {list(size)}, strides {list(stride)}, storage offset {off}, and "
            f"itemsize {item} requiring a storage size of {need * item} are out of bounds for "
            f"storage of size {flat.size * item}"
        )
    return item


def as_strided(input, size, stride, storage_offset=None):
    """The view of input's memory (torch's storage: its root's) with the given sizes and strides
    in elements, from storage_offset (default: input's own offset); AsStridedBackward0."""
    size, stride = tuple(int(n) for n in size), tuple(int(n) for n in stride)
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    flat, own, in_strides = _geometry(input)
    off = own if storage_offset is None else int(storage_offset)
    if off < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {off}")
    item = check_storage(flat, size, stride, off)
    r = np.lib.stride_tricks.as_strided(flat[off:], size, tuple(st * item for st in stride))
    attrs = {"size": size, "stride": stride, "offset": off, "storage": flat.size}
    attrs["input"] = (tuple(input.shape), in_strides, own)
    out = _record("as_strided_view", "AsStridedBackward0", r, (input,), attrs)
    root = input._base if input._base is not None else input
    return _view(out, root, "as_strided", size, stride, off)  # (relative to the root's memory)


_WAVE3 = """
    ravel split_with_sizes tensor_split hsplit vsplit dsplit fliplr flipud adjoint diag_embed
    diagflat
"""
_WAVE3_MORE = "unsafe_split unsafe_chunk unsafe_split_with_sizes"
FUNCTIONS = f"""
    {_WAVE3_MORE} unflatten as_strided
    select split chunk unbind narrow flip roll tril triu diag trace diagonal movedim moveaxis
    swapaxes swapdims tile rot90 vstack hstack dstack column_stack atleast_1d atleast_2d
    atleast_3d block_diag meshgrid cartesian_prod cross
    {_WAVE3} row_stack vander combinations
""".split()  # torch.<name>
METHODS = f"""
    select split chunk unbind narrow flip roll repeat tril triu diag trace diagonal movedim moveaxis
    swapaxes swapdims tile rot90 cross unfold {_WAVE3} {_WAVE3_MORE}
    fill_diagonal_ as_strided storage_offset
""".split()  # Tensor.<name>
INPLACE = "tril triu".split()  # Tensor.<name>_
