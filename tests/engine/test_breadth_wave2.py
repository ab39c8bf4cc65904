"""The second wave of issue 12's breadth ops (pointwise: addcmul, addcdiv, logaddexp, hypot, frac,
xlogy, sgn, nan_to_num; scans: cummax, cummin, logcumsumexp, std_mean, var_mean, count_nonzero,
median, mode, msort, quantile, diff; layout: tile, rot90, the stacks, atleast_*, block_diag,
meshgrid, cartesian_prod, tensordot, kron, cross, baddbmm, outer; indexing: take, searchsorted,
bucketize, isin, unique, cdist) beyond the op tables: result dtypes, errors and their messages,
warnings, in-place and torch.<name>_ forms, the namedtuple results, ties and NaN. Each case runs the
same code on torch and on the engine (test_parity's style) and the two observations must be equal.
"""

import warnings

import numpy as np
import pytest
import torch

import autograd_core
import parity_helpers
from parity_helpers import leaf, registry

CASES, case = registry()
KEY_PHRASE = 30  # errors agree on their class and the first characters of torch's message

observe, attempt = parity_helpers.rounded(significant=6, key_phrase=KEY_PHRASE)


# Functions whose first argument torch lets be a list of tensors or a number
LIST_FIRST = "vstack hstack dstack column_stack atleast_1d atleast_2d atleast_3d meshgrid".split()
NUMBER_FIRST = "xlogy isin bucketize".split()


def fn(L, name):
    return getattr(L, name)


def grads(L, build, *values):
    """build(*leaves)'s observation, then the leaves' gradients after backward of its sum."""
    return parity_helpers.leaf_grads(observe, L, build, *values)


# ----------------------------------------------------------------------------- on a device
def on(L, x, values):
    """A constant tensor on x's device."""
    return L.tensor(values).to(x.device)


DEVICE_PROGRAMS = {
    "pointwise": lambda L, x, w: (L.addcmul(x, x, w, value=0.5) + L.addcdiv(x, w, x * x + 1)
                                  + L.logaddexp(x, w) + L.hypot(x, w) + L.frac(x) * x
                                  + L.xlogy(x * x, w * w + 1) + L.sgn(x) * x
                                  + L.nan_to_num(x) * w).sum(),
    # (cummax's gradient adds into zeros with _backend.index_add, whose generic path needs host
    # indices: not on this device yet; see H9's report)
    "scans": lambda L, x, w: (L.cummax(x.detach(), 1).values.sum() + L.cummin(x.detach(), 0)[0].sum()
                              + L.logcumsumexp(x, 1).sum() + sum(t.sum() for t in L.std_mean(x, 1))
                              + sum(t.sum() for t in L.var_mean(x, correction=0))
                              + L.median(x) + L.median(x, 1).values.sum() + L.mode(x, 0)[0].sum()
                              + L.msort(x).sum() + L.quantile(x, 0.3)
                              + L.quantile(x, 0.6, dim=1, keepdim=True).sum() + L.diff(x).sum()
                              + L.count_nonzero(x) * 0.5),
    "layout": lambda L, x, w: (L.tile(x, (2,)).sum() + (L.rot90(x) ** 2).sum()
                               + L.block_diag(x, w).sum() + L.tensordot(x, x.t(), 1).sum()
                               + L.kron(x, w).sum() + L.cross(x, w.expand(2, 3), dim=1).sum()
                               + L.baddbmm(x @ x.t(), x.unsqueeze(0), x.t().unsqueeze(0)).sum()
                               + w.outer(w).sum() + L.atleast_3d(w).sum()
                               + sum(g.sum() for g in L.meshgrid(w, w, indexing="ij"))
                               + L.cartesian_prod(w, w).sum()),
    # (take's gradient adds into zeros with _backend.index_add, whose generic path needs host
    # indices: not on this device yet; see H9's report)
    "indexing": lambda L, x, w: (L.take(x.detach(), on(L, x, [0, 5, -1])).sum()
                                 + L.cdist(x, x * w).sum()
                                 + L.cdist(x, x + 1, p=1).sum()
                                 + L.searchsorted(on(L, x, [-1.0, 0.0, 1.0]), w.detach()).sum()
                                 + L.bucketize(w.detach(), on(L, x, [0.0])).sum()
                                 + L.isin(w.detach(), w.detach()).sum()
                                 + L.unique(x.detach()).sum()),
}


