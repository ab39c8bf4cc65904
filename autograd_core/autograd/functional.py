"""torch.autograd.functional: vjp, jvp, jacobian, hessian, vhp and hvp, in torch's structure and
words (`_grad_preprocess`, `_autograd_grad`, `_fill_in_zeros` and strict mode's stages). What torch
runs under vmap (vectorize=True, forward mode) runs here row by row in reverse mode, with torch's
results (values, dtypes, requires_grad, lists)."""

from .._creation import zeros_like
from .._shapes import stack
from .._tensor import Tensor
from ..grad_mode import enable_grad, is_grad_enabled, set_grad_enabled
from .backprop import grad

_OUTPUTS = "outputs of the user-provided function"
_STRICT = " This is not allowed in strict mode."
_INDEPENDENT = "{} of the user-provided function is independent of input {}."
_NO_GRAPH = _INDEPENDENT + _STRICT[:-1] + " when create_graph=True."
_FORWARD = (
    'torch.autograd.functional.jacobian: `{0}=True` and `strategy="forward-mode"` are not '
    'supported together (yet). Please either set `{0}=False` or `strategy="reverse-mode"`.'
)


def _as_tuple(inp, arg_name, fn_name):
    # Only a tuple holds several tensors (a list is one wrong value), as in torch.
    is_tuple = isinstance(inp, tuple)
    inp = inp if is_tuple else (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, Tensor):
            where = f"value at index {i}" if is_tuple else f"given {arg_name}"
            raise TypeError(
                f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors "
                f"but the {where} has type {type(el)}."
            )
    return is_tuple, inp


def _tuple_postprocess(res, to_unpack):
    # Undoes _as_tuple; (outputs were a tuple, inputs were a tuple) for the nested jacobians.
    if isinstance(to_unpack, tuple):
        res = res if to_unpack[1] else tuple(el[0] for el in res)
        to_unpack = to_unpack[0]
    return res if to_unpack else res[0]


def _grad_preprocess(inputs, create_graph, need_graph):
    # Always a new tensor object, so that the same tensor captured by the function from outside is
    # told apart from the argument (torch issue 32576); a view keeps the graph to the caller's.
    return tuple(
        t.view_as(t) if create_graph and t.requires_grad else t.detach().requires_grad_(need_graph)
        for t in inputs
    )


def _grad_postprocess(inputs, create_graph):
    # No history on the results unless the caller asked for it.
    if isinstance(inputs[0], Tensor):
        return inputs if create_graph else tuple(t.detach() for t in inputs)
    return tuple(_grad_postprocess(t, create_graph) for t in inputs)


_NO_GRAD = {  # strict mode's message for a tensor that does not require grad, by what it is
    "outputs": "Output {} of the user-provided function does not require gradients. The outputs "
    "must be computed in a differentiable manner from the input when running in strict mode.",
    "grad_inputs": "The gradient with respect to input {} is independent of the inputs of the "
    "user-provided function." + _STRICT,
    "jacobian": "While computing the hessian, found that the jacobian of the user-provided "
    "function with respect to input {} is independent of the input." + _STRICT + " You should "
    "ensure that your function is twice differentiable and that the jacobian depends on the "
    "inputs (this would be violated by a linear function for example).",
}


def _check_requires_grad(inputs, input_type, strict):
    for i, t in enumerate(inputs if strict else ()):
        if t is None:  # a gradient: the input was not used
            raise RuntimeError(_INDEPENDENT.format("The output", i) + _STRICT)
        if not t.requires_grad:
            raise RuntimeError(_NO_GRAD[input_type].format(i))


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    # autograd.grad over the outputs that require grad; None for every input when none does.
    gs = grad_outputs or (None,) * len(outputs)
    pairs = [(o, g) for o, g in zip(outputs, gs) if o is not None and o.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    outs, gs = zip(*pairs)
    return grad(outs, inputs, gs, retain_graph, create_graph, allow_unused=True)


_UNUSED = {  # strict mode's message for a None gradient, by the backward pass that found it
    "back": _INDEPENDENT.format("The output", "{}") + _STRICT,
    "back_trick": "The gradient with respect to the input is independent of entry {} in the "
    "grad_outputs when using the double backward trick to compute forward mode gradients."
    + _STRICT,
    "double_back": _INDEPENDENT.format("The jacobian", "{}") + _STRICT,
    "double_back_trick": "The hessian of the user-provided function is independent of entry {} in "
    "the grad_jacobian. This is not allowed in strict mode as it prevents from using the double "
    "backward trick to replace forward mode AD.",
}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    res = []
    for i, g in enumerate(grads):
        if g is None and strict:
            raise RuntimeError(_UNUSED[stage].format(i))
        if g is not None and strict and create_graph and not g.requires_grad:
            raise RuntimeError(
                _NO_GRAPH.format("The hessian" if "double" in stage else "The jacobian", i)
            )
        res.append(zeros_like(refs[i]) if g is None else g)
    return tuple(res)


def _prepare_v(v, other, is_other_tuple, create_graph, fn_name):
    # v has the shapes of `other` (vjp's outputs, the others' inputs); None only for one element.
    if v is None:
        if len(other) != 1 or other[0].nelement() != 1:
            of = "input to the user-provided function is"
            of = "user-provided function returns" if fn_name == "vjp" else of
            raise RuntimeError(
                f"The vector v can only be None if the {of} a single Tensor with a single element."
            )
        return v
    v = _grad_preprocess(_as_tuple(v, "v", fn_name)[1], create_graph, need_graph=False)
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(
                f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}."
            )
        raise RuntimeError("The given v should contain a single Tensor.")
    for i, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            where = f"Entry {i} in " if is_other_tuple else ""
            raise RuntimeError(
                f"{where}v has invalid size: should be {el_other.size()} but got {el_v.size()}."
            )
    return v


