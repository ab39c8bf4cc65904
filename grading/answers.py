"""The wrong-answer table: typical mistakes per exercise, each of which the checks must catch.

``tests/answers/<assignment>.py`` defines ``WRONG``: for each solution cell's grade_id, a list of
``(mistake, says, source)``: what the mistake is, a phrase the visible test's failure message
must contain (the hint that names the mistake; compared case-insensitively) and the whole source
of the wrong cell. :func:`check` grades every wrong answer in place of the reference's cell, with
the hidden cases (the grade: must be below full marks) and with the visible cases only (what the
student's kernel runs: must fail too, with the phrase). ``python -m grading answers`` prints the
table; ``tests/grading/test_wrong_answers.py`` asserts it.
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from grading import notebook, recheck, sandbox
from grading.config import REPO, Course

TABLES = REPO / "tests" / "answers"


@dataclass
class Result:
    assignment: str
    cell: str
    mistake: str
    says: str
    tests: tuple          # the test cells that use the cell
    graded: float         # points the grade gives (hidden cases included)
    points: float         # points those tests are worth
    public_caught: bool   # a visible case fails
    public_says: bool     # ... with the phrase in its message
    detail: str           # the visible test's message (or the grade's, when the visible passed)
    error: str = ""       # the reference itself fails a test the answer is graded with

    @property
    def ok(self) -> bool:
        return not self.error and self.graded < self.points and self.public_caught and self.public_says


def load(assignment: str, tables: Path = TABLES) -> dict[str, list[tuple[str, str, str]]]:
    """The ``WRONG`` table of ``assignment`` ({} when it has none)."""
    path = tables / f"{assignment}.py"
    if not path.is_file():
        return {}
    spec = importlib.util.spec_from_file_location(f"_wrong_answers_{assignment}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table = getattr(module, "WRONG", None)
    if not isinstance(table, dict):
        raise ValueError(f"{path}: needs a dict WRONG")
    for cell, answers in table.items():
        for a in answers:
            if not (isinstance(a, tuple) and len(a) == 3 and all(isinstance(x, str) for x in a)):
                raise ValueError(f"{path}: WRONG[{cell!r}] entries are (mistake, says, source) strings")
    return table


def check(course: Course, assignment: str, tables: Path = TABLES) -> list[Result]:
    """Grade every wrong answer of ``assignment``'s table, fully and with the visible cases only."""
    table = load(assignment, tables)
    src = recheck._source(course, assignment)
    exs, ref_cells = notebook.exercises(src), notebook.solution_cells(src)
    unknown = sorted(set(table) - set(ref_cells))
    if unknown:
        raise ValueError(f"{assignment}: the table names cells {unknown} that are not solution cells")
    refs = {p: recheck.reference_results(course, assignment, public=p) for p in (False, True)}
    jobs, results = [], []
    for cell, answers in table.items():
        users = [ex for ex in exs.values() if cell in dict(notebook.needed_cells(ex, ref_cells))]
        for k, (mistake, says, source) in enumerate(answers):
            r = Result(assignment, cell, mistake, says, tuple(ex.test_id for ex in users), 0.0,
                       sum(ex.points for ex in users), False, False, "")
            results.append(r)
            cells = {**ref_cells, cell: source}
            for ex in users:
                for public in (False, True):
                    t = recheck.tasks_for(ex, cells, public)
                    jobs.append((r, ex, public, t))
    tasks = []
    for n, (_, _, _, t) in enumerate(jobs):
        if isinstance(t, sandbox.Task):
            t.id = f"{n}"
            tasks.append(t)
    outcomes = sandbox.run_many(tasks)
    for n, (r, ex, public, t) in enumerate(jobs):
        ref = refs[public].get(ex.test_id) or {}
        if not ref.get("ok"):
            r.error = f"{ex.test_id}: {ref.get('error', 'no reference result')}"
            continue
        v = t if isinstance(t, recheck.Verdict) else recheck.verdict(ex, refs[public][ex.test_id], outcomes[f"{n}"])
        if public:
            if not v.score:
                r.public_caught = True
                if r.says.lower() in v.detail.lower():
                    r.public_says, r.detail = True, v.detail
                elif not r.public_says:
                    r.detail = v.detail
        else:
            r.graded += v.score or 0.0
            r.detail = r.detail or v.detail
    return results


def summary(results: list[Result]) -> str:
    """A table of the results and the figures: caught by the grade, by the visible tests."""
    lines = []
    for r in results:
        mark = "ok  " if r.ok else "FAIL"
        lines.append(f"{mark} {r.assignment[:2]} {r.cell:<22} {r.mistake[:50]:<50} "
                     f"grade {r.graded:g}/{r.points:g}  visible {'caught' if r.public_caught else 'MISSED'}"
                     f"{'' if r.public_says or not r.public_caught else ' (no ' + repr(r.says) + ')'}")
        if r.error:
            lines.append(f"       reference fails: {r.error[:300]!r}")
        elif not r.ok:
            lines.append(f"       {r.detail[:300]!r}")
    n = len(results) or 1
    graded = sum(r.graded < r.points for r in results)
    public = sum(r.public_caught for r in results)
    named = sum(r.public_caught and r.public_says for r in results)
    lines.append(f"{len(results)} wrong answers: {graded} ({100 * graded / n:.1f}%) below full marks, "
                 f"{public} ({100 * public / n:.1f}%) caught by the visible tests, "
                 f"{named} ({100 * named / n:.1f}%) with a hint naming the mistake")
    return "\n".join(lines)
