"""Backends: which array library holds a tensor's data, and what dtypes and devices are.

The engine is written once against the array API standard. `namespace(array)` returns the
standard namespace for an array (numpy on "cpu", cupy on "cuda", or any other array-API library
such as array-api-strict), found from the data itself, never from a global switch. This is the
only module that imports cupy, and it holds the few functions the standard lacks
(`index_add`) with one branch per library.
"""

import importlib
import math
import warnings

import numpy as np
import array_api_compat


def _import_compat_numpy():
    """array_api_compat.numpy copies numpy's namespace with ``from numpy import *`` and ``dir``,
    which imports each of numpy's lazy submodules (f2py, testing, ma, polynomial...: 0.14 s of
    every ``import autograd_core``); the engine uses none of them. They are left out of numpy's
    ``__all__`` and ``__dir__`` for the copy only, and stay importable from numpy itself."""
    lazy = set("f2py testing test ma polynomial ctypeslib rec char strings typing".split())
    saved = np.__all__, np.__dict__.get("__dir__")
    np.__all__ = [n for n in saved[0] if n not in lazy]
    if saved[1] is not None:
        np.__dir__ = lambda: [n for n in saved[1]() if n not in lazy]
    try:
        importlib.import_module("array_api_compat.numpy")
    finally:
        np.__all__ = saved[0]
        if saved[1] is not None:
            np.__dir__ = saved[1]


_import_compat_numpy()


# torch overflows silently (1e6 in float16 is inf; so is 1e38 * 1e38 in float32), numpy warns. A
# cast that overflows runs under np.errstate (asarray_on, _ops._cast, _shapes._to, copy_); for
# arithmetic, where errstate would cost more than the op, numpy's floating-point warnings are
# ignored when they arise in this package's own code (the user's numpy and warnings elsewhere are
# left as they are; an explicit "always"/"error" filter of the user's still shows them).
warnings.filterwarnings(
    "ignore",
    message="(overflow|invalid value|divide by zero|underflow) encountered",
    category=RuntimeWarning,
    module=r"autograd_core(\.|$)",
)

try:  # cupy is optional: the `gpu` extra
    import cupy as _cupy
    import cupyx as _cupyx
    import array_api_compat.cupy as _compat_cupy
except Exception:  # ImportError, or a broken CUDA install
    _cupy = _cupyx = _compat_cupy = None

# Arrays (and numpy's 0-d results) whose operators promote like numpy's, so VJP rules run on them
# directly (see _vjps); stricter array-API arrays (array-api-strict refuses float * bool) get
# Tensors. A set, so that bfloat16's scalar type joins it when ml_dtypes is loaded.
RULE_ARRAYS = {np.ndarray, np.float16, np.float32, np.float64} | (
    {_cupy.ndarray} if _cupy is not None else set()
)


# ----------------------------------------------------------------------------- dtypes


class dtype:
    """A tensor element type, printed like torch's (``torch.float32``)."""

    __slots__ = ("name", "is_floating_point", "is_complex", "is_signed", "itemsize", "title")

    def __init__(self, name, is_floating_point, itemsize, is_signed=True):
        self.name = name
        self.is_floating_point = is_floating_point
        self.is_complex = False
        self.is_signed = is_signed
        self.itemsize = itemsize

    def __repr__(self):
        return "torch." + self.name

    def __reduce__(self):  # dtypes are singletons, also through pickle/deepcopy
        return self.name


float16 = dtype("float16", True, 2)
float32 = dtype("float32", True, 4)
float64 = dtype("float64", True, 8)
# bfloat16 on numpy is ml_dtypes' dtype (numpy computes its ufuncs natively, rounding each result,
# like torch's CPU kernels; kind 'V', so ask `kind` below, never `.dtype.kind`). cupy has none:
# a bfloat16 tensor on cuda raises (see asarray_on). ml_dtypes takes ~0.7 s to import, which every
# grading kernel would pay, so it is loaded by `bfloat16_array_dtype()` the first time a bfloat16
# array is made; until then no array can be bfloat16, which `is_bfloat16` relies on.
bfloat16 = dtype("bfloat16", True, 2)
int8 = dtype("int8", False, 1)
int16 = dtype("int16", False, 2)
int32 = dtype("int32", False, 4)
int64 = dtype("int64", False, 8)
uint8 = dtype("uint8", False, 1, is_signed=False)
bool_ = dtype("bool", False, 1, is_signed=False)
DTYPES = (float16, bfloat16, float32, float64, int8, int16, int32, int64, uint8, bool_)
# torch's ScalarType names, which its messages use ("Float", "Long"; "torch.FloatTensor").
for _d, _t in zip(DTYPES, "Half BFloat16 Float Double Char Short Int Long Byte Bool".split()):
    _d.title = _t
_BY_NAME = {d.name: d for d in DTYPES}
_ALIASES = {
    "half": float16,
    "float": float32,
    "double": float64,
    "long": int64,
    "int": int32,
    "short": int16,
    "bool": bool_,
}

default_float = [float32]  # torch.get_default_dtype(): what a Python float becomes


def _category(d):
    return 2 if d.is_floating_point else 0 if d is bool_ else 1


