"""torch.autograd.Variable: the pre-0.4 wrapper, kept (as in torch 2.x) as a name for Tensor.

``Variable(t)`` returns a plain Tensor sharing ``t``'s data, detached from ``t``'s graph, a leaf
that requires grad if asked; ``isinstance(x, Variable)`` is true for every Tensor (old code and
torchviz test it).
"""

from .._creation import empty
from .._tensor import Tensor

__all__ = ["Variable"]


class _VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, Tensor)


class Variable(metaclass=_VariableMeta):
    """``Variable(data=None, requires_grad=False)``: a new leaf Tensor on ``data``'s values."""

    def __new__(cls, data=None, requires_grad=False, volatile=False):
        if data is None:
            data = empty(0)
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        if requires_grad and not data.dtype.is_floating_point:
            raise RuntimeError(
                "Only Tensors of floating point and complex dtype can require gradients"
            )
        out = data.detach()
        if requires_grad:
            out.requires_grad_(True)
        return out
