"""Tensor: an array plus what autograd needs to know about it.

A Tensor holds
- ``_data``: the backend array (numpy, cupy, or another array-API library's array);
- ``requires_grad`` and ``grad_fn``: a leaf is a tensor with ``grad_fn is None``; a tensor computed
  from tensors that require grad points to the node that made it (``_output_nr`` says which output);
- ``_vc``: its version counter (a one-element list), shared with its views and ``detach()``
  results, bumped by every in-place change so backward can refuse stale saved values;
- ``.grad``: where backward accumulates (leaves, and non-leaves after ``retain_grad()``);
- for a view, ``_base`` and ``_view`` (a `_View`: how it was made from its base).
The ops and most methods are attached later, by _methods and _inplace (see the package docstring).
"""

import math
import numbers
import warnings
import weakref

import numpy as np

from . import _backend
from ._hooks import add_hook
from ._printing import tensor_repr
from .grad_mode import _mode
from . import _messages

_ndarray = np.ndarray
# node -> {output_nr: shape}: the shape a node's output had before `.data =` gave the tensor
# another one; backward checks the gradient against it, as torch's against its input metadata.
RESHAPED = weakref.WeakKeyDictionary()


class Tensor:
    """A multi-dimensional array that can record the operations applied to it (see the module
    doc)."""

    __slots__ = ("_data", "_rg", "_grad_fn", "_vc", "_output_nr", "__dict__", "__weakref__")
    # Rarely set attributes live in the instance __dict__ and default to these class attributes,
    # so that creating a tensor (the hot path) sets only the five slots above.
    _grad = None
    _base = None
    _view = None
    _view_vc = 0  # a view's version when its grad_fn was last made (see _sync)
    _hooks = None
    _acc = None
    _retains = False
    _inference = False
    _fw = None  # forward AD: (level, tangent) of a dual tensor (see autograd.forward_ad)
    __array_priority__ = 1000  # numpy defers ndarray * Tensor to Tensor.__rmul__
    __array_ufunc__ = None

    def __init__(self, *args, **kwargs):
        """Legacy constructor: ``Tensor([1, 2])`` (float32 data) or ``Tensor(2, 3)`` (a shape)."""
        dev = kwargs.get("device")
        if len(args) == 1 and not isinstance(args[0], numbers.Integral):
            data = args[0]._data if isinstance(args[0], Tensor) else args[0]
            arr = _backend.asarray_on(data, dev, _backend.float32)
        else:
            arr = _backend.asarray_on(np.zeros(tuple(args), dtype=np.float32), dev)
        self._data = arr
        self._rg = False
        self._grad_fn = None
        self._vc = [0]  # the version counter: a shared one-element list
        self._output_nr = 0

    @staticmethod
    def _from_data(arr):
        """Wrap a backend array (no copy) as a new leaf that does not require grad."""
        if arr.__class__ is not _ndarray and isinstance(arr, np.generic):
            arr = np.asarray(arr)
        t = _alloc(Tensor)
        t._data = arr
        t._rg = False
        t._grad_fn = None
        t._vc = [0]
        t._output_nr = 0
        return t

    @staticmethod
    def _make_subclass(cls, data, require_grad=False):
        """A `cls` instance sharing `data`'s array (how nn.Parameter is built, as in torch)."""
        t = _new(cls)
        t._data = data._data
        t._rg = False
        t._grad_fn = None
        t._vc = data._vc
        t._output_nr = 0
        if require_grad:
            t.requires_grad_(True)
        return t

    # ------------------------------------------------------------------ metadata
    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        return Size(self._data.shape) if dim is None else self._data.shape[self._axis(dim)]

    def _axis(self, dim):
        """dim as an index into the shape, or torch's IndexError."""
        n = self._data.ndim
        if n and -n <= dim < n:
            return dim
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})"
            if n
            else f"Dimension specified as {dim} but tensor has no dimensions"
        )

    @property
    def dtype(self):
        return _backend.dtype_of(self._data)

    @property
    def device(self):
        return _backend.device_of(self._data)

    @property
    def is_cuda(self):
        return self.device.type == "cuda"

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    def numel(self):
        return math.prod(self._data.shape)

    nelement = numel

    def element_size(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.numel() * self.dtype.itemsize

    def stride(self, dim=None):
        if not hasattr(self._data, "strides"):
            raise RuntimeError("stride() is not available for this array library")
        s = _backend.torch_strides(self._data)
        return s if dim is None else s[self._axis(dim)]

    def is_contiguous(self):
        return _backend.is_contiguous(self._data)

    def is_floating_point(self):
        return self.dtype.is_floating_point

    def is_inference(self):
        return self._inference

    def data_ptr(self):
        iface = getattr(self._data, "__array_interface__", None) or getattr(
            self._data, "__cuda_array_interface__", {}
        )
        return iface.get("data", (0,))[0]

    @property
    def _version(self):
        if self._inference:
            raise RuntimeError("Inference tensors do not track version counter.")
        return self._vc[0]

    # ------------------------------------------------------------------ autograd state
    @property
    def grad_fn(self):
        """The node that made this tensor (None for a leaf). A view whose base was changed in place
        since its node was made gets a fresh one, AsStridedBackward0 of the base, as in torch."""
        if self._base is not None and self._vc[0] != self._view_vc:
            self._remake_view_node()  # defined with the in-place machinery, in _inplace
        return self._grad_fn

    @grad_fn.setter
    def grad_fn(self, node):
        self._grad_fn = node

    @property
    def requires_grad(self):
        # A view also requires grad once its base does (torch reads the base, without remaking
        # grad_fn).
        return self._rg or (self._base is not None and self._base._rg)

    @requires_grad.setter
    def requires_grad(self, value):
        self.requires_grad_(value)

    def requires_grad_(self, requires_grad=True):
        """Set requires_grad on a leaf (in place); returns self."""
        if self._grad_fn is not None:  # (its node as made: torch's is_leaf() remakes no view's)
            if requires_grad:
                return self
            raise RuntimeError(_messages.REQUIRES_GRAD_OF_NONLEAF)
        if requires_grad and not self.dtype.is_floating_point:
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        if requires_grad and self._inference and not _mode.inference:
            raise RuntimeError(
                "Setting requires_grad=True on inference tensor outside InferenceMode is not "
                "allowed."
            )
        self._rg = bool(requires_grad)
        return self

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def output_nr(self):
        return self._output_nr

    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains:
            warnings.warn(_messages.NONLEAF_GRAD, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(
                    "assigned grad expected to be a Tensor or None but got grad of type "
                    f"{type(value).__name__}"
                )
            if value.dtype is not self.dtype:
                got = _messages.CPP_TYPE.get(value.dtype.name, value.dtype.name)
                raise RuntimeError(_messages.GRAD_DTYPE.format(got=got, want=self.dtype.title))
            if value.shape != self.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(value.shape)}' to a tensor of "
                    f"size '{list(self.shape)}'. Please ensure that the gradient and the tensor "
                    "are the same size"
                )
            if value.device != self.device:
                raise RuntimeError(
                    "attempting to assign a gradient located on device with index "
                    f"'{value.device}' "
                    f"to a parameter located on device with index '{self.device}'. Please ensure "
                    "that the gradient and the parameter are on the same device"
                )
        self._grad = value

    @property
    def retains_grad(self):
        return self._retains

    def retain_grad(self):
        """Ask backward to fill ``.grad`` of this non-leaf too (a no-op on leaves)."""
        if not self.requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is None or self._retains:
            return
        node = self.grad_fn
        if node._retain is None:
            node._retain = {}
        node._retain[self._output_nr] = weakref.ref(self)
        node._hooked = True
        self._retains = True

    def register_hook(self, hook):
        """Call ``hook(grad)`` when this tensor's gradient is computed; a returned tensor replaces
        it.

        Returns a handle with ``remove()``.
        """
        if not self._rg:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is None:
            if self._hooks is None:
                self._hooks = {}
            return add_hook(self._hooks, hook)
        node = self.grad_fn
        if node._tensor_hooks is None:
            node._tensor_hooks = {}
        node._hooked = True
        return add_hook(node._tensor_hooks.setdefault(self._output_nr, {}), hook)

    def register_post_accumulate_grad_hook(self, hook):
        """Call ``hook(tensor)`` after backward has accumulated this leaf's ``.grad``."""
        if self.grad_fn is not None:
            raise RuntimeError(
                "post accumulate grad hooks cannot be registered on non-leaf tensors"
            )
        if not self._rg:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.__dict__.get("_post_acc_hooks") is None:
            self._post_acc_hooks = {}
        return add_hook(self._post_acc_hooks, hook)

    def _is_view(self):
        return self._base is not None

    def detach(self):
        """A new leaf sharing this data and version counter, outside the graph."""
        t = Tensor._from_data(self._data)
        t._vc = self._vc
        if "_zero" in self.__dict__:  # (torch's ZeroTensor stays one)
            t._zero = True
        return t

    def detach_(self):
        if self._base is not None:
            raise RuntimeError(_messages.DETACH_VIEW_IN_PLACE)
        self.grad_fn = None
        self._rg = False
        return self

    @property
    def data(self):
        """The same data as a leaf that does NOT share the version counter (unlike detach())."""
        return Tensor._from_data(self._data)

    @data.setter
    def data(self, value):
        if not isinstance(value, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(value).__name__}")
        if self.requires_grad and not value.dtype.is_floating_point:
            raise RuntimeError(_messages.DATA_NOT_FLOAT)
        if value._data.shape != self._data.shape:  # the node that made self still expects the
            acc = self.__dict__.get("_acc")  # old shape (torch's input metadata: backward checks)
            node = self._grad_fn or (acc() if acc is not None else None)
            if node is not None:
                RESHAPED.setdefault(node, {}).setdefault(self._output_nr, self._data.shape)
        self._data = value._data
        self._data_epoch = self.__dict__.get("_data_epoch", 0) + 1  # (views read it: _shapes._View)

    # ------------------------------------------------------------------ printing
    def __repr__(self, *, tensor_contents=None):
        return tensor_repr(self)

    def __format__(self, spec):
        if self.ndim == 0:
            return self.item().__format__(spec)
        return object.__format__(self, spec)


def _type_str(t):
    """torch's name of t in version-counter errors: ``torch.FloatTensor [2, 3]``."""
    prefix = "torch.cuda." if t.device.type == "cuda" else "torch."
    return f"{prefix}{t.dtype.title}Tensor [{', '.join(map(str, t.shape))}]"


class Size(tuple):
    """A tensor's shape: a tuple printed as ``torch.Size([2, 3])`` (its slices and sums too)."""

    def __repr__(self):
        return f"torch.Size({list(self)})"

    def __getitem__(self, i):
        r = tuple.__getitem__(self, i)
        return Size(r) if isinstance(i, slice) else r

    def __add__(self, other):
        return Size(tuple.__add__(self, other))

    def numel(self):
        return math.prod(self)


_alloc = object.__new__
_new = _alloc
