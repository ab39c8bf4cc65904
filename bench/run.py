"""The ``python -m bench`` command: run the workloads, then write the report and figure.

Imported by ``bench/__main__.py`` after the thread settings are made (numpy is imported here).
"""
import argparse
import datetime
import json
import os
import sys
import time

import numpy as np

from . import _env, engines as engines_mod, memory, report, scale, timing, workloads

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTIONS = ("small_chain", "mlp", "matmul", "memory", "scale", "profile")


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="python -m bench",
        description="Benchmark autograd_core against torch (CPU), hand-written numpy and other "
        "installed engines; write a Markdown report and a figure of the ratios.",
    )
    p.add_argument("--quick", action="store_true", help="tiny sizes and few repetitions (a smoke run, not a measurement)")
    p.add_argument("--only", choices=SECTIONS, action="append", metavar="NAME",
                   help=f"run only this section (repeatable): {', '.join(SECTIONS)}")
    p.add_argument("--out", metavar="DIR",
                   help="where benchmarks.md, figures/ and bench_results.json go (default: docs/ and "
                   "bench/results/bench_results.json for a "
                   "full run of every section, bench/results/ for --quick or --only, so a partial "
                   "run never overwrites the published report)")
    p.add_argument("--reps", type=int, help="timed repetitions per engine (default 7, quick 2)")
    return p.parse_args(argv)


def _engine_meta(engs):
    return {e.name: {"available": e.available, "version": e.version, "missing": e.missing} for e in engs}


def run_timed(workload, engs, reps, log, min_sample_s):
    """Gradient check against numpy by hand, then alternate the engines; JSON-ready dict."""
    cases, res = {}, {"title": workload.title, "unit": workload.unit, "per": workload.per, "engines": {}}
    for e in engs:
        if not e.available:
            res["engines"][e.name] = {"missing": e.missing}
            continue
        try:
            cases[e.name] = workloads.build(workload, e)
        except workloads.NotApplicable as exc:
            res["engines"][e.name] = {"missing": str(exc)}
        except Exception as exc:  # an engine lacking an API must not stop the others
            res["engines"][e.name] = {"missing": f"failed to build: {type(exc).__name__}: {exc}"}
    ref = cases["numpy"].grads()
    for name, case in list(cases.items()):
        if name == "numpy":
            continue
        try:
            workloads.check_grads(workload, name, case.grads(), ref)
        except Exception as exc:  # wrong gradients: report, never time
            res["engines"][name] = {"missing": f"gradient check failed: {type(exc).__name__}: {exc}"}
            del cases[name]
    log(f"  {workload.name}: gradients agree with numpy by hand for {', '.join(cases)}; timing...")
    got = timing.alternate({n: c.step for n, c in cases.items()}, reps=reps, warmup=2, min_sample_s=min_sample_s)
    for name, t in got.items():
        res["engines"][name] = {"median": t.median, "min": t.min, "samples": t.samples}
    return res


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sections = args.only or list(SECTIONS)
    partial = args.quick or bool(args.only)
    out = args.out or (os.path.join(ROOT, "bench", "results") if partial else os.path.join(ROOT, "docs"))
    reps = args.reps or (2 if args.quick else 7)
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731

    engs = engines_mod.load_engines()
    env = _env.describe()
    log("python -m bench: " + ", ".join(f"{k}: {v}" for k, v in env.items()))
    for e in engs:
        log(f"  engine {e.name}: " + (e.version or "available" if e.available else e.missing))
    results = {
        "meta": {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "quick": args.quick, "reps": reps, "sections": sections,
            "command": "python -m bench " + " ".join(sys.argv[1:] if argv is None else argv),
            "env": env, "engines": _engine_meta(engs),
        }
    }
    t_start = time.perf_counter()
    load_start = os.getloadavg()[0]
    for cls in workloads.TIMED:
        if cls.name in sections:
            # A sample lasts >= 50 ms: long against timer noise, short enough to alternate often.
            results[cls.name] = run_timed(cls(args.quick), engs, reps, log, 0.002 if args.quick else 0.05)

    torchlike = [e for e in engs if e.kind == "torchlike" and e.available]
    core = next((e for e in torchlike if e.name == "autograd_core"), None)
    if "memory" in sections:
        log("  memory: peak RSS children, saved-array freeing")
        names = [e.name for e in engs if e.name in ("autograd_core", "torch", "numpy") and e.available]
        steps = 10 if args.quick else 100
        results["memory"] = {"steps": steps, "rss": memory.peak_rss(names, steps, args.quick), "freed": {}}
        if core:
            numel = 1 << 16 if args.quick else 1 << 20  # big enough that Python objects are noise
            results["memory"]["freed"]["autograd_core"] = _guard(memory.saved_arrays_freed, core.module, numel=numel)
    if "scale" in sections and torchlike:
        sizes = (1_000, 10_000) if args.quick else (10_000, 100_000)
        log(f"  scale: chains of {sizes} scalar ops")
        ok, failed = scale.usable(torchlike)
        failed.update({e.name: e.missing or "not torch-like (scale runs torch-like engines only)"
                       for e in engs if e not in torchlike})
        results["scale"] = {
            "sizes": list(sizes),
            "engines": {k: {str(n): v for n, v in d.items()}
                        for k, d in scale.run(ok, sizes, reps=2 if args.quick else 3).items()},
            "no_recursion": {e.name: scale.no_recursion(e.module, sizes[-1]) for e in ok},
            "missing": failed,
        }
    if "profile" in sections:
        results["profile"] = _profile(engs, args.quick, log)
    results["meta"]["wall_s"] = time.perf_counter() - t_start
    results["meta"]["load"] = [load_start, os.getloadavg()[0]]
    results["gpu"] = _load_gpu_results()

    os.makedirs(out, exist_ok=True)
    # Raw numbers go next to the report, except for the published report: docs/ holds only the
    # Markdown and the figure, the JSON goes to bench/results/ (git-ignored).
    raw_dir = out if args.out or partial else os.path.join(ROOT, "bench", "results")
    os.makedirs(raw_dir, exist_ok=True)
    with open(os.path.join(raw_dir, "bench_results.json"), "w") as f:
        json.dump(results, f, indent=1, default=_json_default)
    md = report.write(results, out)
    log(f"python -m bench: wrote {md} ({results['meta']['wall_s']:.0f} s)")
    return 0


