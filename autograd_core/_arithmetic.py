"""The arithmetic ops: + - * / ** // % and their reflected forms, the first op family built on
`_ops._record` (see _ops for the three steps every op takes); their rules are the first section of
the VJP table in _vjps."""

import builtins

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._operands import _cast, _float, _no_kernel, _operands, result_type
from ._messages import shape_error as _shape_error
from ._ops import _record, silent
from ._tensor import Tensor
from ._operands import _as_tensor_like


def _check_alpha(x, y, alpha):
    """torch's refusals of an alpha the result dtype cannot take (bool or float for integers)."""
    if alpha.__class__ is int:
        return
    dt = result_type(x, y)
    if isinstance(alpha, bool) and dt is not _backend.bool_:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if isinstance(alpha, float) and not dt.is_floating_point:
        raise RuntimeError(
            "For integral input tensors, argument alpha must not be a floating point number."
        )


def _rounded(r, a, x, y):
    """An op's result r, rounded once to torch's result dtype when `_operands` handed it a wider
    `a` than x's data (a 16-bit float tensor with a number: computed in float32, torch's opmath)."""
    if a is x._data or a.__class__ is not np.ndarray or a.dtype != np.float32:
        return r
    dt = result_type(x, y)
    if dt.itemsize != 2 or not dt.is_floating_point:
        return r
    return np.asarray(r).astype(_backend.np_dtype(dt))


def add(x, y, alpha=1):
    """x + alpha * y"""
    if not isinstance(x, Tensor):
        return add(_as_tensor_like(x, y), y, alpha)
    if alpha.__class__ is not int:  # (an int alpha is always taken: no call)
        _check_alpha(x, y, alpha)
    a, b = _operands(x, y)  # (torch rounds a number to a 16-bit x's dtype here: no opmath)
    if b.__class__ is float:
        b = _backend.number_operand(b, a)
    try:
        r = a + b if alpha == 1 else a + _wrapped(alpha * b, a)
    except ValueError as e:
        raise _shape_error("add", x, y, e) from None
    if getattr(a.dtype, "kind", "b") == "b" and _backend.kind(a.dtype) == "b":
        r = a | b if alpha else a  # bool + bool is logical or, as torch
    return _record("add", "AddBackward0", r, (x, y), {"alpha": alpha} if alpha != 1 else None)


def _wrapped(v, a):
    """alpha * a number, for an integer tensor `a`: wrapped into a's type as torch's kernel
    computes it (uint8 4 + 2 * -3 is 254)."""
    if v.__class__ is int and _backend.kind(a.dtype) in "iu":
        return _backend.wrap_int(v, a.dtype)
    return v


def _no_bool_sub(x, y):
    if x.dtype is _backend.bool_ and (y.dtype if isinstance(y, Tensor) else None) is _backend.bool_:
        raise RuntimeError(_messages.BOOL_MINUS_BOOL)
    if (
        x.dtype is _backend.bool_
        or isinstance(y, (bool, np.bool_))
        or (isinstance(y, Tensor) and y.dtype is _backend.bool_)
    ):
        raise RuntimeError(_messages.BOOL_MINUS)


def no_bool_minus(y):
    """y, which a rule is about to subtract from: refused as torch's `-` refuses a bool tensor
    (pow's gradient for a bool exponent computes exponent - 1)."""
    dt = y.dtype if not isinstance(y, Tensor) else y._data.dtype
    if not isinstance(y, (int, float)) and _backend.kind(dt) == "b":
        raise RuntimeError(_messages.BOOL_MINUS)
    return y


def sub(x, y, alpha=1):
    """x - alpha * y"""
    if not isinstance(x, Tensor):
        return sub(_as_tensor_like(x, y), y, alpha)
    dt = x._data.dtype  # (a numpy dtype's letter first: the common case without a call)
    if (getattr(dt, "kind", "b") == "b" and _backend.kind(dt) == "b") or (
        y.__class__ is not float and isinstance(y, (bool, np.bool_, Tensor))
    ):
        _no_bool_sub(x, y)
    if alpha.__class__ is not int:  # (an int alpha is always taken: no call)
        _check_alpha(x, y, alpha)
    a, b = _operands(x, y)
    if b.__class__ is float:
        b = _backend.number_operand(b, a)
    try:
        r = a - b if alpha == 1 else a - _wrapped(alpha * b, a)
    except ValueError as e:
        raise _shape_error("sub", x, y, e) from None
    return _record("sub", "SubBackward0", r, (x, y), {"alpha": alpha} if alpha != 1 else None)


