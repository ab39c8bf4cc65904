"""torch.linalg's decompositions and the solvers built on them: eigh, eigvalsh, svd, svdvals, qr,
lstsq, inv_ex, cholesky_ex, solve_ex, solve_triangular, lu_factor(_ex), lu, lu_solve, matrix_rank,
cond, vander; and torch's older forms torch.svd, torch.qr, torch.triangular_solve, torch.lu,
torch.lu_solve, torch.lu_unpack.

Each op computes on numpy arrays, then records one node for all its differentiable outputs, as
torch's multi-output nodes (LinalgEighBackward0 has two, LinalgSvdBackward0 three: see
`_outputs`); their rules are in _vjps_linalg. numpy's LAPACK runs the routines torch calls
(syevd, gesdd, geqrf); numpy has no getrf nor trsm, so LU with partial pivoting and triangular
substitution are written here, as LAPACK orders them: the pivots are torch's, and a singular
system gives torch's inf and nan rather than an error.
"""

import builtins
import math

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._graph import Node, SavedTensor, node_class
from ._matrices import _LinAlgError, _square, linalg_solve, svd_finite
from ._operands import _cname, _dim, _no_kernel
from ._ops import _forward, _record, silent
from ._reductions import amax, amin, norm as _vector_norm, return_type, sum as _sum
from ._layout import _warn_once
from ._shapes import cat, permute, unsqueeze
from ._tensor import Tensor
from .grad_mode import _mode

_FLOATS = ("float32", "float64")


class _Decomposition(Node):
    """The node of a decomposition with several outputs: its rule gets the list of their
    gradients (None for an output that got none). A node of the same name with a single output
    (_matrices' svdvals, recorded as LinalgSvdBackward0 too) runs as any other node."""

    __slots__ = ()

    def apply(self, grad_outputs):
        if self.num_outputs == 1:
            return self._run_rule(grad_outputs[0], SavedTensor.unpack)
        return self._run_rule(list(grad_outputs), SavedTensor.unpack)


for _node in (
    "LinalgEighBackward0",
    "LinalgSvdBackward0",
    "LinalgQrBackward0",
    "LinalgLstsqBackward0",
    "LinalgLuBackward0",
    "LuUnpackBackward0",
    "TriangularSolveBackward0",
):
    node_class(_node, _Decomposition)


def _outputs(op, name, arrays, inputs, attrs=None, save=True):
    """Tensors of `arrays`, all outputs of one node (output_nr 0, 1, ...) when a gradient is
    needed. With `save`, each output past the first is saved for the rule too, after what the
    rule names: it reads them as its trailing positional parameters (so it takes no `need`), and
    double backward reaches this node again through them (torch saves its outputs so)."""
    if _forward and any(isinstance(t, Tensor) and t._fw is not None for t in inputs):
        raise NotImplementedError(f"autograd_core: forward-mode AD through {op} is not implemented")
    first = _record(op, name, arrays[0], inputs, attrs)
    rest = [Tensor._from_data(a) for a in arrays[1:]]
    node = first._grad_fn
    if node is not None:
        node.num_outputs = len(arrays)
        for i, t in enumerate(rest, 1):
            t._grad_fn, t._output_nr, t._rg = node, i, True
        if save:
            node._saved = node._saved + tuple(SavedTensor(t, is_output=True) for t in rest)
    return (first, *rest)


def _wrap(like, a, dtype=None):
    """The array `a` (numpy) as a Tensor beside `like`'s data, in `dtype` (like's by default)."""
    a = np.asarray(a, dtype=dtype or np.asarray(like._data).dtype)
    return Tensor._from_data(namespace(like._data).asarray(a))


def _np(t):
    return np.asarray(t._data)


def _element(a, b):
    """torch's "(Batch element b): " of a batch (nothing for a single matrix)."""
    return f"(Batch element {b}): " if a.ndim > 2 else ""


def _matrix(where, t, name="A"):
    if t.ndim < 2:
        raise RuntimeError(f"{where}: The input tensor {name} must have at least 2 dimensions.")


def _square_only(where, A):
    """torch's squareCheckInputs (the dtype is the kernel's to refuse)."""
    _matrix(where, A)
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"{where}: A must be batches of square matrices, but they are {A.shape[-2]} by "
            f"{A.shape[-1]} matrices"
        )


def _lapack(kernel, t):
    """torch's LAPACK kernels take float32 and float64 only (its "lu_cpu" not implemented ...)."""
    if t.dtype.name not in _FLOATS:
        raise _no_kernel(kernel, t)


def _tensors(fn, *named):
    """torch's binding refusal of an argument that is not a tensor: `named` holds (parameter
    name, value) in their positions."""
    for i, (name, t) in enumerate(named, 1):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"{fn}(): argument '{name}' (position {i}) must be Tensor, not {type(t).__name__}"
            )


def _string(fn, name, value, position=None):
    if not isinstance(value, str):
        where = f" (position {position})" if position else ""
        raise TypeError(f"{fn}(): argument '{name}'{where} must be str, not {type(value).__name__}")


# ============================================================================= LAPACK's getrf, trsm
def _getrf(a):
    """LU with partial pivoting of each matrix of the float array a (..., m, n), as LAPACK's
    getrf: (LU, pivots: 1-based int32, info: int32, the first zero pivot, 1-based, 0 for none)."""
    *batch, m, n = a.shape
    k = min(m, n)
    lu = np.array(a.reshape((math.prod(batch), m, n)), copy=True)
    piv = np.empty((lu.shape[0], k), np.int32)
    info = np.zeros(lu.shape[0], np.int32)
    rows = np.arange(lu.shape[0])
    with np.errstate(all="ignore"):
        for j in range(k):
            p = j + np.argmax(np.abs(lu[:, j:, j]), axis=1)
            piv[:, j] = p + 1
            row = lu[rows, p].copy()
            lu[rows, p] = lu[rows, j]
            lu[rows, j] = row
            d = lu[:, j, j]
            zero = d == 0
            info[(info == 0) & zero] = j + 1
            # the column under a pivot times its reciprocal, as getrf (not scaled at a zero one)
            lu[:, j + 1 :, j] *= np.where(zero, 1, 1 / np.where(zero, 1, d))[:, None]
            lu[:, j + 1 :, j + 1 :] -= lu[:, j + 1 :, j : j + 1] * lu[:, j : j + 1, j + 1 :]
    return lu.reshape(a.shape), piv.reshape((*batch, k)), info.reshape(batch)


