"""The checks the course's test cells are written with: each exercise's checks, defined once.

An exercise's test cell is the one definition of what is checked: the inputs, what is compared,
the tolerance and the hint shown when it fails. The same cell runs in two places:

* **In your kernel** (the visible tests), each check raises ``AssertionError`` at the first
  failure, naming the case, what was expected, what came back and, where it recognises one, the
  mistake.
* **In the grader's sandbox**, the instructor's copy of the cell (with its hidden cases: other
  inputs, shapes and seeds, never other requirements) runs after your solution cells, and every
  check is also *recorded* as data: its name, your value, the expected value, the tolerance.
  The grader compares those records, outside the sandbox, with the ones the reference solution
  produces. Nothing the sandbox says about pass or fail is trusted; the two comparisons use the
  same function (:func:`mismatch`), so a visible test and the grade cannot disagree.

Vocabulary: ``name`` says which case is checked (shown in every message), ``got`` is your value,
``expected`` the right one, ``hint`` a sentence naming the likely mistake when the check fails
(a string, or a function ``hint(got, expected) -> str | None`` of the two as numpy arrays).
"""
from __future__ import annotations

import ast
import linecache
import math
import textwrap
import traceback
import warnings

import numpy as np

from autograd_checks.i18n import translate

__all__ = ["as_np", "rand64", "call", "check_close", "check_equal", "check_true", "check_raises",
           "check_gradcheck", "check_not_used", "mismatch", "same", "diagnose", "own_names"]

# Captured at import, before any solution cell runs: a solution that rebinds numpy's functions
# does not change what these checks compute (the grader's comparison runs elsewhere anyway).
_isclose, _asarray, _array, _argwhere, _isfinite = np.isclose, np.asarray, np.array, np.argwhere, np.isfinite
_allclose, _ndarray = np.allclose, np.ndarray
try:
    import autograd_core as _torch
    _gradcheck, _gradgradcheck = _torch.autograd.gradcheck, _torch.autograd.gradgradcheck
except ImportError:  # the checks themselves need only numpy
    _torch = _gradcheck = _gradgradcheck = None

_recording: list | None = None   # set by the grader's sandbox while it runs a test cell


def _record(kind: str, name: str, got, expected, message: str | None, **opts) -> None:
    if _recording is not None:
        _recording.append({"kind": kind, "name": str(name), "got": got, "expected": expected,
                           "message": message, **opts})


# ---- values ---------------------------------------------------------------------------------

def as_np(t):
    """A tensor (any device, any grad state), array, list or number as a numpy array (a copy)."""
    if hasattr(t, "detach"):
        t = t.detach()
    if hasattr(t, "cpu"):
        t = t.cpu()
    if hasattr(t, "numpy"):
        t = t.numpy()
    return _array(t, copy=True)


def rand64(*shape, seed, requires_grad=True, low=None, high=None):
    """A float64 tensor of fixed random values (standard normal, or uniform in [low, high))."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape) if low is None else rng.uniform(low, high, shape)
    return _torch.tensor(a, dtype=_torch.float64, requires_grad=requires_grad)


def plain(x):
    """``x`` as plain Python data (tuples and sizes become lists, numpy scalars numbers), the form
    :func:`check_equal` compares and the grader records. Tensors and arrays are refused: compare
    those with :func:`check_close`."""
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, (int, float)):
        return x
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    raise TypeError(f"check_equal compares plain values (numbers, strings, bools, lists), "
                    f"not {type(x).__name__}; use check_close for tensors and arrays")


def same(expected, got) -> bool:
    """Exact equality of plain data, where a bool is not a number and 1 == 1.0."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return type(expected) is type(got) and expected == got
    if isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        return expected == got or (math.isnan(expected) and math.isnan(got))
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(
            same(e, g) for e, g in zip(expected, got))
    if isinstance(expected, dict):
        return isinstance(got, dict) and set(got) == set(expected) and all(
            same(expected[k], got[k]) for k in expected)
    return type(expected) is type(got) and expected == got


