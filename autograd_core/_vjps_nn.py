"""The VJP table, continued: the rules of the nn ops (_nn_ops), in the same vocabulary as _vjps
(see its header), registered into the same table with `defvjp`.

They are written with Tensor ops (registered ``on_arrays=False``), so a backward run with
``create_graph=True`` records its own graph: conv2d's VJP is a fold2d (col2im) of a matmul and a
matmul with an unfold2d, the two linear ops being each other's VJP; max_pool2d's is a plane_scatter,
whose VJP is a plane_gather. Broadcasting is the engine's (layer_norm's weight); batch_norm's
channel sums are explicit, since a channel is not a trailing dimension.
"""

import math

import numpy as np

from . import _backend, _messages
from ._api import ops as F
from ._graph import node_class
from ._norms import group_norm_stats, reduce_all
from ._pointwise import _fma
from ._backend import namespace
from ._tensor import Tensor
from ._operands import _cname
from ._vjps import defvjp, zeros_of
from ._vjps_shapes import divided, fused, minus, plus, twice, valued
from .grad_mode import is_grad_enabled, no_grad

_SQRT_2PI = math.sqrt(2 * math.pi)


def _nn(op, fn, only_for=None):
    defvjp(op, fn, only_for, on_arrays=False)


_nn(  # the tied tensors get zeros, or (`zeros` False) torch's undefined gradient: None; the
    "grad_tie",  # formula's g, where it needs one, the formula again (`again`: linear in g)
    lambda g, need, shapes, zeros, again=None: (
        g,
        *(
            again(g)
            if i == 0 and again is not None
            else zeros_of(g.sum()).expand(s)
            if n and zeros
            else None
            for i, (n, s) in enumerate(zip(need[1:], shapes))
        ),
    ),
)


# ----------------------------------------------------------------------------- activations
def _gelu(g, x, approximate):
    if approximate == "tanh":
        k = math.sqrt(2 / math.pi)
        inner = k * (x + 0.044715 * x * x * x)
        t = F.tanh(inner)
        dinner = k * (1 + 3 * 0.044715 * x * x)
        return (g * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * dinner),)
    return (g * (F.normal_cdf(x) + x * F.exp(-0.5 * x * x) / _SQRT_2PI),)


_nn("normal_cdf", lambda g, x: (g * F.exp(-0.5 * x * x) / _SQRT_2PI,))
_nn("gelu", twice("GeluBackwardBackward0", fused(_gelu), self_adjoint=True))


def _silu(g, x):  # (torch's formula: its C++ 1 + ... and 1 - ... ops)
    s = F.sigmoid(x)
    return (g * s * plus(x * minus(1, s), 1),)


_nn("silu", fused(_silu, composite=True))


def _softplus(g, x, beta, threshold):
    """g where beta x > threshold, else g sigmoid(beta x); torch's double backward masks with
    beta x < threshold, so at the threshold the gradient has no derivative in x."""
    bx = x * beta
    s = F.sigmoid(bx)
    s = s.detach() + (s - s.detach()) * (bx < threshold)  # (a mask multiplied: NaN * 0 is NaN)
    return (F.where(bx > threshold, g, g * s),)


_nn("softplus", twice("SoftplusBackwardBackward0", fused(_softplus), self_adjoint=True))


# ----------------------------------------------------------------------------- normalization
def _normalized(x, dims, eps):
    mu = x.mean(dims, True)
    xc = x - mu
    rstd = ((xc * xc).mean(dims, True) + eps) ** -0.5
    return xc * rstd, rstd


def _norm_input_grad(gxhat, xhat, rstd, dims):
    """d/dx of xhat = (x - mean) * rstd, batch statistics over dims: torch's formula."""
    return rstd * (gxhat - gxhat.mean(dims, True) - xhat * (gxhat * xhat).mean(dims, True))


def _layer_norm(g, x, y, need, dims, eps, stats):
    """torch's CPU kernel gives the values (`_layer_norm_kernel`, from the mean and rstd the
    forward saved); under create_graph the composed rule below gives their derivatives."""
    lead = tuple(range(x.ndim - len(dims)))  # weight and bias: summed here, as torch's node does
    w = None if y is None else y._data
    kernel = _layer_norm_kernel(g._data, x._data, w, dims, stats, lead)
    if not is_grad_enabled():
        return tuple(Tensor._from_data(k) if n else None for k, n in zip(kernel, need))
    xhat, rstd = _normalized(x, dims, eps)
    gx = _norm_input_grad(g if y is None else g * y, xhat, rstd, dims) if need[0] else None
    outs = (gx, (g * xhat).sum(lead) if need[1] else None, g.sum(lead) if need[2] else None)
    return tuple(None if o is None else valued(o, k) for o, k in zip(outs, kernel))


