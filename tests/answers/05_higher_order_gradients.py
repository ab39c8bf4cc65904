"""Wrong answers for 05_higher_order_gradients: each must lose points and fail a visible case
whose message names the mistake (see grading/answers.py)."""

_NTH = '''def nth_derivative(f, x, n):
    d = f(x)
    for _ in range(n):
        if not d.requires_grad:
            return torch.zeros_like(x)
        (d,) = torch.autograd.grad(d.sum(), x, create_graph=True, allow_unused=True)
        if d is None:
            return torch.zeros_like(x)
    return d
'''

_HVP = '''def hvp(f, x, v):
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    if not g.requires_grad:
        return torch.zeros_like(x)
    (hv,) = torch.autograd.grad(g, x, grad_outputs=v, create_graph=True, allow_unused=True)
    return torch.zeros_like(x) if hv is None else hv
'''

_HESS = '''def hessian_from_hvps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    n = x.numel()
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    if not g.requires_grad:
        return torch.zeros(n, n, dtype=x.dtype)
    eye = torch.eye(n, dtype=x.dtype)
    cols = []
    for i in range(n):
        (c,) = torch.autograd.grad(g, x, eye[i], retain_graph=True, allow_unused=True)
        cols.append(torch.zeros_like(x) if c is None else c)
    return torch.stack(cols, dim=1).detach()
'''

_CG = '''def newton_cg_step(f, x, iters=None, tol=1e-12):
    x = x.detach().clone()
    x.requires_grad = True
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    b = g.detach()
    iters = x.numel() if iters is None else iters
    d = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rr = (r * r).sum()
    for _ in range(iters):
        if rr.item() ** 0.5 <= tol:
            break
        (Hp,) = torch.autograd.grad(g, x, p, retain_graph=True)
        alpha = rr / (p * Hp).sum()
        d = d + alpha * p
        r = r - alpha * Hp
        rr_new = (r * r).sum()
        p = r + (rr_new / rr) * p
        rr = rr_new
    return (x - d).detach()
'''


def _sub(src, old, new, count=1):
    assert src.count(old) >= 1, old
    return src.replace(old, new, count)


