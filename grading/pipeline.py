"""The instructor's steps: release, collect, autograde (+ isolated re-check), feedback.

nbgrader does the bookkeeping; grading._nbworker processes run it in-process so that N workers
grade students in parallel. Every per-submission result, including the re-check's verdicts and
the flags, is recorded as ``<workspace>/recheck/<student>/<assignment>.json``.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import queue
import re
import select
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

from grading import cluster, jail, notebook, recheck, sandbox
from grading.config import REPO, Course, ensure_venv_on_path

ensure_venv_on_path()
_SAFE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@+-]*$")


def log(msg: str) -> None:
    print(msg, flush=True)


# -- one writer per workspace -----------------------------------------------------------------
class Busy(RuntimeError):
    """Another grading command holds the workspace."""


@contextlib.contextmanager
def workspace_lock(course: Course, what: str):
    """Exclusive hold on the workspace for ``what`` (collect, autograde, feedback): a second
    command on the same workspace stops at once with who holds it, instead of interleaving."""
    import fcntl
    course.workspace.mkdir(parents=True, exist_ok=True)
    path = course.workspace / ".grading.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode(errors="replace").strip() or "another process"
            raise Busy(f"{what}: the workspace {course.workspace} is busy ({holder}); "
                       "wait for it to finish, or grade into another --workspace") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{what} by pid {os.getpid()} since {time.strftime('%H:%M:%S')}".encode(), 0)
        yield
    finally:
        os.close(fd)


class Progress:
    """Submissions done, with rate and ETA: a tqdm bar on a terminal, plain lines elsewhere."""

    def __init__(self, total: int, what: str):
        self.total, self.done, self.t0 = total, 0, time.monotonic()
        self.bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm
            self.bar = tqdm(total=total, desc=what, unit="submission", file=sys.stderr, dynamic_ncols=True)

    def step(self, line: str) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.write(line)
            self.bar.update(1)
            return
        elapsed = time.monotonic() - self.t0
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate else 0.0
        log(f"[{self.done}/{self.total}] {line}  ({rate * 60:.1f}/min, ETA {eta:.0f} s)")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# -- worker processes -------------------------------------------------------------------------
class Worker:
    """One grading._nbworker process; ``call`` sends a job and waits for its reply."""

    def __init__(self, course: Course, release_dir: Path | None = None, dispatch=None):
        self.course, self.release_dir, self.dispatch = course, release_dir, dispatch
        self._start()

    def _start(self):
        r, w = os.pipe()
        env = self.course.env(self.release_dir)
        self.log = open(self.course.workspace / "nbgrader.log", "a")  # nbgrader's own log, for debugging
        # Its own process group, so that a stuck worker goes with every kernel it started.
        self.proc = subprocess.Popen([sys.executable, "-m", "grading._nbworker", str(w)], cwd=REPO,
                                     env=env, stdin=subprocess.PIPE, pass_fds=(w,), text=True,
                                     stdout=subprocess.DEVNULL, stderr=self.log, start_new_session=True)
        os.close(w)
        self.replies = os.fdopen(r, "r")

    def call(self, job: dict, timeout: float | None = None) -> dict:
        """Send ``job`` and wait for the reply, at most ``timeout`` seconds: a worker that
        died or overran is killed with its kernels and replaced; the reply then says why."""
        try:
            self.proc.stdin.write(json.dumps(job) + "\n")
            self.proc.stdin.flush()
            while True:
                ready, _, _ = select.select([self.replies], [], [], timeout)
                line = self.replies.readline() if ready else None
                if not line or '"dispatch"' not in line[:20]:
                    break
                # the submission's grading job (grading.job): run where jobs run, answer, wait on
                asked = json.loads(line)["dispatch"]
                answer = self.dispatch(asked) if self.dispatch else {"error": "this worker runs no grading jobs"}
                self.proc.stdin.write(json.dumps(answer) + "\n")
                self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            line = ""
        if not line:
            self.kill()
            self._start()
            why = "timed out" if line is None else "died"
            return {"success": False, "error": f"grading worker {why}", "timed_out": line is None}
        return json.loads(line)

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.close()

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.replies.close()
        self.log.close()


def write_atomic(path: Path, data: str | bytes, mode: int | None = None) -> None:
    """Write ``path`` so that a reader sees the old content or the new, never a part: a
    temporary file in the same folder, flushed to disk, then renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def prepare_workspace(course: Course) -> None:
    """Create the workspace's folders and matplotlib's font list for the jails. (The jailed
    kernel's spec is grading._kernel_manager's own: nothing here can redirect it.)"""
    for d in (course.submitted, course.autograded, course.feedback, course.records):
        d.mkdir(parents=True, exist_ok=True)
    jail.build_font_cache(course.workspace / "jupyter" / "matplotlib")


