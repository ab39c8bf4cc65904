"""bfloat16, autocast and GradScaler, each checked against torch (2.13, CPU) in the same test.

* bfloat16: creation, .to/.bfloat16(), promotion with every dtype (torch.promote_types), values of
  add/mul/div/exp/matmul/sum/mean/softmax bit for bit, gradients flowing into bfloat16 leaves,
  printing, item/tolist, numpy()'s refusal.
* autocast: the result dtype of every marked op (and a few unmarked ones) under
  ``torch.autocast("cpu")``, the grads' dtypes, ToCopyBackward0 in the graph, the weight cast cache,
  nesting, ``enabled=False``, the decorator form, the warnings and errors.
* GradScaler: a scripted run (scale, unscale_, step, update, skipped steps on inf, growth, the
  errors) compared line by line with torch's, and ``examples/mixed_precision.py`` on both.
"""

import subprocess
import sys
import pathlib
import warnings

import numpy as np
import pytest
import torch

from engine_helpers import to_np

ROOT = pathlib.Path(__file__).resolve().parents[2]
ac = pytest.importorskip("autograd_core")

DTYPES = "float16 bfloat16 float32 float64 int8 int16 int32 int64 uint8 bool".split()


def both(fn):
    """fn(torch) and fn(autograd_core)."""
    return fn(torch), fn(ac)


def bits(t):
    """A bfloat16/float16 tensor's values as float64, exactly (bfloat16 has no numpy() in torch)."""
    return np.array(t.detach().double().tolist())


def _values(lib, shape, seed, dtype):
    """The same pseudo-random numbers in both libraries (numpy makes them)."""
    rng = np.random.default_rng(seed)
    return lib.tensor(rng.standard_normal(shape).tolist(), dtype=dtype)


# ============================================================================= bfloat16


def test_bfloat16_dtype_object():
    assert repr(ac.bfloat16) == repr(torch.bfloat16) == "torch.bfloat16"
    assert ac.bfloat16.is_floating_point and ac.bfloat16.itemsize == 2
    x = ac.zeros(2, 3, dtype=ac.bfloat16)
    assert x.dtype is ac.bfloat16 and x.is_floating_point() and x.element_size() == 2


@pytest.mark.parametrize("a", DTYPES)
def test_bfloat16_promotion_matches_torch(a):
    """torch.promote_types(bfloat16, d) for every d, both orders, and through an add."""
    for b in DTYPES:
        if "bfloat16" not in (a, b):
            continue
        want = torch.promote_types(getattr(torch, a), getattr(torch, b))
        got = ac._backend.promote_types(getattr(ac, a), getattr(ac, b))
        assert repr(got) == repr(want), (a, b)
        x, y = both(
            lambda lib: lib.ones(2, dtype=getattr(lib, a)) + lib.ones(2, dtype=getattr(lib, b))
        )
        assert repr(y.dtype) == repr(x.dtype), (a, b)


def test_bfloat16_creation_and_conversion():
    data = [1.1, 2.2, -3.3, 1e-3, 300.7]
    for make in (
        lambda lib: lib.tensor(data, dtype=lib.bfloat16),
        lambda lib: lib.tensor(data).to(lib.bfloat16),
        lambda lib: lib.tensor(data).bfloat16(),
        lambda lib: lib.tensor(data, dtype=lib.float64).type(lib.bfloat16),
        lambda lib: lib.full((5,), 2.7, dtype=lib.bfloat16),
        lambda lib: lib.tensor(3.14159, dtype=lib.bfloat16),
    ):
        t, a = both(make)
        assert repr(a.dtype) == "torch.bfloat16"
        np.testing.assert_array_equal(bits(a), bits(t))
        assert repr(a) == repr(t)
    t, a = both(lambda lib: lib.tensor(data, dtype=lib.bfloat16))
    assert a.tolist() == t.tolist()
    assert a[1].item() == t[1].item() == 2.203125
    assert repr(a.float().dtype) == "torch.float32" and repr(a.half().dtype) == "torch.float16"
    np.testing.assert_array_equal(to_np(a.double()), to_np(t.double()))


