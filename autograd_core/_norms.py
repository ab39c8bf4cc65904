"""Normalization ops: layer, batch and group norm (torch.layer_norm, torch.batch_norm,
torch.group_norm), each one node whose VJP is in _vjps_nn.
"""

from . import _backend
from ._amp_policy import cuda_float32
from ._backend import namespace
from ._nn_ops import _channel_shape
from ._operands import _cast, _cname, _no_kernel
from ._ops import _record
from ._tensor import Tensor


def _check_params(input, *params, kernel=None):
    """Whether a norm runs in mixed precision, as torch's CPU kernels decide: the first parameter
    given has another dtype than the input. Then every parameter must be float32 and the input
    bfloat16 or float16. Else (`kernel`: after the kernel's own dtype check) a parameter of
    another dtype meets the kernel's typed read."""
    given = [p for p in params if p is not None]
    mixed = bool(given) and given[0].dtype != input.dtype
    if mixed:
        if any(p.dtype != _backend.float32 for p in given):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        if input.dtype not in (_backend.bfloat16, _backend.float16):
            raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    if kernel is not None and _backend.kind(input._data.dtype) != "f":
        raise _no_kernel(kernel, input)
    for p in given:
        if not mixed and p.dtype != input.dtype:
            raise RuntimeError(f"expected scalar type {_cname(input)} but found {_cname(p)}")
    return mixed


def _norm_input(input, mixed):
    """The input's array to normalize: in float32 when the norm runs in mixed precision."""
    return _cast(input._data, _backend.float32) if mixed else input._data


# ============================================================================= normalization


@cuda_float32  # as torch's autocast lists: float32 on cuda, left alone on cpu
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5, cudnn_enable=True):
    """(x - mean) / sqrt(var + eps) over the last len(normalized_shape) dims, then * weight +
    bias; one NativeLayerNormBackward0 node."""
    if isinstance(normalized_shape, int):
        raise TypeError(
            "layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not int"
        )
    shape = tuple(normalized_shape)
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise RuntimeError(
                f"Expected {name} to be of same shape as normalized_shape, but got {name} of "
                f"shape {list(t.shape)} and normalized_shape = {list(shape)}"
            )
    if tuple(input.shape[input.ndim - len(shape) :]) != shape or len(shape) > input.ndim:
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape [*, "
            f"{', '.join(str(s) for s in shape)}], but got input of size{list(input.shape)}"
        )
    mixed = _check_params(input, weight, bias, kernel="LayerNormKernelImpl")
    a, low = _backend.opmath(input._data)  # torch's kernel: in float32 for a 16-bit input,
    xp = namespace(a)  # (x * rstd - mean * rstd) * weight + bias, rounded once
    dims = tuple(range(input.ndim - len(shape), input.ndim))
    mu = xp.mean(a, axis=dims, keepdims=True)
    rstd = 1 / xp.sqrt(xp.mean((a - mu) ** 2, axis=dims, keepdims=True) + eps)
    r = a * rstd + -rstd * mu
    if weight is not None:
        r = r * _cast(weight._data, r.dtype) if low is not None else r * weight._data
    if bias is not None:
        r = r + _cast(bias._data, r.dtype) if low is not None else r + bias._data
    if low is not None or mixed:
        r = _cast(r, input.dtype)
    return _record(
        "layer_norm",
        "NativeLayerNormBackward0",
        r,
        (input, weight, bias),
        {"dims": dims, "eps": eps},
    )


