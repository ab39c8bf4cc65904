"""The ops behind nn layers beyond linear: activations (gelu, silu, softplus), dropout, embedding,
conv2d, max_pool2d, one_hot, and losses (huber, binary cross-entropy); then (wave 2) padding
(constant, reflect, replicate), average and adaptive average pooling, conv1d, elu / selu / celu,
hardtanh, prelu, mish, logsigmoid, glu, smooth_l1_loss and nearest upsampling. The norms (layer,
batch, group) are in _norms.

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_nn). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.

conv2d and max_pool2d are built on two linear ops of their own, `unfold2d` (im2col) and `fold2d`
(col2im), each the other's VJP, so the backward of a convolution is made of recorded ops and can be
differentiated again. `normal_cdf` (Phi, gelu's derivative) is an op for the same reason.
avg_pool2d's VJP is a fold2d too; reflect / replicate padding and nearest upsampling are one
gather op (`plane_take`) whose VJP is max_pool2d's plane_scatter.
"""

import builtins
import functools
import math

import numpy as np

from . import _backend
from ._amp_policy import _marked, cuda_float32, float32_precision, lower_precision
from ._backend import namespace
from ._creation import _gen
from ._operands import _cast, _cname, _no_kernel
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


def grad_tie(t, *ties, name="BackwardBackward0", zeros=True):
    """t itself, recorded (as torch's node `name`) as depending on `ties` with a zero derivative
    (`zeros` False: none, torch's undefined gradient): a backward formula's output that torch
    computes by one op of them all (so it requires grad under create_graph when any does)."""
    shapes = tuple(tuple(x.shape) for x in ties)
    return _record("grad_tie", name, t._data, (t, *ties), {"shapes": shapes, "zeros": zeros})


@silent
def normal_cdf(x):
    """Phi(x) = (1 + erf(x / sqrt(2))) / 2, the standard normal CDF (gelu's derivative)."""
    return _record(
        "normal_cdf", "ErfBackward0", 0.5 * (1.0 + _erf_array(x._data / math.sqrt(2))), (x,)
    )


