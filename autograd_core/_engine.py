"""The backward engine: walk the graph from the outputs to the leaves, applying each node's VJP.

One pass (`run_backward`) is four named steps:

1. `plan`: order the nodes reachable from the outputs so that every node comes before the nodes
   it feeds, as torch's engine orders them (`toposort`); a node reached along several paths
   (``x*x``, shared subgraphs) must run once, after ALL its incoming gradients are summed. When
   only some gradients are wanted (``autograd.grad``, ``backward(inputs=...)``), nodes that
   cannot reach one are skipped.
2. `run_node`: a node's hooks, then its rule (whose result is checked: one gradient per input),
   then its post hooks.
3. `send`: reduce each gradient to its input's shape and dtype (broadcasting is undone here, once,
   for every rule) and sum it into the next node's buffer.
4. `write_grads`: only after the whole pass succeeded are leaf gradients written to ``.grad``, so
   an error half-way leaves every ``.grad`` as it was.

With ``create_graph=False`` nothing is recorded, so gradients travel between nodes as raw arrays
(rules run on them, see _vjps); they are wrapped in Tensors only where user code sees them: hooks,
``.grad``, the results of ``autograd.grad``, and the rules that need Tensors.
"""

import gc
import heapq
import math

import numpy as np

from . import _creation, _messages
from ._api import ops as _ops
from ._backend import RULE_ARRAYS, dtype_from_array_dtype, kind as _backend_kind, settled
from ._backward_hooks import hook_result, masked_need, node_pre_hooks, tensor_hooks
from ._backward_hooks import tensor_pre_hooks
from ._graph import AccumulateGrad, SavedTensor, accumulator
from ._shapes import _to
from ._tensor import RESHAPED, Tensor
from .grad_mode import _anomaly, _anomaly_check, _anomaly_error, _mode, set_grad_enabled

_RESHAPED = RESHAPED.data  # (a plain dict: its truth is tested per edge, at no call's cost)
_SCALAR_OPS = {"MulBackward1", "DivBackward1", "AddBackward1", "RsubBackward1"}  # (see _keeps)
_SOURCE_INDEXED = ("IndexAddBackward0", "ScatterAddBackward0")


class _Ready:
    """An entry of the ready queue; only its priority is compared (see `toposort`)."""

    __slots__ = ("key", "node")

    def __init__(self, node):
        self.key = -math.inf if node.__class__ is AccumulateGrad else -node._seq
        self.node = node

    def __lt__(self, other):
        return self.key < other.key


def toposort(roots):
    """Nodes reachable from `roots`, each before every node it sends gradients to, in the order
    torch's engine runs them: of the nodes whose every consumer has run, the most recently
    created first, and a leaf's AccumulateGrad as soon as it is ready. (The order is visible in
    hooks; heapq breaks ties between leaves as torch's std::priority_queue does.)"""
    deps = dict.fromkeys(roots, 0)  # node -> edges into it from nodes not yet run; its keys
    stack, get = list(deps), deps.get  # are in the order first reached: the run order if the
    path = len(deps) == 1  # graph is one path
    while stack:  # iterative: a 100,000-node chain must not hit Python's recursion limit
        for child in stack.pop()._next:
            if child is not None:
                n = get(child)
                if n is None:  # first reached
                    deps[child] = 1
                    stack.append(child)
                else:
                    deps[child] = n + 1
                    path = False
        if len(stack) > 1:
            path = False
    if path:  # each node feeds only the next: nothing to schedule
        return list(deps)
    order, ready = [], []
    starts = [root for root in deps if not deps[root]]  # (deps begins with the roots, in order)
    node = starts[0] if len(starts) == 1 else None  # one root: no heap needed
    for root in starts if node is None else ():  # torch's GraphRoot hands them on in this order
        heapq.heappush(ready, _Ready(root))
    while node is not None or ready:
        if node is None:
            node = heapq.heappop(ready).node
        order.append(node)
        only = None  # a child made ready while the queue is empty runs next, without the heap
        for child in node._next:
            if child is not None:
                left = deps[child] - 1
                deps[child] = left
                if not left:
                    if only is None and not ready:
                        only = child
                        continue
                    if only is not None:
                        heapq.heappush(ready, _Ready(only))
                        only = None
                    heapq.heappush(ready, _Ready(child))
        node = only
    return order


