# Seed 000, block 9, section 5.1: DistributedDataParallel. The block needs a process group, which
# the text does not set up; each process trains on its shard of the batch.
# Added lines: `import os`, `import torch`, `import torch.distributed as dist`; the process group
# (MPI where the library has it, as autograd_core does; torch's CPU wheels have Gloo only, which is
# given the launcher's RANK and WORLD_SIZE, or a group of one when run alone); the model, batch,
# target and criterion from fixed numbers, and this rank's shard of the batch; the prints (rank 0
# only) and destroy_process_group. Compared: all output. The averaged gradients of two processes
# are the full batch's: run alone or in two processes (tests/distributed), it prints the same.
import os

import torch
import torch.distributed as dist

if dist.is_mpi_available():
    dist.init_process_group("mpi")
else:
    dist.init_process_group(
        "gloo",
        init_method="file://" + os.path.abspath("ddp_rendezvous"),
        rank=int(os.environ.get("RANK", 0)),
        world_size=int(os.environ.get("WORLD_SIZE", 1)),
    )
rank, world = dist.get_rank(), dist.get_world_size()
model = torch.nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -0.25]]))
    model.bias.copy_(torch.tensor([0.1]))
batch = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [-2.0, 1.5]])
labels = torch.tensor([[1.0], [0.0], [2.0], [-1.0]])
input, target = batch[rank::world], labels[rank::world]
criterion = torch.nn.MSELoss()

model = torch.nn.parallel.DistributedDataParallel(model)
output = model(input)
loss = criterion(output, target)
loss.backward()  # 梯度会自动跨设备同步

if rank == 0:
    print(type(model).__name__, type(model.module).__name__, loss.requires_grad)
    print(model.module.weight.grad, model.module.bias.grad)
    print(sorted(name for name, _ in model.named_parameters()))
dist.destroy_process_group()