def _trsm(a, b, upper, unit=False, left=True):
    """X with A X = B (X A = B when not left) for the triangle of A that `upper` names, by
    substitution: a zero on A's diagonal gives inf and nan, as LAPACK's trsm. a and b: arrays
    whose batch dims broadcast."""
    if not left:  # X A = B: A^T X^T = B^T
        x = _trsm(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2), not upper, unit)
        return np.swapaxes(x, -1, -2)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    x = np.array(np.broadcast_to(b, batch + b.shape[-2:]), dtype=np.result_type(a, b))
    n = a.shape[-1]
    with np.errstate(all="ignore"):
        for i in range(n - 1, -1, -1) if upper else range(n):
            done = slice(i + 1, n) if upper else slice(0, i)
            if done.stop > done.start:
                x[..., i, :] -= (a[..., i : i + 1, done] @ x[..., done, :])[..., 0, :]
            if not unit:
                x[..., i, :] /= a[..., i, i, None]
    return x


def _laswp(b, piv, reverse=False):
    """The rows of b swapped as LAPACK's laswp: row j with row piv[j] - 1, j = 0, 1, ...
    (P^T b for A = P L U; P b when reversed)."""
    batch = np.broadcast_shapes(b.shape[:-2], piv.shape[:-1])
    b = np.array(np.broadcast_to(b, batch + b.shape[-2:]))
    piv = np.broadcast_to(piv, batch + piv.shape[-1:]).reshape(-1, piv.shape[-1]) - 1
    flat = b.reshape((-1,) + b.shape[-2:])
    rows = np.arange(flat.shape[0])
    for j in reversed(range(piv.shape[-1])) if reverse else range(piv.shape[-1]):
        p = piv[:, j]
        row = flat[rows, p].copy()
        flat[rows, p] = flat[rows, j]
        flat[rows, j] = row
    return flat.reshape(b.shape)


def _getrs(lu, piv, b, adjoint=False):
    """X with A X = B (A^T X = B when adjoint) from A's LU factors and pivots (LAPACK's getrs)."""
    if adjoint:  # A^T = U^T L^T P^T
        lt = np.swapaxes(lu, -1, -2)
        y = _trsm(lt, _trsm(lt, b, upper=False), upper=True, unit=True)
        return _laswp(y, piv, reverse=True)
    return _trsm(lu, _trsm(lu, _laswp(b, piv), upper=False, unit=True), upper=True)


def _lu_solve_arrays(lu, piv, b, left=True, adjoint=False):
    """linalg.lu_solve on arrays: X A = B is A^T X^T = B^T."""
    if left:
        return _getrs(lu, piv, b, adjoint)
    return np.swapaxes(_getrs(lu, piv, np.swapaxes(b, -1, -2), not adjoint), -1, -2)


def _factors(lu):
    """L (unit lower, m x k) and U (upper, k x n) of an LU factorisation's array."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    return np.tril(lu[..., :, :k], -1) + np.eye(m, k, dtype=lu.dtype), np.triu(lu[..., :k, :])


def _permutation(piv, m, dtype):
    """P (m x m) of getrf's pivots: A = P L U."""
    eye = np.broadcast_to(np.eye(m, dtype=dtype), piv.shape[:-1] + (m, m))
    return _laswp(eye, piv, reverse=True)


def _grad_needed(*ts):
    return _mode.grad_enabled and any(t.requires_grad for t in ts)


# ============================================================================= eigh
eigh_result = return_type("linalg_eigh", "eigenvalues", "eigenvectors")


def _eigh_arrays(A, UPLO, vectors):
    """numpy's eigh of each matrix of A (LAPACK's syevd, as torch's), or torch's error."""
    _square_only("linalg.eigh", A)
    _string("linalg_eigh", "UPLO", UPLO)
    if len(UPLO) != 1 or UPLO.upper() not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    _lapack("linalg_eigh_cpu", A)
    a = _np(A)
    try:
        if vectors:
            return np.linalg.eigh(a, UPLO=UPLO.upper())
        return np.linalg.eigvalsh(a, UPLO=UPLO.upper()), None
    except np.linalg.LinAlgError:  # (a NaN: LAPACK's info, n - 1 for the matrices seen)
        flat = a.reshape((-1,) + a.shape[-2:])
        b = next((i for i, m in enumerate(flat) if not np.isfinite(m).all()), 0)
        raise _LinAlgError(
            f"linalg.eigh: {_element(a, b)}The algorithm failed to converge because the input "
            "matrix is ill-conditioned or has too many repeated eigenvalues (error code: "
            f"{a.shape[-1] - 1})."
        ) from None


def linalg_eigh(A, UPLO="L"):
    """The eigenvalues (ascending) and orthonormal eigenvectors (columns) of each symmetric matrix
    of A, read from its lower triangle (its upper one with UPLO='U'): one LinalgEighBackward0
    node for both. The eigenvectors' signs are LAPACK's syevd's as numpy links it (OpenBLAS);
    torch's MKL picks other signs for some matrices of order 3 to 25."""
    _tensors("linalg_eigh", ("input", A))
    w, v = _eigh_arrays(A, UPLO, True)
    out = _outputs("linalg_eigh", "LinalgEighBackward0", [_wrap(A, w)._data, v], (A,))
    return eigh_result._make(out)


def linalg_eigvalsh(A, UPLO="L"):
    """The eigenvalues (ascending) of each symmetric matrix of A; its node is eigh's (its
    eigenvectors are computed and saved when a gradient is needed)."""
    _tensors("linalg_eigvalsh", ("input", A))
    need = _grad_needed(A)
    w, v = _eigh_arrays(A, UPLO, need)
    if not need:
        return _wrap(A, w)
    return _outputs("linalg_eigh", "LinalgEighBackward0", [_wrap(A, w)._data, v], (A,))[0]


