"""More elementwise ops: trigonometric and hyperbolic functions, log2/log10/exp2, erf, rsqrt,
trunc, atan2, lerp; and torch's alias names (multiply, divide, arcsin, ...). The third wave adds
the special functions (erfc, erfinv, lgamma, digamma, polygamma, mvlgamma, i0, sinc, igamma),
logaddexp2, float_power, ldexp, frexp, nextafter, gcd, lcm, and the in-place comparisons (eq_ ...).

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

import builtins
import math

import numpy as np

from . import _backend, _creation, _messages
from ._backend import namespace
from ._graph import node_class
from ._tensor import Tensor
from ._operands import _as_tensor_like
from ._operands import _cast, _no_kernel, _operands, result_type
from ._ops import _record, _shape_error, silent
from ._arithmetic import (
    _rounded,
    div,
    floor_divide,
    mul,
    neg,
    pow,
    rpow,
    sub,
)
from ._elementwise import _unary, _zero_grad_unary, eq, ge, gt, le, lt, ne
from ._operands import _float
from ._reductions import return_type

# ----------------------------------------------------------------------------- unary functions
tan = _unary("tan", "TanBackward0", lambda xp, a: xp.tan(a))
atan = _unary("atan", "AtanBackward0", lambda xp, a: xp.atan(a))
asin = _unary("asin", "AsinBackward0", lambda xp, a: xp.asin(a))
acos = _unary("acos", "AcosBackward0", lambda xp, a: xp.acos(a))
sinh = _unary("sinh", "SinhBackward0", lambda xp, a: xp.sinh(a))
cosh = _unary("cosh", "CoshBackward0", lambda xp, a: xp.cosh(a))
asinh = _unary("asinh", "AsinhBackward0", lambda xp, a: xp.asinh(a))
acosh = _unary("acosh", "AcoshBackward0", lambda xp, a: xp.acosh(a))
atanh = _unary("atanh", "AtanhBackward0", lambda xp, a: xp.atanh(a))
log2 = _unary("log2", "Log2Backward0", lambda xp, a: xp.log2(a))
log10 = _unary("log10", "Log10Backward0", lambda xp, a: xp.log10(a))
exp2 = _unary("exp2", "Exp2Backward0", lambda xp, a: 2.0**a)
rsqrt = _unary("rsqrt", "RsqrtBackward0", lambda xp, a: 1 / xp.sqrt(a))
trunc = _zero_grad_unary("trunc", "TruncBackward0")


def _erf_array(xp, a):
    """erf on arrays with the namespace's operations only (the array API has no erf): its Taylor
    series below |x| = 3 (60 terms: below 1e-16 there), the continued fraction of erfc above."""
    ax = xp.abs(a)
    small = xp.minimum(ax, 3.0)
    sq = small * small
    term = small
    total = small
    for n in range(1, 60):
        term = term * (-sq) / n
        total = total + term / (2 * n + 1)
    series = total * (2 / math.sqrt(math.pi))
    big = xp.maximum(ax, 3.0)
    frac = big
    for k in range(60, 0, -1):
        frac = big + (k / 2) / frac
    tail = 1 - xp.exp(-big * big) / (math.sqrt(math.pi) * frac)
    r = xp.where(ax < 3.0, series, tail)
    return xp.copysign(r, a)  # (erf(-0.) is -0.)


erf = _unary("erf", "ErfBackward0", _erf_array)

# torch's alias names: the same op (and node) under a second name.
arcsin, arccos, arctan = asin, acos, atan
arcsinh, arccosh, arctanh = asinh, acosh, atanh
negative = neg
fix = trunc
multiply = mul
greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne


def subtract(input, other, *, alpha=1):
    """input - alpha * other (torch.sub's alias)."""
    return sub(input, other, alpha)


def true_divide(input, other):
    """input / other, true division (torch.div's alias)."""
    return div(input, other)


class _NoMode:
    """rounding_mode's default: torch's overload without it (a None given is the other one)."""

    def __repr__(self):
        return "None"


_NO_MODE = _NoMode()


def divide(input, other, *, rounding_mode=_NO_MODE):
    """input / other; rounding_mode "floor" rounds the quotient down, "trunc" toward zero (both
    DivBackward2, with a zero gradient); None given divides (DivBackward2 too)."""
    if rounding_mode is _NO_MODE:
        return div(input, other)
    if rounding_mode is None:
        r = div(input, other)
        if r._grad_fn is not None:
            r._grad_fn.__class__ = node_class("DivBackward2")
        return r
    if rounding_mode not in ("floor", "trunc"):
        raise RuntimeError(
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
            f"'{rounding_mode}'"
        )
    if not isinstance(input, Tensor):  # a number first, as torch.divide(2, t) allows
        input = _as_tensor_like(input, other)
    try:
        q = floor_divide(input, other)._data  # torch's checks (bool, integer division by zero)
    except NotImplementedError as e:  # (the kernel of the mode)
        raise NotImplementedError(str(e).replace("div_floor_cpu", f"div_{rounding_mode}_cpu"))
    if rounding_mode == "trunc":
        a, b = _operands(input, other, True, True, True)  # (as floor's: a number unrounded)
        if _backend.kind(q.dtype) == "f":
            q = _rounded(_true_trunc(a, b), a, input, other)
        else:  # the floor of a negative inexact quotient is one below its truncation
            q = q + ((a - q * b != 0) & ((a < 0) != (b < 0)))
    return _record("div_rounding", "DivBackward2", q, (input, other))


@silent
def _true_trunc(a, b):
    return namespace(a).trunc(a / b)


# ----------------------------------------------------------------------------- binary functions
def _tensor_arg(name, pos, arg, value):
    if not isinstance(value, Tensor):
        raise TypeError(
            f"{name}(): argument '{arg}' (position {pos}) must be Tensor, not "
            f"{type(value).__name__}"
        )


@silent
def atan2(input, other):
    """The angle of the point (other, input), elementwise: atan(input / other) in the right
    quadrant. Integer and bool inputs give the default float dtype."""
    _tensor_arg("atan2", 2, "other", other)
    a, b = _operands(input, other)
    if not result_type(input, other).is_floating_point:
        a = _cast(a, _backend.default_float[0])
        b = _cast(b, _backend.default_float[0])
    try:
        r = namespace(a).atan2(a, b)
    except ValueError as e:
        raise _shape_error("atan2", input, other, e) from None
    return _record("atan2", "Atan2Backward0", r, (input, other))


arctan2 = atan2


def _lerp_dtype(x, t, what):
    if t.dtype is not x.dtype:
        raise RuntimeError(
            f"expected dtype {_LONG_NAMES.get(x.dtype.name, x.dtype.name)} for `{what}` but got "
            f"dtype {_LONG_NAMES.get(t.dtype.name, t.dtype.name)}"
        )


# torch's C++ type names in lerp's dtype message
_LONG_NAMES = {
    "float64": "double",
    "float32": "float",
    "float16": "c10::Half",
    "int64": "long int",
    "int32": "int",
    "bool": "bool",
    "uint8": "unsigned char",
    "int8": "signed char",
    "int16": "short int",
    "bfloat16": "c10::BFloat16",
}


def _fma(x, y, z):
    """x * y + z rounded once, as torch's compiled loops compute it (fused multiply-add): for
    float32 in float64 (the product is exact there); for float64 with the product's rounding
    error carried (Dekker's split) and added back after the sum's (Knuth's two-sum)."""
    kind = getattr(z, "dtype", None)
    if z.__class__ is not np.ndarray or kind not in (np.float32, np.float64):
        return x * y + z
    f64 = np.float64
    x, y = np.asarray(x, dtype=f64), np.asarray(y, dtype=f64)
    if kind == np.float32:
        return (x * y + z.astype(f64)).astype(kind)
    with np.errstate(all="ignore"):
        p = x * y
        hx, hy = x * 134217729.0, y * 134217729.0  # (2^27 + 1: splits into 26 + 27 bits)
        hx, hy = hx - (hx - x), hy - (hy - y)
        e = (((hx * hy - p) + hx * (y - hy)) + (x - hx) * hy) + (x - hx) * (y - hy)
        s = p + z
        bz = s - p
        r = s + (((p - (s - bz)) + (z - bz)) + e)
    return np.where(np.isfinite(r), r, p + z)


def lerp_meta(input, end, weight):
    """torch's meta checks of lerp (lerp_ runs them before its memory-overlap check)."""
    _lerp_dtype(input, end, "end")
    if isinstance(weight, Tensor) and weight.ndim:  # (before the kernel's checks)
        _lerp_dtype(input, weight, "weight")


def lerp(input, end, weight):
    """input + weight * (end - input); weight a number (LerpBackward0) or a tensor
    (LerpBackward1), end a tensor of input's dtype."""
    if not isinstance(end, Tensor):  # torch binds lerp with two signatures
        got = ", ".join(type(v).__name__ for v in (input, end, weight))
        raise TypeError(
            f"lerp() received an invalid combination of arguments - got ({got}), "
            "but expected one of the signatures torch documents"
        )
    lerp_meta(input, end, weight)
    shaped = [t for t in (input, end, weight) if isinstance(t, Tensor)]
    try:  # (TensorIterator's shapes before the kernel's dtype)
        np.broadcast_shapes(*(tuple(t.shape) for t in shaped))
    except ValueError:
        _combine(None, _broadcast, shaped, *[t._data for t in shaped])
    if not input.dtype.is_floating_point:
        kernel = "lerp_kernel_tensor" if isinstance(weight, Tensor) else "lerp_kernel_scalar"
        raise _no_kernel(kernel, input)
    (a, low), (b, _) = _backend.opmath(input._data), _backend.opmath(end._data)  # (16-bit: in
    try:  # float32, rounded once, as torch's kernel)
        if isinstance(weight, Tensor):
            w = _backend.opmath(_cast(weight._data, input.dtype))[0]
            xp = namespace(a)
            r = xp.where(xp.abs(w) < 0.5, _fma(w, b - a, a), _fma(a - b, 1 - w, b))
            r = _backend.round_back(_backend.iterator_result(r, (a, b, w)), low)
            return _record("lerp_tensor", "LerpBackward1", r, (input, end, weight))
        # torch's two forms: exact at both ends (weight 0 gives input, 1 gives end)
        w = a.dtype.type(weight) if a.__class__ is np.ndarray else weight  # (torch's opmath)
        r = _fma(w, b - a, a) if abs(weight) < 0.5 else _fma(a - b, 1 - w, b)
        r = _backend.round_back(_backend.iterator_result(r, (a, b)), low)
    except ValueError:  # (torch's message names the first operand that does not broadcast)
        _combine(None, _broadcast, shaped, *[t._data for t in shaped])
        raise
    return _record("lerp", "LerpBackward0", r, (input, end), {"weight": weight})


# ----------------------------------------------------------------------------- wave 2 pointwise
def _float_dtype(*operands):
    """torch's result dtype, made the default float for integer and bool operands."""
    dt = result_type(*operands)
    return dt if dt.is_floating_point else _backend.default_float[0]


def _broadcast(xp, *arrays):
    return xp.broadcast_arrays(*arrays)


def _float_only(kernel, *operands):
    """The result dtype of an op with float kernels only (torch's "hypot_cpu" refusal)."""
    dt = result_type(*operands)
    if not dt.is_floating_point:
        tensors = [t for t in operands if isinstance(t, Tensor)]  # (torch checks shapes first)
        _combine(None, _broadcast, tensors, *[t._data for t in tensors])
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_CNAMES[dt.name]}'")
    return dt


_CNAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte"}
_CNAMES["bool"] = "Bool"


def _arrays(dt, *tensors):
    return [_cast(t._data, dt) for t in tensors]


class _Shaped:
    """A shape standing for the broadcast of the operands before (for the message)."""

    def __init__(self, shape):
        self.shape = shape


@silent
def _combine(name, fn, tensors, *arrays, opmath=True):
    """fn(xp, *arrays), laid out as torch's result, with torch's message for shapes that do not
    broadcast. 16-bit float arrays are computed in float32 and rounded once, as torch's kernels
    do (`opmath` False: in their own dtype, op by op, as xlogy's and nextafter's)."""
    low = None
    if opmath:
        (_, low), arrays = _backend.opmath(arrays[0]), [_backend.opmath(a)[0] for a in arrays]
    try:
        r = _backend.iterator_result(fn(namespace(arrays[0]), *arrays), arrays)
        return _backend.round_back(r, low)
    except ValueError as e:
        shaped = [t for t in tensors if isinstance(t, Tensor)]
        left = shaped[0]
        for right in shaped[1:]:  # the first operand that does not broadcast with those before
            try:
                left = _Shaped(np.broadcast_shapes(tuple(left.shape), tuple(right.shape)))
            except ValueError:
                raise _shape_error(name, left, right, e) from None
        raise