@_floats_only("GeluKernelImpl")
@silent
def gelu(input, approximate="none"):
    """x * Phi(x) ('none'), or its tanh approximation ('tanh'); one GeluBackward0 node."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    a = input._data
    if approximate == "tanh":
        xp = namespace(a)
        r = 0.5 * a * (1.0 + xp.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a * a * a)))
    else:
        r = 0.5 * a * (1.0 + _erf_array(a / math.sqrt(2)))
    return _record("gelu", "GeluBackward0", r, (input,), {"approximate": approximate})


@_floats_only("silu_cpu")
@silent
def silu(input):
    """x * sigmoid(x); one SiluBackward0 node."""
    a = input._data
    xp = namespace(a)
    return _record("silu", "SiluBackward0", a / (1.0 + xp.exp(-a)), (input,))


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
    if not train or p == 0:
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
    return Tensor._from_data(r)


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


def _check_conv(input, weight, bias, cg, groups, dilation):
    if input.shape[1] != cg * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {list(weight.shape)}, expected input"
            f"{list(input.shape)} to have {cg * groups} channels, but got {input.shape[1]} "
            "channels instead"
        )
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
    o, kh, kw = w.shape[0], w.shape[2], w.shape[3]
    cols, (oh, ow) = _im2col(a, (kh, kw), stride, padding, dilation)
    n = a.shape[0]
    w3 = xp.reshape(w, (groups, o // groups, -1))
    r = xp.matmul(w3, xp.reshape(cols, (n, groups, -1, oh * ow)))
    r = _cast(xp.reshape(r, (n, o, oh, ow)), dtype)  # numpy's bfloat16 matmul widens
    if bias is not None:
        r = r + xp.reshape(bias._data, (1, o, 1, 1))
    return r


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
    padding = _conv_padding(
        padding if isinstance(padding, str) else (0, one(padding)[1]), (1, k), dilation, stride
    )
    _check_conv(input, weight, bias, cg, groups, dilation)
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
    padding = _conv_padding(padding, (kh, kw), dilation, stride)
    _check_conv(input, weight, bias, cg, groups, dilation)
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


# ============================================================================= pooling


def _ceil_extra(size, k, s, p, d):
    """How much more bottom/right padding ceil_mode's output size needs (torch's rule: the last
    window must start inside the input or its left padding)."""
    out = -(-(size + 2 * p - d * (k - 1) - 1) // s) + 1
    if (out - 1) * s >= size + p:
        out -= 1
    return max(0, (out - 1) * s + d * (k - 1) + 1 - (size + 2 * p))


def max_pool2d(
    input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False
):
    """The max over each window (ties: the first); one MaxPool2DWithIndicesBackward0 node."""
    ksize = _pair(kernel_size)
    stride = ksize if stride is None or stride == [] else _pair(stride)
    padding, dilation = _pair(padding), _pair(dilation)
    if any(2 * p > k for p, k in zip(padding, ksize)):
        raise RuntimeError(
            "pad should be at most half of effective kernel size, but got "
            f"pad={padding[0]}, kernel_size={ksize[0]} and dilation={dilation[0]}"
        )
    _pool_input_check(input, max_pool=True)
    a = input._data
    xp = namespace(a)
    unbatched = a.ndim == 3
    if unbatched:
        a = a[None, ...]
    n, c, h, w = a.shape
    if ceil_mode:  # extra -inf rows / columns at the bottom / right, as torch's output size
        extra = [
            _ceil_extra(size, k, s, p, d)
            for size, k, s, p, d in zip((h, w), ksize, stride, padding, dilation)
        ]
        padding = (padding[0], padding[0] + extra[0], padding[1], padding[1] + extra[1])
    _pooled_size(a, ksize, stride, padding, dilation)
    if input.dtype is _backend.bool_:  # (after the output size, as torch's)
        raise _no_kernel("max_pool2d", input)
    cols, (oh, ow) = _im2col(a, ksize, stride, padding, dilation, fill=-math.inf)
    kk = ksize[0] * ksize[1]
    cols = xp.reshape(cols, (n, c, kk, oh * ow))
    arg = xp.argmax(cols, axis=2)  # (n, c, L)
    pos, _ = _im2col(
        np.arange(h * w, dtype=np.float64).reshape(1, 1, h, w), ksize, stride, padding, dilation, -1
    )
    pos = _backend.asarray_on(pos.reshape(kk, oh * ow).astype(np.int64), input.device)
    arg = xp.expand_dims(arg, axis=2)
    flat = xp.take_along_axis(xp.broadcast_to(pos, (n, c, kk, oh * ow)), arg, axis=2)
    vals = xp.take_along_axis(cols, arg, axis=2)
    out_shape = (n, c, oh, ow) if not unbatched else (c, oh, ow)
    r = xp.reshape(vals, out_shape)
    idx = Tensor._from_data(xp.reshape(flat, out_shape))
    out = _record(
        "max_pool2d",
        "MaxPool2DWithIndicesBackward0",
        r,
        (input,),
        {"indices": idx, "shape": tuple(input.shape)},
    )
    return (out, idx) if return_indices else out


def plane_scatter(g, indices, shape):
    """zeros(shape) with g added at the flat (H*W) positions `indices` of each plane."""
    xp = namespace(g._data)
    lead = int(np.prod(shape[:-2]))
    z = xp.zeros((lead, shape[-2] * shape[-1]), dtype=g._data.dtype, device=g._data.device)
    idx = xp.reshape(indices._data, (lead, -1))
    rows = xp.broadcast_to(xp.reshape(xp.arange(lead, device=g._data.device), (-1, 1)), idx.shape)
    _scatter_add(xp, z, (rows, idx), xp.reshape(g._data, (lead, -1)))
    return _record(
        "plane_scatter",
        "MaxPool2DWithIndicesBackwardBackward0",
        xp.reshape(z, shape),
        (g,),
        {"indices": indices},
    )


def plane_gather(g, indices):
    """g's values at the flat (H*W) positions `indices` of each plane (plane_scatter's VJP)."""
    xp = namespace(g._data)
    lead = int(np.prod(g.shape[:-2]))
    flat = xp.reshape(g._data, (lead, -1))
    r = xp.take_along_axis(flat, xp.reshape(indices._data, (lead, -1)), axis=1)
    return _record(
        "plane_gather",
        "GatherBackward0",
        xp.reshape(r, tuple(indices.shape)),
        (g,),
        {"indices": indices, "shape": tuple(g.shape)},
    )


# ============================================================================= losses


def _reduce_array(xp, a, reduction, operands=()):
    """A pointwise loss reduced; unreduced, laid out as torch's TensorIterator over `operands`."""
    if reduction == "mean":  # the mean of nothing is NaN, without numpy's warning (torch's)
        return xp.mean(a) if a.size else xp.sum(a) * xp.nan
    return xp.sum(a) if reduction == "sum" else _backend.iterator_result(a, operands)


