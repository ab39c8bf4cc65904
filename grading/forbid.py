"""Static check for names an exercise forbids (its test cell's ``check_not_used(obj, [...])``).

A forbid entry is a module (``"torch"``, ``"autograd_core"``: any import of it is a hit), a
dotted name (``"autograd.grad"``: a hit when an attribute chain ends with those parts, e.g.
``torch.autograd.grad``), or a bare name (``"backward"``: a hit for any use as a name or
attribute, and for ``getattr(x, "backward")``). The sandbox also records run-time calls and
imports; the parent trusts only this parse and the data the sandbox returns.
"""
from __future__ import annotations

import ast
import functools

from autograd_checks import own_names

#: Entries that are modules: importing them is forbidden, not just naming them.
MODULES = {"torch", "autograd_core", "jax", "autograd", "tensorflow", "autograd_checks", "ctypes"}


def split(forbid) -> tuple[list[str], list[str]]:
    """Split forbid entries into (modules whose import is blocked, call names to record)."""
    mods = [f for f in forbid if f in MODULES]
    return mods, [f for f in forbid if f not in MODULES or "." in f]


def _chain(node) -> list[str] | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return parts[::-1] if parts else None


def violations(source: str, forbid) -> list[str]:
    """Forbidden uses in ``source``, e.g. ``["import torch (line 3)"]``; ``[]`` if none.

    A bare name is not a hit where the code reads its own variable of that name (``backward =
    f(x - h)``); an attribute (``.backward``), an import or ``getattr(x, "backward")`` always is.
    Source that does not parse yields ``[]`` (it scores 0 anyway when it runs).
    """
    return list(_violations(source, tuple(forbid))) if forbid else []


@functools.lru_cache(maxsize=4096)   # a solution cell is asked about once per exercise using it
def _violations(source: str, forbid: tuple) -> tuple:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ()
    hits = []
    own = own_names(tree)
    mods = {f for f in forbid if f in MODULES}
    dotted = [f.split(".") for f in forbid if "." in f]
    bare = {f for f in forbid if "." not in f}
    for node in ast.walk(tree):
        line = getattr(node, "lineno", "?")
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in mods:
                    hits.append(f"import {a.name} (line {line})")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in mods:
                hits.append(f"from {node.module} import ... (line {line})")
            for a in node.names:
                if a.name in bare - mods:
                    hits.append(f"{a.name} (line {line})")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "__import__", "getattr", "import_module") and node.args:
            arg = node.args[0] if node.func.id != "getattr" else (node.args[1] if len(node.args) > 1 else None)
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                name = arg.value
                if name.split(".")[0] in mods or name in bare:
                    hits.append(f"{node.func.id}({name!r}) (line {line})")
        elif isinstance(node, ast.Attribute):
            chain = _chain(node)
            if node.attr in bare - mods:
                hits.append(f".{node.attr} (line {line})")
            elif chain:
                for d in dotted:
                    if chain[-len(d):] == d:
                        hits.append(f"{'.'.join(chain)} (line {line})")
        elif isinstance(node, ast.Name) and node.id in bare - mods - own and not isinstance(node.ctx, ast.Store):
            hits.append(f"{node.id} (line {line})")
    return tuple(sorted(set(hits), key=hits.index))
