"""Draw the backward graph behind a tensor, like torchviz's ``make_dot``.

Walks ``grad_fn`` -> ``next_functions`` from the output back to the leaves:

* grey boxes are backward nodes (``MulBackward0``, ...),
* light-blue boxes are the leaves reached through ``AccumulateGrad`` nodes, labelled with
  their name (from ``params``) and shape,
* the green box is the output tensor itself (dark green for the base of a view),
* orange boxes (with ``show_saved=True``) are tensors a node saved for backward.

The result is a ``graphviz.Digraph``: JupyterLab renders it inline (it has ``_repr_svg_`` /
``_repr_mimebundle_``); ``.render(...)`` writes a file, ``.source`` is the DOT text.
"""

from graphviz import Digraph

from autograd_core import Tensor

__all__ = ["make_dot"]

SAVED_PREFIX = "_saved_"


def _size_to_str(size):
    return "(" + ", ".join("%d" % v for v in size) + ")"


def _saved_attrs(fn):
    """``{name: value}`` for a node's ``_saved_*`` attributes (empty if it exposes none)."""
    attrs = {}
    for attr in dir(fn):
        if attr.startswith(SAVED_PREFIX):
            try:
                val = getattr(fn, attr)
            except RuntimeError:  # freed after backward
                continue
            if callable(val) and not isinstance(val, Tensor):  # a helper method, not a saved value
                continue
            attrs[attr[len(SAVED_PREFIX) :]] = val
    return attrs


def _fn_label(fn, show_attrs, max_attr_chars):
    name = type(fn).__name__
    if not show_attrs:
        return name
    attrs = {}
    for attr, val in _saved_attrs(fn).items():
        if isinstance(val, Tensor):
            attrs[attr] = "[saved tensor]"
        elif isinstance(val, tuple) and any(isinstance(t, Tensor) for t in val):
            attrs[attr] = "[saved tensors]"
        else:
            attrs[attr] = str(val)
    if not attrs:
        return name
    max_attr_chars = max(max_attr_chars, 3)
    col1width = max(len(k) for k in attrs)
    col2width = min(max(len(str(v)) for v in attrs.values()), max_attr_chars)
    sep = "-" * max(col1width + col2width + 2, len(name))
    row = "%-" + str(col1width) + "s: %" + str(col2width) + "s"

    def truncate(s):
        return s[: col2width - 3] + "..." if len(s) > col2width else s

    return (
        name + "\n" + sep + "\n" + "\n".join(row % (k, truncate(str(v))) for k, v in attrs.items())
    )


def make_dot(var, params=None, show_attrs=False, show_saved=False, max_attr_chars=50):
    """Build a graphviz.Digraph of the backward graph of ``var``.

    Args:
        var: the output tensor (or a tuple of outputs).
        params: optional ``{name: tensor}`` used to label leaves, e.g.
            ``dict(model.named_parameters())``; unnamed leaves show only their shape.
        show_attrs: list each node's saved non-tensor attributes (``_saved_*``) in its box.
        show_saved: draw each node's saved tensors as orange boxes.
        max_attr_chars: truncate attribute values to this many characters.

    Returns:
        graphviz.Digraph (displays inline in Jupyter).
    """
    if params is not None:
        if not all(isinstance(p, Tensor) for p in params.values()):
            raise TypeError("params must map names to Tensors")
        param_map = {id(v): k for k, v in params.items()}
    else:
        param_map = {}

    node_attr = dict(
        style="filled",
        shape="box",
        align="left",
        fontsize="10",
        ranksep="0.1",
        height="0.2",
        fontname="monospace",
    )
    dot = Digraph(node_attr=node_attr, graph_attr=dict(size="12,12"))
    # id -> object for every node and tensor drawn; holding the object keeps its id unique.
    seen = {}

    def var_label(t, name=None):
        if not name:
            name = param_map.get(id(t), "")
        return "%s\n %s" % (name, _size_to_str(t.shape))

    def add_saved(fn, name, t):
        seen[id(t)] = t
        dot.edge(str(id(fn)), str(id(t)), dir="none")
        dot.node(str(id(t)), var_label(t, name), fillcolor="orange")

    def add_nodes(root):
        # Iterative depth-first walk: deep graphs must not hit Python's recursion limit.
        stack = [root]
        while stack:
            fn = stack.pop()
            if id(fn) in seen:
                continue
            seen[id(fn)] = fn
            if show_saved:
                for attr, val in _saved_attrs(fn).items():
                    if isinstance(val, Tensor):
                        add_saved(fn, attr, val)
                    elif isinstance(val, tuple):
                        for i, t in enumerate(val):
                            if isinstance(t, Tensor):
                                add_saved(fn, "%s[%d]" % (attr, i), t)
            leaf = getattr(fn, "variable", None)  # AccumulateGrad holds its leaf
            if leaf is not None:
                seen[id(leaf)] = leaf
                dot.node(str(id(leaf)), var_label(leaf), fillcolor="lightblue")
                dot.edge(str(id(leaf)), str(id(fn)))
            dot.node(str(id(fn)), _fn_label(fn, show_attrs, max_attr_chars))
            children = [u[0] for u in getattr(fn, "next_functions", ()) if u[0] is not None]
            for child in children:
                dot.edge(str(id(child)), str(id(fn)))
            stack.extend(reversed(children))

    def add_base_tensor(t, color="darkolivegreen1"):
        if id(t) in seen:
            return
        seen[id(t)] = t
        dot.node(str(id(t)), var_label(t), fillcolor=color)
        if t.grad_fn is not None:
            add_nodes(t.grad_fn)
            dot.edge(str(id(t.grad_fn)), str(id(t)))
        base = getattr(t, "_base", None)  # a view also shows the tensor it views
        if base is not None:
            add_base_tensor(base, color="darkolivegreen3")
            dot.edge(str(id(base)), str(id(t)), style="dotted")

    for t in var if isinstance(var, tuple) else (var,):
        add_base_tensor(t)
    _resize_graph(dot)
    return dot


def _resize_graph(dot, size_per_element=0.15, min_size=12):
    """Grow the drawing size with the number of DOT statements (torchviz's rule)."""
    size = max(min_size, len(dot.body) * size_per_element)
    dot.graph_attr.update(size=str(size) + "," + str(size))
