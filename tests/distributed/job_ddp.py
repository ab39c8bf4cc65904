"""DistributedDataParallel in N processes (run by test_distributed_ddp.py through the launcher):

    python -m autograd_core.distributed.run -n 2 job_ddp.py OUT     # writes OUT/ddp.RANK.json

Each replica is initialised from its own seed (the wrap must broadcast rank 0's); the test
replays what every rank recorded (the indices of each batch) in one process on the full batch.
"""

import json
import os
import sys

import autograd_core as torch
import autograd_core.distributed as dist
from autograd_core.nn.parallel import DistributedDataParallel as DDP
from autograd_core.utils.data import DataLoader, DistributedSampler, TensorDataset

from ddp_cases import LR, MOMENTUM, SAMPLER_SEED, SCENARIOS, TwoHeads, data, grads, make_model, params

F = torch.nn.functional


def train(rank, n, batch, epochs):
    model = make_model(torch, seed=10 + rank)
    ddp = DDP(model, bucket_cap_mb=300 / 2**20)  # ~300-byte buckets: several of them
    initial = params(model)
    X, Y = data(torch, n)
    dataset = TensorDataset(X, Y, torch.arange(n))
    sampler = DistributedSampler(dataset, shuffle=True, seed=SAMPLER_SEED)
    loader = DataLoader(dataset, batch_size=batch, sampler=sampler)
    opt = torch.optim.SGD(ddp.parameters(), lr=LR, momentum=MOMENTUM)
    batches = []
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        for xb, yb, ib in loader:
            opt.zero_grad()
            F.mse_loss(ddp(xb), yb).backward()
            opt.step()
            batches.append(ib.tolist())
    return {"initial": initial, "final": params(model), "batches": batches,
            "buckets": len(ddp._buckets)}


def hook_order(rank):
    """The order of gradient computations and bucket launches in three iterations."""
    model = make_model(torch, seed=10)
    ddp = DDP(model, bucket_cap_mb=300 / 2**20)
    log, launch = [], dist.all_reduce

    def recording_all_reduce(tensor, *args, **kwargs):
        log.append(f"launch {tensor.numel()}")
        return launch(tensor, *args, **kwargs)

    dist.all_reduce = recording_all_reduce  # what DDP calls, looked up at each launch
    for name, p in model.named_parameters():
        p.register_hook(lambda g, name=name: log.append(f"grad {name}"))
    X, Y = data(torch, 8)
    iterations = []
    for _ in range(3):
        log.clear()
        F.mse_loss(ddp(X[rank::2]), Y[rank::2]).backward()
        iterations.append(list(log))
    dist.all_reduce = launch
    return iterations


def accumulate(rank):
    """Two micro-batches, the first under no_sync: the second backward averages the sum."""
    model = make_model(torch, seed=10 + rank)
    ddp = DDP(model)
    X, Y = data(torch, 8)
    launched, launch = [], dist.all_reduce
    dist.all_reduce = lambda *a, **k: (launched.append(1), launch(*a, **k))[1]
    with ddp.no_sync():
        F.mse_loss(ddp(X[rank:4:2]), Y[rank:4:2]).backward()
    under_no_sync = len(launched)
    local = grads(model)
    F.mse_loss(ddp(X[4 + rank :: 2]), Y[4 + rank :: 2]).backward()
    dist.all_reduce = launch
    return {"launched_under_no_sync": under_no_sync, "local_after_no_sync": local,
            "grads": grads(model)}


def unused(rank):
    model = TwoHeads.make(torch, seed=10 + rank)
    ddp = DDP(model, find_unused_parameters=True)
    opt = torch.optim.SGD(ddp.parameters(), lr=LR)
    X, Y = data(torch, 8)
    for step in range(2):
        opt.zero_grad()
        F.mse_loss(ddp(X[rank::2]), Y[rank::2]).backward()
        opt.step()
    return {"final": params(model), "grads": grads(model)}


def buffers(rank):
    m = torch.nn.BatchNorm1d(2)
    with torch.no_grad():
        m.running_mean.fill_(rank + 1.0)
        m.weight.fill_(rank + 2.0)
    DDP(m)
    return {"running_mean": m.running_mean.tolist(), "weight": m.weight.tolist()}


def main():
    out = sys.argv[1]
    dist.init_process_group("mpi")
    rank = dist.get_rank()
    record = {name: train(rank, **kw) for name, kw in SCENARIOS.items()}
    record["hook_order"] = hook_order(rank)
    record["accumulate"] = accumulate(rank)
    record["unused"] = unused(rank)
    record["buffers"] = buffers(rank)
    dist.destroy_process_group()
    with open(os.path.join(out, f"ddp.{rank}.json"), "w") as f:
        json.dump(record, f)


if __name__ == "__main__":
    main()
