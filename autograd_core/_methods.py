"""Tensor methods and operators: each one is an op of the op modules (or its in-place form),
then the conversions (.to, .float, ...) and the Python protocol (numpy(), item(), len, iter)."""

import numbers
import warnings

import numpy as np

from . import _backend, _creation, _inplace, _messages, _tensor
from . import _api as _ops_modules
from ._api import ops as _ops
from ._backend import namespace
from ._tensor import Tensor

_ndarray = np.ndarray


# ----------------------------------------------------------------------------- operators
def _operator(fn):
    """A binary operator: other operands than tensors, numbers and arrays get NotImplemented, as
    from torch's, so Python asks the other object (its __radd__, ...) or raises its TypeError."""

    def op(self, other):
        if (
            other.__class__ in _COMMON
            or isinstance(other, _OPERANDS)
            or hasattr(other, "__array__")
        ):
            return fn(self, other)
        return NotImplemented

    op.__name__ = op.__qualname__ = getattr(fn, "__name__", "op")
    return op


_OPERANDS = (Tensor, numbers.Number, np.ndarray, np.generic)
_COMMON = frozenset((Tensor, float, int))  # checked first: isinstance of an ABC costs ~0.3 us
_BINARY = {
    "add": _ops.add,
    "radd": _ops.add,
    "sub": _ops.sub,
    "rsub": lambda self, other: _ops.rsub(self, other),
    "mul": _ops.mul,
    "rmul": _ops.mul,
    "truediv": _ops.div,
    "rtruediv": _ops.rdiv,
    "pow": _ops.pow,
    "rpow": _ops.rpow,
    # @ takes no Python number (torch's NotImplemented: Python raises its TypeError)
    "matmul": lambda self, other: (
        NotImplemented if isinstance(other, numbers.Number) else _ops.matmul(self, other)
    ),
    "rmatmul": lambda self, other: (
        NotImplemented
        if isinstance(other, numbers.Number)
        else _ops.matmul(_ops._as_tensor_like(other, self), self)
    ),
    "and": _ops.bitwise_and,
    "rand": _ops.bitwise_and,
    "or": _ops.bitwise_or,
    "ror": _ops.bitwise_or,
    "xor": _ops.bitwise_xor,
    "rxor": _ops.bitwise_xor,
    "floordiv": _ops.floor_divide,
    "rfloordiv": lambda self, other: _ops.floor_divide(other, self),
    "mod": _ops.remainder,
    "rmod": lambda self, other: _ops.remainder(other, self),
    "lshift": _ops.bitwise_left_shift,
    "rshift": _ops.bitwise_right_shift,
    "rlshift": lambda self, other: _ops.bitwise_left_shift(_ops._as_tensor_like(other, self), self),
    "rrshift": lambda self, other: _ops.bitwise_right_shift(
        _ops._as_tensor_like(other, self), self
    ),
    "lt": _ops.lt,
    "le": _ops.le,
    "gt": _ops.gt,
    "ge": _ops.ge,
}
for _name, _fn in _BINARY.items():
    setattr(Tensor, f"__{_name}__", _operator(_fn))
Tensor.__neg__ = _ops.neg
Tensor.__pos__ = _ops.positive
Tensor.__abs__ = _ops.abs
Tensor.__getitem__ = _ops.getitem


def _setitem(self, index, value):
    """self[index] = value, in torch's order: the value must be a tensor or a Python number (a
    numpy integer too); a lone False writes nothing, a lone True writes into self.unsqueeze(0)
    as None does; else the view of the ints and slices first, then the arrays (select_first)."""
    if not isinstance(value, (Tensor, int, float, complex, np.integer)):
        kind = type(value)
        c_type = not kind.__flags__ & 512 and kind.__module__ != "builtins"  # (tp_name)
        name = f"{kind.__module__}.{kind.__name__}" if c_type else kind.__name__
        raise TypeError(f"can't assign a {name} to a {self.type()}")
    if isinstance(value, (int, np.integer)) and not -(2**63) <= value < 2**63:
        raise ValueError("Overflow when unpacking long long")
    if index is False:
        return
    index = None if index is True else index
    _inplace.__setitem__(*_ops.select_first(self, _ops._index_arg(index)), value)


Tensor.__setitem__ = _setitem
Tensor.__eq__ = _operator(_ops.eq)  # (t == None is False, t != None True: Python's fallback)
Tensor.__ne__ = _operator(_ops.ne)