# -- release ----------------------------------------------------------------------------------
def release(course: Course, into: Path | None = None, assignments: list[str] | None = None) -> bool:
    """Regenerate the student notebooks (``course/`` or ``into``) from ``solutions/``."""
    prepare_workspace(course)
    ok = True
    worker = Worker(course, into)
    try:
        for a in assignments or course.assignments():
            t = time.monotonic()
            r = worker.call({"op": "generate", "assignment": a})
            ok &= r["success"]
            log(f"release {a}: {'ok' if r['success'] else 'FAILED'} ({time.monotonic() - t:.1f} s)"
                + ("" if r["success"] else "\n" + (r.get("error") or r.get("log", ""))[-1500:]))
    finally:
        worker.close()
    if into is None and ok:
        ok &= release_editions(course, assignments or course.assignments())
    return ok


def release_editions(course: Course, assignments: list[str]) -> bool:
    """The translated editions (``course-<lang>/``) of the released notebooks, from
    ``i18n/<lang>/*.po`` (grading.i18n): the same code cells, grade ids and checksums as
    ``course/``, so nbgrader grades them as the same assignments."""
    from autograd_checks.i18n import languages
    from grading import i18n
    ok = True
    for lang in languages():
        have = [a for a in assignments if i18n.catalogue_path(lang, a).is_file()]
        if not have:
            continue
        left = i18n.build(lang, course.release, i18n.release_dir(lang, course.root), have)
        for a, cells in left.items():
            log(f"release {a} [{lang}]: " + ("ok" if not cells else
                f"{len(cells)} cell(s) left in English (untranslated or fuzzy): python -m grading.i18n status {a}"))
    return ok


def _source_hash(course: Course, a: str) -> str:
    return hashlib.sha256((course.source / a / f"{a}.ipynb").read_bytes()).hexdigest()


def register(course: Course, assignments: list[str]) -> None:
    """Make sure the gradebook knows each assignment's cells (nbgrader's generate_assignment,
    into the workspace so course/ is never touched); skipped when the source is unchanged."""
    from nbgrader.api import Gradebook, MissingEntry
    stale = []
    with Gradebook(course.db_url) as gb:
        for a in assignments:
            stamp = course.internal_release / a / ".source-sha256"
            try:
                gb.find_assignment(a)
                known = True
            except MissingEntry:
                known = False
            if not known or not stamp.is_file() or stamp.read_text() != _source_hash(course, a) + course.db_url:
                stale.append(a)
    if stale:
        release(course, course.internal_release, stale)
        for a in stale:
            stamp = course.internal_release / a / ".source-sha256"
            if stamp.parent.is_dir():
                stamp.write_text(_source_hash(course, a) + course.db_url)


# -- collect ----------------------------------------------------------------------------------
def _issues_path(course: Course) -> Path:
    return course.records / "collect-issues.json"


def load_issues(course: Course) -> list[dict]:
    p = _issues_path(course)
    return json.loads(p.read_text()) if p.is_file() else []


def _save_issues(course: Course, issues: list[dict]) -> None:
    write_atomic(_issues_path(course), json.dumps(issues, indent=1))