def test_bfloat16_printing():
    t, a = both(lambda lib: lib.tensor([[1.5, -2.25], [1e-5, 7.0]], dtype=lib.bfloat16))
    assert repr(a) == repr(t)
    t, a = both(lambda lib: lib.tensor([1.0, 2.0], dtype=lib.bfloat16, requires_grad=True) * 2)
    assert repr(a) == repr(t) == "tensor([2., 4.], dtype=torch.bfloat16, grad_fn=<MulBackward0>)"


def test_bfloat16_numpy_is_refused_like_torch():
    for lib in (torch, ac):
        with pytest.raises(TypeError, match="Got unsupported ScalarType BFloat16"):
            lib.tensor([1.0], dtype=lib.bfloat16).numpy()


@pytest.mark.parametrize(
    "name, fn",
    [
        ("add", lambda lib, x, y: x + y),
        ("sub", lambda lib, x, y: x - y),
        ("mul", lambda lib, x, y: x * y),
        ("div", lambda lib, x, y: x / y),
        ("exp", lambda lib, x, y: lib.exp(x)),
        ("tanh", lambda lib, x, y: lib.tanh(x)),
        ("matmul", lambda lib, x, y: x @ y.t()),
        ("sum", lambda lib, x, y: x.sum()),
        ("sum_dim", lambda lib, x, y: x.sum(0)),
        ("mean", lambda lib, x, y: x.mean(1)),
        ("softmax", lambda lib, x, y: lib.softmax(x, 1)),
        ("log_softmax", lambda lib, x, y: lib.log_softmax(x, 1)),
        ("logsumexp", lambda lib, x, y: lib.logsumexp(x, 1)),
        ("var", lambda lib, x, y: x.var(1)),
        ("norm", lambda lib, x, y: x.norm()),
        ("mse_loss", lambda lib, x, y: lib.nn.functional.mse_loss(x, y)),
    ],
)
def test_bfloat16_values_match_torch(name, fn):
    """bfloat16 in, bfloat16 out, the same bits as torch (sums and products accumulate in
    float32 and round once, as torch's CPU kernels)."""
    t, a = both(
        lambda lib: fn(
            lib, _values(lib, (7, 33), 1, lib.bfloat16), _values(lib, (7, 33), 2, lib.bfloat16)
        )
    )
    assert repr(a.dtype) == repr(t.dtype) == "torch.bfloat16"
    np.testing.assert_array_equal(bits(a), bits(t))


def test_bfloat16_long_sum_accumulates_in_float32():
    t, a = both(lambda lib: lib.ones(10000, dtype=lib.bfloat16).sum())
    assert a.item() == t.item() == 9984.0  # 10000 rounded to bfloat16, not bfloat16's 256


def test_bfloat16_leaf_gradients():
    def run(lib):
        x = _values(lib, (4, 5), 3, lib.bfloat16).requires_grad_()
        w = _values(lib, (5, 3), 4, lib.bfloat16).requires_grad_()
        loss = ((x @ w).tanh() * x.sum(1, keepdim=True)).sum()
        loss.backward()
        return x, w, loss

    (tx, tw, tl), (axx, aw, al) = both(run)
    assert al.grad_fn.name() == tl.grad_fn.name()
    for a, t in ((axx, tx), (aw, tw)):
        assert repr(a.grad.dtype) == "torch.bfloat16"
        np.testing.assert_allclose(bits(a.grad), bits(t.grad), rtol=2e-2, atol=2e-2)


def test_cast_to_bfloat16_is_differentiable():
    def run(lib):
        x = lib.tensor([1.1, -2.3, 0.7], requires_grad=True)
        y = x.to(lib.bfloat16)
        (y * y).sum().backward()
        return x, y

    (tx, ty), (ax_, ay) = both(run)
    assert ay.grad_fn.name() == ty.grad_fn.name() == "ToCopyBackward0"
    assert repr(ax_.grad.dtype) == "torch.float32"
    np.testing.assert_array_equal(to_np(ax_.grad), to_np(tx.grad))


