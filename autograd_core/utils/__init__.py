"""torch.utils: gradient checkpointing."""

from . import checkpoint  # noqa: F401
