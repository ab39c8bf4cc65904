"""Notebook 03's helpers: walking, drawing and checking the scalar ``Value`` graphs students build.

The notebook's locked helpers cell is one import from here of everything its test cells use: the
generic checks (``call``, ``check_close``, ...), ``math``, ``np`` and ``torch`` (autograd_core)
included, since the grader runs a test cell after the locked cells and the exercise's solution
cells only (the lesson's own imports cell is not among them).

The ``Value`` class itself is the notebook's (a locked cell the lesson reads); these helpers take
the Values, or the class, they work on as arguments, so they need nothing from the notebook's
namespace. They contain no exercise's solution: the grader's reference walk lives in the hidden
tests.
"""
from __future__ import annotations

import math

import graphviz
import numpy as np

import autograd_core as torch
from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,
                             check_true)

__all__ = ["math", "np", "torch", "as_np", "call", "check_close", "check_equal", "check_gradcheck",
           "check_not_used", "check_true", "reachable", "check_toposort", "draw_values", "ladder",
           "counting_ladder", "stop_counting", "engine_as_function", "GRADCHECK", "random_layers",
           "xor_data", "tensor_mlp"]

#: The tolerances of the gradchecks of the students' engine (float64, central differences).
GRADCHECK = dict(eps=1e-6, atol=1e-5, rtol=1e-3)


# ---- walking and drawing a Value graph ----------------------------------------------------------

def reachable(root):
    """All Values reachable from ``root`` through ``_prev`` (by identity), in no given order."""
    seen, stack = {id(root): root}, [root]
    while stack:
        for p in stack.pop()._prev:
            if id(p) not in seen:
                seen[id(p)] = p
                stack.append(p)
    return list(seen.values())


def _value_type(root):
    """The notebook's Value class: the root's class, or the one a counting ladder derives from."""
    return getattr(type(root), "_counted_base", type(root))


def check_toposort(order, root, what="topo_sort"):
    """Check that ``order`` lists every node reachable from ``root`` once, inputs before their
    users, root last."""
    value = _value_type(root)
    check_true(f"{what} returns a list of Values", isinstance(order, (list, tuple)) and
               all(isinstance(n, value) for n in order),
               hint=f"return a list of the Value nodes, got {type(order).__name__}")
    order = list(order)
    nodes = reachable(root)
    ids = [id(n) for n in order]
    check_true(f"{what}: each node appears once", len(set(ids)) == len(ids),
               hint=f"{len(ids)} entries but {len(set(ids))} distinct nodes: add id(node) to "
                    "`visited` when you first expand a node, and skip a node that is already in it")
    want = {id(n) for n in nodes}
    check_true(f"{what}: exactly the {len(nodes)} nodes reachable from the root", set(ids) == want,
               hint=f"got {len(set(ids))} distinct nodes, {len(set(ids) - want)} unexpected and "
                    f"{len(want - set(ids))} missing: follow every input in _prev")
    pos = {i: k for k, i in enumerate(ids)}
    late = next(((p, n) for n in order for p in n._prev if pos[id(p)] > pos[id(n)]), None)
    check_true(f"{what}: every node comes after all of its inputs", late is None,
               hint=None if late is None else
               f"{late[0]!r} (an input) comes at position {pos[id(late[0])]}, after its user "
               f"{late[1]!r} at {pos[id(late[1])]}: emit a node only after all of its inputs "
               "(post-order: when you pop (node, True)), and return the list in that order, "
               "root last")
    check_true(f"{what}: the root comes last", order[-1] is root,
               hint=f"the last entry is {order[-1]!r}: return the post-order list as it is, "
                    "not reversed")


def draw_values(root):
    """Draw a Value graph left to right: a record per Value (label, data, grad; leaves shaded), a
    circle per operation, each edge into an operation labelled with its local derivative."""
    dot = graphviz.Digraph(graph_attr=dict(rankdir="LR"),
                           node_attr=dict(fontsize="10", height="0.2"))
    for n in reachable(root):
        label = f"{n.label + ' | ' if n.label else ''}data {n.data:.4g} | grad {n.grad:.4g}"
        dot.node(str(id(n)), label, shape="record", style="filled",
                 fillcolor="lightblue" if n.is_leaf else "white")
        if n._prev:
            dot.node(str(id(n)) + "op", n._op, shape="circle")
            dot.edge(str(id(n)) + "op", str(id(n)))
            for p, g in zip(n._prev, n._local_grads):
                dot.edge(str(id(p)), str(id(n)) + "op", label=f"{g:.3g}", fontsize="9")
    return dot


# ---- graphs with shared subgraphs ----------------------------------------------------------------

def ladder(x, depth):
    """``x -> x + x -> ...``: ``depth`` levels, each using the previous one twice, so that
    d out/dx = 2**depth along 2**depth paths through only depth + 1 nodes. Returns the top."""
    v = x
    for _ in range(depth):
        v = v + v
    return v


_COUNTING = {}


