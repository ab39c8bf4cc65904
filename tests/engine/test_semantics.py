"""The claims of ../shared/reference/torch-autograd-semantics.md, sections 1-9 (and the
"non-differentiable points"), that autograd_core covers, run on torch and the engine side by side.

Each test runs the same code on ``lib`` (torch, then the engine) and checks the reference's claim:
error type and exact message (or the reference's cut prefix), warning category and text, object
identity, version counters. Where a value is involved, torch computes it in the same test.
Sections of the reference that the package does not cover (inference_mode, torch.func,
detach_, split, out=, floor/sign/round) are not tested here.
"""

import inspect
import re

import numpy as np
import pytest
import torch

from engine_helpers import (assert_same_tensor, check_message, dtype_name, find_warning, node_name,
                            raises, record_warnings, to_np)

SECOND_TIME = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward.")
NONLEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field to "
    "be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access "
    "the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information.")
CREATE_GRAPH_CYCLE = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter "
    "and its gradient which can cause a memory leak. We recommend using autograd.grad when creating "
    "the graph to avoid this. If you have to use this function, make sure to reset the .grad fields "
    "of your parameters to None after use to break the cycle and avoid the leak.")
INPLACE_HINT = ("Hint: enable anomaly detection to find the operation that failed to compute its "
                "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")


def f64(lib, data, rg=True):
    return lib.tensor(data, dtype=lib.float64, requires_grad=rg)


def F(lib):
    return lib.nn.functional


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


# =============================================================================================
# 3. backward() / autograd.grad
# =============================================================================================

@pytest.mark.parametrize("shape", [(), (1,), (1, 1)], ids=str)
def test_implicit_gradient_needs_numel_1(lib, shape):
    x = f64(lib, np.full(shape, 2.0))
    (x * 3).backward()
    assert to_np(x.grad).tolist() == np.full(shape, 3.0).tolist()


def test_implicit_gradient_rejects_bigger_outputs(lib):
    with raises(RuntimeError, "grad can be implicitly created only for scalar outputs"):
        (f64(lib, [1.0, 2.0]) * 2).backward()


def test_gradient_shape_must_match_exactly(lib):
    x = f64(lib, [1.0, 2.0, 3.0])
    with raises(RuntimeError, "Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and "
                              "output[0] has a shape of torch.Size([3])."):
        (x * 2).backward(lib.ones(2))
    with raises(RuntimeError, "Mismatch in shape: grad_output[0] has a shape of torch.Size([]) and "
                              "output[0] has a shape of torch.Size([3])."):
        (x * 2).backward(lib.tensor(1.0))  # never broadcast, not even from a scalar


@pytest.mark.parametrize("gdtype", ["float64", "int64"])
def test_gradient_dtype_is_cast(lib, gdtype):
    x = lib.ones(2, requires_grad=True)  # float32
    (x * 2).backward(lib.tensor([1, 1], dtype=getattr(lib, gdtype)))
    assert dtype_name(x.grad) == "float32" and to_np(x.grad).tolist() == [2.0, 2.0]


def test_second_backward_message(lib):
    x = f64(lib, [1.0, 2.0])
    y = (x * 2).sum()
    y.backward()
    with raises(RuntimeError, SECOND_TIME):
        y.backward()


def test_second_backward_without_saved_tensors_is_allowed(lib):
    x = f64(lib, [1.0, 2.0])
    y = (x + 1).sum()
    y.backward()
    y.backward()
    assert to_np(x.grad).tolist() == [2.0, 2.0]


def test_second_backward_raised_only_at_the_freed_node(lib):
    """Only a node whose saved tensors were freed raises; branches before it already ran."""
    x, z = f64(lib, [1.0]), f64(lib, [1.0])
    y = (x.exp() + z).sum()
    y.backward()
    with raises(RuntimeError, SECOND_TIME):
        y.backward()


def test_retain_graph_defaults_to_create_graph(lib):
    x = f64(lib, [1.0, 2.0])
    y = (x * x).sum()
    with record_warnings():
        y.backward(create_graph=True)
    y.backward()  # the graph was retained
    assert to_np(x.grad).tolist() == [4.0, 8.0]


def test_backward_of_output_without_grad(lib):
    with raises(RuntimeError, "element 0 of tensors does not require grad and does not have a grad_fn"):
        lib.ones(2).sum().backward()


def test_autograd_grad_returns_tuple_and_leaves_grad_alone(lib):
    x = f64(lib, [1.0, 2.0])
    r = lib.autograd.grad((x * x).sum(), x)
    assert isinstance(r, tuple) and len(r) == 1 and to_np(r[0]).tolist() == [2.0, 4.0]
    assert x.grad is None


def test_autograd_grad_input_without_grad(lib):
    x, c = f64(lib, [1.0]), lib.ones(1)
    with raises(RuntimeError, "One of the differentiated Tensors does not require grad"):
        lib.autograd.grad((x * c).sum(), [x, c])