def addcmul(input, tensor1, tensor2, *, value=1):
    """input + value * tensor1 * tensor2 (broadcast)."""
    _tensor_arg("addcmul", 2, "tensor1", tensor1)
    _tensor_arg("addcmul", 3, "tensor2", tensor2)
    dt = result_type(input, tensor1, tensor2)
    if dt is _backend.bool_:
        raise _no_kernel("addcmul_cpu_out", input)
    v = value if dt.is_floating_point else int(value)
    args = _arrays(dt, input, tensor1, tensor2)
    r = _combine("addcmul", lambda xp, a, b, c: a + v * b * c, (input, tensor1, tensor2), *args)
    return _record("addcmul", "AddcmulBackward0", r, (input, tensor1, tensor2), {"value": v})


_ADDCDIV_INTEGER = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
    "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
    "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
    "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
    "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
    "dtypes."
)


def addcdiv(input, tensor1, tensor2, *, value=1):
    """input + value * tensor1 / tensor2 (broadcast); integer tensor1 and tensor2 are refused."""
    _tensor_arg("addcdiv", 2, "tensor1", tensor1)
    _tensor_arg("addcdiv", 3, "tensor2", tensor2)
    if not (tensor1.dtype.is_floating_point or tensor2.dtype.is_floating_point):
        raise RuntimeError(_ADDCDIV_INTEGER)
    dt = result_type(input, tensor1, tensor2)
    args = _arrays(dt, input, tensor1, tensor2)
    r = _combine("addcdiv", lambda xp, a, b, c: a + value * b / c, (input, tensor1, tensor2), *args)
    return _record("addcdiv", "AddcdivBackward0", r, (input, tensor1, tensor2), {"value": value})


def _logaddexp(xp, a, b):
    m = xp.maximum(a, b)
    r = m + xp.log1p(xp.exp(-xp.abs(a - b)))
    return xp.where(a == b, a + math.log(2.0), r)  # both infinite of one sign: a - b is nan


def logaddexp(input, other):
    """log(exp(input) + exp(other)), without overflow."""
    _tensor_arg("logaddexp", 2, "other", other)
    dt = _float_only("logaddexp_cpu", input, other)
    r = _combine("logaddexp", _logaddexp, (input, other), *_arrays(dt, input, other))
    return _record("logaddexp", "LogaddexpBackward0", r, (input, other))


def hypot(input, other):
    """sqrt(input**2 + other**2), elementwise."""
    _tensor_arg("hypot", 2, "other", other)
    dt = _float_only("hypot_cpu", input, other)
    r = _combine(
        "hypot", lambda xp, a, b: xp.hypot(a, b), (input, other), *_arrays(dt, input, other)
    )
    return _record("hypot", "HypotBackward0", r, (input, other))


@silent
def frac(input):
    """input - trunc(input): the fractional part, with input's sign."""
    dt = _float_only("frac_cpu", input)
    a = _cast(input._data, dt)
    return _record("frac", "FracBackward0", a - namespace(a).trunc(a), (input,))


