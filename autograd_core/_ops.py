"""Forward ops: compute on the backend arrays, then record a graph node when a gradient is needed.

Every op here follows the same three steps:
  1. unwrap the inputs to backend arrays (Python scalars stay scalars, like torch's wrapped
  numbers);
  2. compute the result with the array-API namespace `xp` of the data;
  3. ``_record(op, node_name, result, inputs, attrs)``: wrap the result in a Tensor and, if grad
  mode
     is on and an input requires grad, attach a node that runs ``_vjps.VJP[op]`` in backward.
The node name is torch's (``PowBackward0`` for ``x**2``, ``PowBackward1`` for ``x**t``, ...).
"""

import builtins
import functools
import math
import traceback
import warnings

import numpy as np

from . import _backend
from ._backend import namespace
from ._graph import RULES, SavedTensor, accumulator, node_class, _NODE_CLASSES
from ._tensor import Tensor, _View, _as_tensor_like
from .grad_mode import _anomaly, _mode

_from_data = Tensor._from_data

_ndarray = np.ndarray
_Number = (int, float, bool, np.number, np.bool_)


# ============================================================================= recording


def silent(fn):
    """Run `fn` with numpy's floating-point warnings off: torch computes log(0) = -inf and 0/0 = nan
    silently, and a warning on stderr costs a student the points of an nbgrader test cell. The
    user's own numpy error state is left alone. (Applied to the ops that turn finite inputs into
    inf or nan; add, mul and the like warn only on overflow, and pay nothing.)"""

    @functools.wraps(fn)
    def quiet(*args, **kwargs):
        with np.errstate(all="ignore"):
            return fn(*args, **kwargs)

    return quiet


def _record(op, name, out_arr, inputs, attrs=None):
    """Wrap `out_arr` as the op's result; attach a backward node if a gradient is needed."""
    out = _from_data(out_arr)
    if not _mode.grad_enabled:
        if _mode.inference:
            out._inference = True
        return out

    # One edge per input: where its gradient goes (scalars and constants: (None, 0)), and the
    # input's
    # shape and dtype, for the engine to reduce a broadcast gradient back to it.
    edges = []
    nrs = []
    meta = []
    need = []
    for t in inputs:
        if isinstance(t, Tensor):
            if t._base is not None and t._vc[0] != t._view_vc:
                t._remake_view_node()  # its base changed in place since (see _inplace)
            if t._rg:
                fn = t._grad_fn
                edges.append(fn if fn is not None else accumulator(t))
                nrs.append(t._output_nr)
                d = t._data
                meta.append((d.shape, d.dtype))
                need.append(True)
                continue
        edges.append(None)
        nrs.append(0)
        meta.append(None)
        need.append(False)
    if True not in need:
        return out  # nothing to differentiate: a constant
    rule = RULES[op]
    node = (_NODE_CLASSES.get(name) or node_class(name))(
        rule, tuple(edges), tuple(nrs), tuple(meta), attrs
    )
    if rule.wants_need:
        node._need = tuple(need)

    # Save exactly what the rule reads, with versions (see SavedTensor).
    if rule.saved_names:
        only_for = rule.only_for
        saved = []
        for i in rule.saves_inputs:
            t = inputs[i]
            if i in only_for and not need[only_for[i]]:
                t = None  # read only for a gradient nobody needs
            elif isinstance(t, Tensor):
                t = SavedTensor(t)
            saved.append(t)
        if rule.saves_ans:
            saved.append(SavedTensor(out, is_output=True))
        node._saved = tuple(saved)  # named by rule.saved_names
    if _anomaly.enabled:
        node._trace = traceback.format_stack()[:-2]
    out._grad_fn = node
    out._rg = True
    return out


def _view(out, base, method, *args):
    """Mark `out` as a view of `base` (shares data and version counter) made by
    base.method(*args)."""
    out._vc = base._vc
    out._base = base._base if base._base is not None else base
    prev = base._view
    out._view = _View((prev.steps if prev else ()) + ((method, args),))
    out._view_vc = base._vc[0]
    if not _mode.grad_enabled and base._rg:
        out._view_no_grad = True
    return out


# ============================================================================= unwrapping


def _device_error(a, b):
    return RuntimeError(
        "Expected all tensors to be on the same device, but found at least two devices, "
        f"{a.device} and {b.device}!"
    )


def result_type(*operands):
    """torch.result_type of Tensors and Python numbers (None is skipped).

    The highest category (bool < int < float) among all operands decides the kind of result; within
    it, tensors with dimensions choose the dtype, then 0-d tensors, then Python numbers (a float is
    the default dtype, an int int64): ``int64 vector + 0-d float64`` is float64, ``float32 vector +
    0-d float64`` stays float32, ``int vector * 1.5`` is float32.
    """
    groups = [None, None, None]  # dimensioned, 0-d, numbers
    for o in operands:
        if o is None:
            continue
        if isinstance(o, Tensor):
            k, d = (0 if o._data.ndim else 1), o.dtype
        elif isinstance(o, (bool, np.bool_)):
            k, d = 2, _backend.bool_
        elif isinstance(o, (int, np.integer)):
            k, d = 2, _backend.int64
        else:
            k, d = 2, _backend.default_float[0]
        groups[k] = d if groups[k] is None else _backend.promote_types(groups[k], d)
    return _backend.combine_categories(groups[0], _backend.combine_categories(groups[1], groups[2]))


def _cast(a, dt):
    """Array `a` as autograd_core dtype `dt` (itself when it already is)."""
    if a.__class__ is _ndarray:
        return a if a.dtype.name == dt.name else a.astype(dt.name)
    xp = namespace(a)
    return xp.astype(a, _backend.to_backend_dtype(xp, dt), copy=False)


def _operands(x, y):
    """Arrays (or a Python number) for a binary op, in torch's result dtype, on one device."""
    a = x._data
    if isinstance(y, Tensor):
        b = y._data
        if a.__class__ is not b.__class__ or (a.__class__ is not _ndarray and a.device != b.device):
            raise _device_error(x, y)  # nothing moves between devices implicitly
        if a.dtype != b.dtype:
            dt = result_type(x, y)
            a, b = _cast(a, dt), _cast(b, dt)
        return a, b
    if y.__class__ is float and a.__class__ is _ndarray and a.dtype.kind == "f":
        return a, y  # the common case, first
    if isinstance(y, _Number):
        a = _cast(a, result_type(x, y))
        return a, (y.item() if isinstance(y, np.generic) else y)
    if y is None:
        raise TypeError(f"unsupported operand type: NoneType (with a {x.dtype} tensor)")
    return _operands(x, _as_tensor_like(y, x))


def _no_kernel(kernel, x):
    """torch's refusal of a dtype an op has no kernel for (``"abs_cpu" not implemented for
    'Bool'``)."""
    return NotImplementedError(f"\"{kernel}\" not implemented for '{_cname(x)}'")


