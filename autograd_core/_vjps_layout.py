"""The VJP table, continued: the rules of the layout and indexing ops (_layout, _indexing), in the
same vocabulary as _vjps (see its header), registered into the same table with `defvjp`.

Every rule here is written with Tensor ops (so second order works) and registered with
``on_arrays=False``: it always gets Tensors. The rules of split, chunk and unbind get the list of
their outputs' gradients (see `_layout._MultiOutput`), None where an output got none.
"""

import numpy as np

from ._api import ops as F
from . import _backend
from ._backend import namespace
from ._ops import _record
from ._tensor import Tensor
from ._vjps import defvjp, zeros_of
from ._vjps_more import _prod_safe_zeros
from ._vjps_shapes import _VIEW_STEP, scaled
from .grad_mode import is_grad_enabled, no_grad


def _const(g, make):
    """A constant made by ``make(xp, dtype, **device)`` in g's namespace, dtype and device."""
    a = g._data
    if a.__class__ is np.ndarray:
        return Tensor._from_data(make(np, a.dtype))
    return Tensor._from_data(make(namespace(a), a.dtype, device=a.device))


def _zeros(g, shape):
    return _const(g, lambda xp, dt, **dev: xp.zeros(shape, dtype=dt, **dev))


def _unfold(g, shape, d, size, step):
    """Every window's gradient added back where it was read (windows may overlap): one
    index_add of the windows laid side by side along d."""
    if not shape:  # a 0-d input's one window
        return g.reshape(())
    d = d % len(shape)
    count = g.shape[d]
    pos = (np.arange(count)[:, None] * step + np.arange(size)[None, :]).reshape(-1)
    windows = g.movedim(-1, d + 1).flatten(d, d + 1)
    return _zeros(g, shape).index_add(d, Tensor._from_data(pos), windows)


def _filled_in(g, shapes):
    """The list of output gradients with zeros where an output got none; None when none got any."""
    ref = next((t for t in g if t is not None), None)
    if ref is None:
        return None
    return [t if t is not None else _zeros(ref, s) for t, s in zip(g, shapes)]


def _split(g, dim, sizes):
    """split/chunk: the pieces' gradients side by side."""
    ref = next((t for t in g if t is not None), None)
    if ref is None:
        return (None,)
    shapes = [ref.shape[:dim] + (s,) + ref.shape[dim + 1 :] for s in sizes]
    return (F.cat(_filled_in(g, shapes), dim),)


def _unbind(g, dim, shape):
    """unbind: the slices' gradients stacked back along dim."""
    parts = _filled_in(g, [shape[:dim] + shape[dim + 1 :]] * shape[dim])
    return (None if parts is None else F.stack(parts, dim),)


def _src_grad(g, dim, index, src_shape, name, gathered=False):
    """scatter's src gets g at the index (shaped like the index; `gathered`: g is that already):
    torch refuses it when src is larger than the index."""
    if tuple(index.shape) != tuple(src_shape):
        raise RuntimeError(
            f"Function {name} returned an invalid gradient at index 1 - got "
            f"{list(index.shape)} but expected shape compatible with {list(src_shape)}"
        )
    return g if gathered else F.gather(g, dim, index)


def _repeat(g, sizes, in_shape):
    """torch's repeat_backward: the leading new dims summed away one by one, then each repeated
    dim split into (repeat, size) and the repeats summed (dims repeated once left alone)."""
    if 0 in sizes:
        return (_zeros(g, in_shape),)
    for _ in range(len(sizes) - len(in_shape)):
        g = g.sum(0)
    grad_size, sum_dims = [], []
    for r, n in zip(sizes[len(sizes) - len(in_shape) :], in_shape):
        if r != 1:
            grad_size.append(r)
            sum_dims.append(len(grad_size) - 1)
        grad_size.append(n)
    g = g if tuple(g.shape) == tuple(grad_size) else g.reshape(grad_size)
    return (g.sum(tuple(sum_dims)) if sum_dims else g,)


