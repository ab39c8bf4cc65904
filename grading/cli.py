"""``python -m grading``: release, collect, autograde, feedback, report, answers, demo."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grading.config import Course


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m grading",
        description="Instructor pipeline: nbgrader's workflow plus an isolated re-check of every "
                    "autograded exercise (docs/grading.md, docs/instructors.md).")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--workspace", help="grading workspace (default grading/workspace or $AUTOGRAD_WORKSPACE)")
    common.add_argument("--db-url", help="gradebook SQLAlchemy URL (default SQLite in the workspace)")
    common.add_argument("--course-root", help=argparse.SUPPRESS)  # tests: a fixture course tree
    common.add_argument("--cell-timeout", type=int, help="seconds per cell in nbgrader's autograde (default 120)")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("release", parents=[common], help="regenerate course/ from solutions/")
    c = sub.add_parser("collect", parents=[common], help="copy DIR/<student>/<assignment>/<assignment>.ipynb in")
    c.add_argument("--from", dest="src", required=True, type=Path)
    a = sub.add_parser("autograde", parents=[common], help="nbgrader autograde + isolated re-check")
    a.add_argument("--assignment", help="only this assignment")
    a.add_argument("--student", help="only this student")
    a.add_argument("--workers", type=int, default=1,
                   help="local Dask worker processes grading in parallel (default 1)")
    a.add_argument("--scheduler", metavar="ADDRESS",
                   help="grade on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786 or tls://...) "
                        "instead of local workers (docs/instructors.md)")
    a.add_argument("--all-cells", action="store_true",
                   help="run the demonstration cells tagged skip-when-grading too (slower; the grade is the same)")
    f = sub.add_parser("feedback", parents=[common], help="per-student HTML feedback without hidden tests")
    f.add_argument("--assignment", help="only this assignment")
    f.add_argument("--student", help="only this student")
    r = sub.add_parser("report", parents=[common], help="score, max score and flags per student and assignment")
    r.add_argument("--format", choices=["table", "csv", "json"], default="table")
    w = sub.add_parser("answers", parents=[common],
                       help="grade the wrong-answer table (tests/answers/): each must fail, visibly")
    w.add_argument("assignment", nargs="*", help="assignments (default: all with a table)")
    d = sub.add_parser("demo", parents=[common], help="grade sample and attack submissions in a throwaway workspace")
    d.add_argument("--assignment", help="assignment to demo (default: the first one)")
    d.add_argument("--workers", type=int, default=2)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run one sub-command; returns the process exit status."""
    args = _parser().parse_args(argv)
    if args.cmd == "demo":
        from grading.demo import demo
        return demo(args)
    course = Course.from_env(args.workspace, args.db_url, args.course_root, args.cell_timeout)
    from grading import pipeline, report
    try:
        return _run(args, course, pipeline, report)
    except pipeline.Busy as e:
        print(str(e), file=sys.stderr)
        return 3


def _run(args, course, pipeline, report) -> int:
    if args.cmd == "release":
        return 0 if pipeline.release(course) else 1
    if args.cmd == "collect":
        if not args.src.is_dir():
            print(f"collect: {args.src} is not a directory", file=sys.stderr)
            return 2
        with pipeline.workspace_lock(course, "collect"):
            pipeline.collect(course, args.src)
        return 0
    if args.cmd == "autograde":
        from grading.cluster import NoCluster
        try:
            with pipeline.workspace_lock(course, "autograde"):
                records = pipeline.autograde(course, args.assignment, args.student, args.workers, args.scheduler,
                                             all_cells=args.all_cells)
        except NoCluster as e:
            print(f"autograde: {e}", file=sys.stderr)
            return 2
        print(report.render(course, "table"), end="")
        return 0 if all(r.get("score") is not None for r in records) else 1
    if args.cmd == "feedback":
        with pipeline.workspace_lock(course, "feedback"):
            return 1 if pipeline.feedback(course, args.assignment, args.student) else 0
    if args.cmd == "answers":
        from grading import answers
        results = []
        for a in args.assignment or [a for a in course.assignments() if answers.load(a)]:
            results += answers.check(course, a)
        print(answers.summary(results))
        return 0 if all(r.ok for r in results) else 1
    if args.cmd == "report":
        print(report.render(course, args.format), end="")
        return 0
    return 2
