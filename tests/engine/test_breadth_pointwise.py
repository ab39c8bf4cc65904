"""The pointwise ops and scans of issue 12 (_pointwise, _scans) beyond the op table: result dtypes
of int and bool inputs, errors and their messages, in-place forms, the (values, indices) results,
ties, zeros and NaN. Each case runs the same code on torch and on the engine (test_parity's
style) and the two observations must be equal.
"""


import numpy as np
import pytest
import torch

import autograd_core
import parity_helpers
from parity_helpers import leaf, registry

CASES, case = registry()
KEY_PHRASE = 30  # errors agree on their class and the first characters of torch's message

observe, attempt = parity_helpers.rounded(significant=6, key_phrase=KEY_PHRASE)



UNARY = """tan atan asin acos sinh cosh asinh acosh atanh log2 log10 exp2 erf rsqrt trunc arcsin
    arccos arctan arcsinh arccosh arctanh negative fix""".split()


# ----------------------------------------------------------------------------- result dtypes
@case
def unary_of_int_and_bool_inputs(L):
    """Float functions of int and bool inputs give float32; trunc keeps ints and refuses bool."""
    out = {}
    for name in UNARY:
        for kind, t in (("int64", L.tensor([3, -2, 0, 1])), ("int32", L.tensor([2, 0], dtype=L.int32)),
                        ("bool", L.tensor([True, False])), ("f32", L.tensor([0.25, -0.5]))):
            out[f"{name}/{kind}"] = attempt(lambda: getattr(L, name)(t))
            out[f"{name}/{kind}.m"] = attempt(lambda: getattr(t, name)())
    return out


@case
def atan2_promotion(L):
    i, b = L.tensor([3, -2, 1]), L.tensor([True, False, True])
    f32, f64 = L.tensor([0.5, -1.0, 2.0]), L.tensor(1.5, dtype=L.float64)
    return {
        "int-int": attempt(lambda: L.atan2(i, i)), "bool-bool": attempt(lambda: L.atan2(b, b)),
        "int-0d-f64": attempt(lambda: L.atan2(i, f64)), "f32-0d-f64": attempt(lambda: L.atan2(f32, f64)),
        "f32-int": attempt(lambda: f32.atan2(i)), "arctan2": attempt(lambda: L.arctan2(i, f32)),
    }


@case
def scans_of_int_and_bool_inputs(L):
    i = L.tensor([[3, -2, 1], [2, 2, -1]])
    b = L.tensor([[True, False, True], [True, True, True]])
    i32 = L.tensor([4, 5], dtype=L.int32)
    return {
        "prod-int": attempt(lambda: i.prod()), "prod-bool-dim": attempt(lambda: b.prod(0)),
        "prod-int32": attempt(lambda: L.prod(i32)), "prod-dtype": attempt(lambda: i.prod(dtype=L.float32)),
        "prod-dim-dtype": attempt(lambda: i.prod(1, keepdim=True, dtype=L.float64)),
        "cumsum-int": attempt(lambda: i.cumsum(1)), "cumsum-bool": attempt(lambda: L.cumsum(b, 0)),
        "cumsum-int32": attempt(lambda: i32.cumsum(0)),
        "cumsum-dtype": attempt(lambda: L.cumsum(i, 0, dtype=L.float32)),
        "cumprod-bool": attempt(lambda: b.cumprod(1)), "cumprod-int": attempt(lambda: L.cumprod(i, -1)),
        "cumsum-0d": attempt(lambda: L.tensor(2.5).cumsum(0)),
        "prod-empty": attempt(lambda: L.zeros(0).prod()), "prod-f32-to-f64": attempt(
            lambda: L.tensor([1.5, 2.0]).prod(dtype=L.float64)),
    }


@case
def sort_and_topk_of_int_and_bool(L):
    i = L.tensor([3, -2, 5, 4])
    b = L.tensor([True, False, True])
    return {
        "sort-int": attempt(lambda: tuple(i.sort())), "sort-bool": attempt(lambda: tuple(L.sort(b))),
        "argsort-int-desc": attempt(lambda: L.argsort(i, descending=True)),
        "topk-int": attempt(lambda: tuple(i.topk(2))), "topk-bool": attempt(lambda: tuple(b.topk(1))),
        "argsort-bool": attempt(lambda: b.argsort()),
    }


