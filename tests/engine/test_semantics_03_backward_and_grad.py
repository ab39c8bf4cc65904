"""The reference's claims, side by side on torch and the engine: 3. backward() / autograd.grad.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest
import torch

from engine_helpers import (dtype_name, find_warning, raises, record_warnings, to_np)
from semantics_helpers import SECOND_TIME, f64


# =============================================================================================
# 3. backward() / autograd.grad
# =============================================================================================

@pytest.mark.parametrize("shape", [(), (1,), (1, 1)], ids=str)
def test_implicit_gradient_needs_numel_1(lib, shape):
    x = f64(lib, np.full(shape, 2.0))
    (x * 3).backward()
    assert to_np(x.grad).tolist() == np.full(shape, 3.0).tolist()


def test_implicit_gradient_rejects_bigger_outputs(lib):
    with raises(RuntimeError, "grad can be implicitly created only for scalar outputs"):
        (f64(lib, [1.0, 2.0]) * 2).backward()


def test_gradient_shape_must_match_exactly(lib):
    x = f64(lib, [1.0, 2.0, 3.0])
    with raises(RuntimeError, "Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and "
                              "output[0] has a shape of torch.Size([3])."):
        (x * 2).backward(lib.ones(2))
    with raises(RuntimeError, "Mismatch in shape: grad_output[0] has a shape of torch.Size([]) and "
                              "output[0] has a shape of torch.Size([3])."):
        (x * 2).backward(lib.tensor(1.0))  # never broadcast, not even from a scalar


@pytest.mark.parametrize("gdtype", ["float64", "int64"])
def test_gradient_dtype_is_cast(lib, gdtype):
    x = lib.ones(2, requires_grad=True)  # float32
    (x * 2).backward(lib.tensor([1, 1], dtype=getattr(lib, gdtype)))
    assert dtype_name(x.grad) == "float32" and to_np(x.grad).tolist() == [2.0, 2.0]


def test_second_backward_message(lib):
    x = f64(lib, [1.0, 2.0])
    y = (x * 2).sum()
    y.backward()
    with raises(RuntimeError, SECOND_TIME):
        y.backward()


def test_second_backward_without_saved_tensors_is_allowed(lib):
    x = f64(lib, [1.0, 2.0])
    y = (x + 1).sum()
    y.backward()
    y.backward()
    assert to_np(x.grad).tolist() == [2.0, 2.0]


def test_second_backward_raised_only_at_the_freed_node(lib):
    """Only a node whose saved tensors were freed raises; branches before it already ran."""
    x, z = f64(lib, [1.0]), f64(lib, [1.0])
    y = (x.exp() + z).sum()
    y.backward()
    with raises(RuntimeError, SECOND_TIME):
        y.backward()


def test_retain_graph_defaults_to_create_graph(lib):
    x = f64(lib, [1.0, 2.0])
    y = (x * x).sum()
    with record_warnings():
        y.backward(create_graph=True)
    y.backward()  # the graph was retained
    assert to_np(x.grad).tolist() == [4.0, 8.0]


def test_backward_of_output_without_grad(lib):
    with raises(RuntimeError, "element 0 of tensors does not require grad and does not have a grad_fn"):
        lib.ones(2).sum().backward()


def test_autograd_grad_returns_tuple_and_leaves_grad_alone(lib):
    x = f64(lib, [1.0, 2.0])
    r = lib.autograd.grad((x * x).sum(), x)
    assert isinstance(r, tuple) and len(r) == 1 and to_np(r[0]).tolist() == [2.0, 4.0]
    assert x.grad is None


def test_autograd_grad_input_without_grad(lib):
    x, c = f64(lib, [1.0]), lib.ones(1)
    with raises(RuntimeError, "One of the differentiated Tensors does not require grad"):
        lib.autograd.grad((x * c).sum(), [x, c])


def test_autograd_grad_unused_input(lib):
    x, u = f64(lib, [1.0]), f64(lib, [1.0])
    with raises(RuntimeError, "The differentiated Tensor at index 1 appears to not have been used in "
                              "the graph. Set allow_unused=True if this is the desired behavior."):
        lib.autograd.grad((x * 2).sum(), [x, u])
    gx, gu = lib.autograd.grad((x * 2).sum(), [x, u], allow_unused=True)
    assert gu is None and to_np(gx).tolist() == [2.0]
    gx, gu = lib.autograd.grad((x * 2).sum(), [x, u], materialize_grads=True)
    assert to_np(gu).tolist() == [0.0]
    with raises(ValueError, "Expected allow_unused to be True or not passed when materialize_grads=True, "
                            "but got: allow_unused=False."):
        lib.autograd.grad((x * 2).sum(), [x, u], allow_unused=False, materialize_grads=True)


def test_autograd_grad_length_mismatch(lib):
    x = f64(lib, [1.0])
    with raises(RuntimeError, "got 2 tensors and 1 gradients"):
        lib.autograd.grad([(x * 2).sum(), (x * 3).sum()], x, grad_outputs=[lib.tensor(1.0)])


def test_autograd_grad_only_inputs_is_deprecated(lib):
    x = f64(lib, [1.0])
    with record_warnings() as caught:
        (g,) = lib.autograd.grad((x * 2).sum(), x, only_inputs=False)
    find_warning(caught, FutureWarning, "only_inputs argument is deprecated and is ignored now (defaults "
                 "to True). To accumulate gradient for other parts of the graph, please use "
                 "torch.autograd.backward.")
    assert to_np(g).tolist() == [2.0] and x.grad is None


def test_create_graph_result_depends_on_graph(lib):
    x = f64(lib, [3.0])
    (g,) = lib.autograd.grad((2 * x).sum(), x, create_graph=True)
    assert repr(g) == repr(torch.tensor([2.0], dtype=torch.float64))
    assert not g.requires_grad and g.grad_fn is None
    (g,) = lib.autograd.grad((x ** 3).sum(), x, create_graph=True)
    assert g.requires_grad and g.grad_fn is not None
    (gg,) = lib.autograd.grad(g.sum(), x, create_graph=True)
    (ggg,) = lib.autograd.grad(gg.sum(), x)
    assert [to_np(t).tolist() for t in (g, gg, ggg)] == [[27.0], [18.0], [6.0]]  # reference 10(e)


def test_backward_inputs(lib):
    a, b = f64(lib, [1.0]), f64(lib, [2.0])
    (a * b).sum().backward(inputs=[a])
    assert to_np(a.grad).tolist() == [2.0] and b.grad is None
    with raises(RuntimeError, "`inputs` argument to `backward()` cannot be empty."):
        (a * b).sum().backward(inputs=[])
