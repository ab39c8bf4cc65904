"""Matrix products beyond matmul and the matrix functions: the scaled products (addmm, addmv,
addr, addbmm, baddbmm), outer/ger, inner, vdot, kron, tensordot; inverse, det, slogdet, logdet,
pinverse, cholesky (and its inverse and solve), matrix_exp, matrix_power.

Each op computes on the arrays, then records its node with `_ops._record` (or is built from ops);
its backward rule is in the VJP table (_vjps_layout). The lists below say where each op appears:
``torch.<name>``, the ``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

import builtins
import math

import numpy as np

from . import _backend, _messages
from ._backend import namespace
from ._graph import node_class
from ._operands import _cast, _cname, _dim, _dims, _no_kernel, result_type
from ._ops import _forward, _record, silent
from ._shapes import expand, permute, reshape
from ._tensor import Tensor
from ._matmul import _C10_NAMES, addmm as _matmul_addmm, dot as _matmul_dot
from ._elementwise import where
from ._reductions import return_type, sum as _sum
from ._layout import _MultiOutput, _warn_once


def tensordot(a, b, dims=2):
    """The sum of products of a and b over their paired dims: the last `dims` of a with the first
    of b, or dims = (dims of a, dims of b). torch's Python checks of dims, then its kernel's."""
    if isinstance(dims, Tensor):
        if dims.numel() > 1:
            if dims.shape[0] != 2:
                raise AssertionError(
                    f"dims tensor must have size 2 in first dimension, got {dims.shape[0]}"
                )
            dims = (dims[0].tolist(), dims[1].tolist())
        else:
            n = int(dims.item())
            if n < 0:
                raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
            dims = (list(range(-n, 0)), list(range(n)))
    elif isinstance(dims, (int, np.integer)):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > builtins.min(a.ndim, b.ndim):
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims = (list(range(-dims, 0)), list(range(dims)))
    elif not isinstance(dims, (tuple, list)):
        raise RuntimeError(
            "tensordot expects dims to be int or tuple[list[int], list[int]] or list[list[int]] "
            f"containing two lists, but got dims={dims}"
        )
    da, db = dims
    for name, pos, d in (("dims_self", 3, da), ("dims_other", 4, db)):
        if not isinstance(d, (tuple, list)):  # (torch's argument parser on its kernel's call)
            raise TypeError(
                f"tensordot(): argument '{name}' (position {pos}) must be tuple of ints, not "
                f"{type(d).__name__}"
            )
    da, db = list(da), list(db)
    if len(da) != len(db):
        raise RuntimeError("both dimension lists should have same length")
    if a.dtype is not b.dtype:
        raise RuntimeError("both inputs should have same dtype")
    t1, t2, csize = a, b, 1
    for d1, d2 in zip(da, db):
        s1, s2 = a.size(d1), b.size(d2)
        if s2 == 1:  # a broadcast dim is summed at once (in its own dtype, as torch's)
            t1 = _sum(t1, d1, keepdim=True, dtype=t1.dtype)
        elif s1 == 1:
            t2 = _sum(t2, d2, keepdim=True, dtype=t2.dtype)
        elif s1 != s2:
            raise RuntimeError(
                f"contracted dimensions need to match, but first has size {s1} in dim {d1} and "
                f"second has size {s2} in dim {d2}"
            )
        else:
            csize *= s1
    _dims(da, a.ndim), _dims(db, b.ndim)  # (torch's error for a dim given twice)
    ca, cb = {d % builtins.max(a.ndim, 1) for d in da}, {d % builtins.max(b.ndim, 1) for d in db}
    fa = [d for d in range(a.ndim) if d not in ca]
    fb = [d for d in range(b.ndim) if d not in cb]
    shape = [t1.shape[d] for d in fa] + [t2.shape[d] for d in fb]
    left = reshape(permute(t1, fa + da), (math.prod(shape[: len(fa)]), csize))
    right = reshape(permute(t2, db + fb), (csize, math.prod(shape[len(fa) :])))
    if a.dtype is _backend.bool_ and left.shape[0] == 1 == right.shape[1]:
        raise _no_kernel("dot", a)  # (torch's kernel for one row by one column: dot)
    return reshape(left.mm(right), tuple(shape))


def kron(input, other):
    """The Kronecker product: blocks input[i, j, ...] * other. As torch's, the product of the
    two reshaped operands is viewed as the result (an error where its layout cannot be)."""
    n = builtins.max(input.ndim, other.ndim)
    sa = (1,) * (n - input.ndim) + tuple(input.shape)
    sb = (1,) * (n - other.ndim) + tuple(other.shape)
    a = reshape(input, tuple(v for s in sa for v in (s, 1)))
    b = reshape(other, tuple(v for s in sb for v in (1, s)))
    shape = tuple(x * y for x, y in zip(sa, sb))
    p = a * b
    p._data = _backend.iterator_result(p._data, (a._data, b._data))  # (ambiguous dims: torch's)
    return reshape(p, shape, _name="UnsafeViewBackward0", _view_only=True)


def _baddbmm_checks(input, batch1, batch2, inplace=False):
    """torch's order: input expanded to the product's shape, input's dtype against batch1's, the
    ranks and batch2's sizes, (in place) the output's dtype (batch2's) and shape against self,
    then the kernel: no bool, batch2 in batch1's dtype."""
    target = (batch1.size(0), batch1.size(1), batch2.size(2))
    expand(input.detach(), *target)  # (raises torch's expand message)
    if input.dtype is not batch1.dtype:
        raise RuntimeError(
            f"Input dtypes must be the same, got: input {_C10_NAMES[input.dtype.name]}, batch1: "
            f"{_C10_NAMES[batch1.dtype.name]}, batch2: {_C10_NAMES[batch2.dtype.name]}"
        )
    for name, t in (("batch1", batch1), ("batch2", batch2)):
        if t.ndim != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    b, n, m = batch1.shape
    if tuple(batch2.shape[:2]) != (b, m):
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{b}, {m}] but got: "
            f"[{batch2.shape[0]}, {batch2.shape[1]}]."
        )
    if inplace and input.dtype is not batch2.dtype:
        raise RuntimeError(
            f"Bad in-place call: input tensor dtype {_C10_NAMES[input.dtype.name]} and output "
            f"tensor dtype {_C10_NAMES[batch2.dtype.name]} should match"
        )
    if inplace and tuple(input.shape) != (b, n, batch2.shape[2]):
        raise RuntimeError(
            f"Bad in-place call: input tensor size {list(input.shape)} and output tensor size "
            f"{[b, n, batch2.shape[2]]} should match"
        )
    if batch1.dtype is _backend.bool_:
        raise _no_kernel("baddbmm", batch1)
    if batch2.dtype is not batch1.dtype:
        raise RuntimeError(f"expected scalar type {_cname(batch1)} but found {_cname(batch2)}")


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, _inplace=False):
    """beta * input + alpha * (batch1 @ batch2), batched; beta = 0 ignores input (NaN too)."""
    _baddbmm_checks(input, batch1, batch2, _inplace)
    if _backend.kind(batch1._data.dtype) in "iu":  # an integer kernel takes integer scalars
        beta, alpha = int(beta), int(alpha)
    (x, low), (y, _), (z, _) = (_backend.opmath(t._data) for t in (input, batch1, batch2))
    prod = y @ z  # bfloat16, float16: in float32, rounded once at the end (torch's kernel)
    r = alpha * prod if beta == 0 else beta * x + alpha * prod
    r = namespace(r).broadcast_to(r, prod.shape)
    r = _backend.round_back(namespace(r).asarray(r, copy=True), low)
    attrs = {"beta": beta, "alpha": alpha}
    return _record("baddbmm", "BaddbmmBackward0", r, (input, batch1, batch2), attrs)