def check_timestamp(folder: Path) -> str | None:
    """Move a malformed ``timestamp.txt`` aside (nbgrader's autograde crashes on it) and say so."""
    ts = folder / "timestamp.txt"
    if not ts.is_file():
        return None
    from nbgrader.utils import parse_utc
    try:
        parse_utc(ts.read_text(errors="replace").strip())
        return None
    except Exception:  # noqa: BLE001  (dateutil raises several types)
        ts.replace(folder / "timestamp.txt.invalid")
        return "bad-timestamp"


MAX_NOTEBOOK_BYTES = int(os.environ.get("AUTOGRAD_MAX_NOTEBOOK_BYTES") or 32 << 20)
MAX_CELLS = int(os.environ.get("AUTOGRAD_MAX_CELLS") or 2000)
MAX_FOLDER_ENTRIES = 200


def shown(name: str) -> str:
    """A name from a submission as it may be printed: control characters escaped."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(name))[:200]


def _links(folder: Path) -> list[str]:
    """Symbolic links anywhere below ``folder`` (never followed); also too many entries."""
    found, seen, stack = [], 0, [folder]
    while stack:
        with os.scandir(stack.pop()) as it:
            for e in it:
                seen += 1
                if seen > MAX_FOLDER_ENTRIES:
                    return found + [f"more than {MAX_FOLDER_ENTRIES} entries"]
                if e.is_symlink():
                    found.append(os.path.relpath(e.path, folder))
                elif e.is_dir(follow_symlinks=False):
                    stack.append(Path(e.path))
    return found


def _read_submitted(path: Path) -> bytes:
    """The notebook's bytes, refusing a link (checked again at open: O_NOFOLLOW), anything but a
    regular file, and anything over the size cap."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise notebook.NotANotebook("not-a-file", f"{path.name} is not a regular file")
        if st.st_size > MAX_NOTEBOOK_BYTES:
            raise notebook.NotANotebook("too-large", f"{path.name} has {st.st_size} bytes "
                                        f"(the limit is {MAX_NOTEBOOK_BYTES}, AUTOGRAD_MAX_NOTEBOOK_BYTES)")
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(MAX_NOTEBOOK_BYTES + 1)
    finally:
        os.close(fd)


@functools.lru_cache(maxsize=None)
def _source_ids(path: str, mtime: float) -> frozenset:
    return frozenset(notebook.grade_ids(notebook.read(path)))


def known_ids(course: Course, a: str) -> frozenset:
    """The grade_ids of assignment ``a``'s source notebook."""
    path = course.source / a / f"{a}.ipynb"
    return _source_ids(str(path), path.stat().st_mtime)


def _strip_foreign_metadata(nb, ids: frozenset) -> int:
    """nbgrader metadata is the instructor's: on a cell whose grade_id the assignment does not
    have (or that is malformed), it goes, so a submission cannot add graded cells of its own or
    crash nbgrader. Returns how many cells lost it."""
    n = 0
    for cell in nb.cells:
        meta = cell.get("metadata", {}).get("nbgrader")
        if meta is not None and (not isinstance(meta, dict) or meta.get("grade_id") not in ids):
            del cell.metadata["nbgrader"]
            n += 1
    return n


