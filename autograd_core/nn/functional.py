"""torch.nn.functional's activations and losses on top of the core's differentiable ops.

Where torch records one named node, so does this module, through the core's ops of the same
name: ``linear`` -> AddmmBackward0 (MmBackward0 without bias), ``mse_loss`` -> MseLossBackward0,
``nll_loss`` / ``cross_entropy`` -> NllLossBackward0 over LogSoftmaxBackward0. The rest
(label smoothing, probability targets, weighted MSE) is composed of ops, exactly as torch
composes it. Every backward rule is written with Tensor ops, so double backward works.
"""

import math
import warnings

import numpy as np

import autograd_core as _ac
from autograd_core._api import ops as _ops
from autograd_core._nn_ops_more import mul_scalar as _mul_scalar  # (torch's C++ Scalar products)
from autograd_core._amp_policy import cuda_float32 as _cuda_float32
from autograd_core import _amp_policy
from autograd_core._amp_policy import state as _autocast
from autograd_core.nn import _losses_more
from autograd_core.nn._losses_more import *  # noqa: F401,F403  (the margin and likelihood losses)
from autograd_core.nn import _functional_layers as _layers_more
from autograd_core.nn._functional_layers import *  # noqa: F401,F403  (the second wave of layers)

__all__ = [
    "relu",
    "leaky_relu",
    "sigmoid",
    "tanh",
    "softmax",
    "log_softmax",
    "linear",
    "mse_loss",
    "nll_loss",
    "cross_entropy",
    "gelu",
    "silu",
    "softplus",
    "dropout",
    "layer_norm",
    "batch_norm",
    "embedding",
    "one_hot",
    "conv2d",
    "max_pool2d",
    "l1_loss",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "huber_loss",
    "unfold",
    "fold",
    "pad",
    "group_norm",
    "avg_pool2d",
    "adaptive_avg_pool2d",
    "conv1d",
    "elu",
    "selu",
    "celu",
    "hardtanh",
    "relu6",
    "prelu",
    "mish",
    "logsigmoid",
    "softmin",
    "glu",
    "smooth_l1_loss",
    "kl_div",
    "normalize",
    "cosine_similarity",
    "pairwise_distance",
    "interpolate",
    "softsign",
    "tanhshrink",
    "hardsigmoid",
    "hardswish",
    "hardshrink",
    "softshrink",
    "threshold",
    "threshold_",
    "relu_",
    "elu_",
    "selu_",
    "celu_",
    "leaky_relu_",
    "hardtanh_",
    "pdist",
]
__all__ += _losses_more.__all__ + _layers_more.__all__

_REDUCTIONS = ("none", "mean", "sum")


