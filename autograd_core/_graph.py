"""The backward graph: nodes, edges and saved tensors.

Every differentiable op call that needs a gradient creates one `Node`. A node knows
- `next_functions`: one edge ``(node, output_nr)`` per input, ``(None, 0)`` for inputs that need no
  gradient (Python scalars, constants), ``(AccumulateGrad, 0)`` for leaves that require grad;
- its VJP rule (from `_vjps.VJP`), the tensors that rule reads (saved with their version so an
  in-place change is caught) and the non-tensor attributes it needs (dims, shapes);
- each input's shape and dtype, so the engine can reduce a broadcast gradient back to the input
  (`sum_to_size`) and cast it, once, for every rule.

Node classes are named like torch's (`MulBackward0`), so ``type(t.grad_fn).__name__`` matches.
"""

import itertools
import weakref

from ._hooks import add_hook
from .grad_mode import _mode, no_grad
from ._backend import RULE_ARRAYS
from ._tensor import Tensor, _type_str
from . import _messages

SECOND_TIME = _messages.SECOND_BACKWARD
_PRODUCTS = {"addmm", "matmul", "mm", "bmm", "mv", "dot", "linear"}  # (16-bit: float32 arrays)
_next_seq = itertools.count().__next__  # torch's sequence_nr


class Node:
    """A backward function. Call ``name()`` for its torch name; ``next_functions`` for its edges."""

    __slots__ = (
        "_next",
        "_nrs",
        "_rule",
        "_saved",
        "_attrs",
        "_in_meta",
        "_need",
        "_seq",
        "__dict__",
        "__weakref__",
    )
    num_outputs = 1
    # Rarely set, so kept out of the slots: set in the instance __dict__ when used.
    _tensor_hooks = None  # {output_nr: {id: hook}} from Tensor.register_hook on non-leaves
    _retain = None  # {output_nr: weakref to the tensor} from Tensor.retain_grad
    _hooks = None  # post hooks: fn(grad_inputs, grad_outputs)
    _prehooks = None  # pre hooks: fn(grad_outputs)
    _hooked = False  # True once any of the four above is set: one check per node in backward
    _trace = None  # forward stack, kept in anomaly mode
    _meta = None
    _wraps = False  # CopySlices of an in-place op on a view: torch's wraps the op's node
    _tie = False  # a grad_tie (_vjps_shapes.twice): shows torch's edges, not its first

    def __init__(self, rule, next_nodes, next_nrs, in_meta, attrs):
        # Edges as two tuples, not (node, nr) pairs: one object fewer per edge for the gc to scan.
        self._next = next_nodes
        self._nrs = next_nrs
        self._rule = rule
        self._saved = ()
        self._attrs = attrs
        self._in_meta = in_meta
        self._seq = _next_seq()  # creation order: backward runs later nodes first, as torch

    def name(self):
        return _messages.CPP_NODE_NAMES.get(type(self).__name__) or type(self).__name__

    @property
    def op(self):
        """The op this node differentiates: its key in the VJP table (micrograd's ``_op``)."""
        return self._rule.op if self._rule is not None else type(self).__name__

    @property
    def next_functions(self):
        """One ``(node, output_nr)`` per input: where this node sends each input's gradient.
        A CopySlices that wraps an in-place op shows, as torch's, the base's edge and then the
        op's own edges but the first (the view's old value, which the base's edge covers)."""
        if self._wraps:
            inner = self._next[1].next_functions[1:] if self._next[1] is not None else ()
            return ((self._next[0], self._nrs[0]),) + inner
        first = 1 if self._tie else 0  # (not a grad_tie's composed result: the tensors it ties)
        return tuple(zip(self._next[first:], self._nrs[first:]))

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    @property
    def metadata(self):
        if self._meta is None:
            self._meta = {}
        return self._meta

    def apply(self, grad_outputs):
        """Run the VJP rule: gradients w.r.t. the outputs -> one gradient (or None) per input."""
        return self._run_rule(grad_outputs[0], SavedTensor.unpack)

    def apply_to_arrays(self, grad_outputs):
        """`apply` on raw arrays, under no create_graph: unless the rule needs Tensors (_vjps), g is
        16-bit (not a product's) or a saved float's dtype differs (the Tensor ops round then)."""
        rule, g = self._rule, grad_outputs[0]
        mixed = rule is None or not rule.on_arrays or g.__class__ not in RULE_ARRAYS
        mixed = mixed or g.itemsize == 2 and rule.op not in _PRODUCTS
        saved = self._saved
        if saved is None and not mixed:
            raise RuntimeError(SECOND_TIME)
        args = []  # as _run_rule, inline: this runs once per node of every backward
        for s in saved if not mixed else ():
            if s.__class__ is SavedTensor:  # unpack_data's common case, inline
                if s.leaf is None and s.hooks is None and s.vc[0] == s.version:
                    s = s.data
                else:
                    s = s.unpack_data(self)
                if s is not None and s.dtype is not g.dtype and s.dtype.kind not in "biu":
                    mixed = True
            args.append(s)
        if mixed:
            out = self.apply([None if x is None else Tensor._from_data(x) for x in grad_outputs])
            return [None if r is None else r._data for r in out]
        if rule.wants_need:
            args.append(self._need)
        attrs = self._attrs
        return rule.fn(g, *args, **attrs) if attrs else rule.fn(g, *args)

    def _run_rule(self, g, unpack):
        """The rule on g, what it saved (through `unpack`) and its attributes."""
        saved = self._saved
        if saved is None:
            raise RuntimeError(SECOND_TIME)
        rule, attrs = self._rule, self._attrs
        args = []  # saved values, then need, by position (see _vjps's header)
        for s in saved:  # a plain loop: a comprehension is one more frame per node
            args.append(unpack(s, self) if s.__class__ is SavedTensor else s)
        if rule.wants_need:
            args.append(self._need)
        return rule.fn(g, *args, **attrs) if attrs else rule.fn(g, *args)

    def __getattr__(self, name):
        """torch's ``_saved_self``, ``_saved_other``, ``_saved_result``, ``_saved_<attribute>``."""
        if name.startswith("_saved_"):
            key = {"self": "x", "other": "y", "result": "ans"}.get(name[7:], name[7:])
            if self._saved is None:
                raise RuntimeError(SECOND_TIME)
            for n, s in zip(self._saved_names(), self._saved):
                if n == key:
                    return s.unpack(self) if type(s) is SavedTensor else s
            if self._attrs and key in self._attrs:
                return self._attrs[key]
            if self._rule is not None and key in self._rule.defaults:
                return self._rule.defaults[key]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def release(self):
        """Free what backward saved (after a backward without retain_graph)."""
        if self._saved:
            self._saved = None

    # hooks on the node itself (torch's Node.register_hook / register_prehook)
    def register_hook(self, fn):
        """Register ``fn(grad_inputs, grad_outputs)`` to run after this node computes its
        gradients."""
        if self._hooks is None:
            self._hooks = {}
        self._hooked = True
        return add_hook(self._hooks, fn)

    def register_prehook(self, fn):
        """Register ``fn(grad_outputs)`` to run before this node; it may return replaced
        gradients."""
        if self._prehooks is None:
            self._prehooks = {}
        self._hooked = True
        return add_hook(self._prehooks, fn)

    def _saved_names(self):
        """The names of the saved values, in order (the rule's parameters; none for custom
        Functions)."""
        return self._rule.saved_names if self._rule is not None else ()


