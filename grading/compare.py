"""Compare a student's probe result with the reference's, in the trusted parent."""
from __future__ import annotations

import math

import numpy as np


def decode(x):
    """Turn the sandbox's JSON back into Python values and numpy arrays."""
    if isinstance(x, dict):
        if set(x) == {"__ndarray__"}:
            a = x["__ndarray__"]
            dtype = np.dtype(a["dtype"])
            if dtype.kind not in "biufc":
                raise ValueError(f"dtype {dtype} not allowed")
            return np.array(a["data"], dtype=dtype).reshape(a["shape"])
        return {k: decode(v) for k, v in x.items()}
    if isinstance(x, list):
        return [decode(v) for v in x]
    return x


def mismatch(expected, got, rtol: float = 1e-6, atol: float = 1e-8, where: str = "result") -> str | None:
    """First difference between reference ``expected`` and student ``got``, or None if equal.

    Numbers and arrays compare with ``|got - expected| <= atol + rtol * |expected|`` (NaN equals
    NaN, shapes must match exactly); bools, strings and None exactly; dicts need the same keys.
    """
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return f"{where}: expected a dict, got {type(got).__name__}"
        if set(expected) != set(got):
            return f"{where}: keys {sorted(got)} != expected {sorted(expected)}"
        for k in expected:
            m = mismatch(expected[k], got[k], rtol, atol, f"{where}[{k!r}]")
            if m:
                return m
        return None
    if isinstance(expected, list):
        if not isinstance(got, list) or len(got) != len(expected):
            return f"{where}: expected a list of {len(expected)}, got {type(got).__name__}"
        for i, (e, g) in enumerate(zip(expected, got)):
            m = mismatch(e, g, rtol, atol, f"{where}[{i}]")
            if m:
                return m
        return None
    if isinstance(expected, (bool, str)) or expected is None:
        ok = type(got) is type(expected) and got == expected
        return None if ok else f"{where}: expected {expected!r}, got {got!r}"[:300]
    if isinstance(expected, (int, float, np.ndarray)):
        if isinstance(got, bool) or not isinstance(got, (int, float, np.ndarray)):
            return f"{where}: expected a number/array, got {type(got).__name__}"
        e, g = np.asarray(expected), np.asarray(got)
        if e.shape != g.shape:
            return f"{where}: shape {g.shape} != expected {e.shape}"
        if e.dtype.kind == "b" or g.dtype.kind == "b":
            if e.dtype.kind != g.dtype.kind or not np.array_equal(e, g):
                return f"{where}: boolean values differ"
            return None
        e, g = e.astype(np.complex128 if "c" in (e.dtype.kind + g.dtype.kind) else np.float64), \
            g.astype(np.complex128 if "c" in (e.dtype.kind + g.dtype.kind) else np.float64)
        close = np.isclose(g, e, rtol=rtol, atol=atol, equal_nan=True)
        if not close.all():
            idx = tuple(int(i) for i in np.argwhere(~close)[0])
            return f"{where}{list(idx) if idx else ''}: expected {e[idx].item()!r}, got {g[idx].item()!r}"
        return None
    return f"{where}: cannot compare {type(expected).__name__}"


def finite_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
