"""Losses computed as one node each, as torch's kernels: mse_loss, nll_loss; and the gradient of
the pointwise losses (mse, huber, smooth_l1, binary_cross_entropy) as an op of its own, as torch's
*_loss_backward.

Each op computes on the arrays, then records its node with `_ops._record` (see _ops).
"""

import builtins

import numpy as np

from . import _backend
from ._backend import namespace, opmath, plain, round_back
from ._tensor import Tensor
from ._amp_policy import float32_precision
from ._operands import _operands, loss_dtype
from ._messages import shape_error as _shape_error
from ._ops import _record, silent


# ============================================================================= losses (nodes named
# like torch's)


@float32_precision
@silent
def mse_loss(x, y, reduction="mean"):
    """mean((x - y)**2) (or sum / none), one MseLossBackward0 node."""
    loss_dtype("mse_cpu", x, y)
    a, b = _operands(x, y)
    try:
        d = (a - b) ** 2
    except ValueError as e:
        raise _shape_error("mse_loss", x, y, e) from None
    xp = namespace(d)
    f, low = opmath(d)  # bfloat16 and float16 are summed in float32, as torch's kernels
    r = xp.mean(f) if reduction == "mean" else xp.sum(f) if reduction == "sum" else f
    r = round_back(r, low)
    return _record("mse_loss", "MseLossBackward0", r, (x, y), {"reduction": reduction})


@float32_precision
@silent
def nll_loss(logp, target, weight=None, reduction="mean", ignore_index=-100):
    """-logp[i, target[i]] averaged (weighted) over the batch, one NllLossBackward0 node."""
    a = logp._data
    xp = namespace(a)
    tgt = target._data if isinstance(target, Tensor) else xp.asarray(target)
    if a.ndim not in (1, 2):
        raise ValueError(f"Expected 1 or 2 dimensions (got {a.ndim})")
    a2 = a if a.ndim == 2 else xp.reshape(a, (1, -1))
    t2 = xp.reshape(tgt, (-1,))
    if t2.shape[0] != a2.shape[0]:
        raise ValueError(
            f"Expected input batch_size ({a2.shape[0]}) to match target batch_size ({t2.shape[0]})."
        )
    valid = t2 != ignore_index
    safe = xp.where(valid, t2, xp.zeros_like(t2))
    n_cls = a2.shape[1]
    if builtins.bool(xp.any((safe < 0) | (safe >= n_cls))):
        bad = int(np.asarray(safe)[(np.asarray(safe) < 0) | (np.asarray(safe) >= n_cls)][0])
        raise IndexError(f"Target {bad} is out of bounds.")
    w = xp.ones(n_cls, dtype=a.dtype, device=a.device) if weight is None else weight._data
    wt = xp.where(valid, xp.take(w, safe), xp.zeros_like(a2[:, 0]))
    picked = xp.take_along_axis(a2, xp.reshape(safe, (-1, 1)), axis=1)[:, 0]
    losses, low = opmath(-picked * wt)
    total = xp.sum(opmath(wt)[0])
    if reduction == "mean":
        r = xp.sum(losses) / total
    elif reduction == "sum":
        r = xp.sum(losses)
    else:
        r = losses if a.ndim == 2 else losses[0]
    r, total = round_back(r, low), round_back(total, low)
    attrs = {
        "shape": a.shape,
        "target": Tensor._from_data(safe),
        "weight": Tensor._from_data(wt),
        "reduction": reduction,
        "ignore_index": ignore_index,
        "total": total,
        "valid": Tensor._from_data(valid),
    }
    return _record("nll_loss", "NllLossBackward0", r, (logp,), attrs)


@silent
def bce_backward(g, x, y, weight=None, reduction="mean"):
    """d binary_cross_entropy / d x as torch's kernel: g (x - y) / max((1 - x) x, 1e-12), then
    times the weight, then divided by the count for a mean (that order: its rounding); recorded as
    its node, so a gradient taken with create_graph=True has torch's double backward."""
    a, t = _operands(x, y)
    xp = namespace(a)
    eps = xp.asarray(np.float32(1e-12), dtype=a.dtype)  # torch's EPSILON, a C float (float16: 0)
    r = plain(g._data) * (a - t) / xp.maximum((1 - a) * a, eps)
    r = r * weight._data if weight is not None else r
    r = xp.astype(r / a.size if reduction == "mean" else r, a.dtype, copy=False)
    attrs = {"weight": weight, "reduction": reduction}
    return _record("bce_backward", "BinaryCrossEntropyBackwardBackward0", r, (g, x, y), attrs)


def _smooth_l1_kernel(d, g, norm, beta, operands):
    """torch's smooth_l1_backward CPU kernel (float32, float64): its vectorized loop computes
    norm * (d / beta or +-1) * g with beta in the dtype, its scalar loop (the last elements of a
    contiguous tensor, n % 16 float32 or n % 8 float64, or all of a strided one) norm * d * g in
    the dtype, then / beta in double."""
    f = d.dtype.type
    vec = (norm * np.where(np.abs(d) >= f(beta), np.where(d > 0, f(1), f(-1)), d / f(beta))) * g
    wide, edge = d.astype(np.float64), norm * g
    inner = ((norm * d * g).astype(np.float64) / beta).astype(d.dtype)
    scalar = np.where(wide <= -beta, -edge, np.where(wide >= beta, edge, inner))
    if not all(o.flags.c_contiguous or not any(o.strides) for o in operands):
        return scalar
    tail = _backend.scalar_tail(d, 64)
    return vec if tail is None else np.where(tail, scalar, vec)


# torch's node of each pointwise loss's gradient, when that gradient is recorded (create_graph)
_BACKWARD_NODES = {
    "mse": "MseLossBackwardBackward0",
    "huber": "HuberLossBackwardBackward0",
    "smooth_l1": "SmoothL1LossBackwardBackward0",
}


@silent
def loss_backward(g, x, y, kind, reduction, param=None):
    """d loss / d x of mse_loss, huber_loss (param: delta) or smooth_l1_loss (param: beta), g the
    loss's upstream gradient, computed as torch's kernels (mse_loss_backward, ...) and recorded as
    their node, so a gradient taken with create_graph=True has torch's node and double backward.
    The target's gradient is ``loss_backward(g, y, x, ...)``, as in torch's derivatives.yaml."""
    a, b = _operands(x, y)
    d = a - b
    xp = namespace(d)
    count = d.size if reduction == "mean" else 1
    norm = (2.0 if kind == "mse" else 1.0) / (count or 1)  # (an empty input: an empty gradient)
    gd = plain(g._data)  # (sgn's ZeroTensor: torch's kernel writes plain zeros)
    if kind == "mse":
        r = norm * d * gd
    elif kind == "smooth_l1" and d.__class__ is np.ndarray and d.dtype.itemsize >= 4:
        r = _smooth_l1_kernel(d, gd, norm, param, (a, b, gd))
    else:  # beyond +-param the slope is constant: +-param (huber), +-1 (smooth_l1)
        edge = norm * gd * param if kind == "huber" else norm * gd
        inner = norm * d * gd if kind == "huber" else norm * d * gd / param
        r = xp.where(d <= -param, -edge, xp.where(d >= param, edge, inner))
    r = xp.astype(r, x._data.dtype, copy=False)  # (torch's writes into zeros_like(x))
    attrs = {"kind": kind, "reduction": reduction, "param": param, "count": count}
    return _record("loss_backward", _BACKWARD_NODES[kind], r, (g, x, y), attrs)