def test_autograd_grad_unused_input(lib):
    x, u = f64(lib, [1.0]), f64(lib, [1.0])
    with raises(RuntimeError, "The differentiated Tensor at index 1 appears to not have been used in "
                              "the graph. Set allow_unused=True if this is the desired behavior."):
        lib.autograd.grad((x * 2).sum(), [x, u])
    gx, gu = lib.autograd.grad((x * 2).sum(), [x, u], allow_unused=True)
    assert gu is None and to_np(gx).tolist() == [2.0]
    gx, gu = lib.autograd.grad((x * 2).sum(), [x, u], materialize_grads=True)
    assert to_np(gu).tolist() == [0.0]
    with raises(ValueError, "Expected allow_unused to be True or not passed when materialize_grads=True, "
                            "but got: allow_unused=False."):
        lib.autograd.grad((x * 2).sum(), [x, u], allow_unused=False, materialize_grads=True)


def test_autograd_grad_length_mismatch(lib):
    x = f64(lib, [1.0])
    with raises(RuntimeError, "got 2 tensors and 1 gradients"):
        lib.autograd.grad([(x * 2).sum(), (x * 3).sum()], x, grad_outputs=[lib.tensor(1.0)])


def test_autograd_grad_only_inputs_is_deprecated(lib):
    x = f64(lib, [1.0])
    with record_warnings() as caught:
        (g,) = lib.autograd.grad((x * 2).sum(), x, only_inputs=False)
    find_warning(caught, FutureWarning, "only_inputs argument is deprecated and is ignored now (defaults "
                 "to True). To accumulate gradient for other parts of the graph, please use "
                 "torch.autograd.backward.")
    assert to_np(g).tolist() == [2.0] and x.grad is None


def test_create_graph_result_depends_on_graph(lib):
    x = f64(lib, [3.0])
    (g,) = lib.autograd.grad((2 * x).sum(), x, create_graph=True)
    assert repr(g) == repr(torch.tensor([2.0], dtype=torch.float64))
    assert not g.requires_grad and g.grad_fn is None
    (g,) = lib.autograd.grad((x ** 3).sum(), x, create_graph=True)
    assert g.requires_grad and g.grad_fn is not None
    (gg,) = lib.autograd.grad(g.sum(), x, create_graph=True)
    (ggg,) = lib.autograd.grad(gg.sum(), x)
    assert [to_np(t).tolist() for t in (g, gg, ggg)] == [[27.0], [18.0], [6.0]]  # reference 10(e)


def test_backward_inputs(lib):
    a, b = f64(lib, [1.0]), f64(lib, [2.0])
    (a * b).sum().backward(inputs=[a])
    assert to_np(a.grad).tolist() == [2.0] and b.grad is None
    with raises(RuntimeError, "`inputs` argument to `backward()` cannot be empty."):
        (a * b).sum().backward(inputs=[])


# =============================================================================================
# 4. Broadcasting
# =============================================================================================

@pytest.mark.parametrize("shape", [(3,), (2, 1), (), (1,)], ids=str)
def test_broadcast_grad_keeps_shape(lib, shape):
    x = f64(lib, np.ones(shape))
    y = f64(lib, np.ones((2, 3)))
    (x * y).sum().backward()
    assert tuple(x.grad.shape) == shape
    want = np.broadcast_to(np.ones(shape), (2, 3)).size / max(int(np.prod(shape)), 1)
    assert np.allclose(to_np(x.grad), want)


def test_grad_dtype_follows_each_leaf(lib):
    a = lib.ones(2, requires_grad=True)
    b = lib.ones(2, dtype=lib.float64, requires_grad=True)
    y = a + b
    assert dtype_name(y) == "float64"
    y.sum().backward()
    assert dtype_name(a.grad) == "float32" and dtype_name(b.grad) == "float64"


def test_expand_repeated_index_batched_weight_sum(lib):
    x = f64(lib, [[1.0], [2.0]])
    x.expand(2, 3).sum().backward()
    assert to_np(x.grad).tolist() == [[3.0], [3.0]]
    v = f64(lib, [1.0, 2.0, 3.0])
    v[lib.tensor([0, 0, 2, 0])].sum().backward()
    assert to_np(v.grad).tolist() == [3.0, 0.0, 1.0]
    w = f64(lib, np.ones((3, 2)))
    (lib.ones(4, 2, 3, dtype=lib.float64) @ w).sum().backward()
    assert to_np(w.grad).tolist() == [[8.0, 8.0]] * 3


# =============================================================================================
# 5. Grad modes, detach vs .data, numpy()
# =============================================================================================

def test_no_grad(lib):
    x = f64(lib, [1.0])
    with lib.no_grad():
        y = x * 2
        made = lib.ones(2, requires_grad=True)
        with lib.enable_grad():
            z = x * 2
    assert y.is_leaf and not y.requires_grad
    assert made.requires_grad and made.is_leaf
    assert z.requires_grad and node_name(z) == "MulBackward0"


def test_no_grad_and_enable_grad_as_decorators(lib):
    x = f64(lib, [1.0])

    @lib.no_grad()
    def off(t):
        return t * 2

    @lib.enable_grad()
    def on(t):
        return t * 2

    assert not off(x).requires_grad
    with lib.no_grad():
        assert on(x).requires_grad
    assert (x * 2).requires_grad, "the decorator restored the mode"


