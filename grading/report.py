"""One row per student and assignment: score, max score and flags (table, csv or json)."""
from __future__ import annotations

import csv
import io
import json

from grading import notebook
from grading.config import Course
from grading.pipeline import load_issues, record_path, shown, submissions


def rows(course: Course) -> list[dict]:
    """Rows from the re-check records, plus submissions not graded yet and collect rejections."""
    out = {}
    max_scores = {}
    for a in course.assignments():
        src = notebook.read(course.source / a / f"{a}.ipynb")
        max_scores[a] = sum(t.points for t in notebook.test_cells(src).values())
    for s, a in submissions(course):
        p = record_path(course, s, a)
        row = {"student": s, "assignment": a, "score": None, "max_score": max_scores.get(a),
               "flags": ["not-graded"], "note": ""}
        if p.is_file():
            try:
                rec = json.loads(p.read_text())
                row.update(score=rec["score"], max_score=rec.get("max_score", max_scores.get(a)),
                           flags=list(rec["flags"]))
            except (OSError, ValueError, KeyError) as e:  # records are written atomically; say so if not
                row.update(flags=["record-unreadable"], note=f"{type(e).__name__}: {e}"[:200])
        out[s, a] = row
    for i in load_issues(course):
        key = (i["student"], i["assignment"])
        if key in out:  # an earlier submission stands; the newer one was refused
            out[key]["flags"].append(f"resubmission-rejected:{i['reason']}")
            out[key]["note"] = i.get("detail", "")
        else:  # blank, not 0: nothing was graded
            out[key] = {"student": i["student"], "assignment": i["assignment"], "score": None,
                        "max_score": max_scores.get(i["assignment"]), "flags": [f"rejected:{i['reason']}"],
                        "note": i.get("detail", "")}
    return [out[k] for k in sorted(out)]


def _csv_cell(x: str) -> str:
    """No spreadsheet formula from a name: a leading = + - @ (or tab, CR) is quoted away."""
    x = shown(x)
    return "'" + x if x[:1] in ("=", "+", "-", "@", "\t", "\r") else x


def render(course: Course, fmt: str = "table") -> str:
    """The report as text: ``table`` (aligned columns), ``csv`` or ``json``."""
    data = rows(course)
    if fmt == "json":
        return json.dumps(data, indent=1)
    num = lambda x: "" if x is None else f"{x:g}"  # noqa: E731
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["student", "assignment", "score", "max_score", "flags", "note"])
        for r in data:
            w.writerow([_csv_cell(r["student"]), _csv_cell(r["assignment"]), num(r["score"]), num(r["max_score"]),
                        _csv_cell(" ".join(r["flags"])), _csv_cell(r["note"])])
        return buf.getvalue()
    head = ["student", "assignment", "score", "max", "flags"]
    body = [[shown(r["student"]), shown(r["assignment"]), num(r["score"]) or "-", num(r["max_score"]),
             shown(", ".join(r["flags"]))] for r in data]
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    return "\n".join([line(head), line(["-" * w for w in widths])] + [line(b) for b in body]) + "\n"
