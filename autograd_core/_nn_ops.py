"""The ops behind nn layers beyond linear: activations (gelu, silu, softplus), dropout, embedding,
conv1d/conv2d, one_hot, and losses (huber, binary cross-entropy); then (wave 2) elu / selu /
celu, hardtanh, prelu, mish, logsigmoid, glu and smooth_l1_loss. Padding, pooling and resizing
are in _pooling, the norms (layer, batch, group) in _norms.

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_nn). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.

conv2d (and _pooling's max_pool2d) are built on two linear ops of their own, `unfold2d` (im2col)
and `fold2d` (col2im), each the other's VJP, so the backward of a convolution is made of recorded
ops and can be differentiated again. `normal_cdf` (Phi, gelu's derivative) is an op for the same
reason.
"""

import builtins
import functools
import math

import numpy as np

from . import _backend
from ._amp_policy import cuda_float32, float32_precision, lower_precision
from ._backend import namespace
from ._creation import _gen
from ._operands import _cast, _cname, _dim, _no_kernel, loss_dtype
from ._ops import _record, silent
from ._tensor import Tensor
from .grad_mode import is_grad_enabled

_erf_host = np.vectorize(math.erf, otypes=[np.float64])


def _floats_only(kernel, kinds="f"):
    """torch's refusal of the input dtypes an op's kernel lacks: integers and bool for floating
    only kernels; bool alone for those with integer kernels too (`kinds` "fiu")."""

    def wrap(fn):
        @functools.wraps(fn)  # (keeps autocast's mark)
        def f(input, *args, **kwargs):
            if _backend.kind(input._data.dtype) not in kinds:
                raise _no_kernel(kernel, input)
            return fn(input, *args, **kwargs)

        return f

    return wrap


def _pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


def _host(a):
    return a if isinstance(a, np.ndarray) else np.asarray(_backend.move(a, _backend.CPU))


def _scatter_add(xp, target, index, values):
    """target[index] += values (repeats accumulate); the index goes to the host for the backends
    without a scatter-add of their own (index_add's generic path reads it there)."""
    if not isinstance(target, np.ndarray) and not type(target).__module__.startswith("cupy"):
        index = tuple(_host(i) for i in index) if isinstance(index, tuple) else _host(index)
    _backend.index_add(xp, target, index, values)


def _erf_array(a):
    """erf on any backend's array (math.erf on the host: the array API has no erf)."""
    host = np.asarray(_backend.move(a, _backend.CPU)) if not isinstance(a, np.ndarray) else a
    out = _erf_host(host).astype(host.dtype, copy=False)
    return out if isinstance(a, np.ndarray) else namespace(a).asarray(out, device=a.device)


# ============================================================================= activations


def grad_tie(t, *ties, name="BackwardBackward0", zeros=True, again=None):
    """t itself, recorded (as torch's node `name`) as depending on `ties` with a zero derivative
    (`zeros` False: none, torch's undefined gradient): a backward formula's output that torch
    computes by one op of them all (so it requires grad under create_graph when any does).
    `again`: the derivative with respect to the first tie (the formula's g), given its gradient."""
    shapes = tuple(tuple(x.shape) for x in ties)
    attrs = {"shapes": shapes, "zeros": zeros, "again": again}
    out = _record("grad_tie", name, t._data, (t, *ties), attrs)
    if out._grad_fn is not None:
        out._grad_fn._tie = True
    return out


@silent
def normal_cdf(x):
    """Phi(x) = (1 + erf(x / sqrt(2))) / 2, the standard normal CDF (gelu's derivative)."""
    return _record(
        "normal_cdf", "ErfBackward0", 0.5 * (1.0 + _erf_array(x._data / math.sqrt(2))), (x,)
    )


_VECTOR_ERF = (_backend.float32, _backend.bfloat16)


