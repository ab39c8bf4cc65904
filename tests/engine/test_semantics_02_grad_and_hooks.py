"""The reference's claims, side by side on torch and the engine: 2. .grad, retain_grad, hooks.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import random

import pytest
import torch

import autograd_core
from engine_helpers import (find_warning, raises, record_warnings, to_np)
from semantics_helpers import CREATE_GRAPH_CYCLE, NONLEAF_GRAD, f64


# =============================================================================================
# 2. .grad, retain_grad, hooks
# =============================================================================================

def test_nonleaf_grad_warns_and_is_none(lib):
    y = f64(lib, [1.0]) * 2
    with record_warnings() as caught:
        assert y.grad is None
    find_warning(caught, UserWarning, NONLEAF_GRAD)


def test_grad_accumulates_in_place(lib):
    x = f64(lib, [1.0, 2.0])
    assert x.grad is None  # never initialised to zeros
    (x * 3).sum().backward()
    g = x.grad
    (x * 3).sum().backward()
    assert x.grad is g, ".grad must be updated in place (same object)"
    assert to_np(g).tolist() == [6.0, 6.0]


def test_grad_under_create_graph_is_out_of_place_and_differentiable(lib):
    x = f64(lib, [1.0, 2.0])
    (x * x).sum().backward()
    g = x.grad
    with record_warnings() as caught:
        (x * x).sum().backward(create_graph=True)
    find_warning(caught, UserWarning, CREATE_GRAPH_CYCLE)
    assert x.grad is not g and x.grad.grad_fn is not None
    assert to_np(x.grad).tolist() == [4.0, 8.0]
    assert to_np(g).tolist() == [2.0, 4.0], "the old .grad object was modified"


def test_tensor_used_twice_gets_summed_gradient(lib):
    x = f64(lib, [3.0])
    (x * x + x).sum().backward()
    assert to_np(x.grad).tolist() == [7.0]


def test_retain_grad(lib):
    x = f64(lib, [1.0, 2.0])
    y = x * 2
    y.retain_grad()
    x.retain_grad()  # no-op on a leaf
    (y * y).sum().backward(retain_graph=True)
    assert to_np(y.grad).tolist() == [4.0, 8.0]
    g = y.grad
    (y * y).sum().backward()
    assert to_np(y.grad).tolist() == [8.0, 16.0], "retain_grad accumulates"
    assert to_np(g).tolist() == [4.0, 8.0], "(out of place in torch: the old .grad is untouched)"
    assert to_np(x.grad).tolist() == [16.0, 32.0]


def test_hooks_run_in_order_and_chain(lib):
    x = f64(lib, [1.0, 2.0])
    y = x * 1
    seen = []
    y.register_hook(lambda g: seen.append(("first", to_np(g).tolist())) or g * 10)
    y.register_hook(lambda g: seen.append(("second", to_np(g).tolist())))  # None: keeps g
    y.register_hook(lambda g: seen.append(("third", to_np(g).tolist())) or g + 1)
    y.sum().backward()
    assert seen == [("first", [1.0, 1.0]), ("second", [10.0, 10.0]), ("third", [10.0, 10.0])]
    assert to_np(x.grad).tolist() == [11.0, 11.0], "the last returned tensor flows downstream"


def test_leaf_hook_changes_what_is_accumulated(lib):
    x = f64(lib, [1.0, 2.0])
    x.register_hook(lambda g: g * 3)
    (x * 2).sum().backward()
    assert to_np(x.grad).tolist() == [6.0, 6.0]


def test_retain_grad_hook_runs_last(lib):
    x = f64(lib, [1.0])
    y = x * 1
    y.retain_grad()  # registered first ...
    y.register_hook(lambda g: g * 5)
    y.sum().backward()
    assert to_np(y.grad).tolist() == [5.0], "... but it runs last and sees the hooked gradient"


def test_hook_on_tensor_without_grad(lib):
    with raises(RuntimeError, "cannot register a hook on a tensor that doesn't require gradient"):
        lib.ones(2).register_hook(lambda g: g)


def test_hook_changing_shape(lib):
    x = f64(lib, [1.0, 2.0, 3.0])
    y = x * 2
    y.register_hook(lambda g: g[:2])
    with raises(RuntimeError, "hook '<lambda>' has changed the size of value"):
        y.sum().backward()


def test_zero_grad_sets_none(lib):
    model = lib.nn.Linear(2, 1)
    opt = lib.optim.SGD(model.parameters(), lr=0.1)
    model(lib.ones(1, 2)).sum().backward()
    assert all(p.grad is not None for p in model.parameters())
    model.zero_grad()
    assert all(p.grad is None for p in model.parameters())
    model(lib.ones(1, 2)).sum().backward()
    opt.zero_grad()
    assert all(p.grad is None for p in model.parameters())


def test_assign_wrong_shape_grad(lib):
    x = lib.ones(2, requires_grad=True)
    with raises(RuntimeError, "attempting to assign a gradient of size '[3]' to a tensor of size "
                              "'[2]'. Please ensure that the gradient and the tensor are the same size"):
        x.grad = lib.ones(3)
    assert x.grad is None


def test_post_accumulate_grad_hook_sees_the_accumulated_grad(lib):
    """register_post_accumulate_grad_hook: called with the leaf after .grad is updated, on every
    backward (accumulating), removable; refused on a non-leaf and on a leaf without grad."""
    x = f64(lib, [1.0, 2.0])
    seen = []
    handle = x.register_post_accumulate_grad_hook(lambda t: seen.append(to_np(t.grad).tolist()))
    (x * 3).sum().backward()
    (x * x).sum().backward()
    assert seen == [[3.0, 3.0], [5.0, 7.0]]
    handle.remove()
    (x * 3).sum().backward()
    assert len(seen) == 2
    with raises(RuntimeError, "post accumulate grad hooks cannot be registered on non-leaf tensors"):
        (x * 2).register_post_accumulate_grad_hook(print)
    with raises(RuntimeError, "cannot register a hook on a tensor that doesn't require gradient"):
        lib.ones(2).register_post_accumulate_grad_hook(print)


def test_node_hooks_returning_the_wrong_count_are_refused_and_tensor_hooks_run_before_prehooks(lib):
    q, w = lib.ones(2, requires_grad=True), lib.ones(2, requires_grad=True)

    def two_of_one(gi, go):
        return (None,)

    z = q * w
    z.grad_fn.register_hook(two_of_one)
    with raises(RuntimeError, "hook 'two_of_one' has returned an incorrect number of values (got 1, but expected 2)"):
        z.sum().backward()
    z = q * w
    z.grad_fn.register_prehook(lambda go: (None, None))
    with raises(RuntimeError, "hook '<lambda>' has returned an incorrect number of values (got 2, but expected 1)"):
        z.sum().backward()
    order = []
    y = q * 2
    y.grad_fn.register_prehook(lambda go: order.append("node prehook"))
    y.register_hook(lambda g: order.append("tensor hook"))
    y.sum().backward()
    assert order == ["tensor hook", "node prehook"]
    with lib.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t) as entered:
        assert entered is None


def test_accumulate_grad_node_hooks_run_in_torchs_order(lib):
    """On a leaf's AccumulateGrad node: the tensor's hooks, the node's pre-hooks, the accumulation
    (and post-accumulate hooks), then the node's post hooks with grad_inputs=() and the gradient;
    a post hook returning values for the (no) grad_inputs is refused."""
    x = f64(lib, [1.0, 2.0])
    y = (x * 2).sum()
    acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
    assert type(acc).__name__ == "AccumulateGrad"
    calls = []
    acc.register_hook(lambda gi, go: calls.append(("node-post", gi, to_np(go[0]).tolist(), to_np(x.grad).tolist())))
    acc.register_prehook(lambda go: calls.append(("node-pre",)))
    x.register_hook(lambda g: calls.append(("tensor",)))
    x.register_post_accumulate_grad_hook(lambda t: calls.append(("post-acc",)))
    y.backward()
    assert calls == [("tensor",), ("node-pre",), ("post-acc",), ("node-post", (), [2.0, 2.0], [2.0, 2.0])]
    acc.register_hook(lambda gi, go: (go[0],))
    with raises(RuntimeError, "has returned an incorrect number of values (got 1, but expected 0)", how="contains"):
        (x * 2).sum().backward()


def _hook_order_program(lib, seed):
    """A random graph over four leaves (each op reads one or two earlier values, so leaves and
    intermediates are shared); a hook on every leaf and on every third intermediate logs when
    backward reaches it. The log is the order the engine runs the nodes in."""
    rnd = random.Random(seed)
    log = []
    leaves = [lib.tensor([0.5 + i, -1.0 + i], dtype=lib.float64, requires_grad=True)
              for i in range(4)]
    for i, t in enumerate(leaves):
        t.register_hook(lambda g, i=i: log.append(f"leaf {i}"))
    values = list(leaves)
    for k in range(rnd.randint(3, 9)):
        a, b = rnd.choice(values), rnd.choice(values)
        v = [lambda: a * b, lambda: a + b, lambda: a.sin(), lambda: (a * 2).exp() - b,
             lambda: a[0] * b, lambda: lib.stack([a, b]).sum(0)][rnd.randrange(6)]()
        if k % 3 == 2:
            v.register_hook(lambda g, k=k: log.append(f"value {k}"))
        values.append(v)
    roots = rnd.sample(values[4:], rnd.randint(1, 2))
    if len(roots) == 1:
        roots[0].sum().backward()
    else:
        lib.autograd.backward([r.sum() for r in roots])
    return log


@pytest.mark.parametrize("seed", range(40))
def test_backward_runs_nodes_in_torchs_order(seed):
    """torch's engine runs, of the nodes whose consumers have all run, the most recently created
    first, and a leaf's AccumulateGrad as soon as it is ready; hooks show the order."""
    ours, ref = _hook_order_program(autograd_core, seed), _hook_order_program(torch, seed)
    assert ours == ref
