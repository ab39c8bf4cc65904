"""torch.func: grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, vmap.

The transforms are built on the engine's two modes instead of functorch's levels:
- reverse (grad, vjp, jacrev) calls f on fresh inputs that require grad and runs autograd.grad;
  a fresh input is a leaf (``detach().requires_grad_()``) or, when the input already requires grad
  (an enclosing transform), a view of it, so the gradient is taken w.r.t. this call's input only
  and stays differentiable w.r.t. the outer one. The backward records its graph
  (``create_graph``) only then, or inside a dual level: so grad(grad(f)) and jacfwd(jacrev(f))
  work, and a plain ``grad(f)(x)`` returns a result that does not require grad, as in torch.
- forward (jvp, jacfwd) runs f on dual tensors (autograd.forward_ad); jacfwd builds its Jacobian
  column by column, one jvp per input element. forward_ad allows one dual level at a time, so a
  jvp inside another (jvp(jvp(f)), jacfwd(jacfwd(f))) is computed by reverse mode instead, as the
  transpose of a VJP (the double-VJP trick), with the outer tangents flowing through it.
- vmap is a Python loop over the batch dimension that stacks the results (semantics, not speed).
Inputs and outputs may be Tensors or tuples, lists and dicts of them (pytrees).
"""

from . import _shapes
from ._operands import _dim
from ._backend import namespace
from ._tensor import Tensor
from .autograd import forward_ad as fwAD
from .autograd.backprop import grad as _autograd_grad
from .grad_mode import enable_grad