def _check_reduction(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")


def _legacy_get_string(size_average, reduce, emit_warning=True):
    """Map the deprecated size_average/reduce flags to a reduction string (torch's rule)."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    ret = "mean" if (size_average and reduce) else ("sum" if reduce else "none")
    if emit_warning:
        warnings.warn(
            "size_average and reduce args will be deprecated, please use "
            f"reduction='{ret}' instead.",
            stacklevel=3,
        )
    return ret


def _reduce(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


# ----------------------------------------------------------------------------- activations


def relu(input, inplace=False):
    """max(0, x) elementwise. With ``inplace=True`` the input is overwritten."""
    return input.relu_() if inplace else _ac.relu(input)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    """x where x > 0, else negative_slope * x. With ``inplace=True`` the input is overwritten."""
    if inplace:
        return input._inplace(_ops.leaky_relu, negative_slope, "LeakyReluBackward1")
    return _ops.leaky_relu(input, negative_slope)


def sigmoid(input):
    """1 / (1 + exp(-x)) elementwise."""
    return _ac.sigmoid(input)


def tanh(input):
    """tanh(x) elementwise."""
    return _ac.tanh(input)


def _softmax_dim(name, ndim):
    warnings.warn(
        f"Implicit dimension choice for {name} has been deprecated. "
        "Change the call to include dim=X as an argument.",
        stacklevel=3,
    )
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """exp(x_i) / sum_j exp(x_j) along ``dim`` (cast to ``dtype`` first if given)."""
    if dim is None:
        dim = _softmax_dim("softmax", input.ndim)
    if dtype is not None:
        input = input.to(dtype=dtype)
    return _ac.softmax(input, dim)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """x_i - logsumexp(x) along ``dim``, computed stably."""
    if dim is None:
        dim = _softmax_dim("log_softmax", input.ndim)
    if dtype is not None:
        input = input.to(dtype=dtype)
    return _ac.log_softmax(input, dim)


@_amp_policy.lower_precision
def linear(input, weight, bias=None):
    """input @ weight.T + bias, with weight of shape (out_features, in_features)."""
    if input.ndim == 0 or weight.ndim == 0:
        raise RuntimeError(
            "both arguments to linear need to be at least 1D, but they are "
            f"{input.ndim}D and {weight.ndim}D"
        )
    if bias is not None and input.ndim == 2:
        return _ops.addmm(bias, input, weight.t())
    if bias is not None and input.is_contiguous() and (input.ndim == 3 or bias.ndim == 1):
        # torch's _flatten_nd_linear: the leading dims folded into one (no -1: a 0-size dim),
        # addmm, viewed back
        out = _ops.addmm(bias, input.reshape(math.prod(input.shape[:-1]), input.shape[-1]),
                         weight.t())  # fmt: skip
        return out.view(*input.shape[:-1], out.shape[1])
    out = input.matmul(weight.t())
    if bias is None:
        return out
    if _ac.autograd.forward_ad.unpack_dual(bias).tangent is not None:
        return out + bias  # (torch: out of place for a dual bias)
    return out.add_(bias)


# ----------------------------------------------------------------------------- losses


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mean (or sum, or none) of (input - target)**2; optional elementwise ``weight``."""
    if tuple(target.shape) != tuple(input.shape):
        warnings.warn(
            f"Using a target size ({target.size()}) that is different to the input size "
            f"({input.size()}). This will likely lead to incorrect results due to "
            "broadcasting. Please ensure they have the same size.",
            stacklevel=2,
        )
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    if weight is not None:
        # torch composes the weighted loss; 'mean' divides by the total weight.
        if tuple(weight.shape) != tuple(input.shape):
            raise ValueError("Weights and input must have the same size.")
        _check_reduction(reduction)
        weighted = (input - target) ** 2 * weight
        if reduction == "none":
            return weighted
        return weighted.sum() if reduction == "sum" else weighted.sum() / weight.sum()
    _check_reduction(reduction)
    if tuple(target.shape) != tuple(input.shape):  # torch broadcasts first (then both count as
        input, target = _ops.broadcast_tensors(input, target)  # tensors with dims for dtypes)
    return _ops.mse_loss(input, target, reduction=reduction)


def _check_nll_target(input, target, weight):
    """torch's argument checks for nll_loss, in torch's order and words."""
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim != 1 and input.shape[0] != target.shape[0]:
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target "
            f"batch_size ({target.shape[0]})."
        )
    n_classes = input.shape[0] if input.ndim == 1 else input.shape[1]
    scalar_type = target.type().rsplit(".", 1)[-1][: -len("Tensor")]  # torch.LongTensor -> Long
    if input.ndim <= 2:
        if target.ndim > 1:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        _check_nll_dtype(scalar_type)
        if input.ndim == 1 and target.ndim == 1 and target.shape[0] != 1:
            raise ValueError(
                f"For 1D input, 1D target must have size 1, but got target size: {target.shape[0]}"
            )
        if weight is not None and weight.numel() != n_classes:
            raise RuntimeError(
                f"weight tensor should be defined either for all {n_classes} classes "
                f"or no classes but got weight tensor of shape: {list(weight.shape)}"
            )
    else:
        expected = [input.shape[0]] + list(input.shape[2:])
        if list(target.shape) != expected:
            raise RuntimeError(f"Expected target size {expected}, got {list(target.shape)}")
        _check_nll_dtype(scalar_type)
        if weight is not None and weight.numel() != n_classes:
            raise RuntimeError("weight tensor should be defined either for all or no classes")


def _check_nll_dtype(scalar_type):
    if scalar_type not in ("Long", "Byte"):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {scalar_type}")


def nll_loss(
    input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"
):
    """Negative log-likelihood: -input[n, target[n]], weighted by ``weight[target[n]]``.

    Args:
        input: log-probabilities, (N, C), (C,) or (N, C, d1, ...).
        target: class indices (int64), (N,), () or (N, d1, ...).
        weight: optional per-class weights, shape (C,).
        ignore_index: targets equal to it contribute 0 and are left out of the mean.
        reduction: 'mean' divides by the sum of the weights of the kept targets.
    """
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    _check_reduction(reduction)
    _check_nll_target(input, target, weight)
    if weight is not None and weight.requires_grad and _ac.is_grad_enabled():
        raise RuntimeError(
            "The function 'nll_loss_forward' is not differentiable with respect to argument "
            "'weight'. This input cannot have requires_grad True."
        )
    if not input.dtype.is_floating_point:  # (torch's kernels have float loops only)
        kernel = "nll_loss_out_frame" if input.ndim <= 2 else "nll_loss2d_forward_out_frame"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype.title}'")
    if input.ndim <= 2:
        return _ops.nll_loss(input, target, weight, reduction=reduction, ignore_index=ignore_index)
    if input.ndim == 4:  # torch's kernel for (N, C, H, W)
        return _ops.nll_loss2d(input, target, weight, reduction, ignore_index)
    # (N, C, d1) or more dims: viewed as (N, C, 1, d1*...), as torch's nll_loss_nd
    n, c = input.shape[:2]  # (an empty batch viewed as (n, c, 0, 0), torch's #15870)
    out = _ops.nll_loss2d(
        input.contiguous().view(n, c, 1, -1) if input.numel() else input.view(n, c, 0, 0),
        target.contiguous().view(n, 1, -1) if target.numel() else target.view(n, 0, 0),
        weight,
        reduction,
        ignore_index,
    )
    return out.view(tuple(target.shape)) if reduction == "none" else out


