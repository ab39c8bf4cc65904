"""torch.utils: gradient checkpointing, data loading."""

from . import checkpoint, data  # noqa: F401
