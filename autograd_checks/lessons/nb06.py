"""Notebook 06 (custom autograd Functions): the checks its test cells use, and its own hints.

The generic checks come from :mod:`autograd_checks` (re-exported here so the notebook's helpers
cell is one import line); this module adds the hints for the errors a hand-written ``Function``
typically provokes.
"""
from __future__ import annotations

from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,
                             check_true, rand64)

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used", "check_true",
           "rand64", "FUNCTION_HINTS", "function_hint", "TWICE_HINT"]

#: Engine messages a custom Function typically provokes, and their usual cause.
FUNCTION_HINTS = [
    ("returned an incorrect number of gradients",
     "backward returns one value per forward input, None for an input that needs no gradient."),
    ("but the corresponding forward input was not a",
     "backward returns one value per forward input, in the order of forward's arguments: None for a "
     "non-tensor argument."),
    ("save_for_backward can only save",
     "save tensors with ctx.save_for_backward; store other values as ctx attributes (ctx.c = c)."),
    ("returned an invalid gradient", "each gradient must have the shape of its input: a transpose or a sum missing?"),
]

#: The hint of every "differentiable twice" case: what makes a backward differentiable.
TWICE_HINT = ("the backward must be differentiable twice: build it from differentiable tensor operations on the "
              "saved tensors (no NumPy, no .item(), no detach)")


def function_hint(e: BaseException) -> str | None:
    """The hint for an error raised while applying or differentiating a custom Function (for
    :func:`autograd_checks.call`'s ``hint=``); None lets the checks' general hints speak."""
    return next((h for pattern, h in FUNCTION_HINTS if pattern in str(e)), None)
