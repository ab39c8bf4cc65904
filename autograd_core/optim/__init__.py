"""autograd_core.optim: torch.optim's Optimizer base class, SGD and Adam."""

from .adam import Adam
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam"]