def _is_float(t):
    return t.dtype.is_floating_point


def _shape_error(op, x, y, err):
    sx = list(getattr(x, "shape", ()))
    sy = list(getattr(y, "shape", ()))
    msg = f"{op}: shapes {sx} and {sy} are not broadcastable"
    for d in range(1, builtins.min(len(sx), len(sy)) + 1):
        if sx[-d] != sy[-d] and sx[-d] != 1 and sy[-d] != 1:
            msg = (
                f"The size of tensor a ({sx[-d]}) must match the size of tensor b ({sy[-d]}) at "
                f"non-singleton dimension {builtins.max(len(sx), len(sy)) - d} ({op} of shapes "
                f"{sx} and {sy})"
            )
            break
    return RuntimeError(msg)


def _dims(dim, ndim):
    """Normalise dim (int, tuple or None) to a sorted tuple of non-negative axes, or None for all.

    As in torch, an empty tuple means every dim, and a 0-d tensor accepts dim 0 or -1 (its one
    "dim" is the whole tensor, so those also mean every dim)."""
    if dim is None:
        return None
    if isinstance(dim, (int, np.integer)):
        dim = (dim,)
    n = builtins.max(ndim, 1)
    out = []
    for d in dim:
        if not -n <= d < n:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})"
            )
        out.append(d % n)
    if ndim == 0 or not out:
        return None
    if len(set(out)) != len(out):
        raise RuntimeError(f"dim {out[0]} appears multiple times in the list of dims")
    return tuple(sorted(out))


def _dim(d, ndim):
    """One dim, normalised; None for a 0-d tensor (numpy's axis=None reduces its one element)."""
    dims = _dims(d, ndim)
    return None if dims is None else dims[0]


# ============================================================================= arithmetic


def add(x, y, alpha=1):
    """x + alpha * y"""
    if not isinstance(x, Tensor):
        return add(_as_tensor_like(x, y), y, alpha)
    a, b = _operands(x, y)
    try:
        r = a + b if alpha == 1 else a + alpha * b
    except ValueError as e:
        raise _shape_error("add", x, y, e) from None
    if _backend.kind(a.dtype) == "b":  # bool + bool is logical or, as torch
        r = a | b if alpha else a
    return _record("add", "AddBackward0", r, (x, y), {"alpha": alpha} if alpha != 1 else None)


def _no_bool_sub(x, y):
    if x.dtype is _backend.bool_ and (y.dtype if isinstance(y, Tensor) else None) is _backend.bool_:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
            "or `logical_xor()` operator instead."
        )
    if (
        x.dtype is _backend.bool_
        or isinstance(y, (bool, np.bool_))
        or (isinstance(y, Tensor) and y.dtype is _backend.bool_)
    ):
        raise RuntimeError(
            "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
            "trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )


def sub(x, y, alpha=1):
    """x - alpha * y"""
    if not isinstance(x, Tensor):
        return sub(_as_tensor_like(x, y), y, alpha)
    if _backend.kind(x._data.dtype) == "b" or (
        y.__class__ is not float and isinstance(y, (bool, np.bool_, Tensor))
    ):
        _no_bool_sub(x, y)
    a, b = _operands(x, y)
    try:
        r = a - b if alpha == 1 else a - alpha * b
    except ValueError as e:
        raise _shape_error("sub", x, y, e) from None
    return _record("sub", "SubBackward0", r, (x, y), {"alpha": alpha} if alpha != 1 else None)


def rsub(x, other, alpha=1):
    """other - alpha * x (``1 - x``; ``torch.rsub(x, y)``)."""
    if isinstance(other, Tensor):
        _no_bool_sub(other, x)
        b, a = _operands(other, x)
        r = b - a if alpha == 1 else b - alpha * a
        return _record("rsub_tensor", "RsubBackward0", r, (x, other), {"alpha": alpha})
    _no_bool_sub(x, other)
    a, b = _operands(x, other)
    return _record(
        "rsub", "RsubBackward1", b - a if alpha == 1 else b - alpha * a, (x,), {"alpha": alpha}
    )


def mul(x, y):
    """x * y"""
    if not isinstance(x, Tensor):
        return mul(_as_tensor_like(x, y), y)
    a, b = _operands(x, y)
    try:
        r = a * b
    except ValueError as e:
        raise _shape_error("mul", x, y, e) from None
    return _record("mul", "MulBackward0", r, (x, y))


@silent
def div(x, y):
    """x / y (true division: integer inputs give float32)"""
    if not isinstance(x, Tensor):
        return div(_as_tensor_like(x, y), y)
    a, b = _operands(x, y)
    try:
        r = a / b
    except ValueError as e:
        raise _shape_error("div", x, y, e) from None
    if not result_type(x, y).is_floating_point:  # int / int: the default float
        r = _cast(r, _backend.default_float[0])
    return _record("div", "DivBackward0", r, (x, y))


def neg(x):
    """-x"""
    if x.dtype is _backend.bool_:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
            "invert a mask, use the `~` or `logical_not()` operator instead."
        )
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
    a, e = _operands(x, exponent)
    return _record("pow", "PowBackward0", a**e, (x,), {"exponent": e})


@silent
def rpow(x, base):
    """base ** x for a Python number base."""
    a, b = _operands(x, base)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("pow", x)
    if _backend.kind(a.dtype) in "iu":
        return Tensor._from_data(_int_pow(namespace(a).full_like(a, b), a))
    return _record("rpow", "PowBackward2", b**a, (x,), {"base": b})


def _not_differentiable(fn_name, r, inputs):
    """A result whose derivative torch does not implement: backward through it raises (torch's
    NotImplemented node), but it still requires grad when an input does."""
    return _record("not_implemented", "NotImplemented", r, inputs, {"name": fn_name})


def _zero_division(b):
    if builtins.bool(namespace(b).any(b == 0)) if hasattr(b, "dtype") else b == 0:
        raise RuntimeError("ZeroDivisionError")


@silent
def floor_divide(x, y):
    """x // y, rounded down (torch's floor division; not differentiable)."""
    if not isinstance(x, Tensor):
        return floor_divide(_as_tensor_like(x, y), y)
    a, b = _operands(x, y)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("div_floor_cpu", x)
    if _backend.kind(a.dtype) in "iu" and not isinstance(b, float):
        _zero_division(b)
    return _not_differentiable(
        "floor_divide", namespace(a).floor_divide(a, b) if hasattr(b, "dtype") else a // b, (x, y)
    )


def _mod(a, b):
    r = a % b
    return r + 0.0 if _backend.kind(r.dtype) == "f" else r  # +0. where numpy gives -0. (torch: +0.)