@pytest.mark.parametrize("mode", [True, False])
def test_set_grad_enabled(lib, mode):
    x = f64(lib, [1.0])
    with lib.set_grad_enabled(mode):
        assert (x * 2).requires_grad == mode
    assert (x * 2).requires_grad

    @lib.set_grad_enabled(mode)
    def f(t):
        return t * 2

    assert f(x).requires_grad == mode
    assert (x * 2).requires_grad
    lib.set_grad_enabled(False)  # a plain call switches the mode until switched back
    try:
        assert not (x * 2).requires_grad
    finally:
        lib.set_grad_enabled(True)
    assert (x * 2).requires_grad


def test_no_grad_restores_mode_after_exception(lib):
    x = f64(lib, [1.0])
    with pytest.raises(KeyError):
        with lib.no_grad():
            raise KeyError
    assert (x * 2).requires_grad


def test_detach_shares_storage_and_version(lib):
    x = f64(lib, [1.0, 2.0])
    y = x.exp()
    d = y.detach()
    d.add_(1)
    assert to_np(y).tolist() == to_np(d).tolist(), "detach shares storage"
    assert y._version == d._version == 1
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation", "prefix"):
        y.sum().backward()


def test_data_does_not_share_version(lib):
    x = f64(lib, [1.0, 2.0])
    y = x.exp()
    y.data.add_(1)  # silently changes the saved output
    assert y._version == 0
    y.sum().backward()
    assert np.allclose(to_np(x.grad), np.exp([1.0, 2.0]) + 1), "backward used the modified value"


def test_requires_grad_false_on_nonleaf(lib):
    y = f64(lib, [1.0]) * 2
    with raises(RuntimeError, "you can only change requires_grad flags of leaf variables. If you want to "
                              "use a computed variable in a subgraph that doesn't require "
                              "differentiation use var_no_grad = var.detach()."):
        y.requires_grad_(False)
    y.requires_grad_(True)  # a no-op


def test_numpy_of_tensor_requiring_grad(lib):
    x = f64(lib, [1.0])
    with raises(RuntimeError, "Can't call numpy() on Tensor that requires grad. Use "
                              "tensor.detach().numpy() instead."):
        x.numpy()


# =============================================================================================
# 6. In-place
# =============================================================================================

def test_version_counter(lib):
    t = lib.zeros(4)
    assert t._version == 0
    t.add_(1)
    t.mul_(2)
    t[0] = 5.0
    t += 1
    assert t._version == 4
    v = t[1:3]
    v.zero_()
    assert t._version == v._version == 5, "a view and its base share one counter"
    t.view(2, 2).fill_(1.0)
    assert v._version == 6


def test_modified_saved_output_message(lib):
    a = lib.ones(3, requires_grad=True)
    y = a.exp()
    y.add_(1)
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation: [torch.FloatTensor [3]], which is output 0 of "
                              "Exp, is at version 1; expected version 0 instead. " + INPLACE_HINT):
        y.sum().backward()


def test_modified_saved_leaf_message(lib):
    """Under no_grad an in-place on a leaf is allowed and bumps its version; a graph that saved it
    then fails, and the message has no 'which is output 0 of' part."""
    a = lib.ones(3, dtype=lib.float64, requires_grad=True)
    y = a.sin()
    with lib.no_grad():
        a.mul_(2)
    assert a._version == 1
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation: [torch.DoubleTensor [3]] is at version 1; "
                              "expected version 0 instead. " + INPLACE_HINT):
        y.sum().backward()


def test_inplace_on_unsaved_result_is_fine(lib):
    x = f64(lib, [1.0, 2.0])
    y = x * 2
    y.add_(1)
    assert node_name(y) == "AddBackward0"
    y.sum().backward()
    assert to_np(x.grad).tolist() == [2.0, 2.0]


@pytest.mark.parametrize("how", ["add_", "iadd", "zero_", "fill_", "clamp_", "copy_"])
def test_inplace_on_leaf_requiring_grad(lib, how):
    x = lib.ones(3, requires_grad=True)
    ops = {"add_": lambda: x.add_(1), "iadd": lambda: x.__iadd__(1), "zero_": lambda: x.zero_(),
           "fill_": lambda: x.fill_(2.0), "clamp_": lambda: x.clamp_(0, 1),
           "copy_": lambda: x.copy_(lib.zeros(3))}
    with raises(RuntimeError, "a leaf Variable that requires grad is being used in an in-place operation."):
        ops[how]()
    assert x._version == 0


@pytest.mark.parametrize("how", ["setitem", "slice-view", "view"])
def test_inplace_on_view_of_leaf(lib, how):
    x = lib.ones(3, requires_grad=True)
    ops = {"setitem": lambda: x.__setitem__(0, 5.0), "slice-view": lambda: x[:2].add_(1),
           "view": lambda: x.view(3).mul_(2)}
    with raises(RuntimeError, "a view of a leaf Variable that requires grad is being used in an "
                              "in-place operation."):
        ops[how]()


