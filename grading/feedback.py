"""The grader's verdicts in nbgrader's feedback: after every autograded test cell, its points and
why, from the record the trusted parent wrote (never from the student's kernel)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from nbconvert.preprocessors import Preprocessor
from nbformat.v4 import new_markdown_cell, new_output

from autograd_checks.i18n import translate


def explain(ex: dict, lang: str = "en") -> str:
    """One line for one exercise of a record, in ``lang``. A hidden case is named, its values are
    not shown; a visible case shows the message the notebook shows."""
    def tr(text):
        return translate(text, lang)
    head = tr(f"Grader: {ex['score']:g} / {ex['points']:g} points")
    status, detail = ex.get("status") or "", ex.get("detail") or ""
    if status == "match":
        return head + tr(" (every case passed)")
    if status == "mismatch":
        if ex.get("hidden"):
            return head + tr(f" (the hidden case {ex.get('case')!r} fails; its inputs are not shown)")
        return head + f" ({detail[:400]})"
    if status == "grading-error":
        return head + tr(" (this exercise could not be graded; your instructor has been told)")
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
        lang = language(nb)
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if cell.cell_type == "code" and gid in exercises:
                cell.outputs.append(new_output("stream", name="stdout", text=explain(exercises[gid], lang) + "\n"))
        nb.cells.insert(0, new_markdown_cell(translate(
            "**Scores on this page are the grader's verdicts**: each exercise was run again, isolated, "
            "on the visible and hidden cases, and compared outside your notebook.", lang)))
        return nb, resources


def language(nb) -> str:
    """The language a notebook's edition is in (its ``autograd_course`` metadata; English if
    absent or not a language the course has)."""
    from autograd_checks.i18n import languages
    meta = nb.metadata.get("autograd_course") if hasattr(nb, "metadata") else None
    lang = meta.get("language") if isinstance(meta, dict) else None
    return lang if isinstance(lang, str) and lang in languages() else "en"
