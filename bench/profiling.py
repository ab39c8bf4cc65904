"""Where autograd_core's time goes on the small-op chain: a pyinstrument profile, summed per function.

pyinstrument samples Python frames only, so time spent inside a C call (a numpy ufunc, a dict
lookup) is billed to the Python function that made the call. Self times are scaled to the
unprofiled median so the table reads in microseconds per op without the profiler's own overhead.
"""
import os
from collections import defaultdict

import numpy as np

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))).replace(os.sep, "/") + "/"


def profile_small_chain(T, workload, us_per_op, seconds=2.0, top=15):
    """Profile ``workload`` (a SmallChain) on engine module ``T`` for about ``seconds``.

    Returns:
        dict with ``rows`` [(function, file:line, share, us/op)], ``by_file`` [(file, share, us/op)],
        ``samples`` and ``interval``; None when pyinstrument is not installed.
    """
    try:
        from pyinstrument import Profiler
    except ImportError:
        return None
    import time

    case = workload.torchlike(T)
    case.step()
    t0 = time.perf_counter()
    case.step()
    once = max(time.perf_counter() - t0, 1e-6)
    calls = max(3, int(seconds / once))
    profiler = Profiler(interval=0.0001)
    profiler.start()
    for _ in range(calls):
        case.step()
    profiler.stop()
    root = profiler.last_session.root_frame()

    by_func, by_file = defaultdict(float), defaultdict(float)
    stack, total = [root], 0.0
    while stack:  # iterative walk: a deep engine stack must not hit the recursion limit here
        frame = stack.pop()
        stack.extend(frame.children)
        # pyinstrument's synthetic "[self]" leaves are already inside their parent's total_self_time.
        self_t = 0.0 if frame.is_synthetic else frame.total_self_time
        if self_t <= 0:
            continue
        short = _short(frame.file_path or "<builtin>")
        total += self_t
        by_func[(frame.function, f"{short}:{frame.line_no}")] += self_t
        by_file[short] += self_t
    if not total:
        return None
    per_op_scale = us_per_op / total  # us/op per second of profiled self time
    rows = sorted(((f, loc, t / total, t * per_op_scale) for (f, loc), t in by_func.items()), key=lambda r: -r[2])
    files = sorted(((f, t / total, t * per_op_scale) for f, t in by_file.items()), key=lambda r: -r[1])
    return {"rows": rows[:top], "by_file": files[:top], "calls": calls, "interval": 0.0001}


def _short(path):
    """``autograd_core/tensor.py`` for the engine, ``numpy/...`` for libraries, basename otherwise."""
    norm = path.replace(os.sep, "/")
    for marker in ("/site-packages/", _ROOT, "/lib/python"):
        if marker in norm:
            norm = norm.split(marker, 1)[1]
    parts = norm.split("/")
    return "/".join(parts[-2:]) if len(parts) > 1 else norm


def decompose(mods, workload, reps, min_sample_s=0.05):
    """Split each engine's per-op time on the small chain into measured parts (no profiler involved).

    ``mods`` maps engine name -> torch-like module; all engines and parts alternate in one timing
    loop. All in us/op, minimums over ``reps`` repetitions (on a shared machine the least disturbed
    run is the best estimate of each part):
      array work fwd / bwd      numpy by hand, forward alone / the rest of forward+backward;
      wrapping + dispatch       engine forward under no_grad minus numpy forward;
      graph recording           engine forward with grad minus under no_grad;
      backward overhead         engine forward+backward minus engine forward with grad, minus numpy bwd;
      of which toposort         the engine's ``_engine.toposort`` alone on the built graph, if it has one.

    Returns:
        {"parts": [(label, {engine: us/op})], "total": {engine: us/op}}
    """
    from .timing import alternate

    fns = {("numpy", "fwd"): workload.numpy_forward(np), ("numpy", "both"): workload.numpy(np).step}
    for name, T in mods.items():
        fns[(name, "fwd_nograd")] = workload.torchlike_forward(T, False)
        fns[(name, "fwd_grad")] = workload.torchlike_forward(T, True)
        fns[(name, "both")] = workload.torchlike(T).step
        toposort = getattr(getattr(T, "_engine", None), "toposort", None)
        if toposort is not None:
            root = fns[(name, "fwd_grad")]().grad_fn
            fns[(name, "toposort")] = lambda toposort=toposort, root=root: toposort([root])
    t = {k: v.min * 1e6 / workload.per for k, v in alternate(fns, reps, warmup=2, min_sample_s=min_sample_s).items()}
    np_fwd, np_bwd = t[("numpy", "fwd")], t[("numpy", "both")] - t[("numpy", "fwd")]
    rows = {
        "array work, forward (numpy by hand)": lambda n: np_fwd,
        "wrapping + dispatch, forward (no_grad forward - numpy forward)": lambda n: t[(n, "fwd_nograd")] - np_fwd,
        "graph recording (forward with grad - no_grad forward)": lambda n: t[(n, "fwd_grad")] - t[(n, "fwd_nograd")],
        "array work, backward (numpy by hand)": lambda n: np_bwd,
        "backward overhead beyond the array work": lambda n: t[(n, "both")] - t[(n, "fwd_grad")] - np_bwd,
        "  of which toposort": lambda n: t.get((n, "toposort")),
    }
    parts = [(label, {n: f(n) for n in mods}) for label, f in rows.items()]
    return {"parts": parts, "total": {n: t[(n, "both")] for n in mods}}


def count_backward_objects(T, n_ops=200):
    """Tensors and graph nodes autograd_core creates during one backward of the small-op chain,
    with ``create_graph=False`` and with ``create_graph=True``: higher-order support is free for a
    first-order backward when that one creates neither per node (its rules run on raw arrays).

    Counts the engine's allocations: ``_tensor._alloc`` (Tensors, and the nodes `_ops._record`
    builds inline with it) and ``Node.__init__`` (every other node).
    """
    from autograd_core import _graph, _ops, _tensor

    counts = {"tensors": 0, "nodes": 0}
    alloc, node_init = _tensor._alloc, _graph.Node.__init__

    def counting_alloc(cls):
        counts["nodes" if issubclass(cls, _graph.Node) else "tensors"] += 1
        return alloc(cls)

    def counting_init(self, *args, **kwargs):
        counts["nodes"] += 1
        node_init(self, *args, **kwargs)

    out = {"graph_nodes": n_ops + 2}  # the chain's nodes, sum, and the leaf's AccumulateGrad
    x = T.tensor(np.linspace(-1, 1, 16, dtype=np.float32), requires_grad=True)
    for key, backward in (("first_order", lambda loss: loss.backward()),
                          ("create_graph", lambda loss: T.autograd.grad(loss, x, create_graph=True))):
        y = x
        for _ in range(n_ops // 4):
            y = ((y * 1.01 + 0.1).tanh()) - 0.05
        loss = y.sum()
        counts.update(tensors=0, nodes=0)
        _tensor._alloc = _ops._alloc = counting_alloc
        _graph.Node.__init__ = counting_init
        try:
            backward(loss)
        finally:
            _tensor._alloc = _ops._alloc = alloc
            _graph.Node.__init__ = node_init
        out[key] = dict(counts)
    return out
