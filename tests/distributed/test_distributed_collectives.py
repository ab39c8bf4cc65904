"""autograd_core.distributed's collectives against torch's: the cases of job_collectives.py in a
group of one with torch (Gloo) and with autograd_core (MPI), compared record by record (values,
dtypes, requires_grad, grad_fn, versions, exception types and texts); the same cases in two
processes against what torch documents for them; torch's errors before init_process_group and for
unknown backends; and the error naming the fix when mpi4py or the MPI library is missing."""

import json
import math
import subprocess
import sys
import warnings

import pytest

import autograd_core as ac
import autograd_core.distributed as dist
from autograd_core.distributed import distributed_c10d as c10d
import job_collectives
from dist_helpers import ENV, HERE, launch, left_behind, run

torch = pytest.importorskip("torch", reason="torch is the oracle")
pytest.importorskip("mpi4py", reason="autograd_core.distributed needs mpi4py (pip install mpi4py mpich)")
JOB = HERE / "job_collectives.py"
# Where the two libraries differ on purpose (docs/distributed.md): the backend's name, the Tensor
# class's module in a type's repr, and the text of pybind's TypeError for a string as op.
RENAMES = [("ProcessGroupGloo", "ProcessGroupMPI"), ('"gloo"', '"mpi"'),
           ("autograd_core._tensor.Tensor", "torch.Tensor")]
SAME_TYPE_ONLY = {"reduce_op_name"}


