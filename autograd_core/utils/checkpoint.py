"""Gradient checkpointing: trade compute for memory by recomputing a segment during backward.

``checkpoint(fn, *args, use_reentrant=False)`` runs `fn` normally, so its outputs keep their real
nodes, but every tensor the segment saves for backward is replaced by a number (saved-tensor
hooks). When backward first needs one, `fn` runs again from the same inputs and random state and
the recomputed tensors are handed over instead. Between forward and backward only the inputs and
the graph's bookkeeping are kept, not the segment's activations.

``use_reentrant=True`` is the older variant: one ``CheckpointFunctionBackward`` node that reruns the
segment and backpropagates through it inside its own backward.
"""

import warnings

from .._creation import get_rng_state, set_rng_state
from ..autograd.graph import saved_tensors_hooks
from .._tensor import Tensor
from ..autograd.function import Function
from ..grad_mode import enable_grad
from ..autograd.backprop import _is_checkpoint_valid, backward

_NO_REENTRANT_WARNING = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. Starting in "
    "PyTorch 2.9, "
    "calling checkpoint without use_reentrant will raise an exception. use_reentrant=False is "
    "recommended, but if "
    "you need to preserve the current default behavior, you can pass use_reentrant=True. Refer to "
    "docs for more "
    "details on the differences between the two variants."
)


class CheckpointError(RuntimeError):
    """The recomputation in backward did not reproduce the forward pass."""


def _metadata(t):
    return {"shape": t.shape, "dtype": t.dtype, "device": t.device}


class _Recomputation:
    """The saved tensors of one checkpointed call: numbered in forward, recomputed on first use."""

    def __init__(self, fn, args, rng_state):
        self.fn, self.args, self.rng_state = fn, args, rng_state
        self.metadata = []
        self.values = None

    def pack(self, t):
        self.metadata.append(_metadata(t))
        return len(self.metadata) - 1

    def unpack(self, i):
        if self.values is None:
            self.values = self._recompute()
        return self.values[i]

    def _recompute(self):
        values = []

        def keep(t):
            values.append(t)
            return len(values) - 1

        inputs = (
            self.args
        )  # not detached: the recomputed graph reaches the inputs (double backward)
        current = get_rng_state()
        if self.rng_state is not None:
            set_rng_state(self.rng_state)
        try:
            with enable_grad(), saved_tensors_hooks(keep, values.__getitem__):
                self.fn(*inputs)
        finally:
            set_rng_state(current)
        recomputed = [_metadata(t) for t in values]
        if recomputed[: len(self.metadata)] != self.metadata:
            lines = [
                "torch.utils.checkpoint: Recomputed values for the following tensors have "
                "different metadata "
                "than during the forward pass."
            ]
            for i, (a, b) in enumerate(zip(self.metadata, recomputed)):
                if a != b:
                    lines.append(
                        f"tensor at position {i}:\nsaved metadata: {_fmt(a)}\nrecomputed "
                        f"metadata: {_fmt(b)}\n"
                    )
            raise CheckpointError("\n".join(lines))
        self.args = None
        return values


def _fmt(meta):
    return "{" + ", ".join(f"'{k}': {v!r}" for k, v in meta.items()) + "}"


class CheckpointFunction(Function):
    """use_reentrant=True: a single node that reruns the segment inside its backward."""

    @staticmethod
    def forward(ctx, fn, preserve_rng_state, *args):
        ctx.fn = fn
        ctx.rng_state = get_rng_state() if preserve_rng_state else None
        ctx.arg_is_tensor = [isinstance(a, Tensor) for a in args]
        ctx.non_tensor_args = [None if isinstance(a, Tensor) else a for a in args]
        ctx.save_for_backward(*[a for a in args if isinstance(a, Tensor)])
        return fn(*args)

    @staticmethod
    def backward(ctx, *grad_outputs):
        if not _is_checkpoint_valid():
            raise RuntimeError(
                "When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() "
                "or passing an `inputs` parameter to .backward(). To resolve this error, you can "
                "either set use_reentrant=False, or call .backward() without passing the "
                "`inputs` argument."
            )
        saved = iter(ctx.saved_tensors)
        inputs = [
            next(saved).detach().requires_grad_(t_rg) if is_t else other
            for is_t, other, t_rg in zip(
                ctx.arg_is_tensor, ctx.non_tensor_args, ctx.needs_input_grad[2:]
            )
        ]
        current = get_rng_state()
        if ctx.rng_state is not None:
            set_rng_state(ctx.rng_state)
        try:
            with enable_grad():
                out = ctx.fn(*inputs)
        finally:
            set_rng_state(current)
        outs = out if isinstance(out, tuple) else (out,)
        pairs = [
            (o, g) for o, g in zip(outs, grad_outputs) if isinstance(o, Tensor) and o.requires_grad
        ]
        # backward() without inputs, as torch: a nested reentrant checkpoint stays valid, and
        # tensors the segment uses without taking them as arguments (parameters) get .grad too.
        if pairs:
            backward([o for o, _ in pairs], [g for _, g in pairs])
        return (None, None) + tuple(a.grad if isinstance(a, Tensor) else None for a in inputs)


def checkpoint(function, *args, use_reentrant=None, preserve_rng_state=True, **kwargs):
    """Run ``function(*args, **kwargs)`` without keeping its activations; recompute them in
    backward.

    Args:
        function: the segment to checkpoint.
        use_reentrant: pass False (recommended). Omitting it warns and uses True, like torch.
        preserve_rng_state: replay the same random numbers in the recomputation.
    """
    if use_reentrant is None:
        warnings.warn(_NO_REENTRANT_WARNING, UserWarning, stacklevel=2)
        use_reentrant = True
    if use_reentrant:
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
        if not any(isinstance(a, Tensor) and a.requires_grad for a in args):
            warnings.warn(
                "None of the inputs have requires_grad=True. Gradients will be None",
                UserWarning,
                stacklevel=2,
            )
        return CheckpointFunction.apply(function, preserve_rng_state, *args)
    fn = (lambda *a: function(*a, **kwargs)) if kwargs else function
    frame = _Recomputation(fn, args, get_rng_state() if preserve_rng_state else None)
    with saved_tensors_hooks(frame.pack, frame.unpack):
        return fn(*args)
