"""The third wave of issue 12's breadth ops, beyond the op tables: values at special points, result
dtypes, errors and their key phrases, node names, views and in-place forms with their versions.
Each case runs the same code on torch and on the engine (test_parity's style) and the two
observations must be equal. Gradients (first and second order) are checked by the op tables
(op_table_more, op_table_layout) and the fuzzer's forms."""

import warnings

import pytest
import torch

import autograd_core
import parity_helpers
from parity_helpers import leaf, registry

CASES, case = registry()
KEY_PHRASE = 30  # errors agree on their class and the first characters of torch's message

observe, attempt = parity_helpers.rounded(significant=6, key_phrase=KEY_PHRASE)
INF, NAN = float("inf"), float("nan")


def grads(L, build, *values):
    """build(*leaves)'s observation, then the leaves' gradients after backward of its sum."""
    xs = [leaf(L, v) for v in values]
    out = build(*xs)
    first = out[0] if isinstance(out, tuple) else out
    first.sum().backward()
    return [observe(out), *[observe(x.grad) for x in xs]]


def each(calls):
    """{name: attempt(call)} for a dict of calls."""
    return {name: attempt(call) for name, call in calls.items()}


def in_place(L, call, values=(0.5, -1.5, 2.25)):
    """call(y) on y = w * 1 (w a leaf): the result, whether it is y, y's version, w's gradient."""
    w = leaf(L, list(values))
    y = w * 1.0
    r = call(y)
    (r * r).sum().backward()
    return [r, r is y, y._version, w.grad]


# ----------------------------------------------------------------------------- special functions
SPECIAL = "erfc erfinv lgamma digamma i0 sinc".split()


@case
def special_values(L):
    x = L.tensor([0.5, -0.3, 2.0, -2.5, 7.3, 35.0, -40.0, 0.0, 1e-3, 12.0, INF, -INF, NAN],
                 dtype=L.float64)
    u = L.tensor([0.1, -0.5, 0.9, 0.999999, -0.9999999999, 1.0, -1.0, 1.5, 0.0, NAN],
                 dtype=L.float64)
    out = {n: observe(getattr(L, n)(u if n == "erfinv" else x)) for n in SPECIAL}
    out["digamma-poles"] = observe(L.digamma(L.tensor([0.0, -0.0, -1.0, -3.0, 1.0])))
    out["lgamma-poles"] = observe(L.lgamma(L.tensor([0.0, -1.0, -2.0, 1.0, 2.0])))
    for n in range(4):
        out[f"polygamma{n}"] = observe(L.tensor([0.5, 1.3, 2.0, -2.5, 7.3, 35.0, -0.7],
                                                dtype=L.float64).polygamma(n))
    out["polygamma-poles"] = observe(L.tensor([0.0, -1.0]).polygamma(2))
    out["mvlgamma"] = observe(L.mvlgamma(L.tensor([1.5, 2.25, 7.0], dtype=L.float64), 3))
    out["mvlgamma-p1"] = observe(L.tensor([1.5, 2.25]).mvlgamma(1))
    return out


@case
def special_dtypes_and_errors(L):
    i, b = L.tensor([1, 2, 3]), L.tensor([True, False])
    h = L.tensor([0.5, 1.5], dtype=L.float16)
    out = {}
    for n in SPECIAL:
        f = getattr(L, n)
        out[n] = [attempt(lambda: f(i)), attempt(lambda: f(b)), attempt(lambda: f(h)),
                  attempt(lambda: getattr(h, n)())]
    out.update(each({
        "polygamma-int": lambda: i.polygamma(1), "polygamma-negative": lambda: i.polygamma(-1),
        "mvlgamma-int": lambda: L.mvlgamma(i, 2), "mvlgamma-p0": lambda: L.mvlgamma(h, 0),
        "mvlgamma-f16": lambda: h.mvlgamma(2),
    }))
    return out


@case
def special_in_place(L):
    out = {}
    for n in SPECIAL + ["mvlgamma", "polygamma"]:
        arg = (2,) if n in ("mvlgamma", "polygamma") else ()
        vals = (0.5, -0.25, 0.75) if n == "erfinv" else (1.5, 2.25, 3.5)
        out[n + "_"] = attempt(lambda: in_place(L, lambda y: getattr(y, n + "_")(*arg), vals))
    out["torch.erfc_"] = attempt(lambda: in_place(L, lambda y: L.erfc_(y)))
    out["torch.sinc_"] = attempt(lambda: in_place(L, lambda y: L.sinc_(y)))
    out["leaf"] = attempt(lambda: leaf(L, [0.5]).lgamma_())
    out["int"] = attempt(lambda: L.tensor([1, 2]).digamma_())
    return out


@case
def special_gradients_at_special_points(L):
    return {
        "sinc-0": grads(L, L.sinc, [0.0, 1.0, -0.5]),
        "i0-0": grads(L, L.i0, [0.0, 1e-3, -3.0]),
        "erfinv-edges": grads(L, L.erfinv, [0.0, 0.99, -0.999]),
        "lgamma-negative": grads(L, L.lgamma, [-0.5, -1.5, 0.25]),
    }


