"""Elementwise ops: exp, log, relu, clamp, where, masked_fill, maximum; comparisons and logical ops.

Each op computes on the arrays, then records its node with `_ops._record` (see _ops).
"""

import builtins

import numpy as np

from . import _backend, _messages
from ._backend import NUMPY, namespace
from ._amp_policy import cuda_float32
from ._graph import node_class
from ._tensor import Tensor
from ._operands import _as_tensor_like
from ._operands import _cast, _cname, _dims, _float, _is_float, _no_kernel, _operands, result_type
from ._messages import shape_error as _shape_error
from ._ops import _from_data, _ndarray, _record, silent


def _unary(op, name, fn):
    def f(x):
        a = x._data
        if a.__class__ is _ndarray and a.dtype.kind == "f" and a.dtype.itemsize > 2:
            return _record(op, name, fn(NUMPY, a), (x,))  # the common case, inline
        a, low = _backend.opmath(_float(x)._data)  # 16-bit floats: in float32, rounded once
        return _record(op, name, _backend.round_back(fn(namespace(a), a), low), (x,))

    f.__name__ = op
    f.__doc__ = f"{op}(x), elementwise"
    return f if op == "tanh" else silent(f)


exp = cuda_float32(_unary("exp", "ExpBackward0", lambda xp, a: xp.exp(a)))


expm1 = cuda_float32(_unary("expm1", "Expm1Backward0", lambda xp, a: xp.expm1(a)))


log = cuda_float32(_unary("log", "LogBackward0", lambda xp, a: xp.log(a)))


log1p = cuda_float32(_unary("log1p", "Log1PBackward0", lambda xp, a: xp.log1p(a)))


sqrt = _unary("sqrt", "SqrtBackward0", lambda xp, a: xp.sqrt(a))


sin = _unary("sin", "SinBackward0", lambda xp, a: xp.sin(a))


cos = _unary("cos", "CosBackward0", lambda xp, a: xp.cos(a))


tanh = _unary("tanh", "TanhBackward0", lambda xp, a: xp.tanh(a))


sigmoid = _unary("sigmoid", "SigmoidBackward0", lambda xp, a: 1 / (1 + xp.exp(-a)))


def abs(x):
    """|x|, elementwise (integers stay integers)"""
    if x.dtype is _backend.bool_:
        raise _no_kernel("abs_cpu", x)
    return _record("abs", "AbsBackward0", namespace(x._data).abs(x._data), (x,))


def relu(x):
    """max(x, 0)"""
    if x.dtype is _backend.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")
    (a, low), xp = _backend.opmath(x._data), namespace(x._data)  # (float16's max keeps no -0.)
    # Zeros first: numpy's maximum keeps the second of equals (-0. stays, as torch's); a row of
    # them, not the number 0, which takes numpy's slow loop (2-3x).
    zeros = xp.zeros(a.shape[-1:], dtype=a.dtype, device=a.device)
    return _record("relu", "ReluBackward0", _backend.round_back(xp.maximum(zeros, a), low), (x,))


def leaky_relu(x, negative_slope=0.01, name="LeakyReluBackward0"):
    """x if x > 0 else negative_slope * x (in place, torch's node is LeakyReluBackward1)"""
    if not _is_float(x):
        raise _no_kernel("leaky_relu_cpu", x)
    xp = namespace(x._data)
    refused = name == "LeakyReluBackward1" and negative_slope < 0  # (torch's backward refuses)
    return _record(
        "leaky_relu_refused" if refused else "leaky_relu",
        name,
        xp.where(x._data > 0, x._data, x._data * negative_slope),
        (x,),
        {"negative_slope": negative_slope},
    )


def slope_backward(g, x, negative_slope, name):
    """g where x > 0, else negative_slope * g: the VJP of relu (slope 0; x its result) and
    leaky_relu.

    Like torch's threshold_backward and leaky_relu_backward it is an op of (g, x), x with a zero
    derivative: a second derivative of relu is then zeros, not None."""
    r = slope_scale(g._data, x._data, negative_slope)
    return _record(
        "slope_backward", name, r, (g, x), {"negative_slope": negative_slope, "name": name}
    )