@silent
def remainder(x, y):
    """x % y with the sign of y (Python's and torch's remainder)."""
    if not isinstance(x, Tensor):
        a, b = _operands(_as_tensor_like(x, y), y)
        if _backend.kind(a.dtype) == "b":
            raise _no_kernel("remainder_cpu", y)
        if _backend.kind(a.dtype) in "iu":
            _zero_division(b)
        return _not_differentiable("remainder", _mod(a, b), (y,))
    a, b = _operands(x, y)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("remainder_cpu", x)
    if _backend.kind(a.dtype) in "iu" and not isinstance(b, float):
        _zero_division(b)
    if isinstance(y, Tensor):
        return _record("remainder_tensor", "RemainderBackward1", _mod(a, b), (x, y))
    return _record("remainder", "RemainderBackward0", _mod(a, b), (x,))


def square(x):
    return pow(x, 2)


# ============================================================================= elementwise


def _float(x):
    """Integer inputs of float-only functions are computed in the default dtype (float32)."""
    if _backend.kind(x._data.dtype) in "biu":
        return Tensor._from_data(namespace(x._data).astype(x._data, namespace(x._data).float32))
    return x


def _unary(op, name, fn):
    def f(x):
        a = x._data
        if (
            a.__class__ is not _ndarray or a.dtype.kind != "f"
        ):  # the check, inline, for numpy floats
            a = _float(x)._data
        return _record(op, name, fn(namespace(a), a), (x,))

    f.__name__ = op
    f.__doc__ = f"{op}(x), elementwise"
    return f if op == "tanh" else silent(f)


exp = _unary("exp", "ExpBackward0", lambda xp, a: xp.exp(a))
expm1 = _unary("expm1", "Expm1Backward0", lambda xp, a: xp.expm1(a))
log = _unary("log", "LogBackward0", lambda xp, a: xp.log(a))
log1p = _unary("log1p", "Log1PBackward0", lambda xp, a: xp.log1p(a))
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
    a = x._data
    return _record("relu", "ReluBackward0", namespace(a).maximum(a, 0), (x,))


def leaky_relu(x, negative_slope=0.01):
    """x if x > 0 else negative_slope * x"""
    if not _is_float(x):
        raise _no_kernel("leaky_relu_cpu", x)
    xp = namespace(x._data)
    return _record(
        "leaky_relu",
        "LeakyReluBackward0",
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
    """g * (1 where x > 0, else negative_slope) on arrays: a product, not a where (7x faster on
    numpy for a random mask; an inf or nan in g where x <= 0 stays nan, torch's gives 0)."""
    m = x > 0
    return g * m if not negative_slope else g * (m * (1 - negative_slope) + negative_slope)


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
        return _record("zero_grad", name, getattr(namespace(x._data), fname)(x._data), (x,))

    f.__name__ = fname
    f.__doc__ = f"{fname}(x); its gradient is zero"
    return f


sign = _zero_grad_unary("sign", "SignBackward0")
floor = _zero_grad_unary("floor", "FloorBackward0")
ceil = _zero_grad_unary("ceil", "CeilBackward0")
round = _zero_grad_unary("round", "RoundBackward0")


def clamp(x, min=None, max=None):
    """Clip x to [min, max]; the gradient passes where min <= x <= max (bounds included).

    Bounds are numbers or tensors (broadcast against x; they get gradients too, ClampBackward0)."""
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    dt = result_type(x, min, max)
    if dt is _backend.bool_ and not isinstance(min, Tensor) and not isinstance(max, Tensor):
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
    r = xp.clip(a, min, max)
    return _record("clamp", "ClampBackward1", r, (x,), {"min": min, "max": max})


def clamp_min(x, min):
    """max(x, min) elementwise."""
    r = clamp(x, min=min)
    if r.grad_fn is not None:
        r.grad_fn.__class__ = node_class("ClampMinBackward0")
    return r


def clamp_max(x, max):
    """min(x, max) elementwise."""
    r = clamp(x, max=max)
    if r.grad_fn is not None:
        r.grad_fn.__class__ = node_class("ClampMaxBackward0")
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


def where(condition, x, y):
    """x where condition else y"""
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
    xt = x if isinstance(x, Tensor) else _as_tensor_like(x, ref)
    yt = y if isinstance(y, Tensor) else _as_tensor_like(y, ref)
    a, b = _operands(xt, yt)
    r = namespace(a).where(cond, a, b)
    return _record("where", "WhereBackward0", r, (x, y), {"condition": Tensor._from_data(cond)})


def masked_fill(x, mask, value):
    """x with `value` where mask is True; a 0-d tensor value gets a gradient
    (MaskedFillBackward1)."""
    m = mask._data if isinstance(mask, Tensor) else mask
    if _backend.kind(m.dtype) != "b":
        raise RuntimeError(
            f"masked_fill_ only supports boolean masks, but got mask with dtype "
            f"{_backend.dtype_of(m).name}"
        )
    xp = namespace(x._data)
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise RuntimeError(
                f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                f"{value.ndim} dimension(s)."
            )
        r = xp.where(m, _cast(value._data, x.dtype), x._data)
        return _record(
            "masked_fill_tensor", "MaskedFillBackward1", r, (x, value), {"mask": _from_data(m)}
        )
    r = xp.where(m, x._data.dtype.type(value) if x._data.__class__ is _ndarray else value, x._data)
    return _record("masked_fill", "MaskedFillBackward0", r, (x,), {"mask": Tensor._from_data(m)})


# ============================================================================= reductions


def sum(x, dim=None, keepdim=False, dtype=None):
    """Sum over `dim` (all dims when None)."""
    a = x._data
    dims = _dims(dim, a.ndim)
    xp = namespace(a)
    if _backend.kind(a.dtype) in "bi" and dtype is None:
        a = xp.astype(a, xp.int64)
    r = xp.sum(a, axis=dims, keepdims=keepdim)
    if dtype is not None:
        r = xp.astype(r, _backend.to_backend_dtype(xp, dtype))
    name = "SumBackward0" if dim is None else "SumBackward1"
    return _record("sum", name, r, (x,), {"shape": a.shape, "dim": dims, "keepdim": keepdim})


@silent
def mean(x, dim=None, keepdim=False, dtype=None):
    """Mean over `dim` (all dims when None)."""
    a = x._data
    if _backend.kind(a.dtype) != "f" and dtype is None:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating "
            f"point or complex dtype. Got: {_cname(x)}"
        )
    dims = _dims(dim, a.ndim)
    r = namespace(a).mean(a, axis=dims, keepdims=keepdim)
    name = "MeanBackward0" if dim is None else "MeanBackward1"
    return _record("mean", name, r, (x,), {"shape": a.shape, "dim": dims, "keepdim": keepdim})


class _MinMax(tuple):
    """The (values, indices) pair that max(dim)/min(dim) return, like torch.return_types.max."""

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self):
        return (
            f"torch.return_types.{type(self).__name__}(\nvalues={self[0]!r},\nindices={self[1]!r})"
        )


