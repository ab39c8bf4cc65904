"""DistributedDataParallel: every process holds a replica of the module and trains it on its own
shard of the batch; backward averages the replicas' gradients, so every replica takes the same
optimizer step as one process training on the whole batch.

As torch's DDP does, wrapping broadcasts rank 0's parameters and buffers, and the gradients are
all-reduced in buckets (``bucket_cap_mb``, 25 MB; the first bucket 1 MB) of parameters in reverse
order, each bucket launched (a non-blocking all-reduce) as soon as all its gradients are ready,
while backward is still computing the others. After the first iteration the buckets are rebuilt in
the order the gradients became ready (rank 0's order), as torch does.

How it hooks into this engine: a parameter's tensor hook runs when backward has computed its
gradient for the pass (its AccumulateGrad node, mid-pass): it copies ``.grad + grad`` into the
bucket and launches ready buckets. autograd_core writes leaf gradients only once the whole pass has
succeeded, and its post-accumulate-grad hooks run then: that hook overwrites ``.grad`` with the
averaged bucket slice.
"""

import contextlib
import functools

import numpy as np

import autograd_core as ac
from autograd_core import distributed as dist
from ..module import Module

_FIRST_BUCKET_BYTES = 1024 * 1024  # torch's dist._DEFAULT_FIRST_BUCKET_BYTES
UNFINISHED = (
    "Expected to have finished reduction in the prior iteration before starting a new one. This "
    "error indicates that your module has parameters that were not used in producing loss. You "
    "can enable unused parameter detection by passing the keyword argument "
    "`find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`, and by making "
    "sure all `forward` function outputs participate in calculating loss."
)


class _Bucket:
    """Parameters whose gradients are all-reduced together, in one flat buffer."""

    def __init__(self, params, indices):
        self.indices = indices
        self.slices, offset = {}, 0
        for i in indices:
            n = params[i].numel()
            self.slices[i] = (offset, offset + n)
            offset += n
        self.buffer = ac.zeros(offset, dtype=params[indices[0]].dtype)
        self.waiting, self.work = set(), None

    def view(self, i, shape):
        lo, hi = self.slices[i]
        return self.buffer._data[lo:hi].reshape(shape)


def _assign(params, order, first_cap, cap):
    """Bucket the parameters in `order`: a new bucket when the dtype changes or the cap is hit
    (the first bucket's cap is `first_cap`)."""
    buckets, current, size = [], [], 0
    for i in order:
        p = params[i]
        limit = first_cap if not buckets else cap
        if current and (p.dtype is not params[current[0]].dtype or size >= limit):
            buckets.append(current)
            current, size = [], 0
        current.append(i)
        size += p.numel() * p.element_size()
    return [_Bucket(params, b) for b in buckets + [current]]


def _tensors(obj):
    if isinstance(obj, ac.Tensor):
        yield obj
    elif isinstance(obj, (list, tuple)):
        for o in obj:
            yield from _tensors(o)
    elif isinstance(obj, dict):
        for o in obj.values():
            yield from _tensors(o)


def _reached(outputs):
    """The leaves the outputs' graph reaches (for find_unused_parameters)."""
    seen, stack, leaves = set(), [t.grad_fn for t in _tensors(outputs)], set()
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if hasattr(node, "variable"):
            leaves.add(id(node.variable))
        stack.extend(n for n, _ in node.next_functions)
    return leaves


