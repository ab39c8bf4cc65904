"""Markdown report (``benchmarks.md``) and ratio figure (``figures/bench_ratios.png``) from results."""
import math
import os

from .engines import ENGINE_ORDER, LABELS

NOTES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "profile_notes.md")
# Measured by `python -m grading.benchmark` (a class graded end to end), written up by hand.
GRADING_NOTES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grading_notes.md")
TIMED = ("small_chain", "mlp", "matmul")
UNIT_SCALE = {"us/op": 1e6, "ms/step": 1e3, "ms/call": 1e3}
NOISY = 1.25  # median/min above this: the machine was busy; trust the ratios less


def _fmt(x, digits=3):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if abs(x) >= 100:
        return f"{x:.0f}"
    return f"{x:.{digits}g}"


def _median(res, workload, engine, stat="median"):
    e = res.get(workload, {}).get("engines", {}).get(engine, {})
    return e.get(stat)


def ratio(res, workload, engine, base, stat="median"):
    """``engine``'s time over ``base``'s on a workload (ratio of medians, or of mins); None if missing."""
    a, b = _median(res, workload, engine, stat), _median(res, workload, base, stat)
    return a / b if a and b else None


# ============================================================================ targets
def targets(res):
    """Rows (number, target, measured, status) for the five targets of issue 6."""
    quick = res["meta"]["quick"]
    rows = []

    def judge(ok):
        if ok is None:
            return "not measured"
        if quick:
            return "quick sizes: not judged"
        return "met" if ok else "**missed**"

    r = ratio(res, "small_chain", "autograd_core", "torch")
    rows.append(("1", "small-op chain: autograd_core / torch <= 0.5 (stretch 0.3)", _fmt(r),
                 judge(None if r is None else r <= 0.5) + (" (stretch met)" if r is not None and r <= 0.3 and not quick else "")))
    rn, rt = ratio(res, "mlp", "autograd_core", "numpy"), ratio(res, "mlp", "autograd_core", "torch")
    rows.append(("2", "MLP SGD step: / numpy by hand <= 1.05, and / torch < 1",
                 f"{_fmt(rn)} / {_fmt(rt)}", judge(None if rn is None or rt is None else rn <= 1.05 and rt < 1)))
    r = ratio(res, "matmul", "autograd_core", "numpy")
    rows.append(("3", "1024^2 matmul chain: / numpy by hand <= 1.03", _fmt(r), judge(None if r is None else r <= 1.03)))

    mem = res.get("memory", {})
    inc = {k: v["peak_kb"] - v["baseline_kb"] for k, v in mem.get("rss", {}).items() if "peak_kb" in v}
    freed = mem.get("freed", {}).get("autograd_core")
    rm = inc["autograd_core"] / inc["numpy"] if "autograd_core" in inc and inc.get("numpy") else None
    ok = None if rm is None or freed is None else rm <= 1.2 and freed.get("ok", False)
    rows.append(("4", "peak RSS of 100 MLP steps / numpy loop <= 1.2; saved arrays freed without gc",
                 f"{_fmt(rm)}; freed: {'-' if freed is None else ('yes' if freed.get('ok') else 'no')}", judge(ok)))

    sc = res.get("scale", {})
    e = sc.get("engines", {})
    if "autograd_core" in e and "torch" in e:
        lo, hi = (str(n) for n in sc["sizes"])
        core, tor = e["autograd_core"], e["torch"]
        r = core[hi]["total"] / tor[hi]["total"]
        growth = core[hi]["total"] / core[lo]["total"]
        norec = sc["no_recursion"]["autograd_core"][0]
        rows.append(("5", f"{int(hi):,}-op scalar chain: / torch <= 0.5; {int(lo):,} -> {int(hi):,} ops: time x8..x12; "
                     "no recursion", f"{_fmt(r)}; x{_fmt(growth)}; {'no recursion' if norec else 'RECURSES'}",
                     judge(r <= 0.5 and 8 <= growth <= 12 and norec)))
    else:
        rows.append(("5", "scalar chain: / torch <= 0.5, linear growth, no recursion", "-", judge(None)))
    objs = res.get("profile", {}).get("backward_objects")
    if objs and "first_order" in objs:
        first, cg, n = objs["first_order"], objs["create_graph"], objs["graph_nodes"]
        rows.append(("5", "create_graph=False pays nothing for higher-order support: a first-order backward "
                     f"creates no Tensor and no node per graph node (counted on the {n}-node small chain)",
                     f"{first['tensors']} Tensors, {first['nodes']} nodes (create_graph=True: {cg['tensors']}, "
                     f"{cg['nodes']})", "met" if first["nodes"] == 0 and first["tensors"] <= 3 else "**missed**"))
    else:
        rows.append(("5", "create_graph=False pays nothing for higher-order support", "-", judge(None)))
    return rows


