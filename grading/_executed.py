"""nbgrader's Execute step, done by a grading job (grading.job) instead of in this process.

The grader's nbgrader (grading._nbworker) runs ``autograde`` with this preprocessor in Execute's
place: it hands the prepared notebook to ``UseExecuted.dispatch`` (set for each submission by
grading.pipeline.autograde_one), which runs the job wherever the jobs run and returns the
executed notebook; nbgrader then scores and stores it as usual. A job that could not execute the
notebook raises here with its reason, which nbgrader reports as the notebook's failure.
"""
from __future__ import annotations

import nbformat
from nbgrader.preprocessors.base import NbGraderPreprocessor


class UseExecuted(NbGraderPreprocessor):
    """Execute's stand-in: the notebook comes back executed from a grading job."""

    dispatch = None  # (prepared notebook JSON) -> (executed notebook JSON or None, error text)

    def preprocess(self, nb, resources):
        if UseExecuted.dispatch is None:
            raise RuntimeError("grading: no grading job to execute the notebook (UseExecuted.dispatch unset)")
        executed, error = UseExecuted.dispatch(nbformat.writes(nb))
        if executed is None:
            raise RuntimeError(f"the grading job could not execute the notebook: {error}")
        return nbformat.reads(executed, as_version=4), resources
