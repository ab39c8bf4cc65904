"""Isolated re-check probes for 04_vjp_and_jacobians (see grading/README or grading/sandbox.py).

Every probe runs the student's code on inputs the notebook never shows (fixed numpy seeds, float64)
and returns plain data; gradients are also checked with autograd_core's gradcheck where it applies.
"""
from grading.probes._common import HELPERS

SETUP = HELPERS + '''

def _p_op(forward, rule, name="ProbeOp"):
    """forward(*inputs) and rule(g, ans, *inputs) -> tuple, as an autograd Function (as in the notebook)."""
    def fwd(ctx, *inputs):
        ans = forward(*inputs)
        ctx.save_for_backward(ans, *inputs)
        return ans

    def bwd(ctx, g):
        ans, *inputs = ctx.saved_tensors
        return tuple(rule(g, ans, *inputs))

    return type(name, (torch.autograd.Function,), {"forward": staticmethod(fwd), "backward": staticmethod(bwd)}).apply

'''

PROBES = {
    "test_sum_to": {
        "cells": ["sum_to"],
        "probe": '''
result = {}
g = _p_rand(2, 1, 3, 4, seed=1401, requires_grad=False)
for k, shape in enumerate([(3, 4), (1, 4), (3, 1), (2, 1, 1, 4), (1,), (), (4,), (1, 1, 3, 1), (2, 1, 3, 4)]):
    s = sum_to(g, shape)
    result[f"shape{k}"] = list(s.shape)
    result[f"value{k}"] = _p_np(s)
raised = False
try:
    sum_to(g, (5, 2, 1, 3, 4))
except ValueError:
    raised = True
result["raises"] = raised
# sum_to must stay differentiable (it is built from Tensor.sum)
gg = _p_rand(5, 3, seed=1402)
(d,) = torch.autograd.grad((sum_to(gg, (1, 3)) * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum(), gg)
result["grad_through"] = _p_np(d)
badd = _p_op(lambda a, b: a * 1.0 + b, lambda g, ans, a, b: (sum_to(g, a.shape), sum_to(g, b.shape)), "BAdd")
result["gradcheck_badd"] = _p_gradcheck(badd, (_p_rand(3, 1, 2, seed=1403), _p_rand(4, 1, seed=1404)))
result["gradcheck_badd_scalar"] = _p_gradcheck(badd, (_p_rand(1, 3, seed=1405), _p_rand(seed=1406)))
''',
        "forbid": ["sum_to_size"],
    },
    "test_vjp_elementwise": {
        "cells": ["vjp_rules"],
        "probe": '''
result = {}
a, b = _p_rand(2, 5, seed=1411), _p_rand(2, 5, seed=1412, low=0.6, high=3.0)
g = _p_rand(2, 5, seed=1413, requires_grad=False)
with torch.no_grad():
    result["mul"] = [_p_np(t) for t in vjp_mul(g, a * b, a, b)]
    result["div"] = [_p_np(t) for t in vjp_div(g, a / b, a, b)]
    result["tanh"] = [_p_np(t) for t in vjp_tanh(g, torch.tanh(a), a)]
result["gc_mul"] = _p_gradcheck(_p_op(lambda x, y: x * y, vjp_mul), (a, b))
result["gc_div"] = _p_gradcheck(_p_op(lambda x, y: x / y, vjp_div), (a, -b))
result["gc_tanh"] = _p_gradcheck(_p_op(torch.tanh, vjp_tanh), (a * 2,))
''',
        "forbid": ["backward", "autograd.grad", "autograd.functional"],
    },
    "test_vjp_matmul_softmax": {
        "cells": ["vjp_rules"],
        "probe": '''
result = {}
A, B = _p_rand(3, 2, seed=1421), _p_rand(2, 5, seed=1422)
g = _p_rand(3, 5, seed=1423, requires_grad=False)
with torch.no_grad():
    result["matmul"] = [_p_np(t) for t in vjp_matmul(g, A @ B, A, B)]
X = _p_rand(4, 3, seed=1424) * 2
gs = _p_rand(4, 3, seed=1425, requires_grad=False)
with torch.no_grad():
    result["softmax"] = [_p_np(t) for t in vjp_softmax(gs, torch.softmax(X, dim=-1), X)]
result["gc_matmul"] = _p_gradcheck(_p_op(lambda x, y: x @ y, vjp_matmul), (A, B))
result["gc_softmax"] = _p_gradcheck(_p_op(lambda x: torch.softmax(x, dim=-1), vjp_softmax), (_p_rand(2, 2, 3, seed=1426),))
''',
        "forbid": ["backward", "autograd.grad", "autograd.functional"],
    },
    "test_jacobian_from_vjps": {
        "cells": ["jacobian_from_vjps"],
        "probe": '''
result = {}
M = _p_rand(3, 4, seed=1431, requires_grad=False)
x = _p_rand(4, seed=1432, requires_grad=False)
J = jacobian_from_vjps(lambda t: torch.tanh(M @ t) * t[0], x)
result["J1"], result["J1_shape"] = _p_np(J), list(J.shape)
result["J1_detached"] = not J.requires_grad
x2 = _p_rand(3, 2, seed=1433, requires_grad=False)
J2 = jacobian_from_vjps(lambda t: (t * t).sum(0), x2)               # (2,) output, (3, 2) input
result["J2"], result["J2_shape"] = _p_np(J2), list(J2.shape)
J3 = jacobian_from_vjps(lambda t: torch.stack([t.sum(), t[1] * 0.0 + 2.0]), x)   # a row of zeros
result["J3"] = _p_np(J3)
J4 = jacobian_from_vjps(lambda t: torch.ones(2, 2, dtype=torch.float64), x)   # ignores t: all zeros
result["J4"], result["J4_shape"] = _p_np(J4), list(J4.shape)
result["x_untouched"] = (not x.requires_grad) and x.grad is None
''',
        "forbid": ["autograd.functional"],
    },
    "test_jvp_double_vjp": {
        "cells": ["jvp_double_vjp"],
        "probe": '''
result = {}
M = _p_rand(2, 3, seed=1441, requires_grad=False)
x, u = _p_rand(3, seed=1442, requires_grad=False), _p_rand(3, seed=1443, requires_grad=False)
y, ju = jvp_double_vjp(lambda t: torch.sin(M @ t) * (t ** 2).sum(), x, u)
result["y1"], result["ju1"] = _p_np(y), _p_np(ju)
result["detached"] = (not y.requires_grad) and (not ju.requires_grad)
x2, u2 = _p_rand(2, 2, seed=1444, requires_grad=False), _p_rand(2, 2, seed=1445, requires_grad=False)
y2, ju2 = jvp_double_vjp(lambda t: (t @ t).sum(1), x2, u2)
result["y2"], result["ju2"] = _p_np(y2), _p_np(ju2)
''',
        "forbid": ["autograd.functional"],
    },
}
