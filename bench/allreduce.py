"""All-reduce time against model size, for 2 processes, next to the ring all-reduce cost model.

    python bench/allreduce.py [--quick] [--out FILE] [-n 2]

It starts itself in N processes (autograd_core.distributed.run, over MPI) and times
``dist.all_reduce`` of a float32 gradient of P parameters, for P from 1e3 to 1e7: the median of
several calls, each after a barrier, the slower rank's (``--quick``: 1e3 and 1e5, five calls
each, a check that it runs). Next to it, the ring all-reduce's cost model: each replica sends
(and receives) 2(R-1)/R of the gradient's bytes, in 2(R-1) steps, so
``t(P) = 2(R-1) a + 2(R-1)/R * 4P / B``, with the latency ``a`` and bandwidth ``B`` fitted (least
squares on the relative error) to the measurements. Results go to ``bench/results/allreduce.json``
and a Markdown table on stdout. Exit status: 0 after a run, 2 when mpi4py is missing (the reason
on stderr).
"""

import json
import os
import statistics
import subprocess
import sys
import time

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    __package__ = "bench"

from bench import _env  # noqa: E402

if "numpy" not in sys.modules:
    _env.pin_threads()

SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
QUICK = [1_000, 100_000]  # --quick: two sizes, 5 calls each (a check that it runs)
RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results", "allreduce.json")


def ring_bytes(params, world):
    """Bytes each replica sends in a ring all-reduce of a float32 gradient."""
    return 2 * (world - 1) / world * 4 * params


def fit(rows, world):
    """(latency per step a, bandwidth B) for t = 2(R-1) a + bytes / B, by least squares on the
    relative error (weights 1/t^2), so that the small sizes count as much as the large ones."""
    xs = [ring_bytes(r["params"], world) for r in rows]
    ys = [r["median_s"] for r in rows]
    ws = [1 / y**2 for y in ys]
    s, sx, sy = sum(ws), sum(w * x for w, x in zip(ws, xs)), sum(w * y for w, y in zip(ws, ys))
    sxx = sum(w * x * x for w, x in zip(ws, xs))
    sxy = sum(w * x * y for w, x, y in zip(ws, xs, ys))
    slope = (s * sxy - sx * sy) / (s * sxx - sx**2)
    if slope <= 0:  # larger gradients were not slower: timings too noisy (a loaded machine)
        return None, None
    intercept = max((sy - slope * sx) / s, 0.0)
    return intercept / (2 * (world - 1)), 1 / slope


def measure(sizes, quick=False):
    """In each rank: the median time of all_reduce for each size (rank 0 returns the rows)."""
    import autograd_core as ac
    import autograd_core.distributed as dist

    dist.init_process_group("mpi")
    rows = []
    for params in sizes:
        grad = ac.ones(params)
        reps = 5 if quick else max(5, min(50, 20_000_000 // (params * 8)))
        dist.all_reduce(grad)  # warm-up: buffers, shared-memory segments
        times = []
        for _ in range(reps):
            dist.barrier()
            t0 = time.perf_counter()
            dist.all_reduce(grad)
            times.append(time.perf_counter() - t0)
        slowest = ac.tensor([statistics.median(times)], dtype=ac.float64)
        dist.all_reduce(slowest, op=dist.ReduceOp.MAX)  # the step waits for the slower rank
        rows.append({"params": params, "bytes": 4 * params, "reps": reps,
                     "median_s": slowest.item()})
    world = dist.get_world_size()
    rank = dist.get_rank()
    dist.destroy_process_group()
    return rank, world, rows


def table(result):
    world, a, bw = result["world"], result["latency_s"], result["bandwidth_Bps"]
    fitted = (
        f"Ring model fitted: latency a = {a * 1e6:.1f} us per step, bandwidth B = "
        f"{bw / 1e9:.2f} GB/s; t = 2(R-1) a + 2(R-1)/R * bytes / B."
        if bw
        else "Ring model not fitted: the larger gradient was not slower (noisy timings)."
    )
    lines = [
        f"All-reduce of a float32 gradient, {world} processes on one machine "
        f"({result['machine']['cpu']}), MPI: {result['mpi']}.",
        fitted,
        "",
        "| parameters | gradient | sent per replica (ring) | measured | ring model | effective GB/s |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for r in result["rows"]:
        sent = ring_bytes(r["params"], world)
        model = f"{(2 * (world - 1) * a + sent / bw) * 1e3:.3f} ms" if bw else "-"
        lines.append(
            f"| {r['params']:,} | {r['bytes'] / 1e6:.3g} MB | {sent / 1e6:.3g} MB | "
            f"{r['median_s'] * 1e3:.3f} ms | {model} | "
            f"{sent / r['median_s'] / 1e9:.2f} |"
        )
    return "\n".join(lines)


def rank_main(quick, out):
    rank, world, rows = measure(QUICK if quick else SIZES, quick)
    if rank != 0:
        return
    import mpi4py.MPI as MPI

    latency, bandwidth = fit(rows, world)
    result = {
        "world": world, "rows": rows, "latency_s": latency, "bandwidth_Bps": bandwidth,
        "mpi": " ".join(MPI.Get_library_version().splitlines()[0].split()),
        "machine": {"cpu": f"{_env._cpu_model()} ({os.cpu_count()} logical CPUs)"},
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(table(result))
    print(f"\n(written to {out})")


def main(argv):
    quick, out, n = "--quick" in argv, RESULTS, 2
    if "--out" in argv:
        out = os.path.abspath(argv[argv.index("--out") + 1])
    if "-n" in argv:
        n = int(argv[argv.index("-n") + 1])
    if os.environ.get("BENCH_ALLREDUCE_RANK"):
        rank_main(quick, out)
        return 0
    try:
        import mpi4py  # noqa: F401
    except ImportError as exc:
        print(f"bench/allreduce.py: mpi4py is missing ({exc}); `pip install mpi4py mpich`. "
              "Nothing was measured.", file=sys.stderr)
        return 2
    cmd = [sys.executable, "-m", "autograd_core.distributed.run", "-n", str(n),
           os.path.abspath(__file__), *argv]
    env = dict(os.environ, BENCH_ALLREDUCE_RANK="1")
    return subprocess.run(cmd, env=env, timeout=600).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
