"""What an op does with its arguments before it computes: torch's rules for operands.

- `result_type`: the dtype torch computes a mix of tensors and Python numbers in (category first,
  then dimensioned tensors, 0-d tensors, numbers), and `_cast` to it;
- `_operands`: the two arrays of a binary op, in that dtype, on one device, with shapes that
  broadcast (torch's messages, not numpy's);
- `_dims`/`_dim`: a ``dim`` argument normalised (0-d tensors accept 0 and -1);
- the names torch's messages give dtypes (``Float``, ``torch.FloatTensor``).
The op modules call these, then `_ops._record`.
"""

import builtins
import numbers

import numpy as np

from . import _backend
from ._backend import namespace
from ._messages import shape_error as _shape_error
from ._tensor import Tensor

_ndarray = np.ndarray
_Number = (int, float, bool, np.number, np.bool_)


def _as_tensor_like(value, ref):
    """A constant tensor for `value` on ref's device (Python numbers take ref's dtype if float)."""
    if isinstance(value, Tensor):
        return value
    data = ref._data
    if isinstance(value, (numbers.Number, np.generic)):
        xp = namespace(data)
        if isinstance(value, (bool, np.bool_)):
            dt = xp.bool
        elif isinstance(value, numbers.Integral):
            dt = data.dtype if _backend.kind(data.dtype) in "iuf" else xp.int64
            if _backend.kind(data.dtype) in "iu":
                value = _backend.wrap_int(int(value), dt)  # torch casts: 300 as int8 is 44
        else:
            dt = data.dtype if _backend.kind(data.dtype) == "f" else xp.float32
        with np.errstate(over="ignore"):  # 1e5 as a float16 constant is inf, as in torch
            if data.__class__ is _ndarray:
                return Tensor._from_data(np.asarray(value, dtype=dt))
            return Tensor._from_data(xp.asarray(value, dtype=dt, device=data.device))
    if isinstance(value, _ndarray) and data.__class__ is _ndarray:
        return Tensor._from_data(value)
    arr = _backend.asarray_on(value, ref.device)
    if _backend.kind(arr.dtype) == "f" and _backend.kind(data.dtype) == "f":
        arr = arr.astype(data.dtype) if arr.__class__ is _ndarray else arr
    return Tensor._from_data(arr)


def _check_broadcast(self, operands):
    """TensorIterator's shape check, before the kernel's dtype check: the operands broadcast to
    a shape that is not self's (a mismatch among them is left to the op's own message)."""
    shape = self._data.shape
    others = [t._data.shape for t in operands if isinstance(t, Tensor) and t._data.shape != shape]
    if not others:
        return
    try:
        out = np.broadcast_shapes(shape, *others)
    except ValueError:
        return
    if out != shape:
        raise RuntimeError(
            f"output with shape {list(shape)} doesn't match the broadcast shape {list(out)}"
        )


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
        if a.dtype.name == dt.name:
            return a
        with np.errstate(over="ignore", invalid="ignore"):  # (torch's casts overflow silently;
            if a.dtype.name == "bfloat16" and dt.name.startswith(("int", "uint")):  # bfloat16
                a = a.astype(np.float32).astype(np.int64)  # to an integer type goes through
            return _backend.astype(a, _backend.np_dtype(dt))  # int64, wrapping, as torch's)
    xp = namespace(a)
    return xp.astype(a, _backend.to_backend_dtype(xp, dt), copy=False)