_RETURN_TYPES = {
    k: type(k, (_MinMax,), {"__module__": "torch.return_types", "__qualname__": k})
    for k in ("max", "min")
}


def _minmax(kind, x, dim=None, keepdim=False):
    if isinstance(dim, Tensor):  # torch.max(a, b) is maximum
        return (maximum if kind == "max" else minimum)(x, dim)
    xp = namespace(x._data)
    a = x._data
    if dim is None:
        if a.size == 0:
            raise RuntimeError(
                f"{kind}(): Expected reduction dim to be specified for input.numel() == 0. "
                "Specify the reduction dim with the 'dim' argument."
            )
        r = xp.max(a) if kind == "max" else xp.min(a)
        return _record("amax_all", f"{kind.capitalize()}Backward1", r, (x,))
    d = _dim(dim, a.ndim)
    if d is None:  # a 0-d tensor: its value, at index 0
        values = _record(
            "amax_dim",
            f"{kind.capitalize()}Backward0",
            a,
            (x,),
            {"shape": (), "dim": None, "keepdim": keepdim, "indices": None},
        )
        return _RETURN_TYPES[kind]((values, Tensor._from_data(xp.zeros((), dtype=xp.int64))))
    idx = (
        xp.argmax(a, axis=d, keepdims=keepdim)
        if kind == "max"
        else xp.argmin(a, axis=d, keepdims=keepdim)
    )
    vals = (
        xp.max(a, axis=d, keepdims=keepdim)
        if kind == "max"
        else xp.min(a, axis=d, keepdims=keepdim)
    )
    indices = Tensor._from_data(xp.astype(idx, xp.int64))
    values = _record(
        "amax_dim",
        f"{kind.capitalize()}Backward0",
        vals,
        (x,),
        {"shape": a.shape, "dim": d, "keepdim": keepdim, "indices": indices},
    )
    return _RETURN_TYPES[kind]((values, indices))


def max(x, dim=None, keepdim=False):
    """max() of all elements, or (values, indices) along `dim`, or elementwise max with a tensor."""
    return _minmax("max", x, dim, keepdim)


def min(x, dim=None, keepdim=False):
    """min() of all elements, or (values, indices) along `dim`, or elementwise min with a tensor."""
    return _minmax("min", x, dim, keepdim)


def _extreme(kind, x, dim, keepdim):
    """amax/amin over `dim` (every dim when empty); ties share the gradient evenly, as in torch."""
    a = x._data
    dims = _dims(dim, a.ndim)
    xp = namespace(a)
    r = (
        xp.max(a, axis=dims, keepdims=keepdim)
        if kind == "max"
        else xp.min(a, axis=dims, keepdims=keepdim)
    )
    return _record(
        "amax",
        "AmaxBackward0" if kind == "max" else "AminBackward0",
        r,
        (x,),
        {"dim": dims, "keepdim": keepdim},
    )


def amax(x, dim=(), keepdim=False):
    """The largest value over `dim` (an int or a tuple; every dim when empty)."""
    return _extreme("max", x, dim, keepdim)


def amin(x, dim=(), keepdim=False):
    """The smallest value over `dim` (an int or a tuple; every dim when empty)."""
    return _extreme("min", x, dim, keepdim)


def argmax(x, dim=None, keepdim=False):
    if x.dtype is _backend.bool_:
        raise RuntimeError("argmax(): does not support bool input")
    xp = namespace(x._data)
    a = x._data if dim is not None else xp.reshape(x._data, (-1,))
    return Tensor._from_data(
        xp.astype(
            xp.argmax(
                a,
                axis=0 if dim is None else _dim(dim, a.ndim),
                keepdims=keepdim and dim is not None,
            ),
            xp.int64,
        )
    )


def argmin(x, dim=None, keepdim=False):
    if x.dtype is _backend.bool_:
        raise RuntimeError("argmin(): does not support bool input")
    xp = namespace(x._data)
    a = x._data if dim is not None else xp.reshape(x._data, (-1,))
    return Tensor._from_data(
        xp.astype(
            xp.argmin(
                a,
                axis=0 if dim is None else _dim(dim, a.ndim),
                keepdims=keepdim and dim is not None,
            ),
            xp.int64,
        )
    )


@silent
def _spread(op, x, dim, unbiased, keepdim, correction):
    """var or std over `dim`: Bessel-corrected (correction=1) by default, like torch."""
    if isinstance(dim, bool):  # var(unbiased) positional form
        dim, unbiased = None, dim
    c = correction if correction is not None else (1 if unbiased in (None, True) else 0)
    if not _is_float(x):
        raise RuntimeError("std and var only support floating point and complex dtypes")
    dims = _dims(dim, x.ndim)
    n = 1
    for d in range(x.ndim) if dims is None else dims:
        n *= x._data.shape[d]
    if n - c <= 0:
        warnings.warn(
            f"{op}(): degrees of freedom is <= 0. Correction should be strictly less than the "
            "reduction factor (input numel divided by output numel).",
            UserWarning,
            stacklevel=3,
        )
    with warnings.catch_warnings():  # numpy's own warning for the same case
        warnings.simplefilter("ignore", RuntimeWarning)
        r = getattr(namespace(x._data), op)(x._data, axis=dims, correction=c, keepdims=keepdim)
    return _record(
        op,
        op.capitalize() + "Backward0",
        r,
        (x,),
        {"dim": dims, "correction": c, "keepdim": keepdim},
    )


def var(x, dim=None, unbiased=None, keepdim=False, correction=None):
    """Variance over `dim` (unbiased by default, like torch)."""
    return _spread("var", x, dim, unbiased, keepdim, correction)


def std(x, dim=None, unbiased=None, keepdim=False, correction=None):
    """Standard deviation over `dim` (unbiased by default, like torch)."""
    return _spread("std", x, dim, unbiased, keepdim, correction)


@silent
def norm(x, p="fro", dim=None, keepdim=False):
    """The vector p-norm over `dim` (all elements when None): (sum |x|^p)^(1/p); ``p='fro'`` is 2,
    inf the largest |x|, -inf the smallest, 0 the count of nonzero elements."""
    if not _is_float(x):
        raise RuntimeError(
            f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
            f"{_cname(x)}"
        )
    if p == "fro":  # torch.norm's default: a matrix norm over 2 dims
        if isinstance(dim, (tuple, list)) and len(dim) > 2:
            raise RuntimeError(
                f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dim))}"
            )
        p = 2
    if isinstance(p, str) or p is None:
        raise RuntimeError(
            f"norm: the matrix norm p={p!r} is not supported by autograd_core (vector norms only)"
        )
    dims = _dims(dim, x.ndim)
    xp = namespace(x._data)
    a = xp.abs(x._data)
    if p == 2:
        r = xp.sqrt(xp.sum(a * a, axis=dims, keepdims=keepdim))
    elif p == math.inf or p == -math.inf:
        r = (xp.max if p > 0 else xp.min)(a, axis=dims, keepdims=keepdim)
    elif p == 0:
        r = xp.sum(xp.astype(a != 0, a.dtype), axis=dims, keepdims=keepdim)
    else:
        r = xp.sum(a**p, axis=dims, keepdims=keepdim) ** (1.0 / p)
    return _record(
        "norm", "LinalgVectorNormBackward0", r, (x,), {"ord": p, "dim": dims, "keepdim": keepdim}
    )