class DistributedDataParallel(Module):
    """Data parallelism over the default process group: wrap the model once per process
    (``DistributedDataParallel(model)``) after ``init_process_group``; call it as the model.

    Args:
        module: the model (on the CPU).
        broadcast_buffers: broadcast rank 0's buffers (BatchNorm's statistics) at every forward.
        bucket_cap_mb: the bucket size in MiB (default 25).
        find_unused_parameters: walk the forward's graph to find parameters it does not use, so
            that their buckets need not wait for gradients that never come.
        init_sync: broadcast rank 0's parameters and buffers at wrap time (default True).

    ``device_ids``, ``output_device`` (CPU: None), ``dim``, ``check_reduction``,
    ``gradient_as_bucket_view`` and ``static_graph`` are accepted as torch's and change nothing.
    """

    def __init__(
        self,
        module,
        device_ids=None,
        output_device=None,
        dim=0,
        broadcast_buffers=True,
        init_sync=True,
        process_group=None,
        bucket_cap_mb=None,
        find_unused_parameters=False,
        check_reduction=False,
        gradient_as_bucket_view=False,
        static_graph=False,
    ):
        super().__init__()
        if device_ids is not None or output_device is not None:
            raise ValueError(
                "DistributedDataParallel device_ids and output_device arguments only work with "
                "single-device/multiple-device GPU modules or CPU modules, but got device_ids "
                f"{device_ids}, output_device {output_device}, and module parameters "
                f"{ {p.device for p in module.parameters()} }."
            )
        self.process_group = process_group
        dist.get_world_size(process_group)  # torch's error when there is no process group
        params = [p for p in module.parameters() if p.requires_grad]
        if not params:
            raise RuntimeError(
                "DistributedDataParallel is not needed when a module doesn't have any parameter "
                "that requires a gradient."
            )
        self.module = module
        self.broadcast_buffers = broadcast_buffers
        self.find_unused_parameters = find_unused_parameters
        self.bucket_bytes_cap = int((25 if bucket_cap_mb is None else bucket_cap_mb) * 1024 * 1024)
        self.require_backward_grad_sync = True
        self._params = params
        if init_sync:
            self._broadcast(list(module.parameters()) + list(module.buffers()))
        first = min(_FIRST_BUCKET_BYTES, self.bucket_bytes_cap)
        reverse = range(len(params) - 1, -1, -1)
        self._buckets = _assign(params, reverse, first, self.bucket_bytes_cap)
        self._rebuilt = False
        self._ready_order = []  # the order gradients became ready in the first iteration
        self._expect = False  # a forward under grad mode asked for this backward's reduction
        self._started = self._finished = False
        for i, p in enumerate(params):
            p.register_hook(functools.partial(self._grad_ready, i))
            p.register_post_accumulate_grad_hook(functools.partial(self._write_grad, i))

    # -- forward ----------------------------------------------------------------------------
    def forward(self, *inputs, **kwargs):
        if self._expect and self._started and not self._finished:
            raise RuntimeError(UNFINISHED)
        if self.broadcast_buffers:
            self._broadcast(list(self.module.buffers()))
        self._expect = ac.is_grad_enabled() and self.require_backward_grad_sync
        if self._expect:
            self._prepare()
        out = self.module(*inputs, **kwargs)
        if self._expect and self.find_unused_parameters:
            used = _reached(out)
            for i, p in enumerate(self._params):
                if id(p) not in used:
                    self._mark_ready(i, None)
        return out

    @contextlib.contextmanager
    def no_sync(self):
        """Backward passes inside accumulate local gradients without communicating; the first
        synchronised backward after it averages the accumulated gradients."""
        old, self.require_backward_grad_sync = self.require_backward_grad_sync, False
        try:
            yield
        finally:
            self.require_backward_grad_sync = old

    # -- the reducer -------------------------------------------------------------------------
    def _broadcast(self, tensors):
        if dist.get_world_size(self.process_group) > 1:
            for t in tensors:
                dist.broadcast(t, 0, group=self.process_group)

    def _prepare(self):
        if self._ready_order and not self._rebuilt:  # torch's bucket rebuild, once: rank 0's
            n = len(self._params)
            order = ac.tensor((self._ready_order + [-1] * n)[:n], dtype=ac.int64)
            dist.broadcast(order, 0, group=self.process_group)  # every rank, the same buckets
            if -1 not in order.tolist():  # rank 0 saw every gradient (none unused)
                first = min(_FIRST_BUCKET_BYTES, self.bucket_bytes_cap)
                self._buckets = _assign(self._params, order.tolist(), first, self.bucket_bytes_cap)
            self._rebuilt = True
        for b in self._buckets:
            b.waiting, b.work = set(b.indices), None
        self._where = {i: b for b in self._buckets for i in b.indices}
        self._next = 0  # buckets are launched in order, the same on every rank
        self._started = self._finished = False
        self._unused, self._written = [], 0

    def _grad_ready(self, i, grad):
        if self._expect and not self._finished:
            self._mark_ready(i, grad)
        return None

    def _mark_ready(self, i, grad):
        self._started = True
        p, bucket = self._params[i], self._where[i]
        slot = bucket.view(i, p.shape)
        current = p.grad
        if grad is None:  # an unused parameter: its current gradient (or zeros) is averaged
            self._unused.append(i)
            slot[...] = 0 if current is None else current._data
        elif current is None:
            slot[...] = grad._data
        else:
            np.add(current._data, grad._data, out=slot)  # torch reduces the accumulated .grad
        if not self._rebuilt and grad is not None:
            self._ready_order.append(i)
        bucket.waiting.discard(i)
        world = dist.get_world_size(self.process_group)
        while self._next < len(self._buckets) and not self._buckets[self._next].waiting:
            b = self._buckets[self._next]
            b.buffer._data /= world  # pre-divide, as torch's DDP does, then sum
            b.work = dist.all_reduce(b.buffer, group=self.process_group, async_op=True)
            self._next += 1
        for b in self._buckets[: self._next]:
            b.work.is_completed()  # lets MPI progress the launched buckets
        if self._next == len(self._buckets):
            for b in self._buckets:
                b.work.wait()
            self._finished = True
            for j in self._unused:
                q, avg = self._params[j], self._where[j].view(j, self._params[j].shape)
                if q.grad is not None:
                    q.grad._data[...] = avg
                elif np.any(avg):
                    q.grad = ac.tensor(avg.copy())

    def _write_grad(self, i, param):
        """After the engine wrote the local gradient: the averaged one replaces it."""
        if self._expect and self._finished:
            with ac.no_grad():
                param.grad.copy_(ac.from_numpy(self._where[i].view(i, param.shape)))
            self._written += 1
            if self._written + len(self._unused) == len(self._params):
                self._expect = False  # this forward's reduction is done
