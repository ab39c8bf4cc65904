"""autograd_core.optim: torch.optim's Optimizer base class, SGD, Adam, AdamW, RMSprop, Adagrad,
Adamax, NAdam, RAdam, Adadelta, ASGD, Rprop and the lr schedulers (``optim.lr_scheduler``)."""

from .adam import Adam
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adamax import Adamax
from .adamw import AdamW
from .asgd import ASGD
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD
from . import lr_scheduler  # noqa: F401

__all__ = [
    "Optimizer",
    "SGD",
    "Adam",
    "AdamW",
    "RMSprop",
    "Adagrad",
    "Adamax",
    "NAdam",
    "RAdam",
    "Adadelta",
    "ASGD",
    "Rprop",
]
