"""One submission's grading work as a job: plain data in, plain data out.

This is what a grading worker runs, on this machine (an embedded Dask ``LocalCluster``) or on
any machine of a Dask cluster with this project installed (grading.cluster). The trusted
grader makes the job from the submission (:func:`make`): the notebook as nbgrader prepared it
(test cells restored, outputs cleared) and the re-check's sandbox tasks; the worker runs both
in the jail (the notebook in a jailed kernel, for the feedback; the tasks in the re-check's
sandbox) and returns the executed notebook and the tasks' outcomes (:func:`run`). Nothing else
crosses: a worker needs no workspace, no gradebook and no credentials, and the grader alone
judges the outcomes against the reference (grading.recheck.finish) and writes the gradebook
and the records. A job is idempotent: running it twice (a worker lost mid-job, Dask runs it
again) gives the same answer, which the grader uses once.
"""
from __future__ import annotations

import atexit
import compileall
import functools
import hashlib
import json
import os
import shutil
import signal
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path

from grading import jail, sandbox

_ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=None)
def version() -> str:
    """A hash of the code that runs and judges a job (grading, autograd_checks, autograd_core):
    a worker with other code refuses the job rather than grade it differently."""
    h = hashlib.sha256()
    for pkg in ("grading", "autograd_checks", "autograd_core"):
        for p in sorted((_ROOT / pkg).rglob("*.py")):
            h.update(str(p.relative_to(_ROOT)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


def make(notebook: str | None, tasks: list, *, cell_timeout: float, notebook_timeout: float,
         kernel_env: dict[str, str], lang: str = "en", skip=()) -> dict:
    """The job for one submission. ``notebook`` is nbgrader's prepared notebook (JSON text), or
    None when nbgrader could not prepare it (then only the re-check runs); ``tasks`` are the
    re-check's :class:`grading.sandbox.Task`; ``kernel_env`` the kernel's limits (AUTOGRAD_KERNEL_*);
    ``lang`` the edition's language, which the checks' messages are shown in (never the verdicts);
    ``skip`` the ids of the source's demonstration cells the kernel does not run
    (grading.notebook.skipped_when_grading)."""
    return {"version": version(), "notebook": notebook, "tasks": [asdict(t) for t in tasks], "lang": lang,
            "skip": sorted(skip),
            "cell_timeout": cell_timeout, "notebook_timeout": notebook_timeout,
            "kernel_env": {k: v for k, v in kernel_env.items() if k.startswith("AUTOGRAD_KERNEL_")}}


def key(job: dict) -> str:
    """The job's name on the cluster: its content's hash (the same submission is one job)."""
    return "grade-" + hashlib.sha256(json.dumps(job, sort_keys=True).encode()).hexdigest()[:40]


def run(job: dict) -> dict:
    """Run one job; never raises for anything in the submission. Returns ``{"version",
    "executed" (the executed notebook's JSON or None), "execute_error", "outcomes" ({task id:
    Outcome as a dict}), "isolation", "seconds"}``, or ``{"version", "error"}`` when this worker
    cannot run it."""
    mine = version()
    if job.get("version") != mine:
        return {"version": mine, "error": f"this grading worker runs other code ({mine}) than the "
                                          f"grader ({job.get('version')}): install the same version"}
    _prepare(job["kernel_env"])
    tasks = [sandbox.Task.from_dict(t) for t in job["tasks"]]
    lang = job.get("lang") or "en"
    out = {"version": mine, "executed": None, "execute_error": "", "outcomes": {},
           "isolation": sandbox.isolation(), "seconds": {}}

    def recheck():  # beside the kernel: both mostly wait on their jailed children
        t = time.monotonic()
        try:
            files = {**jail.font_files(_fonts()), **_language_marker(jail.WORKDIR, lang)}
            out["outcomes"] = {k: asdict(v) for k, v in sandbox.run_many(tasks, files).items()}
        finally:
            out["seconds"]["recheck"] = round(time.monotonic() - t, 2)
    thread = threading.Thread(target=recheck, name="recheck")
    thread.start()
    t = time.monotonic()
    try:
        if job["notebook"] is not None:
            out["executed"], out["execute_error"] = execute(job["notebook"], job["cell_timeout"],
                                                            job["notebook_timeout"], lang, job.get("skip", ()))
    finally:
        out["seconds"]["execute"] = round(time.monotonic() - t, 2)
        thread.join()
    return out


def _language_marker(folder: str, lang: str) -> dict[str, bytes]:
    """The file that makes the checks speak ``lang`` in a kernel or sandbox run in ``folder``."""
    from autograd_checks.i18n import MARKER, languages
    return {f"{folder}/{MARKER}": lang.encode()} if lang in languages() else {}


NOT_RUN = ("[not run when grading: a demonstration no grade reads (tag skip-when-grading); "
           "its output is the one your own notebook shows]\n")


def execute(text: str, cell_timeout: float, notebook_timeout: float, lang: str = "en",
            skip=()) -> tuple[str | None, str]:
    """Execute a prepared notebook in a jailed kernel with nbgrader's Execute preprocessor, in a
    folder of its own, leaving out the code cells whose ids are in ``skip`` (their outputs say so).
    Returns (executed notebook JSON, "") or (None, why it could not)."""
    import nbformat
    from nbgrader.preprocessors import Execute

    from grading._kernel_manager import JailedKernelManager

    skip = frozenset(skip)

    class SkipDemos(Execute):
        def preprocess_cell(self, cell, resources, index):
            # a submission may give any cell a skipped id: only plain lesson cells are left out
            if cell.cell_type == "code" and cell.get("id") in skip and not cell.metadata.get("nbgrader"):
                cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=NOT_RUN)]
                cell.execution_count = None
                return cell, resources
            return super().preprocess_cell(cell, resources, index)

    nb = nbformat.reads(text, as_version=4)
    ep = SkipDemos(timeout=int(cell_timeout), kernel_name="python3", kernel_manager_class=JailedKernelManager)
    overran = threading.Event()

    def watchdog():  # the whole notebook's limit: kill the jail (its PID 1 is the kernel's process)
        overran.set()
        proc = getattr(getattr(getattr(ep, "km", None), "provisioner", None), "process", None)
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    timer = threading.Timer(notebook_timeout, watchdog)
    box: dict = {}
    done = threading.Event()
    with tempfile.TemporaryDirectory(prefix="grading-job-") as folder:
        for name, data in _language_marker(folder, lang).items():   # the kernel's folder copy takes it
            Path(name).write_bytes(data)

        def run():
            try:
                box["nb"] = ep.preprocess(nb, {"metadata": {"path": folder}})[0]
            except Exception as e:  # noqa: BLE001  (a dead or stuck kernel is the submission's doing)
                box["error"] = e
            finally:
                done.set()
        timer.start()
        # In a thread of its own, so that the job answers even if jupyter_client hangs after the
        # jail is killed (the thread is then left behind; its kernel is gone).
        threading.Thread(target=run, name="execute", daemon=True).start()
        finished = done.wait(notebook_timeout + 60)
        timer.cancel()
        if not finished:
            watchdog()
    if overran.is_set():
        return None, f"nbgrader-timeout: the notebook ran past {notebook_timeout:g} s"
    if "error" in box:
        return None, f"{type(box['error']).__name__}: {box['error']}"[:3000]
    return nbformat.writes(box["nb"]), ""


