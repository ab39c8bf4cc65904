"""The backward engine: walk the graph from the outputs to the leaves, applying each node's VJP.

1. `toposort` orders the nodes reachable from the outputs so that every node comes before the
   nodes it feeds gradients to. Why: a node may be reached along several paths (``x*x``, shared
   subgraphs); it must run once, after ALL of its incoming gradients have been summed.
   It is iterative, so a 100,000-node chain does not hit Python's recursion limit.
2. When only some gradients are wanted (``autograd.grad``, ``backward(inputs=...)``), nodes from
   which no wanted tensor can be reached are skipped.
3. Each node runs once: tensor hooks, then its rule, then each returned gradient is reduced to its
   input's shape and dtype (broadcasting is undone here, for every rule) and summed into the
   next node's buffer.
4. Leaf gradients are written to ``.grad`` only after the whole pass succeeded, so an error
   half-way leaves every ``.grad`` as it was.
"""
import gc
import sys

import numpy as np

from ._graph import AccumulateGrad
from ._backend import RULE_ARRAYS, dtype_from_array_dtype
from ._tensor import Tensor, _mode, _to
from . import _creation, _ops

_ndarray = np.ndarray
# `_adopt` relies on reference counts as CPython up to 3.13 reports them (3.14 may borrow references
# on the stack and report fewer): elsewhere gradients are always copied.
_COUNTS_OK = sys.implementation.name == "cpython" and sys.version_info < (3, 14)


def toposort(roots):
    """Nodes reachable from `roots`, each before every node it sends gradients to (iterative DFS)."""
    order = []
    visited = set()
    for root in roots:
        if root in visited:
            continue
        visited.add(root)
        stack = [(root, iter(root._next))]
        while stack:
            node, edges = stack[-1]
            for child in edges:
                if child is not None and child not in visited:
                    visited.add(child)
                    stack.append((child, iter(child._next)))
                    break
            else:                      # all children done: node goes after them
                stack.pop()
                order.append(node)
    order.reverse()
    return order


def check_toposort(order):
    """Assert that every node comes before all the nodes it feeds (a helper for tests and notebooks)."""
    position = {node: i for i, node in enumerate(order)}
    for node in order:
        for child in node._next:
            if child is not None:
                assert position[child] > position[node], f"{child.name()} runs before {node.name()}"


def _apply_hooks(hooks, grad):
    for hook in list(hooks.values()):   # a copy: a hook may remove itself
        result = hook(grad)
        if result is not None:
            if not isinstance(result, Tensor):
                raise TypeError(f"hook '{getattr(hook, '__name__', hook)}' returned {type(result).__name__}, "
                                "expected a Tensor or None")
            if result.shape != grad.shape:
                raise RuntimeError(f"hook '{getattr(hook, '__name__', hook)}' has changed the size of value")
            grad = result
    return grad


def _node_hooks(node, grads, pending, retain):
    """Node pre-hooks, then tensor hooks, then retain_grad (last, so it sees what hooks returned)."""
    if node._prehooks:
        for hook in list(node._prehooks.values()):
            result = hook(tuple(grads))
            if result is not None:
                grads = list(result)
    if node._tensor_hooks:
        for nr, hooks in node._tensor_hooks.items():
            if grads[nr] is not None:
                grads[nr] = _apply_hooks(hooks, grads[nr])
    if node._retain and retain:
        for nr, ref in node._retain.items():
            t = ref()
            if t is not None and grads[nr] is not None:
                pending.append((t, grads[nr], True))
    return grads