def _invert(self):
    """~self: torch's operator refuses float tensors with a TypeError (bitwise_not's is another)."""
    if self.dtype.is_floating_point:
        raise TypeError(
            "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
        )
    return _ops.bitwise_not(self)


Tensor.__invert__ = _invert

# ----------------------------------------------------------------------------- methods
for _name in """
    add sub mul div pow neg reciprocal square exp expm1 log log1p sqrt sin cos tanh sigmoid
    relu abs sign floor ceil round clamp clamp_min clamp_max maximum minimum masked_fill sum
    mean max min amax amin argmax argmin var std norm logsumexp softmax log_softmax matmul
    reshape view flatten unflatten squeeze unsqueeze transpose t permute expand expand_as
    sum_to_size clone contiguous eq ne lt le gt ge isnan isinf isfinite allclose isclose
    equal all any logical_not
""".split():
    # a function (the class binds it to the tensor), behind torch's argument check (_api.method)
    setattr(Tensor, _name, _ops_modules.method(_name, getattr(_ops, _name)))
for _name in """
    mm mv dot bmm remainder floor_divide logical_and logical_or logical_xor bitwise_and
    bitwise_or bitwise_xor bitwise_not
""".split():
    setattr(Tensor, _name, _ops_modules.method(_name, getattr(_ops, _name)))
for _name, _alias in (
    ("absolute", "abs"),
    ("negative", "neg"),
    ("multiply", "mul"),
    ("divide", "div"),
    ("subtract", "sub"),
    ("greater", "gt"),
    ("less", "lt"),
    ("clip", "clamp"),
):  # an alias is checked under its own name, as torch's messages name it
    setattr(Tensor, _name, _ops_modules.method(_name, getattr(_ops, _alias)))
Tensor.T = property(_ops.T, doc="All dimensions reversed (recorded as a permute).")
Tensor.mT = property(_ops.mT, doc="The last two dimensions swapped.")
Tensor.where = lambda self, condition, other: _ops.where(condition, self, other)
Tensor.view_as = lambda self, other: _ops.view(self, *other.shape)
Tensor.reshape_as = lambda self, other: _ops.reshape(self, *other.shape)
Tensor.new_tensor = lambda self, data, dtype=None, device=None, requires_grad=False: (
    _creation.tensor(
        data, dtype=dtype or self.dtype, device=device or self.device, requires_grad=requires_grad
    )
)
Tensor.new_zeros = lambda self, *size, dtype=None, device=None, requires_grad=False: (
    _creation._filled(  # (not torch.zeros: its message for a negative size is its own)
        0, _creation._size(size), dtype or self.dtype, device or self.device, requires_grad
    )
)
Tensor.new_ones = lambda self, *size, dtype=None, device=None, requires_grad=False: _creation.ones(
    *size, dtype=dtype or self.dtype, device=device or self.device, requires_grad=requires_grad
)
Tensor.new_full = lambda self, size, fill_value, dtype=None, device=None, requires_grad=False: (
    _creation.full(
        size,
        fill_value,
        dtype=dtype or self.dtype,
        device=device or self.device,
        requires_grad=requires_grad,
    )
)
Tensor.new_empty = Tensor.new_zeros


# ----------------------------------------------------------------------------- in-place
def _inplace_method(fn, name):
    def m(self, *args, **kwargs):
        return self._inplace(fn, *args, **kwargs)

    m.__name__ = name
    m.__doc__ = f"In-place {fn.__name__}: writes the result into self, bumps its version."
    # torch's argument check: on `fn`'s parameters, for a call that runs as `m`
    return _ops_modules.method(name, fn, m)


for _name in """
    add sub mul div pow neg exp log sqrt sin cos tanh sigmoid relu abs clamp clamp_min
    clamp_max masked_fill reciprocal square sign floor round
""".split():
    setattr(Tensor, _name + "_", _inplace_method(getattr(_ops, _name), _name + "_"))
for _m in _ops_modules.BREADTH:
    for _name in _m.METHODS:
        setattr(Tensor, _name, _ops_modules.method(_name, getattr(_m, _name)))
    for _name in _m.INPLACE:  # (an op whose in-place form checks more has its own: _<name>_inplace)
        _fn = getattr(_m, f"_{_name}_inplace", None) or getattr(_m, _name)
        setattr(Tensor, _name + "_", _inplace_method(_fn, _name + "_"))
