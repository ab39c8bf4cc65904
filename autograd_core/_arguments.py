"""Argument checking as torch's PythonArgParser does it (torch/csrc/utils/python_arg_parser.cpp).

torch checks every call of a ``torch.<fn>`` or ``Tensor.<method>`` against its signatures (the
strings of _signatures, which tools/torch_signatures.py takes from torch): the first one the
arguments fit is called; if none fits, a TypeError names what is wrong: ``exp() got an unexpected
keyword argument 'foo'``, ``argument 'dim' (position 2) must be int, not float``, or, for several
signatures, ``sum() received an invalid combination of arguments - got (Tensor, str), but expected
one of:`` and the list. Mirroring that costs a correct call little: _api runs the parser only
when a call fails inside the engine (`rescue`: torch's message, or the engine's error if torch
takes the call), or when the classes of its values fit no signature (`fits`: a float dim, which
the engine would take). The parser also binds torch's keyword names, so
``x.permute(dims=(1, 0))`` reaches the engine as ``permute(x, (1, 0))``.
"""

import inspect
import numbers

import numpy as np

from . import _signatures
from ._backend import device, dtype
from ._tensor import Size, Tensor


def _int(a):  # THPUtils_checkLong, or a 0-d integral tensor (torch's SymInt check)
    if isinstance(a, Tensor):
        return a.ndim == 0 and not a.dtype.is_floating_point and a.dtype.name != "bool"
    return isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_))


def _number(a):  # a Scalar: a Python or numpy number, or a 0-d tensor
    return isinstance(a, (numbers.Number, np.generic)) or isinstance(a, Tensor) and a.ndim == 0


def _int_list(a, size):  # torch looks at the first element only (the rest fail when unpacked)
    if isinstance(a, (tuple, list)):
        return not a or _int(a[0])
    return bool(size) and (_int(a) or _index(a))


def _index(a):  # a one-element tensor of an integral (or bool) dtype: torch reads it as an int
    return isinstance(a, Tensor) and a.numel() == 1 and not a.dtype.is_floating_point


def _of(check):
    return lambda a, size: isinstance(a, (tuple, list)) and all(check(x) for x in a)


# The parser strings' types: torch's name for each in its messages, and its check.
_TYPES = {
    "Tensor": ("Tensor", lambda a, size: isinstance(a, Tensor)),
    "Scalar": ("Number", lambda a, size: _number(a)),
    "int64_t": ("int", lambda a, size: _int(a)),
    "double": ("float", lambda a, size: _number(a) and not isinstance(a, complex)),
    "bool": ("bool", lambda a, size: isinstance(a, (bool, np.bool_))),
    "IntArrayRef": ("tuple of ints", _int_list),
    "TensorList": ("tuple of Tensors", _of(lambda x: isinstance(x, Tensor))),
    "ScalarList": ("tuple of Scalars", _of(_number)),
    "ArrayRef<double>": ("tuple of floats", _of(_number)),
    "ScalarType": ("torch.dtype", lambda a, size: isinstance(a, dtype) or a in (int, float, bool)),
    "c10::string_view": ("str", lambda a, size: isinstance(a, str)),
    "Generator": ("torch.Generator", lambda a, size: type(a).__name__ == "Generator"),
    "Device": ("torch.device", lambda a, size: isinstance(a, (device, str, int))),
    "Layout": ("torch.layout", lambda a, size: type(a).__name__ == "layout"),
    "MemoryFormat": ("torch.memory_format", lambda a, size: type(a).__name__ == "memory_format"),
}
_ALIASES = {"SymInt": "int64_t", "DeviceIndex": "int64_t", "SymIntArrayRef": "IntArrayRef"}
_ALIASES["c10::List<::std::optional<Tensor>>"] = "TensorList"
# Where torch takes a Python number for a Tensor parameter (should_allow_numbers_as_tensors).
NUMBERS_AS_TENSORS = set(
    """
    add add_ div div_ divide divide_ mul mul_ multiply multiply_ sub sub_ subtract subtract_
    true_divide true_divide_ floor_divide floor_divide_ copy_
    """.split()
)


