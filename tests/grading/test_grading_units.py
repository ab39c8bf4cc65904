"""Unit tests of the grading pieces: forbidden names, the comparison, the judge, exercise analysis."""
from __future__ import annotations

import nbformat
import numpy as np
import pytest

from autograd_checks import mismatch, same
from grading import compare, forbid, notebook, pipeline, recheck, sandbox, sanitize
from grading.config import Course


@pytest.mark.parametrize("src, hit", [
    ("import torch", "import torch"),
    ("import torch.nn as nn", "import torch.nn"),
    ("from autograd_core import autograd", "from autograd_core"),
    ("y.backward()", ".backward"),
    ("g = torch.autograd.grad(y, x)", "torch.autograd.grad"),
    ("f = getattr(y, 'backward')", "getattr('backward')"),
    ("backward = 1\ny.backward()", ".backward"),                 # an own variable does not hide the call
    ("m = __import__('torch')", "__import__('torch')"),
    ("from importlib import import_module\nm = import_module('autograd_core')", "import_module('autograd_core')"),
])
def test_forbidden_uses_are_found(src, hit):
    hits = forbid.violations(src, ["torch", "autograd_core", "backward", "autograd.grad"])
    assert any(h.startswith(hit) for h in hits), hits


@pytest.mark.parametrize("src", ["def backward_pass(x):\n    return 2 * x", "x = grad_fn = 1",
                                 "backward = f(x - h)\nd = (forward - backward) / h",   # its own variable
                                 "def g(backward):\n    return backward * 2",
                                 "import numpy as np\nnp.gradient(x)", "s = 'torch.autograd.grad'"])
def test_innocent_code_passes(src):
    assert forbid.violations(src, ["torch", "backward", "autograd.grad"]) == []


def test_one_comparator_tolerances_shapes_and_types():
    enc = lambda a: {"__ndarray__": {"dtype": str(a.dtype), "shape": list(a.shape), "data": a.ravel().tolist()}}  # noqa: E731
    ref = compare.decode(enc(np.arange(6.0).reshape(2, 3)))
    assert mismatch(ref, compare.decode(enc(np.arange(6.0).reshape(2, 3) + 1e-12))) is None
    assert "shape" in mismatch(ref, np.arange(6.0))
    assert "element (1, 2)" in mismatch(ref, ref + np.array([[0, 0, 0], [0, 0, 1.0]]))
    assert mismatch(np.array(np.nan), np.array(np.nan)) is None
    assert not same(True, 1) and same(1, 1.0) and same([1, [2]], [1, [2]]) and not same([1], [1, 2])
    with pytest.raises(ValueError):
        compare.decode({"__ndarray__": {"dtype": "object", "shape": [1], "data": [None]}})


def _records(*recs, status="ok", error=None):
    return sandbox.Outcome(status, records=list(recs), error=error)


def test_judge_compares_with_the_reference_not_with_the_sandbox():
    close = {"kind": "close", "name": "g", "expected": 2.0, "got": 2.0, "rtol": 1e-6, "atol": 1e-8, "message": None}
    ref = [close]
    assert recheck.judge(ref, _records(close))[0]
    # the sandbox said nothing failed, but the value is wrong: the parent decides
    assert not recheck.judge(ref, _records({**close, "got": 3.0}))[0]
    # the student's expected drifted: its code changed the test's inputs
    detail = recheck.judge(ref, _records({**close, "got": 3.0, "expected": 3.0}))[1]
    assert "expected 2" in detail
    assert "in place" in recheck.judge(ref, _records({**close, "expected": 3.0}))[1]
    assert not recheck.judge(ref, _records())[0]                                   # check skipped
    assert not recheck.judge(ref, _records(close, close))[0]                       # one forged
    assert not recheck.judge(ref, _records({**close, "name": "h"}))[0]             # another check
    assert not recheck.judge(ref, _records(close, status="error", error=("E", "x", "")))[0]


