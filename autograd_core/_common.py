"""Ops people commonly write beyond the core: fmod, copysign, heaviside, deg2rad, rad2deg, nansum,
dist, the bitwise shifts, broadcast_tensors, repeat_interleave, index_add, index_copy; the in-place
views t_, squeeze_, unsqueeze_, transpose_ (they change the tensor's own shape); and the
activations hardsigmoid and hardswish (nn.functional builds softsign and tanhshrink from ops, as
torch does). The third wave adds the is_* predicates, renorm, hardshrink, threshold, the logical
and bitwise in-place methods, and the samplers (bernoulli, multinomial, poisson, exponential_ ...).

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

import builtins
import inspect
import math

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._graph import node_class
from ._operands import _cast, _check_broadcast, _cname, _dim, _no_kernel, _operands, result_type
from ._ops import _record, _shape_error, silent
from ._arithmetic import (
    _not_differentiable,
    _zero_division,
    floor_divide,  # noqa: F401  (Tensor.floor_divide_: INPLACE below)
)
from ._pointwise import _float_dtype, _tensor_arg
from ._reductions import _integral_result, norm as _vector_norm, return_type
from ._shapes import _dim_list, expand, reshape, squeeze, t, transpose, unsqueeze
from ._indexing import _int_index, index_func_meta, index_select, restride_check
from ._layout import _MultiOutput
from ._tensor import Size, Tensor
from .grad_mode import _mode, no_grad as _no_grad
from ._elementwise import abs as abs_op, bitwise_and, bitwise_not, bitwise_or, bitwise_xor
from ._elementwise import logical_and, logical_not, logical_or, logical_xor
from ._elementwise import ceil, expm1, log1p  # noqa: F401  (Tensor.ceil_, ...: INPLACE below)
from ._arithmetic import remainder  # noqa: F401  (Tensor.remainder_: INPLACE below)
from ._shapes import replaced
from ._pointwise import _function_form
from . import _creation


# ----------------------------------------------------------------------------- pointwise
@silent
def fmod(input, other):
    """The remainder of input / other with the sign of input (C's fmod); FmodBackward0 for a
    number `other`, FmodBackward1 for a tensor (d/d other = -trunc(input / other))."""
    a, b = _operands(input, other)
    if _backend.kind(a.dtype) == "b":
        raise _no_kernel("fmod_cpu", input)
    if _backend.kind(a.dtype) in "iu" and not isinstance(b, float):
        _zero_division(b, a)
    r = namespace(a).fmod(a, b)
    if isinstance(other, Tensor):
        return _record("fmod_tensor", "FmodBackward1", r, (input, other))
    return _record("fmod", "FmodBackward0", r, (input,))


@silent
def copysign(input, other):
    """|input| with the sign of other (a tensor, CopysignBackward0, or a number,
    CopysignBackward1); integer and bool inputs give the default float dtype."""
    dt = _float_dtype(input, other)
    a = _cast(input._data, dt)
    b = _cast(other._data, dt) if isinstance(other, Tensor) else other
    try:
        r = _backend.iterator_result(namespace(a).copysign(a, b), (a, b))
    except ValueError as e:  # numpy's broadcast error in torch's words
        raise _shape_error("copysign", input, other, e) from None
    if isinstance(other, Tensor):
        return _record("copysign_tensor", "CopysignBackward0", r, (input, other))
    return _record("copysign", "CopysignBackward1", r, (input,))


def heaviside(input, values):
    """0 where input < 0, 1 where input > 0, `values` where input == 0 (not differentiable)."""
    _tensor_arg("heaviside", 2, "values", values)
    if input.dtype is not values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes.")
    a, v = input._data, values._data
    xp = namespace(a)
    try:
        r = _backend.iterator_result(xp.where(a == 0, v, xp.astype(a > 0, a.dtype)), (a, v))
    except ValueError as e:
        raise _shape_error(None, input, values, e) from None
    return _not_differentiable("heaviside", xp.astype(r, a.dtype), (input, values))


def _angle(op, name, factor):
    def f(input):
        dt = _float_dtype(input)
        return _record(op, name, _cast(input._data, dt) * factor, (input,), {"factor": factor})

    f.__name__ = op
    f.__doc__ = (
        f"input * {factor!r}: {'degrees to radians' if op == 'deg2rad' else 'radians to degrees'}"
    )
    return f


deg2rad = _angle("deg2rad", "Deg2RadBackward0", math.pi / 180)
rad2deg = _angle("rad2deg", "Rad2DegBackward0", 180 / math.pi)


def _shift(kernel, left):
    def f(input, other):
        if isinstance(input, Tensor):
            a, b = _operands(input, other)
        else:  # a number first: wrapped, as torch's (0 << a bool tensor is int64)
            b, a = _operands(other, input)
            a = namespace(b).full(b.shape, a, dtype=b.dtype) if not hasattr(a, "dtype") else a
        if _backend.kind(a.dtype) in "fb":  # (named by the dtype it would compute in; bool <<
            raise _no_kernel(kernel, Tensor._from_data(a))  # bool has none, bool << 1 is int64)
        xp = namespace(a)
        bits = 8 * a.dtype.itemsize
        b = xp.asarray(b, dtype=a.dtype) if not hasattr(b, "dtype") else xp.astype(b, a.dtype)
        out_of_range = (b < 0) | (b >= bits)  # torch: 0 (left), the sign (right)
        safe = xp.where(out_of_range, xp.zeros_like(b), b)
        r = a << safe if left else a >> safe
        fill = xp.zeros_like(r) if left else xp.where(a < 0, -xp.ones_like(r), xp.zeros_like(r))
        return Tensor._from_data(xp.where(out_of_range, fill, r))

    f.__name__ = "bitwise_left_shift" if left else "bitwise_right_shift"
    f.__doc__ = f"input {'<<' if left else '>>'} other, elementwise (integer tensors)"
    return f


bitwise_left_shift = _shift("lshift_cpu", True)
bitwise_right_shift = _shift("rshift_cpu", False)


# ----------------------------------------------------------------------------- reductions
@silent
def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum over dim with NaNs counted as zero (NansumBackward0: 0 at the NaNs)."""
    _integral_result(input, dtype)  # (torch's refusal of an integer dtype= for a
    a = input._data  # result that would need a gradient)
    xp = namespace(a)
    dims = None if dim is None else _dims_of(dim, a.ndim)
    if _backend.kind(a.dtype) in "biu":
        r = _backend.c_order(xp.sum(xp.astype(a, xp.int64), axis=dims, keepdims=keepdim))
        return Tensor._from_data(r if dtype is None else xp.astype(r, _backend.np_dtype(dtype)))
    f = a if dtype is None else xp.astype(a, _backend.np_dtype(dtype))
    r = xp.sum(xp.where(xp.isnan(f), xp.zeros_like(f), f), axis=dims, keepdims=keepdim)
    r = _backend.c_order(r)  # (torch's reductions: contiguous)
    attrs = {"shape": a.shape, "dim": dims, "keepdim": keepdim}
    return _record("nansum", "NansumBackward0", r, (input,), attrs)


def _dims_of(dim, ndim):
    dims = _dim_list(dim, ndim)
    return tuple(sorted(dims)) if dims and ndim else None


@silent
def dist(input, other, p=2):
    """The p-norm of input - other (DistBackward0)."""
    if _backend.bool_ in (input.dtype, other.dtype):  # (torch subtracts first)
        both = input.dtype is other.dtype
        raise RuntimeError(_messages.BOOL_MINUS_BOOL if both else _messages.BOOL_MINUS)
    if not result_type(input, other).is_floating_point:  # (a float and an int: the float's)
        raise RuntimeError(
            "norm(): input dtype should be either floating point or complex. Got "
            f"{_cname(input)} instead."
        )
    a, b = _operands(input, other)
    r = _vector_norm(Tensor._from_data(a - b), p)._data
    return _record("dist", "DistBackward0", r, (input, other), {"p": p})


aminmax_result = return_type("aminmax", "min", "max")
node_class("AminmaxBackward0", _MultiOutput)  # one node, two outputs (min: 0, max: 1)


def aminmax(input, *, dim=None, keepdim=False):
    """(min, max) over every element or along dim, one AminmaxBackward0 node for both; ties share
    the gradient evenly, as amin/amax."""
    a = input._data
    xp = namespace(a)
    axis = None if dim is None else _dim(dim, a.ndim)
    if axis is not None and a.shape[axis] == 0:  # (other dims may be empty: empty results)
        raise IndexError(f"aminmax: Expected reduction dim {axis} to have non-zero size.")
    if a.size == 0 and axis is None:
        raise RuntimeError(
            "aminmax(): cannot compute aminmax over an empty dimension as the operation has no "
            "identity."
        )
    lo = _backend.c_order(xp.min(a, axis=axis, keepdims=keepdim))
    hi = _backend.c_order(xp.max(a, axis=axis, keepdims=keepdim))
    first = _record("aminmax", "AminmaxBackward0", lo, (input,), {"dim": axis, "keepdim": keepdim})
    second = Tensor._from_data(hi)
    node = first._grad_fn
    if node is not None:
        node.num_outputs = 2
        second._grad_fn, second._output_nr, second._rg = node, 1, True
    return aminmax_result(first, second)


# ----------------------------------------------------------------------------- shapes
def broadcast_tensors(*tensors):
    """The tensors expanded to their common shape (views, ExpandBackward0 where one grows)."""
    shape = ()
    for x in tensors:  # pairwise, to name the first size that does not match, as torch
        s = tuple(x.shape)
        for k in range(1, builtins.min(len(shape), len(s)) + 1):
            if shape[-k] != s[-k] and 1 not in (shape[-k], s[-k]):
                n = builtins.max(len(shape), len(s)) - k
                raise RuntimeError(
                    f"The size of tensor a ({shape[-k]}) must match the size of tensor b "
                    f"({s[-k]}) at non-singleton dimension {n}"
                )
        shape = np.broadcast_shapes(shape, s)
    return tuple(x if tuple(x.shape) == shape else expand(x, tuple(shape)) for x in tensors)


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """Each element (or slice along dim) repeated `repeats` times: an int, or a tensor of one
    count per element. ``repeat_interleave(counts)`` alone gives the indices it repeats."""
    if repeats is None:  # torch.repeat_interleave(repeats): 0, 1, 1, ... as int64
        if input.ndim != 1:
            raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
        if _backend.kind(input._data.dtype) not in "iu":
            raise _no_kernel("repeat_interleave_cpu", input)
        c = input._data
        return Tensor._from_data(np.repeat(np.arange(c.shape[0]), np.asarray(c)))
    x = reshape(input, -1) if dim is None else input
    d = 0 if dim is None else _dim(dim, x.ndim) or 0
    n = (tuple(x.shape) or (1,))[d]
    if isinstance(repeats, Tensor):
        if repeats.ndim > 1:
            raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
        if _backend.kind(repeats._data.dtype) not in "iu":
            raise _no_kernel("repeat_interleave_cpu", repeats)
        if dim is not None and input.ndim == 0:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        counts = np.asarray(repeats._data).reshape(-1)
        if counts.size == 1:
            counts = np.repeat(counts, n)
        if counts.size != n:
            raise RuntimeError(
                "repeats must have the same size as input along dim, but got "
                f"repeats.size(0) = {counts.size} and input.size({d}) = {n}"
            )
        if (counts < 0).any():
            raise RuntimeError("repeats can not be negative")
        index = Tensor._from_data(np.repeat(np.arange(n), counts).astype(np.int64))
        return index_select(x, d, index)
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    if x.ndim == 0:  # torch unsqueezes at dim + 1, out of range for a 0-d tensor
        raise IndexError("Dimension out of range (expected to be in range of [-1, 0], but got 1)")
    shape = tuple(x.shape)
    grown = expand(unsqueeze(x, d + 1), *shape[: d + 1], repeats, *shape[d + 1 :])
    return reshape(grown.contiguous(), *shape[:d], n * repeats, *shape[d + 1 :])


# ----------------------------------------------------------------------------- index_add / copy
def _index_source(name, x, dim, index, source):
    """index_add_/index_copy_'s checks in torch's order (its meta function's, then its kernel's
    bounds); the dim and the flat index array."""
    if not isinstance(index, Tensor):
        _int_index(index, name)  # the parser's TypeError
    if name == "index_copy_":
        d = _index_copy_meta(x, dim, index, source)
    else:
        d = index_func_meta("index_add", x, dim, index, source)
    idx = namespace(index._data).reshape(index._data, (-1,))
    n = (tuple(x.shape) or (1,))[d]
    if name == "index_copy_":
        restride_check(x, d, idx.size)
    elif x.ndim > 1 and not x.numel():  # torch's index_add_ of more than one dim: nothing to
        return d, idx  # add into, nothing checked
    if builtins.bool(namespace(idx).any((idx < 0) | (idx >= n))):
        bad = int(np.asarray(idx)[(np.asarray(idx) < 0) | (np.asarray(idx) >= n)][0])
        msg = f"index {bad} is out of bounds for dimension {d} with size {n}"
        if name == "index_copy_":
            raise IndexError(f"index_copy_(): {msg}")
        if x.ndim <= 1:  # (its loop over one dim words it so)
            raise IndexError("index out of range in self")
        raise RuntimeError(msg)
    return d, idx


def _index_copy_meta(x, dim, index, source):
    """torch's index_copy meta checks, in its order."""
    d = _dim(dim, x.ndim) or 0
    if index.ndim > 1:
        raise IndexError(f"index_copy_(): Index should have dimension 1 or 0 (got {index.ndim})")
    count = index.numel()
    if not source.ndim and count != 1:
        raise IndexError(
            f"index_copy_(): When source is scalar, index should have one element (got {count})"
        )
    if source.ndim != x.ndim and source.ndim and x.ndim:
        raise IndexError(
            "index_copy_(): When source and destination are not scalars, their dimensionality "
            f"must match. Source dimensionality ({source.ndim}), destination dimensionality "
            f"({x.ndim})"
        )
    if index.dtype is not _backend.int64:
        raise RuntimeError(
            f"index_copy_(): Expected a long tensor for index, but got {_cname(index)}"
        )
    if x.dtype is not source.dtype:
        raise RuntimeError(
            "index_copy_(): self and source expected to have the same dtype, but got (self) "
            f"{_cname(x)} and (source) {_cname(source)}"
        )
    cut_x = [n for i, n in enumerate(x.shape) if i != d]
    cut_s = [n for i, n in enumerate(source.shape) if i != d]
    if cut_x != cut_s:
        raise RuntimeError(
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination "
            f"slice shape: {', '.join(map(str, cut_x))} at dimension {d} and source slice shape: "
            f"{', '.join(map(str, cut_s))} at dimension 0."
        )
    if source.ndim and count != source.shape[d]:
        raise IndexError(
            f"index_copy_(): Number of indices ({count}) should be equal to source.size(dim) "
            f"({source.shape[d]})"
        )
    return d


def index_add(input, dim, index, source, *, alpha=1):
    """input with alpha * source added at `index` along dim (repeated indices accumulate)."""
    d, idx = _index_source("index_add_", input, dim, index, source)
    a = input._data
    xp = namespace(a)
    out = _backend.contiguous_copy(xp.reshape(a, tuple(a.shape) or (1,)))  # (torch's layout)
    src = source._data if alpha == 1 else source._data * alpha
    src = xp.reshape(src, (1,) * (out.ndim - src.ndim) + tuple(src.shape))
    if out.size:
        _backend.index_add(xp, out, (slice(None),) * d + (idx,), src)
    attrs = {"dim": d, "index": Tensor._from_data(idx), "alpha": alpha}
    return _record(
        "index_add", "IndexAddBackward0", xp.reshape(out, a.shape), (input, source), attrs
    )


def index_copy(input, dim, index, source):
    """input with source's slices written at `index` along dim."""
    d, idx = _index_source("index_copy_", input, dim, index, source)
    a = input._data
    xp = namespace(a)
    out = _backend.contiguous_copy(xp.reshape(a, tuple(a.shape) or (1,)))  # (torch's layout)
    out[(slice(None),) * d + (idx,)] = xp.reshape(
        source._data, (-1,) if not source.ndim else source.shape
    )
    attrs = {"dim": d, "index": Tensor._from_data(idx)}
    r = xp.reshape(out, a.shape)
    return _record("index_copy", "IndexCopyBackward0", r, (input, source), attrs)


# ----------------------------------------------------------------------------- in-place views
def _inplace_view(fn, name, node_name):
    """``self.<name>()``: self becomes the view fn(self) of its own data, with torch's node (e.g.
    TBackward1); its version is bumped, as torch's."""

    sig = inspect.signature(fn)

    def m(self, *args, **kwargs):
        args = sig.bind(self, *args, **kwargs).args[1:]  # keywords as torch's (dim=, dim0=)
        self._check_inplace()  # (torch's autograd checks come before the op's own)
        if name == "t_" and self.ndim > 2:
            raise RuntimeError(
                f"t_() expects a tensor with <= 2 dimensions, but self is {self.ndim}D"
            )
        r = fn(self, *args)
        if _mode.grad_enabled and r._grad_fn is not None:
            node = r._grad_fn
            node.__class__ = node_class(node_name(args) if callable(node_name) else node_name)
            self._grad_fn, self._output_nr = node, 0
        if self._base is not None:  # a view stays a view of its base, one step longer (its
            self._view = r._view  # node is current only if one was made, as torch's)
            if r._grad_fn is not None:
                self._view_vc = self._vc[0] + 1
        else:  # a base: its views replay their steps from its shape before this call (_View)
            self.__dict__.setdefault("_undo", []).append(_undo_steps(name, args, self._data.shape))
        self._data = r._data
        if r._fw is not None:  # forward AD: the tangent takes the same view
            self._fw = r._fw
        self._vc[0] += 1
        return self

    m.__name__ = name
    m.__doc__ = f"In-place {name[:-1]}: self takes the new shape (a view of its own data)."
    return m


def _undo_steps(name, args, shape):
    """The view steps that take a tensor of the new shape back to `shape`, its shape before
    ``self.<name>(*args)``."""
    if name in ("t_", "transpose_"):
        return (("t" if name == "t_" else "transpose", tuple(args)),)
    if name == "unsqueeze_":
        return (("squeeze", (args[0] % (len(shape) + 1),)),)
    dims = args[0] if args and args[0] is not None else tuple(range(len(shape)))
    dims = dims if isinstance(dims, (tuple, list)) else (dims,)
    gone = sorted({d % len(shape) for d in dims if shape and shape[d] == 1}) if shape else []
    return tuple(("unsqueeze", (d,)) for d in gone)


def _squeeze_name(args):
    if not args or args[0] is None:
        return "SqueezeBackward3"
    return "SqueezeBackward5" if isinstance(args[0], (tuple, list)) else "SqueezeBackward4"


t_ = _inplace_view(t, "t_", "TBackward1")
transpose_ = _inplace_view(transpose, "transpose_", "TransposeBackward1")
unsqueeze_ = _inplace_view(unsqueeze, "unsqueeze_", "UnsqueezeBackward1")
squeeze_ = _inplace_view(squeeze, "squeeze_", _squeeze_name)


# ----------------------------------------------------------------------------- activations
# torch's CPU kernels compute hardsigmoid's slope as a float (1/6 rounded to float32) in every
# dtype: the gradient carries that rounding in float64 too.
_SIXTH = float(np.float32(1.0 / 6.0))


def _float_kernel(kernel, input):
    if not input.dtype.is_floating_point:
        raise _no_kernel(kernel, input)


def hardsigmoid(input):
    """relu6(x + 3) / 6; HardsigmoidBackward0 (slope 1/6 inside (-3, 3), 0 outside)."""
    _float_kernel("hardsigmoid_cpu", input)
    a = _backend.opmath(input._data)[0]  # (16-bit floats in float32: numpy's clip lacks bfloat16)
    r = _backend.iterator_result(namespace(a).clip(a + 3, 0, 6) / 6, (a,))
    return _record("hardsigmoid", "HardsigmoidBackward0", _cast(r, input.dtype), (input,))


def hardsigmoid_backward(g, x):
    """hardsigmoid's VJP, as torch's hardsigmoid_backward: not differentiable again."""
    (a, low), b = _backend.opmath(g._data), x._data  # (16-bit: in float32, rounded once)
    r = _backend.round_back(namespace(a).where((b > -3) & (b < 3), a * _SIXTH, 0.0), low)
    return _not_differentiable("hardsigmoid_backward", _cast(r, g.dtype), (g, x), True)


def hardswish(input):
    """x * relu6(x + 3) / 6; HardswishBackward0."""
    _float_kernel("hardswish_cpu", input)
    a = _backend.opmath(input._data)[0]  # (16-bit floats in float32: numpy's clip lacks bfloat16)
    r = _backend.iterator_result(a * namespace(a).clip(a + 3, 0, 6) / 6, (a,))
    return _record("hardswish", "HardswishBackward0", _cast(r, input.dtype), (input,))


def hardswish_backward(g, x):
    """hardswish's VJP as an op of (g, x), torch's hardswish_backward: 0 where x <= -3, g where
    x >= 3, g (2x + 3) / 6 between (HardswishBackwardBackward0)."""
    (a, low), (b, _) = _backend.opmath(g._data), _backend.opmath(x._data)  # (16-bit: float32)
    xp = namespace(a)
    r = xp.where(b <= -3, 0.0, xp.where(b >= 3, a, a * ((b / 3) + 0.5)))
    tail = _backend.scalar_tail(x._data, 128) if a.shape == b.shape else None
    if tail is not None:  # (torch's scalar loop gives g at a NaN, its vectorized one NaN)
        r = xp.where(tail & xp.isnan(b), a, r)
    r = _backend.round_back(r, low)
    return _record("hardswish_backward", "HardswishBackwardBackward0", _cast(r, g.dtype), (g, x))


def hardshrink(input, lambd=0.5):
    """input where |input| > lambd, else 0 (HardshrinkBackward0)."""
    _float_kernel("hardshrink_cpu", input)
    a = input._data
    r = namespace(a).where((a >= -lambd) & (a <= lambd), 0.0, a)  # (a NaN stays, as torch's)
    return _record(
        "hardshrink", "HardshrinkBackward0", _cast(r, input.dtype), (input,), {"lambd": lambd}
    )


def softshrink(input, lambd=0.5):
    """input - lambd above lambd, input + lambd below -lambd, else 0 (x * 0: a signed zero,
    NaN kept); SoftshrinkBackward0."""
    _float_kernel("softshrink_check", input)
    top = np.finfo(_backend.np_dtype(input.dtype)).max
    if not 0 <= lambd <= top:
        raise RuntimeError(
            f"lambda must be in range [0, {top:g}] for input dtype {_cname(input)}, but found "
            f"{lambd:g}"
        )
    a, low = _backend.opmath(input._data)  # (16-bit floats in float32, rounded once)
    xp = namespace(a)
    middle = a * 0  # (torch's scalar loop; its vectorized one gives +0 for -0, NaN kept)
    tail = _backend.scalar_tail(input._data, 64)
    middle = middle + 0.0 if tail is None else xp.where(tail, middle, middle + 0.0)
    r = xp.where(a > lambd, a - lambd, xp.where(a < -lambd, a + lambd, middle))
    r = _cast(_backend.round_back(r, low), input.dtype)
    return _record("softshrink", "SoftshrinkBackward0", r, (input,), {"lambd": lambd})


def hardshrink_backward(g, x, lambd, name="HardshrinkBackwardBackward0"):
    """hardshrink's VJP as an op of (g, x): g where |x| > lambd (HardshrinkBackwardBackward0);
    softshrink's too (torch's shrink_backward kernel, SoftshrinkBackwardBackward0)."""
    a, b = g._data, x._data
    r = namespace(a).where(namespace(a).abs(b) > lambd, a, 0.0)
    tail = _backend.scalar_tail(b, 64) if a.shape == b.shape else None
    if tail is not None:  # (torch's scalar loop gives g at a NaN, its vectorized one 0)
        r = namespace(a).where(tail & namespace(a).isnan(b), a, r)
    attrs = {"lambd": lambd, "name": name}
    return _record("hardshrink_backward", name, _cast(r, g.dtype), (g, x), attrs)


def _thresholded(input, threshold, value, name):
    if input.dtype is _backend.bool_:
        raise _no_kernel("threshold_cpu", input)
    a = input._data
    xp = namespace(a)
    r = xp.where(a <= threshold, xp.asarray(value, dtype=a.dtype), a)  # (a nan stays: torch's)
    return _record("threshold", name, r, (input,), {"threshold": threshold})


def threshold(input, threshold, value):
    """input where input > threshold, else value (ThresholdBackward0)."""
    return _thresholded(input, threshold, value, "ThresholdBackward0")


def threshold_(input, threshold, value):
    """In-place threshold (ThresholdBackward1)."""
    return input._inplace(_thresholded, threshold, value, "ThresholdBackward1")


def threshold_backward(g, x, threshold):
    """threshold's VJP as an op of (g, x): 0 where x <= threshold (ThresholdBackwardBackward0)."""
    a = g._data
    r = namespace(a).where(x._data <= threshold, 0.0, a)
    name = "ThresholdBackwardBackward0"
    return _record("threshold_backward", name, _cast(r, g.dtype), (g, x), {"threshold": threshold})


# ----------------------------------------------------------------------------- more of torch's
@silent
def logit(input, eps=None):
    """log(p / (1 - p)) of p = input, clamped to [eps, 1 - eps] when eps is given; LogitBackward0
    (integer inputs give the default float)."""
    a = input._data if input.dtype.is_floating_point else _cast(input._data, _float_dtype(input))
    xp = namespace(a)
    a, low = _backend.opmath(a)  # (numpy's clip has no bfloat16 loop)
    p = a if eps is None else xp.clip(a, eps, 1 - eps)
    p = _backend.round_back(p, low)  # torch rounds each step to a half-precision input's dtype
    r = _backend.iterator_result(xp.log(p / (1 - p)), (a,))
    return _record("logit", "LogitBackward0", r, (input,), {"eps": eps})


def _nan_ignoring(name, node):
    def f(input, other):
        a, b = _operands(input, other)
        return _record(name, node, getattr(namespace(a), name)(a, b), (input, other))

    f.__name__, f.__doc__ = name, f"{name}(input, other): like {name[1:]}imum, ignoring NaNs"
    return f


fmax = _nan_ignoring("fmax", "FmaxBackward0")
fmin = _nan_ignoring("fmin", "FminBackward0")


def signbit(input):
    """Whether each element's sign bit is set (-0. included)."""
    a = input._data
    xp = namespace(a)
    return Tensor._from_data(xp.signbit(a) if _backend.kind(a.dtype) == "f" else a < 0)


def positive(input):
    """input itself (torch's unary +)."""
    if input.dtype is _backend.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    """The mean over dim of the elements that are not NaN: nansum / their count, as torch
    composes it (DivBackward0)."""
    if not input.dtype.is_floating_point:
        raise RuntimeError(
            "nanmean(): expected input to have floating point or complex dtype but got "
            f"{input.dtype.title}"
        )
    count = Tensor._from_data(~namespace(input._data).isnan(input._data)).sum(dim, keepdim)
    return nansum(input, dim, keepdim, dtype=dtype) / count


def broadcast_to(input, size):
    """input expanded to `size` (a view; a number is a size of one dim)."""
    if isinstance(size, Tensor) and size.ndim == 0:  # (a 0-d integer tensor: a number)
        size = int(size.item())
    return expand(input, (size,) if isinstance(size, (int, np.integer)) else tuple(size))


# ----------------------------------------------------------------------------- wave 3: predicates
def is_floating_point(input):
    """Whether input's dtype is a floating point type."""
    return input.dtype.is_floating_point


def is_complex(input):
    """False: autograd_core's tensors are real."""
    return False


def is_signed(input):
    """Whether input's dtype holds negative numbers (not uint8, not bool)."""
    return input.dtype.name not in ("uint8", "bool")


def is_nonzero(input):
    """bool(input) of a one-element tensor."""
    if input.numel() != 1:
        what = "no values" if input.numel() == 0 else "more than one value"
        raise RuntimeError(f"Boolean value of Tensor with {what} is ambiguous")
    return builtins.bool(input.item() != 0)


def is_same_size(input, other):
    """Whether the two tensors have the same shape."""
    return tuple(input.shape) == tuple(other.shape)


def is_conj(input):
    """False: a real tensor has no conjugate bit."""
    return False


def is_neg(input):
    """False: a real tensor has no negative bit."""
    return False


def ndimension(input):
    """input.dim() under its older name."""
    return input.ndim


def broadcast_shapes(*shapes):
    """The shape the given shapes broadcast to (torch.Size)."""
    out = []
    for i, s in enumerate(shapes):
        s = (s,) if isinstance(s, int) else tuple(s)
        for k in range(1, len(s) + 1):
            if k > len(out):
                out.insert(0, s[-k])
            elif out[-k] != s[-k] and 1 not in (out[-k], s[-k]):
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {s[-k]} at {-k}! Mismatching "
                    f"argument at index {i} had {s}; but expected shape should be broadcastable "
                    f"to {out}"
                )
            elif out[-k] == 1:
                out[-k] = s[-k]
    return Size(out)


