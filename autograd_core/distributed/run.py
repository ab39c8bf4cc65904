"""A launcher in the spirit of torchrun, over MPI: ``python -m autograd_core.distributed.run -n 2
script.py args...`` (or ``-m module args...``).

It runs the script in N processes with ``mpiexec`` (the one next to this Python, as the mpich wheel
installs it, else the first on PATH, or ``--mpiexec PATH``), each with torchrun's environment:
``RANK``, ``WORLD_SIZE``, ``LOCAL_RANK``, ``LOCAL_WORLD_SIZE``, ``GROUP_RANK``. It exits with the
worst exit status of the ranks (the largest; MPICH's mpiexec would OR them together), and with 2
and a message naming the fix when no mpiexec is found. Ctrl-C and SIGTERM reach every rank.
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile

# Each rank starts as this file run as a script, not ``-m``: `-m` would import autograd_core
# (numpy and all) in every rank before the script has asked for anything.
RANK_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_rank.py")
NO_MPIEXEC = (
    "autograd_core.distributed.run: no mpiexec found (looked next to {} and on PATH). Install an "
    "MPI with `pip install mpich mpi4py` (the mpich wheel puts mpiexec next to python), or "
    "Debian's OpenMPI with `apt install openmpi-bin`, or pass --mpiexec PATH."
)


def find_mpiexec(explicit=None):
    """The mpiexec to use: `explicit`, else $MPIEXEC, else the one beside sys.executable, else
    PATH's; None when there is none."""
    for candidate in (explicit, os.environ.get("MPIEXEC")):
        if candidate:
            return shutil.which(candidate)
    beside = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    return beside if os.access(beside, os.X_OK) else shutil.which("mpiexec")


def parse(argv):
    p = argparse.ArgumentParser(
        prog="python -m autograd_core.distributed.run",
        description="Run a script in N MPI processes, with torchrun's RANK/WORLD_SIZE/LOCAL_RANK.",
    )
    p.add_argument("-n", "--nproc-per-node", "--nproc_per_node", dest="n", type=int, default=1)
    p.add_argument("--mpiexec", help="the mpiexec program to use")
    p.add_argument("-m", "--module", action="store_true", help="run the target as a module")
    p.add_argument("target", help="the script (or module with -m)")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the script's arguments")
    args = p.parse_args(argv)
    if args.n < 1:
        p.error(f"-n must be a positive number of processes, got {args.n}")
    return args


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    mpiexec = find_mpiexec(args.mpiexec)
    if mpiexec is None:
        print(NO_MPIEXEC.format(os.path.dirname(sys.executable)), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="ac-run-") as codes:
        cmd = [mpiexec, "-n", str(args.n), sys.executable, RANK_SCRIPT]
        cmd += [codes, "-m" if args.module else "-f", args.target, *args.args]
        proc = subprocess.Popen(cmd)
        forward = lambda sig, frame: proc.send_signal(sig)  # noqa: E731 - mpiexec passes it on
        old = {s: signal.signal(s, forward) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            status = proc.wait()
        finally:
            for s, handler in old.items():
                signal.signal(s, handler)
        ranks = [int(open(os.path.join(codes, f)).read()) for f in os.listdir(codes)]
    return max(ranks) if any(ranks) or status == 0 else status


if __name__ == "__main__":
    sys.exit(main())
