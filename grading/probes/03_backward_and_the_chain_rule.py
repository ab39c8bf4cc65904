"""Isolated re-check probes for 03_backward_and_the_chain_rule (see grading/README or grading/sandbox.py).

SETUP repeats the notebook's locked `Value` class verbatim: the solution cells depend on it.
"""
SETUP = '''
import math
import random
import warnings
import numpy as np
import autograd_core as torch

class Value:
    """A scalar that remembers how it was computed: one node of a tiny autograd graph.

    data: the number; grad: d(output)/d(self), filled by backward() for leaves only;
    _prev: the Value inputs of the operation that produced it, in order (empty for a leaf);
    _local_grads: d(self)/d(input) for each input in _prev, computed during the forward pass;
    _op: the operation's name, for printing and drawing.
    """

    def __init__(self, data, _prev=(), _local_grads=(), _op="", label=""):
        self.data = float(data)
        self.grad = 0.0
        self._prev = tuple(_prev)
        self._local_grads = tuple(float(g) for g in _local_grads)
        self._op = _op
        self.label = label

    def __repr__(self):
        return f"Value(data={self.data:.6g}, grad={self.grad:.6g}{', ' + self.label if self.label else ''})"

    @property
    def is_leaf(self):
        return not self._prev

    # Only Values become graph edges; a Python number is folded into the local derivative.
    def __add__(self, other):
        if isinstance(other, Value):
            return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")
        return Value(self.data + other, (self,), (1.0,), "+")

    def __mul__(self, other):
        if isinstance(other, Value):
            return Value(self.data * other.data, (self, other), (other.data, self.data), "*")
        return Value(self.data * other, (self,), (other,), "*")

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("only a Python number exponent is supported")
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),), f"**{k}")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1


def _reachable(root):
    seen, stack = {id(root): root}, [root]
    while stack:
        for p in stack.pop()._prev:
            if id(p) not in seen:
                seen[id(p)] = p
                stack.append(p)
    return seen


def _is_toposort(order, root):
    """True when order lists each node reachable from root once, inputs first, root last."""
    order = list(order)
    ids = [id(n) for n in order]
    if len(set(ids)) != len(ids) or set(ids) != set(_reachable(root)) or order[-1] is not root:
        return False
    pos = {i: k for k, i in enumerate(ids)}
    return all(pos[id(p)] < pos[id(n)] for n in order for p in n._prev)


def _random_graph(seed, n_leaves=5, n_ops=200):
    """A random expression DAG over fresh leaves, built with +, * and Python constants."""
    rng = random.Random(seed)
    leaves = [Value(rng.uniform(0.5, 1.0)) for _ in range(n_leaves)]
    pool = list(leaves)
    for k in range(n_ops):
        p, q = rng.choice(pool[-30:]), rng.choice(pool)
        pool.append([p * q * 0.5, p + q, p - q * 0.3, p * 0.9 + 1.0][k % 4])
    return leaves, pool[-1] + pool[-3] * pool[n_leaves + 7]
'''