def cross_entropy(
    input,
    target,
    weight=None,
    size_average=None,
    ignore_index=-100,
    reduce=None,
    reduction="mean",
    label_smoothing=0.0,
):
    """nll_loss(log_softmax(input, class_dim), target): class dim is 1 (0 for unbatched).

    ``target`` holds class indices (int64) or, with the same shape as ``input``, class
    probabilities. ``label_smoothing`` mixes the target with the uniform distribution.
    """
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    _check_reduction(reduction)
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    if input.ndim == 0:  # (torch looks for the class dim, 1, of a 0-d input)
        raise IndexError("Dimension out of range (expected to be in range of [-1, 0], but got 1)")
    if tuple(target.shape) == tuple(input.shape) and not target.is_floating_point():
        name = target.type().rsplit(".", 1)[-1][: -len("Tensor")]  # torch.LongTensor -> Long
        raise RuntimeError(
            f"Expected floating point type for target with class probabilities, got {name}"
        )
    class_dim = 0 if input.ndim == 1 else 1
    n_classes = input.shape[class_dim]
    logp = log_softmax(input, class_dim)

    def weight_along_classes():  # (C,) -> (C, 1, ..., 1) to broadcast over the class dim
        if weight is None:
            return None
        trailing = (1,) * (input.ndim - class_dim - 1)
        return weight.to(dtype=input.dtype).reshape((n_classes,) + trailing)

    if tuple(target.shape) == tuple(input.shape):  # class-probability targets
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / n_classes
        w_b = weight_along_classes()
        prod = logp * target if w_b is None else logp * target * w_b
        if reduction == "none":
            return -prod.sum(class_dim)
        if reduction == "sum":
            return -prod.sum()
        if not input.numel():  # (torch's: the empty sum filled with nan in place, negated)
            return -prod.sum().fill_(math.nan)
        mean = -prod.sum() / (input.numel() / n_classes)  # mean over the non-class elements
        if mean.grad_fn is not None:
            mean.grad_fn.__class__ = _ops.node_class(
                "DivBackward1"
            )  # torch divides by a Scalar here
        return mean

    nll = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if label_smoothing == 0:
        return nll
    # torch's cross_entropy_loss_label_smoothing (aten/src/ATen/native/LossNLL.cpp).
    w_b = weight_along_classes()
    ignore = target == ignore_index
    smooth = -(logp.sum(class_dim) if w_b is None else (logp * w_b).sum(class_dim))
    smooth.masked_fill_(ignore, 0.0)  # (torch's: in place, so an ignored row's gradient is 0)
    if reduction == "mean":
        if weight is None:
            denom = (~ignore).sum()
        else:
            denom = weight.gather(0, target.masked_select(~ignore).flatten()).sum()
        ret = smooth.sum() / denom
    else:
        ret = _reduce(smooth, reduction)
    return _mul_scalar(nll, 1 - label_smoothing) + _mul_scalar(ret, label_smoothing / n_classes)


# ------------------------------------------------------------------------- issue 12: more layers


def gelu(input, approximate="none"):
    """x * Phi(x), Phi the standard normal CDF; ``approximate='tanh'``: its tanh approximation."""
    return _ops.gelu(input, approximate)


def silu(input, inplace=False):
    """x * sigmoid(x). With ``inplace=True`` the input is overwritten."""
    if inplace:
        return input._inplace(_ops.silu)
    return _ops.silu(input)


def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta * x)) / beta; x itself where beta * x > threshold."""
    return _ops.softplus(input, beta, threshold)


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability p and scale the rest by 1 / (1 - p) (training only)."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if inplace and training and p > 0:
        return input.mul_(_ops.dropout(_ac.ones_like(input), p, True))
    return _ops.dropout(input, p, training)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalize over the trailing ``normalized_shape`` dims, then scale and shift."""
    return _ops.layer_norm(input, normalized_shape, weight, bias, eps)


def _verify_batch_size(size):
    n = size[0]
    for s in size[2:]:
        n *= s
    if n == 1:
        raise ValueError(
            f"Expected more than 1 value per channel when training, got input size {size}"
        )


def batch_norm(
    input,
    running_mean,
    running_var,
    weight=None,
    bias=None,
    training=False,
    momentum=0.1,
    eps=1e-5,
):
    """Normalize each channel (dim 1) by the batch's statistics (training, updating the running
    ones in place) or by the running ones."""
    if training:
        _verify_batch_size(input.size())
    return _ops.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)


