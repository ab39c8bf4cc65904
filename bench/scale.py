"""Scale workload: a long chain of scalar-tensor ops, forward and backward, at two graph sizes.

Reports, per engine and graph size, the forward time (grad mode on), the backward time with
``create_graph=False`` (freeing the graph included) and the forward time under ``no_grad``; the
backward time with ``create_graph=True`` at the smaller size; and, once at the larger size,
forward+backward with the cycle collector disabled (how much of the time is gc scanning the graph). ``no_recursion`` runs the largest chain under a recursion
limit just above the current stack depth: an engine that recurses per node cannot pass it.
"""
import gc
import statistics
import sys
import time


def _chain(x, n_ops):
    y = x
    for _ in range(n_ops // 4):
        y = y * 1.01
        y = y + 0.1
        y = y.tanh()
        y = y - 0.05
    return y


def _once(T, n_ops):
    """(forward s, backward s) of one chain; backward includes dropping the graph."""
    x = T.tensor(0.5, requires_grad=True)
    t0 = time.perf_counter()
    y = _chain(x, n_ops)
    t1 = time.perf_counter()
    y.backward()
    del y
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1


def _nograd_forward(T, n_ops):
    x = T.tensor(0.5, requires_grad=True)
    t0 = time.perf_counter()
    with T.no_grad():
        _chain(x, n_ops)
    return time.perf_counter() - t0


def _create_graph_backward(T, n_ops):
    x = T.tensor(0.5, requires_grad=True)
    y = _chain(x, n_ops)
    t0 = time.perf_counter()
    (g,) = T.autograd.grad(y, x, create_graph=True)
    del y, g
    return time.perf_counter() - t0


def _depth():
    f, n = sys._getframe(), 0
    while f is not None:
        f, n = f.f_back, n + 1
    return n


def no_recursion(T, n_ops):
    """Run the chain forward+backward with only 60 frames of headroom; returns (ok, message)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(_depth() + 60)
    try:
        _once(T, n_ops)
        return True, f"{n_ops} ops with a recursion limit of current depth + 60"
    except RecursionError as exc:
        return False, f"RecursionError: {exc}"
    finally:
        sys.setrecursionlimit(old)


def usable(engines):
    """(engines that run a short chain with all four measurements, {name: error} for the others)."""
    ok, failed = [], {}
    for e in engines:
        covers = getattr(e.module, "BENCH_WORKLOADS", None)
        if covers is not None and "scale" not in covers:
            failed[e.name] = f"not applicable: covers only {', '.join(covers)}"
            continue
        try:
            _once(e.module, 8)
            _nograd_forward(e.module, 8)
            if hasattr(e.module, "autograd"):   # the floor tape has no higher-order gradients
                _create_graph_backward(e.module, 8)
            ok.append(e)
        except Exception as exc:  # report an engine's missing API instead of stopping the run
            failed[e.name] = f"failed on a short chain: {type(exc).__name__}: {exc}"
    return ok, failed


def run(engines, sizes, reps):
    """Alternate engines within each repetition; returns {engine: {n_ops: {metric: median s}}}.

    Metrics: fwd, bwd (create_graph=False), total, fwd_nograd, bwd_create_graph; plus min_total.
    Pass only engines ``usable`` accepted.
    """
    raw = {e.name: {n: {"fwd": [], "bwd": [], "fwd_nograd": [], "bwd_cg": []} for n in sizes} for e in engines}
    for e in engines:  # warm-up: first-call costs (imports, caches) are not per-node costs
        _once(e.module, min(sizes))
    for _ in range(reps):
        for n in sizes:
            for e in engines:
                gc.collect()
                f, b = _once(e.module, n)
                r = raw[e.name][n]
                r["fwd"].append(f)
                r["bwd"].append(b)
                gc.collect()
                r["fwd_nograd"].append(_nograd_forward(e.module, n))
                if n == sizes[0] and hasattr(e.module, "autograd"):  # the largest would dominate the run time
                    gc.collect()
                    r["bwd_cg"].append(_create_graph_backward(e.module, n))
    no_gc = {}
    gc.collect()
    gc.disable()  # once, at the largest size: how much of the time is the cycle collector's
    try:
        for e in engines:
            no_gc[e.name] = sum(_once(e.module, sizes[-1]))
    finally:
        gc.enable()
    out = {}
    for name, per_size in raw.items():
        out[name] = {}
        for n, r in per_size.items():
            totals = [f + b for f, b in zip(r["fwd"], r["bwd"])]
            out[name][n] = {
                "fwd": statistics.median(r["fwd"]),
                "bwd": statistics.median(r["bwd"]),
                "total": statistics.median(totals),
                "min_total": min(totals),
                "fwd_nograd": statistics.median(r["fwd_nograd"]),
                "bwd_create_graph": statistics.median(r["bwd_cg"]) if r["bwd_cg"] else None,
                "total_gc_disabled": no_gc[name] if n == sizes[-1] else None,
            }
    return out
