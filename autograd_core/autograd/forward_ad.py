"""torch.autograd.forward_ad: dual tensors, a primal with a tangent that every op carries forward.

Inside ``with dual_level():``, ``make_dual(x, v)`` gives x a tangent v; each op's result then gets
the tangent ``J v`` (its Jacobian times its inputs' tangents), read back with ``unpack_dual``. The
tangent lives on the Tensor (``_fw``, tagged with its level, so tangents die with their level, as
torch deletes them on exit) and is computed by `_propagate`, the hook `_ops._record` calls for each
op while a level is active: the op's rule in _jvps's table, or else the transpose of its VJP rule.

Forward-over-reverse: the tangent is computed with Tensor ops that record backward nodes, and the
tensors saved for backward keep their tangents (a saved-tensor hook, pushed for the level), so a
gradient computed through the graph with ``create_graph=True`` has the tangent ``H v``. As in torch,
only one level may be active at a time.
"""

import functools
from collections import namedtuple

from .. import _messages, _ops
from .._backend import namespace
from .._graph import _SAVED_HOOKS, RULES, _op_name
from .._jvps import JVP_RULES
from .._tensor import Tensor, _type_str
from ..grad_mode import _mode, enable_grad
from .backprop import grad as _grad

UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])

_LEVEL = []  # the active level's token (a fresh object per level), when one is active


def _current():
    return _LEVEL[0] if _LEVEL else None


def _tangent(t):
    """t's tangent at the active level, or None."""
    fw = t._fw if isinstance(t, Tensor) else None
    return fw[1] if fw is not None and fw[0] is _current() else None


# ----------------------------------------------------------------------------- saved tensors
def _pack(t):
    """Saved for backward as the Tensor itself (with its version), so its tangent survives."""
    return t, t._vc[0]


def _unpack(packed):
    t, version = packed
    if t._vc[0] != version:
        fn = t.grad_fn
        where = f", which is output {t._output_nr} of {_op_name(fn)}," if fn is not None else ""
        what = _type_str(t)
        raise RuntimeError(
            _messages.MODIFIED_INPLACE.format(what=what, where=where, now=t._vc[0], then=version)
        )
    return t


# ----------------------------------------------------------------------------- levels
def enter_dual_level():
    """Start a forward-AD level (torch allows one at a time); returns its index, 0."""
    if _LEVEL:
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    _LEVEL.append(object())
    _ops._forward.append(_propagate)
    _SAVED_HOOKS.append((_pack, _unpack))
    return 0


def exit_dual_level(*, level=None):
    """End the active level: every tangent made in it is gone."""
    if not _LEVEL or level not in (None, 0):
        raise RuntimeError(
            "Dual level must be a positive number."
            if level is None
            else "Trying to exit a forward AD level that was not the last one that was created. "
            "This is not supported."
        )
    _LEVEL.clear()
    _ops._forward.clear()
    if (_pack, _unpack) in _SAVED_HOOKS:
        _SAVED_HOOKS.remove((_pack, _unpack))