def _baddbmm_inplace(input, batch1, batch2, *, beta=1, alpha=1):
    """Tensor.baddbmm_: torch checks the output against self before the kernel's checks."""
    return baddbmm(input, batch1, batch2, beta=beta, alpha=alpha, _inplace=True)


def outer(input, vec2):
    """The outer product of two vectors: input[i] * vec2[j]."""
    for name, t in (("self", input), ("vec2", vec2)):
        if t.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.ndim}-D")
    return input.reshape(-1, 1) * vec2  # (torch: self.reshape({n, 1}) * vec2)


ger = outer


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """beta * input + alpha * (mat1 @ mat2); beta = 0 ignores input (NaN too). torch checks the
    shapes, then the dtypes, then the kernel."""
    for name, t in (("self", mat1), ("mat2", mat2)):
        if t.ndim != 2:
            raise RuntimeError(f"{name} must be a matrix, got {t.ndim}-D tensor")
    if mat1.shape[1] != mat2.shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({mat1.shape[0]}x{mat1.shape[1]} and "
            f"{mat2.shape[0]}x{mat2.shape[1]})"
        )
    _one_dtype(input, mat1, mat2)
    if mat1.dtype is _backend.bool_:
        raise _no_kernel("addmm_impl_cpu_", mat1)
    if beta == 1 and alpha == 1:
        return _matmul_addmm(input, mat1, mat2)
    prod = _backend.opmath(mat1._data)[0] @ _backend.opmath(mat2._data)[0]
    return _scaled("addmm_scaled", "AddmmBackward0", input, (mat1, mat2), prod, beta, alpha)