# ============================================================================= svd
svd_result = return_type("linalg_svd", "U", "S", "Vh")
torch_svd_result = return_type("svd", "U", "S", "V")


def _svd_arrays(A, full_matrices, vectors, driver):
    _matrix("linalg.svd", A)
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.svd: Expected a floating point or complex tensor as input. Got {_cname(A)}"
        )
    if driver is not None:
        raise RuntimeError(
            "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
            "cuSOLVER backend."
        )
    _lapack("linalg_svd_cpu", A)
    a = _np(A)
    try:
        if np.isnan(a).any():  # (gesdd refuses a matrix whose largest |entry| is nan: info -4)
            raise np.linalg.LinAlgError
        if vectors:
            return svd_finite(a, full_matrices=full_matrices)
        return None, svd_finite(a, compute_uv=False), None
    except np.linalg.LinAlgError:
        flat = a.reshape((-1,) + a.shape[-2:])
        b = next((i for i, m in enumerate(flat) if not np.isfinite(m).all()), 0)
        raise _LinAlgError(
            f"linalg.svd: {_element(a, b)}The algorithm failed to converge because the input "
            "matrix contained non-finite values."
        ) from None


def linalg_svd(A, full_matrices=True, *, driver=None):
    """U, S, Vh with A = U diag(S) Vh, S descending (LAPACK's gesdd, as torch's); U and Vh square
    with full_matrices, else of min(m, n) columns and rows. One LinalgSvdBackward0 node; a
    gradient through U or Vh reads their first min(m, n) columns and rows only, as torch's."""
    _tensors("linalg_svd", ("A", A))
    u, s, vh = _svd_arrays(A, full_matrices, True, driver)
    arrays = [u, _wrap(A, s)._data, vh]
    out = _outputs("linalg_svd", "LinalgSvdBackward0", arrays, (A,), {"full": full_matrices})
    return svd_result._make(out)


def linalg_svdvals(A, *, driver=None):
    """The singular values of each matrix of A, descending; with a gradient, U and Vh are computed
    too and saved, as torch's (its output 1 of LinalgSvdBackward0: second order works)."""
    _tensors("linalg_svdvals", ("A", A))
    need = _grad_needed(A)
    u, s, vh = _svd_arrays(A, False, need, driver)
    if not need:
        return _wrap(A, s)
    arrays = [u, _wrap(A, s)._data, vh]
    return _outputs("linalg_svd", "LinalgSvdBackward0", arrays, (A,), {"full": False})[1]


def svd(input, some=True, compute_uv=True):
    """torch.svd: U, S, V (not V^H) with input = U diag(S) V^T; some=False gives square U and V.
    Without compute_uv, U and V are zeros (m x m, n x n), as torch's."""
    if input.ndim < 2:
        raise RuntimeError(
            f"linalg.svd: input should have at least 2 dimensions, but has {input.ndim} "
            "dimensions instead"
        )
    if compute_uv:
        u, s, vh = linalg_svd(input, full_matrices=not some)
        return torch_svd_result(u, s, vh.mT)
    s = linalg_svdvals(input)
    *batch, m, n = input.shape
    zeros = np.zeros((*batch, m, m)), np.zeros((*batch, n, n))
    return torch_svd_result(_wrap(input, zeros[0]), s, _wrap(input, zeros[1]))


# ============================================================================= qr
qr_result = return_type("linalg_qr", "Q", "R")
torch_qr_result = return_type("qr", "Q", "R")
_QR_WARNING = (
    "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch "
    "release.\nThe boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
    "Q, R = torch.qr(A, some)\nshould be replaced with\nQ, R = torch.linalg.qr(A, 'reduced' if "
    "some else 'complete')"
)


def linalg_qr(A, mode="reduced"):
    """Q (orthonormal columns) and R (upper triangular) with A = Q R, LAPACK's geqrf and orgqr as
    torch's (R's diagonal signs included). mode 'complete': Q square; 'r': R only (Q empty).
    One LinalgQrBackward0 node."""
    _tensors("linalg_qr", ("A", A))
    _matrix("linalg.qr", A)
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.qr: Expected a floating point or complex tensor as input. Got {_cname(A)}"
        )
    _string("linalg_qr", "mode", mode)
    if mode not in ("reduced", "r", "complete"):
        raise RuntimeError(
            f"qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), "
            "'r', or 'complete'"
        )
    _lapack("geqrf_cpu", A)
    a = _np(A)
    if mode == "r":
        q, r = np.zeros((0,), a.dtype), np.linalg.qr(a, mode="r")
    else:
        q, r = np.linalg.qr(a, mode=mode)
    arrays = [_wrap(A, q)._data, _wrap(A, r)._data]
    return qr_result._make(_outputs("linalg_qr", "LinalgQrBackward0", arrays, (A,), {"mode": mode}))


def qr(input, some=True):
    """torch.qr (deprecated, with torch's warning): linalg.qr, 'reduced' or 'complete'."""
    _warn_once(_QR_WARNING)
    return torch_qr_result._make(linalg_qr(input, "reduced" if some else "complete"))


# ============================================================================= lstsq
lstsq_result = return_type("linalg_lstsq", "solution", "residuals", "rank", "singular_values")
_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")


def _lstsq_checks(A, B, driver):
    if A.ndim < 2:
        raise RuntimeError("torch.linalg.lstsq: input must have at least 2 dimensions.")
    if B.ndim < 1:
        raise RuntimeError("torch.linalg.lstsq: other must have at least 1 dimension.")
    if A.dtype is not B.dtype:
        raise RuntimeError(
            "torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
            f"input's dtype {_cname(A)} and other's dtype {_cname(B)}"
        )
    diff = A.ndim - B.ndim
    if diff not in (0, 1):
        raise RuntimeError(
            "torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() and "
            "(input.dim() - other.dim()) <= 1"
        )
    if A.shape[-2] != (B.shape[-1] if diff else B.shape[-2]):
        raise RuntimeError(
            f"torch.linalg.lstsq: input.size(-2) should match other.size({-1 if diff else -2})"
        )
    if A.dtype.name not in _FLOATS:
        raise RuntimeError("This function doesn't handle types other than float and double")
    if driver is not None:
        _string("linalg_lstsq", "driver", driver)
    name = "gelsy" if driver is None else driver.lower()
    if name not in _DRIVERS:
        raise RuntimeError(
            "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)"
        )
    return name, diff == 1 and tuple(B.shape) == tuple(A.shape[:-1])