def promote_types(a, b):
    """torch.promote_types: the higher category (bool < int < float) wins, whatever the sizes
    (int64 with float16 is float16); within one category numpy's rule, which agrees with torch's."""
    for i, d in enumerate((a, b)):
        if not isinstance(d, dtype):
            raise TypeError(
                f"promote_types(): argument 'type{i + 1}' (position {i + 1}) must be torch.dtype, "
                f"not {type(d).__name__}"
            )
    if a is b:
        return a
    ca, cb = _category(a), _category(b)
    if ca != cb:
        return a if ca > cb else b
    if bfloat16 in (a, b):  # bfloat16 and float16 share no format: both fit in float32
        other = b if a is bfloat16 else a
        return float32 if other is float16 else other
    return _BY_NAME[np.result_type(a.name, b.name).name]


def combine_categories(higher, lower):
    """How a lower-priority group of operands (0-d tensors, then Python numbers) changes the dtype
    the higher one chose: only by bringing a higher category (c10's combine_categories)."""
    if higher is None:
        return lower
    if lower is None or higher.is_floating_point:
        return higher
    if higher is bool_ or lower.is_floating_point:
        return promote_types(higher, lower)
    return higher


# Keys are the backend's own dtype objects (numpy's also serve cupy); bfloat16's joins on loading.
_FROM_ARRAY_DTYPE = {np.dtype(d.name): d for d in DTYPES if d is not bfloat16}
_BFLOAT16 = []  # numpy's bfloat16 dtype, once ml_dtypes is loaded


def bfloat16_array_dtype():
    """numpy's bfloat16 dtype (ml_dtypes'), importing ml_dtypes on first use."""
    if not _BFLOAT16:
        ml_dtypes = importlib.import_module("ml_dtypes")  # loaded late, not to dodge a cycle
        adt = np.dtype(ml_dtypes.bfloat16)
        _FROM_ARRAY_DTYPE[adt] = bfloat16
        RULE_ARRAYS.add(ml_dtypes.bfloat16)
        _BFLOAT16.append(adt)
    return _BFLOAT16[0]


def is_bfloat16(adt):
    """Whether a backend dtype is numpy's bfloat16 (no array can be before ml_dtypes is loaded)."""
    # (the kind letter first: numpy computes a dtype's name in Python, 1 us)
    return isinstance(adt, np.dtype) and adt.kind == "V" and adt.name == "bfloat16"


def dtype_of(array):
    """The autograd_core dtype of a backend array."""
    return dtype_from_array_dtype(array.dtype)


def dtype_from_array_dtype(adt):
    if isinstance(adt, np.dtype):
        d = _FROM_ARRAY_DTYPE.get(adt)  # (the common case first: `.dtype` runs several times an op)
        if d is None and is_bfloat16(adt):  # an ml_dtypes array made outside autograd_core
            bfloat16_array_dtype()
        return d if d is not None else _FROM_ARRAY_DTYPE[adt]
    name = str(adt).rsplit(".", 1)[-1]  # another library's dtype, e.g. "array_api_strict.float64"
    if name not in _BY_NAME:
        raise TypeError(f"unsupported array dtype {adt}")
    return _BY_NAME[name]


_KINDS = {}  # numpy dtype -> its kind letter: `kind` runs several times per op


def kind(adt):
    """numpy's dtype kind letter ('f', 'i', 'u', 'b') for any library's dtype."""
    if isinstance(adt, np.dtype):  # (numpy's and cupy's; another library's may not hash or compare)
        k = _KINDS.get(adt)
        if k is None:
            k = _KINDS[adt] = _kind(adt)
        return k
    return _kind(adt)


def _kind(adt):
    if is_bfloat16(adt):
        return "f"
    k = getattr(adt, "kind", None)
    if k is None:
        d = dtype_from_array_dtype(adt)
        k = (
            "f"
            if d.is_floating_point
            else "b"
            if d.name == "bool"
            else "u"
            if d.name == "uint8"
            else "i"
        )
    return k


def to_backend_dtype(xp, d):
    """The backend's dtype object for an autograd_core dtype."""
    if d is bfloat16:
        if xp is not array_api_compat.numpy and xp is not np:
            raise no_bfloat16(xp)
        return bfloat16_array_dtype()
    return getattr(xp, d.name)


def np_dtype(d):
    """numpy's dtype object for an autograd_core dtype (bfloat16 loads ml_dtypes)."""
    return bfloat16_array_dtype() if d is bfloat16 else np.dtype(d.name)


class finfo:
    """torch.finfo: the limits of a floating-point dtype (the default dtype when none is given)."""

    def __init__(self, type=...):  # (torch.finfo(): the default dtype; finfo(None): refused)
        if type is None:
            raise TypeError(
                "finfo(): argument 'type' (position 1) must be torch.dtype, not NoneType"
            )
        d = default_float[0] if type is ... else type
        if not isinstance(d, dtype) or not d.is_floating_point:
            raise TypeError(
                "torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                "'torch.finfo'"
            )
        lib = importlib.import_module("ml_dtypes") if d is bfloat16 else np
        f = lib.finfo(np_dtype(d))
        self.bits, self.dtype = f.bits, d.name
        self.eps, self.max, self.min = float(f.eps), float(f.max), float(f.min)
        self.tiny = self.smallest_normal = float(f.smallest_normal)
        self.resolution = 10.0**-f.precision  # (numpy rounds it to the dtype itself)

    def __repr__(self):
        return (
            f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
            f"eps={self.eps:g}, smallest_normal={self.tiny:g}, tiny={self.tiny:g}, "
            f"dtype={self.dtype})"
        )