@silent
def xlogy(input, other):
    """input * log(other), 0 where input is 0 (unless other is NaN); either may be a number
    (XlogyBackward1: input, XlogyBackward2: other)."""
    ref = input if isinstance(input, Tensor) else other
    _tensor_arg("xlogy", 2, "other", ref)
    dt = _float_dtype(input, other)
    xp = namespace(ref._data)
    bdt = _backend.to_backend_dtype(xp, dt)
    a, b = (
        _cast(t._data, dt) if isinstance(t, Tensor) else xp.asarray(t, dtype=bdt, device=_dev(ref))
        for t in (input, other)
    )
    r = _combine(
        "xlogy",
        lambda xp, u, v: xp.where((u == 0) & (v == v), 0.0, u * xp.log(v)),
        (input, other),
        a,
        b,
        opmath=False,  # (torch's 16-bit log rounds before the product)
    )
    if not isinstance(other, Tensor):
        name = "XlogyBackward2"
    else:
        name = "XlogyBackward0" if isinstance(input, Tensor) else "XlogyBackward1"
    return _record("xlogy", name, xp.astype(r, bdt), (input, other))


def _dev(t):
    return getattr(t._data, "device", None)


def sgn(input):
    """sign(input) for real tensors (bool: a copy); its gradient is zero."""
    a = input._data
    xp = namespace(a)
    if input.dtype is _backend.bool_ or not input.dtype.is_floating_point:
        return Tensor._from_data(
            xp.asarray(a, copy=True) if input.dtype is _backend.bool_ else xp.sign(a)
        )
    r = xp.sign(a)
    r = xp.where(r != r, xp.zeros_like(r), r)  # sgn(nan) is 0 (a zero of r's own dtype)
    return _record("sgn", "SgnBackward0", r, (input,))


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    """NaN, +inf and -inf replaced by `nan`, `posinf` and `neginf` (default: the dtype's largest
    and lowest finite values); integer and bool tensors are copied."""
    a = input._data
    xp = namespace(a)
    if not input.dtype.is_floating_point:
        return Tensor._from_data(xp.asarray(a, copy=True))
    info = xp.finfo(a.dtype)
    hi = info.max if posinf is None else posinf
    lo = info.min if neginf is None else neginf
    r = xp.where(a != a, nan, xp.where(a == math.inf, hi, xp.where(a == -math.inf, lo, a)))
    return _record("nan_to_num", "NanToNumBackward0", xp.astype(r, a.dtype), (input,))


def _function_form(name):
    """torch.<name>_(input, ...): the in-place method as a torch.* function."""

    def f(input, *args, **kwargs):
        return getattr(input, name)(*args, **kwargs)

    f.__name__ = name
    f.__doc__ = f"torch.{name}(input, ...): input.{name}(...)"
    return f


# torch.<name>_ functions that are Tensor.<name>_ methods here
_TORCH_INPLACE = """
    abs_ acos_ acosh_ arccos_ arccosh_ arcsin_ arcsinh_ arctan_ arctanh_ asin_ asinh_ atan_
    atanh_ clamp_ clamp_max_ clamp_min_ clip_ cos_ cosh_ erf_ exp2_ exp_ fix_ floor_ log10_ log2_
    log_ neg_ negative_ reciprocal_ relu_ round_ rsqrt_ sigmoid_ sin_ sinh_ sqrt_ square_ tan_
    tanh_ trunc_ frac_ xlogy_ nan_to_num_
""".split()
for _n in _TORCH_INPLACE:
    globals()[_n] = _function_form(_n)


# ----------------------------------------------------------------------------- wave 3: special
# The special functions compute in float64 on the arrays (the array API has none of them) and
# round once to the input's float dtype; integer and bool inputs give the default float dtype.
@silent
def _special_op(op, name, fn, input, attrs=None):
    """``fn(xp, a)`` on input's values as a float64 array a, recorded as op (node `name`)."""
    x = _float(input)
    r = _cast(fn(namespace(x._data), _cast(x._data, _backend.float64)), x.dtype)
    return _record(op, name, r, (input,), attrs)


def _special(op, name, fn):
    """A unary special function: ``fn(xp, a)`` on a float64 array a."""

    def f(input):
        return _special_op(op, name, fn, input)

    f.__name__, f.__doc__ = op, f"{op}(input), elementwise"
    return f


_SQRT_PI = math.sqrt(math.pi)


def _erfc_array(xp, a):
    """1 - erf(a), without its cancellation above 3 (erf's continued fraction of the tail)."""
    ax = xp.abs(a)
    big = xp.maximum(ax, 3.0)
    frac = big
    for k in range(60, 0, -1):
        frac = big + (k / 2) / frac
    tail = xp.exp(-big * big) / (_SQRT_PI * frac)
    r = xp.where(ax < 3.0, 1 - _erf_array(xp, a), tail)
    return xp.where(a <= -3.0, 2 - tail, r)


def _erfinv_array(xp, a):
    """erf's inverse: Giles' approximation, then Newton steps on erf (on erfc near +-1, where
    erf(y) - t cancels)."""
    t = xp.abs(a)
    w = -xp.log((1 - t) * (1 + t))
    lo, hi = w - 2.5, xp.sqrt(w) - 3.0
    p, q = 0.0 * t + 2.81022636e-08, 0.0 * t - 0.000200214257
    for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503):
        p = c + p * lo
    for c in (-0.00417768164, 0.246640727, 1.50140941):
        p = c + p * lo
    for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613):
        q = c + q * hi
    for c in (0.00943887047, 1.00167406, 2.83297682):
        q = c + q * hi
    y = xp.where(w < 5.0, p, q) * t
    for _ in range(3):
        err = xp.where(t > 0.5, (1 - t) - _erfc_array(xp, y), _erf_array(xp, y) - t)
        y = y - err / ((2 / _SQRT_PI) * xp.exp(-y * y))
    y = xp.where(t == 1, math.inf, xp.where(t > 1, math.nan, y))
    return xp.copysign(y, a)  # (erfinv(-0.) is -0.)