@pytest.mark.parametrize("name", sorted(DEVICE_PROGRAMS))
def test_ops_stay_on_an_array_api_device(name):
    """The same programs on array-api-strict's "device1": first and second order against torch."""
    parity_helpers.check_on_array_api_device(name, DEVICE_PROGRAMS[name], second_order=name != "indexing")


def warned(fn):
    """fn()'s observation and the warnings it gave (class and first characters)."""
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        got = attempt(fn)
    return [got, [(w.category.__name__, str(w.message)[:KEY_PHRASE]) for w in ws]]


# ----------------------------------------------------------------------------- pointwise
@case
def pointwise_dtypes(L):
    i, b = L.tensor([3, -2, 0]), L.tensor([True, False, True])
    f, i32 = L.tensor([0.5, -1.0, 2.0]), L.tensor([2, 1, 4], dtype=L.int32)
    d = L.tensor(1.5, dtype=L.float64)
    out = {}
    for name, call in {
        "addcmul-int": lambda: L.addcmul(i, i, i, value=2), "addcmul-int-fvalue": lambda: L.addcmul(i, i, i, value=0.5),
        "addcmul-bool": lambda: L.addcmul(b, b, b), "addcmul-mix": lambda: L.addcmul(i, f, i32),
        "addcmul-0d-f64": lambda: L.addcmul(f, f, d), "addcdiv-int": lambda: L.addcdiv(i, i, i32),
        "addcdiv-mix": lambda: L.addcdiv(i, f, i), "addcdiv-f-int": lambda: L.addcdiv(f, i, i),
        "logaddexp-int": lambda: L.logaddexp(i, i), "logaddexp-bool": lambda: L.logaddexp(b, b),
        "logaddexp-mix": lambda: L.logaddexp(i, f), "logaddexp-inf": lambda: L.logaddexp(
            L.tensor([-float("inf"), float("inf"), 1.0]), L.tensor([-float("inf"), float("inf"), -float("inf")])),
        "hypot-int": lambda: L.hypot(i, i), "hypot-mix": lambda: L.hypot(i32, f),
        "frac-int": lambda: L.frac(i), "frac-bool": lambda: b.frac(), "frac-f": lambda: L.frac(L.tensor([-2.75, 3.5, 0.0])),
        "xlogy-int": lambda: L.xlogy(i, i), "xlogy-bool": lambda: L.xlogy(b, b),
        "xlogy-int-number": lambda: L.xlogy(i, 2), "xlogy-number-int": lambda: fn(L, "xlogy")(2, i),
        "xlogy-nan-zero": lambda: L.xlogy(L.tensor([0.0, 0.0, 1.0, 0.0]), L.tensor([float("nan"), 0.0, 0.0, -1.0])),
        "sgn-int": lambda: L.sgn(i), "sgn-bool": lambda: b.sgn(), "sgn-f": lambda: L.sgn(L.tensor([-0.5, 0.0, 2.0])),
        "nan_to_num-int": lambda: L.nan_to_num(i), "nan_to_num-bool": lambda: b.nan_to_num(),
        "nan_to_num-f32": lambda: L.nan_to_num(L.tensor([float("nan"), float("inf"), -float("inf"), 1.0])),
        "nan_to_num-f64": lambda: L.nan_to_num(L.tensor([float("nan"), float("inf"), -float("inf")], dtype=L.float64),
                                               nan=1.0, neginf=-2.0),
        "nan_to_num-f16": lambda: L.nan_to_num(L.tensor([float("inf"), -float("inf")], dtype=L.float16)),
    }.items():
        out[name] = attempt(call)
    return out


@case
def pointwise_argument_errors(L):
    f = L.tensor([0.5, -1.0, 2.0])
    return {
        "hypot-number": attempt(lambda: L.hypot(f, 2.0)),
        "logaddexp-number": attempt(lambda: L.logaddexp(f, 2.0)),
        "addcmul-number": attempt(lambda: L.addcmul(f, 2.0, f)),
        "addcdiv-number": attempt(lambda: L.addcdiv(f, f, 2.0)),
        "addcmul-shapes": attempt(lambda: L.addcmul(f, f, L.ones(2))),
        "hypot-shapes": attempt(lambda: L.hypot(f, L.ones(2))),
        "logaddexp-method-shapes": attempt(lambda: f.logaddexp(L.ones(4))),
    }