def _one_dtype(input, mat1, mat2):
    """torch's addmm/addbmm dtype check: it names mat1 only where input and mat2 agree."""
    if not (input.dtype is mat1.dtype is mat2.dtype):
        first, what = (mat1, "mat1") if input.dtype is mat2.dtype else (input, "self")
        raise RuntimeError(
            f"{what} and mat2 must have the same dtype, but got {_cname(first)} and {_cname(mat2)}"
        )


def _scaled(op, name, input, operands, prod, beta, alpha, pointwise=False):
    """beta * input + alpha * prod (prod: the product of `operands`, in opmath: float32 for a
    16-bit dtype, rounded once, as torch's kernels), recorded as op. A list of products (addbmm's,
    one per batch) is added in turn, rounded after each, as torch's addmm_ per batch. `pointwise`:
    prod is alpha * the product already, and each op rounds in the dtype (addr's kernel)."""
    prods = prod if isinstance(prod, list) else [prod]
    prod = prods[0]
    xp = namespace(prod)
    if _backend.kind(prod.dtype) in "iu":  # an integer kernel takes integer scalars
        beta, alpha = int(beta), int(alpha)
    if tuple(input.shape) != tuple(prod.shape):  # (torch's expand_size of input: its errors)
        input.expand(tuple(prod.shape))
    dt = result_type(input, *operands)
    c, low = (
        (_cast(input._data, dt), None) if pointwise else _backend.opmath(_cast(input._data, dt))
    )
    scaled = prod if pointwise else alpha * prod
    r = xp.asarray(scaled if beta == 0 else beta * c + scaled)
    r = _backend.round_back(xp.asarray(xp.broadcast_to(r, prod.shape), copy=True), low)
    if pointwise:  # (addr's TensorIterator lays its result out as input)
        r = _backend.iterator_result(r, (input._data, prod))
    for p in prods[1:]:
        r = _backend.round_back(_backend.opmath(r)[0] + alpha * p, low)
    attrs = {"beta": beta, "alpha": alpha}
    return _record(op, name, _cast(r, dt), (input, *operands), attrs)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """beta * input + alpha * (mat @ vec)."""
    if mat.ndim != 2 or vec.ndim != 1 or input.ndim > 1:
        raise RuntimeError(
            f"vector + matrix @ vector expected, got {input.ndim}, {mat.ndim}, {vec.ndim}"
        )
    if mat.shape[1] != vec.shape[0] or input.shape not in ((mat.shape[0],), (1,), ()):
        shape = "x".join(str(s) for s in mat.shape)
        raise RuntimeError(
            f"size mismatch, got input ({input.shape[0] if input.ndim else 1}), mat ({shape}), "
            f"vec ({vec.shape[0]})"
        )
    if len({input.dtype, mat.dtype, vec.dtype}) > 1:
        names = ", ".join(_cname(t) for t in (input, mat)) + f", and {_cname(vec)}"
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {names}")
    if mat.dtype is _backend.bool_:
        raise _no_kernel("addmv_impl_cpu", mat)
    prod = _backend.opmath(mat._data)[0] @ _backend.opmath(vec._data)[0]
    return _scaled("addmv", "AddmvBackward0", input, (mat, vec), prod, beta, alpha)


