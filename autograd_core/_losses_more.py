"""More of torch's losses at ATen's level: the three with a kernel and a backward node of their own
(soft_margin_loss -> SoftMarginLossBackward0, multi_margin_loss -> MultiMarginLossBackward0,
multilabel_margin_loss -> MultilabelMarginLossBackward0), their gradient rules, and the composite
ATen functions torch exports as ``torch.<name>`` (cosine_embedding_loss, hinge_embedding_loss,
margin_ranking_loss, triplet_margin_loss, poisson_nll_loss), which take torch's reduction enum.

The kernels follow torch's CPU loops (aten/src/ATen/native/Loss.cpp, LossMultiMargin.cpp,
LossMultiLabelMargin.cpp): the same checks in the same order and words, the same dtypes for each
step and the same accumulation (a row's sum in the input's dtype or in double, as each loop has
it): the margin kernels' float32 results are torch's bit for bit; soft_margin_loss's exp and
log1p are rounded correctly, where torch's vectorized ones may be an ulp off. The two margin
kernels run on the host (a device array goes there and back). torch gives soft_margin_loss's
backward a derivative of its own (its node, SoftMarginLossBackwardBackward0, below); the two
margin losses' backwards have none: under create_graph their gradients come from a
NotImplemented node, whose backward refuses, as torch's.
The composites are written op for op as torch's C++, so their nodes are torch's.
"""

import math

import numpy as np

import autograd_core as _ac
from . import _backend
from ._amp_policy import float32_precision
from ._api import ops as F
from ._arithmetic import _not_differentiable
from ._backend import namespace, opmath, round_back
from ._messages import shape_error as _shape_error
from ._ops import _record, silent
from ._tensor import Tensor
from ._vjps import defvjp
from ._vjps_shapes import divided
from .grad_mode import is_grad_enabled

# torch.<name>: the composites below, behind torch's argument check (autograd_core/__init__)
FUNCTIONS = """
    cosine_embedding_loss hinge_embedding_loss margin_ranking_loss triplet_margin_loss
    poisson_nll_loss
""".split()

NONE, MEAN, SUM = 0, 1, 2  # torch's at::Reduction (torch/nn/_reduction.py)


def _reduced(loss, reduction):
    """torch's apply_loss_reduction: mean for 1, sum for 2, the loss itself for anything else."""
    if reduction == MEAN:
        return loss.mean()
    if reduction == SUM:
        return loss.sum()
    return loss


# ============================================================================= soft_margin_loss
_NEG_BOOL = (
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
    "mask, use the `~` or `logical_not()` operator instead."
)


def _into_input(x, y):
    """torch's soft_margin_loss writes into a tensor shaped and typed like the input (neg_out,
    then mul_ by the target in place): the target must broadcast to the input's shape, and the
    steps' result dtype must fit the input's. The dtype of the product with the target."""
    if x.dtype is _backend.bool_:
        raise RuntimeError(_NEG_BOOL)
    try:
        shape = np.broadcast_shapes(tuple(x.shape), tuple(y.shape))
    except ValueError:
        raise _shape_error(None, x, y) from None
    if shape != tuple(x.shape):
        raise RuntimeError(
            f"output with shape {list(x.shape)} doesn't match the broadcast shape {list(shape)}"
        )
    common = _backend.promote_types(x.dtype, y.dtype)
    if not x.dtype.is_floating_point:  # (mul_ by a float target, or exp_ of the integers)
        name = common.title if common.is_floating_point else _backend.default_float[0].title
        raise RuntimeError(
            f"result type {name} can't be cast to the desired output type {x.dtype.title}"
        )
    return _backend.np_dtype(common)


def _exactly(fn, a):
    """fn (exp, log1p) of a 32- or 16-bit float array as torch's kernels give it, correctly
    rounded (numpy's float32 exp and log1p can be an ulp or two off): computed in float64."""
    if a.__class__ is not np.ndarray or a.dtype.itemsize >= 8:
        return fn(a)
    return fn(a.astype(np.float64)).astype(a.dtype)


