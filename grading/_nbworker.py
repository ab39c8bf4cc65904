"""A worker process that runs nbgrader in-process (one start-up for many submissions).

Started by grading.pipeline with the course's environment. Reads one JSON job per line on
stdin and answers one JSON line per job on the file descriptor given as argv[1]:
  {"op": "generate", "assignment": A}
  {"op": "autograde", "assignment": A, "student": S, "reference": {...}}
  {"op": "feedback", "assignment": A, "student": S}
While it grades a submission it may ask the grader to run that submission's grading job (the
kernel and the re-check, grading.job) by writing {"dispatch": JOB} and reading the answer as
one JSON line on stdin: this process never runs student code itself.
"""
from __future__ import annotations

import json
import os
import sys
import traceback


def _api():
    from traitlets.config.loader import PyFileConfigLoader
    from nbgrader.apps.api import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory

    from grading.config import REPO

    from nbconvert.preprocessors import ClearMetadataPreprocessor
    from nbgrader.preprocessors import AssignLatePenalties, CheckCellMetadata, IgnorePattern, LimitOutput, SaveAutoGrades

    from grading._executed import UseExecuted

    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(REPO)).load_config()
    # nbgrader's autograde steps, with Execute done by the submission's grading job (in the jail,
    # on a grading worker): grading._executed.
    cfg.Autograde.autograde_preprocessors = [UseExecuted, IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
                                             SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]
    coursedir = CourseDirectory(config=cfg)
    return NbGraderAPI(coursedir, config=cfg)


def _die_with_parent() -> None:
    """The worker has its own process group (so a stuck one can be killed with its kernels);
    it must still not outlive the grading command that started it."""
    try:
        import ctypes
        import signal
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def main() -> int:
    _die_with_parent()
    out = os.fdopen(int(sys.argv[1]), "w", buffering=1)
    os.dup2(2, 1)  # stray prints from nbgrader or kernels must not corrupt the replies
    from grading import pipeline
    from grading.config import Course

    course = Course.from_env()
    api = _api()

    def dispatch(job: dict) -> dict:
        out.write(json.dumps({"dispatch": job}) + "\n")
        line = sys.stdin.readline()
        return json.loads(line) if line else {"error": "the grader went away"}
    for line in sys.stdin:
        job = json.loads(line)
        try:
            if job["op"] == "generate":
                reply = api.generate_assignment(job["assignment"], force=True, create=True)
                reply = {"success": reply["success"], "error": reply.get("error", ""),
                         "log": reply.get("log", "")[-2000:]}
            elif job["op"] == "autograde":
                reply = pipeline.autograde_one(api, course, job["assignment"], job["student"],
                                               job.get("reference"), dispatch, job.get("skip_nbgrader"),
                                               all_cells=job.get("all_cells", False))
            elif job["op"] == "feedback":
                r = api.generate_feedback(job["assignment"], job["student"], force=True)
                reply = {"success": r["success"], "error": (r.get("error") or "")[-1500:]}
            else:
                reply = {"success": False, "error": f"unknown op {job['op']!r}"}
        except Exception:  # noqa: BLE001  (one bad job must not stop the others)
            reply = {"success": False, "error": traceback.format_exc()[-3000:]}
        out.write(json.dumps(reply) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