def addr(input, vec1, vec2, *, beta=1, alpha=1):
    """beta * input + alpha * outer(vec1, vec2)."""
    for name, t in (("vec1", vec1), ("vec2", vec2)):
        if t.ndim != 1:
            raise RuntimeError(f"addr: Expected 1-D argument {name}, but got {t.ndim}-D")
    dt = result_type(input, vec1, vec2)
    for name, v in (("beta", beta), ("alpha", alpha)):
        if not dt.is_floating_point and isinstance(v, float):
            raise RuntimeError(
                f"For integral input tensors, argument {name} must not be a floating point number."
            )
    a = _cast(vec1._data, dt)
    if dt.is_floating_point or alpha != 1:  # (torch's alpha * vec1 * vec2, in that order)
        a = a * (alpha if dt.is_floating_point else int(alpha))
    prod = a[:, None] * _cast(vec2._data, dt)[None, :]
    return _scaled("addr", "AddrBackward0", input, (vec1, vec2), prod, beta, alpha, True)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * the sum over the batch of batch1[i] @ batch2[i]."""
    for t in (batch1, batch2):
        if t.ndim != 3:
            _dim(2, t.ndim)  # torch's IndexError for a tensor of fewer dims
            raise RuntimeError(f"batch1 must be a 3D tensor, got {t.ndim}D")
    if batch1.shape[0] != batch2.shape[0]:
        raise RuntimeError(
            "batch1 and batch2 must have same number of batches, got "
            f"{batch1.shape[0]} and {batch2.shape[0]}"
        )
    if batch1.shape[2] != batch2.shape[1]:
        raise RuntimeError(
            f"Incompatible matrix sizes for bmm ({batch1.shape[1]}x{batch1.shape[2]} and "
            f"{batch2.shape[1]}x{batch2.shape[2]})"
        )
    _one_dtype(input, batch1, batch2)
    if batch1.dtype is _backend.bool_:
        raise _no_kernel("addmm_impl_cpu_", batch1)
    prods = _backend.opmath(batch1._data)[0] @ _backend.opmath(batch2._data)[0]
    prod = list(prods) if len(prods) else namespace(prods).sum(prods, axis=0)
    return _scaled("addbmm", "AddbmmBackward0", input, (batch1, batch2), prod, beta, alpha)


def inner(input, other):
    """The sum of products over the last dims of input and other (a number: their product)."""
    if input.ndim == 0 or other.ndim == 0:
        return input * other
    if input.shape[-1] != other.shape[-1]:
        raise RuntimeError(
            "inner() the last dimension must match on both input tensors but got shapes "
            f"{list(input.shape)} and {list(other.shape)}"
        )
    if input.dtype is not other.dtype:
        raise RuntimeError("both inputs should have same dtype")
    return tensordot(input, other, ([-1], [-1]))


def vdot(input, other):
    """The dot product of two 1-D tensors (of complex ones, the first conjugated)."""
    r = _matmul_dot(input, other)
    if r._grad_fn is not None:
        r._grad_fn.__class__ = node_class("VdotBackward0")
    return r


# ============================================================================= wave 3: matrices


class _LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError (its class is named _LinAlgError): a singular matrix."""


def _square(op, A, dims="batches of square matrices", where="linalg.", low=False):
    """torch's squareCheckInputs, then checkFloatingOrComplex, then its refusal of float16 and
    bfloat16 where `low` says: the LAPACK kernel named in a NotImplementedError, or "precision"
    (checkNotLowPrecision: "Low precision dtypes not supported")."""
    if A.ndim < 2:
        raise RuntimeError(f"{where}{op}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"{where}{op}: A must be {dims}, but they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"{where}{op}: Expected a floating point or complex tensor as input. Got {_cname(A)}"
        )
    if low and A.dtype.itemsize == 2:
        if low != "precision":
            raise _no_kernel(low, A)
        raise RuntimeError(f"{where}{op}: Low precision dtypes not supported. Got {_cname(A)}")


