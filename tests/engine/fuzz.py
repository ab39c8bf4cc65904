"""A wide differential fuzzer: seeded random programs, run once with torch and once with the engine.

Why programs are code text. A program is a list of Python statements written against a library
module ``L`` (``L.tensor``, ``t.sum(dim=..)``, ``L.autograd.grad``, ``L.nn.functional.relu``):
the same text runs with ``L = torch`` and with ``L = autograd_core``, and a failing program *is*
its own reproducer (``Program.code()`` pastes as a script). The op forms below are expression
templates for the same reason: ``"L.maximum({0}, {1})"`` is a lambda ``f(L, *tensors)`` that can
also be printed.

What is observed. Programs call ``obs(label, value)``; a tensor is recorded with its shape, dtype,
values, requires_grad, is_leaf and grad_fn name, so every ``obs`` compares all of them. Each
statement runs on its own; the first exception ends the program with the observation
``("raises", Raised(type name, key phrase, message))``. The engine agrees with torch when it
makes the same observations: the same exception class, and a message that contains torch's key
phrase (the first 30 characters of torch's message).

Families (see ``FAMILIES``): ``ops`` (every exported op, as function and method, broadcasting,
0-d, dims, Python scalars on either side), ``dtypes`` (type promotion, integer and bool
semantics, creation), ``views`` (views + in-place + backward, version counters, ``_base``),
``grad2`` (first and second order ``autograd.grad``), ``ties`` (reductions and kinks at ties),
``errors`` (torch raises, or pointedly does not), ``chains`` (views of views, in-place ops on any
of them, first and second order). A program's class key is ``family:form``;
``KNOWN_DIFFERENCES`` lists the classes where the engine is known to differ.

Usage: ``python tests/engine/fuzz.py --n 400 --seed 0 [--family views] [-v]``.
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import importlib
import math
import pathlib
import random
import string
import sys
import time
import warnings

import numpy as np
import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))          # engine_helpers
sys.path.insert(1, str(pathlib.Path(__file__).resolve().parents[2]))      # autograd_core
from engine_helpers import dtype_name, strip_triggered, to_np  # noqa: E402

import autograd_core as ag  # noqa: E402

# Classes where the engine differs from torch today: {class key: "ag: ..., torch: ..."}.
# The test fails on any other disagreeing class, and on an entry here that now agrees.
KNOWN_DIFFERENCES: dict[str, str] = {
    # printing
    # bool / Python-number operands where torch wants a tensor
    # argument checks and messages
    # grad_fn names and graph structure
    # losses at degenerate points
}

F = "L.nn.functional"
KEY_PHRASE_LEN = 30
TOL = {"float64": (1e-7, 1e-9), "float32": (1e-5, 1e-6), "float16": (1e-3, 1e-3)}


# ============================================================================ programs

@dataclasses.dataclass
class Program:
    """Statements against ``L``; ``family`` and ``form`` name its class for reporting."""
    family: str
    form: str
    steps: list

    @property
    def key(self):
        return f"{self.family}:{self.form}"

    def code(self):
        """The program as a script: paste it, pick the library, and read what it prints."""
        head = ["import numpy as np", "import torch as L  # or: import autograd_core as L",
                "obs = print"]
        return "\n".join(head + list(self.steps))


Raised = collections.namedtuple("Raised", "type phrase message")
TensorObs = collections.namedtuple("TensorObs", "shape dtype values requires_grad is_leaf grad_fn")


def _is_tensor(v):
    return isinstance(v, (torch.Tensor, ag.Tensor))


def describe(value):
    """A library-neutral record of ``value``: tensors by everything observable, containers
    element by element, dtypes and sizes by name, other objects by type name."""
    if _is_tensor(value):
        fn = value.grad_fn
        return TensorObs(tuple(value.shape), dtype_name(value), to_np(value), value.requires_grad,
                         value.is_leaf, None if fn is None else type(fn).__name__)
    if isinstance(value, (torch.Size, ag.Size)):
        return ("size", tuple(value))
    if isinstance(value, (tuple, list)):
        return tuple(describe(v) for v in value)
    if isinstance(value, (torch.dtype, ag.dtype)):
        return ("dtype", str(value).rsplit(".", 1)[-1])
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return ("object", type(value).__name__)


def key_phrase(message):
    return strip_triggered(message).strip()[:KEY_PHRASE_LEN]


def run_program(L, program):
    """Run ``program`` with library ``L``; return its observations, a list of (label, value)."""
    observations = []
    ns = {"L": L, "np": np, "obs": lambda label, value: observations.append(
        (label, describe(value)))}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for step in program.steps:
            try:
                exec(compile(step, "<program>", "exec"), ns)  # noqa: S102 - the point
            except Exception as e:  # noqa: BLE001 - every exception is an observation
                message = strip_triggered(str(e)).strip()
                observations.append(("raises", Raised(type(e).__name__, key_phrase(message),
                                                      message)))
                break
    if not L.is_grad_enabled():   # a program that died inside `with L.no_grad():`
        L.set_grad_enabled(True)
    return observations


# ============================================================================ comparison

def _fmt(d):
    if isinstance(d, TensorObs):
        vals = np.array2string(d.values, precision=6, threshold=30).replace("\n", "")
        return (f"tensor({vals}, shape={d.shape}, dtype={d.dtype}, requires_grad="
                f"{d.requires_grad}, is_leaf={d.is_leaf}, grad_fn={d.grad_fn})")
    if isinstance(d, Raised):
        return f"raises {d.type}({d.message[:160]!r})"
    return repr(d)


def _values_differ(w, g, dtype):
    if w.shape != g.shape:
        return "values' shapes differ"
    if dtype in TOL:
        rtol, atol = TOL[dtype]
        # An element that is a sum of larger terms (a gradient through conv2d, matmul) carries an
        # absolute error of rtol times the terms, not of itself: compare at the array's scale.
        finite = np.abs(w[np.isfinite(w)]) if w.dtype.kind == "f" else np.abs(w)
        atol = max(atol, rtol * float(finite.max())) if finite.size else atol
        same = np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
    else:
        same = np.array_equal(g, w)
    return None if same else "values differ"


def _differ(w, g):
    """Why observation value ``g`` (engine) differs from ``w`` (torch), or None."""
    if isinstance(w, TensorObs) != isinstance(g, TensorObs):
        return "one is a tensor, the other is not"
    if isinstance(w, TensorObs):
        for field in ("shape", "dtype", "requires_grad", "is_leaf", "grad_fn"):
            if getattr(w, field) != getattr(g, field):
                return f"{field} differs"
        return _values_differ(w.values, g.values, w.dtype)
    if isinstance(w, Raised) or isinstance(g, Raised):
        if not (isinstance(w, Raised) and isinstance(g, Raised)):
            return "one raises, the other does not"
        if w.type != g.type:
            return "exception class differs"
        return None if w.phrase in g.message else "message lacks torch's key phrase"
    if isinstance(w, tuple) and isinstance(g, tuple) and len(w) == len(g):
        for k, (a, b) in enumerate(zip(w, g)):
            why = _differ(a, b)
            if why:
                return f"[{k}]: {why}"
        return None
    if isinstance(w, float) and isinstance(g, float) and type(w) is type(g):
        both_nan = math.isnan(w) and math.isnan(g)
        # .item() of a float32 reduction: summation order differs by an ulp of float32
        return None if both_nan or math.isclose(w, g, rel_tol=1e-5, abs_tol=1e-6) else "differs"
    if type(w) is not type(g) and not (isinstance(w, tuple) and isinstance(g, tuple)):
        return f"type differs ({type(w).__name__} vs {type(g).__name__})"
    return None if w == g else "differs"


def compare(obs_torch, obs_ag):
    """Differences between the two runs, as readable lines; empty when they agree. After the
    first mismatch of labels the runs have diverged, so comparison stops there."""
    diffs = []
    for k in range(max(len(obs_torch), len(obs_ag))):
        if k >= len(obs_ag) or k >= len(obs_torch):
            (label, value), who = ((obs_torch[k], "torch") if k >= len(obs_ag)
                                   else (obs_ag[k], "ag"))
            diffs.append(f"only {who} observes {label}: {_fmt(value)}")
            break
        (lw, w), (lg, g) = obs_torch[k], obs_ag[k]
        if lw != lg:
            diffs.append(f"torch observes {lw}: {_fmt(w)}; ag observes {lg}: {_fmt(g)}")
            break
        why = _differ(w, g)
        if why:
            diffs.append(f"{lw}: {why}\n    torch: {_fmt(w)}\n    ag:    {_fmt(g)}")
    return diffs


def check(program):
    """(torch's observations, the engine's, their differences)."""
    want = run_program(torch, program)
    got = run_program(ag, program)
    return want, got, compare(want, got)


def shrink(program):
    """Drop statements while the program still disagrees in the same first observation: a
    shorter reproducer, not a different bug. Greedy, last statement first."""
    first = check(program)[2]
    if not first:
        return program
    label = first[0].split(":", 1)[0]
    steps = list(program.steps)
    k = len(steps) - 1
    while k >= 0:
        trial = dataclasses.replace(program, steps=steps[:k] + steps[k + 1:])
        diffs = check(trial)[2]
        if diffs and diffs[0].split(":", 1)[0] == label:
            steps = trial.steps
        k -= 1
    return dataclasses.replace(program, steps=steps)


# ============================================================================ drawing inputs

def _magnitudes(rng, n, parity):
    """n numbers m/40 in [0.3, 2.0] with m of the given parity, distinct while possible.
    Operand 0 uses odd m and every other operand even m, so two operands never tie and
    operand 0 never sits on a round bound (0.5, 1.0) of clamp or where."""
    pool = [m / 40 for m in range(12, 81) if m % 2 == parity]
    return rng.sample(pool, n) if n <= len(pool) else [rng.choice(pool) for _ in range(n)]


def draw_values(rng, shape, domain="any", parity=1):
    n = math.prod(shape)
    if domain == "pos":
        vals = _magnitudes(rng, n, parity)
    elif domain == "any":
        vals = [v * rng.choice((-1, 1)) for v in _magnitudes(rng, n, parity)]
    elif domain == "ties":   # few distinct values: ties, and kinks at 0
        vals = [rng.choice((-1.0, 0.0, 0.5, 1.0, 1.0)) for _ in range(n)]
    elif domain == "int":
        vals = [rng.choice((-4, -3, -2, -1, 1, 2, 3, 4)) for _ in range(n)]
    elif domain == "bool":
        vals = [rng.random() < 0.5 for _ in range(n)]
    else:
        raise ValueError(domain)
    return np.array(vals).reshape(shape)


def lit(arr):
    """A Python literal for a numpy array (nested lists, or a bare number for 0-d)."""
    arr = np.asarray(arr)
    if arr.ndim == 0:
        v = arr.item()
        return repr(float(v)) if isinstance(v, float) else repr(v)
    return "[" + ", ".join(lit(a) for a in arr) + "]"


def decl(name, arr, dtype="float64", requires_grad=False):
    args = [lit(arr)] + ([f"dtype=L.{dtype}"] if dtype else [])
    args += ["requires_grad=True"] if requires_grad else []
    return f"{name} = L.tensor({', '.join(args)})"


def draw_shape(rng, min_ndim=0):
    ndim = rng.choice([n for n in (0, 1, 1, 2, 2, 3) if n >= min_ndim])
    return tuple(rng.choice((1, 2, 3, 3)) for _ in range(ndim))


def bcast_shapes(rng, n, min_ndim=0):
    """n shapes that broadcast together: one base shape and suffixes of it with some 1s."""
    base = draw_shape(rng, min_ndim)
    shapes = [base]
    for _ in range(n - 1):
        suffix = base[len(base) - rng.randint(0, len(base)):] if base else ()
        shapes.append(tuple(1 if rng.random() < 0.3 else s for s in suffix))
    rng.shuffle(shapes)
    return shapes


def _tuple_text(items):
    items = list(items)
    return "(" + ", ".join(map(str, items)) + ("," if len(items) == 1 else "") + ")"


def _dim(rng, shape):
    n = len(shape)
    return rng.choice((0, -1)) if n == 0 else rng.randint(-n, n - 1)


def _dims(rng, shape):
    n = len(shape)
    if n == 0 or rng.random() < 0.5:
        return str(_dim(rng, shape))
    dims = rng.sample(range(n), rng.randint(1, n))
    return _tuple_text(d - n if rng.random() < 0.3 else d for d in dims)


def _new_shape(rng, shape):
    numel = math.prod(shape)
    options = [(numel,), (-1,), (1, numel), (numel, 1), tuple(reversed(shape)) or (1,)]
    options += [(f, numel // f) for f in (2, 3) if numel % f == 0 and numel > f]
    options += [(-1, f) for f in (2, 3) if numel % f == 0]
    return rng.choice(options)


def _expand(rng, shape):
    sizes = [rng.choice((1, 2, -1)) if s == 1 else rng.choice((s, -1)) for s in shape]
    return ([2] if rng.random() < 0.4 or not shape else []) + sizes


def _sum_to(rng, shape):
    target = [1 if rng.random() < 0.5 else s for s in shape]
    return target[rng.randint(0, len(target)):] if rng.random() < 0.3 else target


def _basic_index(rng, shape):
    if not shape:
        return rng.choice(("...", "None", "()"))
    parts = []
    for s in shape[:rng.randint(1, len(shape))]:
        kind = rng.choice(("int", "neg", "slice", "step", "all"))
        parts.append({"int": str(rng.randint(0, s - 1)), "neg": str(-rng.randint(1, s)),
                      "slice": f"{rng.randint(0, s - 1)}:", "step": "::2", "all": ":"}[kind])
    if rng.random() < 0.2:
        parts.insert(rng.randint(0, len(parts)), rng.choice(("None", "...")))
    return ", ".join(parts)


def _advanced_index(rng, shape):
    if not shape:
        return "L.tensor(True)"
    s = shape[0]
    kind = rng.choice(("tensor", "list", "mask"))
    idx = [rng.randint(-s, s - 1) for _ in range(rng.randint(1, 3))]
    if kind == "tensor":
        return f"L.tensor({idx})"
    if kind == "list":
        return str(idx)
    return f"L.tensor({lit(draw_values(rng, shape[:rng.randint(1, len(shape))], 'bool'))})"


def _unflatten(rng, shape):
    if not shape:
        return "0, (1,)"
    d = rng.randrange(len(shape))
    return f"{d}, {rng.choice([(shape[d], 1), (1, -1), (-1,)])}"


# Placeholders a form's code may use besides its operands {0}, {1}, ...: name -> draw(rng, shape
# of operand 0) -> text. Drawn once per program, so a placeholder used twice has one value.
PARAMS = {
    "dim": lambda rng, s: str(_dim(rng, s)),
    "d0": lambda rng, s: str(_dim(rng, s)),
    "d1": lambda rng, s: str(_dim(rng, s)),
    "dims": _dims,
    "kd": lambda rng, s: rng.choice(("True", "False")),
    "udim": lambda rng, s: str(rng.randint(-len(s) - 1, len(s))),
    "perm": lambda rng, s: ", ".join(map(str, rng.sample(range(len(s)), len(s)))),
    "shape": lambda rng, s: _tuple_text(_new_shape(rng, s)),
    "shape_args": lambda rng, s: ", ".join(map(str, _new_shape(rng, s))),
    "expand": lambda rng, s: ", ".join(map(str, _expand(rng, s))),
    "expand_tuple": lambda rng, s: _tuple_text(_expand(rng, s)),
    "sum_to": lambda rng, s: _tuple_text(_sum_to(rng, s)),
    "index": _basic_index,
    "adv_index": _advanced_index,
    "unflatten": _unflatten,
    "red": lambda rng, s: rng.choice(('"mean"', '"sum"', '"none"')),
    "s": lambda rng, s: repr(_magnitudes(rng, 1, 0)[0] * rng.choice((-1, 1))),
}


class _Params(dict):
    def __init__(self, rng, shape):
        super().__init__()
        self.rng, self.shape = rng, shape

    def __missing__(self, key):
        self[key] = value = PARAMS[key](self.rng, self.shape)
        return value


def fill(code, operands, rng, shape0):
    return string.Formatter().vformat(code, operands, _Params(rng, shape0))


# ============================================================================ the table of forms

@dataclasses.dataclass(frozen=True)
class Form:
    """One calling form of an op: ``code`` is an expression over operands {0}, {1}, ... (and
    PARAMS placeholders); the rest says how to draw its inputs."""
    id: str
    code: str
    n: int = 1                  # tensor operands
    domain: str = "any"         # operand 0's values (see draw_values); the others use "any"
    shapes: object = "bcast"    # "bcast", "same", or a list of shape tuples to pick from
    grad: bool = True           # differentiable: the program runs a backward
    scalar: bool = False        # operand 1 may be a Python float or a 0-d tensor
    tup: bool = False           # returns a (values, indices) pair: backward through out[0]


def both(name, n=1, args="", domain="any", **kw):
    """``L.name(a, ..)`` and ``a.name(..)``: a form each, since either can be wired wrong."""
    ops = [f"{{{i}}}" for i in range(n)]
    tail = ", ".join(ops[1:] + ([args] if args else []))
    call = ", ".join(ops + ([args] if args else []))
    return [Form(name, f"L.{name}({call})", n, domain, **kw),
            Form(name + ".m", f"{{0}}.{name}({tail})", n, domain, **kw)]


_POS = {"log", "log1p", "sqrt"}
_UNARY = ("exp expm1 log log1p sqrt sin cos tanh sigmoid relu abs absolute neg reciprocal square "
          "sign floor ceil round").split()
_MM = [((2, 3), (3, 2)), ((1, 3), (3, 1))]
_MATMUL = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 2)),
           ((2, 2, 3), (2, 3, 2)), ((2, 2, 3), (3, 2)), ((3,), (2, 3, 2)),
           ((2, 1, 2, 3), (3, 3, 2))]
_CLASSES = [((2, 3),), ((3,),), ((2, 3, 2),)]   # (N, C), (C,), (N, C, d)

OPS = [
    *[f for name in _UNARY for f in both(name, domain="pos" if name in _POS else "any")],
    *[f for name in ("add", "sub", "mul", "div") for f in both(name, 2, scalar=True)],
    *both("pow", 2, domain="pos", scalar=True),
    *both("maximum", 2), *both("minimum", 2),
    Form("add-alpha", "L.add({0}, {1}, alpha=2)", 2, scalar=True),
    Form("sub-alpha.m", "{0}.sub({1}, alpha=0.5)", 2, scalar=True),
    Form("rsub", "L.rsub({0}, {1})", 2, scalar=True),
    Form("add-scalar-first", "L.add(2.5, {0})"),
    *[Form(f"op{op}", f"{{0}} {op} {{1}}", 2, "pos" if op == "**" else "any", scalar=True)
      for op in ("+", "-", "*", "/", "**")],
    *[Form(f"r{op}", f"2.5 {op} {{0}}", 1) for op in ("+", "-", "*", "/")],
    Form("rpow", "2.0 ** {0}"),
    Form("pow-int", "{0} ** 2"), Form("pow-neg", "{0} ** -1.5", domain="pos"),
    Form("pow-half", "{0} ** 0.5", domain="pos"),
    Form("mod-scalar", "{0} % 0.7071"), Form("rmod", "5.3 % {0}"),
    Form("floordiv-scalar", "{0} // 0.7071"), Form("rfloordiv", "5.3 // {0}"),
    Form("floordiv", "{0} // {1}", 2), Form("mod", "{0} % {1}", 2),
    Form("opneg", "-{0}"), Form("oppos", "+{0}"), Form("opabs", "abs({0})"),
    # clamp, where, masked_fill
    Form("clamp", "L.clamp({0}, -1.0, 1.0)"), Form("clamp-min.m", "{0}.clamp(min=0.5)"),
    Form("clamp-max.m", "{0}.clamp(max=-0.5)"), Form("clip", "L.clip({0}, -0.5, 0.5)"),
    Form("clip.m", "{0}.clip(-1.0, 1.0)"), *both("clamp_min", args="0.5"),
    *both("clamp_max", args="0.5"), Form("clamp-tensor-min", "L.clamp({0}, min={1})", 2),
    Form("clamp-tensors.m", "{0}.clamp({1}, {2})", 3),
    Form("where", "L.where({0} > 0, {0}, {1})", 2, scalar=True),
    Form("where-scalar", "L.where({0} > 0, {1}, 0.0)", 2),
    Form("where.m", "{0}.where({0} < {1}, {1})", 2),
    Form("masked_fill", "L.masked_fill({0}, {0} < 0, 0.25)"),
    Form("masked_fill.m", "{0}.masked_fill({1} > 0, -1.5)", 2),
    Form("masked_fill-0d-value", "{0}.masked_fill({0} > 0, L.tensor(0.5))"),
    # reductions
    *both("sum", args="dim={dims}, keepdim={kd}"), Form("sum-all.m", "{0}.sum()"),
    Form("sum-pos", "L.sum({0}, {dim})"),
    *both("mean", args="{dims}, keepdim={kd}"), Form("mean-all", "L.mean({0})"),
    *both("amax", args="{dims}, keepdim={kd}"), *both("amin", args="dim={dims}"),
    Form("amax-all.m", "{0}.amax()"),
    Form("max-all.m", "{0}.max()"), Form("min-all", "L.min({0})"),
    Form("max-dim", "L.max({0}, {dim})", tup=True),
    Form("max-dim-values.m", "{0}.max(dim={dim}, keepdim={kd}).values"),
    Form("min-dim-indices.m", "{0}.min({dim}).indices", grad=False),
    Form("min-dim.m", "{0}.min({dim}, {kd})", tup=True),
    Form("max-binary", "L.max({0}, {1})", 2), Form("min-binary.m", "{0}.min({1})", 2),
    *both("argmax", args="{dim}, keepdim={kd}", grad=False),
    Form("argmin-all.m", "{0}.argmin()", grad=False),
    Form("var-all.m", "{0}.var()"), *both("var", args="{dims}, keepdim={kd}"),
    Form("var-correction0.m", "{0}.var({dims}, correction=0)"),
    Form("std-all", "L.std({0})"),
    Form("std-unbiased-false.m", "{0}.std(dim={dims}, unbiased=False)"),
    *both("std", args="{dim}, keepdim={kd}"),
    Form("norm-all.m", "{0}.norm()"), Form("norm-dim", "L.norm({0}, dim={dims})"),
    Form("norm-p1.m", "{0}.norm(p=1)"), Form("norm-p3-dim.m", "{0}.norm(3, {dim}, {kd})"),
    *both("logsumexp", args="{dims}, keepdim={kd}"),
    *both("softmax", args="{dim}"), *both("log_softmax", args="dim={dim}"),
    Form("all", "L.all({0} > 0)", grad=False), Form("any-dim.m", "({0} > 0).any(dim={dims})",
                                                     grad=False),
    Form("all-dim.m", "({0} < 0).all({dim}, keepdim={kd})", grad=False),
    # shapes and views
    Form("reshape.m", "{0}.reshape({shape})"), Form("reshape", "L.reshape({0}, {shape})"),
    Form("view.m", "{0}.view({shape_args})"), Form("flatten.m", "{0}.flatten()"),
    Form("flatten", "L.flatten({0}, {dim})"), Form("unflatten.m", "{0}.unflatten({unflatten})"),
    Form("squeeze.m", "{0}.squeeze()"), Form("squeeze-dim", "L.squeeze({0}, {dim})"),
    Form("squeeze-dims.m", "{0}.squeeze({dims})"),
    *both("unsqueeze", args="{udim}"), *both("transpose", args="{d0}, {d1}"), *both("t"),
    Form("permute.m", "{0}.permute({perm})"), Form("permute", "L.permute({0}, ({perm}))"),
    Form("T", "{0}.T"), Form("mT", "{0}.mT"), Form("expand.m", "{0}.expand({expand})"),
    Form("broadcast_to", "L.broadcast_to({0}, {expand_tuple})"),
    Form("expand_as.m", "{0}.expand_as({1})", 2),
    Form("sum_to_size.m", "{0}.sum_to_size({sum_to})"),
    *both("clone"), Form("contiguous.m", "{0}.contiguous()"),
    Form("detach.m", "{0}.detach()", grad=False), Form("detach", "L.detach({0})", grad=False),
    Form("view_as.m", "{0}.view_as({1})", 2, shapes="same"),
    Form("reshape_as.m", "{0}.t().reshape_as({1})", 2, shapes=[((2, 3), (3, 2)), ((3,), (3,))]),
    Form("index-basic", "{0}[{index}]"), Form("index-advanced", "{0}[{adv_index}]"),
    Form("index-mask-self", "{0}[{0} > 0]"),
    Form("cat", "L.cat([{0}, {1}], {dim})", 2, shapes="same"),
    Form("cat-tuple-dim", "L.cat(({0}, {1}, {0}), dim={dim})", 2, shapes="same"),
    Form("concat", "L.concat([{0}, {1}])", 2, shapes=[((2, 3), (1, 3)), ((1,), (3,))]),
    Form("stack", "L.stack([{0}, {1}], {udim})", 2, shapes="same"),
    # matmul family
    *both("mm", 2, shapes=_MM), *both("mv", 2, shapes=[((2, 3), (3,))]),
    *both("dot", 2, shapes=[((3,), (3,))]), *both("bmm", 2, shapes=[((2, 2, 3), (2, 3, 2))]),
    *both("matmul", 2, shapes=_MATMUL), Form("op@", "{0} @ {1}", 2, shapes=_MATMUL),
    Form("outer", "L.outer({0}, {1})", 2, shapes=[((3,), (2,))]),
    # comparisons and logic (not differentiable)
    *[f for name in ("eq", "ne", "lt", "le", "gt", "ge")
      for f in both(name, 2, scalar=True, grad=False)],
    *[Form(f"op{op}", f"{{0}} {op} {{1}}", 2, scalar=True, grad=False)
      for op in ("==", "!=", "<", "<=", ">", ">=")],
    *[Form(name, f"L.{name}({{0}})", grad=False) for name in ("isnan", "isinf", "isfinite")],
    Form("isfinite-div0.m", "({0} / 0).isfinite()", grad=False),
    Form("isclose", "L.isclose({0}, {1})", 2, grad=False),
    Form("allclose", "L.allclose({0}, {0} + 1e-9)", grad=False),
    Form("equal", "L.equal({0}, {0} * 1)", grad=False),
    Form("logical_not", "L.logical_not({0} > 0)", grad=False),
    Form("logical_and", "L.logical_and({0} > 0, {1} < 0)", 2, grad=False),
    Form("logical_or-floats", "L.logical_or({0}, {1})", 2, grad=False),
    Form("op~", "~({0} > 0)", grad=False), Form("op&", "({0} > 0) & ({1} > 0)", 2, grad=False),
    Form("op|", "({0} > 0) | ({1} < 0)", 2, grad=False),
    # nn.functional
    *[Form(f"F.{name}", f"{F}.{name}({{0}})") for name in ("relu", "sigmoid", "tanh")],
    Form("F.relu-inplace", f"{F}.relu({{0}} * 1, inplace=True)"),
    Form("F.leaky_relu", f"{F}.leaky_relu({{0}}, 0.1)"),
    Form("F.softmax", f"{F}.softmax({{0}}, dim={{dim}})"),
    Form("F.log_softmax", f"{F}.log_softmax({{0}}, {{dim}})"),
    Form("F.linear", f"{F}.linear({{0}}, {{1}}, {{2}})", 3,
         shapes=[((2, 3), (4, 3), (4,)), ((3,), (2, 3), (2,)), ((2, 2, 3), (1, 3), (1,))]),
    Form("F.linear-nobias", f"{F}.linear({{0}}, {{1}})", 2,
         shapes=[((2, 3), (4, 3)), ((3,), (2, 3))]),
    Form("F.mse_loss", f"{F}.mse_loss({{0}}, {{1}}, reduction={{red}})", 2, shapes="same"),
    Form("F.nll_loss", f"{F}.nll_loss({F}.log_softmax({{0}}, 0 if {{0}}.ndim == 1 else 1), "
         "L.tensor([1, 0] if {0}.ndim > 1 else 2) if {0}.ndim != 3 else L.tensor([[0, 1], [2, 0]]),"
         " reduction={red})", shapes=_CLASSES),
    Form("F.cross_entropy", f"{F}.cross_entropy({{0}}, L.tensor([2, 0]), reduction={{red}})",
         shapes=[((2, 3),)]),
    Form("F.cross_entropy-weight-ignore",
         f"{F}.cross_entropy({{0}}, L.tensor([2, 1, 1]), weight={{1}}.abs(), ignore_index=1)", 2,
         shapes=[((3, 4), (4,))]),
    Form("F.cross_entropy-smoothing", f"{F}.cross_entropy({{0}}, L.tensor([1, 0]), "
         "label_smoothing=0.2, reduction={red})", shapes=[((2, 3),)]),
    Form("F.cross_entropy-probs", f"{F}.cross_entropy({{0}}, {{1}}.softmax(-1))", 2,
         shapes=[((2, 3), (2, 3))]),
    Form("F.cross_entropy-unbatched", f"{F}.cross_entropy({{0}}, L.tensor(1))", shapes=[((3,),)]),
]

# The breadth ops of issue 12 keep their forms in files of their own: fuzz_forms_*.py.
_MORE = [importlib.import_module(f.stem) for f in sorted(pathlib.Path(__file__).parent.glob("fuzz_forms_*.py"))]
OPS += [f for m in _MORE for f in m.forms(Form, both, F)]
GRAD2_MORE = set().union(*(m.grad2_ids() for m in _MORE))

# Forms whose second derivative is worth checking (kinks, selections, products, losses), plus
# forms that only this family uses.
GRAD2 = [f for f in OPS if f.id in set(
    "exp log.m sqrt sin.m tanh sigmoid.m relu relu.m abs.m abs reciprocal square sign floor.m "
    "mul div.m pow pow.m op** rpow pow-neg maximum minimum.m clamp clamp-min.m clamp-tensor-min "
    "where where.m masked_fill masked_fill.m amax amax.m amin max-all.m max-dim max-dim-values.m "
    "max-binary var var-all.m std-all std.m norm-all.m norm-dim logsumexp softmax.m log_softmax "
    "F.relu F.sigmoid F.leaky_relu F.softmax F.mse_loss F.cross_entropy F.nll_loss F.linear mm "
    "matmul op@ sum.m mean cat index-basic index-advanced expand.m".split()) | GRAD2_MORE] + [
    Form("where-products", "L.where({0} > 0, {0} * {0}, {1})", 2),
    Form("masked_fill-times-self", "{0}.masked_fill({0} < 0, 0.0) * {0}"),
    Form("relu-times-self", "{0}.relu() * {0}"),
    Form("leaky_relu-times-self", f"{F}.leaky_relu({{0}}, 0.2) * {{0}}"),
    Form("abs-times-self", "{0}.abs() * {1}", 2),
    Form("clamp-times-self", "{0}.clamp(-1.0, 1.0) * {0}"),
    Form("amax-times-self", "{0}.amax({dim}, keepdim=True) * {0}"),
]

_ONE = [((1,),), ((1, 1),)]
TIES = [
    Form("amax-all", "{0}.amax()"), *both("amax", args="{dims}, keepdim={kd}"),
    Form("amin.m", "{0}.amin({dims})"), Form("max-all.m", "{0}.max()"),
    Form("min-all", "L.min({0})"), Form("max-dim", "L.max({0}, {dim})", tup=True),
    Form("min-dim-values.m", "{0}.min(dim={dim}).values"),
    Form("max-dim-indices.m", "{0}.max({dim}, keepdim={kd}).indices", grad=False),
    Form("argmax.m", "{0}.argmax()", grad=False),
    Form("argmin", "L.argmin({0}, {dim})", grad=False),
    Form("maximum", "L.maximum({0}, {1})", 2, domain="ties", shapes="same"),
    Form("minimum.m", "{0}.minimum({1})", 2, domain="ties", shapes="same"),
    Form("max-binary", "L.max({0}, {1})", 2, domain="ties", shapes="same"),
    Form("clamp-at-bounds", "{0}.clamp(-1.0, 0.5)"), Form("clamp-min-at", "{0}.clamp(min=0.0)"),
    Form("clamp-tensor-min", "{0}.clamp(min={1})", 2, domain="ties", shapes="same"),
    Form("relu-at-0", "{0}.relu()"), Form("F.relu-at-0", f"{F}.relu({{0}})"),
    Form("abs-at-0", "{0}.abs()"), Form("sign-at-0", "{0}.sign()"),
    Form("where-ge", "L.where({0} >= {1}, {0}, {1})", 2, domain="ties", shapes="same"),
    Form("sqrt-of-square", "({0} * {0}).sqrt()"), Form("norm-all.m", "{0}.norm()"),
    Form("norm-dim", "{0}.norm(dim={dim})"),
    Form("logsumexp", "L.logsumexp({0}, {dim})"), Form("softmax.m", "{0}.softmax({dim})"),
    Form("var-correction0-one", "{0}.var(correction=0)", shapes=_ONE),
    Form("std-correction0-one", "{0}.std(correction=0)", shapes=_ONE),
    Form("std-dim-correction0-one", "{0}.std(1, correction=0)", shapes=[((2, 1),)]),
    Form("var-one", "{0}.var()", shapes=_ONE), Form("std-one.m", "{0}.std(0)", shapes=_ONE),
    Form("mean-empty", "{0}.mean()", shapes=[((0,),)]),
    Form("sum-empty", "{0}.sum()", shapes=[((0,),), ((2, 0),)]),
    Form("F.cross_entropy-all-ignored",
         f"{F}.cross_entropy({{0}}, L.tensor([-100, -100]), reduction={{red}})",
         shapes=[((2, 3),)]),
    Form("F.nll_loss-all-ignored",
         f"{F}.nll_loss({{0}}, L.tensor([1, 1]), ignore_index=1)", shapes=[((2, 3),)]),
    Form("F.cross_entropy-weight-zero",
         f"{F}.cross_entropy({{0}}, L.tensor([0, 0]), weight=L.tensor([0.0, 1.0, 1.0], "
         "dtype={0}.dtype))", shapes=[((2, 3),)]),
]
TIES = [dataclasses.replace(f, domain="ties") for f in TIES]

# The dtypes family: each form gets operands of random kinds (tensors of every dtype, 0-d
# tensors, Python numbers); results are compared by dtype and value, with no backward.
# "{0}." forms need a tensor operand 0.
DTYPE_OPS = {name: code for name, code in [
    ("add", "{0} + {1}"), ("sub", "{0} - {1}"), ("mul", "{0} * {1}"), ("div", "{0} / {1}"),
    ("floordiv", "{0} // {1}"), ("mod", "{0} % {1}"), ("pow", "{0} ** {1}"),
    ("add-fn", "L.add({0}, {1})"), ("mul.m", "{0}.mul({1})"),
    ("add-alpha", "L.add({0}, {1}, alpha=2)"),
    ("maximum", "L.maximum({0}, {1})"), ("eq", "{0} == {1}"), ("lt", "{0} < {1}"),
    ("logical_or", "L.logical_or({0}, {1})"), ("logical_and", "L.logical_and({0}, {1})"),
    ("where", "L.where(L.tensor([True, False]), {0}, {1})"), ("where-10", "L.where({0} > 0, 1, 0)"),
    ("cat", "L.cat([{0}.reshape(-1), {1}.reshape(-1)])"), ("clamp", "{0}.clamp({1})"),
    ("clamp-float-bound", "{0}.clamp(1.5)"), ("clamp_min", "{0}.clamp_min({1})"),
    ("masked_fill", "{0}.masked_fill(L.tensor([True, False]), {1})"),
    ("abs", "{0}.abs()"), ("neg", "-{0}"), ("sign", "{0}.sign()"), ("sum", "{0}.sum()"),
    ("sum-dim", "{0}.sum(-1)"), ("mean", "{0}.mean()"), ("max", "{0}.max()"),
    ("amax", "{0}.amax(-1)"), ("argmax", "{0}.argmax()"), ("exp", "{0}.exp()"),
    ("sqrt", "{0}.abs().sqrt()"), ("sigmoid", "L.sigmoid({0})"), ("round", "{0}.round()"),
    ("floor", "L.floor({0})"), ("reciprocal", "{0}.reciprocal()"), ("square", "{0}.square()"),
    ("to-float", "{0}.float()"), ("to-long", "{0}.long()"), ("to-bool", "{0}.bool()"),
    ("to-int", "{0}.int()"), ("to-double", "{0}.to(L.float64)"), ("type_as", "{0}.type_as({1})"),
    ("item", "{0}.sum().item()"), ("tolist", "{0}.tolist()"), ("zeros_like", "L.zeros_like({0})"),
    ("full_like", "L.full_like({0}, 2.5)"), ("new_tensor", "{0}.new_tensor([1, 2])"),
    ("new_zeros", "{0}.new_zeros(2)"), ("matmul", "{0}.reshape(-1) @ {0}.reshape(-1)"),
]}
CREATION = [  # complete expressions: result dtype and values
    "L.tensor([1, 2.5])", "L.tensor([True, 2])", "L.tensor([np.float64(1.0)])",
    "L.tensor(np.float32(1.5))", "L.tensor([1, 2], dtype=L.float32)", "L.tensor(3)",
    "L.tensor([])", "L.tensor([[True], [False]])", "L.arange(5)", "L.arange(0, 1, 0.25)",
    "L.arange(1.0, 4)", "L.full((2,), 3)", "L.full((2,), True)", "L.full((2,), 1.5)",
    "L.linspace(0, 1, 5)", "L.zeros(2, dtype=L.int64)", "L.ones(2, 3).long()", "L.eye(2)",
    "L.as_tensor(np.array([1, 2], dtype=np.int32))", "L.from_numpy(np.arange(3))",
    "L.tensor(np.array([1.5, 2.5]))", "L.zeros(()).dtype", "L.tensor([1, 2]).dtype",
    "-L.zeros(2)", "L.tensor([-0.0, 1.5])", "L.tensor([-0.4, 0.4]).round()",
    "L.tensor([2.5, -1.5, 0.5]).round()", "L.tensor([1e-5, 1.0])", "L.tensor([1e10, 1.0])",
    "L.tensor([1, 2]) / 2", "L.tensor([3, -4]).abs()", "L.tensor([1, 2]).clamp(1.5)",
    "L.tensor(5) // 2.0", "L.tensor([5, -5]) // 2", "L.tensor([5, -5]) % 3",
    "L.tensor([5.5, -5.5]) % 2", "L.tensor([True]) + True", "L.tensor([1.0]) + L.tensor(1.0, "
    "dtype=L.float64)", "L.tensor([1]) + L.tensor(1.0, dtype=L.float64)",
    "L.cat([L.tensor([1]), L.tensor([1.5])])", "L.tensor([2]) ** 2.0", "2 ** L.tensor([2])",
    "L.tensor([float('nan'), float('inf'), -float('inf')])",
    "L.tensor([0.1, 0.2], dtype=L.float32)",
]
DTYPE_FORMS = [Form(name, code, 2, grad=False) for name, code in DTYPE_OPS.items()] + [
    Form(f"create[{k}]", code, 0, grad=False) for k, code in enumerate(CREATION)]
_KINDS = ("int64", "bool", "float32", "float64", "0d-int64", "0d-bool", "0d-float32",
          "0d-float64", "py-int", "py-float", "py-bool")

# ---- the views family: a view of a base, in-place ops on one of them, then a backward
VIEWS = [  # (id, code over the base `a`, base shapes it suits)
    ("select", "a[1]", [(3,), (2, 3), (2, 2, 3)]), ("select2", "a[0, 1]", [(2, 3), (2, 2, 3)]),
    ("slice", "a[1:]", [(3,), (2, 3)]), ("slice-step", "a[::2]", [(3,), (3, 2)]),
    ("slice-col", "a[:, 1:]", [(2, 3), (2, 2, 3)]), ("ellipsis", "a[..., 0]", [(2, 3), (2, 2, 3)]),
    ("none", "a[None]", [(3,), (2, 3)]), ("view", "a.view(-1)", [(2, 3), (2, 2, 3)]),
    ("view-shape", "a.view(3, 2)", [(2, 3), (6,)]), ("reshape", "a.reshape(-1)", [(2, 3)]),
    ("transpose", "a.transpose(0, -1)", [(2, 3), (2, 2, 3)]),
    ("permute", "a.permute(2, 0, 1)", [(2, 2, 3)]), ("t", "a.t()", [(2, 3)]),
    ("T", "a.T", [(2, 3)]),
    ("mT", "a.mT", [(2, 2, 3)]), ("expand", "a.expand(2, -1)", [(3,)]),
    ("squeeze", "a.squeeze()", [(3, 1), (1, 3)]), ("unsqueeze", "a.unsqueeze(0)", [(3,), (2, 3)]),
    ("flatten", "a.flatten()", [(2, 3), (3,)]), ("unflatten", "a.unflatten(-1, (3, 1))", [(2, 3)]),
    ("detach", "a.detach()", [(2, 3)]), ("select-of-t", "a.t()[0]", [(2, 3)]),
    ("mask-copy", "a[a > 0]", [(2, 3)]), ("list-copy", "a[[0, 0]]", [(2, 3)]),
    ("contiguous-copy", "a.t().contiguous()", [(2, 3)]),
    ("narrow", "a.narrow(-1, 1, 2)", [(3,), (2, 3)]), ("diagonal", "a.diagonal()", [(2, 3)]),
    ("select-method", "a.select(0, 1)", [(3,), (2, 3)]), ("movedim", "a.movedim(0, -1)", [(2, 3)]),
    ("view_as", "a.view_as(a)", [(2, 3)]), ("view-dtype", "a.view(a.dtype)", [(2, 3)]),
    # (windows that do not overlap: in place, torch applies an op to shared memory once per window)
    ("unfold", "a.unfold(-1, 2, 2)", [(4,), (2, 4)]), ("unfold-step", "a.unfold(0, 1, 2)", [(3,)]), ("expand_as", "a.expand_as(L.ones(2, 3))", [(3,)]),
    # outputs of split/chunk/unbind, views made under no_grad, and views of those: torch's
    # CreationMeta forbids changing them in place, or using them after their base changed
    ("split", "a.split(1)[1]", [(3,), (2, 3)]), ("chunk", "a.chunk(2, -1)[0]", [(2, 3), (4,)]),
    ("unbind", "a.unbind(0)[1]", [(3,), (2, 3)]), ("split-sizes", "a.split([1, 1])[0]", [(2, 3)]),
    ("view-of-split", "a.split(1)[0].view(-1)", [(2, 3)]), ("t-of-unbind", "a.unbind(1)[0]", [(2, 3)]),
    ("nograd-select", "nograd:a[1]", [(3,), (2, 3)]), ("nograd-t", "nograd:a.t()", [(2, 3)]),
    ("nograd-view-of-view", "nograd:a[0]|v[0]", [(2, 3)]),
]
INPLACE = [  # (id, code over the target {t}; {y} broadcasts to it, {y0} is 0-d, {yi} fits t[0])
    ("add_", "{t}.add_(0.25)"), ("add_-alpha", "{t}.add_({y}, alpha=2.0)"),
    ("sub_", "{t}.sub_({y})"),
    ("mul_", "{t}.mul_(2.0)"), ("mul_-tensor", "{t}.mul_({y})"), ("div_", "{t}.div_(4.0)"),
    ("copy_", "{t}.copy_({y})"), ("fill_", "{t}.fill_(0.75)"), ("fill_-0d", "{t}.fill_({y0})"),
    ("zero_", "{t}.zero_()"), ("clamp_", "{t}.clamp_(-0.5, 0.5)"), ("+=", "{t} += {y}"),
    ("*=", "{t} *= 3.0"), ("-=", "{t} -= {y}"), ("setitem-ellipsis", "{t}[...] = {y}"),
    ("setitem-int", "{t}[0] = {yi}"), ("setitem-slice", "{t}[1:] = 0.5"),
    ("setitem-mask", "{t}[{t} > 0] = 0.5"), ("setitem-list", "{t}[[0, -1]] = 1.5"),
    ("setitem-0d", "{t}[0] = {y0}"), ("relu_", "{t}.relu_()"),
    ("F.relu-inplace", f"{F}.relu({{t}}, inplace=True)"), ("exp_", "{t}.exp_()"),
    ("sigmoid_", "{t}.sigmoid_()"), ("neg_", "{t}.neg_()"), ("pow_", "{t}.pow_(2)"),
    ("masked_fill_", "{t}.masked_fill_({t} < 0, 0.25)"), ("detach-mul_", "{t}.detach().mul_(2.0)"),
    ("abs_", "{t}.abs_()"),
]

# ---- the chains family: views of views of a non-leaf base (1-4 of them, each taken from the base
# or from an earlier view), in-place ops on any of them, and first- and second-order gradients
# through all: rebasing, CopySlices and CreationMeta where they compose.
CHAIN_VIEWS = [  # (code over {v}, whether it suits a view of shape s)
    ("{v}.t()", lambda s: len(s) <= 2), ("{v}.mT", lambda s: len(s) >= 2),
    ("{v}.transpose(0, -1)", lambda s: len(s) >= 2), ("{v}[1:]", lambda s: s and s[0] >= 2),
    ("{v}[::2]", lambda s: s and s[0] >= 3), ("{v}[..., :-1]", lambda s: len(s) >= 2 and s[-1] >= 2),
    ("{v}[0]", lambda s: len(s) >= 1), ("{v}[-1]", lambda s: len(s) >= 1),
    ("{v}[None]", lambda s: len(s) <= 3), ("{v}.unsqueeze(-1)", lambda s: len(s) <= 3),
    ("{v}.squeeze()", lambda s: True), ("{v}.view(-1)", lambda s: True),
    ("{v}.reshape(-1)", lambda s: True), ("{v}.flatten()", lambda s: True),
    ("{v}.narrow(0, 1, 1)", lambda s: s and s[0] >= 2), ("{v}.select(0, 0)", lambda s: len(s) >= 1),
    ("{v}.diagonal()", lambda s: len(s) >= 2), ("{v}.expand(3, *{v}.shape[1:])", lambda s: s and s[0] == 1),
    ("{v}.unbind(0)[-1]", lambda s: len(s) >= 1), ("{v}.split(1)[1]", lambda s: s and s[0] >= 2),
    ("{v}.chunk(2)[0]", lambda s: s and s[0] >= 2), ("{v}.detach()", lambda s: True),
    ("{v}[...]", lambda s: True), ("{v}.movedim(0, -1)", lambda s: len(s) >= 2),
    ("{v}.unflatten(-1, (2, -1))", lambda s: s and s[-1] % 2 == 0),
    ("{v}.contiguous()", lambda s: True), ("{v}.view({v}.dtype)", lambda s: True),
    ("{v}.unfold(-1, 2, 2)", lambda s: s and s[-1] >= 2),  # (disjoint windows: see VIEWS)
]
CHAIN_INPLACE = [  # (id, code over {v}); {x} is the leaf
    ("mul_", "{v}.mul_(2.5)"), ("add_", "{v}.add_(1.0)"), ("zero_", "{v}.zero_()"),
    ("fill_", "{v}.fill_(3.0)"), ("clamp_", "{v}.clamp_(min=0.2)"), ("exp_", "{v}.exp_()"),
    ("neg_", "{v}.neg_()"), ("+=", "{v} += 1"), ("*=self", "{v} *= {v}"),
    ("copy_", "{v}.copy_({v} * 2)"), ("sigmoid_", "{v}.sigmoid_()"), ("relu_", "{v}.relu_()"),
    ("pow_", "{v}.pow_(2)"), ("masked_fill_", "{v}.masked_fill_({v} > 0.5, 0.0)"),
    ("setitem", "{v}[...] = 7.0"), ("add_-leaf", "{v}.add_({x}.sum())"), ("abs_", "{v}.abs_()"),
    ("addcmul_", "{v}.addcmul_({v}, {v}, value=0.5)"), ("floor_", "{v}.floor_()"),
    ("log_", "{v}.log_()"), ("sqrt_", "{v}.sqrt_()"), ("t_", "{v}.t_() if {v}.dim() < 3 else None"),
    ("unsqueeze_", "{v}.unsqueeze_(0)"), ("detach-mul_", "{v}.detach().mul_(3)"),
    ("data-mul_", "{v}.data.mul_(3)"), ("no_grad-mul_", "with L.no_grad():\n    {v}.mul_(3)"),
]


# ---- the errors family: short programs where torch raises (or pointedly does not). They may
# use x (2, 3) and v (3,) float64 leaves requiring grad, i (3,) int64 and b (3,) bool.
ERRORS = {
    "mm-rank": ["out = L.mm(v, x)"], "mm-inner": ["out = L.mm(x, x)"],
    "mv-rank": ["out = L.mv(x, x)"], "dot-rank": ["out = L.dot(x, v)"],
    "dot-size": ["out = L.dot(v, v[:2])"], "bmm-rank": ["out = L.bmm(x, x.t())"],
    "matmul-0d": ["out = L.matmul(v.sum(), v)"], "matmul-inner": ["out = x @ x"],
    "negative-step": ["out = v[::-1]"], "bool-sub": ["out = b - b"], "bool-neg": ["out = -b"],
    "int-floordiv-0": ["out = i // 0"], "int-mod-0": ["out = i % 0"],
    "int-floordiv-0-tensor": ["out = i // L.zeros(3, dtype=L.int64)"],
    "int-pow-negative": ["out = i ** -1"], "softmax-int": ["out = L.softmax(i, 0)"],
    "var-int": ["out = i.var()"], "std-int": ["out = i.std()"], "mean-int": ["out = i.mean()"],
    "inplace-leaf": ["x.add_(1.0)"], "inplace-leaf-setitem": ["x[0] = 1.0"],
    "inplace-leaf-view": ["x[0].mul_(2.0)"], "uniform-leaf": ["x.uniform_()"],
    "normal-leaf": ["x.normal_()"],
    "uniform-nonleaf": ["y = x * 1", "y.uniform_()", "obs('y.shape', y.shape)",
                        "obs('grad_fn', type(y.grad_fn).__name__)", "y.sum().backward()",
                        "obs('x.grad', x.grad)"],
    "grad-duplicate-inputs": ["y = (x * x).sum()", "g = L.autograd.grad(y, [x, x])",
                              "obs('g', g)"],
    "backward-inputs-nonleaf": ["y = x * 2", "z = (y * y).sum()", "z.backward(inputs=[y])",
                                "obs('y.retains_grad', y.retains_grad)", "obs('y.grad', y.grad)",
                                "obs('x.grad', x.grad)"],
    "backward-twice": ["y = x.exp().sum()", "y.backward()", "y.backward()"],
    "backward-nonscalar": ["(x * 2).backward()"],
    "grad-unused": ["y = v.sum()", "g = L.autograd.grad(y, [x])"],
    "grad-unused-allowed": ["y = v.sum()", "g = L.autograd.grad(y, [x, v], allow_unused=True)",
                            "obs('g', g)"],
    "backward-under-no_grad": ["with L.no_grad():\n    y = x * 2", "obs('y', y)",
                               "y.sum().backward()"],
    "saved-modified": ["y = x.exp()", "y.add_(1.0)", "y.sum().backward()"],
    "saved-modified-sigmoid": ["y = x.sigmoid()", "y.mul_(2.0)", "y.sum().backward()"],
    "saved-modified-via-detach": ["y = x.tanh()", "y.detach().zero_()", "y.sum().backward()"],
    "view-noncontiguous": ["out = x.t().view(-1)"], "reshape-numel": ["out = x.reshape(4)"],
    "index-out-of-range": ["out = v[5]"], "dim-out-of-range": ["out = x.sum(2)"],
    "cat-mismatch": ["out = L.cat([x, v])"], "cat-0d": ["out = L.cat([v.sum(), v.sum()])"],
    "expand-bad": ["out = x.expand(3, 3)"], "broadcast-bad": ["out = x + L.ones(2)"],
    "requires-grad-int": ["out = L.tensor([1, 2], requires_grad=True)"],
    "item-many": ["out = x.item()"], "numpy-requires-grad": ["out = x.numpy()"],
    "squeeze-out-of-range": ["out = x.squeeze(3)"], "permute-repeated": ["out = x.permute(0, 0)"],
    "inplace-expanded": ["y = v.detach().expand(2, 3)", "y.add_(1.0)"],
    "nll-batch-mismatch": [f"out = {F}.nll_loss(x.log_softmax(1), L.tensor([0, 1, 2]))"],
    "cross_entropy-float-target": [f"out = {F}.cross_entropy(x, L.tensor([0.0, 1.0]))"],
    "requires_grad-nonleaf": ["y = x * 2", "y.requires_grad = False"],
    "grad-of-nonleaf": ["y = x * 2", "y.sum().backward()", "obs('y.grad', y.grad)"],
    "retain_grad": ["y = x * 2", "y.retain_grad()", "(y * y).sum().backward()",
                    "obs('y.grad', y.grad)", "obs('y.retains_grad', y.retains_grad)"],
    "max-empty": ["out = L.zeros(0).max()"], "t-3d": ["out = x.unsqueeze(0).t()"],
    "view-bad-size": ["out = x.view(4, -1)"], "reshape-two-minus1": ["out = x.reshape(-1, -1)"],
    "setitem-shape-mismatch": ["y = x * 1", "y[0] = L.ones(2)"],
    "copy_-bad-shape": ["y = x * 1", "y.copy_(L.ones(4))"],
    "mse_loss-mismatch": [f"out = {F}.mse_loss(x, v[:2])"],
    "grad-of-int-output": ["g = L.autograd.grad(i.sum(), [x])"],
    "masked_fill-nonbool-mask": ["out = x.masked_fill(x, 0.0)"],
    "where-nonbool-cond": ["out = L.where(v, v, 0.0)"],
    "softmax-dim-out-of-range": ["out = v.softmax(1)"],
    "leaf-retains_grad": ["obs('x.retains_grad', x.retains_grad)", "x.retain_grad()",
                          "obs('x.retains_grad', x.retains_grad)"],
    "detach-requires_grad": ["y = x.detach()", "y.requires_grad_()", "obs('y', y)",
                             "(y * x).sum().backward()", "obs('y.grad', y.grad)"],
}


# ============================================================================ generators

def _leaf(rng, name, shape, domain, parity, dtype="float64"):
    """A float leaf requiring grad, declared as code."""
    return decl(name, draw_values(rng, shape, domain, parity), dtype, True)


def _operand_shapes(rng, form):
    if form.shapes == "bcast":
        return bcast_shapes(rng, form.n)
    if form.shapes == "same":
        return [draw_shape(rng)] * form.n
    return list(rng.choice(form.shapes))


def _backward(rng, out="out"):
    loss = rng.choice((f"{out}.sum()", f"({out} * {out}).sum()"))
    return f"{loss}.backward()"


def _form_operands(rng, form, dtype):
    """Declarations and names of a form's operands (operand 1 may become a number or a 0-d)."""
    names = ["a", "b", "c"][:form.n]
    shapes = _operand_shapes(rng, form)
    steps, leaves = [], []
    for k, (name, shape) in enumerate(zip(names, shapes)):
        if k == 1 and form.scalar and rng.random() < 0.5:
            if rng.random() < 0.5:
                names[1] = repr(_magnitudes(rng, 1, 0)[0] * rng.choice((-1, 1)))
                continue
            shape = ()
        domain = form.domain if k == 0 or form.domain == "ties" else "any"
        steps.append(_leaf(rng, name, shape, domain, 1 if k == 0 else 0, dtype))
        leaves.append(name)
    return steps, names, leaves, shapes[0] if shapes else ()