def _eye(g, n, m):
    return _const(g, lambda xp, dt, **dev: xp.eye(n, m, dtype=dt, **dev))


RULES = {
    # ---- layout
    "split": _split,
    "unbind": _unbind,
    "diagonal": lambda g, shape, offset, dim1, dim2: (
        F.diagonal_backward(g, shape, offset, dim1, dim2),
    ),
    "diagonal_backward": lambda g, offset, dim1, dim2: (F.diagonal(g, offset, dim1, dim2),),
    "diag_embed": lambda g, offset: (F.diagonal(g, offset, 0, 1),),
    "flip": lambda g, dims: (F.flip(g, dims),),
    "unfold": lambda g, shape, d, size, step: (_unfold(g, shape, d, size, step),),
    "roll": lambda g, shifts, dims: (F.roll(g, tuple(-s for s in shifts), dims),),
    "repeat": _repeat,
    "tril": lambda g, diagonal: (F.tril(g, diagonal),),
    "triu": lambda g, diagonal: (F.triu(g, diagonal),),
    "trace": lambda g, shape: (F.where(_eye(g, shape[0], shape[1]) != 0, g, 0.0),),  # (a nan g:
    # on the diagonal only, as torch's)
    # ---- indexing
    "gather": lambda g, shape, dim, index: (F.scatter_add(_zeros(g, shape), dim, index, g),),
    "scatter": lambda g, need, dim, index, src_shape: (
        F.scatter(g, dim, index, 0.0) if need[0] else None,
        _src_grad(g, dim, index, src_shape, "ScatterBackward0") if need[1] else None,
    ),
    "scatter_value": lambda g, dim, index: (F.scatter(g, dim, index, 0.0),),
    "scatter_add": lambda g, need, dim, index, src_shape: (
        g,
        _src_grad(g, dim, index, src_shape, "ScatterAddBackward0") if need[1] else None,
    ),
    "index_select": lambda g, shape, dim, index: (F.index_add_into(g, shape, dim, index),),
    "index_add_into": lambda g, dim, index: (F.index_select(g, dim, index),),
    "index_fill": lambda g, dim, index: (F.index_fill(g, dim, index, 0.0),),
    "index_fill_tensor": lambda g, need, dim, index: (
        F.index_fill(g, dim, index, 0.0) if need[0] else None,
        F.index_select(g, dim, index).sum() if need[1] else None,
    ),
    "masked_select": lambda g, shape, mask: (F.masked_select_backward(g, shape, mask),),
    "masked_select_backward": lambda g, mask: (F.masked_select(g, mask),),
}

for _op, _fn in RULES.items():
    defvjp(_op, _fn, on_arrays=False)

# diagonal and unfold are views: undone, as steps of an in-place-changed view (AsStridedBackward0).
_VIEW_STEP["diagonal"] = lambda g, shape, offset, dim1, dim2: F.diagonal_backward(
    g, shape, offset, dim1, dim2
)
_VIEW_STEP["unfold"] = _unfold


# ----------------------------------------------------------------------------- wave 2
def _block_diag(g, spans, shapes):
    """block_diag: each input gets its block of g, in its own shape. As torch's, a 1-d empty
    input's row is not counted: the blocks after it read theirs one row up."""
    out, r = [], 0
    for (_, c, h, w), shape in zip(spans, shapes):
        out.append(F.reshape(F.getitem(g, (slice(r, r + h), slice(c, c + w))), shape))
        r += 0 if shape == (0,) else h
    return tuple(out)


def _baddbmm(g, y, z, need, beta=1, alpha=1):
    return (
        scaled(g, beta) if need[0] else None,
        scaled(F.bmm(g, F.transpose(z, 1, 2)), alpha) if need[1] else None,
        scaled(F.bmm(F.transpose(y, 1, 2), g), alpha) if need[2] else None,
    )