def _first_zero_pivot(m):
    """The 1-based position of LU's first zero pivot (partial pivoting, as LAPACK's getrf)."""
    m = np.array(m, dtype=np.float64)
    n = m.shape[0]
    for k in range(n):
        p = k + int(np.argmax(np.abs(m[k:, k])))
        if m[p, k] == 0:
            return k + 1
        m[[k, p]] = m[[p, k]]
        m[k + 1 :, k:] -= np.outer(m[k + 1 :, k] / m[k, k], m[k, k:])
    return None


@silent
def inverse(input):
    """The inverse of each square matrix of input (LinalgInvExBackward0)."""
    _square("inv", input, low="precision")
    a = np.asarray(input._data)
    singular = _singular(a)
    if singular:
        raise _LinAlgError(
            f"linalg.inv: {singular[0]}The diagonal element {singular[1]} is zero, the inversion "
            "could not be completed because the input matrix is singular."
        )
    r = namespace(input._data).asarray(_backend.column_major(np.linalg.inv(a).astype(a.dtype)))
    return _record("inverse", "LinalgInvExBackward0", r, (input,))


def _singular(a):
    """(where, k) for the first singular matrix of a: "(Batch element b): " in a batch, k the
    1-based position of its first zero pivot; None when every matrix is invertible."""
    for b, m in enumerate(a.reshape((-1,) + a.shape[-2:])):
        k = _first_zero_pivot(m) if m.size else None
        if k is not None:
            return (f"(Batch element {b}): " if a.ndim > 2 else "", k)
    return None


@silent
def linalg_solve(A, B, *, left=True):
    """X with A X = B (X A = B when not left), batch dims broadcast; B is a vector (or a batch
    of them) when 1-d or shaped as A less its last dim, torch's rule (LinalgSolveExBackward0)."""
    for i, (name, t) in enumerate((("A", A), ("B", B))):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"linalg_solve(): argument '{name}' (position {i + 1}) must be Tensor, not "
                f"{type(t).__name__}"
            )
    if A.dtype is not B.dtype:
        raise RuntimeError(
            f"linalg.solve: Expected A and B to have the same dtype, but found A of type "
            f"{_cname(A)} and B of type {_cname(B)} instead"
        )
    _square("solve", A, low="lu_cpu")
    vector = B.ndim == 1 or (B.ndim == A.ndim - 1 and B.shape == A.shape[:-1])
    a, b = np.asarray(A._data), np.asarray(B._data)
    b = b[..., None] if vector else b
    if b.ndim < 2 or A.shape[-1] != b.shape[-2 if left else -1]:
        shapes = f"{A.shape[-2]}x{A.shape[-1]} and {b.shape[-2]}x{b.shape[-1]}"
        raise RuntimeError(
            f"linalg.solve: Incompatible shapes of A and B for the equation "
            f"{'AX' if left else 'XA'} = B ({shapes})"
        )
    try:
        batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        raise _messages.shape_error(None, b[..., 0, 0], a[..., 0, 0]) from None
    singular = _singular(np.broadcast_to(a, batch + a.shape[-2:]))
    if singular:
        raise _LinAlgError(
            f"torch.linalg.solve: {singular[0]}The solver failed because the input matrix is "
            "singular."
        )
    if left:  # (LAPACK's layout: X column-major, and X^T for X A = B, as A^T X^T = B^T)
        r = _backend.column_major(np.linalg.solve(a, b))
    else:
        r = np.linalg.solve(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2))
        r = np.swapaxes(_backend.column_major(r), -1, -2)
    if vector:  # (torch lays the result out as a batch of matrices (..., n) in column-major)
        r = _backend.column_major(r[..., 0])
    r = namespace(B._data).asarray(r)
    attrs = {"left": left, "vector": vector}
    return _record("linalg_solve", "LinalgSolveExBackward0", r, (A, B), attrs)