@case
def pointwise_gradients_at_special_points(L):
    inf, nan = float("inf"), float("nan")
    return {
        "nan_to_num": grads(L, lambda x: L.nan_to_num(x, posinf=3.0), [1.0, inf, -inf, nan]),
        "xlogy": grads(L, L.xlogy, [0.0, 0.0, 0.0, 1.0, 1.0, -1.0], [-1.0, 0.5, 0.0, -1.0, 0.0, 2.0]),
        "xlogy-number": grads(L, lambda x: L.xlogy(x, 0.0), [0.0, 1.0]),
        "xlogy-number-first": grads(L, lambda y: fn(L, "xlogy")(0.0, y), [0.5, 2.0]),
        "logaddexp-equal": grads(L, L.logaddexp, [1.0, -2.0], [1.0, 3.0]),
        "hypot-zero": grads(L, L.hypot, [0.0, 3.0], [0.0, 4.0]),
        "frac-integers": grads(L, L.frac, [2.0, -3.0, 0.5]),
        "sgn": grads(L, lambda x: L.sgn(x) * x, [-1.0, 0.0, 2.0]),
        "addcdiv-by-zero": grads(L, lambda x, y, z: L.addcdiv(x, y, z, value=0.5), [1.0], [2.0], [0.0]),
    }


@case
def pointwise_in_place(L):
    out = {}
    for name, call in {
        "addcmul_": lambda x: x.addcmul_(x * 0 + 2.0, x, value=0.5),
        "addcdiv_": lambda x: x.addcdiv_(x, x * x + 1.0),
        "hypot_": lambda x: x.hypot_(x * 2.0), "frac_": lambda x: x.frac_(),
        "xlogy_": lambda x: x.xlogy_(x * x + 1.0), "sgn_": lambda x: x.sgn_(),
        "nan_to_num_": lambda x: (x / 0.0).nan_to_num_(posinf=1.5, neginf=-2.0),
        "torch.frac_": lambda x: L.frac_(x), "torch.xlogy_": lambda x: L.xlogy_(x, 2.0),
        "torch.nan_to_num_": lambda x: L.nan_to_num_(x), "torch.clamp_": lambda x: L.clamp_(x, -1.0, 1.0),
        "torch.relu_": lambda x: L.relu_(x), "torch.exp_": lambda x: L.exp_(x), "torch.clip_": lambda x: L.clip_(x, max=0.5),
    }.items():
        w = leaf(L, [0.5, -1.5, 2.25])

        def run():
            y = w * 1.0
            r = call(y)
            (r * r).sum().backward()
            return [observe(r), observe(w.grad), r is y or r._version if hasattr(r, "_version") else None]
        out[name] = attempt(run)
    out["addcmul_-int"] = attempt(lambda: L.tensor([1, 2]).addcmul_(L.tensor([1.0, 2.0]), L.tensor([1.0, 2.0])))
    out["frac_-leaf"] = attempt(lambda: leaf(L, [0.5]).frac_())
    out["torch.frac_-leaf"] = attempt(lambda: L.frac_(leaf(L, [0.5])))
    return out


# ----------------------------------------------------------------------------- scans
@case
def cummax_cummin_results(L):
    x = L.tensor([1.0, float("nan"), 3.0, float("nan"), 1.0])
    i = L.tensor([[1, 1, 3, 2, 3], [0, -1, -1, 2, 0]])
    out = {}
    for kind in ("cummax", "cummin"):
        r = getattr(L, kind)(i, 1)
        out[kind] = [type(r).__name__, observe(r.values), observe(r.indices), observe(list(r))]
        out[kind + "-nan"] = attempt(lambda: getattr(x, kind)(0))
        out[kind + "-bool"] = attempt(lambda: getattr(L, kind)(L.tensor([True, False, True]), 0))
        out[kind + "-0d"] = attempt(lambda: getattr(L, kind)(L.tensor(2.5), -1))
        out[kind + "-dim-error"] = attempt(lambda: getattr(L, kind)(i, 2))
        out[kind + "-ties-grad"] = grads(L, lambda t: getattr(L, kind)(t, 0)[0] * L.tensor([1.0, 2.0, 3.0, 4.0]),
                                         [1.0, 1.0, 0.5, 1.0])
    return out


