"""Course checks: the ten notebooks, their student versions and their checks agree.

One session-scoped grading run (nbgrader autograde + isolated re-check, 2 workers) grades three
students: ``solution`` submits every solutions/<id>/<id>.ipynb and must get full marks; ``blank``
submits every unmodified course/<id>/<id>.ipynb and must get 0; ``wrong`` submits the first wrong
answer of tests/answers/<id>.py in every solution cell and must lose the points of every test
that uses one. nbgrader's autograde of the
``solution`` student is the nbclient run of each solution notebook top to bottom: its outputs
are checked for errors and its times for the budget, so the notebooks execute only once. The same run regenerates the
student notebooks into its workspace, which is what course/ is compared with. Nothing here
writes into course/ or grading/workspace/.
"""
from __future__ import annotations

import ast
import builtins
import json
import re
import shutil

import pytest

import nbformat

from autograd_checks.i18n import languages
from grading import i18n, notebook, pipeline
from grading.config import REPO, Course
from grading import answers

IDS = ["01_numerical_vs_autodiff", "02_leaf_tensors_and_graphs", "03_backward_and_the_chain_rule",
       "04_vjp_and_jacobians", "05_higher_order_gradients", "06_custom_functions", "07_controlling_the_graph",
       "08_linear_regression", "09_training_and_debugging", "10_gpu_and_memory"]
PRESENT = [i for i in IDS if (REPO / "solutions" / i / f"{i}.ipynb").is_file()]
LANGS = languages()
ALL_CELLS = "solution-all-cells"   # the solutions graded with the demonstration cells run too
SOLVED = ["solution"] + [f"solution-{lang}" for lang in LANGS] + [ALL_CELLS]
BLANK = ["blank"] + [f"blank-{lang}" for lang in LANGS]
EXEC_BUDGET_S = 300  # all ten solution notebooks, executed one after another (issue: < 5 min on 2 cores)

if not PRESENT:
    pytest.skip("no solutions/<id>/<id>.ipynb yet: nothing to check", allow_module_level=True)


def src(i):
    return notebook.read(REPO / "solutions" / i / f"{i}.ipynb")


@pytest.fixture(scope="session")
def course_run(tmp_path_factory):
    """Grade the ``solution`` and ``blank`` students on every present notebook, once."""
    base = tmp_path_factory.mktemp("course-run")
    course = Course(root=REPO, workspace=base / "workspace", db_url=f"sqlite:///{base / 'workspace' / 'gradebook.db'}")
    inbox = base / "inbox"
    for i in PRESENT:
        editions = [("solution", REPO / "solutions" / i / f"{i}.ipynb"), ("blank", REPO / "course" / i / f"{i}.ipynb")]
        for lang in LANGS:   # the translated editions: the same assignment, graded by the same checks
            solved = base / "editions" / lang / f"{i}.ipynb"
            solved.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(i18n.translate_notebook(nbformat.read(editions[0][1], as_version=4), lang, i)[0], solved)
            editions += [(f"solution-{lang}", solved),
                         (f"blank-{lang}", REPO / i18n.release_dir(lang).name / i / f"{i}.ipynb")]
        for student, path in editions:
            if path.is_file():
                (inbox / student / i).mkdir(parents=True)
                shutil.copy(path, inbox / student / i / f"{i}.ipynb")
        wrong = {cell: found[0][2] for cell, found in answers.load(i).items() if found}
        if wrong and (REPO / "course" / i / f"{i}.ipynb").is_file():
            from grading.demo import write_samples
            write_samples(i, {"wrong": wrong}, inbox)
    pipeline.collect(course, inbox)
    records = {(r["student"], r["assignment"]): r for r in pipeline.autograde(course, workers=2)}
    # The same solutions again with every cell run (`autograde --all-cells`): the demonstrations
    # the grading run leaves out (tag skip-when-grading) are executed and checked too.
    every = base / "inbox-all-cells"
    for i in PRESENT:
        (every / ALL_CELLS / i).mkdir(parents=True)
        shutil.copy(REPO / "solutions" / i / f"{i}.ipynb", every / ALL_CELLS / i / f"{i}.ipynb")
    pipeline.collect(course, every)
    records.update({(r["student"], r["assignment"]): r
                    for r in pipeline.autograde(course, student=ALL_CELLS, workers=2, all_cells=True)})
    return {"course": course, "records": records}


