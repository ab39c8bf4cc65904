"""The examples launched as their docstrings say: examples/ddp_allreduce_demo.py (notebook 10's
two-process job) and examples/ddp_train.py; and bench/allreduce.py --quick."""

import json
import re
import sys

import pytest

from dist_helpers import ROOT, launch, run

pytest.importorskip("mpi4py", reason="autograd_core.distributed needs mpi4py (pip install mpi4py mpich)")
pytestmark = pytest.mark.slow  # real processes: 3-10 s each (more on a loaded machine)
NUMBERS = re.compile(r"\[([^\]]*)\]")


def test_allreduce_demo_prints_the_full_batch_gradient(tmp_path):
    proc = run([sys.executable, str(ROOT / "examples" / "ddp_allreduce_demo.py")], "ddp_allreduce_demo.py",
               timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert len(lines) == 7 and lines[-1].endswith(": True"), lines
    grads = {line.split(":")[0].strip(): [float(v) for v in NUMBERS.search(line).group(1).split(",")]
             for line in lines[1:6]}
    local0, local1 = grads["rank 0 local weight.grad"], grads["rank 1 local weight.grad"]
    averaged = [(a + b) / 2 for a, b in zip(local0, local1)]
    assert local0 != local1
    for name in ("all-reduced (average)", "DDP's weight.grad", "full-batch weight.grad"):
        assert grads[name] == pytest.approx(averaged, abs=1e-4), name


def test_ddp_train_example_trains_and_keeps_the_replicas_identical(tmp_path):
    proc = launch(2, ROOT / "examples" / "ddp_train.py", "--epochs", 2, marker="ddp_train.py",
                  timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    losses = [float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith("epoch")]
    assert len(losses) == 2 and losses[-1] < losses[0]
    assert lines[-1].startswith("replicas identical: True")


def test_allreduce_bench_quick_writes_its_table(tmp_path):
    out = tmp_path / "allreduce.json"
    proc = run([sys.executable, str(ROOT / "bench" / "allreduce.py"), "--quick", "--out", str(out)],
               "bench/allreduce.py", timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(out.read_text())
    assert [r["params"] for r in result["rows"]] == [1_000, 100_000]
    assert all(r["median_s"] > 0 for r in result["rows"])
    assert result["bandwidth_Bps"] is None or result["bandwidth_Bps"] > 0  # None: too noisy to fit
    assert "| parameters |" in proc.stdout and "Ring model" in proc.stdout
