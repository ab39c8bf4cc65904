"""What hostile submissions must not achieve, checked on the workspace after the shared grading
run (conftest.graded): every attack's own score is in attacks.py; here are its effects."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import attacks
import fixture_course
from grading_helpers import PY, REPO, TEST_ENV, grading_cli

pytestmark = pytest.mark.slow
A = fixture_course.ASSIGNMENT


def _files(root: Path):
    for p in root.rglob("*"):
        if p.is_file() and not p.is_symlink():
            yield p


def test_no_secret_reaches_anything_a_student_or_instructor_reads(graded):
    course = graded["course"]
    grading_cli("feedback", "--student", "steals_secrets", course=course)
    ws = course["workspace"]
    leaked = [str(p) for d in ("autograded", "feedback", "recheck", "snapshots") for p in _files(ws / d)
              if attacks.SECRET.encode() in p.read_bytes()]
    assert not leaked, f"the grader's secret appears in {leaked}"
    printed = (ws / "autograded" / "steals_secrets" / A / f"{A}.ipynb").read_text()
    assert "PATH" in printed, "the attack's printout of its environment is missing: did it run?"


def test_tampering_changes_nothing_outside_its_copy(graded):
    course, ws = graded["course"], graded["course"]["workspace"]
    solutions = course["root"] / "solutions" / A / f"{A}.ipynb"
    assert solutions.read_bytes() == graded["before"]["solutions"]
    # The kernel spec is the grader's own, in code: no file in the workspace can redirect it.
    assert not (ws / "jupyter" / "kernels" / "python3" / "kernel.json").exists()
    from grading._kernel_manager import SPEC
    assert SPEC.argv[1].endswith("_kernel_jail.py"), SPEC.argv
    assert graded["records"]["correct"]["score"] == 6
    assert (ws / "submitted" / "correct" / A / f"{A}.ipynb").is_file()
    ref = json.loads((ws / "recheck" / "_reference" / f"{A}.json").read_text())
    assert "argv" not in json.dumps(ref) and set(ref["results"]) == {"test_square_grad", "test_tanh_grad",
                                                                    "test_softplus_grad"}
    json.loads((ws / "submitted" / "blank" / A / f"{A}.ipynb").read_text())  # still a notebook
    assert not Path("/tmp", attacks.MARKER).exists()


def test_a_rewritten_submission_is_graded_as_submitted(graded):
    rec = graded["records"]["rewrites_own_submission"]
    assert rec["score"] == 0 and "submission-changed" not in rec["flags"], rec
    frozen = graded["course"]["workspace"] / "snapshots" / "rewrites_own_submission" / A / f"{rec['sha256']}.ipynb"
    assert frozen.is_file()
    assert oct(frozen.stat().st_mode & 0o777) == oct(0o444)


def test_cells_claiming_foreign_grade_ids_lose_that_claim(graded):
    """A cell with a grade_id the assignment does not have (attacks.py, the xss case) is stripped
    of its nbgrader metadata at collect; left in, it crashed nbgrader's autograde."""
    sub = json.loads((graded["course"]["workspace"] / "submitted" / "xss" / A / f"{A}.ipynb").read_text())
    ids = [c["metadata"].get("nbgrader", {}).get("grade_id") for c in sub["cells"]]
    assert not any(i and "onerror" in i for i in ids), ids
    assert graded["records"]["xss"]["nbgrader_success"], graded["records"]["xss"]["flags"]


def _processes_named(text: str) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if text.encode() in (d / "cmdline").read_bytes():
                    out.append(int(d.name))
            except OSError:
                pass
    return out


def test_no_process_outlives_its_run(graded):
    assert graded["records"]["daemon"]["score"] == 6
    assert _processes_named(attacks.MARKER) == [], "a daemon started by a submission is still running"


def test_kernel_runs_jailed(graded):
    """The attack's view from nbgrader's own kernel: no host files, a clean environment."""
    nb = json.loads((graded["course"]["workspace"] / "autograded" / "steals_secrets" / A / f"{A}.ipynb").read_text())
    text = json.dumps(nb)
    if "sandbox:subprocess" not in graded["records"]["steals_secrets"]["flags"]:
        assert "'HOME': '/tmp/home'" in text, "the kernel's environment is not the jail's allow-list"


