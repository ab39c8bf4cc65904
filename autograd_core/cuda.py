"""torch.cuda's basics, answered by cupy: is a GPU there, how many, wait for it, free its cache."""

from . import _backend
from ._creation import manual_seed as _seed


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
        raise RuntimeError("Found no NVIDIA driver on your system.")
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
