"""Notebook 02's test helpers (leaf tensors and graphs).

The locked helpers cell imports what its test cells use from here in one line. Besides the
generic checks: node names, a counting copy of a graph (to see how often a walk expands each
node), the nested ``(name, [inputs])`` form of a graph that Exercise 4 compares, and the drawing
of such a spec in the style of ``autograd_core.viz.make_dot``.
"""
from __future__ import annotations

import warnings

import numpy as np

import autograd_core as torch
from autograd_checks import as_np, call, check_close, check_equal, check_not_used, check_true

__all__ = ["np", "torch", "warnings", "as_np", "call", "check_close", "check_equal", "check_true",
           "check_not_used", "node_name", "as_list", "counting_copy", "structure", "first_difference",
           "draw_spec"]


def node_name(fn):
    """The class name of a backward node ('MulBackward0', 'AccumulateGrad', ...), or None."""
    return None if fn is None else type(fn).__name__


def as_list(value):
    """A list or tuple as a list (anything else unchanged, so that the check shows what it is)."""
    return list(value) if isinstance(value, (list, tuple)) else value


# ---- a graph whose nodes count how often they are expanded ----------------------------------

class _CountingNode:
    """Stands for one backward node: same class name, same links, and every read of
    ``next_functions`` is counted (a walk that expands a shared node twice reads it twice)."""

    def __init__(self, reads):
        self._reads, self._next = reads, ()

    def name(self):
        return type(self).__name__

    @property
    def next_functions(self):
        self._reads[0] += 1
        return self._next


class _Stand:
    """Stands for a tensor: its ``grad_fn``, ``requires_grad`` and ``is_leaf``."""

    def __init__(self, grad_fn, requires_grad):
        self.grad_fn, self.requires_grad, self.is_leaf = grad_fn, requires_grad, grad_fn is None


def counting_copy(t):
    """``(stand_in, reads, n_nodes)``: a stand-in for tensor ``t`` whose graph is a copy of t's
    (node class names, ``next_functions`` order and indices, and each ``AccumulateGrad``'s
    ``.variable``, the real leaf), the one-element list ``reads`` that counts every read of a
    node's ``next_functions``, and the number of nodes in the graph."""
    reads, classes, copies = [0], {}, {}

    def new(fn):
        name = type(fn).__name__
        if name not in classes:
            classes[name] = type(name, (_CountingNode,), {})
        node = classes[name](reads)
        if hasattr(fn, "variable"):
            node.variable = fn.variable
        copies[id(fn)] = (fn, node)
        return node

    root = None if t.grad_fn is None else new(t.grad_fn)
    stack = [t.grad_fn] if root is not None else []
    while stack:
        fn = stack.pop()
        links = []
        for nxt, nr in fn.next_functions:
            if nxt is not None and id(nxt) not in copies:
                new(nxt)
                stack.append(nxt)
            links.append((None if nxt is None else copies[id(nxt)][1], nr))
        copies[id(fn)][1]._next = tuple(links)
    return _Stand(root, t.requires_grad), reads, len(copies)


# ---- Exercise 4: graphs as nested specs -----------------------------------------------------

def structure(t, leaf_names):
    """The graph of t as a nested (name, [inputs]) spec, naming leaves by leaf_names {name: tensor};
    None stands for an input that sends no gradient anywhere (a number, an untracked tensor)."""
    by_id = {id(v): k for k, v in leaf_names.items()}

    def walk(fn):
        if fn is None:
            return None
        if hasattr(fn, "variable"):
            return by_id.get(id(fn.variable), "?")
        return (type(fn).__name__, [walk(n) for n, _ in fn.next_functions])
    return walk(t.grad_fn)


def first_difference(want, got, path=()):
    """Where two nested (name, [inputs]) specs first differ, as a readable sentence (None if equal).

    The place is a path from out downwards: "MulBackward0[0] -> MeanBackward0[0]" is input 0 of the
    MeanBackward0 that is input 0 of the MulBackward0 that made out.
    """
    def show(node):
        return "a Python number (None, 0)" if node is None else (f"leaf {node}" if isinstance(node, str) else node[0])
    where = " -> ".join(path) or "out"
    if isinstance(want, tuple) and isinstance(got, tuple) and want[0] == got[0]:
        if len(want[1]) != len(got[1]):
            return f"at {where}: {want[0]} should have {len(want[1])} inputs, yours has {len(got[1])}"
        for pos, (w, g) in enumerate(zip(want[1], got[1])):
            diff = first_difference(w, g, path + (f"{want[0]}[{pos}]",))
            if diff:
                return diff
        return None
    return None if want == got else f"at {where}: the target has {show(want)}, yours has {show(got)}"


def draw_spec(spec, out_label="out\n ()"):
    """Draw a nested (name, [inputs]) spec as ``make_dot`` draws a real graph: grey backward nodes,
    a light-blue box per leaf feeding its one AccumulateGrad node, the green output, and arrows in
    the direction the data flowed forward (input -> the node that used it). Two additions: each
    arrow is labelled with its input position in ``next_functions``, and a Python number (an entry
    ``(None, 0)``, which make_dot leaves out) is a dashed box."""
    import graphviz

    node_attr = dict(style="filled", shape="box", align="left", fontsize="10", ranksep="0.1",
                     height="0.2", fontname="monospace")
    dot = graphviz.Digraph(node_attr=node_attr, graph_attr=dict(size="12,12"))
    counter, leaves = [0], set()

    def fresh():
        counter[0] += 1
        return f"n{counter[0]}"

    # an explicit stack of (node, the id of the node it feeds, position): no recursion
    root = fresh()
    dot.node("out", out_label, fillcolor="darkolivegreen1")
    dot.edge(root, "out")
    stack = [(spec, root, None, None)]
    while stack:
        node, nid, parent, pos = stack.pop()
        label = {} if pos is None else dict(label=str(pos), fontsize="9")
        if node is None:
            dot.node(nid, "(None, 0)\na Python number", style="dashed")
        elif isinstance(node, str):
            nid = "acc_" + node          # one AccumulateGrad per leaf, however often it is used
            if node not in leaves:
                leaves.add(node)
                dot.node("leaf_" + node, node, fillcolor="lightblue")
                dot.node(nid, "AccumulateGrad")
                dot.edge("leaf_" + node, nid)
        else:
            name, inputs = node
            dot.node(nid, name)
            for p, child in reversed(list(enumerate(inputs))):
                stack.append((child, fresh(), nid, p))
        if parent is not None:
            dot.edge(nid, parent, **label)
    return dot
