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
