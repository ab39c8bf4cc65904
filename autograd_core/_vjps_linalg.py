"""The VJP table, continued: the rules of the decompositions and solvers of _decompositions, as
torch's FunctionsManual writes them (linalg_eig_backward for eigh, svd_backward,
linalg_qr_backward, linalg_lstsq_backward, linalg_solve_triangular_backward,
triangular_solve_backward, linalg_lu_backward, lu_factor_ex_backward, linalg_lu_solve_LU,
lu_unpack_backward), registered into the one table with `defvjp`.

A decomposition's rule gets the list of its outputs' gradients (None where an output got none);
it reads its first output as `ans` and, past that, the others it saved (`_decompositions.
_outputs`). Every rule is written with Tensor ops (for real dtypes ^H is ^T) and registered with
``on_arrays=False``: create_graph=True differentiates it again, through the saved outputs back to
the decomposition's own node.
"""

from ._api import ops as F
from ._backend import finfo
from . import _decompositions as D
from ._vjps import defvjp
from ._vjps_layout import _const, _pinverse, _zeros

_solve = D.linalg_solve_triangular


def _diagonal_set(x, value=1.0):
    """x with its diagonal (of the last two dims) set to `value`: torch's E whose diagonal is
    filled before 0 / E (a constant mask, so the off-diagonal part keeps its graph)."""
    n = x.shape[-1]
    eye = _const(x, lambda xp, dt, **dev: xp.eye(n, dtype=bool, **dev))
    return F.where(eye, value, x)


# ----------------------------------------------------------------------------- eigh
def _eigh(g, ans, vectors):
    """linalg_eig_backward, hermitian: V (skew(V^T gV) / E + diag(gL)) V^T, E_ij = L_j - L_i;
    eigvalsh's (no gV): V diag(gL) V^T."""
    g_values, g_vectors = g
    V = vectors
    if g_vectors is None:
        if g_values is None:
            return (None,)
        return (F.matmul(V * g_values.unsqueeze(-2), V.mT),)
    VhgV = F.matmul(V.mT, g_vectors)
    VhgV = 0.5 * (VhgV - VhgV.mT)
    gA = VhgV / _diagonal_set(ans.unsqueeze(-2) - ans.unsqueeze(-1))
    if g_values is not None:  # (gA's diagonal is zero: torch copies gL there)
        gA = gA + F.diag_embed(g_values)
    return (F.matmul(V, F.matmul(gA, V.mT)),)


defvjp("linalg_eigh", _eigh, on_arrays=False)


# ----------------------------------------------------------------------------- svd
def _svd(g, ans, S, Vh, full=False):
    """svd_backward (with full_matrices, U's and Vh's first k = min(m, n) columns and rows, as
    torch's derivatives.yaml narrows them); svdvals' (no gU, gVh): U diag(gS) Vh."""
    gU, gS, gVh = g
    U = ans
    if gU is None and gS is None and gVh is None:
        return (None,)
    if full:
        k = S.shape[-1]
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
        gU = None if gU is None else gU.narrow(-1, 0, k)
        gVh = None if gVh is None else gVh.narrow(-2, 0, k)
    m, n = U.shape[-2], Vh.shape[-1]
    mm = F.matmul
    if gU is None and gVh is None:
        if m >= n:
            return (mm(U, gS.unsqueeze(-1) * Vh),)
        return (mm(U * gS.unsqueeze(-2), Vh),)
    UhgU = None if gU is None else mm(U.mT, gU)
    UhgU = None if UhgU is None else UhgU - UhgU.mT
    VhgV = None if gVh is None else mm(Vh, gVh.mT)
    VhgV = None if VhgV is None else VhgV - VhgV.mT
    S2 = S * S
    E = _diagonal_set(S2.unsqueeze(-2) - S2.unsqueeze(-1))
    if gU is not None and gVh is not None:
        gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
    elif gU is not None:
        gA = (UhgU / E) * S.unsqueeze(-2)
    else:
        gA = S.unsqueeze(-1) * (VhgV / E)
    if gS is not None:
        gA = gA + F.diag_embed(gS)
    if m > n and gU is not None:  # + (I - U U^T) gU S^-1 Vh
        gA = mm(U, gA)
        gUSinv = gU / S.unsqueeze(-2)
        gA = gA + gUSinv - mm(U, mm(U.mT, gUSinv))
        return (mm(gA, Vh),)
    if m < n and gVh is not None:  # + U S^-1 gVh (I - V Vh)
        gA = mm(gA, Vh)
        SinvgVh = gVh / S.unsqueeze(-1)
        gA = gA + SinvgVh - mm(mm(SinvgVh, Vh.mT), Vh)
        return (mm(U, gA),)
    return (mm(U, mm(gA, Vh)) if m >= n else mm(mm(U, gA), Vh),)


defvjp("linalg_svd", _svd, on_arrays=False)


# ----------------------------------------------------------------------------- qr
_QR_R = (
    "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
    "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr."
)


