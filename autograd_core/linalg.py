"""torch.linalg: the vector and matrix norms (norm, vector_norm, matrix_norm), the cross product,
the matrix functions of _matrices under their linalg names, and the decompositions and solvers of
_decompositions (eigh, svd, qr, lstsq, lu, the _ex forms, ...)."""

from ._api import ops as _ops
from ._decompositions import (  # noqa: F401  (torch.linalg's names)
    linalg_norm as norm,
    matrix_norm,
    linalg_cholesky_ex as cholesky_ex,
    linalg_cond as cond,
    linalg_eigh as eigh,
    linalg_eigvalsh as eigvalsh,
    linalg_inv_ex as inv_ex,
    linalg_lstsq as lstsq,
    linalg_lu as lu,
    linalg_lu_factor as lu_factor,
    linalg_lu_factor_ex as lu_factor_ex,
    linalg_lu_solve as lu_solve,
    linalg_matrix_rank as matrix_rank,
    linalg_qr as qr,
    linalg_solve_ex as solve_ex,
    linalg_solve_triangular as solve_triangular,
    linalg_svd as svd,
    linalg_svdvals as svdvals,
    linalg_vander as vander,
)
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


def matmul(input, other):
    """The matrix product (torch.matmul)."""
    return _ops.matmul(input, other)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """The diagonal of each matrix of A (torch.diagonal with the last two dims by default)."""
    return _ops.diagonal(A, offset, dim1, dim2)


def vecdot(x, y, *, dim=-1):
    """The dot product of x and y along dim, batches broadcast: (x * y).sum(dim), as torch
    composes it (two vectors: vdot)."""
    if not x.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.vecdot: Expected a floating point or complex tensor as input. Got "
            f"{x.dtype.title}"
        )
    if x.dtype is not y.dtype:
        raise RuntimeError(
            f"linalg.vecdot: Expected x and y to have the same dtype, but found x of type "
            f"{x.dtype.title} and y of type {y.dtype.title} instead"
        )
    return _ops.vdot(x, y) if x.ndim == y.ndim == 1 else (x * y).sum(dim)


def multi_dot(tensors):
    """The product of a chain of matrices (the first may be a vector, as may the last), left to
    right; torch picks the cheapest order for more than three, the same values up to rounding."""
    if len(tensors) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    first, last = tensors[0], tensors[-1]
    ms = [first.unsqueeze(0) if first.ndim == 1 else first, *tensors[1:-1]]
    ms.append(last.unsqueeze(-1) if last.ndim == 1 else last)
    for i, (a, b) in enumerate(zip(ms, ms[1:])):
        if a.shape[-1] != b.shape[0]:
            raise RuntimeError(
                f"multi_dot(): tensors {i} and {i + 1} with shapes {list(tensors[i].shape)} and "
                f"{list(tensors[i + 1].shape)} cannot be multiplied"
            )
    r = ms[0]
    for m in ms[1:]:
        r = r.mm(m)
    shape = [*first.shape[:-1], *last.shape[1:]]  # (the vectors' dims dropped: torch's view)
    return r.view(shape)