def _sinpi_frac(xp, a):
    """a - floor(a), exact: sin(pi a) and tan(pi a) from it keep their precision for large a."""
    return a - xp.floor(a)


_LANCZOS = (
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
)  # fmt: skip


def _lgamma_array(xp, a):
    """log|gamma(a)|: Lanczos' approximation (g = 7) at a >= 0.5, the reflection formula below."""
    refl = a < 0.5
    z = xp.where(refl, 1 - a, a) - 1
    s = _LANCZOS[0] + 0.0 * z
    for i, c in enumerate(_LANCZOS[1:], 1):
        s = s + c / (z + i)
    t = z + 7.5
    lg = 0.5 * math.log(2 * math.pi) + (z + 0.5) * xp.log(t) - t + xp.log(s)
    sin = xp.abs(xp.sin(math.pi * _sinpi_frac(xp, a)))
    r = xp.where(refl, math.log(math.pi) - xp.log(sin) - lg, lg)
    r = xp.where((a == 1) | (a == 2), 0.0, r)  # exact zeros, as torch's
    return xp.where(xp.isinf(a), math.inf, r)


# torch's calc_digamma: the asymptotic series' coefficients (Cephes' psi), and psi(10)
_PSI_A = (8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
          -4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
          8.33333333333333333333e-2)  # fmt: skip
_PSI_10 = 2.25175258906672110764


def _digamma_array(xp, a):
    """torch's calc_digamma in a's dtype (float32 for float32 and 16-bit inputs, float64 else),
    step for step: the reflection pi / tan(pi r) of the fraction r in float64, shifted up past
    10 subtracting 1/x, psi(10) itself, else log(x) - 0.5/x - the series; torch's values at
    the poles (-inf at +0, inf at -0, NaN at the negative integers and -inf)."""
    f64 = _backend.float64
    wide = _cast(a, f64)
    integer = (a < 0) & (a == xp.trunc(a))
    refl = (a < 0) & ~integer
    frac = wide - xp.trunc(wide)
    cot = _cast(math.pi / xp.tan(math.pi * xp.where(refl, frac, 0.5)), a.dtype)
    x, result = xp.where(refl, 1 - a, a), xp.zeros_like(a)
    for _ in range(10):
        small = x < 10
        result, x = xp.where(small, result - 1 / x, result), xp.where(small, x + 1, x)
    z = 1 / (x * x)
    poly = 0 * z + _PSI_A[0]
    for c in _PSI_A[1:]:
        poly = poly * z + c
    series = xp.where(x < 1e17, z * poly, 0 * z)
    log = _cast(xp.log(_cast(x, f64)), a.dtype)  # (torch's logf: float64's, rounded, closest)
    r = xp.where(x == 10, result + _PSI_10, result + log - 0.5 / x - series)
    r = xp.where(integer, math.nan, xp.where(refl, r - cot, r))
    return xp.where(a == 0, xp.where(xp.signbit(a), math.inf, -math.inf), r)


def _digamma_in(dtype):
    """digamma's kernel for inputs of `dtype`: in float64 for float64, in float32 else."""
    work = _backend.float64 if dtype == _backend.float64 else _backend.float32
    return lambda xp, a: _digamma_array(xp, _cast(a, work))


# (2k)! / B_2k, the Euler-Maclaurin coefficients of the Hurwitz zeta function (Cephes' zeta.c)
_EM = (
    12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
    -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
    1.8152105401943546773e17, -7.1661652561756670113e18,
)  # fmt: skip


def _zeta_array(xp, s, q):
    """The Hurwitz zeta function sum_k (q + k)^-s for an integer s >= 2 (Cephes' method: the
    first terms summed, until q + k >= 9, then Euler-Maclaurin's tail)."""
    finite = xp.where(xp.isfinite(q), q, 9.0)
    low = float(xp.min(finite)) if finite.size else 9.0
    n = builtins.min(builtins.max(10, math.ceil(10 - low)), 100_000)
    total = 0.0 * q
    for k in range(n):
        total = total + (q + k) ** -s
    w = q + n
    b = w**-s
    total = total + w * b / (s - 1) + 0.5 * b
    a, k = 1.0, 0.0
    for c in _EM:
        a, b = a * (s + k), b / w
        total = total + a * b / c
        a, b, k = a * (s + k + 1), b / w, k + 2
    return xp.where((q <= 0) & (q == xp.floor(q)), math.inf, total)


def _trigamma_array(xp, a):
    """torch's trigamma, in a's dtype: reflection below 0.5 (pi^2 / sin(pi a)^2, finite-huge next
    to a pole, where sin(pi a) rounds away from 0), six shifted terms, the asymptotic series."""
    pi = xp.asarray(math.pi, dtype=a.dtype)
    refl = a < 0.5
    sin = _cast(xp.sin(_cast(pi * a, _backend.float64)), _backend.dtype_of(a))  # rounded once
    r = xp.where(refl, -(pi * pi) / (sin * sin), xp.zeros_like(a))
    z = xp.where(refl, 1 - a, a)
    for _ in range(6):
        r, z = r + 1 / (z * z), z + 1
    ixx = 1 / (z * z)
    r = r + (1 + 1 / (2 * z) + ixx * (1 / 6 - ixx * (1 / 30 - ixx * (1 / 42)))) / z
    return xp.where(refl, -r, r)