def _itself(name):
    def f(input):
        return input

    f.__name__, f.__doc__ = name, f"{name}(input): input itself (a real tensor)"
    return f


real, conj, resolve_conj, resolve_neg = (
    _itself(n) for n in ("real", "conj", "resolve_conj", "resolve_neg")
)


def angle(input):
    """The argument of each element as a complex number: pi below 0, else 0 (NaN stays NaN); its
    gradient is zero for real tensors."""
    a = _cast(input._data, _float_dtype(input))
    xp = namespace(a)
    r = xp.where(a < 0, math.pi, xp.where(a != a, a, 0.0))
    return _record("zero_grad", "AngleBackward0", xp.astype(r, a.dtype), (input,))


def renorm(input, p, dim, maxnorm):
    """input with each slice along dim whose p-norm exceeds maxnorm scaled down to maxnorm (by
    maxnorm / (norm + 1e-7), as torch)."""
    if p <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    if input.ndim < 2:
        raise RuntimeError(
            f"renorm: input needs at least 2 dimensions, got {input.ndim} dimensions"
        )
    d = _dim(dim, input.ndim)
    rest = tuple(i for i in range(input.ndim) if i != d)
    a = input._data
    xp = namespace(a)
    n = _vector_norm(Tensor._from_data(a), p, rest, True)._data
    factor = xp.where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    attrs = {"p": p, "dims": rest, "maxnorm": maxnorm}
    r = _backend.c_order(_cast(a * factor, input.dtype))  # (torch's kernel: contiguous)
    return _record("renorm", "RenormBackward0", r, (input,), attrs)


