"""gradcheck / gradgradcheck: compare backward's Jacobian with central finite differences.

Like torch's (torch/autograd/gradcheck.py), in slow mode:
  numerical  J[i, j] = (f(x + eps e_i) - f(x - eps e_i))_j / (2 eps), perturbing each input element
             in place and restoring it;
  analytical one ``autograd.grad`` per output element with a one-hot ``grad_outputs``, run twice to
             check that backward is reentrant (deterministic);
both shaped (input_numel, output_numel) and compared with ``allclose(a, n, rtol, atol)``.
fast_mode compares v^T J u both ways for random unit vectors u, v instead of whole Jacobians.
"""

import warnings

import numpy as np

from .._tensor import Tensor
from .backprop import grad
from .._creation import tensor, zeros_like
from .function import FunctionCtx


class GradcheckError(RuntimeError):
    """Raised by gradcheck when the gradients disagree (a RuntimeError, as in torch)."""


def _as_tuple(x):
    return x if isinstance(x, (tuple, list)) else (x,)


def _differentiable_outputs(out):
    return tuple(o for o in _as_tuple(out) if isinstance(o, Tensor) and o.requires_grad)


def _all_outputs(out):
    return tuple(o for o in _as_tuple(out) if isinstance(o, Tensor))


def _host(t):
    return np.array(
        t.detach().cpu().numpy() if t.device.type != "cpu" else t.detach().numpy(force=True),
        dtype=np.float64,
    )  # a copy


def _fmt(arr, dtype):
    return repr(tensor(arr, dtype=dtype))


def _numerical_jacobians(func, inputs, outputs_template, eps):
    """One (numel_in, numel_out) matrix per (input, output), by central differences in place."""
    jac = []
    for t in inputs:
        if not (isinstance(t, Tensor) and t.requires_grad):
            jac.append(None)
            continue
        data = t._data  # perturbed in place, element by element, then restored
        cols = [np.zeros((t.numel(), o.numel())) for o in outputs_template]
        for i in range(t.numel()):
            idx = np.unravel_index(i, tuple(t.shape)) if t.ndim else ()
            orig = float(data[idx])
            data[idx] = orig + eps
            plus = [_host(o) for o in _all_outputs(func(*inputs))]
            data[idx] = orig - eps
            minus = [_host(o) for o in _all_outputs(func(*inputs))]
            data[idx] = orig
            for k in range(len(outputs_template)):
                cols[k][i] = ((plus[k] - minus[k]) / (2 * eps)).reshape(-1)
        jac.append(cols)
    return jac


def _analytical_jacobians(outputs, inputs, nondet_tol):
    """Rows from one autograd.grad per output element; computed twice to check reentrancy."""
    diff_inputs = [t for t in inputs if isinstance(t, Tensor) and t.requires_grad]
    result = []
    reentrant = True
    correct_size = True
    for o in outputs:
        per_input = [np.zeros((t.numel(), o.numel())) for t in diff_inputs]
        if not o.requires_grad:
            result.append(per_input)
            continue
        for j in range(o.numel()):
            onehot = zeros_like(o).reshape(-1)
            onehot._data[j] = 1
            onehot = onehot.reshape(o.shape)
            g1 = grad(o, diff_inputs, onehot, retain_graph=True, allow_unused=True)
            g2 = grad(o, diff_inputs, onehot, retain_graph=True, allow_unused=True)
            for k, (a, b) in enumerate(zip(g1, g2)):
                if a is None:
                    continue
                if a.shape != diff_inputs[k].shape:
                    correct_size = False
                    continue
                av, bv = _host(a).reshape(-1), _host(b).reshape(-1)
                if np.max(np.abs(av - bv), initial=0.0) > nondet_tol:
                    reentrant = False
                per_input[k][:, j] = av
        result.append(per_input)
    return result, reentrant, correct_size


def _check_inputs(inputs, check_grad_dtypes):
    tensors = [t for t in inputs if isinstance(t, Tensor)]
    if not any(t.requires_grad for t in tensors):
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, but none of them "
            "have "
            "requires_grad=True."
        )
    for i, t in enumerate(inputs):
        if isinstance(t, Tensor) and t.requires_grad:
            if t.dtype.name != "float64":
                warnings.warn(
                    f"Input #{i} requires gradient and is not a double precision floating point or "
                    "complex. This check will likely fail if all the inputs are not of double "
                    "precision "
                    "floating point or complex. ",
                    UserWarning,
                    stacklevel=3,
                )
            strides = getattr(t._data, "strides", None)
            if strides is not None and any(s == 0 and n > 1 for s, n in zip(strides, t.shape)):
                raise RuntimeError(
                    f"The {i}th input has a dimension with stride 0. gradcheck only supports "
                    "inputs "
                    "that are non-overlapping to be able to compute the numerical gradients "
                    "correctly. You should call .contiguous on the input before passing it to "
                    "gradcheck."
                )


def _fail(msg, raise_exception):
    if raise_exception:
        raise GradcheckError(msg)
    return False


