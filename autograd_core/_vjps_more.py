"""The VJP table, continued: the rules of the pointwise ops and scans (_pointwise, _scans),
in the same vocabulary as _vjps (see its header), registered into the same
table with `defvjp`.
"""

import math

import numpy as np

from . import _backend, _messages
from ._api import ops as F
from ._backend import namespace
from ._tensor import Tensor
from ._vjps import VJP, _either, defvjp, exp, power, rsqrt, unsqueeze, zeros_of
from ._vjps_shapes import _std, _unreduce, _var, minus, over, plus, scaled, tie_share, times
from ._vjps_shapes import value_selecting
from .grad_mode import is_grad_enabled

cosh = _either(F.cosh, lambda xp, a: xp.cosh(a))
sinh = _either(F.sinh, lambda xp, a: xp.sinh(a))


# ----------------------------------------------------------------------------- pointwise
def _pow_tensor(g, x, y, ans):
    """x ** tensor y: y == 0 gives 0 (0 * 0**-1 would be nan). As torch's, g multiplies the masked
    ans log(x) (at second order the mask's zero meets log(0) = -inf: nan, as torch's), the log
    taken in result_type(x, y) (an in-place x.pow_(y) keeps x's dtype in ans, not in the log)."""
    log_x = F.log(x.to(F.result_type(x, y)))
    return (
        F.where(y == 0, 0.0, g * (y * x ** (F.no_bool_minus(y) - 1))),  # (y - 1 refuses bool)
        g * F.where((x == 0) & (y >= 0), 0.0, ans * log_x),
    )


defvjp("pow_tensor", _pow_tensor, on_arrays=False)
defvjp(  # x ** scalar: torch's grad * (exponent * x.pow(exponent - 1)); x ** 0: zeros, unconnected
    "pow",
    lambda g, x, exponent: (
        zeros_of(g)  # (torch's Scalar equal(0.0): a bool False is not)
        if exponent == 0 and not isinstance(exponent, bool)
        else g * times(power(x, exponent - 1), exponent),
    ),
)
defvjp("tan", lambda g, ans: (g * plus(power(ans, 2), 1),))  # (torch's C++ 1 + result.pow(2))
defvjp("atan", lambda g, x: (g / plus(x * x, 1),))
defvjp("asin", lambda g, x: (g * rsqrt(-x * x + 1),))  # (torch's formulas, rsqrt's roundings)
defvjp("acos", lambda g, x: (g * -rsqrt(-x * x + 1),))  # (g first: a ZeroTensor stays)
defvjp("sinh", lambda g, x: (g * cosh(x),))
defvjp("cosh", lambda g, x: (g * sinh(x),))
defvjp("asinh", lambda g, x: (g * rsqrt(x * x + 1),))
defvjp("acosh", lambda g, x: (g * rsqrt(x * x - 1),))
defvjp("atanh", lambda g, x: (times(g, 1) / minus(1, power(x, 2)),))
defvjp("log2", lambda g, x: (g / times(x, math.log(2.0)),))
defvjp("log10", lambda g, x: (g / times(x, 2.3025850929940456),))  # (torch's literal)
defvjp("exp2", lambda g, ans: (scaled(g * ans, math.log(2.0)),))
defvjp("erf", lambda g, x: (times(exp(-power(x, 2)), 2 / math.sqrt(math.pi)) * g,))
defvjp("rsqrt", lambda g, ans: (-0.5 * g * power(ans, 3),))  # (torch's result.pow(3))


def _atan2(g, x, y, need):
    """torch's atan2_backward: its reciprocal masked to 0 where x = y = 0 (the gradient there is
    0; a second derivative there goes through 1/0 and is NaN, as torch's)."""
    recip = F.reciprocal(x * x + y * y)
    recip = F.masked_fill(recip, F.isinf(recip), 0.0)
    return (g * y * recip if need[0] else None, g * -x * recip if need[1] else None)