def run_backward(roots, retain_graph, create_graph, inputs=None, accumulate=True):
    """Backpropagate from `roots`, a list of ``(tensor, gradient)`` pairs.

    With ``accumulate=True`` (``backward``) gradients go into ``.grad`` of the leaves (only those in
    `inputs` when given); with ``accumulate=False`` (``autograd.grad``) nothing is written and the
    gradients w.r.t. `inputs` are returned, None for those the graph does not reach.
    """
    # The graph has no reference cycles, so the cycle collector has nothing to free here; left on, each
    # pass set off by backward's own allocations would rescan every live object of the process.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        with np.errstate(all="ignore"):     # silent inf/nan in rules, as torch (see _ops.silent)
            return _backward(roots, retain_graph, create_graph, inputs, accumulate)
    finally:
        if gc_was_enabled:
            gc.enable()


def _backward(roots, retain_graph, create_graph, inputs, accumulate):
    # With create_graph=False nothing is recorded, so gradients travel between nodes as raw arrays
    # (rules run on them, see _vjps); they are wrapped in Tensors only where user code sees them:
    # hooks, .grad, the results of autograd.grad, and the rules that need Tensors.
    raw = not create_graph
    wrap, unwrap = (_wrap, _unwrap) if raw else (list, list)
    buffers = {}
    root_nodes = []
    for tensor, grad in roots:
        node = tensor.grad_fn if tensor.grad_fn is not None else tensor._accumulator()
        buf = buffers.setdefault(node, [None] * node.num_outputs)
        nr = tensor._output_nr
        (grad,) = unwrap([grad])
        buf[nr] = grad if buf[nr] is None else buf[nr] + grad
        root_nodes.append(node)

    order = toposort(root_nodes)

    # Which gradients are wanted, and which nodes can reach them.
    targets = {}
    if inputs is not None:
        for j, t in enumerate(inputs):
            if t.grad_fn is not None:
                key = (t.grad_fn, t._output_nr)
            else:
                acc = t._acc() if t._acc is not None else None
                key = (acc, 0)
            targets.setdefault(key, []).append(j)
    target_nodes = {node for node, _ in targets}
    if inputs is None:
        runs = None                     # every node runs
    else:
        reaches = {}
        for node in reversed(order):
            reaches[node] = node in target_nodes or any(
                c is not None and reaches.get(c, False) for c in node._next)
        runs = {node for node in order if any(c is not None and reaches.get(c, False) for c in node._next)}
        runs |= {node for node in target_nodes if isinstance(node, AccumulateGrad)} if accumulate else set()

    captured = [None] * (len(inputs) if inputs is not None else 0)
    pending = []                        # (tensor, grad, out_of_place) written to .grad at the end
    check_nan = _ops._Anomaly.enabled
    free_saved = not retain_graph
    prev_mode = _mode.grad_enabled
    _mode.grad_enabled = create_graph
    try:
        for node in order:
            grads = buffers.pop(node, None)
            if grads is None:
                continue                # no gradient reached this node
            if node._hooked:
                grads = unwrap(_node_hooks(node, wrap(grads), pending, inputs is None or accumulate))
            if targets and node in target_nodes:
                for nr, g in enumerate(grads):
                    wanted = targets.get((node, nr), ())
                    if wanted:
                        g = wrap([g])[0]          # once: the same tensor may be asked for twice
                    for j in wanted:
                        captured[j] = g
                        if accumulate and not isinstance(node, AccumulateGrad) and g is not None:
                            pending.append((inputs[j], g, False))

            if node.__class__ is AccumulateGrad:
                var = node.variable
                g = wrap(grads)[0]
                if var._hooks:
                    g = _apply_hooks(var._hooks, g)
                if accumulate and (runs is None or node in runs):
                    pending.append((var, g, False))
                elif var._hooks:
                    for j in targets.get((node, 0), ()):
                        captured[j] = g
                continue
            if runs is not None and node not in runs:
                continue

            try:
                grads_in = node.apply_to_arrays(grads) if raw else node.apply(grads)
            except Exception as e:
                _anomaly_error(node, e)
                raise
            if free_saved and node._saved:
                node._saved = None      # free what forward saved
            if node._hooked and node._hooks:
                grads_in, grads_out = wrap(grads_in), tuple(wrap(grads))
                for hook in list(node._hooks.values()):
                    result = hook(tuple(grads_in), grads_out)
                    if result is not None:
                        grads_in = tuple(result)
                grads_in = unwrap(grads_in)
            if check_nan:
                _anomaly_check(node, wrap(grads_in))

            for child, nr, g, meta in zip(node._next, node._nrs, grads_in, node._in_meta):
                if child is None or g is None:
                    continue
                if runs is not None and child not in runs and child not in target_nodes:
                    continue
                data = g if raw else g._data
                if data.shape != meta[0] or (data.dtype is not meta[1] and data.dtype != meta[1]):
                    g = _reduce_and_cast(g, meta, raw)
                if child.num_outputs == 1:
                    buf = buffers.get(child)
                    if buf is None:
                        buffers[child] = [g]
                    else:
                        buf[0] = g if buf[0] is None else buf[0] + g
                    continue
                buf = buffers.get(child)
                if buf is None:
                    buf = buffers[child] = [None] * child.num_outputs
                buf[nr] = g if buf[nr] is None else buf[nr] + g
    finally:
        _mode.grad_enabled = prev_mode

    grads = grads_in = g = data = buf = None    # drop the loop's references: `_adopt` counts them
    for i in range(len(pending)):
        t, g, out_of_place = pending[i]
        pending[i] = None
        _accumulate(t, g, create_graph or out_of_place)
    return captured


