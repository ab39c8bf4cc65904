"""The isolated re-check: the grade of every autograded exercise, computed outside the student's reach.

Each exercise's test cell is its one definition of what is checked (``autograd_checks``). For
every test cell, the sandbox (:mod:`grading.sandbox`) runs the instructor's locked cells, the
solution cells the test needs (:func:`grading.notebook.needed_cells`) and the instructor's copy
of the test cell, hidden cases included, recording every check as data. The same run is made
once per assignment with the reference solution. The trusted parent compares the two records
check by check (:func:`judge`) with the function the visible tests use, and awards the test
cell's points only if every check the reference made is matched and no forbidden name is used.
Its verdict is the grade; nbgrader's in-kernel score decides nothing.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

import autograd_checks
from grading import compare, forbid, jail, notebook, sandbox
from grading.config import Course

# The checks' code, lessons' helpers included: a change to either recomputes the reference records.
CHECKS_SOURCE = "".join(p.read_text() for p in sorted(Path(autograd_checks.__file__).parent.rglob("*.py")))


@dataclass
class Verdict:
    """Re-check verdict for one autograded test cell."""

    grade_id: str
    points: float
    score: float | None           # None: no verdict could be computed (a grading error)
    status: str                   # match, mismatch, error, timeout, crash, memory, forbidden, ...
    detail: str = ""
    seconds: float = 0.0
    checks: int = 0               # checks of the reference matched before the first difference
    case: str = ""                # the first check that differs (its name)
    hidden: bool = False          # ... is one of the hidden cases (its values are not shown to the student)


@dataclass
class Recheck:
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    isolation: str = ""


def _limits() -> sandbox.Limits:
    wall = float(os.environ.get("AUTOGRAD_RECHECK_TIMEOUT") or 60)
    memory = int(os.environ.get("AUTOGRAD_RECHECK_MEMORY") or 2 << 30)
    return sandbox.Limits(wall=wall, cpu=max(1, int(wall)), memory=memory)


def _task(ex: notebook.Exercise, cells, public: bool) -> sandbox.Task:
    mods, calls = forbid.split(ex.forbid)
    mods = list(dict.fromkeys([*mods, "autograd_checks"]))   # no solution imports the checks at run time
    return sandbox.Task(ex.test_id, list(ex.setup), cells, ex.public if public else ex.test,
                        tuple(mods), tuple(calls), _limits())


def fonts(course: Course) -> dict[str, bytes]:
    """matplotlib's font list for the jail (built once per workspace): the locked cells import pyplot."""
    folder = course.workspace / "jupyter" / "matplotlib"
    jail.build_font_cache(folder)
    return jail.font_files(folder)


def _source(course: Course, assignment: str):
    return notebook.read(course.source / assignment / f"{assignment}.ipynb")


def _exercises(course: Course, assignment: str) -> dict:
    """notebook.exercises of the source, parsed once per version of the file (it is asked for
    every submission)."""
    path = course.source / assignment / f"{assignment}.ipynb"
    st = path.stat()
    return _parsed_exercises(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=64)
def _parsed_exercises(path: str, mtime_ns: int, size: int) -> dict:
    return notebook.exercises(notebook.read(path))


def reference_results(course: Course, assignment: str, public: bool = False) -> dict:
    """The reference solution's records for every test cell, cached in the workspace by content.

    Returns ``{test_id: {"ok": bool, "records": [...], "error": str}}``.
    """
    src = _source(course, assignment)
    exs, cells = notebook.exercises(src), notebook.solution_cells(src)
    key = hashlib.sha256(json.dumps([[asdict(e) for e in exs.values()], cells, public, CHECKS_SOURCE,
                                     sandbox.CHILD_SOURCE], sort_keys=True).encode()).hexdigest()
    cache = course.records / "_reference" / f"{assignment}{'.public' if public else ''}.json"
    if cache.is_file():
        try:
            data = json.loads(cache.read_text())
            if data.get("key") == key:
                return data["results"]
        except (OSError, ValueError):
            pass
    tasks = [_task(ex, notebook.needed_cells(ex, cells), public) for ex in exs.values()]
    results = {}
    public_names = {} if public else {t: [r["name"] for r in v.get("records", [])]
                                      for t, v in reference_results(course, assignment, True).items()}
    for tid, out in sandbox.run_many(tasks, fonts(course)).items():
        if out.status == "ok" and out.records:
            results[tid] = {"ok": True, "records": out.records, "public": public_names.get(tid, [])}
        elif out.status == "ok":
            results[tid] = {"ok": False, "error": "the test cell made no check (it must use autograd_checks)"}
        else:
            err = out.error[1] if out.error else out.stderr[-300:]
            results[tid] = {"ok": False, "error": f"the reference solution {out.status} in {out.phase}: {err}"}
    from grading.pipeline import write_atomic  # (pipeline imports this module)

    cache.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(cache, json.dumps({"key": key, "results": results}))
    return results