# ============================================================================ markdown
def _table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def _timed_section(res, name, number):
    w = res[name]
    scale = UNIT_SCALE[w["unit"]] / w["per"]
    rows = []
    for eng in ENGINE_ORDER:
        e = w["engines"].get(eng)
        if e is None:
            continue
        if "median" not in e:
            rows.append((LABELS[eng], "-", "-", "-", "-", e["missing"]))
            continue
        spread = e["median"] / e["min"]
        rows.append((LABELS[eng], _fmt(e["median"] * scale), _fmt(e["min"] * scale),
                     f"{_fmt(ratio(res, name, eng, 'torch'))} ({_fmt(ratio(res, name, eng, 'torch', 'min'))})",
                     f"{_fmt(ratio(res, name, eng, 'numpy'))} ({_fmt(ratio(res, name, eng, 'numpy', 'min'))})",
                     f"noisy: median/min {spread:.2f}" if spread > NOISY else ""))
    head = ["engine", f"median {w['unit']}", f"min {w['unit']}", "/ torch: medians (mins)",
            "/ numpy by hand: medians (mins)", "note"]
    return f"## {number}. {w['title']}\n\n" + _table(head, rows) + "\n"


def _memory_section(res):
    mem = res["memory"]
    rows = []
    base = mem["rss"].get("numpy", {})
    base_inc = base["peak_kb"] - base["baseline_kb"] if "peak_kb" in base else None
    for eng in ENGINE_ORDER:
        v = mem["rss"].get(eng)
        if v is None:
            continue
        if "peak_kb" not in v:
            rows.append((LABELS[eng], "-", "-", "-", v.get("missing") or v.get("error")))
            continue
        inc = v["peak_kb"] - v["baseline_kb"]
        rows.append((LABELS[eng], _fmt(v["peak_kb"] / 1024), _fmt(inc / 1024),
                     _fmt(inc / base_inc) if base_inc else "-", "" if v.get("peak_reset") else "peak not reset: includes imports"))
    s = (f"## 4. Memory\n\nPeak RSS of {mem['steps']} MLP SGD steps, one fresh process per engine. *Loop peak* is the "
         "kernel's high-water mark reset after setup (imports, data, model) minus the RSS at that moment: what "
         "the training loop itself adds. The target compares loop peaks.\n\n")
    s += _table(["engine", "process peak MiB", "loop peak MiB", "loop peak / numpy", "note"], rows) + "\n"
    freed = mem.get("freed", {}).get("autograd_core")
    if freed and "error" in freed:
        s += f"\nSaved-array freeing check (autograd_core): **failed to run**: {freed['error']}\n"
    elif freed:
        s += (f"\nSaved arrays freed (autograd_core, gc disabled, tracemalloc): {freed['depth']} chained `tanh` on "
              f"{freed['unit_mb']:.3g} MiB float32, memory in arrays of that size above the baseline: after forward "
              f"{freed['forward']:.1f}; when the gradient reaches the middle of the chain {freed['mid_backward']:.1f} "
              f"(upper half freed if <= {freed['depth'] // 2 + 4}); after backward {freed['after_backward']:.1f}; after dropping "
              f"the output {freed['after_del_output']:.1f}; `gc.collect()` then found {freed['gc_found']} objects and "
              f"left {freed['after_gc']:.1f}. **{'Passed' if freed['ok'] else 'Failed'}.**\n")
    else:
        s += "\nSaved-array freeing check: not run (autograd_core not importable).\n"
    return s


def _scale_section(res):
    sc = res["scale"]
    rows = []
    for eng in ENGINE_ORDER:
        d = sc["engines"].get(eng)
        if d is None:
            if eng in sc.get("missing", {}):
                rows.append((LABELS[eng],) + ("-",) * 8 + (sc["missing"][eng],))
            continue
        for n in sc["sizes"]:
            m = d[str(n)]
            per = 1e6 / n
            rec = sc["no_recursion"][eng]
            cg, nogc = m.get("bwd_create_graph"), m.get("total_gc_disabled")
            rows.append((LABELS[eng], f"{n:,}", _fmt(m["total"]), _fmt(m["min_total"]), _fmt(nogc),
                         _fmt(m["fwd"] * per), _fmt(m["bwd"] * per), _fmt(m["fwd_nograd"] * per),
                         _fmt(cg * per if cg else None), ("ok" if rec[0] else rec[1]) if n == sc["sizes"][-1] else ""))
    head = ["engine", "ops", "median s (fwd+bwd)", "min s", "s with gc disabled (1 run)", "fwd us/op", "bwd us/op",
            "no_grad fwd us/op", "bwd create_graph us/op", "no recursion"]
    s = ("## 5. Scale: long chains of scalar-tensor ops\n\nThe small-chain pattern on a 0-d float32 tensor. "
         "*bwd* is `backward()` with `create_graph=False` plus dropping the graph. *no recursion*: the largest chain runs "
         "under a recursion limit of the current stack depth + 60. *gc disabled*: one run with the cycle collector "
         "off, to show how much of the time is gc scanning the live graph.\n\n")
    s += _table(head, rows) + "\n"
    e = sc["engines"]
    if "autograd_core" in e:
        lo, hi = (str(n) for n in sc["sizes"])
        s += f"\nGrowth {int(lo):,} -> {int(hi):,} ops (median fwd+bwd): " + ", ".join(
            f"{LABELS[k]} x{_fmt(v[hi]['total'] / v[lo]['total'])}" for k, v in e.items()) + ".\n"
    return s


