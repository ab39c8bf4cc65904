"""torch.autocast (torch.amp.autocast): a region where marked ops pick their own precision.

Inside ``with torch.autocast("cpu"):`` matmul, mm, bmm, addmm, linear and conv2d run in the low
dtype (bfloat16 on cpu, float16 on cuda, or the ``dtype`` given), losses, prod and trace in float32
(and on cuda also exp, log, pow, sum, softmax, norms, layer_norm: torch's lists); everything else
runs in its inputs' dtype. The per-op policy lives with the ops (``_amp_policy``); this module only
switches it on and off, nests, and clears the cast cache when the outermost region ends.

bfloat16 needs numpy (ml_dtypes): cupy has no bfloat16, so ``autocast("cuda", dtype=bfloat16)``
and bfloat16 tensors on cuda raise; cuda autocast uses float16.
"""

import functools
import warnings

from .. import _backend
from .._amp_policy import state

__all__ = ["autocast", "is_autocast_enabled", "get_autocast_dtype", "is_autocast_available"]

_DEFAULT = {"cpu": _backend.bfloat16, "cuda": _backend.float16}


def is_autocast_available(device_type):
    """Whether autocast knows `device_type` ("cpu" and "cuda" here)."""
    return device_type in _DEFAULT


def is_autocast_enabled(device_type=None):
    """Whether an autocast region is on for `device_type` (no argument: "cuda", as torch)."""
    return bool(state.enabled.get("cuda" if device_type is None else device_type, False))


def get_autocast_dtype(device_type):
    """The low dtype autocast uses on `device_type` (bfloat16 on cpu, float16 on cuda)."""
    if device_type not in _DEFAULT:
        raise RuntimeError(f"unsupported scalarType for autocast device_type '{device_type}'")
    return state.dtype.get(device_type, _DEFAULT[device_type])


def _set(device_type, enabled, dtype, cache_enabled):
    state.enabled[device_type] = enabled
    state.dtype[device_type] = dtype
    state.cache_enabled = cache_enabled
    state.active = any(state.enabled.values())


class autocast:
    """Run the ops inside in mixed precision: a context manager and a decorator.

    Args:
        device_type: "cpu" or "cuda"; only tensors on that device type are cast.
        dtype: the low precision dtype (default: bfloat16 on cpu, float16 on cuda).
        enabled: False turns autocast off inside (also nested in an enabled region).
        cache_enabled: reuse the low precision copy of a weight within the region (default True).
    """

    def __init__(self, device_type, dtype=None, enabled=True, cache_enabled=None):
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        if device_type not in _DEFAULT:
            raise RuntimeError(
                f"User specified an unsupported autocast device_type '{device_type}'"
            )
        self.device = device_type
        self.fast_dtype = get_autocast_dtype(device_type) if dtype is None else dtype
        self._cache_enabled = state.cache_enabled if cache_enabled is None else cache_enabled
        if enabled and device_type == "cpu":
            if self.fast_dtype not in (_backend.bfloat16, _backend.float16):
                warnings.warn(
                    "In CPU autocast, but the target dtype is not supported. Disabling autocast.\n"
                    "CPU Autocast only supports dtypes of torch.bfloat16, torch.float16 "
                    "currently.",
                    stacklevel=2,
                )
                enabled = False
        elif enabled:  # cuda
            if not _backend.cupy_available():
                warnings.warn(
                    "CUDA is not available or torch_xla is imported. Disabling autocast.",
                    stacklevel=2,
                )
                enabled = False
            elif self.fast_dtype is _backend.bfloat16:
                raise RuntimeError(
                    "Current CUDA Device does not support bfloat16. Please switch dtype to "
                    "float16. (autograd_core runs cuda on cupy, which has no bfloat16.)"
                )
            elif self.fast_dtype not in (_backend.float16, _backend.float32):
                warnings.warn(
                    "In CUDA autocast, but the target dtype is not supported. Disabling "
                    "autocast.\nCUDA Autocast only supports dtypes of torch.float16, "
                    "torch.bfloat16 currently.",
                    stacklevel=2,
                )
                enabled = False
        self._enabled = bool(enabled)

    def __enter__(self):
        d = self.device
        self.prev = (state.enabled.get(d, False), get_autocast_dtype(d), state.cache_enabled)
        state.nesting += 1
        _set(d, self._enabled, self.fast_dtype, self._cache_enabled)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        state.nesting -= 1
        if state.nesting == 0:
            state.cache.clear()
        _set(self.device, *self.prev)
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def decorate_autocast(*args, **kwargs):
            with self:
                return func(*args, **kwargs)

        return decorate_autocast
