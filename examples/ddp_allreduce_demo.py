"""A real two-process data-parallel step, for a notebook cell (notebook 10):

    python examples/ddp_allreduce_demo.py        # starts itself in 2 processes and prints

Each process computes the gradient of its half of the batch; an all-reduce (average) makes them
one; that is the gradient of the full batch, which rank 0 also computes alone for comparison,
and what DistributedDataParallel's backward leaves in ``.grad``. The weights and data are fixed
numbers, so the printed lines are the same on every run.
"""

import os
import subprocess
import sys

ROWS = [[1.0, 2.0, -1.0], [0.5, -1.5, 2.0], [3.0, 0.0, 1.0], [-2.0, 1.0, 0.5],
        [1.5, 1.5, -0.5], [0.0, -2.0, 1.0], [2.5, -0.5, 0.0], [-1.0, 0.5, 2.5]]
TARGETS = [[1.0], [-0.5], [2.0], [0.0], [1.5], [-1.0], [0.5], [2.0]]


def model(torch):
    m = torch.nn.Linear(3, 1)
    with torch.no_grad():
        m.weight.copy_(torch.tensor([[0.5, -0.25, 0.75]]))
        m.bias.copy_(torch.tensor([0.1]))
    return m


def fmt(t):
    return "[" + ", ".join(f"{v:+.4f}" for v in t.flatten().tolist()) + "]"


def rank_main():
    import autograd_core as torch
    import autograd_core.distributed as dist
    from autograd_core.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("mpi")
    rank, world = dist.get_rank(), dist.get_world_size()
    x, y = torch.tensor(ROWS), torch.tensor(TARGETS)
    shard = slice(rank, None, world)  # rank r takes rows r, r + world, ...
    loss_fn = torch.nn.MSELoss()

    m = model(torch)  # 1. by hand: the local gradient, then an all-reduce
    loss_fn(m(x[shard]), y[shard]).backward()
    local = m.weight.grad.clone()
    shards = [torch.zeros_like(local) for _ in range(world)]
    dist.all_gather(shards, local)
    averaged = local.clone()
    dist.all_reduce(averaged, op=dist.ReduceOp.AVG)

    ddp = DDP(model(torch))  # 2. DistributedDataParallel does the same inside backward
    loss_fn(ddp(x[shard]), y[shard]).backward()
    from_ddp = ddp.module.weight.grad

    if rank == 0:
        full = model(torch)  # 3. one process, the whole batch
        loss_fn(full(x), y).backward()
        print(f"{world} processes, {len(ROWS) // world} rows each, Linear(3, 1), MSELoss")
        for r, g in enumerate(shards):
            print(f"rank {r} local weight.grad:   {fmt(g)}")
        print(f"all-reduced (average):     {fmt(averaged)}")
        print(f"DDP's weight.grad:         {fmt(from_ddp)}")
        print(f"full-batch weight.grad:    {fmt(full.weight.grad)}")
        same = torch.allclose(averaged, full.weight.grad) and torch.allclose(from_ddp, averaged)
        print(f"all-reduced == full batch (to float32 rounding): {same}")
    dist.destroy_process_group()


def main():
    """Outside a launcher: run this file in two processes and relay their output."""
    cmd = [sys.executable, "-m", "autograd_core.distributed.run", "-n", "2", os.path.abspath(__file__)]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", AC_DDP_DEMO_RANK="1")
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    sys.stdout.write(proc.stdout)
    if proc.returncode:
        sys.stderr.write(proc.stderr)
    return proc.returncode


if __name__ == "__main__":
    if os.environ.get("AC_DDP_DEMO_RANK"):
        rank_main()
    else:
        sys.exit(main())