WRONG = {
    "nth_derivative": [
        ("no create_graph: the next call has no graph to differentiate", "create_graph=True on every",
         _sub(_NTH, "create_graph=True, ", "")),
        ("create_graph only on all but the last call: the result is not differentiable", "must carry a graph",
         '''def nth_derivative(f, x, n):
    d = f(x)
    for k in range(n):
        if not d.requires_grad:
            return torch.zeros_like(x)
        (d,) = torch.autograd.grad(d.sum(), x, create_graph=k < n - 1, allow_unused=True)
        if d is None:
            return torch.zeros_like(x)
    return d
'''),
        ("detaches the result", "no detach", _sub(_NTH, "    return d\n", "    return d.detach()\n")),
        ("no check for a constant derivative", "constant without a graph",
         '''def nth_derivative(f, x, n):
    d = f(x)
    for _ in range(n):
        (d,) = torch.autograd.grad(d.sum(), x, create_graph=True)
    return d
'''),
        ("a scalar 0 instead of zeros of x's shape", "torch.zeros_like(x)), not a single 0",
         _sub(_NTH, "            return torch.zeros_like(x)\n        (d,)", "            return torch.tensor(0.0, dtype=x.dtype)\n        (d,)")),
        ("n = 0 returns the first derivative (off by one)", "f(x) itself",
         '''def nth_derivative(f, x, n):
    (d,) = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    for _ in range(n - 1):
        if not d.requires_grad:
            return torch.zeros_like(x)
        (d,) = torch.autograd.grad(d.sum(), x, create_graph=True, allow_unused=True)
        if d is None:
            return torch.zeros_like(x)
    return d
'''),
        ("works on a fresh copy of x: the result does not depend on the caller's x", "use x as it is",
         _sub(_NTH, "    d = f(x)\n", "    x = x.detach().clone().requires_grad_(True)\n    d = f(x)\n")),
        ("differentiates the vector d instead of d.sum()", "differentiate a scalar",
         _sub(_NTH, "d.sum(), x", "d, x")),
        ("f on a detached copy, the caller's x differentiated with allow_unused=True and None turned into 0",
         "the None of allow_unused=True", '''def nth_derivative(f, x, n):
    d = f(x.detach().clone().requires_grad_(True))
    for _ in range(n):
        if not d.requires_grad:
            return torch.zeros_like(x)
        (d,) = torch.autograd.grad(d.sum(), x, create_graph=True, allow_unused=True)
        if d is None:
            return torch.zeros_like(x)
    return d
'''),
        ("f on a detached copy, differentiated with respect to the caller's x (an engine error)",
         "computed from a copy of x", _sub(_NTH, "    d = f(x)\n", "    d = f(x.detach().clone().requires_grad_(True))\n")
         .replace("create_graph=True, allow_unused=True", "create_graph=True")),
        ("n = 0 returns x instead of f(x)", "f(x) itself", _sub(_NTH, "    d = f(x)\n", "    if n == 0:\n        return x\n    d = f(x)\n")),
    ],
    "hvp": [
        ("no create_graph on the first call", "create_graph=True",
         '''def hvp(f, x, v):
    (g,) = torch.autograd.grad(f(x), x)
    (hv,) = torch.autograd.grad(g, x, grad_outputs=v, create_graph=True)
    return hv
'''),
        ("no create_graph on the second call: the result is not differentiable", "create_graph=True on both calls",
         _sub(_HVP, "grad_outputs=v, create_graph=True, ", "grad_outputs=v, ")),
        ("detaches the result", "no detach", _sub(_HVP, "else hv\n", "else hv.detach()\n")),
        ("uses autograd.functional.hvp", "autograd.functional",
         '''def hvp(f, x, v):
    return torch.autograd.functional.hvp(f, x, v, create_graph=True)[1]
'''),
        ("no check for a linear f", "f is linear",
         '''def hvp(f, x, v):
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    (hv,) = torch.autograd.grad(g, x, grad_outputs=v, create_graph=True)
    return hv
'''),
        ("ones as grad_outputs instead of v (H 1, not H v)", "grad_outputs=v",
         _sub(_HVP, "grad_outputs=v,", "grad_outputs=torch.ones_like(x),")),
        ("detaches v: the result does not depend on v", "with respect to v",
         _sub(_HVP, "grad_outputs=v,", "grad_outputs=v.detach(),")),
        ("works on a fresh copy of x", "with respect to the caller's x",
         _sub(_HVP, "    (g,) = torch.autograd.grad(f(x), x, create_graph=True)\n",
              "    x = x.detach().clone().requires_grad_(True)\n    (g,) = torch.autograd.grad(f(x), x, create_graph=True)\n")),
    ],
    "hessian_from_hvps": [
        ("not detached: create_graph on the columns and no detach", "detached",
         _sub(_sub(_HESS, "retain_graph=True, allow_unused", "retain_graph=True, create_graph=True, allow_unused"),
              "dim=1).detach()", "dim=1)")),
        ("sets requires_grad on the caller's x instead of a copy", "fresh leaf copy",
         _sub(_HESS, "    x = x.detach().clone()\n    x.requires_grad = True\n", "    x.requires_grad_(True)\n")),
        ("no retain_graph: the second column reuses a freed graph", "retain_graph=True",
         _sub(_HESS, "retain_graph=True, ", "")),
        ("rebuilds the gradient graph for every column", "build the gradient graph once",
         '''def hessian_from_hvps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    n = x.numel()
    eye = torch.eye(n, dtype=x.dtype)
    cols = []
    for i in range(n):
        (g,) = torch.autograd.grad(f(x), x, create_graph=True)
        if not g.requires_grad:
            return torch.zeros(n, n, dtype=x.dtype)
        (c,) = torch.autograd.grad(g, x, eye[i], allow_unused=True)
        cols.append(torch.zeros_like(x) if c is None else c)
    return torch.stack(cols, dim=1).detach()
'''),
        ("no check for a linear f", "zero matrix",
         _sub(_HESS, "    if not g.requires_grad:\n        return torch.zeros(n, n, dtype=x.dtype)\n", "")),
        ("a zero vector instead of an (n, n) matrix for a linear f", "zero matrix",
         _sub(_HESS, "return torch.zeros(n, n, dtype=x.dtype)", "return torch.zeros(n, dtype=x.dtype)")),
        ("uses autograd.functional.hessian", "autograd.functional",
         '''def hessian_from_hvps(f, x):
    return torch.autograd.functional.hessian(f, x.detach())
'''),
        ("no create_graph on the gradient: every column is zero", "create_graph=True",
         _sub(_HESS, "(g,) = torch.autograd.grad(f(x), x, create_graph=True)", "(g,) = torch.autograd.grad(f(x), x)")),
    ],
    "newton_cg_step": [
        ("solves the system with numpy.linalg", "linalg",
         '''def newton_cg_step(f, x, iters=None, tol=1e-12):
    x = x.detach().clone()
    x.requires_grad = True
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    n = x.numel()
    H = torch.stack([torch.autograd.grad(g, x, torch.eye(n, dtype=x.dtype)[i], retain_graph=True)[0] for i in range(n)])
    return (x - torch.from_numpy(np.linalg.solve(H.detach().numpy(), g.detach().numpy()))).detach()
'''),
        ("returns x + d (wrong sign)", "x + d", _sub(_CG, "(x - d).detach()", "(x + d).detach()")),
        ("ignores iters: always runs n iterations", "maximum number of CG iterations",
         _sub(_CG, "    for _ in range(iters):", "    for _ in range(x.numel()):")),
        ("no retain_graph on the Hp calls", "retain_graph=True", _sub(_CG, "p, retain_graph=True)", "p)")),
        ("rebuilds the gradient graph at every iteration", "build the gradient graph once",
         _sub(_CG, "        (Hp,) = torch.autograd.grad(g, x, p, retain_graph=True)\n",
              "        (gg,) = torch.autograd.grad(f(x), x, create_graph=True)\n        (Hp,) = torch.autograd.grad(gg, x, p)\n")),
        ("not detached", "return (x - d).detach()", _sub(_CG, "(x - d).detach()", "x - d")),
        ("no stopping rule: nan at a minimum", "stopping rule",
         _sub(_CG, "        if rr.item() ** 0.5 <= tol:\n            break\n", "")),
        ("the update of p uses the old residual ratio the wrong way round", "recurrence",
         _sub(_CG, "(rr_new / rr) * p", "(rr / rr_new) * p")),
        ("sets requires_grad on the caller's x", "fresh leaf copy",
         _sub(_CG, "    x = x.detach().clone()\n    x.requires_grad = True\n", "    x.requires_grad_(True)\n")),
    ],
}