def _layer_norm_kernel(g, x, w, dims, stats, lead):
    """(dx, dweight, dbias) arrays as torch's LayerNormBackwardKernel computes them: in the
    opmath type, from the mean and 1/std its forward stored in the input's dtype (in float32
    when the weight is float32 for a 16-bit input)."""
    xp = namespace(x)
    xf, low = _backend.opmath(x)
    f = xf.dtype
    gf, wf = xp.astype(g, f), None if w is None else xp.astype(w, f)
    mean, rstd = stats
    if low is not None and (w is None or w.dtype == x.dtype):
        mean, rstd = (xp.astype(xp.astype(v, low), f) for v in (mean, rstd))
    if low is None and x.__class__ is np.ndarray and x.size:
        return _layer_norm_rows(gf, xf, wf, mean, rstd, dims, lead)
    gw = gf if wf is None else gf * wf
    n = math.prod(x.shape[d] for d in dims)
    scale = 1 / n if n else 0.0  # (a Python float: in f, as torch's; nothing to scale when empty)
    ds, db = xp.sum(gw * xf, axis=dims, keepdims=True), xp.sum(gw, axis=dims, keepdims=True)
    b = (db * mean - ds) * rstd * rstd * rstd * scale
    c = -b * mean - db * rstd * scale
    dx = xp.astype(rstd * gf * (1 if wf is None else wf) + b * xf + c, x.dtype)
    xhat = rstd * xf + -rstd * mean  # (torch's fused multiply-add, one rounding, for float32)
    if f == np.float32 and x.__class__ is np.ndarray:
        xhat = (rstd.astype(np.float64) * xf + (-rstd * mean).astype(np.float64)).astype(f)
    return dx, xp.sum(gf * xhat, axis=lead), xp.sum(gf, axis=lead)


def _layer_norm_rows(g, x, w, mean, rstd, dims, lead):
    """torch's layer_norm_backward_frame for float32 and float64, row by row: ds and db summed by
    its vectorized loops (`reduce_all`), then dx = fma(b, x, rstd * g * w) + c, with b and c
    formed with the fused multiply-adds of its compiled code. (dweight, dbias: summed over the
    rows, its per-thread buffers aside.)"""
    shape, n = x.shape, math.prod(x.shape[d] for d in dims)
    g2, x2, a = g.reshape(-1, n), x.reshape(-1, n), rstd.reshape(-1, 1)
    w2 = None if w is None else np.broadcast_to(w.reshape(1, n), g2.shape)
    ds = reduce_all(g2, x2, w2)[:, None]
    db = (reduce_all(g2) if w is None else reduce_all(g2, w2))[:, None]
    mu, scale = mean.reshape(-1, 1), a.dtype.type(1) / a.dtype.type(n)
    b = _fma(db, mu, -ds) * a * a * a * scale
    c = _fma(-b, mu, -(db * a * scale))
    dx = (_fma(b, x2, a * g2 if w is None else a * g2 * w2) + c).reshape(shape)
    xhat = _fma(rstd, x, -rstd * mean)  # (torch's dweight reads a * x + b, fused)
    return dx, (g * xhat).sum(axis=lead), g.sum(axis=lead)


_nn("layer_norm", twice("NativeLayerNormBackwardBackward0", _layer_norm, False))


def _batch_norm(g, x, y, need, dims, eps, batch_stats, mean, invstd):
    cs = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    gxhat = g if y is None else g * y.reshape(cs)
    if batch_stats:
        xhat, rstd = _normalized(x, dims, eps)
        gx = _norm_input_grad(gxhat, xhat, rstd, dims) if need[0] else None
    else:  # eval: the running statistics are constants
        xhat = (x - mean) * invstd
        gx = gxhat * invstd if need[0] else None
    gw = (g * xhat).sum(dims) if need[1] else None
    return gx, gw, g.sum(dims) if need[2] else None


_nn("batch_norm", twice("NativeBatchNormBackwardBackward0", _batch_norm, False))


