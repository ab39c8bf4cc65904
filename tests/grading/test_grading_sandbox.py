"""The sandbox's isolation and limits, and that the parent survives whatever the child does."""
from __future__ import annotations

import pytest

from grading import sandbox
from grading.config import REPO

BWRAP = sandbox.isolation() == "bwrap"
needs_bwrap = pytest.mark.skipif(not BWRAP, reason="bubblewrap unavailable: the re-check falls back to a plain subprocess")
SETUP = [("setup", "import numpy as np\nfrom autograd_checks import check_close, check_equal, check_true")]


def task(cell, test="check_true('ran', True)", id="t", limits=sandbox.Limits(), **kw):
    return sandbox.Task(id, SETUP, [("c", cell)], test, limits=limits, **kw)


def run(cell, test="check_true('ran', True)", **kw):
    return sandbox.run(task(cell, test, **kw))


def test_returns_the_checks_as_data():
    out = run("def f(x):\n    return 2 * x", "check_close('f', f(np.arange(3.0)), [0, 2, 4])\n"
              "check_equal('l', [1, (2.5,)], [1, [2.5]])")
    assert out.status == "ok", out
    assert out.records[0]["got"] == {"__ndarray__": {"dtype": "float64", "shape": [3], "data": [0.0, 2.0, 4.0]}}
    assert [r["name"] for r in out.records] == ["f", "l"] and out.records[1]["got"] == [1, [2.5]]


def test_a_failing_check_is_recorded_and_stops_the_test():
    out = run("def f(x):\n    return x", "check_close('f', f(np.ones(2)), [2, 2])\ncheck_true('after', True)")
    assert out.status == "error" and out.error[0] == "AssertionError" and len(out.records) == 1
    assert "expected 2, got 1" in out.records[0]["message"]


def test_redefined_checks_and_helpers_are_restored():
    out = run("check_close = lambda *a, **k: None\nnp.isclose = lambda *a, **k: True\nnp.ones = None",
              "check_close('x', np.ones(2), [1, 1])")
    assert out.status == "ok" and len(out.records) == 1, out


def test_an_error_in_a_solution_cell_does_not_stop_the_test():
    out = run("y = 1\nraise ValueError('oops')", "check_equal('y', y, 1)")
    assert out.status == "ok" and out.cell_errors == [["c", "ValueError", "oops"]], out


@needs_bwrap
@pytest.mark.parametrize("path", [REPO / "solutions", REPO / "nbgrader_config.py", REPO / "grading" / "recheck.py",
                                  REPO / ".git", REPO / "tests"])
def test_course_tree_is_invisible(path):
    out = run("", f"open({str(path)!r}).read() if {str(path)!r}.endswith('.py') else __import__('os').listdir({str(path)!r})")
    assert out.status == "error" and out.error[0] in ("FileNotFoundError", "NotADirectoryError"), out


@needs_bwrap
def test_read_only_root():
    out = run("", "open('/usr/sandbox-write-test', 'w')")
    assert out.status == "error" and out.error[0] in ("OSError", "PermissionError"), out


@needs_bwrap
def test_no_network():
    out = run("", "import socket\ns = socket.create_connection(('1.1.1.1', 80), timeout=2)")
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
    out = run("def f():\n    return __import__('to' + 'rch')", "f()", forbid_modules=("torch",))
    assert out.status == "error" and out.forbidden == ["import torch"]


def test_output_cannot_break_the_parent():
    assert run("import sys\nsys.stdout.write('x' * 10**6)\nsys.stderr.write('y' * 10**6)").status == "ok"
    assert run("", "import os\nos.close(0)\nraise SystemExit(3)").status == "error"


def test_run_many_isolates_each_task():
    tasks = [task("np.add = None", id="patch"),
             task("x = np.add(1, 2)", "check_equal('x', x, 3)", id="after"),
             task("import os\nos._exit(3)", id="exit"),
             task("while True:\n    pass", id="loop", limits=sandbox.Limits(wall=2)),
             task("while True:\n    pass", id="cpu", limits=sandbox.Limits(wall=20, cpu=1)),
             task("import ctypes\nctypes.string_at(0)", id="seg"),
             task("y = 2", "check_equal('y', y, 2)", id="ok")]
    out = sandbox.run_many(tasks)
    assert out["after"].status == "ok" and out["after"].records[0]["got"] == 3  # np.add restored
    assert [out[k].status for k in ("exit", "loop", "cpu", "seg")] == ["crash", "timeout", "timeout", "crash"]
    assert out["ok"].records[0]["got"] == 2


def test_call_guard_keeps_methods_bound_and_ufunc_attributes():
    """A recorded forbidden method still binds its object; the test cell may use a ufunc's methods."""
    out = sandbox.run(sandbox.Task(
        "t", [("s", "import numpy as np\nimport autograd_core as torch\nfrom autograd_checks import check_true")],
        [("c", "def f(x):\n    (x * 2).sum().backward()\n    return x.grad")],
        "x = torch.ones(2, requires_grad=True)\ncheck_true('grad', bool((f(x) == 2).all()))\n"
        "check_true('ufunc', bool(np.logaddexp.reduce([0.0, 0.0]) > 0))",
        forbid_calls=("backward", "logaddexp")))
    assert out.status == "ok" and out.forbidden == ["backward"], out


@pytest.mark.parametrize("attack", [
    # patch the checks' module while the test calls the solution: found changed afterwards
    "import sys\n    m = getattr(sys, 'mod' + 'ules')['autograd_' + 'checks']\n"
    "    m.mismatch = lambda *a, **k: None",
    # rewrite a record already made: the copy encoded when it was made stands
    "import sys\n    m = getattr(sys, 'mod' + 'ules')['autograd_' + 'checks']\n"
    "    for r in getattr(m, '_rec' + 'ording'):\n        r['got'] = 2.0",
])
def test_records_resist_tampering_at_test_time(attack):
    out = run(f"def f(x):\n    {attack}\n    return x", "check_close('first', f(1.0), 2.0, hint=None)\n"
              if "mismatch" in attack else "check_close('first', 1.0, 1.0)\ncheck_close('second', f(1.0), 1.0)")
    if "mismatch" in attack:
        assert out.tampered, out
    else:
        assert out.records[0]["got"] == {"__ndarray__": {"dtype": "float64", "shape": [], "data": [1.0]}}, out


@pytest.mark.parametrize("setup, test", [
    ("import matplotlib.pyplot as plt", "import sys\ncheck_true('pyplot not loaded', 'matplotlib.figure' not in sys.modules)"),
    ("import matplotlib.pyplot as plt", "fig = plt.figure()\ncheck_equal('a real figure', type(fig).__name__, 'Figure')"),
    ("from matplotlib import pyplot as plt\nimport matplotlib", "check_equal('backend', matplotlib.get_backend().lower(), 'agg')"),
])
def test_matplotlib_is_imported_when_used(setup, test):
    """The locked cells import pyplot; the jail defers the import until something uses it."""
    out = sandbox.run(sandbox.Task("t", [*SETUP, ("mpl", setup)], [], test))
    assert out.status == "ok", out


def test_a_solution_cannot_read_the_tests_expected_values():
    """The test's names live in its own copy of the namespace, not in the solution's globals."""
    out = run("def f(x):\n    return globals().get('_expected', x)",
              "_expected = 42.0\ncheck_close('f', f(1.0), 1.0)")
    assert out.status == "ok" and out.records[0]["got"]["__ndarray__"]["data"] == [1.0], out