@_floats_only("GeluKernelImpl")
@silent
def gelu(input, approximate="none"):
    """x * Phi(x) ('none'), or its tanh approximation ('tanh'); one GeluBackward0 node."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    a, low = _backend.opmath(input._data)  # (16-bit: in float32, rounded once, as torch's)
    xp = namespace(a)
    if approximate == "tanh":
        r = 0.5 * a * (1.0 + xp.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a * a * a)))
    else:
        r = 0.5 * a * (1.0 + _erf_array(a / math.sqrt(2)))
        if input.dtype in _VECTOR_ERF and a.ndim and getattr(a, "flags", a).c_contiguous:
            r = xp.where(a == math.inf, math.nan, r)  # (torch's vectorized loop: nan at inf)
    r = _backend.round_back(r, low)
    return _record("gelu", "GeluBackward0", r, (input,), {"approximate": approximate})


@_floats_only("silu_cpu")
@silent
def silu(input):
    """x * sigmoid(x); one SiluBackward0 node."""
    a, low = _backend.opmath(input._data)  # (16-bit: in float32, rounded once, as torch's)
    xp = namespace(a)
    return _record(
        "silu", "SiluBackward0", _backend.round_back(a / (1.0 + xp.exp(-a)), low), (input,)
    )


@_floats_only("softplus_cpu")
@cuda_float32
@silent
def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta x)) / beta, and x itself where beta x > threshold; SoftplusBackward0."""
    a, low = _backend.opmath(input._data)  # (16-bit: in float32, as torch; exp(20) fits)
    xp = namespace(a)
    r = _backend.round_back(
        xp.where(a * beta > threshold, a, xp.log1p(xp.exp(a * beta)) / beta), low
    )
    return _record(
        "softplus", "SoftplusBackward0", r, (input,), {"beta": beta, "threshold": threshold}
    )


def dropout(input, p, train):
    """torch.dropout: x * mask / (1 - p) with mask ~ Bernoulli(1 - p) from the engine's generator
    (a MulBackward0, as torch's CPU kernel); the input itself when not training."""
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not train or p == 0 or not input.numel():  # (torch's: the input itself)
        return input
    a = input._data
    keep = _gen(None).random(a.shape) >= p
    scale = np.asarray(keep, dtype=np.float64) / (1.0 - p) if p < 1 else np.zeros(a.shape)
    mask = Tensor._from_data(_cast(_backend.asarray_on(scale, input.device), input.dtype))
    return input * mask


def _channel_shape(ndim, c):
    return (1, c) + (1,) * (ndim - 2)


# ============================================================================= lookup


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """torch.embedding: the rows of `weight` at `indices`; one EmbeddingBackward0 node (the row
    padding_idx gets no gradient)."""
    if weight.ndim == 0 and weight.requires_grad and is_grad_enabled():  # (torch's autograd
        # reads the weight's size(0), to save it, before the kernel's check)
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    if weight.ndim != 2:
        raise RuntimeError("'weight' must be 2-D")
    idx = indices._data
    if indices.dtype not in (_backend.int64, _backend.int32):
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
            f"Long, Int; but got {indices.type()} instead (while checking arguments for embedding)"
        )
    xp = namespace(weight._data)
    n = weight.shape[0]
    if idx.size and (int(xp.max(idx)) >= n or int(xp.min(idx)) < 0):
        raise IndexError("index out of range in self")
    flat = xp.reshape(idx, (-1,))
    r = xp.reshape(xp.take(weight._data, flat, axis=0), tuple(idx.shape) + (weight.shape[1],))
    # Each looked-up row's share of the gradient: 0 for padding_idx, 1 / its count with
    # scale_grad_by_freq, else 1.
    scale = xp.astype(flat != padding_idx, weight._data.dtype)
    if scale_grad_by_freq:
        counts = xp.zeros(n, dtype=weight._data.dtype, device=weight._data.device)
        _scatter_add(xp, counts, flat, xp.ones_like(scale))
        scale = scale / xp.take(counts, flat)
    attrs = {
        "rows": Tensor._from_data(flat),
        "keep": Tensor._from_data(xp.reshape(scale, (-1, 1))),
        "shape": tuple(weight.shape),
    }
    return _record("embedding", "EmbeddingBackward0", r, (weight,), attrs)


def embedding_renorm_(weight, indices, max_norm, norm_type):
    """torch.embedding_renorm_: the rows at `indices` whose norm_type-norm exceeds max_norm are
    scaled (in place, not recorded) to norm max_norm."""
    weight._check_inplace((indices,))  # (torch's autograd checks first)
    if not weight.dtype.is_floating_point:  # (then its kernel takes the rows' norm)
        raise RuntimeError(
            f"norm(): input dtype should be either floating point or complex. Got "
            f"{_cname(weight)} instead."
        )
    a = weight._data
    xp = namespace(a)
    hit = xp.zeros(a.shape[0], dtype=a.dtype, device=a.device)
    _scatter_add(
        xp,
        hit,
        xp.reshape(indices._data, (-1,)),
        xp.ones(indices._data.size, dtype=a.dtype, device=a.device),
    )
    norms = xp.sum(xp.abs(a) ** norm_type, axis=1, keepdims=True) ** (1.0 / norm_type)
    over = (norms > max_norm) & (xp.reshape(hit, (-1, 1)) > 0)
    a[...] = a * xp.where(over, max_norm / (norms + 1e-7), xp.ones_like(norms))
    weight._vc[0] += 1
    return weight