def accumulator(t):
    """Leaf t's AccumulateGrad node (made on first use; held weakly by t, like torch's)."""
    acc = t._acc() if t._acc is not None else None
    if acc is None:
        acc = AccumulateGrad(t)
        t._acc = weakref.ref(acc)
    return acc


class AccumulateGrad(Node):
    """The sink of a leaf tensor: adds the incoming gradient into ``variable.grad``."""

    __slots__ = ("variable",)

    def __init__(self, variable):
        Node.__init__(self, None, (), (), (), None)
        self.variable = variable


RULES = {}  # op key -> its VJP rule: the table of _vjps, filled when it is imported
_NODE_CLASSES = {}


def node_class(name, base=Node):
    """The Node subclass with torch's name for an op (created once, then cached)."""
    cls = _NODE_CLASSES.get(name)
    if cls is None:
        cls = _NODE_CLASSES[name] = type(name, (base,), {"__slots__": ()})
    return cls


# ----------------------------------------------------------------------------- saved tensors


def _op_name(node):
    name = type(node).__name__
    for suffix in ("Backward0", "Backward1", "Backward2", "Backward"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


_SAVED_HOOKS = []  # stack of (pack, unpack) from autograd.graph.saved_tensors_hooks


class SavedTensor:
    """A tensor saved for backward, with the version it had; unpacking checks it is unchanged.

    An op's own output is saved as data plus its node (not as the Tensor) so that the node and
    its output do not keep each other alive: the graph stays free of reference cycles.
    """

    __slots__ = (
        "data",
        "leaf",
        "grad_fn",
        "output_nr",
        "requires_grad",
        "vc",
        "version",
        "is_output",
        "hooks",
        "source",
        "__weakref__",
    )

    def __init__(self, t, is_output=False):
        self.hooks = None
        if _SAVED_HOOKS:  # saved_tensors_hooks: store what pack returns instead
            pack, unpack = _SAVED_HOOKS[-1]
            with no_grad():  # torch packs under no_grad
                self.hooks = (pack(t), unpack)
            self.data = self.leaf = self.grad_fn = self.vc = None
            self.is_output = is_output
            return
        if t._inference and not _mode.inference:
            raise RuntimeError(_messages.INFERENCE_TENSOR_SAVED)
        self.data = t._data
        self.vc = t._vc
        self.version = t._vc[0]
        self.is_output = is_output
        self.requires_grad = t._rg or is_output  # an output is saved before it is marked
        self.output_nr = t._output_nr
        if is_output:
            self.leaf = None
            self.grad_fn = None  # filled in by the caller: the node that saves it
        elif t.grad_fn is None:
            self.leaf = t  # leaves are kept as they are (they own .grad and hooks)
            self.grad_fn = None
        else:
            self.leaf = None
            self.grad_fn = t.grad_fn
            self.source = weakref.ref(t)  # only to name its current node in the error message

    def unpack(self, node):
        if self.hooks is not None:
            packed, unpack = self.hooks
            return unpack(packed)
        if self.vc[0] != self.version:
            raise RuntimeError(self._modified_message(node))
        if self.leaf is not None:
            return self.leaf
        t = Tensor._from_data(self.data)
        t._vc = self.vc
        if self.requires_grad:  # reconnected to the forward graph, as torch's saved variables are
            t.grad_fn = node if self.is_output else self.grad_fn
            t._output_nr = self.output_nr
            t._rg = True
        return t

    def unpack_data(self, node):
        """What `unpack` gives, as the raw array (for rules run on arrays)."""
        if self.hooks is not None or self.vc[0] != self.version:
            return self.unpack(node)._data
        return self.leaf._data if self.leaf is not None else self.data

    def _modified_message(self, node):
        shown = Tensor._from_data(self.data)
        where = ""
        if self.is_output:
            where = f", which is output {self.output_nr} of {_op_name(node)},"
        elif self.grad_fn is not None:
            t = self.source()  # like torch, name the node that now produces the tensor
            fn, nr = (
                (t.grad_fn, t._output_nr)
                if t is not None and t.grad_fn is not None
                else (self.grad_fn, self.output_nr)
            )
            where = f", which is output {nr} of {_op_name(fn)},"
        return _messages.MODIFIED_INPLACE.format(
            what=_type_str(shown), where=where, now=self.vc[0], then=self.version
        )
