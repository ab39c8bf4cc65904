"""What the parity tests observe: the same code runs on torch and on the engine, and the two
observations (plain Python data) must be equal. Shared by test_parity.py and the breadth tests of
issue 12 (test_breadth_pointwise.py, test_breadth_layout.py)."""

import math

import numpy as np
import pytest
import torch

import autograd_core


def registry():
    """A dict of cases and the decorator that fills it: ``CASES, case = registry()``."""
    cases = {}

    def case(fn):
        cases[fn.__name__] = fn
        return fn

    return cases, case


def matches_torch(cases, name):
    """Run case `name` of `cases` on torch and on the engine (same seeds, warnings silenced) and
    assert the two observations are equal: the test of every parity table."""
    import warnings

    fn = cases[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.manual_seed(0)
        autograd_core.manual_seed(0)
        want = fn(torch)
        got = fn(autograd_core)
    assert got == want, f"{name}: engine {got!r}\n torch {want!r}"


def observe(t, significant=None):
    """What a user sees of a tensor (or a tuple/number/None), as plain Python data. Floats are
    rounded to 6 decimals, or to `significant` digits (4 for 16- and 32-bit floats)."""
    if isinstance(t, (tuple, list)):
        return [observe(v, significant) for v in t]
    if t is None or isinstance(t, (bool, int, float, str)):
        return nan_safe(t)
    if isinstance(t, torch.dtype) or type(t).__name__ == "dtype":
        return str(t).rsplit(".", 1)[-1]
    node = t.grad_fn
    data = t.detach().cpu().numpy(force=True) if isinstance(t, torch.Tensor) else t.detach().numpy(force=True)
    values = np.asarray(data)
    if values.dtype.kind == "f" and significant:
        digits = significant if values.dtype.itemsize >= 8 else min(significant, 4)
        values = np.vectorize(lambda v: float(f"{v:.{digits}g}"), otypes=[float])(values).tolist()
    elif values.dtype.kind == "f":
        values = np.round(values.astype(np.float64), 6).tolist()
    else:
        values = values.tolist()
    return {"dtype": str(t.dtype).rsplit(".", 1)[-1], "shape": list(t.shape),
            "values": nan_safe(values), "requires_grad": t.requires_grad,
            "grad_fn": None if node is None else type(node).__name__}


def nan_safe(v):
    """NaN as a string, so that equal observations compare equal."""
    if isinstance(v, list):
        return [nan_safe(x) for x in v]
    return "nan" if isinstance(v, float) and math.isnan(v) else v


def attempt(fn, key_phrase=None, significant=None):
    """fn()'s observation, or the error's class and first line (its first `key_phrase` characters:
    torch's message is the reference, the engine's must start the same)."""
    try:
        return observe(fn(), significant)
    except Exception as e:  # noqa: BLE001 - the error itself is what is compared
        return ("raises", type(e).__name__, str(e).split("\n")[0][:key_phrase])


def leaf(L, values, dtype=None):
    return L.tensor(values, dtype=dtype or L.float64, requires_grad=True)


def check_on_array_api_device(name, f, second_order=True):
    """``f(L, x, w)`` (a scalar) on array-api-strict's "device1" (standing in for an accelerator)
    and on torch: every array the ops and rules make stays on that device, and the value, the
    gradients and (if `second_order`) the gradients of their squared norm agree with torch."""
    strict = pytest.importorskip("array_api_strict", reason="array-api-strict (dev extra) is not installed")
    dev = strict.Device("device1")
    a = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    b = np.array([0.3, -0.6, 0.9])
    results = []
    for L, make in ((autograd_core, lambda v: strict.asarray(v, device=dev)), (torch, lambda v: v)):
        x, w = L.tensor(make(a), requires_grad=True), L.tensor(make(b), requires_grad=True)
        loss = f(L, x, w)
        gx, gw = L.autograd.grad(loss, [x, w], create_graph=True, allow_unused=True)
        s = sum((g * g).sum() for g in (gx, gw) if g is not None and g.requires_grad)
        second = list(L.autograd.grad(s, [x, w], allow_unused=True)) if second_order else []
        if L is autograd_core:
            made = [t for t in (loss, gx, gw, *second) if t is not None]
            assert all("device1" in str(t.device) for t in made), [t.device for t in made]
        results.append([None if t is None else t.detach().cpu().numpy() for t in (loss, gx, gw, *second)])
    for k, (got, want) in enumerate(zip(*results)):
        assert (got is None) == (want is None), f"{name}: result {k}: one library gave None"
        if got is not None:
            np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-9, atol=1e-12,
                                       err_msg=f"{name}: result {k}")


def rounded(significant, key_phrase=None):
    """`observe` and `attempt` with floats to `significant` digits and errors to `key_phrase`."""
    return (lambda t: observe(t, significant),
            lambda fn: attempt(fn, key_phrase, significant))


def leaf_grads(observe, L, build, *values):
    """build(*leaves)'s observation, then the leaves' gradients after backward of its sum."""
    xs = [leaf(L, v) for v in values]
    out = build(*xs)
    first = out[0] if isinstance(out, tuple) else out
    first.sum().backward()
    return [observe(out), *[observe(x.grad) for x in xs]]
