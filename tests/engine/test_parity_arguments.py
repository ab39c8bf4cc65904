"""Argument checking as torch's (issue 11): wrong-typed calls raise torch's TypeError word for word,
and torch's keyword forms bind (autograd_core/_arguments.py, the signatures of _signatures.py).

Three parts: the table of representative calls (each fails without the mechanism: a wrong type the
engine took, an engine error of another type or text, a keyword the engine did not know); every
signature torch lists, checked against torch's own message; and the table in sync with torch.
"""

import pathlib
import sys

import pytest

torch = pytest.importorskip("torch", reason="torch (the oracle, dev extra) is not installed")

import autograd_core  # noqa: E402
from autograd_core import _arguments, _signatures  # noqa: E402
from parity_helpers import observe  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Each snippet runs with x (2x3 float), y (2x3 float), i (2x3 int64) of the library as L.
CALLS = [
    # keyword forms torch binds by its parameter names
    "x.permute(dims=(1, 0))",
    "x.reshape(shape=(6,))",
    "x.expand(size=(2, 2, 3))",
    "x.repeat(repeats=(2, 1))",
    "x.clone().mul_(other=2)",
    "x.clone().add_(other=y, alpha=2)",
    "x.add(other=y, alpha=3)",
    "L.exp(x, out=None)",
    # one signature: the argument and what it must be
    "L.exp(x, 1)",
    "L.exp(x, foo=1)",
    "L.exp()",
    "x.transpose(0)",
    "x.add(y, alpha='a')",
    "x.add(y, 1)",
    "x.unsqueeze(None)",
    "x.unsqueeze(L.tensor(0.5))",
    "L.softmax(x, 1.0)",
    "L.softmax(x, dim=True)",
    "L.allclose(x, y, x)",
    "L.add(x, 'a')",
    "L.add(x, [1.5, 2.5])",
    "L.topk(x, 1, sorted=None)",
    "L.argmax(x, 0, keepdim=None)",
    "L.argmax(x, 0, 1.5)",
    "L.cumsum(x, 1.5)",
    "L.gather(x, 1.5, i)",
    "x.mean(0, True, 1)",
    "L.amax(x, x, False)",
    "x.unsqueeze(0, 1)",
    "x.cumsum()",
    "L.where(x > 0, 'a', y)",
    "x.masked_fill(x > 0, 'a')",
    # several signatures: "received an invalid combination of arguments", and the list
    "L.sum(x, 'a')",
    "x.sum(dim=1.5)",
    "x.sum(True)",
    "x.sum(1, 2, 3, 4, 5)",
    "L.sum(x, dim=(1.5,))",
    "x.view('a')",
    "x.squeeze(1.5)",
    "L.max(x, 'a', 'b')",
    "L.clamp(x, 'a')",
    "L.clamp(x, y, 2)",
    "L.clamp(x, min=True, max=y)",
    "x.clamp(min=(0.5,))",
    "x.var(0, unbiased='a')",
    # a tuple of ints torch unpacks past its first element
    "x.view(3, 2.0)",
    "x.view((3, 2.0))",
    "x.reshape(6.0)",
]


def _run(L, snippet):
    x = L.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])
    y = L.tensor([[2.0, 1.0, -1.0], [1.5, 0.5, 3.0]])
    i = L.tensor([[0, 1, 0], [1, 0, 1]])
    try:
        return observe(eval(snippet, {"L": L, "x": x, "y": y, "i": i}))
    except Exception as e:  # noqa: BLE001 - the error itself is what is compared
        return ("raises", type(e).__name__, str(e))  # the whole text, signature list included


@pytest.mark.parametrize("snippet", CALLS)
def test_call_matches_torch(snippet):
    assert _run(autograd_core, snippet) == _run(torch, snippet)


class Odd:
    """A value no signature takes: torch's message then lists every signature (or, for one,
    says which argument is wrong)."""


def _message(call):
    try:
        call()
    except TypeError as e:
        return str(e)
    return None


def _function_cases():
    return sorted(_signatures.FUNCTIONS)


def _method_cases():
    return sorted(
        n for n in dir(torch.Tensor) if not n.startswith("_") and _arguments.method_texts(n)
    )


@pytest.mark.parametrize("count", [1, 9])
def test_every_function_signature_reads_as_torch_prints_it(count):
    """Each function called with `count` Odd values after a tensor: torch's message is the
    parser's (which lists the signatures, with torch's names for their types and defaults)."""
    odd, x = [Odd()] * count, torch.ones(2)
    differ = []
    for name in _function_cases():
        want = _message(lambda: getattr(torch, name)(x, *odd))
        try:
            _arguments.parse(name, (autograd_core.ones(2), *odd), {})
            got = None
        except TypeError as e:
            got = str(e)
        if want is not None and got != want:
            differ.append(f"{name}:\n  torch  {want!r}\n  parser {got!r}")
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:10])


@pytest.mark.parametrize("count", [1, 9])
def test_every_method_signature_reads_as_torch_prints_it(count):
    odd, x = [Odd()] * count, torch.ones(2)
    differ = []
    for name in _method_cases():
        if _arguments.method_texts(name) == ("()",):
            continue  # a method without parameters: Python's check (see _api.method)
        want = _message(lambda: getattr(x, name)(*odd))
        try:
            _arguments.parse(name, (autograd_core.ones(2), *odd), {}, method=True)
            got = None
        except TypeError as e:
            got = str(e)
        if got != want:
            differ.append(f"{name}:\n  torch  {want!r}\n  parser {got!r}")
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:10])


def test_signature_table_is_in_sync_with_the_installed_torch():
    """autograd_core/_signatures.py is what tools/torch_signatures.py writes from this torch."""
    pytest.importorskip("torchgen", reason="torch (with its torchgen) is not installed")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import torch_signatures
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for want, have in zip(torch_signatures.table(), (_signatures.FUNCTIONS, _signatures.METHODS)):
        differ = sorted(k for k in want.keys() | have.keys() if want.get(k) != have.get(k))
        assert not differ, f"run tools/torch_signatures.py (a new op, or a new torch): {differ}"
