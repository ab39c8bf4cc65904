"""autograd.Function: user-defined ops with a hand-written forward and backward.

``MyOp.apply(*args)`` runs ``forward(ctx, *args)`` with grad mode off, then (if an input requires
grad) makes ``ctx`` the node of the outputs: ctx *is* the backward node, of class ``MyOpBackward``,
and the engine calls ``MyOp.backward(ctx, *grad_outputs)`` through it.
"""

import functools
import warnings

from .._graph import Node, SavedTensor, SECOND_TIME, _next_seq, accumulator
from .._tensor import Tensor
from ..grad_mode import _mode
from ..grad_mode import no_grad
from .._creation import zeros
from .._shapes import _view
from .. import _messages


class FunctionCtx(Node):
    """The ``ctx`` of a custom Function: what forward leaves for backward (it is also the node)."""

    def _setup(self, cls, args):
        self._seq = _next_seq()
        self._next = self._nrs = ()
        self._rule = None
        self._saved = ()
        self._attrs = None
        self._in_meta = ()
        self._cls = cls
        self._to_save = ()
        self._non_diff = set()
        self._dirty = set()
        self.materialize_grads = True
        self.needs_input_grad = tuple(isinstance(a, Tensor) and a._rg for a in args)
        self._input_is_tensor = tuple(isinstance(a, Tensor) for a in args)
        self._out_meta = ()
        self.num_outputs = 1

    # -------------------------------------------------------------- called from forward
    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; they are checked for in-place changes when read."""
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(
                    f"save_for_backward can only save variables, but argument {i} is of type "
                    f"{type(t).__name__}"
                )
        self._to_save = tensors

    def mark_dirty(self, *tensors):
        """Declare inputs that forward modified in place (they must be returned as outputs)."""
        self._dirty = {id(t) for t in tensors}

    def mark_non_differentiable(self, *tensors):
        """Declare outputs that get no gradient (their incoming gradient is zeros)."""
        self._non_diff = {id(t) for t in tensors}

    def set_materialize_grads(self, value):
        """With False, backward receives None (not zeros) for outputs that got no gradient."""
        self.materialize_grads = bool(value)

    # -------------------------------------------------------------- read in backward
    @property
    def saved_tensors(self):
        if self._saved is None:
            raise RuntimeError(SECOND_TIME)
        if self._to_save is not None:  # no graph was recorded: forward's tensors as they are
            return tuple(self._to_save)
        return tuple(None if s is None else s.unpack(self) for s in self._saved)

    def name(self):
        return type(self).__name__

    def release(self):
        if self._saved:
            self._saved = None

    def apply(self, grad_outputs):
        """Called by the engine: run the user's backward and check what it returned."""
        if self._saved is None:
            raise RuntimeError(SECOND_TIME)
        grads = list(grad_outputs)
        if self.materialize_grads:
            for i, g in enumerate(grads):
                if g is None:
                    shape, dt, dev = self._out_meta[i]
                    grads[i] = zeros(shape, dtype=dt, device=dev)
        result = self._cls.backward(self, *grads)
        if not isinstance(result, tuple):
            result = (result,)
        n = len(self._next)
        name = self.name()
        if len(result) > n and all(r is None for r in result[n:]):
            result = result[:n]
        if len(result) != n:
            raise RuntimeError(
                f"function {name} returned an incorrect number of gradients (expected {n}, "
                f"got {len(result)})"
            )
        for i, r in enumerate(result):
            if r is None:
                continue
            if not isinstance(r, Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(r).__name__})")
            if not self._input_is_tensor[i]:
                raise RuntimeError(
                    f"function {name} returned a gradient different than None at position {i + 1}, "
                    "but the corresponding forward input was not a Variable"
                )
            meta = self._in_meta[i]
            if (
                meta is not None
                and tuple(r.shape) != tuple(meta[0])
                and not _expandable(meta[0], r.shape)
            ):
                raise RuntimeError(
                    f"Function {name} returned an invalid gradient at index {i} - got "
                    f"{list(r.shape)} but expected shape compatible with {list(meta[0])}"
                )
        return result


def _edges(args):
    """A node's edges for inputs `args`: (next nodes, their output numbers, each input's shape and
    dtype)."""
    tracked = [isinstance(a, Tensor) and a._rg for a in args]
    return (
        tuple(
            (a.grad_fn if a.grad_fn is not None else accumulator(a)) if t else None
            for a, t in zip(args, tracked)
        ),
        tuple(a._output_nr if t else 0 for a, t in zip(args, tracked)),
        tuple((a._data.shape, a._data.dtype) if t else None for a, t in zip(args, tracked)),
    )


def _expandable(shape, to):
    """True when `shape` broadcasts to `to` (so a gradient shaped `to` can be summed back)."""
    if len(shape) > len(to):
        return False
    return all(s == 1 or s == t for s, t in zip(reversed(tuple(shape)), reversed(tuple(to))))


