"""Making tensors: from data (tensor, as_tensor, from_numpy), filled (zeros, ones, full, arange,
...)
and random (rand, randn, randint, ...), on "cpu" (numpy), "cuda" (cupy) or another library's device.

Random numbers come from one numpy Generator seeded by ``manual_seed``; on a GPU they are drawn on
the host and copied, so a seed gives the same numbers on every device.
"""

import json
import math
import numbers
import warnings

import numpy as np

from . import _backend
from ._backend import namespace, int64, bool_
from ._shapes import _to
from ._tensor import Tensor
from .grad_mode import _mode

_rng = [np.random.default_rng()]


def get_default_dtype():
    return _backend.default_float[0]


def set_default_dtype(d):
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _backend.default_float[0] = d


class Generator:
    """A source of random numbers (``manual_seed`` returns the default one)."""

    def __init__(self, device="cpu"):
        self._gen = np.random.default_rng()

    def manual_seed(self, seed):
        self._gen = np.random.default_rng(int(seed))
        return self

    def get_state(self):
        """The generator's state as a uint8 tensor (torch's ByteTensor; here numpy's PCG64 state
        as JSON bytes), for `set_state`."""
        raw = json.dumps(self._gen.bit_generator.state).encode()
        return Tensor._from_data(np.frombuffer(raw, dtype=np.uint8).copy())

    def set_state(self, new_state):
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        if new_state.dtype is not _backend.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        try:
            state = json.loads(bytes(_backend.move(new_state._data, "cpu")).decode())
            self._gen.bit_generator.state = state
        except (ValueError, TypeError, KeyError) as e:
            raise RuntimeError(f"Invalid RNG state ({e})") from None
        return self


default_generator = Generator()


def manual_seed(seed):
    """Seed the default random number generator (all devices)."""
    return default_generator.manual_seed(seed)


def seed():
    default_generator._gen = np.random.default_rng()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(state):
    default_generator.set_state(state)


def _gen(generator):
    return (generator or default_generator)._gen


# ----------------------------------------------------------------------------- from data


def _infer_dtype(arr, from_python):
    kind = arr.dtype.kind
    if kind == "f":
        return _backend.default_float[0] if from_python else _backend.dtype_of(arr)
    if kind in "iu":
        return int64 if from_python else _backend.dtype_of(arr)
    if kind == "b":
        return bool_
    raise TypeError(
        f"can't convert np.ndarray of type {arr.dtype}. The only supported types are: float64, "
        "float32, float16, int64, int32, int16, int8, uint8, and bool."
    )


def _list_dtype(data):
    """The dtype torch infers for a list holding numpy scalars: every item's dtype promoted (Python
    floats count as the default dtype, ints as int64); None when no numpy scalar is there."""
    found, dt, stack = False, None, [data]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
            continue
        if isinstance(item, np.generic):
            found, d = True, _backend.dtype_of(np.asarray(item))
        elif isinstance(item, Tensor):
            found, d = True, item.dtype
        elif isinstance(item, bool):
            d = bool_
        elif isinstance(item, numbers.Integral):
            d = int64
        elif isinstance(item, numbers.Real):
            d = _backend.default_float[0]
        else:
            continue
        dt = d if dt is None else _backend.promote_types(dt, d)
    return dt if found else None


def _finish(t, requires_grad):
    if requires_grad:
        if not t.dtype.is_floating_point:
            raise RuntimeError(
                "Only Tensors of floating point and complex dtype can require gradients"
            )
        t._rg = True
    if _mode.inference:  # made under inference_mode: an inference tensor, as torch's factories make
        t._inference = True
    return t


def _nested_tensors_to_host(data):
    if isinstance(data, Tensor):
        return data.detach().cpu().numpy() if data.device.type != "cpu" else data.detach().numpy()
    if isinstance(data, (list, tuple)):
        return [_nested_tensors_to_host(d) for d in data]
    return data