@case
def logcumsumexp_results(L):
    return {
        "int": attempt(lambda: L.logcumsumexp(L.tensor([1, 2]), 0)),
        "bool": attempt(lambda: L.tensor([True]).logcumsumexp(0)),
        "f32": attempt(lambda: L.logcumsumexp(L.tensor([[1.0, 2.0], [3.0, -1.0]]), 1)),
        "neg-inf": attempt(lambda: L.logcumsumexp(L.tensor([-float("inf"), -float("inf"), 0.0]), 0)),
        "large": attempt(lambda: L.logcumsumexp(L.tensor([1000.0, 1000.0, -1000.0], dtype=L.float64), 0)),
        "0d": attempt(lambda: L.logcumsumexp(L.tensor(1.5), 0)),
        "grad": grads(L, lambda t: L.logcumsumexp(t, 0), [0.5, -1.0, 2.0]),
    }


@case
def std_mean_and_var_mean(L):
    x = L.tensor([[1.0, 2.0, 4.0], [3.0, 5.0, 9.0]])
    out = {}
    for op in ("std_mean", "var_mean"):
        f = getattr(L, op)
        out[op] = attempt(lambda: f(x))
        out[op + "-dim"] = attempt(lambda: f(x, 1))
        out[op + "-unbiased-positional"] = attempt(lambda: f(x, 0, False))
        out[op + "-unbiased-only"] = attempt(lambda: f(x, False))
        out[op + "-correction-keepdim"] = attempt(lambda: f(x, dim=(0, 1), correction=2, keepdim=True))
        out[op + "-int"] = attempt(lambda: f(L.tensor([1, 2])))
        out[op + "-f64"] = attempt(lambda: f(x.double(), -1))
        out[op + "-dof-warning"] = warned(lambda: f(L.tensor([1.0]), correction=1))
        out[op + "-type"] = type(f(x)).__name__
        leafx = leaf(L, [[1.0, 2.0, 4.0], [3.0, 5.0, 9.0]])
        r = f(leafx, 1)
        out[op + "-one-node"] = [r[0].grad_fn is r[1].grad_fn or r[0].grad_fn == r[1].grad_fn,
                                 observe(r[0]), observe(r[1])]
        (r[0].sum() * 2 + r[1].sum() * 3).backward()
        out[op + "-both-grads"] = observe(leafx.grad)
        out[op + "-mean-grad"] = grads(L, lambda t: f(t, 0)[1], [[1.0, 2.0], [3.0, 5.0]])
        out[op + "-constant"] = grads(L, lambda t: f(t, correction=0)[0], [2.0, 2.0])
        out[op + "-no-method"] = hasattr(x, op)
    return out


@case
def count_nonzero_results(L):
    i = L.tensor([[0, 1, 2], [3, 0, 0]])
    return {
        "all": attempt(lambda: L.count_nonzero(i)), "dim": attempt(lambda: i.count_nonzero(1)),
        "dims": attempt(lambda: L.count_nonzero(i, (0, 1))), "neg": attempt(lambda: L.count_nonzero(i, -2)),
        "float": attempt(lambda: L.count_nonzero(L.tensor([0.0, -0.0, float("nan")]))),
        "bool": attempt(lambda: L.count_nonzero(L.tensor([True, False]))),
        "0d": attempt(lambda: L.count_nonzero(L.tensor(3.0))),
        "bad-dim": attempt(lambda: L.count_nonzero(i, 2)),
    }


@case
def median_and_mode(L):
    x = L.tensor([[1, 2, 2, 1, 3], [4, 4, 5, 5, 4]])
    f = L.tensor([[0.5, float("nan"), 2.0], [3.0, 1.0, 2.0]])
    return {
        "median-int": attempt(lambda: L.median(L.tensor([3, 1, 2, 4]))),
        "median-even-lower": attempt(lambda: L.tensor([4.0, 1.0, 3.0, 2.0]).median()),
        "median-nan": attempt(lambda: L.median(f)),
        "median-dim-nan": attempt(lambda: f.median(1)),
        "median-dim-ties": attempt(lambda: L.median(x, 1)),
        "median-keepdim": attempt(lambda: x.median(0, keepdim=True)),
        "median-0d": attempt(lambda: L.median(L.tensor(2.5), 0)),
        "median-type": type(L.median(x, 1)).__name__,
        "median-grad-ties": grads(L, L.median, [1.0, 2.0, 2.0, 0.5, 2.0]),
        "median-dim-grad": grads(L, lambda t: L.median(t, 0).values, [[1.0, 5.0], [3.0, 2.0], [2.0, 4.0]]),
        "mode": attempt(lambda: L.mode(x)), "mode-dim0": attempt(lambda: x.mode(0)),
        "mode-keepdim": attempt(lambda: L.mode(x, 1, keepdim=True)),
        "mode-float-ties": attempt(lambda: L.mode(L.tensor([2.0, 1.0, 2.0, 1.0, 3.0]))),
        "mode-type": type(L.mode(x)).__name__,
        "mode-grad": grads(L, lambda t: t.mode(0)[0], [[1.0, 2.0], [1.0, 3.0], [0.5, 3.0]]),
        "msort": attempt(lambda: L.msort(x)), "msort.m": attempt(lambda: f.msort()),
    }