def embedding(
    input,
    weight,
    padding_idx=None,
    max_norm=None,
    norm_type=2.0,
    scale_grad_by_freq=False,
    sparse=False,
):
    """The rows of ``weight`` at the indices ``input``; row ``padding_idx`` gets no gradient."""
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:  # renormalize the looked-up rows in place first, as torch
        with _ac.no_grad():
            _ops.embedding_renorm_(weight, input, max_norm, norm_type)
    return _ops.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def one_hot(tensor, num_classes=-1):
    """int64 one-hot vectors along a new last dimension."""
    return _ops.one_hot(tensor, num_classes)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D cross-correlation; input (N, C, H, W) or unbatched (C, H, W)."""
    return _ops.conv2d(input, weight, bias, stride, padding, dilation, groups)


def max_pool2d(
    input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False
):
    """The max over each kernel_size window (stride defaults to kernel_size)."""
    return _ops.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def _target_size_warning(input, target):
    if tuple(target.shape) != tuple(input.shape):
        warnings.warn(
            f"Using a target size ({target.size()}) that is different to the input size "
            f"({input.size()}). This will likely lead to incorrect results due to "
            "broadcasting. Please ensure they have the same size.",
            stacklevel=3,
        )


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mean (or sum, or none) of |input - target|, composed of ops as torch composes it."""
    _target_size_warning(input, target)
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    _check_reduction(reduction)
    if tuple(target.shape) != tuple(input.shape):  # (as mse_loss)
        input, target = _ops.broadcast_tensors(input, target)
    return _l1(input, target, weight, reduction)


@_amp_policy.float32_precision  # as torch's autocast: the loss in float32
def _l1(input, target, weight, reduction):
    loss = (input - target).abs()
    if weight is not None:
        loss = loss * weight
        if reduction == "mean":
            return loss.sum() / weight.sum()
    return _reduce(loss, reduction)