def collect(course: Course, src: Path) -> tuple[int, list[dict]]:
    """Copy ``src/<student>/<assignment>/<assignment>.ipynb`` into the workspace.

    Everything in ``src`` is hostile input: a student or assignment folder that is a symbolic
    link or holds one anywhere is rejected (links are never followed), as is a file that is not
    JSON, not a notebook, wrongly named, over the size or cell-count cap. Each rejection is
    reported, recorded as an issue (shown by ``report``) and skipped. Returns (copied, issues).
    """
    import nbformat
    prepare_workspace(course)
    known = set(course.assignments())
    issues = list(load_issues(course))
    copied, new = 0, []

    def reject(student, a, reason, detail):
        new.append({"student": student, "assignment": a, "reason": reason, "detail": detail})

    for sdir in sorted(Path(src).iterdir()):
        student = sdir.name
        if sdir.is_symlink():
            reject(student, "*", "symlink", "the student folder is a symbolic link")
            continue
        if not sdir.is_dir():
            continue
        if not _SAFE.match(student):
            reject(student, "*", "bad-student-id", "student folder name has unsafe characters")
            continue
        for adir in sorted(sdir.iterdir()):
            a = adir.name
            if adir.is_symlink():
                reject(student, a, "symlink", "the assignment folder is a symbolic link")
                continue
            if not adir.is_dir():
                continue
            if a not in known:
                reject(student, a, "unknown-assignment", f"no assignment {a!r} in {course.source}")
                continue
            links = _links(adir)
            if links:
                reject(student, a, "symlink", "symbolic links in the folder: " + ", ".join(links[:5]))
                continue
            nb_path = adir / f"{a}.ipynb"
            others = sorted(p.name for p in adir.glob("*.ipynb"))
            if not nb_path.is_file():
                detail = f"expected {a}.ipynb, found {', '.join(others) or 'no notebook'}"
                reject(student, a, "wrong-name", detail)
                continue
            try:
                data = _read_submitted(nb_path)
                nb = notebook.parse(data, nb_path.name)
                if len(nb.cells) > MAX_CELLS:
                    raise notebook.NotANotebook("too-many-cells", f"{len(nb.cells)} cells (the limit is "
                                                f"{MAX_CELLS}, AUTOGRAD_MAX_CELLS)")
            except notebook.NotANotebook as e:
                reject(student, a, e.reason, str(e))
                continue
            except OSError as e:
                reject(student, a, "unreadable", f"{type(e).__name__}: {e}")
                continue
            dropped = _strip_foreign_metadata(nb, known_ids(course, a))
            if dropped:
                log(f"collect {student}/{a}: removed nbgrader metadata the assignment does not have "
                    f"from {dropped} cell(s)")
            dest = course.submitted / student / a
            # Only the notebook and the timestamp: nothing else a student puts there is graded.
            # The kernel is pinned so a renamed kernelspec cannot escape the jailed kernel.
            nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
            write_atomic(dest / f"{a}.ipynb", nbformat.writes(nb))
            ts = adir / "timestamp.txt"
            if ts.is_file() and not ts.is_symlink() and ts.stat().st_size < 200:
                write_atomic(dest / "timestamp.txt", ts.read_bytes())
            elif (dest / "timestamp.txt").exists():
                (dest / "timestamp.txt").unlink()
            extra = [n for n in others if n != f"{a}.ipynb"]
            if extra:
                log(f"collect {shown(student)}/{a}: ignored extra notebooks {[shown(n) for n in extra]}")
            copied += 1
            issues = [i for i in issues if (i["student"], i["assignment"]) != (student, a)]
            log(f"collect {student}/{a}: ok")
    for i in new:
        log(f"collect {shown(i['student'])}/{shown(i['assignment'])}: SKIPPED ({i['reason']}: {shown(i['detail'])})")
        issues = [j for j in issues if (j["student"], j["assignment"]) != (i["student"], i["assignment"])]
        issues.append(i)
    _save_issues(course, issues)
    log(f"collected {copied} notebook(s), {len(new)} skipped")
    return copied, new


# -- autograde --------------------------------------------------------------------------------
def record_path(course: Course, student: str, assignment: str) -> Path:
    return course.records / student / f"{assignment}.json"


def _in_kernel_scores(db_url: str, assignment: str, student: str) -> dict[str, float | None]:
    from nbgrader.api import Gradebook, MissingEntry
    scores = {}
    with Gradebook(db_url) as gb:
        try:
            sub = gb.find_submission(assignment, student)
        except MissingEntry:
            return scores
        for nb in sub.notebooks:
            for g in nb.grades:
                scores[g.name] = g.auto_score
    return scores


def _write_verdicts(db_url: str, assignment: str, student: str, scores: dict[str, float]) -> bool:
    """Store the verdicts as the gradebook's scores (auto_score; manual_score cleared), so the
    formgrader, ``nbgrader export`` and the feedback show them and nothing else. Returns False
    when the gradebook has no such submission (nbgrader failed before creating it)."""
    from nbgrader.api import Gradebook, MissingEntry
    with Gradebook(db_url) as gb:
        try:
            gb.find_submission(assignment, student)
        except MissingEntry:
            return False
        for gid, score in scores.items():
            try:
                g = gb.find_grade(gid, assignment, assignment, student)
            except MissingEntry:
                continue
            g.auto_score, g.manual_score = score, None
        gb.db.commit()
    return True


