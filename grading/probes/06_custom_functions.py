"""Isolated re-check probes for 06_custom_functions (see grading/README or grading/sandbox.py).

Every probe runs the student's Function on inputs the notebook never shows (fixed numpy seeds,
float64), returns values and gradients as data, and records gradcheck / gradgradcheck verdicts.
"""
from grading.probes._common import HELPERS

SETUP = HELPERS + '''from types import SimpleNamespace


def _p_vjp(fn, inputs, g):
    out = fn(*inputs)
    return [None if d is None else _p_np(d) for d in torch.autograd.grad(out, inputs, g, allow_unused=True)]
'''

PROBES = {
    "test_softplus": {
        "cells": ["softplus"],
        "probe": '''
result = {}
x = torch.tensor([-800.0, -40.0, -3.5, -1e-3, 0.0, 2e-3, 4.25, 40.0, 800.0], dtype=torch.float64, requires_grad=True)
y = SoftPlus.apply(x)
result["y"] = _p_np(y)
result["g"] = _p_vjp(SoftPlus.apply, (x,), torch.linspace(1.0, 2.0, 9, dtype=torch.float64))
result["node"] = type(y.grad_fn).__name__
xr = _p_rand(2, 3, seed=1601) * 4
result["gc"] = _p_gradcheck(SoftPlus.apply, (xr,), second=True)
''',
        "forbid": ["softplus", "logaddexp"],
    },
    "test_logsumexp": {
        "cells": ["logsumexp"],
        "probe": '''
result = {}
x = _p_rand(3, 4, seed=1611) * 5
result["y"] = _p_np(LogSumExp.apply(x))
result["g"] = _p_vjp(LogSumExp.apply, (x,), _p_rand(3, seed=1612, requires_grad=False))
big = torch.tensor([[900.0, 899.0, -900.0], [-2e3, -2e3, -2e3]], dtype=torch.float64, requires_grad=True)
result["y_big"] = _p_np(LogSumExp.apply(big))
result["g_big"] = _p_vjp(LogSumExp.apply, (big,), torch.tensor([1.0, 3.0], dtype=torch.float64))
v = _p_rand(6, seed=1613)
result["y_1d"] = _p_np(LogSumExp.apply(v))
result["gc_3d"] = _p_gradcheck(LogSumExp.apply, (_p_rand(2, 3, 2, seed=1614),), second=True)
''',
        "forbid": ["logsumexp", "logaddexp", "softmax", "log_softmax"],
    },
    "test_sign_ste": {
        "cells": ["sign_ste"],
        "probe": '''
result = {}
x = torch.tensor([-3.0, -1.0, -0.999, -0.2, 0.0, 0.3, 0.999, 1.0, 1.001, 2.5], dtype=torch.float64, requires_grad=True)
y = SignSTE.apply(x)
result["y"], result["dtype"] = _p_np(y), str(y.dtype)
result["g"] = _p_vjp(SignSTE.apply, (x,), torch.arange(1, 11, dtype=torch.float64))
def surrogate(t):
    y = SignSTE.apply(t)
    return y - y.detach() + t.clamp(-1, 1).detach()
xr = torch.tensor([[-2.2, -0.7, 0.05], [0.45, 0.93, 1.6]], dtype=torch.float64, requires_grad=True)
result["gc_surrogate"] = _p_gradcheck(surrogate, (xr,))
''',
    },
    "test_clip_grad": {
        "cells": ["clip_grad"],
        "probe": '''
result = {}
x = _p_rand(2, 4, seed=1621)
y = ClipGrad.apply(x, 0.8)
result["y"] = _p_np(y)
result["new_tensor"] = y is not x
g = _p_rand(2, 4, seed=1622, requires_grad=False) * 2
result["g"] = _p_vjp(lambda t: ClipGrad.apply(t, 0.8), (x,), g)
result["g_chain"] = _p_vjp(lambda t: ClipGrad.apply(t * 3.0, 2.0) * t, (x,), g)
result["gc_identity"] = _p_gradcheck(lambda t: torch.tanh(ClipGrad.apply(t ** 2, 50.0)) * t, (x,))
''',
    },
    "test_linear_function": {
        "cells": ["linear_function"],
        "probe": '''
result = {}
x, W, b = _p_rand(5, 4, seed=1631), _p_rand(3, 4, seed=1632), _p_rand(3, seed=1633)
result["y"] = _p_np(LinearFunction.apply(x, W, b))
g = _p_rand(5, 3, seed=1634, requires_grad=False)
result["grads"] = _p_vjp(LinearFunction.apply, (x, W, b), g)
result["gc_all"] = _p_gradcheck(LinearFunction.apply, (x, W, b), second=True)
result["gc_x_only"] = _p_gradcheck(lambda t: LinearFunction.apply(t, W.detach(), b.detach()), (x,))
pattern = []
for needs in [(True, False, False), (False, True, False), (False, False, True), (False, True, True)]:
    ctx = SimpleNamespace(saved_tensors=(x.detach(), W.detach()), needs_input_grad=needs)
    out = LinearFunction.backward(ctx, g)
    pattern.append([d is not None for d in out])
result["needs_pattern"] = pattern
''',
    },
}
