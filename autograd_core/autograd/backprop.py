"""backward() and grad(): check the call, make the implied gradients, and run the engine."""

import warnings

from .._backend import namespace
from .._creation import zeros_like
from .._engine import run_backward
from .._tensor import Tensor
from .. import _messages


# One entry per backward pass in progress, innermost last: True when the pass was asked for
# particular inputs (autograd.grad, backward(inputs=...)); the reentrant checkpoint refuses those,
# and passes nested in one of them (a backward called from a hook), as torch's graph tasks do.
_passes_with_inputs = []


def _is_checkpoint_valid():
    """False inside a backward pass given `inputs`, or nested in one (as torch.autograd's)."""
    return not any(_passes_with_inputs)


def _run(roots, retain_graph, create_graph, inputs, accumulate):
    _passes_with_inputs.append(inputs is not None)
    try:
        return run_backward(roots, retain_graph, create_graph, inputs, accumulate)
    finally:
        _passes_with_inputs.pop()


def _as_tuple(x):
    if x is None:
        return None
    if isinstance(x, Tensor):
        return (x,)
    return tuple(x)


def _make_grads(outputs, grads):
    """The gradient for each output: given ones checked (exact shape), missing ones implied (numel
    1)."""
    out = []
    for i, (o, g) in enumerate(zip(outputs, grads)):
        if g is None:
            if o.requires_grad:
                if o.numel() != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                g = Tensor._from_data(namespace(o._data).ones_like(o._data))
            out.append(g)
            continue
        if not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got {type(g).__name__}")
        if g.shape != o.shape:
            raise RuntimeError(
                f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} and output[{i}] has "
                f"a shape of {o.shape}."
            )
        if g.dtype is not o.dtype:
            g = g.to(o.dtype)
        if g.device != o.device:
            raise RuntimeError(
                f"invalid gradient at index {i} - expected device {o.device} but got {g.device}"
            )
        out.append(g)
    return out


def _roots(outputs, grads):
    for i, o in enumerate(outputs):
        if not isinstance(o, Tensor):
            raise TypeError(f"element {i} of tensors is a {type(o).__name__}, not a Tensor")
        if not o.requires_grad:
            raise RuntimeError(
                f"element {i} of tensors does not require grad and does not have a grad_fn"
            )
    return list(zip(outputs, grads))


def backward(
    tensors,
    grad_tensors=None,
    retain_graph=None,
    create_graph=False,
    grad_variables=None,
    inputs=None,
):
    """Accumulate the gradients of `tensors` into ``.grad`` of the graph's leaves.

    Args:
        tensors: outputs to differentiate (a tensor or a sequence).
        grad_tensors: the vector of each vector-Jacobian product; None for one-element outputs.
        retain_graph: keep the saved tensors for another backward (defaults to create_graph).
        create_graph: record the backward pass, for higher-order gradients.
        inputs: accumulate only into these tensors (never empty).
    """
    if grad_variables is not None:
        grad_tensors = grad_variables
    if inputs is not None and len(_as_tuple(inputs)) == 0:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    outputs = _as_tuple(tensors)
    grads = _as_tuple(grad_tensors) or (None,) * len(outputs)
    if len(grads) != len(outputs):
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    if create_graph:
        warnings.warn(_messages.CREATE_GRAPH_CYCLE, UserWarning, stacklevel=3)
    if retain_graph is None:
        retain_graph = create_graph
    grads = _make_grads(outputs, grads)
    inputs = _as_tuple(inputs)
    for t in inputs or ():
        if t.grad_fn is not None:
            t.retain_grad()  # as torch: a non-leaf named in inputs retains its grad (its .grad)
    _run(_roots(outputs, grads), retain_graph, create_graph, inputs, accumulate=True)


def grad(
    outputs,
    inputs,
    grad_outputs=None,
    retain_graph=None,
    create_graph=False,
    only_inputs=True,
    allow_unused=None,
    is_grads_batched=False,
    materialize_grads=False,
):
    """Gradients of `outputs` w.r.t. `inputs`, returned as a tuple; ``.grad`` is not touched.

    Args:
        outputs, inputs: tensors or sequences of tensors.
        grad_outputs: the vector of each vector-Jacobian product; None for one-element outputs.
        retain_graph: keep the saved tensors (defaults to create_graph).
        create_graph: record the computation, so the result can be differentiated again.
        allow_unused: return None (instead of raising) for inputs the outputs do not depend on.
        materialize_grads: return zeros instead of None for unused inputs.
    """
    if materialize_grads and allow_unused is False:
        raise ValueError(_messages.MATERIALIZE_NEEDS_ALLOW_UNUSED)
    if allow_unused is None:
        allow_unused = materialize_grads
    if not only_inputs:
        warnings.warn(
            _messages.ONLY_INPUTS_DEPRECATED,
            FutureWarning,
            stacklevel=2,
        )
    if is_grads_batched:
        raise NotImplementedError("is_grads_batched=True is not supported by autograd_core")
    outs = _as_tuple(outputs)
    ins = _as_tuple(inputs)
    grads = _as_tuple(grad_outputs) or (None,) * len(outs)
    if len(grads) != len(outs):
        raise RuntimeError(f"got {len(outs)} tensors and {len(grads)} gradients")
    if retain_graph is None:
        retain_graph = create_graph
    grads = _make_grads(outs, grads)
    roots = _roots(outs, grads)  # torch checks the outputs first, then the inputs
    for t in ins:
        if not isinstance(t, Tensor):
            raise TypeError(f"grad(): inputs must be Tensors, got {type(t).__name__}")
        if not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    result = _run(roots, retain_graph, create_graph, ins, accumulate=False)
    for i, g in enumerate(result):
        if g is None:
            if not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {i} appears to not have been used in the "
                    "graph. Set allow_unused=True if this is the desired behavior."
                )
            if materialize_grads:
                result[i] = zeros_like(ins[i])
    return tuple(result)


def _tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulate d(self)/d(leaf) into ``leaf.grad`` for every leaf of the graph.

    Args:
        gradient: the vector of the vector-Jacobian product; optional when ``self.numel() == 1``.
        retain_graph: keep saved tensors for another backward (defaults to ``create_graph``).
        create_graph: record the backward pass itself, for higher-order gradients.
        inputs: accumulate only into these tensors.
    """
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)


Tensor.backward = _tensor_backward