Tensor.clip_ = Tensor.clamp_
Tensor.masked_fill_ = lambda self, mask, value: self._inplace(  # torch names self first in errors
    _ops.masked_fill, mask, value, _self_first=True
)
Tensor.div, Tensor.div_ = Tensor.divide, Tensor.divide_  # with rounding_mode, as torch's
for _name, _alias in (("div", "divide"), ("div_", "divide_"), ("clip_", "clamp_")):
    _fn = getattr(Tensor, _alias)  # (checked under its own name: torch's messages say div())
    _raw = getattr(_fn, "__wrapped__", _fn)
    setattr(Tensor, _name, _ops_modules.method(_name, _raw, getattr(_fn, "runs", _raw)))
Tensor.__iadd__ = Tensor.add_
Tensor.__isub__ = Tensor.sub_
Tensor.__imul__ = Tensor.mul_
Tensor.__itruediv__ = Tensor.div_
Tensor.__ipow__ = Tensor.pow_
Tensor.__ilshift__ = Tensor.bitwise_left_shift_
Tensor.__irshift__ = Tensor.bitwise_right_shift_
Tensor.__imod__ = Tensor.remainder_
Tensor.__ifloordiv__ = Tensor.floor_divide_
Tensor.__iand__ = Tensor.bitwise_and_
Tensor.__ior__ = Tensor.bitwise_or_
Tensor.__ixor__ = Tensor.bitwise_xor_


def _copy_(self, src, non_blocking=False):
    """Copy src's values into self (src broadcasts); the gradient flows to src, not to the old
    self."""
    if (
        isinstance(src, int)
        and not isinstance(src, bool)
        and _backend.kind(self._data.dtype) in "iu"
    ):
        src = _backend.wrap_int(src, self._data.dtype)  # torch's cast: wraps (uint8: 300 -> 44)
    src = src if isinstance(src, Tensor) else _ops._as_tensor_like(src, self)
    if src.device != self.device:
        src = src.to(self.device if self.device._native is None else self.device._native)
    return self._inplace(_ops.overwrite, src)


def _fill_(self, value):
    """Fill self with a value (a number, or a one-element tensor that may require grad)."""
    self._check_inplace((value,))  # (torch's autograd checks before the kernel's)
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value.ndim} "
                "dimensions."
            )
        if value.device != self.device:
            value = value.to(self.device if self.device._native is None else self.device._native)
    return self._inplace(_ops.filled, value)


def _zero_(self):
    """Set every element to 0 (in place)."""
    return self._inplace(_ops.filled, 0, name="ZeroBackward0")


_inplace.UNIFORM_FILLS.add(_ops.filled)
_inplace.MASKED_FILLS.add(_ops.masked_fill)
Tensor.copy_ = _copy_
Tensor.fill_ = _fill_
Tensor.zero_ = _zero_


def _uniform_(self, a=0.0, b=1.0, generator=None):
    self._check_inplace()  # (torch's autograd checks before the sampler's)
    if not self.dtype.is_floating_point:
        raise _ops._no_kernel("check_uniform_bounds", self)
    if a > b:
        raise RuntimeError(
            f"uniform_ expects to return a [from, to) range, but found from={a} > to={b}"
        )
    arr = _creation._on_device_of(self, _creation._gen(generator).uniform(a, b, tuple(self.shape)))
    return self._inplace(_ops.replaced, arr, "UniformBackward0")  # a non-leaf: a zero gradient


def _normal_(self, mean=0.0, std=1.0, generator=None):
    self._check_inplace()
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
    if not self.dtype.is_floating_point:
        raise _ops._no_kernel("normal_kernel_cpu", self)
    arr = _creation._on_device_of(
        self, _creation._gen(generator).normal(mean, std, tuple(self.shape))
    )
    return self._inplace(_ops.replaced, arr, "NormalBackward0")


Tensor.uniform_ = _uniform_
Tensor.normal_ = _normal_
# the methods written here, behind torch's argument check too
for _name in """
    where view_as reshape_as new_zeros new_ones new_full new_empty masked_fill_ copy_ fill_
    uniform_ normal_
""".split():
    setattr(Tensor, _name, _ops_modules.method(_name, getattr(Tensor, _name)))


