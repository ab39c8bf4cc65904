"""Gradient checkpointing: trade compute for memory by recomputing a segment in backward.

``checkpoint(fn, *args, use_reentrant=False)`` runs `fn` without recording its graph (so none of
its intermediate arrays are kept), and records a single node. In backward that node runs `fn`
again with grad mode on, from the same inputs and random state, and backpropagates through the
recomputed graph. Only the inputs are stored between forward and backward.
"""
import warnings

from .._creation import get_rng_state, set_rng_state
from .._tensor import Tensor
from ..autograd.function import Function
from ..grad_mode import no_grad, enable_grad

_NO_REENTRANT_WARNING = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. Starting in PyTorch 2.9, "
    "calling checkpoint without use_reentrant will raise an exception. use_reentrant=False is recommended, but if "
    "you need to preserve the current default behavior, you can pass use_reentrant=True. Refer to docs for more "
    "details on the differences between the two variants.")


class CheckpointError(RuntimeError):
    """The recomputation in backward did not reproduce the forward pass."""


class _Checkpoint(Function):
    @staticmethod
    def forward(ctx, fn, preserve_rng_state, n_tensors, *args):
        ctx.fn = fn
        ctx.rng_state = get_rng_state() if preserve_rng_state else None
        ctx.arg_is_tensor = [isinstance(a, Tensor) for a in args]
        ctx.non_tensor_args = [None if isinstance(a, Tensor) else a for a in args]
        ctx.save_for_backward(*[a for a in args if isinstance(a, Tensor)])
        with no_grad():
            out = fn(*args)
        outs = out if isinstance(out, tuple) else (out,)
        ctx.meta = [(tuple(o.shape), o.dtype) for o in outs if isinstance(o, Tensor)]
        ctx.single = not isinstance(out, tuple)
        return out

    @staticmethod
    def backward(ctx, *grad_outputs):
        from ..autograd import grad
        saved = iter(ctx.saved_tensors)
        inputs = []
        for is_t, other in zip(ctx.arg_is_tensor, ctx.non_tensor_args):
            if is_t:
                t = next(saved)
                d = t.detach().requires_grad_(t.requires_grad)
                inputs.append(d)
            else:
                inputs.append(other)
        if ctx.rng_state is not None:
            current = get_rng_state()
            set_rng_state(ctx.rng_state)
        try:
            with enable_grad():
                out = ctx.fn(*inputs)
        finally:
            if ctx.rng_state is not None:
                set_rng_state(current)
        outs = out if isinstance(out, tuple) else (out,)
        tensors = [o for o in outs if isinstance(o, Tensor)]
        recomputed = [(tuple(o.shape), o.dtype) for o in tensors]
        if recomputed != ctx.meta:
            lines = ["torch.utils.checkpoint: Recomputed values for the following tensors have different metadata "
                     "than during the forward pass."]
            for i, (a, b) in enumerate(zip(ctx.meta, recomputed)):
                if a != b:
                    lines.append(f"tensor at position {i}:\nsaved metadata: {{'shape': {a[0]}, 'dtype': {a[1]}}}\n"
                                 f"recomputed metadata: {{'shape': {b[0]}, 'dtype': {b[1]}}}")
            raise CheckpointError("\n".join(lines))
        pairs = [(o, g) for o, g in zip(tensors, grad_outputs) if o.requires_grad and g is not None]
        diff_inputs = [t for t in inputs if isinstance(t, Tensor) and t.requires_grad]
        gs = iter(grad([o for o, _ in pairs], diff_inputs, [g for _, g in pairs], allow_unused=True)
                  if pairs and diff_inputs else [None] * len(diff_inputs))
        result = []
        for a in inputs:
            result.append(next(gs) if isinstance(a, Tensor) and a.requires_grad else None)
        return (None, None, None) + tuple(result)


def checkpoint(function, *args, use_reentrant=None, preserve_rng_state=True, **kwargs):
    """Run ``function(*args)`` keeping only its inputs; recompute it during backward.

    Args:
        function: the segment to checkpoint.
        use_reentrant: only False is implemented (None warns, like torch, and uses False here).
        preserve_rng_state: replay the same random numbers in the recomputation.
    """
    if use_reentrant is None:
        warnings.warn(_NO_REENTRANT_WARNING, UserWarning, stacklevel=2)
    if kwargs:
        fn = function
        function = lambda *a: fn(*a, **kwargs)  # noqa: E731
    if use_reentrant and not any(isinstance(a, Tensor) and a.requires_grad for a in args):
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None", UserWarning, stacklevel=2)
    return _Checkpoint.apply(function, preserve_rng_state, len(args), *args)