defvjp("rot90", lambda g, k, dims: (F.rot90(g, -k, dims),), on_arrays=False)
defvjp("block_diag", _block_diag, on_arrays=False)
defvjp(
    "cross",
    lambda g, x, y, need, dim: (
        F.cross(y, g, dim) if need[0] else None,
        F.cross(g, x, dim) if need[1] else None,
    ),
    on_arrays=False,
)
defvjp("baddbmm", _baddbmm, on_arrays=False)


def _cdist(g, x, y, ans, need, p, mm=False):
    """torch's _cdist_backward, which has no derivative: under create_graph each gradient is made
    by a node (CdistBackwardBackward0) whose backward refuses. (p = 2 by matrix products: ops.)"""
    if mm:
        return _cdist_grads(g, x, y, ans, need, p)
    with no_grad():
        grads = _cdist_grads(g, x, y, ans, need, p)
    attrs = {"name": "_cdist_backward", "formula": True}
    return tuple(
        None
        if t is None
        else _record("not_implemented", "CdistBackwardBackward0", t._data, (g, x, y, ans), attrs)
        for t in grads
    )


def _cdist_grads(g, x, y, ans, need, p):
    w = _cdist_weights(g, x, y, ans, p)
    return (F.sum(w, -2) if need[0] else None, -F.sum(w, -3) if need[1] else None)


def _cdist_weights(g, x, y, ans, p):
    """g times d dist(x_i, y_j) / d (x_i - y_j) = sign(x_i - y_j) |x_i - y_j|^(p-1) / dist^(p-1)
    (0 at dist 0), shaped (..., P, R, M)."""
    diff = F.unsqueeze(x, -2) - F.unsqueeze(y, -3)  # (..., P, R, M)
    gd, d = F.unsqueeze(g, -1), F.unsqueeze(ans, -1)
    safe = F.where(d != 0, d, 1.0)
    if p == 0:
        w = diff * 0.0
    elif p == 1:
        w = gd * F.sign(diff)
    elif p == 2:
        w = gd / safe * diff
    elif p == float("inf"):
        top = Tensor._from_data(namespace(diff._data).abs(diff._data) == d._data)
        w = gd * F.sign(diff) * top
    else:
        w = gd * F.sign(diff) * F.abs(diff) ** (p - 1) / safe ** (p - 1)
        if p < 1:  # (torch's kernel: 0 where the difference is 0, not 0 * inf)
            w = F.where(diff == 0, 0.0, w)
    return w


def _unique(g):
    raise NotImplementedError("the derivative for '_unique2' is not implemented.")


def _take(g, shape, index):
    """take: g added into zeros of the input's shape at the taken positions (torch's put_ with
    accumulate, PutBackward0)."""
    return (F.put(_zeros(g, shape), index, g, True),)


defvjp("take", _take, on_arrays=False)
defvjp("cdist", _cdist, on_arrays=False)
defvjp("unique", _unique, on_arrays=False)


# ----------------------------------------------------------------------------- wave 3
def _addbmm(g, y, z, need, beta=1, alpha=1):
    if not (need[1] or need[2]):  # (then neither batch was saved)
        return (scaled(g, beta), None, None)
    batch = (y if y is not None else z).shape[0]
    gb = F.expand(F.unsqueeze(g, 0), (batch,) + tuple(g.shape))
    return (
        scaled(g, beta) if need[0] else None,
        scaled(F.bmm(gb, F.transpose(z, 1, 2)), alpha) if need[1] else None,
        scaled(F.bmm(F.transpose(y, 1, 2), gb), alpha) if need[2] else None,
    )


