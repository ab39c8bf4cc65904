"""The VJP table: one backward rule per op, in one place (like PyTorch's derivatives.yaml).

Vocabulary
----------
A rule is a function ``rule(g, ...) -> tuple`` with one entry per op input, in order, and ``None``
where an input gets no gradient. Its parameter names say what it reads:

    g       the gradient flowing into the op's output (same shape as the output)
    ans     the op's forward result
    x, y, z the op's inputs, in order (Tensors, or Python numbers for scalar operands)
    need    a tuple of bools: which inputs need a gradient (to skip expensive work)
    others  non-tensor attributes of the call (dim, keepdim, shape, ...), stored on the node;
            one left out by the op takes the rule's default
Parameters come in that order (saved values, need, attributes), so the engine passes the first
two kinds by position.

The engine saves exactly the tensors a rule names (so ``add`` saves nothing and can be run
twice, while ``exp`` saves its result), checks their versions when backward reads them, and
reduces every returned gradient to its input's shape with ``sum_to_size`` (broadcasting is
handled there, once, never in a rule). Rules are written with Tensor operations, so running
them with grad mode on (``create_graph=True``) records their own graph: that is how second
derivatives work.

With ``create_graph=False`` nothing is recorded, so the engine hands rules the raw arrays (numpy,
cupy) instead: operators work on both, and the *vocabulary* functions below pick the Tensor op or
the array function from their argument, as HIPS autograd's wrapped numpy does. A first-order
backward pays nothing for higher-order support. Rules in ON_TENSORS always get Tensors.
"""

import inspect
import math

from ._api import ops as F
from ._backend import namespace, rsqrt_array, scalar_power
from ._graph import RULES
from ._tensor import Tensor

VJP = {}


# ----------------------------------------------------------------------------- helpers of the rules
def _zeros_of(g):
    """Zeros shaped like g, outside the graph (a derivative that is identically zero)."""
    return Tensor._from_data(namespace(g._data).zeros_like(g._data))


def _clamp_mask(x, min, max):
    """1 where min <= x <= max, else 0 (a constant)."""
    a = x._data
    m = a == a
    if min is not None:
        m = m & (a >= min)
    if max is not None:
        m = m & (a <= max)
    return Tensor._from_data(m)


# ----------------------------------------------------------------------------- the vocabulary
def _either(op, array_fn):
    """A rule function: the Tensor op `op` on a Tensor, ``array_fn(xp, a, ...)`` on a RULE_ARRAYS
    array."""

    def f(x, *args):
        return op(x, *args) if isinstance(x, Tensor) else array_fn(namespace(x), x, *args)

    f.__name__ = op.__name__
    return f


exp = _either(F.exp, lambda xp, a: xp.exp(a))
sin = _either(F.sin, lambda xp, a: xp.sin(a))
cos = _either(F.cos, lambda xp, a: xp.cos(a))
sign = _either(F.sgn, lambda xp, a: xp.where(a != a, 0.0, xp.sign(a)))  # torch's x.sgn(): 0 at nan
abs = _either(F.abs, lambda xp, a: xp.abs(a))
power = _either(F.pow, lambda xp, a, e: scalar_power(a, e))  # x ** number, as torch's kernel

rsqrt = _either(F.rsqrt, lambda xp, a: rsqrt_array(a))  # 1 / sqrt, as torch's kernel


def _where_arrays(xp, c, a, b):
    """where() on arrays; a Python number becomes a 0-d array of the other side's dtype (cupy wants
    arrays), or of float64 when both are numbers."""
    dt = getattr(a, "dtype", None) or getattr(b, "dtype", None) or xp.float64
    return xp.where(
        c,
        a if hasattr(a, "dtype") else xp.asarray(a, dtype=dt),
        b if hasattr(b, "dtype") else xp.asarray(b, dtype=dt),
    )


where = _either(F.where, _where_arrays)
clamp_mask = _either(
    _clamp_mask,
    lambda xp, a, lo, hi: (
        (a == a) & (True if lo is None else a >= lo) & (True if hi is None else a <= hi)
    ),
)
sum = _either(F.sum, lambda xp, a, dim, keepdim: xp.sum(a, axis=dim, keepdims=keepdim))
masked_fill = _either(F.masked_fill, lambda xp, a, mask, v: xp.where(mask, v, a))
mean = _either(F.mean, lambda xp, a, dim, keepdim: xp.mean(a, axis=dim, keepdims=keepdim))
unsqueeze = _either(F.unsqueeze, lambda xp, a, dim: xp.expand_dims(a, axis=dim))
squeeze = _either(F.squeeze, lambda xp, a, dim: xp.squeeze(a, axis=dim))
expand = _either(F.expand, lambda xp, a, shape: xp.broadcast_to(a, shape))
reshape = _either(F.reshape, lambda xp, a, shape: xp.reshape(a, shape))
transpose = _either(F.transpose, lambda xp, a, d0, d1: a.swapaxes(d0, d1))
permute = _either(F.permute, lambda xp, a, dims: xp.permute_dims(a, dims))
mT = _either(F.mT, lambda xp, a: a.swapaxes(-1, -2))


