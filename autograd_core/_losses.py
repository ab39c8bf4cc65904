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
    r, attrs = _nll(a2, xp.reshape(tgt, (-1,)), weight, reduction, ignore_index)
    r = r if reduction != "none" or a.ndim == 2 else r[0]
    return _record("nll_loss", "NllLossBackward0", r, (logp,), {"shape": a.shape, **attrs})


@float32_precision
@silent
def nll_loss2d(logp, target, weight=None, reduction="mean", ignore_index=-100):
    """nll_loss of (N, C, H, W) log-probabilities at (N, H, W) targets: torch's kernel for
    spatial inputs, one NllLoss2DBackward0 node of the 4-D input (the classes moved last and
    flattened here, on the arrays)."""
    a = logp._data
    xp = namespace(a)
    rows = xp.reshape(xp.permute_dims(a, (0, 2, 3, 1)), (-1, a.shape[1]))
    r, attrs = _nll(rows, xp.reshape(target._data, (-1,)), weight, reduction, ignore_index)
    r = xp.reshape(r, tuple(target.shape)) if reduction == "none" else r
    return _record("nll_loss2d", "NllLoss2DBackward0", r, (logp,), {"shape": a.shape, **attrs})


def _nll(a2, t2, weight, reduction, ignore_index):
    """nll_loss of the rows of a2 at the targets t2 (a 1-D array): (result, the attributes its
    rule reads)."""
    xp = namespace(a2)
    if t2.shape[0] != a2.shape[0]:
        raise ValueError(
            f"Expected input batch_size ({a2.shape[0]}) to match target batch_size ({t2.shape[0]})."
        )
    valid = t2 != ignore_index
    safe = t2 * valid  # (an ignored row reads class 0, with weight 0)
    n_cls = a2.shape[1]
    if builtins.bool(xp.any((safe < 0) | (safe >= n_cls))):
        bad = int(np.asarray(safe)[(np.asarray(safe) < 0) | (np.asarray(safe) >= n_cls)][0])
        raise IndexError(f"Target {bad} is out of bounds.")
    if weight is None:
        wt = xp.astype(valid, a2.dtype)
    else:  # (an ignored row's weight is 0 even where class 0's is inf or nan)
        wt = xp.where(valid, xp.take(weight._data, safe), xp.zeros_like(a2[:, 0]))
    rows = xp.arange(a2.shape[0], device=a2.device)
    picked = xp.take(xp.reshape(a2, (-1,)), rows * n_cls + safe)
    losses, low = opmath(-picked * wt)
    if reduction == "none" or a2.__class__ is not np.ndarray:
        total = xp.sum(opmath(wt)[0])
        r = xp.sum(losses) / total if reduction == "mean" else xp.sum(losses)
        r = r if reduction != "none" else losses
    else:  # torch's cascade of partial sums over the batch (its products fused in)
        keep = None if valid.all() else valid
        p, wp, rows = (picked, wt, rows) if keep is None else (picked[keep], wt[keep], rows[keep])
        r = _cascade(-p, rows) if weight is None else _cascade(p, rows, wp)
        total = _cascade(wp, rows) if weight is not None else wp.dtype.type(wp.size)
        r = r / total if reduction == "mean" else r
    r, total = round_back(np.asarray(r), low), round_back(total, low)
    attrs = {
        "target": Tensor._from_data(safe),
        "weight": Tensor._from_data(wt),
        "reduction": reduction,
        "ignore_index": ignore_index,
        "total": total,
        "valid": Tensor._from_data(valid),
    }
    return r, attrs


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


def _cascade(values, batch, weights=None):
    """torch's nll_loss sum over the batch (nll_loss_out_frame): 8 levels of partial sums; after
    the value at batch index b, level j is added into level j + 1 (and emptied) when b is a
    multiple of 16 ** (j + 1); then the levels are added in order. `batch`: each value's index
    (ignored rows take none). With weights, the first level takes `level -= value * weight`."""
    f = values.dtype.type
    items = values if weights is None else -(values * weights)  # (level -= v * w: rounded)
    top = f(0)
    if batch.size and batch[0] == 0:  # (b = 0 goes up every level alone: the top holds it)
        top, items, batch = items[0], items[1:], batch[1:]
    levels = []
    whole = batch.size and batch[-1] == batch.size  # (no row ignored: batch is 1, 2, ... n - 1)
    for j in range(7):
        if not items.size:
            break
        if whole:  # (blocks of 16, each summed in order; the pushed, 16 ** (j + 1) apart, too)
            closed = items.size // 16
            table = np.zeros((closed + 1) * 16, items.dtype)
            table[: items.size] = items
            sums = np.cumsum(table.reshape(closed + 1, 16), axis=1)[:, -1]
        else:  # (a push closes its segment after its own item)
            pushed = batch % 16 ** (j + 1) == 0
            closed = int(pushed.sum())
            sums = _segment_sums(items, np.cumsum(pushed) - pushed, closed + 1)
            batch = batch[pushed]
        levels.append(sums[closed])
        items = sums[:closed]
    for item in items:  # (pushes into the top, after b = 0's value)
        top = top + item
    total = f(0)
    for level in (*levels, *[f(0)] * (7 - len(levels)), top):
        total = total + level
    return total


def _segment_sums(items, segment, count):
    """Each of `count` segments' sum of `items`, added in order from 0 (a running sum: numpy's
    cumsum adds in order), the segments laid out as the rows of a zero-padded table."""
    out = np.zeros(count, items.dtype)
    if not items.size:
        return out
    start = np.searchsorted(segment, np.arange(count))
    lengths = np.diff(np.append(start, items.size))
    table = np.zeros((count, int(lengths.max())), items.dtype)
    table[segment, np.arange(items.size) - start[segment]] = items
    live = np.flatnonzero(lengths)
    out[live] = np.cumsum(table, axis=1)[live, lengths[live] - 1]
    return out


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
