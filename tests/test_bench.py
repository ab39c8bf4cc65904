"""The benchmark suite runs (on tiny sizes) and reports what it measured. Nothing here is timed.

The bench command runs in a subprocess: it changes its own BLAS thread settings, which must never
leak into the test process. Reports go to a tmp dir via --out, never over docs/.
"""
import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTIONS = ("## Targets (issue 6)", "## 1. ", "## 2. ", "## 3. ", "## 4. Memory", "## 5. Scale", "## Where the time goes", "## GPU")


def _bench(*args, env=None, timeout=600):
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    proc = _bench("--quick", "--out", str(out))
    assert proc.returncode == 0, f"python -m bench --quick failed:\n{proc.stderr[-3000:]}"
    with open(out / "bench_results.json") as f:
        return out, json.load(f), proc


@pytest.mark.slow
def test_quick_run_writes_every_section_and_the_figure(quick_run):
    out, _, _ = quick_run
    md = (out / "benchmarks.md").read_text()
    missing = [s for s in SECTIONS if s not in md]
    assert not missing, f"benchmarks.md lacks sections {missing}"
    assert "--quick sizes: not a measurement" in md
    png = (out / "figures" / "bench_ratios.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "figures/bench_ratios.png is not a PNG"
    assert "![time ratios per workload](figures/bench_ratios.png)" in md


@pytest.mark.slow
def test_quick_run_times_torch_and_numpy_after_the_gradient_check(quick_run):
    # torch is timed only if its gradients matched the hand-written numpy baseline, so this also
    # checks the baselines' hand-derived backward passes against torch.
    _, res, _ = quick_run
    for name in ("small_chain", "mlp", "matmul"):
        engines = res[name]["engines"]
        for eng in ("numpy", "torch"):
            got = engines[eng]
            assert "median" in got, f"{name}/{eng} was not timed: {got.get('missing')}"
            assert 0 < got["min"] <= got["median"], f"{name}/{eng}: min {got['min']} median {got['median']}"
            assert len(got["samples"]) == res["meta"]["reps"]


@pytest.mark.slow
def test_quick_run_reports_unavailable_engines_with_the_reason(quick_run):
    out, res, _ = quick_run
    md = (out / "benchmarks.md").read_text()
    for name, meta in res["meta"]["engines"].items():
        if not meta["available"]:
            assert meta["missing"], f"engine {name} unavailable without a reason"
            assert meta["missing"] in md, f"benchmarks.md does not say why {name} is missing"


@pytest.mark.slow
def test_quick_run_pins_blas_threads_in_its_own_process_only(quick_run):
    _, res, _ = quick_run
    env = res["meta"]["env"]
    assert "threads=1" in env["blas (threadpoolctl)"], env["blas (threadpoolctl)"]
    assert "OPENBLAS_NUM_THREADS=1" in env["thread env"]
    # The test process keeps the machine's settings (the bench only changed its own environment).
    for var in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        if var in env["removed env"]:
            assert var in os.environ, f"{var} vanished from the test process"


@pytest.mark.slow
def test_only_runs_one_section_and_never_writes_docs(tmp_path):
    before = os.path.getmtime(os.path.join(ROOT, "docs")) if os.path.exists(os.path.join(ROOT, "docs")) else None
    proc = _bench("--quick", "--only", "small_chain", "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    md = (tmp_path / "benchmarks.md").read_text()
    assert "## 1. " in md
    assert "## 2. " not in md and "## 4. Memory" not in md, "--only small_chain ran other sections"
    res = json.loads((tmp_path / "bench_results.json").read_text())
    assert res["meta"]["sections"] == ["small_chain"]
    if before is not None:
        assert os.path.getmtime(os.path.join(ROOT, "docs")) == before, "a --out run touched docs/"


def test_bad_option_is_rejected_with_usage():
    proc = _bench("--only", "nonsense", timeout=120)
    assert proc.returncode == 2
    assert "invalid choice: 'nonsense'" in proc.stderr


def test_importing_bench_changes_no_environment():
    before = dict(os.environ)
    import bench
    import bench._env  # noqa: F401

    assert dict(os.environ) == before
    assert bench.__doc__


def test_gradient_check_names_the_wrong_element():
    from bench import workloads

    w = workloads.SmallChain(quick=True)
    ref = w.numpy(np).grads()
    wrong = {"x": ref["x"].copy()}
    wrong["x"][3] += 1e-2
    with pytest.raises(AssertionError, match=r"small_chain/fake: grad x\[3\]"):
        workloads.check_grads(w, "fake", wrong, ref)
    workloads.check_grads(w, "same", {"x": ref["x"].copy()}, ref)  # identical gradients pass


def test_numpy_mlp_baseline_matches_finite_differences():
    # The hand-written backward is the reference every engine is checked against: check it alone.
    from bench import workloads

    w = workloads.MLP(quick=True)
    w.params = [p.astype(np.float64) for p in w.params]
    w.x = w.x.astype(np.float64)
    grads = w.numpy(np).grads()

    def loss(ps):
        h = w.x
        for i in range(0, len(ps), 2):
            h = (np.maximum(h, 0) if i else h) @ ps[i].T + ps[i + 1]
        m = h.max(1, keepdims=True)
        lse = np.log(np.exp(h - m).sum(1)) + m[:, 0]
        return (lse - h[np.arange(len(w.y)), w.y]).mean()

    rng = np.random.default_rng(5)
    for k, name in enumerate(w.param_names()):
        idx = tuple(rng.integers(0, s) for s in w.params[k].shape)
        ps_plus = [p.copy() for p in w.params]
        ps_minus = [p.copy() for p in w.params]
        ps_plus[k][idx] += 1e-6
        ps_minus[k][idx] -= 1e-6
        fd = (loss(ps_plus) - loss(ps_minus)) / 2e-6
        assert abs(grads[name][idx] - fd) <= 1e-6 + 1e-5 * abs(fd), f"d loss/d {name}{list(idx)}: {grads[name][idx]} vs {fd}"


def test_gpu_script_without_cuda_exits_2_with_a_clear_message():
    if importlib.util.find_spec("cupy") is not None:
        pytest.skip("cupy is installed here; the missing-cupy message cannot be observed")
    proc = subprocess.run([sys.executable, os.path.join("bench", "gpu.py")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "cupy is not installed" in proc.stderr and "Nothing was measured." in proc.stderr


@pytest.mark.slow
def test_gpu_script_runs_its_workloads_with_an_array_module_standing_in_for_cupy(tmp_path):
    # No GPU here: a stand-in `cupy` that is numpy runs every code path but the device itself.
    fake = tmp_path / "fake" / "cupy"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(
        "from numpy import *  # noqa\nimport types\n__version__ = 'stand-in'\n"
        "class _Device:\n    def synchronize(self):\n        pass\n"
        "cuda = types.SimpleNamespace(Device=_Device, runtime=types.SimpleNamespace(\n"
        "    getDeviceCount=lambda: 1, getDeviceProperties=lambda i: {'name': b'stand-in'}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(fake.parent))
    out = tmp_path / "gpu.json"
    # Only the hand-written engines: torch or autograd_core would take the stand-in for a real GPU.
    proc = subprocess.run([sys.executable, os.path.join("bench", "gpu.py"), "--quick", "--out", str(out),
                           "--engines", "cupy by hand"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(out.read_text())
    assert res["meta"]["quick"] is True and len(res["workloads"]) == 3
    for w in res["workloads"]:
        assert "median" in w["engines"]["cupy by hand"], (w["title"], w["engines"])


@pytest.mark.slow
def test_quick_run_counts_what_a_first_order_backward_creates(quick_run):
    # The report's reading of "create_graph=False pays nothing for higher-order support".
    _, res, _ = quick_run
    objs = res["profile"]["backward_objects"]
    assert objs["first_order"]["nodes"] == 0, objs
    assert objs["first_order"]["tensors"] <= 3, objs       # the root gradient and the leaf's .grad
    # The contrast: with create_graph the rules record, one node for each `* 1.01` and each tanh
    # of the chain (torch's MulBackward0 and TanhBackwardBackward0); `+ 0.1` and `- 0.05` pass g on.
    assert objs["create_graph"]["nodes"] >= (objs["graph_nodes"] - 2) // 2, objs


@pytest.mark.slow
def test_quick_run_times_the_floor_tape_where_it_applies(quick_run):
    _, res, _ = quick_run
    assert "median" in res["small_chain"]["engines"]["tape"], res["small_chain"]["engines"]["tape"]
    assert res["mlp"]["engines"]["tape"]["missing"].startswith("not applicable"), res["mlp"]["engines"]["tape"]