def slope_backward(g, x, slope, name):
    return (
        F.slope_backward(g, x, slope, name) if isinstance(g, Tensor) else F.slope_scale(g, x, slope)
    )


zeros_of = _either(_zeros_of, lambda xp, a: xp.zeros_like(a))


# ----------------------------------------------------------------------------- arithmetic
VJP["add"] = lambda g, need, alpha=1: (g, (g if alpha == 1 else g * alpha) if need[1] else None)
VJP["sub"] = lambda g, need, alpha=1: (g, (-g if alpha == 1 else -g * alpha) if need[1] else None)
VJP["rsub"] = lambda g, alpha=1: (
    -g if alpha == 1 else -g * alpha,
)  # other - alpha * x, other a number
VJP["rsub_tensor"] = lambda g, need, alpha=1: (  # other - alpha * x, other a tensor
    (-g if alpha == 1 else -g * alpha) if need[0] else None,
    g,
)
VJP["remainder"] = lambda g: (g,)  # x % number
VJP["remainder_tensor"] = lambda g, x, y, need: (  # x % y: d/dy = -floor(x / y), the quotient
    g,  # rounded down before its own rounding to x's dtype, as torch's div(rounding_mode="floor")
    -g * F.divide(x, y, rounding_mode="floor") if need[1] else None,
)


def _not_implemented(g, name, inplace=False, formula=False):
    """torch has no derivative for this op (floor_divide, remainder of a number; asinh_, acosh_,
    atanh_ in place; a backward formula such as _cdist_backward): backward refuses."""
    if inplace or formula:
        what = f"inplace version of {name}" if inplace else name
        raise NotImplementedError(f"the derivative for '{what}' is not implemented.")
    raise RuntimeError(f"derivative for aten::{name} is not implemented")


VJP["not_implemented"] = _not_implemented
VJP["mul"] = lambda g, x, y, need: (g * y if need[0] else None, g * x if need[1] else None)
VJP["div"] = lambda g, x, y, need: (
    g / y if need[0] else None,
    -g * ((x / y) / y) if need[1] else None,  # (torch's order of rounding)
)
VJP["neg"] = lambda g: (-g,)
VJP["reciprocal"] = lambda g, ans: (-g * (ans * ans),)
VJP["rpow"] = lambda g, x, ans, base: (  # scalar ** x: ans log(base), torch's 0 for 0 ** (x >= 0)
    g * (ans * (math.log(base) if base > 0 else math.nan))  # (log of a negative base: nan)
    if base != 0
    else g * where(x >= 0, 0.0, ans * -math.inf),
)


# ----------------------------------------------------------------------------- elementwise
VJP["exp"] = lambda g, ans: (g * ans,)
VJP["expm1"] = lambda g, ans: (g * (ans + 1),)
VJP["log"] = lambda g, x: (g / x,)
VJP["log1p"] = lambda g, x: (g / (x + 1),)
VJP["sqrt"] = lambda g, ans: (g / (2 * ans),)
VJP["sin"] = lambda g, x: (g * cos(x),)
VJP["cos"] = lambda g, x: (g * -sin(x),)  # (torch's order: g a ZeroTensor stays one)
VJP["tanh"] = lambda g, ans: (  # an op of (g, ans) under create_graph: torch's double backward
    F.act_scale(g, ans, "tanh") if g.__class__ is not Tensor else F.act_backward(g, ans, "tanh"),
)
VJP["sigmoid"] = lambda g, ans: (
    F.act_scale(g, ans, "sigmoid")
    if g.__class__ is not Tensor
    else F.act_backward(g, ans, "sigmoid"),
)
VJP["relu"] = lambda g, ans: (  # relu'(0) = 0
    slope_backward(g, ans, 0.0, "ThresholdBackwardBackward0"),
)
VJP["leaky_relu"] = lambda g, x, negative_slope: (  # leaky_relu'(0) = slope
    slope_backward(g, x, negative_slope, "LeakyReluBackwardBackward0"),
)
VJP["slope_backward"] = lambda g, y, need, negative_slope, name: (  # (g, x) -> g or slope * g
    slope_backward(g, y, negative_slope, name) if need[0] else None,
    zeros_of(g) if need[1] else None,
)
VJP["abs"] = lambda g, x: (g * sign(x),)  # abs'(0) = 0
VJP["zero_grad"] = lambda g: (zeros_of(g),)  # sign, floor, round: not connected
# Masks are applied with where, as torch's formulas: +0 where no gradient passes (g * mask: -0)
VJP["clamp"] = lambda g, x, min, max: (where(clamp_mask(x, min, max), g, 0.0),)  # bounds in


def _pick(g, x, y, x_loses, y_loses):
    """maximum/minimum: ties give half to each side; a NaN passes g to both (torch's, whose
    losers are a masked_fill: MaskedFillBackward0)."""
    h = where(x == y, g / 2, g)
    return masked_fill(h, x_loses, 0.0), masked_fill(h, y_loses, 0.0)


