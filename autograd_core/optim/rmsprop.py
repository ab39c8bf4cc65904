"""RMSprop (Hinton's lecture 6e), with momentum, centering and weight decay."""

import autograd_core as ac

from .optimizer import Optimizer

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    r"""torch.optim.RMSprop (single-tensor path, the one torch uses on CPU).

    Per parameter, with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p
    * v = alpha * v + (1 - alpha) * g * g
    * with ``centered``: m = m + (1 - alpha) * (g - m) and avg = sqrt(v - m * m), else sqrt(v)
    * avg = avg + eps
    * with momentum: buf = momentum * buf + g / avg and p = p - lr * buf, else
      p = p - lr * g / avg

    State per parameter: ``step`` (a float32 0-d tensor), ``square_avg`` and, when used,
    ``momentum_buffer`` and ``grad_avg``.

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 1e-2).
        alpha: smoothing constant (default 0.99).
        eps: added to the denominator (default 1e-8).
        weight_decay: L2 penalty (default 0).
        momentum: momentum factor (default 0).
        centered: normalise by an estimate of the gradient's variance.
        capturable, foreach, maximize, differentiable: as torch's; only capturable=False and
            differentiable=False are implemented.
    """

    def __init__(
        self,
        params,
        lr=1e-2,
        alpha=0.99,
        eps=1e-8,
        weight_decay=0,
        momentum=0,
        centered=False,
        capturable=False,
        foreach=None,
        maximize=False,
        differentiable=False,
    ):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        if capturable or differentiable:
            raise NotImplementedError(
                "autograd_core's RMSprop implements only capturable=False and differentiable=False"
            )
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "alpha": alpha,
            "eps": eps,
            "centered": centered,
            "weight_decay": weight_decay,
            "capturable": capturable,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("momentum", 0)
            group.setdefault("centered", False)
            group.setdefault("foreach", None)
            group.setdefault("maximize", False)
            group.setdefault("differentiable", False)
            group.setdefault("capturable", False)

    def step(self, closure=None):
        """Update every parameter that has a ``.grad``; returns ``closure()`` if given."""
        loss = self._eval_closure(closure)
        with ac.no_grad():
            for group in self.param_groups:
                lr, alpha, eps = group["lr"], group["alpha"], group["eps"]
                wd, momentum = group["weight_decay"], group["momentum"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:  # lazy init, in torch's key order
                        state["step"] = ac.tensor(0.0, dtype=ac.float32)
                        state["square_avg"] = ac.zeros_like(p)
                        if momentum > 0:
                            state["momentum_buffer"] = ac.zeros_like(p)
                        if group["centered"]:
                            state["grad_avg"] = ac.zeros_like(p)
                    grad = -p.grad if group["maximize"] else p.grad
                    state["step"] += 1
                    if wd != 0:
                        grad = grad + p * wd
                    square_avg = state["square_avg"]
                    # torch: square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
                    square_avg.mul_(alpha).add_(grad * (1 - alpha) * grad)
                    if group["centered"]:
                        grad_avg = state["grad_avg"]
                        grad_avg.add_((grad - grad_avg) * (1 - alpha))  # lerp_ with w < 0.5
                        avg = (square_avg - grad_avg * grad_avg).sqrt()
                    else:
                        avg = square_avg.sqrt()
                    avg = avg.add_(eps)
                    if momentum > 0:
                        buf = state["momentum_buffer"]
                        buf.mul_(momentum).add_(grad / avg)
                        p.add_(buf, alpha=-lr)
                    else:
                        p.add_(grad * -lr / avg)  # torch: p.addcdiv_(grad, avg, value=-lr)
        return loss