# ----------------------------------------------------------------------------- wave 3: in-place
absolute = abs_op
swapaxes_ = swapdims_ = _inplace_view(transpose, "transpose_", "TransposeBackward1")


def _flag_inplace(op, refuse_leaf=False):
    """self.<op>_(other) for the logical and bitwise ops: not differentiable, so under grad mode
    self keeps its node (torch's) while its values and version change. torch refuses a leaf that
    requires grad for the bitwise ones (before their dtype check), not for the logical ones."""

    def method(self, *args):
        if args and op in (logical_not, bitwise_not):  # (torch's METH_NOARGS words)
            raise TypeError(f"TensorBase.{op.__name__}_() takes no arguments ({len(args)} given)")
        if refuse_leaf:
            self._check_inplace(args)
            _check_broadcast(self, args)  # (TensorIterator's shapes before the dtypes)
            dt = result_type(self, args[0]) if len(args) == 1 else self.dtype
            if dt.is_floating_point and not self.dtype.is_floating_point:  # (before the kernel)
                raise RuntimeError(
                    f"result type {dt.title} can't be cast to the desired output type "
                    f"{self.dtype.title}"
                )
        with _no_grad():
            return self._inplace(op, *args)

    method.__name__ = op.__name__ + "_"
    method.__doc__ = f"self.{op.__name__}(...) written into self (no gradient flows through it)."
    return method