def gen_ops(rng, form, family="ops"):
    """out = form(operands); observe it; backward; observe every leaf's grad."""
    dtype = "float32" if rng.random() < 0.2 and family == "ops" else "float64"
    steps, names, leaves, shape0 = _form_operands(rng, form, dtype)
    steps += [f"out = {fill(form.code, names, rng, shape0)}", "obs('out', out)"]
    if form.grad:
        steps.append(_backward(rng, "out[0]" if form.tup else "out"))
        steps += [f"obs('{n}.grad', {n}.grad)" for n in leaves]
    return steps


def gen_grad2(rng, form):
    """First-order grads with create_graph=True (observed, requires_grad included), then the
    grads of their sum, allowing unused inputs: None-ness and values of both orders."""
    steps, names, leaves, shape0 = _form_operands(rng, form, "float64")
    out = "out[0]" if form.tup else "out"
    loss = rng.choice((f"{out}.sum()", f"({out} * {out}).sum()"))
    gs = ", ".join(f"g{n}" for n in leaves) + ("," if len(leaves) == 1 else "")
    inputs = ", ".join(leaves)
    steps += [f"out = {fill(form.code, names, rng, shape0)}", "obs('out', out)",
              f"{gs} = L.autograd.grad({loss}, [{inputs}], create_graph=True)"]
    # The nodes of a backward formula are torch's implementation detail: compare whether each
    # first-order grad requires grad, and its values, not its grad_fn name.
    steps += [f"obs('g{n}.requires_grad', g{n}.requires_grad)" for n in leaves]
    steps += [f"obs('g{n}', g{n}.detach())" for n in leaves]
    steps += [f"s = {' + '.join(f'g{n}.sum()' for n in leaves)}",
              f"h = L.autograd.grad(s, [{inputs}], allow_unused=True)", "obs('h', h)"]
    return steps


