"""Wrong answers for 01_numerical_vs_autodiff (see grading/answers.py)."""

CDG = '''def central_diff_grad(f, x, h=1e-6):
    """Gradient of a scalar function f at x by central differences."""
{body}
'''

WRONG = {
    "central_diff_grad": [
        ("one-sided (forward) difference", "one-sided (forward) difference", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus = base.copy()
        plus[i] += h
        f_plus = f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
        f_zero = f(torch.from_numpy(base.reshape(tuple(x.shape)))).item()
        grad[i] = (f_plus - f_zero) / h
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
        ("divides by h instead of 2h", "divide the central difference by 2h", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / h
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
        ("sign flipped", "the sign is flipped", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()) / (2 * h)
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
        ("perturbs x in place and undoes the step: x changes by one ulp", "changes x by rounding", CDG.format(body='''\
    flat = x.detach().reshape(-1)
    grad = torch.zeros(flat.numel(), dtype=torch.float64)
    for i in range(flat.numel()):
        flat[i] += h
        f_plus = f(x).item()
        flat[i] -= 2 * h
        f_minus = f(x).item()
        flat[i] += h
        grad[i] = (f_plus - f_minus) / (2 * h)
    return grad.reshape(x.shape)''')),
        ("returns a float32 tensor (torch.tensor of a list)", "torch.tensor(a_list) makes float32", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = []
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad.append((f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                     - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * h))
    return torch.tensor(grad).reshape(tuple(x.shape))''')),
        ("flat result, no reshape to x.shape", "reshape the flat result back to x.shape", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * h)
    return torch.from_numpy(grad)''')),
        ("evaluates f(x) as well: 2n + 1 calls", "call f exactly 2 * x.numel() times", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    f0 = f(x.detach().to(torch.float64)).item()   # "for reference"
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * h)
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
        ("uses autograd instead of finite differences", "backward", CDG.format(body='''\
    xr = x.detach().clone().to(torch.float64).requires_grad_(True)
    f(xr).backward()
    return xr.grad''')),
    ],
    "fd_errors": [
        ("ignores dtype: always computes in float64", "convert x0 and hs to `dtype`", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=np.float64)
    h = np.asarray(hs, dtype=np.float64)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx - dfdx(float(x0)))
'''),
        ("signed error, no abs", "ABSOLUTE error", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return approx.astype(np.float64) - dfdx(float(x0))
'''),
        ("central quotient divided by h, not 2h", "(sin(0.8) - sin(0.6)) / (2 * 0.1)", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / h
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
        ("returns float32 errors (no final astype)", "return float64 errors", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx - dtype(dfdx(float(x0))))
'''),
        ("unknown scheme falls back to central", "must raise ValueError", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    else:
        approx = (f(x + h) - f(x - h)) / (2 * h)
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
        ("forward uses the backward difference f(x) - f(x - h)", "(sin(0.8) - sin(0.7)) / 0.1", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x) - f(x - h)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
        ("relative error instead of absolute", "the error is |quotient - dfdx(x0)|", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    d = dfdx(float(x0))
    return np.abs(approx.astype(np.float64) - d) / abs(d)
'''),
    ],
    "numerical_jacobian": [
        ("computed in float32", "torch.zeros(n, m) make float32", '''\
def numerical_jacobian(f, x, h=1e-6):
    n, m = x.numel(), f(x).numel()
    J = torch.zeros(n, m)
    flat = x.detach().reshape(-1)
    for i in range(n):
        e = torch.zeros(n, dtype=x.dtype)
        e[i] = h
        diff = f((flat + e).reshape(x.shape)) - f((flat - e).reshape(x.shape))
        J[i] = diff.reshape(-1) / (2 * h)
    return J
'''),
        ("mathematicians' orientation (m, n)", "gradcheck's orientation", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    cols = []
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        y_plus = f(torch.from_numpy(plus.reshape(shape))).detach().numpy().reshape(-1)
        y_minus = f(torch.from_numpy(minus.reshape(shape))).detach().numpy().reshape(-1)
        cols.append((y_plus - y_minus) / (2 * h))
    return torch.from_numpy(np.stack(cols, axis=1))
'''),
        ("one-sided (forward) difference", "one-sided (forward) difference", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    y0 = f(torch.from_numpy(base.reshape(shape))).detach().numpy().reshape(-1)
    rows = []
    for i in range(base.size):
        plus = base.copy()
        plus[i] += h
        y_plus = f(torch.from_numpy(plus.reshape(shape))).detach().numpy().reshape(-1)
        rows.append((y_plus - y0) / h)
    return torch.from_numpy(np.stack(rows))
'''),
        ("perturbs x in place", "changes x by rounding", '''\
def numerical_jacobian(f, x, h=1e-6):
    flat = x.detach().reshape(-1)
    rows = []
    for i in range(flat.numel()):
        flat[i] += h
        y_plus = f(x).detach().numpy().reshape(-1).copy()
        flat[i] -= 2 * h
        y_minus = f(x).detach().numpy().reshape(-1).copy()
        flat[i] += h
        rows.append((y_plus - y_minus) / (2 * h))
    return torch.from_numpy(np.stack(rows))
'''),
        ("output flattened column-major (.T) instead of reshape(-1)", "not a transpose", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    rows = []
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        d = (f(torch.from_numpy(plus.reshape(shape))) - f(torch.from_numpy(minus.reshape(shape)))).detach().numpy()
        rows.append(d.T.reshape(-1) / (2 * h))
    return torch.from_numpy(np.stack(rows))
'''),
        ("divides by h instead of 2h", "divide the central difference by 2h", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    rows = []
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        d = (f(torch.from_numpy(plus.reshape(shape))) - f(torch.from_numpy(minus.reshape(shape)))).detach().numpy()
        rows.append(d.reshape(-1) / h)
    return torch.from_numpy(np.stack(rows))
'''),
        ("uses autograd.functional.jacobian", "autograd", '''\
def numerical_jacobian(f, x, h=1e-6):
    n, m = x.numel(), f(x).numel()
    return torch.autograd.functional.jacobian(f, x.detach().clone()).reshape(m, n).transpose(0, 1)
'''),
    ],
    "check_gradient": [
        ("returns a NumPy bool for ok", "ok must be a Python bool", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    return passes.all(), [int(i) for i in np.flatnonzero(~passes)]
'''),
        ("returns NumPy ints in bad", "python list of python ints", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    bad = list(np.flatnonzero(~passes))
    return len(bad) == 0, bad
'''),
        ("atol only, no rtol term", "the rtol term", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= atol
    bad = [int(i) for i in np.flatnonzero(~passes)]
    return len(bad) == 0, bad
'''),
        ("no shape check", "raise ValueError if they differ", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)[:numerical.size]
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    bad = [int(i) for i in np.flatnonzero(~passes)]
    return len(bad) == 0, bad
'''),
        ("column-major flat indices", "flat index 2 * 2 + 0 = 4", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy()
    a = analytic.detach().to(torch.float64).numpy()
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    bad = [int(i) for i in np.flatnonzero(~passes.T)]
    return len(bad) == 0, bad
'''),
        ("bad lists the passing elements", "elements that FAIL", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    return bool(passes.all()), [int(i) for i in np.flatnonzero(passes)]
'''),
        ("2-D indices from np.argwhere", "python list of python ints", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy()
    a = analytic.detach().to(torch.float64).numpy()
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    bad = [tuple(int(k) for k in i) for i in np.argwhere(~passes)]
    return len(bad) == 0, bad
'''),
    ],
}

WRONG["check_gradient"].append(("tolerances hard-coded, the atol/rtol arguments ignored", "use the atol and rtol arguments", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= 1e-5 + 1e-3 * np.abs(numerical)
    bad = [int(i) for i in np.flatnonzero(~passes)]
    return len(bad) == 0, bad
'''))

