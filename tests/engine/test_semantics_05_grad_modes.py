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


@pytest.mark.parametrize("cast", ["long", "int", "short", "bool", "to_int64", "argmax", "eq"])
def test_integer_and_bool_results_are_never_tracked(lib, cast):
    x = f64(lib, [1.5, -2.0])
    y = {"long": lambda: x.long(), "int": lambda: x.int(), "short": lambda: x.short(), "bool": lambda: x.bool(),
         "to_int64": lambda: x.to(lib.int64), "argmax": lambda: x.argmax(), "eq": lambda: x == 1.5}[cast]()
    assert not y.requires_grad and y.grad_fn is None and y.is_leaf


def test_factories_under_inference_mode_make_inference_tensors(lib):
    with lib.inference_mode():
        made = [lib.ones(2), lib.zeros(2), lib.tensor([1.0]), lib.arange(3), lib.full((2,), 3.0), lib.eye(2),
                lib.linspace(0, 1, 3), lib.randn(2)]
    assert all(t.is_inference() for t in made)
    assert not lib.ones(2).is_inference()
    with raises(RuntimeError, "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."):
        made[0].requires_grad_()
    made[0].requires_grad_(False)  # turning it off is allowed


def test_saved_tensor_pack_hooks_run_under_no_grad_and_post_accumulate_hooks_in_backwards_mode(lib):
    x = f64(lib, [1.0, 2.0])
    seen = []

    def pack(t):
        seen.append(("pack", t.requires_grad, lib.is_grad_enabled()))
        return t

    with lib.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = (x * x).sum()
    x.register_post_accumulate_grad_hook(lambda t: seen.append(("post", lib.is_grad_enabled())))
    y.backward(create_graph=False)
    (x * 3).sum().backward(create_graph=True)
    assert seen == [("pack", True, False), ("pack", True, False), ("post", False), ("post", True)]
    assert lib.is_grad_enabled()


@pytest.mark.parametrize("name", ["float16", "bfloat16", "float32", "float64", "int8", "int16", "int32",
                                  "int64", "uint8"])
def test_finfo_and_iinfo_match_torch(lib, name):
    import torch

    def limits(L):
        d = getattr(L, name)
        if d.is_floating_point:
            f = L.finfo(d)
            with raises(TypeError, "torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                                   "'torch.iinfo'"):
                L.iinfo(d)
            return repr(f), f.bits, f.resolution, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.dtype
        f = L.iinfo(d)
        with raises(TypeError, "torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                               "'torch.finfo'"):
            L.finfo(d)
        return repr(f), f.bits, f.min, f.max, f.dtype

    assert limits(lib) == limits(torch)
    assert repr(lib.finfo()) == repr(torch.finfo())


def test_operators_hand_foreign_operands_to_python(lib):
    """A tensor with an object it does not know: NotImplemented, so the object's reflected method
    runs (a dual number's __rmul__) or Python raises its TypeError, as torch."""
    class Other:
        def __rmul__(self, o):
            return "rmul"

        def __radd__(self, o):
            return "radd"

        def __rmatmul__(self, o):
            return "rmatmul"

    t = lib.ones(2)
    assert (t * Other(), t + Other(), t @ Other()) == ("rmul", "radd", "rmatmul")
    for f, sym, other in ((lambda: t + [1.0, 2.0], "+", "list"), (lambda: t - (1, 2), "-", "tuple"),
                          (lambda: t + None, "+", "NoneType"), (lambda: t & Other(), "&", "Other")):
        with raises(TypeError, f"unsupported operand type(s) for {sym}: 'Tensor' and '{other}'"):
            f()
    with raises(TypeError, "'<' not supported between instances of 'Tensor' and 'object'"):
        t < object()
    assert (t == object()) is False and (t != object()) is True and (t == None) is False  # noqa: E711
    assert (t + np.ones(2)).dtype == lib.float64 and (2 - t).tolist() == [1.0, 1.0]