def _dtype_operand(rng, kind, shape):
    if kind.startswith("py-"):
        return {"py-int": str(rng.choice((-3, -2, 2, 3))), "py-bool": rng.choice(("True", "False")),
                "py-float": repr(rng.choice((-1.5, 0.5, 2.5)))}[kind], None
    dtype = kind.removeprefix("0d-")
    shape = () if kind.startswith("0d-") else shape
    domain = {"int64": "int", "bool": "bool"}.get(dtype, "any")
    return None, (shape, dtype, domain)


def gen_dtypes(rng, form):
    """Operands of random kinds; observe the result (dtype, values) and sometimes its repr."""
    steps, names = [], []
    if form.n:
        shape = rng.choice(((2,), (2, 2), (3, 2)))
        kinds = [rng.choice(_KINDS[:8] if "{0}." in form.code else _KINDS),
                 rng.choice(_KINDS)]
        if kinds[0].startswith("py-") and kinds[1].startswith("py-"):
            kinds[1] = rng.choice(_KINDS[:8])
        for name, kind in zip("ab", kinds):
            literal, spec = _dtype_operand(rng, kind, shape if rng.random() < 0.8 else shape[-1:])
            if spec is None:
                names.append(literal)
                continue
            shp, dtype, domain = spec
            steps.append(decl(name, draw_values(rng, shp, domain, 1 if name == "a" else 0), dtype))
            names.append(name)
    steps += [f"out = {form.code.format(*names)}", "obs('out', out)"]
    if rng.random() < 0.3 or form.id.startswith("create"):
        # (a Python float's repr shows its last bit, which the order of a float sum decides)
        steps.append("obs('repr', repr(out) if not isinstance(out, float) else 'a float')")
    return steps


