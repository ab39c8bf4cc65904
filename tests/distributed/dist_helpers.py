"""Start and stop the processes of a distributed test: every launch has a timeout, and on timeout
(or any failure) the launcher is sent SIGTERM (it passes it to mpiexec, which stops the ranks),
then SIGKILL, and any rank still alive (found by the job's unique folder in its command line) is
killed by its pid."""

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ENV = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0")


def _pids_mentioning(marker):
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit() and int(d.name) != os.getpid():
            try:
                if marker in (d / "cmdline").read_bytes().decode(errors="replace"):
                    pids.append(int(d.name))
            except OSError:
                pass
    return pids


def run(cmd, marker, timeout=60, cwd=None, env=None):
    """Run `cmd` in a new session; `marker` (a path unique to this job, in the ranks' command
    lines) finds processes left behind. Returns the CompletedProcess (stdout, stderr as text)."""
    proc = subprocess.Popen(
        cmd, cwd=cwd or ROOT, env=env or ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
        raise AssertionError(f"{cmd} ran past {timeout} s and was stopped:\n{err[-3000:]}")
    finally:
        for pid in _pids_mentioning(str(marker)):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def launch(n, script, *args, marker, timeout=60, cwd=None, env=None):
    """``python -m autograd_core.distributed.run -n N script args`` (see run)."""
    cmd = [sys.executable, "-m", "autograd_core.distributed.run", "-n", str(n), str(script)]
    return run(cmd + [str(a) for a in args], marker, timeout=timeout, cwd=cwd, env=env)


def left_behind(marker):
    return _pids_mentioning(str(marker))
