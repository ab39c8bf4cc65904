"""AdamW (Loshchilov & Hutter, 2019): Adam with decoupled weight decay."""

from .adam import Adam

__all__ = ["AdamW"]


class AdamW(Adam):
    """torch.optim.AdamW: :class:`Adam` with ``decoupled_weight_decay=True``.

    Each step first shrinks the parameter, ``p = p * (1 - lr * weight_decay)``, then takes the
    Adam step; the decay never enters the moment estimates. ``weight_decay`` defaults to 1e-2.
    """

    def __init__(
        self,
        params,
        lr=1e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=1e-2,
        amsgrad=False,
        *,
        maximize=False,
        foreach=None,
        capturable=False,
        differentiable=False,
        fused=None,
    ):
        super().__init__(
            params,
            lr,
            betas,
            eps,
            weight_decay,
            amsgrad,
            foreach=foreach,
            maximize=maximize,
            capturable=capturable,
            differentiable=differentiable,
            fused=fused,
            decoupled_weight_decay=True,
        )

    def __setstate__(self, state):
        # torch: loading any state into AdamW keeps the decay decoupled
        super().__setstate__(state)
        for group in self.param_groups:
            group["decoupled_weight_decay"] = True