for _op, _fn in {
    "diag_embed_nd": lambda g, offset, dim1, dim2: (F.diagonal(g, offset, dim1, dim2),),
    "addmm_scaled": lambda g, y, z, need, beta=1, alpha=1: (
        scaled(g, beta) if need[0] else None,
        scaled(F.mm(g, F.t(z)), alpha) if need[1] else None,
        scaled(F.mm(F.t(y), g), alpha) if need[2] else None,
    ),
    "addmv": lambda g, y, z, need, beta=1, alpha=1: (
        scaled(g, beta) if need[0] else None,
        scaled(F.unsqueeze(g, 1) * F.unsqueeze(z, 0), alpha) if need[1] else None,
        scaled(F.mv(F.t(y), g), alpha) if need[2] else None,
    ),
    "addr": lambda g, y, z, need, beta=1, alpha=1: (
        scaled(g, beta) if need[0] else None,
        scaled(F.mv(g, z), alpha) if need[1] else None,
        scaled(F.mv(F.t(g), y), alpha) if need[2] else None,
    ),
    "addbmm": _addbmm,
}.items():
    defvjp(_op, _fn, {"y": "z", "z": "y"} if _op != "diag_embed_nd" else None, on_arrays=False)
defvjp(
    "select_scatter",
    lambda g, need, dim, index, src_shape: (
        F.select_scatter(g, _zeros(g, src_shape), dim, index) if need[0] else None,
        F.select(g, dim, index) if need[1] else None,
    ),
    on_arrays=False,
)
defvjp(
    "slice_scatter",
    lambda g, need, at, src_shape: (
        F.slice_scatter(g, _zeros(g, src_shape), len(at) - 1, *_bounds(at[-1]))
        if need[0]
        else None,
        F.getitem(g, at) if need[1] else None,
    ),
    on_arrays=False,
)
defvjp(
    "diagonal_scatter",
    lambda g, need, offset, dim1, dim2, src_shape: (
        F.diagonal_scatter(g, _zeros(g, src_shape), offset, dim1, dim2) if need[0] else None,
        F.diagonal(g, offset, dim1, dim2) if need[1] else None,
    ),
    on_arrays=False,
)


def _bounds(sl):
    return sl.start, sl.stop, sl.step


def _masked_scatter(g, need, mask, source_shape):
    """The input keeps g off the mask; the source gets g's masked values, in order, then zeros
    for the source elements the mask did not use (torch's masked_scatter_backward)."""
    gs = None
    if need[1]:
        taken = F.masked_select(g, mask)
        n = int(np.prod(source_shape))
        if taken.shape[0] < n:
            taken = F.cat([taken, _zeros(g, (n - taken.shape[0],))])
        gs = F.reshape(taken, source_shape)
    return (F.masked_fill(g, mask, 0.0) if need[0] else None, gs)


def _index_put(g, need, indices, accumulate):
    at = tuple(slice(None) if t is None else t for t in indices)
    keep = g if accumulate else F.index_put(g, indices, _zeros(g, ()))
    return (keep if need[0] else None, F.getitem(g, at) if need[1] else None)


def _put(g, need, index, accumulate, source_shape):
    keep = g if accumulate else F.put(g, index, _zeros(g, (index.shape[0],)))
    return (
        keep if need[0] else None,
        F.reshape(F.take(g, index), source_shape) if need[1] else None,
    )


defvjp("masked_scatter", _masked_scatter, on_arrays=False)
defvjp("index_put", _index_put, on_arrays=False)
defvjp("put", _put, on_arrays=False)


# ----------------------------------------------------------------------------- wave 3 matrices
def _solve_adjoint(x, g, of_det=False):
    """torch's det and slogdet backward: G with A^T G = diag(g), for each matrix of x (A). Under
    create_graph it is linalg.solve(A.mT, d.mT), torch's nodes; else the arrays are solved, and
    a singular matrix gives what torch's LU solve gives there: 0 for det (its g is g * det, 0, and
    torch perturbs a zero pivot), inf or nan for slogdet (a division by the zero pivot)."""
    d = F.mT(F.diag_embed(F.expand(F.unsqueeze(g, -1), tuple(x.shape[:-1]))))
    if is_grad_enabled():
        return F.linalg_solve(F.mT(x), d)
    a, rhs = np.asarray(x._data), np.asarray(d._data)
    with np.errstate(all="ignore"):
        bad = (np.linalg.det(a) == 0)[..., None, None]
        r = np.linalg.solve(
            np.swapaxes(np.where(bad, np.eye(a.shape[-1], dtype=a.dtype), a), -1, -2), rhs
        )
        r = r if of_det else np.where(bad, rhs / a.dtype.type(0), r)
    return Tensor._from_data(namespace(x._data).asarray(r.astype(a.dtype, copy=False)))