def test_bfloat16_off_numpy_raises_a_clear_error():
    class NotNumpy:  # an array namespace without bfloat16 (cupy's case)
        __name__ = "cupy"

    with pytest.raises(TypeError, match="cupy has no bfloat16"):
        ac._backend.to_backend_dtype(NotNumpy(), ac.bfloat16)
    if ac.cuda.is_available():
        with pytest.raises(TypeError, match="bfloat16"):
            ac.zeros(2, dtype=ac.bfloat16, device="cuda")
        with pytest.raises(TypeError, match="bfloat16"):
            ac.zeros(2, device="cuda").to(ac.bfloat16)
        with pytest.raises(RuntimeError, match="does not support bfloat16"):
            ac.autocast("cuda", dtype=ac.bfloat16)


# ============================================================================= autocast

F = "torch.nn.functional"
# name, op(lib, a, b, c, v, tgt) with a (3, 4), b (4, 2), c (3, 4), v (4,) float32 leaves
OPS = [
    ("matmul", lambda lib, a, b, c, v, t: a @ b),
    ("matmul_1d", lambda lib, a, b, c, v, t: v @ b),
    ("mm", lambda lib, a, b, c, v, t: lib.mm(a, b)),
    ("bmm", lambda lib, a, b, c, v, t: lib.bmm(a[None], b[None])),
    (
        "addmm",
        lambda lib, a, b, c, v, t: (lib.addmm if lib is torch else ac._matmul.addmm)(v[:2], a, b),
    ),
    ("linear", lambda lib, a, b, c, v, t: lib.nn.functional.linear(a, b.t(), v[:2])),
    ("mv", lambda lib, a, b, c, v, t: lib.mv(a, v)),
    ("dot", lambda lib, a, b, c, v, t: lib.dot(v, v)),
    ("mse_loss", lambda lib, a, b, c, v, t: lib.nn.functional.mse_loss((a @ b), t.float())),
    ("nll_loss", lambda lib, a, b, c, v, t: lib.nn.functional.nll_loss(a @ b, t[:, 0].long())),
    (
        "cross_entropy",
        lambda lib, a, b, c, v, t: lib.nn.functional.cross_entropy(a @ b, t[:, 0].long()),
    ),
    ("add", lambda lib, a, b, c, v, t: (a @ b) + 1),
    ("add_mixed", lambda lib, a, b, c, v, t: (a @ b) + t),
    ("sum", lambda lib, a, b, c, v, t: (a @ b).sum()),
    ("exp", lambda lib, a, b, c, v, t: (a @ b).exp()),
    ("softmax", lambda lib, a, b, c, v, t: lib.softmax(a @ b, 1)),
    ("log_softmax", lambda lib, a, b, c, v, t: lib.log_softmax(a @ b, 1)),
    ("cat", lambda lib, a, b, c, v, t: lib.cat([a @ b, c[:, :2]])),
    ("stack", lambda lib, a, b, c, v, t: lib.stack([a @ b, c[:, :2]])),
    ("relu", lambda lib, a, b, c, v, t: lib.relu(a @ b)),
    ("float64", lambda lib, a, b, c, v, t: a.double() @ b.double()),
]