def _polygamma_array(n, dtype=None):
    if n == 0:
        return _digamma_in(dtype)
    f32, wide = _backend.float32, dtype == _backend.float64
    if n == 1:  # torch's trigamma kernel: float32 for float32 and the 16-bit dtypes
        return lambda xp, a: _trigamma_array(xp, a if wide else _cast(a, f32))
    factor = (-1) ** (n + 1) * math.factorial(n)
    if dtype.itemsize == 2:  # torch's zeta sums a 16-bit input in float32, rounded to its dtype
        return lambda xp, a: (
            _cast(_cast(_zeta_array(xp, n + 1, _cast(a, f32)), dtype), f32) * factor
        )
    return lambda xp, a: factor * _zeta_array(xp, n + 1, a)


def _i_series(xp, a, nu):
    """The modified Bessel function I_nu (nu 0 or 1): its power series below |a| = 30, its
    asymptotic series (16 terms) above."""
    ax = xp.abs(a)
    small = xp.minimum(ax, 30.0)
    q = small * small / 4
    term = (small / 2) ** nu + 0.0 * q
    total = term
    for k in range(1, 120):
        term = term * q / (k * (k + nu))
        total = total + term
    big = xp.maximum(ax, 30.0)
    term, tail = 1.0 + 0.0 * big, 1.0 + 0.0 * big
    for k in range(1, 16):
        term = -term * (4 * nu * nu - (2 * k - 1) ** 2) / (k * 8 * big)
        tail = tail + term
    tail = tail * xp.exp(big) / xp.sqrt(2 * math.pi * big)
    r = xp.where(ax < 30.0, total, tail)
    return xp.where(a < 0, -r, r) if nu == 1 else r


erfc = _special("erfc", "ErfcBackward0", _erfc_array)
erfinv = _special("erfinv", "ErfinvBackward0", _erfinv_array)
lgamma = _special("lgamma", "LgammaBackward0", _lgamma_array)


def digamma(input):
    """digamma(input), elementwise: d/dx log gamma(x), as torch's kernel computes it."""
    fn = _digamma_in(_float(input).dtype)
    return _special_op("digamma", "DigammaBackward0", fn, input)


i0 = _special("i0", "I0Backward0", lambda xp, a: _i_series(xp, a, 0))
special_i1 = _special("special_i1", "SpecialI1Backward0", lambda xp, a: _i_series(xp, a, 1))


@silent
def _sinc_array(xp, a):
    pa = math.pi * a
    return xp.where(a == 0, 1.0, xp.sin(pa) / xp.where(a == 0, 1.0, pa))


sinc = _unary("sinc", "SincBackward0", _sinc_array)  # in input's dtype: torch's sinc(1.) is not 0


def polygamma(n, input, _node="PolygammaBackward0"):
    """The n-th derivative of digamma (n = 0: digamma itself). Also Tensor.polygamma(n), which
    arrives here as (self, n)."""
    if isinstance(n, Tensor) and not isinstance(input, Tensor):
        n, input = input, n
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(
            f"polygamma(): argument 'n' (position 1) must be int, not {type(n).__name__}"
        )
    _tensor_arg("polygamma", 2, "input", input)
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    fn = _polygamma_array(n, _float(input).dtype)
    return _special_op("polygamma", _node, fn, input, {"n": n})


@silent
def mvlgamma(input, p):
    """The multivariate log-gamma of dimension p: sum_i lgamma(input - i / 2) + p (p - 1) / 4
    log(pi), each term in input's float dtype (as torch's, which sums them there)."""
    if input.dtype is _backend.bool_:
        raise RuntimeError("The input tensor may not be a boolean tensor.")
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    x = _float(input)
    a, dt = x._data, x.dtype
    xp = namespace(a)
    r = None
    for i in range(p):
        arg = _cast(_cast(a - (p - 1 - i) / 2, dt), _backend.float64)
        term = _cast(_lgamma_array(xp, arg), dt)
        r = term if r is None else r + term
    r = _cast(xp.asarray(r + p * (p - 1) / 4 * math.log(math.pi)), dt)
    r = _backend.c_order(r)  # (torch's: a sum over a new last dim, contiguous)
    return _record("mvlgamma", "MvlgammaBackward0", r, (input,), {"p": p})