def _ensure_in_gradebook(api, assignment: str, student: str) -> None:
    """Give a submission whose nbgrader run never finished its gradebook rows (all ungraded),
    so that the verdicts can be stored and the Formgrader lists it."""
    from nbgrader.api import Gradebook, MissingEntry
    with Gradebook(api.coursedir.db_url) as gb:
        try:
            gb.find_submission(assignment, student)
        except MissingEntry:
            try:
                gb.find_student(student)
            except MissingEntry:
                gb.add_student(student)
            gb.add_submission(assignment, student)


def snapshot(course: Course, student: str, assignment: str) -> tuple[Path, str]:
    """Read the submission once, before any of its code runs, and keep it read-only under
    ``snapshots/`` by its SHA-256; grading reads that copy. Returns (path, hash)."""
    data = (course.submitted / student / assignment / f"{assignment}.ipynb").read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    path = course.workspace / "snapshots" / student / assignment / f"{digest}.ipynb"
    if not path.is_file():
        write_atomic(path, data, mode=0o444)
    return path, digest


def notebook_timeout(course: Course) -> float:
    """Seconds one submission's whole nbgrader run may take (AUTOGRAD_NOTEBOOK_TIMEOUT)."""
    return float(os.environ.get("AUTOGRAD_NOTEBOOK_TIMEOUT") or max(600, 10 * course.cell_timeout))


def kernel_env(course: Course) -> dict[str, str]:
    """The jailed kernel's limits for a grading job (AUTOGRAD_KERNEL_* of this environment)."""
    return {k: v for k, v in os.environ.items() if k.startswith("AUTOGRAD_KERNEL_")}