logical_and_, logical_or_, logical_xor_, logical_not_ = (
    _flag_inplace(f) for f in (logical_and, logical_or, logical_xor, logical_not)
)
bitwise_and_, bitwise_or_, bitwise_xor_, bitwise_not_ = (
    _flag_inplace(f, refuse_leaf=True) for f in (bitwise_and, bitwise_or, bitwise_xor, bitwise_not)
)


def get_device(input):
    """-1: autograd_core's CPU (numpy) tensors have no device index."""
    return -1 if input.device.type == "cpu" else (input.device.index or 0)


for _n in "ceil_ expm1_ log1p_ deg2rad_ rad2deg_ logit_ fill_ zero_".split():
    globals()[_n] = _function_form(_n)


# ----------------------------------------------------------------------------- wave 3: sampling
# Random numbers come from the engine's generator (numpy's), so they differ from torch's; shapes,
# dtypes, ranges, nodes and errors are torch's.
def _sampled(self, host, name):
    """self's values replaced by the host array `host` (a zero gradient, node `name`)."""
    return self._inplace(replaced, _creation._on_device_of(self, host), name)


def bernoulli(input, p=None, *, generator=None):
    """1 with probability input (or p), else 0, in input's dtype."""
    if not input.dtype.is_floating_point:
        raise _no_kernel("bernoulli_tensor_cpu_p_", input)
    a = np.asarray(input._data)
    if p is None and ((a < 0) | (a > 1)).any():
        raise RuntimeError(
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
            "message be improved?  If so, please report an enhancement request to PyTorch.)"
        )
    if p is not None and not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
    u = _creation._gen(generator).random(a.shape)
    r = _creation._on_device_of(input, (u < (a if p is None else p)).astype(a.dtype))
    if p is None:
        return _record("zero_grad", "BernoulliBackward0", r, (input,))
    return _record("not_implemented", "NotImplemented", r, (input,), {"name": "bernoulli"})