__all__ = ["grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "vmap"]


# ----------------------------------------------------------------------------- pytrees
def _flatten(tree):
    """(leaves, spec) of a Tensor or a tuple/list/dict of them."""
    if isinstance(tree, (tuple, list)):
        leaves, specs = [], []
        for item in tree:
            lv, sp = _flatten(item)
            leaves += lv
            specs.append(sp)
        return leaves, (type(tree), specs)
    if isinstance(tree, dict):
        leaves, specs = [], []
        for k in tree:
            lv, sp = _flatten(tree[k])
            leaves += lv
            specs.append((k, sp))
        return leaves, (dict, specs)
    return [tree], None


def _unflatten(leaves, spec):
    it = iter(leaves)

    def build(sp):
        if sp is None:
            return next(it)
        kind, items = sp
        if kind is dict:
            return {k: build(s) for k, s in items}
        return kind(build(s) for s in items)

    return build(spec)


def _check_tensors(leaves, what="Thing passed to transform API"):
    for t in leaves:
        if not isinstance(t, Tensor):
            raise ValueError(f"{what} must be Tensor, got {type(t)}")


# ----------------------------------------------------------------------------- reverse mode
def _nested(leaves):
    """Whether gradients must be recorded: an input requires grad, or a dual level is active."""
    return fwAD._LEVEL != [] or any(t.requires_grad for t in leaves)


def _fresh(t):
    """This call's own input: a leaf that requires grad, or a view of a tensor that already does."""
    if t.requires_grad:
        return t.view(tuple(t.shape))
    fresh = t.detach().requires_grad_()
    fresh._fw = t._fw  # inside jvp: the input keeps its tangent (jacfwd(jacrev(f)))
    return fresh


def _argnums(argnums, args):
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    for n in nums:
        if not -len(args) <= n < len(args):
            raise RuntimeError(f"Got argnum={n}, but only {len(args)} positional inputs")
    return nums


def _with_fresh(args, nums):
    """args with the ones at `nums` replaced by fresh inputs; and those fresh inputs (trees)."""
    args = list(args)
    fresh = []
    for n in nums:
        leaves, spec = _flatten(args[n])
        _check_tensors(leaves)
        tree = _unflatten([_fresh(t) for t in leaves], spec)
        args[n] = tree
        fresh.append(tree)
    return args, fresh


def _split_aux(out, has_aux, api):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise RuntimeError(
            f"{api}: output of function f should be a tuple: (output, aux) if has_aux is True"
        )
    return out


def _grads(outputs, inputs, cotangents, create):
    """d(sum <outputs, cotangents>)/d inputs, zeros where an input is unused."""
    got = _autograd_grad(
        outputs,
        inputs,
        cotangents,
        retain_graph=True,
        create_graph=create,
        allow_unused=True,
        materialize_grads=True,
    )
    return list(got)


def _detached(tree, keep):
    if keep:
        return tree
    leaves, spec = _flatten(tree)
    return _unflatten([t.detach() if isinstance(t, Tensor) else t for t in leaves], spec)


def grad_and_value(func, argnums=0, has_aux=False):
    """``f -> (lambda *args: (gradient, value))`` for an f returning a scalar Tensor; with has_aux,
    f returns ``(value, aux)`` and the result is ``(gradient, (value, aux))``."""
    api = "grad_and_value(f)(*args)"

    def wrapper(*args, **kwargs):
        nums = _argnums(argnums, args)
        flat_in = [t for n in nums for t in _flatten(args[n])[0]]
        _check_tensors(flat_in)
        create = _nested(flat_in)
        with enable_grad():
            new_args, fresh = _with_fresh(args, nums)
            out, aux = _split_aux(func(*new_args, **kwargs), has_aux, api)
            if not isinstance(out, Tensor):
                raise RuntimeError(f"{api}: Expected f(*args) to return a Tensor, got {type(out)}")
            if out.dim() != 0:
                raise RuntimeError(
                    f"{api}: Expected f(*args) to return a scalar Tensor, got tensor with "
                    f"{out.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?"
                )
            leaves = [_flatten(tree) for tree in fresh]
            flat = [t for lv, _ in leaves for t in lv]
            got = _grads([out], flat, None, create) if out.requires_grad else _zeros(flat)
        trees, i = [], 0
        for lv, spec in leaves:
            trees.append(_unflatten(got[i : i + len(lv)], spec))
            i += len(lv)
        g = trees[0] if isinstance(argnums, int) else tuple(trees)
        value = _detached(out, create)
        if has_aux:
            return g, (value, _detached(aux, create))
        return g, value

    return wrapper


def _zeros(ts):
    return [Tensor._from_data(namespace(t._data).zeros_like(t._data)) for t in ts]


def _empty(like, shape):
    """Zeros of `shape` in `like`'s dtype and device (the Jacobian of no elements)."""
    return Tensor._from_data(namespace(like._data).zeros(shape, dtype=like._data.dtype))


def grad(func, argnums=0, has_aux=False):
    """``f -> (lambda *args: gradient of f at args)`` w.r.t. the args at `argnums` (an int or a
    tuple); with has_aux, f returns ``(value, aux)`` and the result is ``(gradient, aux)``."""
    gv = grad_and_value(func, argnums, has_aux)

    def wrapper(*args, **kwargs):
        g, value = gv(*args, **kwargs)
        return (g, value[1]) if has_aux else g

    return wrapper


def vjp(func, *primals, has_aux=False):
    """``(output, vjp_fn)``: f(*primals), and the function mapping cotangents (shaped like the
    output) to one gradient per primal, as a tuple. With has_aux: ``(output, vjp_fn, aux)``."""
    flat_in, in_spec = _flatten(primals)
    _check_tensors(flat_in)
    create = _nested(flat_in)
    with enable_grad():
        fresh = [_fresh(t) for t in flat_in]
        out, aux = _split_aux(func(*_unflatten(fresh, in_spec)), has_aux, "vjp(f, *primals)")
    flat_out, out_spec = _flatten(out)
    _check_tensors(flat_out, "vjp(f, *primals): Expected f to return a Tensor or Tensors; it")

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        flat_ct, ct_spec = _flatten(cotangents)
        if ct_spec != out_spec:
            raise RuntimeError(
                "Expected pytree structure of cotangents to be the same as pytree structure of "
                "outputs to the function"
            )
        for c, o in zip(flat_ct, flat_out):
            if tuple(c.shape) != tuple(o.shape):
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[0] has a shape of {c.shape} and output[0] "
                    f"has a shape of {o.shape}."
                )
        with enable_grad():
            pairs = [(o, c) for o, c in zip(flat_out, flat_ct) if o.requires_grad]
            if not pairs:
                got = _zeros(fresh)
            else:
                got = _grads(
                    [o for o, _ in pairs],
                    fresh,
                    [c for _, c in pairs],
                    create or bool(create_graph) or _nested(flat_ct),
                )
        return _unflatten(got, in_spec)

    if has_aux:
        return _detached(out, create), vjp_fn, _detached(aux, create)
    return _detached(out, create), vjp_fn


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None):
    """``f -> (lambda *args: Jacobian of f at args)`` by reverse mode, one VJP per output element:
    shaped ``output.shape + input.shape``; tuples over outputs, then over argnums (a tuple)."""

    def wrapper(*args, **kwargs):
        nums = _argnums(argnums, args)
        for n in nums:
            _check_tensors(_flatten(args[n])[0])
        create = _nested([t for n in nums for t in _flatten(args[n])[0]])
        with enable_grad():
            new_args, fresh = _with_fresh(args, nums)
            out, aux = _split_aux(func(*new_args, **kwargs), has_aux, "jacrev(f, ...)(*args)")
            flat_out, out_spec = _flatten(out)
            _check_tensors(flat_out, "jacrev(f, ...)(*args): Expected f to return a Tensor; it")
            leaves = [_flatten(tree) for tree in fresh]
            flat_in = [t for lv, _ in leaves for t in lv]
            per_out = []
            for o in flat_out:
                rows = []
                for k in range(o.numel()):
                    e = _basis(o, k)
                    rows.append(_grads([o], flat_in, [e], create) if o.requires_grad else None)
                jac = []
                for j, x in enumerate(flat_in):
                    col = [r[j] if r is not None else _zeros([x])[0] for r in rows]
                    if col:
                        jac.append(_shapes.stack(col, 0).reshape(tuple(o.shape) + tuple(x.shape)))
                    else:  # an empty output: an empty Jacobian
                        jac.append(_empty(x, (*o.shape, *x.shape)))
                per_out.append(_group(jac, leaves, argnums))
        result = _unflatten(per_out, out_spec)
        return (result, _detached(aux, create)) if has_aux else result

    return wrapper


