"""The launcher (python -m autograd_core.distributed.run): torchrun's variables in every rank, the
worst exit status of the ranks, Ctrl-C/SIGTERM stopping every rank, the error when there is no
mpiexec; and seed 000's DDP block run unchanged in two processes."""

import importlib.util
import os
import signal
import subprocess
import sys
import time

import pytest

from dist_helpers import ENV, HERE, ROOT, launch, left_behind, run

pytest.importorskip("mpi4py", reason="autograd_core.distributed needs mpi4py (pip install mpi4py mpich)")
pytestmark = pytest.mark.slow  # real processes: 3-10 s each (more on a loaded machine)
SEEDS = ROOT / "tests" / "seed_programs"


def test_ranks_get_torchruns_variables_and_the_worst_code_is_returned(tmp_path):
    """Rank 0 exits with 5, rank 1 with 3: mpiexec alone would exit with 5 | 3 = 7 (MPICH ORs
    the codes); the launcher exits with the worst, 5. (Exit 0 is every other launch's.)"""
    proc = launch(2, HERE / "job_exit.py", tmp_path, 5, 3, marker=tmp_path, timeout=60)
    assert proc.returncode == 5, proc.stderr[-2000:]
    lines = sorted(proc.stdout.splitlines())
    assert lines == [f"RANK={r} WORLD_SIZE=2 LOCAL_RANK={r} LOCAL_WORLD_SIZE=2 GROUP_RANK=0"
                     for r in range(2)]
    assert not left_behind(tmp_path)


def test_sigterm_stops_every_rank(tmp_path):
    script = tmp_path / "sleep.py"
    script.write_text("import time, sys\nprint('up', flush=True)\ntime.sleep(120)\n")
    cmd = [sys.executable, "-m", "autograd_core.distributed.run", "-n", "2", str(script)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        seen = ""
        while seen.count("up") < 2:  # mpiexec forwards both ranks' output, lines may interleave
            line = proc.stdout.readline()
            assert line, f"a rank did not start: {seen!r}"
            seen += line
        assert len(left_behind(script)) >= 3  # mpiexec and the two ranks
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) != 0
        deadline = time.time() + 10
        while left_behind(script) and time.time() < deadline:
            time.sleep(0.1)
        assert not left_behind(script), "a rank outlived the launcher"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in left_behind(script):
            os.kill(pid, signal.SIGKILL)
        proc.communicate()


def test_no_mpiexec_names_the_fix(tmp_path):
    cmd = [sys.executable, "-m", "autograd_core.distributed.run", "--mpiexec", str(tmp_path / "none"),
           "-n", "2", str(HERE / "job_exit.py"), "x", "0", "0"]
    proc = run(cmd, tmp_path, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "no mpiexec found" in proc.stderr and "pip install mpich" in proc.stderr


def test_seed_000_ddp_block_in_two_processes_prints_what_one_process_prints(tmp_path):
    """The block's gradients, averaged over two shards, are the full batch's: the printout of two
    autograd_core processes equals a single one's (which tests/test_seed_programs.py compares with
    torch's), numbers to a float tolerance."""
    spec = importlib.util.spec_from_file_location("seed_compare", ROOT / "tests" / "programs.py")
    compare = importlib.util.module_from_spec(spec)  # the seed programs' own line comparison
    spec.loader.exec_module(compare)
    program = SEEDS / "s000_09_ddp.py"
    args = [SEEDS / "_runner.py", "autograd_core", program]
    two = launch(2, *args, marker=tmp_path, cwd=tmp_path, timeout=60)
    one = run([sys.executable, *map(str, args)], tmp_path, cwd=tmp_path, timeout=60)
    assert two.returncode == 0 and one.returncode == 0, two.stderr[-2000:] + one.stderr[-2000:]
    a, b = two.stdout.splitlines(), one.stdout.splitlines()
    assert len(a) == len(b) == 3 and a[0].startswith("DistributedDataParallel Linear")
    assert all(compare.same_line(x, y) for x, y in zip(a, b)), (a, b)
