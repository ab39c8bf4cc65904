"""The ops in one place: `ops` (every op of the op modules), and the ``torch.*`` functions, which
are those ops behind the argument check of torch's Python binding.

``torch.exp(2.0)`` is a TypeError in torch, raised before any computation, with one of two texts:
``exp(): argument 'input' (position 1) must be Tensor, not float`` for a function with one
signature, ``sum() received an invalid combination of arguments - got (float, Tensor), ...`` for
one with several (overloads). Methods (``t.exp()``) need no check: their self is a tensor.
"""

import functools
import types
import warnings

from . import _arithmetic, _elementwise, _losses, _matmul, _ops, _reductions, _shapes
from . import _common, _einsum, _indexing, _layout, _matrices, _nn_ops, _norms, _pointwise, _scans
from . import _pooling, _decompositions
from . import _arguments, _backend, _messages, _signatures, grad_mode
from ._tensor import Tensor

# Every op and helper of the op modules as one namespace: _methods attaches them, _vjps reads them.
OP_MODULES = (_ops, _arithmetic, _elementwise, _reductions, _matmul, _shapes, _losses)
# The breadth around the core: each module lists its FUNCTIONS, METHODS and INPLACE names, which
# __init__ and _methods attach.
BREADTH = (_pointwise, _scans, _indexing, _layout, _einsum, _matrices, _nn_ops, _pooling, _norms)
BREADTH += (_common,)
BREADTH += (_decompositions,)  # (torch.svd, qr, lu, ...: the linalg decompositions' older forms)
OP_MODULES += BREADTH
ops = types.SimpleNamespace(
    **{k: v for m in OP_MODULES for k, v in vars(m).items() if not k.startswith("__")}
)

# Functions whose first argument may be a Python number, as in torch (``torch.add(2, t)``).
NUMBER_FIRST = set(
    """
    add sub mul div pow remainder floor_divide bitwise_and bitwise_or bitwise_xor multiply divide
    subtract true_divide xlogy isin bucketize
""".split()
)
# Functions torch binds with several signatures: a wrong call names the arguments it got.
OVERLOADED = set(
    """
    all any clamp clamp_max clamp_min clip eq ge gt le lt ne masked_fill max min mean sum
    std var round rsub squeeze where greater less greater_equal less_equal not_equal lerp prod
    sort argsort conv2d conv1d scatter narrow std_mean var_mean median quantile cross
    searchsorted atleast_1d atleast_2d atleast_3d fmod copysign
""".split()
)


def _type_name(a):
    return "Tensor" if isinstance(a, Tensor) else type(a).__name__


# Functions of a sequence of tensors (or of one tensor): they check their elements themselves.
SEQUENCE_FIRST = set(
    """
    vstack hstack dstack column_stack atleast_1d atleast_2d atleast_3d meshgrid block_diag
    cartesian_prod broadcast_tensors
""".split()
)
VARARGS_ONLY = {"block_diag", "cartesian_prod", "broadcast_tensors"}  # (no list of tensors)
VARARGS = {"atleast_1d", "atleast_2d", "atleast_3d", "meshgrid"} | VARARGS_ONLY
# The first parameter's name where it is not 'input' (einsum checks its own: an equation or, in
# torch's sublist form, an operand).
FIRST_ARGUMENT = {"embedding": ("weight", Tensor, "Tensor"), "einsum": ("equation", object, "str")}
FIRST_ARGUMENT["broadcast_shapes"] = ("shapes", (tuple, list, int), "tuple of ints")


