"""torch.nn.functional's second wave of layers: transposed convolutions, pixel and channel
shuffles, scaled_dot_product_attention, rms_norm, instance_norm, bilinear and channel-wise
dropout (dropout1d / dropout2d).

The fused ops (ConvolutionBackward0, PixelShuffleBackward0, ChannelShuffleBackward0,
TrilinearBackward0, ScaledDotProductFlashAttentionForCpuBackward0) are _nn_ops_more's; the rest
is composed of ops in the order torch composes it, so the graph's nodes are torch's:
scaled_dot_product_attention's math path is _scaled_dot_product_attention_math's ops, and the
choice between it and the fused CPU kernel is torch's (sdp_utils_cpp's constraints).
"""

import math
import warnings

import autograd_core as _ac
from autograd_core import _nn_ops_more as _M
from autograd_core._amp_policy import lower_precision as _lower_precision
from autograd_core._messages import C_TYPES

__all__ = [
    "conv_transpose1d",
    "conv_transpose2d",
    "pixel_shuffle",
    "pixel_unshuffle",
    "channel_shuffle",
    "native_channel_shuffle",
    "bilinear",
    "rms_norm",
    "instance_norm",
    "dropout1d",
    "dropout2d",
    "scaled_dot_product_attention",
]

# torch.nn.functional's are torch's own functions here.
conv_transpose1d = _ac.conv_transpose1d
conv_transpose2d = _ac.conv_transpose2d
pixel_shuffle = _ac.pixel_shuffle
pixel_unshuffle = _ac.pixel_unshuffle
channel_shuffle = _ac.channel_shuffle
native_channel_shuffle = _ac.native_channel_shuffle
bilinear = _ac.bilinear


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """x / sqrt(mean(x^2) + eps) over the trailing normalized_shape, times weight (eps defaults
    to the epsilon of x's dtype, float32's for 16-bit x)."""
    return _ac.rms_norm(input, normalized_shape, weight, eps)


def instance_norm(
    input,
    running_mean=None,
    running_var=None,
    weight=None,
    bias=None,
    use_input_stats=True,
    momentum=0.1,
    eps=1e-5,
):
    """Normalize each channel of each sample over its spatial dims (batch_norm of N * C
    channels), then scale and shift per channel; the running statistics are updated with the
    batch's mean of them when given and use_input_stats."""
    if use_input_stats:
        size = input.size()
        n = math.prod(size[2:])
        if n == 1:
            raise ValueError(
                f"Expected more than 1 spatial element when training, got input size {size}"
            )
    return _ac.instance_norm(
        input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, True
    )


# ----------------------------------------------------------------------------- dropout


def _feature_dropout(input, p, training, inplace):
    """torch's feature_dropout: input times a noise of one Bernoulli(1 - p) / (1 - p) value per
    (sample, channel), broadcast over the other dims (MulBackward0); input itself when p is 0,
    not training or empty, times a 0-dim zero when p is 1."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        noise = _ac.zeros((), dtype=input.dtype, device=input.device)
    else:
        if input.ndim < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        shape = (*input.shape[:2], *(1,) * (input.ndim - 2))
        noise = input.new_empty(shape).bernoulli_(1 - p)
        noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, L) or (C, L) with probability p (training), scaling the
    rest by 1 / (1 - p)."""
    _check_p(p)
    if input.ndim not in (2, 3):
        raise RuntimeError(
            f"dropout1d: Expected 2D or 3D input, but received a {input.ndim}D input. Note that "
            "dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, "
            "a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs)."
        )
    batched = input.ndim == 3
    if not batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _feature_dropout(input, p, training, inplace)
    if not batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, H, W) with probability p (training), scaling the rest by
    1 / (1 - p); a 3-D input is taken as (N, C, L), with torch's warnings."""
    _check_p(p)
    if input.ndim not in (3, 4):
        warnings.warn(
            f"dropout2d: Received a {input.ndim}-D input to dropout2d, which is deprecated and "
            "will result in an error in a future release. To retain the behavior and silence "
            "this warning, please use dropout instead. Note that dropout2d exists to provide "
            "channel-wise dropout on inputs with 2 spatial dimensions, a channel dimension, and "
            "an optional batch dimension (i.e. 3D or 4D inputs).",
            stacklevel=2,
        )
    if input.ndim == 3:
        warnings.warn(
            "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D "
            "dropout behavior is desired - input is interpreted as shape (N, C, L), where C is "
            "the channel dim. This behavior will change in a future release to interpret the "
            "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
            "channel-wise dropout behavior, please switch to using dropout1d instead.",
            stacklevel=2,
        )
    return _feature_dropout(input, p, training, inplace)


# ----------------------------------------------------------------------------- attention


