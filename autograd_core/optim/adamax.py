"""Adamax (Kingma & Ba, 2015, section 7): Adam with the infinity norm."""

import autograd_core as ac

from ._single_tensor import SingleTensorOptimizer, check_adam_args, scalar

__all__ = ["Adamax"]


class Adamax(SingleTensorOptimizer):
    r"""torch.optim.Adamax (single-tensor path, the one torch uses on CPU).

    Per parameter, at step t with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p
    * m = m + (1 - beta1) * (g - m);  u = max(beta2 * u, |g| + eps)
    * p = p - lr / (1 - beta1**t) * m / u

    State per parameter: ``step`` (a 0-d tensor on the CPU), ``exp_avg`` and ``exp_inf``.

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 2e-3).
        betas: (beta1, beta2) decay rates of the mean and of the infinity norm
            (default (0.9, 0.999)).
        eps: added to |g| (default 1e-8).
        weight_decay: L2 penalty (default 0).
        foreach, maximize, differentiable, capturable: as torch's; only differentiable=False
            and capturable=False are implemented.
    """

    def __init__(
        self,
        params,
        lr=2e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=0,
        foreach=None,
        *,
        maximize=False,
        differentiable=False,
        capturable=False,
    ):
        check_adam_args(lr, eps, betas, weight_decay)
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "capturable": capturable,
        }
        super().__init__(params, defaults)

    def _init_state(self, state, p, group):
        state["step"] = scalar(0.0)
        state["exp_avg"] = ac.zeros_like(p)
        state["exp_inf"] = ac.zeros_like(p)

    def _update(self, p, grad, state, group):
        beta1, beta2 = group["betas"]
        if group["weight_decay"] != 0:
            grad = grad.add(p, alpha=group["weight_decay"])
        exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
        exp_avg.lerp_(grad, 1 - beta1)
        exp_inf.copy_(ac.maximum(exp_inf.mul_(beta2), grad.abs().add_(group["eps"])))
        clr = group["lr"] / (1 - beta1 ** state["step"].item())
        p.addcdiv_(exp_avg, exp_inf, value=-clr)