# Correct answers written differently from the reference: each must get full marks and pass every
# visible case (see grading/answers.py).
RIGHT = {
    "nth_derivative": [
        ("recursion on n, grad_outputs=ones_like instead of .sum()", '''def nth_derivative(f, x, n):
    if n == 0:
        return f(x)
    prev = nth_derivative(f, x, n - 1)
    if not prev.requires_grad:
        return torch.zeros_like(x)
    (d,) = torch.autograd.grad(prev, x, grad_outputs=torch.ones_like(prev), create_graph=True)
    return d
'''),
        ("a list of every derivative, indexing [0] of the grad tuple", '''def nth_derivative(f, x, n):
    derivs = [f(x)]
    for k in range(n):
        last = derivs[-1]
        if not last.requires_grad:
            return torch.zeros(x.shape, dtype=x.dtype)
        derivs.append(torch.autograd.grad([last.sum()], [x], create_graph=True)[0])
    return derivs[n]
'''),
        ("while loop, try/except around grad for the constant case", '''def nth_derivative(f, x, n):
    out = f(x)
    k = 0
    while k < n:
        try:
            out = torch.autograd.grad(out.sum(), x, create_graph=True)[0]
        except RuntimeError:          # a constant without a graph: every higher derivative is 0
            return torch.zeros_like(x)
        k += 1
    return out
'''),
        ("a helper that takes one derivative and returns None for a constant", '''def _derivative(y, x):
    if y.grad_fn is None and not y.requires_grad:
        return None
    (dy,) = torch.autograd.grad(y.sum(), (x,), create_graph=True, allow_unused=True)
    return dy


def nth_derivative(f, x, n):
    y = f(x)
    for _ in range(n):
        y = _derivative(y, x)
        if y is None:
            return torch.zeros_like(x)
    return y
'''),
    ],
    "hvp": [
        ("keyword arguments, tuple inputs, [0] indexing, grad_fn test", '''def hvp(f, x, v):
    y = f(x)
    grad = torch.autograd.grad(outputs=y, inputs=(x,), create_graph=True)[0]
    if grad.grad_fn is None:
        return torch.zeros(x.shape, dtype=x.dtype)
    return torch.autograd.grad(outputs=grad, inputs=(x,), grad_outputs=v, create_graph=True)[0]
'''),
        ("try/except RuntimeError for the linear case", '''def hvp(f, x, v):
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    try:
        (Hv,) = torch.autograd.grad(g, x, grad_outputs=v, create_graph=True)
    except RuntimeError:              # g has no graph: f is linear, H = 0
        Hv = torch.zeros_like(x)
    return Hv
'''),
        ("a helper for the gradient, explicit ones as the first grad_outputs", '''def _grad_graph(f, x):
    y = f(x)
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def hvp(f, x, v):
    g = _grad_graph(f, x)
    if g.requires_grad:
        hv = torch.autograd.grad(g, x, v, create_graph=True, allow_unused=True)[0]
        if hv is not None:
            return hv
    return 0 * x.detach()
'''),
    ],
    "hessian_from_hvps": [
        ("rows as VJPs stacked along dim 0 (H is symmetric)", '''def hessian_from_hvps(f, x):
    xx = x.detach().clone().requires_grad_(True)
    n = xx.numel()
    (g,) = torch.autograd.grad(f(xx), xx, create_graph=True)
    if not g.requires_grad:
        return torch.zeros((n, n), dtype=xx.dtype)
    rows = []
    for i in range(n):
        e = torch.zeros_like(xx)
        e[i] = 1.0
        rows.append(torch.autograd.grad(g, xx, grad_outputs=e, retain_graph=True)[0])
    return torch.stack(rows).detach()
'''),
        ("differentiates g[i] and writes into a preallocated matrix", '''def hessian_from_hvps(f, x):
    x = x.detach().clone()
    x.requires_grad_()
    n = x.shape[0]
    H = torch.zeros(n, n, dtype=x.dtype)
    grad = torch.autograd.grad(f(x), x, create_graph=True)[0]
    if grad.grad_fn is None:
        return H
    for i in range(n):
        (row,) = torch.autograd.grad(grad[i], x, retain_graph=True, allow_unused=True)
        if row is not None:
            H[i, :] = row.detach()
    return H
'''),
        ("list comprehension of columns, then a transpose of the stacked rows", '''def hessian_from_hvps(f, x):
    x0 = torch.tensor(x.detach().numpy().copy(), dtype=x.dtype, requires_grad=True)
    g = torch.autograd.grad(f(x0), x0, create_graph=True)[0]
    n = len(x0)
    if not g.requires_grad:
        return torch.zeros(n, n, dtype=x0.dtype)
    I = torch.eye(n, dtype=x0.dtype)
    cols = [torch.autograd.grad(g, x0, I[:, j], retain_graph=True)[0].detach() for j in range(n)]
    return torch.stack(cols, dim=0).T.detach()
'''),
    ],
    "newton_cg_step": [
        ("torch.dot / @ inner products, r.norm() for the stopping rule, in-place updates", '''def newton_cg_step(f, x, iters=None, tol=1e-12):
    x = x.detach().clone().requires_grad_(True)
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    if iters is None:
        iters = x.numel()
    r = g.detach().clone()
    p = r.clone()
    d = torch.zeros_like(r)
    rs = torch.dot(r, r)
    for k in range(iters):
        if r.norm() <= tol:
            break
        Hp = torch.autograd.grad(g, x, grad_outputs=p, retain_graph=True)[0]
        alpha = rs / (p @ Hp)
        d += alpha * p
        r -= alpha * Hp
        rs_next = r @ r
        p = r + (rs_next / rs) * p
        rs = rs_next
    with torch.no_grad():
        return x - d
'''),
        ("Python floats for the scalars, a while loop, a squared tolerance", '''def newton_cg_step(f, x, iters=None, tol=1e-12):
    w = x.detach().clone()
    w.requires_grad = True
    grad = torch.autograd.grad(f(w), w, create_graph=True)[0]
    max_iter = w.numel() if iters is None else iters

    def H_times(p):
        return torch.autograd.grad(grad, w, p, retain_graph=True)[0].detach()

    b = grad.detach()
    d = torch.zeros_like(b)
    r = b.clone()
    p = b.clone()
    rr = float((r * r).sum())
    k = 0
    while k < max_iter and rr > tol * tol:
        Hp = H_times(p)
        alpha = rr / float((p * Hp).sum())
        d = d + alpha * p
        r = r - alpha * Hp
        rr_new = float((r * r).sum())
        p = r + (rr_new / rr) * p
        rr = rr_new
        k += 1
    return w.detach() - d
'''),
        ("a separate cg_solve helper on an HVP closure", '''def cg_solve(matvec, b, iters, tol):
    d = torch.zeros_like(b)
    r = b.clone()
    p = r.clone()
    rr = (r * r).sum().item()
    for _ in range(iters):
        if math.sqrt(rr) <= tol:
            break
        Ap = matvec(p)
        alpha = rr / (p * Ap).sum().item()
        d = d + alpha * p
        r = r - alpha * Ap
        rr_new = (r * r).sum().item()
        p = r + (rr_new / rr) * p
        rr = rr_new
    return d


def newton_cg_step(f, x, iters=None, tol=1e-12):
    x_leaf = x.detach().clone()
    x_leaf.requires_grad = True
    (g,) = torch.autograd.grad(f(x_leaf), x_leaf, create_graph=True)
    hvp_at_x = lambda p: torch.autograd.grad(g, x_leaf, p, retain_graph=True)[0]
    d = cg_solve(hvp_at_x, g.detach(), x_leaf.numel() if iters is None else iters, tol)
    return (x_leaf - d).detach()
'''),
    ],
}