def mismatch(expected, got, rtol: float = 1e-6, atol: float = 1e-8) -> str | None:
    """Why the array ``got`` is not close to ``expected``, or None when it is.

    Close means the same shape and ``|got - expected| <= atol + rtol * |expected|`` for every
    element (NaN matches only NaN). This one function decides both in your kernel and in the
    grader.
    """
    if got is None:
        return "got None"
    e, g = _asarray(expected), _asarray(got)
    if g.dtype == object or e.dtype == object:
        return "got something that is not a number or an array of numbers"
    if e.shape != g.shape:
        return f"expected shape {e.shape}, got shape {g.shape}"
    if g.dtype.kind not in "biufc":
        return f"expected numbers, got dtype {g.dtype}"
    kind = "complex128" if "c" in e.dtype.kind + g.dtype.kind else "float64"
    e, g = e.astype(kind), g.astype(kind)
    with np.errstate(all="ignore"):
        close = _isclose(g, e, rtol=rtol, atol=atol, equal_nan=True)
    if close.all():
        return None
    bad = _argwhere(~close)
    i = tuple(int(k) for k in bad[0])
    at = f"element {i}: " if i else ""
    return (f"{at}expected {e[i].item():.10g}, got {g[i].item():.10g} ({len(bad)} of {e.size} "
            f"element(s) differ; allowed |got - expected| <= {atol:g} + {rtol:g}*|expected|)")


def diagnose(got, expected, rtol: float = 1e-6, atol: float = 1e-8) -> str:
    """A guess at why the array ``got`` differs from ``expected`` ("" when nothing fits)."""
    try:
        g, e = _asarray(got, dtype=np.float64), _asarray(expected, dtype=np.float64)
    except (TypeError, ValueError):
        return ""
    close = lambda a, b: a.shape == b.shape and bool(_allclose(a, b, rtol=rtol, atol=atol))  # noqa: E731
    if g.shape != e.shape:
        if g.ndim == 2 and g.shape == e.shape[::-1]:
            return "the shape is transposed"
        if g.size == e.size:
            return "the right numbers in the wrong shape: a missing reshape?"
        if g.ndim > e.ndim and g.size > e.size:
            return "a dimension too many: a missing sum over a broadcast dimension, or a missing squeeze?"
        if g.ndim == e.ndim:
            return "the right number of dimensions but other sizes: a sum or an index over the wrong dimension?"
        return "a dimension too many or too few: keepdim=True? a missing sum, squeeze or unsqueeze?"
    if e.size == 0:
        return ""
    with np.errstate(all="ignore"):
        if _isfinite(e).all() and not _isfinite(g).all():
            return "inf or nan where the answer is finite: an overflow (exp of a large number?)"
        if close(g, -e) and not close(e, 0 * e):
            return "every element has the opposite sign"
        if g.ndim == 2 and g.shape[0] == g.shape[1] and close(g, e.T) and not close(e, e.T):
            return "it is the transpose of the expected matrix"
        if close(g, 0 * e) and not close(e, 0 * e):
            return "everything is 0: is the graph cut somewhere (a detach, a missing create_graph=True)?"
        nz = np.abs(e) > max(atol, 1e-12)
        if nz.any() and close(g[~nz], e[~nz]):
            r = g[nz] / e[nz]
            if np.allclose(r, r.flat[0], rtol=1e-6) and abs(r.flat[0] - 1) > 1e-6:
                return f"off by the same factor {r.flat[0]:.6g} everywhere"
    return ""


def _fail(name: str, what: str, hint: str | None) -> str:
    """The message of a failed check, in the student's language (autograd_checks.i18n)."""
    tr = translate
    return f"{tr(name)}: {tr(what)}" + (f"\n{tr('Hint')}: {tr(hint)}" if hint else "")


def _hint_text(hint, got, expected):
    if callable(hint):
        try:
            return hint(got, expected)
        except Exception:  # noqa: BLE001  (a hint never hides the failure itself)
            return None
    return hint


# ---- the checks -----------------------------------------------------------------------------

def check_close(name, got, expected, rtol=1e-6, atol=1e-8, hint=None):
    """Check that ``got`` (a tensor, array or number) has ``expected``'s shape and values within
    ``|got - expected| <= atol + rtol * |expected|``."""
    try:
        g = None if got is None else as_np(got)
        if g is not None and g.dtype == object:
            g = None
    except Exception:  # noqa: BLE001  (not convertible to an array: it fails below as None)
        g = None
    e = as_np(expected)
    why = mismatch(e, g, rtol, atol) if g is not None else (
        "got None" if got is None else f"got a {type(got).__name__}, not a tensor, array or number")
    msg = None
    if why is not None:
        extra = _hint_text(hint, g, e) if g is not None or not callable(hint) else None
        extra = extra or (diagnose(g, e, rtol, atol) if g is not None else None)
        msg = _fail(name, why, extra)
    _record("close", name, g, e, msg, rtol=float(rtol), atol=float(atol))
    if msg:
        raise AssertionError(msg)


