"""Random differentiable programs, run on the engine and on torch, compared value by value.

A program is a pool of float64 leaves (random shapes that broadcast against one base shape) and a
list of steps; each step applies a unary, binary or reduction op to tensors already in the pool
and adds the result. Reductions keep their dims, so every pool tensor's shape stays a broadcast of
the base shape and any two of them can be combined. Every op keeps values bounded (products go
through tanh, divisions through x*x+1, exp is damped), so float64 stays far from overflow.
The loss sums every step's result; values of every step and the grads of every leaf (including
which leaves got no gradient at all) must match torch.

Deterministic: derandomize=True, 100 examples, no example database.
"""

import numpy as np
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import assert_same_tensor

UNARY = {
    "exp": lambda L, a: (a * 0.3).exp(),
    "log": lambda L, a: (a * a + 1).log(),
    "sqrt": lambda L, a: (a * a + 1).sqrt(),
    "sin": lambda L, a: a.sin(),
    "cos": lambda L, a: L.cos(a),
    "tanh": lambda L, a: a.tanh(),
    "sigmoid": lambda L, a: L.sigmoid(a),
    "relu": lambda L, a: a.relu(),
    "abs": lambda L, a: a.abs(),
    "neg": lambda L, a: -a,
    "square": lambda L, a: a.tanh() ** 2,
    "rsub": lambda L, a: 1.5 - a,
    "rdiv": lambda L, a: 1.0 / (a * a + 1),
    "clamp": lambda L, a: a.clamp(-0.5, 0.8),
}
BINARY = {
    "add": lambda L, a, b: a + b,
    "sub": lambda L, a, b: a - b,
    "mul": lambda L, a, b: a * b.tanh(),
    "div": lambda L, a, b: a / (b * b + 1),
    "maximum": lambda L, a, b: L.maximum(a, b),
    "minimum": lambda L, a, b: L.minimum(a, b),
    "where": lambda L, a, b: L.where(a > b, a, b * 0.5),
    "pow": lambda L, a, b: (a * a + 0.5) ** b.tanh(),
}
REDUCE = {  # f(L, a, dim) with keepdim=True
    "sum": lambda L, a, d: a.sum(dim=d, keepdim=True),
    "mean": lambda L, a, d: a.mean(dim=d, keepdim=True),
    "max": lambda L, a, d: a.max(dim=d, keepdim=True)[0],
    "min": lambda L, a, d: L.min(a, dim=d, keepdim=True)[0],
    "logsumexp": lambda L, a, d: a.logsumexp(dim=d, keepdim=True),
    "softmax": lambda L, a, d: a.softmax(dim=d),
    "var": lambda L, a, d: a.var(dim=d, keepdim=True) if a.shape[d] > 1 else a * 1,
}


@st.composite
def programs(draw):
    base = tuple(draw(st.lists(st.integers(1, 3), min_size=0, max_size=3)))
    n_inputs = draw(st.integers(1, 3))
    shapes = []
    for _ in range(n_inputs):
        keep = draw(st.integers(0, len(base)))  # a suffix of base, some dims set to 1
        suffix = base[len(base) - keep:]
        shapes.append(tuple(1 if draw(st.booleans()) else s for s in suffix))
    steps = []
    pool = [len(s) for s in shapes]  # ndim of each pool tensor
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["unary", "binary", "reduce", "expand"]))
        i = draw(st.integers(0, len(pool) - 1))
        if kind == "unary":
            steps.append(("unary", draw(st.sampled_from(sorted(UNARY))), i))
            pool.append(pool[i])
        elif kind == "binary":
            j = draw(st.integers(0, len(pool) - 1))
            steps.append(("binary", draw(st.sampled_from(sorted(BINARY))), i, j))
            pool.append(max(pool[i], pool[j]))
        elif kind == "reduce" and pool[i] > 0:
            steps.append(("reduce", draw(st.sampled_from(sorted(REDUCE))), i,
                          draw(st.integers(-pool[i], pool[i] - 1))))
            pool.append(pool[i])
        else:
            steps.append(("expand", i))
            pool.append(len(base))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    return base, shapes, steps, seed


def run(lib, base, arrays, steps):
    """Run the program with ``lib``; return (leaves, every step's result)."""
    leaves = [lib.tensor(a.copy(), dtype=lib.float64, requires_grad=True) for a in arrays]
    pool = list(leaves)
    for step in steps:
        if step[0] == "unary":
            pool.append(UNARY[step[1]](lib, pool[step[2]]))
        elif step[0] == "binary":
            pool.append(BINARY[step[1]](lib, pool[step[2]], pool[step[3]]))
        elif step[0] == "reduce":
            pool.append(REDUCE[step[1]](lib, pool[step[2]], step[3]))
        else:
            pool.append(pool[step[1]].expand(base))
    results = pool[len(leaves):]
    loss = sum(r.sum() for r in results)
    loss.backward()
    return leaves, results


@settings(max_examples=100, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_program_matches_torch(ag, program):
    base, shapes, steps, seed = program
    rng = np.random.default_rng(seed)
    arrays = [rng.uniform(-2.0, 2.0, size=s) for s in shapes]
    got_leaves, got = run(ag, base, arrays, steps)
    want_leaves, want = run(torch, base, arrays, steps)
    for k, (g, w) in enumerate(zip(got, want)):
        assert_same_tensor(g, w, f"step {k} {steps[k]} value", rtol=1e-9, atol=1e-12)
    for k, (g, w) in enumerate(zip(got_leaves, want_leaves)):
        if w.grad is None:
            assert g.grad is None, f"leaf {k} is unused, its .grad should stay None"
        else:
            assert_same_tensor(g.grad, w.grad, f"leaf {k} {shapes[k]} grad", rtol=1e-9, atol=1e-12)
