"""Fixtures for the engine suite: which library plays "the engine" and which is the oracle.

* ``ag``  -- the engine under test: ``autograd_core``. Set ``AUTOGRAD_ENGINE=torch`` to run the
  whole suite with torch standing in for the engine; that checks the torch side of every test
  (each differential test then compares torch with itself, and must pass).
* ``lib`` -- parametrized over ``torch`` and the engine, for side-by-side tests that run the same
  code on both and check the reference's claims (error type and text, warnings, ...) on each.

torch (2.13, CPU) is always the oracle: every differential test computes torch's answer in the
same test, never from a stored table.
"""

import importlib
import os
import pathlib
import sys

import pytest
import torch

_ROOT = pathlib.Path(__file__).resolve().parents[2]
_ENGINE_NAME = os.environ.get("AUTOGRAD_ENGINE", "autograd_core")
if _ENGINE_NAME not in ("autograd_core", "torch"):
    raise pytest.UsageError(f"AUTOGRAD_ENGINE must be 'autograd_core' or 'torch', got {_ENGINE_NAME!r}")


def _load_engine():
    """Import the engine, or skip (with the reason) while autograd_core has not landed yet.

    Only a missing package skips: once autograd_core/__init__.py exists, an import error is
    a real error and is reported as one.
    """
    if _ENGINE_NAME == "torch":
        return torch
    if not (_ROOT / "autograd_core" / "__init__.py").exists():
        pytest.skip("autograd_core has not landed (no autograd_core/__init__.py); "
                    "run with AUTOGRAD_ENGINE=torch to check the torch side")
    return importlib.import_module("autograd_core")


@pytest.fixture(scope="session")
def ag():
    """The engine under test (autograd_core, or torch when AUTOGRAD_ENGINE=torch)."""
    return _load_engine()


@pytest.fixture(params=["torch", "engine"])
def lib(request):
    """Each library in turn: the same test code runs on torch and on the engine."""
    if request.param == "torch":
        return torch
    if _ENGINE_NAME == "torch":
        pytest.skip("AUTOGRAD_ENGINE=torch: the engine is torch, already run as lib=torch")
    return _load_engine()


@pytest.fixture(autouse=True)
def _global_modes_restored():
    """Grad mode and anomaly mode are process-wide: a test that leaves them changed would make
    every later test fail for the wrong reason. Restore them, and report the test that leaked."""
    yield
    leaked = []
    for lib in (torch, sys.modules.get("autograd_core")):
        if lib is None:
            continue
        if not lib.is_grad_enabled():
            leaked.append(f"{lib.__name__}: grad mode left disabled")
            lib.set_grad_enabled(True)
        anomaly = getattr(lib, "is_anomaly_enabled", None)
        if anomaly is not None and anomaly():
            leaked.append(f"{lib.__name__}: anomaly mode left enabled")
            lib.autograd.set_detect_anomaly(False)
    if leaked:
        pytest.fail("global mode leaked out of the test: " + "; ".join(leaked), pytrace=False)