def bernoulli_(self, p=0.5, *, generator=None):
    """self filled with 1 with probability p (a number or a tensor of probabilities), else 0."""
    self._check_inplace((p,))  # (torch's autograd checks before the sampler's)
    if isinstance(p, Tensor):
        pa, name = np.asarray(p._data), "BernoulliBackward1"
    else:
        if not 0 <= p <= 1:
            raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
        pa, name = p, "BernoulliBackward2"
    u = _creation._gen(generator).random(tuple(self.shape))
    return _sampled(self, (u < pa).astype(np.float64), name)


# torch's C++ names of the integer types, which its samplers print ("... for unsigned char").
_C_NAMES = {k: v for k, v in _messages.C_TYPES.items() if not k.startswith(("float", "bfloat"))}


def _float_sampler(name, node, check, draw, refusal):
    """A sampler for floating types: its argument check, then torch's refusal of another dtype
    (`refusal`: the words of its message, or the kernel named in a NotImplementedError)."""

    def method(self, *args, generator=None):
        self._check_inplace()  # (torch's autograd checks first)
        check(*args)
        if not self.dtype.is_floating_point:
            if refusal.endswith("_cpu"):
                raise _no_kernel(refusal, self)
            spelled = _C_NAMES[self.dtype.name] if refusal == "c" else _cname(self)
            raise RuntimeError(
                f"{name.capitalize()} distribution is a continuous probability distribution. "
                f"dtype must be a floating point but you specified {spelled}"
            )
        return _sampled(self, draw(_creation._gen(generator), tuple(self.shape), *args), node)

    method.__name__ = name + "_"
    return method


