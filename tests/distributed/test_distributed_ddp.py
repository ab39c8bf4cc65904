"""DistributedDataParallel in two real processes (job_ddp.py through the launcher) against one
process training on the full batch: equal and unequal shards (the sampler's padding), buckets
launched while backward is still running (the order of hooks), no_sync accumulation, unused
parameters, and the broadcast at wrap time."""

import json

import pytest

import autograd_core as ac
from ddp_cases import LR, MOMENTUM, SCENARIOS, TwoHeads, data, grads, make_model, params
from dist_helpers import HERE, launch, left_behind

pytest.importorskip("mpi4py", reason="autograd_core.distributed needs mpi4py (pip install mpi4py mpich)")
pytestmark = pytest.mark.slow  # real processes: 3-10 s each (more on a loaded machine)
F = ac.nn.functional


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    out = tmp_path_factory.mktemp("ddp")
    proc = launch(2, HERE / "job_ddp.py", out, marker=out, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert not left_behind(out), "processes of the job are still running"
    return [json.loads((out / f"ddp.{r}.json").read_text()) for r in range(2)]


def close(a, b, tol=1e-5):
    flat = lambda x: [v for y in x for v in (flat(y) if isinstance(y, list) else [y])]  # noqa: E731
    xa, xb = flat(a), flat(b)
    return len(xa) == len(xb) and all(abs(x - y) <= tol * (1 + abs(y)) for x, y in zip(xa, xb))


def full_batch(n, batches, epochs):
    """One process, one model (rank 0's initialisation), each step on the union of the ranks'
    batches (with the sampler's repeated indices)."""
    model = make_model(ac, seed=10)
    opt = ac.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
    X, Y = data(ac, n)
    for step in zip(*batches):
        idx = ac.tensor([i for b in step for i in b])
        opt.zero_grad()
        F.mse_loss(model(X[idx]), Y[idx]).backward()
        opt.step()
    return params(model)


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_ddp_training_equals_full_batch_training(ranks, scenario):
    kw = SCENARIOS[scenario]
    got = [r[scenario] for r in ranks]
    assert got[0]["initial"] == params(make_model(ac, seed=10)), "rank 0's parameters"
    assert got[1]["initial"] == got[0]["initial"], "the wrap broadcasts rank 0's parameters"
    assert got[0]["buckets"] > 1
    seen = sorted(i for r in got for b in r["batches"] for i in b)
    per_epoch = -(-kw["n"] // 2) * 2
    assert len(seen) == per_epoch * kw["epochs"] and set(seen) == set(range(kw["n"]))
    expected = full_batch(kw["n"], [r["batches"] for r in got], kw["epochs"])
    untrained = params(make_model(ac, seed=10))
    assert not close(expected, untrained), "training moved the parameters"
    for r in got:
        assert close(r["final"], expected), "a replica differs from full-batch training"


def test_unequal_shards_are_padded_by_repeating_an_index(ranks):
    batches = [r["unequal_shards"]["batches"] for r in ranks]
    first_epoch = [i for b in batches[0][:2] + batches[1][:2] for i in b]
    assert len(first_epoch) == 8 and len(set(first_epoch)) == 7


def test_a_bucket_is_launched_before_backward_has_computed_every_gradient(ranks):
    """In every iteration (the first with buckets in reverse parameter order, the later ones in
    the order gradients became ready, torch's rebuild) the first bucket's all-reduce is launched
    while gradients are still being computed, so later parameters get theirs after it (the
    overlap DDP exists for): the engine runs a leaf's AccumulateGrad as soon as it is ready."""
    for r in ranks:
        for log in r["hook_order"]:
            launches = [i for i, e in enumerate(log) if e.startswith("launch")]
            grads = [i for i, e in enumerate(log) if e.startswith("grad")]
            assert len(launches) == 2 and len(grads) == 6, log
            assert grads[0] < launches[0] < grads[-1], log


def test_no_sync_accumulates_locally_then_averages_the_sum(ranks):
    model = make_model(ac, seed=10)
    X, Y = data(ac, 8)
    F.mse_loss(model(X[:4]), Y[:4]).backward()
    F.mse_loss(model(X[4:]), Y[4:]).backward()
    expected = grads(model)
    assert ranks[0]["accumulate"]["launched_under_no_sync"] == 0
    assert not close(ranks[0]["accumulate"]["local_after_no_sync"],
                     ranks[1]["accumulate"]["local_after_no_sync"]), "local gradients differ"
    for r in ranks:
        assert close(r["accumulate"]["grads"], expected)


def test_find_unused_parameters_trains_the_used_ones(ranks):
    model = TwoHeads.make(ac, seed=10)
    opt = ac.optim.SGD(model.parameters(), lr=LR)
    X, Y = data(ac, 8)
    for _ in range(2):
        opt.zero_grad()
        F.mse_loss(model(X), Y).backward()
        opt.step()
    for r in ranks:
        assert close(r["unused"]["final"], params(model))
        assert r["unused"]["grads"][-2:] == [None, None]


def test_the_wrap_broadcasts_rank_0s_buffers(ranks):
    assert [r["buffers"] for r in ranks] == [{"running_mean": [1.0, 1.0], "weight": [2.0, 2.0]}] * 2
