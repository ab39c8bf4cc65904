"""The reference's claims, side by side on torch and the engine: 1. Leaves, requires_grad, grad_fn.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest
import torch

from engine_helpers import (dtype_name, node_name,
                            raises, to_np)
from semantics_helpers import F, f64


# =============================================================================================
# 1. Leaves, requires_grad, grad_fn
# =============================================================================================

def test_leaf_definition(lib):
    x = lib.ones(3, requires_grad=True)
    assert x.is_leaf and x.grad_fn is None
    y = x * 2
    assert not y.is_leaf and y.requires_grad and y.grad_fn is not None
    with lib.no_grad():
        z = x * 2
    assert z.is_leaf and z.grad_fn is None and not z.requires_grad
    d = y.detach()
    assert d.is_leaf and d.grad_fn is None and not d.requires_grad


@pytest.mark.parametrize("rg_a,rg_b", [(False, False), (True, False), (False, True), (True, True)])
def test_requires_grad_propagation(lib, rg_a, rg_b):
    a = lib.ones(2, requires_grad=rg_a)
    b = lib.ones(2, requires_grad=rg_b)
    assert (a * b).requires_grad == (rg_a or rg_b)
    with lib.no_grad():
        assert not (a * b).requires_grad


def test_integer_and_bool_outputs_never_require_grad(lib):
    x = f64(lib, [1.0, -2.0, 3.0])
    assert dtype_name(x > 0) == "bool" and not (x > 0).requires_grad
    idx = x.max(dim=0)[1]
    assert dtype_name(idx) == "int64" and not idx.requires_grad


def test_python_scalars_are_not_graph_edges(lib):
    """(x*w+c).sum(): the reference's next_functions chain, with (None, 0) for the constant c."""
    x, w = f64(lib, [1.0, 2.0]), f64(lib, [3.0, 4.0])
    c = lib.tensor([1.0, 1.0], dtype=lib.float64)
    y = (x * w + c).sum()
    s = y.grad_fn
    assert type(s).__name__ == "SumBackward0"
    (add, i0), = s.next_functions
    assert type(add).__name__ == "AddBackward0" and i0 == 0
    (mul, j0), (none, j1) = add.next_functions
    assert type(mul).__name__ == "MulBackward0" and none is None and (j0, j1) == (0, 0)
    (acc_x, _), (acc_w, _) = mul.next_functions
    assert type(acc_x).__name__ == type(acc_w).__name__ == "AccumulateGrad"
    assert acc_x.variable is x and acc_w.variable is w
    # A Python scalar is a wrapped number, not a graph edge: it shows as (None, 0) (1-x has none).
    for make in (lambda t: t * 2, lambda t: 2 * t, lambda t: t + 3, lambda t: 1 - t):
        got = [(None if f is None else type(f).__name__, i) for f, i in make(x).grad_fn.next_functions]
        want = [(None if f is None else type(f).__name__, i)
                for f, i in make(torch.ones(2, requires_grad=True)).grad_fn.next_functions]
        assert got == want


def test_integer_tensor_cannot_require_grad(lib):
    with raises(RuntimeError, "Only Tensors of floating point and complex dtype can require gradients"):
        lib.tensor([1, 2], requires_grad=True)
    with raises(RuntimeError, "only Tensors of floating point dtype can require gradients"):
        lib.tensor([1, 2]).requires_grad_()


