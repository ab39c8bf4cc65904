"""autograd_core.viz.make_dot: the drawn graph is the backward graph, labelled like torchviz."""
import re
import shutil

import numpy as np
import pytest

graphviz = pytest.importorskip("graphviz", reason="make_dot builds a graphviz.Digraph")
torch = pytest.importorskip("torch", reason="node names are compared with PyTorch's")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")

make_dot = ac.viz.make_dot


def parse(dot):
    """(nodes, edges) of a Digraph: nodes {id: (label, fillcolor)}, edges [(src, dst, attrs)]."""
    nodes, edges = {}, []
    for line in dot.body:
        line = line.strip()
        m = re.match(r'^(\d+) -> (\d+)(?: \[(.*)\])?$', line)
        if m:
            edges.append((m.group(1), m.group(2), m.group(3) or ""))
            continue
        m = re.match(r'^(\d+) \[label=(".*?"|\S+)(?: fillcolor=(\S+))?\]$', line, re.S)
        assert m, f"unexpected DOT line: {line!r}"
        nodes[m.group(1)] = (m.group(2).strip('"'), m.group(3))
    return nodes, edges


def walk(t):
    """Independent BFS over grad_fn/next_functions: (node-name multiset, edge count)."""
    names, edges, seen, queue = [], 0, set(), [t.grad_fn]
    while queue:
        fn = queue.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        names.append(type(fn).__name__)
        for child, _ in fn.next_functions:
            if child is not None:
                edges += 1
                queue.append(child)
    return sorted(names), edges


def build(lib):
    lib.manual_seed(0)
    model = lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.Tanh(), lib.nn.Linear(4, 2))
    x = lib.ones(5, 3)
    return model, lib.nn.functional.mse_loss(model(x), lib.zeros(5, 2))


def test_returns_digraph_that_jupyter_renders():
    model, loss = build(ac)
    dot = make_dot(loss, params=dict(model.named_parameters()))
    assert isinstance(dot, graphviz.Digraph)
    assert hasattr(dot, "_repr_mimebundle_")  # what JupyterLab calls to show it inline
    assert "digraph" in dot.source


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's `dot` binary is not installed")
def test_renders_svg_with_parameter_names():
    model, loss = build(ac)
    dot = make_dot(loss, params=dict(model.named_parameters()))
    svg = dot._repr_mimebundle_()["image/svg+xml"]  # what Jupyter displays inline
    assert svg == dot.pipe(format="svg").decode()
    assert svg.lstrip().startswith(("<?xml", "<svg"))
    for name in ("0.weight", "0.bias", "2.weight", "2.bias", "MseLossBackward0"):
        assert name in svg


def test_graph_matches_the_backward_graph_and_torch():
    model, loss = build(ac)
    t_model, t_loss = build(torch)
    dot = make_dot(loss, params=dict(model.named_parameters()))
    nodes, edges = parse(dot)
    fn_names = sorted(label for label, color in nodes.values() if color is None)
    names, n_edges = walk(loss)
    assert fn_names == names, "one box per backward node"
    assert names == walk(t_loss)[0], "the core's graph has torch's node names"
    # Edges: every next_functions edge, plus leaf -> AccumulateGrad and grad_fn -> output.
    n_leaves = sum(1 for _, c in nodes.values() if c == "lightblue")
    assert len(edges) == n_edges + n_leaves + 1


def test_leaves_are_blue_with_names_and_shapes_output_green():
    model, loss = build(ac)
    nodes, edges = parse(make_dot(loss, params=dict(model.named_parameters())))
    leaves = sorted(label for label, color in nodes.values() if color == "lightblue")
    assert leaves == sorted(["0.weight\n (4, 3)", "0.bias\n (4)", "2.weight\n (2, 4)",
                             "2.bias\n (2)"])
    green = [label for label, color in nodes.values() if color == "darkolivegreen1"]
    assert green == ["\n ()"]
    out_id = next(i for i, (_, c) in nodes.items() if c == "darkolivegreen1")
    assert [nodes[s][0] for s, d, _ in edges if d == out_id] == ["MseLossBackward0"]
    for leaf_id, (label, color) in nodes.items():
        if color == "lightblue":
            assert [nodes[d][0] for s, d, _ in edges if s == leaf_id] == ["AccumulateGrad"]


def test_unnamed_leaf_shows_shape_only_and_shared_node_once():
    a = ac.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (a * a).sum()
    nodes, edges = parse(make_dot(y))
    assert sorted(l for l, c in nodes.values() if c is None) == \
        ["AccumulateGrad", "MulBackward0", "SumBackward0"]
    assert [l for l, c in nodes.values() if c == "lightblue"] == ["\n (3)"]
    acc = next(i for i, (l, _) in nodes.items() if l == "AccumulateGrad")
    assert sum(1 for s, _, _ in edges if s == acc) == 2, "a used twice: two edges, one node"


def test_tuple_of_outputs_and_no_grad_fn():
    a = ac.tensor([1.0, 2.0], requires_grad=True)
    y1, y2 = a.exp(), a.sin()
    nodes, _ = parse(make_dot((y1, y2), params={"a": a}))
    assert sum(1 for _, c in nodes.values() if c == "darkolivegreen1") == 2
    assert [l for l, c in nodes.values() if c == "lightblue"] == ["a\n (2)"]
    nodes, edges = parse(make_dot(ac.tensor([1.0])))
    assert len(nodes) == 1 and not edges


def test_deep_graph_does_not_recurse():
    x = ac.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(3000):
        y = y * 1.0
    nodes, _ = parse(make_dot(y))
    assert sum(1 for l, _ in nodes.values() if l == "MulBackward0") == 3000


def test_params_must_be_tensors_and_show_attrs_keeps_names():
    a = ac.tensor([1.0], requires_grad=True)
    with pytest.raises(TypeError, match="params must map names to Tensors"):
        make_dot(a * 2, params={"a": np.ones(1)})
    dot = make_dot((a * 2).exp(), show_attrs=True, show_saved=True)
    nodes, _ = parse(dot)
    assert any(l.startswith("MulBackward0") for l, _ in nodes.values())
    assert "bound method" not in dot.source, "helper methods are not saved attributes"