def run_backward(roots, retain_graph, create_graph, inputs=None, accumulate=True):
    """Backpropagate from `roots`, a list of ``(tensor, gradient)`` pairs.

    With ``accumulate=True`` (``backward``) gradients go into ``.grad`` of the leaves (only those in
    `inputs` when given); with ``accumulate=False`` (``autograd.grad``) nothing is written and the
    gradients w.r.t. `inputs` are returned, None for those the graph does not reach.
    """
    # The graph holds no reference cycles, so the cycle collector has nothing to free during a pass;
    # left on, every collection set off by the pass's own allocations would rescan every live object
    # of the process. It is paused for this call only, and restored as it was.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    prev_mode = _mode.grad_enabled
    _mode.grad_enabled = create_graph  # rules record only under create_graph
    try:
        with np.errstate(all="ignore"):  # silent inf/nan in rules, as torch (_ops.silent)
            p = _Pass(roots, create_graph, retain_graph, inputs, accumulate)
            pop = p.buffers.pop
            for node in p.order:
                grads = pop(node, None)
                if grads is not None:  # else no gradient reached this node
                    run_node(p, node, grads)
    finally:
        _mode.grad_enabled = prev_mode
        if gc_was_enabled:
            gc.enable()
    write_grads(p)
    return p.captured


class _Pass:
    """One backward pass: what was asked for (step 1, `plan`) and the gradients so far."""

    def __init__(self, roots, create_graph, retain_graph, inputs, accumulate):
        self.raw = not create_graph and not _ops._forward  # raw arrays between nodes (no tangents)
        self.create_graph = create_graph
        self.free_saved = not retain_graph
        self.inputs, self.accumulate = inputs, accumulate
        self.buffers = {}  # node -> [gradient per output]
        self.captured = [None] * (len(inputs) if inputs is not None else 0)
        self.pending = []  # (tensor, grad, how) for .grad, at the end
        self.hooked_leaves = {}  # id(leaf) -> its AccumulateGrad node, when that has post hooks
        self.owned = set()  # leaf nodes whose buffer holds an array the pass
        #                                            made and handed to no one else (see `send`)
        for tensor, grad in roots:
            node = tensor.grad_fn if tensor.grad_fn is not None else accumulator(tensor)
            buf = self.buffers.setdefault(node, [None] * node.num_outputs)
            nr = tensor._output_nr
            g = grad._data if self.raw else grad
            buf[nr] = g if buf[nr] is None else buf[nr] + g
        plan(self, [node for node in self.buffers])

    def wrap(self, g):
        """What user code sees of a gradient: a Tensor."""
        return Tensor._from_data(g) if g is not None and self.raw else g

    def unwrap(self, g):
        return g._data if g is not None and self.raw else g


def plan(p, root_nodes):
    """Step 1: the order the nodes run in, and (for wanted inputs) which nodes run at all."""
    p.order = toposort(root_nodes)
    p.targets = {}  # (node, output_nr) -> positions in inputs
    for j, t in enumerate(p.inputs or ()):
        if t.grad_fn is not None:
            key = (t.grad_fn, t._output_nr)
        else:
            key = (t._acc() if t._acc is not None else None, 0)
        p.targets.setdefault(key, []).append(j)
    p.target_nodes = {node for node, _ in p.targets}
    p.runs = None  # None: every node runs
    if p.inputs is not None:
        feeds = {}  # node -> whether a wanted tensor is below it (children come later in order)
        for node in reversed(p.order):
            feeds[node] = any(
                c is not None and (c in p.target_nodes or feeds.get(c)) for c in node._next
            )
        p.runs = {node for node, wanted in feeds.items() if wanted}
        if p.accumulate:
            p.runs |= {node for node in p.target_nodes if isinstance(node, AccumulateGrad)}


def run_node(p, node, grads):
    """Step 2: hooks, the node's rule, post hooks; then `send` the results on. The common node
    (no hooks, every node wanted) takes the straight path; the rest is in `_before`/`_after`."""
    if node.__class__ is AccumulateGrad:
        return _leaf(p, node, grads)
    hooked, need = node._hooked, None
    if hooked or p.inputs is not None:
        grads = _before(p, node, grads)
        if grads is None:
            return
        need = masked_need(p.runs, p.target_nodes, node) if p.runs is not None else None
    try:
        grads_in = node.apply_to_arrays(grads) if p.raw else node.apply(grads)
    except Exception as e:  # (numpy's broadcast error: a saved leaf reshaped by `.data =`)
        _anomaly_error(node, err := _messages.in_torch_words(e))
        raise err from (e.__cause__ if err is e else None)
    finally:
        if need:
            node._need = need
    if len(grads_in) != len(node._next):
        raise RuntimeError(
            f"function {node.name()} (op {node.op!r}) returned an incorrect number of gradients "
            f"(expected {len(node._next)}, got {len(grads_in)})"
        )
    if p.free_saved:  # free what forward saved (so a second backward is refused, as torch's);
        saved = node._saved  # both ends of `saved` first: the common nodes decide without a call
        if (
            saved
            and (type(saved[0]) is SavedTensor or type(saved[-1]) is SavedTensor)
            or ((saved or node._attrs) and _keeps(node))
        ):
            node._saved = None
    built_in = p.raw and node._rule is not None  # its rule's new arrays: made by this pass
    if hooked or _anomaly.enabled:
        built_in, grads_in = _after(p, node, grads, grads_in, built_in)
    send(p, node, grads_in, grads[0] if built_in else False)