# ----------------------------------------------------------------------------- conversion
def _to(self, *args, **kwargs):
    """A copy on another device and/or dtype (self when nothing changes). Differentiable."""
    dev, dt, _, copy = _creation.parse_to(*args, **kwargs)
    return _ops._to(self, dev, dt, copy)


def _type(self, dtype=None):
    """The legacy type name (``'torch.FloatTensor'``), or self as `dtype`: a dtype or a legacy
    name (``'torch.DoubleTensor'``, ``'torch.cuda.LongTensor'``)."""
    if dtype is None:
        return _tensor._type_str(self).split(" ")[0]
    if isinstance(dtype, str):
        name = dtype.removeprefix("torch.").removeprefix("cuda.")
        found = [d for d in _backend.DTYPES if f"{d.title}Tensor" == name]
        if not found:
            raise ValueError(f"invalid type: '{dtype}'")
        device = "cuda" if dtype.startswith("torch.cuda.") else "cpu"
        return self.to(device=device, dtype=found[0])
    return self.to(dtype)


def _type_as(self, other):
    if not isinstance(other, Tensor):
        raise TypeError(
            f"type_as(): argument 'other' (position 1) must be Tensor, not {type(other).__name__}"
        )
    return self.to(other.dtype)


def _reduce_ex(self, protocol):
    """Pickling: the values (a list off the CPU), the device and requires_grad."""
    data = self._data if self._data.__class__ is np.ndarray else self.tolist()
    return (_creation._rebuild, (data, str(self.device), self._rg))


Tensor.to = _to
Tensor.type = _type
Tensor.type_as = _type_as
Tensor.__reduce_ex__ = _reduce_ex


def _keyword_only(name, fn):
    """`fn` as torch's method `name`, whose arguments are keyword-only (float(*, memory_format),
    numpy(*, force)): a positional one is refused in torch's words."""

    def method(self, *args, **kwargs):
        if args:
            n = len(args)
            raise TypeError(
                f"{name}() takes 0 positional arguments but {n} {'was' if n == 1 else 'were'} given"
            )
        fmt = kwargs.pop("memory_format", None)
        if fmt is not None:  # (torch's memory formats are not in the subset: none can be given)
            raise TypeError(
                f"{name}(): argument 'memory_format' must be torch.memory_format, not "
                f"{type(fmt).__name__}"
            )
        return fn(self, **kwargs)

    method.__name__ = method.__qualname__ = fn.__qualname__ = name  # (Python's words name it)
    return method


Tensor.cpu = _keyword_only("cpu", lambda self: self.to("cpu"))
Tensor.is_contiguous = _keyword_only("is_contiguous", Tensor.is_contiguous)
Tensor.cuda = lambda self, device=None: self.to(
    "cuda" if device is None else f"cuda:{device}" if isinstance(device, int) else device
)
for _name, _dt in (
    ("float", _backend.float32),
    ("double", _backend.float64),
    ("half", _backend.float16),
    ("bfloat16", _backend.bfloat16),
    ("long", _backend.int64),
    ("int", _backend.int32),
    ("short", _backend.int16),
    ("char", _backend.int8),
    ("byte", _backend.uint8),
    ("bool", _backend.bool_),
):
    setattr(Tensor, _name, _keyword_only(_name, lambda self, _dt=_dt: self.to(_dt)))


# ----------------------------------------------------------------------------- to Python and numpy
# numpy(), item(), tolist(), float(t), len(t), iteration, copy.deepcopy: a tensor seen from Python.
def _py_numpy(self, force=False):
    if "_zero" in self.__dict__ and not force:
        raise RuntimeError(_messages.ZERO_NUMPY)
    if self._rg and not force:
        raise RuntimeError(
            "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
        )
    if self._data.__class__ is _ndarray:
        if _backend.is_bfloat16(self._data.dtype):  # torch has no numpy bfloat16 (force or not)
            raise TypeError("Got unsupported ScalarType BFloat16")
        return self._data
    if self.device.type == "cuda" and not force:
        raise TypeError(
            f"can't convert {self.device} device type tensor to numpy. Use Tensor.cpu() to "
            "copy "
            "the tensor to host memory first."
        )
    return np.asarray(_backend.move(self._data, "cpu"))


def _py_array(self, dtype=None, copy=None):
    arr = self.numpy()
    return arr if dtype is None else arr.astype(dtype)