def _basis(t, k):
    """The k-th standard basis tensor shaped like t."""
    flat = namespace(t._data).zeros(t.numel(), dtype=t._data.dtype)
    flat[k] = 1
    return Tensor._from_data(flat.reshape(tuple(t.shape)))


def _group(per_leaf, leaves, argnums):
    """Per-input-leaf results, regrouped as the argnums trees (one tree for an int argnums)."""
    trees, i = [], 0
    for lv, spec in leaves:
        trees.append(_unflatten(per_leaf[i : i + len(lv)], spec))
        i += len(lv)
    return trees[0] if isinstance(argnums, int) else tuple(trees)


# ----------------------------------------------------------------------------- forward mode
def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """``(f(*primals), J tangents)``: the output and its Jacobian-vector product, by forward AD.
    With has_aux: ``(output, jvp_out, aux)``."""
    api = "jvp(f, primals, tangents)"
    if not isinstance(primals, tuple):
        raise RuntimeError(
            f"{api}: Expected primals to be a tuple. E.g. it should be valid to call f(*primals)."
        )
    flat_p, p_spec = _flatten(primals)
    flat_t, t_spec = _flatten(tangents)
    if not isinstance(tangents, tuple) or p_spec != t_spec:
        raise RuntimeError(
            f"{api}: Expected primals and tangents to have the same python structure. For "
            "example, if primals is a tuple of 3 tensors, tangents also must be."
        )
    _check_tensors(flat_p)
    _check_tensors(flat_t)
    if fwAD._LEVEL:  # inside an enclosing jvp (forward AD allows one level): by reverse mode
        return _jvp_by_vjps(func, flat_p, p_spec, flat_t, has_aux, api)
    with fwAD.dual_level():
        duals = [fwAD.make_dual(p, t) for p, t in zip(flat_p, flat_t)]
        out, aux = _split_aux(func(*_unflatten(duals, p_spec)), has_aux, api)
        flat_out, out_spec = _flatten(out)
        _check_tensors(flat_out, f"{api}: Expected f to return a Tensor or Tensors; it")
        primal_out, tangent_out = [], []
        for o in flat_out:
            p, t = fwAD.unpack_dual(o)
            primal_out.append(p)
            tangent_out.append(t if t is not None else Tensor._from_data(p._data * 0))
        aux_out = _untangled(aux) if has_aux else None
    keep = any(t.requires_grad for t in flat_p + flat_t)  # nested in a reverse transform
    res = (
        _detached(_unflatten(primal_out, out_spec), keep),
        _detached(_unflatten(tangent_out, out_spec), keep),
    )
    return res + (aux_out,) if has_aux else res


def _jvp_by_vjps(func, flat_p, p_spec, flat_t, has_aux, api):
    """jvp as ``d/du <vjp(u), tangents>``: the VJP is linear in u, so its transpose is the JVP (the
    double-VJP trick). Used inside a dual level, where the enclosing jvp's tangents flow through
    it: jvp(jvp(f)), jacfwd(jacfwd(f))."""
    with enable_grad():
        fresh = [_fresh(p) for p in flat_p]
        out, aux = _split_aux(func(*_unflatten(fresh, p_spec)), has_aux, api)
        flat_out, out_spec = _flatten(out)
        _check_tensors(flat_out, f"{api}: Expected f to return a Tensor or Tensors; it")
        us = [_zeros([o])[0].requires_grad_() for o in flat_out]
        pairs = [(o, u) for o, u in zip(flat_out, us) if o.requires_grad]
        tangent_out = _zeros(flat_out)
        if pairs:
            gs = _grads([o for o, _ in pairs], fresh, [u for _, u in pairs], True)
            total = None
            for g, t in zip(gs, flat_t):
                total = (g * t).sum() if total is None else total + (g * t).sum()
            if total is not None and total.requires_grad:
                tangent_out = _grads([total], us, None, True)
    res = (_unflatten(flat_out, out_spec), _unflatten(tangent_out, out_spec))
    return res + (aux,) if has_aux else res