class BackwardCFunction(FunctionCtx):
    """Base of the generated ``<Name>Backward`` node classes."""


class _FunctionMeta(type):
    def __init__(cls, name, bases, attrs):
        super().__init__(name, bases, attrs)
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,), {"_forward_cls": cls})


class Function(metaclass=_FunctionMeta):
    """Base class for custom differentiable ops: define static ``forward(ctx, ...)`` and
    ``backward(ctx, *grad_outputs)``, then call ``MyOp.apply(...)``."""

    def __init__(self, *args, **kwargs):
        warnings.warn(
            f"{type(self)} should not be instantiated. Methods on autograd functions are all "
            "static, so "
            "you should invoke them on the class itself. Instantiating an autograd function will "
            "raise an "
            "error in a future version of PyTorch.",
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args, **kwargs):
        raise RuntimeError(_messages.LEGACY_FUNCTION)

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(_messages.FUNCTION_WITHOUT_FORWARD)

    vjp = backward

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = cls._backward_cls.__new__(cls._backward_cls)
        ctx._setup(cls, args)
        uses_setup_context = cls.setup_context is not Function.setup_context
        with no_grad():
            if uses_setup_context:
                outputs = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, outputs)
            else:
                outputs = cls.forward(ctx, *args, **kwargs)
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        track = _mode.grad_enabled and any(ctx.needs_input_grad)

        if track:  # edges from the inputs as they were before any in-place change
            ctx._next, ctx._nrs, ctx._in_meta = _edges(args)

        input_ids = {id(a) for a in args if isinstance(a, Tensor)}
        result = []
        for i, o in enumerate(outs):
            if not isinstance(o, Tensor):
                result.append(o)
                continue
            if id(o) in ctx._dirty:
                if _mode.grad_enabled and o._rg and o.grad_fn is None:
                    raise RuntimeError(_messages.LEAF_DIRTY_IN_FUNCTION)
                o._vc[0] += 1
            elif id(o) in input_ids:  # an input returned as is: the output is a view of it
                o = _view(Tensor._from_data(o._data), o, "view_as", o)
            if track and id(outs[i]) not in ctx._non_diff and o.dtype.is_floating_point:
                o.grad_fn, o._output_nr, o._rg = ctx, i, True
                if id(o) in ctx._dirty and o._base is not None:  # a view changed in place: its
                    value = Tensor._from_data(o._data)  # base gets CopySlices over this node, as
                    value._grad_fn, value._output_nr, value._rg = ctx, i, True  # for built-in ops
                    o._rebase_view(value, ())
            elif id(outs[i]) in ctx._non_diff:
                o._rg = False if o.grad_fn is None else o._rg
            if o._base is not None and id(outs[i]) not in ctx._dirty:
                o._creation = "custom"  # torch refuses to change it in place (its backward is F's)
            result.append(o)
        ctx.num_outputs = len(outs)
        ctx._out_meta = tuple(
            (tuple(o.shape), o.dtype, o.device) if isinstance(o, Tensor) else ((), None, None)
            for o in result
        )
        if track:
            out_ids = {id(o): o for o in result if isinstance(o, Tensor)}
            packed = []
            for t in ctx._to_save:
                if t is None:
                    packed.append(None)
                elif id(t) in out_ids or (id(t) in ctx._dirty):
                    packed.append(SavedTensor(out_ids.get(id(t), t), is_output=True))
                else:
                    packed.append(SavedTensor(t))
            ctx._saved = tuple(packed)
            ctx._to_save = None  # only the packed (version-checked, releasable) copies remain
        return result[0] if single else tuple(result)


class _DelayedError(Node):
    """A node that raises when backward reaches it (what once_differentiable attaches)."""

    def __init__(self, message, n_inputs):
        Node.__init__(self, None, (), (), (), None)
        self._msg = message

    __slots__ = ("_msg",)

    def apply(self, grad_outputs):
        raise RuntimeError(self._msg)


_DelayedError.__name__ = _DelayedError.__qualname__ = "Error"  # torch names the node "Error"


def once_differentiable(fn):
    """Decorate a Function's backward that is not itself differentiable: it runs under no_grad, and
    differentiating its result again raises a clear error."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with no_grad():
            outputs = fn(ctx, *args)
        if not _mode.grad_enabled:
            return outputs
        if not any(isinstance(a, Tensor) and a._rg for a in args):
            return outputs
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        err = _DelayedError(
            "trying to differentiate twice a function that was marked with @once_differentiable",
            len(outs),
        )
        err._next, err._nrs, err._in_meta = _edges(args)
        wrapped = []
        for o in outs:
            if isinstance(o, Tensor):
                o = o.detach()
                o.grad_fn, o._rg = err, True
            wrapped.append(o)
        return wrapped[0] if single else tuple(wrapped)

    return wrapper
