"""torch.distributed's default process group and collectives, on MPI through mpi4py.

Every collective works on the tensor's array in place and outside autograd, as torch's c10d does:
nothing is recorded, ``requires_grad`` and ``grad_fn`` are left as they were and the version
counter is not bumped (torch's c10d ops do not bump it either). mpi4py is imported, and MPI
initialised, only by ``init_process_group``: importing this module starts nothing, so a program
that never asks for a process group pays nothing and may fork freely.

Errors raised before the backend is reached (no process group, a wrong argument type, mixed
dtypes, no ``src``) are torch's, word for word. The checks torch's backends make are those of
ProcessGroupGloo (the backend torch's CPU wheels have), under this backend's name: ReduceOp.AVG
works, non-contiguous tensors are accepted, ``ProcessGroupMPI::broadcast: invalid root rank: 3``.
"""

import enum
import importlib
import importlib.util
import warnings

import numpy as np

from autograd_core import Tensor
from autograd_core._operands import _cname  # torch's ScalarType names ("Long") for its messages

NOT_INITIALIZED = (
    "Default process group has not been initialized, please make sure to call init_process_group."
)
MISSING_MPI = (
    "Distributed package doesn't have MPI built in. autograd_core.distributed runs on MPI through "
    "mpi4py, which could not be loaded ({}). Install it with `pip install mpi4py mpich` (the "
    "mpich wheel brings its own MPI library: no system MPI is needed), or install Debian's OpenMPI "
    "(`apt install libopenmpi-dev openmpi-bin`) and then `pip install mpi4py`."
)
NO_GLOO = (
    "Distributed package doesn't have {} built in. autograd_core.distributed has one backend, "
    'MPI: call init_process_group("mpi") in a script started by '
    "`python -m autograd_core.distributed.run -n N script.py`."
)


class ReduceOp:
    """How ``all_reduce`` combines the ranks' tensors: ``ReduceOp.SUM``, ``AVG``, ``PRODUCT``,
    ``MIN``, ``MAX`` (and ``BAND``, ``BOR``, ``BXOR`` on integers), torch's values."""

    class RedOpType(enum.IntEnum):
        SUM = 0
        AVG = 1
        PRODUCT = 2
        MIN = 3
        MAX = 4
        BAND = 5
        BOR = 6
        BXOR = 7
        PREMUL_SUM = 8
        UNUSED = 9

    SUM, AVG, PRODUCT, MIN, MAX = list(RedOpType)[:5]
    BAND, BOR, BXOR, PREMUL_SUM, UNUSED = list(RedOpType)[5:]


class Backend(str):
    """Backend names, as torch spells them; only ``Backend.MPI`` can be initialised here."""

    UNDEFINED, GLOO, NCCL, UCC, MPI = "undefined", "gloo", "nccl", "ucc", "mpi"


class ProcessGroup:
    """The default group: every process of the MPI job (a duplicate of ``MPI.COMM_WORLD``)."""

    def __init__(self, comm):
        self.comm = comm

    def rank(self):
        return self.comm.Get_rank()

    def size(self):
        return self.comm.Get_size()

    def name(self):
        return Backend.MPI

    def __repr__(self):
        return f"<ProcessGroup mpi rank {self.rank()} of {self.size()}>"


class GroupMember:
    """``GroupMember.WORLD`` (also ``group.WORLD``): the default group, None before
    ``init_process_group``."""

    WORLD = None
    NON_GROUP_MEMBER = -100


group = GroupMember


class Work:
    """A collective launched with ``async_op=True``: ``wait()`` blocks until it has completed
    (and its result is written into the tensor); ``is_completed()`` asks without blocking."""

    def __init__(self, request, finish):
        self._request, self._finish = request, finish

    def _done(self):
        self._request = None
        finish, self._finish = self._finish, None
        if finish is not None:
            finish()

    def is_completed(self):
        if self._request is not None and self._request.Test():
            self._done()
        return self._request is None

    def wait(self, timeout=None):
        if self._request is not None:
            self._request.Wait()
            self._done()
        return True


_MPI = []  # mpi4py.MPI once loaded (importing it initialises MPI)


def _mpi():
    if not _MPI:
        try:
            _MPI.append(importlib.import_module("mpi4py.MPI"))  # loaded late: it starts MPI
        except (ImportError, RuntimeError, OSError) as exc:  # no mpi4py, or no MPI library
            raise RuntimeError(MISSING_MPI.format(f"{type(exc).__name__}: {exc}")) from exc
    return _MPI[0]


def is_available():
    """Whether the package can run collectives: mpi4py (its only backend) is installed."""
    return is_mpi_available()