def _counting_class(value):
    """A subclass of the notebook's Value whose ``_prev`` reads are counted, with a budget."""
    if value not in _COUNTING:
        class CountingValue(value):
            """A Value that counts how often any walk reads its inputs, and stops a runaway walk."""
            reads, limit, what = 0, 10**9, "the walk"
            _counted_base = value

            @property
            def _prev(self):
                cls = type(self)
                cls.reads += 1
                if cls.reads > cls.limit:
                    cls.limit = 10**9
                    check_true(f"{cls.what} takes linear time on the ladder", False, hint=(
                        "the walk reads the inputs of shared nodes again and again (exponential "
                        "time on this ladder: 2**depth paths but depth + 1 nodes): keep a visited "
                        "set so that each node is expanded once"))
                return self._p

            @_prev.setter
            def _prev(self, nodes):
                self._p = nodes
        _COUNTING[value] = CountingValue
    return _COUNTING[value]


def counting_ladder(x, depth, what="the walk"):
    """``ladder(x, depth)`` whose nodes count the reads of their ``_prev``; a walk may read them
    only a linear number of times (a few per node) before the check named ``what`` fails.
    Returns the top node; ``stop_counting(top)`` lifts the budget once the walk is done."""
    cls = _counting_class(type(x))
    v = x
    for _ in range(depth):
        v = cls(2 * v.data, (v, v), (1.0, 1.0), "+")
    cls.reads, cls.limit, cls.what = 0, 8 * (depth + 1) + 10, what
    return v


def stop_counting(node):
    """Lift the read budget of ``node``'s counting ladder (so that checks may walk it freely)."""
    type(node).limit = 10**9


# ---- the students' engine as an autograd_core function ------------------------------------------

def engine_as_function(scalar_fn, backward, value):
    """Wrap ``scalar_fn(*Values) -> Value`` as a function of a float64 tensor whose backward is the
    gradient that ``backward`` (the student's walk) leaves in the leaves' ``.grad``.

    ``value`` is the notebook's Value class. The result can be checked with
    ``autograd_core.autograd.gradcheck``, which compares that gradient with central differences
    of the forward values.
    """
    class EngineFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            leaves = [value(v) for v in x.detach().reshape(-1).tolist()]
            out = scalar_fn(*leaves)
            backward(out)
            grads = torch.tensor([leaf.grad for leaf in leaves], dtype=torch.float64)
            ctx.save_for_backward(grads.reshape(tuple(x.shape)))
            return torch.tensor(out.data, dtype=torch.float64)

        @staticmethod
        def backward(ctx, grad_out):
            (g,) = ctx.saved_tensors
            return grad_out * g
    return EngineFunction.apply


# ---- the MLP section: weights, data and the tensor reference ------------------------------------

def random_layers(sizes, seed, bias=True):
    """Weights (and biases) of an MLP with layer widths ``sizes``, as plain nested lists of floats.

    Layer k has ``weights[k]``: ``sizes[k+1]`` rows of ``sizes[k]`` numbers, uniform in
    +-1/sqrt(fan_in) as ``nn.Linear`` draws them, and ``biases[k]``: ``sizes[k+1]`` numbers in the
    same range (``None`` when ``bias=False``). Returns ``(weights, biases)``.
    """
    rng = np.random.default_rng(seed)
    weights, biases = [], []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        bound = 1.0 / np.sqrt(n_in)
        weights.append(rng.uniform(-bound, bound, (n_out, n_in)).tolist())
        biases.append(rng.uniform(-bound, bound, n_out).tolist())
    return weights, (biases if bias else None)


def xor_data(per_corner, noise, seed):
    """Noisy XOR: ``per_corner`` points around each corner (+-1, +-1), Gaussian noise of standard
    deviation ``noise``; label +1 where the corner's signs differ, -1 where they agree.
    Returns ``(xs, ys)``: a list of ``[x0, x1]`` lists and a list of floats."""
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for c0 in (-1.0, 1.0):
        for c1 in (-1.0, 1.0):
            for _ in range(per_corner):
                xs.append([c0 + noise * rng.standard_normal(), c1 + noise * rng.standard_normal()])
                ys.append(-c0 * c1)
    return xs, ys


def tensor_mlp(weights, biases=None):
    """The reference for the MLP exercise: the same network with autograd_core tensors.

    Returns ``(params, forward)``: ``params`` the float64 leaf tensors in the exercise's order
    (per layer its weight matrix, then its bias vector), ``forward(X)`` the outputs for a batch
    ``X`` of shape (n, n_in): tanh after every layer but the last.
    """
    params = []
    for k, W in enumerate(weights):
        b = biases[k] if biases is not None else [0.0] * len(W)
        params += [torch.tensor(W, dtype=torch.float64, requires_grad=True),
                   torch.tensor(b, dtype=torch.float64, requires_grad=True)]

    def forward(X):
        h = torch.as_tensor(X, dtype=torch.float64)
        for k in range(0, len(params), 2):
            h = h @ params[k].T + params[k + 1]
            if k + 2 < len(params):
                h = torch.tanh(h)
        return h
    return params, forward
