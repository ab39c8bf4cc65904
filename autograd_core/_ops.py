"""Forward ops: compute on the backend arrays, then record a graph node when a gradient is needed.

This module holds how every op records itself (torch's operand rules are in _operands); the ops live
in the op modules (_arithmetic first, then _elementwise, _reductions, _matmul, _shapes, _losses),
and each takes the same three steps:
  1. unwrap the inputs to backend arrays (Python scalars stay scalars, like torch's wrapped
     numbers), in the dtype torch's `result_type` gives;
  2. compute the result with the array-API namespace `xp` of the data;
  3. ``_record(op, node_name, result, inputs, attrs)``: wrap the result in a Tensor and, if grad
     mode is on and an input requires grad, attach a node that runs the op's VJP rule in backward.
The node name is torch's (``PowBackward0`` for ``x**2``, ``PowBackward1`` for ``x**t``, ...).
"""

import functools
import traceback

import numpy as np

from . import _backend
from ._graph import RULES, SavedTensor, accumulator, node_class, _NODE_CLASSES, _next_seq
from ._tensor import Tensor, _alloc
from .grad_mode import _anomaly, _mode
from ._messages import shape_error as _shape_error  # noqa: F401  (the ops' name for it)

_from_data = Tensor._from_data


_ndarray = np.ndarray


_Number = (int, float, bool, np.number, np.bool_)


# ============================================================================= recording

# While a dual level is active (autograd.forward_ad): its hook, which gives `_record`'s result a
# tangent from its inputs'. Empty otherwise, so each op pays one truth test.
_forward = []
ANY_DTYPE = [False]  # set by _inplace: torch's in-place ops record nodes on any dtype


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
    if (out_arr.__class__ is not _ndarray or dt.kind != "f") and _backend.kind(dt) != "f":
        if not ANY_DTYPE[0]:
            return out

    # One edge per input: where its gradient goes (scalars and constants: (None, 0)), and the
    # input's shape and dtype, for the engine to reduce a broadcast gradient back to it.
    edges = []
    nrs = []
    meta = []
    need = []
    for t in inputs:
        if isinstance(t, Tensor):
            base = t._base
            if base is not None and t._vc[0] != t._view_vc:
                t._remake_view_node()  # its base changed in place since (see _inplace)
            if t._rg or (base is not None and base._rg):  # (a view made under no_grad
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
        saved = []
        for i, j in rule.saves:  # (input i is read only for input j's gradient, if j is not None)
            t = inputs[i]
            if j is not None and not need[j]:
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
