"""The process-wide modes: grad mode (whether new operations are recorded) and anomaly mode.

`no_grad`, `enable_grad` and `set_grad_enabled` work as context managers and as decorators,
like torch's. The switch is one process-wide flag (torch's is per thread; the course runs one).
Anomaly mode keeps each node's forward stack and, in backward, names the node that returned NaN
(the checks at the end, called by the engine).
"""

import functools
import warnings
import inspect

from ._backend import namespace


class _Mode:
    grad_enabled = True
    inference = False


_mode = _Mode


class _anomaly:
    """Anomaly mode (autograd.detect_anomaly): keep each node's forward stack; check for NaN."""

    enabled = False
    check_nan = True


def is_grad_enabled():
    """True when operations are being recorded for backward."""
    return _mode.grad_enabled


class _DecoratorContextManager:
    """Lets a context manager also decorate functions (and generator functions)."""

    def __call__(self, func):
        if inspect.isclass(func):
            raise RuntimeError(f"{type(self).__name__} cannot decorate a class")
        if inspect.isgeneratorfunction(func):

            @functools.wraps(func)
            def gen_wrapper(*args, **kwargs):
                gen = func(*args, **kwargs)
                with self.clone():
                    response = gen.send(None)
                while True:
                    try:
                        request = yield response
                    except GeneratorExit:
                        with self.clone():
                            gen.close()
                        raise
                    try:
                        with self.clone():
                            response = gen.send(request)
                    except StopIteration as e:
                        return e.value

            return gen_wrapper

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)

        return wrapper

    def clone(self):
        return type(self)()


class no_grad(_DecoratorContextManager):
    """Disable gradient recording: results are leaves with ``requires_grad=False``."""

    def __enter__(self):
        self.prev = _mode.grad_enabled
        _mode.grad_enabled = False

    def __exit__(self, *exc):
        _mode.grad_enabled = self.prev
        return False


class enable_grad(_DecoratorContextManager):
    """Enable gradient recording (for example inside a ``no_grad`` block)."""

    def __enter__(self):
        self.prev = _mode.grad_enabled
        _mode.grad_enabled = True

    def __exit__(self, *exc):
        _mode.grad_enabled = self.prev
        return False


class set_grad_enabled(_DecoratorContextManager):
    """``set_grad_enabled(mode)``: sets grad mode now; as a context manager, restores it on exit."""

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(
                f"set_grad_enabled(): argument 'mode' must be bool, not {type(mode).__name__}"
            )
        self.prev = _mode.grad_enabled
        self.mode = mode
        _mode.grad_enabled = mode

    def __call__(self, func):
        _mode.grad_enabled = self.prev  # used as a decorator: nothing changes until func is called
        return super().__call__(func)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        _mode.grad_enabled = self.prev
        return False

    def clone(self):
        return type(self)(self.mode)


class inference_mode(_DecoratorContextManager):
    """Like no_grad, and the results are marked as inference tensors that autograd refuses later."""

    def __init__(self, mode=True):
        self.mode = mode

    def __enter__(self):
        self.prev = (_mode.grad_enabled, _mode.inference)
        if self.mode:
            _mode.grad_enabled, _mode.inference = False, True

    def __exit__(self, *exc):
        _mode.grad_enabled, _mode.inference = self.prev
        return False

    def clone(self):
        return type(self)(self.mode)


def is_inference_mode_enabled():
    return _mode.inference


# ----------------------------------------------------------------------------- anomaly checks
# Called by the engine in anomaly mode (autograd.detect_anomaly).
def _anomaly_check(node, grads_in):
    """In anomaly mode, raise if a node returned NaN gradients."""
    if not (_anomaly.enabled and _anomaly.check_nan):
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
    if not _anomaly.enabled or getattr(err, "_anomaly_reported", False):
        return
    trace = "".join(
        node._trace or ["  (no forward trace: the node was created outside anomaly mode)\n"]
    )
    warnings.warn(
        f"Error detected in {node.name()}. Traceback of forward call that caused the "
        f"error:\n{trace}",
        UserWarning,
        stacklevel=2,
    )
    try:
        err._anomaly_reported = True
    except AttributeError:
        pass
