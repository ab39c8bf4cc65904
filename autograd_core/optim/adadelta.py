"""Adadelta (Zeiler, 2012): an lr-free adaptive method from running averages of g^2 and dx^2."""

import autograd_core as ac

from ._single_tensor import SingleTensorOptimizer, scalar

__all__ = ["Adadelta"]


class Adadelta(SingleTensorOptimizer):
    r"""torch.optim.Adadelta (single-tensor path, the one torch uses on CPU).

    Per parameter, with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p
    * v = rho * v + (1 - rho) * g * g
    * dx = sqrt(u + eps) / sqrt(v + eps) * g
    * u = rho * u + (1 - rho) * dx * dx
    * p = p - lr * dx

    State per parameter: ``step`` (a 0-d tensor on the CPU), ``square_avg`` (v) and
    ``acc_delta`` (u).

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: scales the step (default 1.0).
        rho: decay rate of the running averages (default 0.9).
        eps: added inside the square roots (default 1e-6).
        weight_decay: L2 penalty (default 0).
        foreach, capturable, maximize, differentiable: as torch's; only capturable=False and
            differentiable=False are implemented.
    """

    def __init__(
        self,
        params,
        lr=1.0,
        rho=0.9,
        eps=1e-6,
        weight_decay=0,
        foreach=None,
        *,
        capturable=False,
        maximize=False,
        differentiable=False,
    ):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {
            "lr": lr,
            "rho": rho,
            "eps": eps,
            "weight_decay": weight_decay,
            "maximize": maximize,
            "capturable": capturable,
            "foreach": foreach,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    def _init_state(self, state, p, group):
        state["step"] = scalar(0.0)
        state["square_avg"] = ac.zeros_like(p)
        state["acc_delta"] = ac.zeros_like(p)

    def _update(self, p, grad, state, group):
        rho, eps = group["rho"], group["eps"]
        if group["weight_decay"] != 0:
            grad = grad.add(p, alpha=group["weight_decay"])
        square_avg, acc_delta = state["square_avg"], state["acc_delta"]
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_().div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        p.add_(delta, alpha=-group["lr"])