class Param:
    """One parameter of a parser string: ``IntArrayRef[1]? dim=None`` (type, size, ?, default)."""

    def __init__(self, text, keyword_only, numbers_as_tensors):
        decl, _, self.default = text.partition("=")
        ty, self.name = decl.rsplit(" ", 1)
        self.optional = bool(_)  # has a default: may be left out
        self.allow_none = ty.endswith("?") or self.default == "None"
        ty = ty.rstrip("?")
        self.size = int(ty[ty.index("[") + 1 : -1]) if ty.endswith("]") else 0
        self.symint = ty.startswith("SymIntArrayRef")  # (sizes: a bool tensor is refused)
        ty = _ALIASES.get(ty.split("[")[0], ty.split("[")[0])
        self.type_name, self._check = _TYPES[ty]
        self.numbers = ty == "Tensor" and numbers_as_tensors
        self.keyword_only = keyword_only

    def check(self, a):
        return self._check(a, self.size) or self.numbers and _number(a)

    def __str__(self):
        return f"{self.type_name} {self.name}" + (f" = {self.default}" if self.optional else "")


class Signature:
    """One parser string, checked as FunctionSignature::parse checks a call."""

    def __init__(self, name, text):
        self.name = name
        params, _, flag = text[1:].rpartition(")")
        self.hidden = flag == "|deprecated"  # usable, but never listed in a message
        self.params, keyword_only = [], False
        for p in filter(None, params.split(", ")):
            if p == "*":
                keyword_only = True
            else:
                self.params.append(Param(p, keyword_only, name in NUMBERS_AS_TENSORS))
        self.max_pos = sum(not p.keyword_only for p in self.params)
        self.min_args = sum(not p.optional for p in self.params)
        first = self.params[0] if self.params else None
        self.varargs = self.max_pos == 1 and first.type_name == "tuple of ints"
        self.text = "(" + ", ".join(self._printed()) + ")"

    def _printed(self):
        star = False
        for p in self.params:
            if p.keyword_only and not star:
                star = True
                yield "*"
            yield str(p)

    def parse(self, args, kwargs, raise_):
        """{name: value} of the call, or None if it does not fit (a TypeError if `raise_`)."""
        fail = self._fail if raise_ else lambda *a, **k: None
        if len(args) > self.max_pos and not self.varargs:
            return fail(self._extra_args(len(args)))
        bound, pos, used = {}, 0, 0
        for i, p in enumerate(self.params):
            kw = pos >= len(args)
            if not kw and p.keyword_only:
                return fail(self._extra_args(len(args)))
            a = kwargs.get(p.name, self) if kw else args[pos]
            for alias in NUMPY_NAMES.get(p.name, ()) if kw and a is self else ():
                a = kwargs.get(alias, self)  # numpy's name for it (axis=1 for dim=1)
                if a is not self:
                    break
            if a is self:  # not given
                if not p.optional:
                    return fail(self._missing(i))
                continue
            if p.type_name == "tuple of Tensors" and isinstance(a, (tuple, list)):
                _tensors(a, i)
            if (a is None and p.allow_none) or p.check(a):
                bound[p.name] = a
            elif self.varargs and pos == 0 and not kw and (_int(args[0]) or _index(args[0])):
                bound[p.name], pos = tuple(args), len(args)  # view(2, 3) as view((2, 3))
                continue
            elif kw:
                return fail(f"argument '{p.name}' must be {p.type_name}, not {_type(a)}")
            elif self.varargs and len(args) > self.max_pos:
                return fail(self._extra_args(len(args)))
            else:
                return fail(self._wrong_type(p, a, pos))
            pos, used = (pos, used + 1) if kw else (pos + 1, used)
        if pos < len(args):  # (after a tuple of ints: permute((1, 0), 1))
            return fail(self._extra_args(len(args)))
        if used < len(kwargs):
            names = [p.name for p in self.params]
            names += [a for n in names for a in NUMPY_NAMES.get(n, ())]
            for k in kwargs:
                if k not in names:
                    return fail(f" got an unexpected keyword argument '{k}'")
                if names.index(k) < len(args):
                    return fail(f" got multiple values for argument '{k}'")
        return bound

    def unpack(self, bound):
        """torch's check of a tuple of ints past its first element (when torch unpacks it), and
        of a one-element tensor given for one (its value must be an integer, not a bool)."""
        for p in self.params:
            a = bound.get(p.name)
            given = a if isinstance(a, (tuple, list)) else (a,)
            if p.symint and any(_index(x) and x.dtype.name == "bool" for x in given):
                raise RuntimeError(
                    "Expected scalar.isIntegral( false) to be true, but got false.  (Could this "
                    "error message be improved?  If so, please report an enhancement request to "
                    "PyTorch.)"
                )
            if p.type_name == "tuple of ints" and isinstance(a, (tuple, list)):
                for i, x in enumerate(a):
                    if not (_int(x) or _index(x)):
                        raise TypeError(
                            f"{self.name}(): argument '{p.name}' failed to unpack the object at "
                            f'pos {i + 1} with error "type must be tuple of ints,but got '
                            f'{_type(x)}"'
                        )

    def _fail(self, message):
        """torch's message: ``name() takes ...`` (a leading space) or ``name(): argument ...``."""
        raise TypeError(f"{self.name}(){'' if message[0] == ' ' else ': '}{message}")

    def _wrong_type(self, p, a, pos):
        where = f"argument '{p.name}' (position {pos + 1}) must be {p.type_name}"
        if isinstance(a, (tuple, list)) and p.type_name.startswith("tuple of"):
            bad = next((i for i, x in enumerate(a) if not p.check([x])), 0)
            return f"{where}, but found element of type {_type(a[bad])} at pos {bad}"
        return f"{where}, not {_type(a)}"

    def _extra_args(self, n):
        given = f"but {n} {'was' if n == 1 else 'were'} given"
        if self.min_args != self.max_pos:  # ("were", whatever n is: torch's words)
            span = f"from {self.min_args} to {self.max_pos}"
            return f" takes {span} positional arguments but {n} were given"
        return (
            f" takes {self.max_pos} positional argument{'' if self.max_pos == 1 else 's'} {given}"
        )

    def _missing(self, i):
        missing = [f'"{p.name}"' for p in self.params[i:] if not p.optional]
        s = "s" if len(missing) == 1 else ""  # torch's plural is the wrong way round
        return f" missing {len(missing)} required positional argument{s}: " + ", ".join(missing)


