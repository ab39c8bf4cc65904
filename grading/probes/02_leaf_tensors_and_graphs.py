"""Isolated re-check probes for 02_leaf_tensors_and_graphs (see grading/README or grading/sandbox.py)."""
SETUP = '''
import warnings
import numpy as np
import autograd_core as torch
torch.manual_seed(0)
'''

PROBES = {
    "test_node_names": {
        "cells": ["node_names"],
        "probe": '''
rng = np.random.default_rng(55)
a = torch.from_numpy(rng.standard_normal(3)).requires_grad_(True)
b = torch.from_numpy(rng.standard_normal(3)).requires_grad_(True)
k = torch.from_numpy(rng.standard_normal(3))
h = a.exp()
g1 = ((h * b + k).tanh() - h * 2.0).sum()
g2 = (a * a + b).mean() / 3.0
s = a.sigmoid()
g3 = (s.exp() + s * s - (s + b).relu()).sum()
deep = b
for _ in range(2500):
    deep = deep * 1.0 + a
result = {
    "g1": list(node_names(g1)),
    "g2": list(node_names(g2)),
    "g3": list(node_names(g3)),
    "leaf": list(node_names(a)),
    "untracked": list(node_names(k * 2.0)),
    "deep_len": len(node_names(deep.sum())),
    "deep_head": list(node_names(deep.sum()))[:4],
}
''',
        "forbid": ["make_dot", "viz"],
    },
    "test_count_leaves": {
        "cells": ["count_leaves"],
        "probe": '''
rng = np.random.default_rng(56)
ps = [torch.from_numpy(rng.standard_normal(2)).requires_grad_(True) for _ in range(5)]
k = torch.from_numpy(rng.standard_normal(2))
h = ps[0]
for p in [ps[1], ps[2], ps[1], ps[2], ps[1]]:
    h = (h * p + k).tanh()
with torch.no_grad():
    frozen = ps[3] * 2.0
chain = ps[4]
for _ in range(2500):
    chain = chain * 1.0 + ps[0]
result = {
    "h": count_leaves(h.sum()),
    "h_frozen": count_leaves((h * frozen).sum()),
    "h_detached": count_leaves((h.detach() * ps[3]).sum()),
    "self_leaf": count_leaves(ps[2]),
    "untracked": count_leaves(k * 3.0),
    "square": count_leaves((ps[0] * ps[0]).sum()),
    "chain": count_leaves(chain.sum()),
}
''',
        "forbid": ["make_dot", "viz"],
    },
    "test_leaf_predictions": {
        "cells": ["leaf_predictions"],
        "probe": '''
result = {name: [bool(v) for v in predictions[name]] for name in "abcdefghi"}
''',
    },
    "test_build": {
        "cells": ["build"],
        "probe": '''
def structure(t, leaf_names):
    by_id = {id(v): k for k, v in leaf_names.items()}
    def walk(fn):
        if fn is None:
            return None
        if hasattr(fn, "variable"):
            return by_id.get(id(fn.variable), "?")
        return [type(fn).__name__, [walk(n) for n, _ in fn.next_functions]]
    return walk(t.grad_fn)

rng = np.random.default_rng(57)
result = {}
for k, shape in enumerate([(4,), (3, 2)]):
    a = torch.from_numpy(rng.standard_normal(shape)).requires_grad_(True)
    b = torch.from_numpy(rng.standard_normal(shape)).requires_grad_(True)
    out = build(a, b)
    result[f"structure{k}"] = structure(out, {"a": a, "b": b})
    result[f"value{k}"] = float(out.item())
    out.backward()
    result[f"grad_a{k}"] = a.grad.numpy().copy()
    result[f"grad_b{k}"] = b.grad.numpy().copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result[f"gradcheck{k}"] = bool(torch.autograd.gradcheck(
            build, (a.detach().clone().requires_grad_(True), b.detach().clone().requires_grad_(True)),
            raise_exception=False))
''',
        "rtol": 1e-9, "atol": 1e-12,
    },
}