class iinfo:
    """torch.iinfo: the limits of an integer dtype."""

    def __init__(self, type):
        if not isinstance(type, dtype) or type.is_floating_point:
            raise TypeError(
                "torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                "'torch.iinfo'"
            )
        f = np.iinfo(np_dtype(type))
        self.bits, self.min, self.max, self.dtype = f.bits, int(f.min), int(f.max), type.name

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


def no_bfloat16(where):
    """The error for bfloat16 off numpy: cupy (and the array API standard) have no bfloat16."""
    return TypeError(
        f"bfloat16 is not supported on {getattr(where, '__name__', where)}: cupy has no bfloat16 "
        "dtype, so autograd_core keeps bfloat16 tensors on the CPU (numpy with ml_dtypes); use "
        "float16 on cuda"
    )


def scalar_power(a, e):
    """a ** e for an array and a number, with torch's special cases for float32/float64 and
    bfloat16 (its kernel takes x*x*x for 3, 1/sqrt(x) for -0.5, 1/(x*x) for -2: other roundings,
    and other signs at -0, than pow; numpy's ** already takes sqrt, square and reciprocal);
    float16's is pow itself, in float32, rounded once."""
    dt = getattr(a, "dtype", None)
    if dt is not None and (getattr(dt, "char", "") in "fd" or is_bfloat16(dt)):
        if e == 3:
            return a * a * a
        if e == -0.5:
            return 1 / namespace(a).sqrt(a)
        if e == -2:
            return 1 / (a * a)
    return a**e


def rsqrt_array(a):
    """1 / sqrt(a), as torch's rsqrt kernel: in float32 for a 16-bit array, rounded once."""
    b, low = opmath(a)
    with np.errstate(divide="ignore", invalid="ignore"):
        return round_back(1 / namespace(b).sqrt(b), low)


_OPERANDS = {"f": {}, "d": {}}  # float32 and float64: value -> its 0-d array


def number_operand(v, a):
    """The Python float v, an operand of the float32 or float64 array a, as a 0-d array of a's
    dtype, made once per value: numpy converts a Python number on every call, which costs as much
    as an op on a small array, and its weak-scalar rule (NEP 50) casts the number to a's dtype
    first anyway, so the result is the same. Zeros (their sign), NaN, floats past float32's
    range and other arrays' operands are handed back as they are."""
    cache = _OPERANDS.get(a.dtype.char) if a.__class__ is np.ndarray else None
    z = cache.get(v) if cache is not None else v
    if z is None:
        if not v or v != v or abs(v) > 3e38:
            return v
        if len(cache) > 256:
            cache.clear()
        z = cache[v] = np.asarray(v, dtype=a.dtype)
    return z


def opmath(a):
    """`a` in the dtype torch's CPU kernels accumulate it in (bfloat16 and float16 -> float32:
    sums, matrix products, softmax), and the dtype to round the result back to (None: nothing
    to do)."""
    if isinstance(a, (np.ndarray, np.generic)) and (a.dtype == np.float16 or is_bfloat16(a.dtype)):
        return astype(a, np.float32), a.dtype
    return a, None


def astype(a, adt):
    """A numpy array `a` cast to numpy dtype `adt`, laid out as torch's copy of it: in a's order,
    or C order where a overlaps itself (an expanded array: numpy would make its broadcast dims
    the fastest)."""
    if not a.flags.c_contiguous and any(st == 0 and n > 1 for st, n in zip(a.strides, a.shape)):
        return a.astype(adt, order="C")
    return a.astype(adt)