def test_exercises_and_the_cells_they_need():
    import nbformat

    def cell(src, **m):
        return nbformat.v4.new_code_cell(src, metadata={"nbgrader": {"schema_version": 3, "task": False, **m}})
    nb = nbformat.v4.new_notebook(cells=[
        cell("import numpy as np", grade_id="setup", locked=True, solution=False, grade=False),
        cell("def helper(x):\n    return x", grade_id="a", solution=True, grade=False, locked=False),
        cell("check_true('a', helper(1) == 1)\ncheck_not_used(helper, ['torch', 'autograd.grad'])",
             grade_id="test_a", grade=True, solution=False, locked=True, points=1),
        nbformat.v4.new_code_cell("demo = 1"),
        cell("def b(x):\n    return helper(x) + 1", grade_id="b", solution=True, grade=False, locked=False),
        cell("def unrelated():\n    pass", grade_id="c", solution=True, grade=False, locked=False),
        cell("check_equal('b', b(1), 2)\n### BEGIN HIDDEN TESTS\ncheck_equal('b2', b(2), 3)\n### END HIDDEN TESTS\n",
             grade_id="test_bc", grade=True, solution=False, locked=True, points=2),
    ])
    exs = notebook.exercises(nb)
    assert list(exs) == ["test_a", "test_bc"] and exs["test_a"].forbid == ("torch", "autograd.grad")
    assert exs["test_bc"].own == ("b", "c") and [g for g, _ in exs["test_bc"].setup] == ["setup"]
    assert "b2" not in exs["test_bc"].public and "b2" in exs["test_bc"].test
    sols = notebook.solution_cells(nb)
    assert [g for g, _ in notebook.needed_cells(exs["test_bc"], sols)] == ["a", "b", "c"]
    assert [g for g, _ in notebook.needed_cells(exs["test_a"], sols)] == ["a"]


def test_feedback_names_a_hidden_case_without_its_values():
    from grading.feedback import explain
    hidden = {"score": 0.0, "points": 2.0, "status": "mismatch", "hidden": True, "case": "hidden: f on (3, 4)",
              "detail": "hidden: f on (3, 4): element (0, 1): expected 0.123, got 0.5"}
    line = explain(hidden)
    assert "'hidden: f on (3, 4)' fails" in line and "0.123" not in line, line
    visible = {**hidden, "hidden": False, "case": "f on [1, 2]", "detail": "f on [1, 2]: expected 2, got 1"}
    assert "expected 2, got 1" in explain(visible)
    assert explain({"score": 2.0, "points": 2.0, "status": "match"}).endswith("(every case passed)")


def test_a_test_cell_without_checks_is_a_flagged_zero_not_a_pass(tmp_path):
    """The grade needs the reference's records: a test cell that records nothing (a bare assert)
    cannot be judged, so it gets no score (the pipeline makes that a flagged 0, grading-error)."""
    import nbformat
    from grading.config import Course

    def cell(src, **m):
        return nbformat.v4.new_code_cell(src, metadata={"nbgrader": {"schema_version": 3, "task": False, **m}})
    nb = nbformat.v4.new_notebook(cells=[
        cell("from autograd_checks import check_equal", grade_id="setup", locked=True, solution=False, grade=False),
        cell("def f(x):\n    return 2 * x", grade_id="f", solution=True, grade=False, locked=False),
        cell("check_equal('f(2)', f(2), 4)", grade_id="test_checked", grade=True, solution=False, locked=True, points=1),
        cell("def g(x):\n    return x", grade_id="g", solution=True, grade=False, locked=False),
        cell("assert g(1) == 1", grade_id="test_bare", grade=True, solution=False, locked=True, points=1),
    ])
    (tmp_path / "solutions" / "a1").mkdir(parents=True)
    nbformat.write(nb, tmp_path / "solutions" / "a1" / "a1.ipynb")
    course = Course(tmp_path, tmp_path / "ws", f"sqlite:///{tmp_path / 'ws' / 'g.db'}")
    out = recheck.recheck_cells(course, "a1", {"f": "def f(x):\n    return 2 * x", "g": "def g(x):\n    return x"})
    assert out.verdicts["test_checked"].score == 1.0
    bare = out.verdicts["test_bare"]
    assert bare.score is None and bare.status == "no-reference" and "made no check" in bare.detail, bare
    assert "no-reference:test_bare" in out.flags
    missing = recheck.recheck_cells(course, "a1", {"g": "def g(x):\n    return x"})
    assert missing.verdicts["test_checked"].score == 0.0 and "missing-cell:test_checked" in missing.flags


