"""Notebook 08's helpers: the regression problems its cells and tests use, and the friendly message
of a cell that runs your code before you have written it."""
from __future__ import annotations

import contextlib

import numpy as np

import autograd_core as torch
from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,  # noqa: F401
                             check_raises, check_true)

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used", "check_raises",
           "check_true", "make_regression", "regression_data",
           "exercises_first"]


def regression_data(seed, n, d, noise=0.3, dtype=np.float64):
    """A synthetic linear-regression problem as numpy arrays: ``(X (n, d), y = X w + b + noise, w, b)``,
    ``X`` and ``y`` of ``dtype``, the true ``w`` (float64) and ``b`` (a float)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    w, b = rng.normal(size=d) * 2, float(rng.normal())
    y = X @ w + b + noise * rng.normal(size=n)
    return X.astype(dtype), y.astype(dtype), w, b


def make_regression(seed, n, d, noise=0.3, dtype=np.float64):
    """:func:`regression_data` with ``X`` and ``y`` as tensors (of the course's engine)."""
    X, y, w, b = regression_data(seed, n, d, noise, dtype)
    return torch.tensor(X), torch.tensor(y), w, b


@contextlib.contextmanager
def exercises_first(which: str):
    """Run a lesson cell that uses your exercises; if one of them is still a stub, say so (in the
    words the tests use) instead of showing a raw ``NotImplementedError``, and skip the rest of
    the block."""
    try:
        yield
    except NotImplementedError:
        print(f"This cell uses your code from {which}, which is not implemented yet: replace the line "
              "`raise NotImplementedError()` in its cell with your code, run that cell, then run this "
              "cell again.")