def batch_norm(  # not in torch's autocast lists: runs in the input's dtype
    input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled=True
):
    """torch.batch_norm: per channel (dim 1), normalize by the batch's statistics (training: the
    running ones are updated in place, the variance unbiased) or by the running ones (eval); one
    NativeBatchNormBackward0 node."""
    if not input.numel():  # torch's: a copy, * weight[0] + bias[0], before any check
        out = input.clone()
        out = out if weight is None else out * weight.select(0, 0)
        return out if bias is None else out + bias.select(0, 0)
    features = input.shape[1] if input.ndim > 1 else 0
    for name, t in zip(
        ("running_mean", "running_var", "weight", "bias"), (running_mean, running_var, weight, bias)
    ):
        if t is not None and t.numel() != features:  # (torch checks them before the dtype)
            raise RuntimeError(f"{name} should contain {features} elements not {t.numel()}")
    if _backend.kind(input._data.dtype) != "f":
        raise _no_kernel("batch_norm", input)
    mixed = _check_params(input, weight, bias, running_mean, running_var)
    a = _norm_input(input, mixed)
    xp = namespace(a)
    dims = (0,) + tuple(range(2, input.ndim))
    cs = _channel_shape(input.ndim, input.shape[1])
    if training or running_mean is None:
        mu = xp.mean(a, axis=dims, keepdims=True)
        var = xp.mean((a - mu) ** 2, axis=dims, keepdims=True)
        if training and running_mean is not None:
            n = a.size // input.shape[1]
            rm, rv = running_mean._data, running_var._data
            rm[...] = (1 - momentum) * rm + momentum * xp.reshape(mu, rm.shape)
            rv[...] = (1 - momentum) * rv + momentum * xp.reshape(var, rv.shape) * n / max(n - 1, 1)
            running_mean._vc[0] += 1
            running_var._vc[0] += 1
    else:
        mu = xp.reshape(running_mean._data, cs)
        var = xp.reshape(running_var._data, cs)
    invstd = 1.0 / xp.sqrt(var + eps)
    r = (a - mu) * invstd
    if weight is not None:
        r = r * xp.reshape(weight._data, cs)
    if bias is not None:
        r = r + xp.reshape(bias._data, cs)
    if mixed:
        r = _cast(r, input.dtype)
    batch_stats = training or running_mean is None
    attrs = {
        "dims": dims,
        "eps": eps,
        "batch_stats": batch_stats,
        "mean": Tensor._from_data(_cast(mu, input.dtype)),
        "invstd": Tensor._from_data(_cast(invstd, input.dtype)),
    }
    return _record("batch_norm", "NativeBatchNormBackward0", r, (input, weight, bias), attrs)


# ============================================================================= group norm


@cuda_float32
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5, cudnn_enabled=True):
    """torch.group_norm: normalize each of num_groups groups of channels (dim 1) per sample, then
    * weight + bias per channel; one NativeGroupNormBackward0 node."""
    n, c = input.shape[0], input.shape[1]
    if c % num_groups:
        raise RuntimeError(
            "Expected number of channels in input to be divisible by num_groups, but got input "
            f"of shape {list(input.shape)} and num_groups={num_groups}"
        )
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and (t.ndim != 1 or t.numel() != c):
            shown = list((weight if name == "bias" and weight is not None else t).shape)
            shown = [0] if name == "bias" and weight is None else shown  # (torch's bias message
            raise RuntimeError(  # shows the weight's shape)
                f"Expected {name} to be a vector of size equal to the number of channels in "
                f"input, but got {name} of shape {shown} and input of shape {list(input.shape)}"
            )
    mixed = _check_params(input, weight, bias, kernel="GroupNormKernelImpl")
    a, low = _backend.opmath(input._data)  # torch's kernel: float32 for 16-bit inputs
    xp = namespace(a)
    a3 = xp.reshape(a, (n, num_groups, -1))
    mu = xp.mean(a3, axis=2, keepdims=True)
    var = xp.mean((a3 - mu) ** 2, axis=2, keepdims=True)
    r = xp.reshape((a3 - mu) / xp.sqrt(var + eps), a.shape)
    cs = _channel_shape(a.ndim, c)
    if weight is not None:
        r = r * xp.reshape(weight._data, cs)
    if bias is not None:
        r = r + xp.reshape(bias._data, cs)
    r = _backend.round_back(r, low)
    attrs = {"groups": num_groups, "eps": eps, "mixed": mixed}
    return _record("group_norm", "NativeGroupNormBackward0", r, (input, weight, bias), attrs)


FUNCTIONS = "layer_norm batch_norm group_norm".split()  # torch.<name>
METHODS = []
INPLACE = []