def _slogdet(g, x):
    """Only log |det| carries a gradient (a real sign's is 0): A^-T g."""
    return (None,) if g[1] is None else (_solve_adjoint(x, g[1]),)


defvjp("inverse", lambda g, ans: (-F.matmul(F.mT(ans), F.matmul(g, F.mT(ans))),), on_arrays=False)


def _det(g, x, ans):
    """torch's linalg_det_backward: A^-T (g det) by a solve; under create_graph, where |det| is
    below 100 eps, the adjugate through the SVD instead, which a singular matrix has too (a batch
    of both kinds written into zeros by index_put, as torch's masked_fmap)."""
    low = np.abs(np.asarray(ans._data)) < 100 * np.finfo(ans._data.dtype).eps
    if x.shape[-1] == 1 and is_grad_enabled():  # (torch's gradient of 1 x 1 determinants is
        with no_grad():  # outside the graph even under create_graph)
            return (_solve_adjoint(x, g * ans, of_det=True),)
    if not is_grad_enabled() or not low.any():
        return (_solve_adjoint(x, g * ans, of_det=True),)
    if low.all():
        return (_adjugate(x, g),)
    keep = Tensor._from_data(namespace(x._data).asarray(low))
    out = F.index_put(zeros_of(x), (keep,), _adjugate(x[keep], g[keep]))
    return (F.index_put(out, (~keep,), _solve_adjoint(x[~keep], (g * ans)[~keep], True)),)


def _adjugate(x, g):
    """g times the transposed adjugate of each matrix of x, through its SVD: U diag(the product
    of the other singular values) Vh, times det(U) det(Vh) (torch's singular det backward)."""
    u, s, vh = F.linalg_svd(x)
    d = _prod_safe_zeros(F.unsqueeze(F.det(u) * F.det(vh) * g, -1), s, s.ndim - 1)
    return F.matmul(u * F.unsqueeze(d, -2), vh)


defvjp("det", _det, on_arrays=False)
defvjp("slogdet", _slogdet, on_arrays=False)
defvjp(  # log |det| alone (forward AD's slogdet)
    "logabsdet",
    lambda g, x: (F.unsqueeze(F.unsqueeze(g, -1), -1) * F.mT(F.inverse(x)),),
    on_arrays=False,
)


def _scatter_reduce(g, x, y, ans, need, dim, index, reduce, include_self, src_shape):
    """torch's scatter_reduce_backward: sum and mean pass g (mean: divided by the counts), amax
    and amin share it evenly among the values that reached the result, prod divides the result
    by the value (its exclusive product where a source value is the one zero)."""
    name = "ScatterReduceBackward0"
    if reduce == "sum":
        gx, gy = g, _src_grad(g, dim, index, src_shape, name)
    elif reduce == "mean":
        n = _ones(g, g.shape) if include_self else _zeros(g, g.shape)
        n = F.scatter_add(n, dim, index, _ones(g, index.shape))
        n = F.masked_fill(n, n == 0, 1)
        gx, gy = g / n, _src_grad(g, dim, index, src_shape, name) / F.gather(n, dim, index)
    elif reduce in ("amax", "amin"):
        value = F.gather(ans, dim, index)
        x_hit = (x == ans).to(g.dtype)
        y_hit = (_src_part(y, index) == value).to(g.dtype)
        share = g / F.scatter_add(x_hit, dim, index, y_hit)
        gx = x_hit * share
        gy = _src_grad(F.gather(share, dim, index) * y_hit, dim, index, src_shape, name, True)
    else:
        gx, gy = _prod_grads(g, x, y, ans, dim, index, include_self, src_shape)
    if not include_self:
        gx = F.scatter(gx, dim, index, 0.0)
    return (gx if need[0] else None, gy if need[1] else None)