# -- the source notebooks -----------------------------------------------------------------------
@pytest.mark.parametrize("i", PRESENT)
def test_solution_stored_without_outputs(i):
    dirty = [n for n, c in enumerate(src(i).cells)
             if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, f"solutions/{i}/{i}.ipynb: cells {dirty} have outputs or execution counts (clear them)"


@pytest.mark.parametrize("i", PRESENT)
def test_enough_autograded_exercises_with_points(i):
    tests = notebook.test_cells(src(i))
    assert len(tests) >= 3, f"{i}: {len(tests)} autograded test cells, need at least 3"
    zero = [t.grade_id for t in tests.values() if t.points <= 0]
    assert not zero, f"{i}: test cells without points: {zero}"


def test_at_least_35_exercises_in_all():
    if len(PRESENT) < len(IDS):
        pytest.skip(f"only {len(PRESENT)} of {len(IDS)} notebooks exist yet")
    total = sum(len(notebook.test_cells(src(i))) for i in PRESENT)
    assert total >= 35, f"{total} autograded exercises in all, need 35 or more"


@pytest.mark.parametrize("i", PRESENT)
def test_every_test_cell_is_made_of_recorded_checks(i):
    """The grade is computed from the checks' records: a bare assert would be judged in the sandbox."""
    exs = notebook.exercises(src(i))
    sols = notebook.solution_cells(src(i))
    known = set(dir(builtins))
    for ex in exs.values():
        known |= notebook.defined_names("\n".join(s for _, s in ex.setup))
    known |= set().union(*(notebook.defined_names(s) for s in sols.values()))
    for tid, ex in exs.items():
        tree = ast.parse(ex.test)
        asserts = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert) or (
            isinstance(n, ast.Raise) and "AssertionError" in ast.unparse(n.exc or ast.Constant(None)))]
        assert not asserts, f"{i} {tid}: assert on lines {asserts}: use autograd_checks' checks"
        calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert calls & {"check_close", "check_equal", "check_true", "check_raises", "check_gradcheck"}, \
            f"{i} {tid}: makes no recorded check"
        unknown = sorted(notebook.used_names(ex.test) - known - notebook.bound_names(ex.test))
        assert not unknown, (f"{i} {tid}: uses {unknown}, defined only in cells the grader does not run "
                             "(demo cells): define them in the test cell or a locked cell")


# -- the student notebooks ----------------------------------------------------------------------
@pytest.mark.parametrize("i", PRESENT)
def test_course_has_no_solutions_or_hidden_tests(i):
    path = REPO / "course" / i / f"{i}.ipynb"
    assert path.is_file(), f"course/{i}/{i}.ipynb missing: run `python -m grading release`"
    text = "\n".join(c.source for c in notebook.read(path).cells)
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"):
        assert marker not in text, f"course/{i}: contains {marker!r}"
    for c in src(i).cells:
        for block in re.findall(r"### BEGIN (?:SOLUTION|HIDDEN TESTS)\n(.*?)### END", c.source, re.S):
            block = block.strip()
            if len(block) >= 20:
                assert block not in text, f"course/{i}: leaks this solution/hidden block:\n{block[:300]}"


@pytest.mark.slow
@pytest.mark.parametrize("i", PRESENT)
def test_course_is_up_to_date(course_run, i):
    """course/<id> equals a fresh `nbgrader generate_assignment` of solutions/<id> (sources, metadata)."""
    fresh = notebook.read(course_run["course"].internal_release / i / f"{i}.ipynb")
    path = REPO / "course" / i / f"{i}.ipynb"
    assert path.is_file(), f"course/{i}/{i}.ipynb missing: run `python -m grading release`"
    committed = notebook.read(path)
    assert len(fresh.cells) == len(committed.cells), \
        f"course/{i}: {len(committed.cells)} cells, regenerated {len(fresh.cells)}: run `python -m grading release`"
    for n, (a, b) in enumerate(zip(fresh.cells, committed.cells)):
        assert (a.cell_type, a.source) == (b.cell_type, b.source), \
            f"course/{i}: cell {n} differs from solutions/ (run `python -m grading release`)"
        assert a.metadata.get("nbgrader") == b.metadata.get("nbgrader"), f"course/{i}: cell {n} nbgrader metadata differs"