def _before(p, node, grads):
    """Captures for ``inputs`` and the pre hooks; None when the node does not run. torch captures
    what autograd.grad returns before the hooks of a node that runs, after those of one that does
    not (it only had to be reached)."""
    runs = p.runs is None or node in p.runs
    if runs and node in p.target_nodes:
        _capture(p, node, grads)
    if node._hooked:
        p.owned.discard(node)  # a hook saw the gradient and may keep it
        grads = _hooked(p, node, grads, tensor_pre_hooks)
    if not runs:
        if node in p.target_nodes:
            _capture(p, node, grads)
        return None
    if node._hooked and node._prehooks:
        grads = _hooked(p, node, grads, node_pre_hooks)
    return grads


def _after(p, node, grads, grads_in, built_in):
    """The node's post hooks (they may replace its results) and anomaly mode's NaN check."""
    if node._hooked and node._hooks:
        built_in = False
        grads_in, grads_out = [p.wrap(g) for g in grads_in], tuple(p.wrap(g) for g in grads)
        for hook in list(node._hooks.values()):
            result = hook(tuple(grads_in), grads_out)
            if result is not None:
                grads_in = hook_result(hook, result, len(grads_in))
        grads_in = [p.unwrap(g) for g in grads_in]
    if _anomaly.enabled:
        _anomaly_check(node, [p.wrap(g) for g in grads_in])
    return built_in, grads_in


def _keeps(node):
    """Whether a node keeps what torch frees after backward: a saved value, an index or mask
    attribute (not index_add's, scatter_add's: the source's alone), a CopySlices' wrapped op."""
    for s in node._saved:  # (loops, not any(): no generator frame per node)
        if type(s) is SavedTensor or s is not None and type(node).__name__ not in _SCALAR_OPS:
            return True  # (a Python number is torch's wrapped-number tensor; a Scalar op's kept)
    if (name := type(node).__name__) == "CopySlices":
        return True
    if not node._attrs or name in _SOURCE_INDEXED and not getattr(node, "_need", (0, 0))[1]:
        return False
    for v in node._attrs.values():  # (loops, not any(): no generator frame per node)
        for w in v if v.__class__ is tuple else (v,):
            d = w._data if w.__class__ is Tensor else w
            if hasattr(d, "dtype") and _backend_kind(d.dtype) in "biu":
                return True
    return False


def _hooked(p, node, grads, hooks):
    """Run tensor_pre_hooks or node_pre_hooks on the gradients as tensors."""
    return [p.unwrap(g) for g in hooks(p, node, [p.wrap(g) for g in grads])]


def send(p, node, grads_in, incoming):
    """Step 3: each input's gradient, reduced to the input's shape and dtype, into its buffer.

    For a leaf it also notes whether the array is the pass's own (`_owned`), so `.grad` may take it
    without a copy; `incoming` is the node's own gradient (False: its results are not new)."""
    raw, runs, buffers = p.raw, p.runs, p.buffers
    for child, nr, g, meta in zip(node._next, node._nrs, grads_in, node._in_meta):
        if g is None or child is None:
            continue
        if runs is not None and child not in runs and child not in p.target_nodes:
            continue
        data = g if raw else g._data
        if _RESHAPED and child in RESHAPED:  # (its output's shape before a `.data =`)
            meta = (RESHAPED[child].get(nr, meta[0]), meta[1])
        made = data.shape != meta[0] or (data.dtype is not meta[1] and data.dtype != meta[1])
        if made:
            if data.shape != meta[0] and not _ops.expandable(meta[0], data.shape):  # (`.data =`)
                i = next(i for i, x in enumerate(grads_in) if x is g)
                raise RuntimeError(_messages.invalid_gradient(node, i, data.shape, meta[0]))
            if _backend_kind(meta[1]) in "biu":  # an int tensor took a node (y.gt_(w)): torch's
                raise RuntimeError(_messages.INT_GRADIENT)  # engine asserts
            g = _reduce_and_cast(data if raw else g, meta, raw)
        buf = buffers.get(child)
        if buf is None:
            buf = buffers[child] = [None] * child.num_outputs
        old = buf[nr]
        buf[nr] = g if old is None else old + g
        if child.__class__ is AccumulateGrad and raw:  # a sum is a new array, too
            if old is not None or made or _owned(g, incoming, grads_in):
                p.owned.add(child)


