"""GPU benchmarks: the small-op chain, the MLP step and a matmul chain on cupy, numpy and torch CUDA.

Run ``python bench/gpu.py`` (or ``python -m bench.gpu``) on a machine with an NVIDIA GPU and cupy
(``pip install -e '.[gpu]'``). It compares, on the GPU, hand-written cupy forward+backward (the
numpy baseline's code with ``xp=cupy``), torch CUDA and autograd_core on ``"cuda"``, against the
numpy baseline on the CPU, alternating engines as ``python -m bench`` does. Sizes are chosen to
finish in under 5 minutes on one GPU. Results go to ``bench/results/gpu.json``; the next
``python -m bench`` puts them in ``docs/benchmarks.md``.

Options: ``--quick`` (tiny sizes), ``--out FILE``. Exit status: 0 after a run, 2 when cupy or a
CUDA device is missing (with a message on stderr saying which).
"""
import datetime
import json
import os
import sys

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    __package__ = "bench"

from bench import _env  # noqa: E402

if "numpy" not in sys.modules:
    _env.pin_threads()  # the CPU numpy baseline is single-threaded, as in python -m bench


def _exit(msg):
    print(f"bench/gpu.py: {msg} Nothing was measured.", file=sys.stderr)
    sys.exit(2)


def _cuda_or_exit():
    """The cupy module with a usable device, or exit 2 with a message naming what is missing."""
    try:
        import cupy
    except ImportError as exc:
        _exit(f"cupy is not installed ({exc}); install it with `pip install -e '.[gpu]'` on a machine with CUDA 12.")
    try:
        n = cupy.cuda.runtime.getDeviceCount()
    except Exception as exc:  # no driver, or a driver/runtime mismatch: CUDARuntimeError
        _exit(f"cupy is installed but CUDA is not usable ({type(exc).__name__}: {exc}).")
    if n < 1:
        _exit("cupy is installed but no CUDA device is visible.")
    return cupy


def _synced(step, sync):
    def run():
        step()
        sync()
    return run


def _workloads(quick):
    from bench import workloads as W

    if quick:
        return [W.SmallChain(True), W.MLP(True), W.MatmulChain(True)]
    # The CPU workloads, plus sizes where a GPU pays off: a 16x larger batch and 4096^2 matrices
    # (9 GEMMs of 0.14 TFLOP each). The single-threaded numpy baseline bounds the run time: about
    # 10 s per 4096^2 call, 8 calls (check, warm-up, calibration, 5 repetitions), so ~3 min in all.
    return [W.SmallChain(False), W.MLP(False), W.MLP(False, batch=8192), W.MatmulChain(False),
            W.MatmulChain(False, n=4096)]


def _parse(argv):
    import argparse

    p = argparse.ArgumentParser(prog="python bench/gpu.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="tiny sizes (a smoke run, not a measurement)")
    p.add_argument("--out", metavar="FILE", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                   "results", "gpu.json"), help="where the JSON results go (default: bench/results/gpu.json)")
    p.add_argument("--engines", metavar="LIST", help="comma-separated subset of: numpy (CPU), cupy by hand, "
                   "torch CUDA, autograd_core cuda (default: all that are available)")
    return p.parse_args(argv)


def main(argv=None):
    args = _parse(sys.argv[1:] if argv is None else argv)
    quick = args.quick
    cupy = _cuda_or_exit()
    from bench import engines, timing, workloads

    labels = ("numpy (CPU)", "cupy by hand", "torch CUDA", "autograd_core cuda")
    wanted = set(labels) if not args.engines else {e.strip() for e in args.engines.split(",")} | {"numpy (CPU)"}
    unknown = wanted - set(labels)
    if unknown:
        print(f"bench/gpu.py: unknown engines {sorted(unknown)}; choose from {', '.join(labels)}", file=sys.stderr)
        return 2
    # label -> (adapter kind, module, device, synchronize); numpy (CPU) is the gradient reference.
    cands = {"numpy (CPU)": ("numpy", __import__("numpy"), None, lambda: None),
             "cupy by hand": ("numpy", cupy, None, cupy.cuda.Device().synchronize)}
    missing = {}
    for label, name in (("torch CUDA", "torch"), ("autograd_core cuda", "autograd_core")):
        if label not in wanted:
            continue
        eng = engines.load_engine(name)
        if not eng.available:
            missing[label] = eng.missing
        elif not eng.module.cuda.is_available():
            missing[label] = f"{name}.cuda.is_available() is False"
        else:
            cands[label] = ("torchlike", eng.module, "cuda", eng.module.cuda.synchronize)
    cands = {k: v for k, v in cands.items() if k in wanted}

    reps = 2 if quick else 5
    results = {"meta": {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                        "device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(),
                        "cupy": cupy.__version__, "quick": quick},
               "workloads": []}
    for w in _workloads(quick):
        entry = {"title": w.title, "engines": {k: {"missing": v} for k, v in missing.items()}}
        cases = {}
        for label, (kind, mod, device, sync) in cands.items():
            try:
                case = getattr(w, kind)(mod) if device is None else w.torchlike(mod, device=device)
                cases[label] = (case, sync)
            except Exception as exc:  # e.g. an op autograd_core lacks on cuda
                entry["engines"][label] = {"missing": f"{type(exc).__name__}: {exc}"}
        ref = cases["numpy (CPU)"][0].grads()
        for label, (case, _) in list(cases.items()):
            if label == "numpy (CPU)":
                continue
            try:
                workloads.check_grads(w, label, case.grads(), ref)
            except Exception as exc:
                entry["engines"][label] = {"missing": f"gradient check failed: {exc}"}
                del cases[label]
        got = timing.alternate({k: _synced(c.step, s) for k, (c, s) in cases.items()}, reps=reps, warmup=1,
                               min_sample_s=0.01 if quick else 0.1)
        for label, t in got.items():
            entry["engines"][label] = {"median": t.median, "min": t.min}
        results["workloads"].append(entry)
        print(f"{w.title}: " + ", ".join(f"{k} {v['median'] * 1e3:.3g} ms" for k, v in entry["engines"].items()
                                          if "median" in v), flush=True)

    path = args.out
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(results, f, indent=1)
    print(f"bench/gpu.py: wrote {path}; run `python -m bench` to put it in docs/benchmarks.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
