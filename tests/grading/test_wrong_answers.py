"""The answer table (tests/answers/): every typical mistake loses points in the grade and is caught
by a visible case whose message names it; every other correct answer gets full marks and passes
every visible case (grading/answers.py; `python -m grading answers`)."""
from __future__ import annotations

import pytest

from grading import answers, notebook, recheck
from grading.config import Course

pytestmark = pytest.mark.slow
TABLES = sorted(p.stem for p in answers.TABLES.glob("[0-9]*.py"))


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    ws = tmp_path_factory.mktemp("answers") / "workspace"
    return Course.from_env(workspace=ws, db_url=f"sqlite:///{ws / 'gradebook.db'}")


def test_every_notebook_has_a_table():
    assert TABLES == Course.from_env().assignments()


@pytest.mark.parametrize("assignment", TABLES)
def test_each_answer_is_judged_right(course, assignment):
    table = answers.load(assignment)
    cells = notebook.solution_cells(recheck._source(course, assignment))
    thin = {cell: len(table.get(cell, [])) for cell in cells if len(table.get(cell, [])) < 5}
    assert not thin, f"{assignment}: fewer than five wrong answers for {thin}"
    right = answers.load_right(assignment)
    few = {cell: len(right.get(cell, [])) for cell in cells if len(right.get(cell, [])) < 3}
    assert not few, f"{assignment}: fewer than three other correct answers for {few}"
    results = answers.check(course, assignment)
    print("\n" + answers.summary(results))
    bad = [answers.summary([r]) for r in results if not r.ok]
    assert not bad, "\n".join(bad)
