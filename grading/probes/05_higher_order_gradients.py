"""Isolated re-check probes for 05_higher_order_gradients (see grading/README or grading/sandbox.py).

Every probe runs the student's code on inputs the notebook never shows (fixed numpy seeds, float64)
and returns plain data; differentiable results are also checked with gradcheck / gradgradcheck.
"""
from grading.probes._common import HELPERS

SETUP = HELPERS

PROBES = {
    "test_nth_derivative": {
        "cells": ["nth_derivative"],
        "probe": '''
result = {}
x = _p_rand(2, 2, seed=1501, low=0.4, high=1.8)
f = lambda t: t ** 4 * torch.cos(t)
for n in range(6):
    result[f"n{n}"] = _p_np(nth_derivative(f, x, n))
result["x2_n3"] = _p_np(nth_derivative(lambda t: 3 * t * t, x, 3))
result["log_n2"] = _p_np(nth_derivative(torch.log, x, 2))
result["differentiable"] = bool(nth_derivative(torch.sin, x, 2).requires_grad)
result["gc_cos_2"] = _p_gradcheck(lambda t: nth_derivative(torch.cos, t, 2), (x,))
result["gc_poly_1"] = _p_gradcheck(lambda t: nth_derivative(lambda u: u ** 3 * u.sin(), t, 1), (x,), second=True)
''',
    },
    "test_hvp": {
        "cells": ["hvp"],
        "probe": '''
result = {}
A = _p_rand(3, 4, seed=1511, requires_grad=False)
f = lambda t: torch.log(1 + (A @ t) ** 2).sum() + (t ** 3).sum() * t[0]
x, v = _p_rand(4, seed=1512), _p_rand(4, seed=1513)
result["hv"] = _p_np(hvp(f, x, v))
result["hv_e2"] = _p_np(hvp(f, x, torch.tensor([0.0, 0.0, 1.0, 0.0], dtype=torch.float64)))
result["linear_zero"] = _p_np(hvp(lambda t: (A[0] * t).sum(), x, v))
result["gc_v"] = _p_gradcheck(lambda vv: hvp(f, x, vv), (v,))
result["gc_xv"] = _p_gradcheck(lambda xx, vv: hvp(f, xx, vv), (x, v))
''',
        "forbid": ["autograd.functional"],
    },
    "test_hessian_from_hvps": {
        "cells": ["hessian_from_hvps"],
        "probe": '''
result = {}
A = _p_rand(4, 4, seed=1521, requires_grad=False)
f = lambda t: torch.log(1 + (A @ t) ** 2).sum() + t[0] * t[1] * t[3] + torch.sin(t).sum()
x = _p_rand(4, seed=1522, requires_grad=False)
H = hessian_from_hvps(f, x)
result["H"], result["H_shape"] = _p_np(H), list(H.shape)
result["detached"] = not H.requires_grad
result["x_untouched"] = (not x.requires_grad) and x.grad is None
result["linear"] = _p_np(hessian_from_hvps(lambda t: (3 * t).sum(), x))
result["quadratic"] = _p_np(hessian_from_hvps(lambda t: (t * (A @ t)).sum(), x))
''',
        "forbid": ["autograd.functional"],
    },
    "test_newton_cg_step": {
        "cells": ["newton_cg_step"],
        "probe": '''
result = {}
M = _p_rand(5, 5, seed=1531, requires_grad=False)
A = M @ M.T + 0.5 * torch.eye(5, dtype=torch.float64)
b = _p_rand(5, seed=1532, requires_grad=False)
f = lambda t: 0.5 * (t * (A @ t)).sum() - (b * t).sum() + 0.05 * (t ** 4).sum()
x0 = _p_rand(5, seed=1533, requires_grad=False)
result["full"] = _p_np(newton_cg_step(f, x0))
result["iters1"] = _p_np(newton_cg_step(f, x0, iters=1))
result["iters2"] = _p_np(newton_cg_step(f, x0, iters=2))
x = x0
for _ in range(5):
    x = newton_cg_step(f, x)
result["five_steps"] = _p_np(x)
result["detached"] = not x.requires_grad
q = lambda t: 0.5 * (t * (A @ t)).sum() - (b * t).sum()
result["quadratic_one_step"] = _p_np(newton_cg_step(q, x0))
''',
        "forbid": ["autograd.functional", "linalg"],
    },
}