def autograde_one(api, course: Course, assignment: str, student: str, reference: dict | None,
                  dispatch, skip_nbgrader: str | None = None, all_cells: bool = False) -> dict:
    """nbgrader autograde and the re-check of one submission (in a grading._nbworker).

    The student's code runs in one grading job (grading.job), sent with ``dispatch(job) ->
    answer``: nbgrader prepares the notebook and hands it over in Execute's place
    (grading._executed), the job runs it and the re-check's tasks in the jail wherever jobs run,
    and the verdicts are computed here from what came back. ``skip_nbgrader`` (a flag) grades
    with the re-check alone, after nbgrader's run overran or died. The kernel leaves out the
    source's demonstration cells (tag ``skip-when-grading``) unless ``all_cells``."""
    from grading import job as grading_job
    from grading._executed import UseExecuted

    folder = course.submitted / student / assignment
    flags = []
    if check_timestamp(folder) or (folder / "timestamp.txt.invalid").exists():
        flags.append("bad-timestamp")
    frozen, digest = snapshot(course, student, assignment)
    plan = recheck.plan(course, assignment, frozen, reference)
    try:    # the edition the student worked in: the checks' messages come back in its language
        from grading.feedback import language
        lang = language(notebook.read(frozen))
    except notebook.NotANotebook:
        lang = "en"
    answers: dict = {}
    source = notebook.read(course.source / assignment / f"{assignment}.ipynb")
    skip = () if all_cells else notebook.skipped_when_grading(source)

    def run_job(prepared: str | None) -> dict:
        if "job" not in answers or (prepared is not None and answers["job"].get("executed") is None
                                    and not answers["job"].get("execute_error")):
            job = grading_job.make(prepared, plan.tasks, cell_timeout=course.cell_timeout,
                                   notebook_timeout=notebook_timeout(course), kernel_env=kernel_env(course),
                                   lang=lang, skip=skip)
            answers["job"] = dispatch(job)
        return answers["job"]

    def execute(prepared: str):
        got = run_job(prepared)
        return got.get("executed"), got.get("execute_error") or got.get("error") or "no answer"
    UseExecuted.dispatch = execute
    t0 = time.monotonic()
    if skip_nbgrader:
        r = {"success": False, "error": skip_nbgrader, "log": ""}
        _ensure_in_gradebook(api, assignment, student)
    else:
        r = api.autograde(assignment, student, force=True, create=True)
    for _ in range(3):  # SQLite serialises writers; a busy gradebook is retried, not lost
        if r["success"] or "database is locked" not in (r.get("error", "") + r.get("log", "")):
            break
        time.sleep(1.0)
        r = api.autograde(assignment, student, force=True, create=True)
    UseExecuted.dispatch = None
    nbgrader_s = time.monotonic() - t0
    try:
        text = (r.get("error") or "") + (r.get("log") or "")
        if skip_nbgrader:
            flags.append(skip_nbgrader)
        elif not r["success"]:
            flags.append("nbgrader-timeout" if "nbgrader-timeout:" in text else
                         "kernel-died" if "Kernel died" in text or "kernel died" in text.lower()
                         else "nbgrader-failed")
        in_kernel = _in_kernel_scores(course.db_url, assignment, student)

        nb_path = folder / f"{assignment}.ipynb"
        try:
            if hashlib.sha256(nb_path.read_bytes()).hexdigest() != digest:
                flags.append("submission-changed")  # cannot happen with a jailed kernel; graded as frozen
        except OSError:
            flags.append("submission-changed")
        tests = notebook.test_cells(source)
        # Test cells the student changed or deleted (nbgrader restores them; the instructor should know).
        try:
            sub_tests = notebook.test_cells(notebook.read(frozen))
            released = notebook.read(course.internal_release / assignment / f"{assignment}.ipynb")
            rel_tests = notebook.test_cells(released)
            for gid, t in rel_tests.items():
                if gid not in sub_tests:
                    flags.append(f"test-cell-deleted:{gid}")
                elif sub_tests[gid].source.strip() != t.source.strip():
                    flags.append(f"test-cell-edited:{gid}")
        except (notebook.NotANotebook, OSError):
            pass

        answer = run_job(None)  # (already back, unless nbgrader stopped before executing)
        if answer.get("error"):
            flags.append("grading-job-failed")
        outcomes = {k: sandbox.Outcome.from_dict(v) for k, v in (answer.get("outcomes") or {}).items()}
        rc = recheck.finish(plan, outcomes, answer.get("isolation"))
        recheck_s = (answer.get("seconds") or {}).get("recheck", 0.0)
        flags += rc.flags
        # One verdict per test cell: the sandboxed run compared here. nbgrader's in-kernel score is
        # kept for the record (a difference is worth a look) but never decides; a cell the re-check
        # could not judge is a flagged 0.
        exercises, verdicts, score = {}, {}, 0.0
        for gid, t in tests.items():
            v = rc.verdicts.get(gid)
            nbs = in_kernel.get(gid)
            if v is None or v.score is None:
                final = 0.0
                flags.append(f"grading-error:{gid}")
            else:
                final = v.score
                if nbs is not None and abs(nbs - v.score) > 1e-9 and r["success"]:
                    flags.append(f"recheck-disagrees:{gid}")
            verdicts[gid] = final
            score += final
            exercises[gid] = {"points": t.points, "nbgrader": nbs, "recheck": None if v is None else v.score,
                              "status": "grading-error" if v is None else v.status,
                              "detail": "no verdict" if v is None else v.detail, "score": final,
                              "case": "" if v is None else v.case, "hidden": bool(v and v.hidden)}
        if not _write_verdicts(course.db_url, assignment, student, verdicts):
            flags.append("not-in-gradebook")
        if rc.isolation != "bwrap":
            flags.append("sandbox:subprocess")
        record = {"student": student, "assignment": assignment, "score": score,
                  "max_score": sum(t.points for t in tests.values()), "flags": sorted(set(flags), key=flags.index),
                  "isolation": rc.isolation, "sha256": digest, "nbgrader_success": r["success"],
                  "nbgrader_error": (r.get("error") or "")[-1500:], "nbgrader_log": (r.get("log") or "")[-3000:],
                  "exercises": exercises, "job_error": (answer.get("error") or "")[:1500],
                  "seconds": {"nbgrader": round(nbgrader_s, 2), "recheck": round(recheck_s, 2),
                              "kernel": (answer.get("seconds") or {}).get("execute", 0.0)}}
        write_atomic(record_path(course, student, assignment), json.dumps(record, indent=1))
        return {"success": True, "record": record}
    finally:
        # nbgrader has written the student's outputs where the Formgrader reads them: whatever
        # failed above, that notebook is sanitized before this returns (fail closed).
        if not r["success"]:
            _keep_autograded_copy(course, assignment, student, frozen)
        _sanitize_autograded(course, assignment, student)