@_floats_only("huber_cpu")
@float32_precision
@silent
def huber_loss(input, target, reduction="mean", delta=1.0):
    """0.5 d**2 where |d| < delta, else delta (|d| - delta / 2), d = input - target;
    HuberLossBackward0."""
    a, b = input._data, _cast(target._data, input.dtype)  # torch computes in the input's dtype
    xp = namespace(a)
    d = a - b
    ad = xp.abs(d)
    loss = xp.where(ad < delta, 0.5 * d * d, delta * (ad - 0.5 * delta))
    r = _reduce_array(xp, loss, reduction, (a, b))
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


# ============================================================================= issue 12, wave 2
# padding


def constant_pad_nd(input, pad, value=0):
    """torch.constant_pad_nd: pad[2i] / pad[2i + 1] values before / after dim -1 - i, filled with
    `value` (negative: a crop); one ConstantPadNdBackward0 node (its VJP: the opposite pad)."""
    pad = tuple(int(p) for p in pad)
    if len(pad) % 2:
        raise RuntimeError(f"Length of pad must be even but instead it equals {len(pad)}")
    a = input._data
    xp = namespace(a)
    value = _backend.check_scalar(value, input.dtype)
    if len(pad) // 2 > a.ndim:
        raise RuntimeError(
            "Length of pad should be no more than twice the number of dimensions of the input. "
            f"Pad length is {len(pad)} while the input has {a.ndim} dimensions."
        )
    out_shape, src, dst = list(a.shape), [slice(None)] * a.ndim, [slice(None)] * a.ndim
    for i in range(len(pad) // 2):
        d, lo, hi = a.ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        start, stop = max(-lo, 0), a.shape[d] - max(-hi, 0)
        if stop - start < 0 or a.shape[d] + lo + hi < 0:
            raise RuntimeError("narrow(): length must be non-negative.")
        out_shape[d] = a.shape[d] + lo + hi
        src[d], dst[d] = slice(start, stop), slice(max(lo, 0), max(lo, 0) + stop - start)
    r = xp.full(tuple(out_shape), value, dtype=a.dtype, device=a.device)
    r[tuple(dst)] = a[tuple(src)]
    return _record("constant_pad_nd", "ConstantPadNdBackward0", r, (input,), {"pad": pad})


def _pad_positions(n, lo, hi, mode):
    """For each output position along a padded dim of size n: the input position it reads."""
    i = np.arange(-lo, n + hi)
    if mode == "reflect":
        i = np.abs(i)
        return np.where(i >= n, 2 * (n - 1) - i, i)
    return np.clip(i, 0, n - 1)  # replicate


def _pool_input_check(input, max_pool=False):
    """torch's pool2d_shape_check: 3-D or 4-D, no empty dim but a 4-D batch (max_pool2d checks
    the rank first, in words of its own)."""
    if max_pool and input.ndim not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    if input.ndim not in (3, 4) or 0 in input.shape[-3:]:
        raise RuntimeError(
            "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but "
            f"got:{list(input.shape)}"
        )


def plane_take(input, picks, name, op="plane_take"):
    """out[..., i, j] = input[..., picks[0][i], picks[1][j]] over the last len(picks) dims (one
    to three): reflect / replicate padding and nearest upsampling, one node named `name`; its VJP
    adds g back at those positions of the flattened trailing dims (plane_scatter). `op`
    "pad_take": the padding ops' key, whose VJP depends on the input (with a zero derivative),
    as torch's reflection_pad2d_backward(grad, self)."""
    a = input._data
    xp = namespace(a)
    k = len(picks)
    lead, inner = tuple(a.shape[:-k]), tuple(a.shape[-k:])
    grids = np.meshgrid(*(np.asarray(p, dtype=np.int64) for p in picks), indexing="ij")
    flat = sum(g * int(np.prod(inner[d + 1 :])) for d, g in enumerate(grids))
    size = int(np.prod(inner))
    taken = xp.take(
        xp.reshape(a, lead + (size,)), _backend.asarray_on(flat.reshape(-1), input.device), axis=-1
    )
    idx = np.ascontiguousarray(np.broadcast_to(flat, lead + flat.shape))
    attrs = {
        "indices": Tensor._from_data(_backend.asarray_on(idx, input.device)),
        "plane": lead + (1, size),
        "shape": tuple(input.shape),
    }
    if op == "pad_take":
        attrs["name"] = name  # (its double backward is named after it)
    return _record(op, name, xp.reshape(taken, lead + flat.shape), (input,), attrs)


_float32_on_cpu = _marked(cpu="float32")  # reflection / replication pads, as torch's cpu list


@_float32_on_cpu
def reflect_or_replicate_pad(input, pad, mode):
    """F.pad's 'reflect' / 'replicate' modes over the last k = len(pad) // 2 dims (one to three)
    of a (k + 1)-D or (k + 2)-D input; ReflectionPad{k}DBackward0 / ReplicationPad{k}DBackward0."""
    k = _pad_dims(input, pad)
    if 0 in input.shape[1 if input.ndim == k + 2 else 0 :]:  # (a batch of 0 is fine)
        raise RuntimeError(
            f"Expected {k + 1}D or {k + 2}D (batch mode) tensor with possibly 0 batch size and "
            f"other non-zero dimensions for input, but got: {list(input.shape)}"
        )
    if mode == "reflect":
        for i, arg in zip(range(k), (4, 6, 8)):
            d = input.ndim - 1 - i
            if pad[2 * i] >= input.shape[d] or pad[2 * i + 1] >= input.shape[d]:
                raise RuntimeError(
                    f"Argument #{arg}: Padding size should be less than the corresponding input "
                    f"dimension, but got: padding ({pad[2 * i]}, {pad[2 * i + 1]}) at dimension "
                    f"{d} of input {list(input.shape)}"
                )
    _pad_output_check(input, pad, k, mode)
    kind = "Reflection" if mode == "reflect" else "Replication"
    if input.dtype is _backend.bool_:
        raise NotImplementedError(f"\"{kind.lower()}_pad{k}d\" not implemented for 'Bool'")
    picks = [
        _pad_positions(input.shape[-1 - i], pad[2 * i], pad[2 * i + 1], mode)
        for i in reversed(range(k))
    ]
    return plane_take(input, picks, f"{kind}Pad{k}DBackward0", "pad_take")


def _pad_output_check(input, pad, k, mode):
    """torch 2.13's checks of the padded sizes: refused when every one is below 1 (1-D: the
    one), each kernel in words of its own; else a negative one fails as the output is made."""
    ins = input.shape[-k:]
    outs = [n + pad[2 * (k - 1 - j)] + pad[2 * (k - 1 - j) + 1] for j, n in enumerate(ins)]
    if builtins.all(o < 1 for o in outs):
        given = ", ".join(f"{a}: {n}" for a, n in zip("DHW"[-k:], ins))
        given = given.replace(", H", " H") if k == 3 else given + (" " * (mode != "reflect"))
        raise RuntimeError(
            f"input ({given if k > 1 else f'W: {ins[0]}'}) is too small. Calculated output "
            + " ".join(f"{a}: {o}" for a, o in zip("DHW"[-k:], outs))
        )
    if builtins.min(outs) < 0:
        if mode == "reflect" and k == 2:
            raise RuntimeError("numel: integer multiplication overflow")
        shape = list(input.shape[:-k]) + outs
        bad = next(o for o in shape if o < 0)
        raise RuntimeError(f"Trying to create tensor with negative dimension {bad}: {shape}")


def _pad_dims(input, pad):
    """How many trailing dims a non-constant pad covers, refused as torch's F.pad where the input's
    rank does not go with it."""
    k = len(pad) // 2
    if len(pad) not in (2, 4, 6) or input.ndim not in (k + 1, k + 2):
        raise NotImplementedError(_PAD_COMBINATIONS.format(len(pad), input.ndim))
    return k


def circular_pad(input, pad):
    """F.pad's 'circular' mode as torch's _pad_circular composes it: an empty result, the input
    copied into its middle, then each padded dim's two ends copied from its far side, one copy_
    after another (so the result's node is CopySlices)."""
    k = _pad_dims(input, pad)
    shape = list(input.shape)
    for d in range(input.ndim - k, input.ndim):  # (the outermost padded dim is checked first)
        lo, hi = pad[2 * (input.ndim - 1 - d)], pad[2 * (input.ndim - 1 - d) + 1]
        if lo > shape[d] or hi > shape[d]:
            raise RuntimeError("Padding value causes wrapping around more than once.")
        shape[d] += lo + hi
        if shape[d] < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
    out = input.new_empty(shape)

    def part(d, start, stop):  # the region start:stop of dim d
        return (slice(None),) * d + (slice(start, stop),)

    dst, src = (), ()
    for d in range(input.ndim - k, input.ndim):
        lo, hi = pad[2 * (input.ndim - 1 - d)], pad[2 * (input.ndim - 1 - d) + 1]
        dst += (slice(builtins.max(lo, 0), shape[d] - builtins.max(hi, 0)),)
        src += (slice(builtins.max(-lo, 0), input.shape[d] - builtins.max(-hi, 0)),)
    lead = (slice(None),) * (input.ndim - k)
    out[lead + dst].copy_(input[lead + src])
    for i in range(k):
        d, lo, hi = input.ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        n, inner = shape[d], builtins.max(lo, 0)
        if lo > 0:
            out[part(d, 0, lo)].copy_(
                out[part(d, n - lo - builtins.max(hi, 0), n - builtins.max(hi, 0))]
            )
        if hi > 0:
            out[part(d, n - hi, n)].copy_(out[part(d, inner, inner + hi)])
    return out


_PAD_COMBINATIONS = (
    "Padding size {} is not supported for {}D input tensor.\n"
    "Supported combinations for non-constant padding:\n"
    "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
    "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
    "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)"
)


def upsample_nearest(input, size, scales):
    """Nearest-neighbour upsampling of (N, C, L) or (N, C, H, W) to `size` (out, in: in * i // out,
    or floor(i / scale) where a scale is given, as torch); UpsampleNearest{1,2}DBackward0."""
    picks = []
    for n, o, s in zip(input.shape[2:], size, scales):
        picks.append(
            np.minimum(np.floor(np.arange(o) * (1.0 / s if s else n / o)).astype(np.int64), n - 1)
        )
    return plane_take(input, picks, f"UpsampleNearest{len(picks)}DBackward0")


def _linear_matrix(n, o, scale, align_corners):
    """(o, n): row i mixes the two input positions around torch's source coordinate of output i
    (align_corners: the corners meet; else pixel centres, scaled by 1 / scale where given)."""
    m = np.zeros((o, n))
    for i in range(o):
        if align_corners:
            src = i * (n - 1) / (o - 1) if o > 1 else 0.0
        else:
            src = builtins.max((i + 0.5) * (1.0 / scale if scale else n / o) - 0.5, 0.0)
        i0 = builtins.min(int(src), n - 1)
        lam = src - i0 if i0 < n - 1 else 0.0
        m[i, i0] += 1.0 - lam
        m[i, builtins.min(i0 + 1, n - 1)] += lam
    return m


def upsample_linear(input, size, scales, align_corners):
    """Linear (N, C, L) or bilinear (N, C, H, W) resizing as interpolation matrices (ph @ x @
    pw^T, ph None for one dim); one UpsampleLinear1DBackward0 / UpsampleBilinear2DBackward0."""
    dt, dev = input.dtype, input.device
    ms = [_linear_matrix(n, o, s, align_corners) for n, o, s in zip(input.shape[2:], size, scales)]
    ph, pw, pw_t = (
        Tensor._from_data(_cast(_backend.asarray_on(np.ascontiguousarray(m), dev), dt))
        for m in (ms[0], ms[-1], ms[-1].T)
    )
    ph = ph if len(ms) == 2 else None
    a = input._data
    xp = namespace(a)
    r = _cast(xp.matmul(a if ph is None else xp.matmul(ph._data, a), pw_t._data), dt)
    name = "UpsampleBilinear2DBackward0" if ph is not None else "UpsampleLinear1DBackward0"
    return _record("upsample_linear", name, r, (input,), {"ph": ph, "pw": pw})


# ============================================================================= average pooling


def _avg_divisor(size, k, s, p, out, include_pad):
    """Per output position along one dim: the window's length (torch's avg_pool2d rule), with or
    without the padding."""
    start = np.arange(out) * s - p
    end = np.minimum(start + k, size + p)
    full = end - start
    inside = np.minimum(end, size) - np.maximum(start, 0)
    return full if include_pad else inside


def avg_pool2d(
    input,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode=False,
    count_include_pad=True,
    divisor_override=None,
):
    """The mean over each window (zero padding counted or not); one AvgPool2DBackward0 node."""
    ksize = _pair(kernel_size)
    stride = ksize if stride is None or stride == [] else _pair(stride)
    padding = _pair(padding)
    if any(2 * p > k for p, k in zip(padding, ksize)):
        raise RuntimeError(
            "pad should be at most half of effective kernel size, but got "
            f"pad={padding[0]}, kernel_size={ksize[0]} and dilation=1"
        )
    if input.ndim < 3:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [-{input.ndim}, "
            f"{input.ndim - 1}], but got -3)"
        )
    _pool_input_check(input)
    a = input._data
    xp = namespace(a)
    a4 = a if a.ndim == 4 else a[None, ...]
    h, w = a4.shape[2:]
    pads = (padding[0], padding[0], padding[1], padding[1])
    if ceil_mode:
        eh, ew = (_ceil_extra(n, k, s, p, 1) for n, k, s, p in zip((h, w), ksize, stride, padding))
        pads = (pads[0], pads[1] + eh, pads[2], pads[3] + ew)
    _pooled_size(a4, ksize, stride, pads, (1, 1))
    if _backend.kind(a.dtype) in "biu" and input.dtype is not _backend.int64:
        raise _no_kernel("avg_pool2d", input)  # int64 only: a mean rounded toward zero
    cols, (oh, ow) = _im2col(a4, ksize, stride, pads, (1, 1))
    kk = ksize[0] * ksize[1]
    sums = xp.sum(xp.reshape(cols, (a4.shape[0], a4.shape[1], kk, oh, ow)), axis=2)
    if divisor_override:
        div = np.full((oh, ow), float(divisor_override))
    else:
        dh, dw = (
            _avg_divisor(n, k, s, p, o, count_include_pad)
            for n, k, s, p, o in zip((h, w), ksize, stride, padding, (oh, ow))
        )
        div = np.outer(dh, dw).astype(np.float64)
    div = Tensor._from_data(_cast(_backend.asarray_on(div, input.device), input.dtype))
    r = xp.reshape(sums / div._data, tuple(a.shape[:-2]) + (oh, ow))
    if input.dtype is _backend.int64:
        r = xp.astype(r, xp.int64)  # (truncates, as torch's integer division)
    attrs = {"div": div, "hw": (h, w), "ksize": ksize, "stride": stride, "padding": pads}
    return _record("avg_pool2d", "AvgPool2DBackward0", r, (input,), attrs)


def _adaptive_matrix(n, o):
    """(o, n): row i averages input positions floor(i n / o) .. ceil((i + 1) n / o) - 1."""
    m = np.zeros((o, n))
    for i in range(o):
        start, end = (i * n) // o, -(-((i + 1) * n) // o)
        m[i, start:end] = 1.0 / (end - start)
    return m


def adaptive_avg_pool2d(input, output_size):
    """Average pooling to output_size (None: keep that dim) with torch's windows, as two averaging
    matrices (ph @ x @ pw^T); one AdaptiveAvgPool2DBackward0 node (a 1x1 output: torch's mean)."""
    size = _pair(output_size)
    if size == (1, 1):  # torch's shortcut, before any check: a mean (and mean()'s refusals)
        return input.mean((-1, -2), keepdim=True)
    if input.ndim not in (3, 4):
        raise RuntimeError(
            f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {list(input.shape)}"
        )
    size = tuple(n if o is None else o for n, o in zip(input.shape[-2:], size))
    if _backend.kind(input._data.dtype) != "f" and 0 not in size + tuple(input.shape[:-2]):
        raise _no_kernel("adaptive_avg_pool2d", input)  # (an empty result runs no kernel)
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    dt, dev = input.dtype, input.device
    mh, mw = (_adaptive_matrix(n, o) for n, o in zip(input.shape[-2:], size))
    ph, pw, pw_t = (
        Tensor._from_data(_cast(_backend.asarray_on(np.ascontiguousarray(m), dev), dt))
        for m in (mh, mw, mw.T)
    )
    a = input._data
    xp = namespace(a)
    r = _cast(xp.matmul(xp.matmul(ph._data, a), pw_t._data), dt)
    return _record(
        "adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", r, (input,), {"ph": ph, "pw": pw}
    )


# ============================================================================= activations


@silent
def _elu(input, alpha, scale, input_scale, name):
    a = input._data
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"elu_cpu\" not implemented for '{_cname(input)}'")
    xp = namespace(a)
    r = scale * xp.where(a > 0, a, alpha * xp.expm1(xp.minimum(a, 0.0) * input_scale))
    attrs = {"alpha": alpha, "scale": scale, "input_scale": input_scale}
    return _record("elu", name, _cast(r, input.dtype), (input,), attrs)