def _ones(g, shape):
    return _const(g, lambda xp, dt, **dev: xp.ones(tuple(shape), dtype=dt, **dev))


def _src_part(y, index):
    """The part of src that index reads (src may be larger than index)."""
    return F.getitem(y, tuple(slice(0, n) for n in index.shape))


def _prod_grads(g, x, y, ans, dim, index, include_self, src_shape):
    masked_x = F.masked_fill(x, x == 0, 1.0)
    gx = g * F.scatter_reduce(masked_x, dim, index, y, "prod", include_self=include_self) / masked_x
    ys = _src_part(y, index)
    y_zero = ys == 0
    zeros = F.scatter_add(_zeros(x, x.shape), dim, index, y_zero.to(x.dtype))
    single = y_zero & (F.gather(zeros, dim, index) == 1)
    masked_y = F.masked_fill(ys, single, 1.0)
    rest = F.scatter_reduce(x, dim, index, masked_y, "prod", include_self=include_self)
    gy = F.where(
        single,
        F.gather(g * rest, dim, index),
        F.gather(g * ans, dim, index) / F.masked_fill(ys, y_zero, 1.0),
    )
    return gx, _src_grad(gy, dim, index, src_shape, "ScatterReduceBackward0", True)


defvjp("scatter_reduce", _scatter_reduce, on_arrays=False)
defvjp("index_reduce", _scatter_reduce, on_arrays=False)  # (its own key: no forward formula)


def _pinverse(g, x, ans):
    """torch's pinv_backward (the smaller of its two forms for the matrix's shape)."""
    mm, mt = F.matmul, F.mT
    ph, gh = mt(ans), mt(g)
    if x.shape[-2] <= x.shape[-1]:
        k = mm(gh, ans)
        kph = mm(k, ph)
        return (-mt(mm(ans, k)) + kph - mm(mm(x, ans), kph) + mm(mm(ph, ans), gh - mm(k, x)),)
    k = mm(ans, gh)
    phk = mm(ph, k)
    return (-mt(mm(k, ans)) + mm(mm(gh - mm(x, k), ans), ph) + phk - mm(mm(phk, ans), x),)


def _matrix_exp(g, x):
    """torch's: the upper right block of exp([[x^T, g], [0, x^T]])."""
    n = x.shape[-1]
    xt = F.mT(x)
    zeros = _zeros(g, tuple(g.shape))
    block = F.cat([F.cat([xt, g], -1), F.cat([zeros, xt], -1)], -2)
    return (F.getitem(F.matrix_exp(block), (Ellipsis, slice(0, n), slice(n, 2 * n))),)


defvjp("pinverse", _pinverse, on_arrays=False)
defvjp("matrix_exp", _matrix_exp, on_arrays=False)


# ----------------------------------------------------------------------------- wave 3 as_strided
def _positions(shape, strides, offset):
    """The memory positions of a strided view's elements, in its own order (an int64 Tensor)."""
    pos = np.full(tuple(shape), offset, dtype=np.int64)
    for d, (n, st) in enumerate(zip(shape, strides)):
        pos = pos + (np.arange(n) * st).reshape(
            tuple(-1 if i == d else 1 for i in range(len(shape)))
        )
    return Tensor._from_data(pos.reshape(-1))


def _as_strided_view(g, size, stride, offset, storage, input):
    """torch's as_strided_backward: g added into the memory at the view's positions, divided by
    the number of times the input reads each (an expanded input reads one several times), then
    read at the input's own positions."""
    memory = F.index_add_into(F.reshape(g, (-1,)), (storage,), 0, _positions(size, stride, offset))
    shape, strides, own = input
    count = np.bincount(_positions(shape, strides, own)._data, minlength=storage)
    if (count > 1).any():  # (where the input reads nothing, 0 / 0 as torch's: never read back)
        count = _backend.move(count.astype(g._data.dtype), _backend.device_of(g._data))
        memory = memory / Tensor._from_data(count)
    return (F.as_strided(memory, shape, strides, own),)  # (read back as torch's: a view)