def linalg_lstsq(A, B, rcond=None, *, driver=None):
    """The least-squares solution X of A X = B (of least norm where A has not full rank), with
    torch's other outputs per LAPACK driver: the residuals (sum of squares, when m > n and A has
    full rank; not for gelsy), the rank (not for gels) and the singular values (gelsd, gelss).
    Computed from numpy's SVD: rank-deficient systems are solved as gelsd solves them (gels
    gives LAPACK's arbitrary values there)."""
    _tensors("linalg_lstsq", ("input", A), ("b", B))
    name, vector = _lstsq_checks(A, B, driver)
    a, b = _np(A), _np(B)
    b = b[..., None] if vector else b
    try:
        batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        raise _messages.shape_error(None, a[..., 0, 0], b[..., 0, 0]) from None
    m, n = a.shape[-2:]
    dt = a.dtype
    rcond = np.finfo(dt).eps * max(m, n) if rcond is None else rcond
    a = np.broadcast_to(a, batch + a.shape[-2:]).astype(np.float64)
    b = np.broadcast_to(b, batch + b.shape[-2:]).astype(np.float64)
    u, s, vh = svd_finite(a, full_matrices=False)
    keep = s > rcond * s[..., :1] if name != "gels" else np.ones(s.shape, bool)
    with np.errstate(all="ignore"):
        inv = np.where(keep, 1 / np.where(keep, s, 1), 0)
    x = np.swapaxes(vh, -1, -2) @ (inv[..., None] * (np.swapaxes(u, -1, -2) @ b))
    rank = keep.sum(-1).astype(np.int64) if name != "gels" else np.zeros((0,), np.int64)
    res = np.zeros((0,), dt)
    if m > n and name != "gelsy" and (name == "gels" or (rank == n).all()):
        res = ((a @ x - b) ** 2).sum(-2)
    sv = s if name in ("gelsd", "gelss") else np.zeros((0,), dt)
    xp = namespace(A._data)
    x = (x[..., 0] if vector else x).astype(dt)
    first = _outputs(
        "linalg_lstsq",
        "LinalgLstsqBackward0",
        [xp.asarray(x), xp.asarray(np.asarray(res, dt))],
        (A, B),
        {"vector": vector},
        save=False,
    )
    rank, sv = xp.asarray(np.asarray(rank)), xp.asarray(np.asarray(sv, dt))
    return lstsq_result(*first, Tensor._from_data(rank), Tensor._from_data(sv))


# ============================================================================= the _ex forms
inv_ex_result = return_type("linalg_inv_ex", "inverse", "info")
cholesky_ex_result = return_type("linalg_cholesky_ex", "L", "info")
solve_ex_result = return_type("linalg_solve_ex", "result", "info")


def _info(like, info):
    return Tensor._from_data(namespace(like._data).asarray(np.asarray(info, np.int32)))


def linalg_inv_ex(A, *, check_errors=False):
    """(A^-1, info) for each square matrix of A; info is the first zero pivot of A's LU (1-based)
    where A is singular, whose inverse then holds LAPACK's inf and nan (check_errors: torch's
    LinAlgError instead)."""
    _tensors("linalg_inv_ex", ("A", A))
    _square("inv", A)
    if A.dtype.name not in _FLOATS:
        raise RuntimeError(f"linalg.inv: Low precision dtypes not supported. Got {_cname(A)}")
    a = _np(A)
    lu, piv, info = _getrf(a)
    first = next((i for i, v in enumerate(info.reshape(-1)) if v), None)
    if first is None:
        r = np.linalg.inv(a) if a.size else a.copy()
    else:
        if check_errors:
            raise _LinAlgError(
                f"linalg.inv_ex: {_element(a, first)}The diagonal element "
                f"{info.reshape(-1)[first]} is zero, the inversion could not be completed "
                "because the input matrix is singular."
            )
        r = _getrs(lu, piv, np.broadcast_to(np.eye(a.shape[-1], dtype=a.dtype), a.shape))
    inverse = _record("inverse", "LinalgInvExBackward0", _wrap(A, r)._data, (A,))
    return inv_ex_result(inverse, _info(A, info))


def _potf2(m, upper):
    """LAPACK's unblocked Cholesky (potf2) of one matrix that is not positive-definite: the
    columns before the failing one factored, its diagonal the value that was not positive, the
    rest as given; (that triangle, the 1-based order of the failure)."""
    a = np.array(m.T if upper else m, dtype=m.dtype)
    n = a.shape[0]
    for j in range(n):
        d = a[j, j] - a[j, :j] @ a[j, :j]
        if not d > 0:
            a[j, j] = d
            out = np.tril(a)
            return (out.T if upper else out), j + 1
        a[j, j] = d = np.sqrt(d)
        a[j + 1 :, j] = (a[j + 1 :, j] - a[j + 1 :, :j] @ a[j, :j]) / d
    return (a.T if upper else a), 0


