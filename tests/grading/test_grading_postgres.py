"""The gradebook on a real PostgreSQL server, written by two autograde workers at once."""
from __future__ import annotations

import json

import pytest

import attacks
import fixture_course
from grading_helpers import grading_cli

pytestmark = pytest.mark.slow


def test_parallel_autograde_into_postgres(postgres, fixture_course_dir, tmp_path):
    """Two workers write one PostgreSQL gradebook; a submission that reaches for the server (its
    unix socket, and TCP on loopback) gets nowhere and scores 0."""
    course = {"root": fixture_course_dir["root"], "workspace": tmp_path / "workspace"}
    chosen = {"correct", "blank", "partial", "cheat_rebind", "sockets"}
    release_nb = course["root"] / "course" / "fx_grad" / "fx_grad.ipynb"
    sock_dir = postgres.split("host=")[1]
    cases = [c for c in attacks.cases(course["root"], course["workspace"], pg_socket=f"{sock_dir}/.s.PGSQL.5432")
             if c.student in chosen]
    cases.append(attacks.Case("psql_url", {"square_grad": attacks._fn("square_grad", f"""try:
    import psycopg2
    psycopg2.connect({postgres.replace("postgresql+psycopg2", "postgresql")!r}, connect_timeout=2).close()
    return 2 * x
except Exception:
    return x""")}, 0.0))
    chosen.add("psql_url")
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


def test_the_socket_attack_would_work_unjailed(postgres):
    """Control: the server is reachable from the grader's side, so a 0 above means contained."""
    import socket
    s = socket.socket(socket.AF_UNIX)
    s.connect(postgres.split("host=")[1] + "/.s.PGSQL.5432")
    s.close()
