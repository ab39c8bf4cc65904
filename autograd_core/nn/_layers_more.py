"""torch.nn's second wave of layers: ConvTranspose1d/2d, PixelShuffle/PixelUnshuffle, RMSNorm,
InstanceNorm1d/2d, Bilinear, Threshold, Softmax2d, ChannelShuffle, Fold/Unfold and
Dropout1d/Dropout2d, with torch's constructors, initialisation, checks and reprs."""

import math
import numbers
import warnings

import autograd_core as ac

from . import _functional_layers as FL
from . import functional as F
from . import init
from .layers import Linear, _BatchNorm, _factory
from .module import Module, Parameter

__all__ = [
    "ConvTranspose1d",
    "ConvTranspose2d",
    "PixelShuffle",
    "PixelUnshuffle",
    "ChannelShuffle",
    "RMSNorm",
    "InstanceNorm1d",
    "InstanceNorm2d",
    "Bilinear",
    "Threshold",
    "Softmax2d",
    "Fold",
    "Unfold",
    "Dropout1d",
    "Dropout2d",
]


def _ntuple(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


# ----------------------------------------------------------------------------- transposed conv


class _ConvTransposeNd(Module):
    """torch's _ConvNd with transposed=True: weight (in, out / groups, *kernel), initialised
    kaiming_uniform_(a=sqrt(5)), bias U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""

    _dims = 2

    def __init__(
        self,
        in_channels,
        out_channels,
        kernel_size,
        stride=1,
        padding=0,
        output_padding=0,
        groups=1,
        bias=True,
        dilation=1,
        padding_mode="zeros",
        device=None,
        dtype=None,
    ):
        if padding_mode != "zeros":
            raise ValueError(
                f'Only "zeros" padding mode is supported for {self.__class__.__name__}'
            )
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        n = self._dims
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size, self.stride = _ntuple(kernel_size, n), _ntuple(stride, n)
        self.padding, self.dilation = _ntuple(padding, n), _ntuple(dilation, n)
        self.transposed, self.output_padding = True, _ntuple(output_padding, n)
        self.groups, self.padding_mode = groups, padding_mode
        fk = _factory(device, dtype)
        shape = (in_channels, out_channels // groups, *self.kernel_size)
        self.weight = Parameter(ac.empty(shape, **fk))
        if bias:
            self.bias = Parameter(ac.empty(out_channels, **fk))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    reset_parameters = Linear.reset_parameters  # (torch's _ConvNd draws as Linear does)

    def _output_padding(self, input, output_size):
        """torch's: the module's output_padding, or the one that gives `output_size` (its spatial
        sizes, or all of the output's), checked against the sizes the input allows."""
        if output_size is None:
            return self.output_padding
        n = self._dims
        lead = 2 if input.dim() == n + 2 else 1
        if len(output_size) == lead + n:
            output_size = output_size[lead:]
        if len(output_size) != n:
            raise ValueError(
                f"ConvTranspose{n}D: for {input.dim()}D input, output_size must have {n} "
                f"or {lead + n} elements (got {len(output_size)})"
            )
        lows = [
            (input.size(d + lead) - 1) * self.stride[d]
            - 2 * self.padding[d]
            + self.dilation[d] * (self.kernel_size[d] - 1)
            + 1
            for d in range(n)
        ]
        highs = [low + s - 1 for low, s in zip(lows, self.stride)]
        for size, low, high in zip(output_size, lows, highs):
            if size < low or size > high:
                raise ValueError(
                    f"requested an output size of {output_size}, but valid sizes range from "
                    f"{lows} to {highs} (for an input of {input.size()[2:]})"
                )
        return [size - low for size, low in zip(output_size, lows)]

    def forward(self, input, output_size=None):
        if self.padding_mode != "zeros":
            raise ValueError(
                f"Only `zeros` padding mode is supported for {self.__class__.__name__}"
            )
        output_padding = self._output_padding(input, output_size)
        fn = FL.conv_transpose1d if self._dims == 1 else FL.conv_transpose2d
        return fn(
            input,
            self.weight,
            self.bias,
            self.stride,
            self.padding,
            output_padding,
            self.groups,
            self.dilation,
        )

    def extra_repr(self):
        s = f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}"
        s += f", stride={self.stride}"
        if self.padding != (0,) * len(self.padding):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        return s


class ConvTranspose1d(_ConvTransposeNd):
    """1-D transposed convolution (the gradient of Conv1d with respect to its input) of
    (N, in, L) or (in, L); ``forward(input, output_size=None)``."""

    _dims = 1


class ConvTranspose2d(_ConvTransposeNd):
    """2-D transposed convolution (the gradient of Conv2d with respect to its input) of
    (N, in, H, W) or (in, H, W); ``forward(input, output_size=None)``."""

    _dims = 2


# ----------------------------------------------------------------------------- shuffles


class PixelShuffle(Module):
    """(*, C r^2, H, W) -> (*, C, H r, W r), r the upscale_factor."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return FL.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """(*, C, H r, W r) -> (*, C r^2, H, W), r the downscale_factor (PixelShuffle's inverse)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return FL.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f"downscale_factor={self.downscale_factor}"


class ChannelShuffle(Module):
    """The channels of (N, C, *) regrouped: (groups, C / groups) transposed."""

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return FL.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f"groups={self.groups}"


# ----------------------------------------------------------------------------- normalization


class RMSNorm(Module):
    """rms_norm over the trailing normalized_shape, with a learnable weight (ones) when
    elementwise_affine; eps None: the epsilon of the input's dtype."""

    def __init__(
        self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None
    ):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps, self.elementwise_affine = eps, elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(ac.empty(self.normalized_shape, **_factory(device, dtype)))
        else:
            self.register_parameter("weight", None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            init.ones_(self.weight)

    def forward(self, x):
        return FL.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return (
            f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"
        )


class _InstanceNorm(_BatchNorm):
    """instance_norm per sample and channel; torch's defaults: no affine parameters, no running
    statistics (with them, eval mode normalizes by them)."""

    _no_batch_dim = 2

    def __init__(
        self,
        num_features,
        eps=1e-5,
        momentum=0.1,
        affine=False,
        track_running_stats=False,
        device=None,
        dtype=None,
        *,
        bias=True,
    ):
        super().__init__(
            num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias
        )

    def _apply_instance_norm(self, input):
        return FL.instance_norm(
            input,
            self.running_mean,
            self.running_var,
            self.weight,
            self.bias,
            self.training or not self.track_running_stats,
            self.momentum if self.momentum is not None else 0.0,
            self.eps,
        )

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.dim() - self._no_batch_dim
        if input.size(feature_dim) != self.num_features:
            if self.affine:
                raise ValueError(
                    f"expected input's size at dim={feature_dim} to match num_features"
                    f" ({self.num_features}), but got: {input.size(feature_dim)}."
                )
            warnings.warn(
                f"input's size at dim={feature_dim} does not match num_features. You can silence "
                "this warning by not passing in num_features, which is not used because "
                "affine=False",
                stacklevel=2,
            )
        if input.dim() == self._no_batch_dim:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm):
    """instance_norm of (N, C, L) or (C, L)."""

    _no_batch_dim = 2

    def _check_input_dim(self, input):
        if input.dim() not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class InstanceNorm2d(_InstanceNorm):
    """instance_norm of (N, C, H, W) or (C, H, W)."""

    _no_batch_dim = 3

    def _check_input_dim(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"expected 3D or 4D input (got {input.dim()}D input)")


# ----------------------------------------------------------------------------- the rest


class Bilinear(Module):
    """y = x1^T A x2 + b for each of out_features matrices A (weight (out, in1, in2)), weight
    and bias ~ U(-1/sqrt(in1), 1/sqrt(in1))."""

    def __init__(
        self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None
    ):
        super().__init__()
        fk = _factory(device, dtype)
        self.in1_features, self.in2_features = in1_features, in2_features
        self.out_features = out_features
        self.weight = Parameter(ac.empty((out_features, in1_features, in2_features), **fk))
        if bias:
            self.bias = Parameter(ac.empty(out_features, **fk))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Re-draw weight and bias from torch's default distribution."""
        if self.in1_features <= 0:
            raise ValueError(
                f"in1_features must be > 0, but got (in1_features={self.in1_features})"
            )
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return FL.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (
            f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
            f"out_features={self.out_features}, bias={self.bias is not None}"
        )


class Threshold(Module):
    """x where x > threshold, else value."""

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        inplace = ", inplace=True" if self.inplace else ""
        return f"threshold={self.threshold}, value={self.value}{inplace}"


class Softmax2d(Module):
    """softmax over the channels (dim -3) of (N, C, H, W) or (C, H, W)."""

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(
                f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead"
            )
        return F.softmax(input, -3, _stacklevel=5)


class Fold(Module):
    """F.fold: sliding-block columns summed back into (N, C, *output_size)."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def forward(self, input):
        return F.fold(
            input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride
        )

    def extra_repr(self):
        return (
            f"output_size={self.output_size}, kernel_size={self.kernel_size}, "
            f"dilation={self.dilation}, padding={self.padding}, stride={self.stride}"
        )


class Unfold(Module):
    """F.unfold: the sliding kernel_size blocks of (N, C, H, W) as columns."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.dilation = kernel_size, dilation
        self.padding, self.stride = padding, stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return (
            f"kernel_size={self.kernel_size}, dilation={self.dilation}, "
            f"padding={self.padding}, stride={self.stride}"
        )


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    """Zeroes whole channels of (N, C, L) or (C, L) with probability p in training mode."""

    def forward(self, input):
        return FL.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    """Zeroes whole channels of (N, C, H, W) with probability p in training mode."""

    def forward(self, input):
        return FL.dropout2d(input, self.p, self.training, self.inplace)