# The numpy names torch's parser takes for some parameters (sum(x, axis=0, keepdims=True)).
NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1")}
NUMPY_NAMES["other"] = ("x2",)


def _tensors(a, i):
    """torch's check of a sequence of tensors, which raises even while other signatures remain."""
    for j, t in enumerate(a):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"expected Tensor as element {j} in argument {i}, but got {type(t).__name__}"
            )


def _type(a):  # Python's type name, as torch's messages give it (its own types with "torch.")
    if isinstance(a, Tensor):
        return "Tensor"
    name = type(a).__name__
    return f"torch.{name}" if isinstance(a, (dtype, device)) or name == "Generator" else name


_CACHE = {}


def signatures(name, method):
    """torch's signatures of ``torch.<name>`` (or of ``Tensor.<name>``), [] if it has none."""
    key = (name, method)
    if key not in _CACHE:
        texts = _signatures.FUNCTIONS.get(name) if not method else method_texts(name)
        _CACHE[key] = [Signature(name, t) for t in texts or ()]
    return _CACHE[key]


def method_texts(name):
    """A method's parser strings (see `derive`)."""
    return derive(name, _signatures.FUNCTIONS, _signatures.METHODS)


def derive(name, functions, methods):
    """A method's parser strings: listed in `methods`, or its out-of-place method's (``mul_``:
    ``mul``'s), or its function's without ``Tensor input`` and ``out=``; () if none fits.
    tools/torch_signatures.py stores in METHODS only what this misses (() where torch's method is
    written in Python, unflatten: no parser of torch's checks it)."""
    if name in methods:
        return methods[name]
    inplace = name.endswith("_") and not name.startswith("_")
    if inplace and name[:-1] in methods:
        return methods[name[:-1]]
    out = []
    for t in functions.get(name[:-1] if inplace else name, ()):
        params = [p for p in t[1 : t.rindex(")")].split(", ") if p]
        if not params or params[0] != "Tensor input":
            return ()
        params = [p for p in params[1:] if not p.split("=")[0].endswith(" out")]
        params = params[:-1] if params[-1:] == ["*"] else params
        out.append("(" + ", ".join(params) + ")" + t[t.rindex(")") + 1 :])  # (|deprecated)
    return tuple(out)