# ---- Issue 10, second round: more slips of each exercise, and more right answers ------------------

WRONG["nth_derivative"] += [
    ("off by one: the loop runs n - 1 times", "exactly n times", _sub(_NTH, "for _ in range(n):", "for _ in range(n - 1):")
     .replace("    d = f(x)\n", "    if n == 0:\n        return f(x)\n    d = f(x)\n", 1)),
    ("every pass differentiates f(x) again: always the first derivative", "exactly n times",
     _sub(_NTH, "(d,) = torch.autograd.grad(d.sum(), x,", "(d,) = torch.autograd.grad(f(x).sum(), x,")),
    ("returns the 1-tuple of autograd.grad (no unpacking)", "tuple", '''def nth_derivative(f, x, n):
    d = f(x)
    for _ in range(n):
        if not (d[0] if isinstance(d, tuple) else d).requires_grad:
            return torch.zeros_like(x)
        d = torch.autograd.grad((d[0] if isinstance(d, tuple) else d).sum(), x, create_graph=True)
    return d
'''),
    ("differentiates d.mean() instead of d.sum(): divided by x.numel()", "d.sum()",
     _sub(_NTH, "torch.autograd.grad(d.sum(), x,", "torch.autograd.grad(d.mean(), x,")),
]
WRONG["hvp"] += [
    ("the linear case returns None", "zeros of the shape of x, torch.zeros_like(x)", _sub(_HVP, "    if not g.requires_grad:\n        return torch.zeros_like(x)\n",
                                                            "    if not g.requires_grad:\n        return None\n")),
    ("v normalised first (the direction only)", "grad_outputs=v", _sub(_HVP, "grad_outputs=v,", "grad_outputs=v / (v * v).sum().sqrt(),")),
    ("the gradient differentiated with x as grad_outputs (H x, not H v)", "grad_outputs=v", _sub(_HVP, "grad_outputs=v,", "grad_outputs=x,")),
    ("the result scaled by 2 ((g * v).sum() differentiated twice over)", "grad_outputs=v", '''def hvp(f, x, v):
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    if not g.requires_grad:
        return torch.zeros_like(x)
    (hv,) = torch.autograd.grad((g * v).sum() * 2, x, create_graph=True)
    return hv
'''),
]
WRONG["hessian_from_hvps"] += [
    ("f evaluated once more for the size", "build the gradient graph once", _sub(_HESS, "    n = x.numel()\n",
                                                                             "    n = f(x).numel() * 0 + x.numel()\n")),
    ("the linear case returns an (n,) zero vector of x's shape... as a (1, n) row", "zero matrix", _sub(
        _HESS, "return torch.zeros(n, n, dtype=x.dtype)", "return torch.zeros(1, n, dtype=x.dtype)")),
    ("one column only: grad_outputs of ones (H 1) repeated", "every column is the same", '''def hessian_from_hvps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    n = x.numel()
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    if not g.requires_grad:
        return torch.zeros(n, n, dtype=x.dtype)
    (c,) = torch.autograd.grad(g, x, torch.ones_like(x))
    return torch.stack([c] * n, dim=1).detach()
'''),
]
WRONG["newton_cg_step"] += [
    ("iters = iters or x.numel(): iters=0 runs a full solve", "iters=0", _sub(
        _CG, "iters = x.numel() if iters is None else iters", "iters = iters or x.numel()")),
    ("the tol argument ignored (1e-12 hard-coded)", "use the tol argument", _sub(_CG, "if rr.item() ** 0.5 <= tol:",
                                                                               "if rr.item() ** 0.5 <= 1e-12:")),
    ("alpha = r.r / Hp.Hp", "alpha = r.r / p.Hp", _sub(_CG, "alpha = rr / (p * Hp).sum()", "alpha = rr / (Hp * Hp).sum()")),
    ("d started at g instead of 0", "d += alpha p", _sub(_CG, "d = torch.zeros_like(b)", "d = b.clone()")),
]
RIGHT["hvp"] += [
    ("the inner product (g * v).sum() differentiated once more", '''def hvp(f, x, v):
    g = torch.autograd.grad(f(x), x, create_graph=True)[0]
    if g.grad_fn is None:
        return torch.zeros_like(x)
    return torch.autograd.grad((g * v).sum(), x, create_graph=True)[0]
'''),
]
RIGHT["nth_derivative"] += [
    ("a for loop with an early break on a constant, then zeros", '''def nth_derivative(f, x, n):
    d = f(x)
    k = 0
    while k < n and d.requires_grad:
        d = torch.autograd.grad(d, x, grad_outputs=torch.ones_like(d), create_graph=True)[0]
        k += 1
    if k < n:
        return torch.zeros_like(x)
    return d
'''),
]
RIGHT["newton_cg_step"] += [
    ("iters tested against None explicitly, residual norm with torch.sqrt, beta named", _sub(_sub(_CG,
        "iters = x.numel() if iters is None else iters", "if iters is None:\n        iters = len(x)"),
        "if rr.item() ** 0.5 <= tol:", "if float(torch.sqrt(rr)) <= tol:")),
]
WRONG["hessian_from_hvps"].append(("one call of Exercise 2's hvp per column: f evaluated n times", "build the gradient graph once", '''\
def hessian_from_hvps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    n = x.numel()
    eye = torch.eye(n, dtype=x.dtype)
    return torch.stack([hvp(f, x, eye[i]) for i in range(n)], dim=1).detach()
'''))
