"""torch.amp.GradScaler: loss scaling for float16 training, and the skipped step on inf/nan.

``scaler.scale(loss).backward()`` multiplies the loss by the scale (65536 at first), so small
float16 gradients do not flush to zero; ``unscale_`` divides the gradients back, once per step, and
records whether any of them is inf or nan; ``step`` runs ``optimizer.step()`` only when none is;
``update`` halves the scale after an overflow and doubles it after `growth_interval` clean steps.
"""

import warnings

from .. import _backend
from .._creation import full
from .._tensor import Tensor
from ..grad_mode import no_grad

__all__ = ["GradScaler", "OptState"]


class OptState:
    """Where an optimizer is in the current iteration (torch's enum values)."""

    READY = 0
    UNSCALED = 1
    STEPPED = 2


def _fresh_state():
    return {"stage": OptState.READY, "found_inf_per_device": {}}


class GradScaler:
    """Scale the loss, unscale and check the gradients, skip steps that overflowed.

    Args:
        device: the device type of the gradients ("cuda", or "cpu").
        init_scale: the first scale factor.
        growth_factor: what the scale is multiplied by after `growth_interval` clean steps.
        backoff_factor: what the scale is multiplied by after a step with inf/nan gradients.
        growth_interval: clean steps between growths.
        enabled: False makes every method a no-op (``scale`` returns its input).
    """

    def __init__(
        self,
        device="cuda",
        init_scale=2.0**16,
        growth_factor=2.0,
        backoff_factor=0.5,
        growth_interval=2000,
        enabled=True,
    ):
        self._device = device
        self._enabled = enabled
        if device == "cuda" and enabled and not _backend.cupy_available():
            warnings.warn(
                "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.",
                stacklevel=2,
            )
            self._enabled = False
        if self._enabled:
            if growth_factor <= 1.0:
                raise AssertionError("The growth factor must be > 1.0.")
            if backoff_factor >= 1.0:
                raise AssertionError("The backoff factor must be < 1.0.")
            self._init_scale = init_scale
            self._scale = None
            self._growth_factor = growth_factor
            self._backoff_factor = backoff_factor
            self._growth_interval = growth_interval
            self._init_growth_tracker = 0
            self._growth_tracker = None
            self._per_optimizer_states = {}

    def _lazy_init(self, dev):
        self._scale = full((), self._init_scale, dtype=_backend.float32, device=dev)
        self._growth_tracker = self._init_growth_tracker

    def _check_scale(self, funcname):
        if self._scale is None:
            raise AssertionError(
                f"Attempted {funcname} but _scale is None.  This may indicate your script did "
                "not use scaler.scale(loss or outputs) earlier in the iteration."
            )

    def _state(self, optimizer):
        return self._per_optimizer_states.setdefault(id(optimizer), _fresh_state())

    def scale(self, outputs):
        """`outputs` (a tensor, or tensors in lists/tuples) multiplied by the scale factor."""
        if not self._enabled:
            return outputs
        if isinstance(outputs, Tensor):
            if self._scale is None:
                self._lazy_init(outputs.device)
            return outputs * self._scale.to(outputs.device)
        if isinstance(outputs, (list, tuple)):
            return type(outputs)(self.scale(o) for o in outputs)
        raise ValueError("outputs must be a Tensor or an iterable of Tensors")

    def _unscale_grads_(self, optimizer, inv_scale, allow_fp16):
        found = False
        with no_grad():
            for group in optimizer.param_groups:
                for p in group["params"]:
                    g = p.grad
                    if g is None:
                        continue
                    if not allow_fp16 and g.dtype is _backend.float16:
                        raise ValueError("Attempting to unscale FP16 gradients.")
                    if not bool(g.isfinite().all()):
                        found = True
                    g.mul_(inv_scale)
        return found

    def unscale_(self, optimizer):
        """Divide `optimizer`'s gradients by the scale, in place (at most once per step)."""
        if not self._enabled:
            return
        self._check_scale("unscale_")
        st = self._state(optimizer)
        if st["stage"] == OptState.UNSCALED:
            raise RuntimeError(
                "unscale_() has already been called on this optimizer since the last update()."
            )
        if st["stage"] == OptState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        inv_scale = 1.0 / float(self._scale.item())  # in double, as torch, then used as float
        found = self._unscale_grads_(optimizer, inv_scale, False)
        st["found_inf_per_device"] = {str(self._scale.device): 1.0 if found else 0.0}
        st["stage"] = OptState.UNSCALED

    def step(self, optimizer, *args, **kwargs):
        """``optimizer.step()`` unless a gradient is inf or nan (unscales first if needed)."""
        if not self._enabled:
            return optimizer.step(*args, **kwargs)
        if "closure" in kwargs:
            raise RuntimeError("Closure use is not currently supported if GradScaler is enabled.")
        self._check_scale("step")
        st = self._state(optimizer)
        if st["stage"] == OptState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if st["stage"] == OptState.READY:
            self.unscale_(optimizer)
        if len(st["found_inf_per_device"]) == 0:
            raise AssertionError("No inf checks were recorded for this optimizer.")
        retval = None
        if not sum(st["found_inf_per_device"].values()):
            retval = optimizer.step(*args, **kwargs)
        st["stage"] = OptState.STEPPED
        return retval

    def update(self, new_scale=None):
        """Set the scale for the next iteration: back off after an overflow, grow after
        `growth_interval` clean steps (or `new_scale` when given)."""
        if not self._enabled:
            return
        self._check_scale("update")
        if new_scale is not None:
            if isinstance(new_scale, Tensor):
                if new_scale.numel() != 1:
                    raise AssertionError("new_scale should be a float or a 1-element tensor.")
                new_scale = float(new_scale.item())
            self._scale.fill_(float(new_scale))
        else:
            found = [
                v
                for st in self._per_optimizer_states.values()
                for v in st["found_inf_per_device"].values()
            ]
            if len(found) == 0:
                raise AssertionError("No inf checks were recorded prior to update.")
            scale = float(self._scale.item())
            if sum(found):
                self._scale.fill_(scale * self._backoff_factor)
                self._growth_tracker = 0
            else:
                successful = self._growth_tracker + 1
                if successful == self._growth_interval:
                    grown = scale * self._growth_factor
                    if grown != float("inf"):  # torch keeps the scale when growing overflows
                        self._scale.fill_(grown)
                    self._growth_tracker = 0
                else:
                    self._growth_tracker = successful
        self._per_optimizer_states = {}

    def get_scale(self):
        """The current scale as a Python float (1.0 when disabled)."""
        if not self._enabled:
            return 1.0
        return float(self._init_scale if self._scale is None else self._scale.item())

    def get_growth_factor(self):
        """The factor the scale grows by."""
        return self._growth_factor

    def set_growth_factor(self, new_factor):
        """Set the factor the scale grows by."""
        self._growth_factor = new_factor

    def get_backoff_factor(self):
        """The factor the scale shrinks by after an overflow."""
        return self._backoff_factor

    def set_backoff_factor(self, new_factor):
        """Set the factor the scale shrinks by."""
        self._backoff_factor = new_factor

    def get_growth_interval(self):
        """Clean steps between growths."""
        return self._growth_interval

    def set_growth_interval(self, new_interval):
        """Set the clean steps between growths."""
        self._growth_interval = new_interval

    def _get_growth_tracker(self):
        if not self._enabled:
            return 0
        return self._init_growth_tracker if self._growth_tracker is None else self._growth_tracker

    def is_enabled(self):
        """Whether the scaler is on (False for GradScaler("cuda") without a GPU)."""
        return self._enabled

    def state_dict(self):
        """scale, growth_factor, backoff_factor, growth_interval, _growth_tracker ({} when off)."""
        if not self._enabled:
            return {}
        return {
            "scale": self.get_scale(),
            "growth_factor": self._growth_factor,
            "backoff_factor": self._backoff_factor,
            "growth_interval": self._growth_interval,
            "_growth_tracker": self._get_growth_tracker(),
        }

    def load_state_dict(self, state_dict):
        """Restore what `state_dict` returned."""
        if not self._enabled:
            return
        if len(state_dict) == 0:
            raise RuntimeError(
                "The source state dict is empty, possibly because it was saved from a disabled "
                "instance of GradScaler."
            )
        self._init_scale = float(state_dict["scale"])
        if self._scale is not None:
            self._scale.fill_(self._init_scale)
        self._growth_factor = float(state_dict["growth_factor"])
        self._backoff_factor = float(state_dict["backoff_factor"])
        self._growth_interval = int(state_dict["growth_interval"])
        self._init_growth_tracker = int(state_dict["_growth_tracker"])
        if self._growth_tracker is not None:
            self._growth_tracker = self._init_growth_tracker
