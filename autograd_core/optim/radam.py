"""RAdam (Liu et al., 2020): Adam with the variance of its adaptive lr rectified."""

import autograd_core as ac

from ._single_tensor import SingleTensorOptimizer, adam_moments, check_adam_args, scalar

__all__ = ["RAdam"]


class RAdam(SingleTensorOptimizer):
    r"""torch.optim.RAdam (single-tensor path, the one torch uses on CPU).

    Per parameter, at step t with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p   (or p = p * (1 - lr * weight_decay) if decoupled)
    * m = m + (1 - beta1) * (g - m);  v = beta2 * v + (1 - beta2) * g * g
    * rho_inf = 2 / (1 - beta2) - 1;  rho_t = rho_inf - 2 t beta2**t / (1 - beta2**t)
    * rho_t > 5: p = p - lr * m / (1 - beta1**t) * sqrt(1 - beta2**t) / (sqrt(v) + eps) * r_t,
      r_t = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf - 4)(rho_inf - 2) rho_t));
      else p = p - lr * m / (1 - beta1**t)

    State per parameter: ``step`` (a 0-d tensor on the CPU), ``exp_avg`` and ``exp_avg_sq``.

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 1e-3).
        betas: (beta1, beta2) decay rates of the moment estimates (default (0.9, 0.999)).
        eps: added to the denominator (default 1e-8).
        weight_decay: L2 penalty (default 0).
        decoupled_weight_decay: AdamW-style decay.
        foreach, maximize, capturable, differentiable: as torch's; only capturable=False and
            differentiable=False are implemented.
    """

    _flags = {**SingleTensorOptimizer._flags, "decoupled_weight_decay": False}

    def __init__(
        self,
        params,
        lr=1e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=0,
        decoupled_weight_decay=False,
        *,
        foreach=None,
        maximize=False,
        capturable=False,
        differentiable=False,
    ):
        check_adam_args(lr, eps, betas, weight_decay)
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "decoupled_weight_decay": decoupled_weight_decay,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    def _init_state(self, state, p, group):
        state["step"] = scalar(0.0)
        state["exp_avg"] = ac.zeros_like(p)
        state["exp_avg_sq"] = ac.zeros_like(p)

    def _update(self, p, grad, state, group):
        beta1, beta2 = group["betas"]
        lr, step = group["lr"], state["step"].item()
        adam_moments(p, grad, state, group)
        bias_correction1 = 1 - beta1**step
        bias_correction2 = 1 - beta2**step
        bias_corrected_exp_avg = state["exp_avg"] / bias_correction1
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2**step) / bias_correction2
        if rho_t > 5.0:  # the variance is tractable: rectify the adaptive lr
            rect = (
                (rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)
            ) ** 0.5
            adaptive_lr = bias_correction2**0.5 / state["exp_avg_sq"].sqrt().add_(group["eps"])
            p.add_(bias_corrected_exp_avg * lr * adaptive_lr * rect, alpha=-1.0)
        else:  # early steps: plain momentum SGD
            p.add_(bias_corrected_exp_avg * lr, alpha=-1.0)