def linalg_cholesky_ex(A, *, upper=False, check_errors=False):
    """(L, info): the Cholesky factor of each matrix of A (U = L^T with upper), read from its
    lower (upper) triangle; info is the order of the first leading minor that is not positive
    definite (then L is LAPACK's partial factor; check_errors: torch's LinAlgError instead)."""
    _tensors("linalg_cholesky_ex", ("input", A))
    _square("cholesky", A)
    _lapack("cholesky_cpu", A)
    a = _np(A)
    flat = a.reshape((-1,) + a.shape[-2:])
    out, info = np.empty_like(flat), np.zeros(flat.shape[0], np.int32)
    for b, m in enumerate(flat):
        try:
            out[b] = np.linalg.cholesky(m, upper=upper)
        except np.linalg.LinAlgError:
            out[b], info[b] = _potf2(m, upper)
            if check_errors:
                raise _LinAlgError(
                    f"linalg.cholesky_ex: {_element(a, b)}The factorization could not be "
                    "completed because the input is not positive-definite (the leading minor of "
                    f"order {info[b]} is not positive-definite)."
                ) from None
    r = _wrap(A, out.reshape(a.shape))._data
    factor = _record("cholesky", "LinalgCholeskyExBackward0", r, (A,), {"upper": upper})
    return cholesky_ex_result(factor, _info(A, info.reshape(a.shape[:-2])))


def linalg_solve_ex(A, B, *, left=True, check_errors=False):
    """(X, info) with A X = B (X A = B when not left): linalg.solve, where a singular A gives
    info > 0 (its first zero pivot) and LAPACK's inf and nan in X rather than an error. info is
    of A's batch shape (torch factors A before broadcasting it)."""
    _tensors("linalg_solve_ex", ("A", A), ("B", B))
    try:
        x = linalg_solve(A, B, left=left)
    except _LinAlgError:
        a = _np(A)
        lu, piv, info = _getrf(a)
        if check_errors:
            b = int(np.argmax(info.reshape(-1) != 0))
            raise _LinAlgError(
                f"torch.linalg.solve_ex: {_element(a, b)}The solver failed because the input "
                "matrix is singular."
            ) from None
        vector = B.ndim == 1 or (B.ndim == A.ndim - 1 and tuple(B.shape) == tuple(A.shape[:-1]))
        b = _np(B)[..., None] if vector else _np(B)
        x = _lu_solve_arrays(lu, piv, b, left)
        x = _wrap(B, x[..., 0] if vector else x)._data
        attrs = {"left": left, "vector": vector}
        x = _record("linalg_solve", "LinalgSolveExBackward0", x, (A, B), attrs)
        return solve_ex_result(x, _info(A, info))
    return solve_ex_result(x, _info(A, np.zeros(tuple(A.shape[:-2]), np.int32)))


# ============================================================================= triangular solves
_REQUIRED = object()
triangular_solve_result = return_type("triangular_solve", "solution", "cloned_coefficient")
_TRIANGULAR_WARNING = (
    "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be "
    "removed in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments "
    "reversed and does not return a copy of one of the inputs.\nX = torch.triangular_solve(B, "
    "A).solution\nshould be replaced with\nX = torch.linalg.solve_triangular(A, B)."
)


def _broadcast_batch(B, A):
    """The batch shape of B and A broadcast (torch's _linalg_broadcast_batch_dims and its
    error, B named first)."""
    try:
        return np.broadcast_shapes(tuple(B.shape[:-2]), tuple(A.shape[:-2]))
    except ValueError:
        raise _messages.shape_error(None, _np(B)[..., 0, 0], _np(A)[..., 0, 0]) from None


def linalg_solve_triangular(A, B, *, upper=_REQUIRED, left=True, unitriangular=False):
    """X with A X = B (X A = B when not left) for A triangular: its upper triangle with upper,
    else its lower one, and ones for its diagonal with unitriangular; batch dims broadcast. A
    zero on A's diagonal gives inf and nan, as LAPACK's trsm. The result has A's dtype."""
    if upper is _REQUIRED:
        raise TypeError(
            'linalg_solve_triangular() missing 1 required positional arguments: "upper"'
        )
    _tensors("linalg_solve_triangular", ("input", A), ("B", B))
    where = "linalg.solve_triangular"
    _square_only(where, A)
    _matrix(where, B, "B")
    if A.shape[-1] != B.shape[-2 if left else -1]:
        raise RuntimeError(
            f"{where}: Incompatible shapes of A and B for the equation {'AX' if left else 'XA'} "
            f"= B ({A.shape[-2]}x{A.shape[-1]} and {B.shape[-2]}x{B.shape[-1]})"
        )
    _broadcast_batch(B, A)
    _lapack("triangular_solve_cpu", A)
    a = _np(A)  # (only its `upper` triangle is read, and not its diagonal with unitriangular)
    x = _trsm(a, _np(B).astype(a.dtype), upper, unitriangular, left)
    attrs = {"upper": upper, "left": left, "unitriangular": unitriangular}
    return _record("linalg_solve_triangular", "LinalgSolveTriangularBackward0", x, (A, B), attrs)


def _triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    for name, t in (("b", b), ("A", A)):
        if t.ndim < 2:
            raise RuntimeError(
                f"torch.triangular_solve: Expected {name} to have at least 2 dimensions, but it "
                f"has {t.ndim} dimensions instead"
            )
    if b.dtype is not A.dtype:
        raise RuntimeError(
            f"Expected b and A to have the same dtype, but found b of type {_cname(b)} and A of "
            f"type {_cname(A)} instead."
        )
    n = A.shape[-1]
    if A.shape[-2] != n:
        raise RuntimeError(
            f"A must be batches of square matrices, but they are {A.shape[-2]} by {n} matrices"
        )
    if b.shape[-2] != n:
        raise RuntimeError(
            f"Incompatible matrix sizes for triangular_solve: each A matrix is {n} by {n} but "
            f"each b matrix is {b.shape[-2]} by {b.shape[-1]}"
        )
    batch = _broadcast_batch(b, A)
    _lapack("triangular_solve_cpu", A)
    a = _np(A)
    x = _trsm(np.swapaxes(a, -1, -2) if transpose else a, _np(b), upper != transpose, unitriangular)
    clone = np.array(np.broadcast_to(a, batch + a.shape[-2:]))
    attrs = {"upper": upper, "transpose": transpose, "unitriangular": unitriangular}
    arrays = [x, clone]
    out = _outputs("triangular_solve", "TriangularSolveBackward0", arrays, (b, A), attrs, False)
    return triangular_solve_result._make(out)


