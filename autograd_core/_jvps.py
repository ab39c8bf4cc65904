"""The JVP table: one forward-mode rule per op (torch's derivatives.yaml ``result:`` formulas).

Vocabulary
----------
A rule is a function ``rule(t, ...) -> tangent``: the tangent of the op's output, given the
tangents of its inputs. Its parameter names say what it reads, as in _vjps:

    t       the input tangents, a tuple with one entry per op input, in order: a Tensor shaped like
            that input (zeros for an input with no tangent; 0.0 for a Python number)
    ans     the op's forward result
    x, y, z the op's inputs, in order (Tensors, or Python numbers for scalar operands)
    others  non-tensor attributes of the call (dim, keepdim, shape, ...), as the op recorded them;
            one left out by the op takes the rule's default

Rules always get Tensors (never raw arrays) and are written with Tensor operations, so the tangent
is itself recorded in the backward graph when an input requires grad: that is forward-over-reverse
(a Hessian-vector product through ``autograd.grad``). The primals a rule reads carry no tangent
while it runs (autograd.forward_ad switches propagation off around it), as in torch.

The result may broadcast short of the output's shape, or come in another dtype: the caller expands
and casts it, once, for every rule (as the engine reduces VJPs). An op with no entry here gets its
JVP from its VJP rule: the VJP is linear in g, so its transpose is the JVP (autograd.forward_ad,
``_transpose_vjp``). That covers every op with a VJP, the breadth ops included; rules here are the
fast path for the common ops.
"""

import inspect
import math

from ._api import ops as F
from ._vjps_layout import _cdist_weights

JVP = {}


def _reduced(t, dim, ans, fn):
    """fn (sum or mean) of tangent t over `dim` (None: every dim), shaped like the result."""
    r = fn(t) if dim is None else fn(t, dim)
    return F.reshape(r, tuple(ans.shape))


# ----------------------------------------------------------------------------- arithmetic
JVP["add"] = lambda t, alpha=1: t[0] + t[1] * alpha
JVP["sub"] = lambda t, alpha=1: t[0] - t[1] * alpha
JVP["rsub"] = lambda t, alpha=1: t[0] * -alpha  # number - alpha * x
JVP["rsub_tensor"] = lambda t, alpha=1: t[1] - t[0] * alpha  # other - alpha * x
JVP["remainder"] = lambda t: t[0]
JVP["mul"] = lambda t, x, y: t[0] * y + x * t[1]
JVP["div"] = lambda t, y, ans: (t[0] - ans * t[1]) / y
JVP["neg"] = lambda t: -t[0]
JVP["reciprocal"] = lambda t, ans: -t[0] * ans * ans
JVP["pow"] = lambda t, x, exponent: (
    t[0] * 0 if exponent == 0 else t[0] * exponent * x ** (exponent - 1)
)
JVP["pow_tensor"] = lambda t, x, y, ans: (
    t[0] * y * x ** (y - 1) + F.where((x == 0) & (y >= 0), 0.0, t[1] * ans * F.log(x))
)
JVP["rpow"] = lambda t, x, ans, base: (  # torch's: 0 ** x has 0 at x >= 0, -inf below
    t[0] * (ans * math.log(base))
    if base > 0
    else t[0] * math.nan
    if base < 0
    else t[0] * F.where(x >= 0, 0.0, ans * -math.inf)
)

# ----------------------------------------------------------------------------- elementwise
JVP["exp"] = lambda t, ans: t[0] * ans
JVP["expm1"] = lambda t, ans: t[0] * (ans + 1)
JVP["log"] = lambda t, x: t[0] / x
JVP["log1p"] = lambda t, x: t[0] / (x + 1)
JVP["sqrt"] = lambda t, ans: t[0] / (2 * ans)
JVP["sin"] = lambda t, x: t[0] * F.cos(x)
JVP["cos"] = lambda t, x: -t[0] * F.sin(x)
JVP["tanh"] = lambda t, ans: t[0] * (1 - ans * ans)
JVP["sigmoid"] = lambda t, ans: t[0] * ans * (1 - ans)
JVP["relu"] = lambda t, ans: F.where(ans > 0, t[0], 0.0)  # relu'(0) = 0
JVP["abs"] = lambda t, x: t[0] * F.sign(x)
JVP["where"] = lambda t, condition: F.where(condition, t[0], t[1])
JVP["masked_fill"] = lambda t, mask: F.where(mask, 0.0, t[0])

