"""autograd_core.optim against torch.optim: same trajectories, state, state_dict and errors."""
import copy
import math

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="these differential tests compare against PyTorch")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")


def to_np(t):
    return np.array(t.detach().cpu().numpy())


def build(lib, dtype_name="float64"):
    """A tiny regression model; the same architecture in either library."""
    dtype = getattr(lib, dtype_name)
    return lib.nn.Sequential(lib.nn.Linear(3, 4, dtype=dtype), lib.nn.Tanh(),
                             lib.nn.Linear(4, 2, dtype=dtype))


def twin_models(dtype_name="float64", seed=0):
    torch.manual_seed(seed)
    t = build(torch, dtype_name)
    a = build(ac, dtype_name)
    with ac.no_grad():
        for pa, pt in zip(a.parameters(), t.parameters()):
            pa.copy_(ac.tensor(to_np(pt)))
    return a, t


def data(lib, dtype_name="float64", seed=1):
    rng = np.random.default_rng(seed)
    x, y = rng.normal(size=(8, 3)), rng.normal(size=(8, 2))
    dtype = getattr(lib, dtype_name)
    return lib.tensor(x, dtype=dtype), lib.tensor(y, dtype=dtype)


def loss_step(lib, model, opt, x, y):
    opt.zero_grad()
    loss = lib.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def run_pair(make_opt_a, make_opt_t, steps=6, dtype_name="float64", rtol=1e-11, atol=1e-13,
             groups=None):
    """Train both models side by side; compare parameters, state and versions every step."""
    a, t = twin_models(dtype_name)
    opt_a = make_opt_a(a if groups is None else groups(a))
    opt_t = make_opt_t(t if groups is None else groups(t))
    xa, ya = data(ac, dtype_name)
    xt, yt = data(torch, dtype_name)
    for step in range(steps):
        va = [p._version for p in a.parameters()]
        vt = [p._version for p in t.parameters()]
        la, lt = loss_step(ac, a, opt_a, xa, ya), loss_step(torch, t, opt_t, xt, yt)
        assert la == pytest.approx(lt, rel=rtol * 10, abs=atol * 10), f"loss at step {step}"
        for (n, pa), pt in zip(a.named_parameters(), t.parameters()):
            np.testing.assert_allclose(to_np(pa), to_np(pt), rtol=rtol, atol=atol,
                                       err_msg=f"{n} after step {step}")
        assert [p._version - v for p, v in zip(a.parameters(), va)] == \
            [p._version - v for p, v in zip(t.parameters(), vt)], "in-place updates per step"
    for pa, pt in zip(a.parameters(), t.parameters()):
        sa, st = opt_a.state[pa], opt_t.state[pt]
        assert list(sa) == list(st)
        for key in st:
            if isinstance(st[key], torch.Tensor):
                np.testing.assert_allclose(to_np(sa[key]), to_np(st[key]), rtol=rtol * 10,
                                           atol=atol, err_msg=key)
                assert str(sa[key].dtype).rsplit(".", 1)[-1] == str(st[key].dtype).rsplit(".", 1)[-1], key
    return a, t, opt_a, opt_t


SGD_CONFIGS = {
    "plain": dict(lr=0.1),
    "momentum": dict(lr=0.05, momentum=0.9),
    "dampening": dict(lr=0.05, momentum=0.8, dampening=0.3),
    "nesterov": dict(lr=0.05, momentum=0.9, nesterov=True),
    "weight_decay": dict(lr=0.1, momentum=0.5, weight_decay=0.01),
    "maximize": dict(lr=0.01, momentum=0.5, maximize=True),
}


@pytest.mark.parametrize("name", list(SGD_CONFIGS))
def test_sgd_trajectory_matches_torch(name):
    cfg = SGD_CONFIGS[name]
    run_pair(lambda m: ac.optim.SGD(m.parameters(), **cfg),
             lambda m: torch.optim.SGD(m.parameters(), **cfg))


ADAM_CONFIGS = {
    "default": dict(lr=0.01),
    "betas_eps": dict(lr=0.02, betas=(0.8, 0.99), eps=1e-6),
    "weight_decay": dict(lr=0.01, weight_decay=0.1),
    "amsgrad": dict(lr=0.05, amsgrad=True),
    "decoupled": dict(lr=0.01, weight_decay=0.1, decoupled_weight_decay=True),
    "maximize": dict(lr=0.01, maximize=True),
}