def _py_item(self):
    if self.numel() != 1:
        raise RuntimeError(f"a Tensor with {self.numel()} elements cannot be converted to Scalar")
    a = self._data
    if a.__class__ is _ndarray:
        return a.reshape(()).item() if a.ndim else a.item()
    xp = namespace(a)
    v = xp.reshape(a, ())
    return (
        bool(v)
        if self.dtype.name == "bool"
        else int(v)
        if not self.dtype.is_floating_point
        else float(v)
    )


def _py_tolist(self):
    if "_zero" in self.__dict__ and self._data.size:  # (an empty one has nothing to read)
        raise RuntimeError(_messages.ZERO_TOLIST)
    a = self._data
    if a.__class__ is not _ndarray:
        a = np.asarray(_backend.move(a, "cpu"))
    return a.tolist()


def _py_scalar(self, kind):
    if self.numel() != 1:
        raise ValueError("only one element tensors can be converted to Python scalars")
    if self._rg:
        warnings.warn(
            "Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
            "behavior.\nConsider using tensor.detach() first.",
            UserWarning,
            stacklevel=3,
        )
    return kind(self.item())


def _py_float(self):
    return self._scalar(float)


def _py_int(self):
    return self._scalar(int)


def _py_index(self):
    if self.dtype.is_floating_point or self.numel() != 1:
        raise TypeError("only integer tensors of a single element can be converted to an index")
    return int(self.item())


def _py_bool(self):
    if self.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(self.item())


def _py_len(self):
    if self.ndim == 0:
        raise TypeError("len() of a 0-d tensor")
    return self._data.shape[0]


def _py_iter(self):
    if self.ndim == 0:
        raise TypeError("iteration over a 0-d tensor")
    return (self[i] for i in range(self._data.shape[0]))


def _py_hash(self):
    return id(self)


def _py_contains(self, value):
    return bool((self == value).any())


def _py_deepcopy(self, memo):
    if self.grad_fn is not None:
        raise RuntimeError(
            "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
            "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
            "because of a torch.nn.utils.weight_norm usage, see "
            "https://github.com/pytorch/pytorch/pull/103001"
        )
    t = Tensor._make_subclass(
        type(self),
        Tensor._from_data(namespace(self._data).asarray(self._data, copy=True)),
        self._rg,
    )
    if self._grad is not None:
        t._grad = self._grad.__deepcopy__(memo)
    t.__dict__.update(
        {
            k: v
            for k, v in self.__dict__.items()
            if k not in ("_grad", "_acc", "_hooks", "_base", "_view")
        }
    )
    memo[id(self)] = t
    return t


Tensor.numpy = _keyword_only("numpy", _py_numpy)
Tensor.__array__ = _py_array


Tensor.item = _ops_modules.no_arguments("item", _py_item)
Tensor.tolist = _ops_modules.no_arguments("tolist", _py_tolist)
Tensor.retain_grad = _ops_modules.no_arguments("retain_grad", Tensor.retain_grad)


def _requires_grad_(self, requires_grad=True, _set=Tensor.requires_grad_):
    if requires_grad.__class__ is not bool:  # (torch's argument parser takes no truthy number)
        raise TypeError(
            "requires_grad_(): argument 'requires_grad' (position 1) must be bool, not "
            f"{type(requires_grad).__name__}"
        )
    return _set(self, requires_grad)


def _set_requires_grad(self, value, _set=Tensor.requires_grad_):
    if value.__class__ is not bool:  # (the attribute's own words)
        raise RuntimeError("requires_grad must be a bool")
    _set(self, value)


_requires_grad_.__doc__ = Tensor.requires_grad_.__doc__
Tensor.requires_grad_ = _requires_grad_
Tensor.requires_grad = property(Tensor.requires_grad.fget, _set_requires_grad)
Tensor._is_zerotensor = lambda self: "_zero" in self.__dict__  # (sgn's gradient: _backend.ZeroGrad)
Tensor._scalar = _py_scalar
Tensor.__float__ = _py_float
Tensor.__int__ = _py_int
Tensor.__index__ = _py_index
Tensor.__bool__ = _py_bool
Tensor.__len__ = _py_len
Tensor.__iter__ = _py_iter
Tensor.__hash__ = _py_hash
Tensor.__contains__ = _py_contains
Tensor.__deepcopy__ = _py_deepcopy
