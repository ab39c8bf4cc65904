"""Anomaly mode: remember where each node was created, and name the node that produced a NaN."""
import warnings

from .. import _ops
from .._backend import namespace

_ENTER_WARNING = ("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
                  "enabled for debugging.")


def is_anomaly_enabled():
    return _ops._Anomaly.enabled


def is_anomaly_check_nan_enabled():
    return _ops._Anomaly.check_nan


class detect_anomaly:
    """Context manager (and decorator) that enables anomaly detection for its block."""

    def __init__(self, check_nan=True):
        self.check_nan = check_nan
        warnings.warn(_ENTER_WARNING, UserWarning, stacklevel=2)

    def __enter__(self):
        self.prev = (_ops._Anomaly.enabled, _ops._Anomaly.check_nan)
        _ops._Anomaly.enabled, _ops._Anomaly.check_nan = True, self.check_nan

    def __exit__(self, *exc):
        _ops._Anomaly.enabled, _ops._Anomaly.check_nan = self.prev
        return False

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.__class__(self.check_nan):
                return fn(*args, **kwargs)
        return wrapper


class set_detect_anomaly:
    """``set_detect_anomaly(mode, check_nan=True)``: sets anomaly mode now; restores it when used with ``with``."""

    def __init__(self, mode, check_nan=True):
        self.prev = (_ops._Anomaly.enabled, _ops._Anomaly.check_nan)
        _ops._Anomaly.enabled, _ops._Anomaly.check_nan = bool(mode), check_nan

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        _ops._Anomaly.enabled, _ops._Anomaly.check_nan = self.prev
        return False


def _anomaly_check(node, grads_in):
    """In anomaly mode, raise if a node returned NaN gradients."""
    if not (_ops._Anomaly.enabled and _ops._Anomaly.check_nan):
        return
    for i, g in enumerate(grads_in):
        if g is None:
            continue
        xp = namespace(g._data)
        if g.dtype.is_floating_point and bool(xp.any(xp.isnan(g._data))):
            err = RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")
            _anomaly_error(node, err)
            raise err


def _anomaly_error(node, err):
    """In anomaly mode, warn with the forward traceback of the node where backward failed."""
    if not _ops._Anomaly.enabled or getattr(err, "_anomaly_reported", False):
        return
    trace = "".join(node._trace or ["  (no forward trace: the node was created outside anomaly mode)\n"])
    warnings.warn(f"Error detected in {node.name()}. Traceback of forward call that caused the error:\n{trace}",
                  UserWarning, stacklevel=2)
    try:
        err._anomaly_reported = True
    except AttributeError:
        pass