def _gamma_pq(xp, a, x):
    """The regularized incomplete gamma functions (P, Q = 1 - P): P's series below x = a + 1,
    Q's continued fraction (Lentz) above, each where it converges fast; NaN for a or x below 0."""
    lead = xp.exp(
        a * xp.log(xp.where(x > 0, x, 1.0)) - x - _lgamma_array(xp, xp.where(a > 0, a, 1.0))
    )
    safe_a = xp.where(a > 0, a, 1.0)
    term = 1.0 / safe_a
    total = term
    for n in range(1, 500):
        term = term * x / (safe_a + n)
        total = total + term
    p_series = total * lead
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny + 0.0 * x
    d = 1.0 / xp.where(b == 0, tiny, b)
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b = b + 2.0
        d = an * d + b
        d = 1.0 / xp.where(xp.abs(d) < tiny, tiny, d)
        c = b + an / c
        c = xp.where(xp.abs(c) < tiny, tiny, c)
        h = h * d * c
    q_frac = lead * h
    small = x < a + 1
    p = xp.where(small, p_series, 1.0 - q_frac)
    q = xp.where(small, 1.0 - p_series, q_frac)
    p = xp.where(x == 0, 0.0, xp.where(x == math.inf, 1.0, p))
    q = xp.where(x == 0, 1.0, xp.where(x == math.inf, 0.0, q))
    p = xp.where(a == 0, xp.where(x > 0, 1.0, math.nan), p)
    q = xp.where(a == 0, xp.where(x > 0, 0.0, math.nan), q)
    bad = (a < 0) | (x < 0)
    return xp.where(bad, math.nan, p), xp.where(bad, math.nan, q)


def _incomplete_gamma(name, which):
    @silent
    def f(input, other):
        _tensor_arg(name, 2, "other", other)
        dt = _float_only(f"{name}_cpu", input, other)
        a, x = (_cast(t, _backend.float64) for t in _arrays(dt, input, other))
        r = _combine(name, lambda xp, a, x: _gamma_pq(xp, a, x)[which], (input, other), a, x)
        node = "IgammaBackward0" if which == 0 else "IgammacBackward0"
        return _record(name, node, _cast(r, dt), (input, other))

    f.__name__ = name
    f.__doc__ = f"The regularized {'lower' if which == 0 else 'upper'} incomplete gamma function."
    return f


igamma = _incomplete_gamma("igamma", 0)
igammac = _incomplete_gamma("igammac", 1)


# ----------------------------------------------------------------------------- wave 3: binary
def logaddexp2(input, other):
    """log2(2**input + 2**other), without overflow."""
    _tensor_arg("logaddexp2", 2, "other", other)
    dt = _float_only("logaddexp2_cpu", input, other)
    ln2 = math.log(2.0)
    r = _combine(
        "logaddexp2",
        lambda xp, a, b: _logaddexp(xp, a * ln2, b * ln2) / ln2,
        (input, other),
        *_arrays(dt, input, other),
    )
    return _record("logaddexp2", "Logaddexp2Backward0", r, (input, other))


def float_power(input, exponent):
    """input ** exponent computed in float64 (the inputs are converted first, as torch's)."""
    f64 = _backend.float64
    if not isinstance(input, Tensor):  # a number base: torch.float_power(2, t)
        _tensor_arg("float_power", 2, "exponent", exponent)
        return float(input) ** exponent.to(f64)
    e = exponent.to(f64) if isinstance(exponent, Tensor) else float(exponent)
    return input.to(f64) ** e


def _float_power_inplace(self, exponent):
    """self.float_power_(exponent): self must be float64 already (torch's check)."""
    if self.dtype is not _backend.float64:
        raise RuntimeError(
            f"the base given to float_power_ has dtype {self.dtype.title} but the operation's "
            "result requires dtype Double"
        )
    return self.pow_(exponent.to(self.dtype) if isinstance(exponent, Tensor) else exponent)


@silent
def ldexp(input, other):
    """input * 2 ** other (integer operands give the default float dtype)."""
    _tensor_arg("ldexp", 2, "other", other)
    if other.dtype is _backend.bool_ and input.dtype.is_floating_point:  # (no bool kernel)
        raise _no_kernel("ldexp_cpu_exp", other)
    a, b = Tensor._from_data(input._data), Tensor._from_data(other._data)  # (nothing recorded)
    if not other.dtype.is_floating_point and input.dtype.is_floating_point:
        _operands(a, b)  # torch's ldexp kernel for an integer exponent: exact, in input's dtype
        a64, b64 = _cast(a._data, _backend.float64), _cast(b._data, _backend.float64)
        r = _cast(a64 * 2.0**b64, input.dtype)
    elif input.dtype is _backend.float32 or not input.dtype.is_floating_point:
        r = mul(a, rpow(b, 2.0))._data  # torch's _pow2: pow(2.0, other)
    else:  # (float64, 16-bit: the power of a 0-d tensor of input's dtype, other's may win)
        two = Tensor._from_data(namespace(a._data).full((), 2.0, dtype=a._data.dtype))
        r = mul(a, pow(two, b))._data
    return _record("ldexp", "LdexpBackward0", r, (input, other))


def nextafter(input, other):
    """The next float after input toward other (gradient: g for input, zeros for other)."""
    _tensor_arg("nextafter", 2, "other", other)
    dt = _float_only("nextafter_cpu", input, other)
    r = _combine("nextafter", lambda xp, a, b: xp.nextafter(a, b), (input, other),
                 *_arrays(dt, input, other), opmath=False)  # fmt: skip
    return _record("nextafter", "NextafterBackward0", r, (input, other))


def _integer_only(kernel, fn):
    def f(input, other):
        _tensor_arg(kernel.split("_")[0], 2, "other", other)
        dt = result_type(input, other)
        shapes = [t.shape for t in (input, other) if isinstance(t, Tensor)]
        try:  # (TensorIterator's shapes before the kernel's dtype)
            np.broadcast_shapes(*shapes)
        except ValueError:
            raise _messages.shape_error(None, *(input, other)) from None
        if dt.is_floating_point or dt is _backend.bool_:
            name = _CNAMES.get(dt.name, dt.title)
            raise NotImplementedError(f"\"{kernel}\" not implemented for '{name}'")
        r = _combine(kernel[:3], fn, (input, other), *_arrays(dt, input, other))
        return Tensor._from_data(r)

    f.__name__ = kernel[:3]
    f.__doc__ = f"The elementwise {kernel[:3]} of two integer tensors (never negative)."
    return f