defvjp("atan2", _atan2, on_arrays=False)
defvjp(  # divide(rounding_mode=...): piecewise constant, not connected (torch's node still
    "div_rounding", lambda g, y, need: (zeros_of(g), zeros_of(g) if need[1] else None)
)  # saves other, so a second backward is refused)
defvjp("lerp", lambda g, weight: (scaled(g, 1 - weight), scaled(g, weight)))
defvjp(
    "lerp_tensor",
    lambda g, x, y, z, need: (
        g * minus(1, z) if need[0] else None,
        g * z if need[1] else None,
        g * (y - x) if need[2] else None,
    ),
    only_for={"x": "z", "y": "z"},
)


# ----------------------------------------------------------------------------- scans
def _const(arr):
    return Tensor._from_data(arr)


def _has_zero(x):
    return bool(namespace(x._data).any(x._data == 0))


def _device(a):
    return getattr(a, "device", None)


def _prod(g, x, ans, dim, keepdim=False):
    """torch's prod_backward: g * (prod / x), or, where the input holds a zero, g times the
    products of the elements before and after each (`_prod_safe_zeros`); all of it with two
    zeros or more, outside create_graph, is zeros; g itself for a 0-d input."""
    if x.ndim == 0:
        return (g,)
    if x.dtype != ans.dtype:
        x = x.to(ans.dtype)
    if dim is None:
        zeros = int((x == 0).long().sum())
        if not zeros:
            return (g * (ans / x),)
        if zeros > 1 and not is_grad_enabled():
            return (zeros_of(x),)
        return (F.reshape(_prod_safe_zeros(g.reshape(1), x.reshape(-1), 0), tuple(x.shape)),)
    if not keepdim:
        g, ans = unsqueeze(g, dim), unsqueeze(ans, dim)
    if not _has_zero(x):
        return (g * (ans / x),)
    return (_prod_safe_zeros(g, x, dim),)


def _ones_along(x, dim):
    """Ones shaped as x with `dim` of size 1 (a constant)."""
    shape = tuple(1 if d == dim % x.ndim else n for d, n in enumerate(x.shape))
    return _const(namespace(x._data).ones(shape, dtype=x._data.dtype, device=_device(x._data)))


def _prod_safe_zeros(g, x, dim):
    """torch's prod_safe_zeros_backward: g times the exclusive cumprod of x from the front and
    from the back (exact where x holds zeros; its derivatives go through cumprod's, as torch's)."""
    n = x.shape[dim]
    if x.numel() == 0:
        return g.expand_as(x)
    if n == 1:
        return g
    ones = _ones_along(x, dim)
    before = F.cumprod(F.cat([ones, x.narrow(dim, 0, n - 1)], dim), dim)
    after = F.cumprod(F.cat([ones, F.flip(x.narrow(dim, 1, n - 1), (dim,))], dim), dim)
    return g * (before * F.flip(after, (dim,)))


def _reversed_cumsum(g, dim):
    """sum_{j >= i} g_j, as torch: a cumsum of the flipped g (a total minus a prefix sum would
    spread an inf or nan of g to every element)."""
    return F.flip(F.cumsum(F.flip(g, (dim,)), dim), (dim,))


def _cumprod(g, x, ans, dim):
    """torch's cumprod_backward: sum_{j >= i} g_j ans_j / x_i, or, with zeros, the same sum of
    the products of x_m (m <= j, m != i): written out at once (n^2 terms per slice), or under
    create_graph as torch builds it, position by position from prod(x[:k]) and cumprod(x[k+1:])
    (so that its derivatives, NaN and inf included, are torch's)."""
    if dim is None or x.numel() <= 1 or x.shape[dim] == 1:
        return (g,)
    if x.dtype != ans.dtype:
        x = x.to(ans.dtype)
    if not _has_zero(x):
        return (_reversed_cumsum(g * ans, dim) / x,)
    n = x.shape[dim]
    if is_grad_enabled():  # (each position's sum copied into a slice of zeros: CopySlices)
        out = zeros_of(x)
        for k in range(n):
            until = F.prod(x.narrow(dim, 0, k), dim, keepdim=True) if k else _ones_along(x, dim)
            omitted = until
            if k < n - 1:
                after = F.cumprod(x.narrow(dim, k + 1, n - k - 1), dim)
                omitted = F.cat([until, until.expand_as(after) * after if k else after], dim)
            out.select(dim, k).copy_(F.sum(g.narrow(dim, k, n - k) * omitted, dim))
        return (out,)
    return (_cumprod_first_order(g, x, ans, dim % x.ndim),)