def _diff(ref: dict, got: dict) -> str | None:
    """Why the student's record ``got`` does not match the reference's ``ref`` (None: it does)."""
    if got.get("name") != ref["name"] or got.get("kind") != ref["kind"]:
        return f"the test made check {got.get('name')!r} where the reference made {ref['name']!r}"
    expected = compare.decode(ref["expected"])
    if ref["kind"] == "close":
        rtol, atol = ref["rtol"], ref["atol"]
        why = autograd_checks.mismatch(expected, compare.decode(got.get("got")), rtol, atol)
        drift = autograd_checks.mismatch(expected, compare.decode(got.get("expected")), rtol, atol)
    else:
        why = None if autograd_checks.same(expected, got.get("got")) else \
            f"expected {expected!r}, got {got.get('got')!r}"[:300]
        drift = None if autograd_checks.same(expected, got.get("expected")) else "differs"
    if why is None and drift is not None:
        return ("the test's own expected value changed: did your code modify one of the test's "
                "inputs in place?")
    return why


def judge(ref_records: list, out: sandbox.Outcome) -> tuple[bool, str, int]:
    """Compare a student's run with the reference's records: (passed, detail, checks matched).

    Passed means: the student's test ran to its end and made exactly the reference's checks, in
    order, each matching the reference's expected value within the reference's tolerance. The
    detail names the first check that differs, with the message the notebook showed for it.
    """
    got = out.records
    for i, ref in enumerate(ref_records):
        if i >= len(got):
            if out.status == "error" and out.error:
                return False, f"{out.error[0]}: {out.error[1]}", i
            return False, f"the test stopped before check {ref['name']!r}", i
        try:
            why = _diff(ref, got[i])
        except (ValueError, TypeError, KeyError) as e:
            why = f"unreadable record: {e}"
        if why is not None:
            said = got[i].get("message")
            return False, said if isinstance(said, str) and said else f"{ref['name']}: {why}", i
    if len(got) > len(ref_records):
        return False, "the test recorded more checks than the reference made", len(ref_records)
    if out.status != "ok":
        err = out.error or ("?", "?")
        return False, f"after the last check: {err[0]}: {err[1]}", len(ref_records)
    return True, "", len(ref_records)


def recheck(course: Course, assignment: str, nb_path: Path, reference: dict | None = None,
            public: bool = False) -> Recheck:
    """Re-check one submitted notebook; never raises for anything in the submission.

    ``public=True`` runs only the visible cases (what the student's own kernel runs).
    """
    p = plan(course, assignment, nb_path, reference, public)
    return finish(p, sandbox.run_many(p.tasks, fonts(course)))


@dataclass
class Plan:
    """A re-check before anything runs: the exercises settled without running (``decided``)
    and the sandbox tasks of the others. Made and finished by the trusted grader; only the
    tasks travel to where they run (grading.job), and only their outcomes come back."""

    exercises: dict
    reference: dict
    decided: Recheck
    tasks: list = field(default_factory=list)


def plan(course: Course, assignment: str, nb_path: Path, reference: dict | None = None,
         public: bool = False) -> Plan:
    """The re-check of one submitted notebook, up to running its tasks."""
    flags = []
    try:
        student = notebook.solution_cells(notebook.read(nb_path))
    except notebook.NotANotebook as e:
        student, flags = {}, [e.reason]
    p = plan_cells(course, assignment, student, reference, public)
    p.decided.flags[:0] = flags
    return p


