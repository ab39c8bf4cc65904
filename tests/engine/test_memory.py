"""Memory: saved arrays are released by backward (no reference cycles needed), and very deep graphs
backpropagate and are freed without hitting Python's recursion limit.

Saved tensors are probed through numpy arrays wrapped with ``from_numpy`` (which shares memory and
so keeps the array alive exactly as long as some tensor uses its storage): a weakref to the array
dies once the graph drops the tensor it saved. gc is disabled while probing, so plain reference
counting must do the freeing.
"""

import gc
import subprocess
import sys
import textwrap
import weakref

import numpy as np
import pytest


@pytest.fixture
def no_gc():
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _graph_saving_array(lib):
    """loss = exp(x * c).sum() with c wrapping a numpy array that exists nowhere else.

    MulBackward0 saves c (it needs it for d/dx), so only the graph keeps the array alive."""
    arr = np.linspace(0.5, 1.5, 4)
    ref = weakref.ref(arr)
    x = lib.tensor(np.ones(4), dtype=lib.float64, requires_grad=True)
    loss = (x * lib.from_numpy(arr)).exp().sum()
    return x, loss, ref


def _function_saving_array(lib):
    """A custom Function whose ctx saves a tensor made inside forward from a fresh numpy array."""
    refs = []

    class Scale(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            buf = np.full(x.shape, 3.0)
            refs.append(weakref.ref(buf))
            k = lib.from_numpy(buf)
            ctx.save_for_backward(k)
            return x * k

        @staticmethod
        def backward(ctx, g):
            (k,) = ctx.saved_tensors
            return g * k

    x = lib.tensor(np.ones(3), dtype=lib.float64, requires_grad=True)
    loss = Scale.apply(x).sum()
    return x, loss, refs[0]


def test_from_numpy_shares_memory(lib):
    """The probes below rely on this: from_numpy wraps the array itself, it does not copy."""
    arr = np.zeros(3)
    t = lib.from_numpy(arr)
    arr[1] = 7.0
    assert t.tolist() == [0.0, 7.0, 0.0]


BUILDERS = {"mul-saves-constant": _graph_saving_array, "function-ctx": _function_saving_array}


@pytest.mark.parametrize("build", list(BUILDERS.values()), ids=list(BUILDERS))
def test_backward_releases_saved_arrays(lib, no_gc, build):
    x, loss, ref = build(lib)
    assert ref() is not None, "the graph must keep the saved array alive before backward"
    loss.backward(retain_graph=True)
    assert ref() is not None, "retain_graph=True keeps the saved array"
    loss.backward()
    assert ref() is None, "backward() without retain_graph must release the saved array"
    assert x.grad is not None


@pytest.mark.parametrize("build", list(BUILDERS.values()), ids=list(BUILDERS))
def test_autograd_grad_releases_saved_arrays(lib, no_gc, build):
    x, loss, ref = build(lib)
    lib.autograd.grad(loss, x)
    assert ref() is None, "autograd.grad() without retain_graph must release the saved array"


@pytest.mark.parametrize("build", list(BUILDERS.values()), ids=list(BUILDERS))
def test_dropping_the_loss_frees_the_graph(lib, no_gc, build):
    x, loss, ref = build(lib)
    del loss
    assert ref() is None, "the graph must be freed by reference counting alone (no cycles)"


def test_hundred_thousand_node_chain_backward(lib):
    """Backward over a 100k-node chain: an iterative engine, no recursion-limit tricks."""
    limit = sys.getrecursionlimit()
    x = lib.tensor(1.0, dtype=lib.float64, requires_grad=True)
    y = x
    for _ in range(100_000):
        y = y + 1.0
    y.backward()
    assert x.grad.item() == 1.0
    assert sys.getrecursionlimit() == limit, "the engine must not raise the recursion limit"


@pytest.mark.parametrize("libname", ["torch", "autograd_core"])
def test_dropping_a_hundred_thousand_deep_graph(ag, libname):
    """Dropping the only reference to a 100k-deep graph (no backward) must not crash or raise.

    Run in a subprocess so that a C stack overflow in deallocation fails the test instead of
    killing the test run."""
    if libname == "autograd_core" and ag.__name__ == "torch":
        pytest.skip("AUTOGRAD_ENGINE=torch: the engine is torch, covered by the torch case")
    code = textwrap.dedent(f"""
        import sys, gc, warnings
        warnings.simplefilter("error")  # "Exception ignored in ..." during dealloc shows as output
        import {libname} as lib
        x = lib.tensor(1.0, dtype=lib.float64, requires_grad=True)
        y = x
        for _ in range(100_000):
            y = y * 1.0
        del y
        gc.collect()
        print("freed")
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "freed", (
        f"rc={proc.returncode}\nstdout={proc.stdout[-2000:]}\nstderr={proc.stderr[-2000:]}")
    assert "RecursionError" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr[-2000:]


# ----------------------------------------------------------------------------- .grad takes the gradient
# Like torch's AccumulateGrad, the engine lets a leaf's first .grad take the gradient array without a
# copy when the pass made it and handed it to no one else; every other case must copy, or two
# tensors would alias.

def test_leaf_takes_its_gradient_without_a_copy(ag, monkeypatch):
    """White-box: the matmul rule's own result array becomes a.grad (watched through the rule,
    since a hook on a would itself be a holder that forces a copy)."""
    rule = ag._vjps.RULES["matmul"]
    original, made = rule.fn, []

    def watched(*args, **kwargs):
        out = original(*args, **kwargs)
        made.extend(weakref.ref(g) for g in out if g is not None)
        return out

    monkeypatch.setattr(rule, "fn", watched)
    a = ag.tensor(np.ones((4, 4)), requires_grad=True)
    b = ag.tensor(np.full((4, 4), 2.0))
    (a @ b).sum().backward()
    assert any(ref() is a.grad._data for ref in made), "the leaf's first gradient was copied instead of taken"


def test_a_hooked_leaf_gradient_is_copied(ag):
    """A leaf hook sees the gradient and may keep it: .grad then gets its own copy."""
    a = ag.tensor(np.ones((4, 4)), requires_grad=True)
    seen = []
    a.register_hook(lambda g: seen.append(g))
    (a @ ag.tensor(np.full((4, 4), 2.0))).sum().backward()
    a.grad.add_(1)
    assert seen[0].tolist() == [[8.0] * 4] * 4


def test_one_gradient_given_to_two_leaves_is_not_shared(lib):
    a = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
    b = lib.tensor([3.0, 4.0], dtype=lib.float64, requires_grad=True)
    (a + b).sum().backward()                 # add's backward hands the same gradient to both
    a.grad.add_(1)
    assert b.grad.tolist() == [1.0, 1.0]


def test_a_gradient_kept_by_a_hook_is_not_the_leafs_grad(lib):
    a = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
    kept = []
    a.register_hook(lambda g: kept.append(g))
    (a * 3).sum().backward()
    a.grad.add_(1)
    assert kept[0].tolist() == [3.0, 3.0]


def test_retained_and_leaf_gradients_do_not_alias(lib):
    x = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
    y = x.clone()                            # clone's backward passes the gradient on unchanged
    y.retain_grad()
    y.sum().backward()
    x.grad.add_(1)
    assert y.grad.tolist() == [1.0, 1.0]


def test_the_gradient_argument_of_backward_is_not_taken(lib):
    x = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
    v = lib.tensor([5.0, 6.0], dtype=lib.float64)
    x.backward(v)
    x.grad.add_(1)
    assert v.tolist() == [5.0, 6.0]
