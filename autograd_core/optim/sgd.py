"""Stochastic gradient descent with momentum, dampening, Nesterov and weight decay."""

import autograd_core as ac

from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    r"""torch.optim.SGD (single-tensor path, the one torch uses on CPU).

    Per parameter, with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p
    * buf = g on the first step, else buf = momentum * buf + (1 - dampening) * g
    * g = g + momentum * buf if ``nesterov`` else buf   (only when momentum != 0)
    * p = p - lr * g

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 1e-3).
        momentum: momentum factor (default 0).
        dampening: dampening for momentum (default 0).
        weight_decay: L2 penalty (default 0).
        nesterov: use Nesterov momentum (needs momentum > 0 and dampening = 0).
        maximize: ascend instead of descend.
        foreach, differentiable, fused: stored for state_dict compatibility with torch;
            only the defaults (None/False) are implemented.
    """

    def __init__(
        self,
        params,
        lr=1e-3,
        momentum=0,
        dampening=0,
        weight_decay=0,
        nesterov=False,
        *,
        maximize=False,
        foreach=None,
        differentiable=False,
        fused=None,
    ):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "dampening": dampening,
            "weight_decay": weight_decay,
            "nesterov": nesterov,
            "maximize": maximize,
            "foreach": foreach,
            "differentiable": differentiable,
            "fused": fused,
        }
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        if differentiable or fused:
            raise NotImplementedError(
                "autograd_core's SGD implements only differentiable=False and fused=None/False"
            )
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("nesterov", False)
            group.setdefault("maximize", False)
            group.setdefault("foreach", None)
            group.setdefault("differentiable", False)
            group.setdefault("fused", False)

    def step(self, closure=None):
        """Update every parameter that has a ``.grad``; returns ``closure()`` if given."""
        loss = self._eval_closure(closure)
        with ac.no_grad():
            for group in self.param_groups:
                lr, momentum = group["lr"], group["momentum"]
                dampening, wd = group["dampening"], group["weight_decay"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    grad = -p.grad if group["maximize"] else p.grad
                    if wd != 0:
                        grad = grad + p * wd
                    if momentum != 0:
                        state = self.state[p]
                        buf = state.get("momentum_buffer")
                        if buf is None:
                            buf = grad.clone().detach()
                            state["momentum_buffer"] = buf
                        else:
                            buf.mul_(momentum).add_(grad * (1 - dampening))
                        grad = grad + buf * momentum if group["nesterov"] else buf
                    p.add_(grad, alpha=-lr)
        return loss
