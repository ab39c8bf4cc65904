"""The op table: one row per op (and per calling form worth its own row), shared by test_ops.py.

Each row is ``Op(id, fn, shapes, domain)``: ``fn(lib, *tensors)`` computes the op with either torch
or the engine (same code), ``shapes`` are the float64 input shapes (chosen to broadcast where the op
broadcasts), ``domain`` says where inputs are drawn so that they stay away from kinks and poles
(gradcheck's central differences use eps=1e-6, so 0.2 of clearance is plenty):

* ``"any"``   -- |x| in [0.5, 1.5], random sign (relu/abs/clamp(min=0) never see 0)
* ``"pos"``   -- x in [0.5, 2.0] (log, sqrt, bases of tensor powers)
* ``"clamp"`` -- |x| in [0.2, 0.8] or [1.2, 1.8], random sign (clamp(-1, 1) never sees +-1)
* a callable ``make(rng) -> list of arrays`` for ops that need related inputs (maximum, minimum)

Constants (indices, masks, targets) are built inside ``fn`` from Python lists, so they are the
same for both libraries and never require grad. Ids are readable: ``pytest -k exp``.
"""

import dataclasses
import importlib
import pathlib
import zlib
from typing import Callable

import numpy as np


@dataclasses.dataclass(frozen=True)
class Op:
    id: str
    fn: Callable
    shapes: tuple
    domain: object = "any"
    gradgrad: bool = True  # every op here is twice differentiable away from its kinks

    def arrays(self):
        """The float64 inputs for this row, deterministic per row id."""
        rng = np.random.default_rng(zlib.crc32(self.id.encode()))
        if callable(self.domain):
            return [np.asarray(a, dtype=np.float64) for a in self.domain(rng)]
        return [_draw(rng, s, self.domain) for s in self.shapes]


def _draw(rng, shape, domain):
    sign = rng.choice([-1.0, 1.0], size=shape)
    if domain == "any":
        return sign * rng.uniform(0.5, 1.5, size=shape)
    if domain == "pos":
        return rng.uniform(0.5, 2.0, size=shape)
    if domain == "clamp":
        near = rng.uniform(0.2, 0.8, size=shape)
        far = rng.uniform(1.2, 1.8, size=shape)
        return sign * np.where(rng.random(size=shape) < 0.5, near, far)
    raise ValueError(domain)


def _separated(shape_a, shape_b):
    """a and b (broadcastable) at least 0.2 apart everywhere, so maximum/minimum have no ties."""
    def make(rng):
        b = _draw(rng, shape_b, "any")
        gap = rng.choice([-1.0, 1.0], size=shape_a) * rng.uniform(0.2, 1.0, size=shape_a)
        return [np.broadcast_to(b, shape_a) + gap, b]
    return make


def F(lib):
    return lib.nn.functional


MASK_2x3 = [[True, False, True], [False, False, True]]