def _check_lambda(lambd=1.0):
    if lambd <= 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")


def _check_sigma(a=0.0, sigma=1.0, what="cauchy_", param="sigma"):
    if sigma <= 0:
        raise RuntimeError(f"{what} expects {param} > 0.0, but found {param}={sigma}")


exponential_ = _float_sampler(
    "exponential", "ExponentialBackward0", _check_lambda,
    lambda g, shape, lambd=1.0: g.exponential(1 / lambd, shape), "title",
)  # fmt: skip
cauchy_ = _float_sampler(
    "cauchy", "CauchyBackward0", _check_sigma,
    lambda g, shape, median=0.0, sigma=1.0: median + sigma * g.standard_cauchy(shape), "c",
)  # fmt: skip
log_normal_ = _float_sampler(
    "lognormal", "LogNormalBackward0",
    lambda mean=1.0, std=2.0: _check_sigma(mean, std, "log_normal_", "std"),
    lambda g, shape, mean=1.0, std=2.0: g.lognormal(mean, std, shape), "log_normal_cpu",
)  # fmt: skip


def geometric_(self, p, *, generator=None):
    """self filled with the number of trials up to the first success (probability p each)."""
    self._check_inplace()  # (torch's autograd checks before the sampler's)
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    if self.dtype is _backend.bool_:
        raise _no_kernel("geometric_cpu", self)
    draw = _creation._gen(generator).geometric(p, tuple(self.shape))
    return _sampled(self, draw.astype(np.float64), "GeometricBackward0")


