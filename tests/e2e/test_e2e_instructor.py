"""The instructor's path: the Formgrader in JupyterLab shows the ten assignments and the graded scores.

Before the browser starts, the grading pipeline (``python -m grading collect`` + ``autograde``, the
commands an instructor runs) grades four submissions of one assignment in a throwaway workspace:
``correct`` (every exercise answered with the reference solution), ``blank`` (the untouched student
notebook), ``partly_right`` (only the first exercise) and ``crashes`` (correct, but the last exercise
kills the kernel). ``python -m grading demo`` grades the same kinds of submission and more, but takes
minutes; set E2E_DEMO_WORKSPACE to the folder a finished ``python -m grading demo --workspace DIR``
used, and the Formgrader is checked against that workspace instead.
Screenshots: test-artifacts/e2e/instructor-*/.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from e2e_lab import (ARTIFACTS, REPO, LabServer, Shots, assignments, build_course_root, grading, menu,
                     open_lab, read_notebook, reference_answer, write_submissions)

pytestmark = pytest.mark.e2e

ASSIGNMENT = "02_leaf_tensors_and_graphs"   # quick to grade; the student tests use it too


def _solution_ids(aid: str) -> list[str]:
    nb = read_notebook(REPO / "solutions" / aid / f"{aid}.ipynb")
    return [c["metadata"]["nbgrader"]["grade_id"] for c in nb["cells"]
            if c.get("metadata", {}).get("nbgrader", {}).get("solution")]


@pytest.fixture(scope="module")
def graded(browser, tmp_path_factory):
    """(server, report rows, graded here?) for a JupyterLab whose formgrader shows a graded workspace."""
    base = tmp_path_factory.mktemp("e2e-instructor")
    demo = os.environ.get("E2E_DEMO_WORKSPACE")
    workspace = Path(demo) / "course-workspace" if demo else base / "workspace"
    if demo and not (workspace / "gradebook.db").is_file():
        pytest.fail(f"E2E_DEMO_WORKSPACE={demo}: no course-workspace/gradebook.db there "
                    "(run `python -m grading demo --workspace DIR` first)")
    root = build_course_root(base / "root", workspace)
    where = ["--course-root", str(root), "--workspace", str(workspace)]
    if not demo:
        ids = _solution_ids(ASSIGNMENT)
        ref = {g: reference_answer(ASSIGNMENT, g) for g in ids}
        crash = {**ref, ids[-1]: ref[ids[-1]] + "\nimport os\nos._exit(1)\n"}
        write_submissions(base / "inbox", root, ASSIGNMENT, {
            "correct": ref, "blank": {}, "partly_right": {ids[0]: ref[ids[0]]}, "crashes": crash})
        for args in (["collect", *where, "--from", str(base / "inbox")],
                     ["autograde", *where, "--assignment", ASSIGNMENT, "--workers", "2"]):
            r = grading(*args)
            assert r.returncode == 0, \
                f"python -m grading {' '.join(args)} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    r = grading("report", *where, "--format", "json")
    assert r.returncode == 0, r.stderr[-3000:]
    # Graded submissions only: "not-graded" ones and notebooks rejected at collect are not in the gradebook.
    rows = [row for row in json.loads(r.stdout)
            if row["score"] is not None and not any(f.startswith("rejected:") for f in row["flags"])]
    assert rows, f"the workspace {workspace} holds no graded submission"
    server = LabServer(root, workspace, base / "jupyter", ARTIFACTS / "lab-instructor.log").start()
    yield server, rows, not demo
    server.stop()


def _open_formgrader(page, server):
    """Nbgrader → Formgrader, as an instructor does; returns the formgrader's frame."""
    open_lab(page, server)
    menu(page, "Nbgrader", "Formgrader")
    frame = page.frame_locator(".jp-MainAreaWidget iframe").first
    frame.locator("table tbody tr").first.wait_for()
    return frame


def _table(frame) -> list[dict[str, str]]:
    """The formgrader's data table as {column header: cell text} rows (waits for it to load)."""
    frame.locator("table tbody tr td").first.wait_for()
    heads = [re.sub(r"\s+", " ", h).strip() for h in frame.locator("table thead th").all_text_contents()]
    out = []
    for tr in frame.locator("table tbody tr").all():
        cells = [re.sub(r"\s+", " ", t).strip() for t in tr.locator("td").all_text_contents()]
        out.append(dict(zip(heads, cells)))
    return out