OPS = [
    # ---- arithmetic, tensor (+) tensor with broadcasting, and Python scalars on either side ----
    Op("add-3x4+4", lambda L, a, b: a + b, ((3, 4), (4,))),
    Op("add-0d+3", lambda L, a, b: a + b, ((), (3,))),
    Op("add-scalar-right", lambda L, a: a + 2.5, ((2, 3),)),
    Op("add-scalar-left", lambda L, a: 2.5 + a, ((2, 3),)),
    Op("sub-2x1-1x3", lambda L, a, b: a - b, ((2, 1), (1, 3))),
    Op("sub-scalar-right", lambda L, a: a - 1.5, ((3,),)),
    Op("rsub-scalar-left", lambda L, a: 1.5 - a, ((3,),)),
    Op("mul-2x1*1x3", lambda L, a, b: a * b, ((2, 1), (1, 3))),
    Op("mul-1*2x3", lambda L, a, b: a * b, ((1,), (2, 3))),
    Op("mul-scalar-right", lambda L, a: a * 3.0, ((2, 2),)),
    Op("mul-scalar-left", lambda L, a: 3.0 * a, ((2, 2),)),
    Op("div-3x1/1x4", lambda L, a, b: a / b, ((3, 1), (1, 4))),
    Op("div-3/0d", lambda L, a, b: a / b, ((3,), ())),
    Op("div-scalar-right", lambda L, a: a / 2.0, ((3,),)),
    Op("rdiv-scalar-left", lambda L, a: 2.0 / a, ((3,),)),
    Op("pow-scalar-exp", lambda L, a: a ** 2, ((2, 3),)),
    Op("pow-half", lambda L, a: a ** 0.5, ((3,),), "pos"),
    Op("pow-tensor-exp-3x4**4", lambda L, a, b: a ** b, ((3, 4), (4,)), "pos"),
    Op("rpow-scalar-base", lambda L, a: 2.0 ** a, ((3,),)),
    Op("neg", lambda L, a: -a, ((2, 3),)),
    # ---- matmul: 1-D, 2-D, batched, batch-broadcast ----
    Op("matmul-1d@1d", lambda L, a, b: a @ b, ((3,), (3,))),
    Op("matmul-2d@1d", lambda L, a, b: a @ b, ((2, 3), (3,))),
    Op("matmul-1d@2d", lambda L, a, b: a @ b, ((3,), (3, 2))),
    Op("matmul-2d@2d", lambda L, a, b: a @ b, ((2, 3), (3, 4))),
    Op("matmul-batched-3d@3d", lambda L, a, b: a @ b, ((2, 2, 3), (2, 3, 2))),
    Op("matmul-batched-3d@2d", lambda L, a, b: a @ b, ((2, 2, 3), (3, 2))),
    Op("matmul-batched-bcast-3d@1x3d", lambda L, a, b: L.matmul(a, b), ((2, 2, 3), (1, 3, 2))),
    # ---- elementwise ----
    Op("exp", lambda L, a: a.exp(), ((2, 3),)),
    Op("log", lambda L, a: a.log(), ((2, 3),), "pos"),
    Op("sqrt", lambda L, a: a.sqrt(), ((2, 3),), "pos"),
    Op("sin", lambda L, a: a.sin(), ((2, 3),)),
    Op("cos", lambda L, a: a.cos(), ((2, 3),)),
    Op("tanh", lambda L, a: a.tanh(), ((2, 3),)),
    Op("sigmoid", lambda L, a: a.sigmoid(), ((2, 3),)),
    Op("relu", lambda L, a: a.relu(), ((2, 3),)),
    Op("abs", lambda L, a: a.abs(), ((2, 3),)),
    Op("clamp-both", lambda L, a: a.clamp(-1.0, 1.0), ((2, 4),), "clamp"),
    Op("clamp-min", lambda L, a: a.clamp(min=0.0), ((2, 3),)),
    Op("clamp-max", lambda L, a: L.clamp(a, max=0.0), ((2, 3),)),
    Op("maximum-2x3,3", lambda L, a, b: L.maximum(a, b), ((2, 3), (3,)), _separated((2, 3), (3,))),
    Op("minimum-2x3,3", lambda L, a, b: L.minimum(a, b), ((2, 3), (3,)), _separated((2, 3), (3,))),
    Op("where-2x3,3", lambda L, a, b: L.where(L.tensor(MASK_2x3), a, b), ((2, 3), (3,))),
    Op("where-scalar-other", lambda L, a: L.where(L.tensor(MASK_2x3), a, 0.0), ((2, 3),)),
    # ---- reductions, with dim / keepdim ----
    Op("sum-all", lambda L, a: a.sum(), ((2, 3),)),
    Op("sum-dim1", lambda L, a: a.sum(1), ((2, 3),)),
    Op("sum-dim0-keepdim", lambda L, a: a.sum(dim=0, keepdim=True), ((2, 3),)),
    Op("sum-dims02", lambda L, a: L.sum(a, dim=(0, 2)), ((2, 3, 2),)),
    Op("mean-all", lambda L, a: a.mean(), ((2, 3),)),
    Op("mean-dim1-keepdim", lambda L, a: a.mean(dim=1, keepdim=True), ((2, 3),)),
    Op("mean-dim-neg", lambda L, a: L.mean(a, -1), ((2, 3),)),
    Op("max-all", lambda L, a: a.max(), ((2, 3),)),
    Op("max-dim1", lambda L, a: a.max(dim=1)[0], ((2, 3),)),
    Op("max-dim0-keepdim", lambda L, a: a.max(0, keepdim=True)[0], ((3, 2),)),
    Op("min-all", lambda L, a: L.min(a), ((2, 3),)),
    Op("min-dim1", lambda L, a: a.min(dim=1)[0], ((2, 3),)),
    Op("var-all", lambda L, a: a.var(), ((2, 3),)),
    Op("var-dim1-keepdim", lambda L, a: a.var(dim=1, keepdim=True), ((2, 3),)),
    Op("std-all", lambda L, a: a.std(), ((2, 3),)),
    Op("std-dim0", lambda L, a: L.std(a, dim=0), ((3, 2),)),
    # ---- shape ops ----
    Op("reshape", lambda L, a: a.reshape(3, 4), ((2, 6),)),
    Op("reshape-minus1", lambda L, a: L.reshape(a, (-1,)), ((2, 3),)),
    Op("reshape-noncontig", lambda L, a: a.transpose(0, 1).reshape(6), ((2, 3),)),
    Op("view", lambda L, a: a.view(6, 2), ((3, 4),)),
    Op("flatten", lambda L, a: a.flatten(), ((2, 3, 2),)),
    Op("flatten-start1", lambda L, a: L.flatten(a, 1), ((2, 3, 2),)),
    Op("transpose", lambda L, a: a.transpose(0, 1), ((2, 3),)),
    Op("T", lambda L, a: a.T, ((2, 3),)),
    Op("permute", lambda L, a: a.permute(2, 0, 1), ((2, 3, 2),)),
    Op("squeeze-all", lambda L, a: a.squeeze(), ((1, 3, 1),)),
    Op("squeeze-dim", lambda L, a: a.squeeze(0), ((1, 3, 1),)),
    Op("unsqueeze", lambda L, a: a.unsqueeze(1), ((2, 3),)),
    Op("expand", lambda L, a: a.expand(3, 4), ((3, 1),)),
    Op("expand-new-dim", lambda L, a: a.expand(2, -1, 4), ((3, 1),)),
    # ---- indexing: int, slice, integer array (with a repeat), bool mask ----
    Op("index-int", lambda L, a: a[1], ((3, 4),)),
    Op("index-int-neg", lambda L, a: a[-1], ((3,),)),
    Op("index-int-int", lambda L, a: a[0, 1], ((2, 3),)),
    Op("index-slice", lambda L, a: a[1:], ((4,),)),
    Op("index-slice-step", lambda L, a: a[::2], ((5,),)),
    Op("index-slice-2d", lambda L, a: a[:, 1:3], ((2, 4),)),
    Op("index-int-slice", lambda L, a: a[1, 1:], ((2, 3),)),
    Op("index-intarray-repeat", lambda L, a: a[L.tensor([0, 2, 0])], ((3,),)),
    Op("index-intarray-rows", lambda L, a: a[L.tensor([2, 0])], ((3, 2),)),
    Op("index-boolmask", lambda L, a: a[L.tensor(MASK_2x3)], ((2, 3),)),
    # ---- index assignment (into a clone, so the leaf stays a leaf) ----
    Op("setitem-int", lambda L, a, v: _setitem(a, 1, v), ((3, 4), (4,))),
    Op("setitem-slice", lambda L, a, v: _setitem(a, slice(1, None), v), ((4,), (3,))),
    Op("setitem-slice-bcast", lambda L, a, v: _setitem(a, (slice(None), 0), v), ((2, 3), (1,))),
    Op("setitem-intarray", lambda L, a, v: _setitem(a, L.tensor([2, 0]), v), ((3,), (2,))),
    Op("setitem-boolmask-scalar", lambda L, a: _setitem(a, L.tensor(MASK_2x3), 0.0), ((2, 3),)),
    # ---- joining ----
    Op("cat-dim0", lambda L, a, b: L.cat([a, b]), ((2, 3), (1, 3))),
    Op("cat-dim1", lambda L, a, b: L.cat((a, b), dim=1), ((2, 1), (2, 3))),
    Op("stack-dim0", lambda L, a, b: L.stack([a, b]), ((2, 3), (2, 3))),
    Op("stack-dim1", lambda L, a, b: L.stack([a, b], dim=1), ((3,), (3,))),
    # ---- softmax family ----
    Op("softmax", lambda L, a: F(L).softmax(a, dim=1), ((2, 4),)),
    Op("softmax-method-dim0", lambda L, a: a.softmax(0), ((3, 2),)),
    Op("log_softmax", lambda L, a: L.log_softmax(a, dim=-1), ((2, 4),)),
    Op("log_softmax-F", lambda L, a: F(L).log_softmax(a, dim=1), ((2, 4),)),
    Op("logsumexp", lambda L, a: a.logsumexp(dim=1), ((2, 4),)),
    Op("logsumexp-keepdim", lambda L, a: L.logsumexp(a, 0, keepdim=True), ((3, 2),)),
    # ---- nn.functional ----
    Op("mse_loss", lambda L, a, b: F(L).mse_loss(a, b), ((2, 3), (2, 3))),
    Op("mse_loss-sum", lambda L, a, b: F(L).mse_loss(a, b, reduction="sum"), ((3,), (3,))),
    Op("cross_entropy", lambda L, a: F(L).cross_entropy(a, L.tensor([0, 3, 1])), ((3, 4),)),
    Op("nll_loss", lambda L, a: F(L).nll_loss(a, L.tensor([2, 0, 1])), ((3, 4),)),
    Op("linear", lambda L, x, w, b: F(L).linear(x, w, b), ((2, 3), (4, 3), (4,))),
    Op("linear-nobias", lambda L, x, w: F(L).linear(x, w), ((2, 3), (4, 3))),
]


def _setitem(a, index, value):
    """out = a.clone(); out[index] = value -- index assignment as a differentiable function."""
    out = a.clone()
    out[index] = value
    return out


# The breadth ops of issue 12 keep their rows in files of their own: op_table_*.py.
for _f in sorted(pathlib.Path(__file__).parent.glob("op_table_*.py")):
    OPS += importlib.import_module(_f.stem).rows(Op, F)
assert len({op.id for op in OPS}) == len(OPS), "op ids must be unique"
