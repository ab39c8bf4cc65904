"""Adam (Kingma & Ba, 2015), with AMSGrad and (coupled or decoupled) weight decay."""

import autograd_core as ac

from ._single_tensor import check_adam_args
from .optimizer import Optimizer

__all__ = ["Adam"]


class Adam(Optimizer):
    r"""torch.optim.Adam (single-tensor path, the one torch uses on CPU).

    Per parameter, at step t with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p   (or p = p * (1 - lr * weight_decay) if decoupled)
    * m = m + (1 - beta1) * (g - m);  v = beta2 * v + (1 - beta2) * g * g
    * v_max = max(v_max, v) with ``amsgrad``, used instead of v below
    * p = p - lr / (1 - beta1**t) * m / (sqrt(v) / sqrt(1 - beta2**t) + eps)

    State per parameter: ``step`` (a float32 0-d tensor on the CPU), ``exp_avg``,
    ``exp_avg_sq`` and, with amsgrad, ``max_exp_avg_sq`` (all on the parameter's device).

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 1e-3).
        betas: (beta1, beta2) decay rates of the moment estimates (default (0.9, 0.999)).
        eps: added to the denominator (default 1e-8).
        weight_decay: L2 penalty (default 0).
        amsgrad: use the AMSGrad variant.
        maximize: ascend instead of descend.
        decoupled_weight_decay: AdamW-style decay.
        foreach, capturable, differentiable, fused: stored for state_dict compatibility with
            torch; only the defaults are implemented.
    """

    def __init__(
        self,
        params,
        lr=1e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=0,
        amsgrad=False,
        *,
        foreach=None,
        maximize=False,
        capturable=False,
        differentiable=False,
        fused=None,
        decoupled_weight_decay=False,
    ):
        check_adam_args(lr, eps, betas, weight_decay)
        if isinstance(betas[0], ac.Tensor) and isinstance(betas[1], ac.Tensor):
            raise NotImplementedError("autograd_core's Adam takes betas as floats only")
        if not (isinstance(betas[0], float) and isinstance(betas[1], float)):
            raise ValueError("betas must be either both floats or both Tensors")
        if capturable or differentiable or fused:
            raise NotImplementedError(
                "autograd_core's Adam implements only capturable=False, "
                "differentiable=False and fused=None/False"
            )
        defaults = {
            "lr": lr,
            "betas": tuple(betas),
            "eps": eps,
            "weight_decay": weight_decay,
            "amsgrad": amsgrad,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "differentiable": differentiable,
            "fused": fused,
            "decoupled_weight_decay": decoupled_weight_decay,
        }
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("amsgrad", False)
            group.setdefault("maximize", False)
            group.setdefault("foreach", None)
            group.setdefault("capturable", False)
            group.setdefault("differentiable", False)
            group.setdefault("decoupled_weight_decay", False)
            group.setdefault("fused", None)

    def step(self, closure=None):
        """Update every parameter that has a ``.grad``; returns ``closure()`` if given."""
        loss = self._eval_closure(closure)
        with ac.no_grad():
            for group in self.param_groups:
                beta1, beta2 = group["betas"]
                lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    grad = -p.grad if group["maximize"] else p.grad
                    state = self.state[p]
                    if len(state) == 0:  # lazy init, in torch's key order
                        state["step"] = ac.tensor(0.0, dtype=ac.float32)
                        state["exp_avg"] = ac.zeros_like(p)
                        state["exp_avg_sq"] = ac.zeros_like(p)
                        if group["amsgrad"]:
                            state["max_exp_avg_sq"] = ac.zeros_like(p)
                    exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                    state["step"] += 1  # in place, like torch's step_t += 1

                    if wd != 0:
                        if group["decoupled_weight_decay"]:
                            p.mul_(1 - lr * wd)
                        else:
                            grad = grad + p * wd
                    # torch: exp_avg.lerp_(grad, 1 - beta1); exp_avg_sq.mul_(b2).addcmul_(g, g,
                    # 1-b2)
                    exp_avg.add_((grad - exp_avg) * (1 - beta1))
                    exp_avg_sq.mul_(beta2).add_(grad * (1 - beta2) * grad)

                    step = state["step"].item()
                    bias_correction1 = 1 - beta1**step
                    bias_correction2 = 1 - beta2**step
                    step_size = lr / bias_correction1
                    bias_correction2_sqrt = bias_correction2**0.5
                    if group["amsgrad"]:
                        max_sq = state["max_exp_avg_sq"]
                        max_sq.copy_(ac.maximum(max_sq, exp_avg_sq))
                        denom = (max_sq.sqrt() / bias_correction2_sqrt).add_(eps)
                    else:
                        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
                    # torch: p.addcdiv_(exp_avg, denom, value=-step_size)
                    p.add_(exp_avg * -step_size / denom)
        return loss
