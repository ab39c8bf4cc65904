"""The isolated re-check: score each autograded exercise outside the student's kernel.

For every autograded test cell with a probe, the student's listed solution cells and the probe
run in a sandbox (grading.sandbox); the reference solution cells run the same way once per
assignment. The trusted parent compares the two results and awards the test cell's points only
if they match and no forbidden name is used. Its verdict replaces nbgrader's in-kernel score.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from grading import compare, forbid, notebook, sandbox
from grading.config import Course
from grading.probes import ProbeError, ProbeSet, load


@dataclass
class Verdict:
    """Re-check verdict for one autograded test cell."""

    grade_id: str
    points: float
    score: float | None           # None: no re-check possible, nbgrader's score stands
    status: str                   # match, mismatch, error, timeout, crash, memory, forbidden, ...
    detail: str = ""
    seconds: float = 0.0


@dataclass
class Recheck:
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    isolation: str = ""


def _limits(probe) -> sandbox.Limits:
    wall = float(probe.timeout or os.environ.get("AUTOGRAD_RECHECK_TIMEOUT") or 60)
    memory = int(os.environ.get("AUTOGRAD_RECHECK_MEMORY") or 2 << 30)
    return sandbox.Limits(wall=wall, cpu=max(1, int(wall)), memory=memory)


def _task(probe, cells) -> sandbox.Task:
    mods, calls = forbid.split(probe.forbid)
    return sandbox.Task(probe.test_id, cells, probe.code, tuple(mods), tuple(calls), _limits(probe))


def reference_results(course: Course, assignment: str, probes: ProbeSet | None = None) -> dict:
    """Probe results of the reference solution, cached in the workspace by content hash.

    Returns ``{test_id: {"ok": bool, "result": ..., "error": str}}``.
    """
    probes = probes or load(assignment, course.probes)
    src = notebook.read(course.source / assignment / f"{assignment}.ipynb")
    cells = notebook.solution_cells(src)
    key = hashlib.sha256(json.dumps([probes.path.read_text(), cells, sandbox.CHILD_SOURCE],
                                    sort_keys=True).encode()).hexdigest()
    cache = course.records / "_reference" / f"{assignment}.json"
    if cache.is_file():
        try:
            data = json.loads(cache.read_text())
            if data.get("key") == key:
                return data["results"]
        except (OSError, ValueError):
            pass
    results, tasks = {}, []
    for tid, probe in probes.probes.items():
        missing = [c for c in probe.cells if c not in cells]
        if missing:
            results[tid] = {"ok": False, "error": f"reference has no solution cell {missing}"}
        else:
            tasks.append(_task(probe, [(c, cells[c]) for c in probe.cells]))
    for tid, out in sandbox.run_many(probes.setup, tasks).items():
        if out.status == "ok":
            results[tid] = {"ok": True, "result": out.result}
        else:
            err = out.error[1] if out.error else out.stderr[-300:]
            results[tid] = {"ok": False, "error": f"reference probe {out.status} in {out.phase}: {err}"}
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"key": key, "results": results}))
    tmp.replace(cache)
    return results


def recheck(course: Course, assignment: str, nb_path: Path, reference: dict | None = None) -> Recheck:
    """Re-check one submitted notebook; never raises for anything in the submission."""
    src = notebook.read(course.source / assignment / f"{assignment}.ipynb")
    tests = notebook.test_cells(src)
    out = Recheck(isolation=sandbox.isolation())
    try:
        probes = load(assignment, course.probes)
    except ProbeError as e:
        out.flags.append("no-probes")
        for tid, t in tests.items():
            out.verdicts[tid] = Verdict(tid, t.points, None, "no-probe", str(e))
        return out
    reference = reference if reference is not None else reference_results(course, assignment, probes)
    try:
        student = notebook.solution_cells(notebook.read(nb_path))
    except notebook.NotANotebook as e:
        student = {}
        out.flags.append(e.reason)
    tasks = []
    for tid, t in tests.items():
        probe = probes.probes.get(tid)
        ref = reference.get(tid)
        if probe is None or not ref or not ref.get("ok"):
            why = "no probe" if probe is None else (ref or {}).get("error", "no reference result")
            out.verdicts[tid] = Verdict(tid, t.points, None, "no-probe", why)
            out.flags.append(f"no-probe:{tid}")
            continue
        missing = [c for c in probe.cells if c not in student]
        if missing:
            out.verdicts[tid] = Verdict(tid, t.points, 0.0, "missing-cell", f"no solution cell {missing}")
            out.flags.append(f"missing-cell:{tid}")
            continue
        cells = [(c, student[c]) for c in probe.cells]
        hits = [h for _, s in cells for h in forbid.violations(s, probe.forbid)]
        if hits:
            out.verdicts[tid] = Verdict(tid, t.points, 0.0, "forbidden", "; ".join(hits)[:300])
            out.flags.append(f"forbidden:{tid}")
            continue
        tasks.append(_task(probe, cells))
    outcomes = sandbox.run_many(probes.setup, tasks)
    for tid, res in outcomes.items():
        t, probe, ref = tests[tid], probes.probes[tid], reference[tid]
        v = Verdict(tid, t.points, 0.0, res.status, seconds=round(res.seconds, 3))
        if res.forbidden:
            v.status, v.detail = "forbidden", "at run time: " + ", ".join(res.forbidden)
            out.flags.append(f"forbidden:{tid}")
        elif res.status == "ok":
            try:
                diff = compare.mismatch(compare.decode(ref["result"]), compare.decode(res.result),
                                        probe.rtol, probe.atol)
            except (ValueError, TypeError) as e:
                diff = f"unreadable result: {e}"
            v.status, v.detail = ("match", "") if diff is None else ("mismatch", diff)
            v.score = t.points if diff is None else 0.0
        elif res.memory_exhausted:
            v.status, v.detail = "memory", "MemoryError"
            out.flags.append(f"memory:{tid}")
        elif res.status == "error":
            err = res.error or ("?", "?")
            v.detail = f"{res.phase}: {err[0]}: {err[1]}"[:300]
        else:  # timeout, crash, bad-output
            v.detail = f"exit {res.returncode}; {res.stderr[-200:]}".strip()
            out.flags.append(f"{res.status}:{tid}")
        out.verdicts[tid] = v
    return out


def as_dict(r: Recheck) -> dict:
    return {"isolation": r.isolation, "flags": r.flags,
            "verdicts": {k: asdict(v) for k, v in r.verdicts.items()}}