@float32_precision  # (autocast's float32 list, as torch's)
@silent
def soft_margin_loss(input, target, reduction=MEAN):
    """log(1 + exp(-target * input)), reduced: one SoftMarginLossBackward0 node (torch's
    soft_margin_loss_out: -input, times the target in their common dtype, exp, log1p, each
    written into the input's dtype)."""
    common = _into_input(input, target)
    a, b = input._data, target._data
    xp = namespace(a)
    prod = xp.astype(xp.astype(-a, common) * xp.astype(b, common), a.dtype)
    r = _exactly(xp.log1p, _exactly(xp.exp, prod))
    if reduction in (MEAN, SUM):
        f, low = opmath(r)  # (16-bit floats are summed in float32, as torch's kernels)
        r = round_back(xp.mean(f) if reduction == MEAN else xp.sum(f), low)
    attrs = {"target": target, "reduction": reduction}
    return _record("soft_margin_loss", "SoftMarginLossBackward0", r, (input,), attrs)


@silent
def soft_margin_loss_backward(grad, input, target, reduction):
    """torch's soft_margin_loss_backward_out, step for step: z = exp(-target * input);
    target * z * -norm into the input's dtype, / (z + 1), * grad (norm: 1 / numel for a mean).
    Recorded as SoftMarginLossBackwardBackward0, so create_graph gives torch's double backward."""
    a, b, g = input._data, target._data, _backend.plain(grad._data)
    xp = namespace(a)
    norm = 1.0 / a.size if reduction == MEAN else 1.0
    common = _backend.np_dtype(_backend.promote_types(input.dtype, target.dtype))
    b = xp.astype(b, common)
    z = _exactly(xp.exp, -b * xp.astype(a, common))
    dt = a.dtype
    r = xp.astype(xp.broadcast_to(b * z, a.shape), dt)
    r = xp.astype(r * np.asarray(-norm, dt), dt)
    z = z + 1
    r = xp.astype(xp.astype(r / z, dt) * g, dt)
    attrs = {"target": target, "reduction": reduction}
    return _record(
        "soft_margin_loss_backward", "SoftMarginLossBackwardBackward0", r, (grad, input), attrs
    )


def _soft_margin_rule(g, x, target, reduction):
    return (soft_margin_loss_backward(g, x, target, reduction),)


def _soft_margin_backward_rule(gg, x, y, need, target, reduction):
    """soft_margin_loss_backward(x, y): x the upstream gradient, y the input. torch's
    soft_margin_loss_double_backward_grad_output and soft_margin_loss_double_backward."""
    g, inp = x, y
    gg_out = gx = None
    if need[0]:
        if reduction == NONE:
            gg_out = soft_margin_loss_backward(gg, inp, target, reduction)
        else:
            ones = Tensor._from_data(namespace(g._data).ones_like(g._data))
            gg_out = (soft_margin_loss_backward(ones, inp, target, reduction) * gg).sum()
    if need[1]:
        z = (inp * -target).exp()
        zplus1 = z + 1
        gx = gg * g * (target * target) * z / (zplus1 * zplus1)
        gx = divided(gx, inp.numel()) if reduction == MEAN else gx
    return gg_out, gx


defvjp("soft_margin_loss", _soft_margin_rule, on_arrays=False)
defvjp("soft_margin_loss_backward", _soft_margin_backward_rule, on_arrays=False)


# ============================================================================= the margin kernels
def _host(t):
    return _backend.move(t._data, _backend.CPU)


def _on_device_of(r, like):
    return _backend.move(r, _backend.device_of(like._data))


def _no_float_kernel(kernel, input):
    if input.dtype not in (_backend.float32, _backend.float64):
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype.title}'")


