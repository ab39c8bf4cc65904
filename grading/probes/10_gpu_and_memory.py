"""Isolated re-check probes for 10_gpu_and_memory (see grading/README or grading/sandbox.py)."""
SETUP = '''
import gc, math, time, tracemalloc, warnings
import numpy as np
import autograd_core as torch
from autograd_core import nn
from autograd_core.utils.checkpoint import checkpoint
'''

_TOY = '''
def toy_problem(seed, N, D=5, C=4):
    r = np.random.default_rng(seed)
    W = torch.tensor(r.normal(size=(C, D)), requires_grad=True)
    b = torch.tensor(r.normal(size=(C,)), requires_grad=True)
    return [W, b], torch.tensor(r.normal(size=(N, D))), torch.tensor(r.integers(0, C, size=N))

def toy_loss(params, X, y):
    W, b = params
    return nn.CrossEntropyLoss()(X @ W.T + b, y) + (W ** 2).sum() * 0.01
'''

PROBES = {
    "test_segment_checkpoint": {
        "cells": ["segment_checkpoint"],
        "probe": '''
result = {}
r = np.random.default_rng(606)
calls = []
def f(h, A, B, c):
    calls.append(1)
    return ((h @ A).tanh() @ B).cos() * h + c
x = torch.tensor(r.normal(size=(3, 4)), requires_grad=True)
A = torch.tensor(r.normal(size=(4, 5)), requires_grad=True)
B = torch.tensor(r.normal(size=(5, 4)), requires_grad=True)
c = torch.tensor(r.normal(size=(4,)), requires_grad=True)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    out = checkpoint_segment(f, x, A, B, c)
    result["forward_calls"] = len(calls)
    seen, stack, names = set(), [out.grad_fn], []
    while stack:
        n = stack.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n)); names.append(type(n).__name__)
        stack.extend(m for m, _ in n.next_functions)
    result["node_names"] = sorted(names)
    out2 = checkpoint_segment(f, checkpoint_segment(f, out, A, B, c), A, B, c)
    grads = torch.autograd.grad((out2 ** 2).sum(), [x, A, B, c])
    result["total_calls"] = len(calls)
    for name, g in zip("xABc", grads):
        result["g_" + name] = g.numpy()
    result["out2"] = out2.detach().numpy()
    data = torch.tensor(r.normal(size=(3, 4)))
    checkpoint_segment(f, data, A, B, c).sum().backward()
    result["A_grad_data_input"] = A.grad.numpy()
    result["data_grad_is_none"] = data.grad is None
    o = checkpoint_segment(lambda h, A, u: (h @ A).tanh(), x, A, c)     # c is not used by the segment
    gs = torch.autograd.grad(o.sum(), [x, A, c], allow_unused=True)
    result["unused_none_or_zero"] = gs[2] is None or bool(np.all(gs[2].numpy() == 0))
    result["unused_gA"] = gs[1].numpy()
    Bd, cd = B.detach(), c.detach()
    result["gradcheck"] = bool(torch.autograd.gradcheck(lambda x, A: checkpoint_segment(f, x, A, Bd, cd), (x, A),
                                                        raise_exception=False))
''',
        "rtol": 1e-8, "atol": 1e-10,
    },
    "test_accumulate_gradients": {
        "cells": ["accumulate_gradients"],
        "probe": _TOY + '''
result = {}
for case, (seed, N, mb) in enumerate([(21, 11, 3), (22, 8, 8), (23, 6, 4), (24, 5, 1)]):
    params, X, y = toy_problem(seed, N)
    for p in params:
        p.grad = torch.full(tuple(p.shape), -9.0, dtype=torch.float64)
    sizes = []
    def loss_fn(ps, xb, yb):
        sizes.append(int(xb.shape[0]))
        return toy_loss(ps, xb, yb)
    ret = accumulate_gradients(params, loss_fn, X, y, mb)
    result[f"sizes{case}"] = sizes
    result[f"ret{case}"] = float(ret)
    result[f"gW{case}"] = params[0].grad.numpy()
    result[f"gb{case}"] = params[1].grad.numpy()
''',
        "rtol": 1e-8, "atol": 1e-10,
    },
    "test_grad_scaler": {
        "cells": ["grad_scaler"],
        "probe": '''
result = {}
s = GradScaler(init_scale=32.0, growth_factor=4.0, backoff_factor=0.125, growth_interval=2)
p = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
q = torch.tensor([2.0], dtype=torch.float64, requires_grad=True)
opt = torch.optim.SGD([p, q], lr=0.1)
rng = np.random.default_rng(31)
hist = []
for it in range(10):
    gp = rng.normal(size=2) * 64.0
    if it in (3, 7):
        gp[1] = [np.inf, np.nan][it == 7]
    p.grad = torch.tensor(gp, dtype=torch.float64)
    q.grad = None if it == 5 else torch.tensor(rng.normal(size=1) * 64.0, dtype=torch.float64)
    if it % 2:
        s.unscale_(opt)
    stepped = s.step(opt)
    s.update()
    hist.append([bool(stepped), float(s.get_scale())])
result["hist"] = hist
result["p"] = p.detach().numpy()
result["q"] = q.detach().numpy()
result["scaled"] = float(s.scale(torch.tensor(3.0, dtype=torch.float64)).item())
s.unscale_(opt)
try:
    s.unscale_(opt)
    result["double_unscale"] = "no error"
except RuntimeError as e:
    result["double_unscale"] = "already been called" in str(e)
result["default_scale"] = float(GradScaler().get_scale())
''',
        "rtol": 1e-10, "atol": 1e-12,
    },
    "test_data_parallel_grads": {
        "cells": ["data_parallel_grads"],
        "probe": _TOY + '''
result = {}
for case, (seed, N, R) in enumerate([(41, 13, 4), (42, 6, 6), (43, 9, 2), (44, 7, 1)]):
    params, X, y = toy_problem(seed, N)
    calls = []
    def loss_fn(ps, xb, yb):
        calls.append([int(xb.shape[0]), any(a is b for a, b in zip(ps, params)), all(a.is_leaf for a in ps)])
        return toy_loss(ps, xb, yb)
    grads = data_parallel_grads(params, loss_fn, X, y, R)
    result[f"calls{case}"] = calls
    result[f"orig_grad_none{case}"] = [p.grad is None for p in params]
    result[f"n{case}"] = len(grads)
    for k, g in enumerate(grads):
        result[f"g{case}_{k}"] = g.detach().numpy()
''',
        "rtol": 1e-8, "atol": 1e-10,
    },
    "test_train_step_on": {
        "cells": ["train_step_on"],
        "probe": '''
result = {}
for case, (dtype, seed) in enumerate([(torch.float64, 90), (torch.float32, 91)]):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 5), nn.Tanh(), nn.Linear(5, 4)).to(dtype)
    opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.5)
    r = np.random.default_rng(seed)
    seen, losses = [], []
    def loss_fn(out, yb):
        seen.append([str(out.dtype), str(yb.dtype), str(out.device), str(yb.device)])
        return nn.CrossEntropyLoss()(out, yb)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for step in range(3):
            for p in model.parameters():          # stale gradients: a correct step clears them first
                p.grad = torch.full(tuple(p.shape), 3.0, dtype=dtype)
            xb = torch.tensor(r.normal(size=(6, 3)), dtype=torch.float32)
            yb = torch.tensor(r.integers(0, 4, size=6))
            out = train_step_on(model, opt, loss_fn, xb, yb)
            losses.append(out if isinstance(out, float) else "not a float: " + type(out).__name__)
    result[f"losses{case}"] = losses
    result[f"seen{case}"] = seen
    for n, p in model.named_parameters():
        result[f"{case}_{n}"] = p.detach().numpy()
        result[f"{case}_{n}_dtype"] = str(p.dtype)
''',
        "forbid": ["cuda"],
        "rtol": 1e-6, "atol": 1e-8,
    },
}
