"""The VJP table, continued: the rules of _nn_ops_more's ops, in _vjps' vocabulary (see its
header), written with Tensor ops so that create_graph records their own graph.

A transposed convolution's input gradient is a convolution of the gradient (an im2col of it,
unfold2d, times the weight), its weight gradient the input times those columns; both are made of
recorded ops, so they differentiate again, under torch's one ConvolutionBackwardBackward0 node
(`twice`). The shuffles' rules are each other (pixel_shuffle / pixel_unshuffle) or themselves
(channel_shuffle with C / groups groups); the trilinear product's are trilinear products, as
torch's _trilinear_backward. The fused attention's rule is the math formula on the arrays; under
create_graph its results hang from a NotImplemented node, as torch's.
"""

from . import _backend
from . import _nn_ops_more as M
from ._api import ops as F
from ._graph import RULES
from ._backend import namespace
from ._tensor import Tensor
from ._vjps import VJP, defvjp
from ._vjps_shapes import twice
from .grad_mode import is_grad_enabled


def _nn(op, fn, only_for=None):
    defvjp(op, fn, only_for, on_arrays=False)


# ----------------------------------------------------------------------------- transposed conv
def _conv_transpose2d(g, x, y, need, ksize, stride, padding, dilation, groups, full):
    """g (N, Cout, OH, OW) back to the uncropped output (N, Cout, LH, LW) (a pad, negative where
    output_padding added rows), its columns (N, Cout kh kw, H W); then x: W times the columns,
    weight: x times the columns transposed, summed over the batch; bias: g summed."""
    if g.dtype.itemsize == 2 and g.dtype.is_floating_point:  # (16-bit: in float32, as torch's)
        up = (None if t is None else t.float() for t in (g, x, y))
        outs = _conv_transpose2d(*up, need, ksize, stride, padding, dilation, groups, full)
        return tuple(None if t is None else t.to(g.dtype) for t in outs)
    n, _, oh, ow = g.shape
    (ph, pw), (lh, lw) = padding, full
    gfull = F.constant_pad_nd(g, (pw, lw - pw - ow, ph, lh - ph - oh), 0.0)
    cols = F.unfold2d(gfull, tuple(ksize), tuple(stride), (0, 0), tuple(dilation))
    cols = cols.reshape(n, groups, -1, cols.shape[-1])
    cin = y.shape[0]
    gx = gw = gb = None
    if need[0]:
        gx = (y.reshape(groups, cin // groups, -1) @ cols).reshape(x.shape)
    if need[1]:
        gw = (x.reshape(n, groups, cin // groups, -1) @ cols.mT).sum(0).reshape(y.shape)
    if need[2]:
        gb = g.sum((0, 2, 3))
    return gx, gw, gb


def _conv_transpose1d(g, x, y, need, ksize, stride, padding, dilation, groups, full):
    """The 2-D rule on a height of one."""
    up = (None if t is None else t.unsqueeze(2) for t in (g, x, y))
    gx, gw, gb = _conv_transpose2d(*up, need, ksize, stride, padding, dilation, groups, full)
    return (None if gx is None else gx.squeeze(2), None if gw is None else gw.squeeze(2), gb)


_nn("conv_transpose2d", twice("ConvolutionBackwardBackward0", _conv_transpose2d, False))
_nn("conv_transpose1d", twice("ConvolutionBackwardBackward0", _conv_transpose1d, False))


# ----------------------------------------------------------------------------- shuffles
_nn("pixel_shuffle", lambda g, factor: (M.pixel_unshuffle(g, factor),))
_nn("pixel_unshuffle", lambda g, factor: (M.pixel_shuffle(g, factor),))
_nn("channel_shuffle", lambda g, groups: (M.channel_shuffle(g, g.shape[1] // groups),))


# ----------------------------------------------------------------------------- products
def _trilinear(g, x, y, z, need, expand, sumdim):
    """torch's _trilinear_backward: each input's gradient the trilinear product of the other two
    with g, g expanded at sumdim and the product summed over the input's own expanded dims."""
    e1, e2, e3 = expand
    return (
        M.trilinear(g, y, z, sumdim, e2, e3, e1) if need[0] else None,
        M.trilinear(x, g, z, e1, sumdim, e3, e2) if need[1] else None,
        M.trilinear(x, y, g, e1, e2, sumdim, e3) if need[2] else None,
    )


_nn("trilinear", _trilinear)


# ----------------------------------------------------------------------------- attention
defvjp("safe_softmax", VJP["softmax"], on_arrays=RULES["softmax"].on_arrays)  # (0 rows stay 0)


def _flash(g, x, y, z, ans, need, mask, is_causal, scale):
    """The math formula of the attention's gradients, from the probabilities p recomputed:
    dv = p^T g, ds = p (g v^T - rowsum(g o)) (o = p v), dq = ds k scale, dk = ds^T q scale (the
    repeated heads of grouped query attention summed back)."""
    (a, low), (q, _), (k, _), (v, _), (o, _) = (_backend.opmath(t._data) for t in (g, x, y, z, ans))
    xp = namespace(q)
    hq, hk, hv = q.shape[-3], k.shape[-3], v.shape[-3]
    p = M.attention_probs(q, k, mask, is_causal, scale)
    dp = xp.matmul(a, xp.matrix_transpose(xp.repeat(v, hq // hv, axis=-3)))
    ds = p * (dp - xp.sum(dp * p, axis=-1, keepdims=True))
    dq = xp.matmul(ds, xp.repeat(k, hq // hk, axis=-3)) * scale
    dk = xp.matmul(xp.matrix_transpose(ds), q) * scale
    dv = xp.matmul(xp.matrix_transpose(p), a)
    dk, dv = (
        xp.sum(xp.reshape(d, (d.shape[0], h, hq // h, *d.shape[2:])), axis=2)
        for d, h in ((dk, hk), (dv, hv))
    )
    outs = [
        Tensor._from_data(_backend.round_back(d, low)) if n else None
        for d, n in zip((dq, dk, dv), need)
    ]
    if is_grad_enabled():  # (create_graph: torch's backward kernel is not differentiable)
        outs = [None if t is None else M.flash_backward_tie(t, g, x, y, z, ans) for t in outs]
    return tuple(outs)


_nn("sdpa_flash", _flash)


def _flash_not_implemented(g):
    raise RuntimeError(M.FLASH_DOUBLE_BACKWARD)


_nn("flash_not_implemented", _flash_not_implemented)