@pytest.mark.parametrize("name", list(ADAM_CONFIGS))
def test_adam_trajectory_matches_torch(name):
    cfg = ADAM_CONFIGS[name]
    run_pair(lambda m: ac.optim.Adam(m.parameters(), **cfg),
             lambda m: torch.optim.Adam(m.parameters(), **cfg))


def test_adam_float32_trajectory_matches_torch():
    run_pair(lambda m: ac.optim.Adam(m.parameters(), lr=0.01),
             lambda m: torch.optim.Adam(m.parameters(), lr=0.01),
             dtype_name="float32", rtol=2e-5, atol=1e-6)


def test_param_groups_with_own_hyperparameters():
    def groups(m):
        return [{"params": m[0].parameters(), "lr": 0.3},
                {"params": m[2].parameters(), "momentum": 0.5}]

    _, _, opt_a, opt_t = run_pair(lambda g: ac.optim.SGD(g, lr=0.05),
                                  lambda g: torch.optim.SGD(g, lr=0.05), groups=groups)
    assert [g["lr"] for g in opt_a.param_groups] == [0.3, 0.05]
    assert [g["momentum"] for g in opt_a.param_groups] == [0, 0.5]
    assert [list(g) for g in opt_a.param_groups] == [list(g) for g in opt_t.param_groups]


@pytest.mark.parametrize("make", [
    lambda lib, ps: lib.optim.SGD(ps, lr=0.1, momentum=0.9),
    lambda lib, ps: lib.optim.Adam(ps, lr=0.01, amsgrad=True),
])
def test_state_dict_matches_torch_and_resumes(make):
    a, t = twin_models()
    opt_a, opt_t = make(ac, a.parameters()), make(torch, t.parameters())
    xa, ya = data(ac)
    xt, yt = data(torch)
    for _ in range(3):
        loss_step(ac, a, opt_a, xa, ya)
        loss_step(torch, t, opt_t, xt, yt)
    sd_a, sd_t = opt_a.state_dict(), opt_t.state_dict()
    assert list(sd_a) == list(sd_t) == ["state", "param_groups"]
    assert list(sd_a["state"]) == list(sd_t["state"]) == [0, 1, 2, 3]
    for k in sd_t["state"]:
        assert list(sd_a["state"][k]) == list(sd_t["state"][k])
    assert sd_a["param_groups"] == sd_t["param_groups"]  # same keys, order and values
    assert list(sd_a["param_groups"][0]) == list(sd_t["param_groups"][0])
    assert repr(opt_a) == repr(opt_t)

    # Resume: a fresh model and optimizer loaded from the checkpoint continue identically.
    b = build(ac)
    b.load_state_dict(a.state_dict())
    opt_b = make(ac, b.parameters())
    opt_b.load_state_dict(copy.deepcopy(sd_a))
    for _ in range(3):
        loss_step(ac, a, opt_a, xa, ya)
        loss_step(ac, b, opt_b, xa, ya)
        loss_step(torch, t, opt_t, xt, yt)
    for pa, pb, pt in zip(a.parameters(), b.parameters(), t.parameters()):
        np.testing.assert_allclose(to_np(pb), to_np(pa), rtol=0, atol=0)
        np.testing.assert_allclose(to_np(pb), to_np(pt), rtol=1e-11, atol=1e-13)


def test_load_state_dict_casts_state_to_param_dtype():
    a32 = build(ac, "float32")
    opt = ac.optim.Adam(a32.parameters())
    a64 = build(ac, "float64")
    src = ac.optim.Adam(a64.parameters())
    xa, ya = data(ac)
    loss_step(ac, a64, src, xa, ya)
    opt.load_state_dict(src.state_dict())
    p = next(iter(a32.parameters()))
    assert opt.state[p]["exp_avg"].dtype == ac.float32
    assert opt.state[p]["step"].dtype == ac.float32 and opt.state[p]["step"].item() == 1.0


def test_adam_state_lives_with_the_parameter():
    a, _ = twin_models()
    opt = ac.optim.Adam(a.parameters())
    xa, ya = data(ac)
    loss_step(ac, a, opt, xa, ya)
    for p in a.parameters():
        st = opt.state[p]
        assert st["step"].ndim == 0 and st["step"].dtype == ac.float32
        assert st["exp_avg"].dtype == p.dtype and st["exp_avg"].device == p.device
        assert tuple(st["exp_avg_sq"].shape) == tuple(p.shape)
        assert not st["exp_avg"].requires_grad


