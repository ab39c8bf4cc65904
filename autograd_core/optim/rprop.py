"""Rprop (Riedmiller & Braun, 1993): resilient backpropagation, steps from gradient signs."""

import autograd_core as ac

from ._single_tensor import SingleTensorOptimizer, scalar

__all__ = ["Rprop"]


class Rprop(SingleTensorOptimizer):
    r"""torch.optim.Rprop (single-tensor path, the one torch uses on CPU).

    Per parameter and element, with g = grad (negated if ``maximize``) and g' the previous one:

    * f = etaplus where g * g' > 0, etaminus where < 0, 1 where 0
    * step_size = clamp(step_size * f, *step_sizes)
    * g = 0 where f is etaminus (the sign flipped: no move, and no flip seen next step)
    * p = p - sign(g) * step_size;  g' = g

    State per parameter: ``step`` (a 0-d tensor on the CPU), ``prev`` and ``step_size``
    (starting at lr).

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: initial step size (default 1e-2).
        etas: (etaminus, etaplus) step-size factors (default (0.5, 1.2)).
        step_sizes: (min, max) step sizes (default (1e-6, 50)).
        capturable, foreach, maximize, differentiable: as torch's; only capturable=False and
            differentiable=False are implemented.
    """

    def __init__(
        self,
        params,
        lr=1e-2,
        etas=(0.5, 1.2),
        step_sizes=(1e-6, 50),
        *,
        capturable=False,
        foreach=None,
        maximize=False,
        differentiable=False,
    ):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = {
            "lr": lr,
            "etas": etas,
            "step_sizes": step_sizes,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "capturable": capturable,
        }
        super().__init__(params, defaults)

    def _init_state(self, state, p, group):
        state["step"] = scalar(0.0)
        state["prev"] = ac.zeros_like(p)
        state["step_size"] = ac.full_like(p, group["lr"])

    def _update(self, p, grad, state, group):
        etaminus, etaplus = group["etas"]
        prev, step_size = state["prev"], state["step_size"]
        sign = grad.mul(prev).sign()
        sign.masked_fill_(sign.gt(0), etaplus)  # in torch's order: etaminus is > 0
        sign.masked_fill_(sign.lt(0), etaminus)
        sign.masked_fill_(sign.eq(0), 1)
        step_size.mul_(sign).clamp_(*group["step_sizes"])
        grad = grad.masked_fill(sign.eq(etaminus), 0)
        p.addcmul_(grad.sign(), step_size, value=-1)
        prev.copy_(grad)
