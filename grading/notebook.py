"""Reading nbgrader notebooks: solution cells, autograded test cells, submission checks."""
from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path

import nbformat

from autograd_checks import own_names


class NotANotebook(ValueError):
    """A submitted file that cannot be graded; ``reason`` is a short flag, the message says why."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class TestCell:
    grade_id: str
    source: str
    points: float


def _meta(cell) -> dict:
    m = cell.get("metadata", {}).get("nbgrader", {})
    return m if isinstance(m, dict) else {}


def read(path: Path | str):
    """Read a notebook; raise :class:`NotANotebook` if it is not JSON or not a notebook."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise NotANotebook("not-json", f"{path.name} cannot be read ({type(e).__name__})")
    return parse(raw, path.name)


def parse(raw: bytes, name: str = "notebook"):
    """Parse a notebook's bytes; raise :class:`NotANotebook` if not JSON or not a notebook."""
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise NotANotebook("not-json", f"{name} is not JSON ({type(e).__name__}: {str(e)[:80]})")
    if not isinstance(data, dict) or "cells" not in data or "nbformat" not in data:
        raise NotANotebook("not-a-notebook", f"{name} is JSON but not a Jupyter notebook")
    try:
        nb = nbformat.reads(raw.decode(), as_version=4)
        nbformat.validate(nb)
    except Exception as e:  # noqa: BLE001  (nbformat raises several types)
        raise NotANotebook("not-a-notebook", f"{name} is not a valid notebook ({str(e)[:120]})")
    return nb


def solution_cells(nb) -> dict[str, str]:
    """grade_id -> source of every code cell marked as a solution."""
    return {_meta(c)["grade_id"]: c.source for c in nb.cells
            if c.cell_type == "code" and _meta(c).get("solution") and _meta(c).get("grade_id")}


def test_cells(nb) -> dict[str, TestCell]:
    """grade_id -> autograded test cell (grade=True, solution=False) with its points."""
    out = {}
    for c in nb.cells:
        m = _meta(c)
        if c.cell_type == "code" and m.get("grade") and not m.get("solution") and m.get("grade_id"):
            out[m["grade_id"]] = TestCell(m["grade_id"], c.source, float(m.get("points") or 0))
    return out


def grade_ids(nb) -> set[str]:
    return {_meta(c)["grade_id"] for c in nb.cells if _meta(c).get("grade_id")}


# ---- exercises: what one test cell needs to run -----------------------------------------------

HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"

#: Names no solution cell may use: they reach into the checks' own records or the interpreter's
#: frames and objects. Static and best effort (a name built at run time escapes it); the grade is
#: still computed from data outside the sandbox.
TAMPER = ("autograd_checks", "_recording", "__closure__", "cell_contents", "__code__",
          "__globals__", "__builtins__", "_getframe", "f_back", "f_globals", "f_locals", "settrace",
          "setprofile", "get_referrers", "get_referents", "get_objects", "ctypes", "sys.modules", "__defaults__",
          "__kwdefaults__", "getmodule", "currentframe", "tb_frame")


def strip_hidden(source: str) -> str:
    """``source`` without its hidden-test regions, as nbgrader releases it."""
    out, hidden = [], False
    for line in source.splitlines(keepends=True):
        if HIDDEN_BEGIN in line:
            hidden = True
        elif HIDDEN_END in line:
            hidden = False
        elif not hidden:
            out.append(line)
    return "".join(out)


def used_names(source: str) -> set[str]:
    """Every identifier ``source`` reads (an over-approximation: locals count too)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)}


def defined_names(source: str) -> set[str]:
    """The names ``source`` binds at the top level of a cell."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
        else:
            out |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        out |= {name for n in ast.walk(node) if isinstance(n, ast.Global) for name in n.names}
    return out