def binary_cross_entropy(
    input, target, weight=None, size_average=None, reduce=None, reduction="mean"
):
    """-weight * (t log x + (1 - t) log(1 - x)) for probabilities x, the logs clamped at -100."""
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    _check_reduction(reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(
            f"Using a target size ({target.size()}) that is different to the input size "
            f"({input.size()}) is deprecated. Please ensure they have the same size."
        )
    if weight is not None:
        if weight.requires_grad and _ac.is_grad_enabled():  # (torch's kernel has no such gradient)
            raise RuntimeError(
                "The function 'binary_cross_entropy' is not differentiable with respect to argument"
                " 'weight'. This input cannot have requires_grad True."
            )
        weight = weight.expand(tuple(input.shape))
    if _autocast.active and _autocast.enabled.get("cuda") and input.device.type == "cuda":
        raise RuntimeError(_BCE_UNSAFE)
    return _ops.binary_cross_entropy(input, target, weight, reduction)


# torch's refusal under cuda autocast (aten/src/ATen/autocast_mode.cpp), word for word.
_BCE_UNSAFE = (
    "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast.\n"
    "Many models use a sigmoid layer right before the binary cross entropy layer.\n"
    "In this case, combine the two layers using "
    "torch.nn.functional.binary_cross_entropy_with_logits\n"
    "or torch.nn.BCEWithLogitsLoss.  binary_cross_entropy_with_logits and BCEWithLogits are\n"
    "safe to autocast."
)


def binary_cross_entropy_with_logits(
    input,
    target,
    weight=None,
    size_average=None,
    reduce=None,
    reduction="mean",
    pos_weight=None,
):
    """binary_cross_entropy(sigmoid(x), t), computed stably; ``pos_weight`` weighs positives."""
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    _check_reduction(reduction)
    if weight is not None:
        weight = weight.expand(tuple(input.shape))
    return _ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    """0.5 d**2 where |d| < delta, else delta * (|d| - delta / 2), d = input - target."""
    _target_size_warning(input, target)
    _check_reduction(reduction)
    if weight is not None:
        raise NotImplementedError("huber_loss: weight is not supported")
    if tuple(target.shape) != tuple(input.shape):
        input, target = _ops.broadcast_tensors(input, target)  # (torch's error if they cannot)
    return _ops.huber_loss(input, target, reduction, delta)


def _pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


def _window_args(**values):
    """torch's im2col/col2im checks of kernel, stride, dilation and padding, in the given order."""
    for name, (a, b) in values.items():
        what = {"kernel": "kernel size", "pad": "padding"}.get(name, name)
        if min(a, b) < (0 if name == "pad" else 1):
            bound = "non-negative" if name == "pad" else "greater than zero"
            raise RuntimeError(
                f"{what} should be {bound}, but got {name}_height: {a} {name}_width: {b}"
            )


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """The sliding kernel_size blocks of (N, C, H, W) (or (C, H, W)) as columns:
    (N, C * kh * kw, L) (im2col), after torch's im2col_shape_check."""
    if input.ndim < 3:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [-{input.ndim}, "
            f"{input.ndim - 1}], but got 2)"
        )
    k, d, p, s = (_pair(v) for v in (kernel_size, dilation, padding, stride))
    _window_args(kernel=k, dilation=d, pad=p, stride=s)  # (im2col's order)
    shape = list(input.shape)
    if input.ndim > 4 or 0 in shape[-3:]:
        raise RuntimeError(
            "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
            f"dimensions for input, but got: {shape}"
        )
    blocks = [
        (n + 2 * pi - (di * (ki - 1) + 1)) // si + 1
        for n, pi, di, ki, si in zip(shape[-2:], p, d, k, s)
    ]
    if min(blocks) < 1:
        raise RuntimeError(
            f"Given input with spatial size {tuple(shape[-2:])}, kernel_size={k}, dilation={d}, "
            f"padding={p}, calculated shape of the array of sliding blocks as {tuple(blocks)}, "
            "but its components must be at least one."
        )
    if _ops._backend.kind(input._data.dtype) in "iu":  # (floats and bool have kernels)
        raise _ops._no_kernel("im2col_out_cpu", input)
    return _ops.unfold2d(input, k, s, p, d)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """The adjoint of unfold: columns (N, C * kh * kw, L) summed back into (N, C, *output_size)
    (col2im), after torch's col2im_shape_check."""
    k, d, p, s, out = (_pair(v) for v in (kernel_size, dilation, padding, stride, output_size))
    _window_args(kernel=k, stride=s, dilation=d, pad=p)  # (col2im's order)
    shape = list(input.shape)
    if not (len(shape) == 2 and 0 not in shape or len(shape) == 3 and 0 not in shape[1:]):
        raise RuntimeError(
            "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and "
            f"non-zero dimensions for input, but got: {shape}"
        )
    if shape[-2] % (k[0] * k[1]):
        raise RuntimeError(
            "Expected size of input's dimension 1 to be divisible by the product of kernel_size, "
            f"but got input.size(1)={shape[-2]} and kernel_size={k}."
        )
    blocks = [
        (o + 2 * pi - di * (ki - 1) - 1) // si + 1 for o, pi, di, ki, si in zip(out, p, d, k, s)
    ]
    given = f"Given output_size={out}, kernel_size={k}, dilation={d}, padding={p}, stride={s}, "
    if shape[-1] != blocks[0] * blocks[1]:
        raise RuntimeError(
            f"{given}expected size of input's dimension 2 to match the calculated number of "
            f"sliding blocks {blocks[0]} * {blocks[1]} = {blocks[0] * blocks[1]}, but got "
            f"input.size(2)={shape[-1]}."
        )
    if min(blocks) < 1:
        raise RuntimeError(
            f"{given}calculated shape of the array of sliding blocks as ({blocks[0]}, "
            f"{blocks[1]}), which is too small (non-positive)"
        )
    if _ops._backend.kind(input._data.dtype) in "iu":  # (floats and bool have kernels)
        raise _ops._no_kernel("col2im_out_cpu", input)
    return _ops.fold2d(input, out, k, s, p, d)


# ------------------------------------------------------------------------- issue 12: wave 2


def pad(input, pad, mode="constant", value=None):
    """Pad the last len(pad) // 2 dims: pad = (left, right, top, bottom, ...) ('constant' with
    `value`, any number of dims; 'reflect' / 'replicate' / 'circular' over the last one to
    three)."""
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.ndim:
        raise RuntimeError(
            "Padding length should be less than or equal to two times the input dimension but "
            f"got padding length {len(pad)} and input of dimension {input.ndim}"
        )
    if mode == "constant":
        # (torch's F.pad takes the value as a float: -1 refused for uint8, as -1.0)
        value = 0 if value is None else value
        if isinstance(value, int) and not isinstance(value, bool) and -(2**53) < value < 2**53:
            value = float(value)
        return _ops.constant_pad_nd(input, pad, value)
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    if mode == "circular":
        return _ops.circular_pad(input, tuple(pad))
    return _ops.reflect_or_replicate_pad(input, tuple(pad), mode)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Normalize each group of channels per sample, then scale and shift per channel."""
    if input.ndim < 2:
        raise RuntimeError(
            f"Expected at least 2 dimensions for input tensor but received {input.ndim}"
        )
    return _ops.group_norm(input, num_groups, weight, bias, eps)


# The ops themselves: nothing to add in front of them here.
avg_pool2d = _ops.avg_pool2d
adaptive_avg_pool2d = _ops.adaptive_avg_pool2d
conv1d = _ops.conv1d


def _one(v, name, fn="max_pool1d"):
    """A 1-d pooling's int (or one-element list), else torch's refusal in `fn`'s words."""
    v = tuple(v) if isinstance(v, (list, tuple)) else (v,)
    if len(v) == 1:
        return v[0]
    if fn != "max_pool1d":
        raise RuntimeError(f"{fn}() argument '{name}' should contain one int (got {len(v)})")
    kinds = "None, an int, list of ints, or" if name == "stride" else "an int, list of ints or"
    raise RuntimeError(
        f"max_pool1d() {name} must be {kinds} tuple of ints of size 1 but got size {len(v)}"
    )


def max_pool1d(
    input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False
):
    """The max over each window of (N, C, L) or (C, L): torch's checks, then max_pool2d over a
    height of one (Squeeze - MaxPool2DWithIndices - Unsqueeze, as torch's nodes)."""
    shape = list(input.shape)
    if not (input.ndim == 2 and 0 not in shape or input.ndim == 3 and 0 not in shape[1:]):
        raise RuntimeError(
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size "
            f"for input, but got:{shape}"
        )
    k, p, d = _one(kernel_size, "kernel_size"), _one(padding, "padding"), _one(dilation, "dilation")
    s = k if stride is None or stride == [] else _one(stride, "stride")
    half = f"padding should be at most half of kernel size, but got padding={p} and kernel_size={k}"
    for ok, what in (
        (k > 0, f"kernel_size must be greater than zero, but got {k}"),
        (s > 0, f"stride must be greater than zero, but got {s}"),
        (p >= 0, f"padding must be non-negative, but got {p}"),
        (p <= k // 2, half),
        (d > 0, f"dilation must be greater than zero, but got {d}"),
    ):
        if not ok:
            raise RuntimeError(f"max_pool1d() {what}")
    n = shape[-1] + 2 * p - d * (k - 1) - 1
    out = (-(-n // s) if ceil_mode else n // s) + 1
    if ceil_mode and (out - 1) * s >= shape[-1] + p:
        out -= 1
    if out <= 0:
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {out}")
    if not input.dtype.is_floating_point:
        raise _ops._no_kernel("max_pool1d_impl", input)
    r = _ops.max_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), (1, d), ceil_mode, True)
    values, indices = r[0].squeeze(-2), r[1].squeeze(-2)
    return (values, indices) if return_indices else values


def _pool1d_dims(input, name):
    if input.ndim not in (2, 3):
        raise RuntimeError(
            f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional tensor for argument #1 "
            f"'self' (while checking arguments for {name})"
        )


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """The mean over each window of (N, C, L) or (C, L): avg_pool2d over a height of one."""
    _pool1d_dims(input, "avg_pool1d")
    k = _one(kernel_size, "kernel_size", "avg_pool1d")
    s = k if stride is None or stride == [] else _one(stride, "stride", "avg_pool1d")
    r = avg_pool2d(
        input.unsqueeze(-2),
        (1, k),
        (1, s),
        (0, _one(padding, "padding", "avg_pool1d")),
        ceil_mode,
        count_include_pad,
    )
    return r.squeeze(-2)


def adaptive_avg_pool1d(input, output_size):
    """Average pooling of (N, C, L) or (C, L) to output_size: adaptive_avg_pool2d over a height of
    one."""
    _pool1d_dims(input, "adaptive_avg_pool1d")
    return adaptive_avg_pool2d(
        input.unsqueeze(-2), (1, _one(output_size, "output_size", "adaptive_avg_pool1d"))
    ).squeeze(-2)


def elu(input, alpha=1.0, inplace=False):
    """x where x > 0, else alpha * (exp(x) - 1)."""
    if inplace:  # torch's elu_ records EluBackward1 (its rule reads the result; same values)
        return input._inplace(_ops._elu, alpha, 1.0, 1.0, "EluBackward1")
    return _ops.elu(input, alpha)


def selu(input, inplace=False):
    """scale * elu(x, alpha) with torch's fixed constants."""
    if inplace:
        return input._inplace(_ops._elu, *_ops.SELU_ALPHA_SCALE, 1.0, "EluBackward1")
    return _ops.selu(input)


def celu(input, alpha=1.0, inplace=False):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    if inplace:
        return input._inplace(_ops._elu, alpha, 1.0, 1.0 / alpha, "CeluBackward1")
    return _ops.celu(input, alpha)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """x clamped to [min_val, max_val]."""
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if inplace:
        return input._inplace(_ops.hardtanh, min_val, max_val)
    return _ops.hardtanh(input, min_val, max_val)


def relu6(input, inplace=False):
    """min(max(0, x), 6): hardtanh(x, 0, 6)."""
    return hardtanh(input, 0.0, 6.0, inplace)


def prelu(input, weight):
    """x where x > 0, else weight * x (weight: one value, or one per channel)."""
    return _ops.prelu(input, weight)


def mish(input, inplace=False):
    """x * tanh(softplus(x))."""
    return input._inplace(_ops.mish) if inplace else _ops.mish(input)


def softsign(input):
    """x / (1 + |x|), composed of ops as torch composes it (DivBackward0)."""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """x - tanh(x), composed of ops as torch composes it (SubBackward0)."""
    return input - input.tanh()


def hardsigmoid(input, inplace=False):
    """relu6(x + 3) / 6 (HardsigmoidBackward0). With ``inplace=True`` the input is overwritten."""
    return input._inplace(_ops.hardsigmoid) if inplace else _ops.hardsigmoid(input)


def hardswish(input, inplace=False):
    """x * relu6(x + 3) / 6 (HardswishBackward0). With ``inplace=True`` the input is overwritten."""
    return input._inplace(_ops.hardswish) if inplace else _ops.hardswish(input)


def logsigmoid(input):
    """log(sigmoid(x)), computed stably."""
    return _ops.logsigmoid(input)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """softmax(-x) along ``dim``."""
    if dim is None:
        dim = _softmax_dim("softmin", input.ndim)
    if dtype is not None:
        input = input.to(dtype=dtype)
    return _ac.softmax(-input, dim)


def glu(input, dim=-1):
    """a * sigmoid(b), a and b the halves of the input along dim."""
    return _ops.glu(input, dim)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    """0.5 d**2 / beta where |d| < beta, else |d| - beta / 2 (beta = 0: the l1 loss)."""
    _target_size_warning(input, target)
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    _check_reduction(reduction)
    if tuple(target.shape) != tuple(input.shape):
        input, target = _ops.broadcast_tensors(input, target)  # (torch's error if they cannot)
    if beta == 0.0:
        return _l1(input, target, None, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    return _ops.smooth_l1_loss(input, target, reduction, beta)


_KL_MEAN = (
    "reduction: 'mean' divides the total loss by both the batch size and the support size."
    "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
    "'mean' will be changed to behave the same as 'batchmean' in the next major release."
)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """sum target * (log target - input) (input: log-probabilities; log_target: target too),
    composed as torch composes it; 'batchmean' divides the sum by the batch size."""
    if size_average is not None or reduce is not None:
        reduction = _legacy_get_string(size_average, reduce)
    elif reduction == "mean":
        warnings.warn(_KL_MEAN, stacklevel=2)
    if reduction != "batchmean":
        _check_reduction(reduction)
    if not (input.dtype.is_floating_point and target.dtype.is_floating_point):
        raise RuntimeError("kl_div: Integral inputs not supported.")
    return _kl(input, target, reduction, log_target)


@_amp_policy.float32_precision  # as torch's autocast lists
def _kl(input, target, reduction, log_target):
    if log_target:
        loss = target.exp() * (target - input)
    else:  # xlogy(t, t) - t * input, 0 where t == 0
        loss = _ac.xlogy(target, target) - target * input
    if reduction == "batchmean":
        out = loss.sum()
        return out / input.shape[0] if input.ndim else out
    return _reduce(loss, reduction)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """input / max(||input||_p along dim, eps)."""
    if out is not None:
        raise NotImplementedError("normalize: out= is not supported")
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


@_cuda_float32
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """sum(x1 / ||x1|| * x2 / ||x2||) along dim, each norm at least eps (torch's formula)."""
    dt = _ac.result_type(x1, x2)
    if not dt.is_floating_point:
        raise RuntimeError(
            f"expected common dtype to be floating point, yet common dtype is {dt.title}"
        )
    try:
        shape = np.broadcast_shapes(tuple(x1.shape), tuple(x2.shape))
    except ValueError:
        raise _ops._shape_error(None, x1, x2, None) from None  # torch's words
    # integers to the common dtype (vector_norm takes no others); the rest as given
    x1, x2 = (x if x.is_floating_point() else x.to(dt) for x in (x1, x2))
    if tuple(x1.shape) != tuple(x2.shape):
        x1, x2 = x1.expand(shape), x2.expand(shape)
    norms = [_ac.linalg.vector_norm(x, 2, dim=dim, keepdim=True).clone() for x in (x1, x2)]
    with _ac.no_grad():  # clamped out of the graph: the gradient is the unclamped norm's
        for n in norms:  # (only where one is below eps: a forward-AD tangent stays recorded)
            if bool((n < eps).any()):
                n.clamp_min_(eps)
    return ((x1 / norms[0]) * (x2 / norms[1])).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """||x1 - x2 + eps||_p along the last dim."""
    d = max(x1.ndim, x2.ndim) - 1
    out = (x1 - x2 + eps).norm(p, d, keepdim)
    if out.grad_fn is not None:
        out.grad_fn.__class__ = _ops.node_class("NormBackward1")  # torch's at::norm
    return out


def interpolate(
    input,
    size=None,
    scale_factor=None,
    mode="nearest",
    align_corners=None,
    recompute_scale_factor=None,
    antialias=False,
):
    """Resize (N, C, H, W) or (N, C, L) to `size` or by `scale_factor`: modes 'nearest' (3-D or
    4-D), 'linear' (3-D) and 'bilinear' (4-D), torch's coordinates, nodes and checks in its
    order."""
    if align_corners is not None and mode in ("nearest", "area", "nearest-exact"):
        raise ValueError(
            "align_corners option can only be set with the interpolating modes: linear | "
            "bilinear | bicubic | trilinear"
        )
    k = input.ndim - 2
    spatial = list(input.shape[2:])
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is None and scale_factor is None:
        raise ValueError("either size or scale_factor should be defined")
    if isinstance(size, (list, tuple)) and len(size) != k:
        raise ValueError(
            "Input and output must have the same number of spatial dimensions, but got input with "
            f"spatial dimensions of {spatial} and output size of {size}. Please provide input "
            "tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format."
        )
    if isinstance(scale_factor, (list, tuple)) and len(scale_factor) != k:
        raise ValueError(
            "Input and scale_factor must have the same number of spatial dimensions, but got "
            f"input with spatial dimensions of {spatial} and scale_factor of shape "
            f"{scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
            "scale_factor in (s1, s2, ...,sK) format."
        )
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise ValueError(
            "Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires "
            "a 4-D tensor as input"
        )
    needs = {"linear": 3, "bilinear": 4, "trilinear": 5}
    if mode in needs and input.ndim in (3, 4, 5) and input.ndim != needs[mode]:
        raise NotImplementedError(
            f"Got {input.ndim}D input, but {mode} mode needs {needs[mode]}D input"
        )
    sf = scale_factor if isinstance(scale_factor, (list, tuple)) else (scale_factor,) * k
    if mode == "area" and k == 2:  # (torch's: adaptive average pooling to the output size)
        many = [math.floor(n * float(s)) for n, s in zip(spatial, sf)] if size is None else size
        return adaptive_avg_pool2d(input, _pair(many))
    if antialias:  # (torch's _upsample_bilinear2d_aa)
        raise NotImplementedError("interpolate: antialias=True is not part of autograd_core")
    if not (mode == "nearest" and k in (1, 2) or mode in ("linear", "bilinear")):
        if input.ndim in (3, 4, 5) and mode in ("bicubic", "trilinear", "area", "nearest-exact"):
            raise NotImplementedError(f"interpolate: mode {mode!r} is not part of autograd_core")
        raise NotImplementedError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.ndim}D) for the "
            "modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | "
            f"nearest-exact (got {mode})"
        )
    if size is not None:
        size = (size,) * k if isinstance(size, int) else tuple(size)
        scales = (None,) * k
    else:
        scales = tuple(float(s) for s in sf)
        size = tuple(int(n * s) for n, s in zip(input.shape[2:], scales))
        if recompute_scale_factor:
            scales = (None,) * k
    if min(spatial) <= 0 or min(size) <= 0:  # (the upsample kernels' meta check)
        names = "HW"[-k:]
        given = ", ".join(f"{h}: {n}" for h, n in zip(names, spatial))
        wanted = ", ".join(f"{h}: {n}" for h, n in zip(names, size))
        sep = " and output" if k == 1 else " output"
        raise RuntimeError(
            f"Input and output sizes should be greater than 0, but got input ({given}){sep} "
            f"({wanted})"
        )
    kind = _ops._backend.kind(input._data.dtype)
    if kind == "b" or kind in "iu" and (input.dtype is not _ac.uint8 or mode == "linear"):
        kernel = "compute_indices_weights_" if k == 1 else "upsample_"
        suffix = "" if k == 1 else "2d_channels_last"
        raise _ops._no_kernel(kernel + mode + suffix, input)  # (uint8: 2-D and nearest only)
    if mode == "nearest":
        return _ops.upsample_nearest(input, size, scales)
    if kind in "iu":
        raise NotImplementedError("interpolate: uint8 is supported by the nearest mode only")
    return _ops.upsample_linear(input, size, scales, bool(align_corners))


def softshrink(input, lambd=0.5):
    """x - lambd above lambd, x + lambd below -lambd, else 0."""
    return _ops.softshrink(input, lambd)


def threshold(input, threshold, value, inplace=False):
    """x where x > threshold, else value."""
    return (_ac.threshold_ if inplace else _ac.threshold)(input, threshold, value)


# torch.nn.functional's in-place forms: the function with inplace=True
def relu_(input):
    return relu(input, inplace=True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, inplace=True)


def selu_(input):
    return selu(input, inplace=True)


def celu_(input, alpha=1.0):
    return celu(input, alpha, inplace=True)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, inplace=True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, inplace=True)


def threshold_(input, threshold, value):
    return _ac.threshold_(input, threshold, value)


hardshrink = _ac.hardshrink
pdist = _ac.pdist


def __getattr__(name):  # a name this module lacks: torch's AttributeError (see _messages)
    raise _ac._messages.missing_attribute("torch.nn.functional", name)