def is_mpi_available():
    """Whether mpi4py is installed (its MPI library is looked for only by init_process_group)."""
    try:
        return importlib.util.find_spec("mpi4py") is not None
    except ValueError:  # sys.modules["mpi4py"] is None: importing it is blocked
        return False


def is_gloo_available():
    return False


def is_nccl_available():
    return False


def is_initialized():
    return GroupMember.WORLD is not None


def init_process_group(
    backend=None,
    init_method=None,
    timeout=None,
    world_size=-1,
    rank=-1,
    store=None,
    group_name="",
    pg_options=None,
    device_id=None,
):
    """Join the default process group: every process of the MPI job (start the job with
    ``python -m autograd_core.distributed.run -n N script.py``; a script started alone is a
    group of one). As with torch's MPI backend, rank and world size come from MPI: ``rank`` and
    ``world_size`` are ignored (with torch's warning), and so are ``init_method`` and ``store``."""
    if GroupMember.WORLD is not None:
        raise ValueError("trying to initialize the default process group twice!")
    if store is not None and init_method is not None:
        raise AssertionError("Cannot specify both init_method and store.")
    if backend is None:
        backend = Backend.MPI  # torch picks the device's default backend; here there is one
    if not isinstance(backend, str):
        raise ValueError("Backend constructor parameter must be string-ish")
    name = backend.lower()
    if name in (Backend.GLOO, Backend.NCCL, Backend.UCC) or name.startswith("cpu:"):
        raise RuntimeError(NO_GLOO.format(name.upper() if name != "gloo" else "Gloo"))
    if name != Backend.MPI:
        raise AssertionError(f"Unknown backend type {name}")
    if world_size != -1 or rank != -1:
        warnings.warn(
            f"For MPI backend, world_size ({world_size}) and rank ({rank}) "
            "are ignored since they are assigned by the MPI runtime.",
            stacklevel=2,
        )
    GroupMember.WORLD = ProcessGroup(_mpi().COMM_WORLD.Dup())


def destroy_process_group(group=None):
    """Leave the default group (MPI itself is finalised when the process exits)."""
    if GroupMember.WORLD is None:
        raise AssertionError("Process group cannot be None")
    _group(group)
    pg, GroupMember.WORLD = GroupMember.WORLD, None
    pg.comm.Free()


def _group(group):
    if GroupMember.WORLD is None:
        raise ValueError(NOT_INITIALIZED)
    if group is not None and group is not GroupMember.WORLD:
        raise ValueError(
            f"Invalid process group {group!r}: autograd_core.distributed has only the default "
            "group (pass group=None)"
        )
    return GroupMember.WORLD


def get_rank(group=None):
    return _group(group).rank()


def get_world_size(group=None):
    return _group(group).size()


def get_backend(group=None):
    _group(group)
    return Backend.MPI


def _check_single_tensor(param, param_name):
    if not isinstance(param, Tensor):
        raise TypeError(
            f"""Invalid function argument. Expected parameter `{param_name}` of type torch.Tensor
             but got {type(param)} instead."""
        )


def _check_tensor_list(param, param_name):
    if not isinstance(param, list):
        raise TypeError(
            f"Invalid function argument. Expected parameter `{param_name}` of type "
            "List[torch.Tensor]\n"
            f"             but got {type(param)} instead."
        )
    if not all(isinstance(p, Tensor) for p in param):
        raise TypeError(
            f"Invalid function argument. Expected parameter `{param_name}` of type "
            "List[torch.Tensor]\n"
            f"             but got {type(param)} with elements of type {[type(p) for p in param]}."
        )


def _buffer(tensor):
    """(the tensor's array, a C-contiguous array MPI can read and write: the array itself when it
    is one; float16 and bfloat16, which MPI has no type for, as float32)."""
    if tensor.device.type != "cpu":
        raise RuntimeError(
            "CUDA tensor detected and the MPI used doesn't have CUDA-aware MPI support"
        )
    arr = tensor._data
    if tensor.dtype.is_floating_point and tensor.dtype.itemsize == 2:
        return arr, arr.astype(np.float32)
    if arr.flags.c_contiguous and arr.flags.writeable:
        return arr, arr
    return arr, arr.copy(order="C")


def _write_back(arr, buf):
    if buf is not arr:
        arr[...] = buf