# -- the grading run ------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("student", SOLVED)
@pytest.mark.parametrize("i", PRESENT)
def test_solution_executes_top_to_bottom(course_run, i, student):
    nb = notebook.read(course_run["course"].autograded / student / i / f"{i}.ipynb")
    errors = [(n, o.get("ename"), o.get("evalue", "")[:200]) for n, c in enumerate(nb.cells) if c.cell_type == "code"
              for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"solutions/{i}: cells raised {errors}"
    stderr = [n for n, c in enumerate(nb.cells) if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")
              for o in c.get("outputs", []) if o.get("output_type") == "stream" and o.get("name") == "stderr"]
    assert not stderr, f"solutions/{i}: test cells {stderr} write to stderr (nbgrader scores that 0)"


@pytest.mark.slow
@pytest.mark.parametrize("i", PRESENT)
def test_grading_leaves_out_only_the_tagged_demonstrations(course_run, i):
    from grading.job import NOT_RUN

    skipped = notebook.skipped_when_grading(src(i))
    for student, expected in (("solution", skipped), (ALL_CELLS, frozenset())):
        nb = notebook.read(course_run["course"].autograded / student / i / f"{i}.ipynb")
        not_run = {c.get("id") for c in nb.cells if c.cell_type == "code"
                   and any(o.get("text") == NOT_RUN for o in c.get("outputs", []))}
        assert not_run == expected, f"{i} ({student}): cells not run {sorted(not_run)}, tagged {sorted(expected)}"


@pytest.mark.slow
def test_solution_execution_budget(course_run):
    times = {a: r["seconds"]["nbgrader"] for (s, a), r in course_run["records"].items() if s == "solution"}
    print("\nnbgrader execution of each solution notebook (s): " + json.dumps(times, indent=1))
    total = sum(times.values())
    print(f"total {total:.1f} s (budget {EXEC_BUDGET_S} s)")
    assert total < EXEC_BUDGET_S, f"solutions took {total:.0f} s to execute, budget {EXEC_BUDGET_S} s: {times}"


@pytest.mark.slow
@pytest.mark.parametrize("student", SOLVED)
@pytest.mark.parametrize("i", PRESENT)
def test_solution_gets_full_marks(course_run, i, student):
    r = course_run["records"][(student, i)]
    nbgrader_scores = {k: (v["nbgrader"], v["points"]) for k, v in r["exercises"].items() if v["nbgrader"] != v["points"]}
    assert not nbgrader_scores, f"{i}: nbgrader in-kernel (score, points) below full marks: {nbgrader_scores}"
    rechecks = {k: (v["status"], v["detail"]) for k, v in r["exercises"].items() if v["status"] != "match"}
    assert not rechecks, f"{i}: the isolated re-check does not confirm the reference: {rechecks}"
    assert r["score"] == r["max_score"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("student", BLANK)
@pytest.mark.parametrize("i", PRESENT)
def test_unmodified_student_notebook_scores_zero(course_run, i, student):
    r = course_run["records"].get((student, i))
    assert r is not None, f"course/{i}/{i}.ipynb missing"
    nonzero = {k: v for k, v in r["exercises"].items() if v["nbgrader"] or v["score"]}
    assert not nonzero, f"{i}: the unmodified student notebook scores: {nonzero}"
    assert r["score"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("i", [i for i in PRESENT if answers.load(i)])
def test_wrong_answers_lose_points_through_the_pipeline(course_run, i):
    """The first wrong answer of every cell, all in one submission, graded by `autograde` itself."""
    r = course_run["records"][("wrong", i)]
    nb = src(i)
    exs, sols = notebook.exercises(nb), notebook.solution_cells(nb)
    for cell in answers.load(i):
        users = [t for t, ex in exs.items() if cell in dict(notebook.needed_cells(ex, sols))]
        got = sum(r["exercises"][t]["score"] or 0 for t in users)
        assert got < sum(exs[t].points for t in users), f"{i}: the wrong {cell} keeps full marks in {users}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_translated_edition_is_told_why_in_its_language(course_run, lang):
    """A blank Chinese submission fails for the same reasons as the English one, told in Chinese:
    the checks' messages were translated in the grader's sandbox (the verdicts are the same)."""
    recs = course_run["records"]
    same = differ = 0
    for (student, a), r in recs.items():
        if student != f"blank-{lang}":
            continue
        english = recs[("blank", a)]["exercises"]
        for k, v in r["exercises"].items():
            assert (v["status"], v["score"]) == (english[k]["status"], english[k]["score"]), f"{a} {k}"
            if v.get("detail") and english[k].get("detail"):
                differ += v["detail"] != english[k]["detail"]
                same += v["detail"] == english[k]["detail"]
    assert differ > 0 and differ >= 4 * same, f"{lang}: {same} messages left in English, {differ} translated"
