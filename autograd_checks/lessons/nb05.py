"""Notebook 05's test helpers: gradients and Hessian-vector products by central differences, call counting.

The helpers cell of ``05_higher_order_gradients`` imports these names (and the generic checks it
re-exports) in one line.
"""
from __future__ import annotations

import autograd_core as torch
from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,
                             check_true, rand64)

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used", "check_true",
           "rand64", "grad_of", "numerical_hvp", "counting"]


def grad_of(f, x):
    """The gradient of the scalar f at x (a fresh leaf), detached."""
    x = torch.tensor(as_np(x), dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(f(x), x)
    return g


def numerical_hvp(f, x, v, eps=1e-6):
    """Central difference of the gradient along v: (grad f(x + eps v) - grad f(x - eps v)) / (2 eps)."""
    return (as_np(grad_of(f, as_np(x) + eps * as_np(v))) - as_np(grad_of(f, as_np(x) - eps * as_np(v)))) / (2 * eps)


def counting(f):
    """f, wrapped so that ``wrapped.calls`` counts how often it is evaluated."""
    def wrapped(t):
        wrapped.calls += 1
        return f(t)
    wrapped.calls = 0
    return wrapped
