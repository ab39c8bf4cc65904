"""Unit tests of the grading pieces: forbidden names, result comparison, probe loading."""
from __future__ import annotations

import numpy as np
import pytest

from grading import compare, forbid
from grading.probes import ProbeError, load


@pytest.mark.parametrize("src, hit", [
    ("import torch", "import torch"),
    ("import torch.nn as nn", "import torch.nn"),
    ("from autograd_core import autograd", "from autograd_core"),
    ("y.backward()", ".backward"),
    ("g = torch.autograd.grad(y, x)", "torch.autograd.grad"),
    ("f = getattr(y, 'backward')", "getattr('backward')"),
    ("m = __import__('torch')", "__import__('torch')"),
    ("from importlib import import_module\nm = import_module('autograd_core')", "import_module('autograd_core')"),
])
def test_forbidden_uses_are_found(src, hit):
    hits = forbid.violations(src, ["torch", "autograd_core", "backward", "autograd.grad"])
    assert any(h.startswith(hit) for h in hits), hits


@pytest.mark.parametrize("src", ["def backward_pass(x):\n    return 2 * x", "x = grad_fn = 1",
                                 "import numpy as np\nnp.gradient(x)", "s = 'torch.autograd.grad'"])
def test_innocent_code_passes(src):
    assert forbid.violations(src, ["torch", "backward", "autograd.grad"]) == []


def test_compare_tolerances_shapes_and_types():
    enc = lambda a: {"__ndarray__": {"dtype": str(a.dtype), "shape": list(a.shape), "data": a.ravel().tolist()}}  # noqa: E731
    ref = compare.decode({"g": enc(np.arange(6.0).reshape(2, 3)), "n": 3, "ok": True})
    assert compare.mismatch(ref, compare.decode({"g": enc(np.arange(6.0).reshape(2, 3) + 1e-12), "n": 3, "ok": True})) is None
    assert "shape" in compare.mismatch(ref, {**ref, "g": np.arange(6.0)})
    assert "[1, 2]" in compare.mismatch(ref, {**ref, "g": ref["g"] + np.array([[0, 0, 0], [0, 0, 1.0]])})
    assert compare.mismatch(ref, {**ref, "ok": 1}) is not None  # a bool is not a number
    assert compare.mismatch(ref, {"g": ref["g"]}) is not None   # missing key
    assert compare.mismatch({"x": float("nan")}, {"x": float("nan")}) is None
    with pytest.raises(ValueError):
        compare.decode({"__ndarray__": {"dtype": "object", "shape": [1], "data": [None]}})


def test_probe_loader_validates(tmp_path):
    (tmp_path / "a1.py").write_text("SETUP = ''\nPROBES = {'t': {'cells': ['c'], 'probe': 'result = {}'}}\n")
    ps = load("a1", tmp_path)
    assert ps.probes["t"].cells == ("c",) and ps.probes["t"].rtol == 1e-6
    (tmp_path / "a2.py").write_text("SETUP = ''\nPROBES = {'t': {'cells': [], 'probe': 'result = {}'}}\n")
    with pytest.raises(ProbeError, match="cells"):
        load("a2", tmp_path)
    (tmp_path / "a3.py").write_text("SETUP = ''\nPROBES = {'t': {'cells': ['c'], 'probe': 'x = 1', 'tol': 1}}\n")
    with pytest.raises(ProbeError, match="unknown keys"):
        load("a3", tmp_path)
    with pytest.raises(ProbeError, match="no probe file"):
        load("missing", tmp_path)
    with pytest.raises(ProbeError, match="bad assignment id"):
        load("../a1", tmp_path)  # no path tricks: probes come from the trusted folder only
