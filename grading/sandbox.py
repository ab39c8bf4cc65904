"""Run untrusted notebook code in a separate, limited process and get back only data.

With bubblewrap (``bwrap``) the child sees a read-only file system without the course tree,
the workspace, the gradebook or the probes, has no network, its own PID namespace and no
capabilities. Without it the child is a plain subprocess in an empty temporary directory; the
caller reports which one ran (:func:`isolation`). Both get CPU-time, address-space and file-size
limits, and the parent enforces a wall-clock timeout by killing the child's whole session.
The child answers with JSON on a pipe (never pickle); the parent survives anything it does.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import resource
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from grading.config import REPO

CHILD_SOURCE = (Path(__file__).parent / "_sandbox_child.py").read_text()
MAX_OUTPUT = 64 << 20  # bytes of result JSON the parent will read
MAX_LOG = 8 << 10      # bytes of the child's stdout/stderr kept for the report


@dataclass(frozen=True)
class Limits:
    """Resource limits for one sandboxed run (seconds and bytes)."""

    wall: float = 60.0
    cpu: int = 30
    memory: int = 3 << 30
    file_size: int = 64 << 20


@dataclass
class Outcome:
    """What came back from one sandboxed run.

    status: "ok" (result is set), "error" (the code raised; ``error`` = (type, message, tb)),
    "timeout", "crash" (died without answering: os._exit, a signal, the memory limit) or
    "bad-output" (answered something that is not a valid result).
    """

    status: str
    result: dict | None = None
    error: tuple | None = None
    phase: str | None = None
    forbidden: list = field(default_factory=list)
    returncode: int | None = None
    stderr: str = ""
    seconds: float = 0.0

    @property
    def memory_exhausted(self) -> bool:
        return self.status == "error" and bool(self.error) and self.error[0] == "MemoryError"


def _which_bwrap() -> str | None:
    return shutil.which("bwrap") or ("/usr/bin/bwrap" if os.access("/usr/bin/bwrap", os.X_OK) else None)


@functools.lru_cache(maxsize=1)
def _bwrap_works() -> bool:
    """bwrap may be installed yet unusable (no user namespaces in a container): try it once."""
    if os.environ.get("AUTOGRAD_NO_BWRAP"):
        return False
    exe = _which_bwrap()
    if not exe:
        return False
    try:
        r = subprocess.run([exe, "--ro-bind", "/", "/", "--unshare-net", "--unshare-pid",
                            "--die-with-parent", "--new-session", "true"],
                           capture_output=True, timeout=30)
        return r.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def isolation() -> str:
    """``"bwrap"`` when bubblewrap isolates the re-check, else ``"subprocess"``."""
    return "bwrap" if _bwrap_works() else "subprocess"


def _package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        return None
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def _bwrap_argv(hide: list[Path]) -> list[str]:
    """Read-only root; tmpfs over /tmp, /root, /home and every hidden path; then re-expose only
    what Python needs from inside them (the interpreter prefix and the engine package)."""
    keep = [Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()]
    for pkg in ("autograd_core",):
        d = _package_dir(pkg)
        if d is not None:
            keep.append(d.resolve())
    hidden: list[Path] = []
    for p in sorted({Path(h).resolve() for h in hide} | {Path("/root"), Path("/home")},
                    key=lambda p: len(p.parts)):
        if p.exists() and not any(p.is_relative_to(h) for h in hidden) and p != Path("/"):
            hidden.append(p)
    argv = [_which_bwrap(), "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            "--tmpfs", "/tmp"]
    for h in hidden:
        argv += ["--tmpfs", str(h)]
    for k in keep:
        if any(k.is_relative_to(h) for h in hidden + [Path("/tmp")]) and k.exists():
            argv += ["--ro-bind", str(k), str(k)]
    argv += ["--dir", "/tmp/work", "--chdir", "/tmp/work", "--unshare-net", "--unshare-pid",
             "--unshare-ipc", "--unshare-uts", "--die-with-parent", "--new-session",
             "--cap-drop", "ALL", "--clearenv",
             "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp/work",
             "--setenv", "OPENBLAS_NUM_THREADS", "1", "--setenv", "OMP_NUM_THREADS", "1",
             "--setenv", "MKL_NUM_THREADS", "1", "--setenv", "MPLBACKEND", "Agg",
             "--setenv", "PYTHONDONTWRITEBYTECODE", "1", "--"]
    return argv


def _limit(limits: Limits):
    def preexec():
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu, limits.cpu + 2))
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory, limits.memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_size, limits.file_size))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return preexec


def _spawn(job: dict, limits: Limits, hide) -> tuple[bool, bytes, int | None, str, float]:
    """Start the child with ``job`` on stdin; returns (timed_out, answer bytes, returncode,
    first bytes of its stdout/stderr, seconds). Never raises for what the child does."""
    read_fd, write_fd = os.pipe()
    job = json.dumps({**job, "fd": write_fd})
    py = [sys.executable, "-I", "-c", CHILD_SOURCE]
    tmp = None
    if _bwrap_works():
        argv, cwd, env = _bwrap_argv([REPO, *hide]) + py, "/", None
    else:
        tmp = tempfile.TemporaryDirectory(prefix="recheck-")
        argv, cwd = py, tmp.name
        env = {"PATH": "/usr/bin:/bin", "HOME": tmp.name, "OPENBLAS_NUM_THREADS": "1",
               "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "MPLBACKEND": "Agg"}
    start = time.monotonic()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, pass_fds=(write_fd,), cwd=cwd, env=env,
                                start_new_session=True, preexec_fn=_limit(limits))
    except OSError as e:
        os.close(read_fd)
        os.close(write_fd)
        if tmp:
            tmp.cleanup()
        return False, b"", None, f"cannot start the sandbox: {e}", 0.0
    os.close(write_fd)
    chunks, log, total, timed_out = [], b"", 0, False
    sel = selectors.DefaultSelector()
    try:
        sel.register(read_fd, selectors.EVENT_READ, "result")
        sel.register(proc.stdout, selectors.EVENT_READ, "log")
        try:
            proc.stdin.write(job.encode())
            proc.stdin.close()
        except OSError:
            pass
        open_streams = 2
        while open_streams:
            left = limits.wall - (time.monotonic() - start)
            if left <= 0:
                timed_out = True
                break
            for key, _ in sel.select(timeout=min(left, 1.0)):
                data = os.read(key.fd, 1 << 16)
                if not data:
                    sel.unregister(key.fileobj)
                    open_streams -= 1
                elif key.data == "result":
                    total += len(data)
                    if total > MAX_OUTPUT:  # stop reading; what came is discarded below
                        chunks, open_streams = [b"\0"], 0
                        break
                    chunks.append(data)
                elif len(log) < MAX_LOG:
                    log += data[: MAX_LOG - len(log)]
        if not timed_out:
            try:
                proc.wait(timeout=max(1.0, limits.wall - (time.monotonic() - start)))
            except subprocess.TimeoutExpired:
                timed_out = True
    finally:
        sel.close()
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
        os.close(read_fd)
        proc.stdout.close()
        if tmp:
            tmp.cleanup()
    return timed_out, b"".join(chunks), proc.returncode, log.decode(errors="replace"), time.monotonic() - start


def _died(status: str, returncode: int | None) -> str:
    """A child killed by its CPU-time limit (SIGXCPU) ran out of time: report a timeout."""
    return "timeout" if returncode in (-signal.SIGXCPU, 128 + signal.SIGXCPU) else status


def _outcome(msg, returncode, log, seconds) -> Outcome:
    """Validate one answer object from the child."""
    try:
        status = msg["status"]
        if status in ("timeout", "crash"):
            rc = msg.get("returncode")
            rc = rc if isinstance(rc, int) else returncode
            return Outcome(_died(status, rc), returncode=rc, stderr=log, seconds=seconds)
        if status not in ("ok", "error"):
            raise ValueError(status)
        error = tuple(str(x) for x in msg["error"])[:3] if msg.get("error") else None
        forbidden = [str(x) for x in msg.get("forbidden") or []][:50]
        result = msg.get("result")
        if status == "ok" and not isinstance(result, dict):
            raise ValueError("result")
        phase = msg.get("phase")
        return Outcome(status, result=result, error=error, phase=str(phase) if phase else None,
                       forbidden=forbidden, returncode=returncode, stderr=log, seconds=seconds)
    except (ValueError, KeyError, TypeError, AttributeError):
        return Outcome("bad-output", returncode=returncode, stderr=log, seconds=seconds)


def run(setup: str, cells: list[tuple[str, str]], probe: str, *, forbid_modules=(), forbid_calls=(),
        limits: Limits = Limits(), hide: list[Path] = ()) -> Outcome:
    """Run ``setup``, then each ``(grade_id, source)`` cell, then ``probe`` in a fresh process.

    Args:
        setup: trusted code run first (imports, seeds).
        cells: untrusted solution cells, in notebook order.
        probe: trusted code that calls the cells' definitions and sets ``result``.
        forbid_modules: top-level modules whose import from the cells fails (and is recorded).
        forbid_calls: dotted names whose calls from the cells are recorded.
        limits: CPU, memory, file-size and wall-clock limits.
        hide: extra paths the child must not see (the repository always is hidden).

    Returns:
        An :class:`Outcome`; this function does not raise for anything the child does.
    """
    job = {"setup": setup, "cells": [list(c) for c in cells], "probe": probe,
           "forbid_modules": list(forbid_modules), "forbid_calls": list(forbid_calls)}
    timed_out, raw, rc, log, seconds = _spawn(job, limits, hide)
    if timed_out:
        return Outcome("timeout", returncode=rc, stderr=log, seconds=seconds)
    if not raw:
        return Outcome(_died("crash", rc), returncode=rc, stderr=log, seconds=seconds)
    try:
        msg = json.loads(raw)
    except ValueError:
        return Outcome("bad-output", returncode=rc, stderr=log, seconds=seconds)
    return _outcome(msg, rc, log, seconds)


@dataclass
class Task:
    """One probe run for :func:`run_many`."""

    id: str
    cells: list
    probe: str
    forbid_modules: tuple = ()
    forbid_calls: tuple = ()
    limits: Limits = Limits()


def run_many(setup: str, tasks: list[Task], hide: list[Path] = ()) -> dict[str, Outcome]:
    """Run several probes that share ``setup``, each in its own forked child of one sandbox.

    The sandboxed parent imports the setup's modules once and forks a pristine copy per task,
    so each task is as isolated from the others as with :func:`run` at a fraction of the
    start-up cost. Tasks the batch could not answer (the whole sandbox died or overran) are
    rerun one by one with :func:`run`, so every task gets its own precise outcome.
    """
    if not tasks:
        return {}
    pieces = [{"id": t.id, "cells": [list(c) for c in t.cells], "probe": t.probe,
               "forbid_modules": list(t.forbid_modules), "forbid_calls": list(t.forbid_calls),
               "wall": t.limits.wall, "cpu": t.limits.cpu} for t in tasks]
    total = Limits(wall=sum(t.limits.wall for t in tasks) + 30, cpu=sum(t.limits.cpu for t in tasks) + 30,
                   memory=max(t.limits.memory for t in tasks), file_size=max(t.limits.file_size for t in tasks))
    _, raw, rc, log, seconds = _spawn({"setup": setup, "probes": pieces}, total, hide)
    out: dict[str, Outcome] = {}
    ids = {t.id for t in tasks}
    for line in raw.split(b"\n"):
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if isinstance(msg, dict) and msg.get("id") in ids and msg["id"] not in out:
            out[msg["id"]] = _outcome(msg, rc, log, seconds / len(tasks))
    for t in tasks:
        if t.id not in out:
            out[t.id] = run(setup, t.cells, t.probe, forbid_modules=t.forbid_modules,
                            forbid_calls=t.forbid_calls, limits=t.limits, hide=hide)
    return out