def sizes_read(found, args, kwargs):
    """args and kwargs with each one-element tensor given for a tuple of ints read as the int
    torch reads (a tuple of it, given for the whole tuple)."""
    read = {}  # id of the object given -> what torch reads
    for p in found[0].params if found is not None else ():
        v = found[1].get(p.name)
        if p.type_name != "tuple of ints":
            continue
        if isinstance(v, Tensor):  # (the whole tuple: a tuple of its one int)
            read[id(v)] = (int(v.item()),)
        elif isinstance(v, (tuple, list)):  # (varargs: view(t, 2) bound as the tuple (t, 2))
            read.update({id(x): int(x.item()) for x in v if isinstance(x, Tensor)})
    if not read:
        return args, kwargs
    return tuple(read.get(id(a), a) for a in args), {
        k: read.get(id(v), v) for k, v in kwargs.items()
    }


def parse(name, args, kwargs, method=False):
    """The call's {name: value} under the first signature it fits, or torch's TypeError; None for
    a name torch has no signatures for. `args` holds self for a method (torch does not count it).
    """
    sigs = signatures(name, method)
    if not sigs:
        return None
    args = args[1:] if method else args
    for s in sorted(sigs, key=lambda s: s.hidden):  # (a deprecated order binds the same values)
        bound = s.parse(args, kwargs, False)
        if bound is not None:
            s.unpack(bound)
            return s, bound
    if len(sigs) == 1:
        sigs[0].parse(args, kwargs, True)
    # torch's print_error: the one signature that takes as many arguments says what is wrong;
    # else the message lists the signatures (deprecated ones not)
    shown = [s for s in sigs if not s.hidden]
    n = len(args) + len(kwargs)
    plausible = [s for s in shown if s.min_args <= n <= len(s.params)]
    if len(plausible) == 1:
        plausible[0].parse(args, kwargs, True)
    kw = list(kwargs.items())[::-1]  # torch's kwargs map (an unordered_map) lists them so
    got = [_type(a) for a in args] + [f"{k}={_type(v)}" for k, v in kw]
    got = ", ".join(got) + (", " if kwargs and not args else "")
    head = f"{name}() received an invalid combination of arguments - got ({got}), but expected"
    if len(shown) == 1:
        raise TypeError(f"{head} {shown[0].text}")
    lines = [f"{head} one of:"]
    for s in shown:
        lines.append(f" * {s.text}")
        lines += _mismatch(s, args, dict(kw))
    raise TypeError("\n".join(lines) + "\n")


def _mismatch(s, args, kwargs):
    """torch's "didn't match" line under a listed signature: it compares the printed signature's
    comma-separated items (``*`` counts as one) with the arguments, position by position."""
    items = s.text[1:-1].split(", ")
    if len(items) != len(args) + len(kwargs):
        return []
    by_name = {p.name: p for p in s.params}
    unknown = [k for k in kwargs if k not in by_name]
    if unknown:
        return [
            "      didn't match because some of the keywords were incorrect: " + ", ".join(unknown)
        ]
    params = [next((p for p in s.params if str(p) == item), None) for item in items]
    marked = [
        _type(a) if p is not None and p.check(a) else f"!{_type(a)}!" for a, p in zip(args, params)
    ] + [
        f"{k}={_type(v)}" if by_name[k].check(v) else f"!{k}={_type(v)}!" for k, v in kwargs.items()
    ]
    return [
        "      didn't match because some of the arguments have invalid types: ("
        + ", ".join(marked)
        + ")"
    ]


def rescue(name, fn, args, kwargs, error, method=False, call=None):
    """After `error` from the engine's `fn`: torch's TypeError if the call fits none of torch's
    signatures; else the call again with torch's keyword names bound (``x.permute(dims=(1, 0))``),
    else `error` itself. `call` runs the bound call (default `fn`; an in-place method's differs)."""
    try:
        found = parse(name, args, kwargs, method)
    except TypeError as e:
        raise e from None  # torch's message alone, not the engine's on the way to it
    if found is None or not kwargs:
        raise error
    bound = rebound(fn, found[1], found[0], method, args[0] if method else None)
    if bound is None:
        raise error
    return (call or fn)(*bound[0], **bound[1])