@case
def quantile_results(L):
    x = L.tensor([[1.0, 4.0, 2.0, 8.0], [3.0, 0.5, 6.0, 7.0]])
    out = {}
    for interp in ("linear", "lower", "higher", "midpoint", "nearest"):
        out[interp] = attempt(lambda: L.quantile(x, 0.4, dim=1, interpolation=interp))
        out[interp + "-q"] = attempt(lambda: x.quantile(L.tensor([0.0, 0.5, 0.9]), interpolation=interp))
    out.update({
        "keepdim": attempt(lambda: L.quantile(x, 0.5, 0, keepdim=True)),
        "q-keepdim": attempt(lambda: L.quantile(x, L.tensor([0.25, 0.75]), 1, keepdim=True)),
        "0d-q": attempt(lambda: L.quantile(x, L.tensor(0.25))),
        "int": attempt(lambda: L.quantile(L.tensor([1, 2]), 0.5)),
        "out-of-range": attempt(lambda: L.quantile(x, 1.5)),
        "q-dtype": attempt(lambda: L.quantile(x, L.tensor([0.5], dtype=L.float64))),
        "q-2d": attempt(lambda: L.quantile(x, L.tensor([[0.5]]))),
        "interpolation": attempt(lambda: L.quantile(x, 0.5, interpolation="cubic")),
        "empty": attempt(lambda: L.quantile(L.ones(0), 0.5)),
        "grad": grads(L, lambda t: L.quantile(t, 0.3), [[1.0, 4.0], [2.0, 8.0]]),
        "grad-dim": grads(L, lambda t: L.quantile(t, L.tensor([0.2, 0.8], dtype=L.float64), dim=0),
                          [[1.0, 4.0], [2.0, 8.0], [0.0, 5.0]]),
    })
    return out


@case
def diff_results(L):
    i, b = L.tensor([1, 3, 6, 10]), L.tensor([True, False, False, True])
    x = L.tensor([[1.0, 4.0, 2.0], [3.0, 0.5, 6.0]])
    return {
        "int": attempt(lambda: L.diff(i)), "bool": attempt(lambda: b.diff()),
        "n2": attempt(lambda: L.diff(i, n=2)), "n0": attempt(lambda: L.diff(i, n=0)),
        "n-too-many": attempt(lambda: L.diff(i, n=5)),
        "dim0": attempt(lambda: x.diff(dim=0)), "prepend": attempt(lambda: L.diff(i, prepend=L.tensor([0]))),
        "append-2d": attempt(lambda: L.diff(x, dim=1, append=x[:, :1])),
        "prepend-mixed": attempt(lambda: L.diff(i, prepend=L.tensor([0.5]))),
        "0d": attempt(lambda: L.diff(L.tensor(1.0))),
        "grad": grads(L, lambda t, p: L.diff(t, n=2, prepend=p), [1.0, 4.0, 2.0, 8.0], [0.5]),
    }


# ----------------------------------------------------------------------------- layout
@case
def tile_rot90_results(L):
    x = L.tensor([[1, 2, 3], [4, 5, 6]])
    return {
        "tile": attempt(lambda: L.tile(x, (2,))), "tile-more": attempt(lambda: x.tile((2, 1, 1))),
        "tile-empty": attempt(lambda: L.tile(x, ())), "tile-neg": attempt(lambda: L.tile(x, (-1,))),
        "tile-0d": attempt(lambda: L.tile(L.tensor(2.0), (3,))),
        **{f"rot90-{k}": attempt(lambda: L.rot90(x, k)) for k in (-5, -1, 0, 1, 2, 3, 4, 6)},
        "rot90-dims": attempt(lambda: x.rot90(1, [1, 0])),
        "rot90-3d": attempt(lambda: L.rot90(L.arange(8).reshape(2, 2, 2), 1, (0, 2))),
        "rot90-one-dim": attempt(lambda: L.rot90(x, 1, [0])),
        "rot90-1d": attempt(lambda: L.rot90(L.ones(3))),
        "rot90-same-dims": attempt(lambda: L.rot90(x, 1, [0, -2])),
        "rot90-grad": grads(L, lambda t: L.rot90(t, 3) * L.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
                            [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]),
    }


