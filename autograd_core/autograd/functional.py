"""torch.autograd.functional: vjp, jvp, jacobian, hessian, vhp and hvp of a function of tensors.

Each call differentiates fresh copies of the inputs (detached, requiring grad), so the caller's
tensors and their graphs are untouched; results are detached unless ``create_graph=True``.
"""

from .._creation import ones_like
from .._tensor import Tensor
from ..grad_mode import enable_grad
from .backprop import grad
from .._creation import zeros, zeros_like
from .._shapes import stack


def _tuple(x, name, fn_name):
    is_tuple = isinstance(x, (tuple, list))
    xs = tuple(x) if is_tuple else (x,)
    for i, t in enumerate(xs):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"The {name} given to {fn_name} must be either a Tensor or a tuple of Tensors but "
                "the "
                f"value at index {i} has type {type(t)}."
            )
    return is_tuple, xs


def _prepare(inputs, create_graph):
    # A fresh leaf per input (a view when the graph must reach the caller's tensors).
    if create_graph:
        return tuple(
            t.view_as(t) if t.requires_grad else t.detach().requires_grad_(True) for t in inputs
        )
    return tuple(t.detach().requires_grad_(True) for t in inputs)


def _finish(xs, create_graph, is_tuple):
    out = tuple(x if (x is None or create_graph) else x.detach() for x in xs)
    return out if is_tuple else out[0]


def _grads(outputs, inputs, grad_outputs, create_graph, strict, retain_graph=None):
    diff_outs, diff_vs = [], []
    for i, (o, v) in enumerate(zip(outputs, grad_outputs)):
        if o.requires_grad:
            diff_outs.append(o)
            diff_vs.append(v)
        elif strict:
            raise RuntimeError(
                f"Output {i} of the user-provided function does not require gradients. The outputs "
                "must be computed in a differentiable manner from the input when running in strict "
                "mode."
            )
    if not diff_outs:
        return tuple(zeros_like(t) for t in inputs)
    gs = grad(
        diff_outs,
        inputs,
        diff_vs,
        create_graph=create_graph,
        retain_graph=retain_graph,
        allow_unused=True,
    )
    out = []
    for i, (g, t) in enumerate(zip(gs, inputs)):
        if g is None:
            if strict:
                raise RuntimeError(
                    f"The output of the user-provided function is independent of input {i}. This "
                    "is "
                    "not allowed in strict mode."
                )
            g = zeros_like(t)
        out.append(g)
    return tuple(out)


def _check_v(v, outputs, fn_name, what="output"):
    if v is None:
        if len(outputs) != 1 or outputs[0].numel() != 1:
            raise RuntimeError(
                "The vector v can only be None if the user-provided function returns a single "
                "Tensor "
                "with a single element."
            )
        return (ones_like(outputs[0]),)
    _, vs = _tuple(v, "v", fn_name)
    if len(vs) != len(outputs):
        raise RuntimeError(
            f"v is a tuple of invalid length: should be {len(outputs)} but got {len(vs)}."
        )
    for i, (a, b) in enumerate(zip(vs, outputs)):
        if a.shape != b.shape:
            raise RuntimeError(
                f"Entry {i} in v has invalid size: should be {b.shape} but got {a.shape}."
            )
    return vs


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T J): a vector-Jacobian product, by one backward pass."""
    with enable_grad():
        in_tuple, ins = _tuple(inputs, "inputs", "vjp")
        ins = _prepare(ins, create_graph)
        out = func(*ins)
        out_tuple, outs = _tuple(out, "outputs of the user-provided function", "vjp")
        vs = _check_v(v, outs, "vjp")
        res = _grads(outs, ins, vs, create_graph, strict)
    return _finish(outs, create_graph, out_tuple), _finish(res, create_graph, in_tuple)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J v): a Jacobian-vector product, by the double-VJP trick.

    u -> J^T u is linear in u, so differentiating <J^T u, v> w.r.t. u gives J v.
    """
    with enable_grad():
        in_tuple, ins = _tuple(inputs, "inputs", "jvp")
        ins = _prepare(ins, create_graph)
        if v is None:
            if len(ins) != 1 or ins[0].numel() != 1:
                raise RuntimeError(
                    "The vector v can only be None if the input to the user-provided function is a "
                    "single Tensor with a single element."
                )
            vs = (ones_like(ins[0]),)
        else:
            _, vs = _tuple(v, "v", "jvp")
        out = func(*ins)
        out_tuple, outs = _tuple(out, "outputs of the user-provided function", "jvp")
        us = tuple(zeros_like(o).requires_grad_(True) for o in outs)
        grads = _grads(outs, ins, us, True, strict)
        res = _grads(grads, us, vs, create_graph, strict)
    return _finish(outs, create_graph, out_tuple), _finish(res, create_graph, out_tuple)