def rebound(fn, bound, sig, method, self=None):
    """(args, kwargs) that call the engine's `fn` with torch's bound arguments: positional ones by
    position (the engine's order is torch's), keyword-only ones by name."""
    params = list(inspect.signature(fn).parameters.values())[1 if method else 0 :]
    args, kwargs, given = [self] if method else [], {}, []
    names = {p.name for p in params}
    for i, p in enumerate(sig.params):
        if p.keyword_only:
            if p.name in bound and (bound[p.name] is not None or p.name in names):
                kwargs[p.name] = bound[p.name]  # (out=None: torch's default, not the engine's)
        elif p.name in bound:
            given.append(i)
    last = max(given, default=-1)
    for i, p in enumerate(sig.params[: last + 1]):
        if p.keyword_only:
            continue
        mine = params[i] if i < len(params) else None
        if mine is not None and mine.kind is mine.VAR_POSITIONAL:
            args.append(bound[p.name])
            break
        if p.name in bound:
            args.append(bound[p.name])
        elif mine is not None and mine.default is not mine.empty:
            args.append(mine.default)
        else:
            return None
    return args, kwargs


class _Ints(frozenset):
    """The classes a tuple-of-ints parameter passes (its elements are looked at too)."""


# The classes of the values each type passes without a parse (`fits`); others are parsed.
_FAST = {
    "Tensor": {Tensor},
    "Number": {int, float, bool},
    "int": {int},
    "float": {float, int},
    "bool": {bool},
    "tuple of ints": {tuple, list},
    "tuple of Tensors": {tuple, list},
    "tuple of floats": {tuple, list},
    "tuple of Scalars": {tuple, list},
    "torch.dtype": {dtype},
    "str": {str},
    "torch.device": {device, str},
}


def _fast(s):
    """One signature as (classes per position, classes per keyword, varargs) for `fits`."""
    ok = []
    for p in s.params:
        none = p.allow_none or p.type_name in ("int", "tuple of ints")  # (the engine's own calls,
        # a view's replay, leave a dim out with None: squeeze(x, None))
        classes = set(_FAST.get(p.type_name, ())) | ({type(None)} if none else set())
        classes |= _FAST["Number"] if p.numbers else set()  # (x.add_(1))
        if p.type_name == "tuple of ints":  # (a Size; one int for a size or x.view(6))
            classes = _Ints(classes | {Size} | ({int} if p.size or s.varargs else set()))
        ok.append(frozenset(classes) if type(classes) is set else classes)
    names = {p.name: c for p, c in zip(s.params, ok)}
    positions = tuple(c for p, c in zip(s.params, ok) if not p.keyword_only)
    return positions, names, s.varargs, s.min_args


def checks(name, method=False):
    """The `fits` checks of ``torch.<name>`` (or ``Tensor.<name>``): one per signature."""
    return tuple(_fast(s) for s in signatures(name, method) if not s.hidden)


def fits(checks, args, kwargs):
    """Whether a call passes one of the signatures by its values' classes alone: then the
    engine runs it as it is (a wrong call fails inside it, and `rescue` explains). A call that
    does not is parsed first: it may hold a wrong type the engine would take (a float dim).
    (Every call of a checked function or method runs this: it is written for speed.)"""
    n = len(args)
    for positions, names, varargs, least in checks:
        if n + len(kwargs) < least:  # (a required argument left out: torch's "missing")
            continue
        if n > len(positions):
            if not varargs or any(a.__class__ is not int for a in args):
                continue
        else:
            for a, ok in zip(args, positions):
                c = a.__class__
                if c not in ok:
                    if not _subclass(a, ok):
                        break
                elif (c is tuple or c is list) and ok.__class__ is _Ints and float in map(type, a):
                    break
            else:
                if kwargs and not _keywords_fit(names, kwargs):
                    continue
                return True
            continue
        if not kwargs or _keywords_fit(names, kwargs):
            return True
    return False


def _keywords_fit(names, kwargs):
    for k, v in kwargs.items():
        ok = names.get(k)
        if ok is None:
            return False
        c = v.__class__
        if c not in ok:
            if not _subclass(v, ok):
                return False
        elif (c is tuple or c is list) and ok.__class__ is _Ints and float in map(type, v):
            return False
    return True


def _subclass(a, ok):  # a subclass of Tensor (nn.Parameter) where a tensor goes
    return Tensor in ok and isinstance(a, Tensor)
