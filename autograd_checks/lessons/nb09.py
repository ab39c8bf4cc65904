"""Notebook 09's helpers: the digits data, a time limit for the graph-walk test and the friendly
message of a lesson cell that runs your code before you have written it."""
from __future__ import annotations

import importlib.util
import signal
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,  # noqa: F401
                             check_true)
from autograd_checks.lessons.nb08 import exercises_first

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used", "check_true",
           "within", "exercises_first", "load_digits"]


def load_digits():
    """``sklearn.datasets.load_digits()``'s ``data`` (1797 x 64, values 0..16) and ``target``
    (1797 labels 0..9), read from the file scikit-learn installs, without importing scikit-learn
    (which takes over a second: longer than the rest of the notebook's imports together)."""
    spec = importlib.util.find_spec("sklearn")   # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("load_digits reads scikit-learn's copy of the digits: pip install scikit-learn")
    raw = np.loadtxt(Path(spec.submodule_search_locations[0], "datasets", "data", "digits.csv.gz"), delimiter=",")
    return SimpleNamespace(data=raw[:, :-1], target=raw[:, -1].astype(int))


class _TooSlow(BaseException):
    """Raised by the timer; a BaseException, so that an ``except Exception`` in your code lets it through."""


def within(seconds, what, fn, *args):
    """``call(what, fn, *args)``, or the string ``"took too long"`` after ``seconds`` of wall time.

    The limit uses ``SIGALRM`` (Unix only); elsewhere ``fn`` just runs to its end.
    """
    if not hasattr(signal, "setitimer"):
        return call(what, fn, *args)

    def stop(signum, frame):
        raise _TooSlow()

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return call(what, fn, *args)
    except _TooSlow:
        return "took too long"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