def _rows(out, inputs, create_graph, strict, i):
    # One backward pass per element of output i: rows[k] holds its gradients w.r.t. input k.
    rows = tuple([] for _ in inputs)
    flat = out.reshape(-1)
    for j in range(out.nelement()):
        vj = _autograd_grad((flat[j],), inputs, None, create_graph, retain_graph=True)
        for k, g in enumerate(vj):
            if g is None and strict:
                raise RuntimeError(_INDEPENDENT.format(f"Output {i}", k) + _STRICT)
            if g is not None and strict and create_graph and not g.requires_grad:
                raise RuntimeError(_NO_GRAPH.format("The jacobian", i))  # torch names the output
            rows[k].append(g)
    return rows


def _stack(grads, t):
    return stack([zeros_like(t) if g is None else g for g in grads])


def _tangents(jac, outputs, rows, tracked, grad_on):
    # What torch's forward mode (dual tensors under vmap) gives: lists of blocks of the output's
    # dtype that require grad when the output depends on an input that requires grad.
    res = []
    for blocks, out, r in zip(jac, outputs, rows):
        live = any(g is not None for gs, tr in zip(r, tracked) if tr for g in gs)
        res.append([])
        for b in blocks:
            b = b.to(out.dtype)
            if live and not b.requires_grad:  # connected, with a zero gradient
                b = b + out.reshape(-1)[:0].sum()
            res[-1].append(b if live and grad_on else b.detach().requires_grad_(live))
    return res