# ----------------------------------------------------------------------------- lookup
def _embedding(g, rows, keep, shape):
    """torch's embedding_dense_backward: each looked-up row's g added into its row (times
    1 / its count with scale_grad_by_freq), padding_idx's rows skipped, even a nan g. Its double
    backward (embedding_dense_double_backward) gathers at the rows, padding masked, unscaled."""
    g = F.where(keep == 0, 0.0, g.reshape(-1, shape[1]))
    scaled = F.rows_scatter(g * keep, rows, shape)
    if not is_grad_enabled():
        return (scaled,)
    return (valued(F.rows_scatter(g, rows, shape), scaled._data),)


_nn("embedding", twice("EmbeddingDenseBackwardBackward0", _embedding))
_nn("rows_scatter", lambda g, rows: (F.rows_gather(g, rows),))
_nn("rows_gather", lambda g, rows, shape: (F.rows_scatter(g, rows, shape),))


# ----------------------------------------------------------------------------- convolution
_nn(
    "unfold2d",
    lambda g, hw, ksize, stride, padding, dilation: (
        F.fold2d(g, hw, ksize, stride, padding, dilation),
    ),
)
_nn(
    "fold2d",
    lambda g, ksize, stride, padding, dilation: (F.unfold2d(g, ksize, stride, padding, dilation),),
)


