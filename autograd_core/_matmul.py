"""Matrix products: matmul and its named forms (mm, mv, dot, bmm), addmm.

Each op computes on the arrays, then records its node with `_ops._record` (see _ops).
"""

import builtins
import math

import numpy as np

from . import _backend
from ._amp_policy import cuda_lower, cuda_promote, lower_precision
from ._graph import node_class
from ._tensor import Tensor
from ._operands import _as_tensor_like
from ._operands import _cast, _cname, _no_kernel, _operands
from ._ops import _record
from ._messages import shape_error as _shape_error


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


def _folds(x, y):
    """Whether torch's matmul folds the batch of the operand of 3+ dims into the rows of one mm or
    mv with the other (of 1 or 2 dims; `should_fold` in LinearAlgebra.cpp) instead of a bmm:
    when the smaller operand requires grad, or (x not a matrix) when the fold needs no copy."""
    big, small = (x, y) if x.ndim >= y.ndim else (y, x)
    if big.ndim < 3 or small.ndim > 2:
        return False
    if small.requires_grad:
        return True
    if x.ndim == 2 or big.numel() == 0:
        return x.ndim != 2
    data = big._data
    if not hasattr(data, "strides"):  # an array library without strides: contiguous
        return big is x
    shape, strides = list(data.shape), [s // data.itemsize for s in data.strides]
    if big is y:  # folded transposed: y.mT
        shape[-2:], strides[-2:] = shape[:-3:-1], strides[:-3:-1]
    return builtins.all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(len(shape) - 2))


def _squeezed(t):
    """t without its first dim, requiring grad as t (for torch's choice of kernel only)."""
    s = Tensor._from_data(t._data[0])
    s._rg = True
    return s


def _contiguous_mT(shape):
    """Whether the transpose of a contiguous array of shape[:-2] + shape[:-3:-1] is contiguous
    (torch's .contiguous() then copies nothing): dims of size 1 have any stride."""
    if math.prod(shape) == 0:
        return True
    rows, cols = shape[-2], shape[-1]
    return rows == 1 or cols == 1


def _folded(x, y):
    """The operands of torch's folded mm/mv: (rows, inner) of the large one, the other's shape."""
    if x.ndim >= 3:
        return (math.prod(x.shape[:-1]), x.shape[-1]), tuple(y.shape)
    rows = math.prod(y.shape[:-2]) * y.shape[-1]
    return (rows, y.shape[-2]), tuple(x.shape[::-1])


def _size_mismatch(x, y, fold):
    """torch's error for inner sizes that do not match, by the kernel it reaches (dot, mv, mm,
    the folded mm/mv, or bmm over the broadcast batch)."""
    sa, sb, nd = tuple(x.shape), tuple(y.shape), (x.ndim, y.ndim)
    dims = "x".join
    if nd == (1, 1):
        return RuntimeError(
            f"inconsistent tensor size, expected tensor [{sa[0]}] and src [{sb[0]}] to have the "
            f"same number of elements, but got {sa[0]} and {sb[0]} elements respectively"
        )
    if fold:
        sa, sb = _folded(x, y)
    if len(sa) == 2 and len(sb) == 1:
        return RuntimeError(
            f"size mismatch, got input ({sa[0]}), mat ({dims(map(str, sa))}), vec ({sb[0]})"
        )
    if len(sa) <= 2 and len(sb) <= 2:
        a = sa if len(sa) == 2 else (1, sa[0])
        return RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({dims(map(str, a))} and "
            f"{dims(map(str, sb))})"
        )
    try:  # batched: torch's bmm over the broadcast batch, its batch2 checked
        batch = math.prod(np.broadcast_shapes(sa[:-2], sb[:-2]))
    except ValueError:
        return _shape_error(None, _Shaped(sa[:-2]), _Shaped(sb[:-2]))
    return RuntimeError(
        "Expected size for first two dimensions of batch2 tensor to be: "
        f"[{batch}, {sa[-1]}] but got: [{batch}, {sb[-2 if len(sb) > 1 else 0]}]."
    )


class _Shaped:
    def __init__(self, shape):
        self.shape = shape


def _dtype_mismatch(x, y, kernel, fold):
    """torch's message for operands of two dtypes, by the kernel (the folded mm/mv takes y's
    batch first when y is the larger)."""
    m1, m2 = (y, x) if fold and x.ndim < y.ndim else (x, y)
    if kernel == "dot":
        return (
            f"dot : expected both vectors to have same dtype, but found {_short(x)} and {_short(y)}"
        )
    if kernel == "mv":
        return (
            f"addmv input tensors must have the same dtype, but got {_short(m2)}, {_short(m1)}, "
            f"and {_short(m2)}"
        )
    if kernel == "bmm":
        return f"expected scalar type {_short(x)} but found {_short(y)}"
    return (
        "expected m1 and m2 to have the same dtype, but got: "
        f"{_C10_NAMES[m1.dtype.name]} != {_C10_NAMES[m2.dtype.name]}"
    )


def _kernel(x, y, fold):
    """The kernel torch's matmul reaches: dot, mv, mm, or (batched, unless folded) bmm."""
    nd = (x.ndim, y.ndim)
    if nd == (1, 1):
        return "dot"
    if nd == (2, 1) or (fold and min(nd) == 1):
        return "mv"
    return "mm" if max(nd) <= 2 or fold else "bmm"