def rsub(x, other, alpha=1):
    """other - alpha * x (``1 - x``; ``torch.rsub(x, y)``): torch's sub(other, x), its bool
    refusal before alpha's."""
    _no_bool_sub(*((other, x) if isinstance(other, Tensor) else (x, other)))
    _check_alpha(x, other, alpha)
    if isinstance(other, Tensor):
        b, a = _operands(other, x)
        r = b - a if alpha == 1 else b - alpha * a
        return _record("rsub_tensor", "RsubBackward0", r, (x, other), {"alpha": alpha})
    a, b = _operands(x, other)  # (torch rounds the number to x's dtype here: no opmath)
    r = b - a if alpha == 1 else b - alpha * a
    return _record("rsub", "RsubBackward1", r, (x,), {"alpha": alpha})


def mul(x, y):
    """x * y"""
    if not isinstance(x, Tensor):
        return mul(_as_tensor_like(x, y), y)
    a, b = _operands(x, y, True, True, True)  # (opmath)
    if b.__class__ is float:
        b = _backend.number_operand(b, a)
    try:
        r = a * b
    except ValueError as e:
        raise _shape_error("mul", x, y, e) from None
    if a is not x._data:
        r = _rounded(r, a, x, y)
    return _record("mul", "MulBackward0", r, (x, y))


@silent
def div(x, y):
    """x / y (true division: integer inputs give float32)"""
    if not isinstance(x, Tensor):  # a number first goes straight to the float it divides in,
        if isinstance(x, int) and not y.dtype.is_floating_point:  # not through y's integer
            x = float(x)  # dtype (torch's wrapped number: 300 / int8 2 is 150)
        return div(_as_tensor_like(x, y), y)
    a, b = _operands(x, y, False, True, True)  # (no wrap: true division computes in float)
    if not result_type(x, y).is_floating_point:  # int / int: each operand goes to the default
        ft = _backend.default_float[0]  # float from its own dtype (not through the common one:
        a = _cast(x._data, ft)  # int32 -3 / uint8 2 is -1.5), torch's promote-to-float
        b = _cast(y._data, ft) if isinstance(y, Tensor) else b
    try:
        r = _rounded(a / b, a, x, y)
    except ValueError as e:
        raise _shape_error("div", x, y, e) from None
    if not result_type(x, y).is_floating_point:
        r = _cast(r, _backend.default_float[0])
    return _record("div", "DivBackward0", r, (x, y))


def neg(x):
    """-x"""
    if x.dtype is _backend.bool_:
        raise RuntimeError(_messages.BOOL_NEGATION)
    return _record("neg", "NegBackward0", -x._data, (x,))


@silent
def reciprocal(x):
    """1 / x"""
    return _record("reciprocal", "ReciprocalBackward0", 1 / _float(x)._data, (x,))


def rdiv(x, other):
    """other / x, computed like torch as reciprocal(x) * other."""
    return mul(reciprocal(x), other)


def _int_pow(a, b):
    """Integer a ** b elementwise, as torch: a negative exponent gives 1 for 1, +-1 for -1, else
    0."""
    xp = namespace(a)
    neg = b < 0
    if not builtins.bool(xp.any(neg)):
        return a**b
    r = a ** xp.where(neg, xp.zeros_like(b), b)
    one = xp.ones_like(r)
    small = xp.where(
        a == 1, one, xp.where(a == -1, xp.where(b % 2 == 0, one, -one), xp.zeros_like(r))
    )
    return xp.where(neg, small, r)


