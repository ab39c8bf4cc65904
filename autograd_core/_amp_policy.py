"""Autocast's per-op policy (torch.autocast): which ops run in the low precision, which in float32.

An op module marks its entry points with `lower_precision` (matmul, linear, conv: the low dtype of
the active autocast) or `float32_precision` (losses, prod, trace: float32), or with the marks whose
policy differs by device type, as in torch's lists (aten/src/ATen/autocast_mode.cpp): on "cuda"
only, `cuda_float32` (exp, log, pow, sum, softmax, norms, layer_norm, ...) and `cuda_lower` (mv);
`promote` (cat, stack, addcmul: the widest floating dtype of the inputs). Outside autocast a marked
op costs one attribute test. `state` is set by ``autograd_core.amp.autocast``.

Like torch's casts, ours are ops (``ToCopyBackward0`` in the graph), apply only to floating tensors
on the autocast's device type (float64 is never lowered), and a float32 leaf that requires grad (a
weight) is cast once per outermost autocast region and reused (the cast cache).
"""

import functools

from . import _backend
from ._tensor import Tensor


class _State:
    """The active autocast: per device type, whether it is on, its low dtype, its cast cache."""

    def __init__(self):
        self.active = False  # any device type on (the one test an op pays outside autocast)
        self.enabled = {}  # {"cpu": bool, "cuda": bool}
        self.dtype = {}  # {"cpu": dtype, "cuda": dtype}
        self.cache_enabled = True
        self.nesting = 0  # open autocast regions; the cache is cleared when the last one closes
        self.cache = {}  # id(leaf) -> (leaf, its cast)


state = _State()


def _eligible(t, dev):
    """A tensor autocast may cast: floating, on the autocast's device type."""
    return isinstance(t, Tensor) and t.dtype.is_floating_point and t.device.type == dev


def _cast_one(t, dt, dev):
    if not _eligible(t, dev) or t.dtype is dt or t.dtype is _backend.float64:
        return t
    cacheable = (
        state.cache_enabled
        and dt is state.dtype.get(dev)
        and t.dtype is _backend.float32
        and t.requires_grad
        and t.grad_fn is None
        and t._base is None
    )
    if not cacheable:
        return t.to(dt)
    # Keyed by the leaf alone, as torch's: a nested region with another low dtype gets the copy
    # the outer one made.
    hit = state.cache.get(id(t))
    if hit is None or hit[0] is not t:
        hit = state.cache[id(t)] = (t, t.to(dt))
    return hit[1]


def _tensors(args):
    for a in args:
        if isinstance(a, (list, tuple)):
            yield from (t for t in a if isinstance(t, Tensor))
        elif isinstance(a, Tensor):
            yield a


def _cast_args(policy, args):
    """The tensor arguments (also inside lists, for cat/stack) as the op runs them under the
    active autocast: `policy` maps a device type to "lower", "float32" or "promote"."""
    for dev, on in state.enabled.items():
        kind = policy.get(dev) if on else None
        if kind is None:
            continue
        if kind == "lower":
            dt = state.dtype[dev]
        elif kind == "float32":
            dt = _backend.float32
        else:  # promote: the widest floating dtype among the eligible inputs
            dt = None
            for t in _tensors(args):
                if _eligible(t, dev):
                    dt = t.dtype if dt is None else _backend.promote_types(dt, t.dtype)
            if dt is None:
                continue
        args = tuple(
            type(a)(_cast_one(t, dt, dev) for t in a)
            if isinstance(a, (list, tuple))
            else _cast_one(a, dt, dev)
            for a in args
        )
    return args


def _marked(**policy):
    def mark(fn):
        @functools.wraps(fn)
        def op(*args, **kwargs):
            if not state.active:
                return fn(*args, **kwargs)
            return fn(*_cast_args(policy, args), **kwargs)

        op.autocast = policy
        return op

    return mark


lower_precision = _marked(cpu="lower", cuda="lower")
float32_precision = _marked(cpu="float32", cuda="float32")
promote = _marked(cpu="promote", cuda="promote")
cuda_float32 = _marked(cuda="float32")  # float32 on cuda, left alone on cpu (torch's lists)
cuda_lower = _marked(cuda="lower")
cuda_promote = _marked(cuda="promote")