def gradcheck(
    func,
    inputs,
    *,
    eps=1e-6,
    atol=1e-5,
    rtol=1e-3,
    raise_exception=True,
    nondet_tol=0.0,
    check_undefined_grad=True,
    check_grad_dtypes=False,
    check_batched_grad=False,
    check_backward_ad=True,
    fast_mode=False,
    masked=None,
):
    """Check the gradients of `func` at `inputs` against central finite differences (float64!).

    Args:
        func: a function of tensors returning a tensor or a tuple of tensors.
        inputs: a tensor or a tuple of arguments; those with requires_grad=True are checked.
        eps, atol, rtol: the finite-difference step and the allclose tolerances (torch's defaults).
        raise_exception: raise GradcheckError on failure (else return False).
        nondet_tol: how much two backward runs with the same input may differ.
        fast_mode: compare v^T J u for random u, v instead of the whole Jacobian.
    Returns:
        True when every check passed.
    """
    inputs = _as_tuple(inputs)
    _check_inputs(inputs, check_grad_dtypes)
    all_outs = _all_outputs(func(*inputs))
    outputs = tuple(o for o in all_outs if o.requires_grad)
    if not outputs:
        numerical = _numerical_jacobians(func, inputs, all_outs, eps)
        for cols in numerical:
            for c in cols or ():
                if np.any(np.abs(c) > atol):
                    return _fail(
                        "Numerical gradient for function expected to be zero", raise_exception
                    )
        return True
    diff_inputs = [
        (i, t) for i, t in enumerate(inputs) if isinstance(t, Tensor) and t.requires_grad
    ]
    if fast_mode:
        ok = _fast_check(
            func,
            inputs,
            outputs,
            all_outs,
            diff_inputs,
            eps,
            atol,
            rtol,
            nondet_tol,
            raise_exception,
        )
        if ok is not True:
            return ok
    else:
        numerical = _numerical_jacobians(func, inputs, all_outs, eps)
        analytical, reentrant, correct_size = _analytical_jacobians(all_outs, inputs, nondet_tol)
        if not correct_size:
            return _fail("Analytical gradient has incorrect size", raise_exception)
        for oi, o in enumerate(all_outs):
            for k, (ii, t) in enumerate(diff_inputs):
                a, n = analytical[oi][k], numerical[ii][oi]
                if not np.allclose(a, n, rtol=rtol, atol=atol):
                    return _fail(
                        f"Jacobian mismatch for output {oi} with respect to input {ii},\n"
                        f"numerical:{_fmt(n, t.dtype)}\nanalytical:{_fmt(a, t.dtype)}\n"
                        + _first_mismatch(a, n, rtol, atol, t, o, ii, oi),
                        raise_exception,
                    )
        if not reentrant:
            return _fail(_NONDET.format(nondet_tol), raise_exception)
    if not _check_zero_grad_outputs(outputs, diff_inputs, raise_exception):
        return False
    if check_undefined_grad:
        return _check_undefined_grads(func, inputs, raise_exception)
    return True


_UNDEFINED = (
    'Expected backward function to handle undefined output grads. Please look at "Notes about '
    'undefined output gradients" in "tools/autograd/derivatives.yaml"'
)


def _check_undefined_grads(func, inputs, raise_exception):
    """Custom Functions must cope with outputs that got no gradient (None when materialize is
    off)."""
    for o in _differentiable_outputs(func(*inputs)):
        node = o.grad_fn
        if not isinstance(node, FunctionCtx):
            continue  # built-in rules never see a missing gradient
        try:
            grads = node.apply([None] * node.num_outputs)
        except Exception:
            warnings.warn(
                "Backwards compatibility: New undefined gradient support checking feature is "
                "enabled by "
                "default, but it may break existing callers of this function. If this is true for "
                "you, you "
                'can call this function with "check_undefined_grad=False" to disable the feature',
                UserWarning,
                stacklevel=3,
            )
            return _fail(_UNDEFINED, raise_exception)
        for g in grads:
            if g is not None and np.any(_host(g) != 0):
                return _fail(
                    "Expected all input grads to be undefined or zero when all output grads are "
                    "undefined "
                    'or zero. Please look at "Notes about undefined output gradients" in '
                    '"tools/autograd/derivatives.yaml"',
                    raise_exception,
                )
    return True


def _first_mismatch(a, n, rtol, atol, t, o, ii, oi):
    """Name the first Jacobian entry that differs (torch prints only the matrices)."""
    bad = np.argwhere(~np.isclose(a, n, rtol=rtol, atol=atol))
    i, j = bad[0]
    at_in = tuple(int(k) for k in np.unravel_index(i, tuple(t.shape))) if t.ndim else ()
    at_out = tuple(int(k) for k in np.unravel_index(j, tuple(o.shape))) if o.ndim else ()
    more = f" ({len(bad) - 1} more entries differ)" if len(bad) > 1 else ""
    return (
        f"First mismatch: d output {oi}{list(at_out)} / d input {ii}{list(at_in)}: numerical "
        f"{n[i, j]:.6g}, "
        f"analytical {a[i, j]:.6g}{more}\n"
    )