def _keep_autograded_copy(course: Course, assignment: str, student: str, frozen: Path) -> None:
    """After a kernel death nbgrader removes autograded/<student>/<assignment>/, and the formgrader
    then shows "needs autograding" and no score although the gradebook holds the verdicts.
    Put the frozen submission there so the formgrader lists it with its score."""
    target = course.autograded / student / assignment / f"{assignment}.ipynb"
    if not target.exists():
        write_atomic(target, frozen.read_bytes())


def _sanitize_autograded(course: Course, assignment: str, student: str) -> None:
    """The autograded notebook is what the Formgrader shows and feedback is made from: make it
    safe to render (grading.sanitize) before anyone opens it. Fails closed: a notebook that
    cannot be read or sanitized is replaced by a placeholder, one that cannot be rewritten is
    removed."""
    import nbformat

    from grading import sanitize
    path = course.autograded / student / assignment / f"{assignment}.ipynb"
    if not path.exists():
        return
    try:
        ids = set(known_ids(course, assignment))
    except Exception:  # noqa: BLE001  (no source: keep no nbgrader metadata at all)
        ids = set()
    try:
        nb = sanitize.notebook(nbformat.read(path, as_version=4), ids)
    except Exception as e:  # noqa: BLE001  (show nothing of it rather than something unsafe)
        log(f"autograde {shown(student)}/{assignment}: the autograded notebook could not be sanitized "
            f"({type(e).__name__}); the Formgrader shows a placeholder")
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
            "(this notebook could not be made safe to show; the grade stands)")])
    try:
        write_atomic(path, nbformat.writes(nb))
    except Exception:
        path.unlink(missing_ok=True)
        raise


def submissions(course: Course, assignment: str | None = None, student: str | None = None) -> list[tuple[str, str]]:
    """(student, assignment) pairs found in the workspace's submitted/ folder."""
    pairs = []
    if not course.submitted.is_dir():
        return pairs
    known = set(course.assignments())
    for sdir in sorted(course.submitted.iterdir()):
        if not sdir.is_dir() or (student and sdir.name != student):
            continue
        for adir in sorted(sdir.iterdir()):
            if adir.is_dir() and adir.name in known and (not assignment or adir.name == assignment):
                pairs.append((sdir.name, adir.name))
    return pairs


def autograde(course: Course, assignment: str | None = None, student: str | None = None,
              workers: int = 1, scheduler: str | None = None, all_cells: bool = False) -> list[dict]:
    """Grade the workspace's submissions; returns the records. The student code runs in grading
    jobs on ``workers`` local Dask worker processes, or on the Dask cluster at ``scheduler``
    (grading.cluster: raises NoCluster, having written nothing, when it is not there).
    ``all_cells`` runs the demonstration cells tagged ``skip-when-grading`` too."""
    pairs = submissions(course, assignment, student)
    if not pairs:
        log("autograde: no submissions found in " + str(course.submitted))
        return []
    with cluster.jobs(workers, scheduler) as jobs:
        return _autograde(course, pairs, jobs, f"the Dask cluster at {scheduler}" if scheduler
                          else f"{workers} worker(s) on this machine", all_cells)