def _qr(g, ans, R, mode="reduced"):
    """linalg_qr_backward: m >= n: (gQ + Q syminvadj(triu(gR R^T - Q^T gQ))) R^-T; m < n: the
    first m columns likewise (trilImInvAdjSkew), the rest Q gR."""
    gQ, gR = g
    Q = ans
    if mode == "r":
        raise RuntimeError(_QR_R)
    m, n = Q.shape[-2], R.shape[-1]
    if mode == "complete" and m > n:
        raise RuntimeError(
            "The QR decomposition is not differentiable when mode='complete' and nrows > ncols."
        )
    if gQ is None and gR is None:
        return (None,)
    mm = F.matmul
    if gQ is None:
        gA = mm(gR, R.mT)
    else:
        gA = -mm(Q.mT, gQ) if gR is None else mm(gR, R.mT) - mm(Q.mT, gQ)
    if m >= n:
        upper = F.triu(gA)
        gA = mm(Q, upper + upper.mT - F.diag_embed(F.diagonal(upper, 0, -2, -1)))
        if gQ is not None:
            gA = gA + gQ
        return (_solve(R.mT, gA, upper=False, left=False),)
    gA = mm(Q, F.tril(gA.mT - gA))
    gA = _solve(R.narrow(-1, 0, m).mT, gA, upper=False, left=False)
    gA = F.cat([gA, _zeros(gA, (*R.shape[:-1], n - m))], -1)
    return (gA if gR is None else gA + mm(Q, gR),)


defvjp("linalg_qr", _qr, on_arrays=False)


# ----------------------------------------------------------------------------- lstsq
def _lstsq(g, x, y, ans, need, vector=False):
    """linalg_lstsq_backward: through pinv(A) for the solution (pinv_backward for A, pinv(A)^T gX
    for B), plus the residuals' 2 (gL r) X^T and -2 gL r, r = A X - B."""
    gX, gL = g
    if gX is None and (gL is None or gL.numel() == 0):
        return (None, None)
    A = x
    B = y.unsqueeze(-1) if vector else y
    gA = gB = None
    if gX is not None:
        gX = gX.unsqueeze(-1) if vector else gX
        rcond = finfo(A.dtype).eps * max(A.shape[-2:])
        pinv = F.pinverse(A, rcond)  # (linalg.pinv's default tolerance)
        if need[0]:
            gA = _pinverse(F.matmul(gX, B.mT), A, pinv)[0]
        if need[1]:
            gB = F.matmul(pinv.mT, gX)
            gB = gB.squeeze(-1) if vector else gB
    if gL is not None and gL.numel():
        X = ans.unsqueeze(-1) if vector else ans
        r = F.matmul(A, X) - B
        gL = gL.unsqueeze(-2)
        if need[0]:
            term = F.matmul(2 * (gL * r), X.mT)
            gA = term if gA is None else gA + term
        if need[1]:
            term = -2 * gL * r
            term = term.squeeze(-1) if vector else term
            gB = term if gB is None else gB + term
    return (gA, gB)


defvjp("linalg_lstsq", _lstsq, on_arrays=False)


# ----------------------------------------------------------------------------- triangular solves
def _triangle(x, upper, unitriangular):
    return F.triu(x, int(unitriangular)) if upper else F.tril(x, -int(unitriangular))


def _solve_triangular(g, x, ans, need, upper, left=True, unitriangular=False):
    """linalg_solve_triangular_backward: gB = A^-T g; gA = -gB X^T (-X^T gB when not left) on
    A's triangle (without its diagonal when unitriangular)."""
    gB = _solve(x.mT, g, upper=not upper, left=left, unitriangular=unitriangular)
    gA = None
    if need[0]:
        gA = -F.matmul(gB, ans.mT) if left else -F.matmul(ans.mT, gB)
        gA = _triangle(gA, upper, unitriangular)
    return (gA, gB if need[1] else None)


def _triangular_solve(g, x, y, ans, need, upper=True, transpose=False, unitriangular=False):
    """triangular_solve_backward: gb = A^-T gX (A^-1 gX with transpose); gA = -gb X^T (-X gb^T)
    on A's triangle, plus the clone's gradient."""
    gX, gM = g
    if gX is None and gM is None:
        return (None, None)
    gb = gA = None
    if gX is not None:
        gb = D._triangular_solve(gX, y, upper, not transpose, unitriangular)[0]
        if need[1]:
            gA = -F.matmul(ans, gb.mT) if transpose else -F.matmul(gb, ans.mT)
            gA = _triangle(gA, upper, unitriangular)
    if need[1] and gM is not None:
        gA = gM if gA is None else gA + gM
    if need[1] and gA is None:
        gA = _zeros(y, tuple(y.shape))
    if need[0] and gb is None:
        gb = _zeros(x, tuple(x.shape))
    return (gb if need[0] else None, gA)


defvjp("linalg_solve_triangular", _solve_triangular, on_arrays=False)
defvjp("triangular_solve", _triangular_solve, on_arrays=False)