def random_(self, from_=None, to=None, *, generator=None):
    """self filled with integers drawn uniformly from [from, to) (one argument: [0, to); none:
    [0, the largest integer self's dtype holds exactly])."""
    self._check_inplace()  # (torch's autograd checks before the sampler's)
    if from_ is None:
        lo, name = 0, "RandomBackward2"
        kind = _backend.kind(self._data.dtype)
        hi = (
            2
            if kind == "b"
            else (
                2 ** np.finfo(np.asarray(self._data).dtype).nmant + 1
                if kind == "f"
                else np.iinfo(np.asarray(self._data).dtype).max + 1
            )
        )
    elif to is None:
        lo, hi, name = 0, from_, "RandomBackward1"
    else:
        lo, hi, name = from_, to, "RandomBackward0"
    if lo >= hi:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={lo} >= to={hi}"
        )
    if from_ is not None and self.dtype.name in _C_NAMES:  # (an integer type's range)
        info = None if self.dtype is _backend.bool_ else np.iinfo(self.dtype.name)
        low, top = (0, 1) if info is None else (int(info.min), int(info.max))
        for what, v in (("from", lo), ("to - 1", hi - 1)):
            if not low <= v <= top:
                raise RuntimeError(f"{what} is out of bounds for {_C_NAMES[self.dtype.name]}")
    draw = _creation._gen(generator).integers(lo, hi, tuple(self.shape))
    return _sampled(self, draw, name)