def rows_scatter(g, rows, shape):
    """zeros(shape) with the rows of g (flat, (len(rows), D)) added at `rows`."""
    xp = namespace(g._data)
    z = xp.zeros(shape, dtype=g._data.dtype, device=g._data.device)
    _scatter_add(xp, z, rows._data, xp.reshape(g._data, (rows._data.shape[0], -1)))
    return _record("rows_scatter", "IndexAddBackward0", z, (g,), {"rows": rows})


def rows_gather(g, rows):
    """The rows of g at `rows` (the VJP of rows_scatter)."""
    xp = namespace(g._data)
    return _record(
        "rows_gather",
        "IndexSelectBackward0",
        xp.take(g._data, rows._data, axis=0),
        (g,),
        {"rows": rows, "shape": tuple(g.shape)},
    )


def one_hot(tensor, num_classes=-1):
    """int64 one-hot encoding along a new last dim of num_classes (max + 1 when -1)."""
    a = tensor._data
    if tensor.dtype is not _backend.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    xp = namespace(a)
    if a.size and int(xp.min(a)) < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        if not a.size:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(xp.max(a)) + 1
    elif a.size and int(xp.max(a)) >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    r = xp.astype(
        xp.expand_dims(a, axis=-1) == xp.arange(num_classes, device=getattr(a, "device", None))
        if not isinstance(a, np.ndarray)
        else a[..., None] == np.arange(num_classes),
        a.dtype,
    )
    out = Tensor._from_data(r)
    out._vc[0] += 2 if a.size else 0  # (torch's zeros, then its scatter_ of ones)
    return out


# ============================================================================= convolution


def _out_size(n, k, s, p, d):
    return (n + p - d * (k - 1) - 1) // s + 1


def _pads(padding):
    """(top, bottom, left, right) from (ph, pw) or the four already."""
    return (padding[0], padding[0], padding[1], padding[1]) if len(padding) == 2 else padding


def _pooled_size(a, ksize, stride, padding, dilation):
    """A pooling's (oh, ow) over (N, C, H, W) `a`, or torch's refusal of an empty output."""
    pt, pb, pl, pr = _pads(padding)
    (c, h, w), (kh, kw), (sh, sw), (dh, dw) = a.shape[1:], ksize, stride, dilation
    oh, ow = _out_size(h, kh, sh, pt + pb, dh), _out_size(w, kw, sw, pl + pr, dw)
    if oh < 1 or ow < 1:
        raise RuntimeError(
            f"Given input size: ({c}x{h}x{w}). Calculated output size: ({c}x{oh}x{ow}). Output "
            "size is too small"
        )


def _im2col(a, ksize, stride, padding, dilation, fill=0):
    """(N, C, H, W) -> (N, C*kh*kw, OH*OW), the windows as columns (torch's unfold order).
    padding: (ph, pw), or (top, bottom, left, right)."""
    xp = namespace(a)
    n, c, h, w = a.shape
    (kh, kw), (sh, sw), (dh, dw) = ksize, stride, dilation
    pt, pb, pl, pr = _pads(padding)
    oh, ow = _out_size(h, kh, sh, pt + pb, dh), _out_size(w, kw, sw, pl + pr, dw)
    if pt or pb or pl or pr:
        ap = xp.full((n, c, h + pt + pb, w + pl + pr), fill, dtype=a.dtype, device=a.device)
        ap[:, :, pt : pt + h, pl : pl + w] = a
    else:
        ap = a
    cols = [
        ap[:, :, i * dh : i * dh + sh * (oh - 1) + 1 : sh, j * dw : j * dw + sw * (ow - 1) + 1 : sw]
        for i in range(kh)
        for j in range(kw)
    ]
    return xp.reshape(xp.stack(cols, axis=2), (n, c * kh * kw, oh * ow)), (oh, ow)