def jacobian(
    func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"
):
    """The Jacobian, shaped ``output.shape + input.shape`` (nested tuples for tuple
    inputs/outputs)."""
    with enable_grad():
        in_tuple, ins = _tuple(inputs, "inputs", "jacobian")
        ins = _prepare(ins, create_graph)
        out = func(*ins)
        out_tuple, outs = _tuple(out, "outputs of the user-provided function", "jacobian")
        jac = []
        for i, o in enumerate(outs):
            rows = [[] for _ in ins]
            flat = o.reshape(-1)
            for j in range(flat.numel()):
                if o.requires_grad:
                    gs = grad(
                        flat[j],
                        ins,
                        retain_graph=True,
                        create_graph=create_graph,
                        allow_unused=True,
                    )
                else:
                    if strict:
                        raise RuntimeError(
                            f"Output {i} of the user-provided function does not require gradients. "
                            "The outputs must be computed in a differentiable manner from the "
                            "input "
                            "when running in strict mode."
                        )
                    gs = (None,) * len(ins)
                for k, (g, t) in enumerate(zip(gs, ins)):
                    if g is None and strict:
                        raise RuntimeError(
                            f"Output {i} of the user-provided function is independent of input "
                            f"{k}. "
                            "This is not allowed in strict mode."
                        )
                    rows[k].append(zeros_like(t) if g is None else g)
            per_in = []
            for k, t in enumerate(ins):
                if rows[k]:
                    m = stack(rows[k], 0).reshape(tuple(o.shape) + tuple(t.shape))
                else:
                    m = zeros(tuple(o.shape) + tuple(t.shape), dtype=t.dtype, device=t.device)
                per_in.append(m if create_graph else m.detach())
            jac.append(tuple(per_in) if in_tuple else per_in[0])
    return tuple(jac) if out_tuple else jac[0]


def hessian(
    func,
    inputs,
    create_graph=False,
    strict=False,
    vectorize=False,
    outer_jacobian_strategy="reverse-mode",
):
    """The Hessian of a function with a single-element output, shaped ``input.shape +
    input.shape``."""
    in_tuple, ins = _tuple(inputs, "inputs", "hessian")

    def gradient(*xs):
        out = func(*xs)
        o_tuple, outs = _tuple(out, "outputs of the user-provided function", "hessian")
        if o_tuple or outs[0].numel() != 1:
            raise RuntimeError(
                "The function given to hessian should return a single Tensor with a single element."
            )
        gs = grad(outs[0].reshape(()), xs, create_graph=True, allow_unused=True)
        res = tuple(zeros_like(x) if g is None else g for g, x in zip(gs, xs))
        return res if in_tuple else res[0]

    return jacobian(gradient, inputs, create_graph=create_graph, strict=strict)


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T H) for a function with a single-element output."""
    with enable_grad():
        in_tuple, ins = _tuple(inputs, "inputs", "vhp")
        ins = _prepare(ins, create_graph)
        out = func(*ins)
        o_tuple, outs = _tuple(out, "outputs of the user-provided function", "vhp")
        if o_tuple or outs[0].numel() != 1:
            raise RuntimeError(
                "The function given to vhp should return a single Tensor with a single element."
            )
        vs = _check_v(v, ins, "vhp")
        first = _grads(
            outs, ins, (ones_like(outs[0]),), True, strict
        )  # the gradient, with its graph
        res = _grads(first, ins, vs, create_graph, strict)  # then v^T d(gradient)/dx
    return _finish(outs, create_graph, False), _finish(res, create_graph, in_tuple)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H v) for a function with a single-element output (H is symmetric: = v^T H)."""
    return vhp(func, inputs, v, create_graph, strict)
