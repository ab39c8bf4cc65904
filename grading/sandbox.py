"""Run untrusted notebook code in a separate, limited process and get back only data.

The child runs in the jail of :mod:`grading.jail` (an allow-listed, read-only file system with
only a small tmpfs writable, no network, an unprivileged uid, a clean environment, resource
limits); without bubblewrap, in a plain subprocess, and the caller reports which one ran
(:func:`isolation`). The parent enforces a wall-clock timeout by killing the child's session.
The child answers with JSON on a pipe (never pickle); the parent survives anything it does.
"""
from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from grading import jail
from grading.jail import Limits

# matplotlib deferred first (grading._defer_matplotlib), then the child itself
CHILD_SOURCE = "\n".join((Path(__file__).parent / f).read_text() for f in ("_defer_matplotlib.py", "_sandbox_child.py"))
MAX_OUTPUT = 64 << 20  # bytes of result JSON the parent will read
MAX_LOG = 8 << 10      # bytes of the child's stdout/stderr kept for the report


@dataclass
class Outcome:
    """What came back from one sandboxed run.

    status: "ok" (the test ran to its end), "error" (it raised; ``error`` = (type, message, tb)),
    "timeout", "crash" (died without answering: os._exit, a signal, the memory limit) or
    "bad-output" (answered something that is not a valid result).
    """

    status: str
    records: list = field(default_factory=list)
    error: tuple | None = None
    phase: str | None = None
    forbidden: list = field(default_factory=list)
    cell_errors: list = field(default_factory=list)
    tampered: list = field(default_factory=list)   # parts of the checks changed while the test ran
    returncode: int | None = None
    stderr: str = ""
    seconds: float = 0.0

    @classmethod
    def from_dict(cls, d: dict) -> "Outcome":
        """An Outcome from ``asdict`` (as it travels back from a grading worker, grading.job)."""
        d = dict(d)
        d["error"] = tuple(d["error"]) if d.get("error") else None
        return cls(**d)

    @property
    def memory_exhausted(self) -> bool:
        return ("MemoryError" in self.error[:2]) if self.error else \
            any(e[1:2] == ["MemoryError"] for e in self.cell_errors)


def isolation() -> str:
    """``"bwrap"`` when bubblewrap isolates the re-check, else ``"subprocess"``."""
    return jail.isolation()


def _spawn(job: dict, limits: Limits, files: dict[str, bytes] | None = None
           ) -> tuple[bool, bytes, int | None, str, float]:
    """Start the child with ``job`` on stdin; returns (timed_out, answer bytes, returncode,
    first bytes of its stdout/stderr, seconds). Never raises for what the child does."""
    read_fd, write_fd = os.pipe()
    job = json.dumps({**job, "fd": write_fd})
    launch = jail.command([sys.executable, "-I", "-c", CHILD_SOURCE], limits, files=files)
    start = time.monotonic()
    try:
        proc = subprocess.Popen(launch.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, pass_fds=(write_fd, *launch.pass_fds),
                                cwd=launch.cwd, env=launch.env, start_new_session=True,
                                preexec_fn=launch.preexec_fn)
    except OSError as e:
        os.close(read_fd)
        os.close(write_fd)
        launch.close()
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
        launch.close()
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
        records = msg.get("records")
        if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
            raise ValueError("records")
        cell_errors = [[str(x) for x in e][:3] for e in msg.get("cell_errors") or []][:100]
        tampered = [str(x) for x in msg.get("tampered") or []][:10]
        phase = msg.get("phase")
        return Outcome(status, records=records, error=error, phase=str(phase) if phase else None,
                       forbidden=forbidden, cell_errors=cell_errors, tampered=tampered, returncode=returncode,
                       stderr=log, seconds=seconds)
    except (ValueError, KeyError, TypeError, AttributeError):
        return Outcome("bad-output", returncode=returncode, stderr=log, seconds=seconds)


@dataclass
class Task:
    """One exercise's test cell to run: the instructor's ``setup_cells`` and ``test``, the
    student's (or the reference's) solution ``cells``, each a list of ``(grade_id, source)``."""

    id: str
    setup_cells: list
    cells: list
    test: str
    forbid_modules: tuple = ()
    forbid_calls: tuple = ()
    limits: Limits = Limits()

    @classmethod
    def from_dict(cls, d: dict) -> "Task":
        """A Task from ``asdict`` (as it travels to a grading worker, grading.job)."""
        d = dict(d)
        d["limits"] = Limits(**d["limits"])
        d["setup_cells"], d["cells"] = [tuple(c) for c in d["setup_cells"]], [tuple(c) for c in d["cells"]]
        d["forbid_modules"], d["forbid_calls"] = tuple(d["forbid_modules"]), tuple(d["forbid_calls"])
        return cls(**d)

    def job(self) -> dict:
        return {"id": self.id, "setup_cells": [list(c) for c in self.setup_cells],
                "cells": [list(c) for c in self.cells], "test": self.test,
                "forbid_modules": list(self.forbid_modules), "forbid_calls": list(self.forbid_calls),
                "wall": self.limits.wall, "cpu": self.limits.cpu}


def run(task: Task, files: dict[str, bytes] | None = None) -> Outcome:
    """Run one :class:`Task` in a fresh jailed process (with ``files`` copied in, see
    :func:`grading.jail.command`).

    Returns:
        An :class:`Outcome`; this function does not raise for anything the child does.
    """
    timed_out, raw, rc, log, seconds = _spawn(task.job(), task.limits, files)
    if timed_out:
        return Outcome("timeout", returncode=rc, stderr=log, seconds=seconds)
    if not raw:
        return Outcome(_died("crash", rc), returncode=rc, stderr=log, seconds=seconds)
    try:
        msg = json.loads(raw)
    except ValueError:
        return Outcome("bad-output", returncode=rc, stderr=log, seconds=seconds)
    return _outcome(msg, rc, log, seconds)


#: Imported once by a batch before it forks (the children start with these modules loaded).
WARMUP = "import numpy, autograd_core, autograd_checks\n"   # (matplotlib waits until used: _sandbox_child)


def run_many(tasks: list[Task], files: dict[str, bytes] | None = None) -> dict[str, Outcome]:
    """Run several tasks, each in its own forked child of one sandbox.

    The sandboxed parent imports the common modules once and forks a pristine copy per task,
    so each task is as isolated from the others as with :func:`run` at a fraction of the
    start-up cost. Tasks the batch could not answer (the whole sandbox died or overran) are
    rerun one by one with :func:`run`, so every task gets its own precise outcome.
    """
    if not tasks:
        return {}
    total = Limits(wall=sum(t.limits.wall for t in tasks) + 30, cpu=sum(t.limits.cpu for t in tasks) + 30,
                   memory=max(t.limits.memory for t in tasks), file_size=max(t.limits.file_size for t in tasks))
    _, raw, rc, log, seconds = _spawn({"setup": WARMUP, "jobs": [t.job() for t in tasks]}, total, files)
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
            out[t.id] = run(t, files)
    return out
