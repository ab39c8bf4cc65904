"""Forward ops: compute on the backend arrays, then record a graph node when a gradient is needed.

This module holds how every op records itself and torch's operand rules; the ops themselves live
in the op modules (_arithmetic first, then _elementwise, _reductions, _matmul, _shapes, _losses),
and each takes the same three steps:
  1. unwrap the inputs to backend arrays (Python scalars stay scalars, like torch's wrapped
     numbers), in the dtype torch's `result_type` gives;
  2. compute the result with the array-API namespace `xp` of the data;
  3. ``_record(op, node_name, result, inputs, attrs)``: wrap the result in a Tensor and, if grad
     mode is on and an input requires grad, attach a node that runs the op's VJP rule in backward.
The node name is torch's (``PowBackward0`` for ``x**2``, ``PowBackward1`` for ``x**t``, ...).
"""

import builtins
import functools
import traceback

import numpy as np

from . import _backend
from ._backend import namespace
from ._graph import RULES, SavedTensor, accumulator, node_class, _NODE_CLASSES, _next_seq
from ._tensor import Tensor, _alloc, _as_tensor_like
from .grad_mode import _anomaly, _mode
from ._messages import shape_error as _shape_error  # noqa: F401  (the ops' name for it)

_from_data = Tensor._from_data


_ndarray = np.ndarray


_Number = (int, float, bool, np.number, np.bool_)


# ============================================================================= recording

# While a dual level is active (autograd.forward_ad): its hook, which gives `_record`'s result a
# tangent from its inputs'. Empty otherwise, so each op pays one truth test.
_forward = []


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
    if out_arr.__class__ is not _ndarray and isinstance(out_arr, np.generic):
        out_arr = np.asarray(out_arr)
    out = _alloc(Tensor)  # Tensor._from_data(out_arr), inline: this runs once per op
    out._data = out_arr
    out._rg = False
    out._grad_fn = None
    out._vc = [0]
    out._output_nr = 0
    if not _mode.grad_enabled:
        if _mode.inference:
            out._inference = True
        return _forward[0](op, out, inputs, attrs) if _forward else out
    dt = out_arr.dtype  # integer and bool results are never differentiable (bfloat16's kind is V)
    if getattr(dt, "kind", None) != "f" and _backend.kind(dt) != "f":
        return out

    # One edge per input: where its gradient goes (scalars and constants: (None, 0)), and the
    # input's shape and dtype, for the engine to reduce a broadcast gradient back to it.
    edges = []
    nrs = []
    meta = []
    need = []
    for t in inputs:
        if isinstance(t, Tensor):
            if t._base is not None and t._vc[0] != t._view_vc:
                t._remake_view_node()  # its base changed in place since (see _inplace)
            if t._rg or (t._base is not None and t._base._rg):  # (a view made under no_grad
                # requires grad through its base, as in torch, and its edge goes nowhere)
                fn = t._grad_fn
                edges.append(fn if fn is not None else accumulator(t) if t._rg else None)
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
        return _forward[0](op, out, inputs, attrs) if _forward else out  # a constant
    rule = RULES[op]
    node = _alloc(_NODE_CLASSES.get(name) or node_class(name))  # Node.__init__, inline
    node._next = tuple(edges)
    node._nrs = tuple(nrs)
    node._rule = rule
    node._saved = ()
    node._attrs = attrs
    node._in_meta = tuple(meta)
    node._seq = _next_seq()
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
    return _forward[0](op, out, inputs, attrs) if _forward else out


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
        if a.dtype.name == dt.name:
            return a
        with np.errstate(over="ignore"):  # (see _backend: torch's casts overflow silently)
            return a.astype(_backend.np_dtype(dt))
    xp = namespace(a)
    return xp.astype(a, _backend.to_backend_dtype(xp, dt), copy=False)


def _operands(x, y, wrap=True, elementwise=True):
    """Arrays (or a Python number) for a binary op, in torch's result dtype, on one device.
    `wrap`: a Python int is cast to an integer result dtype, as torch does (uint8: -1 is 255);
    `elementwise`: the shapes must broadcast (else torch's error, not numpy's)."""
    a = x._data
    if isinstance(y, Tensor):
        b = y._data
        if a.__class__ is not b.__class__ or (a.__class__ is not _ndarray and a.device != b.device):
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
            a, b = _cast(a, dt), _cast(b, dt)
        return a, b
    if y.__class__ is float and a.__class__ is _ndarray and a.dtype.kind == "f":
        return a, y  # the common case, first
    if isinstance(y, _Number):
        a = _cast(a, result_type(x, y))
        y = y.item() if isinstance(y, np.generic) else y
        if wrap and y.__class__ is int and _backend.kind(a.dtype) in "iu":
            y = _backend.wrap_int(y, a.dtype)  # torch casts the number: uint8 + -1 is + 255
        return a, y
    if y is None:
        raise TypeError(f"unsupported operand type: NoneType (with a {x.dtype} tensor)")
    return _operands(x, _as_tensor_like(y, x))


def _no_kernel(kernel, x):
    """torch's refusal of a dtype an op has no kernel for (``"abs_cpu" not implemented for
    'Bool'``)."""
    return NotImplementedError(f"\"{kernel}\" not implemented for '{_cname(x)}'")


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


# ===================================================================== helpers of the op modules


def _float(x):
    """Integer inputs of float-only functions are computed in the default dtype (float32)."""
    if _backend.kind(x._data.dtype) in "biu":
        return Tensor._from_data(namespace(x._data).astype(x._data, namespace(x._data).float32))
    return x


def _type_name(t):
    """torch's legacy type name of t ("torch.DoubleTensor")."""
    return "torch." + _cname(t) + "Tensor"


def _cname(t):
    """torch's short name of t's dtype in messages ("Float", "Long")."""
    return t.dtype.title