def _profile_section(res):
    prof = res["profile"]
    s = "## Where the time goes (small-op chain)\n\n"
    dec = prof.get("decomposition")
    if dec and "parts" in dec:
        engs = list(dec["total"])
        s += ("Measured split, per op: each part is a difference of the minimums of alternating timed runs (so a "
              "small part carries the noise of the large ones). Wrapping + dispatch and graph recording make the "
              "*forward overhead*; the backward overhead is everything backward adds to the numpy calls (engine "
              "loop, rule dispatch, saved-tensor unpacking, toposort). The minimal tape is the floor: what a "
              "pure-Python engine with none of torch's semantics pays.\n\n")
        rows = [(p,) + tuple(f"{_fmt(v[e], 2)} ({v[e] / dec['total'][e]:.0%})" if v[e] is not None else "-" for e in engs)
                for p, v in dec["parts"]]
        rows.append(("**total** (forward + backward)",) + tuple(_fmt(dec["total"][e]) for e in engs))
        s += _table(["part"] + [f"{LABELS[e]} us/op (share)" for e in engs], rows) + "\n\n"
    objs = prof.get("backward_objects")
    if objs and "first_order" in objs:
        f, c = objs["first_order"], objs["create_graph"]
        s += (f"Objects autograd_core creates during one backward of the {objs['graph_nodes']}-node chain (counted "
              f"at its Tensor allocator and `Node.__init__`): with `create_graph=False` {f['tensors']} Tensors and "
              f"{f['nodes']} nodes (the root gradient and the leaf's `.grad`: rules run on the raw arrays); with "
              f"`create_graph=True` {c['tensors']} Tensors and {c['nodes']} nodes (the rules record their graph). "
              "This is what *create_graph=False pays nothing for higher-order support* means here.\n\n")
    elif dec:
        s += f"Measured split failed: {dec.get('error')}\n\n"
    if "missing" in prof:
        return s + f"Not profiled with pyinstrument: {prof['missing']}.\n"
    s += (f"autograd_core under pyinstrument ({prof['interval'] * 1e6:.0f} us sampling, {prof['calls']} chains): self "
          "time per function (time in C calls such as numpy ufuncs is billed to the Python function that made them; "
          "the profiler's per-call overhead inflates functions that make many small calls), scaled to the measured "
          f"total of {_fmt(prof['us_per_op'])} us/op.\n\n")
    s += _table(["function", "where", "share", "us/op"],
                [(f"`{f}`", f"`{loc}`", f"{share:.1%}", _fmt(us, 2)) for f, loc, share, us in prof["rows"]]) + "\n\n"
    s += "By file:\n\n" + _table(["file", "share", "us/op"],
                                 [(f"`{f}`", f"{share:.1%}", _fmt(us, 2)) for f, share, us in prof["by_file"]]) + "\n"
    return s


def _gpu_section(res):
    g = res.get("gpu")
    s = "## GPU (`python bench/gpu.py`)\n\n"
    if not g:
        return s + ("**Not yet measured**: no CUDA device was available where this report was generated. "
                    "`bench/gpu.py` runs the small-op chain, the MLP step and the matmul chain on cupy, numpy and "
                    "torch CUDA (and autograd_core on `cuda` when cupy is present), sized to finish in under "
                    "5 minutes, and writes `bench/results/gpu.json`, which the next `python -m bench` includes here.\n")
    s += f"Measured {g['meta']['date']} on {g['meta']['device']}.\n\n"
    rows = []
    for w in g["workloads"]:
        for eng, v in w["engines"].items():
            rows.append((w["title"], eng, _fmt(v["median"] * 1e3) if "median" in v else "-",
                         _fmt(v["min"] * 1e3) if "min" in v else "-", v.get("missing", "")))
    return s + _table(["workload", "engine", "median ms", "min ms", "note"], rows) + "\n"