def _torch_shape(code, **shapes):
    """The shape of a view/index expression, computed with torch on zeros (generation only)."""
    ns = {"L": torch, **{k: torch.zeros(s) for k, s in shapes.items()}}
    try:
        return tuple(eval(code, ns).shape)  # noqa: S307 - our own table's code
    except Exception:  # noqa: BLE001 - an invalid index: the caller picks another in-place op
        return None


def gen_views(rng, form):
    """a = non-leaf (or no-grad) base; v = view of a; 1-2 in-place ops on v or on a; observe
    values, _version, view identity, contiguity and grad_fn; backward; observe leaf grads."""
    view_id, target = form.id.rsplit("/", 1)
    _, view_code, base_shapes = next(v for v in VIEWS if v[0] == view_id)
    shape = rng.choice(base_shapes)
    t_name = "v" if target == "view" else "a"
    made, _, again = view_code.removeprefix("nograd:").partition("|")
    v_shape = _torch_shape(made, a=shape)
    if again and v_shape is not None:
        v_shape = _torch_shape(again, v=v_shape)
    t_shape = v_shape if t_name == "v" else shape
    steps = [_leaf(rng, "x", shape, "any", 1)]
    base = rng.choice(("x * 1", "x * 1", "x.clone()", "nograd"))
    ops, n_y = [], 0
    for _ in range(rng.choice((1, 1, 2))):
        choices = list(INPLACE)
        rng.shuffle(choices)
        for op_id, code in choices:
            if t_shape is None:
                break
            fills = {"t": t_name}
            if "{yi}" in code or "{t}[" in code:
                if not t_shape or _torch_shape("t[0]", t=t_shape) is None:
                    continue
            for ph, shp in (("{y}", t_shape[rng.randint(0, len(t_shape)):]), ("{y0}", ()),
                            ("{yi}", t_shape[1:])):
                if ph in code:
                    n_y += 1
                    steps.append(_leaf(rng, f"y{n_y}", shp, "any", 0))
                    fills[ph[1:-1]] = f"y{n_y}"
            ops.append(code.format(**fills))
            break
    if base == "nograd":
        steps.append(decl("a", draw_values(rng, shape, "any", 1)))
    else:
        steps.append(f"a = {base}")
    if view_code.startswith("nograd:"):  # made under no_grad (then viewed again, after `|`)
        steps.append(f"with L.no_grad():\n    v = {made}")
        if again:
            steps.append(f"v = {again}")
    else:
        steps.append(f"v = {view_code}")
    steps += ["obs('v', v)", "obs('v._base is a', v._base is a)",
              "obs('v._base is None', v._base is None)",
              "obs('v.is_contiguous()', v.is_contiguous())",
              "obs('a._version', a._version)"]
    steps += ops
    steps += ["obs('a', a)", "obs('v', v)", "obs('a._version', a._version)",
              "obs('v._version', v._version)", "((a * a).sum() + (v * v).sum()).backward()"]
    steps += [f"obs('{n}.grad', {n}.grad)" for n in ["x"] + [f"y{k}" for k in range(1, n_y + 1)]]
    return steps