def _sequence_checked(name, fn):
    """`fn` of a tensor or of a sequence of tensors, behind torch's element check."""

    @functools.wraps(fn)
    def public(*args, **kwargs):
        if not args and name in ("meshgrid", "cartesian_prod"):
            raise RuntimeError("meshgrid expects a non-empty TensorList")
        items = ()
        if args and (isinstance(args[0], Tensor) or name in VARARGS_ONLY):  # (varargs: each one)
            if name not in VARARGS and len(args) > 1:
                raise TypeError(f"{name}() takes 1 positional argument but {len(args)} were given")
            items = args if name in VARARGS else ()
        elif args:
            items = args[0] if isinstance(args[0], (list, tuple)) else None
            if items is None and name in OVERLOADED:
                raise TypeError(
                    f"{name}() received an invalid combination of arguments - got "
                    f"({_type_name(args[0])}), but expected one of the signatures torch documents"
                )
            if items is None and name != "meshgrid":
                raise TypeError(
                    f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                    f"{_type_name(args[0])}"
                )
            items = (args[0],) if items is None else items
        for i, t in enumerate(items):
            if not isinstance(t, Tensor):
                raise TypeError(
                    f"expected Tensor as element {i} in argument 0, but got {_type_name(t)}"
                )
        return fn(*args, **kwargs)

    return public


fits = _arguments.fits  # (a global of this module: one lookup less on every call)
# What a wrong call raises inside the engine: then (only then) _arguments checks it as torch would.
ENGINE_ERRORS = Exception  # (a RuntimeError of a wrong type too: "Boolean value of Tensor ...")


def checked(name, fn):
    """`fn` as ``torch.<name>``: checked against torch's signatures (_arguments) where the table
    has them; else its first argument must be a tensor (`where`: the condition)."""
    if name in SEQUENCE_FIRST:
        fn = _sequence_checked(name, fn)
    if name in _signatures.FUNCTIONS:
        return _parsed(name, fn)
    if name in NUMBER_FIRST or name in SEQUENCE_FIRST:
        return fn
    arg, kind, kind_name = FIRST_ARGUMENT.get(name, ("input", Tensor, "Tensor"))

    @functools.wraps(fn)
    def public(*args, **kwargs):
        if args and not isinstance(args[0], kind):
            if name in OVERLOADED:
                got = ", ".join(_type_name(a) for a in args)
                raise TypeError(
                    f"{name}() received an invalid combination of arguments - got ({got}), but "
                    "expected one of the signatures torch documents"
                )
            raise TypeError(
                f"{name}(): argument '{arg}' (position 1) must be {kind_name}, not "
                f"{_type_name(args[0])}"
            )
        return fn(*args, **kwargs)

    return public


def _parsed(name, fn):
    """`fn` behind torch's argument check: `fits` before the call (a wrong type the engine would
    take, torch.exp(2.0) or a float dim, is parsed: torch's TypeError), `rescue` after an error."""
    fast = _arguments.checks(name)

    @functools.wraps(fn)
    def public(*args, **kwargs):
        if fast and not fits(fast, args, kwargs):
            args, kwargs = _arguments.sizes_read(_arguments.parse(name, args, kwargs), args, kwargs)
        if "out" in kwargs:  # (the signatures torch gives an out=: the parse passed it)
            return _into_out(name, public, args, kwargs)
        try:
            return fn(*args, **kwargs)
        except ENGINE_ERRORS as e:
            return _arguments.rescue(name, fn, args, kwargs, e)

    return public


CREATION = set("zeros ones empty full arange linspace logspace eye rand randn randint".split())
# Those whose out= sets the dtype they compute in (and a creation function's resizes it silently).
IN_OUT_DTYPE = CREATION | {"normal", "sum", "nansum", "prod", "cumsum", "cumprod"}


@functools.cache
def _out_type(result_type):
    """torch.return_types.max_out for max's (values, indices) written into out=."""
    return _reductions.return_type(f"{result_type.__name__}_out", *result_type._fields)