defvjp("as_strided_view", _as_strided_view, on_arrays=False)
_VIEW_STEP["as_strided"] = lambda g, shape, size, stride, offset, layout=None: _as_strided_view(
    g,
    size,
    stride,
    offset,
    max(int(np.prod(shape)), _extent(size, stride, offset)),
    (shape, layout or _c_strides(shape), 0),  # (memory as large as the view reaches: after
)[0]  # `.data =` its geometry may pass its base's, whose gradient torch still reads; the base's
# memory laid out as the base's strides say)  # fmt: skip


def _extent(size, stride, offset):
    return 0 if 0 in size else offset + sum((n - 1) * st for n, st in zip(size, stride)) + 1


def _c_strides(shape):
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= n
    return tuple(reversed(out))


def _cholesky(g, ans, upper=False):
    """torch's cholesky_backward (Murray 2016): L^-H tril(L^H g, diagonal halved) L^-1,
    symmetrized."""
    low, gl = (F.mT(ans), F.mT(g)) if upper else (ans, g)
    inv = F.inverse(low)
    phi = F.tril(F.matmul(F.mT(low), gl))
    phi = phi - 0.5 * F.diag_embed(F.diagonal(phi, 0, -2, -1))
    grad = F.matmul(F.matmul(F.mT(inv), phi), inv)
    return ((grad + F.mT(grad)) * 0.5,)


defvjp("cholesky", _cholesky, on_arrays=False)
defvjp("cholesky_deprecated", _cholesky, on_arrays=False)  # (torch.cholesky: no forward formula)


def _pdist_backward(g, x, y, z, need, p):
    raise NotImplementedError("the derivative for '_pdist_backward' is not implemented.")


defvjp("pdist", lambda g, x, ans, p: (F.pdist_backward(g, x, ans, p),), on_arrays=False)
defvjp("pdist_backward", _pdist_backward, on_arrays=False)


def _cholesky_inverse(g, x, ans, upper=False):
    """torch's cholesky_inverse_backward: -(A^-1 (g + g^T) A^-1) L (or L times it, upper)."""
    common = F.matmul(ans, F.matmul(g + F.mT(g), ans))
    return (-F.matmul(x, common) if upper else -F.matmul(common, x),)


def _cholesky_solve(g, y, ans, need, upper=False):
    """torch's cholesky_solve_backward: b gets A^-1 g; the factor gets -(common) L, common the
    symmetrized (A^-1 g) X^T."""
    gb = F.cholesky_solve(g, y, upper)
    gl = None
    if need[1]:
        common = F.matmul(gb, F.mT(ans))
        common = common + F.mT(common)
        gl = -F.matmul(y, common) if upper else -F.matmul(common, y)
    return (gb if need[0] else None, gl)


def _linalg_solve(g, x, ans, need, left=True, vector=False):
    """torch's linalg_solve_backward: B gets the solve of A^T with g (g A^-T when not left); A
    gets -gB X^T (-X^T gB when not left), vectors as columns."""
    gm = F.linalg_solve(F.mT(x), F.unsqueeze(g, -1) if vector else g, left=left)
    ga = None
    if need[0]:
        xm = F.unsqueeze(ans, -1) if vector else ans
        ga = -F.matmul(gm, F.mT(xm)) if left else -F.matmul(F.mT(xm), gm)
    return (ga, (F.squeeze(gm, -1) if vector else gm) if need[1] else None)


defvjp("linalg_solve", _linalg_solve, on_arrays=False)
defvjp("cholesky_inverse", _cholesky_inverse, on_arrays=False)
defvjp("cholesky_solve", _cholesky_solve, on_arrays=False)
