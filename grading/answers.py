"""The answer table: typical mistakes per exercise, each of which the checks must catch, and other
correct answers, each of which they must accept.

``tests/answers/<assignment>.py`` defines ``WRONG``: for each solution cell's grade_id, a list of
``(mistake, says, source)``: what the mistake is, a phrase the visible test's failure message
must contain (the hint that names the mistake; compared case-insensitively) and the whole source
of the wrong cell. It may define ``RIGHT`` the same way with ``(how, source)`` pairs: correct
answers written differently from the reference (another formula, loop, order of operations).
:func:`check` grades every answer in place of the reference's cell, with the hidden cases (the
grade: a wrong answer must lose points, a right one get them all) and with the visible cases
only (what the student's kernel runs: a wrong answer must fail there too, with the phrase; a
right one pass). ``python -m grading answers`` prints the table;
``tests/grading/test_wrong_answers.py`` asserts it.
"""
from __future__ import annotations

import functools
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from grading import notebook, recheck, sandbox
from grading.config import REPO, Course

TABLES = REPO / "tests" / "answers"


@dataclass
class Result:
    assignment: str
    cell: str
    mistake: str          # what is wrong ("" for a right answer: see ``right``)
    says: str             # the phrase the visible failure must contain
    tests: tuple          # the test cells that use the cell
    graded: float         # points the grade gives (hidden cases included)
    points: float         # points those tests are worth
    public_caught: bool   # a visible case fails
    public_says: bool     # ... with the phrase in its message
    detail: str           # the visible test's message (or the grade's, when the visible passed)
    error: str = ""       # the reference itself fails a test the answer is graded with
    right: bool = False   # a correct answer: full marks and every visible case passes

    @property
    def ok(self) -> bool:
        if self.error:
            return False
        if self.right:
            return self.graded == self.points and not self.public_caught
        return self.graded < self.points and self.public_caught and self.public_says


@functools.lru_cache(maxsize=32)
def _module(path: Path, mtime: float):
    spec = importlib.util.spec_from_file_location(f"_answers_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _table(path: Path, name: str, arity: int) -> dict:
    table = getattr(_module(path, path.stat().st_mtime), name, {})
    if not isinstance(table, dict):
        raise ValueError(f"{path}: {name} must be a dict")
    for cell, entries in table.items():
        for a in entries:
            if not (isinstance(a, tuple) and len(a) == arity and all(isinstance(x, str) for x in a)):
                raise ValueError(f"{path}: {name}[{cell!r}] entries are tuples of {arity} strings")
    return table


def load(assignment: str, tables: Path = TABLES) -> dict[str, list[tuple[str, str, str]]]:
    """The ``WRONG`` table of ``assignment`` ({} when it has none)."""
    path = tables / f"{assignment}.py"
    return _table(path, "WRONG", 3) if path.is_file() else {}


def load_right(assignment: str, tables: Path = TABLES) -> dict[str, list[tuple[str, str]]]:
    """The ``RIGHT`` table of ``assignment``: other correct answers ({} when it has none)."""
    path = tables / f"{assignment}.py"
    return _table(path, "RIGHT", 2) if path.is_file() else {}


def check(course: Course, assignment: str, tables: Path = TABLES) -> list[Result]:
    """Grade every answer of ``assignment``'s table, fully and with the visible cases only."""
    entries = [(cell, mistake, says, source, False) for cell, answers in load(assignment, tables).items()
               for mistake, says, source in answers]
    entries += [(cell, how, "", source, True) for cell, answers in load_right(assignment, tables).items()
                for how, source in answers]
    src = recheck._source(course, assignment)
    exs, ref_cells = notebook.exercises(src), notebook.solution_cells(src)
    unknown = sorted({e[0] for e in entries} - set(ref_cells))
    if unknown:
        raise ValueError(f"{assignment}: the table names cells {unknown} that are not solution cells")
    refs = {p: recheck.reference_results(course, assignment, public=p) for p in (False, True)}
    jobs, results = [], []
    for cell, mistake, says, source, right in entries:
        users = [ex for ex in exs.values() if cell in dict(notebook.needed_cells(ex, ref_cells))]
        r = Result(assignment, cell, mistake, says, tuple(ex.test_id for ex in users), 0.0,
                   sum(ex.points for ex in users), False, False, "", right=right)
        results.append(r)
        cells = {**ref_cells, cell: source}
        for ex in users:
            for public in (False, True):
                jobs.append((r, ex, public, recheck.tasks_for(ex, cells, public)))
    tasks = []
    for n, (_, _, _, t) in enumerate(jobs):
        if isinstance(t, sandbox.Task):
            t.id = f"{n}"
            tasks.append(t)
    outcomes = _run_in_parallel(tasks, recheck.fonts(course))
    for n, (r, ex, public, t) in enumerate(jobs):
        ref = refs[public].get(ex.test_id) or {}
        if not ref.get("ok"):
            r.error = f"{ex.test_id}: {ref.get('error', 'no reference result')}"
            continue
        v = t if isinstance(t, recheck.Verdict) else recheck.verdict(ex, ref, outcomes[f"{n}"])
        if public:
            if not v.score:
                r.public_caught = True
                if r.says and r.says.lower() in v.detail.lower():
                    r.public_says, r.detail = True, v.detail
                elif not r.public_says:
                    r.detail = v.detail
        else:
            r.graded += v.score or 0.0
            r.detail = r.detail or v.detail
    return results


def _run_in_parallel(tasks: list, files: dict) -> dict:
    """``sandbox.run_many`` in one batch per CPU (hundreds of answers: each batch forks its own
    children, so the batches are as isolated from each other as the tasks within one)."""
    from concurrent.futures import ThreadPoolExecutor

    n = max(1, min(len(tasks), os.cpu_count() or 1))
    outcomes: dict = {}
    with ThreadPoolExecutor(n) as pool:
        for part in pool.map(lambda k: sandbox.run_many(tasks[k::n], files), range(n)):
            outcomes.update(part)
    return outcomes


def summary(results: list[Result]) -> str:
    """A table of the results and the figures: wrong answers caught by the grade and by the
    visible tests, right answers at full marks."""
    lines = []
    for r in results:
        mark = "ok  " if r.ok else "FAIL"
        what = f"right: {r.mistake}" if r.right else r.mistake
        seen = ("visible passes" if not r.public_caught else "visible FAILS") if r.right else \
            f"visible {'caught' if r.public_caught else 'MISSED'}" + \
            ("" if r.public_says or not r.public_caught else f" (no {r.says!r})")
        lines.append(f"{mark} {r.assignment[:2]} {r.cell:<22} {what[:50]:<50} grade {r.graded:g}/{r.points:g}  {seen}")
        if r.error:
            lines.append(f"       reference fails: {r.error[:300]!r}")
        elif not r.ok:
            lines.append(f"       {r.detail[:300]!r}")
    wrong = [r for r in results if not r.right]
    right = [r for r in results if r.right]
    n = len(wrong) or 1
    graded = sum(r.graded < r.points for r in wrong)
    public = sum(r.public_caught for r in wrong)
    named = sum(r.public_caught and r.public_says for r in wrong)
    lines.append(f"{len(wrong)} wrong answers: {graded} ({100 * graded / n:.1f}%) below full marks, "
                 f"{public} ({100 * public / n:.1f}%) caught by the visible tests, "
                 f"{named} ({100 * named / n:.1f}%) with a hint naming the mistake")
    if right:
        full = sum(r.ok for r in right)
        lines.append(f"{len(right)} other correct answers: {full} ({100 * full / len(right):.1f}%) at full "
                     "marks with every visible case passing")
    return "\n".join(lines)