def _cumprod_first_order(g, x, ans, dim):
    """torch's O(n) cumprod_backward where x holds zeros: before a slice's first zero the
    quotient formula, at it the products of what lies between it and the second zero, zero after
    it (torch's masks, so that a NaN or inf lands where torch's does)."""
    zeros = F.cumsum(x == 0, dim)
    before, span = zeros == 0, zeros == 1
    out = F.where(before, _reversed_cumsum(F.where(before, g * ans, 0.0), dim) / x, 0.0)
    first = F.argmax(span.long(), dim, keepdim=True)  # (0 where the slice has no zero)
    xp = namespace(x._data)
    steps = _const(xp.arange(x.shape[dim], device=_device(x._data)))
    steps = steps.reshape((-1,) + (1,) * (x.ndim - dim - 1))
    at = (steps == first) & span
    products = F.cumprod(F.where(span & ~at, x, 1.0), dim) * F.where(span, g, 0.0)
    scale = F.where(first == 0, 1.0, F.gather(ans, dim, F.clamp_min(first - 1, 0)))
    return F.where(at, F.sum(products, dim, keepdim=True) * scale, out)


def _pad_to(g, dim, n):
    """g with zeros appended along `dim` up to size n (topk's unselected positions)."""
    k = g.shape[dim]
    if k == n:
        return g
    shape = list(g.shape)
    shape[dim] = n - k
    xp = namespace(g._data)
    pad = xp.zeros(tuple(shape), dtype=g._data.dtype, device=_device(g._data))
    return F.cat([g, _const(pad)], dim)


def _unsort(g, dim=None, index=None, inverse=None):
    """sort/topk: each value's gradient goes back to where it came from."""
    if dim is None:
        return (g,)
    return (
        F.take_along(_pad_to(g, dim, index.shape[dim]), inverse, index, dim, "ScatterBackward0"),
    )


defvjp("prod", _prod, on_arrays=False)
defvjp("cumsum", lambda g, dim: (g if dim is None else _reversed_cumsum(g, dim),), on_arrays=False)
defvjp("cumprod", _cumprod, on_arrays=False)
defvjp("sort", _unsort, on_arrays=False)
defvjp("topk", _unsort, on_arrays=False)
defvjp(
    "take_along",
    lambda g, index, inverse, dim: (F.take_along(g, index, inverse, dim),),
    on_arrays=False,
)


# ----------------------------------------------------------------------------- wave 2 pointwise
def _finite(x):
    """1 where x is finite, else 0 (a constant): nan_to_num's gradient mask."""
    return _const(namespace(x._data).isfinite(x._data))


defvjp(
    "addcmul",
    lambda g, y, z, need, value=1: (
        g,
        g * times(z, value) if need[1] else None,
        g * times(y, value) if need[2] else None,
    ),
    only_for={"y": "z", "z": "y"},
)


def _addcdiv(g, y, z, need, value=1):
    """torch's formulas, rounding for rounding: tensor1's gradient is g * (value / tensor2),
    where value / tensor2 fills a tensor of tensor2's dtype first (an integer or bool tensor2
    cannot take the quotient: torch's message)."""
    data = z._data if isinstance(z, Tensor) else z
    if need[1] and _backend.kind(data.dtype) in "biu":
        title = _backend.dtype_from_array_dtype(data.dtype).title
        raise RuntimeError(f"result type Float can't be cast to the desired output type {title}")
    return (
        g,
        g * over(value, z) if need[1] else None,
        -g * (times(y, value) / (z * z)) if need[2] else None,
    )