def test_inplace_bringing_in_grad(lib):
    plain = lib.zeros(2, dtype=lib.float64)
    b = f64(lib, [1.0, 2.0])
    plain.add_(b)
    assert plain.requires_grad and not plain.is_leaf
    a = lib.zeros(3, dtype=lib.float64)
    a[0] = b[1]
    assert node_name(a) == "CopySlices"
    (a * 3).sum().backward()
    assert to_np(b.grad).tolist() == [0.0, 3.0]


def test_view_made_in_no_grad_modified_with_grad(lib):
    y = f64(lib, [1.0, 2.0, 3.0]) * 1
    with lib.no_grad():
        v = y[:2]
    with raises(RuntimeError, "A view was created in no_grad mode and is being modified inplace with grad "
                              "mode enabled. Given that this use case is ambiguous and error-prone, it "
                              "is forbidden. You can clarify your code by moving both the view and the "
                              "inplace either both inside the no_grad block (if you don't want the "
                              "inplace to be tracked) or both outside (if you want the inplace to be "
                              "tracked)."):
        v.mul_(2)


# =============================================================================================
# 7. autograd.Function
# =============================================================================================

def _square_fn(lib):
    class Square(lib.autograd.Function):
        """x**2 with a hand-written backward; records what forward/backward saw."""
        seen = {}

        @staticmethod
        def forward(ctx, x, k, flag):
            Square.seen["grad_enabled_in_forward"] = (x * 1).requires_grad
            ctx.save_for_backward(x, None)
            Square.seen["needs_input_grad"] = ctx.needs_input_grad
            return x * x

        @staticmethod
        def backward(ctx, g):
            x, nothing = ctx.saved_tensors
            Square.seen["saved_none"] = nothing
            return 2 * x * g, None, None, None  # an extra trailing None is fine

    return Square


def test_function_basics(lib):
    Square = _square_fn(lib)
    x = f64(lib, [1.0, 3.0])
    y = Square.apply(x, lib.ones(2), False)
    assert node_name(y) == "SquareBackward"
    assert Square.seen["grad_enabled_in_forward"] is False, "forward runs with grad disabled"
    assert tuple(Square.seen["needs_input_grad"]) == (True, False, False)
    y.sum().backward()
    assert Square.seen["saved_none"] is None
    assert to_np(x.grad).tolist() == [2.0, 6.0]


def test_function_saved_tensor_version_check(lib):
    Square = _square_fn(lib)
    x = f64(lib, [1.0]).clone()
    y = Square.apply(x, None, None)
    x.add_(1)
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation", "prefix"):
        y.sum().backward()


def test_function_instantiation(lib):
    Square = _square_fn(lib)
    with record_warnings() as caught:
        inst = Square()
    find_warning(caught, DeprecationWarning, f"{Square} should not be instantiated. Methods on autograd "
                 "functions are all static, so you should invoke them on the class itself. "
                 "Instantiating an autograd function will raise an error in a future version of PyTorch.")
    with record_warnings():
        with raises(RuntimeError, "Legacy autograd function with non-static forward method is deprecated. "
                                  "Please use new-style autograd function with static forward method. "
                                  "(Example: https://pytorch.org/docs/stable/autograd.html"
                                  "#torch.autograd.Function)"):
            inst(f64(lib, [1.0]))


def test_save_for_backward_non_tensor(lib):
    class Bad(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x, 3)
            return x * 1

        @staticmethod
        def backward(ctx, g):
            return g

    with raises(TypeError, "save_for_backward can only save variables, but argument 1 is of type int"):
        Bad.apply(f64(lib, [1.0]))


def _make_fn(lib, name, backward, n_inputs=1):
    def forward(ctx, *args):
        return args[0] * 2

    return type(name, (lib.autograd.Function,),
                {"forward": staticmethod(forward), "backward": staticmethod(backward)})


@pytest.mark.parametrize("case", ["count", "shape", "float", "non-tensor-input"])
def test_function_backward_return_checks(lib, case):
    x = f64(lib, [1.0, 2.0])
    if case == "count":
        Bad = _make_fn(lib, "Bad1", lambda ctx, g: (g,))
        y = Bad.apply(x, f64(lib, [1.0]))
        msg, exc = "function Bad1Backward returned an incorrect number of gradients (expected 2, got 1)", \
            RuntimeError
    elif case == "shape":
        Bad = _make_fn(lib, "BadShape", lambda ctx, g: lib.ones(3, dtype=lib.float64))
        y = Bad.apply(x)
        msg, exc = ("Function BadShapeBackward returned an invalid gradient at index 0 - got [3] but "
                    "expected shape compatible with [2]"), RuntimeError
    elif case == "float":
        Bad = _make_fn(lib, "BadFloat", lambda ctx, g: 1.5)
        y = Bad.apply(x)
        msg, exc = "expected Variable or None (got float)", RuntimeError
    else:
        Bad = _make_fn(lib, "X", lambda ctx, g: (g, g))
        y = Bad.apply(x, 3)
        msg, exc = ("function XBackward returned a gradient different than None at position 2, but the "
                    "corresponding forward input was not a Variable"), RuntimeError
    with raises(exc, msg):
        y.sum().backward()


