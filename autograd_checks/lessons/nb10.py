"""Notebook 10's test helpers (GPUs and memory): the device, the exercises' toy problem, autocast's
op table.

The locked helpers cell imports everything here with ``from autograd_checks.lessons.nb10 import *``:
the checks of :mod:`autograd_checks`, numpy, ``autograd_core`` as ``torch``, and the names below.
"""
import math
import warnings

import numpy as np

import autograd_core as torch
from autograd_core import nn
from autograd_checks import (as_np, call, check_close, check_equal, check_gradcheck, check_not_used,
                             check_raises, check_true)

__all__ = ["np", "math", "warnings", "torch", "nn", "as_np", "call", "check_close", "check_equal",
           "check_true", "check_raises", "check_gradcheck", "check_not_used", "HAS_GPU", "device",
           "toy_problem", "toy_loss", "AUTOCAST_OPS", "observed_autocast_dtype", "grad_norm"]

#: Whether a CUDA device is there (the GPU measurements and test cases run only then).
HAS_GPU = torch.cuda.is_available()
#: The device the exercises' models live on: "cuda" when there is a GPU, else "cpu".
device = "cuda" if HAS_GPU else "cpu"


def toy_problem(seed, N, D=4, C=3):
    """A float64 softmax-regression problem: params [W (C, D), b (C,)], inputs X (N, D), labels y (N,)."""
    r = np.random.default_rng(seed)
    W = torch.tensor(r.normal(size=(C, D)), requires_grad=True)
    b = torch.tensor(r.normal(size=(C,)), requires_grad=True)
    return [W, b], torch.tensor(r.normal(size=(N, D))), torch.tensor(r.integers(0, C, size=N))


def toy_loss(params, X, y):
    """Mean cross-entropy of the linear classifier `params` on (X, y)."""
    W, b = params
    return nn.CrossEntropyLoss()(X @ W.T + b, y)


def _labels():
    return torch.zeros(3, dtype=torch.int64)


#: The ops of the autocast exercise: name -> (how to call it on 3 x 3 tensors, number of tensor
#: inputs). Every input is a 3 x 3 matrix of ones of the given dtype; cross_entropy's class labels
#: (int64) are made here and are not among its inputs.
AUTOCAST_OPS = {
    "matmul": (lambda a, b: torch.matmul(a, b), 2),
    "mm": (lambda a, b: torch.mm(a, b), 2),
    "linear": (lambda a, b: nn.functional.linear(a, b), 2),
    "mse_loss": (lambda a, b: nn.functional.mse_loss(a, b), 2),
    "l1_loss": (lambda a, b: nn.functional.l1_loss(a, b), 2),
    "cross_entropy": (lambda a: nn.functional.cross_entropy(a, _labels()), 1),
    "prod": (lambda a: torch.prod(a), 1),
    "add": (lambda a, b: torch.add(a, b), 2),
    "mul": (lambda a, b: torch.mul(a, b), 2),
    "sub": (lambda a, b: torch.sub(a, b), 2),
    "exp": (lambda a: torch.exp(a), 1),
    "tanh": (lambda a: torch.tanh(a), 1),
    "relu": (lambda a: torch.relu(a), 1),
    "sum": (lambda a: torch.sum(a), 1),
    "softmax": (lambda a: torch.softmax(a, dim=1), 1),
}


def observed_autocast_dtype(op, input_dtypes, low):
    """The dtype of ``op``'s result (an AUTOCAST_OPS name) on 3 x 3 CPU tensors of ``input_dtypes``,
    run under ``torch.autocast("cpu", dtype=low)``: what the autocast exercise predicts."""
    fn, arity = AUTOCAST_OPS[op]
    if len(input_dtypes) != arity:
        raise ValueError(f"{op} takes {arity} tensor input(s), got dtypes {input_dtypes}")
    inputs = [torch.ones(3, 3, dtype=dt) for dt in input_dtypes]
    with torch.autocast("cpu", dtype=low):
        return fn(*inputs).dtype


def grad_norm(params):
    """The 2-norm of all the parameters' gradients together (None gradients count as zero), a float."""
    total = 0.0
    for p in params:
        if p.grad is not None:
            total += float((as_np(p.grad).astype(np.float64) ** 2).sum())
    return math.sqrt(total)