# ----------------------------------------------------------------------------- reductions
JVP["sum"] = lambda t, ans, dim: _reduced(t[0], dim, ans, F.sum)
JVP["mean"] = lambda t, ans, dim: _reduced(t[0], dim, ans, F.mean)
JVP["softmax"] = lambda t, ans, dim: ans * (t[0] - F.sum(t[0] * ans, dim, True))
JVP["log_softmax"] = lambda t, ans, dim: t[0] - F.sum(F.exp(ans) * t[0], dim, True)


def _logcumsumexp(t, x, dim):
    """torch's logcumsumexp_jvp: cumsum(exp(x - max) t) / cumsum(exp(x - max)) (its VJP, in
    logs of |g|, has no transpose at g = 0)."""
    if dim is None:
        return t[0]
    e = F.exp(x - F.amax(x, dim, True))
    c = F.cumsum(e, dim)
    return F.cumsum(e * t[0], dim) / F.where(c == 0, 1e-13, c)


JVP["logcumsumexp"] = _logcumsumexp

# ----------------------------------------------------------------------------- linear algebra
JVP["cdist"] = lambda t, x, y, ans, p: F.sum(  # (its VJP's own backward refuses, as torch's)
    _cdist_weights(ans * 0 + 1, x, y, ans, p) * (F.unsqueeze(t[0], -2) - F.unsqueeze(t[1], -3)), -1
)
JVP["matmul"] = lambda t, x, y: t[0] @ y + x @ t[1]
JVP["addmm"] = lambda t, y, z: t[0] + t[1] @ z + y @ t[2]  # x + y @ z

# ----------------------------------------------------------------------------- shapes and indexing
JVP["view"] = lambda t, ans: F.reshape(t[0], tuple(ans.shape))  # view, reshape, (un)squeeze
JVP["expand"] = lambda t, ans: F.expand(t[0], tuple(ans.shape))
JVP["transpose"] = lambda t, dim0, dim1: F.transpose(t[0], dim0, dim1)
JVP["permute"] = lambda t, dims: F.permute(t[0], dims)
JVP["clone"] = lambda t: F.clone(t[0])
JVP["index"] = lambda t, index: t[0][index]
JVP["cat"] = lambda t, dim: F.cat(list(t), dim)
JVP["stack"] = lambda t, dim: F.stack(list(t), dim)
# Several views of one node (split, chunk, unbind): the node's holder is x itself; each piece is
# cut from the holder's tangent where the pieces are made (_layout._views).
JVP["split"] = JVP["unbind"] = lambda t: t[0]


# ----------------------------------------------------------------------------- what each rule reads
INPUT_NAMES = ("x", "y", "z")


class JvpRule:
    """A JVP table entry with the names its signature asks for, worked out once."""

    __slots__ = ("fn", "inputs", "ans", "attrs")

    def __init__(self, fn):
        params = list(inspect.signature(fn).parameters)[1:]  # after t
        self.fn = fn
        self.inputs = tuple((n, INPUT_NAMES.index(n)) for n in params if n in INPUT_NAMES)
        self.ans = "ans" in params
        self.attrs = tuple(n for n in params if n not in INPUT_NAMES and n != "ans")

    def __call__(self, tangents, inputs, ans, attrs):
        kwargs = {n: inputs[i] for n, i in self.inputs}
        if self.ans:
            kwargs["ans"] = ans
        for n in self.attrs:
            if attrs and n in attrs:
                kwargs[n] = attrs[n]
        return self.fn(tuple(tangents), **kwargs)


JVP_RULES = {}


def defjvp(op, fn):
    """Make `fn` the forward-mode rule of `op` (otherwise its JVP comes from its VJP rule)."""
    JVP[op] = fn
    JVP_RULES[op] = JvpRule(fn)


for _op, _fn in list(JVP.items()):
    defjvp(_op, _fn)
