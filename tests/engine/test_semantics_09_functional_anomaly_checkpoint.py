"""The reference's claims, side by side on torch and the engine: 9. Functional API, anomaly mode, checkpoint.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest
import torch

from engine_helpers import (assert_same_tensor, check_message, find_warning, node_name,
                            raises, record_warnings, to_np)
from semantics_helpers import f64


# =============================================================================================
# 9. Functional API, anomaly mode, checkpoint
# =============================================================================================

def _functional_inputs(lib):
    return lib.tensor([0.5, -1.0, 2.0], dtype=lib.float64)


def _fa(x):
    return (x ** 3).sum()


def _fv(x):
    return x.sin() * x[0]


@pytest.mark.parametrize("api", ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"])
@pytest.mark.parametrize("create_graph", [False, True])
def test_functional_values_match_torch(ag, api, create_graph):
    def run(lib):
        AF = lib.autograd.functional
        x = _functional_inputs(lib)
        v = lib.tensor([1.0, 2.0, -1.0], dtype=lib.float64)
        if create_graph:
            x.requires_grad_()
        r = {"vjp": lambda: AF.vjp(_fv, x, v, create_graph=create_graph),
             "jvp": lambda: AF.jvp(_fv, x, v, create_graph=create_graph),
             "jacobian": lambda: AF.jacobian(_fv, x, create_graph=create_graph),
             "hessian": lambda: AF.hessian(_fa, x, create_graph=create_graph),
             "hvp": lambda: AF.hvp(_fa, x, v, create_graph=create_graph),
             "vhp": lambda: AF.vhp(_fa, x, v, create_graph=create_graph)}[api]()
        return r if isinstance(r, tuple) else (r,)

    got, want = run(ag), run(torch)
    assert len(got) == len(want), f"{api} returns {len(got)} items, torch {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        assert_same_tensor(g, w, f"{api} item {i}")
        assert g.requires_grad == w.requires_grad, f"{api} item {i}: detached unless create_graph=True"


def test_functional_jacobian_shape(lib):
    J = lib.autograd.functional.jacobian(lambda m: m.sum(0) * 2, lib.ones(4, 3, dtype=lib.float64))
    assert tuple(J.shape) == (3, 4, 3)


def test_vjp_v_none_only_for_single_element(lib):
    AF = lib.autograd.functional
    out, g = AF.vjp(_fa, _functional_inputs(lib))
    assert to_np(g).tolist() == (3 * np.array([0.5, -1.0, 2.0]) ** 2).tolist()
    with raises(RuntimeError, "The vector v can only be None if the user-provided function returns a single "
                              "Tensor with a single element."):
        AF.vjp(_fv, _functional_inputs(lib))


def test_hessian_needs_single_element(lib):
    with pytest.raises(RuntimeError):
        lib.autograd.functional.hessian(lambda x: x * x, _functional_inputs(lib))


def test_functional_strict(lib):
    with raises(RuntimeError, "Output 0 of the user-provided function does not require gradients. The "
                              "outputs must be computed in a differentiable manner from the input when "
                              "running in strict mode."):
        lib.autograd.functional.jacobian(lambda x: lib.ones(2, dtype=lib.float64), _functional_inputs(lib),
                                         strict=True)


def test_anomaly_mode_names_nan_node(lib):
    x = lib.tensor([0.0, 1.0], requires_grad=True)
    with record_warnings() as caught:
        with lib.autograd.detect_anomaly():
            y = x.sqrt() * 0  # 0 * sqrt'(0) = 0 * inf = nan inside SqrtBackward0
            with raises(RuntimeError, "Function 'SqrtBackward0' returned nan values in its 0th output."):
                y.sum().backward()
    find_warning(caught, UserWarning, "Anomaly Detection has been enabled. This mode will increase the "
                 "runtime and should only be enabled for debugging.")
    find_warning(caught, UserWarning, "Error detected in SqrtBackward0. Traceback of forward call that "
                 "caused the error:", "prefix")
    assert x.grad is None


def test_anomaly_mode_ignores_nan_in_forward(lib):
    x = lib.tensor([-1.0], requires_grad=True)
    with record_warnings():
        lib.autograd.set_detect_anomaly(True)
        try:
            y = x.log()  # nan in the forward pass: not flagged
            assert np.isnan(to_np(y)).all()
            y.sum().backward()
        finally:
            lib.autograd.set_detect_anomaly(False)
    assert to_np(x.grad).tolist() == [-1.0]


def _checkpoint(lib):
    return lib.utils.checkpoint.checkpoint


def test_checkpoint_non_reentrant(lib):
    calls = []

    def block(a, b):
        calls.append(1)
        return (a * b).tanh() * a

    x, w = f64(lib, [0.5, -1.0]), f64(lib, [2.0, 0.3])
    y = _checkpoint(lib)(block, x, w, use_reentrant=False)
    assert node_name(y) == "MulBackward0", "the output keeps its real grad_fn"
    gx, gw = lib.autograd.grad(y.sum(), [x, w], create_graph=True)
    assert len(calls) == 2, "fn runs twice: forward, then recompute in backward"
    gx.sum().backward()  # double backward works
    with torch.enable_grad():
        xt, wt = f64(torch, [0.5, -1.0]), f64(torch, [2.0, 0.3])
        ref = torch.autograd.grad(block(xt, wt).sum(), [xt, wt], create_graph=True)
        ref[0].sum().backward()
    assert_same_tensor(gx, ref[0], "checkpoint grad x")
    assert_same_tensor(gw, ref[1], "checkpoint grad w")
    assert_same_tensor(x.grad, xt.grad, "checkpoint double backward")


def test_checkpoint_restores_rng(lib):
    def noisy(a):
        return a * lib.rand(3, dtype=lib.float64)

    x = f64(lib, [1.0, 1.0, 1.0])
    lib.manual_seed(0)
    y = _checkpoint(lib)(noisy, x, use_reentrant=False)
    y.sum().backward()
    assert np.array_equal(to_np(x.grad), to_np(y)), "the recompute saw the same random numbers"


def test_rng_state_is_a_byte_tensor_that_restores_the_stream(lib):
    lib.manual_seed(3)
    state = lib.get_rng_state()
    assert isinstance(state, lib.Tensor) and state.dtype == lib.uint8 and state.dim() == 1
    first = lib.rand(4, dtype=lib.float64)
    lib.set_rng_state(state)
    assert np.array_equal(to_np(lib.rand(4, dtype=lib.float64)), to_np(first)), "same stream again"
    assert lib.Generator().get_state().dtype == lib.uint8
    with raises(TypeError, "RNG state must be a torch.ByteTensor"):
        lib.set_rng_state(state.long())
    with raises(TypeError, "expected a torch.ByteTensor, but got list"):
        lib.set_rng_state([1, 2])


def test_checkpoint_recompute_mismatch(lib):
    state = {"n": 0}

    def changing(a):
        state["n"] += 1
        part = a[:state["n"]]
        return (part * part).sum()  # saves `part`: shape [1] in forward, [2] in the recompute

    x = lib.ones(2, requires_grad=True)
    y = _checkpoint(lib)(changing, x, use_reentrant=False)
    with pytest.raises(RuntimeError) as info:
        y.backward()
    assert type(info.value).__name__ == "CheckpointError"
    check_message(str(info.value), "torch.utils.checkpoint: Recomputed values for the following tensors "
                  "have different metadata than during the forward pass.", "prefix")


def test_checkpoint_warns_without_use_reentrant(lib):
    x = f64(lib, [1.0])
    with record_warnings() as caught:
        try:
            _checkpoint(lib)(lambda a: a * 2, x)
        except Exception:  # the engine may support only use_reentrant=False; the warning comes first
            pass
    find_warning(caught, UserWarning, "torch.utils.checkpoint: the use_reentrant parameter should be passed "
                 "explicitly. Starting in PyTorch 2.9, calling checkpoint without use_reentrant will raise "
                 "an exception. use_reentrant=False is recommended, but if you need to preserve the current "
                 "default behavior, you can pass use_reentrant=True. Refer to docs for more details on the "
                 "differences between the two variants.")
