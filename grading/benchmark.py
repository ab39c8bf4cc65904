"""``python -m grading.benchmark``: time a class-sized grading run (the "Grading a class" section of docs/benchmarks.md).

Builds ``--students`` submissions of every course notebook (half correct, a quarter blank, a
quarter partly right), collects them into a fresh workspace and runs ``autograde --workers N``.
Prints the wall time, submissions per minute, per-submission nbgrader, kernel and re-check
seconds, what a Dask job adds to running it in-process, and the score summary.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from grading import pipeline, sandbox
from grading.config import REPO, Course
from grading.demo import course_samples, write_samples


def job_overhead_ms(workers: int, scheduler: str | None, n: int = 50) -> float:
    """What running a job on Dask adds to running it in this process: the median round trip of
    an empty job (no notebook, no tasks) through the cluster minus the same job called here."""
    from grading import cluster, job

    empty = job.make(None, [], cell_timeout=1, notebook_timeout=1, kernel_env={})
    here, there = [], []
    job.run(empty)  # (builds the font cache once)
    with cluster.jobs(workers, scheduler) as jobs:
        jobs.run(empty)
        for i in range(n):
            t = time.perf_counter()
            job.run({**empty, "n": i})
            here.append(time.perf_counter() - t)
            t = time.perf_counter()
            jobs.run({**empty, "n": i})
            there.append(time.perf_counter() - t)
    return round(1000 * (statistics.median(there) - statistics.median(here)), 1)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m grading.benchmark", description=__doc__)
    p.add_argument("--students", type=int, default=20)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--scheduler", help="grade on this Dask cluster instead of local workers")
    p.add_argument("--workspace", help="default: a new temporary directory")
    p.add_argument("--json", help="also write the raw numbers here")
    args = p.parse_args(argv)
    base = Path(args.workspace or tempfile.mkdtemp(prefix="autograd-bench-")).resolve()
    course = Course(root=REPO, workspace=base / "workspace", db_url=f"sqlite:///{base / 'workspace' / 'gradebook.db'}")
    assignments = [a for a in course.assignments() if (REPO / "course" / a / f"{a}.ipynb").is_file()]
    inbox = base / "inbox"
    kinds = ["correct", "correct", "blank", "partly_right"]
    for a in assignments:
        samples = course_samples(a)
        for n in range(args.students):
            kind = kinds[n % len(kinds)]
            write_samples(a, {f"s{n:03d}": samples[kind]}, inbox)
    pipeline.collect(course, inbox)
    # Register the assignments first so the timed run is grading only.
    pipeline.register(course, assignments)
    t = time.monotonic()
    records = pipeline.autograde(course, workers=args.workers, scheduler=args.scheduler)
    wall = time.monotonic() - t
    nbg = [r["seconds"]["nbgrader"] for r in records if "seconds" in r]
    rec = [r["seconds"]["recheck"] for r in records if "seconds" in r]
    summary = {"students": args.students, "notebooks": len(assignments), "submissions": len(records),
               "workers": args.workers, "cpus": os.cpu_count(), "isolation": sandbox.isolation(),
               "wall_s": round(wall, 1), "per_submission_s": round(wall / max(1, len(records)), 2),
               "nbgrader_s_median": round(statistics.median(nbg), 2) if nbg else None,
               "recheck_s_median": round(statistics.median(rec), 2) if rec else None,
               "nbgrader_s_total": round(sum(nbg), 1), "recheck_s_total": round(sum(rec), 1),
               "submissions_per_min": round(60 * len(records) / wall, 1),
               "kernel_s_median": round(statistics.median(r["seconds"].get("kernel", 0) for r in records
                                                         if "seconds" in r), 2) if records else None,
               "job_overhead_ms": job_overhead_ms(args.workers, args.scheduler),
               "flagged": sum(1 for r in records if r.get("flags"))}
    print(json.dumps(summary, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "records": records}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