PROBES = {
    "test_topo_sort": {
        "cells": ["topo_sort"],
        "probe": '''
result = {}
for k, seed in enumerate([71, 72]):
    leaves, root = _random_graph(seed)
    order = topo_sort(root)
    result[f"random{k}_valid"] = _is_toposort(order, root)
    result[f"random{k}_len"] = len(order)
leaf = Value(1.0)
result["leaf"] = [id(n) == id(leaf) for n in topo_sort(leaf)]
v = Value(0.3)
for i in range(15000):
    v = v * 1.0001 + 0.01
order = topo_sort(v)
result["deep_valid"], result["deep_len"] = _is_toposort(order, v), len(order)

class _Counting(Value):
    reads = 0
    @property
    def _prev(self):
        _Counting.reads += 1
        if _Counting.reads > 10000:
            raise RuntimeError("exponential traversal of a shared subgraph")
        return self._p
    @_prev.setter
    def _prev(self, value):
        self._p = value

v = _Counting(1.0)
for _ in range(80):
    v = _Counting(2 * v.data, (v, v), (1.0, 1.0), "+")
_Counting.reads = 0
order = topo_sort(v)
result["ladder_linear"] = _Counting.reads <= 4 * 81 + 10
_Counting.reads = -10**9
result["ladder_valid"], result["ladder_len"] = _is_toposort(order, v), len(order)
''',
        "forbid": ["torch", "setrecursionlimit"],
    },
    "test_backward": {
        "cells": ["topo_sort", "backward"],
        "probe": '''
result = {}
for k, seed in enumerate([81, 82, 83]):
    leaves, root = _random_graph(seed, n_ops=120)
    backward(root)
    result[f"random{k}_grads"] = [l.grad for l in leaves]
    result[f"random{k}_root_grad_untouched"] = root.grad == 0.0
x = Value(-1.7)
backward(x * x * x)
result["cube"] = x.grad
x = Value(0.4)
u = x * 3.0 + 1.0
backward(u * u - u * x)
result["diamond"] = x.grad
w = Value(2.0)
backward(w * w)
backward(w * 5.0)
result["accumulated"] = w.grad
leaf = Value(1.0)
backward(leaf)
result["leaf_itself"] = leaf.grad
x = Value(1.0)
v = x
for _ in range(300):
    v = v + v
backward(v)
result["ladder300_log2"] = math.log2(x.grad)
x = Value(1.0)
v = x
for _ in range(15000):
    v = v * 1.0 + v * 0.0
backward(v)
result["deep"] = x.grad

def _fn(x0, x1, x2):
    return x0 * x1 * x2 + (x0 - x2) * (x1 + 2.0) / x2

class _EngineFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        leaves = [Value(v) for v in t.detach().reshape(-1).tolist()]
        backward(_fn(*leaves))
        ctx.save_for_backward(torch.tensor([l.grad for l in leaves], dtype=torch.float64))
        return torch.tensor(_fn(*[Value(v) for v in t.detach().reshape(-1).tolist()]).data, dtype=torch.float64)
    @staticmethod
    def backward(ctx, g):
        (grads,) = ctx.saved_tensors
        return g * grads

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    result["gradcheck"] = bool(torch.autograd.gradcheck(
        _EngineFn.apply, (torch.tensor([0.6, -1.1, 1.7], dtype=torch.float64, requires_grad=True),),
        raise_exception=False))
''',
        "forbid": ["torch", "setrecursionlimit"],
        "rtol": 1e-9, "atol": 1e-12,
    },
    "test_local_rules": {
        "cells": ["local_rules"],
        "probe": '''
result = {}
for name, fn, xs in [("exp", v_exp, [-2.3, 0.0, 1.7]), ("log", v_log, [0.2, 1.0, 6.5]),
                     ("tanh", v_tanh, [-3.0, 0.1, 0.9]), ("sigmoid", v_sigmoid, [-4.0, 0.0, 2.2]),
                     ("relu", v_relu, [-0.5, 0.0, 1e-9, 3.0])]:
    outs = [fn(Value(x)) for x in xs]
    result[name + "_data"] = [o.data for o in outs]
    result[name + "_local"] = [list(o._local_grads) for o in outs]
    result[name + "_one_node"] = all(len(o._prev) == 1 for o in outs)
a = Value(0.8)
result["methods_attached"] = [a.exp().data, a.log().data, a.tanh().data, a.sigmoid().data, a.relu().data]
''',
        "forbid": ["torch"],
        "rtol": 1e-10, "atol": 1e-13,
    },
    "test_fit_line": {
        "cells": ["topo_sort", "backward", "local_rules", "fit_line"],
        "probe": '''
rng = np.random.default_rng(88)
xs = rng.uniform(-1.5, 1.5, 9).tolist()
ys = (-0.8 * np.array(xs) + 0.6 + 0.05 * rng.standard_normal(9)).tolist()
w, b, losses = fit_line(xs, ys, 0.2, -0.1, 0.07, 60)
result = {"w": w.data, "b": b.data, "losses": np.asarray(losses, dtype=np.float64),
          "final_grads": [w.grad, b.grad], "returns_values": isinstance(w, Value) and isinstance(b, Value)}
p, q = Value(1.0), Value(2.0)
p.grad, q.grad = 3.0, -4.0
zero_grad([p, q])
result["zero_grad"] = [p.grad, q.grad]
''',
        "forbid": ["torch"],
        "rtol": 1e-8, "atol": 1e-11,
    },
}