def _sdpa_checks(query, key, value, attn_mask):
    """torch's validate_sdpa_input."""
    q, k, v = (C_TYPES[t.dtype.name] for t in (query, key, value))
    if not query.dtype == key.dtype == value.dtype:
        raise RuntimeError(
            "Expected query, key, and value to have the same dtype, but got query.dtype: "
            f"{q} key.dtype: {k} and value.dtype: {v} instead."
        )
    if not query.device == key.device == value.device:
        raise RuntimeError(
            "Expected query, key, and value to have the same device type, but got query.device: "
            f"{query.device} key.device: {key.device} and value.device: {value.device} instead."
        )
    if min(query.ndim, key.ndim, value.ndim) < 2:
        raise RuntimeError(
            "Expected query, key, and value to all be  at least 2 dimensional, but got "
            f"query.dim: {query.ndim} key.dim: {key.ndim} and value.dim: {value.ndim} instead."
        )
    if attn_mask is not None and attn_mask.dtype not in (_ac.bool, _ac.float32, query.dtype):
        raise RuntimeError(
            "Expected attn_mask dtype to be bool or float or to match query dtype, but got "
            f"attn_mask.dtype: {C_TYPES[attn_mask.dtype.name]} and  query.dtype: {q} instead."
        )


def _use_flash(q, k, v, mask, dropout_p, enable_gqa):
    """torch's use_flash_attention_cpp: its constraints, in its order (a 1-D mask fails the shape
    check with size(-2)'s IndexError, as torch's)."""
    if dropout_p > 0.0 or not q.ndim == k.ndim == v.ndim == 4:
        return False
    if not q.shape[0] == k.shape[0] == v.shape[0]:
        return False
    hq, hk, hv = q.shape[1], k.shape[1], v.shape[1]
    if enable_gqa and (hk != hv or hq % hk) or not enable_gqa and not hq == hk == hv:
        return False
    if mask is not None:
        if mask.requires_grad:
            return False
        if mask.size(-2) not in (q.shape[2], 1) or mask.size(-1) not in (k.shape[2], 1):
            return False
        if not (mask.ndim == 2 or mask.ndim == 4 and mask.shape[0] in (1, q.shape[0])):
            return False
        if mask.ndim == 4 and mask.shape[1] not in (1, hq):
            return False
    if not q.shape[3] == k.shape[3] == v.shape[3] or 0 in (q.shape[2], k.shape[2]):
        return False
    if 1 != q.stride(-1) or 1 != k.stride(-1) or 1 != v.stride(-1):
        return False
    return q.dtype.is_floating_point


def _additive(mask, dtype):
    """torch's convert_boolean_attn_mask: a bool mask as 0 where True, -inf where False."""
    if mask is None or mask.dtype is not _ac.bool:
        return mask
    return _ac.where(mask, 0.0, _ac.tensor(-math.inf, dtype=dtype, device=mask.device))


def scaled_dot_product_attention(
    query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False
):
    """softmax(q k^T * scale + mask) v, scale 1 / sqrt(E) by default: a bool mask keeps where
    True, a float one is added; is_causal keeps the lower triangle; dropout on the weights;
    enable_gqa repeats key and value heads to the query's. Where torch's CPU path takes its fused
    kernel (4-D inputs, no dropout, equal head dims...), one fused node; else its math path."""
    return _sdpa(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)


@_lower_precision  # (torch's autocast lists it; all its tensors cast, the mask too)
def _sdpa(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa):
    _sdpa_checks(query, key, value, attn_mask)
    flash = _use_flash(query, key, value, attn_mask, dropout_p, enable_gqa)
    mask = _additive(attn_mask, query.dtype)
    if flash:
        s = 1.0 / math.sqrt(query.shape[-1]) if scale is None else scale
        return _M.flash_attention(query, key, value, mask, is_causal, s)
    return _sdpa_math(query, key, value, mask, dropout_p, is_causal, scale, enable_gqa)


def _sdpa_math(query, key, value, mask, dropout_p, is_causal, scale, enable_gqa):
    """torch's _scaled_dot_product_attention_math, op by op: 16-bit inputs in float32, q and k
    each scaled by sqrt(scale) before their product, the mask added in place, _safe_softmax."""
    dtype = query.dtype
    q, k, v = (t.float() if t.dtype.itemsize == 2 else t for t in (query, key, value))
    negative = scale is not None and scale < 0
    factor = math.sqrt((1.0 / math.sqrt(q.shape[-1])) if scale is None else abs(scale))
    q = _M.mul_scalar(q, -factor if negative else factor)
    if is_causal:
        if mask is not None:
            raise RuntimeError(
                "_scaled_dot_product_attention: Explicit attn_mask should not be set when "
                "is_causal=True"
            )
        lq, ls = q.shape[-2], k.shape[-2]
        mask = _additive(_ac.ones((lq, ls), dtype=_ac.bool, device=q.device).tril(), q.dtype)
    if enable_gqa:
        hq, hk, hv = q.size(-3), k.size(-3), v.size(-3)
        if not (hq == hk == hv or hq % hk == 0 and hq % hv == 0):
            raise RuntimeError(
                "Number of heads in key and value must divide the number of heads in "
            )
        if not hq == hk == hv:
            k, v = k.repeat_interleave(hq // hk, -3), v.repeat_interleave(hq // hv, -3)
    attn = _ac.matmul(q, _M.mul_scalar(k.transpose(-2, -1), factor))
    if mask is not None:
        attn.add_(mask)
    attn = _M.safe_softmax(attn, -1)
    if dropout_p > 0.0:
        attn = _ac.dropout(attn, dropout_p, True)
    return _ac.matmul(attn, v).to(dtype)
