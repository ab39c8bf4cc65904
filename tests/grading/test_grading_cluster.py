"""Grading on a real Dask cluster: a `dask scheduler` and two `dask worker` processes on loopback,
started and stopped here. The same submissions get the same scores as on the local path (the
session's `graded` run), a worker killed in the middle of a job loses nothing, and a scheduler
that is not there is a clear error that leaves the workspace as it was."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import attacks
import fixture_course
from grading_helpers import REPO, TEST_ENV, grading_cli, make_course

pytestmark = pytest.mark.slow
A = fixture_course.ASSIGNMENT
DASK = Path(sys.executable).with_name("dask")
SLEEPY = attacks.Case("sleepy", {**attacks.REF, "tanh_grad": attacks._fn(
    "tanh_grad", "import time\ntime.sleep(3)\nreturn 1 - np.tanh(x) ** 2")}, 6.0)


def _start(*args, log: Path) -> subprocess.Popen:
    env = {**os.environ, **TEST_ENV, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    return subprocess.Popen([str(DASK), *args], cwd=REPO, env=env, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def _stop(p: subprocess.Popen) -> None:
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait(timeout=30)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    """A scheduler and two single-threaded workers; yields (address, scheduler file, workers)."""
    d = tmp_path_factory.mktemp("dask")
    sched_file = d / "scheduler.json"
    sched = _start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                   "--scheduler-file", str(sched_file), log=d / "scheduler.log")
    workers = []
    try:
        for _ in range(60):
            if sched_file.is_file() and sched_file.stat().st_size:
                break
            time.sleep(0.5)
        address = json.loads(sched_file.read_text())["address"]
        for i in range(2):
            workers.append(_start("worker", "--scheduler-file", str(sched_file), "--nthreads", "1",
                                  "--nworkers", "1", "--no-dashboard", "--memory-limit", "0",
                                  "--name", f"w{i}", log=d / f"worker{i}.log"))
        from distributed import Client
        with Client(address, timeout=30) as c:
            c.wait_for_workers(2, timeout=60)
        yield {"address": address, "file": sched_file, "workers": workers, "dir": d}
    finally:
        for p in workers + [sched]:
            _stop(p)


def _course_with(tmp_path, cases) -> dict:
    course = make_course(tmp_path)
    release_nb = course["root"] / "course" / A / f"{A}.ipynb"
    inbox = tmp_path / "inbox"
    for case in cases:
        attacks.write(case, release_nb, inbox)
    grading_cli("collect", "--from", str(inbox), course=course)
    return course


def _report(course) -> dict:
    return {r["student"]: r for r in json.loads(grading_cli("report", "--format", "json", course=course).stdout)}


def test_a_cluster_grades_like_the_local_path(dask_cluster, graded, tmp_path):
    names = ("correct", "blank", "partial", "cheat_rebind", "infinite_loop")
    cases = [c for c in graded["cases"].values() if c.student in names]
    course = _course_with(tmp_path, cases)
    grading_cli("autograde", "--scheduler", dask_cluster["address"], course=course)
    got = _report(course)
    for case in cases:
        local = graded["report"][case.student]
        assert got[case.student]["score"] == local["score"] == case.score, (case.student, got[case.student])
        assert set(got[case.student]["flags"]) == set(local["flags"]), (case.student, got[case.student]["flags"])


def test_a_worker_killed_mid_job_loses_nothing(dask_cluster, tmp_path):
    course = _course_with(tmp_path, [SLEEPY])
    from distributed import Client
    env = {**os.environ, **TEST_ENV}
    run = subprocess.Popen([sys.executable, "-m", "grading", "autograde", "--scheduler", dask_cluster["address"],
                            "--workspace", str(course["workspace"]), "--course-root", str(course["root"])],
                           cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = None
    try:
        with Client(dask_cluster["address"], timeout=30) as c:
            while killed is None and run.poll() is None:  # until the job shows up, or grading ends
                busy = [w for w, keys in c.processing().items() if keys]
                if busy:  # the job is running on that worker: take the whole machine away
                    pid = c.run(os.getpid, workers=busy)[busy[0]]
                    os.kill(pid, signal.SIGKILL)
                    killed = busy[0]
                time.sleep(0.2)
        assert killed, "the job never started on a worker"
        out, err = run.communicate(timeout=400)
    finally:
        run.kill()
    assert run.returncode == 0, err[-3000:]
    rec = json.loads((course["workspace"] / "recheck" / "sleepy" / f"{A}.json").read_text())
    assert rec["score"] == 6.0 and not rec["flags"], rec
    assert _report(course)["sleepy"]["score"] == 6.0


def test_a_missing_scheduler_is_a_clear_error_and_writes_nothing(tmp_path):
    course = _course_with(tmp_path, [attacks.Case("correct", dict(attacks.REF), 6.0)])
    ws = course["workspace"]

    def tree():
        return sorted((str(p.relative_to(ws)), p.stat().st_size, p.stat().st_mtime_ns)
                      for p in ws.rglob("*") if p.is_file() and p.name != ".grading.lock")
    before = tree()
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = grading_cli("autograde", "--scheduler", f"tcp://127.0.0.1:{port}", course=course, check=False,
                    env={"AUTOGRAD_SCHEDULER_TIMEOUT": "3"})
    assert p.returncode == 2, p.stderr[-2000:]
    assert f"no Dask scheduler answered at tcp://127.0.0.1:{port}" in p.stderr, p.stderr[-2000:]
    assert tree() == before