@case
def stacks(L):
    v, m, s = L.tensor([1.0, 2.0]), L.tensor([[3.0, 4.0]]), L.tensor(5.0)
    i = L.tensor([7, 8])
    out = {}
    for name in ("vstack", "hstack", "dstack", "column_stack"):
        f = fn(L, name)
        out[name + "-1d"] = attempt(lambda: f([v, v]))
        out[name + "-2d"] = attempt(lambda: f((m, m)))
        out[name + "-0d"] = attempt(lambda: f([s, s]))
        out[name + "-mixed-dtype"] = attempt(lambda: f([v, i]))
        out[name + "-empty"] = attempt(lambda: f([]))
        out[name + "-mismatch"] = attempt(lambda: f([v, L.ones(3)]))
    return out


@case
def atleast_forms(L):
    s, v, m = L.tensor(1.5), L.tensor([1, 2]), L.ones(2, 3)
    out = {}
    for n in (1, 2, 3):
        f = fn(L, f"atleast_{n}d")
        for name, t in (("0d", s), ("1d", v), ("2d", m), ("3d", L.ones(1, 2, 3))):
            out[f"{n}-{name}"] = attempt(lambda: f(t))
        out[f"{n}-several"] = attempt(lambda: f(s, v))
        out[f"{n}-tuple"] = attempt(lambda: f((s, m)))
        out[f"{n}-same-object"] = f(m) is m if n < 3 else None
    return out


@case
def block_diag_results(L):
    return {
        "mixed": attempt(lambda: L.block_diag(L.tensor(1.0), L.tensor([2, 3]), L.ones(2, 1))),
        "int": attempt(lambda: L.block_diag(L.tensor([[1, 2]]), L.tensor([[3], [4]]))),
        "one": attempt(lambda: L.block_diag(L.ones(2, 2))),
        "3d": attempt(lambda: L.block_diag(L.ones(1, 1, 1))),
        "empty-block": attempt(lambda: L.block_diag(L.ones(0, 2), L.ones(1, 1))),
        "grad": grads(L, lambda a, b: L.block_diag(a, b) * 2.0, [[1.0, 2.0]], [3.0]),
    }


@case
def meshgrid_and_cartesian_prod(L):
    a, b = L.tensor([1, 2, 3]), L.tensor([4, 5])
    return {
        "default-warns": warned(lambda: L.meshgrid(a, b)),
        "ij": warned(lambda: L.meshgrid(a, b, indexing="ij")),
        "xy": warned(lambda: fn(L, "meshgrid")([a, b, L.tensor([6, 7])], indexing="xy")),
        "one": attempt(lambda: L.meshgrid(a, indexing="xy")),
        "0d": attempt(lambda: L.meshgrid(L.tensor(1), b, indexing="ij")),
        "bad-indexing": attempt(lambda: L.meshgrid(a, b, indexing="ji")),
        "mixed-dtypes": attempt(lambda: L.meshgrid(a, L.ones(2), indexing="ij")),
        "cartesian": attempt(lambda: L.cartesian_prod(a, b)),
        "cartesian-3": attempt(lambda: L.cartesian_prod(a, b, L.tensor([0]))),
        "cartesian-one-is-input": L.cartesian_prod(a) is a,
        "meshgrid-grad": grads(L, lambda x, y: L.meshgrid(x, y, indexing="xy")[0] * L.meshgrid(x, y, indexing="xy")[1],
                               [1.0, 2.0, 3.0], [4.0, 5.0]),
    }