def _operands(x, y, wrap=True, elementwise=True, opmath=False):
    """Arrays (or a Python number) for a binary op, in torch's result dtype, on one device.
    `wrap`: a Python int is cast to an integer result dtype, as torch does (uint8: -1 is 255);
    `elementwise`: the shapes must broadcast (else torch's error, not numpy's); `opmath`: * and /
    of a 16-bit float tensor and a Python number, or a one-element tensor of another dtype,
    compute in float32 (torch's opmath type, the number unrounded; numpy would round it first):
    `a` comes back as float32 and the op rounds its result once (_arithmetic._rounded)."""
    a = x._data
    if isinstance(y, Tensor):
        b = y._data
        if a.__class__ is not b.__class__ or (a.__class__ is not _ndarray and a.device != b.device):
            if not (isinstance(a, _ndarray) and isinstance(b, _ndarray)):  # (sgn's ZeroGrad)
                raise _device_error(x, y)  # nothing moves between devices implicitly
        if (
            elementwise
            and a.shape != b.shape
            and not builtins.all(
                p == q or p == 1 or q == 1 for p, q in zip(a.shape[::-1], b.shape[::-1])
            )
        ):
            raise _shape_error(None, x, y, None)  # torch's message (numpy's is a ValueError)
        if a.dtype != b.dtype:
            dt = result_type(x, y)
            if opmath and b.size == 1 and dt.itemsize == 2 and a.__class__ is _ndarray:
                if dt.is_floating_point:  # a one-element y is torch's scalar operand: unrounded
                    return _cast(a, dt).astype(np.float32), b.astype(np.float32)
            a, b = _cast(a, dt), _cast(b, dt)
        if (
            elementwise
            and a.ndim > 1
            and b.ndim > 1
            and a.__class__ is _ndarray
            and not a.flags.c_contiguous
        ):
            a, b = _backend.iterator_operands((a, b))  # (laid out as torch's: rare, checked last)
        return a, b
    if y.__class__ is float and a.__class__ is _ndarray and a.dtype.char in "fd":
        return a, y  # the common case, first
    if isinstance(y, _Number):
        a = _cast(a, result_type(x, y))
        y = y.item() if isinstance(y, np.generic) else y
        if wrap and y.__class__ is int and _backend.kind(a.dtype) in "iu":
            y = _backend.wrap_int(y, a.dtype)  # torch casts the number: uint8 + -1 is + 255
        if opmath and a.__class__ is _ndarray and a.itemsize == 2 and _backend.kind(a.dtype) == "f":
            a = _backend.astype(a, np.float32)
        return a, y
    if y is None:
        raise TypeError(f"unsupported operand type: NoneType (with a {x.dtype} tensor)")
    return _operands(x, _as_tensor_like(y, x))


def _no_kernel(kernel, x):
    """torch's refusal of a dtype an op has no kernel for (``"abs_cpu" not implemented for
    'Bool'``)."""
    return NotImplementedError(f"\"{kernel}\" not implemented for '{_cname(x)}'")


def loss_dtype(kernel, input, target, into_input=False):
    """The dtype a pointwise loss kernel computes in: input's and target's promoted (an int input
    with a float target is a float loss), which must be floating point (else torch's
    `"<kernel>" not implemented for ...`); `into_input` (huber_loss) writes into the input's
    dtype, which refuses a promoted dtype of a higher category first."""
    dt = _backend.promote_types(input.dtype, target.dtype)
    if into_input and "biuf".index(_backend.kind(dt)) > "biuf".index(
        _backend.kind(input.dtype).replace("u", "i")
    ):
        raise RuntimeError(
            f"result type {dt.title} can't be cast to the desired output type {input.dtype.title}"
        )
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dt.title}'")
    return dt


def _is_float(t):
    return t.dtype.is_floating_point


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
        if d % n in out:
            raise RuntimeError(f"dim {d % n} appears multiple times in the list of dims")
        out.append(d % n)
    return None if ndim == 0 or not out else tuple(sorted(out))


def _dim(d, ndim):
    """One dim, normalised; None for a 0-d tensor (numpy's axis=None reduces its one element)."""
    dims = _dims(d, ndim)
    return None if dims is None else dims[0]


def _float(x):
    """Integer inputs of float-only functions are computed in the default dtype (float32)."""
    if _backend.kind(x._data.dtype) in "biu":
        return Tensor._from_data(_cast(x._data, _backend.float32))
    return x


def _type_name(t):
    """torch's legacy type name of t ("torch.DoubleTensor")."""
    return "torch." + _cname(t) + "Tensor"


def _cname(t):
    """torch's short name of t's dtype in messages ("Float", "Long")."""
    return t.dtype.title


def _bool_flags(name, **flags):
    """torch's refusal of a flag that is not a bool (unique's, unique_consecutive's)."""
    for key, v in flags.items():
        if not isinstance(v, bool):
            raise TypeError(f"{name}(): argument '{key}' must be bool, not {type(v).__name__}")