def _dtype_is(t, want):
    """torch's data_ptr<T>() check of an argument's dtype."""
    if t.dtype is not want:
        raise RuntimeError(f"expected scalar type {want.title} but found {t.dtype.title}")


def _frames(input):
    """(nframe, dim) of a margin loss's input: a row per sample, 1-D and 0-d inputs one row."""
    if input.ndim <= 1:
        return 1, 1 if input.ndim == 0 else input.shape[0]
    return input.shape[0], input.shape[1]


def _check_frames(input):
    n = input.ndim
    if not (n == 2 and input.shape[1] != 0 or n == 1 and input.shape[0] != 0 or n == 0):
        raise RuntimeError(
            "Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
            f"{list(input.shape)}"
        )


def _sequential(values, dtype):
    """Each row's sum of `values` added left to right in `dtype` (a C loop's `sum += v`)."""
    if values.shape[-1] == 0:
        return np.zeros(values.shape[:-1], dtype)
    return np.cumsum(values.astype(dtype), axis=-1, dtype=dtype)[..., -1]


def _check_no_grad(name, arg, t):
    if t is not None and t.requires_grad and is_grad_enabled():
        raise RuntimeError(
            f"The function '{name}' is not differentiable with respect to argument '{arg}'. "
            "This input cannot have requires_grad True."
        )


@float32_precision  # (autocast's float32 list, as torch's)
@silent
def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, reduction=MEAN):
    """sum over d != y of max(0, margin - x[y] + x[d]) ** p (times weight[y]) / C per sample,
    reduced: one MultiMarginLossBackward0 node (torch's multi_margin_loss_cpu)."""
    _check_no_grad("multi_margin_loss", "weight", weight)
    p, margin = int(p), float(margin)  # (torch's Scalars: a number or a one-element tensor)
    if p not in (1, 2):
        raise RuntimeError("only p == 1 and p == 2 supported")
    _check_frames(input)
    nframe, dim = _frames(input)
    if not (target.ndim <= 1 and target.numel() == nframe):
        raise RuntimeError(
            "multi_margin_loss: target tensor should be 1-D with size equal to the number of "
            f"input samples (batch size). Expected target size [{nframe}], but got "
            f"{list(target.shape)}. Input has shape {list(input.shape)}."
        )
    if weight is not None and not (weight.ndim <= 1 and weight.numel() == dim):
        raise RuntimeError(f"inconsistent weight size, expected {dim} but got {list(weight.shape)}")
    shape = (nframe,) if reduction == NONE and target.ndim > 0 else ()
    attrs = {"target": target, "p": p, "margin": margin, "weight": weight, "reduction": reduction}
    if input.numel() == 0:  # (torch returns its output unwritten: an empty batch's loss)
        r = np.zeros(shape, _backend.np_dtype(input.dtype))
        return _record("multi_margin_loss", "MultiMarginLossBackward0", r, (input,), attrs)
    x, t, w = _margin_operands(input, target, weight, dim, "multi_margin_loss_cpu_kernel")
    dt = x.dtype
    h, _, _ = _multi_margin_terms(x, t, p, margin, w, dim)
    rows = _sequential(h, dt) / dt.type(dim)  # (each sample's sum in its dtype, / C)
    if reduction == NONE and shape:
        r = rows
    else:  # (the samples added in double, as torch's accscalar_t)
        total = _sequential(rows.astype(np.float64), np.float64)
        r = np.asarray(total / nframe if reduction == MEAN else total).astype(dt)
    r = _on_device_of(r.reshape(shape), input)
    return _record("multi_margin_loss", "MultiMarginLossBackward0", r, (input,), attrs)


def _margin_operands(input, target, weight, dim, kernel):
    """The host arrays of a margin kernel, (nframe, dim) rows, after torch's dtype checks (the
    input's kernel, then the target's int64 and the weight's dtype) and its range check."""
    _no_float_kernel(kernel, input)
    _dtype_is(target, _backend.int64)
    if weight is not None:
        _dtype_is(weight, input.dtype)
    x = _host(input).reshape(-1, dim)
    t = _host(target).reshape(-1)
    if np.any((t < 0) | (t >= dim)):
        raise RuntimeError("target out of range")
    return x, t, None if weight is None else _host(weight).reshape(-1)