def _col2im(cols, hw, ksize, stride, padding, dilation):
    """The adjoint of _im2col: (N, C*kh*kw, L) columns summed back into (N, C, H, W)."""
    xp = namespace(cols)
    (h, w), (kh, kw), (sh, sw), (dh, dw) = hw, ksize, stride, dilation
    pt, pb, pl, pr = _pads(padding)
    oh, ow = _out_size(h, kh, sh, pt + pb, dh), _out_size(w, kw, sw, pl + pr, dw)
    n = cols.shape[0]
    c = cols.shape[1] // (kh * kw)
    c5 = xp.reshape(cols, (n, c, kh * kw, oh, ow))
    out = xp.zeros((n, c, h + pt + pb, w + pl + pr), dtype=cols.dtype, device=cols.device)
    for i in range(kh):
        for j in range(kw):
            out[
                :,
                :,
                i * dh : i * dh + sh * (oh - 1) + 1 : sh,
                j * dw : j * dw + sw * (ow - 1) + 1 : sw,
            ] += c5[:, :, i * kw + j, ...]
    return out[:, :, pt : pt + h, pl : pl + w]


def unfold2d(x, ksize, stride, padding, dilation):
    """im2col as an op (Im2ColBackward0): (N, C, H, W) -> (N, C*kh*kw, L), or unbatched
    (C, H, W) -> (C*kh*kw, L)."""
    a = x._data
    r, _ = _im2col(a if a.ndim == 4 else a[None, ...], ksize, stride, padding, dilation)
    attrs = {"hw": tuple(x.shape[-2:]), "ksize": ksize, "stride": stride, "padding": padding}
    r = r if a.ndim == 4 else r[0, ...]
    return _record("unfold2d", "Im2ColBackward0", r, (x,), {**attrs, "dilation": dilation})


def fold2d(cols, hw, ksize, stride, padding, dilation):
    """col2im as an op (Col2ImBackward0): the adjoint of unfold2d."""
    a = cols._data
    r = _col2im(a if a.ndim == 3 else a[None, ...], hw, ksize, stride, padding, dilation)
    r = _backend.c_order(r)  # (the padded sums' inside, as torch's contiguous result)
    attrs = {"ksize": ksize, "stride": stride, "padding": padding, "dilation": dilation}
    return _record("fold2d", "Col2ImBackward0", r if a.ndim == 3 else r[0, ...], (cols,), attrs)