def bound_names(source: str) -> set[str]:
    """Every name ``source`` binds anywhere (assignments, parameters, imports, loop and except
    targets, nested definitions, globals): the names a cell defines for itself."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out = own_names(tree)
    for n in ast.walk(tree):
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in n.names}
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            out |= set(n.names)
    return out


SKIP_TAG = "skip-when-grading"


def skipped_when_grading(nb) -> frozenset:
    """The ids of the source's lesson cells tagged ``skip-when-grading``: demonstrations
    (figures, timings, trainings shown once) that no grade reads, which the feedback kernel does
    not run, as Otter's ``otter_ignore``. Only plain code cells count: a solution, test or locked
    cell always runs, whatever its tags; the ids are the source's, never a submission's tags."""
    return frozenset(c.get("id") for c in nb.cells if c.cell_type == "code" and c.get("id")
                     and SKIP_TAG in (c.get("metadata", {}).get("tags") or ()) and not _meta(c))


def skip_problems(nb) -> list[str]:
    """Why the source's ``skip-when-grading`` tags are not safe: a tagged cell that nbgrader
    grades or locks, or a cell that still runs and reads a name only a skipped cell defined."""
    skipped, problems, from_skipped = skipped_when_grading(nb), [], {}
    for i, c in enumerate(nb.cells):
        if c.cell_type != "code":
            continue
        if SKIP_TAG in (c.get("metadata", {}).get("tags") or ()) and _meta(c):
            problems.append(f"cell {i}: a graded, solution or locked cell cannot be skipped")
        if c.get("id") in skipped:
            from_skipped.update(dict.fromkeys(defined_names(c.source), i))
            continue
        for name in sorted((used_names(c.source) - bound_names(c.source)) & from_skipped.keys()):
            problems.append(f"cell {i} reads {name!r}, defined by skipped cell {from_skipped[name]}")
        for name in defined_names(c.source):
            from_skipped.pop(name, None)
    return problems


def forbidden_in(test_source: str) -> tuple[str, ...]:
    """The names a test cell forbids: the literal lists of its ``check_not_used(obj, [...])`` calls."""
    try:
        tree = ast.parse(test_source)
    except SyntaxError:
        return ()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) >= 2:
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name == "check_not_used" and isinstance(node.args[1], (ast.List, ast.Tuple)):
                out += [e.value for e in node.args[1].elts
                        if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return tuple(dict.fromkeys(out))


@dataclass(frozen=True)
class Exercise:
    """One autograded test cell of the source notebook and what it needs to run.

    ``setup``: the locked cells above it (the instructor's code, run as the source has it);
    ``own``: the solution cells between the previous test cell and this one (the exercise);
    ``earlier``: every solution cell above it, in order (the candidates it may depend on).
    """

    test_id: str
    points: float
    test: str
    setup: tuple
    own: tuple
    earlier: tuple
    forbid: tuple

    @property
    def public(self) -> str:
        return strip_hidden(self.test)


def exercises(nb) -> dict[str, Exercise]:
    """test grade_id -> :class:`Exercise`, for every autograded test cell of a source notebook."""
    out, setup, earlier, own = {}, [], [], []
    for c in nb.cells:
        m = _meta(c)
        gid = m.get("grade_id")
        if c.cell_type != "code" or not gid:
            continue
        if m.get("solution"):
            earlier.append(gid)
            own.append(gid)
        elif m.get("grade"):
            out[gid] = Exercise(gid, float(m.get("points") or 0), c.source, tuple(setup), tuple(own),
                                tuple(earlier), forbidden_in(c.source))
            own = []
        elif m.get("locked"):
            setup.append((gid, c.source))
    return out


def needed_cells(ex: Exercise, solutions: dict[str, str]) -> list[tuple[str, str]]:
    """The solution cells (from ``solutions``: grade_id -> source) the exercise's test needs:
    its own cells, and every earlier one that defines a name they or the test use, transitively;
    in notebook order. The same rule picks the reference's cells and a student's."""
    chosen = {g for g in ex.own if g in solutions}
    used = used_names(ex.test).union(*(used_names(solutions[g]) for g in chosen))
    changed = True
    while changed:
        changed = False
        for g in ex.earlier:
            if g not in chosen and g in solutions and defined_names(solutions[g]) & used:
                chosen.add(g)
                used |= used_names(solutions[g])
                changed = True
    return [(g, solutions[g]) for g in ex.earlier if g in chosen]
