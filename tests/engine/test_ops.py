"""Every op in op_table.OPS, float64: gradcheck, gradgradcheck, and differential tests against torch.

Differential tests run the row's ``fn`` on the engine and on torch inside the same test, from the
same numpy inputs, and compare forward values, first- and second-order gradients, grad_fn names
and dtypes. ``pytest -k exp`` selects one op.
"""

import numpy as np
import pytest
import torch

from engine_helpers import assert_same_tensor, dtype_name, node_name, to_np
from op_table import OPS

ROWS = [pytest.param(op, id=op.id) for op in OPS]
GRADGRAD_ROWS = [pytest.param(op, id=op.id) for op in OPS if op.gradgrad]


def leaves(lib, arrays):
    """float64 leaves that require grad, one per input array (copied, so libraries never share)."""
    return [lib.tensor(a.copy(), dtype=lib.float64, requires_grad=True) for a in arrays]


def grad_output(op, shape):
    """A fixed random cotangent for the row's output (never all ones, so transposes show)."""
    rng = np.random.default_rng(1234 + len(op.id))
    return rng.uniform(-1.0, 1.0, size=shape)


@pytest.mark.parametrize("op", ROWS)
def test_gradcheck(ag, op):
    xs = leaves(ag, op.arrays())
    assert ag.autograd.gradcheck(lambda *a: op.fn(ag, *a), tuple(xs))


@pytest.mark.parametrize("op", GRADGRAD_ROWS)
def test_gradgradcheck(ag, op):
    xs = leaves(ag, op.arrays())
    assert ag.autograd.gradgradcheck(lambda *a: op.fn(ag, *a), tuple(xs))


@pytest.mark.parametrize("op", ROWS)
def test_forward_matches_torch(ag, op):
    arrays = op.arrays()
    got = op.fn(ag, *leaves(ag, arrays))
    want = op.fn(torch, *leaves(torch, arrays))
    assert_same_tensor(got, want, f"{op.id} forward")
    assert got.requires_grad and not got.is_leaf, f"{op.id}: output should be a non-leaf requiring grad"


@pytest.mark.parametrize("op", ROWS)
def test_node_name_matches_torch(ag, op):
    arrays = op.arrays()
    got = node_name(op.fn(ag, *leaves(ag, arrays)))
    want = node_name(op.fn(torch, *leaves(torch, arrays)))
    assert got == want, f"{op.id}: type(y.grad_fn).__name__ is {got!r}, torch says {want!r}"


@pytest.mark.parametrize("op", ROWS)
def test_grads_match_torch(ag, op):
    """First order through .backward(gradient): values, exact shapes (broadcast dims) and dtypes."""
    arrays = op.arrays()
    results = []
    for lib in (ag, torch):
        xs = leaves(lib, arrays)
        out = op.fn(lib, *xs)
        out.backward(lib.tensor(grad_output(op, tuple(out.shape)), dtype=lib.float64))
        results.append(xs)
    for i, (g, w) in enumerate(zip(*results)):
        assert_same_tensor(g.grad, w.grad, f"{op.id} d/d(input {i})")


@pytest.mark.parametrize("op", ROWS)
def test_rule_gives_the_same_gradients_on_arrays_and_on_tensors(ag, op):
    """Each rule runs on raw arrays when nothing is recorded and on Tensors under create_graph=True
    (see _vjps): both forms must give the same first-order gradients."""
    xs = leaves(ag, op.arrays())
    out = op.fn(ag, *xs)
    g = ag.tensor(grad_output(op, tuple(out.shape)), dtype=ag.float64)
    on_tensors = ag.autograd.grad(out, xs, g, retain_graph=True, create_graph=True, allow_unused=True)
    on_arrays = ag.autograd.grad(out, xs, g, allow_unused=True)
    # torch's group_norm computes its first-order values with its kernel, but under create_graph
    # with its composed formula (infinitely_differentiable_native_group_norm_backward): the two
    # round differently in torch too, and cancel in these small inputs.
    rtol, atol = (1e-9, 1e-15) if op.id.startswith("group_norm") else (1e-12, 0)
    for i, (t, a) in enumerate(zip(on_tensors, on_arrays)):
        assert (t is None) == (a is None), f"{op.id} input {i}: one form gave None"
        if t is not None:
            assert t.dtype == a.dtype and tuple(t.shape) == tuple(a.shape), f"{op.id} input {i}"
            np.testing.assert_allclose(to_np(t), to_np(a), rtol=rtol, atol=atol, err_msg=f"{op.id} input {i}")