def slope_scale(g, x, negative_slope):
    """g * (1 where x > 0, else negative_slope) on arrays. relu (slope 0) is torch's select: g
    where x (its result) is > 0 or NaN, else +0, even where g is inf or NaN. It is done on the
    bits, an AND with all ones or with zero: as fast as a product, which would keep the NaN (a
    where is several times slower on a random mask)."""
    if negative_slope:  # (torch's kernel: g or g * slope, in g's dtype, 16-bit ones in float32;
        f, low = _backend.opmath(_backend.plain(g))  # sgn's ZeroTensor written as plain zeros)
        xp = namespace(f)
        r = xp.where(x > 0, f, f * xp.asarray(negative_slope, dtype=f.dtype))
        return _backend.round_back(r, low)
    if not hasattr(g, "view"):  # (an array library without views of the bits)
        xp = namespace(g)
        return xp.where(~(x <= 0), g, xp.zeros_like(g))
    mask = (x <= 0).view("i1")  # 1 where dropped, 0 where kept
    mask -= 1  # (in place, no new array): 0 where dropped, all bits set where kept
    return (g.view(f"i{g.dtype.itemsize}") & mask).view(g.dtype)


def act_backward(g, ans, kind):
    """The VJP of sigmoid or tanh as an op of (g, result), as torch's sigmoid_backward and
    tanh_backward: its own rule is torch's double backward (values and signs of zero)."""
    name = "SigmoidBackwardBackward0" if kind == "sigmoid" else "TanhBackwardBackward0"
    r = act_scale(g._data, ans._data, kind)
    return _record("act_backward", name, r, (g, ans), {"kind": kind})


def act_scale(g, y, kind):
    """g (1 - y) y (sigmoid) or g (1 - y**2) (tanh) on arrays, in the order of torch's kernels
    (which have no ZeroTensor loop: sgn's zero gradient comes out plain)."""
    g = g.view(_ndarray) if g.__class__ is _backend.ZeroGrad else g
    if getattr(g, "itemsize", 8) > 2 or g.dtype == np.float16:
        one = _backend.number_operand(1.0, y)  # (made once)
        return g * (one - y) * y if kind == "sigmoid" else g * (one - y * y)
    g, low = _backend.opmath(g)  # (bfloat16: in float32, rounded once, as torch's kernels; for
    y = y.astype(g.dtype)  # float16 tanh's also is, not followed yet: docs/tour.md)
    return _backend.round_back(g * (1 - y) * y if kind == "sigmoid" else g * (1 - y * y), low)


def _zero_grad_unary(fname, name):
    def f(x):
        if x.dtype is _backend.bool_:
            if fname == "sign":
                return Tensor._from_data(namespace(x._data).asarray(x._data, copy=True))
            raise _no_kernel(f"{fname}_vml_cpu", x)
        if _backend.kind(x._data.dtype) in "iu":  # integers are already whole: a copy
            return (
                Tensor._from_data(namespace(x._data).asarray(x._data, copy=True))
                if fname != "sign"
                else Tensor._from_data(namespace(x._data).sign(x._data))
            )
        xp = namespace(x._data)
        r = getattr(xp, fname)(x._data)
        if fname == "sign":  # torch's sign(nan) is 0
            r = xp.where(xp.isnan(r), xp.zeros_like(r), r)
        return _record("zero_grad", name, r, (x,))

    f.__name__ = fname
    f.__doc__ = f"{fname}(x); its gradient is zero"
    return f


sign = _zero_grad_unary("sign", "SignBackward0")


floor = _zero_grad_unary("floor", "FloorBackward0")


ceil = _zero_grad_unary("ceil", "CeilBackward0")


_round = _zero_grad_unary("round", "RoundBackward0")


