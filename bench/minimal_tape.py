"""The floor: about the least per-op work a pure-Python reverse-mode tape over numpy can do.

Not an engine to use: float arrays and Python-number operands only, the few ops the small-op chain
needs, no broadcasting reduction, no dtype rules, no version counters, no hooks, no error
messages, no higher-order gradients. Each op makes one ``Var`` holding its inputs and a VJP
closure (micrograd's and HIPS autograd's tape, in its leanest form); ``backward`` walks them in
reverse topological order. Timed beside autograd_core it shows which part of autograd_core's
per-op cost is torch's semantics and which part is Python itself.

It speaks just enough of torch's API for ``SmallChain.torchlike`` and the scale chain (no
``create_graph``); other workloads report it as not applicable (``BENCH_WORKLOADS``).
"""
import numpy as np

__version__ = "bench floor"
BENCH_WORKLOADS = ("small_chain", "scale")


class _Mode:
    record = True


class no_grad:
    """Ops inside do not record (the one switch this tape has)."""

    def __enter__(self):
        self.prev, _Mode.record = _Mode.record, False

    def __exit__(self, *exc):
        _Mode.record = self.prev


class Var:
    __slots__ = ("data", "g", "parents", "vjp")

    def __init__(self, data, parents=(), vjp=None):
        self.data = data
        self.g = None                                  # the gradient, a raw array
        self.parents = parents if _Mode.record else ()
        self.vjp = vjp if _Mode.record else None

    def __mul__(self, c):
        return Var(self.data * c, (self,), lambda g: g * c)

    def __add__(self, c):
        return Var(self.data + c, (self,), lambda g: g)

    def __sub__(self, c):
        return Var(self.data - c, (self,), lambda g: g)

    def tanh(self):
        y = np.tanh(self.data)
        return Var(y, (self,), lambda g: g * (1 - y * y))

    def sum(self):
        shape = self.data.shape
        return Var(self.data.sum(), (self,), lambda g: np.broadcast_to(g, shape))

    def backward(self):
        order, seen, stack = [], {id(self)}, [(self, False)]
        while stack:                                   # iterative post-order DFS
            v, done = stack.pop()
            if done:
                order.append(v)
                continue
            stack.append((v, True))
            for p in v.parents:
                if id(p) not in seen:
                    seen.add(id(p))
                    stack.append((p, False))
        self.g = np.ones_like(self.data)
        for v in reversed(order):                      # every op here has one input
            if v.vjp is not None:
                p = v.parents[0]
                g = v.vjp(v.g)
                p.g = g if p.g is None else p.g + g

    @property
    def grad(self):
        return None if self.g is None else Var(self.g)

    @grad.setter
    def grad(self, value):
        self.g = None if value is None else value.data

    # what the benchmark's gradient check calls: x.grad.detach().cpu().numpy()
    def detach(self):
        return self

    def cpu(self):
        return self

    def numpy(self):
        return self.data


def tensor(data, requires_grad=False):
    return Var(np.asarray(data))
