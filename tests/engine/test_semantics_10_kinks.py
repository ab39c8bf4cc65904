"""The reference's claims, side by side on torch and the engine: Non-differentiable points.

See ../shared/reference/torch-autograd-semantics.md; split from one file along its sections.
"""

import numpy as np
import pytest
import torch

from engine_helpers import (to_np)
from semantics_helpers import f64


# =============================================================================================
# Non-differentiable points
# =============================================================================================

def _grad_at(lib, fn, data):
    x = f64(lib, data)
    fn(x).sum().backward()
    return to_np(x.grad).tolist()


@pytest.mark.parametrize("name,fn,data,expected", [
    ("relu'(0)=0", lambda x: x.relu(), [0.0, 1.0], [0.0, 1.0]),
    ("abs'(0)=0", lambda x: x.abs(), [0.0, -2.0], [0.0, -1.0]),
    ("clamp inclusive", lambda x: x.clamp(-1.0, 1.0), [-1.0, 1.0, 2.0], [1.0, 1.0, 0.0]),
    ("clamp(min) inclusive", lambda x: x.clamp(min=0.0), [0.0, -1.0], [1.0, 0.0]),
    ("max() ties split", lambda x: x.max(), [3.0, 1.0, 3.0], [0.5, 0.0, 0.5]),
    ("min() ties split", lambda x: x.min(), [1.0, 1.0, 1.0, 5.0], [1 / 3, 1 / 3, 1 / 3, 0.0]),
    ("sqrt'(0)=inf", lambda x: x.sqrt(), [0.0, 4.0], [float("inf"), 0.25]),
    ("std unbiased", lambda x: x.std(), [1.0, 3.0], [-(2 ** -0.5), 2 ** -0.5]),
], ids=lambda v: v if isinstance(v, str) else "")
def test_non_differentiable_points(lib, name, fn, data, expected):
    assert _grad_at(lib, fn, data) == pytest.approx(expected)


def test_maximum_ties_half_each(lib):
    a, b = f64(lib, [1.0, 2.0]), f64(lib, [1.0, 0.0])
    lib.maximum(a, b).sum().backward()
    assert to_np(a.grad).tolist() == [0.5, 1.0] and to_np(b.grad).tolist() == [0.5, 0.0]


@pytest.mark.parametrize("reduce", ["max", "min"])
def test_reduce_dim_ties_give_one_index(lib, reduce):
    m = f64(lib, [[2.0, 2.0, 1.0], [0.0, 0.0, 0.0]])
    values, idx = getattr(m, reduce)(dim=1)
    values.sum().backward()
    g = to_np(m.grad)
    assert (g.sum(1) == 1.0).all() and ((g == 1.0).sum(1) == 1).all(), "whole gradient to one index"
    assert g[np.arange(2), to_np(idx)].tolist() == [1.0, 1.0], "to the index it returned"
    tm = f64(torch, [[2.0, 2.0, 1.0], [0.0, 0.0, 0.0]])
    assert to_np(getattr(tm, reduce)(dim=1)[1]).tolist() == to_np(idx).tolist(), "same index as torch"


def test_where_sqrt_at_zero_is_nan(lib):
    x = f64(lib, [0.0, 4.0])
    lib.where(x > 0, x.sqrt(), lib.zeros(2, dtype=lib.float64)).sum().backward()
    g = to_np(x.grad)
    assert np.isnan(g[0]) and g[1] == 0.25