def _conv_padding(padding, ksize, dilation, stride):
    if padding == "valid":
        return (0, 0)
    if padding == "same":
        if stride != (1, 1):
            raise RuntimeError("padding='same' is not supported for strided convolutions")
        (th, tw) = (d * (k - 1) for k, d in zip(ksize, dilation))
        if th % 2 or tw % 2:  # torch puts the odd one out at the bottom / right
            return (th // 2, th - th // 2, tw // 2, tw - tw // 2)
        return (th // 2, tw // 2)
    if isinstance(padding, str):
        raise RuntimeError(f"Invalid padding string: '{padding}'")
    return _pair(padding)


def _check_ranks(input, weight, stride, padding):
    """torch's checks of the weight's rank (after the input's): the stride, as the binding gave
    it (one value per spatial dim of the op), must fit the weight's, then the input's rank must."""
    k, shapes = weight.ndim, f"{list(weight.shape)}, but got {input.ndim}-dimensional input"
    if isinstance(padding, str):  # (torch's other path, which words it without the space)
        if input.ndim != k:
            raise RuntimeError(
                f"Expected {k}-dimensional input for {k}-dimensional weight{shapes} of size "
                f"{list(input.shape)} instead"
            )
        return
    stride = [stride] * (input.ndim - 2) if isinstance(stride, int) else list(stride)
    if len(stride) not in (1, k - 2):
        raise RuntimeError(
            "expected stride to be a single integer value or a list of "
            f"{k - 2} values to match the convolution dimensions, but got stride={stride}"
        )
    if k < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if input.ndim != k:
        raise RuntimeError(
            f"Expected {k}-dimensional input for {k}-dimensional weight {shapes} of size "
            f"{list(input.shape)} instead"
        )


def _check_params(groups, padding, stride, dilation):
    """torch's convolution refusals of its parameters, in its order."""
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    if not isinstance(padding, str) and builtins.min(padding) < 0:
        raise RuntimeError("negative padding is not supported")
    if builtins.min(stride) <= 0:
        raise RuntimeError("non-positive stride is not supported")
    if builtins.min(dilation) < 0:
        raise RuntimeError("dilation should be greater than zero")


def check_groups(weight, groups):
    """torch's check_shape_forward on the weight's first dim against groups (a convolution's and
    a transposed one's); returns the weight's shape as a list."""
    w = list(weight.shape)
    if w[0] < groups:
        raise RuntimeError(
            f"Given groups={groups}, expected weight to be at least {groups} at dimension 0, but "
            f"got weight of size {w} instead"
        )
    if w[0] % groups:
        raise RuntimeError(
            f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, "
            f"but got weight of size [{w}] instead"
        )
    return w


def _check_conv(input, weight, bias, cg, groups, dilation, padding=None):
    """torch's check_shape_forward (weight against groups, input's channels, bias, the kernel
    against the padded input), then its kernels' dtype checks."""
    w = check_groups(weight, groups)
    if input.shape[1] != cg * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {list(weight.shape)}, expected input"
            f"{list(input.shape)} to have {cg * groups} channels, but got {input.shape[1]} "
            "channels instead"
        )
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != w[0]):
        raise RuntimeError(
            f"Given weight of size {w}, expected bias to be 1-dimensional with {w[0]} elements, "
            f"but got bias of size {list(bias.shape)} instead"
        )
    if padding is not None:  # (numeric padding; a conv1d's height of one left out)
        dims = range(2, input.ndim)
        size = [input.shape[i] + 2 * padding[i - 2] for i in dims]
        dil = dilation[len(dilation) - len(dims) :]  # (conv1d's (1, d): its length's is d)
        kernel = [dil[i - 2] * (w[i] - 1) + 1 for i in dims]
        if builtins.any(s < k for s, k in zip(size, kernel)):
            raise RuntimeError(
                f"Calculated padded input size per channel: ({' x '.join(map(str, size))}). "
                f"Kernel size: ({' x '.join(map(str, kernel))}). Kernel size can't be greater "
                "than actual input size"
            )
    if 0 in dilation:
        raise RuntimeError(f"dilation should be greater than zero, but got {list(dilation)}")
    dilated = builtins.any(d != 1 for d in dilation)  # torch's dilated kernel: floats and int64
    if dilated and not input.dtype.is_floating_point and input.dtype is not _backend.int64:
        raise _no_kernel("slow_conv_dilated<>", input)
    if _backend.kind(input._data.dtype) == "b":  # (after the shapes; conv1d: conv2d's kernel)
        raise _no_kernel("slow_conv2d_cpu", input)
    if input.dtype != weight.dtype or (bias is not None and bias.dtype != input.dtype):
        other = weight if weight.dtype != input.dtype else bias
        raise RuntimeError(f"expected scalar type {_cname(input)} but found {_cname(other)}")