def _guard(fn, *args, **kwargs):
    """Run one engine-specific check; an engine error becomes the reported result, not a crash."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {exc}", "ok": False}


def _profile(engs, quick, log):
    """Measured split of the small chain for the torch-like engines, then pyinstrument on autograd_core."""
    from . import profiling

    mods = {e.name: e.module for e in engs if e.kind == "torchlike" and e.available}
    if "autograd_core" not in mods:
        return {"missing": "autograd_core is not importable"}
    log("  profile: measured split and pyinstrument on the small-op chain")
    w = workloads.SmallChain(quick)
    dec = _guard(profiling.decompose, mods, w, reps=3 if quick else 7, min_sample_s=0.002 if quick else 0.05)
    out = {"decomposition": dec, "backward_objects": _guard(profiling.count_backward_objects, mods["autograd_core"])}
    us = dec["total"]["autograd_core"] if "total" in dec else 1.0
    prof = _guard(profiling.profile_small_chain, mods["autograd_core"], w, us, seconds=0.3 if quick else 3.0)
    if prof is None:
        out["missing"] = "pyinstrument is not installed"
    elif "error" in prof:
        out["missing"] = f"profiling failed: {prof['error']}"
    else:
        out.update(prof, us_per_op=us)
    return out


def _load_gpu_results():
    path = os.path.join(ROOT, "bench", "results", "gpu.json")
    if os.path.exists(path):
        with open(path) as f:
            res = json.load(f)
        if not res.get("meta", {}).get("quick"):  # a --quick GPU smoke run is not a measurement
            return res
    return None


def _json_default(obj):
    if isinstance(obj, (np.floating, np.integer)):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    raise TypeError(type(obj).__name__)