def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False):
    """torch.triangular_solve (deprecated, with torch's warning): (X, a copy of A) with A X =
    input (A^T X = input when transpose), A's upper or lower triangle."""
    _warn_once(_TRIANGULAR_WARNING)
    return _triangular_solve(input, A, upper, transpose, unitriangular)


# ============================================================================= LU
lu_factor_result = return_type("linalg_lu_factor", "LU", "pivots")
lu_factor_ex_result = return_type("linalg_lu_factor_ex", "LU", "pivots", "info")
lu_result = return_type("linalg_lu", "P", "L", "U")
lu_unpack_result = return_type("lu_unpack", "P", "L", "U")
lu_with_info_result = return_type("_lu_with_info", "LU", "pivots", "info")
_LU_WARNING = (
    "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and "
    "will be removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\n"
    "should be replaced with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, "
    "pivots, info = torch.lu(A, compute_pivots, get_infos=True)\nshould be replaced with\nLU, "
    "pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots)"
)
_LU_SOLVE_WARNING = (
    "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a "
    "future PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = "
    "torch.lu_solve(B, LU, pivots)\nshould be replaced with\nX = torch.linalg.lu_solve(LU, "
    "pivots, B)"
)


def _getrf_checked(A, pivot, where):
    if A.ndim < 2:
        raise RuntimeError(
            f"{where}: Expected tensor with 2 or more dimensions. Got size: {list(A.shape)} instead"
        )
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    _lapack("lu_cpu", A)
    return _getrf(_np(A))


def linalg_lu_factor_ex(A, *, pivot=True, check_errors=False):
    """(LU, pivots, info): A = P L U with partial pivoting (LAPACK's getrf), L's strict lower
    triangle and U in LU, pivots 1-based (int32), info the first zero pivot (1-based) or 0.
    LinalgLuFactorExBackward0 (the pivots and info have no gradient)."""
    _tensors("linalg_lu_factor_ex", ("A", A))
    lu, piv, info = _getrf_checked(A, pivot, "torch.lu_factor")
    if check_errors:
        _zero_pivot("torch.linalg.lu_factor_ex", lu, info)
    pivots = _info(A, piv)
    attrs = {"pivots": pivots, "pivot": pivot}
    factor = _record("lu_factor", "LinalgLuFactorExBackward0", _wrap(A, lu)._data, (A,), attrs)
    return lu_factor_ex_result(factor, pivots, _info(A, info))


def _zero_pivot(where, lu, info):
    flat = info.reshape(-1)
    b = next((i for i, v in enumerate(flat) if v), None)
    if b is not None:
        raise RuntimeError(
            f"{where}: {_element(lu, b)}U[{flat[b]},{flat[b]}] is zero and using it on lu_solve "
            "would result in a division by zero. If you still want to perform the "
            "factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)"
        )


def linalg_lu_factor(A, *, pivot=True):
    """(LU, pivots) as lu_factor_ex; a singular A is torch's error (lu_solve would divide by
    zero)."""
    _tensors("linalg_lu_factor", ("A", A))
    lu, piv, info = _getrf_checked(A, pivot, "torch.lu_factor")
    _zero_pivot("torch.linalg.lu_factor", lu, info)
    pivots = _info(A, piv)
    attrs = {"pivots": pivots, "pivot": pivot}
    factor = _record("lu_factor", "LinalgLuFactorExBackward0", _wrap(A, lu)._data, (A,), attrs)
    return lu_factor_result(factor, pivots)


def linalg_lu(A, *, pivot=True):
    """P, L, U with A = P L U: P a permutation matrix, L unit lower triangular (m x k), U upper
    triangular (k x n), k = min(m, n); one LinalgLuBackward0 node for L and U (P has none)."""
    _tensors("linalg_lu", ("A", A))
    lu, piv, _ = _getrf_checked(A, pivot, "linalg.lu")
    low, up = _factors(lu)
    p = _wrap(A, _permutation(piv, lu.shape[-2], lu.dtype))
    attrs = {"P": p, "pivot": pivot}
    low, up = _outputs("linalg_lu", "LinalgLuBackward0", [low, up], (A,), attrs)
    return lu_result(p, low, up)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """torch.lu_unpack: (P, L, U) from lu_factor's LU and pivots; L and U are outputs of one
    LuUnpackBackward0 node (the pivots' P has no gradient). Without unpack_data (unpack_pivots),
    L and U (P) are empty."""
    if LU_data.ndim < 2:
        raise RuntimeError(
            "torch.lu_unpack: Expected tensor with 2 or more dimensions. Got size: "
            f"{list(LU_data.shape)} instead"
        )
    if unpack_pivots and LU_pivots.dtype.name != "int32":
        raise RuntimeError(
            "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 "
            "dtype.\nNote: this function is intended to be used with the output produced by "
            "torch.linalg.lu_factor"
        )
    lu = _np(LU_data)
    empty = np.zeros((0,), lu.dtype)
    piv = _np(LU_pivots).astype(np.int64) if unpack_pivots else None
    p = _wrap(LU_data, empty if piv is None else _permutation(piv, lu.shape[-2], lu.dtype))
    if not unpack_data:
        return lu_unpack_result(p, _wrap(LU_data, empty), _wrap(LU_data, empty))
    m, n = lu.shape[-2:]
    attrs = {"m": m, "n": n}
    arrays = list(_factors(lu))
    low, up = _outputs("lu_unpack", "LuUnpackBackward0", arrays, (LU_data,), attrs, False)
    return lu_unpack_result(p, low, up)


