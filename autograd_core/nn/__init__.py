"""autograd_core.nn: torch.nn's Module system, a few layers and losses, init and clipping."""

from . import functional, init, utils
from .module import Module, Parameter
from .layers import (
    CrossEntropyLoss,
    Linear,
    ModuleDict,
    ModuleList,
    MSELoss,
    ParameterList,
    LeakyReLU,
    ReLU,
    Sequential,
    Sigmoid,
    Tanh,
)

__all__ = [
    "Module",
    "Parameter",
    "Linear",
    "ReLU",
    "LeakyReLU",
    "Tanh",
    "Sigmoid",
    "Sequential",
    "ModuleList",
    "ModuleDict",
    "ParameterList",
    "MSELoss",
    "CrossEntropyLoss",
    "functional",
    "init",
    "utils",
]