def _untangled(tree):
    leaves, spec = _flatten(tree)
    return _unflatten(
        [fwAD.unpack_dual(t)[0] if isinstance(t, Tensor) else t for t in leaves], spec
    )


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """``f -> (lambda *args: Jacobian of f at args)`` by forward mode, one jvp per input element
    (its columns): shaped ``output.shape + input.shape``, grouped as jacrev's."""

    def wrapper(*args, **kwargs):
        nums = _argnums(argnums, args)
        leaves = [_flatten(args[n]) for n in nums]
        flat_in = [t for lv, _ in leaves for t in lv]
        _check_tensors(flat_in)

        def at(*xs):
            new = list(args)
            i = 0
            for n, (lv, spec) in zip(nums, leaves):
                new[n] = _unflatten(xs[i : i + len(lv)], spec)
                i += len(lv)
            return func(*new, **kwargs)

        zeros = _zeros(flat_in)
        cols = []  # per input leaf: the list of (flat output tangents) for each of its elements
        out = aux = None
        for j, x in enumerate(flat_in):
            per = []
            for k in range(x.numel()):
                tans = tuple(_basis(x, k) if i == j else zeros[i] for i in range(len(flat_in)))
                r = jvp(at, tuple(flat_in), tans, has_aux=has_aux)
                out, aux = r[0], (r[2] if has_aux else None)
                per.append(_flatten(r[1])[0])
            cols.append(per)
        if out is None:  # no input elements: evaluate once for the shapes
            out = at(*flat_in)
            out, aux = _split_aux(out, has_aux, "jacfwd(f, ...)(*args)")
        flat_out, out_spec = _flatten(out)
        per_out = []
        for m, o in enumerate(flat_out):
            jac = []
            for j, x in enumerate(flat_in):
                if cols[j]:
                    c = _shapes.stack([col[m] for col in cols[j]], -1)
                    jac.append(c.reshape(tuple(o.shape) + tuple(x.shape)))
                else:
                    jac.append(_empty(o, (*o.shape, *x.shape)))
            per_out.append(_group(jac, leaves, argnums))
        result = _unflatten(per_out, out_spec)
        return (result, aux) if has_aux else result

    return wrapper


def hessian(func, argnums=0):
    """``f -> (lambda *args: Hessian of f at args)``: jacfwd(jacrev(f)), as torch."""
    return jacfwd(jacrev(func, argnums), argnums)


# ----------------------------------------------------------------------------- vmap
def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """``f -> batched f``: f on each slice along `in_dims` (an int, or one entry per argument,
    None for an unbatched one), results stacked along `out_dims`. A Python loop over the batch."""

    def wrapper(*args, **kwargs):
        dims = in_dims if isinstance(in_dims, (tuple, list)) else (in_dims,) * len(args)
        if len(dims) != len(args):
            raise ValueError(
                f"vmap(f, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with the "
                f"structure of `inputs`. in_dims has structure {len(dims)} but inputs has "
                f"{len(args)}."
            )
        for a, d in zip(args, dims):
            if d is not None and not -a.ndim <= d < a.ndim:
                raise ValueError(
                    f"vmap({getattr(func, '__name__', func)}, in_dims={in_dims}, ...)(<inputs>): "
                    f"Got in_dim={d} for some input, but that input is a Tensor of dimensionality "
                    f"{a.ndim} so expected in_dim to satisfy -{a.ndim} <= in_dim < {a.ndim}."
                )
        dims = [d if d is None else d % a.ndim for a, d in zip(args, dims)]
        sizes = {a.shape[d] for a, d in zip(args, dims) if d is not None}
        if len(sizes) != 1:
            raise ValueError(
                "vmap: Expected all tensors to have the same size in the mapped dimension, got "
                f"sizes {sorted(sizes)} for the mapped dimension"
            )
        (n,) = sizes
        results = []
        for i in range(n):
            sl = [a if d is None else a[(slice(None),) * d + (i,)] for a, d in zip(args, dims)]
            results.append(_flatten(func(*sl, **kwargs)))
        spec = results[0][1]
        leaves = len(results[0][0])
        od = out_dims if isinstance(out_dims, (tuple, list)) else (out_dims,) * leaves
        stacked = [
            _shapes.stack([r[0][j] for r in results], _dim(od[j], r0.ndim + 1))
            for j, r0 in enumerate(results[0][0])
        ]
        return _unflatten(stacked, spec)

    return wrapper