def _odd_type(data):
    """The type name of the first value in (nested lists of) `data` that holds no number."""
    if isinstance(data, (list, tuple)):
        return next((name for v in data if (name := _odd_type(v))), None)
    numbers = (int, float, bool, complex, np.generic, np.ndarray, Tensor)
    return None if isinstance(data, numbers) else type(data).__name__


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new leaf tensor holding a copy of `data` (numbers, nested lists, numpy/cupy/array-API
    arrays).

    Python floats become float32 (the default dtype), ints int64, bools bool; arrays keep their
    dtype.
    """
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use "
            "sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than "
            "torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
        t = data.detach().clone() if dtype is None else data.detach().to(dtype).clone()
        if device is not None:
            t = t.to(device)
        return _finish(t, requires_grad)
    if hasattr(data, "__array_namespace__") and not isinstance(data, np.ndarray):
        xp = namespace(data)
        arr = xp.asarray(data, copy=True)
        if dtype is not None:
            arr = xp.astype(arr, _backend.to_backend_dtype(xp, dtype))
        t = Tensor._from_data(arr)
        return _finish(t.to(device) if device is not None else t, requires_grad)
    from_python = not isinstance(data, (np.ndarray, np.generic))
    try:
        host = np.array(_nested_tensors_to_host(data), copy=True)
    except ValueError:
        _ragged(data, 0)  # torch's words for nested lists of unequal lengths
        raise
    if host.dtype == object:
        raise RuntimeError(f"Could not infer dtype of {_odd_type(data) or type(data).__name__}")
    if host.dtype.kind in "US":  # a string among the values
        raise TypeError("new(): invalid data type 'str'")
    dt = (
        dtype
        or (_list_dtype(data) if from_python and host.dtype.kind in "biuf" else None)
        or _infer_dtype(host, from_python)
    )
    if from_python and host.size and host.dtype.kind in "iuf" and dt.name[0] in "iu":
        for v in (host.min().item(), host.max().item()):  # tensor([300], dtype=uint8) is refused
            if dt is int64 and not -(2**63) <= v < 2**63:
                raise ValueError("Overflow when unpacking long long")
            _backend.check_scalar(v, dt, spelled=dt.name)
    with np.errstate(over="ignore"):  # (see _backend: torch's casts overflow silently)
        host = host.astype(_backend.np_dtype(dt), copy=False)
    arr = _backend.asarray_on(host, device)
    return _finish(Tensor._from_data(arr), requires_grad)


def _ragged(data, dim):
    """Raise torch's error for the first nested sequence whose length differs from its first
    sibling's (depth first, as torch reads the lists)."""
    if not isinstance(data, (list, tuple)) or not data:
        return
    first = data[0]
    for item in data:
        if isinstance(first, (list, tuple)) != isinstance(item, (list, tuple)):
            raise TypeError(
                "not a sequence"
                if isinstance(first, (list, tuple))
                else f"'{type(item).__name__}' object cannot be interpreted as an integer"
            )
        if isinstance(item, (list, tuple)):
            if len(item) != len(first):
                raise ValueError(
                    f"expected sequence of length {len(first)} at dim {dim + 1} (got {len(item)})"
                )
            _ragged(item, dim + 1)


def as_tensor(data, *, dtype=None, device=None):
    """`data` as a tensor, sharing memory when it already is an array of the right dtype and
    device."""
    if isinstance(data, Tensor):
        return _to(data, device, dtype)
    if isinstance(data, np.ndarray) or (hasattr(data, "__array_namespace__")):
        t = Tensor._from_data(data)
        return _to(t, device, dtype)
    return tensor(data, dtype=dtype, device=device)