@pytest.mark.parametrize("op", GRADGRAD_ROWS)
def test_second_order_matches_torch(ag, op):
    """Second order via autograd.grad(create_graph=True), as gradgradcheck does it: the cotangent
    requires grad too, so the result depends on the graph even for linear ops."""
    arrays = op.arrays()
    results = []
    for lib in (ag, torch):
        xs = leaves(lib, arrays)
        out = op.fn(lib, *xs)
        g = lib.tensor(grad_output(op, tuple(out.shape)), dtype=lib.float64, requires_grad=True)
        firsts = lib.autograd.grad(out, xs, g, create_graph=True)
        vs = np.random.default_rng(7)
        s = sum((f * lib.tensor(vs.uniform(-1, 1, size=tuple(f.shape)), dtype=lib.float64)).sum()
                for f in firsts)
        seconds = lib.autograd.grad(s, [*xs, g], allow_unused=True)
        # Where a second derivative is identically zero torch may answer None: compare as zeros.
        results.append([np.zeros(tuple(t.shape)) if d is None else to_np(d)
                        for d, t in zip(seconds, [*xs, g])])
    for i, (got, want) in enumerate(zip(*results)):
        what = f"{op.id}: second order wrt input {i}" if i < len(arrays) else \
            f"{op.id}: d/d(grad_output) of the first-order grads"
        assert got.shape == want.shape, f"{what}: shape {got.shape} != torch's {want.shape}"
        np.testing.assert_allclose(got, want, rtol=1e-7, atol=1e-10, err_msg=what)


@pytest.mark.parametrize("op", ROWS)
def test_grad_dtype_follows_leaf(ag, op):
    """An f32 copy of input 0 mixed with f64 others: its grad is f32, the others' f64 (as torch).

    Where torch refuses the mix (matmul, linear, index_put want one dtype), the engine must refuse
    it too, with a RuntimeError."""
    arrays = op.arrays()

    def run(lib):
        xs = leaves(lib, arrays)
        xs[0] = lib.tensor(arrays[0].copy(), dtype=lib.float32, requires_grad=True)
        out = op.fn(lib, *xs)
        out.backward(lib.ones_like(out))
        return [dtype_name(out)] + [dtype_name(x.grad) for x in xs]

    try:
        want = run(torch)
    except RuntimeError:
        with pytest.raises(RuntimeError):
            run(ag)
        return
    got = run(ag)
    assert got == want, f"{op.id}: dtypes [out, grads...] {got} != torch's {want}"


# Function form lib.<name>(x, *args), method form x.<name>(*args), and nn.functional where torch
# has it: all three must exist and agree with torch (the table above mostly uses one form each).
FORMS = [
    ("exp", ()), ("log", ()), ("sqrt", ()), ("sin", ()), ("cos", ()), ("tanh", ()), ("sigmoid", ()),
    ("relu", ()), ("abs", ()), ("neg", ()), ("clamp", (-0.8, 0.8)), ("sum", (1,)), ("mean", (0,)),
    ("var", (1,)), ("std", (0,)), ("logsumexp", (1,)), ("softmax", (1,)), ("log_softmax", (0,)),
    ("reshape", ((3, 2),)), ("flatten", ()), ("transpose", (0, 1)), ("permute", ((1, 0),)),
    ("squeeze", ()), ("unsqueeze", (0,)), ("matmul", ("W",)), ("maximum", ("W2",)),
    ("minimum", ("W2",)), ("mul", ("W2",)), ("add", ("W2",)), ("sub", ("W2",)), ("div", ("W2",)),
    ("pow", (2,)),
]
F_FORMS = {"relu": (), "softmax": (1,), "log_softmax": (0,)}


@pytest.mark.parametrize("name,args", [pytest.param(n, a, id=n) for n, a in FORMS])
def test_function_and_method_forms(ag, name, args):
    x_np = np.array([[0.7, -1.2, 1.9], [1.1, 0.6, -0.4]])

    def run(lib, form):
        x = lib.tensor(x_np, requires_grad=True)
        extra = [lib.tensor(np.full((3, 2), 0.5)) if a == "W" else
                 lib.tensor(np.full((2, 3), 0.3)) if a == "W2" else a for a in args]
        if form == "function":
            y = getattr(lib, name)(x, *extra)
        elif form == "method":
            y = getattr(x, name)(*extra)
        else:
            y = getattr(lib.nn.functional, name)(x, *extra)
        y.sum().backward()
        return y, x.grad

    forms = ["function", "method"] + (["functional"] if name in F_FORMS else [])
    for form in forms:
        (y, g), (yt, gt) = run(ag, form), run(torch, form)
        assert_same_tensor(y, yt, f"{form} form of {name}")
        assert_same_tensor(g, gt, f"{form} form of {name}: grad")