_NONDET = (
    "Backward is not reentrant, i.e., running backward with same input and grad_output multiple "
    "times "
    "gives different values, although analytical gradient matches numerical gradient.The "
    "tolerance for "
    "nondeterminism was {}."
)


def _check_zero_grad_outputs(outputs, diff_inputs, raise_exception):
    """Zero grad_outputs must give zero gradients."""
    gs = grad(
        outputs,
        [t for _, t in diff_inputs],
        [zeros_like(o) for o in outputs],
        retain_graph=True,
        allow_unused=True,
    )
    for g in gs:
        if g is not None and np.any(_host(g) != 0):
            return _fail("backward not multiplied by grad_output", raise_exception)
    return True


def _fast_check(
    func, inputs, outputs, all_outs, diff_inputs, eps, atol, rtol, nondet_tol, raise_exception
):
    rng = np.random.default_rng(0)
    for oi, o in enumerate(all_outs):
        if not o.requires_grad:
            continue
        v = rng.standard_normal(o.numel())
        v /= np.linalg.norm(v) or 1.0
        for ii, t in diff_inputs:
            u = rng.standard_normal(t.numel())
            u /= np.linalg.norm(u) or 1.0
            data = t._data
            orig = data.copy()
            step = eps * u.reshape(tuple(t.shape))
            data[...] = orig + step
            plus = _host(_all_outputs(func(*inputs))[oi]).reshape(-1)
            data[...] = orig - step
            minus = _host(_all_outputs(func(*inputs))[oi]).reshape(-1)
            data[...] = orig
            numerical = float(v @ ((plus - minus) / (2 * eps)))
            vt = tensor(v.reshape(tuple(o.shape)), dtype=o.dtype, device=o.device)
            (g,) = grad(o, [t], vt, retain_graph=True, allow_unused=True)
            analytical = 0.0 if g is None else float(_host(g).reshape(-1) @ u)
            scaled_atol = atol * float(np.sum(np.abs(u))) * float(np.sum(np.abs(v)))
            if not abs(analytical - numerical) <= scaled_atol + rtol * abs(numerical):
                msg = (
                    f"Jacobian mismatch for output {oi} with respect to input {ii},\n"
                    f"numerical:{numerical}\nanalytical:{analytical}\n\n"
                    "The above quantities relating the numerical and analytical jacobians are "
                    "computed \n"
                    "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more "
                    "background \n"
                    "about fast mode. Below, we recompute numerical and analytical jacobians in "
                    "slow mode:\n\n"
                )
                numerical_full = _numerical_jacobians(func, inputs, all_outs, eps)[ii][oi]
                analytical_full = _analytical_jacobians(all_outs, inputs, nondet_tol)[0][oi][
                    [k for k, (j, _) in enumerate(diff_inputs) if j == ii][0]
                ]
                msg += (
                    "Numerical:\n "
                    f"{_fmt(numerical_full, t.dtype)}\nAnalytical:\n"
                    f"{_fmt(analytical_full, t.dtype)}\n\n"
                    "The max per-element difference (slow mode) is: "
                    f"{float(np.max(np.abs(numerical_full - analytical_full)))}.\n"
                )
                return _fail(msg, raise_exception)
    return True


def gradgradcheck(
    func,
    inputs,
    grad_outputs=None,
    *,
    eps=1e-6,
    atol=1e-5,
    rtol=1e-3,
    gen_non_contig_grad_outputs=False,
    raise_exception=True,
    nondet_tol=0.0,
    check_undefined_grad=True,
    check_grad_dtypes=False,
    check_batched_grad=False,
    check_fwd_over_rev=False,
    check_rev_over_rev=True,
    fast_mode=False,
    masked=False,
):
    """Check second derivatives: gradcheck of ``autograd.grad(func(x), x, v, create_graph=True)``.

    `grad_outputs` defaults to random tensors (fixed seed) that require grad, so the check covers
    the dependence on v as well.
    """
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        rng = np.random.default_rng(0)
        outs = _differentiable_outputs(func(*inputs))
        grad_outputs = tuple(
            tensor(
                rng.standard_normal(tuple(o.shape)),
                dtype=o.dtype,
                device=o.device,
                requires_grad=True,
            )
            for o in outs
        )
    grad_outputs = _as_tuple(grad_outputs)
    n_in = len(inputs)

    def first_derivative(*args):
        ins, vs = args[:n_in], args[n_in:]
        outs = _differentiable_outputs(func(*ins))
        diff = [t for t in ins if isinstance(t, Tensor) and t.requires_grad]
        gs = grad(outs, diff, vs, create_graph=True, allow_unused=True)
        return tuple(g for g in gs if g is not None)

    return gradcheck(
        first_derivative,
        inputs + grad_outputs,
        eps=eps,
        atol=atol,
        rtol=rtol,
        raise_exception=raise_exception,
        nondet_tol=nondet_tol,
        fast_mode=fast_mode,
    )
