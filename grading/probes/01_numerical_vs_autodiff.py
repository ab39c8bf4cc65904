"""Isolated re-check probes for 01_numerical_vs_autodiff (see grading/README or grading/sandbox.py)."""
SETUP = '''
import warnings
import numpy as np
import autograd_core as torch
'''

PROBES = {
    "test_central_diff_grad": {
        "cells": ["central_diff_grad"],
        "probe": '''
rng = np.random.default_rng(4242)
A = torch.from_numpy(rng.standard_normal((3, 4)))
calls = [0]

def fn0(t):
    calls[0] += 1
    return (A @ t).sin().sum() + (t ** 2).sum()

def fn1(t):
    calls[0] += 1
    return (t.exp() * t).mean() - (t[0, 1] * t[1, 2])

def fn2(t):
    calls[0] += 1
    return (t * t * t).sum()

result = {}
for k, (fn, shape) in enumerate([(fn0, (4,)), (fn1, (2, 3)), (fn2, (1, 1, 2))]):
    x = torch.from_numpy(rng.uniform(-1.0, 1.0, size=shape))
    before = x.numpy().copy()
    calls[0] = 0
    g = central_diff_grad(fn, x)
    result[f"shape{k}"] = [int(s) for s in g.shape]
    result[f"dtype_is_float64_{k}"] = bool(g.dtype == torch.float64)
    result[f"grad{k}"] = np.asarray(g.detach().numpy(), dtype=np.float64)
    result[f"calls{k}"] = calls[0]
    result[f"input_unchanged{k}"] = bool(np.array_equal(before, x.numpy()))
''',
        "forbid": ["backward", "autograd", "autograd.grad", "autograd.functional"],
        "rtol": 1e-5, "atol": 1e-7,
    },
    "test_fd_errors": {
        "cells": ["fd_errors"],
        "probe": '''
hs = np.logspace(-13, -1, 121)
big = hs >= 1e-3          # truncation-dominated: every correct implementation agrees closely here
result = {}
with np.errstate(all="ignore"):
    for k, (f, df, x0) in enumerate([(np.sin, np.cos, 1.3), (np.exp, np.exp, 0.25),
                                     (np.arctan, lambda t: 1.0 / (1.0 + t * t), -0.6)]):
        fw = np.asarray(fd_errors(f, df, x0, hs, "forward"), dtype=np.float64)
        ce = np.asarray(fd_errors(f, df, x0, hs, "central"), dtype=np.float64)
        c32 = np.asarray(fd_errors(f, df, x0, hs, "central", np.float32), dtype=np.float64)
        result[f"shapes{k}"] = [list(fw.shape), list(ce.shape), list(c32.shape)]
        result[f"forward_truncation{k}"] = fw[big]
        result[f"central_truncation{k}"] = ce[big]
        result[f"forward_best_near_1e-8_{k}"] = bool(1e-10 <= hs[np.argmin(fw)] <= 1e-6)
        result[f"central_best_near_1e-5_{k}"] = bool(1e-8 <= hs[np.argmin(ce)] <= 1e-3)
        result[f"float32_needs_large_step{k}"] = bool(hs[np.argmin(c32)] >= 1e-4 and c32.min() > 1e-9)
try:
    fd_errors(np.sin, np.cos, 0.1, hs, "centred")
    result["unknown_scheme_raises"] = False
except ValueError:
    result["unknown_scheme_raises"] = True
''',
        "forbid": ["backward", "autograd", "autograd.grad", "autograd.functional"],
        "rtol": 1e-3, "atol": 1e-12,
    },
    "test_numerical_jacobian": {
        "cells": ["numerical_jacobian"],
        "probe": '''
rng = np.random.default_rng(777)
B = torch.from_numpy(rng.standard_normal((2, 3)))
fns = [
    ((3,), lambda t: torch.stack([(t * t).sum(), t[0] * t[2] - t[1].exp()])),
    ((2, 2), lambda t: (t @ t).tanh()),
    ((3, 1), lambda t: (B @ t).sin() * 2.0),
    ((2,), lambda t: (t[0] * t[1]).reshape(1)),
]
result = {}
for k, (shape, fn) in enumerate(fns):
    x = torch.from_numpy(rng.uniform(0.3, 1.3, size=shape))
    before = x.numpy().copy()
    J = numerical_jacobian(fn, x)
    result[f"shape{k}"] = [int(s) for s in J.shape]
    result[f"jacobian{k}"] = np.asarray(J.detach().numpy(), dtype=np.float64)
    result[f"input_unchanged{k}"] = bool(np.array_equal(before, x.numpy()))
''',
        "forbid": ["backward", "autograd", "autograd.grad", "autograd.functional"],
        "rtol": 1e-5, "atol": 1e-7,
    },
    "test_check_gradient": {
        "cells": ["central_diff_grad", "check_gradient"],
        "probe": '''
rng = np.random.default_rng(31)
fn = lambda t: (t.sin() * t.exp()).sum() + (t ** 3).mean()
x = torch.from_numpy(rng.uniform(-1.0, 1.0, size=(2, 5)))
xn = x.numpy()
exact = np.cos(xn) * np.exp(xn) + np.sin(xn) * np.exp(xn) + 3 * xn ** 2 / xn.size
result = {}
ok, bad = check_gradient(fn, x, torch.from_numpy(exact.copy()))
result["correct_ok"], result["correct_bad"] = bool(ok), [int(i) for i in bad]
wrong = exact.copy()
wrong[0, 3] += 0.05
wrong[1, 0] *= -1.0
wrong[1, 4] += 1e-8           # well inside the tolerance
ok, bad = check_gradient(fn, x, torch.from_numpy(wrong))
result["wrong_ok"], result["wrong_bad"] = bool(ok), [int(i) for i in bad]
loose = exact.copy()
loose[0, 0] += 0.05
ok, bad = check_gradient(fn, x, torch.from_numpy(loose), atol=0.1)
result["loose_atol_ok"] = bool(ok)
try:
    check_gradient(fn, x, torch.from_numpy(exact.reshape(-1).copy()))
    result["shape_mismatch_raises"] = False
except ValueError:
    result["shape_mismatch_raises"] = True
''',
        "forbid": ["backward", "autograd", "autograd.grad", "autograd.functional"],
    },
}