defvjp("addcdiv", _addcdiv)
defvjp(
    "logaddexp",
    lambda g, x, y, need: (  # (torch's other - self refuses a bool operand)
        g / plus(exp(F.no_bool_minus(y) - F.no_bool_minus(x)), 1) if need[0] else None,
        g / plus(exp(F.no_bool_minus(x) - y), 1) if need[1] else None,
    ),
)
defvjp(
    "hypot",
    lambda g, x, y, ans, need: (g * x / ans if need[0] else None, g * y / ans if need[1] else None),
)
defvjp("frac", lambda g: (g,))


def _xlogy(g, x, y, need):
    """torch's: xlogy(g, y), 0 where x == 0 and y <= 0; g * x / y."""
    gx = None
    if need[0]:
        gx = F.xlogy(g, y)
        zero = (x == 0) & (y <= 0) if isinstance(y, Tensor) else (x == 0) if y <= 0 else None
        gx = gx if zero is None else F.masked_fill(gx, zero, 0.0)
    return (gx, g * x / y if need[1] else None)


defvjp("xlogy", _xlogy, on_arrays=False)
defvjp("nan_to_num", lambda g, x: (g * _finite(x),), on_arrays=False)


# ----------------------------------------------------------------------------- wave 2 scans
def _cum_extreme(g, x, dim, indices):
    """cummax/cummin: each gradient goes to where its running extreme was reached (of an empty
    input, torch's cummaxmin_backward returns the input itself)."""
    if 0 in x.shape:
        return (x,)
    if dim is None:
        return (g,)
    return (F.scatter_add(zeros_of(g), dim, indices, g),)


def _logcumsumexp(g, x, ans, dim):
    """sum over j >= i of g_j exp(x_i - ans_j), as torch's logcumsumexp_backward computes it
    (stably, in logs: the positive and the negative parts of g each a reversed logcumsumexp), so
    that its second derivatives are torch's too."""
    if dim is None or not g.numel():
        return (g,)
    lowest = _backend.finfo(g.dtype).min
    log_abs = F.log(F.abs(g))
    parts = [F.where(keep, log_abs, lowest) for keep in (g > 0, g < 0)]

    def flipped(t):  # the logcumsumexp from the end of dim
        return F.flip(F.logcumsumexp(F.flip(t, (dim,)), dim), (dim,))

    pos, neg = (F.exp(flipped(p - ans) + x) for p in parts)
    return (pos - neg,)


def _spread_mean(gs, x, ans, op, dim, correction, keepdim):
    """std_mean/var_mean: torch's std_mean_backward, std's (var's) gradient plus mean's."""
    g_spread, g_mean = gs
    out = None
    if g_spread is not None:
        spread = _std(g_spread, x, ans, dim, correction, keepdim) if op == "std" else None
        out = (spread or _var(g_spread, x, dim, correction, keepdim))[0]
    if g_mean is not None:
        m = VJP["mean"](g_mean, tuple(x.shape), dim, keepdim)[0]
        out = m if out is None else out + m
    return (out,)


def _select_dim(g, dim=None, indices=None, keepdim=False, shape=()):
    """median(dim)/mode: the gradient goes to the selected index (one per slice)."""
    return (g if dim is None else value_selecting(g, indices, shape, dim, keepdim),)


defvjp("cum_extreme", _cum_extreme, on_arrays=False)
defvjp("logcumsumexp", _logcumsumexp, on_arrays=False)
defvjp("spread_mean", _spread_mean, on_arrays=False)
defvjp("median_all", lambda g, x, ans: (tie_share(g, x, ans),), on_arrays=False)
defvjp("select_dim", _select_dim, on_arrays=False)


