"""ASGD: averaged stochastic gradient descent (Polyak & Juditsky, 1992)."""

import autograd_core as ac

from ._single_tensor import SingleTensorOptimizer, scalar

__all__ = ["ASGD"]


class ASGD(SingleTensorOptimizer):
    r"""torch.optim.ASGD (single-tensor path, the one torch uses on CPU).

    Per parameter, at step t with g = grad (negated if ``maximize``):

    * g = g + weight_decay * p
    * p = p * (1 - lambd * eta) - eta * g
    * ax = p while mu == 1, else ax = ax + mu * (p - ax)
    * eta = lr / (1 + lambd * lr * t)**alpha;  mu = 1 / max(1, t - t0)

    State per parameter: ``step``, ``eta`` and ``mu`` (0-d tensors, whose values are rounded
    to the default dtype as torch's) and ``ax``, the averaged parameter.

    Args:
        params: iterable of parameters or of param-group dicts.
        lr: learning rate (default 1e-2).
        lambd: decay term (default 1e-4).
        alpha: power of the eta update (default 0.75).
        t0: step at which averaging starts (default 1e6).
        weight_decay: L2 penalty (default 0).
        foreach, maximize, differentiable, capturable: as torch's; only differentiable=False
            and capturable=False are implemented.
    """

    _scalars = ("step", "eta", "mu")

    def __init__(
        self,
        params,
        lr=1e-2,
        lambd=1e-4,
        alpha=0.75,
        t0=1e6,
        weight_decay=0,
        foreach=None,
        maximize=False,
        differentiable=False,
        capturable=False,
    ):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {
            "lr": lr,
            "lambd": lambd,
            "alpha": alpha,
            "t0": t0,
            "weight_decay": weight_decay,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "capturable": capturable,
        }
        super().__init__(params, defaults)

    def _init_state(self, state, p, group):
        state["step"] = scalar(0.0)
        state["eta"] = scalar(group["lr"])
        state["mu"] = scalar(1.0)
        state["ax"] = ac.zeros_like(p)

    def _update(self, p, grad, state, group):
        lr, lambd = group["lr"], group["lambd"]
        if group["weight_decay"] != 0:
            grad = grad.add(p, alpha=group["weight_decay"])
        eta, mu, ax = state["eta"], state["mu"], state["ax"]
        eta_value = eta.item()
        p.mul_(1 - lambd * eta_value)  # decay term
        p.add_(grad, alpha=-eta_value)
        if mu.item() != 1:
            ax.add_(p.sub(ax).mul_(mu))
        else:
            ax.copy_(p)
        step = state["step"].item()
        # through a tensor of the default dtype, as torch: rounded to float32 even once loading
        # made eta and mu float64
        eta.copy_(ac.as_tensor(lr / ((1 + lambd * lr * step) ** group["alpha"])))
        mu.copy_(ac.as_tensor(1 / max(1, step - group["t0"])))
