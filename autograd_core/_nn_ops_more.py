"""The ops behind the second wave of nn layers, each one node with torch's name: the transposed
convolutions (ConvolutionBackward0, as torch's ``convolution`` with transposed=True), pixel and
channel shuffles, the trilinear product behind bilinear (TrilinearBackward0), the safe softmax of
the attention's math path (SafeSoftmaxBackward0) and the fused CPU attention
(ScaledDotProductFlashAttentionForCpuBackward0, whose double backward torch does not implement).
Their backward rules are in _vjps_nn_more. The layers composed of ops are in
nn/_functional_layers.

A transposed convolution is the gradient of a convolution with respect to its input: its forward
is conv2d's input-gradient kernel (a col2im of W^T x), its backward a convolution (an im2col of
the gradient), so the rules reuse the unfold2d / fold2d ops of _nn_ops and differentiate again.
"""

import builtins
import math

import numpy as np

from . import _backend, _messages
from ._amp_policy import lower_precision
from ._backend import namespace
from ._messages import C_TYPES
from ._nn_ops import _check_ranks, check_groups
from ._norms import batch_norm
from ._operands import _cast, _cname, _no_kernel
from ._ops import _record, silent
from ._reductions import softmax
from ._vjps_shapes import plus, times
from .grad_mode import no_grad


def _pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


# ============================================================================= transposed conv