class ZeroGrad(np.ndarray):
    """torch's ZeroTensor: sgn's gradient of a real input (`_efficientzerotensor`), zeros that
    stay one through the ops torch has ZeroTensor kernels for (a product, a quotient of it, a sum
    of two, views) on the way to the leaves, and turn into plain zeros through the rest."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        zero = [isinstance(x, ZeroGrad) for x in inputs]
        inputs = tuple(x.view(np.ndarray) if z else x for x, z in zip(inputs, zero))
        if kwargs.get("out"):
            kwargs["out"] = tuple(o.view(np.ndarray) for o in kwargs["out"])
            return getattr(ufunc, method)(*inputs, **kwargs)
        r = getattr(ufunc, method)(*inputs, **kwargs)
        keep = method == "__call__" and (
            (ufunc is np.multiply and any(zero))
            or (ufunc is np.divide and zero[0])
            or (ufunc in (np.add, np.subtract) and all(zero))
        )  # (its zeros are +0: nothing is computed; a 0-d result too stays an array)
        if keep and isinstance(r, (np.ndarray, np.generic)):
            return np.zeros(np.shape(r), dtype=r.dtype).view(ZeroGrad)
        return r

    def __array_function__(self, func, types, args, kwargs):  # views stay, copies are plain
        r = super().__array_function__(func, (np.ndarray,), args, kwargs)  # (zeros_like too:
        if isinstance(r, np.ndarray):  # torch's zeros_like(grad) is a plain tensor)
            return r.view(ZeroGrad) if func in _ZERO_VIEWS else r.view(np.ndarray)
        return r

    def __getitem__(self, index):  # a basic index is a view; an array index gathers: plain
        r = super().__getitem__(index)
        basic = (
            all(i is None or i is Ellipsis or isinstance(i, (int, slice)) for i in index)
            if isinstance(index, tuple)
            else index is None or index is Ellipsis or isinstance(index, (int, slice))
        )
        return r if basic or not isinstance(r, np.ndarray) else r.view(np.ndarray)

    def astype(self, dtype, *args, **kwargs):  # another dtype: plain zeros (as torch's to())
        r = self.view(np.ndarray).astype(dtype, *args, **kwargs)
        return r.view(ZeroGrad) if r.dtype == self.dtype else r


_ZERO_VIEWS = {np.broadcast_to, np.expand_dims, np.reshape, np.transpose, np.moveaxis, np.squeeze}
RULE_ARRAYS.add(ZeroGrad)  # (the rules take it raw, as any numpy array)


def plain(a):
    """a as an ordinary array (a ZeroGrad's zeros materialized, as torch's kernels without a
    ZeroTensor loop do)."""
    return a.view(np.ndarray) if a.__class__ is ZeroGrad else a


def settled(t):
    """A gradient Tensor leaving the backward pass: a ZeroGrad as plain data, marked on the Tensor
    (`_zero`: read by tolist, numpy, and in-place ops, which refuse)."""
    if t is not None and t._data.__class__ is ZeroGrad:
        t._data = t._data.view(np.ndarray)
        t._zero = True
    return t


def memory_root(a):
    """The numpy array that owns a's memory: views chain through .base, and those of as_strided
    and broadcast_to through a holder of the array (numpy's DummyArray)."""
    root, b = a, a.base
    while b is not None:
        if isinstance(b, np.ndarray):
            root = b
        b = getattr(b, "base", None)
    return root


def foreign(a, b):
    """Whether arrays a and b are of different libraries or devices (numpy's subclasses, sgn's
    ZeroGrad, count as numpy): an op of the two is refused, as torch's of two devices."""
    if a.__class__ is b.__class__:
        return a.__class__ is not np.ndarray and a.device != b.device
    return not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray))