RIGHT = {
    "central_diff_grad": [
        ("torch tensors throughout, a unit vector e_i added and subtracted", '''\
def central_diff_grad(f, x, h=1e-6):
    """Gradient of a scalar function f at x by central differences."""
    x0 = x.detach().clone().to(torch.float64)
    grad = torch.zeros(x0.numel(), dtype=torch.float64)
    for i in range(x0.numel()):
        e = torch.zeros(x0.numel(), dtype=torch.float64)
        e[i] = h
        e = e.reshape(x0.shape)
        grad[i] = (f(x0 + e) - f(x0 - e)).item() / (2 * h)
    return grad.reshape(x0.shape)
'''),
        ("a list of floats, divided by h then by 2, torch.tensor(..., dtype=float64)", '''\
import numpy as np

def _point(flat, i, step, shape):
    p = flat.copy()
    p[i] = p[i] + step
    return torch.from_numpy(p.reshape(shape))

def central_diff_grad(f, x, h=1e-6):
    flat = np.array(x.detach().numpy(), dtype=np.float64).ravel()
    shape = tuple(x.shape)
    values = []
    for i in range(flat.size):
        up = float(f(_point(flat, i, h, shape)))
        down = float(f(_point(flat, i, -h, shape)))
        values.append((up - down) / h / 2)
    return torch.tensor(values, dtype=torch.float64).reshape(shape)
'''),
        ("a clone perturbed in place and reset from the saved value (never x itself)", '''\
def central_diff_grad(f, x, h=1e-6):
    flat = x.detach().to(torch.float64).reshape(-1).clone()
    out = torch.empty_like(flat)
    for i in range(flat.numel()):
        old = flat[i].item()
        flat[i] = old + h
        fp = f(flat.clone().reshape(x.shape)).item()
        flat[i] = old - h
        fm = f(flat.clone().reshape(x.shape)).item()
        flat[i] = old
        out[i] = (fp - fm) / (2.0 * h)
    return out.reshape(x.shape)
'''),
        ("numpy, enumerate over np.ndindex, 0.5 * difference / h", '''\
def central_diff_grad(f, x, h=1e-6):
    a = x.detach().numpy().astype(np.float64)
    g = np.zeros_like(a)
    for idx in np.ndindex(*a.shape):
        p = a.copy(); p[idx] += h
        m = a.copy(); m[idx] -= h
        g[idx] = 0.5 * (f(torch.from_numpy(p)).item() - f(torch.from_numpy(m)).item()) / h
    return torch.from_numpy(g)
'''),
    ],
    "fd_errors": [
        ("dict of schemes checked first, np.array(..., dtype) and float64 error", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    schemes = {"forward": lambda x, h: (f(x + h) - f(x)) / h,
               "central": lambda x, h: (f(x + h) - f(x - h)) / (2 * h)}
    if scheme not in schemes:
        raise ValueError(f"scheme must be one of {sorted(schemes)}, got {scheme!r}")
    x = dtype(x0)
    h = np.array(hs).astype(dtype)
    q = schemes[scheme](x, h)
    return np.abs(np.float64(1.0) * q.astype(np.float64) - dfdx(x0)).astype(np.float64)
'''),
        ("f(x + h) computed once, a 0.5 / h factor, np.where for the absolute value", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    if scheme not in ("forward", "central"):
        raise ValueError("scheme must be 'forward' or 'central'")
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    fp = f(x + h)
    if scheme == "forward":
        quotient = (fp - f(x)) / h
    else:
        quotient = (fp - f(x - h)) * (dtype(0.5) / h)
    exact = np.float64(dfdx(np.float64(x0)))
    err = quotient.astype(np.float64) - exact
    return np.where(err < 0, -err, err)
'''),
        ("if/elif/else with the error in dtype, converted at the end", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    xs = np.full(np.shape(hs), x0, dtype=dtype)
    steps = np.asarray(hs).astype(dtype)
    if scheme == "central":
        approx = (f(xs + steps) - f(xs - steps)) / (steps + steps)
    elif scheme == "forward":
        approx = (f(xs + steps) - f(xs)) / steps
    else:
        raise ValueError(f"unknown scheme {scheme}; allowed schemes: 'forward', 'central'")
    return np.abs(approx.astype(np.float64) - float(dfdx(x0)))
'''),
        ("the hint read literally: the absolute error in dtype, converted to float64 at the very end", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx - dfdx(x0)).astype(np.float64)
'''),
        ("the exact derivative evaluated at the dtype point x", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx.astype(np.float64) - np.float64(dfdx(x)))
'''),
        ("central as the mean of the forward and the backward quotients", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x, h = np.asarray(x0, dtype=dtype), np.asarray(hs, dtype=dtype)
    forward = (f(x + h) - f(x)) / h
    if scheme == "forward":
        q = forward
    elif scheme == "central":
        backward = (f(x) - f(x - h)) / h
        q = (forward + backward) / 2
    else:
        raise ValueError("scheme: expected 'forward' or 'central'")
    return np.abs(np.asarray(q, dtype=np.float64) - dfdx(x0))
'''),
    ],
    "numerical_jacobian": [
        ("torch only: J filled row by row in a float64 zeros tensor", '''\
def numerical_jacobian(f, x, h=1e-6):
    x0 = x.detach().clone().to(torch.float64)
    n, m = x0.numel(), f(x0.clone()).numel()
    J = torch.zeros(n, m, dtype=torch.float64)
    for i in range(n):
        e = torch.zeros(n, dtype=torch.float64)
        e[i] = h
        e = e.reshape(x0.shape)
        J[i] = (f(x0 + e) - f(x0 - e)).reshape(-1).to(torch.float64) / (2 * h)
    return J
'''),
        ("numpy rows in a preallocated float64 array, helper for one evaluation", '''\
def _eval_flat(f, flat, shape):
    return np.asarray(f(torch.from_numpy(flat.reshape(shape))).detach().numpy(), dtype=np.float64).ravel()

def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    flat = np.array(x.detach().numpy(), dtype=np.float64).ravel()
    m = _eval_flat(f, flat.copy(), shape).size
    J = np.empty((flat.size, m))
    for i in range(flat.size):
        up, down = flat.copy(), flat.copy()
        up[i] = flat[i] + h
        down[i] = flat[i] - h
        J[i, :] = (_eval_flat(f, up, shape) - _eval_flat(f, down, shape)) * (0.5 / h)
    return torch.from_numpy(J)
'''),
        ("columns of the mathematicians' Jacobian, transposed at the end", '''\
def numerical_jacobian(f, x, h=1e-6):
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    cols = []
    for i in range(base.size):
        p = base.copy(); p[i] += h
        q = base.copy(); q[i] -= h
        yp = f(torch.from_numpy(p.reshape(tuple(x.shape)))).detach().numpy().astype(np.float64).reshape(-1)
        yq = f(torch.from_numpy(q.reshape(tuple(x.shape)))).detach().numpy().astype(np.float64).reshape(-1)
        cols.append((yp - yq) / (2 * h))
    jac_math = np.column_stack(cols)          # (output.numel(), input.numel())
    return torch.tensor(jac_math.T.copy(), dtype=torch.float64)
'''),
    ],
    "check_gradient": [
        ("torch.isclose with the same rule, nonzero().tolist()", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if analytic.shape != x.shape:
        raise ValueError(f"shape mismatch: analytic {list(analytic.shape)} vs x {list(x.shape)}")
    num = central_diff_grad(f, x, eps).reshape(-1).to(torch.float64)
    ana = analytic.detach().reshape(-1).to(torch.float64)
    passes = as_np(torch.isclose(ana, num, rtol=rtol, atol=atol))
    bad = np.nonzero(~passes)[0].tolist()
    return bool(passes.all()), bad
'''),
        ("a plain loop over the elements, ok = not bad", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if list(analytic.shape) != list(x.shape):
        raise ValueError("analytic has shape %s, x has shape %s" % (tuple(analytic.shape), tuple(x.shape)))
    numerical = central_diff_grad(f, x, eps)
    a_list = analytic.detach().reshape(-1).tolist()
    n_list = numerical.reshape(-1).tolist()
    bad = []
    for i, (a_i, n_i) in enumerate(zip(a_list, n_list)):
        if abs(a_i - n_i) > atol + rtol * abs(n_i):
            bad.append(i)
    ok = not bad
    return ok, bad
'''),
        ("numpy with np.where, sorted(), tolerance as a named variable", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    xs, gs = tuple(x.shape), tuple(analytic.shape)
    if xs != gs:
        raise ValueError(f"expected an analytic gradient of shape {xs}, got {gs}")
    numerical = np.asarray(central_diff_grad(f, x, h=eps).numpy(), dtype=np.float64).ravel()
    analytic_np = np.asarray(as_np(analytic), dtype=np.float64).ravel()
    allowed = atol + rtol * np.abs(numerical)
    failing = np.where(np.abs(analytic_np - numerical) > allowed)[0]
    bad = sorted(int(i) for i in failing)
    return (len(bad) == 0), bad
'''),
    ],
}

# Issue 10: a perturb-and-undo that happens to restore 1.0 but not other values, and float32
# arithmetic behind a float64 result, must fail the visible tests with a hint naming the mistake.
WRONG["central_diff_grad"].append(("x[i] += h then -= h, x[i] -= h then += h: off by one ulp for some values",
                                   "changes x by rounding", CDG.format(body='''\
    flat = x.detach().reshape(-1)
    grad = torch.zeros(flat.numel(), dtype=torch.float64)
    for i in range(flat.numel()):
        flat[i] -= h
        f_minus = f(x).item()
        flat[i] += 2 * h
        f_plus = f(x).item()
        flat[i] -= h
        grad[i] = (f_plus - f_minus) / (2 * h)
    return grad.reshape(x.shape)''')))
WRONG["numerical_jacobian"].append(("float32 arithmetic, converted to float64 at the end", "done in float32", '''\
def numerical_jacobian(f, x, h=1e-6):
    x32 = x.detach().float()
    rows = []
    for i in range(x32.numel()):
        e = torch.zeros(x32.numel())
        e[i] = h
        e = e.reshape(x32.shape)
        rows.append(((f(x32 + e) - f(x32 - e)).reshape(-1) / (2 * h)).double())
    return torch.stack(rows)
'''))

FDO = '''def fd_order(hs, errors):
    """The order p of a scheme whose errors at steps hs behave like C * h**p."""
{body}
'''
WRONG["fd_order"] = [
    ("axes swapped: slope of log(h) against log(error), about 1/p", "you got about 1/p", FDO.format(body='''\
    return float(np.polyfit(np.log(errors), np.log(hs), 1)[0])''')),
    ("the intercept instead of the slope", "take [0]", FDO.format(body='''\
    return float(np.polyfit(np.log(hs), np.log(errors), 1)[1])''')),
    ("a line through the raw numbers, no logarithms", "only after taking logarithms", FDO.format(body='''\
    return float(np.polyfit(hs, errors, 1)[0])''')),
    ("logarithm of the errors only", "logarithm of BOTH", FDO.format(body='''\
    return float(np.polyfit(hs, np.log(errors), 1)[0])''')),
    ("slope through the first and last points only", "first and last points only", FDO.format(body='''\
    return float((np.log(errors[-1]) - np.log(errors[0])) / (np.log(hs[-1]) - np.log(hs[0])))''')),
    ("mean of the slopes between neighbouring points", "mean of the slopes between neighbouring", FDO.format(body='''\
    lh, le = np.log(hs), np.log(errors)
    return float(np.mean(np.diff(le) / np.diff(lh)))''')),
    ("rounded to the nearest integer order", "do not round it", FDO.format(body='''\
    return round(float(np.polyfit(np.log(hs), np.log(errors), 1)[0]))''')),
    ("slope against log(1/h): the sign is flipped", "the sign is flipped", FDO.format(body='''\
    return float(np.polyfit(np.log(1 / np.asarray(hs)), np.log(errors), 1)[0])''')),
]
RIGHT["fd_order"] = [
    ("the least-squares formula written out, in log10", '''\
def fd_order(hs, errors):
    u, v = np.log10(np.asarray(hs, float)), np.log10(np.asarray(errors, float))
    du, dv = u - u.mean(), v - v.mean()
    return float((du * dv).sum() / (du * du).sum())
'''),
    ("np.linalg.lstsq on [log h, 1], returning a NumPy float", '''\
def fd_order(hs, errors):
    A = np.stack([np.log(hs), np.ones(len(hs))], axis=1)
    (p, _c), *_ = np.linalg.lstsq(A, np.log(errors), rcond=None)
    return p
'''),
    ("sorted by step first, log2, np.cov", '''\
def fd_order(hs, errors):
    order = np.argsort(hs)
    u, v = np.log2(np.asarray(hs)[order]), np.log2(np.asarray(errors)[order])
    c = np.cov(u, v)
    return float(c[0, 1] / c[0, 0])
'''),
]

# Issue 10, second round: more slips of each exercise, and more right answers.
WRONG["central_diff_grad"] += [
    ("the step h argument ignored: always 1e-6", "use the step h argument", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += 1e-6
        minus[i] -= 1e-6
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * 1e-6)
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
    ("a step relative to |x_i| (h * max(1, |x_i|))", "use the step h argument", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        step = h * max(1.0, abs(base[i]))
        plus, minus = base.copy(), base.copy()
        plus[i] += step
        minus[i] -= step
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * step)
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
    ("returns a NumPy array, not a tensor", "tensor", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * h)
    return grad.reshape(tuple(x.shape))''')),
    ("loops over len(x): only the first axis of a matrix", "reshape", CDG.format(body='''\
    grad = torch.zeros(len(x), dtype=torch.float64)
    for i in range(len(x)):
        plus, minus = x.detach().clone().to(torch.float64), x.detach().clone().to(torch.float64)
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(plus) - f(minus)).sum().item() / (2 * h)
    return grad''')),
    ("off by one: the last element is never perturbed", "every element", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.zeros(base.size)
    for i in range(base.size - 1):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        grad[i] = (f(torch.from_numpy(plus.reshape(tuple(x.shape)))).item()
                   - f(torch.from_numpy(minus.reshape(tuple(x.shape)))).item()) / (2 * h)
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
    ("evaluates f at float32 points (torch.tensor of a list)", "float32", CDG.format(body='''\
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    grad = np.empty(base.size)
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        fp = f(torch.tensor(plus.reshape(tuple(x.shape)).tolist())).item()
        fm = f(torch.tensor(minus.reshape(tuple(x.shape)).tolist())).item()
        grad[i] = (fp - fm) / (2 * h)
    return torch.from_numpy(grad.reshape(tuple(x.shape)))''')),
]
WRONG["fd_errors"] += [
    ("converts x0 to dtype but not hs", "convert x0 and hs to `dtype`", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
    ("a dict of schemes: an unknown one raises KeyError", "must raise ValueError", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    quotients = {"forward": lambda: (f(x + h) - f(x)) / h,
                 "central": lambda: (f(x + h) - f(x - h)) / (2 * h)}
    approx = quotients[scheme]()
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
    ("the ValueError's message does not name the allowed schemes", "naming the allowed schemes", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError("unknown scheme")
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
    ("returns a Python list of errors, not an array", "NumPy array", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return [float(abs(a - dfdx(float(x0)))) for a in approx.astype(np.float64)]
'''),
    ("returns a torch tensor of errors", "NumPy array", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h) - f(x - h)) / (2 * h)
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return torch.from_numpy(np.abs(approx.astype(np.float64) - dfdx(float(x0))))
'''),
    ("central with half steps: (f(x + h/2) - f(x - h/2)) / h", "(sin(0.8) - sin(0.6)) / (2 * 0.1)", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    x = np.asarray(x0, dtype=dtype)
    h = np.asarray(hs, dtype=dtype)
    if scheme == "forward":
        approx = (f(x + h) - f(x)) / h
    elif scheme == "central":
        approx = (f(x + h / 2) - f(x - h / 2)) / h
    else:
        raise ValueError(f"unknown scheme {scheme!r}: use 'forward' or 'central'")
    return np.abs(approx.astype(np.float64) - dfdx(float(x0)))
'''),
]
WRONG["fd_order"] += [
    ("natural log of the steps, log10 of the errors", "same logarithm", FDO.format(body='''\
    return float(np.polyfit(np.log(hs), np.log10(errors), 1)[0])''')),
    ("int() of the slope: truncated", "do not round it", FDO.format(body='''\
    return int(np.polyfit(np.log(hs), np.log(errors), 1)[0])''')),
    ("slope through the first two points only", "ALL the points", FDO.format(body='''\
    return float((np.log(errors[1]) - np.log(errors[0])) / (np.log(hs[1]) - np.log(hs[0])))''')),
    ("the mean of log(error) / log(h)", "least-squares slope", FDO.format(body='''\
    return float(np.mean(np.log(errors) / np.log(hs)))''')),
    ("the steps sorted but not the errors with them", "same order", FDO.format(body='''\
    return float(np.polyfit(np.log(np.sort(hs)), np.log(errors), 1)[0])''')),
]
WRONG["numerical_jacobian"] += [
    ("the step h argument ignored: always 1e-6", "use the step h argument", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    rows = []
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += 1e-6
        minus[i] -= 1e-6
        d = (f(torch.from_numpy(plus.reshape(shape))) - f(torch.from_numpy(minus.reshape(shape)))).detach().numpy()
        rows.append(d.reshape(-1) / 2e-6)
    return torch.from_numpy(np.stack(rows))
'''),
    ("returns a NumPy array, not a tensor", "tensor", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    rows = []
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        d = (f(torch.from_numpy(plus.reshape(shape))) - f(torch.from_numpy(minus.reshape(shape)))).detach().numpy()
        rows.append(d.reshape(-1) / (2 * h))
    return np.stack(rows)
'''),
    ("loops over len(x): a matrix input gets one row per row of x", "x.numel()", '''\
def numerical_jacobian(f, x, h=1e-6):
    rows = []
    for i in range(len(x)):
        plus, minus = x.detach().clone().to(torch.float64), x.detach().clone().to(torch.float64)
        plus[i] += h
        minus[i] -= h
        rows.append(((f(plus) - f(minus)) / (2 * h)).reshape(-1))
    return torch.stack(rows)
'''),
    ("m taken as len(f(x)): a matrix output is cut to its first axis", "f(x).numel()", '''\
def numerical_jacobian(f, x, h=1e-6):
    shape = tuple(x.shape)
    base = x.detach().to(torch.float64).numpy().reshape(-1).copy()
    m = len(f(x))
    J = np.zeros((base.size, m))
    for i in range(base.size):
        plus, minus = base.copy(), base.copy()
        plus[i] += h
        minus[i] -= h
        d = (f(torch.from_numpy(plus.reshape(shape))) - f(torch.from_numpy(minus.reshape(shape)))).detach().numpy()
        J[i] = d.reshape(-1)[:m] / (2 * h)
    return torch.from_numpy(J)
'''),
]
WRONG["check_gradient"] += [
    ("the eps argument ignored: central_diff_grad(f, x) with its default step", "pass eps", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    bad = [int(i) for i in np.flatnonzero(~passes)]
    return len(bad) == 0, bad
'''),
    ("the rtol term scaled by |analytic| (torch.isclose(numerical, analytic))", "the rtol term is scaled by the NUMERICAL", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if analytic.shape != x.shape:
        raise ValueError(f"shape mismatch: analytic {tuple(analytic.shape)} vs x {tuple(x.shape)}")
    num = central_diff_grad(f, x, eps).reshape(-1)
    ana = analytic.detach().reshape(-1).to(torch.float64)
    passes = as_np(torch.isclose(num, ana, rtol=rtol, atol=atol))
    return bool(passes.all()), [int(i) for i in np.flatnonzero(~passes)]
'''),
    ("a strict < in the rule: an exact match fails with atol = rtol = 0", "<=", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) < atol + rtol * np.abs(numerical)
    bad = [int(i) for i in np.flatnonzero(~passes)]
    return len(bad) == 0, bad
'''),
    ("the same number of elements is enough: no error for (2, 3) against (3, 2)", "raise ValueError if they differ", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if analytic.numel() != x.numel():
        raise ValueError(f"analytic gradient has shape {tuple(analytic.shape)} but x has shape {tuple(x.shape)}")
    numerical = central_diff_grad(f, x, eps).numpy().reshape(-1)
    a = analytic.detach().to(torch.float64).numpy().reshape(-1)
    passes = np.abs(a - numerical) <= atol + rtol * np.abs(numerical)
    bad = [int(i) for i in np.flatnonzero(~passes)]
    return len(bad) == 0, bad
'''),
]
RIGHT["central_diff_grad"] += [
    ("torch.stack of per-element scalars, x.flatten() and torch.where-free indexing", '''\
def central_diff_grad(f, x, h=1e-6):
    flat = x.detach().flatten().to(torch.float64)
    parts = []
    for i in range(flat.numel()):
        e = torch.zeros_like(flat)
        e[i] = 1.0
        d = f((flat + h * e).reshape(x.shape)) - f((flat - h * e).reshape(x.shape))
        parts.append(d.reshape(()) / (2 * h))
    return torch.stack(parts).reshape(x.shape).detach()
'''),
]
RIGHT["fd_errors"] += [
    ("a loop over the steps, collected with np.array(..., dtype=np.float64)", '''\
def fd_errors(f, dfdx, x0, hs, scheme="central", dtype=np.float64):
    if scheme not in ("forward", "central"):
        raise ValueError(f"{scheme!r} is not a scheme: choose 'forward' or 'central'")
    x = dtype(x0)
    exact = dfdx(x0)
    out = []
    for h in np.asarray(hs, dtype=dtype):
        q = (f(x + h) - f(x)) / h if scheme == "forward" else (f(x + h) - f(x - h)) / (2 * h)
        out.append(abs(float(q) - exact))
    return np.array(out, dtype=np.float64)
'''),
]
RIGHT["numerical_jacobian"] += [
    ("torch.cat of (1, m) rows built from x0 ± h e_i, then detach", '''\
def numerical_jacobian(f, x, h=1e-6):
    x0 = x.detach().to(torch.float64).clone()
    n = x0.numel()
    rows = []
    for i in range(n):
        d = torch.zeros(n, dtype=torch.float64)
        d[i] = h
        d = d.reshape(x0.shape)
        rows.append(((f(x0 + d) - f(x0 - d)).to(torch.float64) / (2 * h)).reshape(1, -1))
    return torch.cat(rows, 0).detach()
'''),
]
RIGHT["check_gradient"] += [
    ("np.isclose(analytic, numerical) (the same rule), a list comprehension over enumerate", '''\
def check_gradient(f, x, analytic, eps=1e-6, atol=1e-5, rtol=1e-3):
    if tuple(analytic.shape) != tuple(x.shape):
        raise ValueError(f"shapes differ: {tuple(analytic.shape)} (analytic) and {tuple(x.shape)} (x)")
    n = as_np(central_diff_grad(f, x, h=eps)).ravel()
    a = as_np(analytic).astype(np.float64).ravel()
    close = np.isclose(a, n, rtol=rtol, atol=atol)
    bad = [i for i, c in enumerate(close.tolist()) if not c]
    return bool(close.all()), bad
'''),
]
RIGHT["fd_order"] += [
    ("scipy-free: np.polyfit on log2 of both, as_np-free float()", '''\
def fd_order(hs, errors):
    hs, errors = np.asarray(hs, dtype=float), np.asarray(errors, dtype=float)
    return float(np.polyfit(np.log2(hs), np.log2(errors), deg=1)[0])
'''),
]