def _reduce_and_cast(g, meta, raw):
    """Undo broadcasting (sum back to the input's shape) and cast to the input's dtype: for every
    rule, here; `g` is a raw array when `raw`, else a Tensor (and the reduction is recorded)."""
    shape, dt = meta
    if not raw:
        if g._data.shape != shape:
            g = _ops.sum_to_size(g, shape)
        if g._data.dtype != dt:
            g = _to(g, None, dtype_from_array_dtype(dt))
        return g
    if g.shape != shape:
        g = _ops.sum_to_shape_array(g, shape)
    if g.dtype != dt:
        g = _ops.namespace(g).astype(g, dt)
    return g


def _wrap(grads):
    """Raw gradient arrays -> Tensors."""
    return [None if g is None else Tensor._from_data(g) for g in grads]


def _unwrap(grads):
    """Tensors -> raw arrays."""
    return [None if g is None else g._data for g in grads]


def _adopt(g):
    """g's array if nothing else can reach it, so ``.grad`` can take it without a copy (torch's
    AccumulateGrad "steals" such gradients too); None otherwise."""
    data = g._data
    if not _COUNTS_OK or data.__class__ is not _ndarray or data.base is not None or not data.flags.writeable:
        return None                     # a view (of a buffer that may be shared) or read-only
    # Sole-owner counts: data: g's slot, `data`, getrefcount's argument; g: _backward's and
    # _accumulate's names, `g`, the argument. Any other holder (a second leaf, a hook) adds one.
    if sys.getrefcount(data) > 3 or sys.getrefcount(g) > 4:
        return None
    return data


def _accumulate(t, g, create_graph):
    """t.grad += g: in place (``.grad`` stays the same object), or out of place under create_graph
    and for retain_grad (as torch does)."""
    current = t._grad
    if current is None:
        if create_graph and g._rg:
            t._grad = _creation.zeros_like(g).copy_(g)    # a copy that stays in the graph (CopyBackwards)
        else:
            data = _adopt(g)
            if data is None:
                data = g._data
                data = data.copy() if data.__class__ in RULE_ARRAYS else _ops.namespace(data).asarray(data, copy=True)
            t._grad = Tensor._from_data(data)
    elif create_graph or current._rg or g._rg:
        t._grad = current + g
    else:
        current._data += g._data
        current._vc[0] += 1


from .autograd.anomaly_mode import _anomaly_check, _anomaly_error  # noqa: E402  (autograd imports this module)
