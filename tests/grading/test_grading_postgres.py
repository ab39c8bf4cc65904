"""The gradebook on a real PostgreSQL server, written by two autograde workers at once."""
from __future__ import annotations

import json

import pytest

import attacks
import fixture_course
from grading_helpers import grading_cli

pytestmark = pytest.mark.slow


def test_parallel_autograde_into_postgres(postgres, fixture_course_dir, tmp_path):
    course = {"root": fixture_course_dir["root"], "workspace": tmp_path / "workspace"}
    chosen = {"correct", "blank", "partial", "cheat_rebind"}
    release_nb = course["root"] / "course" / "fx_grad" / "fx_grad.ipynb"
    cases = [c for c in attacks.cases(course["root"]) if c.student in chosen]
    for c in cases:
        attacks.write(c, release_nb, tmp_path / "inbox")
    db = ["--db-url", postgres]
    grading_cli("collect", "--from", str(tmp_path / "inbox"), *db, course=course)
    out = grading_cli("autograde", "--workers", "2", *db, course=course)
    assert "2 worker(s)" in out.stdout
    rows = {r["student"]: r for r in json.loads(grading_cli("report", "--format", "json", *db, course=course).stdout)}
    assert {s: rows[s]["score"] for s in chosen} == {c.student: c.score for c in cases}

    from nbgrader.api import Gradebook
    with Gradebook(postgres) as gb:
        assert gb.db.bind.dialect.name == "postgresql"
        assert sorted(s.id for s in gb.students) == sorted(chosen)
        for c in cases:
            assert gb.find_submission(fixture_course.ASSIGNMENT, c.student).score == c.score
