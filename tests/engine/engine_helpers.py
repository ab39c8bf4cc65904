"""Small helpers shared by the engine tests: conversion to numpy and exact-message checks.

Only public API is used (``detach``, ``cpu``, ``numpy``, ``shape``, ``dtype``), so the same helper
works on torch tensors and on autograd_core tensors.
"""

import contextlib
import re
import warnings

import numpy as np
import torch

# C++ warnings in torch end with this suffix; the reference compares the text before it.
_TRIGGERED = re.compile(r" \(Triggered internally at [^)]*\.\)$", re.S)


def to_np(t):
    """A float64/int/bool numpy copy of tensor ``t`` (None stays None)."""
    if t is None:
        return None
    # force=True: a lazy ZeroTensor (sgn's gradient, torch's and the engine's) reads as zeros
    return np.array(t.detach().cpu().numpy(force=True), copy=True)


def dtype_name(t):
    """'float64', 'float32', 'int64', 'bool' ... for torch and engine dtypes alike."""
    return str(t.dtype).rsplit(".", 1)[-1]


def assert_same_tensor(got, want, what, rtol=1e-7, atol=1e-10):
    """``got`` (engine) equals ``want`` (torch) in shape, dtype and values; message names ``what``."""
    assert got is not None, f"{what}: engine gave None, torch gave {want!r}"
    assert tuple(got.shape) == tuple(want.shape), (
        f"{what}: shape {tuple(got.shape)} != torch's {tuple(want.shape)}")
    assert dtype_name(got) == dtype_name(want), (
        f"{what}: dtype {dtype_name(got)} != torch's {dtype_name(want)}")
    g, w = to_np(got), to_np(want)
    np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=f"{what}: values differ from torch",
                               equal_nan=True)


def strip_triggered(msg):
    """Drop torch's ' (Triggered internally at ...)' suffix from a C++ warning or error."""
    return _TRIGGERED.sub("", str(msg))


def check_message(actual, expected, how="exact"):
    """Compare a message with the reference's text.

    how: "exact" (the whole text, after strip_triggered), "prefix" (the reference cut it with ...),
    "contains" (a key phrase).
    """
    actual = strip_triggered(actual)
    ok = {"exact": actual == expected,
          "prefix": actual.startswith(expected),
          "contains": expected in actual}[how]
    assert ok, f"message mismatch ({how}):\n  expected: {expected!r}\n  got:      {actual!r}"


@contextlib.contextmanager
def raises(exc_type, expected, how="exact"):
    """Like pytest.raises, plus a message check against the reference text."""
    try:
        yield
    except exc_type as e:  # noqa: PERF203 - the point of the helper
        check_message(str(e), expected, how)
    except Exception as e:  # wrong type: show what came instead
        raise AssertionError(f"expected {exc_type.__name__}({expected!r}), got "
                             f"{type(e).__name__}({str(e)!r})") from e
    else:
        raise AssertionError(f"expected {exc_type.__name__}({expected!r}); nothing was raised")


@contextlib.contextmanager
def record_warnings():
    """Record every warning raised in the block (filters reset to 'always')."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught


def find_warning(caught, category, expected, how="exact"):
    """Assert that ``caught`` holds a warning of ``category`` whose text matches; return it."""
    texts = []
    for w in caught:
        text = strip_triggered(str(w.message))
        texts.append(f"{w.category.__name__}: {text!r}")
        if not issubclass(w.category, category):
            continue
        if {"exact": text == expected, "prefix": text.startswith(expected),
                "contains": expected in text}[how]:
            return w
    raise AssertionError(f"no {category.__name__} matching {expected!r} ({how}); got: {texts}")


def node_name(t):
    """``type(t.grad_fn).__name__``, or None for a leaf."""
    return None if t.grad_fn is None else type(t.grad_fn).__name__