class dual_level:
    """Context manager of a forward-AD level: ``with dual_level(): ...`` (yields the level)."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, *exc):
        exit_dual_level()
        return False

    def __call__(self, fn):
        """As a decorator: `fn` runs inside its own level."""

        @functools.wraps(fn)
        def run(*args, **kwargs):
            with dual_level():
                return fn(*args, **kwargs)

        return run


def make_dual(tensor, tangent, *, level=None):
    """A view of `tensor` whose tangent is `tangent` (same shape), at the active level."""
    if not _LEVEL:
        raise RuntimeError(
            "Trying to create a dual Tensor for forward AD but no level exists, make sure to "
            "enter_dual_level() first."
        )
    if not tensor.dtype.is_floating_point:
        raise ValueError(
            f"Expected primal to be floating point or complex, but got: {tensor.dtype}"
        )
    if not tangent.dtype.is_floating_point:
        raise ValueError(
            f"Expected tangent to be floating point or complex, but got: {tangent.dtype}"
        )
    if _tangent(tensor) is not None:
        raise RuntimeError(
            "Making a dual Tensor based on a Tensor that already has a forward gradient at the "
            "same level 0 is not supported."
        )
    if tuple(tangent.shape) != tuple(tensor.shape):
        raise RuntimeError(
            "Trying to set a forward gradient that has a different size than that of the "
            f"original Tensor, this is not supported. Tensor is of size {list(tensor.shape)} "
            f"while the given forward gradient is of size {list(tangent.shape)}."
        )
    dual = tensor.view(tuple(tensor.shape))
    dual._fw = (_current(), tangent)
    return dual


def unpack_dual(tensor, *, level=None):
    """``(primal, tangent)``: a view of `tensor` without its tangent, and the tangent (or None)."""
    tangent = _tangent(tensor)
    if tangent is None:
        return UnpackedDualTensor(tensor, None)
    hook = _ops._forward.pop()  # the primal view carries no tangent
    try:
        primal = tensor.view(tuple(tensor.shape))
    finally:
        _ops._forward.append(hook)
    return UnpackedDualTensor(primal, tangent)


# ----------------------------------------------------------------------------- propagation
def _propagate(op, out, inputs, attrs):
    """`_ops._record`'s hook: give `out` the tangent J t of the op's inputs' tangents t."""
    tangents = [_tangent(t) for t in inputs]
    if not any(t is not None for t in tangents) or not out.dtype.is_floating_point:
        return out
    if op == "not_implemented":
        raise NotImplementedError(
            f"Trying to use forward AD with aten::{attrs['name']} that does not support it."
        )
    if op in NO_FORWARD_FORMULA:
        name = "_euclidean_dist" if op == "cdist" and attrs["mm"] else NO_FORWARD_FORMULA[op]
        raise NotImplementedError(
            f"Trying to use forward AD with {name} that does not support it "
            "because it has not been implemented yet.\nPlease file an issue to PyTorch at "
            "https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that "
            "we can prioritize its implementation or submit a PR adding the implementation to "
            "derivatives.yaml"
        )
    full = [
        tan if tan is not None else (_zeros(t) if isinstance(t, Tensor) else 0.0)
        for t, tan in zip(inputs, tangents)
    ]
    hook = _ops._forward.pop()  # the rule's own ops carry no tangents (the primals are plain)
    try:
        rule = JVP_RULES.get(op)
        if rule is not None:
            r = rule(full, inputs, out, attrs)
        else:
            r = _transpose_vjp(op, out, inputs, tangents, attrs)
        if r is not None:
            r = _fit(r, out)
    finally:
        _ops._forward.append(hook)
    if r is not None:
        out._fw = (_current(), r)
    return out


# Ops torch's derivatives.yaml gives no forward formula: their key here, torch's op name.
NO_FORWARD_FORMULA = {"cdist": "_cdist_forward", "pdist": "_pdist_forward", "igamma": "igamma"}
NO_FORWARD_FORMULA |= {"igammac": "igammac", "index_reduce": "index_reduce"}
NO_FORWARD_FORMULA["cholesky_deprecated"] = "cholesky"


def _zeros(t):
    return Tensor._from_data(namespace(t._data).zeros_like(t._data))


def _fit(r, out):
    """The tangent as a Tensor shaped and typed like `out` (a rule may broadcast short of it)."""
    if not isinstance(r, Tensor):
        r = _zeros(out) + r
    if tuple(r.shape) != tuple(out.shape):
        r = r.expand(tuple(out.shape))
    if r.dtype is not out.dtype:
        r = r.to(out.dtype)
    return r


def _transpose_vjp(op, out, inputs, tangents, attrs):
    """The JVP of an op from its VJP rule: the rule is linear in g, so the JVP is the gradient,
    with respect to g, of ``sum_i <vjp_i(g), t_i>`` (the double-VJP trick)."""
    rule = RULES.get(op)
    if rule is None:
        raise NotImplementedError(f"Trying to use forward AD with {op} that does not support it.")
    need = tuple(t is not None for t in tangents)
    g = _zeros(out).requires_grad_()
    args = []
    for i, j in rule.saves:  # (input i is read only for input j's gradient, if j is not None)
        args.append(None if j is not None and not need[j] else inputs[i])
    if rule.saves_ans:
        args.append(out)
    if rule.wants_need:
        args.append(need)
    with enable_grad():
        vjps = rule.fn(g, *args, **attrs) if attrs else rule.fn(g, *args)
        total = None
        for v, tan, x in zip(vjps, tangents, inputs):
            if v is None or tan is None or not isinstance(v, Tensor):
                continue
            if tuple(v.shape) != tuple(x.shape):
                v = v.sum_to_size(tuple(x.shape))
            term = (v * tan).sum()
            total = term if total is None else total + term
    if total is None or not total.requires_grad:
        return _zeros(out)  # a derivative that is identically zero (sign, floor, round)
    create = _mode.grad_enabled and any(
        isinstance(a, Tensor) and a.requires_grad for a in (*inputs, *tangents)
    )
    (jvp,) = _grad(total, g, create_graph=create, allow_unused=True)
    return _zeros(out) if jvp is None else jvp