@case
def products(L):
    x, y = L.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), L.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]])
    i = L.tensor([[1, 2], [3, 4]])
    return {
        "tensordot-0": attempt(lambda: L.tensordot(x, y, 0)),
        "tensordot-2": attempt(lambda: L.tensordot(x, y)),
        "tensordot-lists": attempt(lambda: L.tensordot(x, y, ([1], [1]))),
        "tensordot-int": attempt(lambda: L.tensordot(i, i, 1)),
        "tensordot-neg": attempt(lambda: L.tensordot(x, y, -1)),
        "tensordot-mismatch": attempt(lambda: L.tensordot(x, y, ([0, 1], [1]))),
        "kron": attempt(lambda: L.kron(i, L.tensor([1, -1]))), "kron.m": attempt(lambda: x.kron(i)),
        "kron-0d": attempt(lambda: L.kron(L.tensor(2.0), x)),
        "cross": attempt(lambda: L.cross(x, y, dim=1)), "cross-neg-dim": attempt(lambda: x.cross(y, -1)),
        "cross-no-dim": warned(lambda: L.cross(x.t(), y.t())),
        "cross-int": attempt(lambda: L.cross(L.tensor([1, 0, 0]), L.tensor([0, 1, 0]), dim=0)),
        "cross-size": attempt(lambda: L.cross(x, y, dim=0)),
        "cross-ndim": attempt(lambda: L.cross(x[0], y, dim=-1)),
        "cross-dtypes": attempt(lambda: L.cross(x, y.double(), dim=1)),
        "baddbmm": attempt(lambda: L.baddbmm(L.ones(2, 1), L.ones(1, 2, 3), L.ones(1, 3, 1), beta=0.5, alpha=2)),
        "baddbmm-beta0-nan": attempt(lambda: L.baddbmm(L.full((1, 1, 1), float("nan")), L.ones(1, 1, 2),
                                                       L.ones(1, 2, 1), beta=0)),
        "baddbmm-int": attempt(lambda: L.baddbmm(i.unsqueeze(0), i.unsqueeze(0), i.unsqueeze(0))),
        "baddbmm-2d": attempt(lambda: L.baddbmm(L.ones(2, 2), L.ones(2, 2), L.ones(1, 2, 2))),
        "baddbmm-shapes": attempt(lambda: L.baddbmm(L.ones(2, 2), L.ones(1, 2, 3), L.ones(1, 2, 2))),
        "baddbmm-dtypes": attempt(lambda: L.baddbmm(L.ones(1, 1, 1).double(), L.ones(1, 1, 1), L.ones(1, 1, 1))),
        "baddbmm_": attempt(lambda: L.ones(1, 2, 1).baddbmm_(L.ones(1, 2, 3), L.ones(1, 3, 1), alpha=0.5)),
        "outer": attempt(lambda: L.tensor([1, 2]).outer(L.tensor([3.0, 4.0, 5.0]))),
        "outer-2d": attempt(lambda: x.outer(x[0])), "ger": attempt(lambda: L.ger(x[0], x[1])),
        "baddbmm-grad": grads(L, lambda a, b, c: L.baddbmm(a, b, c, beta=0.0, alpha=3.0),
                              [[1.0]], [[[1.0, 2.0]]], [[[3.0], [4.0]]]),
    }


# ----------------------------------------------------------------------------- indexing
@case
def take_results(L):
    x = L.tensor([[1, 2, 3], [4, 5, 6]])
    return {
        "take": attempt(lambda: L.take(x, L.tensor([[0, -1], [2, 5]]))),
        "take.m": attempt(lambda: x.take(L.tensor(3))),
        "take-oob": attempt(lambda: L.take(x, L.tensor([6]))),
        "take-neg-oob": attempt(lambda: L.take(x, L.tensor([-7]))),
        "take-float-index": attempt(lambda: L.take(x, L.tensor([1.0]))),
        "take-int32-index": attempt(lambda: L.take(x, L.tensor([1], dtype=L.int32))),
        "take-0d": attempt(lambda: L.take(L.tensor(2.5), L.tensor([0, 0]))),
        "grad-repeats": grads(L, lambda t: L.take(t, L.tensor([0, 0, 3, -1])), [[1.0, 2.0], [3.0, 4.0]]),
    }