def _inner_mismatch(x, y, fold, bmm):
    """torch's shape error for x @ y, or None (bmm: no broadcast of the batch)."""
    n = y.shape[-2 if y.ndim > 1 else 0]
    if bmm and (y.shape[0], n) != (x.shape[0], x.shape[-1]):
        return RuntimeError(
            "Expected size for first two dimensions of batch2 tensor to be: "
            f"[{x.shape[0]}, {x.shape[-1]}] but got: [{y.shape[0]}, {n}]."
        )
    if not fold and max(x.ndim, y.ndim) > 2:
        try:
            np.broadcast_shapes(tuple(x.shape[:-2]), tuple(y.shape[:-2]))
        except ValueError:
            return _size_mismatch(x, y, fold)
    return _size_mismatch(x, y, fold) if x.shape[-1] != n else None


def _matmul(x, y, bmm=False):
    """Matrix product with numpy's/torch's rules for 1-D, 2-D and batched operands. torch checks
    the ranks, then (dot: the dtypes first) the shapes, then the dtypes and the kernel (bmm: the
    kernel first). `bmm`: torch.bmm's batch, not broadcast."""
    if not isinstance(y, Tensor):
        y = _as_tensor_like(y, x)
    nd = (x.ndim, y.ndim)
    if 0 in nd:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {nd[0]}D and {nd[1]}D"
        )
    xs, ys = x, y  # the operands torch's kernels see (the values are the same)
    if nd == (3, 3) and not bmm and x.shape[0] != y.shape[0]:
        # a batch of one that requires grad is squeezed, to be folded as a matrix
        if x.shape[0] == 1 and x.requires_grad:
            xs = _squeezed(x)
        elif y.shape[0] == 1 and y.requires_grad:
            ys = _squeezed(y)
    fold = _folds(xs, ys)
    kernel = _kernel(xs, ys, fold)
    if x.dtype is not y.dtype and kernel == "dot":
        raise RuntimeError(_dtype_mismatch(xs, ys, kernel, fold))
    error = _inner_mismatch(xs, ys, fold, bmm)
    if error is not None:
        raise error
    # mm, mv and bmm return at once when there is nothing to sum (bmm: before its dtype check)
    empty = xs.shape[-1] == 0 or 0 in xs.shape[:-1] or 0 in ys.shape[:-2] + ys.shape[-1:]
    if x.dtype is _backend.bool_ and (kernel == "bmm" or y.dtype is x.dtype):
        if kernel == "dot" or not empty:
            raise _no_kernel(
                {"mv": "addmv_impl_cpu", "mm": "addmm_impl_cpu_"}.get(kernel, kernel), x
            )
    if x.dtype is not y.dtype and not (kernel == "bmm" and empty):
        raise RuntimeError(_dtype_mismatch(xs, ys, kernel, fold))
    if x.dtype is not y.dtype:  # (an empty bmm: batch2's dtype)
        a, b = _cast(x._data, y.dtype), y._data
    else:
        a, b = _operands(x, y, elementwise=False)
    (a, low), (b, _) = _backend.opmath(a), _backend.opmath(b)
    r = _backend.round_back(a @ b, low)
    if r.ndim > 2 and not (fold and xs.ndim == 2):  # (torch's folded mm and its bmm write
        r = _backend.c_order(r)  # contiguous rows, viewed back: numpy keeps x's batch order)

    name = {
        (2, 2): "MmBackward0",
        (2, 1): "MvBackward0",
        (1, 1): "DotBackward0",
        (1, 2): "SqueezeBackward4",
    }.get(nd, "UnsafeViewBackward0")
    if fold and xs.ndim == 2:  # folded as y.mT @ x.T, the result transposed back (a copy
        name = "TransposeBackward0" if _contiguous_mT(r.shape) else "CloneBackward0"  # if needed)
    attrs = {"ndims": nd, "fold": ys.ndim if fold and xs.ndim > 2 else 0}  # (x's rows: its VJP)
    if kernel == "bmm":  # (torch.bmm's own backward: two bmms; matmul's views them back)
        attrs["bmm"] = "torch.bmm" if bmm else "matmul"
    out = _record("matmul", name, r, (x, y), attrs)
    if nd == (1, 2):  # (torch's mm(x.unsqueeze(0), y).squeeze_(0): one write in place)
        out._vc[0] += 1
    return out


matmul = lower_precision(_matmul)  # the named forms call _matmul: autocast's policy is theirs


def _ranked(x, y, want, messages, name):
    """matmul, after torch's rank checks for mm/mv/dot/bmm; the node gets the op's own name."""
    for t, n, msg in zip((x, y), want, messages):
        if t.ndim != n:
            raise RuntimeError(msg.format(x=x.ndim, y=y.ndim))
    r = _matmul(x, y, bmm=name == "BmmBackward0")
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
    if isinstance(x, Tensor) and x.ndim == 0:  # (torch reads its size(0) first)
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
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
        p = a @ b
    except ValueError:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
            f"{b.shape[0]}x{b.shape[1]})"
        ) from None
    if c.shape != p.shape and (
        c.ndim > p.ndim or not all(n in (m, 1) for n, m in zip(c.shape[::-1], p.shape[::-1]))
    ):
        bias.expand(tuple(p.shape))  # (torch expands the bias to the product's shape: its errors)
    # (into the product's new array where the bias broadcasts to it: one array less)
    fits = p.__class__ is np.ndarray and p.dtype == c.dtype
    r = _backend.round_back(np.add(p, c, out=p) if fits else p + c, low)
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