gcd = _integer_only("gcd_cpu", lambda xp, a, b: np.gcd(a, b))
lcm = _integer_only("lcm_cpu", lambda xp, a, b: np.lcm(a, b))


def _float_test(fn):
    def f(input):
        a = input._data
        xp = namespace(a)
        if not input.dtype.is_floating_point:
            return Tensor._from_data(xp.zeros(a.shape, dtype=xp.bool, device=_dev(input)))
        return Tensor._from_data(fn(a))

    return f


isposinf = _float_test(lambda a: a == math.inf)
isneginf = _float_test(lambda a: a == -math.inf)
isposinf.__name__, isneginf.__name__ = "isposinf", "isneginf"
isposinf.__doc__, isneginf.__doc__ = "Where input is +inf.", "Where input is -inf."


def isreal(input):
    """True everywhere for a real tensor (its imaginary part is 0)."""
    return _creation.ones_like(input, dtype=_backend.bool_)  # (its layout, as torch's)


frexp_result = return_type("frexp", "mantissa", "exponent")


def frexp(input):
    """(mantissa, exponent) with input = mantissa * 2 ** exponent, |mantissa| in [0.5, 1)
    (exponent int32); the mantissa's gradient is g / 2 ** exponent."""
    if not input.dtype.is_floating_point:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    a = input._data
    xp = namespace(a)
    m, e = np.frexp(np.asarray(a))
    e = Tensor._from_data(xp.asarray(e.astype(np.int32)))
    m = _record("frexp", "FrexpBackward0", xp.asarray(m), (input,), {"exponent": e})
    return frexp_result(m, e)


# ----------------------------------------------------------------------------- wave 3: in-place
# In-place comparisons write 1 or 0 in self's dtype; their node (EqBackward0 for a number,
# EqBackward1 for a tensor) passes a zero gradient, as torch's.
def _comparison_inplace(name, op):
    def compare(self, other):
        r = op(self, other)
        node = f"{name.capitalize()}Backward{1 if isinstance(other, Tensor) else 0}"
        inputs = (self, other) if isinstance(other, Tensor) else (self,)
        # (an int or bool self takes the node too: torch's in-place ops, _ops.ANY_DTYPE)
        return _record("compare_inplace", node, _cast(r._data, self.dtype), inputs)

    def method(self, other):
        return self._inplace(compare, other)

    method.__name__ = name + "_"
    method.__doc__ = f"self.{name}_(other): self.{name}(other) written into self (1 or 0)."
    return method


eq_ = _comparison_inplace("eq", eq)
ne_, lt_, le_ = (_comparison_inplace(n, f) for n, f in (("ne", ne), ("lt", lt), ("le", le)))
gt_, ge_ = _comparison_inplace("gt", gt), _comparison_inplace("ge", ge)
greater_, less_, greater_equal_, less_equal_, not_equal_ = gt_, lt_, ge_, le_, ne_
float_power_ = _float_power_inplace


def polygamma_(self, n):
    """self.polygamma_(n): polygamma(n, self) written into self."""
    return self._inplace(lambda s: polygamma(n, s, "PolygammaBackward1"))


_WAVE2 = "addcmul addcdiv logaddexp hypot frac xlogy sgn nan_to_num"


_UNARY = "tan atan asin acos sinh cosh asinh acosh atanh log2 log10 exp2 erf rsqrt trunc"
_ALIASES = """
    arcsin arccos arctan arcsinh arccosh arctanh arctan2 negative fix multiply divide subtract
    true_divide greater less greater_equal less_equal not_equal
"""
_WAVE3 = """
    erfc erfinv lgamma digamma i0 sinc polygamma mvlgamma logaddexp2 float_power ldexp nextafter
    gcd lcm isposinf isneginf isreal frexp igamma igammac
"""
_WAVE3_INPLACE = "erfc erfinv lgamma digamma i0 sinc mvlgamma ldexp nextafter gcd lcm igamma"
_WAVE3_INPLACE += " igammac"
_COMPARE_INPLACE = """
    polygamma_ eq_ ne_ lt_ le_ gt_ ge_ greater_ less_ greater_equal_ less_equal_ not_equal_
    float_power_
"""
for _n in "erfc_ i0_ sinc_ gcd_ lcm_ ldexp_".split():  # (torch has no torch.erfinv_)
    _TORCH_INPLACE.append(_n)
    globals()[_n] = _function_form(_n)
FUNCTIONS = f"{_UNARY} atan2 lerp {_ALIASES} {_WAVE2} {_WAVE3}".split() + _TORCH_INPLACE
METHODS = f"{_UNARY} atan2 lerp {_ALIASES} {_WAVE2} {_WAVE3} {_COMPARE_INPLACE}".split()
INPLACE = f"""
    {_UNARY} atan2 lerp arcsin arccos arctan arcsinh arccosh arctanh arctan2 negative fix
    multiply divide subtract true_divide addcmul addcdiv hypot frac xlogy sgn nan_to_num
    {_WAVE3_INPLACE}
""".split()  # Tensor.<name>_
