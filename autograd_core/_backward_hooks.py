"""Hooks as backward runs them, in torch's order: a tensor's hooks (``register_hook``) on the
gradient it receives, then ``retain_grad``, then its node's pre-hooks; a node's post hooks see
its computed gradients (in _engine). A hook may return a replacement, refused with torch's
message when it has another size (tensor hooks) or another count (node hooks). And which of a
node's inputs its rule computes when the pass wants only some tensors (`masked_need`)."""

from ._operands import _type_name
from ._tensor import Tensor


def tensor_hooks(hooks, grad):
    """A tensor's hooks on its gradient, in registration order; each may replace it."""
    for hook in list(hooks.values()):  # a copy: a hook may remove itself
        result = hook(grad)
        if result is not None:
            if not isinstance(result, Tensor):
                raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")
            name = getattr(hook, "__name__", hook)
            if result.shape != grad.shape:
                raise RuntimeError(f"hook '{name}' has changed the size of value")
            if result.dtype is not grad.dtype:
                raise RuntimeError(
                    f"hook '{name}' has changed the type of value (was {_type_name(grad)} got "
                    f"{_type_name(result)})"
                )
            grad = result
    return grad


def hook_result(hook, result, expected):
    """A node hook's returned gradients, refused (as torch) when it returned another count."""
    if len(result) != expected:
        raise RuntimeError(
            f"hook '{getattr(hook, '__name__', hook)}' has returned an incorrect number of values "
            f"(got {len(result)}, but expected {expected})"
        )
    return list(result)


def tensor_pre_hooks(p, node, grads):
    """The hooks of the tensors this node made (``register_hook``), then ``retain_grad`` (it keeps
    what those hooks returned), as torch's ``call_tensor_pre_hooks``."""
    if node._tensor_hooks:
        for nr, hooks in node._tensor_hooks.items():
            if grads[nr] is not None:
                grads[nr] = tensor_hooks(hooks, grads[nr])
    if node._retain:
        for nr, ref in node._retain.items():
            t = ref()
            if t is not None and grads[nr] is not None:
                p.pending.append((t, grads[nr], "out_of_place"))  # torch replaces a retained grad
    return grads


def node_pre_hooks(p, node, grads):
    """The node's own pre-hooks (``grad_fn.register_prehook``): after the tensor hooks, and only
    when the node runs."""
    for hook in list(node._prehooks.values()) if node._prehooks else ():
        result = hook(tuple(grads))
        if result is not None:
            grads = hook_result(hook, result, len(grads))
    return grads


def masked_need(runs, targets, node):
    """With inputs given (autograd.grad, backward(inputs=)): node's `need` without the edges
    toward none of them, as torch's should_compute_output (an unimplemented derivative nobody
    asked for is not refused); the node's own need is returned, to be put back after its rule."""
    rule, need = node._rule, getattr(node, "_need", None)
    if rule is None or not rule.wants_need or not need:
        return None
    node._need = tuple(n and (c in runs or c in targets) for n, c in zip(need, node._next))
    return need
