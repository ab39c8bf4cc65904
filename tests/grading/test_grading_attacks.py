"""Attack and fault cases: each sample submission of the fixture assignment gets its expected
score and flags from one shared, 2-worker grading run (see conftest.graded)."""
from __future__ import annotations

import json

import pytest

import attacks
import fixture_course

pytestmark = pytest.mark.slow
CASES = [c.student for c in attacks.cases(fixture_course.PROBES)]  # names only; root unused here


@pytest.mark.parametrize("student", CASES)
def test_expected_score_and_flags(graded, student):
    case = graded["cases"][student]
    row = graded["report"].get(student)
    assert row is not None, f"no report row for {student}:\n{graded['autograde'].stdout[-3000:]}"
    assert row["max_score"] == 6
    assert row["score"] == case.score, f"{student}: score {row['score']} != {case.score}; flags {row['flags']}"
    missing = [f for f in case.flags if f not in row["flags"]]
    assert not missing, f"{student}: flags {row['flags']} lack {missing}"


@pytest.mark.parametrize("student", [c for c in CASES if c in ("correct", "blank", "partial")])
def test_honest_submissions_have_no_flags(graded, student):
    assert graded["report"][student]["flags"] == []


@pytest.mark.parametrize("student", ["cheat_rebind", "forbidden_torch", "stderr_noise"])
def test_nbgrader_alone_gets_it_wrong(graded, student):
    """The reason for the re-check: nbgrader's in-kernel score differs exactly where fooled."""
    case, rec = graded["cases"][student], graded["records"][student]
    for tid in case.nbgrader_fooled:
        ex = rec["exercises"][tid]
        assert ex["nbgrader"] is not None and ex["nbgrader"] != ex["recheck"], (tid, ex)
        assert ex["score"] == ex["recheck"]


def test_kernel_death_keeps_other_exercises(graded):
    for student, dead in (("os_exit", "test_tanh_grad"), ("segfault", "test_softplus_grad")):
        rec = graded["records"][student]
        assert "kernel-died" in rec["flags"] or "nbgrader-failed" in rec["flags"], rec["flags"]
        for tid, ex in rec["exercises"].items():
            assert ex["status"] == ("crash" if tid == dead else "match"), (student, tid, ex)
        # nbgrader removes the autograded copy after a kernel death; the pipeline puts the submission
        # back so that the formgrader lists it with its (re-checked) score.
        kept = graded["course"]["workspace"] / "autograded" / student / "fx_grad" / "fx_grad.ipynb"
        assert kept.is_file(), f"{student}: no autograded copy for the formgrader at {kept}"


def test_run_completes_and_reports_everyone(graded):
    assert graded["autograde"].returncode == 0, graded["autograde"].stdout[-3000:]
    assert set(graded["report"]) == set(CASES)
    assert "re-check isolation: bwrap" in graded["autograde"].stdout or \
        all("sandbox:subprocess" in r["flags"] for r in graded["report"].values() if "rejected" not in str(r["flags"]))


def test_collect_reports_rejected_files(graded):
    out = graded["collect"].stdout
    for student in ("renamed", "not_json", "json_not_notebook"):
        assert f"collect {student}/fx_grad: SKIPPED" in out
    assert "collected 15 notebook(s), 3 skipped" in out


def test_gradebook_carries_the_recheck_score(graded):
    """Where the re-check overrides nbgrader, the gradebook's score (manual_score) agrees."""
    from nbgrader.api import Gradebook
    ws = graded["course"]["workspace"]
    with Gradebook(f"sqlite:///{ws / 'gradebook.db'}") as gb:
        for student in ("cheat_rebind", "correct", "os_exit"):
            assert gb.find_submission("fx_grad", student).score == graded["cases"][student].score


def test_report_formats(graded):
    from grading import report
    from grading.config import Course
    ws = graded["course"]["workspace"]
    course = Course(graded["course"]["root"], ws, f"sqlite:///{ws / 'gradebook.db'}", fixture_course.PROBES)
    table = report.render(course, "table")
    assert table.splitlines()[0].split() == ["student", "assignment", "score", "max", "flags"]
    csv_out = report.render(course, "csv").splitlines()
    assert csv_out[0] == "student,assignment,score,max_score,flags"
    assert len(csv_out) == 1 + len(CASES)
    rows = json.loads(report.render(course, "json"))
    assert all(set(r) == {"student", "assignment", "score", "max_score", "flags"} for r in rows)
    assert all(isinstance(r["flags"], list) for r in rows)


def test_feedback_hides_hidden_tests(graded):
    from grading_helpers import grading_cli
    course = graded["course"]
    grading_cli("feedback", "--student", "correct", course=course)
    html = (course["workspace"] / "feedback" / "correct" / "fx_grad" / "fx_grad.html").read_text()
    assert "square_grad(x) disagrees" in html  # visible tests are shown
    assert "hidden input" not in html and "BEGIN HIDDEN TESTS" not in html
