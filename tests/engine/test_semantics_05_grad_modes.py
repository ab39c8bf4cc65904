"""The reference's claims, side by side on torch and the engine: 5. Grad modes, detach vs .data, numpy().

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest

from engine_helpers import (node_name,
                            raises, to_np)
from semantics_helpers import f64


# =============================================================================================
# 5. Grad modes, detach vs .data, numpy()
# =============================================================================================

def test_no_grad(lib):
    x = f64(lib, [1.0])
    with lib.no_grad():
        y = x * 2
        made = lib.ones(2, requires_grad=True)
        with lib.enable_grad():
            z = x * 2
    assert y.is_leaf and not y.requires_grad
    assert made.requires_grad and made.is_leaf
    assert z.requires_grad and node_name(z) == "MulBackward0"


def test_no_grad_and_enable_grad_as_decorators(lib):
    x = f64(lib, [1.0])

    @lib.no_grad()
    def off(t):
        return t * 2

    @lib.enable_grad()
    def on(t):
        return t * 2

    assert not off(x).requires_grad
    with lib.no_grad():
        assert on(x).requires_grad
    assert (x * 2).requires_grad, "the decorator restored the mode"


@pytest.mark.parametrize("mode", [True, False])
def test_set_grad_enabled(lib, mode):
    x = f64(lib, [1.0])
    with lib.set_grad_enabled(mode):
        assert (x * 2).requires_grad == mode
    assert (x * 2).requires_grad

    @lib.set_grad_enabled(mode)
    def f(t):
        return t * 2

    assert f(x).requires_grad == mode
    assert (x * 2).requires_grad
    lib.set_grad_enabled(False)  # a plain call switches the mode until switched back
    try:
        assert not (x * 2).requires_grad
    finally:
        lib.set_grad_enabled(True)
    assert (x * 2).requires_grad


def test_no_grad_restores_mode_after_exception(lib):
    x = f64(lib, [1.0])
    with pytest.raises(KeyError):
        with lib.no_grad():
            raise KeyError
    assert (x * 2).requires_grad


def test_detach_shares_storage_and_version(lib):
    x = f64(lib, [1.0, 2.0])
    y = x.exp()
    d = y.detach()
    d.add_(1)
    assert to_np(y).tolist() == to_np(d).tolist(), "detach shares storage"
    assert y._version == d._version == 1
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation", "prefix"):
        y.sum().backward()


def test_data_does_not_share_version(lib):
    x = f64(lib, [1.0, 2.0])
    y = x.exp()
    y.data.add_(1)  # silently changes the saved output
    assert y._version == 0
    y.sum().backward()
    assert np.allclose(to_np(x.grad), np.exp([1.0, 2.0]) + 1), "backward used the modified value"


def test_requires_grad_false_on_nonleaf(lib):
    y = f64(lib, [1.0]) * 2
    with raises(RuntimeError, "you can only change requires_grad flags of leaf variables. If you want to "
                              "use a computed variable in a subgraph that doesn't require "
                              "differentiation use var_no_grad = var.detach()."):
        y.requires_grad_(False)
    y.requires_grad_(True)  # a no-op


def test_numpy_of_tensor_requiring_grad(lib):
    x = f64(lib, [1.0])
    with raises(RuntimeError, "Can't call numpy() on Tensor that requires grad. Use "
                              "tensor.detach().numpy() instead."):
        x.numpy()
