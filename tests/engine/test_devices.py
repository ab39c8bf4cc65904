"""Devices, parametrized over backends: numpy (cpu); array-api-strict's fake devices "device1" and
"device2", standing in for an accelerator; and cupy when a GPU is present.

A tensor wrapping a backend array (``tensor``/``as_tensor``) stays on that array's device through
ops and backward (grads on the same device); only ``.to()`` (or ``.cpu()``) moves data; mixing
devices in one op is an error naming both; an optimizer's state lives with its parameters.
Values are read back with ``.cpu()`` and compared with torch computed in the same test.
"""

import numpy as np
import pytest
import torch

from engine_helpers import assert_same_tensor, to_np

strict = pytest.importorskip("array_api_strict", reason="array-api-strict (dev extra) is not installed")


class Backend:
    """How to make an array on one device, and the name its tensors' .device must show."""

    def __init__(self, name, make, device_name, device):
        self.name, self.make, self.device_name, self.device = name, make, device_name, device

    def __repr__(self):
        return self.name


def _numpy():
    return Backend("numpy", lambda a: np.asarray(a), "cpu", "cpu")


def _strict(dev):
    d = strict.Device(dev)
    return Backend(f"strict-{dev}", lambda a: strict.asarray(np.asarray(a), device=d), dev, d)


def _cupy():
    cupy = pytest.importorskip("cupy", reason="cupy is not installed (the gpu extra); GPU case skipped")
    if not cupy.is_available():
        pytest.skip("cupy is installed but no CUDA device is available; GPU case skipped")
    return Backend("cupy", lambda a: cupy.asarray(a), "cuda", "cuda")


def _skip_if_torch(ag):
    if ag is torch:
        pytest.skip("AUTOGRAD_ENGINE=torch: torch cannot wrap array-api-strict arrays (engine-only case)")


@pytest.fixture(params=["numpy", "strict-device1", "strict-device2", "cupy"])
def backend(request, ag):
    if request.param.startswith("strict"):
        _skip_if_torch(ag)
    return {"numpy": _numpy, "strict-device1": lambda: _strict("device1"),
            "strict-device2": lambda: _strict("device2"), "cupy": _cupy}[request.param]()


def on(t, backend):
    """True when tensor ``t`` reports the backend's device."""
    return backend.device_name in str(t.device)


A = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
W = np.array([[1.0, -0.5], [0.3, 0.8], [-1.2, 0.4]])


@pytest.mark.parametrize("factory", ["tensor", "as_tensor"])
def test_wrapping_keeps_the_device(ag, backend, factory):
    t = getattr(ag, factory)(backend.make(A))
    assert on(t, backend), f"{factory}(array) reports {t.device}, expected {backend.device_name}"
    assert tuple(t.shape) == A.shape and str(t.dtype).endswith("float64")
    np.testing.assert_array_equal(to_np(t), A)


def _program(lib, x, w):
    """A small program touching several op families; returns (loss, intermediates)."""
    h = (x @ w).tanh() * 2 + x[:, :2] ** 2          # matmul, elementwise, slicing, scalars
    s = h.softmax(dim=1).log() - h.sum(dim=0, keepdim=True)
    c = lib.cat([s, h.exp()], dim=0)
    m = lib.maximum(c, lib.zeros_like(c)).mean(dim=1)
    return m.sum() + c.max(), [h, s, c, m]


def test_ops_and_backward_stay_on_device(ag, backend):
    x = ag.tensor(backend.make(A), requires_grad=True)
    w = ag.tensor(backend.make(W), requires_grad=True)
    loss, inter = _program(ag, x, w)
    for k, t in enumerate(inter + [loss]):
        assert on(t, backend), f"intermediate {k} moved to {t.device}"
    loss.backward()
    assert on(x.grad, backend) and on(w.grad, backend), (x.grad.device, w.grad.device)
    xt, wt = torch.tensor(A, requires_grad=True), torch.tensor(W, requires_grad=True)
    lt, _ = _program(torch, xt, wt)
    lt.backward()
    assert_same_tensor(loss.cpu(), lt, "loss")
    assert_same_tensor(x.grad.cpu(), xt.grad, "x.grad")
    assert_same_tensor(w.grad.cpu(), wt.grad, "w.grad")


def test_like_factories_follow_the_device(ag, backend):
    t = ag.tensor(backend.make(A))
    for f in ("zeros_like", "ones_like", "rand_like"):
        assert on(getattr(ag, f)(t), backend), f"{f} left the device"


def test_mixing_devices_names_both(ag):
    _skip_if_torch(ag)
    one, two = _strict("device1"), _strict("device2")
    cases = [(one, two), (_numpy(), one)]
    for a_b, b_b in cases:
        a = ag.tensor(a_b.make(A), requires_grad=True)
        b = ag.tensor(b_b.make(A))
        for op in (lambda: a + b, lambda: a * b, lambda: a @ b.T, lambda: ag.cat([a, b])):
            with pytest.raises(RuntimeError) as info:
                op()
            msg = str(info.value)
            assert a_b.device_name in msg and b_b.device_name in msg, (
                f"mixing {a_b} and {b_b}: the message should name both devices: {msg!r}")


def test_to_moves_and_grads_come_back(ag):
    _skip_if_torch(ag)
    one, two = _strict("device1"), _strict("device2")
    x = ag.tensor(one.make(A), requires_grad=True)
    y = x.to(two.device)
    assert on(y, two) and on(x, one), "to() returns a moved copy and leaves the original"
    (y * 3).sum().backward()
    assert on(x.grad, one), f"the grad of x must come back to x's device, got {x.grad.device}"
    np.testing.assert_array_equal(to_np(x.grad.cpu()), np.full(A.shape, 3.0))
    z = x.detach().to(two.device).cpu()
    assert str(z.device) == "cpu"
    np.testing.assert_array_equal(to_np(z), A)


@pytest.mark.parametrize("opt_name", ["SGD", "Adam"])
def test_optimizer_state_follows_parameters(ag, backend, opt_name):
    p = ag.nn.Parameter(ag.tensor(backend.make(W)))
    pt = torch.nn.Parameter(torch.tensor(W))
    states = []
    for lib, param in ((ag, p), (torch, pt)):
        opt = (lib.optim.SGD([param], lr=0.1, momentum=0.9, weight_decay=0.01) if opt_name == "SGD"
               else lib.optim.Adam([param], lr=0.1))
        for _ in range(2):
            opt.zero_grad()
            (param ** 2).sum().backward()
            opt.step()
        states.append(opt.state[param])
    assert on(p, backend), f"the parameter moved to {p.device}"
    got, want = states
    assert sorted(got) == sorted(want), f"state keys {sorted(got)} != torch's {sorted(want)}"
    for key, value in got.items():
        if hasattr(value, "device") and value.ndim > 0:
            assert on(value, backend), f"optimizer state {key!r} is on {value.device}"
    assert_same_tensor(p.detach().cpu(), pt.detach(), f"{opt_name} parameter after 2 steps")