def linalg_lu_solve(LU, pivots, B, *, left=True, adjoint=False):
    """X with A X = B from lu_factor's (LU, pivots) of A; X A = B when not left, A^T in place of
    A with adjoint. LinalgLuSolveBackward0 (the pivots have no gradient)."""
    _tensors("linalg_lu_solve", ("LU", LU), ("pivots", pivots), ("B", B))
    if not LU.dtype.is_floating_point:
        raise RuntimeError(
            "torch.linalg.lu_solve: Expected a floating point or complex tensor as input. Got "
            f"{_cname(LU)}"
        )
    if LU.dtype is not B.dtype:
        raise RuntimeError(
            "linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type "
            f"{_cname(LU)} and B of type {_cname(B)} instead"
        )
    if pivots.dtype.name != "int32":
        raise RuntimeError("linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32")
    _square_only("torch.linalg.lu_solve", LU)
    _matrix("linalg.lu_solve", B, "B")
    if LU.shape[-1] != B.shape[-2 if left else -1]:
        raise RuntimeError(
            "linalg.lu_solve: Incompatible shapes of A and B for the equation "
            f"{'AX' if left else 'XA'} = B ({LU.shape[-2]}x{LU.shape[-1]} and "
            f"{B.shape[-2]}x{B.shape[-1]})"
        )
    if pivots.ndim == 0 or LU.shape[-1] != pivots.shape[-1]:
        raise RuntimeError(
            "linalg.lu_solve: Number of pivots per batch should be same as the dimension of the "
            "matrix"
        )
    if tuple(LU.shape[:-1]) != tuple(pivots.shape):
        raise RuntimeError(
            "linalg.lu_solve: Expected LU.shape[:-1] and pivots.shape to be the same, but got "
            f"pivots with shape {list(pivots.shape)} instead"
        )
    _broadcast_batch(B, LU)
    _lapack("lu_solve_cpu", LU)
    x = _lu_solve_arrays(_np(LU), _np(pivots).astype(np.int64), _np(B), left, adjoint)
    attrs = {"pivots": pivots, "left": left, "adjoint": adjoint}
    return _record("lu_solve", "LinalgLuSolveBackward0", _wrap(B, x)._data, (LU, B), attrs)


def lu(A, pivot=True, get_infos=False):
    """torch.lu (deprecated, with torch's warning): (LU, pivots), or (LU, pivots, info) with
    get_infos; a singular A is no error."""
    _warn_once(_LU_WARNING)
    lu_, piv, info = linalg_lu_factor_ex(A, pivot=pivot)
    return lu_with_info_result(lu_, piv, info) if get_infos else (lu_, piv)


def _tensor_lu(self, pivot=True, get_infos=False):
    """Tensor.lu: torch.lu's results as a plain tuple (torch writes this method in Python)."""
    return tuple(lu(self, pivot, get_infos))


Tensor.lu = _tensor_lu  # (here, not in METHODS: torch.lu's own result is a return type)


def lu_solve(input, LU_data, LU_pivots):
    """torch.lu_solve (deprecated, with torch's warning): linalg.lu_solve(LU_data, LU_pivots,
    input)."""
    _warn_once(_LU_SOLVE_WARNING)
    return linalg_lu_solve(LU_data, LU_pivots, input)


# ============================================================================= rank, cond, vander
_RANK_SIGNATURES = (
    "linalg_matrix_rank() received an invalid combination of arguments - got ({}), but expected "
    "one of:\n * (Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = "
    "False, Tensor out = None)\n * (Tensor input, *, float atol = None, float rtol = None, bool "
    "hermitian = False, Tensor out = None)\n * (Tensor input, Tensor tol, bool hermitian = False, "
    "*, Tensor out = None)\n * (Tensor input, float tol, bool hermitian = False, *, Tensor out = "
    "None)\n"
)


def _tolerance(t):
    return np.asarray(_np(t) if isinstance(t, Tensor) else t, np.float64)


def linalg_matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None):
    """The number of singular values (|eigenvalues| with hermitian) of each matrix of A above
    max(atol, rtol * the largest); rtol defaults to eps * max(m, n), or to 0 where atol > 0 is
    given; `tol` is atol with rtol 0 (torch's older form). int64, no gradient."""
    if tol is not None and (atol is not None or rtol is not None):
        got = ", ".join(
            [
                "Tensor",
                *(
                    f"{k}={type(v).__name__}"
                    for k, v in (("atol", atol), ("rtol", rtol), ("tol", tol))
                    if v is not None
                ),
            ]
        )
        raise TypeError(_RANK_SIGNATURES.format(got))
    if not isinstance(A, Tensor):
        raise TypeError(_RANK_SIGNATURES.format(type(A).__name__))
    _matrix("torch.linalg.matrix_rank", A, "input")
    if A.dtype.name not in _FLOATS:
        raise RuntimeError("This function doesn't handle types other than float and double")
    a = _np(A)
    if hermitian:
        s = np.abs(_np(linalg_eigvalsh(A.detach())))
    else:
        s = _np(linalg_svdvals(A.detach()))
    s = s.astype(np.float64)
    smax = s.max(-1, initial=0.0)
    if tol is not None:
        atol, rtol = tol, 0.0
    at = _tolerance(0.0 if atol is None else atol)
    default = np.finfo(a.dtype).eps * max(a.shape[-2:])
    rt = _tolerance(rtol) if rtol is not None else np.where(at > 0, 0.0, default)
    limit = np.maximum(at, rt * smax)
    rank = (s > limit[..., None]).sum(-1).astype(np.int64)
    return Tensor._from_data(namespace(A._data).asarray(rank))


def _ord_text(p, fixed=False):
    """ord as torch's C++ prints it: an int as is; a float as a stream does (%g), or as
    std::to_string does (%f) in the square check."""
    if isinstance(p, str) or isinstance(p, int):
        return str(int(p)) if isinstance(p, int) else p
    return f"{p:f}" if fixed else format(p, "g")