# ----------------------------------------------------------------------------- binary pointwise
@case
def binary_pointwise(L):
    f, g = L.tensor([0.5, -1.0, 2.0]), L.tensor([1.0, 3.0, -2.0], dtype=L.float64)
    i, b = L.tensor([3, -2, 0]), L.tensor([True, False, True])
    return each({
        "logaddexp2": lambda: L.logaddexp2(f, g), "logaddexp2-inf": lambda: L.logaddexp2(
            L.tensor([-INF, INF, 1.0]), L.tensor([-INF, INF, -INF])),
        "logaddexp2-int": lambda: L.logaddexp2(i, i), "logaddexp2-number": lambda: L.logaddexp2(f, 2.0),
        "logaddexp2-shapes": lambda: f.logaddexp2(L.ones(2)),
        "float_power": lambda: L.float_power(f, 2), "float_power-int": lambda: L.float_power(i, 2),
        "float_power-tensor": lambda: L.float_power(f, i), "float_power.m": lambda: i.float_power(0.5),
        "float_power-bool": lambda: L.float_power(b, b),
        "ldexp": lambda: L.ldexp(f, i), "ldexp-int": lambda: L.ldexp(i, i),
        "ldexp-f64": lambda: L.ldexp(f, g), "ldexp.m": lambda: g.ldexp(i),
        "nextafter": lambda: L.nextafter(g, L.tensor([2.0, 3.0, -3.0], dtype=L.float64)),
        "nextafter-f32": lambda: L.nextafter(f, L.zeros(3)), "nextafter-int": lambda: L.nextafter(i, i),
        "gcd": lambda: L.gcd(L.tensor([4, 6, 0, -9]), L.tensor([6, -4, 5, 3])),
        "lcm": lambda: L.lcm(L.tensor([4, 6, 0, -9]), L.tensor([6, -4, 5, 3])),
        "gcd-float": lambda: L.gcd(f, f), "lcm-bool": lambda: L.lcm(b, b),
        "gcd-broadcast.m": lambda: L.tensor([[12], [18]]).gcd(L.tensor([8, 9])),
        "isposinf": lambda: L.isposinf(L.tensor([INF, -INF, NAN, 1.0])),
        "isneginf.m": lambda: L.tensor([INF, -INF, NAN, 1.0]).isneginf(),
        "isposinf-int": lambda: L.isposinf(i), "isreal": lambda: L.isreal(f),
    })


@case
def binary_pointwise_grads(L):
    return {
        "logaddexp2-equal": grads(L, L.logaddexp2, [1.0, -2.0], [1.0, 3.0]),
        "ldexp": grads(L, L.ldexp, [1.0, -2.0], [1.0, 3.0]),
        # torch's gradient scales by 2 ** other in other's dtype: 0 for a negative integer
        "ldexp-int-negative": grads(L, lambda x: L.ldexp(x, L.tensor([-2, 0, 3])), [1.0, -2.0, 0.5]),
        "float_power": grads(L, L.float_power, [1.5, 2.0], [0.5, -1.0]),
        "float_power-f32": [observe(L.float_power(L.tensor([1.5], requires_grad=True), 2))],
        "nextafter": attempt(lambda: L.autograd.grad(L.nextafter(*[leaf(L, [1.0])] * 2).sum(),
                                                      leaf(L, [2.0]), allow_unused=True)),
    }


@case
def binary_in_place(L):
    out = {}
    for name, call in {
        "logaddexp2_": lambda y: y.logaddexp2_(y * 2.0), "ldexp_": lambda y: y.ldexp_(L.tensor([1, 2, 3])),
        "float_power_": lambda y: y.float_power_(2), "float_power_-tensor": lambda y: y.float_power_(y),
        "torch.ldexp_": lambda y: L.ldexp_(y, L.tensor([1.0, 0.0, -1.0], dtype=L.float64)),
        "nextafter_": lambda y: y.nextafter_(y * 0),
    }.items():
        out[name] = attempt(lambda: in_place(L, call))
    out.update(each({
        "float_power_-f32": lambda: L.ones(2).float_power_(2),
        "gcd_": lambda: L.tensor([4, 6]).gcd_(L.tensor([6, 4])),
        "torch.lcm_": lambda: L.lcm_(L.tensor([4, 6]), L.tensor([6, 4])),
    }))
    return out


@case
def comparisons_in_place(L):
    out = {}
    for n in "eq ne lt le gt ge greater less greater_equal less_equal not_equal".split():
        for other in (1.0, "tensor"):
            def run():
                w = leaf(L, [0.5, 1.0, 2.25])
                y = w * 1.0
                o = L.tensor([1.0, 1.0, 3.0], dtype=L.float64) if other == "tensor" else other
                r = getattr(y, n + "_")(o)
                (r * w).sum().backward()
                return [r, r is y, y._version, w.grad]
            out[f"{n}_-{other}"] = attempt(run)
    out.update(each({
        "int": lambda: L.tensor([1, 2, 3]).lt_(2), "bool": lambda: L.tensor([True, False]).eq_(True),
        "float-int": lambda: L.tensor([1.5, 2.0]).ge_(L.tensor([1, 2])),
        "broadcast-error": lambda: L.ones(3).eq_(L.ones(2, 3)), "leaf": lambda: leaf(L, [1.0]).eq_(1.0),
    }))
    return out


# ----------------------------------------------------------------------------- the comparison
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = CASES[name](torch)
        got = CASES[name](autograd_core)
    assert got == want, f"{name}: engine {got!r}\n torch {want!r}"
