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

CHILD_SOURCE = (Path(__file__).parent / "_sandbox_child.py").read_text()
MAX_OUTPUT = 64 << 20  # bytes of result JSON the parent will read
MAX_LOG = 8 << 10      # bytes of the child's stdout/stderr kept for the report


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


def isolation() -> str:
    """``"bwrap"`` when bubblewrap isolates the re-check, else ``"subprocess"``."""
    return jail.isolation()


def _spawn(job: dict, limits: Limits) -> tuple[bool, bytes, int | None, str, float]:
    """Start the child with ``job`` on stdin; returns (timed_out, answer bytes, returncode,
    first bytes of its stdout/stderr, seconds). Never raises for what the child does."""
    read_fd, write_fd = os.pipe()
    job = json.dumps({**job, "fd": write_fd})
    launch = jail.command([sys.executable, "-I", "-c", CHILD_SOURCE], limits)
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
        result = msg.get("result")
        if status == "ok" and not isinstance(result, dict):
            raise ValueError("result")
        phase = msg.get("phase")
        return Outcome(status, result=result, error=error, phase=str(phase) if phase else None,
                       forbidden=forbidden, returncode=returncode, stderr=log, seconds=seconds)
    except (ValueError, KeyError, TypeError, AttributeError):
        return Outcome("bad-output", returncode=returncode, stderr=log, seconds=seconds)


def run(setup: str, cells: list[tuple[str, str]], probe: str, *, forbid_modules=(), forbid_calls=(),
        limits: Limits = Limits()) -> Outcome:
    """Run ``setup``, then each ``(grade_id, source)`` cell, then ``probe`` in a fresh process.

    Args:
        setup: trusted code run first (imports, seeds).
        cells: untrusted solution cells, in notebook order.
        probe: trusted code that calls the cells' definitions and sets ``result``.
        forbid_modules: top-level modules whose import from the cells fails (and is recorded).
        forbid_calls: dotted names whose calls from the cells are recorded.
        limits: CPU, memory, file-size and wall-clock limits.

    Returns:
        An :class:`Outcome`; this function does not raise for anything the child does.
    """
    job = {"setup": setup, "cells": [list(c) for c in cells], "probe": probe,
           "forbid_modules": list(forbid_modules), "forbid_calls": list(forbid_calls)}
    timed_out, raw, rc, log, seconds = _spawn(job, limits)
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


def run_many(setup: str, tasks: list[Task]) -> dict[str, Outcome]:
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
    _, raw, rc, log, seconds = _spawn({"setup": setup, "probes": pieces}, total)
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
                            forbid_calls=t.forbid_calls, limits=t.limits)
    return out