def markdown(res, figure_name):
    meta = res["meta"]
    s = ["# Benchmarks\n",
         f"Generated by `{meta['command'].strip()}` on {meta['date']} in {meta['wall_s']:.0f} s"
         + (" with **--quick sizes: not a measurement**" if meta["quick"] else "")
         + ". Regenerate with `make bench`; this file is written by `bench/report.py`, edit that instead.\n",
         "Ratios, not seconds, are the result: every engine runs in the same process, taking turns within each of "
         f"{meta['reps']} repetitions (A B C, A B C, ...) after a warm-up; tables give the median and the minimum of "
         "the repetitions, and ratios of medians (of minimums in parentheses: on a busy machine the least disturbed runs). "
         "Before timing, every engine's gradients are checked against a "
         "hand-written numpy forward+backward; an engine that disagrees is reported, not timed.\n"]
    env = dict(meta["env"])
    if "load" in meta:
        env["load average (1 min) at start, end"] = f"{meta['load'][0]:.1f}, {meta['load'][1]:.1f}"
    s.append("## Setup\n\n" + _table(["", ""], list(env.items())) + "\n")
    eng_rows = [(LABELS[k], "yes " + v["version"] if v["available"] else v["missing"]) for k, v in meta["engines"].items()]
    s.append(_table(["engine", "available"], eng_rows) + "\n")
    s.append("## Targets (issue 6)\n\n" + _table(["#", "target", "measured", "status"], targets(res)) + "\n")
    if os.path.exists(os.path.join(res["_out"], figure_name)):
        s.append(f"![time ratios per workload]({figure_name})\n")
    for i, name in enumerate(TIMED, 1):
        if name in res:
            s.append(_timed_section(res, name, i))
    if "memory" in res:
        s.append(_memory_section(res))
    if "scale" in res:
        s.append(_scale_section(res))
    if "profile" in res:
        s.append(_profile_section(res))
        if os.path.exists(NOTES):
            with open(NOTES) as f:
                s.append(f.read().strip() + "\n")
    s.append(_gpu_section(res))
    if os.path.exists(GRADING_NOTES):
        with open(GRADING_NOTES) as f:
            s.append(f.read().strip() + "\n")
    return "\n".join(s)


# ============================================================================ figure
def figure(res, path):
    """Dot plot: each engine's time / torch and / numpy by hand, per workload, log scale, with targets."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FormatStrFormatter, LogLocator
    except ImportError:
        return False
    names = [n for n in TIMED if n in res]
    if not names:
        return False
    targets_ = {("small_chain", "torch"): 0.5, ("mlp", "numpy"): 1.05, ("mlp", "torch"): 1.0, ("matmul", "numpy"): 1.03}
    markers = dict(zip(ENGINE_ORDER, "o^sxDv"))
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.9 + 0.8 * len(names)), sharey=True)
    for ax, base in zip(axes, ("torch", "numpy")):
        engs = [e for e in ENGINE_ORDER if e != base and any(ratio(res, n, e, base) for n in names)]
        vals = []
        for j, eng in enumerate(engs):
            off = (j - (len(engs) - 1) / 2) * 0.12
            for i, n in enumerate(names):
                r = ratio(res, n, eng, base)
                if r:
                    vals.append(r)
                    ax.plot(r, i + off, markers[eng], color=f"C{ENGINE_ORDER.index(eng)}", ms=7,
                            label=LABELS[eng] if i == next(k for k, m in enumerate(names) if ratio(res, m, eng, base)) else None)
                    ax.annotate(f"{r:.2f}", (r, i + off), textcoords="offset points", xytext=(6, -3), fontsize=7)
        labelled = False
        for i, n in enumerate(names):
            t = targets_.get((n, base))
            if t:
                ax.plot([t, t], [i - 0.35, i + 0.35], "k--", lw=1.2, label=None if labelled else "autograd_core target")
                labelled = True
        ax.axvline(1.0, color="grey", lw=0.8)
        ax.set_xscale("log")
        lo, hi = min(vals + [0.5]), max(vals + [1.1])
        ax.set_xlim(lo / 1.6, hi * 1.6)
        ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FormatStrFormatter("%g"))
        ax.xaxis.set_minor_formatter(FormatStrFormatter(""))
        ax.set_title(f"time / {LABELS[base]}  (left of 1 = faster)", fontsize=9)
        ax.legend(fontsize=7, loc="best")
    axes[0].set_yticks(range(len(names)), names)
    axes[0].set_ylim(len(names) - 0.5, -0.5)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write(res, out):
    """Write ``out/benchmarks.md`` and ``out/figures/bench_ratios.png``; returns the Markdown path."""
    os.makedirs(os.path.join(out, "figures"), exist_ok=True)
    fig_rel = "figures/bench_ratios.png"
    res = dict(res, _out=out)
    figure(res, os.path.join(out, fig_rel))
    md_path = os.path.join(out, "benchmarks.md")
    with open(md_path, "w") as f:
        f.write(markdown(res, fig_rel))
    return md_path
