"""torch.amp: automatic mixed precision, ``autocast`` and ``GradScaler``.

``torch.autocast`` / ``torch.amp.autocast`` (autocast_mode) switches the per-op precision policy of
``_amp_policy`` on; ``torch.amp.GradScaler`` (grad_scaler) scales the loss and skips overflowed
steps. bfloat16 is numpy's (ml_dtypes): cupy has no bfloat16, so on cuda autocast runs float16 and
a bfloat16 tensor on cuda raises an error naming that.
"""

from . import autocast_mode, grad_scaler  # noqa: F401  (torch.amp.autocast_mode, ...)
from .autocast_mode import (
    autocast,
    is_autocast_enabled,
    get_autocast_dtype,
    is_autocast_available,  # noqa: F401
)
from .grad_scaler import GradScaler  # noqa: F401

# What ``from .amp import *`` puts on ``torch``: torch.autocast, torch.is_autocast_enabled,
# torch.get_autocast_dtype (torch.amp.GradScaler stays in torch.amp, as in torch).
__all__ = ["autocast", "is_autocast_enabled", "get_autocast_dtype"]