def poisson(input, generator=None):
    """Poisson samples with the rates of input."""
    if not input.dtype.is_floating_point:
        raise _no_kernel("poisson_cpu", input)
    a = np.asarray(input._data)
    if (a < 0).any():
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    r = _creation._on_device_of(input, _creation._gen(generator).poisson(a).astype(a.dtype))
    return _record("zero_grad", "PoissonBackward0", r, (input,))


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """num_samples category indices per row, drawn with the row's weights (int64)."""
    if not input.dtype.is_floating_point:
        raise RuntimeError(
            f"multinomial only supports floating-point dtypes for input, got: {_cname(input)}"
        )
    if input.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    rows = np.asarray(input._data, dtype=np.float64).reshape(-1, input.shape[-1])
    if not replacement and num_samples > rows.shape[1]:
        raise RuntimeError(
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement"
        )
    if not np.isfinite(rows).all() or (rows < 0).any():
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    if (rows.sum(1) <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    g = _creation._gen(generator)
    if replacement:
        picks = [g.choice(rows.shape[1], num_samples, True, p=r / r.sum()) for r in rows]
    else:  # torch's exponential trick: the largest p / Exp(1) (categories of p = 0 come last)
        keys = rows / g.exponential(1.0, rows.shape)
        picks = np.argsort(-keys, axis=1, kind="stable")[:, :num_samples]
    out = np.asarray(picks, dtype=np.int64).reshape(tuple(input.shape[:-1]) + (num_samples,))
    return Tensor._from_data(_creation._on_device_of(Tensor._from_data(out), out))


_POINTWISE = "fmod copysign heaviside deg2rad rad2deg bitwise_left_shift bitwise_right_shift"
_MORE = "logit fmax fmin signbit positive nanmean broadcast_to"
_PREDICATES = "is_floating_point is_complex is_signed is_nonzero is_same_size is_conj is_neg"
_WAVE3 = f"{_PREDICATES} real conj resolve_conj resolve_neg angle bernoulli poisson multinomial"
_WAVE3 += " renorm hardshrink threshold threshold_"
_WAVE3_METHODS = """
    swapaxes_ swapdims_ logical_and_ logical_or_ logical_xor_ logical_not_
    bitwise_and_ bitwise_or_ bitwise_xor_ bitwise_not_ bernoulli_ exponential_ cauchy_
    log_normal_ geometric_ random_ ndimension get_device
"""
FUNCTIONS = f"""
    {_POINTWISE} {_MORE} nansum aminmax dist broadcast_tensors repeat_interleave index_add
    index_copy {_WAVE3} ceil_ expm1_ log1p_ deg2rad_ rad2deg_ logit_ broadcast_shapes fill_ zero_
    get_device
""".split()  # torch.<name>
METHODS = f"""
    {_POINTWISE} {_MORE} nansum aminmax dist repeat_interleave index_add index_copy
    t_ transpose_ unsqueeze_ squeeze_ {_WAVE3} {_WAVE3_METHODS}
""".split()  # Tensor.<name>
for _n in ("poisson", "real", "is_floating_point", "threshold", "threshold_"):  # (not torch's, or
    # Tensor's own: a property, a method)
    METHODS.remove(_n)
INPLACE = f"""
    {_POINTWISE} logit index_add index_copy floor_divide ceil expm1 log1p remainder
    absolute renorm
""".split()  # Tensor.<name>_
