"""torch.cuda's basics, answered by cupy: is a GPU there, how many, wait for it, free its cache."""

import sys
import types
import warnings

from . import _backend
from ._creation import manual_seed as _seed
from .amp import autocast_mode as _autocast_mode, grad_scaler as _grad_scaler


def is_available():
    """True when cupy is installed and a CUDA device answers."""
    return _backend.cupy_available()


def device_count():
    if not is_available():
        return 0
    return _backend._cupy.cuda.runtime.getDeviceCount()


def current_device():
    return _backend._cupy.cuda.runtime.getDevice() if is_available() else 0


def get_device_name(device=None):
    if not is_available():
        raise AssertionError("Torch not compiled with CUDA enabled")
    props = _backend._cupy.cuda.runtime.getDeviceProperties(
        0 if device is None else int(str(device).split(":")[-1])
    )
    name = props["name"]
    return name.decode() if isinstance(name, bytes) else name


def synchronize(device=None):
    """Wait until the GPU has finished all queued work (time GPU code only after this)."""
    if is_available():
        _backend._cupy.cuda.Device(0 if device is None else device).synchronize()


def empty_cache():
    """Return the cached, unused GPU memory blocks to the driver."""
    if is_available():
        _backend._cupy.get_default_memory_pool().free_all_blocks()
        _backend._cupy.get_default_pinned_memory_pool().free_all_blocks()


def memory_allocated(device=None):
    """Bytes of GPU memory held by live arrays (cupy's memory pool)."""
    return _backend._cupy.get_default_memory_pool().used_bytes() if is_available() else 0


def max_memory_allocated(device=None):
    return _backend._cupy.get_default_memory_pool().total_bytes() if is_available() else 0


def manual_seed(seed):
    _seed(seed)


manual_seed_all = manual_seed


# ----------------------------------------------------------------------------- torch.cuda.amp
# The deprecated spellings of torch.amp's autocast("cuda") and GradScaler("cuda"), with torch's
# FutureWarning; a module of its own so that ``from torch.cuda.amp import GradScaler`` works too.


class _CudaAutocast(_autocast_mode.autocast):
    """torch.cuda.amp.autocast: ``torch.amp.autocast("cuda", ...)`` (deprecated)."""

    def __init__(self, enabled=True, dtype=_backend.float16, cache_enabled=True):
        warnings.warn(
            "`torch.cuda.amp.autocast(args...)` is deprecated. Please use "
            "`torch.amp.autocast('cuda', args...)` instead.",
            FutureWarning,
            stacklevel=2,
        )
        super().__init__("cuda", enabled=enabled, dtype=dtype, cache_enabled=cache_enabled)


class _CudaGradScaler(_grad_scaler.GradScaler):
    """torch.cuda.amp.GradScaler: ``torch.amp.GradScaler("cuda", ...)`` (deprecated)."""

    def __init__(
        self,
        init_scale=2.0**16,
        growth_factor=2.0,
        backoff_factor=0.5,
        growth_interval=2000,
        enabled=True,
    ):
        warnings.warn(
            "`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use "
            "`torch.amp.GradScaler('cuda', args...)` instead.",
            FutureWarning,
            stacklevel=2,
        )
        super().__init__(
            "cuda", init_scale, growth_factor, backoff_factor, growth_interval, enabled
        )


_CudaAutocast.__name__ = _CudaAutocast.__qualname__ = "autocast"
_CudaGradScaler.__name__ = _CudaGradScaler.__qualname__ = "GradScaler"
amp = types.ModuleType(__name__ + ".amp", "torch.cuda.amp: deprecated aliases of torch.amp's.")
amp.autocast = _CudaAutocast
amp.GradScaler = _CudaGradScaler
sys.modules[amp.__name__] = amp