def round(x, decimals=None):
    """x rounded half to even; with `decimals`, to that many decimal places (negative: to tens,
    hundreds...), computed as torch does in x's opmath dtype: round(x * 10**d) / 10**d. (Given,
    even as 0, `decimals` selects torch's other overload: RoundBackward1.)"""
    if decimals is None:
        return _round(x)
    if _backend.kind(x._data.dtype) in "biu":
        raise _no_kernel("round_vml_cpu" if decimals == 0 else "round_cpu", x)
    xp, ten = namespace(x._data), 10.0 ** builtins.abs(decimals)
    a, low = _backend.opmath(x._data)  # (16-bit: in float32, rounded once, as torch's kernel)
    r = xp.round(a * ten) / ten if decimals >= 0 else xp.round(a / ten) * ten
    return _record("zero_grad", "RoundBackward1", _backend.round_back(r, low), (x,))


def clamp(x, min=None, max=None):
    """Clip x to [min, max]; the gradient passes where min <= x <= max (bounds included).

    Bounds are numbers or tensors (broadcast against x; they get gradients too, ClampBackward0)."""
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    _tensor_bound = isinstance(min, Tensor) or isinstance(max, Tensor)
    dt = result_type(x, min, max)
    if dt is _backend.bool_ and isinstance(min, Tensor) and isinstance(max, Tensor):
        raise _no_kernel("clamp_cpu", x)
    if dt is _backend.bool_ and (min is not None and max is not None or not _tensor_bound):
        raise _no_kernel(
            "clamp_scalar_cpu"
            if min is not None and max is not None
            else "clamp_min_scalar_cpu"
            if min is not None
            else "clamp_max_scalar_cpu",
            x,
        )
    xp = namespace(x._data)
    a = _cast(x._data, dt)
    min, max = (_backend.check_scalar(bound, dt) for bound in (min, max))
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        lo, hi = (_operands(_from_data(a), v)[1] if v is not None else None for v in (min, max))
        r = a
        if lo is not None:
            r = xp.maximum(r, lo)
        if hi is not None:
            r = xp.minimum(r, hi)  # max wins where min > max, as torch
        bounds = tuple(
            v if isinstance(v, Tensor) or v is None else _as_tensor_like(v, x) for v in (min, max)
        )
        return _record("clamp_tensor", "ClampBackward0", r, (x,) + bounds)
    a, low = _backend.opmath(a)  # numpy's clip has no bfloat16 loop
    r = _backend.iterator_result(_backend.round_back(xp.clip(a, min, max), low), (a,))
    return _record("clamp", "ClampBackward1", r, (x,), {"min": min, "max": max})


def clamp_min(x, min):
    """max(x, min) elementwise."""
    r = clamp(x, min=min)
    if r.grad_fn is not None:  # (torch's node for a tensor bound is the second overload)
        r.grad_fn.__class__ = node_class(f"ClampMinBackward{int(isinstance(min, Tensor))}")
    return r


def clamp_max(x, max):
    """min(x, max) elementwise."""
    r = clamp(x, max=max)
    if r.grad_fn is not None:
        r.grad_fn.__class__ = node_class(f"ClampMaxBackward{int(isinstance(max, Tensor))}")
    return r


def _tensor_other(name, y):
    if not isinstance(y, Tensor):
        raise TypeError(
            f"{name}(): argument 'other' (position 1) must be Tensor, not {type(y).__name__}"
        )


def maximum(x, y):
    """Elementwise max; at ties each side gets half the gradient."""
    _tensor_other("maximum", y)
    a, b = _operands(x, y)
    return _record("maximum", "MaximumBackward0", namespace(a).maximum(a, b), (x, y))


def minimum(x, y):
    """Elementwise min; at ties each side gets half the gradient."""
    _tensor_other("minimum", y)
    a, b = _operands(x, y)
    return _record("minimum", "MinimumBackward0", namespace(a).minimum(a, b), (x, y))


