"""torch.nn.functional's margin, embedding and likelihood losses (re-exported by nn.functional).

Each is torch/nn/functional.py's function: the same reduction handling (the legacy
size_average/reduce flags, torch's enum for the ATen call, its ValueErrors), the same checks in
the same order, then the same call: a kernel of autograd_core._losses_more (soft_margin_loss,
multi_margin_loss, multilabel_margin_loss: one node each, torch's), the ``torch.<name>``
composite (cosine_embedding_loss, hinge_embedding_loss, margin_ranking_loss, triplet_margin_loss,
poisson_nll_loss), or, where torch writes the loss in Python (multilabel_soft_margin_loss,
triplet_margin_with_distance_loss, gaussian_nll_loss), the same ops in the same order.
"""

import math
import numbers
import warnings

import autograd_core as _ac
from autograd_core import _losses_more as _kernels
from autograd_core._tensor import Tensor
from autograd_core.autograd.forward_ad import NO_FORWARD_FORMULA

# The margin kernels have no forward-mode formula in torch's derivatives.yaml: forward AD refuses
# them by torch's op names (registered here: the kernels load before autograd does).
NO_FORWARD_FORMULA["multi_margin_loss"] = "multi_margin_loss"
NO_FORWARD_FORMULA["multilabel_margin_loss"] = "multilabel_margin_loss_forward"

__all__ = [
    "soft_margin_loss",
    "multilabel_soft_margin_loss",
    "multilabel_margin_loss",
    "multi_margin_loss",
    "cosine_embedding_loss",
    "margin_ranking_loss",
    "hinge_embedding_loss",
    "triplet_margin_loss",
    "triplet_margin_with_distance_loss",
    "poisson_nll_loss",
    "gaussian_nll_loss",
]


def _enum(reduction):
    """torch.nn._reduction.get_enum: 'none' 0, 'mean' (or the deprecated 'elementwise_mean') 1,
    'sum' 2."""
    if reduction == "none":
        return _kernels.NONE
    if reduction == "mean":
        return _kernels.MEAN
    if reduction == "elementwise_mean":
        warnings.warn(
            "reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.",
            stacklevel=3,
        )
        return _kernels.MEAN
    if reduction == "sum":
        return _kernels.SUM
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _legacy(size_average, reduce):
    """The reduction string of the deprecated flags, with torch's warning."""
    return _ac.nn.functional._legacy_get_string(size_average, reduce)


def _binding_args(name, **tensors):
    """torch._C._nn's argument check: each named argument (in order) must be a Tensor."""
    for i, (arg, t) in enumerate(tensors.items()):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"{name}(): argument '{arg}' (position {i + 1}) must be Tensor, not "
                f"{type(t).__name__}"
            )


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """log(1 + exp(-target * input)) (targets 1 or -1), averaged (or summed, or not reduced)
    over the elements: one SoftMarginLossBackward0 node."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    _binding_args("soft_margin_loss", input=input, target=target)
    _kernels._check_no_grad("soft_margin_loss", "target", target)
    return _kernels.soft_margin_loss(input, target, reduction_enum)


def multilabel_soft_margin_loss(
    input, target, weight=None, size_average=None, reduce=None, reduction="mean"
):
    """-(t log sigmoid(x) + (1 - t) log sigmoid(-x)), times ``weight``, averaged over the classes
    (the last dim), then reduced over the samples."""
    if size_average is not None or reduce is not None:
        reduction = _legacy(size_average, reduce)
    logsigmoid = _ac.nn.functional.logsigmoid
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    C = input.size(class_dim)
    loss = loss.sum(dim=class_dim) / C  # only return N loss values
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Multi-class multi-label hinge loss: target lists each sample's classes (int64, ended by
    the first -1); sum over listed j and unlisted i of max(0, 1 - x[j] + x[i]) / C per sample."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    _binding_args("multilabel_margin_loss", input=input, target=target)
    return _kernels.multilabel_margin_loss(input, target, reduction_enum)


def multi_margin_loss(
    input,
    target,
    p=1,
    margin=1.0,
    weight=None,
    size_average=None,
    reduce=None,
    reduction="mean",
):
    """Multi-class hinge loss: sum over i != y of max(0, margin - x[y] + x[i]) ** p (times
    weight[y]) / C per sample, y the class index (int64) of the sample."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    _binding_args("multi_margin_loss", input=input, target=target)
    if not isinstance(margin, (numbers.Number, Tensor)):  # (the binding's Scalar)
        raise TypeError(
            "multi_margin_loss(): argument 'margin' (position 4) must be Number, not "
            f"{type(margin).__name__}"
        )
    return _kernels.multi_margin_loss(input, target, p, margin, weight, reduction_enum)


