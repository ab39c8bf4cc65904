"""Normalization ops: layer, batch and group norm (torch.layer_norm, torch.batch_norm,
torch.group_norm), each one node whose VJP is in _vjps_nn.
"""

import math

import numpy as np

from . import _backend
from ._amp_policy import cuda_float32
from ._backend import namespace
from ._nn_ops import _channel_shape
from ._operands import _cast, _cname, _no_kernel
from ._ops import _record
from ._pointwise import _fma
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


# ============================================================================= torch's moments


def rowwise_moments(x):
    """Each row's mean and biased variance (2-d array x; in float32 for 16-bit values), rounded
    as torch's RowwiseMoments (moments_utils.h) on its AVX2 kernels: Welford's update over vectors
    of 32 bytes in chunks of 16, the chunks merged in a cascade, a scalar Welford over the tail,
    then the vector's lanes merged in, with the fused multiply-adds its compiled loops have.
    (Other array libraries: a two-pass mean and variance.)"""
    xp = namespace(x)
    if not x.shape[1]:  # (torch's: a mean of 0 and a variance of 0 / 0)
        zero = xp.zeros((x.shape[0],), dtype=_backend.opmath(x)[0].dtype, device=x.device)
        return zero, zero / zero
    if x.__class__ is not np.ndarray:
        mean = xp.mean(x, axis=1)
        return mean, xp.mean((x - mean[:, None]) ** 2, axis=1)
    f = np.float32 if x.dtype.itemsize <= 4 else np.float64
    width, lanes = 32 // x.dtype.itemsize, 32 // np.dtype(f).itemsize  # (16-bit: two halves)
    rows, size = x.shape
    n = size // width
    body = x[:, : n * width].astype(f).reshape(rows, n, width // lanes, lanes)
    depth, chunks = _ceil_log2(-(-n // 16)), n // 16
    stack = [[0, np.zeros((rows, lanes), f), np.zeros((rows, lanes), f)] for _ in range(depth)]
    full = body[:, : chunks * 16].reshape(rows, chunks, 16, width // lanes, lanes)  # (at once)
    parts = [_welford(full, 2, f)] if chunks else []
    parts += [_welford(body[:, chunks * 16 :, None], 1, f)] if n % 16 else []
    m1s, m2s = (np.concatenate([p[k] for p in parts], axis=1) for k in (0, 1)) if n else (0, 0)
    for i, start in enumerate(range(0, n, 16)):
        count = min(16, n - start)
        for half in range(m1s.shape[2]):
            _add_moments(stack[0], count, m1s[:, i, half], m2s[:, i, half], vector=True)
        done, k = i + 1, 1
        while k < depth and not done & 1:  # a full level merged upward
            _add_moments(stack[k], *stack[k - 1], vector=True)
            stack[k - 1] = [0, np.zeros((rows, lanes), f), np.zeros((rows, lanes), f)]
            done, k = done >> 1, k + 1
    for level in stack[1:]:
        _add_moments(stack[0], *level, vector=True)
    total = [0, np.zeros(rows, f), np.zeros(rows, f)]
    fused = x.dtype == np.float16  # (its compiled tail fuses the update of m2; the others not)
    for i in range(n * width, size):  # the tail: Welford's update one value at a time
        v = x[:, i].astype(f)
        d = v - total[1]
        total[0] += 1
        total[1] = total[1] + d / f(total[0])
        total[2] = _fma(d, v - total[1], total[2]) if fused else total[2] + d * (v - total[1])
    for lane in range(lanes if n else 0):
        _add_moments(total, n * width // lanes, stack[0][1][:, lane], stack[0][2][:, lane])
    return total[1], total[2] / f(size)


def _welford(chunks, axis, f):
    """Welford's update along `axis` of each chunk of vectors, times a table of 1 / (j + 1), as
    torch's UpdateMomentsVec (its loop fuses both updates)."""
    m1 = m2 = np.zeros(np.delete(chunks.shape, axis), f)
    for j in range(chunks.shape[axis]):
        v = np.take(chunks, j, axis=axis)
        d = v - m1
        m1 = _fma(d, f(1) / f(j + 1), m1)
        m2 = _fma(d, v - m1, m2)
    return m1, m2


def _add_moments(into, count, m1, m2, vector=False):
    """torch's AddMoments (scalar) or AddMomentsVec: merge (count, m1, m2) into `into`."""
    f, m0 = m1.dtype.type, into[0]
    c = f(count) / f(m0 + count) if m0 + count else f(0)
    delta = m1 - into[1]
    if vector:  # (its compiled code shares c * delta: m2 += fma(c * delta, delta * m0, ...))
        cd = c * delta
        into[1] = into[1] + cd
        into[2] = _fma(cd, delta * f(m0), into[2] + m2)
    else:
        into[1] = _fma(np.full_like(delta, c), delta, into[1])
        t = delta * delta * c
        into[2] = into[2] + _fma(t, np.full_like(t, m0), m2)
    into[0] = m0 + count


def layer_norm_stats(a, count, eps):
    """torch's layer norm kernel's mean and rstd of array a over its last `count` dims (kept, as
    dims of 1), in its opmath dtype: RowwiseMoments, then 1 / sqrt(var + eps)."""
    lead = int(np.prod(a.shape[: a.ndim - count]))  # (no -1: a dim of 0 makes it ambiguous)
    rows = namespace(a).reshape(a, (lead, int(np.prod(a.shape[a.ndim - count :]))))
    mean, var = rowwise_moments(rows)
    xp, kept = namespace(var), tuple(a.shape[: a.ndim - count]) + (1,) * count
    return xp.reshape(mean, kept), xp.reshape(1 / xp.sqrt(var + eps), kept)  # (in var's dtype)


def group_norm_stats(a, groups, eps):
    """torch's group norm kernel's mean and rstd of array a per sample and group (shaped
    (n, groups, 1, 1)), in its opmath dtype: RowwiseMoments, then 1 / sqrt(var + eps) in
    double (its eps is a C double)."""
    xp = namespace(a)
    mean, var = rowwise_moments(
        xp.reshape(a, (a.shape[0] * groups, math.prod(a.shape[1:]) // groups))
    )
    var = xp.where(var < 0, 0 * var, var)  # (std::max: a NaN stays)
    rstd = xp.astype(1 / xp.sqrt(xp.astype(var, xp.float64) + eps), var.dtype)
    return (xp.reshape(t, (a.shape[0], groups, 1, 1)) for t in (mean, rstd))


def reduce_all(x, y=None, z=None, fused=True):
    """torch's vec::reduce_all (map2_reduce_all, map3_reduce_all): each row's sum of x (x * y,
    x * y * z) over the last dim of 2-d float arrays, as its AVX2 loop adds: vector by vector of
    32 bytes, the last partial vector's products fused into the sum where its caller's compiled
    code fuses them (`fused`), then the lanes added (by its shuffle tree for float32); a row
    shorter than a vector summed in order."""
    terms = x if y is None else x * y if z is None else x * y * z
    lanes, n = 32 // x.dtype.itemsize, x.shape[1]
    if n < lanes or x.__class__ is not np.ndarray:
        return terms.sum(axis=1) if n >= lanes or not n else sum(terms[:, i] for i in range(n))
    full = n - n % lanes  # (numpy adds along a middle axis in order: v0 + v1 + ...)
    acc = terms[:, :full].reshape(terms.shape[0], -1, lanes).sum(axis=1)
    if full < n:  # (its last, partial vector: a fused multiply-add where there is a product)
        acc, k = acc.copy(), n - full
        tx, ty, tz = (None if a is None else a[:, full:] for a in (x, y, z))
        if ty is None or not fused:
            acc[:, :k] += terms[:, full:]
        else:
            acc[:, :k] = _fma(tx, ty, acc[:, :k]) if tz is None else _fma(tx * ty, tz, acc[:, :k])
    if lanes == 4:  # (float64: its generic lane loop, in order)
        return ((acc[:, 0] + acc[:, 1]) + acc[:, 2]) + acc[:, 3]
    lane, width = np.arange(lanes), lanes // 2  # float32: halves, pairs, neighbours
    while width:
        acc = acc + acc[:, lane ^ width]
        width //= 2
    return acc[:, 0]


def _ceil_log2(m):
    return 1 if m <= 2 else (m - 1).bit_length()


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
    dims = tuple(range(input.ndim - len(shape), input.ndim))
    mean, rstd = layer_norm_stats(input._data, len(shape), eps)
    a, low = _backend.opmath(input._data)  # torch's kernel: (x - mean) * rstd, then * weight +
    xp = namespace(a)  # bias, fused
    w, b = (None if t is None else xp.astype(t._data, a.dtype) for t in (weight, bias))
    if low is not None:  # (16-bit: in float32, fma(fma(x, rstd, -rstd * mean), weight, bias))
        r = _fma(a, rstd, -rstd * mean)
        if w is not None or b is not None:
            one = xp.ones((), dtype=a.dtype, device=a.device)
            r = _fma(r, one if w is None else w, 0 * one if b is None else b)
    else:  # (a bias: fused, into the product by the weight or, without one, by rstd)
        r = a + -mean
        r = _fma(r, rstd, b) if w is None and b is not None else r * rstd
        r = _fma(r, w, b) if w is not None and b is not None else r * w if w is not None else r
    if low is not None or mixed:
        r = _cast(r, input.dtype)
    return _record(  # (torch's kernels write a contiguous result, whatever x's layout)
        "layer_norm",
        "NativeLayerNormBackward0",
        _backend.c_order(r),
        (input, weight, bias),
        {"dims": dims, "eps": eps, "stats": (mean, rstd)},  # (torch's saved mean and rstd)
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
    r = _backend.c_order(r)
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
    mean, rstd = group_norm_stats(input._data, num_groups, eps)
    a, low = _backend.opmath(input._data)  # torch's kernel: float32 for 16-bit inputs
    xp = namespace(a)
    a4 = xp.reshape(a, (n, num_groups, c // num_groups, math.prod(a.shape[2:])))
    if weight is None and bias is None:
        r = (a4 - mean) * rstd
    else:  # per channel: scale = rstd * weight, y = fma(scale, x, fma(-scale, mean, bias))
        w, b = (
            xp.full((), i, dtype=a.dtype, device=a.device)
            if t is None
            else xp.astype(t._data, a.dtype)
            for t, i in ((weight, 1), (bias, 0))
        )
        w, b = (xp.reshape(xp.broadcast_to(t, (c,)), (1, num_groups, -1, 1)) for t in (w, b))
        scale = rstd * w
        r = _fma(scale, a4, _fma(-scale, mean, b))
    r = _backend.c_order(_backend.round_back(xp.reshape(r, a.shape), low))
    attrs = {"groups": num_groups, "eps": eps, "mixed": mixed}
    return _record("group_norm", "NativeGroupNormBackward0", r, (input, weight, bias), attrs)


FUNCTIONS = "layer_norm batch_norm group_norm".split()  # torch.<name>
METHODS = []
INPLACE = []
