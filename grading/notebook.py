"""Reading nbgrader notebooks: solution cells, autograded test cells, submission checks."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import nbformat


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
