"""torch.linalg's decompositions and solvers (eigh, eigvalsh, svd, svdvals, qr, lstsq, inv_ex,
cholesky_ex, solve_ex, solve_triangular, matrix_rank, cond, vander, lu_factor(_ex), lu, lu_solve)
and torch's older forms (torch.svd, torch.qr, torch.triangular_solve, torch.lu, torch.lu_solve,
torch.lu_unpack) against torch: one table of calls, each run on float32 and float64 inputs of
several shapes, compared for values, result types, dtypes, shapes, nodes and the gradients of a
loss that does not depend on the signs of eigen- or singular vectors; gradcheck and gradgradcheck
on the engine; and a table of bad inputs whose error type and message must be torch's.

Signs: eigenvectors (eigh) and singular vectors (svd) are compared up to the sign of each vector
(jointly for U's column and Vh's row): torch's MKL picks other signs than numpy's LAPACK
(OpenBLAS) for eigh of order 3 to 25 and for some svd shapes, with the same routines (syevd,
gesdd). QR and LU are deterministic and compared exactly (to rounding)."""
import subprocess
import sys
import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="these differential tests compare against PyTorch")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")

pytestmark = pytest.mark.filterwarnings("ignore:torch.*is deprecated:UserWarning")

DTYPES = {"float32": 1e-4, "float64": 1e-10}


def to_np(t):
    return np.array(t.detach().cpu().numpy())


# ----------------------------------------------------------------------------- the inputs
def make(kind, shape, seed):
    """A float64 array of `shape`: 'gen' random, 'sym' symmetric, 'spd' positive definite,
    'wellcond' a square matrix far from singular, 'upper'/'lower' triangular with a diagonal away
    from zero, 'lu' (a well-conditioned matrix's LU factor and pivots: see lu_inputs)."""
    rng = np.random.default_rng(seed)
    a = rng.normal(size=shape)
    n = shape[-1] if shape else 1
    if kind == "sym":
        return a + np.swapaxes(a, -1, -2)
    if kind == "spd":
        return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)
    if kind == "wellcond":
        return a + 2 * n ** 0.5 * np.eye(n)
    if kind in ("upper", "lower"):
        t = np.triu(a) if kind == "upper" else np.tril(a)
        d = np.einsum("...ii->...i", t)
        d[...] = np.sign(d) * (1.5 + np.abs(d))
        return t
    return a


def pair(arrays, dtype, grad=True):
    """The same inputs for torch and for autograd_core: [(torch tensors), (engine tensors)]."""
    out = []
    for lib in (torch, ac):
        dt = getattr(lib, dtype)
        out.append([lib.tensor(a, dtype=dt, requires_grad=grad and a.dtype.kind == "f")
                    if isinstance(a, np.ndarray) else a for a in arrays])
    return out


# ----------------------------------------------------------------------------- the table
# name: (inputs: [(kind, shape)], call(lib, *inputs) -> tensor or tuple, signs, loss weights)
# `signs` names how vectors are compared: None (exactly), "eigh" (columns of output 1), "svd"
# (columns of U / rows of Vh, jointly), "torch.svd" (columns of U and V).
def _c(inputs, call, signs=None, grad=True):
    return {"inputs": inputs, "call": call, "signs": signs, "grad": grad}


def _lu_inputs(shape):
    return [("wellcond", shape), ("gen", shape[:-1] + (2,))]


CASES = {}
for shape in [(1, 1), (2, 2), (4, 4), (2, 3, 3), (30, 30)]:
    CASES[f"eigh-{shape}"] = _c([("sym", shape)], lambda L, A: L.linalg.eigh(A), "eigh")
    CASES[f"eigh-U-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.eigh(A, UPLO="U"),
                                  "eigh")
    CASES[f"eigvalsh-{shape}"] = _c([("sym", shape)], lambda L, A: L.linalg.eigvalsh(A))