def _grad_fn_cases():
    """(id, build(lib) -> tensor, expected top grad_fn name), from the reference's name list."""
    def x(L, n=3):
        return L.tensor(np.linspace(0.5, 1.5, n), requires_grad=True)

    def M(L, r=2, c=2):
        return L.tensor(np.arange(1.0, 1.0 + r * c).reshape(r, c), requires_grad=True)

    return [
        ("x+a", lambda L: x(L) + x(L), "AddBackward0"),
        ("x+1", lambda L: x(L) + 1, "AddBackward0"),
        ("1+x", lambda L: 1 + x(L), "AddBackward0"),
        ("x-a", lambda L: x(L) - x(L), "SubBackward0"),
        ("1-x", lambda L: 1 - x(L), "RsubBackward1"),
        ("x*a", lambda L: x(L) * x(L), "MulBackward0"),
        ("x*2", lambda L: x(L) * 2, "MulBackward0"),
        ("x/a", lambda L: x(L) / x(L), "DivBackward0"),
        ("x/2", lambda L: x(L) / 2, "DivBackward0"),
        ("1/x", lambda L: 1 / x(L), "MulBackward0"),
        ("x**2", lambda L: x(L) ** 2, "PowBackward0"),
        ("x**0.5", lambda L: x(L) ** 0.5, "PowBackward0"),
        ("x**t", lambda L: x(L) ** x(L), "PowBackward1"),
        ("2**x", lambda L: 2 ** x(L), "PowBackward2"),
        ("-x", lambda L: -x(L), "NegBackward0"),
        ("exp", lambda L: x(L).exp(), "ExpBackward0"),
        ("tanh", lambda L: x(L).tanh(), "TanhBackward0"),
        ("relu", lambda L: x(L).relu(), "ReluBackward0"),
        ("M@M", lambda L: M(L) @ M(L), "MmBackward0"),
        ("linear-nobias", lambda L: F(L).linear(M(L), M(L)), "MmBackward0"),
        ("linear-bias", lambda L: F(L).linear(M(L), M(L), x(L, 2)), "AddmmBackward0"),
        ("M@v", lambda L: M(L) @ x(L, 2), "MvBackward0"),
        ("v@v", lambda L: x(L) @ x(L), "DotBackward0"),
        ("3d@2d", lambda L: M(L, 4, 2).reshape(2, 2, 2) @ M(L), "UnsafeViewBackward0"),
        ("sum()", lambda L: M(L).sum(), "SumBackward0"),
        ("sum(0)", lambda L: M(L).sum(0), "SumBackward1"),
        ("mean()", lambda L: M(L).mean(), "MeanBackward0"),
        ("mean(1)", lambda L: M(L).mean(1), "MeanBackward1"),
        ("reshape", lambda L: M(L).reshape(4), "ViewBackward0"),
        ("view", lambda L: M(L).view(4), "ViewBackward0"),
        ("reshape-noncontig", lambda L: M(L).T.reshape(4), "UnsafeViewBackward0"),
        ("transpose", lambda L: M(L).transpose(0, 1), "TransposeBackward0"),
        ("M.T", lambda L: M(L).T, "PermuteBackward0"),
        ("permute", lambda L: M(L).permute(1, 0), "PermuteBackward0"),
        ("x[0]", lambda L: x(L)[0], "SelectBackward0"),
        ("M[0,1]", lambda L: M(L)[0, 1], "SelectBackward0"),
        ("x[1:]", lambda L: x(L)[1:], "SliceBackward0"),
        ("x[idx]", lambda L: x(L)[L.tensor([0, 2])], "IndexBackward0"),
        ("x[mask]", lambda L: x(L)[L.tensor([True, False, True])], "IndexBackward0"),
        ("cat", lambda L: L.cat([x(L), x(L)]), "CatBackward0"),
        ("stack", lambda L: L.stack([x(L), x(L)]), "StackBackward0"),
        ("max()", lambda L: x(L).max(), "MaxBackward1"),
        ("min()", lambda L: x(L).min(), "MinBackward1"),
        ("max(dim=1).values", lambda L: M(L).max(dim=1).values, "MaxBackward0"),
        ("clamp(a,b)", lambda L: x(L).clamp(0.7, 1.2), "ClampBackward1"),
        ("clamp(min=0)", lambda L: x(L).clamp(min=0), "ClampBackward1"),
        ("where", lambda L: L.where(L.tensor([True, False, True]), x(L), x(L)), "WhereBackward0"),
        ("softmax", lambda L: x(L).softmax(0), "SoftmaxBackward0"),
        ("log_softmax", lambda L: x(L).log_softmax(0), "LogSoftmaxBackward0"),
        ("cross_entropy", lambda L: F(L).cross_entropy(M(L), L.tensor([0, 1])), "NllLossBackward0"),
        ("mse_loss", lambda L: F(L).mse_loss(x(L), x(L)), "MseLossBackward0"),
    ]