def gen_chains(rng, form):
    """x leaf, a = x * 1, views v1.. of a or of each other, the form's in-place op (and maybe one
    more) on any of them; observe every tensor, then d(loss)/dx with create_graph and its own
    gradient."""
    shape = rng.choice([(3,), (2, 3), (3, 4), (1, 4), (2, 2, 2), (1, 3, 2), ()])
    steps = [_leaf(rng, "x", shape, "pos", 1), "a = x * 1"]
    shapes = {"a": shape}
    for k in range(1, rng.randint(1, 4) + 1):
        src = rng.choice(sorted(shapes))
        code = rng.choice([c for c, fits in CHAIN_VIEWS if fits(shapes[src])])
        made = _torch_shape(code.format(v="t"), t=shapes[src])
        if made is None:
            continue
        steps.append(f"v{k} = {code.format(v=src)}")
        shapes[f"v{k}"] = made
    names = sorted(shapes)
    ops = [dict(CHAIN_INPLACE)[form.id]] + ([rng.choice(CHAIN_INPLACE)[1]] if rng.random() < 0.4
                                            else [])
    steps += [op.format(v=rng.choice(names), x="x") for op in ops]
    for n in names:
        steps += [f"obs('{n}', {n})", f"obs('{n}._version', {n}._version)"]
    outs = rng.sample(names, k=min(len(names), rng.randint(1, 3)))
    steps.append("loss = " + " + ".join(
        f"({n} * L.arange({n}.numel(), dtype={n}.dtype).reshape({n}.shape)).sum()" for n in outs))
    steps += ["g, = L.autograd.grad(loss, x, create_graph=True, allow_unused=True)", "obs('g', g)",
              "obs('gg', L.autograd.grad((g * g).sum(), x, allow_unused=True)[0] "
              "if g is not None and g.requires_grad else None)"]
    return steps