def _mpi_op(op, tensor):
    MPI = _mpi()
    if not isinstance(op, ReduceOp.RedOpType):
        raise TypeError(f"op must be a torch.distributed.ReduceOp (ReduceOp.SUM, ...), got {op!r}")
    if op == ReduceOp.AVG and not tensor.dtype.is_floating_point:
        # torch divides the sum by the world size in place, which an integer tensor cannot hold
        raise RuntimeError(
            "result type Float can't be cast to the desired output type " + _cname(tensor)
        )
    if tensor.dtype.name == "bool":  # MPI reduces C booleans with logical ops only
        table = {ReduceOp.SUM: MPI.LOR, ReduceOp.MAX: MPI.LOR}
        table.update({ReduceOp.PRODUCT: MPI.LAND, ReduceOp.MIN: MPI.LAND})
    else:
        table = {ReduceOp.SUM: MPI.SUM, ReduceOp.AVG: MPI.SUM, ReduceOp.PRODUCT: MPI.PROD}
        table.update({ReduceOp.MIN: MPI.MIN, ReduceOp.MAX: MPI.MAX})
        if not tensor.dtype.is_floating_point:
            table.update({ReduceOp.BAND: MPI.BAND, ReduceOp.BOR: MPI.BOR, ReduceOp.BXOR: MPI.BXOR})
    if op not in table:
        raise RuntimeError(f"all_reduce: {op!r} is not supported for {tensor.dtype} tensors")
    return table[op]


def _run(async_op, start, finish):
    """Run a collective: blocking, or launched for a Work (``start(True)``: an MPI request)."""
    if not async_op:
        start(False)
        finish()
        return None
    return Work(start(True), finish)


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    """Reduce ``tensor`` across all ranks, in place: every rank ends with the same result."""
    _check_single_tensor(tensor, "tensor")
    comm = _group(group).comm
    mpi_op = _mpi_op(op, tensor)
    arr, buf = _buffer(tensor)
    size = comm.Get_size()
    MPI = _mpi()

    def start(nonblocking):
        return (comm.Iallreduce if nonblocking else comm.Allreduce)(MPI.IN_PLACE, buf, mpi_op)

    def finish():
        if op == ReduceOp.AVG:  # torch divides the sum in place (a version bump)
            np.divide(buf, size, out=buf, casting="unsafe")
            tensor._vc[0] += 1
        _write_back(arr, buf)

    return _run(async_op, start, finish)


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    """Copy ``src``'s tensor into every rank's ``tensor``, in place."""
    pg = _group(group)
    if src is not None and group_src is not None:
        raise ValueError("Can't specify both group_rank and global_rank")
    root = src if group_src is None else group_src
    if root is None:
        raise ValueError("Must specify global_rank or group_rank")
    _check_single_tensor(tensor, "tensor")
    if not isinstance(root, int) or not 0 <= root < pg.size():
        raise RuntimeError(f"ProcessGroupMPI::broadcast: invalid root rank: {root}")
    arr, buf = _buffer(tensor)

    def start(nonblocking):
        return (pg.comm.Ibcast if nonblocking else pg.comm.Bcast)(buf, root=root)

    return _run(async_op, start, lambda: _write_back(arr, buf))


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Fill ``tensor_list[i]`` with rank i's ``tensor`` (every rank passes equal shapes)."""
    _check_tensor_list(tensor_list, "tensor_list")
    _check_single_tensor(tensor, "tensor")
    last = None
    for t in tensor_list + [tensor]:
        if last is None:
            last = t.dtype
        elif t.dtype != last:
            raise ValueError(
                f"Invalid usage of tensors with different dtypesFound {last} and  {t.dtype}"
            )
    pg = _group(group)
    size = pg.size()
    if len(tensor_list) != size:
        raise RuntimeError(
            "ProcessGroupMPI::allgather: invalid output tensor list at index 0 (expected length "
            f"{size}, got {len(tensor_list)})"
        )
    for i, out in enumerate(tensor_list):
        if out.shape != tensor.shape:
            raise RuntimeError(
                f"ProcessGroupMPI::allgather: invalid tensor size at index {i} (expected "
                f"({', '.join(map(str, tensor.shape))}), got ({', '.join(map(str, out.shape))}))"
            )
    _, send = _buffer(tensor)
    recv = np.empty((size,) + send.shape, dtype=send.dtype)

    def start(nonblocking):
        return (pg.comm.Iallgather if nonblocking else pg.comm.Allgather)(send, recv)

    def finish():
        for out, part in zip(tensor_list, recv):  # torch copies into each (a version bump)
            out._data[...] = part
            out._vc[0] += 1

    return _run(async_op, start, finish)


def barrier(group=None, async_op=False, device_ids=None, timeout=None):
    """Wait until every rank has reached its barrier."""
    comm = _group(group).comm

    def start(nonblocking):
        return comm.Ibarrier() if nonblocking else comm.Barrier()

    return _run(async_op, start, lambda: None)