@silent
def elu_backward(g, x, alpha, scale, input_scale):
    """elu's VJP as an op of (g, x), torch's elu_backward (EluBackwardBackward0), whose own rule is
    torch's elu_double_backward: values and signs of zero as torch's."""
    a, b = g._data, x._data
    xp = namespace(b)
    neg = a * input_scale * (alpha * scale) * xp.exp(xp.minimum(b, 0.0) * input_scale)
    r = xp.where(b <= 0, neg, a * scale)
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
    a = input._data
    xp = namespace(a)
    sp = xp.log1p(xp.exp(-xp.abs(a))) + xp.maximum(a, 0.0)
    return _record("mish", "MishBackward0", a * xp.tanh(sp), (input,))


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
    d = dim % input.ndim
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


@_floats_only("smooth_l1_cpu")
@float32_precision
@silent
def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    """0.5 d**2 / beta where |d| < beta, else |d| - beta / 2, d = input - target;
    SmoothL1LossBackward0."""
    dt = _backend.promote_types(input.dtype, target.dtype)  # torch promotes, unlike huber
    a, b = _cast(input._data, dt), _cast(target._data, dt)
    xp = namespace(a)
    d = a - b
    ad = xp.abs(d)
    loss = xp.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta)
    r = _reduce_array(xp, loss, reduction, (a, b))
    attrs = {"reduction": reduction, "beta": beta}
    return _record("smooth_l1_loss", "SmoothL1LossBackward0", r, (input, target), attrs)


FUNCTIONS = """
    dropout embedding conv2d max_pool2d binary_cross_entropy_with_logits
    constant_pad_nd conv1d selu celu prelu embedding_renorm_
""".split()  # torch.<name>
METHODS = "prelu".split()  # Tensor.<name>
INPLACE = "".split()  # Tensor.<name>_
