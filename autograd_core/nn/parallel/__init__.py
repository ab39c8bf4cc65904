"""torch.nn.parallel: DistributedDataParallel (one replica of a module per process, over MPI)."""

from .distributed import DistributedDataParallel  # noqa: F401

__all__ = ["DistributedDataParallel"]
