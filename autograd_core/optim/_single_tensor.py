"""What Adamax, NAdam, RAdam, Adadelta, ASGD and Rprop share: torch's single-tensor step loop
(the path torch takes on the CPU), the lazy state of 0-d scalars and Adam's checks and moments."""

import autograd_core as ac

from .optimizer import Optimizer

__all__ = []


def scalar_dtype():
    """torch's ``_get_scalar_dtype()``: the dtype of 0-d state such as ``step``."""
    return ac.float64 if ac.get_default_dtype() == ac.float64 else ac.float32


def scalar(value):
    """A 0-d state tensor on the CPU (``step``, NAdam's ``mu_product``, ASGD's ``eta``)."""
    return ac.tensor(float(value), dtype=scalar_dtype())


def check_adam_args(lr, eps, betas, weight_decay):
    """The argument checks (and messages) torch's Adam family shares."""
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")
    if not 0.0 <= eps:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if not 0.0 <= weight_decay:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def adam_moments(p, grad, state, group):
    """Weight decay (L2 into ``grad``, or decoupled: shrink ``p``), then Adam's moments
    ``exp_avg`` and ``exp_avg_sq``, as NAdam and RAdam do it; returns the decayed grad."""
    lr, wd = group["lr"], group["weight_decay"]
    beta1, beta2 = group["betas"]
    if wd != 0:
        if group["decoupled_weight_decay"]:
            p.mul_(1 - lr * wd)
        else:
            grad = grad.add(p, alpha=wd)
    state["exp_avg"].lerp_(grad, 1 - beta1)
    state["exp_avg_sq"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    return grad


class SingleTensorOptimizer(Optimizer):
    """Base of the optimizers that update one parameter at a time.

    Subclasses define ``_init_state(state, p, group)`` (fills an empty state, in torch's key
    order, ``step`` first) and ``_update(p, grad, state, group)`` (one step of one parameter,
    ``grad`` already negated under ``maximize`` and ``state["step"]`` already advanced).
    ``_flags`` are the group keys a loaded old state may lack, ``_scalars`` the state entries
    that must be 0-d tensors.
    """

    _flags = {"foreach": None, "maximize": False, "differentiable": False, "capturable": False}
    _scalars = ("step",)

    def __init__(self, params, defaults):
        if defaults["capturable"] or defaults["differentiable"]:
            raise NotImplementedError(
                f"autograd_core's {type(self).__name__} implements only capturable=False and "
                "differentiable=False"
            )
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for key, default in self._flags.items():
                group.setdefault(key, default)
            for p in group["params"]:  # torch < 1.12 saved these as Python numbers
                p_state = self.state.get(p, {})
                for key in self._scalars:
                    if key in p_state and not isinstance(p_state[key], ac.Tensor):
                        p_state[key] = scalar(p_state[key])

    def step(self, closure=None):
        """Update every parameter that has a ``.grad``; returns ``closure()`` if given."""
        loss = self._eval_closure(closure)
        with ac.no_grad():
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        self._init_state(state, p, group)
                    state["step"] += 1  # in place, like torch's step_t += 1
                    grad = -p.grad if group["maximize"] else p.grad
                    self._update(p, grad, state, group)
        return loss