def test_a_second_grading_run_waits_its_turn(graded, tmp_path):
    from grading import pipeline
    from grading.config import Course
    course = graded["course"]
    c = Course(course["root"], course["workspace"], f"sqlite:///{course['workspace'] / 'gradebook.db'}")
    with pipeline.workspace_lock(c, "autograde"):
        p = grading_cli("autograde", course=course, check=False)
    assert p.returncode == 3 and "busy" in p.stderr and "autograde by pid" in p.stderr, (p.returncode, p.stderr)


def test_records_survive_a_kill(fixture_course_dir, tmp_path):
    """kill -9 in the middle of autograde: every record on disk is whole and report works."""
    course = {"root": fixture_course_dir["root"], "workspace": tmp_path / "ws"}
    release_nb = course["root"] / "course" / A / f"{A}.ipynb"
    for c in attacks.cases(course["root"], course["workspace"]):
        if c.student in ("correct", "blank", "partial", "stderr_noise"):
            attacks.write(c, release_nb, tmp_path / "inbox")
    grading_cli("collect", "--from", str(tmp_path / "inbox"), course=course)
    env = {**os.environ, **TEST_ENV, "PATH": f"{Path(PY).parent}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.Popen([PY, "-m", "grading", "autograde", "--workspace", str(course["workspace"]),
                             "--course-root", str(course["root"])],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    records = course["workspace"] / "recheck"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not any(records.glob(f"*/{A}.json")):
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    for p in records.glob(f"*/{A}.json"):
        json.loads(p.read_text())
    out = grading_cli("report", "--format", "json", course=course)
    rows = json.loads(out.stdout)
    assert {r["student"] for r in rows} == {"correct", "blank", "partial", "stderr_noise"}


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    from grading import pipeline
    target = tmp_path / "record.json"
    pipeline.write_atomic(target, '{"score": 6}')

    def full(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        pipeline.write_atomic(target, '{"score": 0, "half')
    assert json.loads(target.read_text()) == {"score": 6}
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_names_are_escaped_in_every_report(tmp_path):
    from grading import report
    assert report._csv_cell("=HYPERLINK(\"http://x\")").startswith("'=")
    assert report._csv_cell("+1") == "'+1"
    from grading.pipeline import shown
    assert "\x1b" not in shown("evil\x1b[31mname") and "\\x1b" in shown("evil\x1b[31mname")


def test_autograde_progress_reports_rate_and_eta(graded):
    out = graded["autograde"].stdout
    assert "/min, ETA" in out, out[-2000:]


@pytest.mark.skipif(sys.platform != "linux", reason="the jail needs Linux namespaces")
def test_jail_view(tmp_path):
    """The jail's own view, asked directly: no host paths, allow-listed env, limits in force."""
    from grading import jail
    if not jail.works():
        pytest.skip("bubblewrap cannot create namespaces here: the jail falls back to a subprocess")
    code = ("import os, json, resource; print(json.dumps({'root': sorted(os.listdir('/')), 'env': sorted(os.environ),"
            " 'uid': os.getuid(), 'nproc': resource.getrlimit(resource.RLIMIT_NPROC)[0],"
            " 'cwd': os.getcwd(), 'work': os.listdir('.')}))")
    launch = jail.command([sys.executable, "-I", "-c", code], jail.Limits(), files={"/tmp/work/a.txt": b"hi"})
    try:
        r = subprocess.run(launch.argv, env=launch.env, cwd=launch.cwd, preexec_fn=launch.preexec_fn,
                           pass_fds=launch.pass_fds, capture_output=True, text=True, timeout=60)
    finally:
        launch.close()
    view = json.loads(r.stdout)
    assert not {"home", "srv", "run", "var", "mnt", "opt"} & set(view["root"]), view["root"]
    assert set(view["env"]) <= set(jail.ENV) | {"PWD"}, view["env"]
    assert view["cwd"] == "/tmp/work" and view["work"] == ["a.txt"]
    if os.geteuid() == 0:
        assert view["uid"] != 0 and view["nproc"] == jail.Limits().processes


@pytest.mark.skipif(sys.platform != "linux", reason="the jail needs Linux namespaces")
def test_jail_reaches_an_install_under_a_private_tmp_folder(monkeypatch):
    """CI may clone the repository (and so the venv) below a private folder of /tmp, which the
    jail's own /tmp tmpfs covers: the jail must recreate the folders above it, traversable."""
    import tempfile
    from grading import jail
    if not jail.works():
        pytest.skip("bubblewrap cannot create namespaces here: the jail falls back to a subprocess")
    private = Path(tempfile.mkdtemp(prefix="jail-ci-"))      # 0700, like a CI runner's folder
    pkg = private / "checkout" / "site"
    pkg.mkdir(parents=True)
    os.chmod(private / "checkout", 0o755)
    os.chmod(pkg, 0o755)
    (pkg / "probe_module.py").write_text("VALUE = 42\n")
    os.chmod(pkg / "probe_module.py", 0o644)
    paths = jail.read_only_paths() + [pkg]
    monkeypatch.setattr(jail, "read_only_paths", lambda: paths)
    code = f"import sys; sys.path.insert(0, {str(pkg)!r}); import probe_module; print(probe_module.VALUE)"
    launch = jail.command([sys.executable, "-I", "-c", code], jail.Limits())
    try:
        r = subprocess.run(launch.argv, env=launch.env, cwd=launch.cwd, preexec_fn=launch.preexec_fn,
                           pass_fds=launch.pass_fds, capture_output=True, text=True, timeout=60)
    finally:
        launch.close()
        import shutil
        shutil.rmtree(private)
    assert r.stdout.strip() == "42", r.stderr[-1000:]


UNPRIVILEGED = ("setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "--")
_AS_NOBODY = r"""
import json, os
from grading import jail, sandbox
t = sandbox.Task("t", [("s", "import os\nfrom autograd_checks import check_true")], [],
                 "check_true('not root', os.getuid() != 0)\n"
                 "check_true('no capabilities', open('/proc/self/status').read().split('CapEff:')[1].split()[0] == '0' * 16)\n"
                 "check_true('no repository', not os.path.exists(" + repr(os.environ["AUTOGRAD_TEST_REPO"]) + " + '/solutions'))")
out = sandbox.run(t)
print(json.dumps({"isolation": jail.isolation(), "status": out.status, "error": out.error,
                  "records": [r["got"] for r in out.records]}))
"""


def _readable_view(paths) -> list[str]:
    """bwrap arguments (run as root) for a view of the whole machine in which ``paths`` can be
    read by any user: over each closed ancestor (no o+x, e.g. /root holding pyenv's Python, or a
    private CI folder holding the checkout) a 0755 tmpfs with the way down rebuilt, and the path
    itself bound back. The files keep their modes: only the way to them opens."""
    tmpfs, dirs, binds = [], [], []
    for p in map(Path, paths):
        closed = [a for a in reversed(p.parents) if not os.stat(a).st_mode & 0o001]
        if not closed:
            continue
        top = closed[0]
        if not any(top == t or top.is_relative_to(t) for t in tmpfs):
            tmpfs.append(top)
        dirs += [d for d in reversed(p.parents) if d.is_relative_to(top) and d != top]
        binds.append(p)
    args = []
    for t in tmpfs:
        args += ["--perms", "0755", "--tmpfs", str(t)]
    for d in dict.fromkeys(dirs):
        args += ["--perms", "0755", "--dir", str(d)]
    for b in binds:
        args += ["--ro-bind", str(b), str(b)]
    return args


@pytest.mark.skipif(sys.platform != "linux" or os.getuid() != 0,
                    reason="as another user the whole suite already runs the jail unprivileged")
def test_the_jail_for_an_unprivileged_grader():
    """The path an instructor without root takes: bwrap in its own user namespace, every
    capability dropped (as root the jail switches to an unprivileged uid instead). The grader
    runs as uid 65534; an outer bwrap (as root) only opens the way to the checkout and Python
    when they sit below folders other users cannot enter (/root, a private CI folder)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/tmp", "AUTOGRAD_TEST_REPO": str(REPO),
           "PYTHONPATH": str(REPO)}
    view = ["bwrap", "--dev-bind", "/", "/", *_readable_view([sys.base_prefix, sys.prefix, REPO])]
    probe = subprocess.run([*view, *UNPRIVILEGED, PY, "-c", "import autograd_core, grading.jail as j; j.read_only_paths()"], env=env,
                           capture_output=True, text=True, cwd="/")
    if probe.returncode and probe.stderr.startswith("bwrap:"):
        pytest.skip(f"cannot build the view for uid 65534 here ({probe.stderr.strip()[:200]})")
    assert probe.returncode == 0, probe.stderr[-2000:]
    run = subprocess.run([*view, *UNPRIVILEGED, PY, "-c", _AS_NOBODY], env=env, capture_output=True, text=True,
                         cwd="/", timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    if got["isolation"] != "bwrap":
        pytest.skip("bubblewrap cannot make a user namespace here (unprivileged user namespaces are off)")
    assert got["status"] == "ok" and got["records"] == [True, True, True], got