VJP["maximum"] = lambda g, x, y: _pick(g, x, y, x < y, x > y)
VJP["minimum"] = lambda g, x, y: _pick(g, x, y, x > y, x < y)


def _clamp_tensor(g, x, y, z, need):
    """clamp(x, min=y, max=z) with tensor bounds (either may be None): torch's clamp_backward and
    clamp_backward_min_max. x gets g where min <= x <= max; min where x < min (and min < max);
    max where x > max (or max < min, where the result is max everywhere)."""
    if y is not None and z is not None:
        # torch's clamp_backward_min_max combines masks in place, as in
        # (x < min).logical_and_(min < max), which cannot grow a mask: the same refusal here.
        masks = ((x >= y, x <= z), (x < y, y < z), (x > z, z < y))  # (x's, min's, max's)
        for needed, (first, second) in zip(need, masks):
            if needed and tuple((first & second).shape) != tuple(first.shape):
                raise RuntimeError(
                    f"output with shape {list(first.shape)} doesn't match the broadcast shape "
                    f"{list((first & second).shape)}"
                )
    inside = x == x
    if y is not None:
        inside = inside & (x >= y)
    if z is not None:
        inside = inside & (x <= z)
    gx = F.where(inside, g, 0.0) if need[0] else None
    gy = gz = None
    if need[1]:
        below = x < y if z is None else (x < y) & (y < z)
        gy = F.where(below, g, 0.0)
    if need[2]:
        above = x > z if y is None else (x > z) | (z < y)
        gz = F.where(above, g, 0.0)
    return gx, gy, gz


VJP["clamp_tensor"] = _clamp_tensor
VJP["masked_fill_tensor"] = lambda g, mask: (  # the value gets what it replaced
    F.masked_fill(g, mask, 0.0),
    F.where(mask, g, 0.0).sum(),
)
VJP["where"] = lambda g, condition: (F.where(condition, g, 0.0), F.where(condition, 0.0, g))
VJP["masked_fill"] = lambda g, mask: (F.masked_fill(g, mask, 0.0),)  # (torch's formula)


# ----------------------------------------------------------------------------- what each rule reads
INPUT_NAMES = ("x", "y", "z")

# Inputs a rule reads only to compute ANOTHER input's gradient: they are saved only when that input
# needs a gradient (so ``x * 2`` keeps just the 2, like torch), and arrive as None otherwise.
ONLY_FOR = {
    "remainder_tensor": {"x": "y", "y": "y"},
    "mul": {"x": "y", "y": "x"},
    "div": {"x": "y"},
}


# Rules that read Tensors from their attributes (a mask, indices, a view) or call helpers written
# for Tensors: they get Tensors even when create_graph=False.
ON_TENSORS = set(
    """
    where masked_fill masked_fill_tensor clamp_tensor remainder_tensor
""".split()
)


class Rule:
    """A table entry with what its signature asks for, worked out once."""

    __slots__ = """
        op fn saves_ans saves_inputs saves saved_names wants_need only_for on_arrays defaults
    """.split()

    def __init__(self, op, fn, only_for=None, on_arrays=True):
        signature = inspect.signature(fn).parameters
        params = list(signature)[1:]  # after g
        saved = [p for p in params if p in INPUT_NAMES or p == "ans"]
        # Node._run_rule passes the saved values, then need, by position (see the header).
        assert saved == sorted(saved, key=(*INPUT_NAMES, "ans").index), (
            f"{fn}: name x, y, z, ans in order"
        )
        assert params[: len(saved) + ("need" in params)] == saved + ["need"] * ("need" in params), (
            f"{fn}: saved values first, then need, then attributes"
        )
        self.defaults = {
            k: v.default for k, v in signature.items() if v.default is not inspect.Parameter.empty
        }
        self.op = op
        self.fn = fn
        self.saves_ans = "ans" in params
        self.saves_inputs = tuple(i for i, n in enumerate(INPUT_NAMES) if n in params)
        self.saved_names = tuple(saved)  # what Node._saved holds, in this order
        self.wants_need = "need" in params or bool(only_for)
        self.only_for = {
            INPUT_NAMES.index(a): INPUT_NAMES.index(b) for a, b in (only_for or {}).items()
        }
        self.saves = tuple((i, self.only_for.get(i)) for i in self.saves_inputs)
        self.on_arrays = on_arrays


def defvjp(op, fn, only_for=None, on_arrays=True):
    """Make `fn` the VJP rule of `op` (HIPS autograd's name): the table entry and its Rule."""
    VJP[op] = fn
    RULES[op] = Rule(op, fn, only_for, on_arrays)


def register_entries(only_for, on_tensors):
    """A Rule for each ``VJP[op] = rule`` line not registered yet: `only_for` and `on_tensors`
    are that file's ONLY_FOR and ON_TENSORS."""
    for op, fn in list(VJP.items()):
        if op not in RULES:
            defvjp(op, fn, only_for.get(op), op not in on_tensors)


register_entries(ONLY_FOR, ON_TENSORS)