def where(condition, x=None, y=None):
    """x where condition else y; with the condition alone, torch's nonzero(as_tuple=True)."""
    if x is None and y is None and isinstance(condition, Tensor):
        return condition.nonzero(as_tuple=True)  # (a method: nonzero is defined later)
    cond = condition._data if isinstance(condition, Tensor) else condition
    if _backend.kind(cond.dtype) != "b":
        raise RuntimeError(
            f"where expected condition to be a boolean tensor, but got a tensor with dtype "
            f"{_cname(condition)}"
        )
    ref = x if isinstance(x, Tensor) else y if isinstance(y, Tensor) else None
    if ref is None:  # two numbers: their result type (1, 0 -> int64)
        xp = namespace(cond)
        dt = _backend.to_backend_dtype(xp, result_type(x, y))
        return Tensor._from_data(xp.where(cond, xp.asarray(x, dtype=dt), xp.asarray(y, dtype=dt)))
    # a Python number is checked as torch checks it (uint8 takes -1 as 255, refuses 300)
    dt = result_type(x, y)  # (int32 tensor and 1e10: float32, which takes it; a float type
    check = _backend.check_scalar if not dt.is_floating_point else lambda v, dt: v  # any number)
    xt = x if isinstance(x, Tensor) else _as_tensor_like(check(x, dt), ref)
    yt = y if isinstance(y, Tensor) else _as_tensor_like(check(y, dt), ref)
    a, b = _operands(xt, yt)
    c = Tensor._from_data(cond)
    for v in (xt, yt):  # the condition must broadcast with each value (torch's message if not)
        if v.shape != c.shape:
            _operands(c, v)
    r = namespace(a).where(cond, a, b)
    return _record("where", "WhereBackward0", r, (x, y), {"condition": c})


def masked_fill(x, mask, value, _self_first=False):
    """x with `value` where mask is True; a 0-d tensor value gets a gradient
    (MaskedFillBackward1)."""
    m = mask._data if isinstance(mask, Tensor) else mask
    if _backend.kind(m.dtype) != "b":
        raise RuntimeError(
            f"masked_fill_ only supports boolean masks, but got mask with dtype "
            f"{_messages.C_TYPES.get(_backend.dtype_of(m).name, _backend.dtype_of(m).name)}"
        )
    xp = namespace(x._data)
    if not builtins.all(a == b or 1 in (a, b) for a, b in zip(m.shape[::-1], x.shape[::-1])):
        # torch's message (numpy's is a ValueError); masked_fill_ names self first
        raise _shape_error(None, *((x, mask) if _self_first else (mask, x)))
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise RuntimeError(
                f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                f"{value.ndim} dimension(s)."
            )
        _backend.check_scalar(value.item(), x.dtype)  # (torch fills with the value's item())
        r = _backend.c_order(xp.where(m, _cast(value._data, x.dtype), x._data))
        return _record(
            "masked_fill_tensor", "MaskedFillBackward1", r, (x, value), {"mask": _from_data(m)}
        )
    value = _backend.check_scalar(value, x.dtype)
    r = xp.where(m, x._data.dtype.type(value) if x._data.__class__ is _ndarray else value, x._data)
    r = _backend.c_order(r)  # (torch's out-of-place masked_fill: a contiguous clone, then filled)
    return _record("masked_fill", "MaskedFillBackward0", r, (x,), {"mask": Tensor._from_data(m)})


# ============================================================================= comparisons (no
# gradient)


def _compare(name, fn):
    def f(x, y):
        a, b = _operands(x, y) if isinstance(x, Tensor) else (x, y)
        return Tensor._from_data(fn(a, b))

    f.__name__ = name
    return f


eq = _compare("eq", lambda a, b: a == b)


ne = _compare("ne", lambda a, b: a != b)


lt = _compare("lt", lambda a, b: a < b)


le = _compare("le", lambda a, b: a <= b)


gt = _compare("gt", lambda a, b: a > b)


ge = _compare("ge", lambda a, b: a >= b)


def _truth(t):
    a = t._data
    return a if _backend.kind(a.dtype) == "b" else a != 0


def _logical(name, fn):
    def f(x, y):
        if not isinstance(y, Tensor):
            raise TypeError(
                f"{name}(): argument 'other' (position 2) must be Tensor, not {type(y).__name__}"
            )
        try:
            a, b = _truth(x), _truth(y)
            return Tensor._from_data(_backend.iterator_result(fn(a, b), (a, b)))
        except ValueError:
            raise _shape_error(None, x, y, None) from None

    f.__name__ = name
    f.__doc__ = f"{name}(x, y): elementwise, on truth values (nonzero is True); a bool result"
    return f


