"""Notebook 01's test helpers (three ways to differentiate; finite differences).

The locked helpers cell imports everything its test cells use from here in one line: numpy,
the engine, the generic checks of :mod:`autograd_checks`, and the hints that name the usual
finite-difference slips.
"""
from __future__ import annotations

import numpy as np

import autograd_core as torch
from autograd_checks import (as_np, call, check_close, check_equal, check_not_used, check_raises,
                             check_true)

__all__ = ["np", "torch", "as_np", "call", "check_close", "check_equal", "check_true", "check_raises",
           "check_not_used", "shape_of", "dtype_of", "fd_hint", "order_hint", "UNCHANGED_HINT",
           "CallCounter"]


def shape_of(t):
    """The shape of a tensor or array as a list of ints (None for anything without a shape)."""
    shape = getattr(t, "shape", None)
    return None if shape is None else [int(s) for s in shape]


def dtype_of(t):
    """The dtype of a tensor or array as a string ('torch.float64', 'float32'), else the type's name."""
    return str(getattr(t, "dtype", type(t).__name__))


def fd_hint(h=1e-6):
    """A hint for check_close on a finite-difference result: names the usual slips, if one fits."""
    def hint(got, expected):
        nz = np.abs(expected) > 1e-3
        if np.shape(got) == np.shape(expected) and nz.any() and (got[nz] == 0).any() \
                and np.allclose(got[got != 0], expected[got != 0], rtol=1e-4, atol=1e-6):
            return ("some entries are exactly 0 although the derivative is not: perturb every element of x, "
                    "all x.numel() of them (range(x.numel()), no off-by-one)")
        if nz.any() and np.isfinite(got).all():
            ratio = got[nz] / expected[nz]
            if np.allclose(ratio, 2.0, rtol=1e-3):
                return "every entry is twice the derivative: divide the central difference by 2h, not by h"
            if np.allclose(ratio, 0.5, rtol=1e-3):
                return "every entry is half the derivative: the two evaluations are h apart on EACH side, 2h in all"
            if np.allclose(ratio, -1.0, rtol=1e-3):
                return "the sign is flipped: compute f(x + h e_i) - f(x - h e_i), in that order"
            err = np.abs(got - expected).max()
            if 10 * h**2 < err < 1e3 * h:
                return (f"errors of about {err:.0e}, the size of the step h = {h:g}, are the truncation error of "
                        "a one-sided (forward) difference: use (f(x + h e_i) - f(x - h e_i)) / (2h)")
            if 1e3 * h < err < 0.3 * max(1.0, np.abs(expected).max()):
                return (f"errors of about {err:.0e}, far above float64's round-off at h = {h:g} (about 1e-10) but "
                        "the size of float32's (eps32 / h = 1.2e-7 / 1e-6): is some of the arithmetic done in "
                        "float32 (torch.tensor(a_list), torch.zeros(n, m), .float())? Do every step in float64")
        return None
    return hint


def order_hint(hs, errors):
    """A hint for check_close on ``fd_order(hs, errors)``: recognises the usual ways of fitting the
    wrong line (axes swapped, intercept, no logarithms, two points, a rounded or flipped slope)."""
    lh, le = np.log(np.asarray(hs, float)), np.log(np.asarray(errors, float))
    slope, intercept = np.polyfit(lh, le, 1)
    with np.errstate(all="ignore"):
        candidates = [
            (np.polyfit(le, lh, 1)[0], "you got about 1/p: that is the slope of log(h) against log(error). "
                                        "Fit log(error) as a function of log(h): np.polyfit(np.log(hs), "
                                        "np.log(errors), 1)"),
            (1 / slope, "you got 1/p: fit log(error) as a function of log(h), not the reverse"),
            (-slope, "the sign is flipped: the error shrinks with h, so the slope of log(error) against "
                     "log(h) is positive"),
            (intercept, "that is the intercept log(C): np.polyfit returns [slope, intercept], take [0]"),
            (np.polyfit(hs, errors, 1)[0], "you fitted a straight line to the raw numbers: error ~ C h^p is a "
                                           "line only after taking logarithms, log(error) = log(C) + p log(h)"),
            (np.polyfit(lh, errors, 1)[0], "take the logarithm of BOTH the steps and the errors"),
            (np.polyfit(hs, le, 1)[0], "take the logarithm of BOTH the steps and the errors"),
            ((le[-1] - le[0]) / (lh[-1] - lh[0]), "that is the slope through the first and last points only: "
                                                  "use the least-squares slope through ALL the points"),
            (np.mean(np.diff(le) / np.diff(lh)), "that is the mean of the slopes between neighbouring points, "
                                                 "not the least-squares slope through all the points"),
            (round(slope), "return the measured slope as a float: do not round it to an integer"),
            (float(int(slope)), "return the measured slope as a float: do not round it (nor truncate it with "
                                "int())"),
            (slope / np.log(10), "use the same logarithm for both axes: np.log of the steps and np.log10 of the "
                                 "errors scale the slope by 1/ln(10)"),
            (slope * np.log(10), "use the same logarithm for both axes: np.log10 of the steps and np.log of the "
                                 "errors scale the slope by ln(10)"),
            ((le[1] - le[0]) / (lh[1] - lh[0]), "that is the slope through the first two points only: use the "
                                                "least-squares slope through ALL the points"),
            ((le[-1] - le[-2]) / (lh[-1] - lh[-2]), "that is the slope through the last two points only: use the "
                                                    "least-squares slope through ALL the points"),
            (np.mean(le / lh), "that is the mean of log(error) / log(h), which mixes in the intercept log(C): "
                               "fit the least-squares slope with np.polyfit(np.log(hs), np.log(errors), 1)"),
            (np.polyfit(np.sort(lh), le, 1)[0], "you sorted the steps but not the errors: keep each step with its "
                                                "error (sort both in the same order, or do not sort at all)"),
        ]

    def hint(got, expected):
        g = float(np.asarray(got).reshape(-1)[0]) if np.size(got) == 1 else None
        if g is None:
            return "return one number, the slope (a Python float)"
        for value, text in candidates:
            if np.isfinite(value) and abs(g - value) <= 1e-6 * max(1.0, abs(value)) \
                    and abs(value - slope) > 1e-6 * max(1.0, abs(slope)):
                return text
        return None
    return hint


UNCHANGED_HINT = ("your function changed its input x. Even `x[i] += h` followed by `x[i] -= h` changes x by "
                  "rounding (1.0 + 1e-6 - 1e-6 != 1.0 in floating point): perturb a copy, never x itself")


class CallCounter:
    """Wrap a function and count how many times it is called (used to measure cost)."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0
        self.__name__ = getattr(fn, "__name__", "f")

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)
