"""The grader's verdicts in nbgrader's feedback: after every autograded test cell, its points and
why, from the record the trusted parent wrote (never from the student's kernel)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from nbconvert.preprocessors import Preprocessor
from nbformat.v4 import new_markdown_cell, new_output

def explain(ex: dict) -> str:
    """One line for one exercise of a record. A hidden case is named, its values are not shown;
    a visible case shows the message the notebook shows."""
    head = f"Grader: {ex['score']:g} / {ex['points']:g} points"
    status, detail = ex.get("status") or "", ex.get("detail") or ""
    if status == "match":
        return head + " (every case passed)"
    if status == "mismatch":
        if ex.get("hidden"):
            return head + f" (the hidden case {ex.get('case')!r} fails; its inputs are not shown)"
        return head + f" ({detail[:400]})"
    if status == "grading-error":
        return head + " (this exercise could not be graded; your instructor has been told)"
    return head + f" ({status}{': ' + detail[:200] if detail and status != 'error' else ''})"


class ShowVerdicts(Preprocessor):
    """Append the verdict to each autograded test cell and say where the scores come from."""

    enabled = True  # nbconvert preprocessors are off unless enabled

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        workspace = Path(os.environ.get("AUTOGRAD_WORKSPACE", "."))
        path = workspace / "recheck" / str(info.get("student")) / f"{info.get('assignment')}.json"
        try:
            exercises = json.loads(path.read_text())["exercises"]
        except (OSError, ValueError, KeyError):
            return nb, resources
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if cell.cell_type == "code" and gid in exercises:
                cell.outputs.append(new_output("stream", name="stdout", text=explain(exercises[gid]) + "\n"))
        nb.cells.insert(0, new_markdown_cell(
            "**Scores on this page are the grader's verdicts**: each exercise was run again, isolated, "
            "on the visible and hidden cases, and compared outside your notebook."))
        return nb, resources
