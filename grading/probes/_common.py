"""Set-up code shared by several probe files (prepended to their SETUP; it runs in the sandbox)."""

HELPERS = '''
import math
import warnings
import numpy as np
import autograd_core as torch

warnings.simplefilter("ignore")


def _p_rand(*shape, seed, requires_grad=True, low=None, high=None):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape) if low is None else rng.uniform(low, high, shape)
    return torch.tensor(a, dtype=torch.float64, requires_grad=requires_grad)


def _p_np(t):
    return t.detach().numpy() if hasattr(t, "detach") else np.asarray(t)


def _p_gradcheck(fn, inputs, second=False):
    ok = bool(torch.autograd.gradcheck(fn, inputs, raise_exception=False))
    if second:
        ok = ok and bool(torch.autograd.gradgradcheck(fn, inputs, raise_exception=False))
    return ok
'''