def _autograde(course: Course, pairs: list[tuple[str, str]], jobs, where: str, all_cells: bool = False) -> list[dict]:
    prepare_workspace(course)
    assignments = sorted({a for _, a in pairs})
    log(f"autograde: {len(pairs)} submission(s), {len(assignments)} assignment(s), "
        f"jobs on {where} ({jobs.slots} at a time), re-check isolation: {sandbox.isolation()}")
    register(course, assignments)
    references = {}
    for a in assignments:
        try:
            references[a] = recheck.reference_results(course, a)
            bad = [k for k, v in references[a].items() if not v["ok"]]
            if bad:
                log(f"autograde: WARNING {a}: the reference solution fails {bad}: those exercises get a flagged 0")
        except Exception as e:  # noqa: BLE001  (the re-check then reports it per exercise)
            references[a] = None
            log(f"autograde: WARNING {a}: no re-check ({type(e).__name__}: {e})")
    # One queue item per student: a student's notebooks stay on one worker.
    by_student: dict[str, list[str]] = {}
    for s, a in pairs:
        by_student.setdefault(s, []).append(a)
    todo: queue.Queue = queue.Queue()
    for s, alist in by_student.items():
        todo.put((s, alist))
    records, lock = [], threading.Lock()
    t0 = time.monotonic()
    progress = Progress(len(pairs), "autograde")

    def run_worker():
        w = Worker(course, dispatch=jobs.run)
        try:
            while True:
                try:
                    s, alist = todo.get_nowait()
                except queue.Empty:
                    return
                for a in alist:
                    job = {"op": "autograde", "assignment": a, "student": s, "reference": references.get(a),
                           "all_cells": all_cells}
                    reply = w.call(job, timeout=notebook_timeout(course))
                    if reply.get("timed_out") or reply.get("error") == "grading worker died":
                        # nbgrader's run of this notebook overran or took its worker down: grade
                        # it by the re-check alone on a fresh worker, and say so
                        flag = "nbgrader-timeout" if reply.get("timed_out") else "kernel-died"
                        reply = w.call({**job, "skip_nbgrader": flag}, timeout=notebook_timeout(course))
                    rec = reply.get("record") or {
                        "student": s, "assignment": a, "score": None, "max_score": None,
                        "flags": ["grading-error"], "error": reply.get("error", "")[-1500:]}
                    if not reply.get("record"):
                        write_atomic(record_path(course, s, a), json.dumps(rec, indent=1))
                    with lock:
                        records.append(rec)
                        progress.step(f"{s}/{a}: {_fmt(rec['score'])}/{_fmt(rec['max_score'])}"
                                      + (f"  flags: {', '.join(rec['flags'])}" if rec["flags"] else ""))
        finally:
            w.close()

    # Twice as many nbgrader workers as job slots: while one waits on its job, another does
    # nbgrader's own work (preparing the next notebook, writing the last one's results), so the
    # job slots are never idle for it.
    threads = [threading.Thread(target=run_worker) for _ in range(max(1, min(2 * jobs.slots, len(by_student))))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    progress.close()
    log(f"autograde: done in {time.monotonic() - t0:.1f} s")
    return records


def _fmt(x) -> str:
    return "-" if x is None else f"{x:g}"


# -- feedback ---------------------------------------------------------------------------------
def feedback(course: Course, assignment: str | None = None, student: str | None = None) -> int:
    """Write per-student HTML feedback (hidden tests removed); returns the number of failures."""
    prepare_workspace(course)
    failures = 0
    pairs = [(s, a) for s, a in submissions(course, assignment, student)
             if (course.autograded / s / a).is_dir()]
    if not pairs:
        log("feedback: nothing autograded yet")
        return 0
    w = Worker(course)
    progress = Progress(len(pairs), "feedback")
    try:
        for s, a in pairs:
            r = w.call({"op": "feedback", "assignment": a, "student": s})
            failures += not r["success"]
            out = course.feedback / s / a / f"{a}.html"
            progress.step(f"feedback {s}/{a}: " + (str(out) if r["success"] else "FAILED " + r["error"][-300:]))
    finally:
        progress.close()
        w.close()
    return failures
