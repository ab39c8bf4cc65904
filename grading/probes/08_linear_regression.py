"""Isolated re-check probes for 08_linear_regression (see grading/README or grading/sandbox.py)."""
SETUP = '''
import warnings
import numpy as np
import autograd_core as torch
from autograd_core import nn, optim


def make_regression(seed, n, d, noise=0.3, dtype=np.float64):
    """A synthetic linear-regression problem (the notebook's helper): X, y, true w, true b."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    w, b = rng.normal(size=d) * 2, float(rng.normal())
    y = X @ w + b + noise * rng.normal(size=n)
    return torch.tensor(X.astype(dtype)), torch.tensor(y.astype(dtype)), w, b
'''

PROBES = {
    "test_mse_grad": {
        "cells": ["mse_grad"],
        "probe": '''
class MSEByHand(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w, b, X, y):
        ctx.save_for_backward(w, b, X, y)
        return ((X @ w + b - y) ** 2).mean()

    @staticmethod
    def backward(ctx, g):
        w, b, X, y = ctx.saved_tensors
        dw, db = mse_grad(X, y, w, b)
        return g * dw, g * db, None, None

result = {}
for k, (seed, n, d) in enumerate([(901, 11, 3), (902, 4, 6), (903, 25, 1)]):
    X, y, _, _ = make_regression(seed, n, d)
    rng = np.random.default_rng(seed)
    w = torch.tensor(rng.normal(size=d), dtype=torch.float64, requires_grad=True)
    b = torch.tensor(rng.normal(), dtype=torch.float64, requires_grad=True)
    with torch.no_grad():
        dw, db = mse_grad(X, y, w, b)
    result[f"dw{k}"] = dw.detach().numpy()
    result[f"db{k}"] = db.detach().numpy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result[f"gradcheck{k}"] = bool(torch.autograd.gradcheck(
            lambda w, b: MSEByHand.apply(w, b, X, y), (w, b), raise_exception=False))
''',
        # "autograd" alone names the autograd *package*; the dotted entries catch torch.autograd.grad/functional
        "forbid": ["backward", "autograd", "autograd.grad", "autograd.functional"],
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_sgd_step": {
        "cells": ["sgd_step"],
        "probe": '''
rng = np.random.default_rng(77)
a = torch.tensor(rng.normal(size=(3, 2)), requires_grad=True)
c = torch.tensor(rng.normal(size=4), requires_grad=True)
z = torch.tensor(rng.normal(size=2), requires_grad=True)
target = torch.tensor(rng.normal(size=2))
a_obj = a
history = []
for step in range(4):
    (((a.sum(0) - target) ** 2).sum() + (c.exp() * c).sum()).backward()
    sgd_step([a, z, c], 0.03)
    history.append([a.detach().numpy().copy(), c.detach().numpy().copy()])
result = {"history": history, "z": z.detach().numpy(), "same_object": a is a_obj,
          "leaf": bool(a.is_leaf and a.requires_grad and c.is_leaf), "grads_none": a.grad is None and c.grad is None}
''',
        "forbid": ["optim"],
        "rtol": 1e-10, "atol": 1e-12,
    },
    "test_train_loop": {
        "cells": ["sgd_step", "train_loop"],
        "probe": '''
result = {}
for k, (seed, n, d, lr, steps) in enumerate([(911, 60, 4, 0.07, 20), (912, 15, 2, 0.2, 9)]):
    X, y, _, _ = make_regression(seed, n, d)
    w, b, losses = train_linear_regression(X, y, lr=lr, steps=steps)
    result[f"w{k}"] = w.detach().numpy()
    result[f"b{k}"] = b.detach().numpy()
    result[f"losses{k}"] = [float(v) for v in losses]
    result[f"leaf{k}"] = bool(w.is_leaf and w.requires_grad and str(w.dtype) == str(X.dtype))
''',
        "forbid": ["optim"],
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_closed_form": {
        "cells": ["closed_form"],
        "probe": '''
result = {}
for k, (seed, n, d) in enumerate([(921, 50, 5), (922, 7, 3), (923, 300, 1)]):
    X, y, _, _ = make_regression(seed, n, d)
    w, b = closed_form(X, y)
    result[f"w{k}"] = w.detach().numpy()
    result[f"b{k}"] = b.detach().numpy()
    result[f"dtypes{k}"] = [str(w.dtype), str(b.dtype)]
''',
        "rtol": 1e-7, "atol": 1e-9,
    },
    "test_fixed_regressor": {
        "cells": ["fixed_regressor"],
        "probe": '''
rng = np.random.default_rng(931)
X, y, _, _ = make_regression(931, 20, 3)
m = FixedRegressor(3).to(torch.float64)
result = {"names": sorted(n for n, _ in m.named_parameters()),
          "shapes": {n: list(p.shape) for n, p in m.named_parameters()},
          "scale_init": m.scale.detach().numpy().copy()}
with torch.no_grad():
    m.linear.weight.copy_(torch.tensor(rng.normal(size=(1, 3))))
    m.linear.bias.copy_(torch.tensor(rng.normal(size=1)))
    m.scale.copy_(torch.tensor(rng.normal(size=1)))
opt = optim.SGD(m.parameters(), lr=0.02)
losses = []
for _ in range(5):
    opt.zero_grad()
    loss = nn.functional.mse_loss(m(X), y)
    loss.backward()
    opt.step()
    losses.append(float(loss.item()))
result["losses"] = losses
result["pred_shape"] = list(m(X).shape)
result["grads"] = {n: p.grad.numpy() for n, p in m.named_parameters()}
''',
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_momentum_sgd": {
        "cells": ["momentum_sgd"],
        "probe": '''
rng = np.random.default_rng(941)
A = torch.tensor(rng.normal(size=(6, 3)))
t = torch.tensor(rng.normal(size=6))
start = (rng.normal(size=3), rng.normal(size=1))
result = {}
for k, kwargs in enumerate([dict(lr=0.05), dict(lr=0.05, momentum=0.9), dict(lr=0.03, momentum=0.7, weight_decay=0.2),
                            dict(lr=0.1, weight_decay=0.05)]):
    params = [torch.tensor(v, requires_grad=True) for v in start]
    opt = MomentumSGD(params, **kwargs)
    path = []
    for _ in range(7):
        opt.zero_grad()
        (((A @ params[0] + params[1] - t) ** 2).mean() + params[0].sin().sum()).backward()
        opt.step()
        path.append([p.detach().numpy().copy() for p in params])
    result[f"path{k}"] = path
    opt.zero_grad()
    result[f"zeroed{k}"] = all(p.grad is None for p in params)
p1 = torch.tensor([1.0, 2.0], requires_grad=True)
p2 = torch.tensor([3.0], requires_grad=True)
opt = MomentumSGD([p1, p2], lr=0.1, momentum=0.5)
for _ in range(3):
    opt.zero_grad()
    (p1 ** 2).sum().backward()
    opt.step()
result["skip"] = [p1.detach().numpy(), p2.detach().numpy()]
''',
        "forbid": ["optim"],
        "rtol": 1e-10, "atol": 1e-12,
    },
}