@silent
def logsumexp(x, dim, keepdim=False):
    """log(sum(exp(x), dim)), computed stably."""
    x = _float(x) if not _is_float(x) else x
    dims = _dims(dim, x.ndim)
    xp = namespace(x._data)
    a = x._data
    m = xp.max(a, axis=dims, keepdims=True)
    m = xp.where(xp.isfinite(m), m, xp.zeros_like(m))
    r = xp.log(xp.sum(xp.exp(a - m), axis=dims, keepdims=True)) + m
    if not keepdim:
        r = xp.squeeze(r, axis=dims)
    return _record("logsumexp", "LogsumexpBackward0", r, (x,), {"dim": dims, "keepdim": keepdim})


@silent
def softmax(x, dim, dtype=None):
    """exp(x) / sum(exp(x), dim), computed stably."""
    if not _is_float(x):
        raise NotImplementedError(
            f"\"softmax_lastdim_kernel_impl\" not implemented for '{_cname(x)}'"
        )
    d = _dim(dim, x.ndim)
    xp = namespace(x._data)
    e = xp.exp(x._data - xp.max(x._data, axis=d, keepdims=True))
    return _record(
        "softmax", "SoftmaxBackward0", e / xp.sum(e, axis=d, keepdims=True), (x,), {"dim": d}
    )


@silent
def log_softmax(x, dim, dtype=None):
    """x - logsumexp(x, dim), computed stably."""
    if not _is_float(x):
        raise NotImplementedError(
            f"\"log_softmax_lastdim_kernel_impl\" not implemented for '{_cname(x)}'"
        )
    d = _dim(dim, x.ndim)
    xp = namespace(x._data)
    s = x._data - xp.max(x._data, axis=d, keepdims=True)
    r = s - xp.log(xp.sum(xp.exp(s), axis=d, keepdims=True))
    return _record("log_softmax", "LogSoftmaxBackward0", r, (x,), {"dim": d})


# ============================================================================= linear algebra


def matmul(x, y):
    """Matrix product with numpy's/torch's rules for 1-D, 2-D and batched operands."""
    if not isinstance(y, Tensor):
        y = _as_tensor_like(y, x)
    nd = (x.ndim, y.ndim)
    if x.dtype is not y.dtype:
        if nd == (1, 1):
            raise RuntimeError(
                f"dot : expected both vectors to have same dtype, but found {_cname(x)} and "
                f"{_cname(y)}"
            )
        raise RuntimeError(
            f"expected m1 and m2 to have the same dtype, but got: {_cname(x)} != {_cname(y)}"
        )
    a, b = _operands(x, y)
    if x.dtype is _backend.bool_:
        raise _no_kernel({(1, 1): "dot", (2, 1): "addmv_impl_cpu"}.get(nd, "addmm_impl_cpu_"), x)
    if a.ndim == 0 or b.ndim == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {a.ndim}D and {b.ndim}D"
        )
    try:
        r = a @ b
    except ValueError:
        dims = lambda s: "x".join(map(str, s))  # noqa: E731
        if nd == (1, 1):
            raise RuntimeError(
                f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] "
                "to "
                f"have the same number of elements, but got {a.shape[0]} and {b.shape[0]} elements "
                "respectively"
            ) from None
        if nd == (2, 1):
            raise RuntimeError(
                f"size mismatch, got input ({a.shape[0]}), mat ({dims(a.shape)}), vec "
                f"({b.shape[0]})"
            ) from None
        if a.ndim <= 2 and b.ndim <= 2:
            raise RuntimeError(
                f"mat1 and mat2 shapes cannot be multiplied ({dims(a.shape)} and {dims(b.shape)})"
            ) from None
        raise RuntimeError(
            f"matmul: shapes {list(a.shape)} and {list(b.shape)} cannot be multiplied"
        ) from None

    name = {
        (2, 2): "MmBackward0",
        (2, 1): "MvBackward0",
        (1, 1): "DotBackward0",
        (1, 2): "SqueezeBackward4",
    }.get(nd, "UnsafeViewBackward0")
    return _record("matmul", name, r, (x, y), {"ndims": nd})


def _ranked(x, y, want, messages, name):
    """matmul, after torch's rank checks for mm/mv/dot/bmm; the node gets the op's own name."""
    for t, n, msg in zip((x, y), want, messages):
        if t.ndim != n:
            raise RuntimeError(msg.format(x=x.ndim, y=y.ndim))
    r = matmul(x, y)
    if r._grad_fn is not None:
        r._grad_fn.__class__ = node_class(name)
    return r


def mm(x, y):
    """Matrix @ matrix (both 2-D)."""
    return _ranked(x, y, (2, 2), ("self must be a matrix", "mat2 must be a matrix"), "MmBackward0")


def mv(x, y):
    """Matrix @ vector."""
    msg = "vector + matrix @ vector expected, got 1, {x}, {y}"
    return _ranked(x, y, (2, 1), (msg, msg), "MvBackward0")


def dot(x, y):
    """Vector . vector (both 1-D)."""
    msg = "1D tensors expected, but got {x}D and {y}D tensors"
    return _ranked(x, y, (1, 1), (msg, msg), "DotBackward0")


def bmm(x, y):
    """Batched matrix @ matrix (both 3-D, same batch size)."""
    r = _ranked(
        x, y, (3, 3), ("batch1 must be a 3D tensor", "batch2 must be a 3D tensor"), "BmmBackward0"
    )
    return r


def _type_name(t):
    """torch's legacy type name of t ("torch.DoubleTensor")."""
    return "torch." + _cname(t) + "Tensor"


def _cname(t):
    """torch's short name of t's dtype in messages ("Float", "Long")."""
    return {
        "float32": "Float",
        "float64": "Double",
        "float16": "Half",
        "int64": "Long",
        "int32": "Int",
        "int16": "Short",
        "int8": "Char",
        "uint8": "Byte",
        "bool": "Bool",
    }.get(t.dtype.name, t.dtype.name)


def addmm(bias, x, y):
    """bias + x @ y (what nn.functional.linear uses for 2-D inputs)."""
    if not (x.dtype is y.dtype is bias.dtype):
        raise RuntimeError(
            f"mat1 and mat2 must have the same dtype, but got {_cname(x)} and {_cname(y)}"
        )
    a, b = _operands(x, y)
    c = bias._data
    try:
        r = a @ b + c
    except ValueError:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
            f"{b.shape[0]}x{b.shape[1]})"
        ) from None
    # Like torch's mm_mat2_backward: when mat2 is a transposed view (nn.Linear's weight.t()), its
    # gradient is computed transposed too, so the weight's gradient arrives contiguous.
    flags = getattr(b, "flags", None)
    return _record(
        "addmm",
        "AddmmBackward0",
        r,
        (bias, x, y),
        {"z_transposed": flags is not None and flags.f_contiguous and not flags.c_contiguous},
    )