def _multi_margin_terms(x, t, p, margin, w, dim):
    """Each (sample, class)'s term of the loss and the mask of those that count, as torch's loop:
    z = margin - x[y] + x[d] in the input's dtype, z or z * z where z > 0 and d != y, times
    weight[y]."""
    dt = x.dtype
    rows = np.arange(x.shape[0])
    xt = x[rows, t][:, None]
    z = (dt.type(margin) - xt) + x
    live = (z > 0) & (np.arange(dim)[None, :] != t[:, None])
    h = z if p == 1 else z * z
    if w is not None:
        h = h * w[t][:, None]
    return np.where(live, h, dt.type(0)), z, live


@silent
def multi_margin_loss_backward(grad, input, target, p, margin, weight, reduction):
    """torch's multi_margin_loss_backward_cpu_kernel: for each counted term g (p = 1) or 2 g z
    (times weight[y]) at x[d] and minus their sum at x[y], g = 1 / C (1 / (N C) for a mean) in
    the input's dtype; then times the upstream gradient."""
    nframe, dim = _frames(input)
    x, t, w = _margin_operands(input, target, weight, dim, "multi_margin_loss_backward_cpu_kernel")
    dt = x.dtype
    g = dt.type(1.0 / (nframe * dim) if reduction == MEAN else 1.0 / dim)
    _, z, live = _multi_margin_terms(x, t, p, margin, w, dim)
    h = np.full_like(z, g) if p == 1 else dt.type(2) * g * z
    if w is not None:
        h = h * w[t][:, None]
    r = np.where(live, h, dt.type(0))
    r[np.arange(x.shape[0]), t] = -_sequential(r, dt)  # (0 - h - h ...: the sum's negation)
    return _times_upstream(r, grad, input, reduction)


def _times_upstream(r, grad, input, reduction):
    """The kernels' last loop: every element times the upstream gradient, a sample's row times
    its own for reduction 'none' (a 0-d one: the single value)."""
    go = _backend.plain(_host(grad)).astype(r.dtype)
    if reduction != NONE or go.ndim == 0:
        r = r * go.reshape(())
    else:
        r = r * go.reshape(-1, 1)
    return Tensor._from_data(_on_device_of(r.reshape(tuple(input.shape)), input))


def _multi_margin_rule(g, x, target, p, margin, weight, reduction):
    r = multi_margin_loss_backward(g, x, target, p, margin, weight, reduction)
    if is_grad_enabled():  # (create_graph: torch's NotImplemented node, which refuses backward)
        r = _not_differentiable("multi_margin_loss_backward", r._data, (g, x))
    return (r,)


defvjp("multi_margin_loss", _multi_margin_rule, on_arrays=False)


def _check_multilabel(input, target):
    """torch's multilabel_margin_loss_shape_check: (nframe, dim)."""
    _check_frames(input)
    nframe, dim = _frames(input)
    if input.ndim <= 1:
        ok = target.ndim <= 1 and target.numel() == dim
    else:
        ok = target.ndim == 2 and tuple(target.shape) == (nframe, dim)
    if not ok:
        raise RuntimeError(
            f"inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}"
        )
    return nframe, dim