def check_equal(name, got, expected, hint=None):
    """Check that ``got`` equals ``expected`` exactly: numbers, strings, bools, None, or lists,
    tuples and dicts of them (a tuple equals the list of its items; a bool is not a number)."""
    e = plain(expected)
    try:
        g = plain(got)
        ok = same(e, g)
    except TypeError:
        g, ok = {"not plain data": type(got).__name__}, False
    shown = repr(got)[:200] if isinstance(g, dict) and "not plain data" in g else repr(g)
    msg = None if ok else _fail(name, translate(f"expected {e!r}, got {shown}")[:600], _hint_text(hint, got, expected))
    _record("equal", name, g, e, msg)
    if msg:
        raise AssertionError(msg)


def check_true(name, condition, hint=None):
    """Check that ``condition`` holds; ``name`` states what should be true."""
    ok = condition is True or (isinstance(condition, (bool, np.bool_)) and bool(condition))
    msg = None if ok else _fail(name, "this does not hold", _hint_text(hint, condition, True))
    _record("equal", name, bool(ok), True, msg)
    if msg:
        raise AssertionError(msg)


def check_raises(name, fn, *args, error=Exception, match=None, hint=None, **kwargs):
    """Check that ``fn(*args, **kwargs)`` raises ``error`` (whose message contains ``match``)."""
    try:
        fn(*args, **kwargs)
        why = f"expected {error.__name__} to be raised, nothing was"
    except error as e:
        why = None if match is None or match in str(e) else \
            f"raised {type(e).__name__}({str(e)[:200]!r}), whose message does not mention {match!r}"
    except Exception as e:  # noqa: BLE001
        why = f"expected {error.__name__}, got {type(e).__name__}: {str(e)[:200]}"
    msg = None if why is None else _fail(name, why, _hint_text(hint, None, None))
    _record("equal", name, why is None, True, msg)
    if msg:
        raise AssertionError(msg)


def check_gradcheck(name, fn, inputs, second_order=False, hint=None, **options):
    """Check ``fn``'s backward against central differences in float64 (``autograd.gradcheck``;
    with ``second_order=True`` also ``gradgradcheck``, the backward of the backward)."""
    checks = [_gradcheck] + ([_gradgradcheck] if second_order else [])
    msg = None
    for check in checks:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ok = check(fn, inputs, **options)
            if ok is not True:
                msg = _fail(name, translate(f"{check.__name__} returned {ok!r}"), _hint_text(hint, None, None))
        except NotImplementedError as e:
            msg = _not_implemented(fn, e)
        except Exception as e:  # noqa: BLE001  (GradcheckError, or an error in the code under test)
            text = _hint_text(hint, None, None) or _engine_hint(e)
            msg = _fail(name, translate(f"{check.__name__} failed: {type(e).__name__}{_user_line(e)}: {e}"), text)
        if msg:
            break
    _record("equal", name, msg is None, True, msg)
    if msg:
        raise AssertionError(msg)


def check_not_used(obj, forbidden):
    """Fail if the cell that defines ``obj`` (a function or a class) uses a forbidden name.

    The grader runs its own check of the same list on your solution cells (a module name forbids
    importing it, ``a.b`` forbids that attribute chain, a bare name any use of it but as your own
    variable); an answer that uses one scores 0.
    """
    source = _cell_source(obj)
    if source is None:
        return
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    hits, own = [], own_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and (isinstance(node.ctx, ast.Store) or node.id in own):
            continue   # the cell's own variable of that name, not the forbidden function
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + ([node.module] if getattr(node, "module", None) else [])
            hits += [f"`import {n}` (line {node.lineno})" for n in names
                     for f in forbidden if n == f or n.startswith(f + ".")]
        if isinstance(node, (ast.Name, ast.Attribute)):
            parts, base = [], node
            while isinstance(base, ast.Attribute):
                parts.append(base.attr)
                base = base.value
            chain = ".".join(([base.id] if isinstance(base, ast.Name) else []) + parts[::-1])
            hits += [f"`{chain}` (line {node.lineno})" for f in forbidden
                     if chain == f or chain.endswith("." + f)]
    if hits:
        raise AssertionError(translate(
            f"the cell that defines {getattr(obj, '__name__', obj)} uses {', '.join(dict.fromkeys(hits))}, "
            f"which this exercise does not allow ({', '.join(forbidden)}): the grader gives such an answer "
            "0 points"))