for shape in [(1, 1), (4, 4), (5, 3), (3, 5), (2, 4, 3)]:
    CASES[f"svd-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.svd(A, False), "svd")
    CASES[f"svd-full-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.svd(A), "svd")
    CASES[f"svdvals-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.svdvals(A))
    CASES[f"torch.svd-{shape}"] = _c([("gen", shape)], lambda L, A: L.svd(A), "torch.svd")
    CASES[f"torch.svd-some=False-{shape}"] = _c(
        [("gen", shape)], lambda L, A: L.svd(A, some=False), "torch.svd")
    CASES[f"torch.svd-no-uv-{shape}"] = _c([("gen", shape)],
                                           lambda L, A: L.svd(A, compute_uv=False))
    CASES[f"Tensor.svd-{shape}"] = _c([("gen", shape)], lambda L, A: A.svd(), "torch.svd")
    CASES[f"qr-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.qr(A))
    CASES[f"qr-r-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.qr(A, mode="r"),
                                grad=False)
    CASES[f"torch.qr-{shape}"] = _c([("gen", shape)], lambda L, A: L.qr(A))
    CASES[f"Tensor.qr-{shape}"] = _c([("gen", shape)], lambda L, A: A.qr())
    wide = shape[-2] <= shape[-1]
    CASES[f"qr-complete-{shape}"] = _c([("gen", shape)],
                                       lambda L, A: L.linalg.qr(A, mode="complete"), grad=wide)
    CASES[f"lu_factor-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.lu_factor(A))
    CASES[f"lu_factor_ex-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.lu_factor_ex(A))
    CASES[f"lu-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.lu(A))
    CASES[f"torch.lu-{shape}"] = _c([("gen", shape)], lambda L, A: L.lu(A, get_infos=True))
    CASES[f"lu_unpack-{shape}"] = _c(
        [("gen", shape)], lambda L, A: L.lu_unpack(*L.linalg.lu_factor(A)))
    CASES[f"cond-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.cond(A))
    CASES[f"cond-(-2)-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.cond(A, -2))
    CASES[f"matrix_rank-{shape}"] = _c([("gen", shape)], lambda L, A: L.linalg.matrix_rank(A),
                                       grad=False)
for shape in [(1, 1), (4, 4), (2, 3, 3)]:
    for p in ["fro", "nuc", 1, -1, float("inf"), -float("inf")]:
        CASES[f"cond-{p}-{shape}"] = _c([("wellcond", shape)],
                                        lambda L, A, p=p: L.linalg.cond(A, p))
    CASES[f"inv_ex-{shape}"] = _c([("wellcond", shape)], lambda L, A: L.linalg.inv_ex(A))
    for upper in (False, True):
        CASES[f"cholesky_ex-upper={upper}-{shape}"] = _c(
            [("spd", shape)], lambda L, A, u=upper: L.linalg.cholesky_ex(A, upper=u))
    n = shape[-1]
    CASES[f"solve_ex-{shape}"] = _c([("wellcond", shape), ("gen", shape[:-1] + (2,))],
                                    lambda L, A, B: L.linalg.solve_ex(A, B))
    CASES[f"solve_ex-vector-{shape}"] = _c([("wellcond", shape), ("gen", shape[:-1])],
                                           lambda L, A, B: L.linalg.solve_ex(A, B))
    CASES[f"solve_ex-right-{shape}"] = _c(
        [("wellcond", shape), ("gen", shape[:-2] + (2, n))],
        lambda L, A, B: L.linalg.solve_ex(A, B, left=False))
    for tri in ("upper", "lower"):
        for unit in (False, True):
            up = tri == "upper"
            CASES[f"solve_triangular-{tri}-unit={unit}-{shape}"] = _c(
                [(tri, shape), ("gen", shape[:-1] + (2,))],
                lambda L, A, B, up=up, unit=unit: L.linalg.solve_triangular(
                    A, B, upper=up, unitriangular=unit))
            CASES[f"solve_triangular-right-{tri}-unit={unit}-{shape}"] = _c(
                [(tri, shape), ("gen", shape[:-2] + (2, n))],
                lambda L, A, B, up=up, unit=unit: L.linalg.solve_triangular(
                    A, B, upper=up, left=False, unitriangular=unit))
            for transpose in (False, True):
                CASES[f"triangular_solve-{tri}-T={transpose}-unit={unit}-{shape}"] = _c(
                    [("gen", shape[:-1] + (2,)), (tri, shape)],
                    lambda L, B, A, up=up, t=transpose, unit=unit: L.triangular_solve(
                        B, A, upper=up, transpose=t, unitriangular=unit))
    for left in (True, False):
        for adjoint in (False, True):
            b_shape = shape[:-1] + (2,) if left else shape[:-2] + (2, n)
            CASES[f"lu_solve-left={left}-adjoint={adjoint}-{shape}"] = _c(
                [("wellcond", shape), ("gen", b_shape)],
                lambda L, A, B, left=left, adjoint=adjoint: L.linalg.lu_solve(
                    *L.linalg.lu_factor(A), B, left=left, adjoint=adjoint))
    CASES[f"torch.lu_solve-{shape}"] = _c(
        [("wellcond", shape), ("gen", shape[:-1] + (2,))],
        lambda L, A, B: L.lu_solve(B, *L.linalg.lu_factor(A)))
    CASES[f"Tensor.lu_solve-{shape}"] = _c(
        [("wellcond", shape), ("gen", shape[:-1] + (2,))],
        lambda L, A, B: B.lu_solve(*A.lu()))
CASES["solve_triangular-broadcast"] = _c(
    [("upper", (2, 1, 4, 4)), ("gen", (3, 4, 2))],
    lambda L, A, B: L.linalg.solve_triangular(A, B, upper=True))
CASES["triangular_solve-broadcast"] = _c(
    [("gen", (3, 4, 2)), ("lower", (2, 1, 4, 4))],
    lambda L, B, A: L.triangular_solve(B, A, upper=False))
for drv in (None, "gels", "gelsy", "gelsd", "gelss"):
    for a_shape, b_shape in [((5, 3), (5, 2)), ((3, 5), (3, 2)), ((2, 5, 3), (2, 5, 2)),
                             ((5, 3), (5,)), ((4, 4), (4, 2)), ((1, 1), (1, 1)),
                             ((2, 5, 3), (1, 5, 2))]:
        CASES[f"lstsq-{drv}-{a_shape}-{b_shape}"] = _c(
            [("gen", a_shape), ("gen", b_shape)],
            lambda L, A, B, d=drv: L.linalg.lstsq(A, B, driver=d))
CASES["lstsq-rcond"] = _c([("gen", (5, 3)), ("gen", (5, 2))],
                          lambda L, A, B: L.linalg.lstsq(A, B, 0.5, driver="gelsd"), grad=False)
for shape in [(3,), (2, 4)]:
    CASES[f"vander-{shape}"] = _c([("gen", shape)], lambda L, x: L.linalg.vander(x))
    CASES[f"vander-N=5-{shape}"] = _c([("gen", shape)], lambda L, x: L.linalg.vander(x, N=5))
for kw in [{"atol": 1.0}, {"rtol": 0.3}, {"atol": 0.1, "rtol": 0.5}, {"hermitian": True},
           {"atol": -1.0}]:
    CASES[f"matrix_rank-{kw}"] = _c([("spd", (2, 4, 4))],
                                    lambda L, A, kw=kw: L.linalg.matrix_rank(A, **kw), grad=False)
CASES["matrix_rank-tol"] = _c([("spd", (2, 4, 4))], lambda L, A: L.linalg.matrix_rank(A, 5.0),
                              grad=False)


def _rank_deficient(lib, dt):
    a = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    return lib.tensor(a, dtype=dt)


# ----------------------------------------------------------------------------- running a case
def run(case, dtype, seed=0, grad=True):
    arrays = [make(kind, shape, seed + i) for i, (kind, shape) in enumerate(case["inputs"])]
    (ti, ai) = pair(arrays, dtype, grad)
    return ti, ai, case["call"](torch, *ti), case["call"](ac, *ai)


def outputs(r):
    return list(r) if isinstance(r, tuple) else [r]


def align(case, tout, aout):
    """The engine's outputs with each vector's sign flipped to torch's, where `signs` says
    torch's sign cannot be matched (see the module's docstring)."""
    aout = [to_np(t) if t.dtype.is_floating_point else to_np(t) for t in aout]
    tnp = [to_np(t) for t in tout]
    kind = case["signs"]
    if kind == "eigh":
        s = np.sign(np.sum(aout[1] * tnp[1], axis=-2, keepdims=True))
        aout[1] = aout[1] * np.where(s == 0, 1, s)
    elif kind in ("svd", "torch.svd"):
        k = tnp[1].shape[-1]
        u, v = aout[0], aout[2]
        s = np.sign(np.sum(u[..., :k] * tnp[0][..., :k], axis=-2))
        s = np.where(s == 0, 1, s)
        u[..., :k] = u[..., :k] * s[..., None, :]
        if kind == "svd":
            v[..., :k, :] = v[..., :k, :] * s[..., :, None]
        else:
            v[..., :k] = v[..., :k] * s[..., None, :]
        for idx, rows in ((0, False), (2, kind == "svd")):  # the complement: its projector
            t, a = tnp[idx], aout[idx]
            extra = t.shape[-2 if rows else -1] - k
            if extra > 0:
                pick = (lambda x: np.swapaxes(x[..., k:, :], -1, -2)) if rows else \
                    (lambda x: x[..., k:])
                proj = lambda x: pick(x) @ np.swapaxes(pick(x), -1, -2)  # noqa: E731
                assert np.allclose(proj(a), proj(t), atol=1e-4), "complement differs"
                if rows:
                    a[..., k:, :] = t[..., k:, :]
                else:
                    a[..., k:] = t[..., k:]
    return aout, tnp


def weights(like, seed=7):
    return np.random.default_rng(seed).normal(size=like.shape)


def loss(lib, case, outs):
    """A sum of the differentiable outputs, weighted: squared where a vector's sign is free, and
    the products u_j v_j^T for svd (they do not depend on it either)."""
    kind = case["signs"]
    total = 0
    for i, t in enumerate(outs):
        if not t.dtype.is_floating_point or not t.requires_grad or t.numel() == 0:
            continue
        w = lib.tensor(weights(t, seed=i), dtype=t.dtype)
        free = (kind == "eigh" and i == 1) or (kind in ("svd", "torch.svd") and i in (0, 2))
        if free and kind != "eigh":  # (singular vectors past min(m, n): any basis, no function)
            k = outs[1].shape[-1]
            t = t[..., :k, :] if kind == "svd" and i == 2 else t[..., :k]
            w = w[..., :k, :] if kind == "svd" and i == 2 else w[..., :k]
        total = total + ((t * t if free else t) * w).sum()
    if kind in ("svd", "torch.svd"):
        U, S, V = outs
        k = S.shape[-1]
        V = V.mT if kind == "svd" else V
        prod = U[..., :k] @ V[..., :k].mT
        total = total + (prod * lib.tensor(weights(prod, 9), dtype=prod.dtype)).sum()
    return total


def node(t):
    return t.grad_fn.name() if t.grad_fn is not None else None


IDS = sorted(CASES)


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("name", IDS)
def test_values_types_and_nodes_are_torchs(name, dtype):
    case = CASES[name]
    ti, ai, tr, ar = run(case, dtype)
    assert type(ar).__name__ == type(tr).__name__
    if isinstance(tr, tuple):
        assert type(ar).__module__ == type(tr).__module__
    if hasattr(tr, "n_fields"):  # (torch's structseq: its fields by name)
        assert list(ar._fields) == list(type(tr).__match_args__)
    tout, aout = outputs(tr), outputs(ar)
    assert len(aout) == len(tout)
    for t, a in zip(tout, aout):
        assert tuple(a.shape) == tuple(t.shape)
        assert str(a.dtype) == str(t.dtype)
        assert node(a) == node(t)
        assert a.requires_grad == t.requires_grad
    got, want = align(case, tout, aout)
    tol = DTYPES[dtype]
    for g, w in zip(got, want):
        scale = max(1.0, float(np.max(np.abs(w[np.isfinite(w)]), initial=0.0)))
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol * scale, equal_nan=True)


GRAD_IDS = [n for n in IDS if CASES[n]["grad"]]


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("name", GRAD_IDS)
def test_gradients_are_torchs(name, dtype):
    case = CASES[name]
    ti, ai, tr, ar = run(case, dtype)
    tl, al = loss(torch, case, outputs(tr)), loss(ac, case, outputs(ar))
    tin = [t for t in ti if isinstance(t, torch.Tensor) and t.requires_grad]
    ain = [a for a in ai if isinstance(a, ac.Tensor) and a.requires_grad]
    want = _error(lambda: torch.autograd.grad(tl, tin, retain_graph=True, allow_unused=True))
    if want is not None:  # (torch's cond in the norms 'fro', 1, inf: its in-place error)
        assert _error(lambda: ac.autograd.grad(al, ain, allow_unused=True)) == want
        return
    tg = torch.autograd.grad(tl, tin, allow_unused=True)
    ag = ac.autograd.grad(al, ain, allow_unused=True)
    tol = 10 * DTYPES[dtype]
    for g, w in zip(ag, tg):
        assert (g is None) == (w is None)
        if w is not None:
            w = to_np(w)
            scale = max(1.0, float(np.max(np.abs(w), initial=0.0)))
            np.testing.assert_allclose(to_np(g), w, rtol=tol, atol=tol * scale)


INPLACE_COND = ("cond-fro", "cond-1-", "cond--1-", "cond-inf", "cond--inf")  # (torch's error)
SMALL = [n for n in GRAD_IDS if "(30, 30)" not in n and not n.startswith(INPLACE_COND)]


@pytest.mark.parametrize("name", SMALL)
def test_gradcheck_and_gradgradcheck_on_the_engine(name):
    case = CASES[name]
    arrays = [make(kind, shape, i) for i, (kind, shape) in enumerate(case["inputs"])]
    inputs = tuple(pair(arrays, "float64")[1])

    kinds = [kind for kind, _ in case["inputs"]]

    def f(*xs):  # (a symmetric input as a function of a full one: eigh reads one triangle)
        xs = [(x + x.mT) / 2 if kind in ("sym", "spd") or case["signs"] == "eigh" else x
              for kind, x in zip(kinds, xs)]
        return loss(ac, case, outputs(case["call"](ac, *xs)))

    assert ac.autograd.gradcheck(f, inputs, eps=1e-6, atol=1e-5)
    assert ac.autograd.gradgradcheck(f, inputs, eps=1e-6, atol=1e-5)


# ----------------------------------------------------------------------------- special inputs
def _zeros(lib, *shape):
    return lib.zeros(*shape, dtype=lib.float64)


SPECIAL = {
    "inv_ex-singular": lambda L: L.linalg.inv_ex(_zeros(L, 3, 3)),
    "inv_ex-singular-batch": lambda L: L.linalg.inv_ex(L.stack([L.eye(3, dtype=L.float64),
                                                                _zeros(L, 3, 3)])),
    "solve_ex-broadcast-B": lambda L: L.linalg.solve_ex(L.eye(3, dtype=L.float64),
                                                        L.ones(2, 3, 2, dtype=L.float64)),
    "solve_ex-singular-broadcast-B": lambda L: L.linalg.solve_ex(
        _zeros(L, 3, 3), L.ones(2, 3, 2, dtype=L.float64)),
    "solve_ex-vector-batch": lambda L: L.linalg.solve_ex(
        L.eye(3, dtype=L.float64).expand(2, 3, 3), L.ones(3, dtype=L.float64)),
    "solve_ex-singular": lambda L: L.linalg.solve_ex(_zeros(L, 3, 3), L.ones(3, 2,
                                                                              dtype=L.float64)),
    "cholesky_ex-not-pd": lambda L: L.linalg.cholesky_ex(-L.eye(3, dtype=L.float64)),
    "cholesky_ex-not-pd-3": lambda L: L.linalg.cholesky_ex(L.tensor(
        [[4.0, 2, 1, 0], [2, 5, 1, 1], [1, 1, -5, 0], [0, 1, 0, 7]], dtype=L.float64)),
    "cholesky_ex-upper-reads-upper": lambda L: L.linalg.cholesky_ex(L.tensor(
        [[4.0, 2, 1], [-7, 5, 1], [9, -3, 6]], dtype=L.float64), upper=True),
    "cholesky_ex-lower-reads-lower": lambda L: L.linalg.cholesky_ex(L.tensor(
        [[4.0, 9, 1], [1, 5, -7], [1, 1, 6]], dtype=L.float64)),
    "cholesky_ex-not-pd-upper": lambda L: L.linalg.cholesky_ex(L.tensor(
        [[4.0, 2, 1], [0, 1, 3], [0, 0, 2]], dtype=L.float64), upper=True),
    "lu_factor_ex-singular": lambda L: L.linalg.lu_factor_ex(_zeros(L, 3, 3)),
    "lu-singular": lambda L: L.linalg.lu(_zeros(L, 2, 3, 3)),
    "torch.lu": lambda L: L.lu(L.tensor([[1.0, 2], [3, 4]], dtype=L.float64)),
    "Tensor.lu": lambda L: L.tensor([[1.0, 2], [3, 4]], dtype=L.float64).lu(get_infos=True),
    "lu_unpack-no-pivots": lambda L: L.lu_unpack(
        *L.linalg.lu_factor(L.tensor([[1.0, 2], [3, 4]], dtype=L.float64)), unpack_pivots=False),
    "lu-rank-deficient": lambda L: L.linalg.lu(_rank_deficient(L, L.float64)),
    "torch.lu-singular": lambda L: L.lu(_zeros(L, 3, 3)),
    "solve_triangular-zero-diagonal": lambda L: L.linalg.solve_triangular(
        _zeros(L, 3, 3), L.ones(3, 2, dtype=L.float64), upper=True),
    "matrix_rank-deficient": lambda L: L.linalg.matrix_rank(_rank_deficient(L, L.float64)),
    "matrix_rank-deficient-f32": lambda L: L.linalg.matrix_rank(_rank_deficient(L, L.float32)),
    "matrix_rank-atol-tensor": lambda L: L.linalg.matrix_rank(
        L.stack([_rank_deficient(L, L.float64)] * 2), atol=L.tensor([0.1, 100.0],
                                                                     dtype=L.float64)),
    "matrix_rank-empty": lambda L: L.linalg.matrix_rank(_zeros(L, 0, 3)),
    "lstsq-rank-deficient-gelsd": lambda L: L.linalg.lstsq(
        _rank_deficient(L, L.float64), L.ones(4, 1, dtype=L.float64), driver="gelsd"),
    "lstsq-rank-deficient-gelss": lambda L: L.linalg.lstsq(
        _rank_deficient(L, L.float64), L.ones(4, 1, dtype=L.float64), driver="GELSS"),
    "lstsq-rank-deficient-gelsy": lambda L: L.linalg.lstsq(
        _rank_deficient(L, L.float64), L.ones(4, 1, dtype=L.float64)),
    "cond-singular": lambda L: [L.linalg.cond(_zeros(L, 2, 3, 3), p)
                                for p in (None, -2, "fro", "nuc", 1, -1)],
    "cond-empty": lambda L: L.linalg.cond(_zeros(L, 2, 0, 0)),
    "vander-int": lambda L: L.linalg.vander(L.tensor([1, 2, 3])),
    "vander-int8": lambda L: L.linalg.vander(L.tensor([1, 2, 3], dtype=L.int8)),
    "vander-0d": lambda L: L.linalg.vander(L.tensor(2.0, dtype=L.float64), N=3),
    "eigh-empty": lambda L: L.linalg.eigh(_zeros(L, 0, 0)),
    "svd-empty": lambda L: L.linalg.svd(_zeros(L, 0, 3)),
    "qr-empty": lambda L: L.linalg.qr(_zeros(L, 2, 0, 3)),
    "lu_factor-empty": lambda L: L.linalg.lu_factor(_zeros(L, 0, 3)),
    "inv_ex-empty": lambda L: L.linalg.inv_ex(_zeros(L, 0, 0)),
    "lstsq-empty": lambda L: L.linalg.lstsq(_zeros(L, 0, 3), _zeros(L, 0, 2)),
    "lu_unpack-no-data": lambda L: L.lu_unpack(*L.linalg.lu_factor(L.eye(3, dtype=L.float64)),
                                               unpack_data=False),
    "solve_triangular-mixed-dtypes": lambda L: L.linalg.solve_triangular(
        L.eye(3, dtype=L.float64), L.ones(3, 2, dtype=L.float32), upper=True),
}


def _flat(r):
    if isinstance(r, (tuple, list)):
        return [x for item in r for x in _flat(item)]
    return [r]


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_special_inputs_give_torchs_values(name):
    """Singular and degenerate inputs: torch's info, inf and nan, ranks and empty results."""
    tr, ar = SPECIAL[name](torch), SPECIAL[name](ac)
    assert type(ar).__name__ == type(tr).__name__
    for t, a in zip(_flat(tr), _flat(ar), strict=True):
        assert tuple(a.shape) == tuple(t.shape) and str(a.dtype) == str(t.dtype)
        np.testing.assert_allclose(to_np(a), to_np(t), rtol=1e-10, atol=1e-10, equal_nan=True)


# ----------------------------------------------------------------------------- bad inputs
def _t(L, *shape, dtype="float64"):
    return L.ones(*shape, dtype=getattr(L, dtype)) if shape else L.tensor(1.0)


def _piv(L, n, dtype="int32"):
    return L.arange(1, n + 1, dtype=getattr(L, dtype))


BAD = {
    **{f"{name}-not-a-tensor": (lambda L, name=name: getattr(L.linalg, name)([1.0]))
       for name in ("eigh", "eigvalsh", "svd", "svdvals", "qr", "inv_ex", "cholesky_ex",
                    "matrix_rank", "cond", "vander", "lu_factor", "lu_factor_ex", "lu")},
    "lstsq-b-not-a-tensor": lambda L: L.linalg.lstsq(_t(L, 3, 3), [1.0]),
    "solve_ex-B-not-a-tensor": lambda L: L.linalg.solve_ex(_t(L, 3, 3), [1.0]),
    "solve_triangular-not-a-tensor": lambda L: L.linalg.solve_triangular([1.0], _t(L, 3, 3),
                                                                         upper=True),
    "lu_solve-pivots-not-a-tensor": lambda L: L.linalg.lu_solve(_t(L, 3, 3), [1], _t(L, 3, 3)),
    "torch.svd-not-a-tensor": lambda L: L.svd([1.0]),
    "torch.qr-some": lambda L: L.qr(_t(L, 3, 3), "x"),
    "torch.triangular_solve-upper": lambda L: L.triangular_solve(_t(L, 3, 3), _t(L, 3, 3), "x"),
    "torch.lu_unpack-missing": lambda L: L.lu_unpack(_t(L, 3, 3)),
    "eigh-int": lambda L: L.linalg.eigh(_t(L, 3, 3, dtype="int64")),
    "eigh-half": lambda L: L.linalg.eigh(_t(L, 3, 3, dtype="float16")),
    "eigh-1d": lambda L: L.linalg.eigh(_t(L, 3)),
    "eigh-1d-int": lambda L: L.linalg.eigh(_t(L, 3, dtype="int64")),
    "eigh-not-square": lambda L: L.linalg.eigh(_t(L, 3, 4)),
    "eigh-UPLO": lambda L: L.linalg.eigh(_t(L, 3, 3), UPLO="X"),
    "eigh-UPLO-long": lambda L: L.linalg.eigh(_t(L, 3, 3), UPLO="LU"),
    "eigh-UPLO-int": lambda L: L.linalg.eigh(_t(L, 3, 3), UPLO=1),
    "eigh-UPLO-int-matrix": lambda L: L.linalg.eigh(_t(L, 3, 3, dtype="int64"), UPLO="X"),
    "eigh-nan": lambda L: L.linalg.eigh(L.full((3, 3), float("nan"), dtype=L.float64)),
    "eigh-nan-batch": lambda L: L.linalg.eigh(L.stack(
        [L.eye(4, dtype=L.float64), L.full((4, 4), float("nan"), dtype=L.float64)])),
    "eigvalsh-int": lambda L: L.linalg.eigvalsh(_t(L, 3, 3, dtype="int64")),
    "eigvalsh-not-square": lambda L: L.linalg.eigvalsh(_t(L, 3, 4)),
    "eigvalsh-UPLO": lambda L: L.linalg.eigvalsh(_t(L, 3, 3), UPLO="x"),
    "svd-int": lambda L: L.linalg.svd(_t(L, 3, 3, dtype="int64")),
    "svd-half": lambda L: L.linalg.svd(_t(L, 3, 3, dtype="float16")),
    "svd-1d": lambda L: L.linalg.svd(_t(L, 3)),
    "svd-driver": lambda L: L.linalg.svd(_t(L, 3, 3), driver="gesvd"),
    "svd-driver-int": lambda L: L.linalg.svd(_t(L, 3, 3, dtype="int64"), driver="gesvd"),
    "svd-nan": lambda L: L.linalg.svd(L.full((3, 3), float("nan"), dtype=L.float64)),
    "svdvals-int": lambda L: L.linalg.svdvals(_t(L, 3, 3, dtype="int64")),
    "svdvals-driver": lambda L: L.linalg.svdvals(_t(L, 3, 3), driver="gesvd"),
    "torch.svd-1d": lambda L: L.svd(_t(L, 3)),
    "torch.svd-int": lambda L: L.svd(_t(L, 3, 3, dtype="int64")),
    "qr-int": lambda L: L.linalg.qr(_t(L, 3, 3, dtype="int64")),
    "qr-half": lambda L: L.linalg.qr(_t(L, 3, 3, dtype="float16")),
    "qr-1d": lambda L: L.linalg.qr(_t(L, 3)),
    "qr-mode": lambda L: L.linalg.qr(_t(L, 3, 3), mode="foo"),
    "qr-mode-int-matrix": lambda L: L.linalg.qr(_t(L, 3, 3, dtype="int64"), mode="foo"),
    "torch.qr-int": lambda L: L.qr(_t(L, 3, 3, dtype="int64")),
    "lstsq-int": lambda L: L.linalg.lstsq(_t(L, 3, 3, dtype="int64"), _t(L, 3, 2, dtype="int64")),
    "lstsq-int-shape": lambda L: L.linalg.lstsq(_t(L, 3, 3, dtype="int64"),
                                                _t(L, 4, 2, dtype="int64")),
    "lstsq-1d": lambda L: L.linalg.lstsq(_t(L, 3), _t(L, 3)),
    "lstsq-0d-b": lambda L: L.linalg.lstsq(_t(L, 3, 3), L.tensor(1.0, dtype=L.float64)),
    "lstsq-dtypes": lambda L: L.linalg.lstsq(_t(L, 3, 3), _t(L, 3, 2, dtype="float32")),
    "lstsq-driver": lambda L: L.linalg.lstsq(_t(L, 3, 3), _t(L, 3, 2), driver="foo"),
    "lstsq-shape": lambda L: L.linalg.lstsq(_t(L, 3, 3), _t(L, 4, 2)),
    "lstsq-vector-shape": lambda L: L.linalg.lstsq(_t(L, 3, 3), _t(L, 4)),
    "lstsq-dims": lambda L: L.linalg.lstsq(_t(L, 3, 3), _t(L, 1, 1, 3, 2)),
    "lstsq-batch": lambda L: L.linalg.lstsq(_t(L, 2, 3, 3), _t(L, 3, 3, 2)),
    "lstsq-half": lambda L: L.linalg.lstsq(_t(L, 3, 3, dtype="float16"),
                                           _t(L, 3, 2, dtype="float16")),
    "inv_ex-int": lambda L: L.linalg.inv_ex(_t(L, 3, 3, dtype="int64")),
    "inv_ex-half": lambda L: L.linalg.inv_ex(_t(L, 3, 3, dtype="float16")),
    "inv_ex-1d": lambda L: L.linalg.inv_ex(_t(L, 3)),
    "inv_ex-not-square": lambda L: L.linalg.inv_ex(_t(L, 3, 4)),
    "inv_ex-singular-check": lambda L: L.linalg.inv_ex(_zeros(L, 3, 3), check_errors=True),
    "inv_ex-singular-batch-check": lambda L: L.linalg.inv_ex(
        L.stack([L.eye(3, dtype=L.float64), _zeros(L, 3, 3)]), check_errors=True),
    "cholesky_ex-int": lambda L: L.linalg.cholesky_ex(_t(L, 3, 3, dtype="int64")),
    "cholesky_ex-half": lambda L: L.linalg.cholesky_ex(_t(L, 3, 3, dtype="float16")),
    "cholesky_ex-1d": lambda L: L.linalg.cholesky_ex(_t(L, 3)),
    "cholesky_ex-not-square": lambda L: L.linalg.cholesky_ex(_t(L, 3, 4)),
    "cholesky_ex-check": lambda L: L.linalg.cholesky_ex(-L.eye(3, dtype=L.float64),
                                                        check_errors=True),
    "cholesky_ex-check-batch": lambda L: L.linalg.cholesky_ex(
        L.stack([L.eye(3, dtype=L.float64), -L.eye(3, dtype=L.float64)]), check_errors=True),
    "solve_ex-singular-check": lambda L: L.linalg.solve_ex(_zeros(L, 3, 3), _t(L, 3, 2),
                                                           check_errors=True),
    "solve_ex-singular-batch-check": lambda L: L.linalg.solve_ex(
        L.stack([L.eye(3, dtype=L.float64), _zeros(L, 3, 3)]), _t(L, 3, 2), check_errors=True),
    "solve_ex-dtypes": lambda L: L.linalg.solve_ex(_t(L, 3, 3), _t(L, 3, 2, dtype="float32")),
    "solve_ex-int": lambda L: L.linalg.solve_ex(_t(L, 3, 3, dtype="int64"),
                                                _t(L, 3, 2, dtype="int64")),
    "solve_ex-shape": lambda L: L.linalg.solve_ex(_t(L, 3, 3), _t(L, 4, 2)),
    "solve_triangular-int": lambda L: L.linalg.solve_triangular(
        _t(L, 3, 3, dtype="int64"), _t(L, 3, 2, dtype="int64"), upper=True),
    "solve_triangular-half": lambda L: L.linalg.solve_triangular(
        _t(L, 3, 3, dtype="float16"), _t(L, 3, 2, dtype="float16"), upper=True),
    "solve_triangular-B-1d": lambda L: L.linalg.solve_triangular(_t(L, 3, 3), _t(L, 3),
                                                                 upper=True),
    "solve_triangular-A-1d": lambda L: L.linalg.solve_triangular(_t(L, 3), _t(L, 3, 2),
                                                                 upper=True),
    "solve_triangular-not-square": lambda L: L.linalg.solve_triangular(_t(L, 3, 4), _t(L, 3, 2),
                                                                       upper=True),
    "solve_triangular-shape": lambda L: L.linalg.solve_triangular(_t(L, 3, 3), _t(L, 4, 2),
                                                                  upper=True),
    "solve_triangular-shape-right": lambda L: L.linalg.solve_triangular(
        _t(L, 3, 3), _t(L, 3, 2), upper=True, left=False),
    "solve_triangular-no-upper": lambda L: L.linalg.solve_triangular(_t(L, 3, 3), _t(L, 3, 2)),
    "solve_triangular-batch": lambda L: L.linalg.solve_triangular(_t(L, 2, 3, 3),
                                                                  _t(L, 3, 3, 2), upper=True),
    "triangular_solve-int": lambda L: L.triangular_solve(_t(L, 3, 2, dtype="int64"),
                                                         _t(L, 3, 3, dtype="int64")),
    "triangular_solve-b-1d": lambda L: L.triangular_solve(_t(L, 3), _t(L, 3, 3)),
    "triangular_solve-A-1d": lambda L: L.triangular_solve(_t(L, 3, 2), _t(L, 3)),
    "triangular_solve-dtypes": lambda L: L.triangular_solve(_t(L, 3, 2, dtype="float32"),
                                                            _t(L, 3, 3)),
    "triangular_solve-shape": lambda L: L.triangular_solve(_t(L, 4, 2), _t(L, 3, 3)),
    "triangular_solve-not-square": lambda L: L.triangular_solve(_t(L, 3, 2), _t(L, 3, 4)),
    "triangular_solve-batch": lambda L: L.triangular_solve(_t(L, 3, 3, 2), _t(L, 2, 3, 3)),
    "matrix_rank-int": lambda L: L.linalg.matrix_rank(_t(L, 3, 3, dtype="int64")),
    "matrix_rank-1d": lambda L: L.linalg.matrix_rank(_t(L, 3)),
    "matrix_rank-1d-int": lambda L: L.linalg.matrix_rank(_t(L, 3, dtype="int64")),
    "matrix_rank-hermitian-not-square": lambda L: L.linalg.matrix_rank(_t(L, 3, 4),
                                                                       hermitian=True),
    "cond-int": lambda L: L.linalg.cond(_t(L, 3, 3, dtype="int64")),
    "cond-int-fro": lambda L: L.linalg.cond(_t(L, 3, 3, dtype="int64"), "fro"),
    "cond-1d": lambda L: L.linalg.cond(_t(L, 3)),
    "cond-p": lambda L: L.linalg.cond(_t(L, 3, 3), 3),
    "cond-p-float": lambda L: L.linalg.cond(_t(L, 3, 3), 2.5),
    "cond-p-float-3": lambda L: L.linalg.cond(_t(L, 3, 3), 3.0),
    "cond-p-1e20": lambda L: L.linalg.cond(_t(L, 3, 3), 1e20),
    "cond-not-square--1.0": lambda L: L.linalg.cond(_t(L, 3, 4), -1.0),
    "cond-not-square--inf": lambda L: L.linalg.cond(_t(L, 3, 4), -float("inf")),
    "cond-not-square-True": lambda L: L.linalg.cond(_t(L, 3, 4), True),
    "inv_ex-bfloat16": lambda L: L.linalg.inv_ex(_t(L, 3, 3, dtype="bfloat16")),
    "solve_ex-half": lambda L: L.linalg.solve_ex(_t(L, 3, 3, dtype="float16"),
                                                 _t(L, 3, 2, dtype="float16")),
    "cond-p-str": lambda L: L.linalg.cond(_t(L, 3, 3), "foo"),
    "cond-not-square-fro": lambda L: L.linalg.cond(_t(L, 3, 4), "fro"),
    "cond-not-square-nuc": lambda L: L.linalg.cond(_t(L, 3, 4), "nuc"),
    "cond-not-square-inf": lambda L: L.linalg.cond(_t(L, 3, 4), float("inf")),
    "cond-not-square-1.0": lambda L: L.linalg.cond(_t(L, 3, 4), 1.0),
    "cond-half": lambda L: L.linalg.cond(_t(L, 3, 3, dtype="float16")),
    "vander-bool": lambda L: L.linalg.vander(L.tensor([True, False])),
    "vander-half": lambda L: L.linalg.vander(_t(L, 3, dtype="float16")),
    "vander-one": lambda L: L.linalg.vander(_t(L, 1)),
    "vander-N": lambda L: L.linalg.vander(_t(L, 3), N=1),
    "lu_factor-int": lambda L: L.linalg.lu_factor(_t(L, 3, 3, dtype="int64")),
    "lu_factor-half": lambda L: L.linalg.lu_factor(_t(L, 3, 3, dtype="float16")),
    "lu_factor-1d": lambda L: L.linalg.lu_factor(_t(L, 3)),
    "lu_factor-1d-int": lambda L: L.linalg.lu_factor(_t(L, 3, dtype="int64")),
    "lu_factor-no-pivot": lambda L: L.linalg.lu_factor(_t(L, 3, 3), pivot=False),
    "lu_factor-singular": lambda L: L.linalg.lu_factor(_zeros(L, 3, 3)),
    "lu_factor-singular-batch": lambda L: L.linalg.lu_factor(
        L.stack([L.eye(3, dtype=L.float64), _zeros(L, 3, 3)])),
    "lu_factor_ex-1d": lambda L: L.linalg.lu_factor_ex(_t(L, 3)),
    "lu_factor_ex-check": lambda L: L.linalg.lu_factor_ex(_zeros(L, 3, 3), check_errors=True),
    "lu-int": lambda L: L.linalg.lu(_t(L, 3, 3, dtype="int64")),
    "lu-1d": lambda L: L.linalg.lu(_t(L, 3)),
    "lu-no-pivot": lambda L: L.linalg.lu(_t(L, 3, 3), pivot=False),
    "lu_solve-int": lambda L: L.linalg.lu_solve(_t(L, 3, 3, dtype="int64"), _piv(L, 3),
                                                _t(L, 3, 2, dtype="int64")),
    "lu_solve-pivots-dtype": lambda L: L.linalg.lu_solve(_t(L, 3, 3), _piv(L, 3, "int64"),
                                                         _t(L, 3, 2)),
    "lu_solve-dtypes": lambda L: L.linalg.lu_solve(_t(L, 3, 3), _piv(L, 3),
                                                   _t(L, 3, 2, dtype="float32")),
    "lu_solve-not-square": lambda L: L.linalg.lu_solve(_t(L, 3, 4), _piv(L, 3), _t(L, 3, 2)),
    "lu_solve-LU-1d": lambda L: L.linalg.lu_solve(_t(L, 3), _piv(L, 3), _t(L, 3, 2)),
    "lu_solve-B-1d": lambda L: L.linalg.lu_solve(_t(L, 3, 3), _piv(L, 3), _t(L, 3)),
    "lu_solve-shape": lambda L: L.linalg.lu_solve(_t(L, 3, 3), _piv(L, 3), _t(L, 4, 2)),
    "lu_solve-shape-right": lambda L: L.linalg.lu_solve(_t(L, 3, 3), _piv(L, 3), _t(L, 3, 2),
                                                        left=False),
    "lu_solve-pivots": lambda L: L.linalg.lu_solve(_t(L, 3, 3), _piv(L, 2), _t(L, 3, 2)),
    "lu_solve-pivots-batch": lambda L: L.linalg.lu_solve(_t(L, 2, 3, 3), _piv(L, 3),
                                                         _t(L, 3, 2)),
    "lu_solve-batch": lambda L: L.linalg.lu_solve(
        _t(L, 2, 3, 3), L.stack([_piv(L, 3)] * 2), _t(L, 3, 3, 2)),
    "lu_unpack-1d": lambda L: L.lu_unpack(_t(L, 3), _piv(L, 3)),
    "lu_unpack-pivots": lambda L: L.lu_unpack(_t(L, 3, 3), _piv(L, 3, "int64")),
}


def _error(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            call()
        except Exception as e:  # noqa: BLE001  (its type is the point)
            return type(e).__name__, str(e)
    return None


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_inputs_raise_torchs_errors(name):
    want = _error(lambda: BAD[name](torch))
    assert want is not None, "torch raises here"
    assert _error(lambda: BAD[name](ac)) == want


BACKWARD_ERRORS = {
    "qr-r": lambda L, A: L.linalg.qr(A, mode="r").R.sum(),
    "qr-r-Q": lambda L, A: L.linalg.qr(A, mode="r").Q.sum(),
    "qr-complete-tall": lambda L, A: L.linalg.qr(A, mode="complete").R.sum(),
    "torch.qr-some=False-tall": lambda L, A: L.qr(A, some=False).Q.sum(),
}


@pytest.mark.parametrize("name", sorted(BACKWARD_ERRORS))
def test_backward_refusals_are_torchs(name):
    """The QR decompositions torch does not differentiate: its message at backward."""
    (ti,), (ai,) = pair([make("gen", (5, 3), 0)], "float64")
    want = _error(lambda: BACKWARD_ERRORS[name](torch, ti).backward())
    assert want is not None
    assert _error(lambda: BACKWARD_ERRORS[name](ac, ai).backward()) == want


@pytest.mark.parametrize("call", [
    "torch.qr(A)", "torch.triangular_solve(B, A)", "torch.lu(A)",
    "torch.lu_solve(B, *torch.linalg.lu_factor(A))",
])
def test_deprecation_warnings_are_torchs_and_given_once(call):
    """Each deprecated form warns once per process, with torch's text (less its C++ source
    line), on the user's line."""
    code = (
        "import warnings, sys\n"
        f"import {{lib}} as torch\n"
        "A = torch.eye(3, dtype=torch.float64); B = torch.ones(3, 2, dtype=torch.float64)\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        f"    {call}; {call}\n"
        "print(repr([(x.category.__name__, str(x.message).split(' (Triggered internally')[0],"
        " x.filename) for x in w]))\n"
    )
    outs = [subprocess.run([sys.executable, "-c", code.format(lib=lib)], capture_output=True,
                           text=True, check=True).stdout for lib in ("torch", "autograd_core")]
    want, got = (eval(o) for o in outs)  # noqa: S307  (our own repr)
    assert len(want) == 1 and [w[:2] for w in got] == [w[:2] for w in want]
    assert got[0][2] == "<string>"


def test_multi_output_nodes_are_one_node_with_torchs_output_numbers():
    A = ac.tensor(make("sym", (3, 3), 0), requires_grad=True)
    T = torch.tensor(make("sym", (3, 3), 0), requires_grad=True)
    for lib, X in ((torch, T), (ac, A)):
        w, v = lib.linalg.eigh(X)
        assert w.grad_fn is v.grad_fn
        u, s, vh = lib.linalg.svd(X)
        assert u.grad_fn is s.grad_fn is vh.grad_fn
        assert lib.linalg.svdvals(X).output_nr == 1 if lib is torch else \
            lib.linalg.svdvals(X)._output_nr == 1


def test_second_derivatives_are_torchs():
    """Hessian-vector products through eigh, svd, qr, lstsq and the LU solvers equal torch's."""
    calls = [
        lambda L, A: (L.linalg.eigh(A).eigenvectors ** 2).sum() * L.linalg.eigvalsh(A).sum(),
        lambda L, A: L.linalg.svdvals(A).pow(3).sum() + (L.linalg.svd(A)[0] ** 2)[:, 0].sum(),
        lambda L, A: (L.linalg.qr(A).Q * A).sum() + L.linalg.qr(A).R.pow(2).sum(),
        lambda L, A: L.linalg.lstsq(A, A.sum(0, keepdim=True).mT.exp()).solution.pow(2).sum(),
        lambda L, A: L.linalg.lu_solve(*L.linalg.lu_factor(A), A.exp()).pow(2).sum(),
        lambda L, A: L.linalg.solve_triangular(A.triu() + 3 * L.eye(3, dtype=A.dtype), A,
                                               upper=True).pow(2).sum(),
    ]
    arr = make("wellcond", (3, 3), 3)
    for call in calls:
        results = []
        for lib in (torch, ac):
            A = lib.tensor(arr + arr.T if call is calls[0] else arr, requires_grad=True)
            (g,) = lib.autograd.grad(call(lib, A), A, create_graph=True)
            (h,) = lib.autograd.grad((g * lib.tensor(weights(g))).sum(), A)
            results.append(to_np(h))
        np.testing.assert_allclose(results[1], results[0], rtol=1e-8, atol=1e-8)


@pytest.mark.parametrize("call", [
    lambda L, A: (lambda w, v: (v.mul_(2), w.sum() + v.sum())[1])(*L.linalg.eigh(A)),
    lambda L, A: (lambda u, s, vh: (s.add_(1), u.sum())[1])(*L.linalg.svd(A)),
    lambda L, A: (lambda q, r: (r.mul_(2), q.sum())[1])(*L.linalg.qr(A)),
])
def test_an_output_changed_in_place_is_refused_as_torch_refuses_it(call):
    """The outputs a decomposition's node saves are checked at backward: torch's message names
    the output and the node."""
    arr = make("sym", (3, 3), 0)
    want = _error(lambda: call(torch, torch.tensor(arr, requires_grad=True)).backward())
    assert want is not None
    assert _error(lambda: call(ac, ac.tensor(arr, requires_grad=True)).backward()) == want