def _multilabel_terms(input, target, dim, kernel):
    """The host arrays of multilabel_margin_loss after torch's checks, its is_target mask (the
    classes listed before a row's first -1), and how often each (sample, class) counts: the
    number of (listed target, other class) pairs with 1 - x[target] + x[other] > 0, at the
    other class (+) and at the target (-), a target listed twice counting twice."""
    t = _host(target).reshape(-1, dim) if target.numel() else _host(target).reshape(0, dim)
    if int(t.min()) < -1 or int(t.max()) >= dim:
        raise RuntimeError("argument #2 'target' is out of range")
    _no_float_kernel(kernel, input)
    _dtype_is(target, _backend.int64)
    x = _host(input).reshape(-1, dim)
    n = x.shape[0]
    listed = np.cumprod(t >= 0, axis=1).astype(bool)  # (up to the first -1)
    is_target = np.zeros((n, dim), bool)
    rows = np.repeat(np.arange(n), dim).reshape(n, dim)
    is_target[rows[listed], t[listed]] = True
    safe = np.where(listed, t, 0)
    xt = np.take_along_axis(x, safe, axis=1)  # (n, dim): x at each listed target
    z = (x.dtype.type(1) - xt)[:, :, None] + x[:, None, :]  # (sample, listed target, class)
    live = (z > 0) & listed[:, :, None] & ~is_target[:, None, :]
    return x, z, live, safe, is_target


@float32_precision  # (autocast's float32 list, as torch's)
@silent
def multilabel_margin_loss(input, target, reduction=MEAN):
    """sum over listed targets j and unlisted classes i of max(0, 1 - x[j] + x[i]) / C per
    sample, reduced: one MultilabelMarginLossBackward0 node (torch's multilabel_margin_loss
    CPU kernel; a 1-D or 0-d input gives a 0-d loss even for 'none')."""
    nframe, dim = _check_multilabel(input, target)
    shape = () if reduction != NONE or target.ndim <= 1 else (nframe,)
    attrs = {"target": target, "reduction": reduction}
    if input.numel() == 0:  # (torch returns its output unwritten: an empty batch's loss)
        r = np.zeros(shape, _backend.np_dtype(input.dtype))
        return _record(
            "multilabel_margin_loss", "MultilabelMarginLossBackward0", r, (input,), attrs
        )
    kernel = "multilabel_margin_loss_forward_out_frame"
    x, z, live, _, _ = _multilabel_terms(input, target, dim, kernel)
    dt = x.dtype
    terms = np.where(live, z, dt.type(0)).reshape(z.shape[0], -1)
    rows = _sequential(terms.astype(np.float64), np.float64).astype(dt)  # (a double sum each)
    if reduction == NONE and shape:
        r = rows / dt.type(dim)
    else:
        total = _sequential(rows.astype(np.float64), np.float64) / dim
        r = np.asarray(total / nframe if reduction == MEAN else total).astype(dt)
    r = _on_device_of(np.asarray(r).reshape(shape), input)
    return _record("multilabel_margin_loss", "MultilabelMarginLossBackward0", r, (input,), attrs)


@silent
def multilabel_margin_loss_backward(grad, input, target, reduction):
    """torch's multilabel_margin_loss_backward_out_frame: g = 1 / C (1 / (N C) for a mean) added
    at each counted class and taken from its target, once per pair, in the input's dtype (so
    k pairs give g added k times); then times the upstream gradient."""
    nframe, dim = _frames(input)
    kernel = "multilabel_margin_loss_backward_out_frame"
    x, z, live, safe, _ = _multilabel_terms(input, target, dim, kernel)
    dt = x.dtype
    g = dt.type(1.0 / (nframe * dim) if reduction == MEAN else 1.0 / dim)
    n = x.shape[0]
    up = live.sum(axis=1)  # (sample, class): the pairs adding g there
    down = np.zeros((n, dim), np.int64)
    np.add.at(down, (np.repeat(np.arange(n), dim), safe.reshape(-1)), live.sum(axis=2).ravel())
    most = int(max(up.max(initial=0), down.max(initial=0)))
    steps = np.concatenate([[dt.type(0)], np.cumsum(np.full(most, g, dt), dtype=dt)])
    r = steps[up] - steps[down]  # (a cell gets only + or only -: a target is never counted)
    return _times_upstream(r.astype(dt), grad, input, reduction)