def _conv2d(g, x, y, need, ksize, stride, padding, dilation, groups, hw):
    """x: fold(W^T g); weight: g unfold(x)^T summed over the batch; bias: g summed. As torch's
    CPU kernels: bfloat16 in float32, rounded once (oneDNN's); float16's weight gradient added
    up one batch element at a time, rounded after each (slow_conv2d's)."""
    if g.dtype is _backend.bfloat16:
        outs = _conv2d(g.float(), x.float(), y.float(), need, ksize, stride, padding, dilation,
                       groups, hw)  # fmt: skip
        return tuple(None if t is None else t.to(g.dtype) for t in outs)
    n, o = g.shape[0], g.shape[1]
    g4 = g.reshape(n, groups, o // groups, -1)
    gx = gw = None
    if need[0]:
        cols = (y.reshape(groups, o // groups, -1).mT @ g4).reshape(n, -1, g4.shape[-1])
        gx = F.fold2d(cols, hw, ksize, stride, padding, dilation)
    if need[1]:
        cols = F.unfold2d(x, ksize, stride, padding, dilation)
        cols = cols.reshape(n, groups, -1, cols.shape[-1])
        if g.dtype is _backend.float16:
            parts = g4.float() @ cols.float().mT
            gw = parts[0].half()
            for i in range(1, n):
                gw = (gw.float() + parts[i]).half()
        else:
            gw = (g4 @ cols.mT).sum(0)
        gw = gw.reshape(_weight_shape(o, groups, ksize, cols))
    gb = None
    if need[2]:
        gb = g.sum((0, 2, 3))
    return gx, gw, gb


def _weight_shape(o, groups, ksize, cols):
    """The weight's shape (O, C/groups, kh, kw) from the grouped columns (N, G, C/G*kh*kw, L)."""
    return (o, cols.shape[2] // (ksize[0] * ksize[1])) + tuple(ksize)


_nn("conv2d", twice("ConvolutionBackwardBackward0", _conv2d, False))


# ----------------------------------------------------------------------------- pooling
_nn(
    "max_pool2d",
    twice(
        "MaxPool2DWithIndicesBackwardBackward0",
        lambda g, x, indices, shape: (F.plane_scatter(g, indices, shape),),
    ),
)
_nn("plane_scatter", lambda g, indices: (F.plane_gather(g, indices),))
_nn("plane_gather", lambda g, indices, shape: (F.plane_scatter(g, indices, shape),))


# ----------------------------------------------------------------------------- losses
def _huber(g, x, y, need, reduction, delta):
    if x.dtype != y.dtype:  # torch's huber_loss_backward refuses the mix its forward allowed,
        a, b = (x, y) if need[0] else (y, x)  # in the dtype of the gradient it makes first
        raise RuntimeError(f"Found dtype {_cname(b)} but expected {_cname(a)}")
    return (
        F.loss_backward(g, x, y, "huber", reduction, delta) if need[0] else None,
        F.loss_backward(g, y, x, "huber", reduction, delta) if need[1] else None,
    )


_nn("huber_loss", _huber)


def _loss_backward(gg, x, y, z, need, kind, reduction, param, count):
    """loss_backward(x, y, z): x the loss's upstream gradient, y the input, z the target. torch's
    *_loss_double_backward: the input gets gg * x * the loss's second derivative (2; 1 where
    |y - z| < delta; 1 / beta where |y - z| < beta), the target its negative."""
    h = None
    if x._data.__class__ is _backend.ZeroGrad:  # x is sgn's ZeroTensor: torch's mse and huber
        if reduction == "mean" and kind != "smooth_l1":  # formulas divide it in place (refused);
            raise RuntimeError(_messages.ZERO_IMMUTABLE)
        x = zeros_of(x) if kind == "smooth_l1" else x  # smooth_l1's selects from it: plain zeros
    if need[1] or need[2]:
        h = gg * x
        if kind == "mse":
            h = 2 * h
        elif kind == "smooth_l1" and param == 0:
            h = zeros_of(h)
        else:
            h = (
                h * ((y - z).abs() < param)
                if kind == "huber"
                else h * ((y - z).abs() < param) / param
            )
        h = h / count if reduction == "mean" else h
    gx = F.loss_backward(gg, y, z, kind, reduction, param) if need[0] else None  # linear in x
    return gx, h if need[1] else None, -h if need[2] else None


_nn("loss_backward", _loss_backward)


def _bce(g, x, y, need, reduction, weight):
    """x: the probabilities, y: the target. torch's binary_cross_entropy_backward (an op: its
    double backward below) and binary_cross_entropy_target_backward, -logit(x) g, composed."""
    gx = F.bce_backward(g, x, y, weight, reduction) if need[0] else None
    gy = _bce_finish(-F.logit(x) * g, x, weight, reduction) if need[1] else None
    return gx, gy


def _bce_finish(r, x, weight, reduction):  # torch's order: times the weight, then / the count
    r = r * weight if weight is not None else r
    return _per_element(r, x) if reduction == "mean" else r


def _per_element(r, x):  # (torch's C++ divides by a number: DivBackward1)
    r = r / x.numel()
    if r.grad_fn is not None:
        r.grad_fn.__class__ = node_class("DivBackward1")
    return r


def _bce_backward(gg, x, y, z, need, weight, reduction):
    """bce_backward(x, y, z): x the loss's upstream gradient, y the probabilities, z the target.
    torch's binary_cross_entropy_double_backward (_grad_output, _target), formula for formula (the
    1e-12 terms as torch's)."""
    g, x, y, eps = x, y, z, 1e-12
    ggo = gx = gy = None
    if need[0]:
        ggo = _bce_finish((x - y) / ((x + eps) * (1 - x + eps)) * gg, x, weight, reduction)
    if need[1]:
        slope = (x * x - 2 * x * y + y) / ((x + eps).pow(2) * (1 - x + eps).pow(2))
        gx = _bce_finish(slope * (gg * g), x, weight, reduction)
    if need[2]:
        r = -gg * g
        r = r * weight if weight is not None else r
        denom = (1 - x) * x
        with no_grad():
            denom.clamp_min_(eps)
        gy = _per_element(r / denom, x) if reduction == "mean" else r / denom
    return ggo, gx, gy


_nn("binary_cross_entropy", _bce)
_nn("bce_backward", _bce_backward)


def _bce_logits(g, x, y, need, reduction, weight, pos_weight):
    """torch's binary_cross_entropy_with_logits_backward and _target_backward, op for op (their
    roundings and their nodes under create_graph): the slope, times g, times the weight, then /
    the count for a mean."""

    def finish(slope):
        slope = slope * g
        slope = slope * weight if weight is not None else slope
        return divided(slope, math.prod(x.shape)) if reduction == "mean" else slope

    gx = gy = None
    if pos_weight is None:
        gx = finish(F.sigmoid(x) - y) if need[0] else None
        gy = finish(-x) if need[1] else None
        return gx, gy
    if need[0]:
        t = pos_weight * y
        gx = finish((plus(t, 1) - y) * F.sigmoid(x) - t)
    if need[1]:
        gy = finish(F.logsigmoid(-x) - F.logsigmoid(x) * pos_weight)
    return gx, gy


_nn("bce_with_logits", _bce_logits)


# ----------------------------------------------------------------------------- issue 12, wave 2
_nn("constant_pad_nd", lambda g, pad: (F.constant_pad_nd(g, tuple(-p for p in pad)),))
_nn(
    "plane_take",
    lambda g, indices, plane, shape: (
        F.plane_scatter(g.reshape(indices.shape), indices, plane).reshape(shape),
    ),
)


def _pad_take(g, x, indices, plane, shape, name):
    """Reflection / replication padding: g added back where it was read; under create_graph from
    torch's node of (g, x), e.g. ReflectionPad1DBackwardBackward0."""
    r = F.plane_scatter(g.reshape(indices.shape), indices, plane).reshape(shape)
    twice_name = name.replace("Backward0", "BackwardBackward0")
    return (F.grad_tie(r, g, x, name=twice_name) if is_grad_enabled() else r,)


_nn("pad_take", _pad_take)


def _group_norm(g, x, y, need, groups, eps, mixed=False):
    """torch's rule, formula for formula: under create_graph its composed one
    (infinitely_differentiable_native_group_norm_backward), in the tensors' own dtypes; else its
    CPU kernel's, which computes in float32 for 16-bit inputs. Both read mean and rstd as the
    forward saved them: rounded to the parameters' dtype (float32 when mixed)."""
    composed = is_grad_enabled()
    low = x.dtype in (_backend.float16, _backend.bfloat16)
    ct = _backend.float32 if low and not composed else x.dtype
    pt = _backend.float32 if mixed else x.dtype
    n, c = x.shape[0], x.shape[1]
    st = pt if composed else ct  # (the kernel reads them into float32)
    if composed:  # (mean and rstd as ops of x: their own derivatives)
        per = c // groups * math.prod(x.shape[2:])  # (not numel // n: n may be 0)
        xs = x.to(_backend.float32 if low else x.dtype).reshape(n, groups, per)
        stats = (xs.mean(2, True), _normalized(xs, (2,), eps)[1])
    else:
        stats = (Tensor._from_data(t) for t in group_norm_stats(x._data, groups, eps))
    mu, rstd = (t.to(pt).to(st).reshape(n, groups, 1, 1) for t in stats)
    if composed:  # torch's mean and rstd are outputs of the forward node: of x and the weight
        ties = [t for t in (x, y) if t is not None]
        mu, rstd = (
            F.grad_tie(t, *ties, name="NativeGroupNormBackward0", zeros=False) for t in (mu, rstd)
        )
    xg = x.to(ct).reshape(n, groups, c // groups, math.prod(x.shape[2:]))
    dy = g.to(ct).reshape(xg.shape)
    w = None if y is None else (y if composed else y.to(ct)).reshape(1, groups, -1, 1)
    if not composed and not low and x._data.__class__ is np.ndarray and x.numel():  # (kernels)
        rows = _group_norm_rows(dy._data, xg._data, None if w is None else w._data, mu, rstd)
        shapes = (x.shape, (c,), (c,))
        return tuple(
            Tensor._from_data(r.reshape(sh)).to(pt if k else x.dtype) if n else None
            for k, (r, sh, n) in enumerate(zip(rows, shapes, need))
        )
    ds, db = (dy * xg).sum(3, True), dy.sum(3, True)
    gx = gw = gb = None
    if need[0]:
        s = 1.0 / (xg.shape[2] * xg.shape[3]) if xg.shape[2] * xg.shape[3] else math.inf
        rstd3 = rstd * rstd * rstd
        b = (ds if w is None else ds * w).sum(2, True)
        e = (db if w is None else db * w).sum(2, True)
        b = (e * mu - b) * rstd3 * s
        e = -b * mu - e * rstd * s
        gx = ((rstd if w is None else rstd * w) * dy + b * xg + e).reshape(x.shape).to(x.dtype)
    if need[1]:
        gw = ((ds - db * mu) * rstd).sum(0).reshape(c).to(pt)
    if need[2]:
        gb = db.sum(0).reshape(c).to(pt)  # torch's: not tied to the input (unlike batch_norm's)
    return gx, gw, gb


def _group_norm_rows(dy, x, w, mean, rstd):
    """torch's GroupNormInputBackward for float32 and float64 (arrays shaped (n, groups,
    channels per group, -1)): each channel's ds and db summed by its vectorized loops, then over
    the group's channels (times the weight), c2 and c3 and dx = fma(c1, dy, c2 * x) + c3 formed
    with the fused multiply-adds of its compiled code; dweight and dbias summed sample by
    sample. Returns (dx, dweight, dbias) arrays."""
    n, groups, per, hw = x.shape
    fused = x.dtype == np.float64  # (its float64 loop fuses the last vector's products)
    rows = (n * groups * per, hw)
    dsc = reduce_all(dy.reshape(rows), x.reshape(rows), fused=fused).reshape(n * groups, per)
    dbc = reduce_all(dy.reshape(rows)).reshape(n * groups, per)
    wg = None if w is None else np.broadcast_to(w.reshape(1, groups, per), (n, groups, per))
    ds, db = (_group_sum(t, None if wg is None else wg.reshape(-1, per)) for t in (dsc, dbc))
    mu, r = (t._data.reshape(-1) for t in (mean, rstd))
    s = r.dtype.type(1) / r.dtype.type(per * hw)
    c2 = _fma(db, mu, -ds) * r * r * r * s
    c3 = _fma(-(db * r), np.full_like(r, s), -c2 * mu)
    c1 = r.reshape(n, groups, 1, 1) * (1 if wg is None else wg[..., None])
    shape = (n, groups, 1, 1)
    dx = _fma(c1, dy, c2.reshape(shape) * x) + c3.reshape(shape)
    gw, gb = np.zeros(per * groups, x.dtype), np.zeros(per * groups, x.dtype)
    for k in range(n):  # (GammaBackward, BetaBackward: sample by sample)
        sl = slice(k * groups, (k + 1) * groups)
        gw = _fma(_fma(-dbc[sl], mu[sl, None], dsc[sl]), r[sl, None], gw.reshape(groups, per))
        gb = gb.reshape(groups, per) + dbc[sl]
    return dx, gw, gb


def _group_sum(v, w):
    """torch's CalcDsDb and the loop after it: each row's sum of v (times w), in vectors of 32
    bytes (fused multiply-adds), the lanes added in order from 0, then the rest one by one (fused
    where torch's parallel loop runs it; its single-thread build does not fuse them)."""
    lanes = 32 // v.dtype.itemsize
    acc, full = np.zeros((v.shape[0], lanes), v.dtype), v.shape[1] - v.shape[1] % lanes
    w = np.ones_like(v) if w is None else w
    for j in range(0, full, lanes):
        acc = _fma(v[:, j : j + lanes], w[:, j : j + lanes], acc)
    total = np.zeros(v.shape[0], v.dtype)
    for lane in range(lanes):
        total = total + acc[:, lane]
    for j in range(full, v.shape[1]):
        total = _fma(v[:, j], w[:, j], total)
    return total


_nn("group_norm", _group_norm)


def _avg_pool2d(g, x, div, hw, ksize, stride, padding):
    """Each output's gradient / its divisor, spread over its window (a col2im of copies)."""
    q = g / div
    lead, kk = tuple(q.shape[:-2]), ksize[0] * ksize[1]
    cols = q.reshape(lead + (1, -1)).expand(lead + (kk, q.shape[-2] * q.shape[-1]))
    cols = cols.reshape(lead[:-1] + (lead[-1] * kk, -1))
    return (F.fold2d(cols, hw, ksize, stride, padding, (1, 1)),)


_nn("avg_pool2d", twice("AvgPool2DBackwardBackward0", _avg_pool2d))


def _adaptive_avg_pool2d(g, x, ph, pw):
    """g spread back by the averaging matrices; with an inf or nan in g, window by window (torch's
    kernel: a product by the matrices' zeros would spread it)."""
    a = g._data
    if a.__class__ is np.ndarray and not np.isfinite(a).all():
        values = F._window_spread(a, tuple(x.shape[-2:]))
        return (valued(ph.mT @ g @ pw, values) if is_grad_enabled() else Tensor._from_data(values),)
    return (ph.mT @ g @ pw,)


_nn("adaptive_avg_pool2d", twice("AdaptiveAvgPool2DBackwardBackward0", _adaptive_avg_pool2d))
_nn(  # (linear: no ph; torch's result depends on g alone, unlike adaptive_avg_pool2d's)
    "upsample_linear",
    lambda g, ph, pw: ((g if ph is None else ph.mT @ g) @ pw,),
)


def _elu(g, x, alpha, scale, input_scale):
    return (F.elu_backward(g, x, alpha, scale, input_scale),)


def _elu_backward(gg, x, y, need, alpha, scale, input_scale):
    """elu_backward(x, y), x the gradient, y elu's input: torch's elu_double_backward, which is
    elu_backward of gg * x * input_scale where y < 0 (0 at 0: elu'(0) = alpha, but flat)."""
    gx = F.elu_backward(gg, y, alpha, scale, input_scale) if need[0] else None
    if not need[1]:
        return gx, None
    return gx, F.elu_backward(gg * x * input_scale, y, alpha, scale, input_scale) * (y < 0)


_nn("elu_backward", _elu_backward)
_nn("elu", _elu)


def _hardtanh(g, x, min_val, max_val):
    """torch's hardtanh_backward: g inside (min, max), +0 outside (a where: a product would give
    -0 for g < 0); a NaN x gives 0 in its vectorized loop, g in its scalar one (the tail)."""
    inside = (x > min_val) & (x < max_val)
    tail = _backend.scalar_tail(x._data, 64) if tuple(g.shape) == tuple(x.shape) else None
    if tail is not None:
        inside = inside | (Tensor._from_data(tail) & F.isnan(x))
    return (F.where(inside, g, 0.0),)


_nn("hardtanh", twice("HardtanhBackwardBackward0", _hardtanh, self_adjoint=True))


def _act_backward(gg, x, y, need, kind):
    """act_backward(x, y), x the gradient and y the result of sigmoid/tanh: torch's
    sigmoid_backward / tanh_backward double backward, formula for formula."""
    gx = F.act_backward(gg, y, kind) if need[0] else None
    if not need[1]:
        return gx, None
    return gx, gg * x * (-2 * y + 1) if kind == "sigmoid" else gg * (-2 * y * x)


_nn("act_backward", _act_backward)


def _prelu(g, x, y, need, cs):
    """torch's _prelu_kernel_backward (PreluKernelBackwardBackward0 under create_graph, of g, x
    and the weight), its weight gradient then viewed as the weight (ViewBackward0)."""
    w, twice = y.reshape(cs), is_grad_enabled()
    gx = F.where(x > 0, g, g * w) if need[0] else None
    if need[0] and twice:  # torch's double-backward formulas test x >= 0 where its kernel tests
        gd, wd = g.detach(), w.detach()  # x > 0: at x == 0 the derivative in g is 1, in the
        gx = gx + ((g - gd) * (1 - wd) - (w - wd) * gd) * (x == 0)  # weight 0 (a term of 0)
    gw = None
    if need[1]:
        dims = tuple(i for i, s in enumerate(cs) if s == 1)
        gw = (g * x * (x < 0)).sum(dims)  # (0 at x == 0, its derivative in x too)
    if twice:
        tie = lambda t: None if t is None else F.grad_tie(t, g, x, y, name=_PRELU2)  # noqa: E731
        gx, gw = tie(gx), tie(gw)
    return gx, None if gw is None else gw.reshape(y.shape)


_PRELU2 = "PreluKernelBackwardBackward0"


_nn("prelu", _prelu)


def _mish(g, x):  # (torch's infinitely_differentiable_mish_backward, op for op)
    t = F.tanh(F.log1p(F.exp(x)))
    return (g * (t + x * F.sigmoid(x) * minus(1.0, t * t)),)


_nn("mish", fused(_mish, composite=True))


_nn(
    "logsigmoid",
    twice(
        "LogSigmoidBackwardBackward0",
        fused(lambda g, x: (g * F.sigmoid(-x),)),
        self_adjoint=True,
    ),
)


def _glu(g, x, dim):
    a, b = x.chunk(2, dim)
    s = F.sigmoid(b)
    return (F.cat([g * s, g * a * s * (1 - s)], dim),)


_nn("glu", twice("GluBackwardBackward0", _glu))


def _conv1d(g, x, y, need, ksize, stride, padding, dilation, groups, hw):
    """conv2d's rule on a height of one."""
    up = lambda t: None if t is None else t.unsqueeze(2)  # noqa: E731
    gx, gw, gb = _conv2d(up(g), up(x), up(y), need, ksize, stride, padding, dilation, groups, hw)
    return (None if gx is None else gx.squeeze(2), None if gw is None else gw.squeeze(2), gb)


_nn("conv1d", twice("ConvolutionBackwardBackward0", _conv1d, False))


def _smooth_l1(g, x, y, need, reduction, beta):
    return (
        F.loss_backward(g, x, y, "smooth_l1", reduction, beta) if need[0] else None,
        F.loss_backward(g, y, x, "smooth_l1", reduction, beta) if need[1] else None,
    )


_nn("smooth_l1_loss", _smooth_l1)
