"""The collectives' cases, run by tests/distributed/test_distributed_collectives.py with
autograd_core (MPI, through the launcher or alone) and with torch (Gloo, in a group of one, in the
test's process: `record`) as the oracle:

    python job_collectives.py LIB OUT        # LIB: autograd_core or torch; writes OUT/LIB.RANK.json

Every case is written for any world size; each records what the call returned and what the
tensor became (values, dtype, requires_grad, grad_fn, version), or the exception's type and text.
"""

import importlib
import json
import os
import sys
import tempfile


def tensor_state(t):
    return {
        "values": t.tolist(),
        "dtype": str(t.dtype),
        "requires_grad": t.requires_grad,
        "grad_fn": None if t.grad_fn is None else type(t.grad_fn).__name__,
        "version": t._version,
    }


def cases(torch, dist, r, n):
    """name -> a call returning a JSON-able record."""
    R = dist.ReduceOp
    f = lambda *v, **k: torch.tensor(list(v), **k) * (r + 1)  # noqa: E731 - rank-dependent data

    def reduced(t, **kw):
        result = dist.all_reduce(t, **kw)
        return [result, tensor_state(t)]

    def leaf():
        w = torch.ones(2, requires_grad=True)
        return reduced(w)

    def nonleaf():
        w = torch.ones(2, requires_grad=True)
        return reduced(w * 2)

    def view():
        a = torch.ones(4)
        dist.all_reduce(a[1:3])
        return tensor_state(a)

    def async_reduce():
        t = f(1.0, 2.0)
        work = dist.all_reduce(t, async_op=True)
        return [work.wait(), tensor_state(t)]

    def gather(shape, lengths=None, dtype=None):
        def run():
            outs = [torch.zeros(*shape, dtype=dtype) for _ in range(n if lengths is None else lengths)]
            result = dist.all_gather(outs, torch.ones(2, 3) * r if shape == (2, 3) else f(1.0, 2.0))
            return [result, [tensor_state(o) for o in outs]]

        return run

    def broadcast(src):
        def run():
            t = f(1.0, 2.0)
            return [dist.broadcast(t, src), tensor_state(t)]

        return run

    return {
        "rank_size": lambda: [dist.get_rank(), dist.get_world_size(), dist.is_initialized()],
        "backend": lambda: dist.get_backend(),
        "sum": lambda: reduced(f(1.0, 2.0)),
        "avg": lambda: reduced(f(1.0, 2.0), op=R.AVG),
        "max": lambda: reduced(f(1.0, -5.0), op=R.MAX),
        "min": lambda: reduced(f(1.0, -5.0), op=R.MIN),
        "product": lambda: reduced(f(3.0, 0.5), op=R.PRODUCT),
        "int_sum": lambda: reduced(f(1, 2)),
        "int_max": lambda: reduced(f(1, -2), op=R.MAX),
        "int_avg": lambda: reduced(f(1, 2), op=R.AVG),
        "bool_sum": lambda: reduced(torch.tensor([r == 0, False])),
        "float64": lambda: reduced(f(0.1, 0.2, dtype=torch.float64)),
        "float16": lambda: reduced(f(0.5, 2.0, dtype=torch.float16)),
        "scalar": lambda: reduced(torch.tensor(2.0) + r),
        "non_contiguous": lambda: reduced(torch.arange(6.0).reshape(2, 3).t() * (r + 1)),
        "leaf_requiring_grad": leaf,
        "non_leaf": nonleaf,
        "view_writes_through": view,
        "async": async_reduce,
        "reduce_a_list": lambda: dist.all_reduce([1.0, 2.0]),
        "reduce_op_name": lambda: reduced(f(1.0), op="sum"),
        "broadcast_0": broadcast(0),
        "broadcast_last": broadcast(n - 1),
        "broadcast_bad_src": broadcast(n),
        "broadcast_negative_src": broadcast(-1),
        "broadcast_no_src": lambda: dist.broadcast(f(1.0)),
        "all_gather": gather((2,)),
        "all_gather_2d": gather((2, 3)),
        "all_gather_wrong_length": gather((2,), lengths=n + 1),
        "all_gather_wrong_shape": gather((3,)),
        "all_gather_wrong_dtype": gather((2,), dtype=torch.float64),
        "all_gather_not_a_list": lambda: dist.all_gather(torch.zeros(2), f(1.0)),
        "barrier": lambda: dist.barrier(),
        "init_twice": lambda: init(torch, dist),
    }


def init(torch, dist):
    if torch.__name__ == "torch":  # Gloo: the launcher's RANK and WORLD_SIZE, or a group of one
        path = os.environ.get("RENDEZVOUS") or tempfile.mktemp(prefix="rendezvous-")
        dist.init_process_group(
            "gloo",
            init_method="file://" + path,
            rank=int(os.environ.get("RANK", 0)),
            world_size=int(os.environ.get("WORLD_SIZE", 1)),
        )
    else:
        dist.init_process_group("mpi")


def outcome(call):
    try:
        return ["ok", call()]
    except Exception as e:  # the record of what torch raises is the point
        return [type(e).__name__, str(e)]


def record(lib):
    """Every case's outcome with `lib` ("torch" or "autograd_core"), and this process's rank."""
    torch = importlib.import_module(lib)
    dist = importlib.import_module(lib + ".distributed")
    result = {
        "before_init_get_rank": outcome(dist.get_rank),
        "before_init_all_reduce": outcome(lambda: dist.all_reduce(torch.ones(2))),
        "before_init_destroy": outcome(dist.destroy_process_group),
        "before_init_is_initialized": outcome(dist.is_initialized),
    }
    init(torch, dist)
    r, n = dist.get_rank(), dist.get_world_size()
    for name, call in cases(torch, dist, r, n).items():
        result[name] = outcome(call)
    dist.destroy_process_group()
    result["after_destroy_get_rank"] = outcome(dist.get_rank)
    result["after_destroy_is_initialized"] = outcome(dist.is_initialized)
    return r, result


def main():
    lib, out = sys.argv[1], sys.argv[2]
    rank, result = record(lib)
    with open(os.path.join(out, f"{lib}.{rank}.json"), "w") as fh:
        json.dump(result, fh, indent=1)


if __name__ == "__main__":
    main()