def _leaves(lib, dtype=None):
    dtype = dtype or lib.float32
    a = _values(lib, (3, 4), 5, dtype).requires_grad_()
    b = _values(lib, (4, 2), 6, dtype).requires_grad_()
    c = _values(lib, (3, 4), 7, dtype).requires_grad_()
    v = _values(lib, (4,), 8, dtype).requires_grad_()
    t = lib.tensor([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    return a, b, c, v, t


@pytest.mark.parametrize("dtype", ["bfloat16", "float16"])
@pytest.mark.parametrize("name, op", OPS, ids=[o[0] for o in OPS])
def test_autocast_result_and_grad_dtypes_match_torch(name, op, dtype):
    def run(lib):
        leaves = _leaves(lib)
        with lib.autocast("cpu", dtype=getattr(lib, dtype)):
            y = op(lib, *leaves)
        y.float().sum().backward()
        return y, leaves

    (ty, tl), (ay, al) = both(run)
    assert repr(ay.dtype) == repr(ty.dtype), name
    np.testing.assert_allclose(bits(ay), bits(ty), rtol=2e-2, atol=2e-2)
    for a, t in zip(al[:4], tl[:4]):
        assert (a.grad is None) == (t.grad is None), name
        if t.grad is not None:
            assert repr(a.grad.dtype) == repr(t.grad.dtype), name
            np.testing.assert_allclose(to_np(a.grad), to_np(t.grad), rtol=3e-2, atol=3e-2)


def test_autocast_float32_ops_take_low_precision_inputs_to_float32():
    def run(lib):
        x = _values(lib, (3, 2), 9, lib.bfloat16).requires_grad_()
        with lib.autocast("cpu"):
            loss = lib.nn.functional.mse_loss(x, lib.zeros(3, 2))
        loss.backward()
        return x, loss

    (tx, tl), (axx, al) = both(run)
    assert repr(al.dtype) == repr(tl.dtype) == "torch.float32"
    assert [f[0].name() if f[0] else None for f in al.grad_fn.next_functions] == [
        f[0].name() if f[0] else None for f in tl.grad_fn.next_functions
    ]
    assert repr(axx.grad.dtype) == "torch.bfloat16"
    np.testing.assert_array_equal(bits(axx.grad), bits(tx.grad))


def test_autocast_graph_has_the_casts_and_the_cache():
    def run(lib, cache):
        a, b = _leaves(lib)[:2]
        with lib.autocast("cpu", cache_enabled=cache):
            y, z = a @ b, a @ b
        names = [
            (f.name(), [type(g[0]).__name__ for g in f.next_functions])
            for f, _ in y.grad_fn.next_functions
        ]
        return names, y.grad_fn.next_functions[1][0] is z.grad_fn.next_functions[1][0]

    for cache in (None, False):
        t, a = both(lambda lib: run(lib, cache))
        assert a == t
    assert both(lambda lib: run(lib, None))[1][1] is True  # one cast of b, reused
    assert both(lambda lib: run(lib, False))[1][1] is False


def test_autocast_state_nesting_and_decorator():
    def run(lib):
        log = [
            lib.is_autocast_enabled(),
            lib.is_autocast_enabled("cpu"),
            lib.get_autocast_dtype("cpu"),
        ]
        a, b = _leaves(lib)[:2]
        with lib.autocast("cpu") as cm:
            log += [type(cm).__name__, lib.is_autocast_enabled(), lib.is_autocast_enabled("cpu")]
            log.append((a @ b).dtype)
            with lib.autocast("cpu", enabled=False):
                log += [lib.is_autocast_enabled("cpu"), (a @ b).dtype]
                with lib.autocast("cpu", dtype=lib.float16):
                    log += [lib.get_autocast_dtype("cpu"), (a @ b).dtype]
                log.append(lib.get_autocast_dtype("cpu"))
            log.append((a @ b).dtype)
        log += [lib.is_autocast_enabled("cpu"), (a @ b).dtype]

        @lib.autocast("cpu")
        def f(x, y):
            return x @ y

        log += [f(a, b).dtype, lib.is_autocast_enabled("cpu")]
        with lib.amp.autocast(device_type="cpu"):
            log.append((a @ b).dtype)
        log.append(lib.amp.autocast is lib.autocast)
        return [repr(v) for v in log]

    t, a = both(run)
    assert a == t


def test_autocast_leaves_other_devices_and_float64_alone():
    def run(lib):
        a, b = _leaves(lib, lib.float64)[:2]
        with lib.autocast("cpu"):
            y = a @ b
        return y

    t, a = both(run)
    assert repr(a.dtype) == repr(t.dtype) == "torch.float64"
    assert a.grad_fn.name() == t.grad_fn.name()
    a, b = _leaves(ac)[:2]
    with ac.autocast("cuda", enabled=False):
        assert repr((a @ b).dtype) == "torch.float32"


def test_autocast_gradcheck_in_float64():
    """float64 is never lowered, so autocast's region keeps the float64 derivatives exact."""

    def f(a, b, v):
        with ac.autocast("cpu"):
            return ac.nn.functional.mse_loss(a @ b, v[:2].expand(3, 2)) + ac.softmax(a, 1).sum()

    a, b, c, v, _ = _leaves(ac, ac.float64)
    assert ac.autograd.gradcheck(f, (a, b, v))
    assert ac.autograd.gradgradcheck(f, (a, b, v))


def test_autocast_warnings_and_errors():
    for lib in (torch, ac):
        with pytest.warns(UserWarning, match="In CPU autocast, but the target dtype is not supp"):
            with lib.autocast("cpu", dtype=lib.float32):
                assert not lib.is_autocast_enabled("cpu")
        with pytest.raises(ValueError, match="Expected `device_type` of type `str`"):
            lib.autocast(device_type=3)
        with pytest.raises(RuntimeError):
            lib.autocast("xpu2")
    if not ac.cuda.is_available():
        for lib in (torch, ac):
            with pytest.warns(UserWarning, match="CUDA is not available or torch_xla is imported"):
                with lib.autocast("cuda"):
                    assert not lib.is_autocast_enabled("cuda")


def test_cuda_amp_aliases_warn_future():
    for lib in (torch, ac):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            lib.cuda.amp.autocast()
            scaler = lib.cuda.amp.GradScaler()
        msgs = [str(w.message) for w in caught if w.category is FutureWarning]
        assert any(m.startswith("`torch.cuda.amp.autocast(args...)` is deprecated") for m in msgs)
        assert any(m.startswith("`torch.cuda.amp.GradScaler(args...)` is deprecated") for m in msgs)
        assert scaler.is_enabled() == lib.cuda.is_available()
        assert isinstance(scaler, lib.amp.GradScaler)


# ============================================================================= GradScaler


def _scaler_script(lib):
    """A logged run: scale, unscale_, errors, skipped steps, growth, state dicts."""
    log = []

    def note(f):
        try:
            r = f()
            log.append(repr(r) if not isinstance(r, float) else round(r, 4))
        except Exception as e:  # the error's type and torch's key phrase
            log.append(f"{type(e).__name__}: {str(e)[:60]}")

    w = lib.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
    b = lib.tensor([0.1, -0.2], requires_grad=True)
    w2 = lib.tensor([1.0, 3.0], requires_grad=True)  # a second param group: checked too
    opt = lib.optim.SGD([{"params": [w, b]}, {"params": [w2], "lr": 0.01}], lr=0.1)
    x = lib.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]])
    s = lib.amp.GradScaler("cpu", init_scale=2.0**10, growth_interval=2)
    note(s.get_scale)
    note(s.state_dict)
    note(lambda: s.unscale_(opt))
    for it in range(5):
        opt.zero_grad()
        with lib.autocast("cpu", dtype=lib.float16):
            loss = (((x @ w + b) * w2 - 1.0) ** 2).mean()
        scaled = s.scale(loss)
        log += [repr(loss.dtype), repr(scaled.dtype), scaled.grad_fn.name()]
        note(lambda: scaled.detach().item())
        scaled.backward()
        if it == 3:
            w2.grad[0] = float("inf")  # the overflow is in the second group only
        note(lambda: s.unscale_(opt))
        note(lambda: s.unscale_(opt))
        log.append([np.round(to_np(p.grad), 3).tolist() for p in (w, b, w2)])
        note(lambda: s.step(opt))
        note(lambda: s.step(opt))
        note(lambda: s.unscale_(opt))
        s.update()
        note(s.get_scale)
        note(s.state_dict)
        log.append(np.round(to_np(w), 4).tolist())
    s.update(8.0)
    note(s.get_scale)
    note(s.update)
    s3 = lib.amp.GradScaler("cpu")
    s3.load_state_dict(s.state_dict())
    note(s3.state_dict)
    note(lambda: s3.load_state_dict({}))
    off = lib.amp.GradScaler("cpu", enabled=False)
    log += [off.state_dict(), off.get_scale(), off.scale(loss) is loss, off.is_enabled()]
    note(lambda: lib.amp.GradScaler("cpu").step(opt))
    note(lambda: lib.amp.GradScaler("cpu", growth_factor=0.5))
    note(lambda: [round(t.item(), 2) for t in s.scale([loss.detach(), loss.detach() * 2])])
    half = lib.nn.Linear(2, 2).half()
    oh = lib.optim.SGD(half.parameters(), lr=0.1)
    sh = lib.amp.GradScaler("cpu")
    sh.scale(half(x.half()).float().sum()).backward()
    note(lambda: sh.unscale_(oh))
    return log