_WORKER_DIR: list[Path] = []


def _worker_dir() -> Path:
    if not _WORKER_DIR:
        d = Path(tempfile.mkdtemp(prefix="grading-worker-"))
        atexit.register(shutil.rmtree, d, True)
        _WORKER_DIR.append(d)
    return _WORKER_DIR[0]


def _fonts() -> Path:
    """matplotlib's font list, built once per worker process (the kernels and re-checks copy it)."""
    folder = _worker_dir() / "matplotlib"
    jail.build_font_cache(folder)
    return folder


@functools.lru_cache(maxsize=None)
def _compile_packages() -> None:
    """Byte-compile the packages every jailed kernel and re-check imports, once per worker. The
    jail runs with PYTHONDONTWRITEBYTECODE over a read-only tree, so without this each of them
    compiles the engine from source again (0.2 s of each import here). The worker is trusted and
    compiles the tree's own sources; where it may not write, the jail compiles as before."""
    for pkg in ("autograd_core", "autograd_checks"):
        try:
            compileall.compile_dir(str(_ROOT / pkg), quiet=2)
        except OSError:
            pass


def _prepare(kernel_env: dict[str, str]) -> None:
    """This worker's environment for the kernel launcher (grading._kernel_jail): the job's kernel
    limits, this worker's font list, whether the jail works here, the packages byte-compiled.
    Workers run one job at a time."""
    _compile_packages()
    os.environ.update(kernel_env)
    os.environ["AUTOGRAD_MPL_CACHE"] = str(_fonts())
    os.environ["AUTOGRAD_JAIL_WORKS"] = "1" if jail.works() else "0"
    for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[k] = "1"
