"""NAdam (Dozat, 2016): Adam with Nesterov momentum and a momentum schedule."""

import autograd_core as ac

from ._single_tensor import SingleTensorOptimizer, adam_moments, check_adam_args, scalar

__all__ = ["NAdam"]


class NAdam(SingleTensorOptimizer):
    r"""torch.optim.NAdam (single-tensor path, the one torch uses on CPU).

    Per parameter, at step t with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p   (or p = p * (1 - lr * weight_decay) if decoupled: NAdamW)
    * mu_t = beta1 * (1 - 0.5 * 0.96**(t * momentum_decay));  mu_product *= mu_t
    * m = m + (1 - beta1) * (g - m);  v = beta2 * v + (1 - beta2) * g * g
    * d = sqrt(v / (1 - beta2**t)) + eps
    * p = p - lr (1 - mu_t) / (1 - mu_product) * g / d
      - lr mu_{t+1} / (1 - mu_product mu_{t+1}) * m / d

    State per parameter: ``step`` and ``mu_product`` (0-d tensors on the CPU: the product
    is kept in their precision, as torch's), ``exp_avg`` and ``exp_avg_sq``.

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 2e-3).
        betas: (beta1, beta2) decay rates of the moment estimates (default (0.9, 0.999)).
        eps: added to the denominator (default 1e-8).
        weight_decay: L2 penalty (default 0).
        momentum_decay: the momentum schedule's psi (default 4e-3).
        decoupled_weight_decay: AdamW-style decay.
        foreach, maximize, capturable, differentiable: as torch's; only capturable=False and
            differentiable=False are implemented.
    """

    _flags = {**SingleTensorOptimizer._flags, "decoupled_weight_decay": False}
    _scalars = ("step", "mu_product")

    def __init__(
        self,
        params,
        lr=2e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=0,
        momentum_decay=4e-3,
        decoupled_weight_decay=False,
        *,
        foreach=None,
        maximize=False,
        capturable=False,
        differentiable=False,
    ):
        check_adam_args(lr, eps, betas, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "momentum_decay": momentum_decay,
            "decoupled_weight_decay": decoupled_weight_decay,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    def _init_state(self, state, p, group):
        state["step"] = scalar(0.0)
        state["mu_product"] = scalar(1.0)
        state["exp_avg"] = ac.zeros_like(p)
        state["exp_avg_sq"] = ac.zeros_like(p)

    def _update(self, p, grad, state, group):
        beta1, beta2 = group["betas"]
        lr, psi, step = group["lr"], group["momentum_decay"], state["step"].item()
        bias_correction2 = 1 - beta2**step
        grad = adam_moments(p, grad, state, group)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * psi)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * psi)))
        mu_product = state["mu_product"]
        mu_product *= mu  # in the 0-d tensor's dtype, as torch
        mu_product = mu_product.item()
        denom = state["exp_avg_sq"].div(bias_correction2).sqrt().add_(group["eps"])
        p.addcdiv_(grad, denom, value=-lr * (1.0 - mu) / (1.0 - mu_product))
        p.addcdiv_(state["exp_avg"], denom, value=-lr * mu_next / (1.0 - mu_product * mu_next))