def test_grad_scaler_matches_torch_step_by_step():
    t, a = both(_scaler_script)
    assert len(a) == len(t)
    for i, (x, y) in enumerate(zip(a, t)):
        assert x == y, (i, x, y)


def test_grad_scaler_skips_overflowed_float16_step_and_halves_scale():
    """float16 activations overflow under a huge scale: inf/nan grads, no step, scale halved."""

    def run(lib):
        model = lib.nn.Linear(2, 2)
        with lib.no_grad():
            model.weight.copy_(lib.tensor([[0.5, -1.0], [2.0, 0.25]]))
            model.bias.copy_(lib.tensor([0.1, -0.2]))
        opt = lib.optim.SGD(model.parameters(), lr=0.1)
        s = lib.amp.GradScaler("cpu", init_scale=2.0**30)
        with lib.autocast("cpu", dtype=lib.float16):
            out = model(lib.tensor([[1.0, 2.0], [3.0, -1.0]])).sum()
        s.scale(out).backward()
        grads = to_np(model.weight.grad)
        s.step(opt)
        s.update()
        return grads, to_np(model.weight), s.get_scale()

    (tg, tw, ts), (ag_, aw, as_) = both(run)
    assert not np.isfinite(tg).all() and not np.isfinite(ag_).all()
    np.testing.assert_array_equal(aw, tw)  # the step was skipped
    np.testing.assert_array_equal(aw, [[0.5, -1.0], [2.0, 0.25]])
    assert as_ == ts == 2.0**29


