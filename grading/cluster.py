"""Where grading jobs (grading.job) run: Dask distributed workers.

``autograde --workers N`` starts an embedded ``LocalCluster`` of N worker processes on this
machine (nothing to set up); ``autograde --scheduler tcp://HOST:PORT`` (or ``tls://``) uses a
running cluster, however it was deployed (``dask scheduler`` / ``dask worker``, dask-kubernetes,
dask-jobqueue). Either way a worker receives a job's data, runs it in its own jail and sends
back data; Dask reruns the job elsewhere when a worker is lost mid-job (``retries``), and the
grader uses each submission's answer once. The embedded cluster talks TLS with throw-away
certificates; a cluster of your own takes its TLS settings from Dask's configuration
(``distributed.comm.tls.*``), as every Dask client does.
"""
from __future__ import annotations

import contextlib
import os

from grading import job as grading_job


class NoCluster(RuntimeError):
    """The scheduler could not be reached (nothing has been graded or written)."""


class Jobs:
    """A Dask client for grading jobs; ``run(job)`` blocks until the job's answer is back."""

    def __init__(self, client, slots: int):
        self.client, self.slots = client, slots

    def run(self, job: dict) -> dict:
        future = self.client.submit(grading_job.run, job, key=grading_job.key(job), pure=False, retries=3)
        try:
            return future.result()
        except Exception as e:  # noqa: BLE001  (a job Dask gave up on: every worker it tried died)
            return {"version": job["version"], "error": f"the grading job failed on the cluster: "
                                                        f"{type(e).__name__}: {e}"[:1500]}
        finally:
            future.release()


@contextlib.contextmanager
def jobs(workers: int = 1, scheduler: str | None = None, timeout: float | None = None):
    """A :class:`Jobs` on an embedded LocalCluster of ``workers`` processes, or on the cluster
    whose scheduler is at ``scheduler``. Raises :class:`NoCluster` when it is not there."""
    import dask
    from distributed import Client, LocalCluster

    timeout = timeout or float(os.environ.get("AUTOGRAD_SCHEDULER_TIMEOUT") or 20)

    with dask.config.set({"distributed.scheduler.allowed-failures": 3}):
        if scheduler:
            try:
                client = Client(scheduler, timeout=timeout, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as e:
                raise NoCluster(f"no Dask scheduler answered at {scheduler} ({type(e).__name__}: {e}); "
                                "start one with `dask scheduler` and workers with `dask worker "
                                f"{scheduler}`, or grade here with --workers N") from None
            try:
                slots = max(1, sum(client.nthreads().values()))
                yield Jobs(client, slots)
            finally:
                client.close()
            return
        # One job at a time per worker process (each runs a kernel and a re-check of its own);
        # no memory limit of Dask's: the jail limits every student process itself.
        with LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                          dashboard_address=None, memory_limit=0, security=True,
                          silence_logs=40) as local, \
                Client(local, set_as_default=False) as client:
            yield Jobs(client, max(1, workers))