def det(input):
    """The determinant of each square matrix of input (LinalgDetBackward0)."""
    _square("det", input, low="lu_cpu")
    a = np.asarray(input._data)
    with np.errstate(all="ignore"):  # (torch's is silent on a nan or an inf)
        r = namespace(input._data).asarray(np.asarray(np.linalg.det(a), dtype=a.dtype))
    return _record("det", "LinalgDetBackward0", r, (input,))


slogdet_result = return_type("slogdet", "sign", "logabsdet")
node_class("LinalgSlogdetBackward0", _MultiOutput)  # one node, two outputs (sign: 0, log: 1)


def slogdet(input):
    """(sign, log |det|) of each square matrix of input, one LinalgSlogdetBackward0 node."""
    _square("slogdet", input, low="precision")
    a = np.asarray(input._data)
    with np.errstate(all="ignore"):  # (torch's is silent; a nan matrix's sign is 0, as torch's)
        sign, logabs = np.linalg.slogdet(a)
    sign = np.where(np.isnan(logabs), 0, sign)
    xp = namespace(input._data)
    if _forward:  # forward AD: log |det| as an op of its own (its tangent; the sign has none)
        logabs = xp.asarray(np.asarray(logabs, dtype=a.dtype))
        second = _record("logabsdet", "LinalgSlogdetBackward0", logabs, (input,))
        return slogdet_result(
            Tensor._from_data(xp.asarray(np.asarray(sign, dtype=a.dtype))), second
        )
    first = _record(
        "slogdet", "LinalgSlogdetBackward0", xp.asarray(np.asarray(sign, dtype=a.dtype)), (input,)
    )
    second = Tensor._from_data(xp.asarray(np.asarray(logabs, dtype=a.dtype)))
    node = first._grad_fn
    if node is not None:
        node.num_outputs = 2
        second._grad_fn, second._output_nr, second._rg = node, 1, True
    return slogdet_result(first, second)


def logdet(input):
    """log det of each square matrix of input (NaN for a negative determinant), as torch composes
    it from slogdet (WhereBackward0)."""
    _square("logdet", input, where="", low="precision")  # (its own checks, in its name)
    sign, logabs = slogdet(input)
    return where(sign == -1, math.nan, logabs)


def svd_finite(a, full_matrices=True, compute_uv=True):
    """numpy's SVD of each matrix of a, nan throughout for a matrix holding an inf or nan
    (OpenBLAS's gesdd never returns on one; torch's LAPACK gives nan)."""
    bad = ~np.isfinite(a).all((-2, -1))
    if not bad.any():
        return np.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv)
    out = np.linalg.svd(np.where(bad[..., None, None], 0, a), full_matrices, compute_uv)
    nan = lambda t: np.where(bad.reshape(bad.shape + (1,) * (t.ndim - bad.ndim)), np.nan, t)  # noqa: E731
    return tuple(nan(t) for t in out) if compute_uv else nan(out)


def pinverse(input, rcond=1e-15):
    """The Moore-Penrose pseudo-inverse of each matrix of input (singular values below rcond
    times the largest count as zero); LinalgPinvBackward0."""
    if input.ndim < 2:
        raise RuntimeError(
            "linalg.pinv(" + _cname(input) + "{" + str(list(input.shape)) + "}): expected a tensor "
            "with 2 or more dimensions of float, double, cfloat or cdouble types"
        )
    if not input.dtype.is_floating_point or input.dtype.itemsize == 2:
        raise RuntimeError(
            f"linalg.pinv({_cname(input)}{{{list(input.shape)}}}): expected a tensor with 2 or "
            "more dimensions of float, double, cfloat or cdouble types"
        )
    a = np.asarray(input._data)
    if not a.size:
        r = np.zeros(a.shape[:-2] + a.shape[:-3:-1])
    elif np.isfinite(a).all():
        r = np.linalg.pinv(a, rcond=rcond)
    else:  # (a matrix holding an inf or nan: nan, as torch's; gesdd would never return)
        r = np.linalg.pinv(np.where(np.isfinite(a), a, 0), rcond=rcond)
        r = np.where(np.isfinite(a).all((-2, -1), keepdims=True), r, np.nan)
    r = namespace(input._data).asarray(r.astype(a.dtype))
    return _record("pinverse", "LinalgPinvBackward0", r, (input,))