def normalized(record):
    text = json.dumps(record)
    for a, b in RENAMES:
        text = text.replace(a, b)
    return json.loads(text)


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """Each library's records in a group of one: torch's here (a Gloo group of this process,
    destroyed at the end), autograd_core's in a process started alone (MPI is never started in
    the test process)."""
    out = tmp_path_factory.mktemp("alone")
    proc = run([sys.executable, str(JOB), "autograd_core", str(out)], out, timeout=120, cwd=out)
    assert proc.returncode == 0, proc.stderr[-3000:]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, expected = job_collectives.record("torch")
    assert not torch.distributed.is_initialized()
    return {"torch": normalized(json.loads(json.dumps(expected))),
            "autograd_core": normalized(json.loads((out / "autograd_core.0.json").read_text()))}


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    out = tmp_path_factory.mktemp("pair")
    proc = launch(2, JOB, "autograd_core", out, marker=out, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert not left_behind(out)
    return [normalized(json.loads((out / f"autograd_core.{r}.json").read_text())) for r in range(2)]


@pytest.mark.slow  # real processes
def test_every_case_is_recorded_by_both(alone):
    assert sorted(alone["torch"]) == sorted(alone["autograd_core"])
    assert len(alone["torch"]) >= 35


@pytest.mark.slow  # real processes
def test_records_match_torch_in_a_group_of_one(alone):
    diffs = []
    for case, expected in alone["torch"].items():
        got = alone["autograd_core"][case]
        if case in SAME_TYPE_ONLY:
            same = got[0] == expected[0]
        else:
            same = got == expected
        if not same:
            diffs.append(f"{case}:\n  torch:         {expected}\n  autograd_core: {got}")
    assert not diffs, "\n".join(diffs)


def _tensor(values, dtype="torch.float32", version=0, requires_grad=False, grad_fn=None):
    return {"values": values, "dtype": dtype, "requires_grad": requires_grad, "grad_fn": grad_fn,
            "version": version}


def expected_in_two(case, r):
    """torch's documented results for two ranks (each rank's input is its data times rank+1)."""
    ok = lambda t: ["ok", [None, t]]  # noqa: E731
    gathered = ["ok", [None, [_tensor([1.0, 2.0], version=1), _tensor([2.0, 4.0], version=1)]]]
    return {
        "rank_size": ["ok", [r, 2, True]],
        "sum": ok(_tensor([3.0, 6.0])),
        "avg": ok(_tensor([1.5, 3.0], version=1)),
        "max": ok(_tensor([2.0, -5.0])),
        "min": ok(_tensor([1.0, -10.0])),
        "product": ok(_tensor([18.0, 0.5])),
        "int_sum": ok(_tensor([3, 6], "torch.int64")),
        "int_max": ok(_tensor([2, -2], "torch.int64")),
        "bool_sum": ok(_tensor([True, False], "torch.bool")),
        "float16": ok(_tensor([1.5, 6.0], "torch.float16")),
        "scalar": ok(_tensor(5.0)),
        "non_contiguous": ok(_tensor([[0.0, 9.0], [3.0, 12.0], [6.0, 15.0]])),
        "leaf_requiring_grad": ok(_tensor([2.0, 2.0], requires_grad=True)),
        "non_leaf": ok(_tensor([4.0, 4.0], requires_grad=True, grad_fn="MulBackward0")),
        "view_writes_through": ["ok", _tensor([1.0, 2.0, 2.0, 1.0])],
        "async": ["ok", [True, _tensor([3.0, 6.0])]],
        "broadcast_0": ok(_tensor([1.0, 2.0])),
        "broadcast_last": ok(_tensor([2.0, 4.0])),
        "broadcast_bad_src": ["RuntimeError", "ProcessGroupMPI::broadcast: invalid root rank: 2"],
        "backend": ["ok", "mpi"],
        "all_gather": gathered,
        "all_gather_2d": ["ok", [None, [_tensor([[0.0] * 3] * 2, version=1),
                                        _tensor([[1.0] * 3] * 2, version=1)]]],
        "all_gather_wrong_length": ["RuntimeError", "ProcessGroupMPI::allgather: invalid output "
                                    "tensor list at index 0 (expected length 2, got 3)"],
        "barrier": ["ok", None],
    }.get(case)


@pytest.mark.slow  # real processes
def test_two_processes_get_torchs_documented_results(pair, alone):
    checked, diffs = 0, []
    for r, record in enumerate(pair):
        for case, got in record.items():
            if case == "float64":
                continue
            expected = expected_in_two(case, r)
            if expected is None:  # independent of the world size: as in a group of one
                expected = alone["autograd_core"][case]
            else:
                checked += 1
            if got != expected:
                diffs.append(f"rank {r} {case}:\n  got      {got}\n  expected {expected}")
        values = record["float64"][1][1]["values"]
        assert all(math.isclose(v, w) for v, w in zip(values, [0.3, 0.6]))
    assert not diffs, "\n".join(diffs)
    assert checked == 2 * 24


def _outcome(call):
    try:
        return "ok", call()
    except Exception as e:
        return type(e).__name__, str(e)


@pytest.mark.parametrize(
    "call",
    [
        lambda d, t: d.get_rank(),
        lambda d, t: d.get_world_size(),
        lambda d, t: d.all_reduce(t.ones(2)),
        lambda d, t: d.broadcast(t.ones(2), 0),
        lambda d, t: d.all_gather([t.ones(2)], t.ones(2)),
        lambda d, t: d.barrier(),
        lambda d, t: d.destroy_process_group(),
        lambda d, t: d.is_initialized(),
        lambda d, t: d.init_process_group("foo", init_method="file:///nonexistent", rank=0, world_size=1),
        lambda d, t: d.init_process_group(3),
        lambda d, t: d.ReduceOp.SUM.__repr__(),
        lambda d, t: [int(d.ReduceOp.AVG), int(d.ReduceOp.MAX), d.ReduceOp.PRODUCT.name],
        lambda d, t: t.nn.parallel.DistributedDataParallel(t.nn.Linear(2, 2)),
        lambda d, t: t.utils.data.DistributedSampler(range(4)),
        lambda d, t: list(t.utils.data.DistributedSampler(range(5), 2, 1, shuffle=False)),
        lambda d, t: t.utils.data.DistributedSampler(range(5), 2, 2),
    ],
)
def test_outside_a_process_group_as_torch(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = _outcome(lambda: call(torch.distributed, torch))
    assert _outcome(lambda: call(dist, ac)) == expected
    assert not dist.is_initialized() and not torch.distributed.is_initialized()


def test_backends_torchs_cpu_wheel_has_and_this_package_has_not():
    for name, spelled in (("gloo", "Gloo"), ("NCCL", "NCCL")):
        with pytest.raises(RuntimeError, match=f"Distributed package doesn't have {spelled} built in.*MPI"):
            dist.init_process_group(name)
    assert not dist.is_initialized()


def test_missing_mpi4py_names_the_fix(monkeypatch):
    monkeypatch.setitem(sys.modules, "mpi4py", None)
    monkeypatch.setitem(sys.modules, "mpi4py.MPI", None)
    monkeypatch.setattr(c10d, "_MPI", [])
    assert not dist.is_mpi_available() and not dist.is_available()
    with pytest.raises(RuntimeError, match=r"doesn't have MPI built in.*pip install mpi4py mpich"):
        dist.init_process_group("mpi")
    assert not dist.is_initialized()


@pytest.mark.slow  # real processes
def test_missing_mpi_library_names_the_fix(tmp_path):
    """mpi4py installed but its MPI library not there (MPI4PY_LIBMPI points nowhere)."""
    code = "import autograd_core.distributed as d\nd.init_process_group('mpi')\n"
    env = dict(ENV, MPI4PY_LIBMPI=str(tmp_path / "libmpi.so"))
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "RuntimeError: Distributed package doesn't have MPI built in" in proc.stderr
    assert "cannot load MPI library" in proc.stderr and "pip install mpi4py mpich" in proc.stderr