# -- what browsers are shown (grading.sanitize; the live Formgrader check is
#    test_grading_formgrader_live.py) ----------------------------------------------------------
def test_sanitize_never_fails_on_a_markdown_cell_it_cannot_render():
    """A missing attachment made nbconvert raise, and the exception left the notebook nbgrader
    wrote unsanitized for the Formgrader (found by the live test)."""
    assert sanitize.markdown("![a](attachment:p.png) <script>x</script>").startswith("<pre>")
    cell = nbformat.v4.new_markdown_cell("![a](attachment:p.png)",
                                         attachments={"p.png": {"text/html": "<script>x</script>"}})
    nb = sanitize.notebook(nbformat.v4.new_notebook(cells=[cell]), set())
    assert "attachments" not in nb.cells[0] and "<script>" not in nb.cells[0].source


def test_sanitize_reduces_the_fields_templates_write_unescaped():
    new = nbformat.v4.new_output
    outputs = [new("display_data", data={"image/png": "iVBORw0KGgo="},
                   metadata={"image/png": {"width": "1 onerror=alert(1)", "height": 20, "alt": "x"}}),
               new("display_data", data={"image/jpeg": 'x" onerror="alert(1)'}),
               new("execute_result", execution_count=1, data={"text/plain": "1"})]
    cell = nbformat.v4.new_code_cell("x", outputs=outputs)
    cell.execution_count = '<img src=x onerror="alert(1)">'
    outputs[2]["execution_count"] = "<b>"
    nb = nbformat.v4.new_notebook()
    nb.cells.append(cell)   # (not through new_notebook(cells=...), which would validate it)
    nb = sanitize.notebook(nb, set())
    png, jpeg, result = nb.cells[0].outputs
    assert png["metadata"] == {"image/png": {"height": 20}} and png["data"] == {"image/png": "iVBORw0KGgo="}
    assert "image/jpeg" not in jpeg["data"] and "output removed" in jpeg["data"]["text/plain"]
    assert nb.cells[0].execution_count is None and result["execution_count"] is None


def test_an_autograded_notebook_that_cannot_be_sanitized_is_replaced(tmp_path, monkeypatch):
    course = Course(tmp_path, tmp_path / "ws", "sqlite://")
    path = course.autograded / "s" / "a" / "a.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("<script>x</script>")]), path)

    def broken(nb, ids):
        raise RuntimeError("renderer bug")
    monkeypatch.setattr(sanitize, "notebook", broken)
    pipeline._sanitize_autograded(course, "a", "s")
    text = path.read_text()
    assert "<script>" not in text and "could not be made safe" in text


