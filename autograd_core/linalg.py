"""torch.linalg: the vector and matrix norms the course uses, the cross product, and the matrix
functions of _matrices under their linalg names."""

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


def matrix_power(A, n):
    """A to the integer power n (negative: of its inverse)."""
    return _ops.matrix_power(A, n)


def inv(A):
    """The inverse of a (batch of) square matrices."""
    return _ops.inverse(A)


def det(A):
    """The determinant of a (batch of) square matrices."""
    return _ops.det(A)


def slogdet(A):
    """(sign, log |det|) of a (batch of) square matrices."""
    return _ops.slogdet(A)


def matrix_exp(A):
    """The matrix exponential."""
    return _ops.matrix_exp(A)


def pinv(A, rcond=1e-15):
    """The Moore-Penrose pseudo-inverse."""
    return _ops.pinverse(A, rcond)


def cholesky(A, *, upper=False):
    """The Cholesky factor of a symmetric positive-definite matrix."""
    return _ops.linalg_cholesky(A, upper)