# ----------------------------------------------------------------------------- common ops (_common)
def _logit(g, x, eps):
    """torch's logit_backward: NaN outside [0, 1], or 0 outside [eps, 1 - eps] given eps."""
    lo, hi, off = (0.0, 1.0, math.nan) if eps is None else (eps, 1 - eps, 0.0)
    if is_grad_enabled():  # (torch's infinitely differentiable form: a NaN x gives `off`)
        return (F.where((x >= lo) & (x <= hi), g / (x * minus(1.0, x)), off),)
    return (F.where((x < lo) | (x > hi), off, g / (x * (1 - x))),)  # (its kernel: NaN)


defvjp("logit", _logit, on_arrays=False)
for _op, _le in (("fmax", F.ge), ("fmin", F.le)):  # torch's: self wins ties and a NaN other
    defvjp(
        _op,
        lambda g, x, y, need, _le=_le: (
            F.masked_fill(g, ~(_le(x, y) | F.isnan(y)), 0.0) if need[0] else None,
            F.masked_fill(g, _le(x, y) | F.isnan(y), 0.0) if need[1] else None,
        ),
        on_arrays=False,
    )
defvjp("fmod", lambda g: (g,))
defvjp(  # d/d other = -trunc(x / other), as torch's
    "fmod_tensor",
    lambda g, x, y, need: (g, -g * F.divide(x, y, rounding_mode="trunc") if need[1] else None),
    only_for={"x": "y", "y": "y"},
    on_arrays=False,
)


def _copysign_ratio(g, x, ans):
    """torch's copysign_tensor_self_backward: g * result / x, 0 where x == 0."""
    return g * F.masked_fill(ans / x, x == 0, 0.0)


defvjp("copysign", lambda g, x, ans: (_copysign_ratio(g, x, ans),), on_arrays=False)
defvjp(
    "copysign_tensor",
    lambda g, x, ans, need: (
        _copysign_ratio(g, x, ans) if need[0] else None,
        zeros_of(g) if need[1] else None,  # torch's zeros_like(other)
    ),
    on_arrays=False,
)
defvjp("deg2rad", lambda g, factor: (scaled(g, factor),))
defvjp("rad2deg", lambda g, factor: (scaled(g, factor),))
defvjp(  # torch's nansum_backward: the gradient times "not NaN"
    "nansum",
    lambda g, x, shape, dim, keepdim: (_unreduce(g, shape, dim, keepdim) * (x == x),),
    on_arrays=False,
)


def _dist(g, x, y, ans, need, p):
    """torch's norm_backward of x - y, and its negative for y. For p = 0 it is undefined (no
    gradient), which torch cannot negate: y's gradient raises."""
    d = VJP["norm"](g, x - y, ans, p, None, False)[0]
    if d is None and need[1]:
        raise RuntimeError(
            "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #0 "
            "'self'"
        )
    return d if need[0] else None, -d if need[1] else None


defvjp("dist", _dist, on_arrays=False)
defvjp(  # (the source is saved for its own gradient, as torch's: its version is checked)
    "index_add",
    lambda g, y, need, dim, index, alpha: (
        g,
        (F.index_select(g, dim, index) * alpha if alpha != 1 else F.index_select(g, dim, index))
        if need[1]
        else None,
    ),
    {"y": "y"},
    on_arrays=False,
)
defvjp(
    "index_copy",
    lambda g, need, dim, index: (
        F.index_fill(g, dim, index, 0.0),
        F.index_select(g, dim, index) if need[1] else None,
    ),
    on_arrays=False,
)
defvjp("hardsigmoid", lambda g, x: (F.hardsigmoid_backward(g, x),), on_arrays=False)
defvjp("hardswish", lambda g, x: (F.hardswish_backward(g, x),), on_arrays=False)
defvjp(  # (x: the gradient, y: hardswish's input) torch's hardswish_backward double backward
    "hardswish_backward",
    lambda gg, x, y, need: (
        F.hardswish_backward(gg, y) if need[0] else None,
        F.where((y > -3) & (y < 3), gg * x / 3.0, 0.0) if need[1] else None,
    ),
    on_arrays=False,
)


