"""``python -m grading demo``: grade sample and attack submissions in a throwaway workspace.

Part 1 grades the test fixture assignment (tests/grading/fixtures: three numpy exercises worth
1 + 2 + 3 points) submitted by honest students and by every attack and fault case of the test
suite, and checks each score against the expected one. Part 2 grades a correct, a blank, a partly right, a reference-copying and a crashing
submission of one real assignment.
"""
from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from grading import pipeline, report
from grading.config import REPO, Course
from grading import notebook

FIXTURES = REPO / "tests" / "grading" / "fixtures"


def _strip_markers(src: str) -> str:
    return re.sub(r"[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?", "", src)


def _fixture_part(base: Path, workers: int) -> bool:
    sys.path[:0] = [str(FIXTURES), str(FIXTURES.parent)]
    import attacks
    import fixture_course

    root = base / "fixture-course"
    fixture_course.build(root)
    course = Course(root=root, workspace=base / "fixture-workspace",
                    db_url=f"sqlite:///{base / 'fixture-workspace' / 'gradebook.db'}",
                    cell_timeout=10)
    print(f"== Part 1: fixture assignment {fixture_course.ASSIGNMENT}, every attack and fault case ==")
    pipeline.release(course)
    inbox = base / "fixture-inbox"
    cases = attacks.cases(root, course.workspace)
    for c in cases:
        attacks.write(c, root / "course" / fixture_course.ASSIGNMENT / f"{fixture_course.ASSIGNMENT}.ipynb", inbox)
    pipeline.collect(course, inbox)
    os.environ.update(attacks.SECRET_VARS)  # secrets in the grader's environment: none may leak
    try:
        pipeline.autograde(course, workers=workers)
    finally:
        for k in attacks.SECRET_VARS:
            os.environ.pop(k, None)
    rows = {r["student"]: r for r in report.rows(course)}
    print()
    print(report.render(course, "table"))
    bad = [(c.student, rows.get(c.student, {}).get("score"), c.score) for c in cases
           if rows.get(c.student, {}).get("score") != c.score
           or not set(c.flags) <= set(rows.get(c.student, {}).get("flags", []))]
    print("every score and flag as expected" if not bad else f"UNEXPECTED (student, score, expected): {bad}")
    return not bad


def _course_part(base: Path, assignment: str | None, workers: int) -> bool:
    real = Course(root=REPO, workspace=base / "course-workspace",
                  db_url=f"sqlite:///{base / 'course-workspace' / 'gradebook.db'}",
                  cell_timeout=30)
    usable = [a for a in real.assignments() if (REPO / "course" / a / f"{a}.ipynb").is_file()]
    a = assignment or (usable[0] if usable else None)
    if a is None:
        print("\n(Part 2 skipped: no released course notebook)")
        return True
    print(f"\n== Part 2: course assignment {a} ==")
    inbox = base / "course-inbox"
    write_samples(a, course_samples(a), inbox)
    pipeline.collect(real, inbox)
    pipeline.autograde(real, assignment=a, workers=workers)
    print()
    print(report.render(real, "table"))
    return True


def course_samples(a: str) -> dict[str, dict[str, str]]:
    """Sample submissions of course assignment ``a``: student -> {solution grade_id: source}."""
    src = nbformat.read(REPO / "solutions" / a / f"{a}.ipynb", as_version=4)
    ref = {c.metadata["nbgrader"]["grade_id"]: _strip_markers(c.source) for c in src.cells
           if c.metadata.get("nbgrader", {}).get("solution")}
    first = next(iter(notebook.exercises(src).values()), None)
    first_cells = list(first.own) if first else list(ref)[:1]
    last = list(ref)[-1]
    # Every cell re-runs the reference solution read from the instructor's folder: nbgrader's
    # kernel can read it, the re-check's sandbox cannot.
    copy = ("import json as _j\n_nb = _j.load(open(%r))\nfor _c in _nb['cells']:\n"
            "    if _c['metadata'].get('nbgrader', {}).get('solution'):\n        exec(''.join(_c['source']))\n"
            % str(REPO / "solutions" / a / f"{a}.ipynb"))
    return {"correct": dict(ref), "blank": {},
            "partly_right": {g: ref[g] for g in first_cells},
            "copies_reference": {g: copy for g in ref},
            "crash_in_last_exercise": {**ref, last: ref[last] + "\nimport os\nos._exit(1)\n"}}


def write_samples(a: str, samples: dict[str, dict[str, str]], inbox: Path) -> None:
    """Write each sample as ``inbox/<student>/<a>/<a>.ipynb`` from the released notebook."""
    release = nbformat.read(REPO / "course" / a / f"{a}.ipynb", as_version=4)
    for student, cells in samples.items():
        nb = nbformat.from_dict(json.loads(json.dumps(release)))
        for c in nb.cells:
            gid = c.metadata.get("nbgrader", {}).get("grade_id")
            if gid in cells:
                c.source = cells[gid]
        (inbox / student / a).mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, inbox / student / a / f"{a}.ipynb")


def demo(args) -> int:
    """Run the demo; returns 0 when every fixture case scored as expected."""
    base = Path(args.workspace or tempfile.mkdtemp(prefix="autograd-demo-")).resolve()
    base.mkdir(parents=True, exist_ok=True)
    print(f"demo workspace: {base} (throwaway; delete it when done)")
    # Short limits so the infinite-loop and memory-bomb cases take seconds, not minutes.
    os.environ.setdefault("AUTOGRAD_RECHECK_TIMEOUT", "8")
    os.environ.setdefault("AUTOGRAD_RECHECK_MEMORY", str(1 << 30))
    os.environ.setdefault("AUTOGRAD_KERNEL_MEMORY", str(2 << 30))
    t = time.monotonic()
    ok = _fixture_part(base, args.workers)
    ok &= _course_part(base, args.assignment, args.workers)
    print(f"demo finished in {time.monotonic() - t:.0f} s")
    return 0 if ok else 1
