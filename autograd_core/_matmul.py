"""Matrix products: matmul and its named forms (mm, mv, dot, bmm), addmm.

Each op computes on the arrays, then records its node with `_ops._record` (see _ops).
"""

import math

import numpy as np

from . import _backend
from ._amp_policy import cuda_lower, cuda_promote, lower_precision
from ._graph import node_class
from ._tensor import Tensor
from ._operands import _as_tensor_like
from ._operands import _cname, _no_kernel, _operands
from ._ops import _record


# ============================================================================= linear algebra

# c10's C++ type names, which torch's mm message prints (its other messages print _cname's).
_C10_NAMES = {
    "float32": "float",
    "float64": "double",
    "float16": "c10::Half",
    "bfloat16": "c10::BFloat16",
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
    "bool": "bool",
}


def _short(t):
    """torch's short dtype name in messages (_cname, and "BFloat16")."""
    return "BFloat16" if t.dtype is _backend.bfloat16 else _cname(t)


def _size_mismatch(sa, sb, nd):
    """torch's error for inner sizes that do not match, by the ranks (dot, mv, mm, batched)."""
    dims = "x".join
    if nd == (1, 1):
        return RuntimeError(
            f"inconsistent tensor size, expected tensor [{sa[0]}] and src [{sb[0]}] to have the "
            f"same number of elements, but got {sa[0]} and {sb[0]} elements respectively"
        )
    if nd == (2, 1):
        return RuntimeError(
            f"size mismatch, got input ({sa[0]}), mat ({dims(map(str, sa))}), vec ({sb[0]})"
        )
    if len(sa) <= 2 and len(sb) <= 2:
        a = sa if len(sa) == 2 else (1, sa[0])
        return RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({dims(map(str, a))} and "
            f"{dims(map(str, sb))})"
        )
    if len(sb) == 2:  # (batched @ matrix: torch folds the batch into the rows)
        rows = math.prod(sa[:-1])
        return RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({rows}x{sa[-1]} and {dims(map(str, sb))})"
        )
    try:  # batched: torch's bmm over the broadcast batch, its batch2 checked
        batch = math.prod(np.broadcast_shapes(sa[:-2], sb[:-2]))
    except ValueError:
        return RuntimeError(f"matmul: shapes {list(sa)} and {list(sb)} cannot be multiplied")
    return RuntimeError(
        "Expected size for first two dimensions of batch2 tensor to be: "
        f"[{batch}, {sa[-1]}] but got: [{batch}, {sb[-2]}]."
    )


def _dtype_mismatch(x, y, nd):
    if nd == (1, 1):
        return (
            f"dot : expected both vectors to have same dtype, but found {_short(x)} and {_short(y)}"
        )
    if nd == (2, 1):
        return (
            f"addmv input tensors must have the same dtype, but got {_short(y)}, {_short(x)}, "
            f"and {_short(y)}"
        )
    if nd == (3, 3):
        return f"expected scalar type {_short(x)} but found {_short(y)}"
    return (
        "expected m1 and m2 to have the same dtype, but got: "
        f"{_C10_NAMES[x.dtype.name]} != {_C10_NAMES[y.dtype.name]}"
    )


def _matmul(x, y):
    """Matrix product with numpy's/torch's rules for 1-D, 2-D and batched operands. torch checks
    the ranks, then (dot: the dtypes first) the inner sizes, then the dtypes."""
    if not isinstance(y, Tensor):
        y = _as_tensor_like(y, x)
    nd = (x.ndim, y.ndim)
    if 0 in nd:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {nd[0]}D and {nd[1]}D"
        )
    if x.dtype is not y.dtype:
        if nd != (1, 1) and x.shape[-1] != y.shape[-2 if y.ndim > 1 else 0]:
            raise _size_mismatch(x.shape, y.shape, nd)
        raise RuntimeError(_dtype_mismatch(x, y, nd))
    a, b = _operands(x, y, elementwise=False)
    if x.dtype is _backend.bool_:
        raise _no_kernel({(1, 1): "dot", (2, 1): "addmv_impl_cpu"}.get(nd, "addmm_impl_cpu_"), x)
    (a, low), (b, _) = _backend.opmath(a), _backend.opmath(b)
    try:
        r = _backend.round_back(a @ b, low)
    except ValueError:
        raise _size_mismatch(a.shape, b.shape, nd) from None

    name = {
        (2, 2): "MmBackward0",
        (2, 1): "MvBackward0",
        (1, 1): "DotBackward0",
        (1, 2): "SqueezeBackward4",
    }.get(nd, "UnsafeViewBackward0")
    return _record("matmul", name, r, (x, y), {"ndims": nd})


matmul = lower_precision(_matmul)  # the named forms call _matmul: autocast's policy is theirs


def _ranked(x, y, want, messages, name):
    """matmul, after torch's rank checks for mm/mv/dot/bmm; the node gets the op's own name."""
    for t, n, msg in zip((x, y), want, messages):
        if t.ndim != n:
            raise RuntimeError(msg.format(x=x.ndim, y=y.ndim))
    r = _matmul(x, y)
    if r._grad_fn is not None:
        r._grad_fn.__class__ = node_class(name)
    return r


@lower_precision
def mm(x, y):
    """Matrix @ matrix (both 2-D)."""
    return _ranked(x, y, (2, 2), ("self must be a matrix", "mat2 must be a matrix"), "MmBackward0")


@cuda_lower
def mv(x, y):
    """Matrix @ vector."""
    msg = "vector + matrix @ vector expected, got 1, {x}, {y}"
    return _ranked(x, y, (2, 1), (msg, msg), "MvBackward0")


@cuda_promote
def dot(x, y):
    """Vector . vector (both 1-D)."""
    msg = "1D tensors expected, but got {x}D and {y}D tensors"
    return _ranked(x, y, (1, 1), (msg, msg), "DotBackward0")


@lower_precision
def bmm(x, y):
    """Batched matrix @ matrix (both 3-D, same batch size)."""
    r = _ranked(
        x, y, (3, 3), ("batch1 must be a 3D tensor", "batch2 must be a 3D tensor"), "BmmBackward0"
    )
    return r


@lower_precision
def addmm(bias, x, y):
    """bias + x @ y (what nn.functional.linear uses for 2-D inputs)."""
    if not (x.dtype is y.dtype is bias.dtype):
        raise RuntimeError(
            f"mat1 and mat2 must have the same dtype, but got {_short(x)} and {_short(y)}"
        )
    a, b = _operands(x, y, elementwise=False)
    c = bias._data
    (a, low), (b, _), (c, _) = _backend.opmath(a), _backend.opmath(b), _backend.opmath(c)
    try:
        r = _backend.round_back(a @ b + c, low)
    except ValueError:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
            f"{b.shape[0]}x{b.shape[1]})"
        ) from None
    # Like torch's mm_mat2_backward: when mat2 is a transposed view (nn.Linear's weight.t()), its
    # gradient is computed transposed too, so the weight's gradient arrives contiguous.
    flags = getattr(b, "flags", None)
    return _record(
        "addmm",
        "AddmmBackward0",
        r,
        (bias, x, y),
        {"z_transposed": flags is not None and flags.f_contiguous and not flags.c_contiguous},
    )