# ----------------------------------------------------------------------------- (values, indices)
@case
def sort_and_topk_return_named_pairs(L):
    x = leaf(L, [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    out = {}
    for name, r in (("sort", x.sort(1)), ("sort-fn", L.sort(x, 0, True)), ("topk", x.topk(2)),
                    ("topk-fn", L.topk(x, 1, dim=0, largest=False))):
        values, indices = r
        out[name] = {"type": type(r).__name__, "len": len(r), "values": observe(r.values),
                     "indices": observe(r.indices), "same": values is r[0] and indices is r[1],
                     "repr": repr(r).split("(")[0]}
    return out


@case
def zero_dim_and_empty_selections(L):
    s = leaf(L, 2.5)
    out = {"sort-0d": observe(tuple(s.sort())), "topk-0d": observe(tuple(s.topk(1))),
           "argsort-0d": observe(s.argsort()), "topk-k0": observe(tuple(leaf(L, [1.0, 2.0]).topk(0)))}
    v, _ = s.sort()
    (v * 3).backward()
    out["grad"] = observe(s.grad)
    return out


# ----------------------------------------------------------------------------- errors
@case
def argument_errors(L):
    x = leaf(L, [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    i = L.tensor([1, 2, 3])
    return {
        "topk-k-too-large": attempt(lambda: x.topk(4)), "topk-negative-k": attempt(lambda: x.topk(-1)),
        "topk-dim": attempt(lambda: x.topk(1, dim=2)), "sort-dim": attempt(lambda: L.sort(x, 3)),
        "cumsum-dim": attempt(lambda: x.cumsum(-3)), "prod-dim": attempt(lambda: x.prod(2)),
        "cumprod-dim": attempt(lambda: L.cumprod(x, 5)),
        "atan2-number": attempt(lambda: L.atan2(x, 2.0)), "atan2-first": attempt(lambda: L.atan2(2, x)),
        "atan2-bcast": attempt(lambda: L.atan2(x, L.ones(2, dtype=L.float64))),
        "tan-number": attempt(lambda: L.tan(2.0)), "erf-list": attempt(lambda: L.erf([1.0])),
        "trunc-bool": attempt(lambda: L.trunc(L.tensor([True]))),
        "lerp-int": attempt(lambda: L.lerp(i, i, 0.5)),
        "lerp-int-tensor-weight": attempt(lambda: L.lerp(i, i, i)),
        "lerp-end-dtype": attempt(lambda: L.lerp(x, x.float(), 0.5)),
        "lerp-weight-dtype": attempt(lambda: L.lerp(x, x, L.ones(3))),
        "lerp-end-number": attempt(lambda: L.lerp(x, 1.0, 0.5)),
        "lerp-bcast": attempt(lambda: L.lerp(x, L.ones(4, dtype=L.float64), 0.5)),
        "divide-mode": attempt(lambda: L.divide(x, 2.0, rounding_mode="round")),
        "divide-int-by-0": attempt(lambda: L.divide(i, 0, rounding_mode="trunc")),
        "tan_-int": attempt(lambda: i.clone().tan_()),
        "tan_-leaf": attempt(lambda: x.tan_()),
        "cumsum_-leaf": attempt(lambda: x.cumsum_(0)),
        "lerp_-grows": attempt(lambda: (x[0] * 1).lerp_(x, 0.5)),
        "atan2_-grows": attempt(lambda: (x[0] * 1).atan2_(x)),
        "topk-bool": attempt(lambda: L.tensor([True, False]).topk(1)),
    }


# ----------------------------------------------------------------------------- in-place forms
@case
def inplace_forms(L):
    out = {}
    forms = {
        "tan_": lambda y, w: y.tan_(), "atan_": lambda y, w: y.atan_(), "erf_": lambda y, w: y.erf_(),
        "rsqrt_": lambda y, w: y.abs().rsqrt_(), "exp2_": lambda y, w: y.exp2_(),
        "sinh_": lambda y, w: y.sinh_(), "trunc_": lambda y, w: y.trunc_(), "fix_": lambda y, w: y.fix_(),
        "arcsin_": lambda y, w: (y * 0.5).arcsin_(), "negative_": lambda y, w: y.negative_(),
        "atan2_": lambda y, w: y.atan2_(w), "arctan2_": lambda y, w: y.arctan2_(w),
        "lerp_": lambda y, w: y.lerp_(w, 0.25), "lerp_-tensor": lambda y, w: y.lerp_(w, w.sigmoid()),
        "multiply_": lambda y, w: y.multiply_(w), "divide_": lambda y, w: y.divide_(w),
        "divide_-floor": lambda y, w: y.divide_(w, rounding_mode="floor"),
        "subtract_": lambda y, w: y.subtract_(w, alpha=2), "true_divide_": lambda y, w: y.true_divide_(w),
        "cumsum_": lambda y, w: y.cumsum_(1), "cumprod_": lambda y, w: y.cumprod_(0),
    }
    for name, f in forms.items():
        x = leaf(L, [[0.5, -1.25, 1.5], [0.75, 0.3, -0.6]])
        w = leaf(L, [1.5, -0.5, 2.0])
        y = x * 1
        r = f(y, w)
        same = r is y
        (r * r).sum().backward()
        out[name] = {"r": observe(r), "same": same, "version": y._version, "x": observe(x.grad),
                     "w": observe(w.grad)}
    return out


@case
def inplace_on_a_view(L):
    x = leaf(L, [[0.5, -1.25, 1.5], [0.75, 0.3, -0.6]])
    y = x * 1
    v = y[1]
    v.cumprod_(0)
    names = [type(t.grad_fn).__name__ for t in (y, v)]
    (y * y).sum().backward()
    out = {"y": observe(y), "names": names, "x": observe(x.grad)}
    # cumprod saved its result, which lives in y: changing y again breaks that backward
    z = x * 1
    z[1].cumprod_(0)
    z[0].atan_()
    out["after"] = attempt(lambda: z.sum().backward())
    return out


@case
def inplace_int_forms(L):
    i = L.tensor([7, -7, 5])
    j = L.tensor([[1, 2], [3, 4]])
    return {"trunc_": observe(i.clone().trunc_()), "cumsum_": observe(j.clone().cumsum_(0)),
            "divide_-trunc": observe(i.clone().divide_(2, rounding_mode="trunc")),
            "negative_": observe(i.clone().negative_())}


# ----------------------------------------------------------------------------- zeros and ties
def _grads(L, values, f, create_graph=False):
    x = leaf(L, values)
    y = f(x)
    (g,) = L.autograd.grad((y * L.arange(1, y.numel() + 1).reshape(y.shape)).sum(), [x],
                           create_graph=create_graph)
    # (the nodes of a backward formula are torch's implementation detail: values only)
    out = {"y": observe(y), "grad": observe(g.detach())}
    if create_graph:  # (a gradient that does not depend on x is not connected, in torch too)
        out["connected"] = g.requires_grad
        if g.requires_grad:
            (h,) = L.autograd.grad((g * g).sum(), [x])
            out["second"] = observe(h)
    return out


ZEROS = [[2.0, 0.0, 3.0, -1.0], [0.0, 1.5, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0, 4.0]]


@case
def prod_with_zeros(L):
    return {
        "all-none": _grads(L, [1.5, -2.0, 0.5], lambda x: x.prod(), True),
        "all-one": _grads(L, [1.5, 0.0, 0.5], lambda x: x.prod(), True),
        "all-two": _grads(L, [0.0, 2.0, 0.0], lambda x: L.prod(x), True),
        "dim1": _grads(L, ZEROS, lambda x: x.prod(1), True),
        "dim0-keepdim": _grads(L, ZEROS, lambda x: x.prod(0, keepdim=True), True),
        "single-zero-slice": _grads(L, [[0.0], [2.0]], lambda x: x.prod(1), True),
        "first-order-two-zeros": _grads(L, ZEROS, lambda x: x.prod(1)),
    }


@case
def cumprod_with_zeros(L):
    return {
        "dim1": _grads(L, ZEROS, lambda x: x.cumprod(1), True),
        "dim0": _grads(L, ZEROS, lambda x: L.cumprod(x, 0), True),
        "first-order": _grads(L, ZEROS, lambda x: x.cumprod(-1)),
        "leading-zero": _grads(L, [0.0, 2.0, 3.0], lambda x: x.cumprod(0), True),
        "one-element": _grads(L, [[0.0], [2.0]], lambda x: x.cumprod(1), True),
    }


@case
def cumsum_gradients(L):
    return {"dim1": _grads(L, ZEROS, lambda x: x.cumsum(1), True),
            "dtype": _grads(L, [1.0, 2.0], lambda x: x.cumsum(0, dtype=L.float32))}


TIES = [[1.0, 3.0, 1.0, 3.0, 2.0], [0.5, 0.5, 0.5, -1.0, 0.5]]


@case
def sort_and_topk_at_ties(L):
    out = {}
    for name, f in (("sort", lambda x: x.sort(1)), ("sort-desc", lambda x: x.sort(1, descending=True)),
                    ("sort-stable", lambda x: L.sort(x, stable=True, descending=True)),
                    ("sort-dim0", lambda x: x.sort(0))):
        x = leaf(L, TIES)
        values, indices = f(x)
        (values * L.arange(values.numel()).reshape(values.shape)).sum().backward()
        out[name] = {"values": observe(values), "indices": observe(indices), "grad": observe(x.grad)}
    out["argsort"] = observe(L.argsort(L.tensor(TIES), 1, descending=True))
    # Which of several equal values topk picks is torch's std::nth_element's choice (the engine
    # keeps the first ones): compare the values and where the gradient's total goes.
    for name, f in (("topk", lambda x: x.topk(3)), ("topk-smallest", lambda x: x.topk(3, largest=False)),
                    ("topk-dim0", lambda x: x.topk(1, 0))):
        x = leaf(L, TIES)
        values, indices = f(x)
        values.sum().backward()
        out[name] = {"values": observe(values), "grad-rows": observe(x.grad.sum(-1)),
                     "picked": observe((x.grad * x).sum(-1))}
    return out


@case
def sort_with_nan(L):
    x = L.tensor([1.0, float("nan"), -2.0, float("nan"), 0.5])
    return {"asc": observe(tuple(x.sort())), "desc": observe(tuple(x.sort(descending=True))),
            "topk": observe(tuple(x.topk(2))), "topk-smallest": observe(tuple(x.topk(2, largest=False)))}


@case
def second_order_of_sort_and_topk(L):
    return {"sort": _grads(L, [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], lambda x: x.sort(1)[0] ** 2, True),
            "topk": _grads(L, [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], lambda x: x.topk(2)[0] ** 3, True)}


# ----------------------------------------------------------------------------- lerp, atan2, aliases
@case
def lerp_weights(L):
    out = {}
    for name, make_w in (("number", lambda: 0.3), ("0d", lambda: leaf(L, 0.25)),
                         ("0d-f32", lambda: L.tensor(0.25, requires_grad=True)),
                         ("tensor", lambda: leaf(L, [0.1, 0.9, 1.5])), ("negative", lambda: -0.5)):
        x, e, w = leaf(L, [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]), leaf(L, [1.0, 2.0, -3.0]), make_w()
        r = L.lerp(x, e, w)
        (r * r).sum().backward()
        out[name] = {"r": observe(r), "x": observe(x.grad), "e": observe(e.grad),
                     "w": observe(w.grad) if isinstance(w, type(x)) else None}
    return out


@case
def atan2_quadrants_and_zeros(L):
    y = leaf(L, [1.0, 1.0, -1.0, -1.0, 0.0, 0.5])
    x = leaf(L, [1.0, -1.0, -1.0, 1.0, 2.0, 0.0])
    r = L.atan2(y, x)
    r.sum().backward()
    return {"r": observe(r), "y": observe(y.grad), "x": observe(x.grad)}


@case
def alias_names(L):
    x = leaf(L, [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    w = L.tensor([1.0, 0.25, -0.5], dtype=L.float64)
    i = L.tensor([5, -5, 7])
    out = {name: observe(getattr(L, name)(x, w)) for name in
           "multiply divide subtract true_divide greater less greater_equal less_equal not_equal".split()}
    out.update({f"{name}.m": observe(getattr(x, name)(0.25)) for name in
                "multiply divide subtract true_divide greater less greater_equal less_equal not_equal".split()})
    out["divide-floor"] = observe(L.divide(x, w, rounding_mode="floor"))
    out["divide-trunc.m"] = observe(x.divide(0.3, rounding_mode="trunc"))
    out["divide-int-trunc"] = observe(L.divide(i, -2, rounding_mode="trunc"))
    out["divide-int-floor"] = observe(i.divide(L.tensor([2, -2, 3]), rounding_mode="floor"))
    out["true_divide-int"] = observe(L.true_divide(i, 2))
    out["subtract-alpha.m"] = observe(x.subtract(w, alpha=3))
    out["negative"] = observe(L.negative(x))
    r = L.divide(x, w.requires_grad_(), rounding_mode="floor")
    r.sum().backward()
    out["divide-floor-grads"] = [observe(x.grad), observe(w.grad)]
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    want = CASES[name](torch)
    got = CASES[name](autograd_core)
    assert got == want, f"{name}: engine {got!r}\n torch {want!r}"


def test_erf_is_accurate_everywhere():
    """erf has no array-API function: the engine's series/continued fraction must match torch's
    erf to float64 precision on a fine grid, tails and 0 included."""
    grid = np.concatenate([np.linspace(-7.0, 7.0, 20001), [0.0, -0.0, 1e-300, 3.0, -3.0, 30.0]])
    got = autograd_core.erf(autograd_core.tensor(grid)).numpy()
    want = torch.erf(torch.tensor(grid)).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)


# ----------------------------------------------------------------------------- another device
def _zeros_where_negative(x):
    """x with its negative entries replaced by exact zeros, gradient 1 everywhere."""
    return x - x.detach() * (x < 0)


DEVICE_PROGRAMS = {
    "unary": lambda L, x, w: sum(getattr(L, n)(x * 0.4).sum() for n in (
        "tan atan asin acos sinh cosh asinh atanh exp2 erf trunc".split()))
    + ((x.abs() + 1).log2() + (x.abs() + 1).log10() + (x.abs() + 1).rsqrt()
       + (x.abs() + 1.5).acosh()).sum(),
    "atan2-lerp": lambda L, x, w: (L.atan2(x, w) * L.lerp(x, w, 0.3) * L.lerp(x, w, w.sigmoid())).sum(),
    "divide": lambda L, x, w: (L.divide(x, w, rounding_mode="floor") * x).sum(),
    "prod": lambda L, x, w: (x.prod() + x.prod(1).sum() + _zeros_where_negative(x).prod(0).sum()
                             + _zeros_where_negative(x).prod()),
    "cumsum-cumprod": lambda L, x, w: (x.cumsum(1) * x.cumprod(0)
                                       * _zeros_where_negative(x).cumprod(1)).sum(),
    "sort-topk": lambda L, x, w: ((x.sort(1, descending=True).values * w).sum()
                                  + (x.topk(2, dim=0).values ** 2).sum() + x.argsort().sum()),
}


@pytest.mark.parametrize("name", sorted(DEVICE_PROGRAMS))
def test_ops_stay_on_an_array_api_device(name):
    """The same programs on array-api-strict's "device1": first and second order against torch."""
    parity_helpers.check_on_array_api_device(name, DEVICE_PROGRAMS[name])
