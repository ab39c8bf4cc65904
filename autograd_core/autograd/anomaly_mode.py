"""Anomaly mode: remember where each node was created, and name the node that produced a NaN."""

import functools
import warnings

from ..grad_mode import _anomaly

_ENTER_WARNING = (
    "Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
    "enabled for debugging."
)


def is_anomaly_enabled():
    return _anomaly.enabled


def is_anomaly_check_nan_enabled():
    return _anomaly.check_nan


class detect_anomaly:
    """Context manager (and decorator) that enables anomaly detection for its block."""

    def __init__(self, check_nan=True):
        self.check_nan = check_nan
        warnings.warn(_ENTER_WARNING, UserWarning, stacklevel=2)

    def __enter__(self):
        self.prev = (_anomaly.enabled, _anomaly.check_nan)
        _anomaly.enabled, _anomaly.check_nan = True, self.check_nan

    def __exit__(self, *exc):
        _anomaly.enabled, _anomaly.check_nan = self.prev
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.__class__(self.check_nan):
                return fn(*args, **kwargs)

        return wrapper


class set_detect_anomaly:
    """``set_detect_anomaly(mode, check_nan=True)``: sets anomaly mode now; restores it when used
    with ``with``."""

    def __init__(self, mode, check_nan=True):
        self.prev = (_anomaly.enabled, _anomaly.check_nan)
        _anomaly.enabled, _anomaly.check_nan = bool(mode), check_nan

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        _anomaly.enabled, _anomaly.check_nan = self.prev
        return False
