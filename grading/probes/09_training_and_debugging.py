"""Isolated re-check probes for 09_training_and_debugging (see grading/README or grading/sandbox.py)."""
SETUP = '''
import math, time, warnings
import numpy as np
import autograd_core as torch
from autograd_core import nn
F = nn.functional
'''

PROBES = {
    "test_stable_ce": {
        "cells": ["stable_ce"],
        "probe": '''
rng = np.random.default_rng(31337)
result = {}
for k, (N, C, scale) in enumerate([(5, 7, 2.0), (9, 4, 40.0), (3, 11, 1e4), (1, 3, 0.1)]):
    L = torch.tensor(rng.normal(size=(N, C)) * scale, dtype=torch.float64, requires_grad=True)
    T = torch.tensor(rng.integers(0, C, size=N), dtype=torch.int64)
    loss = stable_ce(L, T)
    loss.backward()
    result[f"shape{k}"] = list(loss.shape)
    result[f"loss{k}"] = float(loss.item())
    result[f"grad{k}"] = L.grad.numpy()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    T = torch.tensor([2, 0, 1], dtype=torch.int64)
    result["gradcheck"] = bool(torch.autograd.gradcheck(lambda L: stable_ce(L, T),
        (torch.tensor(rng.normal(size=(3, 5)), requires_grad=True),), raise_exception=False))
''',
        "forbid": ["cross_entropy", "CrossEntropyLoss", "softmax", "log_softmax", "logsumexp",
                   "nll_loss", "NLLLoss"],
        "rtol": 1e-7, "atol": 1e-10,
    },
    "test_mlp": {
        "cells": ["mlp"],
        "probe": '''
torch.manual_seed(123)
m = MLP([6, 5, 4, 3], dtype=torch.float64)
names = [n for n, _ in m.named_parameters()]
result = {"names": names, "shapes": [list(p.shape) for p in m.parameters()],
          "dtypes": [str(p.dtype) for p in m.parameters()],
          "leaf_rg": [bool(p.is_leaf and p.requires_grad) for p in m.parameters()]}
big = MLP([900, 400], dtype=torch.float64)
W = big.W0.detach().numpy()
result["init_in_range"] = bool(np.abs(W).max() <= 1 / 30 + 1e-12)
result["init_spread"] = bool(W.min() < -0.03 and W.max() > 0.03 and abs(W.mean()) < 0.002)
b = big.b0.detach().numpy()          # 400 draws: a correct init fails this with probability ~1e-18
result["bias_init_in_range"] = bool(np.abs(b).max() <= 1 / 30 + 1e-12)
result["bias_init_spread"] = bool(b.min() < -0.025 and b.max() > 0.025)
rng = np.random.default_rng(4242)
with torch.no_grad():
    for p in m.parameters():
        p.copy_(torch.tensor(rng.normal(size=tuple(p.shape)), dtype=torch.float64))
x = torch.tensor(rng.normal(size=(7, 6)), requires_grad=True)
out = m(x)
(out ** 2).sum().backward()
result["out"] = out.detach().numpy()
result["x_grad"] = x.grad.numpy()
for n, p in m.named_parameters():
    result["grad_" + n] = p.grad.numpy()
result["default_dtype"] = str(MLP([3, 2]).W0.dtype)
''',
    },
    "test_train_step": {
        "cells": ["train_step"],
        "probe": '''
class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        r = np.random.default_rng(77)
        self.W1 = nn.Parameter(torch.tensor(r.normal(size=(5, 3))))
        self.W2 = nn.Parameter(torch.tensor(r.normal(size=(4, 5))))
    def forward(self, x):
        return (x @ self.W1.T).tanh() @ self.W2.T

r = np.random.default_rng(78)
model = Tiny()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
losses = []
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for step in range(4):
        for p in model.parameters():
            p.grad = torch.full(tuple(p.shape), 7.0, dtype=torch.float64)
        xb = torch.tensor(r.normal(size=(6, 3)))
        yb = torch.tensor(r.integers(0, 4, size=6))
        out = train_step(model, opt, nn.CrossEntropyLoss(), xb, yb)
        losses.append(out if isinstance(out, float) else "not a float: " + type(out).__name__)
result = {"losses": losses, "W1": model.W1.detach().numpy(), "W2": model.W2.detach().numpy()}
''',
        "rtol": 1e-8, "atol": 1e-10,
    },
    "test_grad_norm_report": {
        "cells": ["grad_norm_report"],
        "probe": '''
class Three(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Parameter(torch.zeros(4, 3, dtype=torch.float64))
        self.b = nn.Parameter(torch.zeros(3, dtype=torch.float64))
        self.c = nn.Parameter(torch.zeros(2, 2, dtype=torch.float64))
rng = np.random.default_rng(555)
m = Three()
m.a.grad = torch.tensor(rng.normal(size=(4, 3)) * 1e3)
m.c.grad = torch.tensor(rng.normal(size=(2, 2)) * 1e-3)
rep = grad_norm_report(m)
result = {"keys": sorted(rep), "a": rep.get("a"), "b_is_none": rep.get("b", 0) is None,
          "c": rep.get("c"), "total": rep.get("total"),
          "types": sorted({type(v).__name__ for v in rep.values()})}
m2 = Three()
rep2 = grad_norm_report(m2)
result["all_none"] = [rep2.get(k) is None for k in ["a", "b", "c"]]
result["total_none_grads"] = rep2.get("total")
''',
        "forbid": ["clip_grad_norm_"],
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_why_no_grad": {
        "cells": ["why_no_grad"],
        "probe": '''
torch.manual_seed(9)
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
c = torch.randn(3, requires_grad=True)
d = torch.randn(3, requires_grad=True)
e = torch.randn(3)
with torch.no_grad():
    f = c * 2
mid = (a * b).relu()
loss = mid.sum() + (d.detach() * e).sum() + (f * b).sum()
x = torch.randn(2, requires_grad=True)
y = x
for _ in range(24):
    y = y * 0.5 + y
t0 = time.perf_counter()
deep = why_no_grad(c, y.sum())
elapsed = time.perf_counter() - t0
with torch.no_grad():
    loss_ng = (a * 2).sum()
result = {name: why_no_grad(t, loss) for name, t in
          [("a", a), ("b", b), ("c", c), ("d", d), ("e", e), ("f", f), ("mid", mid)]}
result["no_graph"] = why_no_grad(a, loss_ng)
result["deep_unreached"] = deep
result["deep_reached"] = why_no_grad(x, y.sum())
result["deep_fast"] = bool(elapsed < 2.0)
''',
        "forbid": ["backward", "autograd.grad"],
    },
}
