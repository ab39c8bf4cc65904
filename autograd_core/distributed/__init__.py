"""autograd_core.distributed: torch.distributed's process group and collectives, on MPI.

Start a job with ``python -m autograd_core.distributed.run -n 2 script.py`` (the launcher runs
the script in N processes over ``mpiexec`` and sets ``RANK``, ``WORLD_SIZE`` and ``LOCAL_RANK``,
as torchrun does); the script calls ``init_process_group("mpi")``, then the collectives
(``all_reduce``, ``broadcast``, ``all_gather``, ``barrier``) and
``nn.parallel.DistributedDataParallel``. See docs/distributed.md.
"""

from .distributed_c10d import (  # noqa: F401
    Backend,
    GroupMember,
    ProcessGroup,
    ReduceOp,
    Work,
    all_gather,
    all_reduce,
    barrier,
    broadcast,
    destroy_process_group,
    get_backend,
    get_rank,
    get_world_size,
    group,
    init_process_group,
    is_available,
    is_gloo_available,
    is_initialized,
    is_mpi_available,
    is_nccl_available,
)