@silent  # (a singular A: 0 * inf and 0 / 0, torch's nan and inf without a warning)
def linalg_cond(A, p=None):
    """The condition number of each matrix of A in the norm p: None or 2 (largest / smallest
    singular value; -2 the inverse), 'nuc', 'fro', 1, -1, inf, -inf (norm(A) * norm(A^-1), inf
    for a singular A). Built from ops as torch's (its nodes)."""
    _tensors("linalg_cond", ("input", A))
    if A.ndim < 2:
        raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
    valid = p in ("fro", "nuc") if isinstance(p, str) else p is None or abs(p) in (1, 2, math.inf)
    if not valid:
        raise RuntimeError(f"linalg.cond got an invalid norm type: {_ord_text(p)}")
    if A.numel() == 0:
        return _wrap(A, np.zeros(tuple(A.shape[:-2])))
    if p is None or (not isinstance(p, str) and abs(p) == 2):
        s = linalg_svdvals(A)
        big, small = s.narrow(-1, 0, 1), s.narrow(-1, s.shape[-1] - 1, 1)
        return (small / big if p == -2 else big / small).squeeze(-1)
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"linalg.cond(ord={_ord_text(p, True)}): A must be batches of square matrices, but "
            f"they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if p == "nuc":
        s = linalg_svdvals(A)
        return s.sum(-1) * s.reciprocal().sum(-1)
    inverse, info = linalg_inv_ex(A)
    # In place, as torch's: the inverse its node saved changes, so a backward through cond
    # raises torch's "modified by an inplace operation" error (torch's own, reproduced).
    inverse.masked_fill_((info > 0).unsqueeze(-1).unsqueeze(-1), math.inf)
    r = matrix_norm(A, p) * matrix_norm(inverse, p)
    return r.nan_to_num(math.inf, math.inf, -math.inf)


def linalg_vander(x, N=None):
    """The Vandermonde matrix of x's last dim: columns x^0, x^1, ..., x^(N-1) (N = its size by
    default), as torch builds it: a cumprod, then a column of ones joined (CatBackward0)."""
    _tensors("linalg_vander", ("x", x))
    if x.dtype.name not in _FLOATS and (x.dtype.is_floating_point or x.dtype.name == "bool"):
        raise RuntimeError(
            "linalg.vander supports floating point, complex, and integer tensors, but got "
            f"{_cname(x)}"
        )
    x = x.unsqueeze(-1) if x.ndim == 0 else x
    n = x.shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    powers = x.unsqueeze(-1).expand(*x.shape, n - 1).cumprod(-1)
    return cat([powers.new_ones((*x.shape, 1)), powers], -1)


# ----------------------------------------------------------------------------- matrix norms
# torch builds them from ops (CompositeImplicit): its nodes are those of the ops below.


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """The `ord` norm of each matrix of A over the two dims `dim`: 'fro' (the 2-norm of its
    elements), 'nuc' (the sum of its singular values), 2 / -2 (the largest / smallest singular
    value), 1 / -1 (the largest / smallest column sum of |A|), inf / -inf (the same of rows)."""
    what = "linalg.matrix_norm:"
    string = isinstance(ord, str)
    if ord not in ("fro", "nuc") if string else builtins.abs(ord) not in (1, 2, math.inf):
        raise RuntimeError(f"{what} Order {ord if string else format(ord, 'g')} not supported.")
    if A.ndim < 2:
        raise RuntimeError(f"{what} The input tensor A must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"{what} Expected a floating point or complex tensor as input. Got {_cname(A)}"
        )
    spectral = ord in ("nuc", 2, -2)
    if spectral and A.dtype.itemsize == 2:
        raise RuntimeError(f"{what} Low precision dtypes not supported. Got {_cname(A)}")
    dims = [dim] if isinstance(dim, int) else list(dim)
    if len(dims) != 2:
        raise RuntimeError(f"{what} dim must be a 2-tuple. Got {' '.join(map(str, dims))}")
    d0, d1 = (_dim(d, A.ndim) for d in dims)
    if d0 == d1:
        raise RuntimeError(f"{what} dims must be different. Got ({d0}, {d1})")
    if dtype is not None and _backend.promote_types(A.dtype, dtype) != dtype:
        raise RuntimeError(
            f"{what} the dtype of the input ({_cname(A)}) should be convertible without "
            f"narrowing to the specified dtype ({dtype.title})"
        )
    if ord == "fro":
        return _vector_norm(A, 2, (d0, d1), keepdim, dtype)
    extreme = amin if not string and ord < 0 else amax
    if not spectral:  # the 1-norms of columns (rows for inf), then their largest or smallest
        d0, d1 = (d1, d0) if builtins.abs(ord) == math.inf else (d0, d1)
        d1 -= not keepdim and d0 < d1
        return extreme(_vector_norm(A, 1, d0, keepdim, dtype), d1, keepdim)
    A = A if dtype is None else A.to(dtype)
    order = [d for d in range(A.ndim) if d not in (d0, d1)] + [d0, d1]
    sv = linalg_svdvals(permute(A, order))
    if not keepdim:
        return (_sum if ord == "nuc" else extreme)(sv, -1)
    r = unsqueeze((_sum if ord == "nuc" else extreme)(sv, -1, True), -1)
    return permute(r, [order.index(d) for d in range(A.ndim)])


def linalg_norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """torch.linalg.norm: a matrix norm when ord is given and A is a matrix or dim two dims, the
    vector norm (2 by default) otherwise."""
    where = "linalg.norm: If dim is"
    if dim is not None:
        dims = [dim] if isinstance(dim, int) else list(dim)
        if len(dims) not in (1, 2):
            raise RuntimeError(f"{where} specified, it must be of length 1 or 2. Got {dims}")
    elif (ord is not None) and A.ndim not in (1, 2):
        raise RuntimeError(
            f"{where} not specified but ord is, the input must be 1D or 2D. Got {A.ndim}D."
        )
    if isinstance(ord, str) or ord is not None and len(dims if dim is not None else A.shape) == 2:
        return matrix_norm(A, ord, (0, 1) if dim is None else dim, keepdim, dtype=dtype)
    return _vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype)


def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    """torch.norm: the vector p-norm over `dim` (all elements when None); a string p past the
    Frobenius norm of all elements is linalg.matrix_norm's."""
    if isinstance(p, str) and (p != "fro" or isinstance(dim, (tuple, list)) and len(dim) > 2):
        dim = list(range(input.ndim)) if dim is None else dim
        return matrix_norm(input, p, dim, keepdim, dtype=dtype)
    return _vector_norm(input, p, dim, keepdim, dtype)


FUNCTIONS = "svd qr triangular_solve lu lu_solve lu_unpack".split()  # torch.<name>
METHODS = "svd qr triangular_solve lu_solve".split()  # Tensor.<name> (and Tensor.lu, above)
INPLACE = []