logical_and = _logical("logical_and", lambda a, b: a & b)


logical_or = _logical("logical_or", lambda a, b: a | b)


logical_xor = _logical("logical_xor", lambda a, b: a ^ b)


def _bitwise(name, fn):
    def f(x, y):
        if not isinstance(x, Tensor):
            x, y = y, x
        a, b = _operands(x, y)
        if _backend.kind(a.dtype) not in "biu":  # (named after the promoted dtype, as torch's)
            title = _backend.dtype_from_array_dtype(a.dtype).title
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{title}'")
        return Tensor._from_data(fn(a, b))

    f.__name__ = name
    f.__doc__ = f"{name}(x, y) on bool and integer tensors (the operators &, |, ^)"
    return f


bitwise_and = _bitwise("bitwise_and", lambda a, b: a & b)


bitwise_or = _bitwise("bitwise_or", lambda a, b: a | b)


bitwise_xor = _bitwise("bitwise_xor", lambda a, b: a ^ b)


def logical_not(x):
    return Tensor._from_data(namespace(x._data).logical_not(_truth(x)))


def bitwise_not(x):
    """~x: logical not of a bool tensor, bitwise not of an integer one."""
    if _backend.kind(x._data.dtype) not in "biu":
        raise NotImplementedError(f"\"bitwise_not_cpu\" not implemented for '{_cname(x)}'")
    return Tensor._from_data(~x._data)


def isnan(x):
    return Tensor._from_data(namespace(x._data).isnan(x._data))


def isinf(x):
    return Tensor._from_data(namespace(x._data).isinf(x._data))


def isfinite(x):
    return Tensor._from_data(namespace(x._data).isfinite(x._data))


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, _name="isclose"):
    """|x - y| <= atol + rtol * |y|, elementwise (x and y tensors of one dtype)."""
    if not isinstance(y, Tensor):
        raise TypeError(
            f"{_name}(): argument 'other' (position 2) must be Tensor, not {type(y).__name__}"
        )
    if x.dtype is not y.dtype:
        raise RuntimeError(f"{x.dtype.title} did not match {y.dtype.title}")
    for what, tol in (("rtol", rtol), ("atol", atol)):
        if tol < 0:
            raise RuntimeError(f"{what} must be greater than or equal to zero, but got {tol:g}")
    a, b = _operands(x, y)
    xp = namespace(a)
    if _backend.kind(a.dtype) in "biu":  # integers and bools are compared as numbers
        a, b = xp.astype(a, xp.float64), xp.astype(b, xp.float64)
    err = xp.abs(a - b)  # torch: equal, or a finite error within the tolerance
    close = (a == b) | (xp.isfinite(err) & (err <= atol + xp.abs(rtol * b)))
    if equal_nan:
        close = close | (xp.isnan(a) & xp.isnan(b))
    out = Tensor._from_data(close)
    out._vc[0] += 1 + equal_nan  # (torch's result after its in-place logical ops)
    return out


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    close = isclose(x, y, rtol, atol, equal_nan, _name="allclose")
    return builtins.bool(namespace(x._data).all(close._data))


def equal(x, y):
    return x.shape == y.shape and builtins.bool(namespace(x._data).all(x._data == y._data))


def _logical_reduction(fn, x, dim, keepdim):
    """all/any: dim () or [] reduces nothing (unlike sum's, which reduces all), as torch."""
    axis = () if isinstance(dim, (tuple, list)) and not dim else _dims(dim, x.ndim)
    xp = namespace(x._data)
    r = _backend.c_order(getattr(xp, fn)(x._data, axis=axis, keepdims=keepdim))
    return Tensor._from_data(xp.astype(r, xp.uint8) if x.dtype is _backend.uint8 else r)  # legacy


def all(x, dim=None, keepdim=False):
    return _logical_reduction("all", x, dim, keepdim)


def any(x, dim=None, keepdim=False):
    return _logical_reduction("any", x, dim, keepdim)


__all__ = []