def _convolve(a, w, bias, stride, padding, dilation, groups, dtype):
    """The convolution on the arrays: (N, C, H, W) * (O, C/groups, kh, kw) (+ bias) as im2col and
    one grouped matmul."""
    xp = namespace(a)
    (a, low), (w, _) = _backend.opmath(a), _backend.opmath(w)  # (16-bit: float32, rounded once)
    o, kh, kw = w.shape[0], w.shape[2], w.shape[3]
    cols, (oh, ow) = _im2col(a, (kh, kw), stride, padding, dilation)
    n = a.shape[0]
    w3 = xp.reshape(w, (groups, o // groups, -1))
    r = xp.reshape(xp.matmul(w3, xp.reshape(cols, (n, groups, -1, oh * ow))), (n, o, oh, ow))
    if bias is not None:  # (added before the rounding, as torch's kernels)
        r = r + xp.reshape(_backend.opmath(bias._data)[0], (1, o, 1, 1))
    return _cast(_backend.round_back(r, low), dtype)


@lower_precision
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D cross-correlation of (N, C, L) with weight (O, C/groups, k), + bias (O,): conv2d's
    arithmetic on a height of one; one ConvolutionBackward0 node."""
    if input.ndim == 2:  # unbatched, as torch: a batch of one, squeezed back
        return conv1d(input.unsqueeze(0), weight, bias, stride, padding, dilation, groups).squeeze(
            0
        )
    if input.ndim != 3:
        raise RuntimeError(
            f"Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: "
            f"{list(input.shape)}"
        )
    _check_ranks(input, weight, stride, padding)
    o, cg, k = weight.shape
    one = lambda v: (1, v if isinstance(v, int) else tuple(v)[0])  # noqa: E731
    stride, dilation = one(stride), one(dilation)
    _check_params(groups, padding if isinstance(padding, str) else one(padding), stride, dilation)
    numeric = None if isinstance(padding, str) else (one(padding)[1],)
    padding = _conv_padding(
        padding if isinstance(padding, str) else (0, one(padding)[1]), (1, k), dilation, stride
    )
    _check_conv(input, weight, bias, cg, groups, dilation, numeric and (numeric[0],))
    r = _convolve(
        input._data[:, :, None, :],
        weight._data[:, :, None, :],
        bias,
        stride,
        padding,
        dilation,
        groups,
        input.dtype,
    )
    attrs = {
        "ksize": (1, k),
        "stride": stride,
        "padding": padding,
        "dilation": dilation,
        "groups": groups,
        "hw": (1, input.shape[2]),
    }
    return _record("conv1d", "ConvolutionBackward0", r[:, :, 0, :], (input, weight, bias), attrs)


@lower_precision
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D cross-correlation of (N, C, H, W) with weight (O, C/groups, kh, kw), + bias (O,);
    one ConvolutionBackward0 node. Computed as im2col + matmul on the arrays."""
    if input.ndim == 3:  # unbatched, as torch: a batch of one, squeezed back
        return conv2d(input.unsqueeze(0), weight, bias, stride, padding, dilation, groups).squeeze(
            0
        )
    if input.ndim != 4:
        raise RuntimeError(
            f"Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: "
            f"{list(input.shape)}"
        )
    _check_ranks(input, weight, stride, padding)
    o, cg, kh, kw = weight.shape
    stride, dilation = _pair(stride), _pair(dilation)
    _check_params(groups, padding if isinstance(padding, str) else _pair(padding), stride, dilation)
    numeric = None if isinstance(padding, str) else _pair(padding)
    padding = _conv_padding(padding, (kh, kw), dilation, stride)
    _check_conv(input, weight, bias, cg, groups, dilation, numeric)
    r = _convolve(input._data, weight._data, bias, stride, padding, dilation, groups, input.dtype)
    attrs = {
        "ksize": (kh, kw),
        "stride": stride,
        "padding": padding,
        "dilation": dilation,
        "groups": groups,
        "hw": tuple(input.shape[2:]),
    }
    return _record("conv2d", "ConvolutionBackward0", r, (input, weight, bias), attrs)


# ============================================================================= losses


def _reduce_array(xp, a, reduction, operands=()):
    """A pointwise loss reduced; unreduced, laid out as torch's TensorIterator over `operands`."""
    if reduction == "mean":  # the mean of nothing is NaN, without numpy's warning (torch's)
        return xp.mean(a) if a.size else xp.sum(a) * xp.nan
    return xp.sum(a) if reduction == "sum" else _backend.iterator_result(a, operands)


@float32_precision
@silent
def huber_loss(input, target, reduction="mean", delta=1.0):
    """0.5 d**2 where |d| < delta, else delta (|d| - delta / 2), d = input - target;
    HuberLossBackward0."""
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    dt = loss_dtype("huber_cpu", input, target, into_input=True)  # written in input's dtype
    a, b = _cast(input._data, dt), _cast(target._data, dt)
    xp = namespace(a)
    d = a - b
    ad = xp.abs(d)
    loss = xp.where(ad < delta, 0.5 * d * d, delta * (ad - 0.5 * delta))
    r = _cast(xp.asarray(_reduce_array(xp, loss, reduction, (a, b))), input.dtype)
    attrs = {"reduction": reduction, "delta": delta}
    return _record("huber_loss", "HuberLossBackward0", r, (input, target), attrs)


@float32_precision
@silent
def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    """-w (t log x + (1 - t) log(1 - x)), the logs clamped at -100 as torch;
    BinaryCrossEntropyBackward0."""
    if target.dtype != input.dtype:
        raise RuntimeError(f"Found dtype {_cname(target)} but expected {_cname(input)}")
    a, t = input._data, target._data
    xp = namespace(a)
    if not bool(xp.all((a >= 0) & (a <= 1))):  # (NaN is outside too)
        raise RuntimeError("all elements of input should be between 0 and 1")
    loss = -(t * xp.maximum(xp.log(a), -100.0) + (1 - t) * xp.maximum(xp.log1p(-a), -100.0))
    if weight is not None:
        loss = loss * weight._data
    r = _reduce_array(xp, loss, reduction, (a, t))
    attrs = {"reduction": reduction, "weight": weight}
    return _record("binary_cross_entropy", "BinaryCrossEntropyBackward0", r, (input, target), attrs)


@_floats_only("log_sigmoid_cpu")
@float32_precision
@silent
def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    """torch.binary_cross_entropy_with_logits: (1 - t) x + (1 + (pw - 1) t) softplus(-x), stably,
    times weight; BinaryCrossEntropyWithLogitsBackward0. reduction as torch's enum (torch.*'s
    default: none) or string (F's). In target's dtype: torch computes (1 - t) and then in place."""
    reduction = {0: "none", 1: "mean", 2: "sum"}.get(reduction, reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(
            f"Target size ({target.shape}) must be the same as input size ({input.shape})"
        )
    a, t = input._data, target._data
    xp = namespace(a)
    sp = xp.log1p(xp.exp(-xp.abs(a))) + xp.maximum(-a, 0.0)  # softplus(-x)
    lw = 1.0 if pos_weight is None else 1.0 + (pos_weight._data - 1.0) * t
    loss = (1 - t) * a + lw * sp
    if weight is not None:
        loss = loss * weight._data
    if _backend.kind(t.dtype) == "f":
        loss = xp.astype(loss, t.dtype)
    r = _reduce_array(xp, loss, reduction, (a, t))
    attrs = {"reduction": reduction, "weight": weight, "pos_weight": pos_weight}
    return _record(
        "bce_with_logits", "BinaryCrossEntropyWithLogitsBackward0", r, (input, target), attrs
    )


# ============================================================================= activations


@silent
def _elu(input, alpha, scale, input_scale, name):
    a = input._data
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"elu_cpu\" not implemented for '{_cname(input)}'")
    xp = namespace(a)
    neg = alpha * xp.expm1(xp.where(a > 0, 0.0, a) * input_scale)
    r = scale * xp.where(a >= 0, a, neg)  # (a zero keeps its sign, as torch's)
    attrs = {"alpha": alpha, "scale": scale, "input_scale": input_scale}
    return _record("elu", name, _cast(r, input.dtype), (input,), attrs)


@silent
def elu_backward(g, x, alpha, scale, input_scale):
    """elu's VJP as an op of (g, x), torch's elu_backward (EluBackwardBackward0), whose own rule is
    torch's elu_double_backward: values and signs of zero as torch's."""
    (a, low), (b, _) = _backend.opmath(g._data), _backend.opmath(x._data)  # (16-bit: float32)
    xp = namespace(b)
    neg = a * input_scale * (alpha * scale) * xp.exp(xp.minimum(b, 0.0) * input_scale)
    r = xp.where(b > 0, a * scale, neg)  # (torch's vectorized loop: NaN at a NaN x)
    tail = _backend.scalar_tail(x._data, 128) if a.shape == b.shape else None
    if tail is not None:  # (its scalar loop, for the last elements: g * scale)
        r = xp.where(tail & xp.isnan(b), a * scale, r)
    r = _backend.round_back(r, low)
    attrs = {"alpha": alpha, "scale": scale, "input_scale": input_scale}
    return _record("elu_backward", "EluBackwardBackward0", r, (g, x), attrs)


def elu(input, alpha=1.0, scale=1.0, input_scale=1.0):
    """scale * (x where x > 0, else alpha * (exp(x * input_scale) - 1)); EluBackward0."""
    return _elu(input, alpha, scale, input_scale, "EluBackward0")


SELU_ALPHA_SCALE = (1.6732632423543772848170429916717, 1.0507009873554804934193349852946)


def selu(input):
    """elu with torch's fixed alpha and scale (self-normalizing); EluBackward0."""
    return _elu(input, *SELU_ALPHA_SCALE, 1.0, "EluBackward0")


def celu(input, alpha=1.0):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)); CeluBackward0."""
    return _elu(input, alpha, 1.0, 1.0 / alpha, "CeluBackward0")


def hardtanh(input, min_val=-1.0, max_val=1.0):
    """x clamped to [min_val, max_val]; HardtanhBackward0 (zero gradient outside, and at the
    ends)."""
    if input.dtype is _backend.bool_:
        raise RuntimeError("Bool inputs not supported for hardtanh")
    a = _backend.opmath(input._data)[0]  # (16-bit floats in float32: numpy's clip lacks bfloat16)
    r = _backend.iterator_result(namespace(a).clip(a, min_val, max_val), (a,))
    attrs = {"min_val": min_val, "max_val": max_val}
    return _record("hardtanh", "HardtanhBackward0", _cast(r, input.dtype), (input,), attrs)


@_floats_only("prelu_cpu")
@lower_precision
def prelu(input, weight):
    """x where x > 0, else weight * x, weight of 1 or C (dim 1) values; PreluKernelBackward0."""
    if weight.ndim > 1:
        raise RuntimeError(
            f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.ndim}"
        )
    nc = input.shape[1] if input.ndim >= 2 else 1
    if weight.numel() not in (1, nc):
        raise RuntimeError(
            "Mismatch of parameter numbers and input channel size. Found parameter numbers = "
            f"{weight.numel()} and channel size = {nc}."
        )
    if weight.dtype != input.dtype:
        raise RuntimeError(
            f"prelu: Type promoting not supported. Got {_cname(input)} and {_cname(weight)}"
        )
    cs = (1,) * input.ndim if weight.numel() == 1 else _channel_shape(input.ndim, nc)
    a = input._data
    xp = namespace(a)
    r = xp.where(a > 0, a, xp.reshape(weight._data, cs) * a)
    return _record("prelu", "PreluKernelBackward0", r, (input, weight), {"cs": cs})


@_floats_only("mish_cpu")
@silent
def mish(input):
    """x * tanh(softplus(x)); MishBackward0."""
    a, low = _backend.opmath(input._data)  # (16-bit: in float32, rounded once, as torch's)
    xp = namespace(a)
    sp = xp.log1p(xp.exp(-xp.abs(a))) + xp.maximum(a, 0.0)
    return _record("mish", "MishBackward0", _backend.round_back(a * xp.tanh(sp), low), (input,))


@_floats_only("log_sigmoid_cpu")
@silent
def logsigmoid(input):
    """log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)), stably; LogSigmoidBackward0."""
    a = input._data
    xp = namespace(a)
    r = _backend.c_order(xp.minimum(a, 0.0) - xp.log1p(xp.exp(-xp.abs(a))))  # (as torch's)
    return _record("logsigmoid", "LogSigmoidBackward0", r, (input,))


@silent
def glu(input, dim=-1):
    """a * sigmoid(b), a and b the two halves of the input along dim; GluBackward0."""
    if input.ndim == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = _dim(dim, input.ndim)
    if input.shape[d] % 2:
        raise RuntimeError(
            f"Halving dimension must be even, but dimension {d} is size {input.shape[d]}"
        )
    if _backend.kind(input._data.dtype) != "f":  # (after the shape: torch's order)
        raise _no_kernel("glu_cpu", input)
    a = input._data
    xp = namespace(a)
    h = input.shape[d] // 2
    first = a[(slice(None),) * d + (slice(0, h), ...)]
    second = a[(slice(None),) * d + (slice(h, None), ...)]
    return _record("glu", "GluBackward0", first / (1.0 + xp.exp(-second)), (input,), {"dim": d})


# ============================================================================= conv1d, loss


@float32_precision
@silent
def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    """0.5 d**2 / beta where |d| < beta, else |d| - beta / 2, d = input - target;
    SmoothL1LossBackward0."""
    dt = loss_dtype("smooth_l1_cpu", input, target)
    a, b = _cast(input._data, dt), _cast(target._data, dt)
    xp = namespace(a)
    d = a - b
    ad = xp.abs(d)
    loss = xp.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta)
    r = _reduce_array(xp, loss, reduction, (a, b))
    attrs = {"reduction": reduction, "beta": beta}
    return _record("smooth_l1_loss", "SmoothL1LossBackward0", r, (input, target), attrs)


FUNCTIONS = """
    dropout embedding conv2d binary_cross_entropy_with_logits conv1d selu celu prelu
    embedding_renorm_
""".split()  # torch.<name>
METHODS = "prelu".split()  # Tensor.<name>
INPLACE = "".split()  # Tensor.<name>_
