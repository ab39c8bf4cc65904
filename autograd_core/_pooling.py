"""Padding, pooling and resizing around _nn_ops' convolutions: max, average and adaptive pooling
(checked in torch's order: `_pool_checks`), constant / reflect / replicate / circular padding,
nearest / linear upsampling. max_pool2d is built on im2col and scatters back (`plane_scatter`);
reflect / replicate padding and nearest upsampling are one gather (`plane_take`) whose VJP is
that plane_scatter; avg_pool2d's VJP is a fold2d. The rules are in _vjps_nn."""

import builtins
import math

import numpy as np

from . import _backend
from ._amp_policy import _marked
from ._backend import namespace
from ._nn_ops import _im2col, _pair, _pooled_size, _scatter_add
from ._operands import _cast, _no_kernel
from ._ops import _record
from ._tensor import Tensor


# ============================================================================= pooling


def _ceil_extra(size, k, s, p, d):
    """How much more bottom/right padding ceil_mode's output size needs (torch's rule: the last
    window must start inside the input or its left padding)."""
    out = -(-(size + 2 * p - d * (k - 1) - 1) // s) + 1
    if (out - 1) * s >= size + p:
        out -= 1
    return max(0, (out - 1) * s + d * (k - 1) + 1 - (size + 2 * p))


def max_pool2d(
    input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False
):
    """The max over each window (ties: the first); one MaxPool2DWithIndicesBackward0 node."""
    ksize = _pair(kernel_size)
    stride = ksize if stride is None or stride == [] else _pair(stride)
    padding, dilation = _pair(padding), _pair(dilation)
    if input.ndim not in (3, 4):  # (its meta function's first check)
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    _pool_checks(input, ksize, stride, padding, dilation)
    a = input._data
    xp = namespace(a)
    unbatched = a.ndim == 3
    if unbatched:
        a = a[None, ...]
    n, c, h, w = a.shape
    if ceil_mode:  # extra -inf rows / columns at the bottom / right, as torch's output size
        extra = [
            _ceil_extra(size, k, s, p, d)
            for size, k, s, p, d in zip((h, w), ksize, stride, padding, dilation)
        ]
        padding = (padding[0], padding[0] + extra[0], padding[1], padding[1] + extra[1])
    _pooled_size(a, ksize, stride, padding, dilation)
    if input.dtype is _backend.bool_:  # (after the output size, as torch's)
        raise _no_kernel("max_pool2d", input)
    cols, (oh, ow) = _im2col(a, ksize, stride, padding, dilation, fill=-math.inf)
    kk = ksize[0] * ksize[1]
    cols = xp.reshape(cols, (n, c, kk, oh * ow))
    arg = xp.argmax(cols, axis=2)  # (n, c, L)
    pos, _ = _im2col(
        np.arange(h * w, dtype=np.float64).reshape(1, 1, h, w), ksize, stride, padding, dilation, -1
    )
    pos = _backend.asarray_on(pos.reshape(kk, oh * ow).astype(np.int64), input.device)
    arg = xp.expand_dims(arg, axis=2)
    flat = xp.take_along_axis(xp.broadcast_to(pos, (n, c, kk, oh * ow)), arg, axis=2)
    vals = xp.take_along_axis(cols, arg, axis=2)
    out_shape = (n, c, oh, ow) if not unbatched else (c, oh, ow)
    r = _backend.pooled(xp.reshape(vals, out_shape), a)
    idx = Tensor._from_data(_backend.pooled(xp.reshape(flat, out_shape), a))
    out = _record(
        "max_pool2d",
        "MaxPool2DWithIndicesBackward0",
        r,
        (input,),
        {"indices": idx, "shape": tuple(input.shape)},
    )
    return (out, idx) if return_indices else out


def plane_scatter(g, indices, shape):
    """zeros(shape) with g added at the flat (H*W) positions `indices` of each plane."""
    xp = namespace(g._data)
    lead = int(np.prod(shape[:-2]))
    z = xp.zeros((lead, shape[-2] * shape[-1]), dtype=g._data.dtype, device=g._data.device)
    idx = xp.reshape(indices._data, (lead, -1))
    rows = xp.broadcast_to(xp.reshape(xp.arange(lead, device=g._data.device), (-1, 1)), idx.shape)
    _scatter_add(xp, z, (rows, idx), xp.reshape(g._data, (lead, -1)))
    return _record(
        "plane_scatter",
        "MaxPool2DWithIndicesBackwardBackward0",
        xp.reshape(z, shape),
        (g,),
        {"indices": indices},
    )


def plane_gather(g, indices):
    """g's values at the flat (H*W) positions `indices` of each plane (plane_scatter's VJP)."""
    xp = namespace(g._data)
    lead = int(np.prod(g.shape[:-2]))
    flat = xp.reshape(g._data, (lead, -1))
    r = xp.take_along_axis(flat, xp.reshape(indices._data, (lead, -1)), axis=1)
    return _record(
        "plane_gather",
        "GatherBackward0",
        xp.reshape(r, tuple(indices.shape)),
        (g,),
        {"indices": indices, "shape": tuple(g.shape)},
    )


# ============================================================================= issue 12, wave 2
# padding


def constant_pad_nd(input, pad, value=0):
    """torch.constant_pad_nd: pad[2i] / pad[2i + 1] values before / after dim -1 - i, filled with
    `value` (negative: a crop); one ConstantPadNdBackward0 node (its VJP: the opposite pad)."""
    pad = tuple(int(p) for p in pad)
    if len(pad) % 2:
        raise RuntimeError(f"Length of pad must be even but instead it equals {len(pad)}")
    a = input._data
    xp = namespace(a)
    value = _backend.check_scalar(value, input.dtype)
    if len(pad) // 2 > a.ndim:
        raise RuntimeError(
            "Length of pad should be no more than twice the number of dimensions of the input. "
            f"Pad length is {len(pad)} while the input has {a.ndim} dimensions."
        )
    out_shape, src, dst = list(a.shape), [slice(None)] * a.ndim, [slice(None)] * a.ndim
    for i in range(len(pad) // 2):
        d, lo, hi = a.ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        start, stop = max(-lo, 0), a.shape[d] - max(-hi, 0)
        if stop - start < 0 or a.shape[d] + lo + hi < 0:
            raise RuntimeError("narrow(): length must be non-negative.")
        out_shape[d] = a.shape[d] + lo + hi
        src[d], dst[d] = slice(start, stop), slice(max(lo, 0), max(lo, 0) + stop - start)
    r = xp.full(tuple(out_shape), value, dtype=a.dtype, device=a.device)
    r[tuple(dst)] = a[tuple(src)]
    return _record("constant_pad_nd", "ConstantPadNdBackward0", r, (input,), {"pad": pad})


def _pad_positions(n, lo, hi, mode):
    """For each output position along a padded dim of size n: the input position it reads."""
    i = np.arange(-lo, n + hi)
    if mode == "reflect":
        i = np.abs(i)
        return np.where(i >= n, 2 * (n - 1) - i, i)
    return np.clip(i, 0, n - 1)  # replicate


def _pool_checks(input, ksize, stride, padding, dilation):
    """torch's pooling_output_shape (per dim: stride, pad) and pool2d_shape_check (kernel,
    stride, dilation, the input's dims, pad against the kernel), in its order."""
    for k, s, p, d in zip(ksize, stride, padding, dilation):
        if s == 0:
            raise RuntimeError("stride should not be zero")
        if p < 0:
            raise RuntimeError(f"pad must be non-negative, but got pad: {p}")
        if p > ((k - 1) * d + 1) // 2:
            raise RuntimeError(
                "pad should be at most half of effective kernel size, but got "
                f"pad={p}, kernel_size={k} and dilation={d}"
            )
    for what, short, (a, b) in (("kernel size", "k", ksize), ("stride", "d", stride)):
        if a <= 0 or b <= 0:
            raise RuntimeError(
                f"{what} should be greater than zero, but got {short}H: {a} {short}W: {b}"
            )
    if min(dilation) <= 0:
        raise RuntimeError(
            f"dilation should be greater than zero, but got dilationH: {dilation[0]} "
            f"dilationW: {dilation[1]}"
        )
    _pool_input_check(input)
    if ksize[1] // 2 < padding[1] or ksize[0] // 2 < padding[0]:
        raise RuntimeError(
            "pad should be smaller than or equal to half of kernel size, but got padW = "
            f"{padding[1]}, padH = {padding[0]}, kW = {ksize[1]}, kH = {ksize[0]}"
        )


def _pool_input_check(input, max_pool=False):
    """torch's pool2d_shape_check: 3-D or 4-D, no empty dim but a 4-D batch (max_pool2d checks
    the rank first, in words of its own)."""
    if max_pool and input.ndim not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    if input.ndim not in (3, 4) or 0 in input.shape[-3:]:
        raise RuntimeError(
            "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but "
            f"got:{list(input.shape)}"
        )


def plane_take(input, picks, name, op="plane_take"):
    """out[..., i, j] = input[..., picks[0][i], picks[1][j]] over the last len(picks) dims (one
    to three): reflect / replicate padding and nearest upsampling, one node named `name`; its VJP
    adds g back at those positions of the flattened trailing dims (plane_scatter). `op`
    "pad_take": the padding ops' key, whose VJP depends on the input (with a zero derivative),
    as torch's reflection_pad2d_backward(grad, self)."""
    a = input._data
    xp = namespace(a)
    k = len(picks)
    lead, inner = tuple(a.shape[:-k]), tuple(a.shape[-k:])
    grids = np.meshgrid(*(np.asarray(p, dtype=np.int64) for p in picks), indexing="ij")
    flat = sum(g * int(np.prod(inner[d + 1 :])) for d, g in enumerate(grids))
    size = int(np.prod(inner))
    taken = xp.take(
        xp.reshape(a, lead + (size,)), _backend.asarray_on(flat.reshape(-1), input.device), axis=-1
    )
    idx = np.ascontiguousarray(np.broadcast_to(flat, lead + flat.shape))
    attrs = {
        "indices": Tensor._from_data(_backend.asarray_on(idx, input.device)),
        "plane": lead + (1, size),
        "shape": tuple(input.shape),
    }
    if op == "pad_take":
        attrs["name"] = name  # (its double backward is named after it)
    return _record(op, name, xp.reshape(taken, lead + flat.shape), (input,), attrs)


_float32_on_cpu = _marked(cpu="float32")  # reflection / replication pads, as torch's cpu list


@_float32_on_cpu
def reflect_or_replicate_pad(input, pad, mode):
    """F.pad's 'reflect' / 'replicate' modes over the last k = len(pad) // 2 dims (one to three)
    of a (k + 1)-D or (k + 2)-D input; ReflectionPad{k}DBackward0 / ReplicationPad{k}DBackward0."""
    k = _pad_dims(input, pad)
    if 0 in input.shape[1 if input.ndim == k + 2 else 0 :]:  # (a batch of 0 is fine)
        raise RuntimeError(
            f"Expected {k + 1}D or {k + 2}D (batch mode) tensor with possibly 0 batch size and "
            f"other non-zero dimensions for input, but got: {list(input.shape)}"
        )
    if mode == "reflect":
        for i, arg in zip(range(k), (4, 6, 8)):
            d = input.ndim - 1 - i
            if pad[2 * i] >= input.shape[d] or pad[2 * i + 1] >= input.shape[d]:
                raise RuntimeError(
                    f"Argument #{arg}: Padding size should be less than the corresponding input "
                    f"dimension, but got: padding ({pad[2 * i]}, {pad[2 * i + 1]}) at dimension "
                    f"{d} of input {list(input.shape)}"
                )
    _pad_output_check(input, pad, k, mode)
    kind = "Reflection" if mode == "reflect" else "Replication"
    if input.dtype is _backend.bool_:
        raise NotImplementedError(f"\"{kind.lower()}_pad{k}d\" not implemented for 'Bool'")
    picks = [
        _pad_positions(input.shape[-1 - i], pad[2 * i], pad[2 * i + 1], mode)
        for i in reversed(range(k))
    ]
    return plane_take(input, picks, f"{kind}Pad{k}DBackward0", "pad_take")


def _pad_output_check(input, pad, k, mode):
    """torch 2.13's checks of the padded sizes: refused when every one is below 1 (1-D: the
    one), each kernel in words of its own; else a negative one fails as the output is made."""
    ins = input.shape[-k:]
    outs = [n + pad[2 * (k - 1 - j)] + pad[2 * (k - 1 - j) + 1] for j, n in enumerate(ins)]
    if builtins.all(o < 1 for o in outs):
        given = ", ".join(f"{a}: {n}" for a, n in zip("DHW"[-k:], ins))
        given = given.replace(", H", " H") if k == 3 else given + (" " * (mode != "reflect"))
        raise RuntimeError(
            f"input ({given if k > 1 else f'W: {ins[0]}'}) is too small. Calculated output "
            + " ".join(f"{a}: {o}" for a, o in zip("DHW"[-k:], outs))
        )
    if builtins.min(outs) < 0:
        if mode == "reflect" and k == 2:
            raise RuntimeError("numel: integer multiplication overflow")
        shape = list(input.shape[:-k]) + outs
        bad = next(o for o in shape if o < 0)
        raise RuntimeError(f"Trying to create tensor with negative dimension {bad}: {shape}")


def _pad_dims(input, pad):
    """How many trailing dims a non-constant pad covers, refused as torch's F.pad where the input's
    rank does not go with it."""
    k = len(pad) // 2
    if len(pad) not in (2, 4, 6) or input.ndim not in (k + 1, k + 2):
        raise NotImplementedError(_PAD_COMBINATIONS.format(len(pad), input.ndim))
    return k


def circular_pad(input, pad):
    """F.pad's 'circular' mode as torch's _pad_circular composes it: an empty result, the input
    copied into its middle, then each padded dim's two ends copied from its far side, one copy_
    after another (so the result's node is CopySlices)."""
    k = _pad_dims(input, pad)
    shape = list(input.shape)
    for d in range(input.ndim - k, input.ndim):  # (the outermost padded dim is checked first)
        lo, hi = pad[2 * (input.ndim - 1 - d)], pad[2 * (input.ndim - 1 - d) + 1]
        if lo > shape[d] or hi > shape[d]:
            raise RuntimeError("Padding value causes wrapping around more than once.")
        shape[d] += lo + hi
        if shape[d] < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
    out = input.new_empty(shape)

    def part(d, start, stop):  # the region start:stop of dim d
        return (slice(None),) * d + (slice(start, stop),)

    dst, src = (), ()
    for d in range(input.ndim - k, input.ndim):
        lo, hi = pad[2 * (input.ndim - 1 - d)], pad[2 * (input.ndim - 1 - d) + 1]
        dst += (slice(builtins.max(lo, 0), shape[d] - builtins.max(hi, 0)),)
        src += (slice(builtins.max(-lo, 0), input.shape[d] - builtins.max(-hi, 0)),)
    lead = (slice(None),) * (input.ndim - k)
    out[lead + dst].copy_(input[lead + src])
    for i in range(k):
        d, lo, hi = input.ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        n, inner = shape[d], builtins.max(lo, 0)
        if lo > 0:
            out[part(d, 0, lo)].copy_(
                out[part(d, n - lo - builtins.max(hi, 0), n - builtins.max(hi, 0))]
            )
        if hi > 0:
            out[part(d, n - hi, n)].copy_(out[part(d, inner, inner + hi)])
    return out


_PAD_COMBINATIONS = (
    "Padding size {} is not supported for {}D input tensor.\n"
    "Supported combinations for non-constant padding:\n"
    "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
    "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
    "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)"
)


def upsample_nearest(input, size, scales):
    """Nearest-neighbour upsampling of (N, C, L) or (N, C, H, W) to `size` (out, in: in * i // out,
    or floor(i / scale) where a scale is given, as torch); UpsampleNearest{1,2}DBackward0."""
    picks = []
    for n, o, s in zip(input.shape[2:], size, scales):
        picks.append(
            np.minimum(np.floor(np.arange(o) * (1.0 / s if s else n / o)).astype(np.int64), n - 1)
        )
    return plane_take(input, picks, f"UpsampleNearest{len(picks)}DBackward0")


def _linear_matrix(n, o, scale, align_corners):
    """(o, n): row i mixes the two input positions around torch's source coordinate of output i
    (align_corners: the corners meet; else pixel centres, scaled by 1 / scale where given)."""
    m = np.zeros((o, n))
    for i in range(o):
        if align_corners:
            src = i * (n - 1) / (o - 1) if o > 1 else 0.0
        else:
            src = builtins.max((i + 0.5) * (1.0 / scale if scale else n / o) - 0.5, 0.0)
        i0 = builtins.min(int(src), n - 1)
        lam = src - i0 if i0 < n - 1 else 0.0
        m[i, i0] += 1.0 - lam
        m[i, builtins.min(i0 + 1, n - 1)] += lam
    return m


def _two_taps(a, d, n, o, scale, align_corners):
    """a resized along dim d from n to o as torch's kernel: l0 x[i0] + l1 x[i1], the source
    position's two neighbours (i1 = i0 at the last one, its weight kept)."""
    i = np.arange(o)
    if align_corners:
        src = i * ((n - 1) / (o - 1)) if o > 1 else np.zeros(o)
    else:
        src = np.maximum((i + 0.5) * (1.0 / scale if scale else n / o) - 0.5, 0.0)
    i0 = np.minimum(src.astype(np.int64), n - 1)
    l1 = (src - i0).astype(a.dtype)
    i1 = i0 + (i0 < n - 1)
    shape = [1] * a.ndim
    shape[d] = o
    l1 = l1.reshape(shape)
    return (1 - l1) * np.take(a, i0, axis=d) + l1 * np.take(a, i1, axis=d)


def upsample_linear(input, size, scales, align_corners):
    """Linear (N, C, L) or bilinear (N, C, H, W) resizing as interpolation matrices (ph @ x @
    pw^T, ph None for one dim); one UpsampleLinear1DBackward0 / UpsampleBilinear2DBackward0."""
    dt, dev = input.dtype, input.device
    ms = [_linear_matrix(n, o, s, align_corners) for n, o, s in zip(input.shape[2:], size, scales)]
    ph, pw, pw_t = (
        Tensor._from_data(_cast(_backend.asarray_on(np.ascontiguousarray(m), dev), dt))
        for m in (ms[0], ms[-1], ms[-1].T)
    )
    ph = ph if len(ms) == 2 else None
    a = input._data
    xp = namespace(a)
    if a.__class__ is np.ndarray and not np.isfinite(a).all():  # (a product by the matrices'
        r = a  # zeros would spread an inf or nan: torch's two taps per output, each dim in turn)
        for k, (n, o, sc) in reversed(list(enumerate(zip(input.shape[2:], size, scales)))):
            r = _two_taps(r, 2 + k, n, o, sc, align_corners)
        r = _cast(r, dt)
    else:
        r = _cast(xp.matmul(a if ph is None else xp.matmul(ph._data, a), pw_t._data), dt)
    name = "UpsampleBilinear2DBackward0" if ph is not None else "UpsampleLinear1DBackward0"
    return _record("upsample_linear", name, r, (input,), {"ph": ph, "pw": pw})


# ============================================================================= average pooling


def _avg_divisor(size, k, s, p, out, include_pad):
    """Per output position along one dim: the window's length (torch's avg_pool2d rule), with or
    without the padding."""
    start = np.arange(out) * s - p
    end = np.minimum(start + k, size + p)
    full = end - start
    inside = np.minimum(end, size) - np.maximum(start, 0)
    return full if include_pad else inside


def avg_pool2d(
    input,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode=False,
    count_include_pad=True,
    divisor_override=None,
):
    """The mean over each window (zero padding counted or not); one AvgPool2DBackward0 node."""
    ksize = _pair(kernel_size)
    stride = ksize if stride is None or stride == [] else _pair(stride)
    padding = _pair(padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    if input.ndim < 3:  # (its meta function reads input.size(-3))
        raise IndexError(
            f"Dimension out of range (expected to be in range of [-{input.ndim}, "
            f"{input.ndim - 1}], but got -3)"
        )
    _pool_checks(input, ksize, stride, padding, (1, 1))
    a = input._data
    xp = namespace(a)
    a4 = a if a.ndim == 4 else a[None, ...]
    h, w = a4.shape[2:]
    pads = (padding[0], padding[0], padding[1], padding[1])
    if ceil_mode:
        eh, ew = (_ceil_extra(n, k, s, p, 1) for n, k, s, p in zip((h, w), ksize, stride, padding))
        pads = (pads[0], pads[1] + eh, pads[2], pads[3] + ew)
    _pooled_size(a4, ksize, stride, pads, (1, 1))
    if _backend.kind(a.dtype) in "biu" and input.dtype is not _backend.int64:
        raise _no_kernel("avg_pool2d", input)  # int64 only: a mean rounded toward zero
    cols, (oh, ow) = _im2col(a4, ksize, stride, pads, (1, 1))
    kk = ksize[0] * ksize[1]
    sums = xp.sum(xp.reshape(cols, (a4.shape[0], a4.shape[1], kk, oh, ow)), axis=2)
    if divisor_override:
        div = np.full((oh, ow), float(divisor_override))
    else:
        dh, dw = (
            _avg_divisor(n, k, s, p, o, count_include_pad)
            for n, k, s, p, o in zip((h, w), ksize, stride, padding, (oh, ow))
        )
        div = np.outer(dh, dw).astype(np.float64)
    div = Tensor._from_data(_cast(_backend.asarray_on(div, input.device), input.dtype))
    r = xp.reshape(sums / div._data, tuple(a.shape[:-2]) + (oh, ow))
    if input.dtype is _backend.int64:
        r = xp.astype(r, xp.int64)  # (truncates, as torch's integer division)
    attrs = {"div": div, "hw": (h, w), "ksize": ksize, "stride": stride, "padding": pads}
    r = _backend.pooled(r, a)
    return _record("avg_pool2d", "AvgPool2DBackward0", r, (input,), attrs)


def _adaptive_matrix(n, o):
    """(o, n): row i averages input positions floor(i n / o) .. ceil((i + 1) n / o) - 1."""
    m = np.zeros((o, n))
    for i in range(o):
        start, end = (i * n) // o, -(-((i + 1) * n) // o)
        m[i, start:end] = 1.0 / (end - start)
    return m


def _window_means(a, size):
    """Each adaptive window's mean, window by window (torch's kernel: a sum over the window)."""
    (h, w), (oh, ow) = a.shape[-2:], size
    out = np.empty(a.shape[:-2] + (oh, ow), a.dtype)
    for i in range(oh):
        hs, he = (i * h) // oh, -(-((i + 1) * h) // oh)
        for j in range(ow):
            ws, we = (j * w) // ow, -(-((j + 1) * w) // ow)
            out[..., i, j] = a[..., hs:he, ws:we].sum((-2, -1)) / ((he - hs) * (we - ws))
    return out


def _window_spread(g, hw):
    """adaptive_avg_pool2d's gradient window by window: each output's g / its window's size added
    to the window (torch's backward kernel, in its order)."""
    (h, w), (oh, ow) = hw, g.shape[-2:]
    out = np.zeros(g.shape[:-2] + (h, w), g.dtype)
    for i in range(oh):
        hs, he = (i * h) // oh, -(-((i + 1) * h) // oh)
        for j in range(ow):
            ws, we = (j * w) // ow, -(-((j + 1) * w) // ow)
            out[..., hs:he, ws:we] += (g[..., i, j] / ((he - hs) * (we - ws)))[..., None, None]
    return out


def adaptive_avg_pool2d(input, output_size):
    """Average pooling to output_size (None: keep that dim) with torch's windows, as two averaging
    matrices (ph @ x @ pw^T); one AdaptiveAvgPool2DBackward0 node (a 1x1 output: torch's mean)."""
    size = _pair(output_size)
    size = tuple(n if o is None else o for n, o in zip(input.shape[-2:], size))
    if min(size) < 0:
        raise RuntimeError(
            "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
            f"received {{{size[0]}, {size[1]}}}"
        )
    if size == (1, 1):  # torch's shortcut, before its kernel's checks: a mean (and its refusals)
        return input.mean((-1, -2), keepdim=True)
    if input.ndim not in (3, 4):
        raise RuntimeError(
            f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {list(input.shape)}"
        )
    for i in (-2, -1):
        if not input.shape[i]:
            raise RuntimeError(
                "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
                f"dimensions, but input has sizes {list(input.shape)} with dimension "
                f"{i + input.ndim} being empty"
            )
    if _backend.kind(input._data.dtype) != "f" and 0 not in size + tuple(input.shape[:-2]):
        raise _no_kernel("adaptive_avg_pool2d", input)  # (an empty result runs no kernel)
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    dt, dev = input.dtype, input.device
    mh, mw = (_adaptive_matrix(n, o) for n, o in zip(input.shape[-2:], size))
    ph, pw, pw_t = (
        Tensor._from_data(_cast(_backend.asarray_on(np.ascontiguousarray(m), dev), dt))
        for m in (mh, mw, mw.T)
    )
    a = input._data
    xp = namespace(a)
    if a.__class__ is np.ndarray and not np.isfinite(a).all():  # (a product by the matrices'
        r = _window_means(a, size)  # zeros would spread an inf or nan: each window's own sum)
    else:
        r = _cast(xp.matmul(xp.matmul(ph._data, a), pw_t._data), dt)
    r = _backend.pooled(r, a)
    return _record(
        "adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", r, (input,), {"ph": ph, "pw": pw}
    )


FUNCTIONS = "max_pool2d constant_pad_nd".split()  # torch.<name>
METHODS = "".split()  # Tensor.<name>
INPLACE = "".split()  # Tensor.<name>_
