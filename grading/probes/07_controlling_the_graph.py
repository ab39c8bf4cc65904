"""Isolated re-check probes for 07_controlling_the_graph (see grading/README or grading/sandbox.py)."""
SETUP = '''
import warnings
import numpy as np
import autograd_core as torch
'''

PROBES = {
    "test_clip_hook": {
        "cells": ["clip_hook"],
        "probe": '''
rng = np.random.default_rng(2024)
result = {}
for k, max_norm in enumerate([0.1, 1.0, 4.0, 1e9]):
    c = torch.tensor(rng.normal(size=(3, 4)) * 3, dtype=torch.float64)
    x = torch.tensor(rng.normal(size=(3, 4)), dtype=torch.float64, requires_grad=True)
    h = x.tanh() * 2
    h.register_hook(make_clip_hook(max_norm))
    (h * c).sum().backward()
    result[f"grad{k}"] = x.grad.numpy()
    leaf = torch.tensor(rng.normal(size=5), dtype=torch.float64, requires_grad=True)
    leaf.register_hook(make_clip_hook(max_norm))
    (leaf * torch.tensor(rng.normal(size=5) * 2, dtype=torch.float64)).sum().backward()
    result[f"leaf{k}"] = leaf.grad.numpy()
g = torch.tensor(rng.normal(size=6) * 10, dtype=torch.float64)
before = g.numpy().copy()
out = make_clip_hook(1.5)(g)
result["direct"] = out.detach().numpy()
result["argument_unchanged"] = bool(np.array_equal(before, g.numpy()))
result["below_is_none"] = make_clip_hook(1e6)(g) is None
''',
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_td_loss": {
        "cells": ["td_loss"],
        "probe": '''
rng = np.random.default_rng(99)
result = {}
for k, (n, d, gamma) in enumerate([(7, 3, 0.95), (2, 5, 0.0), (12, 2, 1.0)]):
    th = torch.tensor(rng.normal(size=d), dtype=torch.float64, requires_grad=True)
    S = torch.tensor(rng.normal(size=(n, d)), dtype=torch.float64)
    S2 = torch.tensor(rng.normal(size=(n, d)), dtype=torch.float64)
    R = torch.tensor(rng.normal(size=n), dtype=torch.float64)
    loss = td_loss(th, S, R, S2, gamma)
    result[f"shape{k}"] = list(loss.shape)
    result[f"loss{k}"] = float(loss.item())
    result[f"grad{k}"] = torch.autograd.grad(loss, th)[0].numpy()
    result[f"no_backward{k}"] = th.grad is None
target = (R + 1.0 * (S2 @ th)).detach()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    result["gradcheck_reference"] = bool(torch.autograd.gradcheck(
        lambda t: ((target - S @ t) ** 2).mean(), (th.detach().clone().requires_grad_(True),),
        raise_exception=False))
''',
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_ste_sign": {
        "cells": ["ste_sign"],
        "probe": '''
rng = np.random.default_rng(606)
v = rng.uniform(-2.5, 2.5, size=(5, 6))
v[0, :4] = [-1.0, 0.0, 1.0, -0.0]
x = torch.tensor(v, dtype=torch.float64, requires_grad=True)
w = torch.tensor(rng.normal(size=(5, 6)), dtype=torch.float64)
y = ste_sign(x)
(y * w).sum().backward()
result = {"value": y.detach().numpy(), "grad": x.grad.numpy(), "dtype": str(y.dtype)}
x32 = torch.tensor(v[1], dtype=torch.float32, requires_grad=True)
y32 = ste_sign(x32)
result["dtype32"] = str(y32.dtype)
result["value32"] = y32.detach().numpy().astype(np.float64)
''',
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_saved_tensor": {
        "cells": ["saved_tensor"],
        "probe": '''
def message(st):
    try:
        st.unpack()
        return "no error"
    except RuntimeError as e:
        return str(e)

result = {}
a = torch.ones(3, 1, dtype=torch.float64)
b = torch.zeros(5)
c = torch.ones(())
d = torch.ones(2, 2)
d.add_(1)
# inserted out of alphabetical order, so that stale_names must sort
saved = {"d": SavedTensor(d, "Mul"), "c": SavedTensor(c, "Log"), "a": SavedTensor(a, "Sigmoid"),
         "b": SavedTensor(b)}
result["none_stale"] = stale_names(saved)
result["unpack_same"] = saved["d"].unpack() is d
a.mul_(3); a.mul_(3); b[1] = 2.0; c.zero_()
result["stale"] = stale_names(saved)
result["is_stale"] = [saved[k].is_stale() for k in "abcd"]
result["messages"] = [message(saved[k]) for k in "abcd"]
x = torch.tensor([0.5, 1.5], requires_grad=True)
y = x.exp()
st = SavedTensor(y, "Exp")
y.mul_(2)
result["exp_message"] = message(st)
''',
    },
    "test_grad_norm_recorder": {
        "cells": ["grad_norm_recorder"],
        "probe": '''
rng = np.random.default_rng(123)
W1 = torch.tensor(rng.normal(size=(4, 5)), dtype=torch.float64, requires_grad=True)
W2 = torch.tensor(rng.normal(size=(5, 2)), dtype=torch.float64, requires_grad=True)
X = torch.tensor(rng.normal(size=(8, 4)), dtype=torch.float64)
rec = GradNormRecorder()
rec.watch("W1", W1)
rec.watch("W2", W2)
for step in range(3):
    h = (X @ W1).tanh()
    rec.watch("h", h)
    ((h @ W2) ** 2).mean().backward()
    with torch.no_grad():                       # move the weights so each pass sees new gradients
        W1 -= 0.1 * W1.grad
        W2 -= 0.1 * W2.grad
grads = {"W1": W1.grad.numpy().copy(), "W2": W2.grad.numpy().copy()}
rec.remove()
((X @ W1).tanh() @ W2).sum().backward()
result = {"names": sorted(rec.norms), "norms": {k: [float(v) for v in rec.norms[k]] for k in sorted(rec.norms)},
          "types": sorted({type(v).__name__ for vs in rec.norms.values() for v in vs}),
          "W1_grad": grads["W1"], "W2_grad": grads["W2"]}
''',
        "rtol": 1e-9, "atol": 1e-12,
    },
}