@pytest.mark.parametrize("build,expected", [pytest.param(b, e, id=i) for i, b, e in _grad_fn_cases()])
def test_grad_fn_names(lib, build, expected):
    assert node_name(build(lib)) == expected


def test_grad_fn_second_level_names(lib):
    """1/x is MulBackward0 over ReciprocalBackward0; cross_entropy is NllLoss over LogSoftmax."""
    x = f64(lib, [1.0, 2.0])
    assert type((1 / x).grad_fn.next_functions[0][0]).__name__ == "ReciprocalBackward0"
    ce = F(lib).cross_entropy(f64(lib, [[1.0, 2.0]]), lib.tensor([1]))
    assert type(ce.grad_fn.next_functions[0][0]).__name__ == "LogSoftmaxBackward0"


def test_max_dim_returns_values_and_indices(lib):
    m = f64(lib, [[1.0, 3.0, 2.0], [5.0, 4.0, 6.0]])
    r = m.max(dim=1)
    assert to_np(r.values).tolist() == [3.0, 6.0] and to_np(r.indices).tolist() == [1, 2]
    values, indices = r  # it is a tuple too
    assert to_np(values).tolist() == [3.0, 6.0] and to_np(indices).tolist() == [1, 2]


# What each node saves, probed through the version check (the reference's list for section 6).
SAVES = [  # op, domain-safe input, saves input?, saves output?
    ("exp", lambda t: t.exp(), False, True),
    ("tanh", lambda t: t.tanh(), False, True),
    ("sigmoid", lambda t: t.sigmoid(), False, True),
    ("relu", lambda t: t.relu(), False, True),
    ("sqrt", lambda t: t.sqrt(), False, True),
    ("softmax", lambda t: t.softmax(0), False, True),
    ("log_softmax", lambda t: t.log_softmax(0), False, True),
    ("log", lambda t: t.log(), True, False),
    ("sin", lambda t: t.sin(), True, False),
    ("abs", lambda t: t.abs(), True, False),
    ("clamp", lambda t: t.clamp(0.0, 5.0), True, False),
    ("pow", lambda t: t ** 3, True, False),
    ("mul-scalar", lambda t: t * 2, False, False),
    ("add", lambda t: t + 1, False, False),
    ("sum", lambda t: t.sum(), False, False),
    ("mean", lambda t: t.mean(), False, False),
    ("neg", lambda t: -t, False, False),
]


@pytest.mark.parametrize("fn,saves_input,saves_output",
                         [pytest.param(f, i, o, id=n) for n, f, i, o in SAVES])
@pytest.mark.parametrize("modify", ["input", "output"])
def test_what_each_node_saves(lib, fn, saves_input, saves_output, modify):
    x = f64(lib, [0.5, 1.0, 2.0])
    a = x.clone()  # a non-leaf, so it may be modified in place
    y = fn(a)
    (a if modify == "input" else y).mul_(1.5)
    should_raise = saves_input if modify == "input" else saves_output
    if should_raise:
        with raises(RuntimeError, "one of the variables needed for gradient computation has been "
                                  "modified by an inplace operation", "prefix"):
            y.sum().backward()
    else:
        y.sum().backward()


def test_mul_saves_both_tensor_operands(lib):
    for which in (0, 1):
        a, b = f64(lib, [1.0, 2.0]).clone(), f64(lib, [3.0, 4.0]).clone()
        y = a * b
        (a, b)[which].add_(1)
        with raises(RuntimeError, "one of the variables needed", "prefix"):
            y.sum().backward()


def test_add_and_cat_save_nothing(lib):
    a, b = f64(lib, [1.0, 2.0]).clone(), f64(lib, [3.0, 4.0]).clone()
    y = lib.cat([a + b, a])
    a.add_(1)
    b.add_(1)
    y.sum().backward()  # no error: nothing was saved
