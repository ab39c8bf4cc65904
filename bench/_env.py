"""Process environment for fair timings: single-threaded BLAS, and a description of the machine.

This module must not import numpy at import time: ``pin_threads`` has to run before numpy loads
OpenBLAS, which reads its thread count and kernel overrides only once.
"""
import os
import platform
import sys

THREAD_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
# Set on this machine for old OpenBLAS builds; a current numpy picks a slower kernel with them,
# so they are removed together (never in tests, which must see the machine as configured).
OLD_OPENBLAS_VARS = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
_REMOVED_KEY = "BENCH_REMOVED_OPENBLAS_VARS"


def pin_threads():
    """Make BLAS single-threaded and drop old OpenBLAS overrides in this process and its children.

    Returns:
        dict of the overrides removed (name -> old value); children inherit it via the environment.
    """
    if "numpy" in sys.modules:
        raise RuntimeError("pin_threads() must run before numpy is imported")
    for var in THREAD_VARS:
        os.environ[var] = "1"
    # jax (only if installed): CPU only, one XLA thread, like the others.
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")
    removed = {v: os.environ.pop(v) for v in OLD_OPENBLAS_VARS if v in os.environ}
    if removed:
        os.environ[_REMOVED_KEY] = ",".join(f"{k}={v}" for k, v in removed.items())
    return removed


def pin_torch(torch):
    """One intra-op and one inter-op thread, as the issue's targets assume."""
    torch.set_num_threads(1)
    try:
        torch.set_num_interop_threads(1)
    except RuntimeError:  # only settable before the first parallel work; already 1 is fine
        pass


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def describe():
    """Versions, CPU, and the BLAS kernel/thread count threadpoolctl sees, as a flat dict of str."""
    import numpy as np

    info = {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "cpu": f"{_cpu_model()} ({os.cpu_count()} logical CPUs)",
        "removed env": os.environ.get(_REMOVED_KEY, "none"),
        "thread env": ", ".join(f"{v}={os.environ.get(v, 'unset')}" for v in THREAD_VARS),
    }
    try:
        import torch

        info["torch"] = f"{torch.__version__} (intra-op threads {torch.get_num_threads()})"
    except ImportError:
        info["torch"] = "not installed"
    try:
        from threadpoolctl import threadpool_info

        blas = [p for p in threadpool_info() if p.get("user_api") == "blas"]
        info["blas (threadpoolctl)"] = "; ".join(
            f"{p.get('internal_api')} {p.get('version')} kernel={p.get('architecture')} "
            f"threads={p.get('num_threads')} ({os.path.basename(p.get('filepath', ''))})"
            for p in blas
        ) or "no BLAS library loaded"
    except ImportError:
        info["blas (threadpoolctl)"] = "threadpoolctl not installed"
    return info
