"""Adagrad (Duchi et al., 2011), with learning-rate decay and weight decay."""

import autograd_core as ac

from .optimizer import Optimizer

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    r"""torch.optim.Adagrad (single-tensor path, dense gradients).

    Per parameter, at step t with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p
    * clr = lr / (1 + (t - 1) * lr_decay)
    * sum = sum + g * g
    * p = p - clr * g / (sqrt(sum) + eps)

    State (created in the constructor, as torch does): ``step`` (a float32 0-d tensor) and
    ``sum`` (filled with ``initial_accumulator_value``).

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 1e-2).
        lr_decay: learning-rate decay (default 0).
        weight_decay: L2 penalty (default 0).
        initial_accumulator_value: starting value of ``sum`` (default 0).
        eps: added to the denominator (default 1e-10).
        foreach, maximize, differentiable, fused: as torch's; only differentiable=False and
            fused=None/False are implemented.
    """

    def __init__(
        self,
        params,
        lr=1e-2,
        lr_decay=0,
        weight_decay=0,
        initial_accumulator_value=0,
        eps=1e-10,
        foreach=None,
        *,
        maximize=False,
        differentiable=False,
        fused=None,
    ):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= lr_decay:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= initial_accumulator_value:
            raise ValueError(
                f"Invalid initial_accumulator_value value: {initial_accumulator_value}"
            )
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if differentiable or fused:
            raise NotImplementedError(
                "autograd_core's Adagrad implements only differentiable=False and fused=None/False"
            )
        defaults = {
            "lr": lr,
            "lr_decay": lr_decay,
            "eps": eps,
            "weight_decay": weight_decay,
            "initial_accumulator_value": initial_accumulator_value,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "fused": fused,
        }
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                self._init_state(p)

    def _init_state(self, p):
        state = self.state[p]
        if len(state) == 0:
            state["step"] = ac.tensor(0.0, dtype=ac.float32)
            state["sum"] = ac.full_like(p, self.defaults["initial_accumulator_value"])
        return state

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("foreach", None)
            group.setdefault("maximize", False)
            group.setdefault("differentiable", False)
            group.setdefault("fused", None)

    def step(self, closure=None):
        """Update every parameter that has a ``.grad``; returns ``closure()`` if given."""
        loss = self._eval_closure(closure)
        with ac.no_grad():
            for group in self.param_groups:
                lr, wd, eps = group["lr"], group["weight_decay"], group["eps"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    state = self._init_state(p)  # a group added later starts here
                    state["step"] += 1
                    step = state["step"].item()
                    grad = -p.grad if group["maximize"] else p.grad
                    if wd != 0:
                        grad = grad + p * wd
                    clr = lr / (1 + (step - 1) * group["lr_decay"])
                    state_sum = state["sum"]
                    state_sum.add_(grad * grad)  # torch: addcmul_(grad, grad, value=1)
                    std = state_sum.sqrt().add_(eps)
                    p.add_(grad * -clr / std)  # torch: p.addcdiv_(grad, std, value=-clr)
        return loss