@case
def searchsorted_and_bucketize(L):
    seq, v = L.tensor([1, 3, 5, 7]), L.tensor([[3, 6], [9, 0]])
    rows = L.tensor([[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]])
    return {
        "left": attempt(lambda: L.searchsorted(seq, v)), "right": attempt(lambda: L.searchsorted(seq, v, right=True)),
        "side": attempt(lambda: L.searchsorted(seq, v, side="right")),
        "side-left": attempt(lambda: L.searchsorted(seq, v, side="left")),
        "conflict": attempt(lambda: L.searchsorted(seq, v, side="left", right=True)),
        "bad-side": attempt(lambda: L.searchsorted(seq, v, side="middle")),
        "int32": attempt(lambda: L.searchsorted(seq, v, out_int32=True)),
        "scalar": attempt(lambda: L.searchsorted(seq, 4)),
        "rows": attempt(lambda: L.searchsorted(rows, L.tensor([[3.0, 6.5], [1.0, 4.0]]))),
        "rows-mismatch": attempt(lambda: L.searchsorted(rows, L.tensor([[3.0, 6.5]]))),
        "sorter": attempt(lambda: L.searchsorted(L.tensor([5, 1, 3]), L.tensor([3, 6]), sorter=L.tensor([1, 2, 0]))),
        "float-ties": attempt(lambda: L.searchsorted(L.tensor([0.0, 0.5, 0.5, 1.0]), L.tensor([0.5, -1.0, 2.0]))),
        "bucketize": attempt(lambda: L.bucketize(v, seq)),
        "bucketize-right": attempt(lambda: L.bucketize(L.tensor([1, 3, 4]), seq, right=True)),
        "bucketize-int32": attempt(lambda: L.bucketize(L.tensor([1.5]), L.tensor([1.0, 2.0]), out_int32=True)),
        "bucketize-scalar": attempt(lambda: fn(L, "bucketize")(3, seq)),
        "bucketize-2d": attempt(lambda: L.bucketize(L.tensor([1]), L.tensor([[1, 3]]))),
    }


@case
def isin_and_unique(L):
    x = L.tensor([[3, 1, 3], [2, 1, 5]])
    f = L.tensor([2.0, -1.0, 2.0, 0.5])
    return {
        "isin": attempt(lambda: L.isin(x, L.tensor([1, 5]))),
        "isin-invert": attempt(lambda: L.isin(x, L.tensor([1, 5]), invert=True)),
        "isin-scalar": attempt(lambda: L.isin(x, 3)),
        "isin-scalar-first": attempt(lambda: fn(L, "isin")(3, x)),
        "isin-float": attempt(lambda: L.isin(f, L.tensor([2.0, 0.5]), assume_unique=True)),
        "unique": attempt(lambda: L.unique(x)), "unique.m": attempt(lambda: f.unique()),
        "unique-unsorted": attempt(lambda: x.unique(sorted=False)),
        "unique-inverse": attempt(lambda: L.unique(x, return_inverse=True)),
        "unique-counts": attempt(lambda: L.unique(f, return_counts=True)),
        "unique-all": attempt(lambda: L.unique(x, return_inverse=True, return_counts=True)),
        "unique-empty": attempt(lambda: L.unique(L.ones(0))),
        "unique-bool": attempt(lambda: L.unique(L.tensor([True, False, True]))),
        "unique-grad-fn": attempt(lambda: L.unique(leaf(L, [2.0, 1.0, 2.0]))),
        "unique-backward": attempt(lambda: L.unique(leaf(L, [2.0, 1.0, 2.0])).sum().backward()),
    }


@case
def cdist_results(L):
    a, b = L.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, -1.0]]), L.tensor([[1.0, 1.0], [0.0, 0.0]])
    big = L.tensor([[float(k % 5), float(k // 5)] for k in range(30)])
    out = {f"p{p}": attempt(lambda: L.cdist(a, b, p=p)) for p in (0, 0.5, 1, 2, 3, float("inf"))}
    out.update({
        "batched": attempt(lambda: L.cdist(a.unsqueeze(0).expand(2, 3, 2), b)),
        "mm-path-name": attempt(lambda: L.cdist(leaf(L, big.tolist()), b.double())),
        "donot-use-mm": attempt(lambda: L.cdist(leaf(L, big.tolist()), b.double(),
                                                compute_mode="donot_use_mm_for_euclid_dist")),
        "int": attempt(lambda: L.cdist(L.ones(2, 2, dtype=L.int64), L.ones(2, 2, dtype=L.int64))),
        "1d": attempt(lambda: L.cdist(L.ones(2), L.ones(2))),
        "columns": attempt(lambda: L.cdist(L.ones(2, 2), L.ones(2, 3))),
        "negative-p": attempt(lambda: L.cdist(a, b, p=-1.0)),
        "dtypes": attempt(lambda: L.cdist(a, b.double())),
        **{f"grad-p{p}": grads(L, lambda x, y: L.cdist(x, y, p=p), [[0.0, 0.0], [1.0, 2.0]], [[0.0, 0.0], [2.0, 1.0]])
           for p in (1.0, 2.0, 3.0, float("inf"))},
    })
    return out


# ----------------------------------------------------------------------------- the comparison
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    want = CASES[name](torch)
    got = CASES[name](autograd_core)
    assert got == want, f"{name}: engine {got!r}\n torch {want!r}"
