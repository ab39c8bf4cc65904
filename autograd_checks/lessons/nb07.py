"""Notebook 07 (controlling the graph): the checks its test cells use, and its own helpers.

The generic checks come from :mod:`autograd_checks` (re-exported, so the notebook's helpers cell is
one import line). The helpers below look at what a student's hook or saved-tensor class *does*
(changes a gradient in place, replaces it, keeps the wrong bytes) so that a failing test can name
the mistake instead of only showing a wrong number.
"""
from __future__ import annotations

import numpy as np

import autograd_core as torch
from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,
                             check_raises, check_true)

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used", "check_raises",
           "check_true", "unpack_message", "message_hint", "hook_effect", "HOOK_EFFECT_HINTS", "count_saved",
           "half_round_trip", "sgd_reference"]


# ---- Exercise 4: SavedTensor -----------------------------------------------------------------

def unpack_message(st) -> str:
    """What ``st.unpack()`` does, as text: the message of its RuntimeError, or what happened instead.
    An untouched stub's NotImplementedError goes through (the test's ``call`` explains it)."""
    try:
        st.unpack()
    except RuntimeError as e:
        return str(e)
    except NotImplementedError:
        raise
    except Exception as e:  # noqa: BLE001
        return f"(unpack raised {type(e).__name__} instead of RuntimeError: {e})"
    return "(unpack returned instead of raising RuntimeError)"


def message_hint(got, expected) -> str:
    """Name the part of a version-check message that differs from the engine's."""
    got, expected = str(got), str(expected)
    if got.startswith("(unpack"):
        return "a stale unpack() must raise RuntimeError with the message"
    if "torch.Size" in got or "(" in got.split("[", 1)[-1].split("]]")[0]:
        return "format SHAPE as ', '.join(str(n) for n in shape), inside square brackets"
    if "torch.float" in got:
        return "TYPE is torch.FloatTensor for float32 and torch.DoubleTensor for float64"
    if "output 0 of None" in got or ("output 0 of" in got and "output 0 of" not in expected):
        return "leave out ', which is output 0 of OP' when output_of is None (a leaf)"
    if ("output 0 of " in got and "output 0 of " in expected
            and not got.split("output 0 of ", 1)[1].split(" ", 1)[0].endswith(",")):
        return "the part is ', which is output 0 of OP,': a comma after OP too"
    if not got.endswith("instead."):
        return "end the message right after 'instead.'"
    return ("is at version NOW (the tensor's current _version); expected version SAVED (the one at save time). "
            "Compare character by character")


# ---- Exercise 5: GradNormRecorder ------------------------------------------------------------

#: What :func:`hook_effect` found, and what to do about it.
HOOK_EFFECT_HINTS = {
    "changed in place": "your hook changed the gradient it was given in place (grad.pow_(2), grad *= ..., "
                        "grad.mul_): compute the norm out of place, (grad * grad).sum().sqrt(), which leaves "
                        "grad as it is",
    "replaced": "your hook returns a tensor, which replaces the gradient for everything downstream: a hook "
                "that only records returns None",
}


def hook_effect(watch, g) -> str:
    """What the hooks that ``watch(t)`` registers on a fresh leaf ``t`` do to the gradient ``g``
    passing through it: ``"nothing"``, ``"changed in place"`` or ``"replaced"``.

    Two probe hooks surround them (hooks run in registration order): the first keeps the tensor it
    is handed and a copy of its values, the last one sees what the watched hooks left.
    """
    t = torch.zeros(tuple(g.shape), dtype=g.dtype, requires_grad=True)
    first, last = {}, {}
    t.register_hook(lambda grad: first.update(tensor=grad, values=as_np(grad)))
    watch(t)
    t.register_hook(lambda grad: last.update(values=as_np(grad)))
    (t * g).sum().backward()
    if not first or not last:
        return "nothing"
    if not np.array_equal(as_np(first["tensor"]), first["values"]):
        return "changed in place"
    if not np.array_equal(last["values"], first["values"]):
        return "replaced"
    return "nothing"


# ---- Exercise 6: HalfSaver -------------------------------------------------------------------

def count_saved(fn) -> tuple[int, int]:
    """Run ``fn()`` under counting saved-tensor hooks: (number of tensors saved, their elements)."""
    seen = [0, 0]

    def pack(t):
        seen[0] += 1
        seen[1] += t.numel()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        fn()
    return seen[0], seen[1]


def half_round_trip(t):
    """``t`` rounded to float16 and back to its own dtype, in numpy: what a HalfSaver gives back."""
    return as_np(t).astype(np.float16).astype(as_np(t).dtype)


# ---- Exercise 7: attach_sgd ------------------------------------------------------------------

def sgd_reference(params, loss_fn, lr: float, steps: int) -> list[list[np.ndarray]]:
    """The parameters after each of ``steps`` plain SGD steps ``p <- p - lr * dL/dp`` on
    ``loss_fn(*params)``, computed with ``autograd.grad`` on copies (``params`` are not touched)."""
    ps = [p.detach().clone().requires_grad_(True) for p in params]
    out = []
    for _ in range(steps):
        grads = torch.autograd.grad(loss_fn(*ps), ps)
        ps = [(p - lr * g).detach().requires_grad_(True) for p, g in zip(ps, grads)]
        out.append([as_np(p) for p in ps])
    return out