def torch_strides(a):
    """A numpy array's strides in elements, as torch's would be: a new axis of size 1 (None,
    broadcast) has stride 0 in numpy, the next dim's extent in torch (unsqueeze, expand)."""
    out = [s // a.itemsize for s in a.strides]
    for i in range(a.ndim - 1, -1, -1):  # (and an empty array's dims of stride 0: contiguous)
        if out[i] == 0 and (a.shape[i] == 1 or not a.size):
            out[i] = max(a.shape[i + 1], 1) * out[i + 1] if i + 1 < a.ndim else 1
    return tuple(out)


def iterator_order(shape, arrays):
    """The dims of an elementwise result of `shape`, innermost first, as torch's TensorIterator
    orders them for the output it allocates (reorder_dimensions): a pair of dims is ordered by
    the first operand whose strides order it strictly (a broadcast dim's stride is 0 and
    skipped; equal strides put the longer dim outside). numpy instead lets C order win a
    conflict between operands: ``x.t() + x`` is laid out as x.t() in torch, as x in numpy."""
    nd = len(shape)
    strides = [  # (a broadcast dim: 0)
        [0 if n != m else s for n, m, s in zip(shape, (1,) * (nd - a.ndim) + a.shape,
                                               (0,) * (nd - a.ndim) + torch_strides(a))]
        for a in arrays
    ]  # fmt: skip
    return stride_order(shape, strides)


def stride_order(shape, strides):
    """iterator_order's sort, of operands given as their strides over the result's dims."""
    nd = len(shape)

    def order(d0, d1):  # 1: d0 goes outside d1
        for st in strides:
            s0, s1 = st[d0], st[d1]
            if s0 and s1:
                if s0 != s1:
                    return 1 if s0 > s1 else -1
                if shape[d0] > shape[d1]:
                    return 1
        return 0

    perm = list(range(nd - 1, -1, -1))
    for i in range(1, nd):  # torch's insertion sort, ambiguous pairs left in place
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = order(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    return perm


def index_result(r, data, idx):
    """r = data[idx] (advanced indexing of the view data by arrays, the other dims whole) laid
    out as torch's index kernel lays it out: its TensorIterator orders the result's dims by the
    source restrided (the indexed dims replaced by the indices' broadcast dims, stride 0) and by
    the index tensors (masks as their nonzero positions), indexed dims moved first where they are
    not adjacent (numpy's order of the result's dims is the same)."""
    if r.__class__ is not np.ndarray or r.ndim < 2 or data.flags.c_contiguous:
        return c_order(r)
    items = list(idx) if isinstance(idx, tuple) else [idx]
    ells = [k for k, i in enumerate(items) if i is Ellipsis]
    if any(i is None for i in items) or len(ells) > 1:
        return c_order(r)
    if ells:  # (spelt out as whole slices)
        k = ells[0]
        used = sum(i.ndim if _mask(i) else 1 for i in items if i is not Ellipsis)
        items[k : k + 1] = [slice(None)] * (data.ndim - used)
    dims, arrays, d = [], [], 0
    for i in items:
        if isinstance(i, slice):
            d += 1
        elif _mask(i):  # a mask: its nonzero positions, one per dim
            arrays += list(np.nonzero(np.asarray(i)))
            dims += list(range(d, d + i.ndim))
            d += i.ndim
        else:
            arrays.append(np.asarray(i))
            dims.append(d)
            d += 1
    if not dims:
        return c_order(r)
    st = list(torch_strides(data))
    rest = [k for k in range(data.ndim) if k not in dims]
    if dims != list(range(dims[0], dims[0] + len(dims))):  # (torch's transposeToFront)
        st, before = [st[k] for k in dims + rest], 0
    else:
        before = dims[0]
    try:
        b = np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        return c_order(r)
    after = len(st) - before - len(dims)
    if len(r.shape) != before + len(b) + after:
        return c_order(r)
    src = st[:before] + [0] * len(b) + st[before + len(dims) :]
    pad = [0] * before, [0] * after
    ops = [src] + [pad[0] + list(torch_strides(np.broadcast_to(a, b))) + pad[1] for a in arrays]
    return laid_out(r, stride_order(r.shape, ops), r.ndim)


def _mask(i):
    return getattr(i, "dtype", None) is not None and i.dtype.kind == "b"


def _strided(arrays):  # (an array of 2+ dims not in C order: else numpy's order is torch's)
    return any(
        getattr(a, "ndim", 0) > 1 and a.__class__ is np.ndarray and not a.flags.c_contiguous
        for a in arrays
    )


def iterator_operands(arrays):
    """The arrays of an elementwise op, those of 2+ dims laid out in the order torch's
    TensorIterator gives its result (copies, where one is not): numpy then lays out the result,
    and each step of one computed in steps, as torch's (x.t() + x: as x.t())."""
    if not _strided(arrays):
        return arrays
    try:
        shape = np.broadcast_shapes(*(a.shape for a in arrays if hasattr(a, "shape")))
    except ValueError:  # (the op's own message follows)
        return arrays
    perm = iterator_order(shape, [a for a in arrays if hasattr(a, "shape")])
    out = [laid_out(a, perm, len(shape)) if getattr(a, "ndim", 0) > 1 else a for a in arrays]
    if not _decided(shape, perm, out):  # (numpy would break the ties its own way: the first
        i = next(i for i, a in enumerate(out) if getattr(a, "ndim", 0) > 1)  # operand broadcast
        out[i] = laid_out(np.broadcast_to(out[i], shape), perm, len(shape))  # in full decides)
    return out


def _decided(shape, perm, arrays):
    """Whether every pair of the result's dims of size > 1 is ordered by some operand's strides
    (both nonzero and unequal): then numpy lays the result out in that order too."""
    dims = [d for d in perm if shape[d] > 1]
    nd = len(shape)
    strides = [
        (0,) * (nd - a.ndim) + tuple(0 if n == 1 else st for n, st in zip(a.shape, a.strides))
        for a in arrays
        if getattr(a, "ndim", 0)
    ]
    return all(
        any(st[d0] and st[d1] and st[d0] != st[d1] for st in strides)
        for i, d0 in enumerate(dims)
        for d1 in dims[i + 1 :]
    )


def iterator_result(r, arrays):
    """r, an elementwise result of `arrays` computed in steps, laid out as torch's TensorIterator
    lays out its result (a copy where numpy's layout differs)."""
    if r.__class__ is not np.ndarray or r.ndim < 2 or not _strided(arrays):
        return r
    return laid_out(r, iterator_order(r.shape, [a for a in arrays if hasattr(a, "shape")]), r.ndim)


def laid_out(b, perm, nd):
    """Array b with its dims laid out in `perm`'s order (innermost first, over nd broadcast
    dims): b itself where it is, else a copy."""
    off = nd - b.ndim
    outer = [d - off for d in reversed(perm) if d >= off]
    own = [s for d, s in zip(outer, (b.strides[d] for d in outer)) if b.shape[d] > 1]
    if all(p > q for p, q in zip(own, own[1:])):
        return b
    out = namespace(b).empty([b.shape[d] for d in outer], dtype=b.dtype)
    out = namespace(b).permute_dims(out, tuple(np.argsort(outer)))
    out[...] = b
    return out


def scalar_tail(a, step_bytes):
    """Which elements of array a torch's CPU loop leaves to its scalar code: the last
    n % (step_bytes / itemsize) in memory order (its vectorized loop takes `step_bytes` a step,
    64 or 128 on an AVX-512 CPU). Kernels whose two paths treat NaN differently
    (hardtanh's, elu's and hardswish's backward) show it. None: no tail (or not numpy)."""
    if a.__class__ is not np.ndarray or not a.size % (step := step_bytes // a.dtype.itemsize):
        return None
    return (np.arange(a.size) >= a.size - a.size % step).reshape(a.shape)


def round_back(r, low):
    """The result `r` of an op computed by `opmath`, in the op's own dtype again."""
    return r if low is None else np.asarray(r).astype(low)


# ----------------------------------------------------------------------------- devices


_DEVICE_TYPES = """cpu cuda ipu xpu mkldnn opengl opencl ideep hip ve fpga maia xla lazy vulkan mps
    meta hpu mtia privateuseone""".split()  # (torch's, in the order its message lists them)


class device:
    """Where a tensor's data lives: ``device('cpu')``, ``device('cuda', 0)`` or
    ``device('cuda:0')``.

    Arrays of other array-API libraries keep their own device object, reported as
    ``device(type='<library>:<device>')``.
    """

    __slots__ = ("type", "index", "_native")

    def __init__(self, type, index=None):
        native = None
        if isinstance(type, int) and not isinstance(type, bool):  # torch: the accelerator's
            if type < 0:
                raise RuntimeError("Device index must not be negative")
            if not cupy_available():
                raise RuntimeError("Cannot access accelerator device when none is available.")
            type, index = "cuda", type
        if isinstance(type, device):
            type, index, native = type.type, type.index, type._native
        elif isinstance(type, str) and ":" in type and type.split(":", 1)[0] in ("cpu", "cuda"):
            type, idx = type.split(":", 1)
            index = int(idx)
        if type not in ("cpu", "cuda") and not isinstance(type, str):
            raise RuntimeError(f"Expected a device type string, got {type!r}")
        if native is None and type.split(":")[0] not in _DEVICE_TYPES:
            raise RuntimeError(
                f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start of device "
                f"string: {type.split(':')[0]}"
            )
        self.type = type
        self.index = 0 if type == "cuda" and index is None else index
        self._native = native

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        if isinstance(other, str):
            other = device(other)
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


CPU = device("cpu")


def _foreign_device(native):
    d = object.__new__(device)  # (another library's device: its name, not one of torch's types)
    d.type = f"{type(native).__module__.split('.')[0]}:{getattr(native, '_device', native)}"
    d.index, d._native = None, native
    return d


def device_of(array):
    """The device of a backend array."""
    if isinstance(array, np.ndarray):
        return CPU
    if _cupy is not None and isinstance(array, _cupy.ndarray):
        return device("cuda", array.device.id)
    return _foreign_device(array.device)


# ----------------------------------------------------------------------------- namespaces

NUMPY = array_api_compat.numpy  # the namespace of numpy arrays (see `namespace`)
_NAMESPACES = {np.ndarray: NUMPY}


def namespace(array):
    """The array-API namespace of a backend array (cached per array type)."""
    try:
        return _NAMESPACES[type(array)]
    except KeyError:
        xp = array_api_compat.array_namespace(array)
        _NAMESPACES[type(array)] = xp
        return xp


def cupy_available():
    """True when cupy imports and a CUDA device answers."""
    if _cupy is None:
        return False
    try:
        return _cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


def namespace_for_device(dev):
    """The namespace that creates arrays on `dev` (a device, a string, or a foreign device
    object)."""
    if dev is None:
        return array_api_compat.numpy, None
    dev = device(dev) if isinstance(dev, int) and not isinstance(dev, bool) else dev  # (an index)
    if not isinstance(dev, (device, str)):  # a foreign library's device object
        return None, dev
    dev = device(dev)
    if dev._native is not None:
        return None, dev._native
    if dev.type == "cpu":
        return array_api_compat.numpy, None
    if dev.type == "cuda":
        if not cupy_available():
            raise AssertionError(  # torch's type and words, as a CPU-only torch says them
                "Torch not compiled with CUDA enabled (autograd_core needs cupy and a CUDA "
                "device for device='cuda'; check autograd_core.cuda.is_available() first)"
            )
        return _compat_cupy, dev.index
    raise RuntimeError(f"autograd_core runs on cpu and cuda devices, not on {dev}")


def asarray_on(obj, dev, dt=None):
    """Build a backend array from `obj` (nested lists, scalars, arrays) on device `dev`."""
    xp, native = namespace_for_device(dev)
    if xp is None:  # another library's device: that library makes the array
        xp = _namespace_of_device(native)
        if (
            hasattr(obj, "__array_namespace__")
            and not isinstance(obj, np.ndarray)
            and namespace(obj) is xp
        ):
            arr = xp.asarray(obj, device=native)
        else:
            arr = xp.asarray(
                obj
                if isinstance(obj, np.ndarray)
                else np.asarray(move(obj, CPU) if hasattr(obj, "__array_namespace__") else obj),
                device=native,
            )
        return arr if dt is None else xp.astype(arr, to_backend_dtype(xp, dt))
    if xp is not array_api_compat.numpy:
        if dt is bfloat16 or (isinstance(obj, np.ndarray) and is_bfloat16(obj.dtype)):
            raise no_bfloat16("cuda")
        with _cupy.cuda.Device(native or 0):
            return _cupy.asarray(obj, dtype=None if dt is None else dt.name)
    if dt is None:
        return np.asarray(obj)
    with np.errstate(over="ignore"):  # 1e6 as float16 is inf, silently, as in torch
        return np.asarray(obj, dtype=to_backend_dtype(np, dt))


# torch's C++ type names in its scalar-overflow message ("... to type int8_t without overflow").
_C_TYPE = dict(float16="c10::Half", bfloat16="c10::BFloat16", float32="float", float64="double")
_C_TYPE.update(int8="int8_t", int16="int16_t", int32="int", int64="int64_t", uint8="uint8_t")


def check_scalar(value, dt, spelled=None):
    """`value` as `dt` will hold it, or torch's refusal of a Python number that `dt` cannot hold: a
    finite float past the floating type's range (inf and nan pass), an integer or float outside an
    integer type's; an unsigned type also takes the integers -max..-1, which wrap (uint8: -1 is
    255; -1.0 is refused, as torch's float-to-integer check). Anything
    else (a tensor, a bool) is returned as it is. `spelled`: the type's name in the message (torch
    says int8_t for fill_ and full, int8 for tensor())."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, complex):  # (no complex dtype here: torch's cast to a real type keeps
        if dt is bool_:  # a number without imaginary part only)
            return bool(value)
        if value.imag:
            raise RuntimeError(
                f"value cannot be converted to type {spelled or _C_TYPE[dt.name]} without overflow"
            )
        value = value.real
    if dt is bool_ or isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if dt.is_floating_point:
        big = float(np.finfo(np_dtype(dt)).max) if dt is not bfloat16 else 3.3895313892515355e38
        bad = isinstance(value, float) and math.isfinite(value) and abs(value) > big
    else:
        info = np.iinfo(dt.name)
        low = -int(info.max) if info.min == 0 and isinstance(value, int) else int(info.min)
        bad = not (low <= value <= info.max)
    if bad:
        name = spelled or _C_TYPE[dt.name]
        raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    if not dt.is_floating_point and value < 0 and info.min == 0:
        return int(value) % (int(info.max) + 1)
    return value


def wrap_int(value, adt):
    """A Python int as an integer array dtype `adt` holds it after torch's cast (it wraps:
    uint8 -1 is 255, int8 300 is 44)."""
    return np.array(value).astype(np_dtype(dtype_from_array_dtype(adt))).item()


def move(array, dev):
    """Copy `array` to device `dev` (numpy <-> cupy through the host, others via the standard)."""
    if isinstance(dev, (device, str)):
        dev = device(dev)
        if device_of(array) == dev:
            return array
        if dev._native is not None:
            return move(array, dev._native)
        if dev.type == "cpu":
            if isinstance(array, np.ndarray):
                return array
            if _cupy is not None and isinstance(array, _cupy.ndarray):
                return _cupy.asnumpy(array)
            xp = namespace(array)
            host = array.to_device(xp.Device("CPU_DEVICE")) if hasattr(xp, "Device") else array
            return np.from_dlpack(host) if hasattr(host, "__dlpack__") else np.asarray(host)
        return asarray_on(array if isinstance(array, np.ndarray) else move(array, CPU), dev)
    # a foreign device object (e.g. array_api_strict.Device("device1"))
    if (
        hasattr(array, "to_device")
        and not isinstance(array, np.ndarray)
        and type(array).__module__.split(".")[0] == type(dev).__module__.split(".")[0]
    ):
        return array.to_device(dev)
    xp = _namespace_of_device(dev)
    return xp.asarray(move(array, CPU), device=dev)


def _namespace_of_device(native):
    return importlib.import_module(type(native).__module__.split(".")[0])


# ----------------------------------------------------------------------------- beyond the standard


def index_add(xp, target, index, values):
    """target[index] += values, accumulating repeated indices (the standard has no scatter-add)."""
    if isinstance(target, np.ndarray):
        np.add.at(target, index, values)
    elif _cupy is not None and isinstance(target, _cupy.ndarray):
        _cupyx.scatter_add(target, index, values)
    else:  # generic and slow, but correct: one element position at a time
        index = tuple(_on_host(xp, i) for i in (index if isinstance(index, tuple) else (index,)))
        flat = np.zeros(tuple(target.shape), dtype=np.int64).reshape(-1)
        pos = np.arange(flat.size).reshape(tuple(target.shape))[index]
        for p, v in zip(np.asarray(pos).reshape(-1), xp.reshape(values, (-1,))):
            target[np.unravel_index(int(p), tuple(target.shape))] += v
    return target


def _on_host(xp, i):
    """An index array's values as numpy's (moved to the host first where numpy can't read it)."""
    if not hasattr(i, "shape"):
        return i
    try:
        return np.asarray(i)
    except (RuntimeError, TypeError, ValueError):
        return np.asarray(i.to_device(xp.__array_namespace_info__().default_device()))


def shares_memory(a, b):
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return np.shares_memory(a, b)
    return a is b


def reshape_view(array, shape):
    """`array` with a new shape sharing its memory, or None where its strides need a copy. A
    dim of size 1 gets torch's stride (numpy picks its own: `x.t().unflatten(0, (1, -1))`)."""
    try:
        if array.__class__ is np.ndarray:
            r = np.reshape(array, shape, copy=False)
            if 1 in r.shape and r.size and r.ndim > 1:
                want = _view_strides(array.shape, torch_strides(array), r.shape)
                if want != torch_strides(r):
                    st = tuple(s * r.itemsize for s in want)
                    r = np.lib.stride_tricks.as_strided(r, r.shape, st, writeable=r.flags.writeable)
            return r
        return namespace(array).reshape(array, shape, copy=False)
    except (ValueError, TypeError, AttributeError, NotImplementedError):
        return None


def _view_strides(old, strides, new):
    """torch's computeStride for a view of a non-empty tensor: the new dims' strides, chunk by
    chunk of the old dims that are contiguous with each other (a size-1 dim takes the stride
    of what lies inside it)."""
    out, view_d, base = [0] * len(new), len(new) - 1, strides[-1] if strides else 1
    tensor_n = view_n = 1
    for d in range(len(old) - 1, -1, -1):
        tensor_n *= old[d]
        if d == 0 or (old[d - 1] != 1 and strides[d - 1] != tensor_n * base):
            while view_d >= 0 and (view_n < tensor_n or new[view_d] == 1):
                out[view_d] = view_n * base
                view_n *= new[view_d]
                view_d -= 1
            if d > 0:
                base, tensor_n, view_n = strides[d - 1], 1, 1
    return tuple(out)


def c_order(a):
    """a in C order (a copy only where it is not): the result of a torch kernel that writes a
    contiguous tensor whatever its input's layout (softmax, cumsum, roll, cdist...). numpy calls
    an array contiguous whatever its size-1 dims' strides (a reduction's kept dims: the input's);
    torch's contiguous strides there are C order's too."""
    if a.__class__ is not np.ndarray:
        return a
    if not a.flags.c_contiguous:
        return np.ascontiguousarray(a)
    if a.ndim > 1 and 1 in a.shape and a.size > 1:
        step = a.itemsize
        for n, st in zip(a.shape[::-1], a.strides[::-1]):
            if st != step:
                return a.copy()
            step *= n
    return a


def contiguous_copy(array):
    """A C-ordered copy (torch's contiguous(); a plain copy keeps the strides' order)."""
    if array.__class__ is np.ndarray:
        return np.ascontiguousarray(array) if not array.flags.c_contiguous else array.copy()
    xp = namespace(array)
    return xp.asarray(array, copy=True)


def column_major(array):
    """Each matrix (the last two dims) of array in Fortran order, as LAPACK writes the results of
    torch's linalg functions (inv, cholesky, solve...)."""
    if array.__class__ is np.ndarray and array.ndim >= 2:
        return np.swapaxes(c_order(np.swapaxes(array, -1, -2)), -1, -2)
    return array


def preserve_copy(array):
    """A copy laid out as torch's preserve_format: in array's order of dims, or in C order where
    it overlaps itself (an expanded array, whose broadcast dim numpy would make the fastest)."""
    if array.__class__ is np.ndarray and any(
        st == 0 and n > 1 for st, n in zip(array.strides, array.shape)
    ):
        return np.array(array, order="C")  # (a copy even of an empty one: it is written)
    return namespace(array).asarray(array, copy=True)


def strided_copy(array):
    """A copy with array's very strides, gaps and all (torch's clone_preserve_strides, which its
    *_scatter ops write into: ``x[:, ::2]``'s copy keeps stride 2); dense or expanded arrays as
    preserve_copy."""
    st, n = array.strides if array.__class__ is np.ndarray else (), array.shape
    if not st or not array.size or any(s < 0 for s in st):
        return preserve_copy(array)
    extent = sum((k - 1) * s for k, s in zip(n, st)) // array.itemsize + 1
    if extent <= array.size:  # (dense, or overlapping itself)
        return preserve_copy(array)
    out = np.lib.stride_tricks.as_strided(np.empty(extent, array.dtype), n, st)
    out[...] = array
    return out


def channels_last(a):
    """Whether torch's suggest_memory_format() of 4-D array a is channels_last (its C dim the
    fastest, then W, H, N; is_channels_last_strides_2d, ambiguous size-1 cases NCHW)."""
    if getattr(a, "ndim", 0) != 4 or a.__class__ is not np.ndarray:
        return False
    sizes, strides = a.shape, torch_strides(a)
    low = 0
    if strides[1] == 0:
        return False
    for d in (1, 3, 2, 0):
        if sizes[d] == 0 or strides[d] < low or (d == 0 and low == strides[1]):
            return False
        low = strides[d] * max(sizes[d], 1)
    return True


def pooled(r, a):
    """A pooling result r of input a laid out as torch's: channels_last where a is, else C
    order."""
    return laid_out(r, [1, 3, 2, 0], 4) if r.ndim == 4 and channels_last(a) else c_order(r)


def is_contiguous(array):
    flags = getattr(array, "flags", None)
    return True if flags is None else bool(flags.c_contiguous)
