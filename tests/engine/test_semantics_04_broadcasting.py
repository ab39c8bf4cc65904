"""The reference's claims, side by side on torch and the engine: 4. Broadcasting.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest

from engine_helpers import (dtype_name, to_np)
from semantics_helpers import f64


# =============================================================================================
# 4. Broadcasting
# =============================================================================================

@pytest.mark.parametrize("shape", [(3,), (2, 1), (), (1,)], ids=str)
def test_broadcast_grad_keeps_shape(lib, shape):
    x = f64(lib, np.ones(shape))
    y = f64(lib, np.ones((2, 3)))
    (x * y).sum().backward()
    assert tuple(x.grad.shape) == shape
    want = np.broadcast_to(np.ones(shape), (2, 3)).size / max(int(np.prod(shape)), 1)
    assert np.allclose(to_np(x.grad), want)


def test_grad_dtype_follows_each_leaf(lib):
    a = lib.ones(2, requires_grad=True)
    b = lib.ones(2, dtype=lib.float64, requires_grad=True)
    y = a + b
    assert dtype_name(y) == "float64"
    y.sum().backward()
    assert dtype_name(a.grad) == "float32" and dtype_name(b.grad) == "float64"


def test_expand_repeated_index_batched_weight_sum(lib):
    x = f64(lib, [[1.0], [2.0]])
    x.expand(2, 3).sum().backward()
    assert to_np(x.grad).tolist() == [[3.0], [3.0]]
    v = f64(lib, [1.0, 2.0, 3.0])
    v[lib.tensor([0, 0, 2, 0])].sum().backward()
    assert to_np(v.grad).tolist() == [3.0, 0.0, 1.0]
    w = f64(lib, np.ones((3, 2)))
    (lib.ones(4, 2, 3, dtype=lib.float64) @ w).sum().backward()
    assert to_np(w.grad).tolist() == [[8.0, 8.0]] * 3