def _multilabel_rule(g, x, target, reduction):
    r = multilabel_margin_loss_backward(g, x, target, reduction)
    if is_grad_enabled():  # (create_graph: torch's NotImplemented node, which refuses backward)
        r = _not_differentiable("multilabel_margin_loss_backward", r._data, (g, x))
    return (r,)


defvjp("multilabel_margin_loss", _multilabel_rule, on_arrays=False)


# ============================================================================= the composites
# torch's CompositeImplicitAutograd losses (aten/src/ATen/native/Loss.cpp), op for op.
_EPSILON = 1e-12


def _minus(s, t):
    """C++'s ``s - t`` of a double and a tensor (ATen/TensorOperators.h): empty_like(t).fill_(s)
    .sub_(t), in t's dtype (an integer input stays integer) with a SubBackward0 node."""
    return _ac.full_like(t, s).sub_(t)


@float32_precision
def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=MEAN):
    """1 - cos(x1, x2) where target is 1, max(0, cos(x1, x2) - margin) where it is -1 (0 for
    any other target), cos taken along the last dim of (N, D) inputs (or of (D,) ones with a 0-d
    target), with 1e-12 added to each squared norm."""
    targ_dim = target.ndim
    if targ_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    want = 2 if targ_dim == 1 else 1
    if input1.ndim != want or input2.ndim != want:
        raise RuntimeError(
            f"{targ_dim}D target tensor expects {want}D input tensors, but found inputs with "
            f"sizes {list(input1.shape)} and {list(input2.shape)}."
        )
    prod_sum = (input1 * input2).sum(targ_dim)
    mag_square1 = (input1 * input1).sum(targ_dim) + _EPSILON
    mag_square2 = (input2 * input2).sum(targ_dim) + _EPSILON
    denom = (mag_square1 * mag_square2).sqrt_()
    cos = prod_sum / denom
    zeros = _ac.zeros_like(cos)
    pos = _minus(1, cos)
    neg = (cos - margin).clamp_min_(0)
    output_pos = F.where(target == 1, pos, zeros)
    output_neg = F.where(target == -1, neg, zeros)
    return _reduced(output_pos + output_neg, reduction)


@float32_precision
def hinge_embedding_loss(input, target, margin=1.0, reduction=MEAN):
    """max(0, margin - x) where target is not 1, plus x where it is not -1."""
    zeros = _ac.zeros_like(input)
    margin_clamp = _minus(margin, input).clamp_min_(0)
    output_margin = F.where(target != 1, margin_clamp, zeros)
    output_self = F.where(target != -1, input, zeros)
    return _reduced(output_margin + output_self, reduction)


@float32_precision
def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=MEAN):
    """max(0, -target * (x1 - x2) + margin)."""
    return _reduced((-target * (input1 - input2) + margin).clamp_min_(0), reduction)


@float32_precision
def triplet_margin_loss(
    anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=False, reduction=MEAN
):
    """max(0, margin + d(a, p) - d(a, n)), d the pairwise p-norm distance (``swap``: d(a, n) the
    smaller of it and d(p, n))."""
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number of "
            f"dimensions, but got: anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D "
            "inputs"
        )
    distance = _ac.nn.functional.pairwise_distance
    dist_pos = distance(anchor, positive, p, eps)
    dist_neg = distance(anchor, negative, p, eps)
    if swap:
        dist_neg = F.minimum(dist_neg, distance(positive, negative, p, eps))
    return _reduced((margin + dist_pos - dist_neg).clamp_min(0), reduction)


@float32_precision
@silent  # (a target of 0 makes 0 * log 0 = nan, masked: torch computes it without a warning)
def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    """exp(x) - target * x (log_input), else x - target * log(x + eps); ``full`` adds Stirling's
    approximation of log(target!) where target > 1."""
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + 0.5 * ((2 * math.pi) * target).log()
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduced(loss, reduction)
