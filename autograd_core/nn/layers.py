"""The layers the course uses: Linear, activations, containers and losses (torch.nn's names)."""

import itertools
import math
from collections import OrderedDict

import autograd_core as ac


from . import functional as F
from . import init

from .module import Module, Parameter


class Linear(Module):
    """y = x @ weight.T + bias, with weight of shape (out_features, in_features).

    Initialised like torch: weight ~ kaiming_uniform_(a=sqrt(5)), i.e. U(-1/sqrt(in), 1/sqrt(in)),
    and bias ~ U(-1/sqrt(in_features), 1/sqrt(in_features)).
    """

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        factory_kwargs = {k: v for k, v in (("device", device), ("dtype", dtype)) if v is not None}
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(ac.zeros((out_features, in_features), **factory_kwargs))
        if bias:
            self.bias = Parameter(ac.zeros(out_features, **factory_kwargs))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Re-draw weight and bias from torch's default distributions."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, "
            f"bias={self.bias is not None}"
        )


class ReLU(Module):
    """max(0, x) elementwise; relu'(0) = 0."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class LeakyReLU(Module):
    """x where x > 0, else negative_slope * x."""

    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope, self.inplace = negative_slope, inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace else "")


class Tanh(Module):
    """tanh(x) elementwise."""

    def forward(self, input):
        return F.tanh(input)


class Sigmoid(Module):
    """1 / (1 + exp(-x)) elementwise."""

    def forward(self, input):
        return F.sigmoid(input)


class _ModuleSequence(Module):
    """List behaviour shared by Sequential and ModuleList: children named '0', '1', ..."""

    def _get_item_by_idx(self, iterator, idx):
        size = len(self)
        idx = int(idx)
        if not -size <= idx < size:
            raise IndexError(f"index {idx} is out of range")
        return next(itertools.islice(iterator, idx % size, None))

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        return self._get_item_by_idx(self._modules.values(), idx)

    def __setitem__(self, idx, module):
        key = self._get_item_by_idx(self._modules.keys(), idx)
        setattr(self, key, module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                delattr(self, key)
        else:
            delattr(self, self._get_item_by_idx(self._modules.keys(), idx))
        # Renumber so that the names stay '0'..'n-1', like torch.
        self._modules = OrderedDict((str(i), m) for i, m in enumerate(self._modules.values()))

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __dir__(self):
        return [key for key in super().__dir__() if not key.isdigit()]

    def append(self, module):
        """Add ``module`` at the end; returns self."""
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        for module in modules:
            self.append(module)
        return self


class Sequential(_ModuleSequence):
    """Chain of modules called in order; children are named '0', '1', ... (or by an
    OrderedDict's keys)."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def forward(self, input):
        for module in self:
            input = module(input)
        return input


class ModuleList(_ModuleSequence):
    """A list of modules whose parameters are registered (it has no forward of its own)."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._modules.values())[idx])
        return self._get_item_by_idx(self._modules.values(), idx)


class ModuleDict(Module):
    """A dict of modules whose parameters are registered."""

    def __init__(self, modules=None):
        super().__init__()
        for key, module in (dict(modules) if modules is not None else {}).items():
            self.add_module(key, module)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()


class ParameterList(Module):
    """A list of parameters that are registered (named '0', '1', ...)."""

    def __init__(self, values=None):
        super().__init__()
        for v in values or ():
            self.append(v)

    def append(self, value):
        if not isinstance(value, Parameter):
            value = Parameter(value)
        self.register_parameter(str(len(self)), value)
        return self

    def __getitem__(self, idx):
        return list(self._parameters.values())[idx]

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = F._legacy_get_string(size_average, reduce)
        self.reduction = reduction


class MSELoss(_Loss):
    """Mean squared error: mean((input - target)**2) (or 'sum' / 'none')."""

    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class CrossEntropyLoss(_Loss):
    """log_softmax over dim 1 (dim 0 for unbatched input) followed by nll_loss.

    Targets are class indices (int64) or class probabilities (same shape as input).
    """

    def __init__(
        self,
        weight=None,
        size_average=None,
        ignore_index=-100,
        reduce=None,
        reduction="mean",
        label_smoothing=0.0,
    ):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy(
            input,
            target,
            weight=self.weight,
            ignore_index=self.ignore_index,
            reduction=self.reduction,
            label_smoothing=self.label_smoothing,
        )
