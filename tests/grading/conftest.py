"""Fixtures for the grading tests: a fixture course, its sample submissions and ONE shared
autograde run (session scope) that every attack/fault test reads."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "fixtures"))
sys.path.insert(0, str(HERE))

import attacks  # noqa: E402
import fixture_course  # noqa: E402
from grading_helpers import grading_cli, make_course  # noqa: E402,F401



@pytest.fixture(scope="session")
def fixture_course_dir(tmp_path_factory):
    return make_course(tmp_path_factory.mktemp("fx"))


@pytest.fixture(scope="session")
def graded(fixture_course_dir, tmp_path_factory):
    """Collect and autograde every sample submission once (2 workers); returns the outputs."""
    course = fixture_course_dir
    release_nb = course["root"] / "course" / fixture_course.ASSIGNMENT / f"{fixture_course.ASSIGNMENT}.ipynb"
    inbox = tmp_path_factory.mktemp("inbox")
    cases = attacks.cases(course["root"], course["workspace"])
    for case in cases:
        attacks.write(case, release_nb, inbox)
    solutions = course["root"] / "solutions" / fixture_course.ASSIGNMENT / f"{fixture_course.ASSIGNMENT}.ipynb"
    before = {"solutions": solutions.read_bytes()}
    collect = grading_cli("collect", "--from", str(inbox), course=course)
    # The grader's environment carries secrets; no submission may see them.
    auto = grading_cli("autograde", "--workers", "2", course=course, check=False, env=attacks.SECRET_VARS)
    report = json.loads(grading_cli("report", "--format", "json", course=course).stdout)
    records = {}
    for p in (course["workspace"] / "recheck").glob("*/fx_grad.json"):
        if not p.parent.name.startswith("_"):  # _reference: the reference's cached results
            records[p.parent.name] = json.loads(p.read_text())
    return {"course": course, "cases": {c.student: c for c in cases}, "collect": collect,
            "autograde": auto, "report": {r["student"]: r for r in report}, "records": records,
            "before": before}


@pytest.fixture(scope="session")
def postgres(tmp_path_factory):
    """A throwaway PostgreSQL 15 server (Debian's binaries) run as the postgres user on a unix
    socket; yields a SQLAlchemy URL and stops the server at the end of the session."""
    bindir = Path("/usr/lib/postgresql/15/bin")
    if not (bindir / "initdb").exists():
        pytest.skip("PostgreSQL 15 binaries not found in /usr/lib/postgresql/15/bin (Debian package postgresql)")
    run_as = []
    if os.geteuid() == 0:  # postgres refuses to run as root
        runuser = shutil.which("runuser") or next(
            (p for p in ("/usr/sbin/runuser", "/sbin/runuser") if os.access(p, os.X_OK)), None)
        if runuser is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL as the postgres user")
        run_as = [runuser, "-u", "postgres", "--"]
    # Not under pytest's tmp dir: that is private to root and postgres must reach its files.
    base = Path(tempfile.mkdtemp(prefix="autograd-pg-"))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    if run_as:
        shutil.chown(base, "postgres")
        shutil.chown(sock, "postgres")
        os.chmod(base, 0o755)
    started = False
    try:
        subprocess.run(run_as + [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "grader",
                                 "--no-sync"], check=True, capture_output=True)
        subprocess.run(run_as + [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-o",
                                 f"-k {sock} -c listen_addresses='' -c fsync=off", "start"],
                       check=True, capture_output=True)
        started = True
        subprocess.run(run_as + [str(bindir / "createdb"), "-h", str(sock), "-U", "grader", "gradebook"],
                       check=True, capture_output=True)
        yield f"postgresql+psycopg2://grader@/gradebook?host={sock}"
    finally:
        if started:
            subprocess.run(run_as + [str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                           capture_output=True)
        shutil.rmtree(base, ignore_errors=True)