def _aminmax(gs, x, dim, keepdim):
    """The two outputs' gradients (None where one got none), each shared by its ties as amax's."""
    out = None
    for g, extreme in zip(gs, (F.amin, F.amax)):
        if g is not None:
            ans = extreme(x.detach(), () if dim is None else dim, keepdim)
            part = VJP["amax"](g, x, ans, None if dim is None else (dim,), keepdim)[0]
            out = part if out is None else out + part
    return (out,)


defvjp("aminmax", _aminmax, on_arrays=False)


# ----------------------------------------------------------------------------- wave 3 pointwise
def _sinc(g, x):
    """torch's sinc_backward: (pi x cos(pi x) - sin(pi x)) / (x^2 pi) g, then 0 where x = 0 (so
    the second derivative there is 0 * inf: NaN, as torch's). As torch's graph, each pi x is its
    own product: their gradients reach x one by one (near 0 they cancel to 0 as torch's do)."""
    den = x * x * math.pi
    out = ((x * math.pi) * F.cos(x * math.pi) - F.sin(x * math.pi)) / den * g
    return (F.where(den == 0, 0.0, out),)


def _i1(g, x, ans):
    """torch's i1_backward: i0(x) - i1(x) / x, 1/2 where |x| <= eps (a NaN too), x replaced by
    eps there (a kernel without 16-bit forms)."""
    if x.dtype.itemsize == 2:
        raise NotImplementedError(f"\"i1_backward\" not implemented for '{x.dtype.title}'")
    eps = float(np.finfo(np.float32 if x.dtype.itemsize == 4 else np.float64).eps)
    big = F.abs(x) > eps
    safe = F.where(big, x, eps)
    return (g * F.where(big, F.i0(safe) - ans * F.reciprocal(safe), 0.5),)


def _ldexp(g, y, ans, need):
    """torch's: g * 2 ** other, a power in other's dtype (an integer other below 0 gives 0 there,
    as torch's integer pow); g * result * log 2 for other."""
    scale = F.exp2(y) if y.dtype.is_floating_point else F.where(y < 0, 0, F.exp2(y))
    return (g * scale if need[0] else None, g * ans * math.log(2.0) if need[1] else None)


for _op, _fn in {
    "erfc": lambda g, x: (times(F.exp(-(x**2)), -2 / math.sqrt(math.pi)) * g,),
    # torch's formula recomputes erfinv(self): its graph, and 16-bit roundings, at second order
    "erfinv": lambda g, x: (times(F.exp(F.erfinv(x).pow(2)), 0.5 * math.sqrt(math.pi)) * g,),
    "lgamma": lambda g, x: (g * F.digamma(x),),
    "digamma": lambda g, x: (g * F.polygamma(1, x),),
    "polygamma": lambda g, x, n: (g * F.polygamma(n + 1, x),),
    "i0": lambda g, x: (g * F.special_i1(x),),
    "special_i1": _i1,
    "sinc": _sinc,
    "mvlgamma": lambda g, x, p: (g * sum(F.digamma(x - i / 2) for i in range(p)),),
    "logaddexp2": lambda g, x, y, need: (  # torch's grad / (1 + 2 ** (other - self))
        g / plus(2 ** (F.no_bool_minus(y) - F.no_bool_minus(x)), 1) if need[0] else None,
        g / plus(2 ** (F.no_bool_minus(x) - y), 1) if need[1] else None,
    ),
    "ldexp": _ldexp,
    "compare_inplace": lambda g, need: (zeros_of(g), *(zeros_of(g) for _ in need[1:])),
    "nextafter": lambda g, x, y, need: (F.where(x != y, g, 0), zeros_of(g) if need[1] else None),
}.items():
    defvjp(_op, _fn, on_arrays=False)