def gen_errors(rng, form):
    steps = [_leaf(rng, "x", (2, 3), "any", 1), _leaf(rng, "v", (3,), "any", 0),
             decl("i", draw_values(rng, (3,), "int"), None),
             decl("b", draw_values(rng, (3,), "bool"))]
    steps += list(ERRORS[form.id])
    if steps[-1].startswith("out = "):
        steps.append("obs('out', out)")
    return steps


def gen_ties(rng, form):
    return gen_ops(rng, form, family="ties")


FAMILIES = {  # family -> (forms, generator(rng, form) -> steps)
    "ops": (OPS, gen_ops),
    "dtypes": (DTYPE_FORMS, gen_dtypes),
    "views": ([Form(f"{v[0]}/{t}", "") for v in VIEWS for t in ("view", "base")], gen_views),
    "grad2": (GRAD2, gen_grad2),
    "ties": (TIES, gen_ties),
    "errors": ([Form(k, "") for k in ERRORS], gen_errors),
    "chains": ([Form(k, "") for k, _ in CHAIN_INPLACE], gen_chains),
}
for _fam, (_forms, _) in FAMILIES.items():
    _dups = [k for k, c in collections.Counter(f.id for f in _forms).items() if c > 1]
    assert not _dups, f"duplicate form ids in {_fam}: {_dups}"