def own_names(tree) -> set[str]:
    """Names the code in the ``ast`` tree binds itself (assignments, parameters, definitions,
    loop, ``with`` and except targets): reading one of those reads its own variable, not the
    forbidden function of that name. Imports are not among them: they are checked as imports."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arguments):
            out |= {a.arg for a in [*n.posonlyargs, *n.args, *n.kwonlyargs, n.vararg, n.kwarg] if a}
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def _cell_source(obj) -> str | None:
    import inspect  # (only here: importing it costs more than every check)

    fn = obj
    if isinstance(obj, type):
        fn = next((v for v in vars(obj).values() if inspect.isfunction(getattr(v, "__func__", v))), None)
        fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    if code is None:
        return None
    lines = linecache.getlines(code.co_filename)
    if lines:
        return "".join(lines)
    try:
        return textwrap.dedent(inspect.getsource(obj))
    except (OSError, TypeError):
        return None


# ---- calling your code ----------------------------------------------------------------------

#: Engine messages the exercises typically provoke, and their usual cause.
HINTS = [
    ("does not require grad and does not have a grad_fn",
     "the tensor being differentiated carries no graph. Do its inputs require grad (every tensor "
     "you differentiate with respect to must require grad: requires_grad = True)? Was it detached, "
     "made with torch.tensor(...) from a result, or computed under no_grad? Did the autograd.grad "
     "call that produced it use create_graph=True? Does it depend on the input at all?"),
    ("backward through the graph a second time",
     "every backward or autograd.grad call through a graph that is used again later needs retain_graph=True (all but the last)."),
    ("One of the differentiated Tensors does not require grad",
     "every tensor you differentiate with respect to must require grad."),
    ("appears to not have been used in the graph",
     "the output does not depend on one of the inputs you differentiate with respect to."),
    ("implicitly created only for scalar outputs",
     "differentiate a scalar (for instance .sum()), or pass a gradient of the output's shape."),
    ("cannot be multiplied", "compare the shapes of the two matrices with the docstring: is one transposed?"),
    ("must match the size of tensor",
     "the shapes do not broadcast: a sum without keepdim=True, or a missing unsqueeze?"),
    ("modified by an inplace operation",
     "a tensor saved for backward was changed in place afterwards: use the out-of-place form "
     "(x = x * 2, not x *= 2) or clone first."),
    ("a leaf Variable that requires grad is being used in an in-place operation",
     "update parameters inside `with torch.no_grad():`."),
]


def _engine_hint(e) -> str | None:
    return next((h for pattern, h in HINTS if pattern in str(e)), None)


def _user_line(e) -> str:
    """The last line of notebook code (not the engine, not these checks) in e's traceback."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename != __file__
              and "site-packages" not in f.filename and "autograd_core" not in f.filename
              and not f.filename.startswith("<frozen")]
    return f" at `{frames[-1].line.strip()}`" if frames and frames[-1].line else ""


def _not_implemented(fn, err) -> str:
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:   # the innermost frame is the stub that raised
        tb = tb.tb_next
    code = tb.tb_frame.f_code if tb is not None else None
    stub = getattr(code, "co_qualname", getattr(code, "co_name", "?"))
    name = getattr(fn, "__qualname__", getattr(fn, "__name__", "this function"))
    if stub in (name, name.split(".")[-1], "<module>", "<lambda>") or stub.endswith(".<lambda>"):
        who = f"`{name}`"
    else:  # a stub the called function reaches (a method of your class, a helper)
        who = f"`{stub}`" + ("" if name.startswith("Function.") else f" (called by `{name}`)")
    return (f"{who} is not implemented yet: replace the line `raise NotImplementedError()` in its "
            "cell with your code, run that cell, then run this test again.")


def call(what, fn, *args, hint=None, **kwargs):
    """``fn(*args, **kwargs)``; an error becomes an ``AssertionError`` naming the call (``what``),
    the line of your code that raised, and a hint (``hint``, else one for a known engine error).
    An untouched stub says so; a recursion error suggests a loop with an explicit stack."""
    try:
        return fn(*args, **kwargs)
    except (AssertionError, MemoryError):
        raise
    except NotImplementedError as e:
        raise AssertionError(translate(_not_implemented(fn, e))) from None
    except RecursionError:
        raise AssertionError(translate(
            f"{what} hit Python's recursion limit: graphs can be thousands of nodes deep, so walk "
            "them with a loop and an explicit stack (or queue) instead of recursion.")) from None
    except Exception as e:  # noqa: BLE001
        text = (hint(e) if callable(hint) else hint) or _engine_hint(e)
        raise AssertionError(_fail(what, translate(f"raised {type(e).__name__}{_user_line(e)}: {e}"), text)) from None