def test_mixed_precision_example_runs_on_both():
    def losses(lib):
        out = subprocess.run(
            [sys.executable, "examples/mixed_precision.py", "--lib", lib, "--steps", "8"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        return [float(line.split()[3]) for line in out.splitlines() if line.startswith("step")]

    t, a = losses("torch"), losses("autograd_core")
    assert len(t) == len(a) == 8
    assert min(t) < t[0] / 4  # it trains
    np.testing.assert_allclose(a, t, rtol=1e-2)


OVERFLOWS = """
h = lib.zeros(2, dtype=lib.float16)
x = lib.tensor([1e6, 7e4])
cases = [
    x.half(), x.to(lib.float16), x.type(lib.float16), lib.tensor([1e6], dtype=lib.float16),
    lib.zeros(2, dtype=lib.float16).copy_(x), lib.ones(2, dtype=lib.float16).mul_(1e6),
    lib.ones(2, dtype=lib.float16) * 1e5, h + 1e6, (lib.ones(2) * 1e38) * 1e38,
    lib.tensor([1e300], dtype=lib.float64).float(), lib.full((1,), 1e6, dtype=lib.float16),
    lib.tensor([0.0, 1.0]).log(), lib.tensor([0.0]) / lib.tensor([0.0]), lib.tensor([-1.0]).sqrt(),
    lib.linalg.inv(lib.tensor([[float("inf"), 1.0], [2.0, 3.0]])),
    lib.linalg.solve(lib.tensor([[float("inf"), 1.0], [2.0, 3.0]]), lib.ones(2)),
    lib.linalg.det(lib.tensor([[float("nan")]])),
    lib.linalg.slogdet(lib.tensor([[1.0, float("nan")], [2.0, 3.0]]))[0],
]
print([c.tolist() for c in cases])
"""


def test_overflow_and_inf_are_silent_as_in_torch():
    """torch turns 1e6 into float16 inf (and 1e38 * 1e38 into float32 inf) without a word; numpy
    warns. Run in a fresh interpreter with Python's default warning filters, as a notebook runs:
    stderr stays empty and the values equal torch's."""
    def run(lib):
        code = f"import {lib} as lib\n" + OVERFLOWS
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120, cwd=ROOT)

    ref, ours = run("torch"), run("autograd_core")
    assert ref.returncode == 0 and ref.stderr == "", ref.stderr[-2000:]
    assert ours.returncode == 0 and ours.stderr == "", ours.stderr[-2000:]
    assert ours.stdout == ref.stdout


# A Python number written into a tensor goes through torch's checked conversion: a value the dtype
# cannot hold is refused by name (an unsigned type takes -1 as its max, wrapping), never wrapped
# silently (numpy gives int16 100000 as -31072). Deliberate difference: constant_pad_nd's value.
SCALAR_SITES = {
    "fill_": lambda L, dt, v: L.zeros(2, dtype=dt).fill_(v),
    "full": lambda L, dt, v: L.full((2,), v, dtype=dt),
    "full_one": lambda L, dt, v: L.full((1,), v, dtype=dt),  # torch skips the check for half here
    "full_like": lambda L, dt, v: L.full_like(L.zeros(3, dtype=dt), v),
    "tensor": lambda L, dt, v: L.tensor([v, 0], dtype=dt),
    "clamp": lambda L, dt, v: L.zeros(2, dtype=dt).clamp(max=v),
    "masked_fill": lambda L, dt, v: L.zeros(2, dtype=dt).masked_fill(L.tensor([True, False]), v),
    "index_fill": lambda L, dt, v: L.zeros(2, dtype=dt).index_fill(0, L.tensor([0]), v),
    "setitem": lambda L, dt, v: L.zeros(2, dtype=dt).__setitem__(0, v),
}
SCALARS = [("float32", 1e39), ("bfloat16", 1e39), ("float16", 1e6), ("float16", float("inf")),
           ("float16", float("nan")), ("int16", 1e5), ("int32", 3e9), ("uint8", 300), ("uint8", -1),
           ("uint8", -256), ("int8", 2.5), ("int8", 200.0), ("int8", -128), ("bool", 5),
           ("float64", 1e300), ("int64", -(2**63))]


@pytest.mark.parametrize("site", sorted(SCALAR_SITES))
@pytest.mark.parametrize("dtype,value", SCALARS, ids=[f"{d}-{v}" for d, v in SCALARS])
def test_python_numbers_written_into_a_tensor_are_checked_like_torch(site, dtype, value):
    def run(lib):
        try:
            t = SCALAR_SITES[site](lib, getattr(lib, dtype), value)
            return "ok", None if t is None else t.tolist()
        except Exception as e:  # noqa: BLE001  (the outcome is compared)
            return type(e).__name__, str(e)

    t, a = both(run)
    assert a[0] == t[0], f"torch: {t}, autograd_core: {a}"
    if t[0] == "ok":
        np.testing.assert_array_equal(np.array(a[1], dtype=float), np.array(t[1], dtype=float))
    else:
        assert a[1] == t[1]