def classes(family=None):
    return [(fam, form) for fam, (forms, _) in FAMILIES.items() if family in (None, fam)
            for form in forms]


def generate(seed, i, family=None):
    """Program i of a seed. The classes are visited in a seed-shuffled order, so n programs
    cover min(n, number of classes) classes (random families, no class starved); everything
    else is drawn from an rng seeded by (seed, i) alone, so program i never depends on others."""
    order = classes(family)
    random.Random(f"order/{seed}/{family}").shuffle(order)
    fam, form = order[i % len(order)]
    rng = random.Random(f"{seed}/{i}/{family}")
    return Program(fam, form.id, FAMILIES[fam][1](rng, form))


# ============================================================================ running

@dataclasses.dataclass
class Report:
    results: list          # (program, diffs)
    seconds: float

    def by_class(self):
        table = collections.defaultdict(lambda: [0, 0, None])   # agreed, total, first failure
        for program, diffs in self.results:
            row = table[program.key]
            row[1] += 1
            if not diffs:
                row[0] += 1
            elif row[2] is None or len(program.code()) < len(row[2][0].code()):
                row[2] = (program, diffs)
        return dict(sorted(table.items()))

    @property
    def agreement(self):
        agreed = sum(1 for _, d in self.results if not d)
        return agreed, len(self.results)


