"""Notebook 09's helpers: a time limit for the graph-walk test and the friendly message of a lesson
cell that runs your code before you have written it."""
from __future__ import annotations

import signal

from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,  # noqa: F401
                             check_true)
from autograd_checks.lessons.nb08 import exercises_first

__all__ = ["as_np", "call", "check_close", "check_equal", "check_gradcheck", "check_not_used", "check_true",
           "within", "exercises_first"]


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
