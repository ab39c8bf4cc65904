"""The bugs teaching reimplementations classically have (see style-anchors.md and the reference's
"most often wrong" list), each pinned by a test that a buggy engine fails.
"""

import time

import numpy as np
import pytest
import torch

from engine_helpers import assert_same_tensor, to_np


def f64(lib, data):
    return lib.tensor(data, dtype=lib.float64, requires_grad=True)


def test_node_used_twice_gets_summed_gradient(lib):
    x = f64(lib, [3.0, -2.0])
    (x * x).sum().backward()
    assert to_np(x.grad).tolist() == [6.0, -4.0], "d(x*x)/dx = 2x, not x"


def test_shared_subgraph(lib):
    x = f64(lib, [0.5, 1.5])
    h = x.exp()  # used by two branches
    ((h * 2) + h.sin() + h).sum().backward()
    e = np.exp([0.5, 1.5])
    np.testing.assert_allclose(to_np(x.grad), (2 + np.cos(e) + 1) * e, rtol=1e-12)


def test_gradients_accumulate_across_backward_calls(lib):
    x = f64(lib, [1.0, 2.0])
    (x * 2).sum().backward()
    (x * 5).sum().backward()
    assert to_np(x.grad).tolist() == [7.0, 7.0], ".grad must add, not overwrite"


def test_backward_twice_through_reused_node_sums_correctly(lib):
    """Not idempotent by design: a second backward (retain_graph) adds the same gradient again."""
    x = f64(lib, [2.0])
    y = (x * x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert to_np(x.grad).tolist() == [24.0]


def _counting_identity(lib, counter):
    class Count(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, g):
            counter.append(to_np(g).tolist())
            return g

    return Count


def test_diamond_visits_each_node_once(lib):
    """a -> (b, c) -> d: the node for `a` runs once, with the summed gradient, after both branches."""
    calls = []
    Count = _counting_identity(lib, calls)
    x = f64(lib, [1.0, 2.0])
    a = Count.apply(x)
    hook_calls = []
    a.register_hook(lambda g: hook_calls.append(to_np(g).tolist()))
    b, c = a * 2, a * 3
    (b + c).sum().backward()
    assert calls == [[5.0, 5.0]], f"Count.backward ran {len(calls)} times: {calls}"
    assert hook_calls == [[5.0, 5.0]], f"the hook ran {len(hook_calls)} times: {hook_calls}"
    assert to_np(x.grad).tolist() == [5.0, 5.0]


def test_deep_shared_ladder_is_linear_time(lib):
    """Each of 60 levels uses the previous level twice: 2^60 paths, so a per-path (recursive,
    per-input) backward never finishes; a topological one makes 60 steps."""
    calls = []
    Count = _counting_identity(lib, calls)
    x = f64(lib, [1.0])
    y = Count.apply(x)
    for _ in range(60):
        y = y + y
    start = time.perf_counter()
    y.sum().backward()
    elapsed = time.perf_counter() - start
    assert len(calls) == 1, "the bottom node must run once"
    assert to_np(x.grad).tolist() == [2.0 ** 60]  # exact in float64
    assert elapsed < 2.0, f"backward over 60 levels took {elapsed:.2f}s"


def test_zero_grad_then_backward_starts_fresh(lib):
    w = f64(lib, [1.0, 2.0])
    opt = lib.optim.SGD([w], lr=0.1)
    (w * w).sum().backward()
    opt.zero_grad()
    assert w.grad is None, "zero_grad sets .grad to None (set_to_none=True), not zeros"
    (w * 3).sum().backward()
    assert to_np(w.grad).tolist() == [3.0, 3.0]


def test_size_one_dims_kept_when_reducing_broadcast_grads(lib):
    b = f64(lib, [[1.0], [2.0]])  # (2, 1)
    m = f64(lib, np.ones((2, 3)))
    (m * b).sum().backward()
    assert tuple(b.grad.shape) == (2, 1) and to_np(b.grad).tolist() == [[3.0], [3.0]]


def test_constants_are_not_graph_edges(lib):
    x = f64(lib, [1.0])
    y = x * 2 + 3
    assert len(y.grad_fn.next_functions) == len((torch.ones(1, requires_grad=True) * 2 + 3)
                                               .grad_fn.next_functions)


def test_second_backward_of_graph_without_saved_tensors(lib):
    x = f64(lib, [1.0])
    y = (x + x).sum()
    y.backward()
    y.backward()  # nothing was saved, nothing was freed: allowed
    assert to_np(x.grad).tolist() == [4.0]


def test_inplace_check_is_per_saved_tensor(lib):
    """Modifying a tensor that no node saved is fine even if other tensors were saved."""
    x = f64(lib, [1.0, 2.0])
    a = x.clone()
    unsaved = x * 1
    y = a.exp() + unsaved  # exp saves its output, add saves nothing
    unsaved.add_(1)
    y.sum().backward()
    np.testing.assert_allclose(to_np(x.grad), np.exp([1.0, 2.0]) + 1)


@pytest.mark.parametrize("dims", [(0,), (1,), (0, 1)], ids=str)
def test_mean_grad_divides_by_reduced_count(ag, dims):
    got, want = (f64(L, np.arange(6.0).reshape(2, 3)) for L in (ag, torch))
    for t in (got, want):
        t.mean(dim=dims).sum().backward()
    assert_same_tensor(got.grad, want.grad, f"mean{dims} grad")
