"""autograd_core.optim: torch.optim's Optimizer base class, SGD, Adam, AdamW, RMSprop, Adagrad
and the lr schedulers (``optim.lr_scheduler``)."""

from .adam import Adam
from .adagrad import Adagrad
from .adamw import AdamW
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD
from . import lr_scheduler  # noqa: F401

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad"]
