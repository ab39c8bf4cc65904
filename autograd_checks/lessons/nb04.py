"""Notebook 04's test helpers: numerical Jacobians, VJP rules checked against the engine, dual numbers.

The helpers cell of ``04_vjp_and_jacobians`` imports these names (and the generic checks it
re-exports) in one line.
"""
from __future__ import annotations

import numpy as np

import autograd_core as torch
from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,
                             check_raises, check_true, rand64)

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used",
           "check_raises", "check_true", "rand64", "numerical_jacobian", "check_rule_against_engine",
           "op_from_rule", "counting", "dual_case", "dual_value_hint"]


def numerical_jacobian(f, x, eps=1e-6):
    """Central-difference Jacobian of f at x, shape f(x).shape + x.shape (what gradcheck computes)."""
    x0 = as_np(x).astype(np.float64)
    y0 = as_np(f(torch.tensor(x0)))
    J = np.zeros(y0.shape + x0.shape)
    for idx in np.ndindex(*x0.shape):
        xp, xm = x0.copy(), x0.copy()
        xp[idx] += eps
        xm[idx] -= eps
        J[(...,) + idx] = (as_np(f(torch.tensor(xp))) - as_np(f(torch.tensor(xm)))) / (2 * eps)
    return J


def check_rule_against_engine(name, forward, rule, inputs, seed, hints=()):
    """Compare a VJP rule with the engine's own VJP for a random g: the rule's output must match.

    hints: one hint per input, shown when that input's gradient differs.
    """
    ans = forward(*inputs)
    g = rand64(*ans.shape, seed=seed, requires_grad=False)
    expected = torch.autograd.grad(ans, inputs, g)
    shapes = ", ".join(str(tuple(t.shape)) for t in (g, *inputs))
    got = call(f"{name}(g, ans, *inputs) with g and inputs of shapes {shapes}", rule,
               g, ans.detach(), *[t.detach() for t in inputs])
    check_true(f"{name} returns a tuple of {len(inputs)} gradient(s)",
               isinstance(got, tuple) and len(got) == len(inputs),
               hint=f"got a {type(got).__name__}" + (" (write `return (grad,)`: the trailing comma makes a tuple)"
                                                     if len(inputs) == 1 else ""))
    for k, ek in enumerate(expected):
        check_close(f"{name}: gradient for input {k}", got[k], ek, hint=hints[k] if k < len(hints) else None)


def op_from_rule(forward, rule, name="RuleOp"):
    """Make a differentiable op from forward(*inputs) and a VJP rule(g, ans, *inputs) -> tuple.

    The rule is called with the incoming gradient g, the forward result ans and the inputs,
    and must return one gradient per input (see notebook 06 for autograd.Function itself).
    """
    def fwd(ctx, *inputs):
        ans = forward(*inputs)
        ctx.save_for_backward(ans, *inputs)
        return ans

    def bwd(ctx, g):
        ans, *inputs = ctx.saved_tensors
        grads = tuple(rule(g, ans, *inputs))
        if len(grads) != len(inputs):
            raise TypeError(f"{name}: the rule returned {len(grads)} gradients for {len(inputs)} inputs")
        return grads

    cls = type(name, (torch.autograd.Function,), {"forward": staticmethod(fwd), "backward": staticmethod(bwd)})
    return cls.apply


def counting(f):
    """f, wrapped so that ``wrapped.calls`` counts how often it is evaluated."""
    def wrapped(*args):
        wrapped.calls += 1
        return f(*args)
    wrapped.calls = 0
    return wrapped


def dual_case(name, dual_cls, f, inputs):
    """Run f on dual numbers and on forward-mode AD, for a test cell to compare.

    ``f`` is written once, with operators and methods that tensors and Duals share (``a * b``,
    ``a.sin()``); ``inputs`` are (value, tangent) pairs of tensors. Returns ``(got, value,
    tangent, unchanged)``: f's result on ``dual_cls(value, tangent)`` copies, the value and tangent
    ``autograd_core.func.jvp(f, values, tangents)`` computes, and whether the operands came back
    unchanged. An error in f (an unanswered stub included) fails the call with its reason.
    """
    duals = [dual_cls(v.clone(), t.clone()) for v, t in inputs]

    def case(*ds):
        return f(*ds)
    case.__name__ = case.__qualname__ = name
    got = call(name, case, *duals)
    value, tangent = torch.func.jvp(f, tuple(v for v, _ in inputs), tuple(t for _, t in inputs))
    unchanged = all(isinstance(d.val, type(v)) and np.array_equal(as_np(d.val), as_np(v)) and
                    np.array_equal(as_np(d.dot), as_np(t)) for d, (v, t) in zip(duals, inputs))
    return got, value, tangent, unchanged


def dual_value_hint(name):
    """The hint for a wrong value part of ``name``'s result (a flipped sign: operands swapped)."""
    def hint(got, expected):
        if got.shape == expected.shape and np.allclose(got, -expected) and not np.allclose(expected, 0):
            return (f"every element of the value has the opposite sign: compute {name} with self on the left "
                    "(self.val - other.val, not other.val - self.val)")
        return f"the value part is {name} computed exactly as without tangents: check your formula for .val"
    return hint
