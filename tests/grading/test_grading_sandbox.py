"""The sandbox's isolation and limits, and that the parent survives whatever the child does."""
from __future__ import annotations

import pytest

from grading import sandbox
from grading.config import REPO

BWRAP = sandbox.isolation() == "bwrap"
needs_bwrap = pytest.mark.skipif(not BWRAP, reason="bubblewrap unavailable: the re-check falls back to a plain subprocess")
SETUP = "import numpy as np"


def run(cell, probe="result = {}", **kw):
    return sandbox.run(SETUP, [("c", cell)], probe, **kw)


def test_returns_data_only():
    out = run("def f(x):\n    return 2 * x", "result = {'y': f(np.arange(3.0)), 's': 'a', 'l': [1, [2.5]]}")
    assert out.status == "ok"
    assert out.result["y"] == {"__ndarray__": {"dtype": "float64", "shape": [3], "data": [0.0, 2.0, 4.0]}}
    assert out.result["l"] == [1, [2.5]]


def test_objects_are_not_results():
    out = run("class A: pass", "result = {'a': A()}")
    assert out.status == "error" and out.phase == "encode"


@needs_bwrap
@pytest.mark.parametrize("path", [REPO / "solutions", REPO / "nbgrader_config.py", REPO / "grading" / "probes",
                                  REPO / ".git", REPO / "tests"])
def test_course_tree_is_invisible(path):
    out = run(f"open({str(path)!r}).read() if {str(path)!r}.endswith('.py') else __import__('os').listdir({str(path)!r})")
    assert out.status == "error" and out.error[0] in ("FileNotFoundError", "NotADirectoryError"), out


@needs_bwrap
def test_read_only_root():
    out = run("open('/usr/sandbox-write-test', 'w')")
    assert out.status == "error" and out.error[0] in ("OSError", "PermissionError"), out


@needs_bwrap
def test_no_network():
    out = run("import socket\ns = socket.create_connection(('1.1.1.1', 80), timeout=2)")
    assert out.status == "error" and out.error[0] in ("OSError", "TimeoutError", "ConnectionRefusedError"), out


def test_wall_clock_timeout():
    out = run("while True:\n    pass", limits=sandbox.Limits(wall=2, cpu=30))
    assert out.status == "timeout" and out.seconds < 10


def test_cpu_limit():
    out = run("while True:\n    pass", limits=sandbox.Limits(wall=30, cpu=1))
    assert out.status in ("crash", "timeout") and out.seconds < 15


@pytest.mark.parametrize("cell", ["import os\nos._exit(0)", "import ctypes\nctypes.string_at(0)",
                                  "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"])
def test_crashes_are_reported_not_raised(cell):
    assert run(cell).status == "crash"


def test_memory_limit():
    out = run("l = []\nwhile True:\n    l.append(np.ones(10 ** 7))", limits=sandbox.Limits(memory=512 << 20))
    assert out.memory_exhausted, out


def test_forbidden_import_blocked_at_run_time():
    out = run("def f():\n    return __import__('to' + 'rch')", "f()\nresult = {}", forbid_modules=["torch"])
    assert out.status == "error" and out.forbidden == ["import torch"]


def test_output_cannot_break_the_parent():
    assert run("import sys\nsys.stdout.write('x' * 10**6)\nsys.stderr.write('y' * 10**6)").status == "ok"
    assert run("import os\nos.close(0)\nraise SystemExit(3)").status == "error"


def test_run_many_isolates_each_task():
    tasks = [sandbox.Task("patch", [("c", "np.add = None")], "result = {}"),
             sandbox.Task("after", [("c", "x = np.add(1, 2)")], "result = {'x': x}"),
             sandbox.Task("exit", [("c", "import os\nos._exit(3)")], "result = {}"),
             sandbox.Task("loop", [("c", "while True:\n    pass")], "result = {}", limits=sandbox.Limits(wall=2)),
             sandbox.Task("cpu", [("c", "while True:\n    pass")], "result = {}", limits=sandbox.Limits(wall=20, cpu=1)),
             sandbox.Task("seg", [("c", "import ctypes\nctypes.string_at(0)")], "result = {}"),
             sandbox.Task("ok", [("c", "y = 2")], "result = {'y': y}")]
    out = sandbox.run_many(SETUP, tasks)
    assert out["after"].status == "ok" and out["after"].result == {"x": 3}  # np.add restored
    assert [out[k].status for k in ("exit", "loop", "cpu", "seg")] == ["crash", "timeout", "timeout", "crash"]
    assert out["ok"].result == {"y": 2}