def cosine_embedding_loss(
    input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"
):
    """1 - cos(x1, x2) for target 1, max(0, cos(x1, x2) - margin) for target -1 (torch's
    ``torch.cosine_embedding_loss``)."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    return _ac.cosine_embedding_loss(input1, input2, target, margin, reduction_enum)


def margin_ranking_loss(
    input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"
):
    """max(0, -target * (x1 - x2) + margin): target 1 ranks x1 first, -1 x2."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            f"margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            f"input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} "
        )
    return _ac.margin_ranking_loss(input1, input2, target, margin, reduction_enum)


def hinge_embedding_loss(
    input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"
):
    """x where target is 1, max(0, margin - x) where it is -1."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    return _ac.hinge_embedding_loss(input, target, margin, reduction_enum)


def triplet_margin_loss(
    anchor,
    positive,
    negative,
    margin=1.0,
    p=2,
    eps=1e-6,
    swap=False,
    size_average=None,
    reduce=None,
    reduction="mean",
):
    """max(0, margin + ||a - p|| - ||a - n||) with pairwise p-norm distances (``swap``: the
    negative's distance is the smaller of ||a - n|| and ||p - n||)."""
    if size_average is not None or reduce is not None:
        reduction_enum = _enum(_legacy(size_average, reduce))
    else:
        reduction_enum = _enum(reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    return _ac.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction_enum)


def triplet_margin_with_distance_loss(
    anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False, reduction="mean"
):
    """triplet_margin_loss with any ``distance_function`` (default: pairwise_distance)."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number of "
            f"dimensions, but got: anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D "
            "inputs"
        )
    if distance_function is None:
        distance_function = _ac.nn.functional.pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:  # (the positive as the anchor where it is nearer the negative: Balntas et al.)
        dist_swap = distance_function(positive, negative)
        dist_neg = _ac.minimum(dist_neg, dist_swap)
    loss = _ac.clamp_min(margin + dist_pos - dist_neg, 0)
    if reduction == "sum":
        return _ac.sum(loss)
    if reduction == "mean":
        return _ac.mean(loss)
    return loss


def poisson_nll_loss(
    input,
    target,
    log_input=True,
    full=False,
    size_average=None,
    eps=1e-8,
    reduce=None,
    reduction="mean",
):
    """Poisson negative log-likelihood: exp(x) - target * x (``log_input``), else
    x - target * log(x + eps); ``full`` adds Stirling's term for targets above 1."""
    if size_average is not None or reduce is not None:
        reduction = _legacy(size_average, reduce)
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not a valid value for reduction")
    return _ac.poisson_nll_loss(input, target, log_input, full, eps, _enum(reduction))


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """Gaussian negative log-likelihood 0.5 (log var + (input - target)**2 / var) (+ 0.5 log 2 pi
    with ``full``); var is clamped to eps (without a gradient through the clamp), and may omit
    the last dim or have one dim of size 1 (one variance shared)."""
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * _ac.ones_like(input)
    elif _ac.any(var < 0):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():  # one variance per sample: broadcast along the last
            var = _ac.unsqueeze(var, -1)
        elif (
            input.ndim == var.ndim
            and sum(y for x, y in zip(input.size(), var.size(), strict=True) if x != y) == 1
        ):  # one dim of size 1 (broadcast)
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with _ac.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (_ac.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