def _transposed(a, w, stride, padding, output_padding, dilation, groups):
    """(N, Cin, H, W) and weight (Cin, Cout/groups, kh, kw) -> (N, Cout, OH, OW): every input
    pixel's weighted kernel added into the output (the col2im of W^T x, then cropped by padding
    and extended by output_padding)."""
    xp = namespace(a)
    n, cin, h, wd = a.shape
    cg, kh, kw = w.shape[1:]
    (sh, sw), (dh, dw), (ph, pw) = stride, dilation, padding
    lh, lw = (h - 1) * sh + dh * (kh - 1) + 1, (wd - 1) * sw + dw * (kw - 1) + 1
    oh, ow = lh - 2 * ph + output_padding[0], lw - 2 * pw + output_padding[1]
    w3 = xp.reshape(w, (groups, cin // groups, cg * kh * kw))
    cols = xp.matmul(xp.matrix_transpose(w3), xp.reshape(a, (n, groups, cin // groups, h * wd)))
    c5 = xp.reshape(cols, (n, groups * cg, kh * kw, h, wd))
    full = xp.zeros((n, groups * cg, lh, lw), dtype=cols.dtype, device=cols.device)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + sh * (h - 1) + 1, sh)
            full[:, :, rows, j * dw : j * dw + sw * (wd - 1) + 1 : sw] += c5[:, :, i * kw + j]
    out = xp.zeros((n, groups * cg, oh, ow), dtype=cols.dtype, device=cols.device)
    eh, ew = builtins.min(lh, ph + oh) - ph, builtins.min(lw, pw + ow) - pw  # (output_padding's
    out[:, :, :eh, :ew] = full[:, :, ph : ph + eh, pw : pw + ew]  # rows past the full output: 0)
    return out, (lh, lw)


def _check_transposed(input, weight, bias, stride, padding, output_padding, dilation, groups):
    """torch's checks of a transposed convolution, in its order: the parameters, the shapes
    (check_shape_forward, on the shapes given), slow_conv_transpose2d's shape check (on the 2-D
    forms: a 1-D one's height is one), then its kernel's dtypes."""
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    if builtins.min(padding) < 0:
        raise RuntimeError("negative padding is not supported")
    if builtins.min(output_padding) < 0:
        raise RuntimeError("negative output_padding is not supported")
    if builtins.min(stride) <= 0:
        raise RuntimeError("non-positive stride is not supported")
    if builtins.min(dilation) < 0:
        raise RuntimeError("dilation should be greater than zero")
    w = check_groups(weight, groups)
    if input.shape[1] != w[0]:
        raise RuntimeError(
            f"Given transposed=1, weight of size {w}, expected input{list(input.shape)} to have "
            f"{w[0]} channels, but got {input.shape[1]} channels instead"
        )
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != w[1] * groups):
        raise RuntimeError(
            f"Given transposed=1, weight of size {w}, expected bias to be 1-dimensional with "
            f"{w[1] * groups} elements, but got bias of size {list(bias.shape)} instead"
        )
    (h, wd), (kh, kw), (ph, pw) = input.shape[-2:], weight.shape[-2:], padding
    h, kh = (h, kh) if input.ndim == 4 else (1, 1)
    (dh, dw), (sh, sw), (oph, opw) = dilation, stride, output_padding
    if kh <= 0 or kw <= 0:
        raise RuntimeError(
            f"kernel size should be greater than zero, but got kernel_height: {kh} "
            f"kernel_width: {kw}"
        )
    if dh <= 0 or dw <= 0:
        raise RuntimeError(
            f"dilation should be greater than zero, but got dilation_height: {dh}, "
            f"dilation_width: {dw}"
        )
    if not ((opw < sw or opw < dw) and (oph < sh or oph < dh)):
        raise RuntimeError(
            "output padding must be smaller than either stride or dilation, but got "
            f"output_padding_height: {oph} output_padding_width: {opw} stride_height: {sh} "
            f"stride_width: {sw} dilation_height: {dh} dilation_width: {dw}"
        )
    if weight.numel() == 0:
        w4 = w if input.ndim == 4 else [*w[:2], 1, w[2]]
        raise RuntimeError(f"non-empty 2D or 4D weight tensor expected, but got: {w4}")
    oh = (h - 1) * sh - 2 * ph + dh * (kh - 1) + 1 + oph
    ow = (wd - 1) * sw - 2 * pw + dw * (kw - 1) + 1 + opw
    if oh < 1 or ow < 1:
        raise RuntimeError(
            f"Given input size per channel: ({h} x {wd}). Calculated output size per channel: "
            f"({oh} x {ow}). Output size is too small"
        )
    if not input.dtype.is_floating_point and input.dtype is not _backend.int64:  # (its kernels)
        raise _no_kernel("slow_conv_transpose2d_out_cpu", input)
    if input.dtype != weight.dtype:
        raise RuntimeError(f"expected scalar type {_cname(input)} but found {_cname(weight)}")


def _conv_transpose(op, input, weight, bias, stride, padding, output_padding, dilation, groups):
    """The transposed convolution of 4-D arrays (a 1-D one: a height of one), recorded as `op`."""
    one = op == "conv_transpose1d"
    a, w = (t._data[:, :, None, :] if one else t._data for t in (input, weight))
    (a, low), (w, _) = _backend.opmath(a), _backend.opmath(w)  # (16-bit: float32, rounded once)
    r, full = _transposed(a, w, stride, padding, output_padding, dilation, groups)
    if bias is not None:  # (in the input's dtype: torch's kernel takes any floating bias)
        r = r + namespace(r).reshape(_cast(_backend.opmath(bias._data)[0], r.dtype), (1, -1, 1, 1))
    r = _cast(_backend.round_back(r, low), input.dtype)
    attrs = {"ksize": tuple(w.shape[2:]), "stride": stride, "padding": padding}
    attrs.update(dilation=dilation, groups=groups, full=full)
    return _record(
        op, "ConvolutionBackward0", r[:, :, 0] if one else r, (input, weight, bias), attrs
    )


def _weight_rank(weight):
    if weight.ndim < 3:  # (before the stride's length, which would be checked against 0 dims)
        raise RuntimeError("weight should have at least three dimensions")


def _unbatched(fn, input, weight, bias, *args):
    return fn(input.unsqueeze(0), weight, bias, *args).squeeze(0)


@lower_precision
def conv_transpose2d(
    input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1
):
    """2-D transposed convolution of (N, Cin, H, W) (or unbatched (Cin, H, W)) with weight
    (Cin, Cout/groups, kh, kw), + bias (Cout,); one ConvolutionBackward0 node."""
    args = (stride, padding, output_padding, groups, dilation)
    if input.ndim == 3:  # unbatched, as torch: a batch of one, squeezed back
        return _unbatched(conv_transpose2d, input, weight, bias, *args)
    if input.ndim != 4:
        raise RuntimeError(
            "Expected 3D (unbatched) or 4D (batched) input to conv_transpose2d, but got input of "
            f"size: {list(input.shape)}"
        )
    if isinstance(padding, str):
        raise TypeError("conv_transpose2d(): argument 'padding' must be tuple of ints, not str")
    _weight_rank(weight)
    _check_ranks(input, weight, stride, padding)
    stride, padding, output_padding, dilation = map(
        _pair, (stride, padding, output_padding, dilation)
    )
    _check_transposed(input, weight, bias, stride, padding, output_padding, dilation, groups)
    return _conv_transpose(
        "conv_transpose2d", input, weight, bias, stride, padding, output_padding, dilation, groups
    )


@lower_precision
def conv_transpose1d(
    input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1
):
    """1-D transposed convolution of (N, Cin, L) (or unbatched (Cin, L)) with weight
    (Cin, Cout/groups, k): the 2-D one on a height of one (torch's kernel, and its messages)."""
    args = (stride, padding, output_padding, groups, dilation)
    if input.ndim == 2:
        return _unbatched(conv_transpose1d, input, weight, bias, *args)
    if input.ndim != 3:
        raise RuntimeError(
            "Expected 2D (unbatched) or 3D (batched) input to conv_transpose1d, but got input of "
            f"size: {list(input.shape)}"
        )
    if isinstance(padding, str):
        raise TypeError("conv_transpose1d(): argument 'padding' must be tuple of ints, not str")
    _weight_rank(weight)
    _check_ranks(input, weight, stride, padding)
    one = lambda v, n=0: (n, v if isinstance(v, int) else tuple(v)[0])  # noqa: E731
    stride, dilation = one(stride, 1), one(dilation, 1)
    padding, output_padding = one(padding), one(output_padding)
    _check_transposed(input, weight, bias, stride, padding, output_padding, dilation, groups)
    return _conv_transpose(
        "conv_transpose1d", input, weight, bias, stride, padding, output_padding, dilation, groups
    )


# ============================================================================= shuffles


def _int_arg(fn, name, v):
    """torch's binding's refusal of a non-int factor or group count (argument 2)."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(
            f"{fn}(): argument '{name}' (position 2) must be int, not {type(v).__name__}"
        )


def _shuffle_dims(input, name):
    if input.ndim < 3:
        raise RuntimeError(
            f"{name} expects input to have at least 3 dimensions, but got input with "
            f"{input.ndim} dimension(s)"
        )


def pixel_shuffle(input, upscale_factor):
    """(*, C r^2, H, W) -> (*, C, H r, W r); one PixelShuffleBackward0 node."""
    _int_arg("pixel_shuffle", "upscale_factor", upscale_factor)
    _shuffle_dims(input, "pixel_shuffle")
    r = upscale_factor
    if r <= 0:
        raise RuntimeError(f"pixel_shuffle expects a positive upscale_factor, but got {r}")
    *lead, c, h, w = input.shape
    if c % (r * r):
        raise RuntimeError(
            "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square "
            f"of upscale_factor, but input.size(-3)={c} is not divisible by {r * r}"
        )
    xp = namespace(input._data)
    a = xp.reshape(input._data, (*lead, c // (r * r), r, r, h, w))
    k = len(lead)
    a = xp.permute_dims(a, (*range(k), k, k + 3, k + 1, k + 4, k + 2))
    out = xp.reshape(a, (*lead, c // (r * r), h * r, w * r))
    return _record("pixel_shuffle", "PixelShuffleBackward0", out, (input,), {"factor": r})


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H r, W r) -> (*, C r^2, H, W), pixel_shuffle's inverse; PixelUnshuffleBackward0."""
    _int_arg("pixel_unshuffle", "downscale_factor", downscale_factor)
    _shuffle_dims(input, "pixel_unshuffle")
    r = downscale_factor
    if r <= 0:
        raise RuntimeError(f"pixel_unshuffle expects a positive downscale_factor, but got {r}")
    *lead, c, h, w = input.shape
    for what, n, d in (("height", h, -2), ("width", w, -1)):
        if n % r:
            raise RuntimeError(
                f"pixel_unshuffle expects {what} to be divisible by downscale_factor, but "
                f"input.size({d})={n} is not divisible by {r}"
            )
    xp = namespace(input._data)
    a = xp.reshape(input._data, (*lead, c, h // r, r, w // r, r))
    k = len(lead)
    a = xp.permute_dims(a, (*range(k), k, k + 2, k + 4, k + 1, k + 3))
    out = xp.reshape(a, (*lead, c * r * r, h // r, w // r))
    return _record("pixel_unshuffle", "PixelUnshuffleBackward0", out, (input,), {"factor": r})


def channel_shuffle(input, groups):
    """(N, C, *) -> the C channels as (groups, C / groups) transposed; ChannelShuffleBackward0."""
    _int_arg("channel_shuffle", "groups", groups)
    if input.ndim <= 2:
        raise RuntimeError(
            f"channel_shuffle expects input with > 2 dims, but got input with sizes "
            f"{list(input.shape)}"
        )
    if groups <= 0:
        raise RuntimeError(
            f"Number of groups to divide channels in must be positive. Value of groups:{groups}"
        )
    n, c, *rest = input.shape
    if c % groups:
        raise RuntimeError(
            f"Number of channels must be divisible by groups. Got {c} channels and {groups} groups."
        )
    xp = namespace(input._data)
    a = xp.reshape(input._data, (n, groups, c // groups, *rest))
    out = xp.reshape(xp.permute_dims(a, (0, 2, 1, *range(3, a.ndim))), (n, c, *rest))
    return _record("channel_shuffle", "ChannelShuffleBackward0", out, (input,), {"groups": groups})


native_channel_shuffle = channel_shuffle


# ============================================================================= products


def _subscripts(ndim, expand):
    return "".join(chr(97 + d) for d in range(ndim) if d not in expand)


def trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim):
    """torch._trilinear: i1, i2, i3 each unsqueezed at its expand dims, multiplied, and summed over
    sumdim (bilinear's product); one TrilinearBackward0 node."""
    ndim = i1.ndim + len(expand1)
    subs = [_subscripts(ndim, e) for e in (expand1, expand2, expand3)]
    xp = namespace(i1._data)
    eq = ",".join(subs) + "->" + _subscripts(ndim, sumdim)
    arrays = [_backend.opmath(t._data) for t in (i1, i2, i3)]
    r = _backend.round_back(xp.einsum(eq, *(a for a, _ in arrays)), arrays[0][1])
    attrs = {"expand": (tuple(expand1), tuple(expand2), tuple(expand3)), "sumdim": tuple(sumdim)}
    return _record("trilinear", "TrilinearBackward0", r, (i1, i2, i3), attrs)


# ============================================================================= attention


def mul_scalar(x, c):
    """x * c for a Python number c as torch's C++ writes it, mul by a Scalar: one MulBackward1
    node, whose gradient is again such a product (Python's x * c is a MulBackward0)."""
    return times(x, c)


@silent
def safe_softmax(x, dim):
    """torch._safe_softmax: softmax, with 0 (not NaN) on the rows that are all -inf (a fully
    masked query of attention's math path); one SafeSoftmaxBackward0 node."""
    with no_grad():
        out = softmax(x, dim)._data
    xp = namespace(out)
    masked = xp.all(xp.isinf(x._data) & (x._data < 0), axis=dim, keepdims=True)
    out = xp.where(masked, xp.zeros_like(out), out)
    return _record("safe_softmax", "SafeSoftmaxBackward0", out, (x,), {"dim": dim % x.ndim})


def attention_probs(q, k, mask, is_causal, scale):
    """The arrays softmax(q k^T scale + mask) of the fused kernel (k's heads repeated for grouped
    query attention), fully masked rows 0; in float32 for 16-bit inputs."""
    xp = namespace(q)
    s = xp.matmul(q, xp.matrix_transpose(xp.repeat(k, q.shape[-3] // k.shape[-3], axis=-3)))
    s = s * scale
    if mask is not None:
        s = s + xp.astype(mask, s.dtype)
    if is_causal:
        lq, ls = s.shape[-2:]
        s = xp.where(np.tril(np.ones((lq, ls), dtype=bool)), s, -math.inf)
    with np.errstate(all="ignore"):
        m = xp.max(s, axis=-1, keepdims=True)
        e = xp.exp(s - xp.where(xp.isfinite(m), m, xp.zeros_like(m)))
        total = xp.sum(e, axis=-1, keepdims=True)
        return xp.where(total > 0, e / xp.where(total > 0, total, 1), xp.zeros_like(e))


def flash_attention(query, key, value, mask, is_causal, scale):
    """torch's _scaled_dot_product_flash_attention_for_cpu (4-D inputs, same batch, key and value
    heads dividing the query's): the attention's values, one
    ScaledDotProductFlashAttentionForCpuBackward0 node (rule: the math formula)."""
    dtype = query.dtype
    if mask is not None and mask.dtype is not _backend.float32 and mask.dtype != dtype:
        raise RuntimeError(
            "scaled_dot_product_attention_flash_attention: Attention mask is the same data type "
            "as query"
        )
    (q, low), (k, _), (v, _) = (_backend.opmath(t._data) for t in (query, key, value))
    m = None if mask is None else _backend.opmath(mask._data)[0]
    p = attention_probs(q, k, m, is_causal, scale)
    xp = namespace(p)
    out = xp.matmul(p, xp.repeat(v, q.shape[-3] // v.shape[-3], axis=-3))
    out = _cast(_backend.round_back(out, low), dtype)
    attrs = {"mask": m, "is_causal": is_causal, "scale": scale}
    name = "ScaledDotProductFlashAttentionForCpuBackward0"
    return _record("sdpa_flash", name, out, (query, key, value), attrs)


def flash_backward_tie(t, *ties):
    """A gradient of the fused attention under create_graph: torch's backward kernel has no
    derivative, so its results hang from a NotImplemented node whose backward refuses."""
    return _record("flash_not_implemented", "NotImplemented", t._data, ties)


FLASH_DOUBLE_BACKWARD = (
    "derivative for aten::_scaled_dot_product_flash_attention_for_cpu_backward is not implemented"
)


# ============================================================================= composites


def _c_type(t):
    return C_TYPES[t.dtype.name]


_WARNED = []  # (torch warns of a mixed-dtype rms_norm once per process)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """torch.rms_norm as torch composes it: x * rsqrt(mean(x^2) + eps) (in float32 for 16-bit x,
    eps the epsilon of that dtype by default) over the trailing normalized_shape, * weight, in
    x's dtype again."""
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if input.ndim < len(shape):
        raise ValueError(
            f"Input tensor must have at least {len(shape)} dimensions, but got {input.ndim}"
        )
    if not shape:
        raise RuntimeError(
            "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least "
            "one element, but got normalized_shape = []"
        )
    if weight is not None and tuple(weight.shape) != shape:
        raise RuntimeError(
            "Expected weight to be of same shape as normalized_shape, but got weight of shape "
            f"{list(weight.shape)} and normalized_shape = {list(shape)}"
        )
    if tuple(input.shape[input.ndim - len(shape) :]) != shape:
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape "
            f"[*{', '.join(map(str, shape))}], but got input of size{list(input.shape)}"
        )
    if not input.dtype.is_floating_point:
        raise _no_kernel("rms_norm", input)
    if weight is not None and weight.dtype != input.dtype and not _WARNED:
        _WARNED.append(True)  # (TORCH_WARN_ONCE: once per process, whatever the dtypes)
        _messages.warn(
            f"Mismatch dtype between input and weight: input dtype = {_c_type(input)}, weight "
            f"dtype = {_c_type(weight)}, Cannot dispatch to fused implementation."
        )
    work = _backend.float32 if input.dtype.itemsize == 2 else input.dtype
    eps = _backend.finfo(work).eps if eps is None else eps
    x = input.to(work)
    dims = list(range(input.ndim - 1, input.ndim - len(shape) - 1, -1))
    r = x.mul(plus(x.pow(2).mean(dims, keepdim=True), eps).rsqrt())
    return (r if weight is None else r.mul(weight)).type_as(input)


def instance_norm(
    input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
    cudnn_enabled=True,
):  # fmt: skip
    """torch.instance_norm as torch composes it: batch_norm of the input viewed as one sample of
    N * C channels (weight, bias and running statistics repeated N times); the running
    statistics then take the mean over the batch of the updated copies."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError(
            "Expected running_mean and running_var to be defined when use_input_stats is false"
        )
    b, c = input.size(0), input.size(1)
    w, bs, rm, rv = (
        None if t is None else t.repeat(b) for t in (weight, bias, running_mean, running_var)
    )
    shape = (1, b * c, *input.shape[2:])
    out = batch_norm(
        input.contiguous().view(shape), w, bs, rm, rv, use_input_stats, momentum, eps,
        cudnn_enabled,
    )  # fmt: skip
    with no_grad():
        for stats, copies in ((running_mean, rm), (running_var, rv)):
            if stats is not None:
                stats.copy_(copies.view(b, c).mean(0))
    return out.view(input.shape)


def bilinear(input1, input2, weight, bias=None):
    """torch.bilinear: x1^T A x2 + b for each of the out_features matrices A of weight
    (out, in1, in2), as torch composes it: a _trilinear product of the flattened inputs."""
    ts = (input1, input2, weight) + (() if bias is None else (bias,))
    if len({t.dtype for t in ts}) > 1:
        names = ("input1", "input2", "weight", "bias")
        raise RuntimeError(
            "All tensors must have the same dtype, got "
            + ", ".join(f"{n}: {_c_type(t)}" for n, t in zip(names, ts))
        )
    if input1.ndim != input2.ndim:
        raise RuntimeError(
            f"bilinear(): input dimensions do not match: got {input1.ndim} and {input2.ndim}"
        )
    for i in range(input1.ndim - 1):
        if input1.shape[i] != input2.shape[i]:
            raise RuntimeError(
                f"bilinear(): input batch dimensions do not match at dim {i}: got "
                f"{input1.shape[i]} and {input2.shape[i]}"
            )
    for what, t, d in (("input1", input1, 1), ("input2", input2, 2), ("bias", bias, 0)):
        n = None if t is None else t.size(0 if t is bias else -1)
        if n is not None and n != weight.size(d):
            raise RuntimeError(
                f"bilinear(): {what} size does not match weight size: got {n} but expected "
                f"{weight.size(d)}"
            )
    out_shape = (*input1.shape[:-1], weight.size(0))
    x1, x2 = (t.reshape(-1, t.size(-1)) for t in (input1, input2))
    out = trilinear(x1, weight, x2, [1, 3], [0], [1, 2], [2, 3]).reshape(out_shape)
    return out if bias is None else out + bias


FUNCTIONS = """
    conv_transpose1d conv_transpose2d pixel_shuffle pixel_unshuffle channel_shuffle
    native_channel_shuffle rms_norm instance_norm bilinear
""".split()  # torch.<name>
METHODS = []
INPLACE = []
