"""The engines compared: autograd_core, torch (CPU, eager), hand-written numpy, a minimal tape (the
floor of a pure-Python engine, `minimal_tape`), HIPS autograd, jax.

Engines that are not importable are kept in the list with the reason, so every report says which
engines were left out and why.
"""
from dataclasses import dataclass

from . import _env


@dataclass
class Engine:
    """One engine: ``kind`` selects the workload adapter (torch-like API, numpy, hips, jax)."""

    name: str
    kind: str
    module: object = None
    version: str = ""
    missing: str = ""  # why it is not available; empty when it is

    @property
    def available(self):
        return self.module is not None


def _load(name, kind, importer):
    try:
        module, version = importer()
    except Exception as exc:  # any import failure means "not available", reported verbatim
        return Engine(name, kind, missing=f"not importable ({type(exc).__name__}: {exc})")
    return Engine(name, kind, module, version)


def _autograd_core():
    import autograd_core

    if not hasattr(autograd_core, "tensor"):  # e.g. a namespace package while it is being written
        raise ImportError("autograd_core has no tensor(): package incomplete")
    return autograd_core, getattr(autograd_core, "__version__", "")


def _torch():
    import torch

    _env.pin_torch(torch)
    return torch, torch.__version__


def _numpy():
    import numpy

    return numpy, numpy.__version__


def _minimal_tape():
    from . import minimal_tape

    return minimal_tape, minimal_tape.__version__


def _hips():
    import autograd
    import autograd.numpy  # noqa: F401  (the wrapped numpy the adapter uses)

    from importlib.metadata import version

    return autograd, version("autograd")   # the module has no __version__


def _jax():
    import jax
    import jax.numpy  # noqa: F401

    return jax, jax.__version__


ENGINE_ORDER = ("autograd_core", "torch", "numpy", "tape", "hips", "jax")
LABELS = {
    "autograd_core": "autograd_core",
    "torch": "torch (CPU eager)",
    "numpy": "numpy by hand",
    "tape": "minimal tape (floor)",
    "hips": "HIPS autograd",
    "jax": "jax (eager, no jit)",
}


_LOADERS = {
    "autograd_core": ("torchlike", _autograd_core),
    "torch": ("torchlike", _torch),
    "numpy": ("numpy", _numpy),
    "tape": ("torchlike", _minimal_tape),
    "hips": ("hips", _hips),
    "jax": ("jax", _jax),
}


def load_engine(name):
    """One engine by name, importing only what it needs (memory children measure one engine)."""
    kind, importer = _LOADERS[name]
    return _load(name, kind, importer)


def load_engines():
    """All engines in report order, available or not."""
    return [load_engine(name) for name in ENGINE_ORDER]
