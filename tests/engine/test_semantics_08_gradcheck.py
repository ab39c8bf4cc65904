"""The reference's claims, side by side on torch and the engine: 8. gradcheck / gradgradcheck.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""
import inspect
import re

import pytest
import torch

from engine_helpers import (check_message, find_warning, raises, record_warnings)
from semantics_helpers import f64


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