def tasks_for(ex: notebook.Exercise, student: dict[str, str], public: bool = False):
    """The sandbox task for one exercise and a student's solution cells, or the Verdict that
    settles it without running anything (a missing cell, a forbidden name)."""
    missing = [c for c in ex.own if c not in student]
    if missing:
        return Verdict(ex.test_id, ex.points, 0.0, "missing-cell", f"no solution cell {missing}")
    cells = notebook.needed_cells(ex, student)
    hits = [h for _, s in cells for h in forbid.violations(s, ex.forbid)]
    tamper = [h for _, s in cells for h in forbid.violations(s, notebook.TAMPER)]
    if hits or tamper:
        what = "; ".join(hits) if hits else "reaches into the grader's checks: " + "; ".join(tamper)
        return Verdict(ex.test_id, ex.points, 0.0, "forbidden", what[:300])
    return _task(ex, cells, public)


def verdict(ex: notebook.Exercise, ref: dict, res: sandbox.Outcome) -> Verdict:
    """The verdict for one exercise from its sandboxed run and the reference's records."""
    v = Verdict(ex.test_id, ex.points, 0.0, res.status, seconds=round(res.seconds, 3))
    if res.forbidden:
        v.status, v.detail = "forbidden", "at run time: " + ", ".join(res.forbidden)
    elif res.tampered:
        v.status, v.detail = "forbidden", "the checks were changed while the test ran: " + ", ".join(res.tampered)
    elif res.status in ("ok", "error"):
        passed, v.detail, v.checks = judge(ref["records"], res)
        v.status, v.score = ("match", ex.points) if passed else ("mismatch", 0.0)
        if not passed and v.checks < len(ref["records"]):
            v.case = ref["records"][v.checks]["name"]
            v.hidden = "public" in ref and v.case not in ref["public"]
        if res.memory_exhausted and not passed:
            v.status = "memory"
    else:  # timeout, crash, bad-output
        v.detail = f"exit {res.returncode}; {res.stderr[-200:]}".strip()
    v.detail = v.detail[:600]
    return v


def plan_cells(course: Course, assignment: str, student: dict[str, str], reference: dict | None = None,
               public: bool = False) -> Plan:
    """The re-check of a student's solution cells (grade_id -> source), up to running its tasks."""
    exs = _exercises(course, assignment)
    out = Recheck(isolation=sandbox.isolation())
    reference = reference if reference is not None else reference_results(course, assignment, public)
    tasks = []
    for tid, ex in exs.items():
        ref = reference.get(tid)
        if not ref or not ref.get("ok"):
            why = (ref or {}).get("error", "no reference result")
            out.verdicts[tid] = Verdict(tid, ex.points, None, "no-reference", why)
            out.flags.append(f"no-reference:{tid}")
            continue
        t = tasks_for(ex, student, public)
        if isinstance(t, Verdict):
            out.verdicts[tid] = t
            out.flags.append(f"{t.status}:{tid}")
        else:
            tasks.append(t)
    return Plan(exs, reference, out, tasks)


def finish(p: Plan, outcomes: dict[str, sandbox.Outcome], isolation: str | None = None) -> Recheck:
    """The verdicts of a planned re-check from its tasks' outcomes (computed here, by the grader).
    A task without an outcome (its job was lost) is a grading error, never a pass."""
    out = Recheck(dict(p.decided.verdicts), list(p.decided.flags), isolation or p.decided.isolation)
    for t in p.tasks:
        res = outcomes.get(t.id)
        if res is None:
            ex = p.exercises[t.id]
            out.verdicts[t.id] = Verdict(t.id, ex.points, None, "grading-error", "no outcome came back")
            continue
        v = out.verdicts[t.id] = verdict(p.exercises[t.id], p.reference[t.id], res)
        if v.status in ("forbidden", "memory", "timeout", "crash", "bad-output"):
            out.flags.append(f"{v.status}:{t.id}")
    return out


def recheck_cells(course: Course, assignment: str, student: dict[str, str], reference: dict | None = None,
                  public: bool = False) -> Recheck:
    """Re-check a student's solution cells (grade_id -> source) for every exercise."""
    p = plan_cells(course, assignment, student, reference, public)
    return finish(p, sandbox.run_many(p.tasks, fonts(course)))


def as_dict(r: Recheck) -> dict:
    return {"isolation": r.isolation, "flags": r.flags,
            "verdicts": {k: asdict(v) for k, v in r.verdicts.items()}}