# ----------------------------------------------------------------------------- LU
def _lu_backward(gL, gU, P, L, U, pivot=True):
    """linalg_lu_backward: gA = P L^-T [L^T gL o 1_L + gU U^T o 1_U] U^-T for a square A; the
    wide and tall cases per block, as torch's."""
    if gL is None and gU is None:
        return None
    mm = F.matmul
    m, n = L.shape[-2], U.shape[-1]
    k = min(m, n)
    if m == n:
        gA = None if gL is None else F.tril(mm(L.mT, gL), -1)
        if gU is not None:
            term = F.triu(mm(gU, U.mT))
            gA = term if gA is None else gA + term
        gA = _solve(U.mT, gA, upper=False, left=False)
        gA = _solve(L.mT, gA, upper=True, left=True, unitriangular=True)
    elif m < n:
        gA = None if gL is None else mm(L.mT, gL)
        if gU is not None:
            term = mm(F.triu(gU), U.mT)
            gA = -term if gA is None else gA - term
        gA = _solve(U.narrow(-1, 0, k).mT, F.tril(gA, -1), upper=False, left=False)
        if gU is not None:
            gA = F.cat([gA + F.triu(gU.narrow(-1, 0, k)), gU.narrow(-1, k, n - k)], -1)
        gA = _solve(L.mT, gA, upper=True, left=True, unitriangular=True)
        if gU is None:
            gA = F.cat([gA, _zeros(gA, (*U.shape[:-1], n - k))], -1)
    else:
        gA = None if gU is None else mm(gU, U.mT)
        if gL is not None:
            term = mm(L.mT, F.tril(gL, -1))
            gA = -term if gA is None else gA - term
        gA = _solve(L.narrow(-2, 0, k).mT, F.triu(gA), upper=True, left=True, unitriangular=True)
        if gL is not None:
            gA = F.cat([gA + F.tril(gL.narrow(-2, 0, k), -1), gL.narrow(-2, k, m - k)], -2)
        gA = _solve(U.mT, gA, upper=False, left=False)
        if gL is None:
            gA = F.cat([gA, _zeros(gA, (*L.shape[:-2], m - k, k))], -2)
    return mm(P, gA) if pivot else gA


def _lu(g, ans, upper_factor, P=None, pivot=True):
    return (_lu_backward(g[0], g[1], P, ans, upper_factor, pivot),)


def _lu_factor(g, ans, pivots, pivot=True):
    """lu_factor_ex_backward: L's gradient is g's first k columns, U's its first k rows."""
    P, L, U = D.lu_unpack(ans, pivots)
    k = min(ans.shape[-2:])
    return (_lu_backward(g.narrow(-1, 0, k), g.narrow(-2, 0, k), P, L, U, pivot),)


def _lu_unpack(g, m, n):
    """lu_unpack_backward: L's strict lower triangle and U's upper one, back in LU's shape."""
    gL, gU = g
    if gL is None and gU is None:
        return (None,)
    k = min(m, n)
    if gL is not None and gU is not None:
        if m == n:
            return (F.tril(gL, -1) + F.triu(gU),)
        first = F.tril(gL.narrow(-2, 0, k), -1) + F.triu(gU.narrow(-1, 0, k))
        rest = gL.narrow(-2, k, m - k) if m > n else gU.narrow(-1, k, n - k)
        return (F.cat([first, rest], -2 if m > n else -1),)
    if gL is not None:
        low = F.tril(gL, -1)
        return (low if m >= n else F.cat([low, _zeros(gL, (*gL.shape[:-1], n - m))], -1),)
    up = F.triu(gU)
    return (up if n >= m else F.cat([up, _zeros(gU, (*gU.shape[:-2], m - n, n))], -2),)


def _lu_solve_LU(gX, LU, pivots, X, left, adjoint):
    """linalg_lu_solve_LU: LU's gradient (its L's strict lower part and U's upper one)."""
    mm = F.matmul
    P, L, U = D.lu_unpack(LU, pivots, unpack_pivots=left == adjoint)
    if left != adjoint:
        gR = _solve(U.mT, -mm(gX if left else gX.mT, X.mT if left else X), upper=False)
        gL = _solve(L.mT, mm(gR, U.mT), upper=True, left=True, unitriangular=True)
        return F.tril(gL, -1) + F.triu(gR)
    gR = -mm(mm(mm(P.mT, X if left else X.mT), gX.mT if left else gX), P)
    gR = _solve(L.mT, gR, upper=True, left=False, unitriangular=True)
    gU = F.triu(_solve(U.mT, mm(L.mT, gR), upper=False, left=False))
    return F.tril(gR, -1) + gU


def _lu_solve(g, x, ans, need, pivots, left=True, adjoint=False):
    """LU: linalg_lu_solve_LU; B: lu_solve with the adjoint system."""
    gLU = _lu_solve_LU(g, x, pivots, ans, left, adjoint) if need[0] else None
    gB = D.linalg_lu_solve(x, pivots, g, left=left, adjoint=not adjoint) if need[1] else None
    return (gLU, gB)


defvjp("linalg_lu", _lu, on_arrays=False)
defvjp("lu_factor", _lu_factor, on_arrays=False)
defvjp("lu_unpack", _lu_unpack, on_arrays=False)
defvjp("lu_solve", _lu_solve, on_arrays=False)
