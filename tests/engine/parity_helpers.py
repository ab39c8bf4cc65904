"""What the parity tests observe: the same code runs on torch and on the engine, and the two
observations (plain Python data) must be equal. Shared by test_parity.py and the breadth tests of
issue 12 (test_breadth_pointwise.py, test_breadth_layout.py)."""

import math

import numpy as np
import torch


def registry():
    """A dict of cases and the decorator that fills it: ``CASES, case = registry()``."""
    cases = {}

    def case(fn):
        cases[fn.__name__] = fn
        return fn

    return cases, case


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
    data = t.detach().cpu().numpy(force=True) if isinstance(t, torch.Tensor) else t.detach().numpy()
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
