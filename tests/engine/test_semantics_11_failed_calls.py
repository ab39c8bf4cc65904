"""The reference's claims, side by side on torch and the engine: Failed calls leave .grad as it was.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest
import torch

from engine_helpers import (to_np)
from semantics_helpers import _make_fn, f64


# =============================================================================================
# Failed calls leave .grad as it was
# =============================================================================================

def _snapshot(ts):
    return [None if t.grad is None else (t.grad, to_np(t.grad)) for t in ts]


def _intact(ts, snap):
    return [(s is None and t.grad is None) or
            (s is not None and t.grad is s[0] and np.array_equal(to_np(t.grad), s[1]))
            for t, s in zip(ts, snap)]


def _failing_calls(lib):
    """name -> (leaves, failing call, expected exception type)."""
    def wrong_shape():
        a = f64(lib, [1.0, 2.0, 3.0])
        (a * 2).sum().backward()
        return [a], lambda: (a * 2).backward(lib.ones(2)), RuntimeError

    def wrong_count():
        Bad = _make_fn(lib, "Bad", lambda ctx, g: (g,))
        a, b, z = f64(lib, [1.0, 2.0]), f64(lib, [3.0, 4.0]), f64(lib, [5.0, 6.0])
        (a + b + z).sum().backward()
        return [a, b, z], lambda: (Bad.apply(a * 2, b) + z + a).sum().backward(), RuntimeError

    def hook_raises():
        a, z = f64(lib, [1.0, 2.0]), f64(lib, [3.0, 4.0])
        (a + z).sum().backward()
        h = a * 2

        def boom(g):
            raise ValueError("boom")

        h.register_hook(boom)
        return [a, z], lambda: (h + z).sum().backward(), ValueError

    def second_time():
        a, z = f64(lib, [1.0]), f64(lib, [2.0])
        y = (a.exp() * z).sum()
        y.backward()
        return [a, z], lambda: y.backward(), RuntimeError

    return {"wrong-shape-gradient": wrong_shape, "function-wrong-count": wrong_count,
            "hook-raises": hook_raises, "second-backward": second_time}


@pytest.mark.parametrize("case", ["wrong-shape-gradient", "function-wrong-count", "hook-raises",
                                  "second-backward"])
def test_failed_backward_leaves_grad_intact(ag, case):
    """For every leaf that torch leaves untouched after the failure, the engine must too."""
    results = []
    for lib in (torch, ag):
        ts, call, exc = _failing_calls(lib)[case]()
        snap = _snapshot(ts)
        with pytest.raises(exc):
            call()
        results.append(_intact(ts, snap))
    want, got = results
    for i, (w, g) in enumerate(zip(want, got)):
        if w:
            assert g, f"{case}: leaf {i}'s .grad changed, torch leaves it as it was (intact: {got})"


# =============================================================================================
# repr
# =============================================================================================

@pytest.mark.parametrize("build", [
    lambda L: L.tensor([5.0, 5.0]),
    lambda L: (L.tensor([2.0, 3.0], requires_grad=True) * 2).sum() + 4,
    lambda L: L.tensor(14.0, requires_grad=True),
    lambda L: L.tensor([[1.0, 2.5], [3.0, 4.0]], dtype=L.float64),
    lambda L: L.tensor([1, 2, 3]),
    lambda L: L.tensor([True, False]),
    lambda L: L.tensor([0.1, 2.0]) * L.tensor([1.0, 1.0], requires_grad=True),
    lambda L: L.tensor([1.0, 2.0], dtype=L.float64, requires_grad=True).exp(),
], ids=["vector", "scalar-grad_fn", "leaf-rg", "f64-matrix", "int64", "bool", "mul", "f64-exp"])
def test_repr_matches_torch(ag, build):
    assert repr(build(ag)) == repr(build(torch))


def test_reference_seed_reprs(lib):
    """Reference 10(a)-(b): d/dx of x^3+2x at 1 and of x^2+x at 2 print as tensor([5., 5.])."""
    x2 = lib.tensor([1.0, 2.0], requires_grad=True)
    z = x2[0] ** 3 + 2 * x2[0] + x2[1] ** 2 + x2[1]
    z.backward()
    assert repr(x2.grad) == "tensor([5., 5.])"
    s = (lib.tensor([3.0, 4.0], requires_grad=True) * 2).sum() + 0
    assert repr(s) == "tensor(14., grad_fn=<AddBackward0>)"