def fuzz(n, seed, family=None):
    start = time.perf_counter()
    results = []
    for i in range(n):
        program = generate(seed, i, family)
        results.append((program, check(program)[2]))
    return Report(results, time.perf_counter() - start)


def reproducer(program, diffs, minimize=True):
    """The (shrunk) failing program as a script, then its first difference."""
    if minimize:
        program = shrink(program)
        diffs = check(program)[2] or diffs
    return f"# {program.key}\n{program.code()}\n# first difference: {diffs[0]}"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--n", type=int, default=400)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--family", choices=sorted(FAMILIES))
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print a minimal reproducer for each failing class")
    args = p.parse_args(argv)
    report = fuzz(args.n, args.seed, args.family)
    table = report.by_class()
    width = max(map(len, table))
    for key, (agreed, total, _) in table.items():
        mark = "" if agreed == total else ("  KNOWN" if key in KNOWN_DIFFERENCES else "  FAIL")
        print(f"{key:<{width}}  {agreed}/{total}{mark}")
    agreed, total = report.agreement
    failing = [k for k, (a, t, _) in table.items() if a < t]
    print(f"\nagreement: {agreed}/{total} programs ({100 * agreed / total:.1f}%), "
          f"{len(table) - len(failing)}/{len(table)} classes, {report.seconds:.1f}s")
    if args.verbose:
        for key in failing:
            print("\n" + reproducer(*table[key][2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