def jacobian(
    func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"
):
    """The Jacobian, shaped ``output.shape + input.shape`` (nested tuples for tuple
    inputs/outputs); ``vectorize`` and ``strategy`` are accepted and checked as torch does."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(
            'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
            'function has more outputs than inputs, "forward-mode" tends to be more performant. '
            'Otherwise, prefer to use "reverse-mode".'
        )
    if strategy == "forward-mode" and (create_graph or strict):
        error = NotImplementedError if create_graph else RuntimeError
        raise error(_FORWARD.format("create_graph" if create_graph else "strict"))
    return _jacobian(func, inputs, create_graph, strict, vectorize, strategy == "forward-mode")


def _jacobian(func, inputs, create_graph, strict, vectorize, forward, tracked=None):
    # tracked: the inputs whose forward-mode blocks require grad (all of them for hessian).
    grad_on = is_grad_enabled()
    with enable_grad():
        in_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        tracked = tracked or [t.requires_grad and grad_on for t in inputs]
        if forward and not vectorize:
            raise NotImplementedError(  # torch's text, its missing space included
                "Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                "only implemented for `vectorize=True`."
            )
        bad = [t.dtype for t in inputs if forward and not t.is_floating_point()]
        if bad:  # make_dual's check (the engine has no complex dtypes)
            raise ValueError(f"Expected primal to be floating point or complex, but got: {bad[0]}")
        create_graph = create_graph or forward
        inputs = _grad_preprocess(inputs, create_graph, need_graph=True)
        named = ("outputs", None) if forward else (_OUTPUTS, "jacobian")
        out_tuple, outputs = _as_tuple(func(*inputs), *named)
        _check_requires_grad(outputs, "outputs", strict)
        if vectorize and strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are not "
                "supported together. Please either set `strict=False` or `vectorize=False`."
            )
        rows = [_rows(o, inputs, create_graph, strict, i) for i, o in enumerate(outputs)]
        # Torch's vectorized pass gives one tensor per input, split by output: there a block
        # requires grad when any output's gradient w.r.t. its input does.
        sizes = [o.nelement() for o in outputs]
        cols = [
            _stack([g for r in rows for g in r[k]], t).split(sizes)
            if vectorize
            else [_stack(r[k], t) for r in rows]
            for k, t in enumerate(inputs)
        ]
        jac = tuple(
            tuple(c[i].view(o.size() + t.size()) for c, t in zip(cols, inputs))
            for i, o in enumerate(outputs)
        )
        jac = _grad_postprocess(jac, create_graph)
        jac = _tangents(jac, outputs, rows, tracked, grad_on) if forward else jac
        return _tuple_postprocess(jac, (out_tuple, in_tuple))


def hessian(
    func,
    inputs,
    create_graph=False,
    strict=False,
    vectorize=False,
    outer_jacobian_strategy="reverse-mode",
):
    """The Hessian of a function with a single-element output, shaped ``input.shape +
    input.shape``: the Jacobian (``outer_jacobian_strategy``) of the reverse-mode gradient."""
    in_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        return _single_output(func(*inp), "hessian", strict)[0].squeeze()

    def jac_func(*inp):
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict)
        return jac

    if outer_jacobian_strategy == "forward-mode" and not (create_graph or strict):
        # torch makes every input require grad before the inner jacobian: all are tracked
        res = _jacobian(jac_func, inputs, False, False, vectorize, True, [True] * len(inputs))
    else:
        res = jacobian(jac_func, inputs, create_graph, strict, vectorize, outer_jacobian_strategy)
    return _tuple_postprocess(res, (in_tuple, in_tuple))


def _single_output(out, fn_name, strict):
    # hessian, vhp and hvp: strict mode's check first, then one tensor of one element.
    out_tuple, outputs = _as_tuple(out, _OUTPUTS, fn_name)
    _check_requires_grad(outputs, "outputs", strict)
    if out_tuple:
        raise RuntimeError(f"The function given to {fn_name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(
            f"The Tensor returned by the function given to {fn_name} should contain a single "
            "element"
        )
    return outputs


def _product(fn_name, func, inputs, v, create_graph, strict):
    # vjp, jvp, vhp and hvp: a backward pass that keeps its graph, then one with v through it.
    with enable_grad():
        in_tuple, inputs = _as_tuple(inputs, "inputs", fn_name)
        inputs = _grad_preprocess(inputs, create_graph, need_graph=True)
        if fn_name != "vjp":  # v has the inputs' shapes, checked before func runs
            v = _prepare_v(v, inputs, in_tuple, create_graph, fn_name)
        if fn_name in ("vhp", "hvp"):
            out_tuple, outputs = False, _single_output(func(*inputs), fn_name, strict)
        else:
            out_tuple, outputs = _as_tuple(func(*inputs), _OUTPUTS, fn_name)
            _check_requires_grad(outputs, "outputs", strict)
        if fn_name == "vjp":
            v = _prepare_v(v, outputs, out_tuple, create_graph, fn_name)
            grads, wrt, refs, res_tuple, stage = outputs, inputs, inputs, in_tuple, "back"
        elif fn_name == "jvp":  # J v = d(J^T u)/du . v; J^T u is linear in u, so u = 0 will do
            wrt = tuple(zeros_like(o, requires_grad=True) for o in outputs)
            grads = _autograd_grad(outputs, inputs, wrt, create_graph=True)
            _check_requires_grad(grads, "grad_inputs", strict)
            refs, res_tuple, stage = outputs, out_tuple, "back_trick"
        else:
            grads = _autograd_grad(outputs, inputs, create_graph=True)
            _check_requires_grad(grads, "jacobian", strict)
            wrt, refs, res_tuple, stage = inputs, inputs, in_tuple, "double_back"
            if fn_name == "hvp":  # H v = d(H^T u)/du . v, the same trick
                wrt = tuple(zeros_like(t, requires_grad=True) for t in inputs)
                grads = _autograd_grad(grads, inputs, wrt, create_graph=True)
                stage = "double_back_trick"
    with set_grad_enabled(create_graph or is_grad_enabled()):
        res = _autograd_grad(grads, wrt, v, create_graph)
        res = _fill_in_zeros(res, refs, strict, create_graph, stage)
    outputs, res = _grad_postprocess((outputs, res), create_graph)
    return _tuple_postprocess(outputs, out_tuple), _tuple_postprocess(res, res_tuple)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T J): a vector-Jacobian product, by one backward pass."""
    return _product("vjp", func, inputs, v, create_graph, strict)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J v): a Jacobian-vector product, by the double backward trick."""
    return _product("jvp", func, inputs, v, create_graph, strict)


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T H) for a function with a single-element output."""
    return _product("vhp", func, inputs, v, create_graph, strict)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H v) for a function with a single-element output (vhp if H is symmetric)."""
    return _product("hvp", func, inputs, v, create_graph, strict)