def test_function_backward_sum_to_and_dtype_cast(lib):
    """A [1,2] gradient for a [2] input is accepted (sum_to-reduced); wrong dtype is cast."""
    Wide = _make_fn(lib, "Wide", lambda ctx, g: lib.ones(1, 2, dtype=lib.float32) * 5)
    x = f64(lib, [1.0, 2.0])
    Wide.apply(x).sum().backward()
    assert tuple(x.grad.shape) == (2,) and dtype_name(x.grad) == "float64"
    assert to_np(x.grad).tolist() == [5.0, 5.0]


def test_mark_dirty(lib):
    class AddOne(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.add_(1)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, g):
            return g

    a = f64(lib, [1.0, 2.0]).clone()
    v0 = a._version
    out = AddOne.apply(a)
    assert out is a and a._version > v0 and node_name(out) == "AddOneBackward"
    with raises(RuntimeError, "a leaf Variable that requires grad has been used in an in-place operation."):
        AddOne.apply(f64(lib, [1.0]))


def test_mark_non_differentiable_and_materialize(lib):
    seen = {}

    class SortLike(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x, materialize):
            ctx.set_materialize_grads(materialize)
            idx = (x > 0).to(lib.int64)
            ctx.mark_non_differentiable(idx)
            return x * 2, idx, x * 3

        @staticmethod
        def backward(ctx, g_out, g_idx, g_third):
            seen["g_idx"], seen["g_third"] = g_idx, g_third
            return g_out * 2, None

    x = f64(lib, [1.0, -1.0])
    out, idx, _ = SortLike.apply(x, True)
    assert not idx.requires_grad and out.requires_grad
    out.sum().backward()
    assert to_np(seen["g_idx"]).tolist() == [0, 0], "non-differentiable output's grad arrives as zeros"
    assert to_np(seen["g_third"]).tolist() == [0.0, 0.0], "unused output's grad materialized as zeros"
    out, idx, _ = SortLike.apply(x, False)
    out.sum().backward()
    assert seen["g_third"] is None, "set_materialize_grads(False): None instead of zeros"


