"""Memory workloads: peak RSS of 100 MLP steps (one child process per engine) and the check that
arrays saved for backward are freed as soon as backward has used them, without the cycle collector.

Run as ``python -m bench.memory ENGINE STEPS [--quick]`` it is the child: it builds the MLP case,
resets the kernel's peak-RSS mark (``/proc/self/clear_refs``), runs the steps and prints JSON.
"""
import gc
import json
import os
import subprocess
import sys
import tracemalloc

import numpy as np


# ============================================================================ peak RSS (child side)
def _status_kb(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"{field} not in /proc/self/status")


def _reset_peak():
    """Reset VmHWM to the current RSS, so it measures the loop alone (Linux >= 4.0)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _child(engine_name, steps, quick):
    from . import engines, workloads

    eng = engines.load_engine(engine_name)
    if not eng.available:
        print(json.dumps({"missing": eng.missing}))
        return
    case = workloads.build(workloads.MLP(quick), eng)
    gc.collect()
    reset = _reset_peak()
    base = _status_kb("VmRSS")
    for _ in range(steps):
        case.step()
    print(json.dumps({"baseline_kb": base, "peak_kb": _status_kb("VmHWM"), "peak_reset": reset}))


def peak_rss(engine_names, steps, quick):
    """Run one child per engine (sequentially); returns name -> dict (baseline_kb, peak_kb, ...)."""
    out = {}
    for name in engine_names:
        cmd = [sys.executable, "-m", "bench.memory", name, str(steps)] + (["--quick"] if quick else [])
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(os.path.dirname(__file__)))
        if proc.returncode:
            out[name] = {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else f"exit {proc.returncode}"}
        else:
            out[name] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


# ============================================================================ saved arrays freed
def saved_arrays_freed(T, numel=1 << 20, depth=16):
    """Check that backward frees each node's saved arrays when it has run, with gc disabled.

    Builds ``depth`` chained ``tanh`` ops on a float32 tensor of ``numel`` elements (tanh saves its
    output, one array per op) and measures numpy's allocations with tracemalloc:
      * ``mid_backward``: memory when the gradient reaches the middle of the chain (a hook); the
        saved outputs of the upper half must be gone by then;
      * ``after_backward``: memory after backward with the output still referenced;
      * ``gc_found``: objects the cycle collector finds afterwards (0 when no cycles were built).
    Memory is reported in units of one array (``numel`` float32) above the baseline.

    Returns:
        dict of those numbers plus ``forward`` (arrays alive after the forward pass) and ``ok``.
    """
    unit = numel * 4
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    tracemalloc.start()
    try:
        x = T.tensor(np.full(numel, 0.5, dtype=np.float32), requires_grad=True)
        base = tracemalloc.get_traced_memory()[0]
        seen = {}
        y = x
        for i in range(depth):
            y = y.tanh()
            if i == depth // 2 - 1:
                mid = y
                mid.register_hook(lambda g: seen.update(mid=tracemalloc.get_traced_memory()[0]))  # returns None
        forward = tracemalloc.get_traced_memory()[0]
        y.sum().backward()
        after = tracemalloc.get_traced_memory()[0]
        del y, mid
        dropped = tracemalloc.get_traced_memory()[0]
        found = gc.collect()
        collected = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        if was_enabled:
            gc.enable()
    res = {
        "unit_mb": unit / 2**20,
        "depth": depth,
        "forward": (forward - base) / unit,
        "mid_backward": (seen.get("mid", float("nan")) - base) / unit,
        "after_backward": (after - base) / unit,
        "after_del_output": (dropped - base) / unit,
        "gc_found": found,
        "after_gc": (collected - base) / unit,
    }
    # Upper half freed at the midpoint (depth/2 saved outputs left, plus grads and slack); after
    # backward only x.grad, the output and slack; nothing left for the cycle collector to free.
    res["ok"] = bool(
        res["mid_backward"] <= depth / 2 + 4
        and res["after_backward"] <= 4
        and res["after_del_output"] <= 3
        and res["after_gc"] >= res["after_del_output"] - 0.5
    )
    return res


if __name__ == "__main__":
    _child(sys.argv[1], int(sys.argv[2]), "--quick" in sys.argv[3:])