# ============================================================================= shapes


def _shape_arg(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return tuple(int(s) for s in shape)


def _infer_shape(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        known = 1
        for s in shape:
            if s != -1:
                known *= s
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // known
    n = 1
    for s in shape:
        n *= s
    if n != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def reshape(x, *shape, _name=None):
    """The same data with a new shape: a view when the strides allow one (as torch), else a copy.
    torch names the view ViewBackward0 of contiguous data, ReshapeAliasBackward0 of strided data."""
    shape = _infer_shape(_shape_arg(shape), x._data.size)
    r = _backend.reshape_view(x._data, shape)
    if r is not None:
        name = _name or (
            "ViewBackward0" if _backend.is_contiguous(x._data) else "ReshapeAliasBackward0"
        )
        return _view(_record("view", name, r, (x,), {"shape": x._data.shape}), x, "reshape", shape)
    c = _record("clone", "CloneBackward0", _backend.contiguous_copy(x._data), (x,))
    return _record(
        "view",
        "UnsafeViewBackward0",
        namespace(c._data).reshape(c._data, shape),
        (c,),
        {"shape": c._data.shape},
    )


def view(x, *shape):
    """A view with a new shape; raises where the strides do not allow one (use reshape)."""
    if len(shape) == 1 and not isinstance(shape[0], (int, tuple, list)):
        return x.to(shape[0])
    if _backend.reshape_view(x._data, _infer_shape(_shape_arg(shape), x._data.size)) is None:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
        )
    return reshape(x, *shape, _name="ViewBackward0")


def flatten(x, start_dim=0, end_dim=-1):
    """Merge dims start_dim..end_dim into one (x itself when that is a single dim, as torch)."""
    if x.ndim == 0:
        return reshape(x, 1)
    s, e = _dim(start_dim, x.ndim), _dim(end_dim, x.ndim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return x
    shape = x.shape[:s] + (-1,) + x.shape[e + 1 :]
    return reshape(x, *shape)


def unflatten(x, dim, sizes):
    """Split dim into `sizes` (always a view: one dim's stride can always be split)."""
    if x.ndim == 0:
        raise RuntimeError(
            f"unflatten got an unexpected error:\nDimension specified as {dim} but tensor has no "
            "dimensions"
        )
    d = _dim(dim, x.ndim)
    sizes = tuple(sizes)
    n = 1
    for s in sizes:
        n *= s
    if -1 not in sizes and n != x.shape[d]:
        raise RuntimeError(
            f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of dim {dim} "
            f"({x.shape[d]}) in the input tensor"
        )
    return view(x, *(x.shape[:d] + sizes + x.shape[d + 1 :]))


def squeeze(x, dim=None):
    if dim is None:
        shape = tuple(s for s in x.shape if s != 1)
    else:
        dims = _dims(dim, x.ndim) or ()
        shape = tuple(s for i, s in enumerate(x.shape) if not (i in dims and s == 1))
    r = _record(
        "view",
        "SqueezeBackward0"
        if dim is None
        else "SqueezeBackward2"
        if isinstance(dim, (tuple, list))
        else "SqueezeBackward1",
        namespace(x._data).reshape(x._data, shape),
        (x,),
        {"shape": x._data.shape},
    )
    return _view(r, x, "squeeze", dim)


def unsqueeze(x, dim):
    d = dim % (x.ndim + 1)
    shape = x.shape[:d] + (1,) + x.shape[d:]
    r = _record(
        "view",
        "UnsqueezeBackward0",
        namespace(x._data).reshape(x._data, shape),
        (x,),
        {"shape": x._data.shape},
    )
    return _view(r, x, "unsqueeze", dim)


def transpose(x, dim0, dim1):
    """Swap two dimensions (a view)."""
    if x.ndim == 0:
        return _view(
            _record("view", "TransposeBackward0", x._data, (x,), {"shape": ()}),
            x,
            "transpose",
            dim0,
            dim1,
        )
    d0, d1 = dim0 % x.ndim, dim1 % x.ndim
    axes = list(range(x.ndim))
    axes[d0], axes[d1] = axes[d1], axes[d0]
    r = _record(
        "transpose",
        "TransposeBackward0",
        namespace(x._data).permute_dims(x._data, tuple(axes)),
        (x,),
        {"dim0": d0, "dim1": d1},
    )
    return _view(r, x, "transpose", dim0, dim1)


def t(x):
    """Transpose a matrix (0-D and 1-D tensors come back as they are)."""
    if x.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {x.ndim}D")
    r = (
        transpose(x, 0, 1)
        if x.ndim == 2
        else _view(_record("view", "TBackward0", x._data, (x,), {"shape": x.shape}), x, "t")
    )
    if r.grad_fn is not None:
        r.grad_fn.__class__ = node_class("TBackward0")
    if x.ndim == 2:
        r._view = _View(r._view.steps[:-1] + (("t", ()),))
    return r


def permute(x, *dims):
    """Reorder the dimensions (a view)."""
    if not dims:  # t.permute(); t.permute(()) is fine for 0-d
        raise TypeError('permute() missing 1 required positional arguments: "dims"')
    dims = tuple(d % x.ndim for d in _shape_arg(dims)) if x.ndim else ()
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    if sorted(dims) != list(range(x.ndim)):
        raise RuntimeError(
            f"permute(sparse_coo): number of dimensions in the tensor input does not match the "
            f"length of the desired ordering of dimensions i.e. input.dim() = {x.ndim} is not "
            f"equal to len(dims) = {len(dims)}"
        )
    r = _record(
        "permute",
        "PermuteBackward0",
        namespace(x._data).permute_dims(x._data, dims),
        (x,),
        {"dims": dims},
    )
    return _view(r, x, "permute", *dims)


def mT(x):
    """The last two dims swapped (matrices and batches of matrices)."""
    if x.ndim == 1:  # (0-d: the tensor itself, as torch)
        raise RuntimeError(
            "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
        )
    if x.ndim == 0:
        return x
    return transpose(x, -2, -1)


def T(x):
    """Reverse all dimensions (torch's .T, recorded as a permute)."""
    return permute(x, *reversed(range(x.ndim))) if x.ndim else permute(x, ())


def expand(x, *sizes):
    """Broadcast to a larger shape without copying; -1 keeps a size."""
    sizes = _shape_arg(sizes)
    lead = len(sizes) - x.ndim
    if lead < 0:
        raise RuntimeError(
            f"expand({_type_name(x)}{{{list(x.shape)}}}, size=[{', '.join(map(str, sizes))}]): the "
            f"number of sizes provided ({len(sizes)}) must be greater or equal to the number of "
            f"dimensions in the tensor ({x.ndim})"
        )
    shape = tuple(x.shape[i - lead] if s == -1 else s for i, s in enumerate(sizes))
    if shape == x.shape:
        return _view(_record("expand", "ExpandBackward0", x._data, (x,)), x, "expand", *sizes)
    try:
        r = namespace(x._data).broadcast_to(x._data, shape)
    except ValueError:
        raise expand_error(shape, x.shape, sizes) from None
    return _view(_record("expand", "ExpandBackward0", r, (x,)), x, "expand", *sizes)


def expand_error(target, shape, sizes=None):
    """torch's message when `shape` does not broadcast to `target` (expand, setitem)."""
    lead = len(target) - len(shape)
    d = next(
        (i for i in range(len(target) - 1, lead - 1, -1) if shape[i - lead] not in (1, target[i])),
        len(target) - 1,
    )
    return RuntimeError(
        f"The expanded size of the tensor ({target[d]}) must match the existing size "
        f"({shape[d - lead] if d >= lead else 1}) at non-singleton dimension {d}.  Target sizes: "
        f"{list(sizes if sizes is not None else target)}.  Tensor sizes: {list(shape)}"
    )


def expand_as(x, other):
    return expand(x, *other.shape)


def _summed_dims(from_shape, shape):
    """The dims to sum so that an array of `from_shape` comes back to `shape` (broadcasting
    undone)."""
    lead = len(from_shape) - len(shape)
    if lead < 0 or builtins.any(s != 1 and s != from_shape[lead + i] for i, s in enumerate(shape)):
        raise RuntimeError(
            f"size {{{list(shape)}}} is not expandable to size {{{list(from_shape)}}}."
        )
    return tuple(range(lead)) + tuple(
        lead + i for i, s in enumerate(shape) if s == 1 and from_shape[lead + i] != 1
    )


def sum_to_size(x, *shape):
    """Sum `x` down to `shape` (the reverse of broadcasting): leading dims, then size-1 dims."""
    shape = _shape_arg(shape)
    if shape == ():
        return sum(x)  # torch's sum_to: a sum, even of a 0-d tensor
    if x.shape == shape:
        return x
    dims = _summed_dims(x.shape, shape)
    r = sum(x, dims, keepdim=True) if dims else x
    return reshape(r, *shape) if x.ndim != len(shape) else r


def sum_to_shape_array(a, shape):
    """`sum_to_size` on a raw array (the engine's reduction when nothing is recorded)."""
    dims = _summed_dims(a.shape, shape)
    xp = namespace(a)
    return xp.reshape(xp.sum(a, axis=dims, keepdims=True) if dims else a, shape)


def _to(t, dev, dt, copy=False):
    """t on device `dev` with dtype `dt`: a new node ToCopyBackward0 when anything changes."""
    data = t._data
    out = data
    if dev is not None and _backend.device_of(data) != (
        dev if not isinstance(dev, str) else _backend.device(dev)
    ):
        out = _backend.move(out, dev)
    if dt is not None and _backend.dtype_of(out) is not dt:
        xp = namespace(out)
        out = xp.astype(out, _backend.to_backend_dtype(xp, dt))
    if out is data:
        if not copy:
            return t
        out = namespace(data).asarray(data, copy=True)
    return _record("to_copy", "ToCopyBackward0", out, (t,), {"device": t.device, "dtype": t.dtype})


def clone(x):
    """A copy of the data (gradient flows through)."""
    return _record("clone", "CloneBackward0", namespace(x._data).asarray(x._data, copy=True), (x,))


def overwrite(x, src):
    """src broadcast to x's shape and dtype: what x.copy_(src) writes (x gets no gradient)."""
    xp = namespace(x._data)
    b = src._data
    if b.__class__ is not x._data.__class__:
        raise _device_error(x, src)
    try:
        r = xp.broadcast_to(xp.astype(b, x._data.dtype), x._data.shape)
    except ValueError:
        raise RuntimeError(
            f"The size of tensor a ({x.shape[-1] if x.ndim else 1}) must match the size of tensor "
            "b "
            f"({src.shape[-1] if src.ndim else 1}) (copy_ of {list(src.shape)} into "
            f"{list(x.shape)})"
        ) from None
    return _record("overwrite", "CopyBackwards", xp.asarray(r, copy=True), (x, src))


def filled(x, value, name="FillBackward2"):
    """A tensor shaped like x full of `value` (a number, or a 0-d tensor that gets the gradient, as
    torch's FillBackward3): what x.fill_(value) / x.zero_() write."""
    xp = namespace(x._data)
    v = value._data if isinstance(value, Tensor) else value
    r = (
        xp.full(x._data.shape, v, dtype=x._data.dtype)
        if x._data.__class__ is _ndarray
        else xp.full(x._data.shape, v, dtype=x._data.dtype, device=x._data.device)
    )
    if isinstance(value, Tensor):
        return _record("fill_tensor", "FillBackward3", r, (x, value))
    return _record("filled", name, r, (x,))


def replaced(x, arr, name):
    """`arr` in place of x's values, with a zero gradient for x (uniform_, normal_)."""
    return _record("zero_grad", name, arr, (x,))


def contiguous(x):
    """x itself when C-contiguous, else a C-ordered copy (CloneBackward0)."""
    if _backend.is_contiguous(x._data):
        return x
    return _record("clone", "CloneBackward0", _backend.contiguous_copy(x._data), (x,))


def _common_dtype(tensors):
    """The dtype cat/stack give: every input's dtype promoted (int64 and float32 -> float32)."""
    dt = tensors[0].dtype
    for t in tensors[1:]:
        dt = _backend.promote_types(dt, t.dtype)
    return dt


def cat(tensors, dim=0):
    """Join tensors along an existing dimension."""
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("torch.cat(): expected a non-empty list of Tensors")
    ref = next(t for t in tensors if isinstance(t, Tensor))
    d = _dim(dim, ref.ndim)
    if ref.ndim == 0 or builtins.any(t.ndim == 0 for t in tensors):
        i = next(i for i, t in enumerate(tensors) if t.ndim == 0)
        raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    for t in tensors:
        if t.ndim != ref.ndim:
            raise RuntimeError(
                f"Tensors must have same number of dimensions: got {ref.ndim} and {t.ndim}"
            )
    dt = _common_dtype(tensors)
    arrays = [_cast(t._data, dt) for t in tensors]
    for t in tensors[1:]:
        a, b = ref._data, t._data
        if a.__class__ is not b.__class__ or (a.__class__ is not _ndarray and a.device != b.device):
            raise _device_error(ref, t)
    try:
        r = namespace(arrays[0]).concat(arrays, axis=d)
    except ValueError:
        raise RuntimeError(
            "Sizes of tensors must match except in dimension "
            f"{d}. Got shapes {[list(t.shape) for t in tensors]}"
        ) from None
    return _record(
        "cat",
        "CatBackward0",
        r,
        tuple(tensors),
        {"dim": d, "sizes": tuple(t.shape[d] for t in tensors)},
    )


def stack(tensors, dim=0):
    """Join tensors along a new dimension."""
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    d = dim % (tensors[0].ndim + 1)
    shapes = {t.shape for t in tensors}
    if len(shapes) > 1:
        raise RuntimeError(
            f"stack expects each tensor to be equal size, but got {list(tensors[0].shape)} at "
            "entry 0 "
            f"and {list(next(t.shape for t in tensors if t.shape != tensors[0].shape))} at entry "
            f"{next(i for i, t in enumerate(tensors) if t.shape != tensors[0].shape)}"
        )
    dt = _common_dtype(tensors)
    r = namespace(tensors[0]._data).stack([_cast(t._data, dt) for t in tensors], axis=d)
    return _record("stack", "StackBackward0", r, tuple(tensors), {"dim": d, "count": len(tensors)})


# ============================================================================= indexing


def _index_arg(index):
    """Tensors inside an index become arrays; lists of ints become integer arrays."""
    if isinstance(index, tuple):
        return tuple(_index_arg(i) for i in index)
    if isinstance(index, Tensor):
        return index._data
    if isinstance(index, list):
        return np.asarray(index)
    return index


def _is_basic(index):
    items = index if isinstance(index, tuple) else (index,)
    return builtins.all(
        i is None or i is Ellipsis or isinstance(i, (int, slice, np.integer)) for i in items
    )


def _basic_index_name(idx):
    """torch applies basic indexing one dimension at a time; the node is named after the last step.
    In a tuple a slice of everything (``a[:, :]``) is skipped (AliasBackward0); alone it is a
    Slice."""
    if isinstance(idx, slice):
        return "SliceBackward0"
    name = "AliasBackward0"
    for i in idx if isinstance(idx, tuple) else (idx,):
        if isinstance(i, (int, np.integer)):
            name = "SelectBackward0"
        elif isinstance(i, slice) and not (
            i.start in (None, 0) and i.stop is None and i.step in (None, 1)
        ):
            name = "SliceBackward0"
        elif i is None:
            name = "UnsqueezeBackward0"
    return name


def getitem(x, index):
    """x[index]: ints and slices give views (Select/Slice), arrays and masks give copies (Index)."""
    idx = _index_arg(index)
    for i in idx if isinstance(idx, tuple) else (idx,):
        if isinstance(i, slice) and i.step is not None and i.step <= 0:
            raise ValueError("step must be greater than zero")
    data = x._data
    try:
        r = data[idx]
    except IndexError as e:
        raise IndexError(str(e).replace("axis", "dimension")) from None
    if _is_basic(idx):
        if not hasattr(r, "shape") or r.__class__ is not data.__class__:  # numpy's scalar: a copy
            r = data[
                (idx if isinstance(idx, tuple) else (idx,)) + (Ellipsis,)
            ]  # a 0-d view instead
        out = _record("index", _basic_index_name(idx), r, (x,), {"shape": data.shape, "index": idx})
        return _view(out, x, "__getitem__", idx)
    if not isinstance(r, type(data)):
        r = namespace(data).asarray(r)
    return _record("index", "IndexBackward0", r, (x,), {"shape": data.shape, "index": idx})


def index_scatter(g, shape, index):
    """zeros(shape) with g added at `index` (repeated indices accumulate): the VJP of indexing."""
    xp = namespace(g._data)
    z = (
        xp.zeros(shape, dtype=g._data.dtype, device=getattr(g._data, "device", None))
        if g._data.__class__ is not _ndarray
        else np.zeros(shape, dtype=g._data.dtype)
    )
    if _is_basic(index):
        z[index] = g._data
    else:
        _backend.index_add(xp, z, index, g._data)
    return _record("index_scatter", "IndexPutBackward0", z, (g,), {"index": index})


# ============================================================================= losses (nodes named
# like torch's)


@silent
def mse_loss(x, y, reduction="mean"):
    """mean((x - y)**2) (or sum / none), one MseLossBackward0 node."""
    a, b = _operands(x, y)
    try:
        d = (a - b) ** 2
    except ValueError as e:
        raise _shape_error("mse_loss", x, y, e) from None
    xp = namespace(d)
    r = xp.mean(d) if reduction == "mean" else xp.sum(d) if reduction == "sum" else d
    return _record("mse_loss", "MseLossBackward0", r, (x, y), {"reduction": reduction})


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
    losses = -picked * wt
    total = xp.sum(wt)
    if reduction == "mean":
        r = xp.sum(losses) / total
    elif reduction == "sum":
        r = xp.sum(losses)
    else:
        r = losses if a.ndim == 2 else losses[0]
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


# ============================================================================= comparisons (no
# gradient)


def _compare(fn):
    def f(x, y):
        a, b = _operands(x, y) if isinstance(x, Tensor) else (x, y)
        return Tensor._from_data(fn(a, b))

    return f


eq = _compare(lambda a, b: a == b)
ne = _compare(lambda a, b: a != b)
lt = _compare(lambda a, b: a < b)
le = _compare(lambda a, b: a <= b)
gt = _compare(lambda a, b: a > b)
ge = _compare(lambda a, b: a >= b)


def _truth(t):
    a = t._data
    return a if _backend.kind(a.dtype) == "b" else a != 0


def _logical(name, fn):
    def f(x, y):
        if not isinstance(y, Tensor):
            raise TypeError(
                f"{name}(): argument 'other' (position 2) must be Tensor, not {type(y).__name__}"
            )
        return Tensor._from_data(fn(_truth(x), _truth(y)))

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
        if _backend.kind(a.dtype) not in "biu":
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{_cname(x)}'")
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


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|x - y| <= atol + rtol * |y|, elementwise."""
    a, b = _operands(x, y)
    xp = namespace(a)
    close = xp.abs(a - b) <= atol + rtol * xp.abs(b)
    if equal_nan:
        close = close | (xp.isnan(a) & xp.isnan(b))
    return Tensor._from_data(close)


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    return builtins.bool(namespace(x._data).all(isclose(x, y, rtol, atol, equal_nan)._data))


def equal(x, y):
    return x.shape == y.shape and builtins.bool(namespace(x._data).all(x._data == y._data))


def all(x, dim=None, keepdim=False):
    return Tensor._from_data(
        namespace(x._data).all(x._data, axis=_dims(dim, x.ndim), keepdims=keepdim)
    )


def any(x, dim=None, keepdim=False):
    return Tensor._from_data(
        namespace(x._data).any(x._data, axis=_dims(dim, x.ndim), keepdims=keepdim)
    )


__all__ = []