@silent
def pow(x, exponent):
    """x ** exponent (a number or a tensor); ``2 ** x`` goes through rpow."""
    if not isinstance(x, Tensor):
        return rpow(exponent, x)
    if isinstance(exponent, Tensor):
        a, b = _operands(x, exponent)
        if _backend.kind(a.dtype) == "b":
            raise _no_kernel("pow", x)
        r = _int_pow(a, b) if _backend.kind(a.dtype) in "iu" else a**b
        return _record("pow_tensor", "PowBackward1", r, (x, exponent))
    if (
        _backend.kind(x._data.dtype) in "biu"
        and isinstance(exponent, (int, np.integer))
        and exponent < 0
    ):
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    kind = _backend.kind(x._data.dtype)  # the kernel reads the exponent in x's dtype: an integer
    if kind in "iu" and not isinstance(exponent, float):  # type's, or a 16-bit float's
        _backend.check_scalar(exponent, x.dtype)
    elif x.dtype in (_backend.float16, _backend.bfloat16) and not isinstance(exponent, bool):
        _backend.check_scalar(float(exponent), x.dtype)
    a, e = _operands(x, exponent)
    r = _backend.scalar_power(a, e)
    if _backend.kind(a.dtype) == "b":  # bool ** bool stays bool, as torch (numpy gives int8)
        r = r != 0
    return _record("pow", "PowBackward0", r, (x,), {"exponent": e})


@silent
def rpow(x, base):
    """base ** x for a Python number base."""
    a, b = _operands(x, base)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("pow", x)
    if _backend.kind(a.dtype) in "iu":
        return Tensor._from_data(_int_pow(namespace(a).full_like(a, b), a))
    return _record("rpow", "PowBackward2", b**a, (x,), {"base": b})


def _not_differentiable(fn_name, r, inputs, every_edge=False):
    """A result whose derivative torch does not implement: backward through it raises (torch's
    NotImplemented node), but it still requires grad when an input does. torch's fallback node
    has edges to the inputs that require grad only (`every_edge`: a derivatives.yaml entry's)."""
    if not every_edge:
        inputs = tuple(
            t for t in inputs if isinstance(t, Tensor) and (t.requires_grad or t._fw is not None)
        )  # (a dual tensor's forward AD refusal too)
    return _record("not_implemented", "NotImplemented", r, inputs, {"name": fn_name})


def _zero_division(b, a):
    """torch's integer division by zero (an empty result runs no kernel: no error)."""
    if getattr(a, "size", 1) == 0 or getattr(b, "size", 1) == 0:
        return
    if builtins.bool(namespace(b).any(b == 0)) if hasattr(b, "dtype") else b == 0:
        raise RuntimeError("ZeroDivisionError")


@silent
def floor_divide(x, y):
    """x // y, rounded down (torch's floor division; not differentiable)."""
    if not isinstance(x, Tensor):
        return floor_divide(_as_tensor_like(x, y), y)
    a, b = _operands(x, y, True, True, True)  # (a 16-bit x and a number: in float32, as torch)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("div_floor_cpu", x)
    if _backend.kind(a.dtype) in "iu" and not isinstance(b, float):
        _zero_division(b, a)
    r = namespace(a).floor_divide(a, b) if hasattr(b, "dtype") else a // b
    return _not_differentiable("floor_divide", _rounded(r, a, x, y), (x, y))


def _mod(a, b):
    """torch's remainder: fmod, then moved by b when the signs differ, so a zero result has the
    sign of a (-2. % 2 is -0., 5. % -5. is 0.); numpy's % gives a zero the sign of b."""
    r = a % b
    if _backend.kind(r.dtype) != "f":
        return r
    xp = namespace(r)
    m = xp.fmod(a, b)
    return xp.where((m != 0) & ((m < 0) != (b < 0)), m + b, m)


@silent
def remainder(x, y):
    """x % y with the sign of y (Python's and torch's remainder)."""
    if not isinstance(x, Tensor):
        a, b = _operands(_as_tensor_like(x, y), y)
        if _backend.kind(a.dtype) == "b":
            raise _no_kernel("remainder_cpu", y)
        if _backend.kind(a.dtype) in "iu":
            _zero_division(b, a)
        return _not_differentiable("remainder", _mod(a, b), (y,))
    a, b = _operands(x, y)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("remainder_cpu", x)
    if _backend.kind(a.dtype) in "iu" and not isinstance(b, float):
        _zero_division(b, a)
    if isinstance(y, Tensor):
        return _record("remainder_tensor", "RemainderBackward1", _mod(a, b), (x, y))
    return _record("remainder", "RemainderBackward0", _mod(a, b), (x,))


def square(x):
    return pow(x, 2)
