"""Alternating timer: engines take turns within each repetition (A B C, A B C, ...).

Taking turns spreads slow drifts of a shared machine (other processes, frequency changes) over
all engines alike, so ratios measured in the same process stay meaningful when seconds do not.
"""
import gc
import statistics
import time
from dataclasses import dataclass, field


@dataclass
class Timing:
    """Seconds per call of one engine on one workload."""

    samples: list = field(default_factory=list)

    @property
    def median(self):
        return statistics.median(self.samples)

    @property
    def min(self):
        return min(self.samples)


def _calibrate(fn, min_sample_s):
    """Calls per sample so that one sample lasts at least ``min_sample_s`` (timer resolution)."""
    t0 = time.perf_counter()
    fn()
    once = time.perf_counter() - t0
    return max(1, int(min_sample_s / max(once, 1e-9)) + 1) if once < min_sample_s else 1


def alternate(fns, reps, warmup=1, min_sample_s=0.02):
    """Time each callable in ``fns`` (name -> fn), alternating them ``reps`` times.

    Each fn runs ``warmup`` times first (untimed). A sample is the mean over enough back-to-back
    calls to last ``min_sample_s``. gc stays enabled, as in a user's loop, but a full collection
    runs before each sample so garbage left by the previous engine is not billed to the next one.

    Returns:
        dict name -> Timing (seconds per call).
    """
    for _ in range(warmup):
        for fn in fns.values():
            fn()
    number = {name: _calibrate(fn, min_sample_s) for name, fn in fns.items()}
    out = {name: Timing() for name in fns}
    for _ in range(reps):
        for name, fn in fns.items():
            gc.collect()
            n = number[name]
            t0 = time.perf_counter()
            for _ in range(n):
                fn()
            out[name].samples.append((time.perf_counter() - t0) / n)
    return out
