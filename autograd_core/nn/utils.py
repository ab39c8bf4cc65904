"""torch.nn.utils gradient clipping: clip_grad_norm_ and clip_grad_value_."""

import math
import types
import warnings

import autograd_core as ac
from autograd_core import Tensor

__all__ = ["clip_grad_norm_", "clip_grad_value_"]


def _vector_norm(t, p):
    """torch.linalg.vector_norm(t, p) for a real tensor (all elements)."""
    a = t.abs()
    if p == math.inf:
        return a.max()
    if p == -math.inf:
        return a.min()
    if p == 0:
        return (a != 0).to(dtype=t.dtype).sum()
    if p == 1:
        return a.sum()
    if p == 2:
        return (a * a).sum().sqrt()
    return (a**p).sum() ** (1.0 / p)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scale all gradients in place so that their joint ``norm_type``-norm is at most
    ``max_norm``.

    The norm is taken over all gradients together, as if concatenated into one vector.
    Every gradient is multiplied by ``min(1, max_norm / (total_norm + 1e-6))``.

    Args:
        parameters: a tensor or an iterable of tensors whose ``.grad`` is clipped.
        max_norm: the largest allowed norm.
        norm_type: p of the p-norm; ``inf`` for the max-norm.
        error_if_nonfinite: raise if the total norm is nan or inf.
        foreach: accepted for torch compatibility; ignored (one loop on every device).

    Returns:
        The total norm before clipping, as a 0-d tensor.
    """
    with ac.no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        else:
            is_generator = isinstance(parameters, types.GeneratorType)
            parameters = list(parameters)
            if is_generator and len(parameters) == 0:
                warnings.warn(
                    "`parameters` is an empty generator, no gradient clipping will occur.",
                    stacklevel=2,
                )
        grads = [p.grad for p in parameters if p.grad is not None]
        norm_type = float(norm_type)
        if not grads:
            return ac.tensor(0.0)
        first_device = grads[0].device
        norms = [_vector_norm(g, norm_type).to(device=first_device) for g in grads]
        total_norm = _vector_norm(ac.stack(norms), norm_type)
        if error_if_nonfinite and not math.isfinite(total_norm.item()):
            raise RuntimeError(
                f"The total norm of order {norm_type} for gradients from "
                "`parameters` is non-finite, so it cannot be clipped. To disable "
                "this error and scale the gradients by the non-finite norm anyway, "
                "set `error_if_nonfinite=False`"
            )
        clip_coef = float(max_norm) / (total_norm + 1e-6)
        clip_coef_clamped = ac.clamp(clip_coef, max=1.0)
        for g in grads:
            # Always multiplied, even by 1.0: like torch, each grad's _version goes up by one.
            g.mul_(clip_coef_clamped.to(device=g.device))
        return total_norm


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient in place to ``[-clip_value, clip_value]``. Returns None."""
    with ac.no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        clip_value = float(clip_value)
        for p in parameters:
            if p.grad is not None:
                p.grad.clamp_(min=-clip_value, max=clip_value)


def zero_grads(parameters, set_to_none=True):
    """Reset gradients: to None (torch >= 2.0's default), else to zeros in place, detached.

    Shared by ``Module.zero_grad`` and ``Optimizer.zero_grad``.
    """
    for p in parameters:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad = p.grad.detach()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()