def from_numpy(arr):
    """A tensor sharing memory with a numpy array."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(arr).__name__})")
    return Tensor._from_data(arr)


def _rebuild(data, device, requires_grad):
    t = tensor(data, device=device if device != "cpu" else None)
    t._rg = requires_grad
    return t


# ----------------------------------------------------------------------------- filled


def _size(size, zeros=False):
    """A size given as ints or as one sequence, refused (torch's words) if a dim is negative."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    size = tuple(int(s) for s in size)
    if any(s < 0 for s in size):
        bad = next(s for s in size if s < 0)
        raise RuntimeError(
            "zeros: Dimension size must be non-negative."
            if zeros
            else f"Trying to create tensor with negative dimension {bad}: {list(size)}"
        )
    return size


def _filled(fill, size, dtype, device, requires_grad):
    dt = dtype or _backend.default_float[0]
    xp, native = _backend.namespace_for_device(device)
    if fill == 0 or fill == 1:  # (zeros, ones)
        arr = np.full(size, fill, dtype=_backend.np_dtype(dt))
    else:
        if math.prod(size) > 1 or dt.itemsize > 2 or not dt.is_floating_point:  # (as torch)
            fill = _backend.check_scalar(fill.item() if isinstance(fill, Tensor) else fill, dt)
        with np.errstate(over="ignore"):
            arr = np.full(size, fill, dtype=_backend.np_dtype(dt))
    if xp is None or xp is not _backend.array_api_compat.numpy:
        arr = _backend.asarray_on(arr, device)
    return _finish(Tensor._from_data(arr), requires_grad)


def zeros(*size, dtype=None, device=None, requires_grad=False):
    return _filled(0, _size(size, zeros=True), dtype, device, requires_grad)


def ones(*size, dtype=None, device=None, requires_grad=False):
    return _filled(1, _size(size), dtype, device, requires_grad)


def empty(*size, dtype=None, device=None, requires_grad=False):
    return _filled(0, _size(size), dtype, device, requires_grad)


def full(size, fill_value, dtype=None, device=None, requires_grad=False):
    if dtype is None:
        dtype = (
            bool_
            if isinstance(fill_value, bool)
            else int64
            if isinstance(fill_value, numbers.Integral)
            else _backend.default_float[0]
        )
    return _filled(
        fill_value,
        _size((size,)) if not isinstance(size, int) else (size,),
        dtype,
        device,
        requires_grad,
    )


def _like(t, dtype, device):
    return dtype or t.dtype, device if device is not None else (
        t.device if t.device._native is None else t.device._native
    )


def _preserve(r, t):
    """r laid out as t, as torch's preserve_format: t's dims in t's order (its strides, where
    t is dense)."""
    a = t._data
    if a.__class__ is np.ndarray and a.ndim > 1 and not a.flags.c_contiguous:
        if r._data.__class__ is np.ndarray:
            r._data = _backend.laid_out(r._data, _backend.iterator_order(a.shape, [a]), a.ndim)
    return r


def zeros_like(t, dtype=None, device=None, requires_grad=False):
    dt, dev = _like(t, dtype, device)
    return _preserve(_filled(0, tuple(t.shape), dt, dev, requires_grad), t)


def ones_like(t, dtype=None, device=None, requires_grad=False):
    dt, dev = _like(t, dtype, device)
    return _preserve(_filled(1, tuple(t.shape), dt, dev, requires_grad), t)


def clone_obey_contract(g, variable):
    """A first gradient of another shape than its leaf (after `.data =`), as torch's
    AccumulateGrad takes it: as it is where its strides match the leaf's (dims of size 1
    aside), else copied into an empty tensor of the leaf's shape (broadcast, or refused as
    copy_ refuses). torch compares strides past a 0-d leaf's rank too: its stride storage
    holds the 1 a new tensor starts with there, so a gradient of unit stride is kept."""
    mine, its = _backend.torch_strides(variable._data), _backend.torch_strides(g._data)
    mine = mine or (1,)
    if all(
        its[i] if n == 1 else i < len(mine) and its[i] == mine[i]
        for i, n in enumerate(g._data.shape)
    ):
        return g
    return empty_like(variable).copy_(g)


def empty_like(t, dtype=None, device=None, requires_grad=False):
    return zeros_like(t, dtype, device, requires_grad)


def full_like(t, fill_value, dtype=None, device=None, requires_grad=False):
    dt, dev = _like(t, dtype, device)
    return _preserve(_filled(fill_value, tuple(t.shape), dt, dev, requires_grad), t)


def arange(start, end=None, step=1, dtype=None, device=None, requires_grad=False):
    """Values from start to end (exclusive) by step; integers give int64, any float gives
    float32."""
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if vals[2] == 0:
        raise RuntimeError("step must be nonzero")
    if (vals[1] - vals[0]) * vals[2] < 0:
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    if dtype is None:
        dtype = _backend.default_float[0] if any(isinstance(v, float) for v in vals) else int64
    _no_kernel_for("arange_cpu", dtype, "iuf")
    if dtype.is_floating_point:
        host = np.arange(*vals, dtype=np.float64).astype(dtype.name)
    else:  # torch's kernel: start + i * step in int64 (each truncated), wrapped to the dtype; the
        start, end, step = (int(v) for v in vals)  # count from the truncated values for int64,
        if dtype is int64:  # from the numbers as given for the narrower ints
            if step == 0:
                raise ValueError("step must be nonzero")
            num = end - start + step - (step > 0) + (step < 0)
            n = abs(num) // abs(step) if (num >= 0) == (step > 0) else 0
        else:
            n = max(0, math.ceil((vals[1] - vals[0]) / vals[2]))
        host = (start + np.arange(n, dtype=np.int64) * step).astype(dtype.name)
    return _finish(Tensor._from_data(_backend.asarray_on(host, device)), requires_grad)


def _no_kernel_for(kernel, dtype, allowed):
    """torch's refusal of a dtype a creation kernel lacks (`allowed`: the dtype kinds it has)."""
    if dtype is not None and _backend.kind(_backend.np_dtype(dtype)) not in allowed:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtype.title}'")