_CHOLESKY_WARNING = (
    "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a "
    "future PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = "
    "torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould be replaced "
    "with\nU = torch.linalg.cholesky(A).mH\nThis transform will produce equivalent results for "
    "all valid (symmetric positive definite) inputs."
)


def _not_positive_definite(m):
    """The order of the first leading minor of m that is not positive (0: none)."""
    for k in range(1, m.shape[0] + 1):
        if np.linalg.det(m[:k, :k]) <= 0 or not np.isfinite(m[:k, :k]).all():
            return k
    return 0


def cholesky(input, upper=False):
    """The Cholesky factor of each symmetric positive-definite matrix of input: L (lower) with
    L L^T = input, or U = L^T (torch's deprecated torch.cholesky: CholeskyBackward0)."""
    _warn_once(_CHOLESKY_WARNING)
    return _cholesky(input, upper, "cholesky", "CholeskyBackward0")


def linalg_cholesky(input, upper=False):
    """torch.linalg.cholesky: cholesky under its own name and node, without the warning."""
    return _cholesky(input, upper, "linalg.cholesky", "LinalgCholeskyExBackward0")


@silent  # (numpy's warnings on an inf or nan: torch's kernels are silent)
def _cholesky(input, upper, op, node):
    if input.ndim >= 2 and input.shape[-1] != input.shape[-2]:
        raise RuntimeError(
            f"{op}: A must be batches of square matrices, but they are {input.shape[-2]} by "
            f"{input.shape[-1]} matrices"
        )
    if not input.dtype.is_floating_point and op == "linalg.cholesky":
        _square("cholesky", input)  # (its words; torch.cholesky's are the kernel's)
    if not input.dtype.is_floating_point or input.dtype.itemsize == 2:
        raise _no_kernel("cholesky_cpu", input)
    a = np.asarray(input._data)
    flat = a.reshape((-1,) + a.shape[-2:])
    out = np.empty_like(flat)
    for b, m in enumerate(flat):
        try:
            out[b] = np.linalg.cholesky(m)
        except np.linalg.LinAlgError:
            where = f"(Batch element {b}): " if a.ndim > 2 else ""
            raise _LinAlgError(
                f"{op}: {where}The factorization could not be completed because the input is "
                f"not positive-definite (the leading minor of order {_not_positive_definite(m)} "
                "is not positive-definite)."
            ) from None
    r = out.reshape(a.shape)
    r = _backend.column_major(np.swapaxes(r, -1, -2) if upper else r)
    key = "cholesky" if op == "linalg.cholesky" else "cholesky_deprecated"
    return _record(key, node, namespace(input._data).asarray(r), (input,), {"upper": upper})


def _factor_product(a, upper):
    """A = L L^T (or U^T U) from the triangle of a that holds the factor (the other is ignored)."""
    t = np.triu(a) if upper else np.tril(a)
    return np.swapaxes(t, -1, -2) @ t if upper else t @ np.swapaxes(t, -1, -2)


def cholesky_inverse(input, upper=False):
    """The inverse of A = L L^T from its Cholesky factor L (U^T U with upper); the other triangle
    of input is not read (CholeskyInverseBackward0)."""
    if input.ndim >= 2 and input.shape[-1] == input.shape[-2] and not input.dtype.is_floating_point:
        raise _no_kernel("cholesky_inverse_out_cpu", input)
    _square("cholesky_inverse", input, where="", low="cholesky_inverse_out_cpu")
    a = np.asarray(input._data)
    r = _backend.column_major(np.linalg.inv(_factor_product(a, upper)).astype(a.dtype))
    r = namespace(input._data).asarray(r)
    return _record("cholesky_inverse", "CholeskyInverseBackward0", r, (input,), {"upper": upper})