def _owned(g, incoming, grads_in):
    """Whether a rule's result g is a new array only this edge holds: not the gradient the node
    received (add and clone pass it on), not a view of another array, not given to two inputs."""
    if incoming is False or g is incoming or g.__class__ is not np.ndarray or g.base is not None:
        return False
    return sum(h is g for h in grads_in) == 1


def write_grads(p):
    """Step 4: ``.grad += g`` for every gradient the pass collected."""
    pending, p.pending = p.pending, []
    for t, g, how in pending:
        _accumulate(t, g, p.create_graph, how)
        node = p.hooked_leaves.pop(id(t), None)
        if node is not None:  # the AccumulateGrad node's post hooks: (grad_inputs=(), grad_outputs)
            with set_grad_enabled(bool(p.create_graph)):
                for hook in list(node._hooks.values()):
                    result = hook((), (g,))
                    if result is not None:
                        hook_result(hook, result, 0)


def _capture(p, node, grads):
    """Gradients asked for by ``inputs``: returned (autograd.grad) or written to a non-leaf."""
    for nr, g in enumerate(grads):
        wanted = p.targets.get((node, nr), ())
        if not wanted:
            continue
        g = settled(p.wrap(g))  # once: the same tensor may be asked for twice
        p.owned.discard(node)
        for j in wanted:
            p.captured[j] = g


def _leaf(p, node, grads):
    """An AccumulateGrad node: its leaf's hooks, then the gradient is kept for `write_grads`."""
    var = node.variable
    if var._hooks:  # a leaf's own hooks come first
        p.owned.discard(node)
        grads = [p.unwrap(tensor_hooks(var._hooks, p.wrap(grads[0])))]
    if node._hooked:
        p.owned.discard(node)
        grads = _hooked(p, node, grads, tensor_pre_hooks)
        grads = _hooked(p, node, grads, node_pre_hooks)
    if node in p.target_nodes:
        _capture(p, node, grads)
    how = "take" if node in p.owned and node not in p.target_nodes else "copy"
    g = Tensor._from_data(grads[0]) if p.raw else grads[0]
    if p.accumulate and (p.runs is None or node in p.runs):
        if var._grad_fn is not None:  # changed in place since, by an op that recorded (torch's)
            raise RuntimeError("leaf variable has been moved into the graph interior")
        if not var._rg:  # requires_grad_(False) or detach_() since it was used: no .grad
            return
        p.pending.append((var, g, how))
        if node._hooks:
            p.hooked_leaves[id(var)] = node


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


def _accumulate(t, g, create_graph, how):
    """t.grad += g: in place (``.grad`` stays the same object), or out of place under create_graph
    and for retain_grad (`how` "out_of_place"), as torch does. A first gradient is taken without a
    copy (`how` "take") when the pass made that array and handed it to no one else, as torch's
    AccumulateGrad steals a gradient nothing else holds; otherwise it is copied."""
    g = settled(g)
    current = t._grad
    if current is not None and "_zero" in current.__dict__:  # (torch's add_ into it refuses)
        raise RuntimeError(_messages.ZERO_IMMUTABLE)
    out_of_place = create_graph or how == "out_of_place"
    if current is None and g._data.shape != t._data.shape and t._grad_fn is None:  # (`.data =`)
        c = _creation.clone_obey_contract(g, t)
        g, how = c, how if c is g else "take"
    if current is None:
        if out_of_place and g._rg:  # a copy that stays in the graph: torch's leaf copies it
            t._grad = g.clone() if how == "out_of_place" else _creation.zeros_like(g).copy_(g)
            # (CopyBackwards), retain_grad clones it (CloneBackward0)
        elif how == "take":
            t._grad = Tensor._from_data(g._data)
        else:
            data = g._data
            t._grad = Tensor._from_data(
                data.copy()
                if data.__class__ in RULE_ARRAYS
                else _ops.namespace(data).asarray(data, copy=True)
            )
        if "_zero" in g.__dict__ and not create_graph:  # torch's AccumulateGrad steals a
            if _creation.clone_obey_contract(g, t) is g:  # ZeroTensor of t's layout (the mark
                t._grad._zero = True  # stays); one of another it copies into plain zeros
            else:
                t._grad._vc[0] += 1
    elif out_of_place or current._rg or g._rg:
        t._grad = current + g
    elif current._data.shape != g._data.shape:  # (after a `.data =`: torch's += checks)
        current.add_(g)
    else:
        current._data += g._data
        current._vc[0] += 1
    hooks = t.__dict__.get("_post_acc_hooks")
    if hooks:  # run in backward's grad mode (on only under create_graph), as torch's
        with set_grad_enabled(bool(create_graph)):
            for hook in list(hooks.values()):
                if hook(t) is not None:
                    raise RuntimeError("Tensor post accumulate grad hooks should return None.")
