"""Attack and fault cases: each sample submission of the fixture assignment gets its expected
score and flags from one shared, 2-worker grading run (see conftest.graded)."""
from __future__ import annotations

import json

import pytest

import attacks
import fixture_course

pytestmark = pytest.mark.slow
CASES = [c.student for c in attacks.cases(fixture_course.FIXTURES)]  # names only; paths unused here
REJECTED = [c.student for c in attacks.cases(fixture_course.FIXTURES) if c.kind not in ("notebook", "markdown")]


@pytest.mark.parametrize("student", CASES)
def test_expected_score_and_flags(graded, student):
    case = graded["cases"][student]
    row = graded["report"].get(student)
    assert row is not None, f"no report row for {student}:\n{graded['autograde'].stdout[-3000:]}"
    assert row["max_score"] == (None if row["assignment"] == "*" else 6), row
    assert row["score"] == case.score, f"{student}: score {row['score']} != {case.score}; flags {row['flags']}"
    missing = [f for f in case.flags if f not in row["flags"]]
    assert not missing, f"{student}: flags {row['flags']} lack {missing}"


@pytest.mark.parametrize("student", [c for c in CASES if c in ("correct", "blank", "partial")])
def test_honest_submissions_have_no_flags(graded, student):
    assert graded["report"][student]["flags"] == []


@pytest.mark.parametrize("student", ["cheat_rebind", "forbidden_hidden_import", "stderr_noise"])
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
    for student in REJECTED:
        assert f"collect {student}/" in out and "SKIPPED" in out.split(f"collect {student}/")[1].splitlines()[0], student
    assert f"collected {len(CASES) - len(REJECTED)} notebook(s), {len(REJECTED)} skipped" in out


@pytest.mark.parametrize("student", REJECTED)
def test_rejected_submissions_are_blank_with_a_reason(graded, student):
    row = graded["report"][student]
    assert row["score"] is None and row["note"], row
    from grading import report
    from grading.config import Course
    ws = graded["course"]["workspace"]
    course = Course(graded["course"]["root"], ws, f"sqlite:///{ws / 'gradebook.db'}")
    line = next(r for r in report.render(course, "csv").splitlines() if r.startswith(student + ","))
    assert line.split(",")[2] == "", line  # blank, not 0


def test_gradebook_holds_the_verdicts(graded):
    """Every graded submission's gradebook score is the verdict, cell by cell (what the
    Formgrader and `nbgrader export` show), never nbgrader's in-kernel score."""
    from nbgrader.api import Gradebook
    ws = graded["course"]["workspace"]
    with Gradebook(f"sqlite:///{ws / 'gradebook.db'}") as gb:
        for student, rec in graded["records"].items():
            if "not-in-gradebook" in rec["flags"]:
                continue
            sub = gb.find_submission("fx_grad", student)
            assert sub.score == rec["score"], (student, sub.score, rec["score"])
            for gid, ex in rec["exercises"].items():
                g = gb.find_grade(gid, "fx_grad", "fx_grad", student)
                assert g.score == ex["score"] and g.manual_score is None, (student, gid, g.score, ex)


def test_report_formats(graded):
    from grading import report
    from grading.config import Course
    ws = graded["course"]["workspace"]
    course = Course(graded["course"]["root"], ws, f"sqlite:///{ws / 'gradebook.db'}")
    table = report.render(course, "table")
    assert table.splitlines()[0].split() == ["student", "assignment", "score", "max", "flags"]
    csv_out = report.render(course, "csv").splitlines()
    assert csv_out[0] == "student,assignment,score,max_score,flags,note"
    assert len(csv_out) == 1 + len(CASES)
    rows = json.loads(report.render(course, "json"))
    assert all(set(r) == {"student", "assignment", "score", "max_score", "flags", "note"} for r in rows)
    assert all(isinstance(r["flags"], list) for r in rows)


def test_feedback_hides_hidden_tests(graded):
    from grading_helpers import grading_cli
    course = graded["course"]
    grading_cli("feedback", "--student", "correct", course=course)
    html = (course["workspace"] / "feedback" / "correct" / "fx_grad" / "fx_grad.html").read_text()
    assert "square_grad(x) agrees with central differences" in html  # visible tests are shown
    assert "square_grad at [0.5, 4]" not in html and "BEGIN HIDDEN TESTS" not in html
