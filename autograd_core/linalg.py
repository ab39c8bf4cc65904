"""torch.linalg: the vector and matrix norms the course uses, and the cross product."""

from ._api import ops as _ops


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """The `ord`-norm of x (over `dim`, or all elements), computed in `dtype` if given."""
    return _ops.norm(x, ord, dim, keepdim, dtype=dtype)


def norm(x, ord=None, dim=None, keepdim=False):
    """The 2-norm of a vector, the Frobenius norm of a matrix."""
    return _ops.norm(x, 2 if ord in (None, "fro") else ord, dim, keepdim)


def cross(input, other, *, dim=-1):
    """The cross product along `dim` (size 3), broadcasting: torch.cross with dim=-1 default."""
    return _ops.cross(input, other, dim=dim)