def _into_out(name, fn, args, kwargs):
    """torch.<name>(..., out=t): the result written into t, which is returned. torch records no
    graph for it (an argument that requires grad is refused), casts the result to t's dtype where
    torch casts (never to a lower category: float into int), resizes t to the result's shape
    (warning when t had elements), and makes a creation function's result in t's dtype."""
    kwargs = dict(kwargs)
    out = kwargs.pop("out")
    if out is None:
        return fn(*args, **kwargs)
    outs = tuple(out) if isinstance(out, (tuple, list)) else (out,)
    given = [*args, *kwargs.values(), *outs]
    given = [t for a in given for t in (a if isinstance(a, (tuple, list)) else (a,))]
    if grad_mode.is_grad_enabled() and any(
        isinstance(t, Tensor) and t.requires_grad for t in given
    ):
        raise RuntimeError(
            f"{'aten::' if name in CREATION else ''}{name}(): functions with out=... arguments "
            "don't support automatic differentiation, but one of the arguments requires grad."
        )
    if name in IN_OUT_DTYPE and kwargs.get("dtype") is None:
        kwargs["dtype"] = outs[0].dtype
    with grad_mode.no_grad():
        result = fn(*args, **kwargs)
    results = result if isinstance(result, tuple) else (result,)
    if len(results) != len(outs):
        raise TypeError(f"{name}(): argument 'out' must be tuple of {len(results)} Tensors")
    for r, o in zip(results, outs):
        if _backend._category(r.dtype) > _backend._category(o.dtype):
            raise RuntimeError(
                f"result type {r.dtype.title} can't be cast to the desired output type "
                f"{o.dtype.title}"
            )
    for r, o in zip(results, outs):
        if o.shape != r.shape:
            if o.numel() and name not in CREATION:
                warnings.warn(_messages.RESIZED.format(list(o.shape), list(r.shape)), stacklevel=3)
            o.data = r.new_zeros(r.shape, dtype=o.dtype)
        with grad_mode.no_grad():
            o.copy_(r)
    return out if not hasattr(result, "_make") else _out_type(type(result))._make(outs)


# The no-argument methods a training step calls: Python's own refusal of an argument (its words,
# not torch's) spares them a wrapper; the others take torch's.
_HOT_NOARGS = set("tanh sigmoid relu exp log neg abs sqrt square t contiguous detach clone".split())


def method(name, fn, call=None):
    """`fn` as ``Tensor.<name>``: as `checked`, less the first argument (self is a tensor)."""
    texts = _arguments.method_texts(name)
    call = call or fn
    noargs = not texts or texts == ("()",)
    if noargs and call is fn and (not texts or name in _HOT_NOARGS):
        # torch's METH_NOARGS: a wrapper for Python's words ("takes no arguments (1 given)") would
        # cost a call of y.tanh() 0.08 us (0.5% of the small-op chain): Python's own check it is
        return call
    if noargs:  # (an in-place form, y.log1p_(), or a method no step calls: torch's words)
        return no_arguments(name, call, fn)
    fast = _arguments.checks(name, method=True)

    bare = not any(least == 0 for *_, least in fast)  # (x.flip(): a required argument missing)

    def public(self, *args, **kwargs):
        if (args or kwargs or bare) and not fits(fast, args, kwargs):  # (x.sum(): no check)
            found = _arguments.parse(name, (self, *args), kwargs, method=True)
            args, kwargs = _arguments.sizes_read(found, args, kwargs)
        try:
            return call(self, *args, **kwargs)
        except ENGINE_ERRORS as e:
            return _arguments.rescue(name, fn, (self, *args), kwargs, e, True, call)

    public.runs = call  # (what runs the call: an alias's method wraps it anew, _methods)
    return _named(public, name, fn)


def no_arguments(name, call, fn=None):
    """`call` as torch's method `name` that takes no arguments (METH_NOARGS): its words for one."""

    def noargs(self, *args, **kwargs):
        if kwargs:
            raise TypeError(f"TensorBase.{name}() takes no keyword arguments")
        if args:
            raise TypeError(f"TensorBase.{name}() takes no arguments ({len(args)} given)")
        return call(self)

    return _named(noargs, name, fn or call)


def _named(public, name, fn):
    public.__name__ = public.__qualname__ = name
    public.__doc__ = fn.__doc__
    public.__wrapped__ = fn
    return public


def export(namespace, names, source=ops):
    """Put the checked ``source.<name>`` for each name into `namespace` (a module's globals())."""
    for name in names:
        namespace[name] = checked(name, getattr(source, name))