def test_once_differentiable(lib):
    seen = {}

    class Cube(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        @lib.autograd.function.once_differentiable
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            r = 3 * x ** 2 * g
            seen["rg"] = r.requires_grad
            return r

    x = f64(lib, [2.0])
    # (x^3)^2: the incoming gradient 2*x^3 requires grad, so a second backward is possible in principle
    (g,) = lib.autograd.grad((Cube.apply(x) ** 2).sum(), x, create_graph=True)
    assert seen["rg"] is False, "once_differentiable runs backward under no_grad"
    assert to_np(g).tolist() == [192.0]
    with raises(RuntimeError, "trying to differentiate twice a function that was marked with "
                              "@once_differentiable"):
        g.sum().backward()


# =============================================================================================
# 8. gradcheck / gradgradcheck
# =============================================================================================

def test_gradcheck_defaults(lib):
    params = inspect.signature(lib.autograd.gradcheck).parameters
    want = dict(eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
                check_undefined_grad=True, check_grad_dtypes=False, fast_mode=False)
    got = {k: params[k].default for k in want if k in params}
    assert got == want


def test_gradcheck_warns_on_float32(lib):
    with record_warnings() as caught:
        lib.autograd.gradcheck(lambda a: a * 2, (lib.ones(2, requires_grad=True),),
                               raise_exception=False)
    find_warning(caught, UserWarning, "Input #0 requires gradient and is not a double precision floating "
                 "point or complex. This check will likely fail if all the inputs are not of double "
                 "precision floating point or complex. ")


def test_gradcheck_needs_an_input_requiring_grad(lib):
    with raises(ValueError, "gradcheck expects at least one input tensor to require gradient, but none "
                            "of them have requires_grad=True."):
        lib.autograd.gradcheck(lambda a: a * 2, (lib.ones(2, dtype=lib.float64),))


def test_gradcheck_rejects_stride_0(lib):
    x = f64(lib, [1.0]).detach().expand(3).requires_grad_()
    with raises(RuntimeError, "The 0th input has a dimension with stride 0. gradcheck only supports inputs "
                              "that are non-overlapping to be able to compute the numerical gradients "
                              "correctly. You should call .contiguous on the input before passing it to "
                              "gradcheck."):
        lib.autograd.gradcheck(lambda a: a * 2, (x,))


@pytest.mark.parametrize("check_undefined_grad", [True, False])
def test_gradcheck_calls_func_like_torch(lib, check_undefined_grad):
    """Slow mode: 1 + 2*numel calls for the numerical Jacobian (plus one for the undefined-grad check)."""
    calls = []

    def f(a):
        calls.append(1)
        return a * 2

    x = f64(lib, [1.0, 2.0, 3.0])
    assert lib.autograd.gradcheck(f, (x,), check_undefined_grad=check_undefined_grad)
    assert len(calls) == 1 + 2 * 3 + (1 if check_undefined_grad else 0)


def _bad_square(lib):
    class BadSq(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 2

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 3 * x * g  # wrong: should be 2*x*g

    return BadSq


def test_gradcheck_failure_message(lib):
    x = f64(lib, [1.0, 2.0])
    with pytest.raises(RuntimeError) as info:
        lib.autograd.gradcheck(_bad_square(lib).apply, (x,))
    assert type(info.value).__name__ == "GradcheckError"
    check_message(str(info.value), "Jacobian mismatch for output 0 with respect to input 0,\n"
                  "numerical:tensor([[2.0000, 0.0000],\n        [0.0000, 4.0000]], dtype=torch.float64)\n"
                  "analytical:tensor([[3., 0.],\n        [0., 6.]], dtype=torch.float64)\n", "prefix")
    if lib is not torch:   # the engine also names the first entry that differs
        assert "First mismatch: d output 0[0] / d input 0[0]: numerical 2, analytical 3 (1 more entries differ)" \
            in str(info.value), str(info.value)
    assert lib.autograd.gradcheck(_bad_square(lib).apply, (x,), raise_exception=False) is False


def test_gradcheck_jacobian_is_input_by_output(lib):
    """R^2 -> R^3: the printed matrices are (n_in=2, n_out=3)."""
    class Lin(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return lib.stack([x[0], 2 * x[1], 3 * x[0]])

        @staticmethod
        def backward(ctx, g):
            return lib.stack([g[0], g[1]]) * 0  # wrong on purpose, to get the message

    with pytest.raises(RuntimeError) as info:
        lib.autograd.gradcheck(Lin.apply, (f64(lib, [1.0, 2.0]),))
    check_message(str(info.value), "numerical:tensor([[1.0000, 0.0000, 3.0000],\n"
                  "        [0.0000, 2.0000, 0.0000]], dtype=torch.float64)", "contains")


def test_gradcheck_fast_mode(lib):
    x = f64(lib, [1.0, 2.0])
    assert lib.autograd.gradcheck(lambda a: a ** 2, (x,), fast_mode=True)
    with pytest.raises(RuntimeError) as info:
        lib.autograd.gradcheck(_bad_square(lib).apply, (x,), fast_mode=True)
    msg = str(info.value)
    assert type(info.value).__name__ == "GradcheckError"
    assert re.match(r"Jacobian mismatch for output 0 with respect to input 0,\nnumerical:-?[0-9.e+-]+\n"
                    r"analytical:-?[0-9.e+-]+\n", msg), msg
    check_message(msg, "Numerical:\n tensor([[2.0000, 0.0000],\n        [0.0000, 4.0000]], "
                  "dtype=torch.float64)\nAnalytical:\ntensor([[3., 0.],\n        [0., 6.]], "
                  "dtype=torch.float64)\n\nThe max per-element difference (slow mode) is: 1.99999999988", "contains")


def test_gradcheck_nondeterministic_backward(lib):
    state = {"n": 0}

    class Flaky(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            state["n"] += 1
            return g * 2 + (1e-3 if state["n"] % 2 else 0.0) * g

    with raises(RuntimeError, "Backward is not reentrant, i.e., running backward with same input and "
                              "grad_output multiple times gives different values, although analytical "
                              "gradient matches numerical gradient.The tolerance for nondeterminism was "
                              "0.0.", "prefix"):
        lib.autograd.gradcheck(Flaky.apply, (f64(lib, [1.0]),))


def test_gradcheck_backward_not_multiplied_by_grad_output(lib):
    class Ignores(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return (x * x).sum()

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 2 * x  # forgets g

    with raises(RuntimeError, "backward not multiplied by grad_output"):
        lib.autograd.gradcheck(Ignores.apply, (f64(lib, [1.0, 2.0]),))


def test_gradcheck_undefined_output_grads(lib):
    class NoNone(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x * 2

        @staticmethod
        def backward(ctx, g):
            if g is None:
                raise RuntimeError("undefined grad")
            return g * 2

    with record_warnings():
        with raises(RuntimeError, "Expected backward function to handle undefined output grads. Please look "
                                  "at \"Notes about undefined output gradients\" in "
                                  "\"tools/autograd/derivatives.yaml\""):
            lib.autograd.gradcheck(NoNone.apply, (f64(lib, [1.0]),))


def test_gradcheck_no_differentiable_outputs(lib):
    with raises(RuntimeError, "Numerical gradient for function expected to be zero"):
        lib.autograd.gradcheck(lambda a: a.detach() * 2, (f64(lib, [1.0, 2.0]),))


def test_gradgradcheck_catches_wrong_second_derivative(lib):
    class DetachedSq(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 2 * x.detach() * g  # first order right, second order lost

    x = f64(lib, [1.0, 2.0])
    assert lib.autograd.gradcheck(DetachedSq.apply, (x,))
    assert lib.autograd.gradgradcheck(lambda a: a * a, (x,))
    assert lib.autograd.gradgradcheck(DetachedSq.apply, (x,), raise_exception=False) is False


# =============================================================================================
# 9. Functional API, anomaly mode, checkpoint
# =============================================================================================

def _functional_inputs(lib):
    return lib.tensor([0.5, -1.0, 2.0], dtype=lib.float64)


def _fa(x):
    return (x ** 3).sum()


def _fv(x):
    return x.sin() * x[0]


@pytest.mark.parametrize("api", ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"])
@pytest.mark.parametrize("create_graph", [False, True])
def test_functional_values_match_torch(ag, api, create_graph):
    def run(lib):
        AF = lib.autograd.functional
        x = _functional_inputs(lib)
        v = lib.tensor([1.0, 2.0, -1.0], dtype=lib.float64)
        if create_graph:
            x.requires_grad_()
        r = {"vjp": lambda: AF.vjp(_fv, x, v, create_graph=create_graph),
             "jvp": lambda: AF.jvp(_fv, x, v, create_graph=create_graph),
             "jacobian": lambda: AF.jacobian(_fv, x, create_graph=create_graph),
             "hessian": lambda: AF.hessian(_fa, x, create_graph=create_graph),
             "hvp": lambda: AF.hvp(_fa, x, v, create_graph=create_graph),
             "vhp": lambda: AF.vhp(_fa, x, v, create_graph=create_graph)}[api]()
        return r if isinstance(r, tuple) else (r,)

    got, want = run(ag), run(torch)
    assert len(got) == len(want), f"{api} returns {len(got)} items, torch {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        assert_same_tensor(g, w, f"{api} item {i}")
        assert g.requires_grad == w.requires_grad, f"{api} item {i}: detached unless create_graph=True"


def test_functional_jacobian_shape(lib):
    J = lib.autograd.functional.jacobian(lambda m: m.sum(0) * 2, lib.ones(4, 3, dtype=lib.float64))
    assert tuple(J.shape) == (3, 4, 3)


def test_vjp_v_none_only_for_single_element(lib):
    AF = lib.autograd.functional
    out, g = AF.vjp(_fa, _functional_inputs(lib))
    assert to_np(g).tolist() == (3 * np.array([0.5, -1.0, 2.0]) ** 2).tolist()
    with raises(RuntimeError, "The vector v can only be None if the user-provided function returns a single "
                              "Tensor with a single element."):
        AF.vjp(_fv, _functional_inputs(lib))


def test_hessian_needs_single_element(lib):
    with pytest.raises(RuntimeError):
        lib.autograd.functional.hessian(lambda x: x * x, _functional_inputs(lib))


def test_functional_strict(lib):
    with raises(RuntimeError, "Output 0 of the user-provided function does not require gradients. The "
                              "outputs must be computed in a differentiable manner from the input when "
                              "running in strict mode."):
        lib.autograd.functional.jacobian(lambda x: lib.ones(2, dtype=lib.float64), _functional_inputs(lib),
                                         strict=True)


def test_anomaly_mode_names_nan_node(lib):
    x = lib.tensor([0.0, 1.0], requires_grad=True)
    with record_warnings() as caught:
        with lib.autograd.detect_anomaly():
            y = x.sqrt() * 0  # 0 * sqrt'(0) = 0 * inf = nan inside SqrtBackward0
            with raises(RuntimeError, "Function 'SqrtBackward0' returned nan values in its 0th output."):
                y.sum().backward()
    find_warning(caught, UserWarning, "Anomaly Detection has been enabled. This mode will increase the "
                 "runtime and should only be enabled for debugging.")
    find_warning(caught, UserWarning, "Error detected in SqrtBackward0. Traceback of forward call that "
                 "caused the error:", "prefix")
    assert x.grad is None


def test_anomaly_mode_ignores_nan_in_forward(lib):
    x = lib.tensor([-1.0], requires_grad=True)
    with record_warnings():
        lib.autograd.set_detect_anomaly(True)
        try:
            y = x.log()  # nan in the forward pass: not flagged
            assert np.isnan(to_np(y)).all()
            y.sum().backward()
        finally:
            lib.autograd.set_detect_anomaly(False)
    assert to_np(x.grad).tolist() == [-1.0]


def _checkpoint(lib):
    return lib.utils.checkpoint.checkpoint


def test_checkpoint_non_reentrant(lib):
    calls = []

    def block(a, b):
        calls.append(1)
        return (a * b).tanh() * a

    x, w = f64(lib, [0.5, -1.0]), f64(lib, [2.0, 0.3])
    y = _checkpoint(lib)(block, x, w, use_reentrant=False)
    assert node_name(y) == "MulBackward0", "the output keeps its real grad_fn"
    gx, gw = lib.autograd.grad(y.sum(), [x, w], create_graph=True)
    assert len(calls) == 2, "fn runs twice: forward, then recompute in backward"
    gx.sum().backward()  # double backward works
    with torch.enable_grad():
        xt, wt = f64(torch, [0.5, -1.0]), f64(torch, [2.0, 0.3])
        ref = torch.autograd.grad(block(xt, wt).sum(), [xt, wt], create_graph=True)
        ref[0].sum().backward()
    assert_same_tensor(gx, ref[0], "checkpoint grad x")
    assert_same_tensor(gw, ref[1], "checkpoint grad w")
    assert_same_tensor(x.grad, xt.grad, "checkpoint double backward")


def test_checkpoint_restores_rng(lib):
    def noisy(a):
        return a * lib.rand(3, dtype=lib.float64)

    x = f64(lib, [1.0, 1.0, 1.0])
    lib.manual_seed(0)
    y = _checkpoint(lib)(noisy, x, use_reentrant=False)
    y.sum().backward()
    assert np.array_equal(to_np(x.grad), to_np(y)), "the recompute saw the same random numbers"


def test_checkpoint_recompute_mismatch(lib):
    state = {"n": 0}

    def changing(a):
        state["n"] += 1
        part = a[:state["n"]]
        return (part * part).sum()  # saves `part`: shape [1] in forward, [2] in the recompute

    x = lib.ones(2, requires_grad=True)
    y = _checkpoint(lib)(changing, x, use_reentrant=False)
    with pytest.raises(RuntimeError) as info:
        y.backward()
    assert type(info.value).__name__ == "CheckpointError"
    check_message(str(info.value), "torch.utils.checkpoint: Recomputed values for the following tensors "
                  "have different metadata than during the forward pass.", "prefix")


def test_checkpoint_warns_without_use_reentrant(lib):
    x = f64(lib, [1.0])
    with record_warnings() as caught:
        try:
            _checkpoint(lib)(lambda a: a * 2, x)
        except Exception:  # the engine may support only use_reentrant=False; the warning comes first
            pass
    find_warning(caught, UserWarning, "torch.utils.checkpoint: the use_reentrant parameter should be passed "
                 "explicitly. Starting in PyTorch 2.9, calling checkpoint without use_reentrant will raise "
                 "an exception. use_reentrant=False is recommended, but if you need to preserve the current "
                 "default behavior, you can pass use_reentrant=True. Refer to docs for more details on the "
                 "differences between the two variants.")


# =============================================================================================
# Non-differentiable points
# =============================================================================================

def _grad_at(lib, fn, data):
    x = f64(lib, data)
    fn(x).sum().backward()
    return to_np(x.grad).tolist()


@pytest.mark.parametrize("name,fn,data,expected", [
    ("relu'(0)=0", lambda x: x.relu(), [0.0, 1.0], [0.0, 1.0]),
    ("abs'(0)=0", lambda x: x.abs(), [0.0, -2.0], [0.0, -1.0]),
    ("clamp inclusive", lambda x: x.clamp(-1.0, 1.0), [-1.0, 1.0, 2.0], [1.0, 1.0, 0.0]),
    ("clamp(min) inclusive", lambda x: x.clamp(min=0.0), [0.0, -1.0], [1.0, 0.0]),
    ("max() ties split", lambda x: x.max(), [3.0, 1.0, 3.0], [0.5, 0.0, 0.5]),
    ("min() ties split", lambda x: x.min(), [1.0, 1.0, 1.0, 5.0], [1 / 3, 1 / 3, 1 / 3, 0.0]),
    ("sqrt'(0)=inf", lambda x: x.sqrt(), [0.0, 4.0], [float("inf"), 0.25]),
    ("std unbiased", lambda x: x.std(), [1.0, 3.0], [-(2 ** -0.5), 2 ** -0.5]),
], ids=lambda v: v if isinstance(v, str) else "")
def test_non_differentiable_points(lib, name, fn, data, expected):
    assert _grad_at(lib, fn, data) == pytest.approx(expected)


def test_maximum_ties_half_each(lib):
    a, b = f64(lib, [1.0, 2.0]), f64(lib, [1.0, 0.0])
    lib.maximum(a, b).sum().backward()
    assert to_np(a.grad).tolist() == [0.5, 1.0] and to_np(b.grad).tolist() == [0.5, 0.0]


@pytest.mark.parametrize("reduce", ["max", "min"])
def test_reduce_dim_ties_give_one_index(lib, reduce):
    m = f64(lib, [[2.0, 2.0, 1.0], [0.0, 0.0, 0.0]])
    values, idx = getattr(m, reduce)(dim=1)
    values.sum().backward()
    g = to_np(m.grad)
    assert (g.sum(1) == 1.0).all() and ((g == 1.0).sum(1) == 1).all(), "whole gradient to one index"
    assert g[np.arange(2), to_np(idx)].tolist() == [1.0, 1.0], "to the index it returned"
    tm = f64(torch, [[2.0, 2.0, 1.0], [0.0, 0.0, 0.0]])
    assert to_np(getattr(tm, reduce)(dim=1)[1]).tolist() == to_np(idx).tolist(), "same index as torch"


def test_where_sqrt_at_zero_is_nan(lib):
    x = f64(lib, [0.0, 4.0])
    lib.where(x > 0, x.sqrt(), lib.zeros(2, dtype=lib.float64)).sum().backward()
    g = to_np(x.grad)
    assert np.isnan(g[0]) and g[1] == 0.25


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
