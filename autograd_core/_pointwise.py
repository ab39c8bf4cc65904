"""More elementwise ops: trigonometric and hyperbolic functions, log2/log10/exp2, erf, rsqrt,
trunc, atan2, lerp; and torch's alias names (multiply, divide, arcsin, ...).

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

import math

import numpy as np

from . import _backend
from ._backend import namespace
from ._tensor import Tensor, _as_tensor_like
from ._ops import (
    _cast,
    _no_kernel,
    _operands,
    _record,
    _shape_error,
    result_type,
    silent,
)
from ._arithmetic import (
    div,
    floor_divide,
    mul,
    neg,
    sub,
)
from ._elementwise import _unary, _zero_grad_unary, ge, gt, le, lt, ne

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
    return xp.where(a < 0, -r, r)


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


def divide(input, other, *, rounding_mode=None):
    """input / other; rounding_mode "floor" rounds the quotient down, "trunc" toward zero (both
    DivBackward2, with a zero gradient)."""
    if rounding_mode is None:
        return div(input, other)
    if rounding_mode not in ("floor", "trunc"):
        raise RuntimeError(
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
            f"'{rounding_mode}'"
        )
    if not isinstance(input, Tensor):  # a number first, as torch.divide(2, t) allows
        input = _as_tensor_like(input, other)
    q = floor_divide(input, other)._data  # torch's checks (bool, integer division by zero)
    if rounding_mode == "trunc":
        a, b = _operands(input, other)
        if _backend.kind(q.dtype) == "f":
            q = _true_trunc(a, b)
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


def lerp(input, end, weight):
    """input + weight * (end - input); weight a number (LerpBackward0) or a tensor
    (LerpBackward1), end a tensor of input's dtype."""
    if not isinstance(end, Tensor):  # torch binds lerp with two signatures
        got = ", ".join(type(v).__name__ for v in (input, end, weight))
        raise TypeError(
            f"lerp() received an invalid combination of arguments - got ({got}), "
            "but expected one of the signatures torch documents"
        )
    _lerp_dtype(input, end, "end")
    if not input.dtype.is_floating_point:
        kernel = "lerp_kernel_tensor" if isinstance(weight, Tensor) else "lerp_kernel_scalar"
        raise _no_kernel(kernel, input)
    a, b = input._data, end._data
    try:
        if isinstance(weight, Tensor):
            if weight.ndim:
                _lerp_dtype(input, weight, "weight")
            w = _cast(weight._data, input.dtype)
            xp = namespace(a)
            r = xp.where(xp.abs(w) < 0.5, a + w * (b - a), b - (b - a) * (1 - w))
            return _record("lerp_tensor", "LerpBackward1", r, (input, end, weight))
        # torch's two forms: exact at both ends (weight 0 gives input, 1 gives end)
        r = a + weight * (b - a) if abs(weight) < 0.5 else b - (b - a) * (1 - weight)
    except ValueError as e:
        raise _shape_error("lerp", input, end, e) from None
    return _record("lerp", "LerpBackward0", r, (input, end), {"weight": weight})


# ----------------------------------------------------------------------------- wave 2 pointwise
def _float_dtype(*operands):
    """torch's result dtype, made the default float for integer and bool operands."""
    dt = result_type(*operands)
    return dt if dt.is_floating_point else _backend.default_float[0]


def _float_only(kernel, *operands):
    """The result dtype of an op with float kernels only (torch's "hypot_cpu" refusal)."""
    dt = result_type(*operands)
    if not dt.is_floating_point:
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
def _combine(name, fn, tensors, *arrays):
    """fn(xp, *arrays), with torch's message for shapes that do not broadcast."""
    try:
        return fn(namespace(arrays[0]), *arrays)
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
    r = _combine("addcmul", lambda xp, a, b, c: a + v * (b * c), (input, tensor1, tensor2), *args)
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
    r = _combine(
        "addcdiv", lambda xp, a, b, c: a + value * (b / c), (input, tensor1, tensor2), *args
    )
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
    return _record("zero_grad", "SgnBackward0", xp.where(r != r, 0.0, r), (input,))  # sgn(nan) 0


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

_WAVE2 = "addcmul addcdiv logaddexp hypot frac xlogy sgn nan_to_num"


_UNARY = "tan atan asin acos sinh cosh asinh acosh atanh log2 log10 exp2 erf rsqrt trunc"
_ALIASES = """
    arcsin arccos arctan arcsinh arccosh arctanh arctan2 negative fix multiply divide subtract
    true_divide greater less greater_equal less_equal not_equal
"""
FUNCTIONS = f"{_UNARY} atan2 lerp {_ALIASES} {_WAVE2}".split() + _TORCH_INPLACE  # torch.<name>
METHODS = f"{_UNARY} atan2 lerp {_ALIASES} {_WAVE2}".split()  # Tensor.<name>
INPLACE = f"""
    {_UNARY} atan2 lerp arcsin arccos arctan arcsinh arccosh arctanh arctan2 negative fix
    multiply divide subtract true_divide addcmul addcdiv hypot frac xlogy sgn nan_to_num
""".split()  # Tensor.<name>_
