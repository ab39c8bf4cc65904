"""Data-parallel training with DistributedDataParallel, launched in N processes:

    python -m autograd_core.distributed.run -n 2 examples/ddp_train.py --epochs 5

Every process builds the model (from its own seed: the wrap broadcasts rank 0's parameters),
reads its shard of the data set through a DistributedSampler, and trains; backward averages the
gradients across processes, so the replicas stay identical. Rank 0 prints the mean loss of each
epoch over all ranks (an all-reduce) and, at the end, that every replica holds the same weights.
Run alone (``python examples/ddp_train.py``) it is a group of one.
"""

import argparse

import autograd_core as torch
import autograd_core.distributed as dist
from autograd_core.nn.parallel import DistributedDataParallel as DDP
from autograd_core.utils.data import DataLoader, DistributedSampler, TensorDataset


def dataset(n=96):
    """y = sin(x0) + 0.5 x1 x2 on a fixed grid of points: the same on every rank, no RNG."""
    t = torch.arange(n, dtype=torch.float32)
    x = torch.stack([torch.sin(0.37 * t), torch.cos(0.21 * t), torch.sin(0.13 * t + 1)], dim=1)
    y = (torch.sin(x[:, 0]) + 0.5 * x[:, 1] * x[:, 2]).unsqueeze(1)
    return TensorDataset(x, y)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--epochs", type=int, default=5)
    p.add_argument("--batch-size", type=int, default=8, help="per process")
    p.add_argument("--lr", type=float, default=0.05)
    args = p.parse_args(argv)

    dist.init_process_group("mpi")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(rank)  # different on purpose: DDP broadcasts rank 0's parameters
    model = torch.nn.Sequential(torch.nn.Linear(3, 32), torch.nn.Tanh(), torch.nn.Linear(32, 1))
    ddp = DDP(model)
    data = dataset()
    sampler = DistributedSampler(data, shuffle=True, seed=0)
    loader = DataLoader(data, batch_size=args.batch_size, sampler=sampler)
    opt = torch.optim.SGD(ddp.parameters(), lr=args.lr, momentum=0.9)
    if rank == 0:
        print(f"{world} processes, {len(sampler)} samples each per epoch, batch {args.batch_size}")
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)  # a new shuffle, the same on every rank
        total = torch.zeros(2)
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(ddp(x), y)
            loss.backward()  # the gradients are averaged across processes here
            opt.step()
            total += torch.tensor([loss.item() * len(x), len(x)])
        dist.all_reduce(total)  # every rank's sum of losses and count
        if rank == 0:
            print(f"epoch {epoch}: mean loss {total[0].item() / total[1].item():.5f}")
    checksum = torch.stack([p.detach().double().sum() for p in model.parameters()]).sum()
    sums = [torch.zeros((), dtype=torch.float64) for _ in range(world)]
    dist.all_gather(sums, checksum.reshape(()))
    if rank == 0:
        same = all(s.item() == sums[0].item() for s in sums)
        print(f"replicas identical: {same} (parameter sum {sums[0].item():.6f})")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