def _unique_consecutive(g):
    raise NotImplementedError("the derivative for 'unique_consecutive' is not implemented.")


defvjp("unique_consecutive", _unique_consecutive, on_arrays=False)
defvjp("frexp", lambda g, exponent: (g * F.exp2(-exponent.to(g.dtype)),), on_arrays=False)


def _renorm(g, x, p, dims, maxnorm):
    """d/dx of x * maxnorm / (norm + 1e-7) where the slice's norm exceeds maxnorm (torch's
    renorm_backward)."""
    n = F.norm(x, p, dims, True)
    scaled = n > maxnorm
    inv = 1 / (n + 1e-7)
    nb = VJP["norm"](F.sum(g * x, dims, True), x, n, p, dims, True)[0]
    return (F.where(scaled, maxnorm * inv * g - maxnorm * inv * inv * nb, g),)


defvjp("renorm", _renorm, on_arrays=False)


def _igamma(g, x, y, need, sign=1.0):
    """d/d other of the regularized incomplete gamma: +-exp((a - 1) log x - x - lgamma(a));
    torch has no derivative for the first argument."""
    if need[0]:
        name = "igamma" if sign > 0 else "igammac"
        raise NotImplementedError(f"the derivative for '{name}: input' is not implemented.")
    return (None, g * sign * F.exp((x - 1) * F.log(y) - y - F.lgamma(x)))


defvjp("igamma", _igamma, on_arrays=False)
defvjp("igammac", lambda g, x, y, need: _igamma(g, x, y, need, -1.0), on_arrays=False)
defvjp("hardshrink", lambda g, x, lambd: (F.hardshrink_backward(g, x, lambd),), on_arrays=False)
defvjp(
    "softshrink",
    lambda g, x, lambd: (F.hardshrink_backward(g, x, lambd, "SoftshrinkBackwardBackward0"),),
    on_arrays=False,
)
defvjp(
    "hardshrink_backward",
    lambda g, x, y, need, lambd, name: (
        F.hardshrink_backward(g, y, lambd, name) if need[0] else None,
        zeros_of(y) if need[1] else None,
    ),
    on_arrays=False,
)
defvjp(
    "threshold", lambda g, x, threshold: (F.threshold_backward(g, x, threshold),), on_arrays=False
)
defvjp(
    "threshold_backward",
    lambda g, x, y, need, threshold: (
        F.threshold_backward(g, y, threshold) if need[0] else None,
        zeros_of(y) if need[1] else None,
    ),
    on_arrays=False,
)


def _sgn(g, x):
    """sgn's gradient of a real input: torch's ZeroTensor (`_backend.ZeroGrad` among numpy
    arrays, a marked constant under create_graph). x is saved, as torch's, though not read (so a
    second backward is refused)."""
    if isinstance(g, Tensor):  # (its data a ZeroGrad too: the ops it goes through keep it one)
        z = zeros_of(g)
        if z._data.__class__ is np.ndarray:
            z._data = z._data.view(_backend.ZeroGrad)
        z._zero = True
        return (z,)
    if isinstance(g, (np.ndarray, np.generic)):  # (a 0-d result of numpy is a scalar)
        return (np.zeros(np.shape(g), dtype=g.dtype).view(_backend.ZeroGrad),)
    return (namespace(g).zeros_like(g),)


defvjp("sgn", _sgn)


def _leaky_relu_refused(g, negative_slope):
    """torch's in-place leaky_relu with a negative slope: its backward (reading the result, whose
    sign no longer tells the input's) refuses."""
    raise RuntimeError(_messages.LEAKY_RELU_INPLACE_NEGATIVE)


defvjp("leaky_relu_refused", _leaky_relu_refused)