def cholesky_solve(input, input2, upper=False):
    """X with A X = input, A = L L^T given its Cholesky factor L = input2 (U^T U with upper);
    batch dims broadcast (CholeskySolveBackward0)."""
    if input.ndim < 2:
        raise RuntimeError(
            f"b should have at least 2 dimensions, but has {input.ndim} dimensions instead"
        )
    if input2.ndim < 2:
        raise RuntimeError(
            f"u should have at least 2 dimensions, but has {input2.ndim} dimensions instead"
        )
    if input.dtype is not input2.dtype:
        raise RuntimeError(
            f"Expected b and A to have the same dtype, but found b of type {_cname(input)} and A "
            f"of type {_cname(input2)} instead."
        )
    n = input2.shape[-1]
    if input2.shape[-2] != n or input.shape[-2] != n:
        raise RuntimeError(
            f"Incompatible matrix sizes for cholesky_solve: each A matrix is {input2.shape[-2]} "
            f"by {n} but each b matrix is {input.shape[-2]} by {input.shape[-1]}"
        )
    a, b = np.asarray(input2._data), np.asarray(input._data)
    r = _backend.column_major(np.linalg.solve(_factor_product(a, upper), b).astype(b.dtype))
    r = namespace(input._data).asarray(r)
    attrs = {"upper": upper}
    return _record("cholesky_solve", "CholeskySolveBackward0", r, (input, input2), attrs)


def _expm(a):
    """exp of each matrix of the float64 array a: scaling and squaring of Taylor's series (nan
    for a matrix holding an inf or nan, as torch's)."""
    bad = ~np.isfinite(a).all((-2, -1), keepdims=True)
    if bad.any():
        return np.where(bad, np.nan, _expm(np.where(bad, 0.0, a)))
    norm = np.abs(a).sum(-2).max() if a.size else 0.0
    s = builtins.max(0, int(np.ceil(np.log2(norm))) + 1) if norm > 0 else 0
    b = a / 2.0**s
    term = np.broadcast_to(np.eye(a.shape[-1]), a.shape).copy()
    total = term.copy()
    for k in range(1, 24):
        term = term @ b / k
        total = total + term
    for _ in range(s):
        total = total @ total
    return total


def matrix_exp(input):
    """The matrix exponential of each square matrix of input (LinalgMatrixExpBackward0)."""
    _square("matrix_exp", input)
    a = np.asarray(input._data)
    r = namespace(input._data).asarray(_expm(a.astype(np.float64)).astype(a.dtype))
    return _record("matrix_exp", "LinalgMatrixExpBackward0", r, (input,))


def matrix_power(input, n):
    """input multiplied by itself n times (n < 0: its inverse's power; n = 0: identities), by
    binary exponentiation, as torch."""
    if input.ndim < 2 or input.shape[-1] != input.shape[-2]:
        shape = f"{input.shape[-2]} by {input.shape[-1]}" if input.ndim >= 2 else "not"
        raise RuntimeError(
            f"linalg.matrix_power: A must be batches of square matrices, but they are {shape} "
            "matrices"
        )
    if n == 0:
        xp = namespace(input._data)
        eye = xp.eye(input.shape[-1], dtype=input._data.dtype)
        out = input.clone()
        return out.copy_(Tensor._from_data(xp.broadcast_to(eye, input.shape)))
    if n == 1:
        return input.clone()
    a = inverse(input) if n < 0 else input
    n, z, result = builtins.abs(n), None, None
    while n > 0:
        bit, n = n % 2, n // 2
        z = a if z is None else z @ z
        if bit:
            result = z if result is None else z @ result
    return result


def addmv_(input, mat, vec, *, beta=1, alpha=1):
    """torch.addmv_(input, ...): input.addmv_(...)."""
    return input.addmv_(mat, vec, beta=beta, alpha=alpha)


_PRODUCTS = "addmm addmv addr addbmm baddbmm outer ger inner vdot kron"
_FUNCTIONS = "inverse det slogdet logdet matrix_power pinverse matrix_exp cholesky"
_FUNCTIONS += " cholesky_inverse cholesky_solve"
FUNCTIONS = f"{_PRODUCTS} {_FUNCTIONS} tensordot addmv_".split()  # torch.<name>
METHODS = f"{_PRODUCTS} {_FUNCTIONS}".split()  # Tensor.<name>
INPLACE = "baddbmm addmm addmv addr addbmm".split()  # Tensor.<name>_
