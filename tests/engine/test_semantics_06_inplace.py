"""The reference's claims, side by side on torch and the engine: 6. In-place.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import pytest

from engine_helpers import (node_name,
                            raises, to_np)
from semantics_helpers import INPLACE_HINT, f64


# =============================================================================================
# 6. In-place
# =============================================================================================

def test_version_counter(lib):
    t = lib.zeros(4)
    assert t._version == 0
    t.add_(1)
    t.mul_(2)
    t[0] = 5.0
    t += 1
    assert t._version == 4
    v = t[1:3]
    v.zero_()
    assert t._version == v._version == 5, "a view and its base share one counter"
    t.view(2, 2).fill_(1.0)
    assert v._version == 6


def test_modified_saved_output_message(lib):
    a = lib.ones(3, requires_grad=True)
    y = a.exp()
    y.add_(1)
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation: [torch.FloatTensor [3]], which is output 0 of "
                              "Exp, is at version 1; expected version 0 instead. " + INPLACE_HINT):
        y.sum().backward()


def test_modified_saved_leaf_message(lib):
    """Under no_grad an in-place on a leaf is allowed and bumps its version; a graph that saved it
    then fails, and the message has no 'which is output 0 of' part."""
    a = lib.ones(3, dtype=lib.float64, requires_grad=True)
    y = a.sin()
    with lib.no_grad():
        a.mul_(2)
    assert a._version == 1
    with raises(RuntimeError, "one of the variables needed for gradient computation has been modified "
                              "by an inplace operation: [torch.DoubleTensor [3]] is at version 1; "
                              "expected version 0 instead. " + INPLACE_HINT):
        y.sum().backward()


def test_inplace_on_unsaved_result_is_fine(lib):
    x = f64(lib, [1.0, 2.0])
    y = x * 2
    y.add_(1)
    assert node_name(y) == "AddBackward0"
    y.sum().backward()
    assert to_np(x.grad).tolist() == [2.0, 2.0]


@pytest.mark.parametrize("how", ["add_", "iadd", "zero_", "fill_", "clamp_", "copy_"])
def test_inplace_on_leaf_requiring_grad(lib, how):
    x = lib.ones(3, requires_grad=True)
    ops = {"add_": lambda: x.add_(1), "iadd": lambda: x.__iadd__(1), "zero_": lambda: x.zero_(),
           "fill_": lambda: x.fill_(2.0), "clamp_": lambda: x.clamp_(0, 1),
           "copy_": lambda: x.copy_(lib.zeros(3))}
    with raises(RuntimeError, "a leaf Variable that requires grad is being used in an in-place operation."):
        ops[how]()
    assert x._version == 0


@pytest.mark.parametrize("how", ["setitem", "slice-view", "view"])
def test_inplace_on_view_of_leaf(lib, how):
    x = lib.ones(3, requires_grad=True)
    ops = {"setitem": lambda: x.__setitem__(0, 5.0), "slice-view": lambda: x[:2].add_(1),
           "view": lambda: x.view(3).mul_(2)}
    with raises(RuntimeError, "a view of a leaf Variable that requires grad is being used in an "
                              "in-place operation."):
        ops[how]()


def test_inplace_bringing_in_grad(lib):
    plain = lib.zeros(2, dtype=lib.float64)
    b = f64(lib, [1.0, 2.0])
    plain.add_(b)
    assert plain.requires_grad and not plain.is_leaf
    a = lib.zeros(3, dtype=lib.float64)
    a[0] = b[1]
    assert node_name(a) == "CopySlices"
    (a * 3).sum().backward()
    assert to_np(b.grad).tolist() == [0.0, 3.0]


def test_view_made_in_no_grad_modified_with_grad(lib):
    y = f64(lib, [1.0, 2.0, 3.0]) * 1
    with lib.no_grad():
        v = y[:2]
    with raises(RuntimeError, "A view was created in no_grad mode and is being modified inplace with grad "
                              "mode enabled. Given that this use case is ambiguous and error-prone, it "
                              "is forbidden. You can clarify your code by moving both the view and the "
                              "inplace either both inside the no_grad block (if you don't want the "
                              "inplace to be tracked) or both outside (if you want the inplace to be "
                              "tracked)."):
        v.mul_(2)
