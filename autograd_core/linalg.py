"""torch.linalg: the vector and matrix norms (norm, vector_norm, matrix_norm, svdvals), the cross
product, and the matrix functions of _matrices under their linalg names."""

from ._api import ops as _ops
from ._matrices import linalg_norm as norm, matrix_norm, svdvals  # noqa: F401  (torch.linalg's)
from ._matrices import linalg_solve as solve, _LinAlgError as LinAlgError  # noqa: F401
from ._reductions import norm as _vector_norm, return_type

_slogdet_result = return_type("linalg_slogdet", "sign", "logabsdet")


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """The `ord`-norm of x (over `dim`, or all elements), computed in `dtype` if given."""
    return _vector_norm(x, ord, dim, keepdim, dtype=dtype)


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
    return _slogdet_result._make(_ops.slogdet(A))


def matrix_exp(A):
    """The matrix exponential."""
    return _ops.matrix_exp(A)


def pinv(A, rcond=1e-15):
    """The Moore-Penrose pseudo-inverse."""
    return _ops.pinverse(A, rcond)


def cholesky(A, *, upper=False):
    """The Cholesky factor of a symmetric positive-definite matrix."""
    return _ops.linalg_cholesky(A, upper)
