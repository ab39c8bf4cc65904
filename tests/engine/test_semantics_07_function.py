"""The reference's claims, side by side on torch and the engine: 7. autograd.Function.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import pytest

from engine_helpers import (dtype_name, find_warning, node_name,
                            raises, record_warnings, to_np)
from semantics_helpers import _make_fn, f64


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


def test_mark_dirty_on_a_view_rebases_its_base(lib):
    """A custom Function that changes a view in place (mark_dirty): the base's gradient goes
    through the Function for the view's region (CopySlices), as for a built-in in-place op."""
    class MulInPlace(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            ctx.mark_dirty(x)
            ctx.k = k
            return x.mul_(k)

        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None

    a = lib.ones(3, dtype=lib.float64, requires_grad=True)
    base = a.clone()
    out = MulInPlace.apply(base[1:], 10.0)
    assert type(base.grad_fn).__name__ == "CopySlices" and out._version == base._version == 2  # mul_, mark_dirty
    (base * lib.tensor([1.0, 2.0, 3.0], dtype=lib.float64)).sum().backward()
    assert a.grad.tolist() == [1.0, 20.0, 30.0]