def test_zero_grad_and_params_without_grad():
    a, _ = twin_models()
    opt = ac.optim.SGD(a.parameters(), lr=0.1, momentum=0.9)
    xa, ya = data(ac)
    a[2].bias.requires_grad_(False)
    before = to_np(a[2].bias)
    loss_step(ac, a, opt, xa, ya)
    assert a[2].bias not in opt.state or not opt.state[a[2].bias]
    np.testing.assert_array_equal(to_np(a[2].bias), before)
    opt.zero_grad()
    assert all(p.grad is None for p in a.parameters())
    loss_step(ac, a, opt, xa, ya)
    g = a[0].weight.grad
    opt.zero_grad(set_to_none=False)
    assert a[0].weight.grad is g and not to_np(g).any()


def test_closure_and_named_parameters():
    a, t = twin_models()
    opt_a = ac.optim.SGD(a.named_parameters(), lr=0.1)
    opt_t = torch.optim.SGD(t.named_parameters(), lr=0.1)
    assert opt_a.param_groups[0]["param_names"] == opt_t.param_groups[0]["param_names"]
    assert opt_a.state_dict()["param_groups"] == opt_t.state_dict()["param_groups"]
    xa, ya = data(ac)

    def closure():
        opt_a.zero_grad()
        loss = ac.nn.functional.mse_loss(a(xa), ya)
        loss.backward()
        return loss

    assert opt_a.step(closure).item() > 0


def raised(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


def test_constructor_errors_match_torch():
    def both(make):
        a, t = twin_models()
        return raised(lambda: make(ac, a)), raised(lambda: make(torch, t))

    cases = [
        lambda lib, m: lib.optim.SGD([], lr=0.1),
        lambda lib, m: lib.optim.SGD(m[0].weight, lr=0.1),
        lambda lib, m: lib.optim.SGD(m.parameters(), lr=-1),
        lambda lib, m: lib.optim.SGD(m.parameters(), momentum=-0.5),
        lambda lib, m: lib.optim.SGD(m.parameters(), weight_decay=-1),
        lambda lib, m: lib.optim.SGD(m.parameters(), nesterov=True),
        lambda lib, m: lib.optim.SGD([{"params": m[0].parameters()},
                                      {"params": m.parameters()}], lr=0.1),
        lambda lib, m: lib.optim.SGD([m[0].weight * 2], lr=0.1),
        lambda lib, m: lib.optim.SGD([1.0], lr=0.1),
        lambda lib, m: lib.optim.Adam(m.parameters(), betas=(1.0, 0.9)),
        lambda lib, m: lib.optim.Adam(m.parameters(), betas=(0.9, -0.1)),
        lambda lib, m: lib.optim.Adam(m.parameters(), eps=-1.0),
        lambda lib, m: lib.optim.Adam(m.parameters(), lr=-0.1),
        lambda lib, m: lib.optim.Adam(m.parameters(), weight_decay=-0.1),
        lambda lib, m: lib.optim.SGD([{"params": set(m.parameters())}], lr=0.1),
    ]
    for i, make in enumerate(cases):
        got, expected = both(make)
        assert got == expected, f"case {i}"


def test_load_state_dict_errors_match_torch():
    a, t = twin_models()
    sd_a = ac.optim.SGD(a.parameters(), lr=0.1).state_dict()
    sd_t = torch.optim.SGD(t.parameters(), lr=0.1).state_dict()
    assert raised(lambda: ac.optim.SGD(a[0].parameters(), lr=0.1).load_state_dict(sd_a)) == \
        raised(lambda: torch.optim.SGD(t[0].parameters(), lr=0.1).load_state_dict(sd_t))
    two_a = ac.optim.SGD([{"params": a[0].parameters()}, {"params": a[2].parameters()}], lr=0.1)
    two_t = torch.optim.SGD([{"params": t[0].parameters()}, {"params": t[2].parameters()}], lr=0.1)
    assert raised(lambda: two_a.load_state_dict(sd_a)) == raised(lambda: two_t.load_state_dict(sd_t))


def test_step_runs_without_recording_a_graph():
    a, _ = twin_models()
    opt = ac.optim.Adam(a.parameters(), lr=0.1)
    xa, ya = data(ac)
    loss_step(ac, a, opt, xa, ya)
    for p in a.parameters():
        assert p.is_leaf and p.grad_fn is None and p.requires_grad
        assert math.isfinite(float(to_np(p).sum()))
