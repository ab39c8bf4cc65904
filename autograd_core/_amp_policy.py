"""Autocast's per-op policy (torch.autocast): which ops run in the low precision, which in float32.

An op module marks its entry points with `lower_precision` (matmul, linear, conv: the low dtype of
the active autocast) or `float32_precision` (reductions, softmax, losses: float32). Outside
autocast both cost one attribute test. `state` is set by ``autograd_core.amp.autocast``.
"""

import functools


class _State:
    """The active autocast: per device type, whether it is on and its low dtype."""

    def __init__(self):
        self.active = False  # any device type on (the one test an op pays outside autocast)
        self.enabled = {}  # {"cpu": bool, "cuda": bool}
        self.dtype = {}  # {"cpu": dtype, "cuda": dtype}


state = _State()


def _cast_args(kind, args):
    """The tensor arguments as the op runs them under autocast (filled in by the amp module)."""
    return args


def _marked(kind):
    def mark(fn):
        @functools.wraps(fn)
        def op(*args, **kwargs):
            if not state.active:
                return fn(*args, **kwargs)
            return fn(*_cast_args(kind, args), **kwargs)

        op.autocast = kind
        return op

    return mark


lower_precision = _marked("lower")
float32_precision = _marked("float32")