def _space_ends(name, start, end, steps):
    """linspace/logspace's ends as numbers (0-d tensors allowed, as torch's), steps checked."""
    for what, v in (("start", start), ("end", end)):
        if isinstance(v, Tensor) and v.ndim:
            raise RuntimeError(
                f"{name} only supports 0-dimensional start and end tensors, but got {what} with "
                f"{v.ndim} dimension(s)."
            )
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    return [v.item() if isinstance(v, Tensor) else v for v in (start, end)]


def linspace(start, end, steps, dtype=None, device=None, requires_grad=False):
    dt = dtype or _backend.default_float[0]
    ends = _space_ends("linspace", start, end, steps)
    if steps > 1:  # (one step is start, filled without the kernel: bool too)
        _no_kernel_for("linspace_cpu", dt, "iuf")
    host = np.linspace(*ends, steps)
    if dt.is_floating_point and steps > 1:  # torch's kernel: a step in dt, then start + step * i
        host = _torch_linspace(*ends, steps, _backend.np_dtype(dt))  # up to halfway, from the end
    return _finish(  # after (each rounded to dt)
        Tensor._from_data(_backend.asarray_on(host.astype(_backend.np_dtype(dt)), device)),
        requires_grad,
    )


def _torch_linspace(start, end, steps, dt):
    f = np.dtype(np.float32 if np.dtype(dt).itemsize < 4 else dt)  # (16-bit: in float32)
    start, end = (np.asarray(v).astype(dt).astype(f) for v in (start, end))
    step = np.asarray((end - start) / f.type(steps - 1)).astype(dt).astype(f)
    i = np.arange(steps)
    g = np.float64 if f == np.float32 else np.longdouble  # (torch's fused multiply-add, one
    # rounding: exact in float64 for float32; float64's nearly so in the wider long double)
    with np.errstate(all="ignore"):
        head = (start.astype(g) + step.astype(g) * i.astype(g)).astype(f)
        tail = (end.astype(g) - step.astype(g) * (steps - i - 1).astype(g)).astype(f)
    return np.where(i < steps // 2, head, tail).astype(dt)


def logspace(start, end, steps, base=10.0, dtype=None, device=None, requires_grad=False):
    dt = dtype or _backend.default_float[0]
    _no_kernel_for("logspace_cpu", dt, "iuf")
    host = np.logspace(*_space_ends("logspace", start, end, steps), steps, base=base)
    return _finish(
        Tensor._from_data(_backend.asarray_on(host.astype(_backend.np_dtype(dt)), device)),
        requires_grad,
    )


def eye(n, m=None, dtype=None, device=None, requires_grad=False):
    for name, v in (("n", n), ("m", m)):
        if v is not None and v < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {v}")
    host = np.eye(n, m, dtype=_backend.np_dtype(dtype or _backend.default_float[0]))
    return _finish(Tensor._from_data(_backend.asarray_on(host, device)), requires_grad)


# ----------------------------------------------------------------------------- random


def _random(host, dtype, device, requires_grad):
    arr = _backend.asarray_on(
        host.astype((dtype or _backend.default_float[0]).name, copy=False), device
    )
    return _finish(Tensor._from_data(arr), requires_grad)


def rand(*size, generator=None, dtype=None, device=None, requires_grad=False):
    """Uniform samples in [0, 1)."""
    _no_kernel_for("check_uniform_bounds", dtype, "f")
    return _random(_gen(generator).random(_size(size)), dtype, device, requires_grad)


def randn(*size, generator=None, dtype=None, device=None, requires_grad=False):
    """Standard normal samples."""
    _no_kernel_for("normal_kernel_cpu", dtype, "f")
    return _random(_gen(generator).standard_normal(_size(size)), dtype, device, requires_grad)


def randint(
    low=0, high=None, size=None, *, generator=None, dtype=None, device=None, requires_grad=False
):
    """Integers uniformly drawn from [low, high)."""
    if size is None:
        low, high, size = 0, low, high
    if low >= high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    if dtype is bool_ and not 0 <= low < high <= 2:  # (torch's check of the bounds for bool)
        raise RuntimeError(f"{'from' if low < 0 else 'to - 1'} is out of bounds for bool")
    host = _gen(generator).integers(low, high, size=_size((size,)))
    return _random(host, dtype or int64, device, requires_grad)


def randperm(n, generator=None, dtype=None, device=None, requires_grad=False):
    _size((n,))  # (torch's refusal of a negative n)
    return _random(_gen(generator).permutation(n), dtype or int64, device, requires_grad)


def normal(
    mean=0.0, std=1.0, size=None, generator=None, dtype=None, device=None, requires_grad=False
):
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        ref = mean if isinstance(mean, Tensor) else std
        r = mean + std * randn_like(ref)
        r._data = _backend.c_order(r._data)  # (torch's result is contiguous)
        return r
    return _random(
        _gen(generator).normal(mean, std, size=tuple(size)), dtype, device, requires_grad
    )


def rand_like(t, dtype=None, device=None, requires_grad=False):
    dt, dev = _like(t, dtype, device)
    return _preserve(rand(tuple(t.shape), dtype=dt, device=dev, requires_grad=requires_grad), t)


def randn_like(t, dtype=None, device=None, requires_grad=False):
    dt, dev = _like(t, dtype, device)
    return _preserve(randn(tuple(t.shape), dtype=dt, device=dev, requires_grad=requires_grad), t)


def randint_like(t, low=0, high=None, dtype=None, device=None):
    if high is None:
        low, high = 0, low
    dt, dev = _like(t, dtype, device)
    return _preserve(randint(low, high, tuple(t.shape), dtype=dt, device=dev), t)


def _on_device_of(t, host):
    """Host random numbers as an array of t's dtype on t's device."""
    return _backend.asarray_on(
        host.astype(_backend.np_dtype(t.dtype), copy=False),
        t.device if t.device._native is None else t.device._native,
    )


# ----------------------------------------------------------------------------- .to() arguments


def parse_to(*args, **kwargs):
    """``(device, dtype, non_blocking, copy)`` from torch's ``.to(...)`` arguments, for Tensor.to
    and
    Module.to alike: a device (a string, a device, an int cuda index, or a foreign library's device
    object), a dtype, a tensor (its device and dtype), then non_blocking and copy."""
    dev = kwargs.pop("device", None)
    dt = kwargs.pop("dtype", None)
    non_blocking = kwargs.pop("non_blocking", False)
    copy = kwargs.pop("copy", False)
    kwargs.pop("memory_format", None)
    if kwargs:
        raise TypeError(f"to() got an unexpected keyword argument '{next(iter(kwargs))}'")
    flags = []
    for a in args:
        if isinstance(a, _backend.dtype):
            dt = a
        elif isinstance(a, Tensor):
            dt, dev = a.dtype, a.device if a.device._native is None else a.device._native
        elif isinstance(a, bool):
            flags.append(a)
        elif isinstance(a, int):
            dev = _backend.device(a)  # (the accelerator's index, as torch's)
        elif a is not None:
            dev = a
    if flags:
        non_blocking = flags[0]
        copy = flags[1] if len(flags) > 1 else copy
    if isinstance(dev, str):
        dev = _backend.device(dev)
    return dev, dt, non_blocking, copy