def test_formgrader_lists_the_ten_assignments(page, graded):
    server, rows, _ = graded
    shots = Shots(page, "instructor-assignments")
    frame = _open_formgrader(page, server)
    want = assignments()
    frame.locator("table tbody tr").nth(len(want) - 1).wait_for()
    table = _table(frame)
    shots.take("formgrader-assignments", publish_as="formgrader")
    assert len(want) == 10, f"the course should have ten assignments in solutions/, found {want}"
    assert [r["Name"] for r in table] == want, f"formgrader lists {[r['Name'] for r in table]}"
    submitted = {}
    for r in rows:
        submitted[r["assignment"]] = submitted.get(r["assignment"], 0) + 1
    shown = {r["Name"]: int(r["# Submissions"]) for r in table}
    for a in want:
        assert shown[a] == submitted.get(a, 0), \
            f"{a}: formgrader shows {shown[a]} submission(s), the grader graded {submitted.get(a, 0)}"


def _submissions(page, server, aid, shots) -> dict[str, dict]:
    """Formgrader → the assignment's submission count → Manage Submissions, as {student id: row}."""
    frame = _open_formgrader(page, server)
    # Click the assignment's submission count: the page an instructor reads scores on.
    frame.locator(f"a[href$='/formgrader/manage_submissions/{aid}']").first.click()
    frame.locator("h1", has_text="Manage Submissions").wait_for()
    frame.locator("table tbody tr td", has_text="graded").first.wait_for()
    table = {r["Student ID"]: r for r in _table(frame)}
    shots.take("formgrader-submissions")
    return table


def _score(row: dict) -> tuple[float, float] | None:
    m = re.fullmatch(r"([\d.]+) / ([\d.]+)", row["Score"])
    return (float(m.group(1)), float(m.group(2))) if m else None


def test_formgrader_shows_submissions_and_scores(page, graded):
    server, rows, graded_here = graded
    aid = ASSIGNMENT if graded_here else rows[0]["assignment"]
    table = _submissions(page, server, aid, Shots(page, "instructor-submissions"))
    graded_rows = [r for r in rows if r["assignment"] == aid]
    assert set(table) == {r["student"] for r in graded_rows}, \
        f"formgrader lists {sorted(table)}, the grader graded {sorted(r['student'] for r in graded_rows)}"
    # Kernel deaths are test_formgrader_shows_the_score_of_a_crashed_submission's business.
    expected = {r["student"]: (r["score"], r["max_score"])
                for r in graded_rows if "kernel-died" not in r["flags"]}
    shown = {}
    for student, (score, max_score) in expected.items():
        shown[student] = _score(table[student])
        assert shown[student] is not None, \
            f"{student}: no score in the formgrader (status {table[student]['Status']!r}, score cell " \
            f"{table[student]['Score']!r}); `python -m grading report` says {score:g} / {max_score:g}"
        assert shown[student] == (pytest.approx(score), pytest.approx(max_score)), \
            f"{student}: formgrader shows {shown[student]}, `python -m grading report` says " \
            f"{(score, max_score)}"
    if graded_here:   # the grading contract: the reference scores full marks, the untouched notebook 0
        assert shown["correct"][0] == shown["correct"][1] > 0, f"correct: {shown['correct']}"
        assert shown["blank"][0] == 0, f"blank: {shown['blank']}"
        part = shown["partly_right"]
        assert 0 < part[0] < part[1], f"partly_right (one exercise of several answered): {part}"


def test_formgrader_shows_the_score_of_a_crashed_submission(page, graded):
    server, rows, graded_here = graded
    aid = ASSIGNMENT if graded_here else rows[0]["assignment"]
    crashed = {r["student"]: (r["score"], r["max_score"]) for r in rows
               if r["assignment"] == aid and "kernel-died" in r["flags"]}
    if not crashed:
        pytest.skip(f"no submission of {aid} killed its kernel in this workspace")
    table = _submissions(page, server, aid, Shots(page, "instructor-crashed"))
    for student, (score, max_score) in crashed.items():
        row = table[student]
        assert _score(row) == (pytest.approx(score), pytest.approx(max_score)), \
            f"{student}: formgrader shows status {row['Status']!r}, score {row['Score']!r}; " \
            f"`python -m grading report` says {score:g} / {max_score:g}"