def test_a_worker_byte_compiles_what_the_jail_imports(tmp_path, monkeypatch):
    """The jail runs with PYTHONDONTWRITEBYTECODE over a read-only tree: the worker compiles the
    packages once, so that a kernel does not compile the engine from source."""
    import shutil

    from grading import job

    for pkg in ("autograd_core", "autograd_checks"):
        shutil.copytree(job._ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(job, "_ROOT", tmp_path)
    job._compile_packages.cache_clear()
    try:
        job._compile_packages()
    finally:
        job._compile_packages.cache_clear()
    for pkg in ("autograd_core", "autograd_checks"):
        sources = {p.stem for p in (tmp_path / pkg).glob("*.py")}
        compiled = {p.name.split(".")[0] for p in (tmp_path / pkg / "__pycache__").glob("*.pyc")}
        assert sources and sources <= compiled, sorted(sources - compiled)


def _lesson(src, *tags):
    return nbformat.v4.new_code_cell(src, metadata={"tags": list(tags)} if tags else {})


def test_skip_tags_are_refused_where_a_later_cell_needs_the_cell():
    """A skip-when-grading cell may be left out only if nothing that still runs reads what it
    defines, and only a plain lesson cell may be (never a solution, test or locked cell)."""
    skip = notebook.SKIP_TAG
    nb = nbformat.v4.new_notebook(cells=[_lesson("import time\nt0 = time.time()", skip),
                                         _lesson("print(t0)")])
    for c in nb.cells:
        c.id = f"c{nb.cells.index(c)}"
    assert notebook.skipped_when_grading(nb) == {"c0"}
    assert notebook.skip_problems(nb) == ["cell 1 reads 't0', defined by skipped cell 0"]
    nb.cells[1].source = "t0 = 0\nprint(t0)"          # it defines the name for itself: fine
    assert notebook.skip_problems(nb) == []
    nb.cells.insert(1, _lesson("t0 = 1"))              # redefined by a cell that runs: fine
    nb.cells[2].source = "print(t0)"
    assert notebook.skip_problems(nb) == []
    locked = nbformat.v4.new_code_cell("x = 1", metadata={"tags": [skip], "nbgrader": {
        "grade_id": "setup", "locked": True, "solution": False, "grade": False, "schema_version": 3}})
    locked.id = "L"
    nb.cells.append(locked)
    assert notebook.skip_problems(nb) == [f"cell {len(nb.cells) - 1}: a graded, solution or locked cell cannot be skipped"]
    assert "L" not in notebook.skipped_when_grading(nb)   # a locked cell always runs


@pytest.mark.parametrize("path", sorted((pipeline.REPO / "solutions").glob("*/*.ipynb")), ids=lambda p: p.parent.name)
def test_the_course_skips_only_cells_nothing_graded_needs(path):
    assert notebook.skip_problems(notebook.read(path)) == []


@pytest.mark.slow
def test_the_jailed_kernel_skips_demonstrations_and_defers_matplotlib():
    """The feedback kernel leaves out the skipped cells (saying so in their output), runs the rest,
    and imports matplotlib only when a cell uses it, submodule imports included."""
    from grading import job

    nb = nbformat.v4.new_notebook(cells=[
        _lesson("import sys\nimport matplotlib.pyplot as plt\nprint('loaded' if 'matplotlib.figure' in sys.modules else 'deferred')"),
        _lesson("raise RuntimeError('this demonstration must not run')", notebook.SKIP_TAG),
        nbformat.v4.new_code_cell("print('graded cells always run')", metadata={"nbgrader": {
            "grade_id": "sol", "solution": True, "grade": False, "locked": False, "schema_version": 3}}),
        _lesson("from matplotlib.ticker import NullFormatter\nfig, ax = plt.subplots()\n"
                "ax.xaxis.set_major_formatter(NullFormatter())\nprint(type(fig).__name__, plt.rcParams['backend'])"),
    ])
    for i, c in enumerate(nb.cells):
        c.id = f"c{i}"
    job._prepare({})
    skip = notebook.skipped_when_grading(nb) | {"c2"}   # a submission that gave its solution a skipped id
    executed, error = job.execute(nbformat.writes(nb), 60, 120, skip=skip)
    assert executed is not None, error
    out = [[o.get("text", o.get("evalue", "")) for o in c.outputs] for c in nbformat.reads(executed, 4).cells]
    assert out[0] == ["deferred\n"], out
    assert out[1] == [job.NOT_RUN], out
    assert out[2] == ["graded cells always run\n"], out
    assert out[3] == ["Figure Agg\n"], out
