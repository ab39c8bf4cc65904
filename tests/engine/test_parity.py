"""The parity classes of issue 11, one table: each case runs the same code on torch and on the engine.

A case is ``fn(L) -> dict`` of what a user can observe (values, dtypes, grads, grad_fn names, whether a
result is a view, raised errors), built with `observe`; the two dicts must be equal. Sections follow
the issue: views and in-place, second-order structure, amax/amin, type promotion, tensor-valued
bounds, 0-d reductions, edge gradients, strictness and reflected ops.
"""

import math
import warnings

import numpy as np
import pytest

import autograd_core
from engine_helpers import node_name
from parity_helpers import attempt, leaf, observe, registry, matches_torch

CASES, case = registry()



# ----------------------------------------------------------------------------- 1, 2: views and in-place
@case
def inplace_on_0d_view_writes_through(L):
    y = L.zeros(3)
    y[1].add_(5)
    w = L.zeros(2, 2)
    w[0][1].sub_(2)
    v = y[2]
    v += 1
    return {"y": observe(y), "w": observe(w), "version": y._version}


@case
def view_sees_inplace_on_base(L):
    x = leaf(L, [1., 2., 3.])
    a = x * 1
    v = a[:2]
    a.mul_(10)
    node = type(v.grad_fn).__name__
    v.sum().backward()
    return {"node": node, "next": type(v.grad_fn.next_functions[0][0]).__name__, "grad": observe(x.grad)}


@case
def sibling_views_after_inplace_on_one(L):
    x = leaf(L, [1., 2., 3.])
    b = x * 1
    s1, s2 = b[:2], b[1:]
    s1.mul_(2)
    names = [type(t.grad_fn).__name__ for t in (b, s1, s2)]
    s2.sum().backward()
    return {"names": names, "grad": observe(x.grad)}


@case
def view_of_view_rebased_on_root(L):
    x = leaf(L, [1., 2., 3.])
    b = x * 1
    vv = b[1:].unsqueeze(0)[:, :1]
    b.add_(1)
    out = {"node": type(vv.grad_fn).__name__, "next": type(vv.grad_fn.next_functions[0][0]).__name__}
    (vv * 3).sum().backward()
    return {**out, "grad": observe(x.grad)}


@case
def base_gains_grad_through_copy(L):
    x = leaf(L, [1., 2., 3.])
    a = L.zeros(3, dtype=L.float64)
    v = a[:2]
    before = v.requires_grad
    a.copy_(x)
    v.pow(2).sum().backward()
    return {"before": before, "after": v.requires_grad, "grad": observe(x.grad)}


@case
def leaf_base_changed_under_no_grad(L):
    w = leaf(L, [1., 2., 3.])
    v = w[:2]
    with L.no_grad():
        w.mul_(2)
    (v * v).sum().backward()
    return {"node": type(v.grad_fn).__name__, "grad": observe(w.grad), "v": observe(v)}


@case
def view_or_copy(L):
    x = L.randn(3, 2)
    p = L.randn(2, 3, 4).permute(0, 2, 1)
    e = L.randn(3, 1).expand(3, 4).contiguous()
    return {"unflatten": x.t().unflatten(1, (3,))._base is x,
            "permute_reshape_same": p.reshape(2, 4, 3)._base is not None,
            "permute_reshape_copy": p.reshape(2, 12)._base is not None,
            "transpose_view_same": x.t().view(2, 3)._base is not None,
            "flatten_dd": x.flatten(1, 1) is x, "expand_contiguous": e.is_contiguous(),
            "view_error": attempt(lambda: p.view(2, 12))}


@case
def writes_through_reshaped_views_reach_base(L):
    x = L.zeros(2, 3)
    x.t().reshape(6)[0] = 5.0 if False else 0.0   # a copy: nothing written
    x.reshape(6)[4] = 7.0                          # a view: written
    x.t()[2, 0] = 1.0
    return observe(x)


@case
def writes_into_an_expanded_view(L):
    """One value into shared memory, or a region without repeated memory: written through."""
    a = L.tensor([1.0, -2.0, 3.0])
    v = a.expand(2, -1)
    v.zero_()
    filled = observe(a)
    with warnings.catch_warnings():      # torch warns this is deprecated; the engine does not
        warnings.simplefilter("ignore", UserWarning)
        v[v == 0] = 0.5
    x = L.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = x * 1
    w = b.expand(2, -1)
    w[0] = L.tensor([4.0, 5.0, 6.0])
    return {"zero_": filled, "mask": observe(a), "row": observe(b), "add_": attempt(lambda: v.add_(1))}


@case
def stale_view_nobody_asked_about_is_checked_as_a_leaf(L):
    """torch's quirk: a view made before its base needed grad, whose grad_fn was not read since."""
    y = L.tensor([1.5, 0.8], dtype=L.float64, requires_grad=True)
    out = {}
    for asked in (False, True):
        a = L.ones(2, 3, dtype=L.float64)
        v = a.t()
        v[0] = y
        if asked:
            out["node"] = type(v.grad_fn).__name__
        out[asked] = attempt(lambda: v.mul_(2))
    return out


@case
def view_as_dtype_reads_the_bytes(L):
    """x.view(dtype) reinterprets the bytes (not a conversion) and is outside the graph."""
    a = L.ones(4, requires_grad=True) * 1
    out = {str(dt): observe(a.view(dt).view(-1)[:3]) for dt in (L.float64, L.float32, L.int32,
                                                                 L.float16, L.uint8)}
    v = a.view(L.int32)
    a.add_(1)
    out["after"] = (v._version, v.tolist())
    for code in ("L.ones(3).view(L.float64)", "L.ones(()).view(L.float64)",
                 "L.ones(4, 2).t().view(L.float64)"):
        out[code] = attempt(lambda: eval(code))  # noqa: S307 - the same text on both libraries
    return out


# How a view was made decides whether it may change in place (torch's CreationMeta): outputs of
# split/chunk/unbind, views made under no_grad or inference_mode, and outputs of a custom Function
# may not, nor may views of them (the mark is inherited); a view whose base changed since is refused
# when next used ("its base or another view of its base has been modified inplace").
_SNIPPETS = {
    "multi_view_of_view": "a = L.ones(4, 2, requires_grad=True) * 1; v = a.split(2)[1].t(); v.add_(1)",
    "multi_slice_of_view": "a = L.ones(4, 2, requires_grad=True) * 1; w = a.unbind(0)[3][:]; w.add_(1)",
    "multi_after_base_changed": "a = L.ones(4, 2, requires_grad=True) * 1; v = a.unbind(0)[3]; "
                                "a.add_(1); out = (v.requires_grad, v.grad_fn)",
    "multi_view_of_view_after": "a = L.ones(4, 2, requires_grad=True) * 1; w = a.split(1)[0].view(-1);"
                                " a.mul_(2); out = w.grad_fn",
    "multi_used_after": "a = L.ones(4, 2, requires_grad=True) * 1; v = a.unbind(0)[3]; a.add_(1); "
                        "out = v * 2",
    "multi_printed_after": "a = L.ones(4, 2, requires_grad=True) * 1; v = a.unbind(0)[3]; a.add_(1); "
                           "out = repr(v)",
    "multi_in_no_grad": "a = L.ones(4, 2, requires_grad=True) * 1; v = a.unbind(0)[3]\n"
                        "with L.no_grad(): v.add_(1)\nout = v.grad_fn",
    "multi_setitem": "a = L.ones(4, 2, requires_grad=True) * 1; v = a.unbind(0)[3]; v[0] = 5",
    "multi_base_without_grad": "a = L.ones(4, 2); v = a.unbind(0)[3]; v.add_(L.ones(2, requires_grad=True))",
    "multi_split_sizes": "a = L.ones(4, 2, requires_grad=True) * 1; a.split([1, 3])[1].mul_(2)",
    "multi_backward_of_base": "x = L.ones(4, 2, requires_grad=True); a = x * 1; vs = a.unbind(0); "
                              "a.add_(1); a.sum().backward(); out = x.grad",
    "no_grad_view_of_view": "a = L.ones(4, 2, requires_grad=True) * 1\nwith L.no_grad(): v = a[1]\n"
                            "w = v[0]; w.add_(1)",
    "no_grad_view_after": "a = L.ones(4, 2, requires_grad=True) * 1\nwith L.no_grad(): v = a[1]\n"
                          "w = v[0]; a.add_(1); out = w.grad_fn",
    "no_grad_view_records": "x = L.ones(4, 2, requires_grad=True)\nwith L.no_grad(): v = x[0]\n"
                            "y = (v * 2).sum(); y.backward(); out = (x.grad, y, v.is_leaf, v[0])",
    "no_grad_view_plain_base": "a = L.ones(4, 2); w = L.ones(2, requires_grad=True)\n"
                               "with L.no_grad(): v = a[0]\nv.add_(w)",
    "no_grad_view_plain_base_after": "a = L.ones(4, 2); w = L.ones(2, requires_grad=True)\n"
                                     "with L.no_grad(): v = a[0]\na.add_(w); out = v.grad_fn",
    "no_grad_view_retain_grad": "a = L.ones(4, 2, requires_grad=True) * 2\n"
                                "with L.no_grad(): v = a[0]\nv.retain_grad(); out = v",
    "inference_view": "a = L.ones(4, 2, requires_grad=True) * 2\nwith L.inference_mode(): v = a[0]\n"
                      "v.add_(1)",
    "custom_function_view": "class F(L.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):"
                            " return x.view(-1)\n    @staticmethod\n    def backward(ctx, g): return "
                            "g.view(2, 2)\ny = F.apply(L.ones(2, 2, requires_grad=True) * 1); y.add_(1)",
    "custom_function_input_as_is": "class F(L.autograd.Function):\n    @staticmethod\n    def forward("
                                   "ctx, x): return x\n    @staticmethod\n    def backward(ctx, g): "
                                   "return g\ny = F.apply(L.ones(2, 2, requires_grad=True) * 1); "
                                   "out = (y, y._base is not None); y.add_(1)",
}

# Views taken before an in-place view op (t_, transpose_, squeeze_, unsqueeze_) on their base
# still see the same elements, as torch's (which are strided over the storage).
_SNIPPETS.update({
    'reshaped_t_then_view_written': 'x = L.arange(6.).reshape(2, 3).requires_grad_(); a = x * 1; v = a[0]; a.t_(); v.mul_(2); out = (a, v, type(v.grad_fn).__name__)',
    'reshaped_t_then_view_backward': 'x = L.arange(6.).reshape(2, 3).requires_grad_(); a = x * 1; v = a[0]; a.t_(); (v * L.tensor([1., 2., 3.])).sum().backward(); out = (x.grad, type(v.grad_fn).__name__)',
    'reshaped_unsqueeze_then_view': 'x = L.arange(3.).requires_grad_(); a = x * 1; v = a[1:]; a.unsqueeze_(0); g = L.autograd.grad((a.sum() + (v * L.tensor([5., 7.])).sum()), x); out = g',
    'reshaped_squeeze_then_view_written': 'x = L.arange(6.).reshape(1, 6).requires_grad_(); a = x * 1; v = a[:, 1:3]; a.squeeze_(); v.add_(10); out = (a, v, L.autograd.grad((a * L.arange(6.)).sum(), x))',
    'reshaped_squeeze_transpose_then_view': 'x = L.arange(6.).reshape(1, 6, 1).requires_grad_(); a = x * 1; v = a[0, 2]; a.squeeze_(-1); a.transpose_(0, 1); v.mul_(3); out = (a.shape, a, L.autograd.grad((a * L.arange(6.).reshape(6, 1)).sum(), x))',
    'reshaped_view_of_view_across_two_t_': 'x = L.arange(6.).reshape(2, 3).requires_grad_(); a = x * 1; v = a.t(); a.t_(); w = v[1]; a.t_(); w.mul_(2); out = (a, L.autograd.grad((a * L.arange(6.).reshape(2, 3)).sum(), x))',
    'reshaped_t_then_setitem_base': 'x = L.arange(6.).reshape(2, 3).requires_grad_(); a = x * 1; v = a[0]; a.t_(); a[1] = 100.; out = (v, type(v.grad_fn).__name__, L.autograd.grad((v * L.tensor([1., 2., 3.])).sum(), x))',
    'reshaped_three_reshapes_then_view': 'x = L.arange(6.).reshape(2, 3).requires_grad_(); a = x * 1; v = a[:, 0]; a.unsqueeze_(1); a.squeeze_(1); a.t_(); v.mul_(5); out = (a, L.autograd.grad((a * L.arange(6.).reshape(3, 2)).sum(), x))',
    'reshaped_t_then_view_written_no_grad': 'x = L.arange(6.).reshape(2, 3).requires_grad_(); a = x * 1; v = a[0]; a.t_()\nwith L.no_grad(): v.mul_(2)\nout = (a, L.autograd.grad((v * L.tensor([1., 2., 3.])).sum(), x))',
    'reshaped_t_without_grad': 'a = L.arange(6.).reshape(2, 3); v = a[0]; a.t_(); v.mul_(2); out = a',
    'reshaped_t_then_diagonal': 'x = L.arange(4.).reshape(2, 2).requires_grad_(); a = x * 1; v = a.diagonal(); a.t_(); v.mul_(2); out = (a, L.autograd.grad((a * L.arange(4.).reshape(2, 2)).sum(), x))',
    # CopySlices writes the region: an inf gradient there (log at 0) does not make a NaN
    "copy_slices_region_written": "x = L.tensor([0.5, 2.0, 3.0], dtype=L.float64, "
                                  "requires_grad=True); a = x * 1; a[0] = 0.0; a.log_(); "
                                  "a.sum().backward(); out = x.grad",
    # an op's saved output that now lives in the tensor changed in place: `.data` writes reach it
    "saved_output_sees_data_writes": "x = L.tensor([0.5, 2.0, 3.0], dtype=L.float64, requires_grad="
                                     "True); a = x * 1; v = a[1:]; v.sqrt_(); v.data.mul_(3); "
                                     "out = L.autograd.grad(v.sum(), x)",
    "multi_view_squeeze_name": "a = L.ones(2, 1, 3, requires_grad=True) * 1; "
                               "a.split(1)[0].squeeze(0).add_(1)",
    # torch's setitem of the whole tensor: copy_ when the shapes match, fill_ to spread a 0-d value
    "setitem_whole_0d": "y = L.tensor(1., requires_grad=True) * 1; y[...] = 7.0; z = "
                        "L.tensor(1., requires_grad=True) * 1; z[()] = L.tensor(7.0); out = (y, z)",
    "setitem_whole_nd": "y = L.ones(2, 3, requires_grad=True) * 1; y[...] = L.tensor(7.0); z = "
                        "L.ones(2, 3, requires_grad=True) * 1; z[:] = L.ones(3); out = (y, z)",
    # copy_ leaves the old value unconnected (zeros, not g * 0: no NaN from an inf, no graph)
    "copy_old_value_unconnected": "x = L.tensor(0.7, dtype=L.float64, requires_grad=True); a = x * 1;"
                                  " a[...] = 7.0; a.exp_(); out = L.autograd.grad(a * 2, x, "
                                  "create_graph=True)[0]",
})


def _snippet(L, code):
    """Run one snippet of the _SNIPPETS tables (its `out`, or the error it raises) on library L:
    each snippet is a few statements that read the same with L = torch and L = autograd_core."""
    ns = {"L": L}

    def run():
        exec(code, ns)  # noqa: S102 - the same text on both libraries
        out = ns.get("out")
        return type(out).__name__ if type(out).__name__.endswith("Backward0") else out

    return attempt(run)


# In-place results must fit the tensor's dtype category (torch's canCast), Python ints are cast to an
# integer tensor's dtype (they wrap), and a few ops' dtype rules and messages.
_SNIPPETS.update({
    "cast_bool_add_uint8": "a = L.tensor([True, False]); a.add_(L.tensor([1, 2], dtype=L.uint8))",
    "cast_bool_div_half": "a = L.tensor([True, False]); a.div_(L.tensor([1., 2.], dtype=L.float16))",
    "cast_int_clamp_float": "a = L.tensor([1, 5]); a.clamp_(L.tensor(2.5))",
    "cast_int8_mul_int16_ok": "a = L.tensor([1, 5], dtype=L.int8); out = a.mul_(L.tensor([3, 3], "
                              "dtype=L.int16))",
    "cast_shape_before_dtype": "a = L.tensor(True); a.add_(L.tensor([1, 2], dtype=L.uint8))",
    "wrap_uint8_minus_one": "a = L.tensor([1, 2, 200], dtype=L.uint8); out = (a + -1, a < -1, a & -1, "
                            "a * -1, L.where(a > 1, a, -1), a / -1, a.clone().add_(-1))",
    "wrap_int8_300": "b = L.tensor([1, 2, 100], dtype=L.int8); out = (b + 300, b * 300, b == 300)",
    "where_refuses_300_for_uint8": "a = L.tensor([1, 2], dtype=L.uint8); out = L.where(a > 1, 300, a)",
    "copy_number_wraps": "out = (L.tensor([5], dtype=L.uint8).copy_(300), L.tensor([5], dtype="
                         "L.uint8).copy_(-1), L.tensor([5.]).copy_(1e300))",
    "copy_broadcast_messages": "a = L.zeros(3); a.copy_(L.ones(2, 3))",
    "copy_not_broadcastable": "a = L.zeros(2, 3); a.copy_(L.ones(4))",
    "isclose_dtypes": "out = (L.isclose(L.tensor([True]), L.tensor([False]), atol=2), L.isclose("
                      "L.tensor([1]), L.tensor([2]), atol=1)); L.isclose(L.tensor([1]), L.tensor([1.]))",
    "isclose_number": "L.allclose(L.tensor([1.]), 1.0)",
    "isclose_negative_rtol": "L.isclose(L.tensor([1.]), L.tensor([1.]), rtol=-1)",
    "lerp_dtype_first": "L.lerp(L.tensor([True]), L.tensor([1], dtype=L.uint8), 0.5)",
    "lerp_int_kernel": "L.lerp(L.tensor([1]), L.tensor([2]), 0.5)",
    "shift_bool": "out = L.tensor([True]) << 1; L.tensor([True]) >> L.tensor([True])",
})


# Hooks and captures in torch's order: a node's tensor hooks, then retain_grad, then its pre-hooks;
# autograd.grad takes a gradient before the hooks of a node that still runs, after those of one
# that was only reached; retain_grad is filled by autograd.grad too.
_SNIPPETS.update({
    'hooks_retain_before_node_prehook': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.retain_grad(); y.grad_fn.register_prehook(lambda g: (g[0] * 10,)); y.sum().backward(); out = (y.grad, x.grad)',
    'hooks_tensor_hook_retain_prehook': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.retain_grad(); y.register_hook(lambda g: g * 3); y.grad_fn.register_prehook(lambda g: (g[0] * 10,)); y.sum().backward(); out = (y.grad, x.grad)',
    'hooks_grad_captures_before_hooks_of_a_running_node': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.register_hook(lambda g: g * 3); y.grad_fn.register_prehook(lambda g: (g[0] * 10,)); out = L.autograd.grad(y.sum(), [x, y])',
    'hooks_grad_captures_after_hooks_of_a_reached_node': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.register_hook(lambda g: g * 3); y.grad_fn.register_prehook(lambda g: (g[0] * 10,)); out = L.autograd.grad(y.sum(), [y])',
    'hooks_grad_fills_retained': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.retain_grad(); y.register_hook(lambda g: g * 3); out = L.autograd.grad(y.sum(), [y]), y.grad',
    'hooks_grad_fills_retained_below': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.retain_grad(); out = L.autograd.grad((y * y).sum(), [x]), y.grad',
    'hooks_grad_fills_retained_not_reached': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; z = y * 3; y.retain_grad(); out = L.autograd.grad((z * z).sum(), [z]), y.grad',
    'hooks_backward_inputs_nonleaf_once': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.retain_grad(); y.register_hook(lambda g: g * 3); y.sum().backward(inputs=[y]); out = y.grad, x.grad',
    'hooks_backward_inputs_leaf_retained_nonleaf': 'x = L.tensor([1., 2.], requires_grad=True); y = x * 2; y.retain_grad(); y.register_hook(lambda g: g * 3); y.sum().backward(inputs=[x]); out = y.grad, x.grad',
    'hooks_grad_leaf_hook': 'x = L.tensor([1., 2.], requires_grad=True); x.register_hook(lambda g: g * 3); out = L.autograd.grad((x * 2).sum(), [x])',
    'hooks_grad_captures_y_before_its_hook': 'x = L.tensor([[1.,2.],[3.,4.]], requires_grad=True); y = x * 1; y.register_hook(lambda g: g * 2); out = L.autograd.grad((y * L.tensor([[1.,2.],[3.,4.]])).sum(), [x, y])',
})

# NaN and inf where torch's formulas select rather than multiply, and a few node names and checks.
_NAN = "float('nan')"
_SNIPPETS.update({
    "nan_atan2_at_origin": "y = L.tensor([0., 1.], requires_grad=True); x = L.tensor([0., 0.], "
                           "requires_grad=True); L.atan2(y, x).sum().backward(); out = (y.grad, x.grad)",
    "nan_sign": f"out = (L.sign(L.tensor([{_NAN}, 1.])), L.sgn(L.tensor([{_NAN}, -1.])))",
    "nan_abs_grad": f"x = L.tensor([{_NAN}, 1.], requires_grad=True); x.abs().sum().backward(); "
                    "out = x.grad",
    "nan_relu_hardtanh_input": f"x = L.tensor([{_NAN}, 1., 2.], requires_grad=True); (x.relu() + "
                               "L.nn.functional.hardtanh(x)).sum().backward(); out = x.grad",
    "nan_cumsum_cumprod_upstream": f"x = L.tensor([1., 2., 3.], requires_grad=True); g = L.tensor("
                                   f"[{_NAN}, 1., 1.]); out = (L.autograd.grad(x.cumsum(0), x, g), "
                                   "L.autograd.grad(x.cumprod(0), x, g))",
    "nan_trace_upstream": f"x = L.tensor([[1., 2.], [3., 4.]], requires_grad=True); "
                          f"x.trace().backward(L.tensor({_NAN})); out = x.grad",
    "isclose_infinities": "out = L.isclose(L.tensor([1., 1., float('inf')]), L.tensor([float('inf'), "
                          "-float('inf'), float('inf')]), rtol=2.0)",
    "alpha_float_for_ints": "L.add(L.tensor([1, 2]), L.tensor([1, 2]), alpha=0.5)",
    "alpha_bool_for_ints": "out = L.add(L.tensor([True]), L.tensor([True]), alpha=2); "
                           "L.sub(L.tensor([1, 2]), 1, alpha=True)",
    "clamp_min_max_tensor_names": "x = L.tensor([0.3, 0.6], requires_grad=True); out = [type(t.grad_fn)"
                                  ".__name__ for t in (x.clamp_min(L.tensor(.4)), x.clamp_max(0.4), "
                                  "(x * 1).clamp_min_(L.tensor(.4)), (x * 1).asinh_(), (x * 1).atanh_())]",
})


_SNIPPETS.update({
    "python_scalar_of_many": "int(L.tensor([1, 2]))",
    "python_scalar_of_none": "float(L.tensor([]))",
    "item_of_many": "L.tensor([1., 2.]).item()",
    "size_out_of_range": "L.ones(2, 3).size(-3)",
    "stride_of_0d": "L.tensor(1.).stride(0)",
})


_SNIPPETS.update({
    "broadcast_error_compare": "L.tensor([1., 2., 3.]).eq(L.tensor([1., 2.]))",
    "broadcast_error_maximum": "L.maximum(L.tensor([1., 2., 3.]), L.tensor([1., 2.]))",
    "broadcast_error_logical": "L.logical_and(L.tensor([1., 2., 3.]), L.tensor([1., 2.]))",
    "repeated_dims": "out = L.ones(2, 3).sum((1, -1))",
    "repeated_dims_0d": "out = L.ones(()).mean((0, -1))",
    "any_all_reduce_nothing": "out = (L.tensor([[True, False]]).any(()), L.tensor([[1., 0.]]).all(dim=[]))",
    "div_rounding_mode": "out = (L.div(L.tensor([5., -5.]), 2, rounding_mode='floor'), L.div(L.tensor("
                         "[5, -5]), 2, rounding_mode='trunc'))",
    "vector_norm_dtype": "out = L.linalg.vector_norm(L.tensor([3., 4.]), dtype=L.float64)",
    "setitem_leaf_messages": "w = L.ones(2, 2, requires_grad=True); w[:, [0]] = 2",
    "setitem_leaf_whole": "w = L.ones(2, 2, requires_grad=True); w[...] = 1",
})


_SNIPPETS["quantile_with_nan"] = (
    "x = L.tensor([[float('nan'), 1., 0.5], [2., 1., 3.]], dtype=L.float64, requires_grad=True); "
    "q = L.quantile(x, 0.5, dim=1); q.sum().backward(); out = (q, x.grad, L.quantile(x[0], "
    "L.tensor([0.2, 0.5], dtype=L.float64)))"
)


# Kernels that are floating only refuse integer and bool inputs with torch's message.
_SNIPPETS.update({
    "int_kernel_softplus": "L.nn.functional.softplus(L.tensor([1, 2]))",
    "int_kernel_gelu": "L.nn.functional.gelu(L.tensor([1, 2]))",
    "int_kernel_silu": "L.nn.functional.silu(L.tensor([1, 2]))",
    "int_kernel_mish": "L.nn.functional.mish(L.tensor([1, 2]))",
    "int_kernel_logsigmoid": "L.nn.functional.logsigmoid(L.tensor([1, 2]))",
    "int_kernel_losses": "L.nn.functional.smooth_l1_loss(L.tensor([1, 2]), L.tensor([1, 3]))",
    "int_kernel_mse": "L.nn.functional.mse_loss(L.tensor([1, 2]), L.tensor([1, 3]))",
    "int_kernel_kl_div": "L.nn.functional.kl_div(L.tensor([1, 2]), L.tensor([1, 0]), reduction='sum')",
    "int_kernel_layer_norm": "L.nn.functional.layer_norm(L.tensor([[1, 2]]), (2,))",
    "bool_hardtanh": "L.nn.functional.relu6(L.tensor([True, False]))",
    "integral_dtype_needs_no_grad": "x = L.tensor([1., 2.], requires_grad=True); x.cumsum(0, dtype=L.int64)",
    "integral_dtype_sum": "x = L.tensor([1., 2.], requires_grad=True); x.sum(dtype=L.int32)",
    "integral_dtype_mean": "L.tensor([1., 2.]).mean(dtype=L.int64)",
    "scan_keeps_dtype": "x = L.tensor([1., 2.]); out = (x.cumsum(0, dtype=L.int32), L.tensor([100, 100], dtype=L.int8).cumsum(0, dtype=L.int8))",
})

# Tensor.unfold: a view (windows share memory), its gradient adds every window back.
_SNIPPETS.update({
    'unfold_0': 'x = L.arange(6.).requires_grad_(); y = x * 1; u = y.unfold(0, 2, 1); out = (u, u.shape, u._base is y, u.is_contiguous(), u.stride())',
    'unfold_1': 'x = L.arange(10., dtype=L.float64).reshape(2, 5).requires_grad_(); u = x.unfold(1, 3, 2); (u * L.arange(u.numel(), dtype=L.float64).reshape(u.shape)).sum().backward(); out = (u, x.grad)',
    'unfold_2': 'x = L.arange(10., dtype=L.float64).reshape(2, 5).requires_grad_(); u = x.unfold(-1, 2, 1); g, = L.autograd.grad((u * u).sum(), x, create_graph=True); out = (g.detach(), L.autograd.grad(g.sum(), x))',
    'unfold_3': 'x = L.arange(12., dtype=L.float64).reshape(4, 3).requires_grad_(); u = x.unfold(0, 2, 2); (u ** 2).sum().backward(); out = (u.shape, x.grad)',
    'unfold_4': 'out = L.tensor(5.).unfold(0, 1, 1)',
    'unfold_5': 'L.arange(3.).unfold(0, 4, 1)',
    'unfold_6': 'L.arange(3.).unfold(0, 2, 0)',
    'unfold_7': 'x = L.arange(6., dtype=L.float64).requires_grad_(); y = x * 1; u = y.unfold(0, 2, 2); u.mul_(2); y.sum().backward(); out = (y, x.grad, type(y.grad_fn).__name__)',
    'unfold_8': 'x = L.arange(6., dtype=L.float64).requires_grad_(); y = x * 1; u = y.unfold(0, 2, 2); y.mul_(3); (u * L.tensor([1., 2.], dtype=L.float64)).sum().backward(); out = (u, x.grad, type(u.grad_fn).__name__)',
    'unfold_9': 'x = L.tensor(2., requires_grad=True); u = (x * 1).unfold(0, 1, 1); u.sum().backward(); out = (u, x.grad)',
})

# logit, fmax/fmin, signbit, positive, nanmean, broadcast_to.
_SNIPPETS.update({
    'more_ops_0': "x = L.tensor([0.2, 0.5, float('nan'), 3.], requires_grad=True); y = L.tensor([0.4, 0.5, 1., float('nan')], requires_grad=True); r = L.fmax(x, y); r.sum().backward(); out = (r, x.grad, y.grad)",
    'more_ops_1': "x = L.tensor([0.2, 0.5, float('nan'), 3.], requires_grad=True); y = L.tensor([0.4, 0.5, 1., float('nan')], requires_grad=True); r = x.fmin(y); r.sum().backward(); out = (r, x.grad, y.grad)",
    'more_ops_2': 'x = L.tensor([0.2, 0.5, -1., 1.5], requires_grad=True); r = L.logit(x); r.sum().backward(); out = (r, x.grad)',
    'more_ops_3': 'x = L.tensor([0.2, 0.5, -1., 1.5], requires_grad=True); r = x.logit(eps=0.3); r.sum().backward(); out = (r, x.grad)',
    'more_ops_4': 'x = L.tensor([0.2, 0.7], dtype=L.float64, requires_grad=True); g, = L.autograd.grad(L.logit(x).sum(), x, create_graph=True); out = (g, L.autograd.grad(g.sum(), x))',
    'more_ops_5': 'out = (L.logit(L.tensor([1, 0])), L.signbit(L.tensor([-0., 1., -2])), L.signbit(L.tensor([-1, 2])))',
    'more_ops_6': "x = L.tensor([[1., float('nan')], [3., 4.]], requires_grad=True); r = L.nanmean(x, 1); r.sum().backward(); out = (r, x.grad, x.nanmean())",
    'more_ops_7': 'x = L.tensor([1., 2.], requires_grad=True); r = L.broadcast_to(x, (3, 2)); out = (r, r._base is x, L.positive(x) is x, x.broadcast_to((2, 2)))',
    'more_ops_8': 'L.positive(L.tensor([True]))',
    'more_ops_9': 'x = L.tensor([0.2, 0.5], requires_grad=True) * 1; x.logit_(); out = x',
})

_SNIPPETS.update({  # writes whose source shares part of the written memory; ranges
    "overlap_setitem": "y = L.arange(6.); y[1:] = y[:5]",
    "nanmean_of_ints": "L.nanmean(L.tensor([1, 2]))",
    "overlap_copy_": "y = L.arange(6.); y[1:].copy_(y[:5])",
    "overlap_add_": "y = L.arange(6.); y[0:3].add_(y[1:4])",
    "overlap_full_is_fine": "y = L.arange(6.); y[:] = y; y.copy_(y); y.add_(y); out = y",
    "overlap_strided_is_not_checked": "y = L.arange(6.); y[::2] = y[1::2]; out = y",
    "arange_step_zero": "L.arange(0., 1., 0.)",
    "arange_wrong_sign": "L.arange(0.5, -1)",
    "linspace_0d_tensors": "out = (L.linspace(L.tensor(0.), L.tensor(1.), 3), L.logspace(L.tensor("
                           "1., requires_grad=True), 3, 3)); L.linspace(L.tensor([0.]), 1., 3)",
    "linspace_negative_steps": "L.linspace(0, 1, -1)",
})


_SNIPPETS.update({  # one value written into an expanded view: torch writes where it fills
    "index_fill_expanded": "a = L.ones(1, 4) * 1; v = a.expand(3, 4); v.index_fill_(-1, L.tensor([0])"
                           ", 2.0); v.index_fill_(0, L.tensor([0]), L.tensor(3.)); out = a",
    "bce_weight_requires_grad": "L.nn.functional.binary_cross_entropy(L.tensor([0.3, 0.6]), "
                                "L.tensor([0., 1.]), weight=L.tensor([1., 2.], requires_grad=True))",
})


_SNIPPETS.update({
    "pool_output_too_small": "L.nn.functional.max_pool2d(L.ones(1, 1, 3), 3, 2)",
    "avg_pool_output_too_small": "L.nn.functional.avg_pool2d(L.ones(1, 1, 3), 3, 2)",
    "cosine_similarity_promotes": "out = L.nn.functional.cosine_similarity(L.tensor([[1., 2.]]), "
                                  "L.tensor([[1, 2]])); L.nn.functional.cosine_similarity("
                                  "L.tensor([[1, 2]]), L.tensor([[1, 2]]))",
})


# Found by an independent differential fuzzer (12-07): augmented assignments are in place, tensor
# bounds given by keyword are tracked, in-place asinh/acosh/atanh have no derivative, a leaf whose
# requires_grad was switched off after use gets no .grad, torch's check order and messages.
_SNIPPETS.update({
    "imod_is_inplace": "y = L.tensor([5., 7.]); v = y.view(2); y %= 3; out = (v, y._version)",
    "ior_iand_ixor_inplace": "y = L.tensor([5, 6]); v = y[:]; y |= 1; y &= 3; y ^= 1; "
                             "out = (v, y._version)",
    "ifloordiv_inplace": "y = L.tensor([5., 6.]); v = y[:]; y //= 2; out = (v, y._version)",
    "ifloordiv_int_by_float": "y = L.tensor([5, 6]); y //= 0.5",
    "imod_broadcast_refused": "y = L.tensor([5.]); y %= L.ones(2, 1)",
    "imod_leaf_refused": "x = L.tensor([1.], requires_grad=True); x %= 2",
    "ior_float_refused": "y = L.tensor([1.]); y |= 1",
    "imod_grad": "x = L.tensor([5., 7.], requires_grad=True); y = x * 1; y %= 3; "
                 "y.sum().backward(); out = (x.grad, y.grad_fn)",
    "clamp_keyword_tensor_bounds": "a = L.tensor(2.0, requires_grad=True); b = L.tensor(2.5, "
                                   "requires_grad=True); y = L.tensor([0.1, 3.0]); "
                                   "y.clamp_(min=a); z = L.tensor([0.1, 3.0]); z.clamp_(max=b); "
                                   "(y.sum() + z.sum()).backward(); out = (y, a.grad, b.grad)",
    "atanh_inplace_no_derivative": "x = L.tensor([0.1, 0.2], requires_grad=True); y = x * 1; "
                                   "y.atanh_(); y.sum().backward()",
    "asinh_inplace_no_derivative": "x = L.tensor([0.1, 0.2], requires_grad=True); y = x * 1; "
                                   "y.asinh_(); out = y.grad_fn; y.sum().backward()",
    "leaf_requires_grad_off": "x = L.tensor([1., 2.], requires_grad=True); y = x * 1; "
                              "x.requires_grad_(False); y.sum().backward(); out = x.grad",
    "leaf_detached_in_place": "x = L.tensor([1., 2.], requires_grad=True); y = x * 1; "
                              "x.detach_(); y.sum().backward(); out = x.grad",
    "leaf_moved_into_graph": "x = L.tensor([1., 2.], requires_grad=True); y = x * 1; "
                             "x.requires_grad_(False); x[...] = y * 2; y.sum().backward()",
    "grad_checks_outputs_first": "x = L.tensor([1., 2.]); L.autograd.grad(x * 2, [x])",
    "hook_returns_non_tensor": "x = L.tensor([1., 2.], requires_grad=True); y = x * 1; "
                               "y.register_hook(lambda g: 3); (y * 2).sum().backward()",
    "avg_pool2d_int64_truncates": "out = L.nn.functional.avg_pool2d(L.tensor([[[[1, -2], [-3, -6]],"
                                  " [[1, 2], [3, 6]]]]), 2, padding=1)",
    "avg_pool2d_int32_refused": "L.nn.functional.avg_pool2d(L.ones(1, 2, 2, dtype=L.int32), 2)",
    "cat_skips_legacy_empty": "a = L.ones(2, 3, requires_grad=True); b = L.tensor([], "
                              "dtype=L.float64, requires_grad=True); r = L.cat([a, b]); "
                              "r.sum().backward(); out = (r, b.grad, a.grad)",
    "cat_only_legacy_empty": "out = (L.cat([L.tensor([]), L.tensor([])]), "
                             "L.cat([L.tensor([]), L.ones(2, 3)], dim=1))",
    "index_by_float_tensor": "L.ones(3)[L.tensor([0.])]",
    "compare_in_place_zero_grads": "x = L.tensor([0.5, -1.5], requires_grad=True); r = x * 1; "
                                   "o = L.tensor([0.5, 1.], requires_grad=True); r.eq_(o); "
                                   "r2 = x * 1; r2.lt_(0.5); (r.sum() + r2.sum()).backward(); "
                                   "out = (r, r2, x.grad, o.grad, r.grad_fn, r2.grad_fn)",
    "compare_in_place_into_view": "b = L.ones(2, 2, requires_grad=True) * 1; v = b[0]; v.gt_(0.5); "
                                  "out = (b, b.grad_fn, v.grad_fn)",
    "logical_not_in_place_keeps_graph": "x = L.tensor([0.5, -1.5], requires_grad=True); r = x * 1;"
                                        " r.logical_not_(); r.sum().backward(); out = (r, x.grad)",
    "more_in_place_forms": "a = L.tensor([0.5, -1.5]); a.ceil_(); b = L.tensor([0.5, 2.]); "
                           "b.expm1_(); b.log1p_(); c = L.tensor([1, -2]); c.bitwise_not_(); "
                           "d = L.tensor([True, False]); d.logical_xor_(L.tensor([True, True])); "
                           "e = L.ones(2, 3); e.swapaxes_(0, 1); f = L.ones(2, 3); "
                           "f.swapdims_(1, 0); g = L.tensor([-1.5]); g.absolute_(); "
                           "out = (a, b, c, d, e.shape, f.shape, g)",
    "no_names_torch_lacks": "out = [hasattr(L.Tensor, n) for n in ('rsub', 'absolute_', 'eq_')]",
    "matmul_refuses_numbers": "2.0 @ L.ones(2)",
    "matmul_refuses_numbers_right": "L.ones(2) @ 2",
    "number_first_wraps": "out = (L.sub(300, L.tensor([0, 1], dtype=L.int8)), "
                          "L.add(-1, L.tensor([0, 1], dtype=L.uint8)))",
    "where_number_promotes": "out = L.where(L.tensor(True), L.tensor([1, 2], dtype=L.int32), 1e10)",
    "smooth_l1_shapes_refused": "L.nn.functional.smooth_l1_loss(L.ones(4, 3), L.ones(2, 3))",
    "huber_shapes_refused": "L.nn.functional.huber_loss(L.ones(4, 3), L.ones(2, 3))",
    "bce_nan_input_refused": "L.nn.functional.binary_cross_entropy(L.tensor([float('nan'), 0.5]), "
                             "L.tensor([1., 0.]))",
    "round_decimals_zero_overload": "out = (L.round(L.tensor([1.5, 2.5], requires_grad=True), "
                                    "decimals=0), L.tensor([0.5], requires_grad=True).round())",
    "round_int_decimals_zero": "L.round(L.tensor([1, 2]), decimals=0)",
    "softmax_int_kernel_names": "L.softmax(L.tensor([[1, 2], [3, 4]]), dim=0)",
    "log_softmax_int_last_dim": "L.log_softmax(L.tensor([[1, 2], [3, 4]]), dim=1)",
    "view_of_detached_made_leaf": "v0 = L.tensor([[1., 2.]]).detach(); v1 = v0.permute(1, 0); "
                                  "v1.requires_grad_(); v1.abs_()",
    "index_put_0d_dtype_mismatch": "y = L.ones(3, dtype=L.float16); "
                                   "y[L.tensor([0, 1])] = L.tensor(9.0)",
    "index_put_0d_int_into_float": "y = L.ones(3); y[L.tensor([0, 1])] = L.tensor(9)",
    "index_put_number_ok": "y = L.ones(3, dtype=L.float16); y[L.tensor([0, 1])] = 9; out = y",
    "setitem_whole_slices_copy": "out = []\nfor i in (slice(0, None), slice(0, 2), slice(None, 5), "
                                 "slice(None, None, 1)):\n    r = L.ones(2, requires_grad=True) * 1"
                                 "\n    r[i] = L.zeros(2)\n    out.append((r.grad_fn, r._version))",
    "setitem_whole_after_ellipsis": "r = L.ones(2, 3, requires_grad=True) * 1; r[..., 0:3] = 2.; "
                                    "out = (r.grad_fn, r)",
    "setitem_false_writes_nothing": "r = L.ones(2, requires_grad=True) * 1; r[False] = 5.; "
                                    "out = (r, r._version)",
    "copy_same_memory_broadcast": "a = L.tensor([[1., 2.], [3., 4.]]); a.unsqueeze(0)[...] = a[:2]; "
                                  "out = (a, a._version)",
    "creation_kernels_by_dtype": "out = []\nfor c in ('linspace(0, 1, 3, dtype=L.bool)', "
                                 "'arange(3, dtype=L.bool)', 'logspace(0, 1, 3, dtype=L.bool)', "
                                 "'randn(2, dtype=L.int64)', 'rand(2, dtype=L.bool)', "
                                 "'randint(0, 3, (2,), dtype=L.bool)', "
                                 "'randint(-1, 2, (2,), dtype=L.bool)', "
                                 "'randn_like(L.ones(2, dtype=L.int64))'):\n    try:\n"
                                 "        getattr(L, c.split('(')[0])\n        eval('L.' + c)\n"
                                 "        out.append('ok')\n    except Exception as e:\n"
                                 "        out.append(str(e))",
    "uint8_sum": "x = L.tensor([[1, 0, 2], [3, 1, 255]], dtype=L.uint8); "
                 "out = (x.sum(), x.sum(1), L.sum(x), x.sum(dtype=L.uint8))",
    "uint8_all_any_legacy": "x = L.tensor([[1, 0], [2, 3]], dtype=L.uint8); "
                            "out = (x.all(), x.all(1), x.any(dim=0, keepdim=True), L.all(x))",
    "unary_plus_bool_refused": "+L.tensor([True])",
    "invert_float_refused": "~L.tensor([1.])",
    "bitwise_not_float_refused": "L.tensor([1.]).bitwise_not()",
    "rpow_zero_and_negative_base": "out = []\nfor b in (0., -2.5, 0, 2):\n"
                                   "    x = L.tensor([2., -1., 0.], requires_grad=True)\n"
                                   "    y = b ** x\n    y.sum().backward()\n"
                                   "    out.append((y, x.grad))",
    "where_uint8_negative_float": "out = L.where(L.tensor([True, False]), L.tensor([1, 2], "
                                  "dtype=L.uint8), -1.5)",
    "retain_grad_moves_on_in_place": "out = []\nfor op in ('y.mul_(3)', 'y[0] = 5.', "
                                     "'y[1:].mul_(10)'):\n"
                                     "    x = L.tensor([1., 2., 3.], requires_grad=True)\n"
                                     "    y = x * 2\n    y.retain_grad()\n    exec(op)\n"
                                     "    (y * y).sum().backward()\n    out.append(y.grad)",
    "retain_grad_view_remade": "x = L.tensor([[0.59], [0.0]], requires_grad=True); v0 = x + 0; "
                               "v1 = v0[0]; v1.retain_grad(); v0.mul_(2); (v1 * 3).sum().backward(); "
                               "w0 = x + 0; w1 = w0.expand(2, 2, 1); w1.retain_grad(); w0.floor_(); "
                               "(w1 * 3).sum().backward(); out = (v1.grad, v1.retains_grad, w1.grad)",
    "relu_masks_nan_upstream": "out = []\nfor dt in (L.float32, L.float64, L.float16, L.bfloat16):\n"
                               "    x = L.tensor([-1., 0., 2., float('nan')], dtype=dt, "
                               "requires_grad=True)\n"
                               "    g = L.tensor([float('nan'), float('inf'), -3., 5.], dtype=dt)\n"
                               "    out.append(L.autograd.grad(x.relu(), x, grad_outputs=g)[0])\n"
                               "    out.append(L.autograd.grad(L.nn.functional.relu(x), x, "
                               "grad_outputs=-g)[0])",
    "half_times_number_in_float32": "out = []\nfor dt in (L.float16, L.bfloat16):\n"
                                    "    x = L.tensor([0.37, 5., 3.3, -1.7, 100.1], dtype=dt)\n"
                                    "    for s in (0.37, 0.1, 3, -2.2, 7.77):\n"
                                    "        out.append((x * s, s * x, x / s, s / x, x + s, s - x, "
                                    "x - s, x.clone().mul_(s), x.clone().div_(s), x ** s, x % s))",
    # a second backward without retain_graph: refused where a node kept anything torch frees
    # (saved values, index and mask tensors), allowed where nothing was kept
    "second_backward_by_op": "out = []\nfor code in ('x.gather(0, L.tensor([0, 1]))', "
                             "'x[L.tensor([0, 1])]', 'x[x > 0]', 'x.masked_select(x > 0)', "
                             "'x.index_select(0, L.tensor([1]))', 'x.max(0)[0]', 'x.sort()[0]', "
                             "'x.topk(1)[0]', 'x.masked_fill(x > 0, 1.)', "
                             "'L.where(x > 0, x, x * 2)', 'x.scatter(0, L.tensor([0]), 1.)', "
                             "'x.index_add(0, L.tensor([0]), L.ones(1))', "
                             "'x.scatter_add(0, L.tensor([0]), L.ones(1))', "
                             "'L.addcmul(x, L.ones(3), L.ones(3))', 'x * 2', 'x + x', 'x.sum()', "
                             "'x[0]', 'x[1:]', 'x.kthvalue(2)[0]', 'x.median(0)[0]', "
                             "'x.cumsum(0)', 'x.expand(2, 3)', 'L.cat([x, x])'):\n"
                             "    x = L.tensor([1., -2., 3.], requires_grad=True)\n"
                             "    y = eval(code)\n    y.sum().backward()\n    try:\n"
                             "        y.sum().backward()\n        out.append('ok')\n"
                             "    except RuntimeError:\n        out.append('freed')",
    "sum_dtype_casts_first": "out = (L.tensor([-1.5, -1.5, -1.7, 0.6]).sum(dtype=L.int64), "
                             "L.tensor([1.1, 2.2, 3.3], dtype=L.bfloat16).sum(dtype=L.float64), "
                             "L.tensor([1.1, 1.2, 1.2], dtype=L.float16).mean(dtype=L.float64))",
    "loss_broadcasts_first": "out = (L.nn.functional.mse_loss(L.tensor(1., dtype=L.float64), "
                             "L.ones(3)), L.nn.functional.l1_loss(L.tensor(1., dtype=L.float64), "
                             "L.ones(3)))",
    "hook_changes_dtype_refused": "x = L.ones(2, requires_grad=True); y = x * 1; "
                                  "y.register_hook(lambda g: g.double()); (y * 2).sum().backward()",
    "leaf_hook_changes_dtype_refused": "x = L.ones(2, requires_grad=True); "
                                       "x.register_hook(lambda g: g.double()); "
                                       "(x * 2).sum().backward()",
    "negative_sizes": "out = []\nfor c in ('zeros(-1, 2)', 'ones(2, -3)', 'empty(-2)', "
                      "'full((-1,), 2.)', 'randn(-1)', 'eye(-1)', 'eye(2, -1)'):\n    try:\n"
                      "        eval('L.' + c)\n        out.append('ok')\n"
                      "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "ragged_lists": "out = []\nfor d in ([[1, 2], [3]], [[1, 2], 3], [1, [2, 3]], "
                    "[[[1], [2]], [[3], [4, 5]]]):\n    try:\n        L.tensor(d)\n"
                    "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "cuda_without_cuda": "try:\n    L.ones(2).cuda()\nexcept AssertionError as e:\n"
                         "    out = str(e).startswith('Torch not compiled with CUDA enabled')",
    "legacy_type_names": "x = L.ones(2); out = (x.type('torch.DoubleTensor'), "
                         "x.type('torch.LongTensor'), x.type('torch.BFloat16Tensor').dtype, "
                         "x.type(L.int32).type())",
    "legacy_type_name_unknown": "L.ones(2).type('foo')",
    "cat_empty_list": "L.cat([])",
    "randint_bounds": "L.randint(5, 2, (3,))",
    "view_negative_size": "L.ones(2, 3).view(-2)",
    "unflatten_sizes_with_minus_one": "L.ones(6).unflatten(0, (4, -1))",
    "t_of_0d_after_base_changed": "x = L.ones((), requires_grad=True); v0 = x * 1; w = v0.T; "
                                  "v0.mul_(2); out = (w * 1, w.grad_fn)",
    "inference_view_stays_inference": "with L.inference_mode():\n    t = L.ones(2)\n"
                                      "v = t.view(2)\nout = v.is_inference()\nv.add_(1)",
    "inference_version_refused": "with L.inference_mode():\n    t = L.ones(2)\nout = t._version",
    "post_accumulate_hook_returns": "x = L.ones(2, requires_grad=True); "
                                    "x.register_post_accumulate_grad_hook(lambda t: t * 2); "
                                    "(x * 2).sum().backward()",
    "size_slices_and_sums": "s = L.ones(2, 3).shape; out = (repr(s + (4,)), repr(s[1:]), s[0])",
    "nn_kernels_by_dtype": "F = L.nn.functional; x4 = L.ones(1, 1, 4, 4, dtype=L.int64); "
                           "out = []\nfor c in ('F.conv2d(x4, L.ones(1, 1, 2, 2, dtype=L.int64))',"
                           " 'F.conv2d(x4.bool(), L.ones(1, 1, 2, 2).bool())', "
                           "'F.max_pool2d(x4, 2)', 'F.max_pool2d(x4.bool(), 2)', "
                           "'F.adaptive_avg_pool2d(x4, 2)', 'F.glu(L.ones(4, dtype=L.int64))', "
                           "'F.batch_norm(L.ones(2, 3, dtype=L.int64), L.zeros(3), L.ones(3))', "
                           "'F.batch_norm(L.ones(2, 3).bool(), L.zeros(3), L.ones(3))', "
                           "'F.unfold(x4, 2)', 'F.fold(L.ones(1, 4, 9, dtype=L.int64), (4, 4), 2)')"
                           ":\n    try:\n        out.append(eval(c))\n"
                           "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "numpy_keyword_names": "x = L.ones(2, 3); out = (x.sum(axis=0), L.sum(x, axis=1, "
                           "keepdims=True), L.cat([x, x], axis=1).shape, x.mean(axis=0), "
                           "x.argmax(axis=1), L.add(x=x, other=x), "
                           "L.concatenate([x], axis=0).shape)",
    "creation_and_joins_checked": "out = []\nfor c in (\"L.zeros(2, 'a')\", 'L.zeros(2.5)', "
                                  "'L.ones(2, foo=1)', 'L.cat(L.ones(2))', "
                                  "'L.cat([L.ones(2), 3])', \"L.stack([L.ones(2)], dim='a')\", "
                                  "\"L.arange('a')\", 'L.full(2, 3)', 'L.absolute(2.)', "
                                  "'L.clip(L.ones(1), min=0.5)', 'L.randperm(3).shape'):\n"
                                  "    try:\n        out.append(eval(c))\n"
                                  "    except TypeError as e:\n        out.append(str(e))",
    "matmul_check_order": "d = L.float64; out = []\nfor a, b in ((L.ones(2), L.ones(3, dtype=d)), "
                          "(L.ones(2, 3), L.ones(2, dtype=d)), (L.ones(2, 3), L.ones(2, 4, dtype=d)), "
                          "(L.ones(2, 2, 3), L.ones(2, 2, 4, dtype=d)), (L.ones(2), L.ones(3, 4, "
                          "dtype=d)), (L.ones(2, 2, 3), L.ones(2, 4, dtype=d)), (L.tensor(1.), "
                          "L.ones(2, dtype=d)), (L.ones(2, 3), L.ones(2, 2, 4)), (L.ones(2, 3), "
                          "L.ones(3, 4, dtype=d))):\n    try:\n        a @ b\n"
                          "    except RuntimeError as e:\n        out.append(str(e))",
    "linear_check_order": "F = L.nn.functional; out = []\nfor c in ('F.linear(L.tensor(0.4), "
                          "L.ones(2, 9))', 'F.linear(L.ones(2, 3), L.ones(4, 2, dtype=L.float64))', "
                          "'F.linear(L.ones(2, 4), L.ones(4), L.ones(4))', "
                          "'L.addmm(L.ones(2, 2).bool(), L.ones(2, 3).bool(), L.ones(3, 2).bool(), "
                          "beta=0, alpha=2)', 'F.cross_entropy(L.tensor(2.3), L.tensor([0.5, 0]))'"
                          "):\n    try:\n        eval(c)\n    except Exception as e:\n"
                          "        out.append((type(e).__name__, str(e)))",
    "broadcast_shapes_of_tuples": "out = L.broadcast_shapes((3, 1), (1, 4))",
    "bfloat16_clipping_activations": "F = L.nn.functional; x = L.tensor([-4., -1., 0.5, 2., 7.], "
                                     "dtype=L.bfloat16)\nout = (F.hardswish(x), F.relu6(x), "
                                     "F.hardtanh(x), F.hardsigmoid(x))",
    "fold_unfold_bool": "F = L.nn.functional; out = (F.unfold(L.ones(1, 1, 3, 3).bool(), 2), "
                        "F.fold(L.ones(1, 4, 4).bool(), (3, 3), 2))",
    "new_zeros_negative_size": "L.ones(2).new_zeros(-1)",
    "tensor_of_strings": "L.tensor([1, 'a'])",
    "dist_dtypes": "out = []\nfor a, b in (([1., 2.], [0, 0]), ([1, 2], [0., 0.]), ([1, 2], [0, 0]), "
                   "([True], [1.])):\n    try:\n        out.append(L.dist(L.tensor(a), L.tensor(b)))\n"
                   "    except RuntimeError as e:\n        out.append(str(e))",
    "split_chunk_of_0d": "out = []\nfor c in ('L.chunk(L.tensor(2.), 2, -1)', 'L.tensor(2.).split(1)', "
                         "'L.tensor(2.).unbind()'):\n    try:\n        eval(c)\n"
                         "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "bitwise_in_place_cast_first": "out = []\nfor c in ('y = L.tensor([1, 2]); y |= 0.5', "
                                   "'y = L.tensor([1, 2]); y |= L.tensor([0.5])', "
                                   "'y = L.tensor([True]); y |= 1'):\n    try:\n        exec(c)\n"
                                   "    except RuntimeError as e:\n        out.append(str(e))",
    "linalg_matrix_functions": "A = L.tensor([[2., 1.], [1., 3.]], dtype=L.float64, requires_grad=True)"
                               "\nout = []\nfor c in ('matrix_power(A, 3)', 'inv(A)', 'det(A)', "
                               "'slogdet(A)[1]', 'matrix_exp(A)', 'pinv(A)', 'cholesky(A)', "
                               "'cholesky(A, upper=True)', 'cholesky(-A)', 'inv(L.ones(2, 3))'):\n"
                               "    try:\n        r = eval('L.linalg.' + c)\n"
                               "        out.append((r, r.grad_fn))\n    except Exception as e:\n"
                               "        out.append((type(e).__name__, str(e)))",
    "where_condition_broadcast": "out = []\nfor c in ('L.where(L.ones(9, dtype=L.bool), L.ones(3), "
                                 "L.ones(3))', 'L.where(L.ones(2, 1, dtype=L.bool), L.ones(3), 1.)'):"
                                 "\n    try:\n        out.append(eval(c))\n"
                                 "    except RuntimeError as e:\n        out.append(str(e))",
    "addbmm_constant_batches": "M = L.ones(3, 4, requires_grad=True); r = L.addbmm(M, L.ones(2, 3, 2), "
                               "L.ones(2, 2, 4), beta=0.5); r.sum().backward(); out = (r, M.grad)",
    "flag_in_place_on_a_leaf": "out = []\nfor c in ('x.logical_not_()', 'x.logical_and_(L.ones(2))', "
                               "'x.bitwise_and_(1)', 'x.__iand__(0.5)'):\n"
                               "    x = L.tensor([1., 0.], requires_grad=True)\n    try:\n"
                               "        eval(c)\n        out.append(x)\n    except Exception as e:\n"
                               "        out.append((type(e).__name__, str(e)))",
    "index_add_checks_before_overlap": "x1 = L.ones(3, 1, requires_grad=True); v0 = x1 * 1; "
                                       "v3 = v0.t(); v3.index_add_(0, L.tensor([0]), v0.view_as(v0)[:1])",
    "interpolate_linear_modes": "F = L.nn.functional; out = []\nfor shape, mode in (((1, 2, 3, 4), "
                                "'bilinear'), ((2, 1, 5), 'linear')):\n    for kw in (dict(scale_factor=2), "
                                "dict(scale_factor=1.7), dict(scale_factor=0.5), dict(scale_factor=2.5, "
                                "align_corners=True), dict(scale_factor=1.5, recompute_scale_factor=True)):"
                                "\n        x = (L.arange(L.Size(shape).numel(), dtype=L.float64).reshape(shape) ** 1.5"
                                ").requires_grad_()\n        y = F.interpolate(x, mode=mode, **kw)\n"
                                "        w = L.arange(y.numel(), dtype=L.float64).reshape(y.shape) % 3 - 1\n"
                                "        g, = L.autograd.grad((y * w).sum(), x, create_graph=True)\n"
                                "        out.append((y, g, g.requires_grad))",
    "interpolate_mode_errors": "F = L.nn.functional; out = []\nfor c in (\"F.interpolate(L.ones(1, 1, 2, "
                               "2), scale_factor=2, mode='linear')\", \"F.interpolate(L.ones(1, 1, 2), "
                               "scale_factor=2, mode='bilinear')\", 'F.interpolate(L.ones(1, 1, 2, 2), "
                               "scale_factor=2, align_corners=True)'):\n    try:\n        eval(c)\n"
                               "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "in_place_arithmetic_outside_autograd": "p = L.ones(2, 3); v = p[0]; g = L.full((2, 3), 2.)\n"
                                            "with L.no_grad():\n    p.add_(g, alpha=-0.5)\n"
                                            "    p.sub_(g)\n    p.mul_(3.)\n    p.add_(1.5)\n"
                                            "    p.add_(g.double())\n    p.add_(L.ones(3))\n"
                                            "q = L.ones(2, dtype=L.int64); q.add_(L.ones(2, dtype=L.int64), "
                                            "alpha=2)\nout = (p, v, p._version, q, q._version)",
    "setitem_bad_index_first": "out = []\nfor c in ('y = L.ones(3) * 1; y[:, L.tensor(-2), None] = 0.',"
                               " 'x = L.ones((), requires_grad=True); x[:, 0] = 1.', "
                               "'y = L.ones(3); y[5] = 1.'):\n    try:\n        exec(c)\n"
                               "    except IndexError as e:\n        out.append(str(e))",
})

# Memory overlap as torch's kernels check it (TensorIterator: part of the written memory, before
# shapes; the index ops: any of it; fills of one value, masked_scatter_ and the matrix products:
# none), setitem's copy_to (leading 1s dropped, expanded before the in-place checks), indexing a
# 0-d tensor, `.data =`, views remade after in-place changes, in-place comparisons.
_OVERLAP_CASES = """
y = L.zeros(3); y.add_(y[None])
y = L.zeros(1, 3); y.add_(y[0])
y = L.zeros(3); y.copy_(y[None])
y = L.zeros(2, 3); y.copy_(y.t().t()); y.add_(y.t().t())
y = L.zeros(3, 3); y.add_(y.t())
y = L.zeros(1); y.add_(y[0])
y = L.zeros(3, 1); y.mul_(y.view(3))
y = L.zeros(4); y[2:].add_(y[:2])
y = L.zeros(4); y[:2].add_(y[1:3])
y = L.zeros(2, 2); y.view(4).addcmul_(y, y)
y = L.zeros(3, 4); y[:, ::2].add_(y[:, 1::2]); y.add_(y[0].expand(3, 4))
y = L.zeros(2, 3, 4); y.view(4, 3, 2).add_(y.permute(2, 1, 0))
y = L.zeros(2, 3, 4); y.add_(y.permute(1, 0, 2).permute(1, 0, 2))
x = L.zeros(3); x.index_add_(0, L.tensor([0, 1, 2]), x)
x = L.zeros(3); x.index_copy_(0, L.tensor([0]), x[:1])
x = L.zeros(3); x.scatter_(0, L.tensor([0, 1, 2]), x)
x = L.zeros(3); x.put_(L.tensor([0]), x[1:2])
x = L.zeros(3); x.index_put_((L.tensor([0, 1, 2]),), x)
x = L.zeros(3); x.masked_scatter_(x == 0, x); x.masked_fill_(x > 0, x[0]); x.fill_(x[0])
x = L.zeros(3); x.clamp_(x[:1], None)
x = L.zeros(3); x.lerp_(x[:1], 0.5)
x = L.zeros(2, 2); x.addmm_(x.t(), x)
x = L.zeros(4); x[:2].addcdiv_(x[1:3], x[2:])
x = L.zeros(3); x[0:2] = x[1:3]
x = L.zeros(3); x[L.tensor([0, 1])] = x[1:3]
x = L.zeros(1, 3); x[...] = x[None]; x[...] = x[0]
x = L.zeros(3, 1); x[...] = x.view(3)
x = L.zeros(2, 3); x[...] = x[0]
x = L.zeros(3, requires_grad=True); x[...] = L.ones(2)
x = L.zeros(2, 3, requires_grad=True); x[0] = L.ones(2)
"""
_SNIPPETS.update({
    "memory_overlap_checks": "out = []\nfor c in " + repr(_OVERLAP_CASES.strip().splitlines())
    + ":\n    try:\n        exec(c)\n        out.append('ok')\n"
    "    except RuntimeError as e:\n        out.append(str(e))",
    "setitem_one_mask_is_masked_fill": "x = L.tensor([[2.5], [0.5], [-1.]], dtype=L.bfloat16, "
    "requires_grad=True)\ny = x * 1\ny[None, L.tensor([True, False, True]), 0] = L.tensor(9.)\n"
    "z = x.double() * 1\nz[L.tensor([False, True, False]), None] = L.tensor([4.])\n"
    "(y.sum() + z.sum()).backward()\nout = (y, z, x.grad)",
    "index_0d_tensor": "out = []\nx = L.tensor(1.5)\nfor c in ('x[0]', 'x[-1]', 'x[7]', "
    "'x[L.tensor(0)]', 'x[L.tensor(-1)]', 'x[[0]]', 'x[None, 0]', 'x[0:1]'):\n    try:\n"
    "        eval(c)\n    except IndexError as e:\n        out.append(str(e))",
    "set_data_checks": "out = []\nx = L.zeros(2, requires_grad=True)\nfor c in ('x.data = 3', "
    "'x.data = L.ones(2, dtype=L.int64)'):\n    try:\n        exec(c)\n"
    "    except (TypeError, RuntimeError) as e:\n        out.append((type(e).__name__, str(e)))\n"
    "y = L.ones(2); y.data = L.ones(3, dtype=L.int64); out.append(y)",
    "view_remade_after_base_stops_requiring_grad": "x = L.tensor([2., -1., 3.], "
    "requires_grad=True)\nv = x.view(-1)\nx.requires_grad_(False)\nx.squeeze_()\n"
    "a = x.detach(); w = a[:2]; w.sigmoid_(); n0 = w.grad_fn; a.requires_grad_()\n"
    "out = (v.requires_grad, v.is_leaf, v.grad_fn.name(), n0, w.grad_fn.name(), w.requires_grad)",
    "in_place_comparison_nodes": "w = L.tensor(1.5, requires_grad=True)\nout = []\n"
    "for y in (L.tensor([1, 2, 3]), L.tensor([1., 2., 3.]), L.tensor([True, False])):\n"
    "    y.gt_(w); out.append((y, y.requires_grad, y.grad_fn.name()))\n"
    "y = L.tensor([1., 2., 3.]); y.le_(w); out.append(L.autograd.grad(y.sum(), w))\n"
    "y = L.tensor([1, 2, 3]); y.gt_(w)\ntry:\n    (y * 2.).sum().backward()\n"
    "except RuntimeError as e:\n    out.append(str(e))",
    "operand_view_of_split_checked_first": "x = L.ones(2, 2, requires_grad=True) * 1\n"
    "a = x.view(4); b = x.chunk(2)[1]\na.exp_()\na.clamp_min_(b)",
    "setitem_slice_covering_a_dim": "out = []\nfor i in ('[:]', '[0:10]', '[-3:3]', '[-3:]', "
    "'[-5:]', '[::1]', '[..., :]', '[None]'):\n    for v in ('9.', 'L.ones(3)'):\n"
    "        y = L.ones(3, 3, requires_grad=True) * 1\n        exec(f'y{i} = {v}')\n"
    "        out.append((y.grad_fn.name(), y.grad_fn.next_functions[0][0].name()))",
    "view_as_dtype_last_stride": "out = []\nx = L.zeros(2, 3, dtype=L.float64)\nfor c in "
    "('x.unfold(0, 1, 1)', 'x[:, :1]', 'x[..., None]', 'x.t()', 'x.unsqueeze(-1)'):\n    try:\n"
    "        out.append(eval(c).view(L.float32).shape)\n    except RuntimeError as e:\n"
    "        out.append(str(e))",
    "arange_int_dtypes_float_bounds": "out = []\nfor dt in (L.int64, L.int32, L.uint8):\n"
    "    for a in ((0, 2, 0.5), (0.5, 3.7, 1), (-1.5, 2.2, 0.7), (0.9, 3.2, 1.9), (-2.5, 2.5, 1.5),"
    " (3.9, 0.2, -1.2), (5, 0, -2), (-7, 7, 4)):\n        try:\n"
    "            out.append(L.arange(*a, dtype=dt))\n        except ValueError as e:\n"
    "            out.append(str(e))",
    "half_softmax_dims_first_order": "import numpy as np\nout = []\nfor dt in (L.float16, "
    "L.bfloat16):\n    for shape, d in (((5, 7), 0), ((4, 4, 4, 4), 2), ((5, 7), 1)):\n"
    "        x = L.tensor(np.random.RandomState(0).randn(*shape), dtype=dt, requires_grad=True)\n"
    "        w = L.tensor(np.random.RandomState(1).randn(*shape), dtype=dt)\n"
    "        y = x.softmax(d); (y * w).sum().backward(); g1 = x.grad; x.grad = None\n"
    "        z = x.log_softmax(d); (z * w).sum().backward()\n"
    "        out.append([t.float() for t in (y, g1, z, x.grad)])",
    "half_times_one_element_tensor": "x = L.tensor([[-0.9, -2.], [-1.32, -0.02], [-2.25, -0.08]], "
    "dtype=L.bfloat16, requires_grad=True)\nq = L.tensor(-0.09, requires_grad=True)\n"
    "w = L.arange(6, dtype=L.bfloat16).reshape(3, 2) * 0.37 - 0.5\n"
    "r = x / q; s = x * L.tensor([[0.3]], dtype=L.float64); t = q.double() * x\n"
    "((r + s + t) * w).sum().backward()\nout = [v.float() for v in (r, s, t, x.grad, q.grad)]",
    "half_remainder_gradient_floor": "y = L.tensor([2.12, 2.25, 0.16], dtype=L.bfloat16)\n"
    "q = L.tensor(-0.45, dtype=L.bfloat16, requires_grad=True)\ny.remainder_(q)\n"
    "(y * L.tensor([-0.5, -0.13, 0.24], dtype=L.bfloat16)).sum().backward()\n"
    "out = (y.float(), q.grad.float())",
    "matrix_norms_of_torch_norm": "out = []\nfor c in (\"L.tensor(True).norm(p='nuc')\", "
    "\"L.ones(2, 3, 4).norm(p='nuc')\", \"L.ones(2, 3).norm(p='abc')\", "
    "\"L.ones(2, 2, dtype=L.int64).norm(p='nuc')\", \"L.ones(2, 3).half().norm(p='nuc')\", "
    "\"L.ones(2, 3).norm(p='nuc', dim=(1, -1))\", \"L.ones(2, 3).norm(p='fro', dim=(0, 1, 0))\", "
    "\"L.ones(2, 3).norm(p='nuc', dim=5)\", 'L.nn.functional.glu(L.tensor(3))', "
    "'L.nn.functional.glu(L.ones(3, dtype=L.int64))'):\n    try:\n        eval(c)\n"
    "    except RuntimeError as e:\n        out.append(str(e))\nimport numpy as np\n"
    "for shape, dim, keep in (((3, 4), None, False), ((2, 3, 4), (2, 0), True)):\n"
    "    x = L.tensor(np.random.RandomState(0).randn(*shape), requires_grad=True)\n"
    "    y = x.norm(p='nuc', dim=dim, keepdim=keep)\n    y.sum().backward()\n"
    "    out.append((y, y.grad_fn.name(), x.grad))",
    "kernel_refusals_and_check_orders_2": "out = []\nfor c in ('L.ones(2, 3).bool().median(1)', "
    "'L.ones(2, 3).bool().median()', 'L.ones(3).bool().nanmedian(0)', 'L.ones(0).bool().median()', "
    "'L.quantile(L.ones(3, dtype=L.int64), 1.5)', 'L.quantile(L.ones(0), -1.)', "
    "'L.quantile(L.ones(0, dtype=L.int64), 0.5)', 'L.quantile(L.ones(3), L.tensor([0.5, 2.]))', "
    "'L.cdist(L.ones(2, 3).half(), L.ones(2, 3).half())', "
    "'L.cdist(L.ones(2, 3).bfloat16(), L.ones(2, 3).bfloat16(), p=1.)', "
    "'L.ones(2, 2, 2, requires_grad=True).t_()', 'L.cross(L.ones(2, 2), L.ones(2, 2))', "
    "'L.linalg.cross(L.ones(2, 2), L.ones(2, 2))', 'L.sgn(L.tensor([1., -2., 0.]).bfloat16())', "
    "'L.tensor(1.5, requires_grad=True).movedim(-1, -1)'):\n    try:\n"
    "        r = eval(c)\n        r = r[0] if isinstance(r, tuple) else r\n"
    "        out.append((r.dtype, r.shape, r.grad_fn.name() if r.grad_fn else None))\n"
    "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "torch_strides_and_overlaps_of_size_one_dims": "x = L.zeros(2, 3)\nout = [t.stride() for t in "
    "(x[None], x[:, None], x[..., None], x.unsqueeze(1), x.reshape(3, 1, 2), x.expand(1, 2, 3), "
    "x.unfold(0, 1, 1), L.zeros(4, 1).t())]\nfor c in ('y = L.zeros(4, 1); y.T.copy_(y)', "
    "'y = L.zeros(4, 1); y.mul_(y.T)', 'y = L.zeros(3); y.expand(2, 3).permute(1, 0).add_(y)', "
    "'y = L.zeros(3); e = y.expand(2, 3); e[:, 0] = 1.', 'y = L.zeros(3); e = y.expand(2, 3); "
    "e[0, 0] = 1.'):\n    try:\n        exec(c)\n        out.append('ok')\n"
    "    except RuntimeError as e:\n        out.append(str(e))",
    "view_as_dtype_checks_in_order": "out = []\nh = L.zeros(3, 5, dtype=L.float16)\nfor c in "
    "('h.t()', 'h[:, 1:3]', 'h[:, :2]', 'h[::3, :4]', 'h[:, :4].unsqueeze(-1)', "
    "'h.float()[:, :1]', 'L.zeros(1).expand(3)'):\n    for dt in (L.float32, L.float16):\n"
    "        try:\n            r = eval(c).view(dt)\n            out.append((r.shape, r.stride()))\n"
    "        except RuntimeError as e:\n            out.append(str(e))",
    "empty_strides_0d_setitem_masked_scatter_order": "x = L.tensor([], dtype=L.float32)\n"
    "out = [x.stride(), x.view(L.bool).shape, L.zeros(2, 0, 3).stride()]\n"
    "y = L.tensor(2.0); y[...] = L.tensor([5.]); out.append(y)\ntry:\n"
    "    L.zeros(3).masked_scatter_(L.tensor([[True, True, False]]), L.tensor([False, True, False]))\n"
    "except RuntimeError as e:\n    out.append(str(e))",
    "sgn_gradient_is_a_zero_tensor": "out = []\nfor f in ('L.sgn(x)', 'L.sgn(x * 2)', "
    "'L.sgn(x.exp()).t()', 'L.sgn(x.t())', 'L.sgn(x + 1)', 'L.sgn(x[0])', 'L.sgn(x.float())', "
    "'L.sgn(-x)', 'L.sgn(x.tanh())', 'L.sgn(x) + x', 'L.sgn(x) + L.sgn(x * 3)', "
    "'L.cat([L.sgn(x), x])', 'L.sgn(x.sum(0))'):\n"
    "    x = L.tensor([[-1.5, 2.5], [0.5, -3.]], dtype=L.float64, requires_grad=True)\n"
    "    g, = L.autograd.grad(eval(f).sum(), x)\n    out.append(g._is_zerotensor())\n"
    "x = L.tensor([-1.5, 2.5], requires_grad=True)\nL.sgn(x).sum().backward()\ng = x.grad\n"
    "for c in ('g.tolist()', 'g.numpy()', 'g.add_(1)', 'g[0]._is_zerotensor()', "
    "'g.detach()._is_zerotensor()', 'g.clone()._is_zerotensor()', 'g.item() if False else g[1].item()', "
    "'(x * 2).sum().backward()', 'repr(g)'):\n    try:\n        out.append(eval(c) if 'backward' not in c else exec(c))\n"
    "    except RuntimeError as e:\n        out.append(str(e))\n"
    "y = L.tensor([-1.5, 2.5], requires_grad=True)\n(y * 2).sum().backward(); L.sgn(y).sum().backward()\n"
    "out.append((y.grad, y.grad._is_zerotensor()))\n"
    "g2, = L.autograd.grad(L.sgn(y).sum(), y, create_graph=True)\n"
    "out.append((g2._is_zerotensor(), g2.requires_grad))\n"
    "w = L.tensor(-2.35, dtype=L.float64, requires_grad=True)\nv = w.clone(); v.sgn_()\n"
    "out.append(L.autograd.grad((v * 0.3).sum(), w)[0]._is_zerotensor())\n"
    "a = L.tensor([[-0.7, 1.07], [0.56, -2.]], dtype=L.float64, requires_grad=True)\n"
    "g, = L.autograd.grad(L.nn.functional.l1_loss(a, a.detach() * 2), a, create_graph=True)\n"
    "out.append((g.grad_fn.name(), L.autograd.grad(g.sum(), a)[0]._is_zerotensor()))\n"
    "c = L.tensor([1.5, -2.], requires_grad=True)\n"
    "out.append(L.autograd.grad(L.sgn(c.mean()), c)[0]._is_zerotensor())",
    "bool_kernels_and_check_orders_3": "F = L.nn.functional\nout = []\nfor c in ("
    "'L.inner(L.ones(3).bool(), L.ones(3).bool())', 'L.ones(2, 2, 2).bool().trace()', "
    "'L.cross(L.ones(2, 3).bool(), L.ones(2, 3).bool(), dim=-1)', "
    "'F.cosine_similarity(L.ones(6, 3), L.ones(3, 3))', 'L.tensor(2.).chunk(0)', "
    "'L.ones(3, 2).bool().gather(0, L.tensor([[], [], []]))', "
    "'(L.tensor([1.5, 2.], requires_grad=True) ** L.tensor([True, False])).sum().backward()'):\n"
    "    try:\n        r = eval(c)\n        out.append(None if r is None else (r.shape, r.dtype))\n"
    "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "in_place_casts_and_shapes_before_kernels": "out = []\nfor c in ('L.tensor(0).mvlgamma_(2)', "
    "'L.tensor(True).mvlgamma_(2)', 'L.tensor([True]).ldexp_(L.tensor([True]))', "
    "'L.tensor([1], dtype=L.int32).ldexp_(L.tensor([1.]))', 'L.tensor([1]).xlogy_(L.tensor([1]))', "
    "'L.ones(3, 2).half().__iand__(L.ones(2, 3, 2).bool())', "
    "'L.ones(3, 2).bool().add_(L.ones(2, 3, 2))'):\n    try:\n        eval(c)\n"
    "    except (RuntimeError, NotImplementedError) as e:\n        out.append((type(e).__name__, str(e)))",
    "pool_checks_roll_empty_lerp_order_mask_slice": "F = L.nn.functional\nout = []\nfor c in ("
    "'F.avg_pool2d(L.ones(1, 1, 0), 2)', 'F.avg_pool2d(L.ones(0, 1, 2, 2), 2).shape', "
    "'F.avg_pool2d(L.ones(1, 1, 1, 2, 2), 2)', 'F.max_pool2d(L.ones(2, 2), 2)', "
    "'F.max_pool2d(L.ones(1, 0, 2, 2), 2)', 'L.ones(0).roll(1, 5).shape', "
    "'L.ones(2, 3, dtype=L.float64).lerp_(L.ones(2, 3, dtype=L.float64).view(L.float32), 0.3)'):\n"
    "    try:\n        out.append(eval(c))\n    except RuntimeError as e:\n        out.append(str(e))\n"
    "x = L.ones(1, 4, requires_grad=True); y = x * 1\ny[L.tensor([False]), ::1] = y.sum().detach()\n"
    "out.append(y.grad_fn.name())",
    "bool_kernels_and_index_names_4": "F = L.nn.functional\nout = []\nfor c in ("
    "'L.inner(L.ones(2, 1, 1).bool(), L.ones(2, 1, 1).bool())', "
    "'F.nll_loss(L.tensor([False, False, True]), L.tensor([0]))', "
    "'F.nll_loss(L.ones(2, 3, 2).bool(), L.zeros(2, 2, dtype=L.int64))', "
    "'L.ones(0, 3, requires_grad=True).chunk(2)[1].grad_fn.name()', "
    "'(L.logaddexp(L.tensor([0.5], requires_grad=True), L.tensor([True]))).sum().backward()'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\nx = L.ones(2, 2, 3, requires_grad=True)\n"
    "for c in ('x[-1, ..., :2]', 'x[-1, ..., :3]', 'x[:, :2]', 'x[0, :, :5]', 'x[:, :, 0:3]'):\n"
    "    out.append(eval(c).grad_fn.name())\n"
    "a = L.tensor([-0.01, 1.65, 0.5, 2.], dtype=L.bfloat16, requires_grad=True)\n"
    "b = L.tensor(-1.65, dtype=L.float64, requires_grad=True)\n"
    "(L.logaddexp2(a, b) * L.tensor([-0.5, -0.13, 0.24, 0.61], dtype=L.bfloat16)).sum().backward()\n"
    "out.append((a.grad.float(), b.grad))",
    "narrow_of_a_whole_dim_is_a_slice": "x = L.ones(1, 3, requires_grad=True)\n"
    "out = [x.narrow(0, 0, 1).grad_fn.name(), x.narrow(-1, 0, 3).grad_fn.name()]\n"
    "a = L.ones(2, 3, requires_grad=True) * 1\ntry:\n    a.chunk(1)[0].narrow(0, 0, 2).mul_(2)\n"
    "except RuntimeError as e:\n    out.append(str(e))",
    "true_division_of_integers_and_setitem_dtype_before_bounds": "out = []\n"
    "for a, b in (((-3, L.int32), ([2, 2, 3], L.uint8)), (([-3, 4], L.int64), ([2, 3], L.int8)), "
    "(([True, False], L.bool), ([2, 4], L.uint8))):\n"
    "    out.append(L.tensor(a[0], dtype=a[1]) / L.tensor(b[0], dtype=b[1]))\n"
    "out.append((L.tensor([200], dtype=L.uint8) / -1, 5 / L.tensor([2], dtype=L.uint8)))\n"
    "y = L.ones(1, 1, 3, dtype=L.float64) * 1\nfor c in ('y[0:, [0, 1]] = L.tensor(9.0)', "
    "'y[0:, [0, 1]] = 9.0', 'y[:, [5]] = y[0, 0, :1]'):\n    try:\n        exec(c)\n"
    "    except (IndexError, RuntimeError) as e:\n        out.append((type(e).__name__, str(e)))",
    "setitem_of_a_0d_region_drops_leading_ones": "out = []\ny = L.zeros(3)\ntry:\n"
    "    y[0] = L.tensor([1., 2.])\nexcept RuntimeError as e:\n    out.append(str(e))\n"
    "z = L.zeros(2, 3)\nz[0, 1] = L.tensor([[1.]])\nz[1] = L.tensor([[[2., 3, 4]]])\nout.append(z)",
    "kernel_check_orders_median_searchsorted_expand_roll": "out = []\n"
    "for c in ('L.tensor([True]).median(5)', 'L.tensor([True]).nanmedian(5)', "
    "'L.tensor([True]).kthvalue(1, 0)', 'L.tensor(True).kthvalue(1)', "
    "'L.bucketize(L.tensor([True]), L.tensor([True, False]))', "
    "'L.bucketize(L.tensor([1.0]), L.tensor([True, False]))', "
    "'L.searchsorted(L.ones(2, 2), 1.0)', 'L.tensor(1.0).expand(-1)', "
    "'L.tensor(1.0).expand(2, -1)', 'L.tensor([1.0]).expand(-1, 2)', "
    "'L.zeros(2, 0, requires_grad=True).roll(1, 1).grad_fn.name()', "
    "'L.zeros(2, 3).sub_(L.ones(1, 2, 3, dtype=L.bool))'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "b = L.tensor(False)\ntry:\n    b -= L.tensor([[False, True]])\nexcept RuntimeError as e:\n"
    "    out.append(str(e))",
    "atan2_second_derivative_at_the_origin_is_nan": "y = L.tensor([0.0, 1.0], dtype=L.float64, "
    "requires_grad=True)\nx = L.tensor(0.0, dtype=L.float64, requires_grad=True)\n"
    "gy, gx = L.autograd.grad(L.atan2(y, x).sum(), [y, x], create_graph=True)\n"
    "out = [gy, gx, L.autograd.grad(gy.sin().sum() + gx.sin().sum(), [y, x])]",
    "circular_and_3d_padding": "F = L.nn.functional\nout = []\n"
    "x = L.arange(24.0, dtype=L.float64).reshape(1, 2, 3, 4).requires_grad_()\n"
    "for p in ((1, 2), (2, 1, 1, 0), (1, 1, 0, 2, 1, 1), (0, 0, 0, 0, 0, 2), (-1, 2, 1, -1)):\n"
    "    r = F.pad(x if len(p) < 6 else x[None], p, mode='circular')\n"
    "    g, = L.autograd.grad((r * L.arange(r.numel(), dtype=r.dtype).reshape(r.shape)).sum(), x)\n"
    "    out.append((r, r.grad_fn.name(), r._version, g))\n"
    "for mode in ('reflect', 'replicate'):\n"
    "    r = F.pad(x[None], (1, 2, 0, 1, 1, 0), mode=mode)\n"
    "    g, = L.autograd.grad((r * L.arange(r.numel(), dtype=r.dtype).reshape(r.shape)).sum(), x)\n"
    "    out.append((r, r.grad_fn.name(), g))\n"
    "for c in ('F.pad(x, (0, 0, 0, 0, 3, 0), mode=\"circular\")', "
    "'F.pad(x[0, 0], (-2, -3), mode=\"circular\")', 'F.pad(x, (1, 1), mode=\"circular\")', "
    "'F.pad(x, (3, 0, 0, 0, 2, 0), mode=\"reflect\")', "
    "'F.pad(L.ones(1, 2, 2).bool(), (1, 1), mode=\"reflect\")', "
    "'F.pad(L.ones(1, 2, 2, 2).bool(), (1, 1) * 3, mode=\"replicate\")', "
    "'F.pad(L.ones(1, 0, 2), (1, 1), mode=\"replicate\")', "
    "'F.pad(L.ones(2, 2), (-1, -1), mode=\"reflect\")', "
    "'F.pad(L.ones(1, 2, 2), (-1, -1, -1, -1), mode=\"replicate\")', "
    "'F.pad(L.ones(1, 1, 1), (-1, -1, 0, 0), mode=\"reflect\")', "
    "'F.pad(L.ones(1, 1, 1), (-1, -1, 0, 0), mode=\"replicate\")', "
    "'F.pad(L.ones(1, 1, 1, 1), (-1, -1, -1, -1, -1, -1), mode=\"reflect\")', "
    "'F.pad(L.ones(1, 1, 2, 2), (-1, -1, 0, 0, 0, 0), mode=\"replicate\")'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))",
    "copy_slices_shows_the_in_place_ops_edges": "x = L.ones(3, requires_grad=True)\nb = x * 1\n"
    "w = L.ones(2, requires_grad=True)\nout = []\n"
    "for c in ('b[1:].mul_(2)', 'b[:2].mul_(w)', 'b[:2].exp_()', 'b[1:3].copy_(w)', "
    "'b[:1].copy_(b[2:])'):\n    exec(c)\n"
    "    out.append([None if f is None else f.name() for f, _ in b.grad_fn.next_functions])",
    "data_of_another_shape_meets_the_nodes_metadata": "out = []\n"
    "x1 = L.tensor([[-0.46], [0.86], [1.26], [-1.14]], requires_grad=True)\nv0 = x1.exp()\n"
    "v1 = v0[1:]\nv1.data = v0.detach() * 0\ntry:\n    (v1 * L.arange(4.0).reshape(4, 1)).sum()"
    ".backward()\nexcept RuntimeError as e:\n    out.append(str(e))\n"
    "for new, first in (((), False), ((2, 1), False), ((2, 3), False), ((2, 3), True), "
    "((2,), True)):\n    x = L.ones(3, requires_grad=True) if first else L.ones(1, 3, "
    "requires_grad=True)\n    if first:\n        (x * 2).sum().backward()\n    y = x * 2\n"
    "    x.data = L.zeros(new)\n    try:\n        (y.sum() if not first else (x * 3).sum())"
    ".backward()\n        out.append(x.grad)\n    except RuntimeError as e:\n"
    "        out.append(str(e))\n"
    "x1 = L.tensor([[[-0.58, 1.65], [1.0, -0.45]], [[-1.13, -0.29], [0.0, 0.85]]], "
    "requires_grad=True)\nv0 = x1 + 0\nv2 = v0[:, 0]\nv2.data = L.tensor(0.38) * 0\n"
    "v2.index_fill_(0, L.tensor([0]), -1.0)\n(v0[None] * L.arange(8.0).reshape(1, 2, 2, 2))"
    ".sum().backward()\nout.append(x1.grad)",
    "index_put_check_order_and_masked_fill": "out = []\nm = L.tensor([True, False, True])\n"
    "for c in ('L.zeros(0).index_put_((L.tensor([0, 0]),), L.tensor(-4), accumulate=True)', "
    "'L.zeros(3).index_put_((L.tensor([0, 1]),), L.tensor([1, 2, 3]))', "
    "'L.zeros(3).index_put_((m,), L.tensor([[1]]))', "
    "'L.zeros(3).index_put_((m,), L.tensor(1), accumulate=True)', "
    "'L.zeros(3).index_put_((L.tensor([True, False]),), L.tensor(1))', "
    "'L.zeros(3).index_put_((L.tensor([True, False]),), L.tensor([1, 2]))', "
    "'L.zeros(3, 2).index_put_((L.tensor([0]), m), L.tensor(1))', "
    "'L.zeros(3, 2).index_put_((m.to(L.uint8),), L.tensor(1))', "
    "'L.zeros(3, 2).index_put_((m.to(L.uint8),), L.tensor([1.0, 2.0]))', "
    "'L.zeros(2, 2).index_put_((m, L.tensor([0.])), L.tensor([1.0, 2.0]))', "
    "'L.zeros(2, 1).index_put_((L.ones(2, 1).bool(), L.tensor([0])), L.tensor([1.0]))', "
    "'L.zeros(2).index_put_((L.tensor([0]), L.tensor([0])), L.tensor([1.0]))', "
    "'L.zeros(0, 2).index_put_((L.tensor([], dtype=L.bool),), L.tensor(-4))', "
    "'L.index_put(L.zeros(3, requires_grad=True), (m,), L.tensor(1.0, dtype=L.float64))"
    ".grad_fn.name()'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))",
    "norm_parameter_checks_in_torchs_order": "F = L.nn.functional\nout = []\n"
    "rm, rv = L.zeros(4), L.ones(4)\n"
    "for c in ('F.layer_norm(L.ones(1, 4, 3), (2,), L.ones(4))', "
    "'F.layer_norm(L.ones(1, 4, 3), (3,), None, L.ones(4))', "
    "'F.layer_norm(L.ones(1, 4, 3, dtype=L.int64), (3,), L.ones(3))', "
    "'F.layer_norm(L.ones(1, 4, 3, dtype=L.float64), (3,), L.ones(3))', "
    "'F.layer_norm(L.ones(1, 4, 3), (3,), L.ones(3), L.ones(3, dtype=L.float64))', "
    "'F.group_norm(L.ones(1, 4, 3, dtype=L.int64), 3)', "
    "'F.group_norm(L.ones(1, 4, 3), 2, L.ones(3))', "
    "'F.group_norm(L.ones(1, 4, 3), 2, None, L.ones(3))', "
    "'F.group_norm(L.ones(1, 4, 3), 2, L.ones(4), L.ones(3))', "
    "'F.group_norm(L.ones(1, 4, 3), 2, L.ones(2, 2))', "
    "'F.group_norm(L.ones(1, 4, 3, dtype=L.bool), 2, L.ones(4))', "
    "'F.batch_norm(L.ones(2, 4, 3, dtype=L.float64), rm, rv, training=True)', "
    "'F.batch_norm(L.ones(2, 4, 3), rm, rv, L.ones(4), L.ones(4, dtype=L.float64))', "
    "'F.batch_norm(L.ones(2, 4, 3, dtype=L.float16), None, None, L.ones(4), training=True)"
    ".dtype'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))",
    "rounding_and_nan_corners_of_rules": "F = L.nn.functional\nout = []\n"
    "x1 = L.tensor([[2.0, 1.07, -1.01], [0.5, -0.73, 0.5]], dtype=L.float16, requires_grad=True)\n"
    "x2 = L.tensor(2.48, requires_grad=True)\n"
    "(L.div(x1, x2) * L.arange(6, dtype=L.float16).reshape(2, 3)).sum().backward()\n"
    "out.append(x2.grad)\n"
    "b = L.tensor([1.69, 0.0, 2.01, -1.59], dtype=L.float16, requires_grad=True)\n"
    "e = L.tensor([[2.0, 0.77, -0.41, -1.29]], dtype=L.float64, requires_grad=True)\n"
    "(L.pow(b, e) * L.arange(4.0, dtype=L.float64)).sum().backward()\nout.append(e.grad)\n"
    "x = L.tensor([float('nan'), float('inf'), -float('inf'), 20.0, 0.5], dtype=L.float64, "
    "requires_grad=True)\ng, = L.autograd.grad(F.softplus(x).sum(), x, create_graph=True)\n"
    "out.append(L.autograd.grad(g.sum(), x))\n"
    "for c in ('L.amin(L.tensor([]), (0, -1))', 'L.amax(L.zeros(2, 0), (1, 1))', "
    "'L.amin(L.zeros(2, 0), (0, 0))'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "v0 = L.ones(3, 3)\nv3 = v0[:1]\nv0.floor_()\nv0.requires_grad_()\ntry:\n"
    "    v3.mul_(2)\nexcept RuntimeError as e:\n    out.append(str(e))",
    "a_name_torch_lacks_too_is_torchs_attribute_error": "out = []\n"
    "for c in ('L.repeat', 'L.nn.functional.foo', 'L.Tensor.foo'):\n    try:\n"
    "        eval(c)\n    except AttributeError as e:\n        out.append(str(e))",
    "scalar_overflow_shape_before_kernel_and_empty_writes": "F = L.nn.functional\nout = []\n"
    "x = L.tensor([[0, 1, 5]], dtype=L.uint8)\n"
    "for c in ('L.pow(x, 300)', 'x ** 256', 'L.pow(L.tensor([1, 2], dtype=L.int8), 200)', "
    "'L.pow(L.tensor([1.0], dtype=L.float16), 70000)', 'L.pow(L.tensor([1.0]), 1e39)', "
    "'L.where(L.tensor(False), L.ones(2, dtype=L.float16), 1e10)', "
    "'L.where(L.tensor(False), L.ones(2, dtype=L.uint8), 300)', "
    "'L.gcd(L.tensor([-2, -2, -2], dtype=L.int16), L.tensor([1.71, 2.0]))', "
    "'F.avg_pool2d(L.ones(1, 1, 2, 3, dtype=L.bool), 9)', "
    "'F.max_pool2d(L.ones(1, 1, 2, 3, dtype=L.bool), 9)', "
    "'F.max_pool2d(L.ones(1, 1, 2, 3, dtype=L.bool), 2)', "
    "'F.adaptive_avg_pool2d(L.ones(1, 1, 2, 3, dtype=L.bool), 0)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "for c in ('y[..., -1:1, L.tensor([1])] = -1', 'y[0:0, L.tensor([7])] = -1'):\n"
    "    y = L.tensor([[[-1.67], [0.79]]], requires_grad=True) * 1\n    exec(c)\n"
    "    out.append((y, y._version, y.grad_fn.name()))\n"
    "v0 = L.ones(3, 3, dtype=L.float64, requires_grad=True).clone()\n"
    "v3 = v0.t().expand(2, 3, 3)\nv3[...] = v3\nv3.copy_(v3)\n"
    "out.append((v3._version, v3.grad_fn.name(), v0.grad_fn.name()))",
    "rules_on_mixed_float_dtypes_round_as_torch": "out = []\n"
    "base = L.tensor([[0.3, -1.2, 2.5], [1.1, 0.7, -0.4]])\n"
    "for dts, lead in (((L.float16, L.float32, L.bfloat16), 1), ((L.float16, L.float16, "
    "L.bfloat16), 1), ((L.float16, L.float32, L.float64), 2), ((L.bfloat16, L.float64, "
    "L.float16), 1)):\n"
    "    ts = [(base * (k + 1.3)).to(d).detach().requires_grad_() for k, d in enumerate(dts)]\n"
    "    ts[lead] = ts[lead][0, 0].detach().requires_grad_()\n"
    "    r = L.addcdiv(*ts, value=2)\n"
    "    (r * L.arange(6).reshape(2, 3).to(r.dtype)).sum().backward()\n"
    "    out.append([t.grad.float() for t in ts])\n"
    "x2 = L.tensor([[0.9, -2.0, 0.91], [-0.66, -0.29, 2.29]], dtype=L.float64, "
    "requires_grad=True)\nx3 = L.tensor([[0.5, -2.0, 0.19], [-1.27, 1.45, -0.57]], "
    "dtype=L.float64, requires_grad=True)\n(L.cdist(x2, x3, p=0.5) * L.arange(4.0, "
    "dtype=L.float64).reshape(2, 2)).sum().backward()\nout.append((x2.grad, x3.grad))\n"
    "y = L.ones(1, 3, dtype=L.bfloat16, requires_grad=True).clone()\n"
    "y.addcdiv_(L.ones(1, 3, requires_grad=True), L.tensor([[True, False, True]]))\ntry:\n"
    "    y.sum().backward()\nexcept RuntimeError as e:\n    out.append(str(e))",
    "layer_norm_as_torchs_cpu_kernel": "F = L.nn.functional\nout = []\n"
    "data = [[[0.28, 2.0, -1.89, -2.31], [-2.0, 0.5, -0.04, -2.0]], [[-1.95, 0.5, -0.12, 0.58], "
    "[-1.53, -1.39, 0.19, -2.0]]]\n"
    "for dt, wd in ((L.bfloat16, L.bfloat16), (L.float16, None), (L.bfloat16, L.float32), "
    "(L.float16, L.float32), (L.float64, L.float64)):\n"
    "    x = L.tensor(data, dtype=dt, requires_grad=True)\n"
    "    w = None if wd is None else L.tensor([-1.51, -0.5, 0.65, 0.5], dtype=wd, "
    "requires_grad=True)\n"
    "    b = None if wd is None else L.tensor([0.3, -0.2, 0.1, 1.5], dtype=wd, "
    "requires_grad=True)\n"
    "    r = F.layer_norm(x, (4,), w, b, eps=1e-3)\n"
    "    (r * (L.arange(16, dtype=dt).reshape(2, 2, 4) * 0.37 - 0.5)).sum().backward()\n"
    "    out.append((r.float(), x.grad.float()))  # (16-bit weight sums: torch's per thread)\n"
    "    if dt is L.float64:\n        out.append((w.grad, b.grad))\n"
    "x = L.tensor([[0.37], [-1.21]], requires_grad=True)\nw = L.tensor([0.8], requires_grad=True)\n"
    "(F.layer_norm(x, (1,), w) * L.tensor([[1.0], [2.0]])).sum().backward()\n"
    "out.append((x.grad, w.grad))",
    "zero_tensor_through_ops_under_create_graph": "F = L.nn.functional\nout = []\n"
    "x1 = L.tensor([[0.5, 0.3, 2.1], [-1.49, 0.24, -2.3]], dtype=L.float64, requires_grad=True)\n"
    "x2 = L.tensor([[0.18, -2.32, 1.0], [2.41, -2.0, 0.5]], dtype=L.float64, requires_grad=True)\n"
    "for h in (lambda: x1.asinh().sgn().diagonal(), lambda: F.mish(L.logaddexp(x1, x2).sgn())):\n"
    "    y = h()\n    g, = L.autograd.grad((y * L.arange(y.numel(), dtype=y.dtype).reshape("
    "y.shape)).sum(), x1, create_graph=True)\n"
    "    out.append((g.requires_grad, g._is_zerotensor()))\n    try:\n        g.tolist()\n"
    "    except RuntimeError as e:\n        out.append(str(e))",
    "a_0d_selection_frees_its_indices": "out = []\n"
    "x1 = L.tensor([[0.37, 0.9, -1.55], [-2.39, 0.92, 1.0]], requires_grad=True)\n"
    "x2 = L.tensor([[1.72, 2.3, -2.0], [0.0, -1.21, 0.44]])\n"
    "h5 = L.atan2(x1.trace().kthvalue(1, -1)[0], x2)\n"
    "gs = L.autograd.grad(h5, [x1], L.ones_like(h5) * 0.5, create_graph=True, retain_graph=True)\n"
    "out.append(L.autograd.grad(gs[0], x1, L.ones_like(gs[0])))\ntry:\n"
    "    L.autograd.grad(h5.sum(), x1)\nexcept RuntimeError as e:\n    out.append(str(e))",
    "samplers_shifts_mv_mode_refusals": "out = []\n"
    "for dt in (L.int64, L.bool, L.uint8, L.int8, L.float16):\n"
    "    for c in ('normal_()', 'normal_(0, -1)', 'uniform_()', 'uniform_(2, 1)', 'cauchy_()', "
    "'log_normal_()', 'log_normal_(1, 0)', 'exponential_(-1)', 'geometric_(0.5)', "
    "'random_(0, 300)', 'random_(-300, 1)', 'random_(0, 2).dtype'):\n"
    "        y = L.zeros(2, dtype=dt)\n        try:\n"
    "            r = eval('y.' + c)\n            out.append(r if isinstance(r, L.dtype) else 'ok')\n"
    "        except (RuntimeError, NotImplementedError) as e:\n"
    "            out.append((type(e).__name__, str(e)))\n"
    "for c in ('L.bitwise_left_shift(0, L.tensor([True]))', "
    "'L.bitwise_left_shift(1.5, L.tensor([1]))', 'L.bitwise_right_shift(-8, L.tensor([1, 70]))', "
    "'L.mv(L.tensor(0.2), L.ones(4))', 'L.mode(L.tensor([], dtype=L.bool), -1)', "
    "'L.mode(L.zeros(2, 0), 1)', 'L.mode(L.zeros(0, 2), 1)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))",
    "view_corners_after_data_and_in_place_view_ops": "out = []\n"
    "x = L.ones(3, 4)\nfor c in ('x[None].permute(2, 0, 1)', 'x[:, None].movedim(1, -1)', "
    "'x.unfold(0, 1, 1)[None].movedim(0, -1)', 'x[None].unsqueeze(3).permute(3, 2, 1, 0)'):\n"
    "    out.append(eval(c).stride())\n"
    "v3 = (x.double() * 1).unfold(0, 1, 1)[None].movedim(0, -1)\ntry:\n"
    "    v3.view(L.float32)\nexcept RuntimeError as e:\n    out.append(str(e))\n"
    "x1 = L.tensor([[-1.42, 2.0, -2.06], [-1.11, -1.17, -1.33], [0.36, -0.77, 0.0]], "
    "dtype=L.float64)\nv0 = x1.exp()\nv1 = v0.unflatten(0, (1, -1))\nv1.squeeze_()\n"
    "v0.requires_grad_()\nout.append((v1.grad_fn.name(), v1.is_leaf))\n"
    "x1 = L.tensor([[1.27, -1.0, 0.33], [-0.81, -1.75, 2.0]], dtype=L.float64, "
    "requires_grad=True)\nv0 = x1 * 1.0\nv1 = v0.view_as(v0)\nv0.mul_(2)\n"
    "v0.data = L.tensor(0.57, dtype=L.float64) * 0\ntry:\n    v1.sum().backward()\n"
    "except RuntimeError as e:\n    out.append(str(e))",
    "logcumsumexp_backward_as_torchs_formula": "out = []\n"
    "for dt in (L.float64,):\n"
    "    for data in ([[-0.57, -1.52, 0.5], [0.0, -1.07, 1.8]], [[1e3, -1e3, 0.0]], "
    "[[float('-inf'), 0.0, 1.0]]):\n"
    "        x = L.tensor(data, dtype=dt, requires_grad=True)\n        y = x.logcumsumexp(-1)\n"
    "        w = L.arange(y.numel(), dtype=dt).reshape(y.shape) * 0.37 - 0.5\n"
    "        g, = L.autograd.grad((y.digamma() * w).sum(), x, create_graph=True)\n"
    "        out.append((g, L.autograd.grad((g * g).sum(), x)))",
    "prelu_second_derivatives_at_zero_as_torchs_formulas": "out = []\n"
    "x = L.tensor([[-1.0, 0.0, 2.0], [0.0, -0.5, 0.0]], dtype=L.float64, requires_grad=True)\n"
    "for w in (L.tensor([0.25], dtype=L.float64, requires_grad=True), L.tensor([0.25, -0.5], "
    "dtype=L.float64, requires_grad=True)):\n"
    "    xx = x if w.numel() == 1 else x.t().reshape(1, 3, 2).transpose(1, 2)\n"
    "    y = L.nn.functional.prelu(xx, w)\n"
    "    g = L.arange(y.numel(), dtype=L.float64).reshape(y.shape) * 0.3 - 0.4\n"
    "    gx, gw = L.autograd.grad((y * g).sum(), [x, w], create_graph=True)\n"
    "    out.append((gx, gw, L.autograd.grad((gx * gx).sum() + (gw * gw.sin()).sum(), [x, w])))",
    "ldexp_isin_heaviside_scans_zero_grads_saved_source": "out = []\n"
    "for d1, d2, s2 in ((L.float16, L.bfloat16, ()), (L.float16, L.bfloat16, (3,)), "
    "(L.bfloat16, L.float64, ()), (L.float64, L.float16, ()), (L.float16, L.int64, (3,)), "
    "(L.int64, L.int64, ())):\n"
    "    x1 = L.tensor([[-2.11, 1.6, 1.09], [-1.0, 0.0, -0.71]]).to(d1)\n"
    "    x2 = (L.full(s2, -0.49) if d2.is_floating_point else L.full(s2, -2)).to(d2)\n"
    "    if d1.is_floating_point:\n        x1.requires_grad_()\n"
    "    if d2.is_floating_point:\n        x2.requires_grad_()\n"
    "    r = x1.ldexp(x2)\n    if r.requires_grad:\n"
    "        (r * (L.arange(6, dtype=r.dtype).reshape(2, 3) * 0.37 - 0.5)).sum().backward()\n"
    "    out.append((r.double(), None if x1.grad is None else x1.grad.double(), "
    "None if x2.grad is None else x2.grad.double()))\n"
    "for c in ('L.isin(L.tensor([True]), L.tensor([1.0]))', 'L.isin(L.tensor([1]), True)', "
    "'L.ones(1, 1, dtype=L.float16).heaviside_(L.ones(1, 1, 1))', "
    "'L.ones(2, dtype=L.float16).heaviside_(L.ones(3, dtype=L.float16))', "
    "'L.tensor([], dtype=L.bool).cumprod_(0)', 'L.tensor([True]).cumsum_(0)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "x1 = L.tensor([[-0.73, -0.23], [1.59, 1.96]], dtype=L.float64, requires_grad=True)\n"
    "g, = L.autograd.grad((x1.floor().sgn().rsqrt() * L.arange(4.0, dtype=L.float64)"
    ".reshape(2, 2)).sum(), x1, create_graph=True)\nout.append((g, g._is_zerotensor()))\n"
    "x1 = L.tensor([[0.0, 1.75, -1.0]], requires_grad=True)\nv1 = (x1 + 0)[..., ::2]\n"
    "v1.index_add_(0, L.tensor([0]), v1[:1])\ntry:\n    v1.sum().backward()\n"
    "except RuntimeError as e:\n    out.append(str(e)[:60])",
    "softmax_16bit_first_order_values_under_create_graph": "out = []\n"
    "for dt in (L.float16, L.bfloat16):\n"
    "    x = L.tensor([[1.39, 2.0, 1.42, 1.39], [2.16, 1.0, -1.0, 2.0], [1.29, -1.67, -0.36, "
    "1.94]], dtype=dt, requires_grad=True)\n    for f in ('softmax', 'log_softmax'):\n"
    "        for d in (0, 1):\n            y = getattr(x, f)(d)\n"
    "            g, = L.autograd.grad((y * (L.arange(12, dtype=dt).reshape(3, 4) * 0.37 - 0.5))"
    ".sum(), x, create_graph=True)\n            out.append((g.float(), g.grad_fn.name()))",
    "histogram_linspace_casts_lerp_as_torchs_kernels": "import numpy as np\nout = []\n"
    "for dt in (L.float32, L.float64):\n    for k in range(4):\n"
    "        v = L.tensor(np.random.RandomState(k).randn(12).round(2).tolist(), dtype=dt)\n"
    "        for bins in (4, 7):\n            out.append(L.histogram(v, bins=bins))\n"
    "            out.append(L.histogram(v, bins=bins, range=(-1.0, 1.0)))\n"
    "    for a, b, n in ((-1.84, 2.46, 5), (0.1, 0.7, 7), (0, 10, 30), (-0.98, 2.24, 8)):\n"
    "        out.append(L.linspace(a, b, n, dtype=dt))\n"
    "for c in ('L.histogram(L.ones(3, dtype=L.float16), 3)', "
    "'L.lerp(L.tensor([0, 2], dtype=L.uint8), L.tensor([5, 1, 2], dtype=L.uint8), 0.5)', "
    "'L.lerp(L.tensor([0., 2]), L.tensor([5., 1, 2]), 0.5)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "x = L.tensor([0.91, -1.47, -1.6, 2.0, 300.5, -300.5, 255.9, -0.5, 1e5], dtype=L.bfloat16)\n"
    "out.append([x.to(dt) for dt in (L.uint8, L.int8, L.int16, L.int32)])",
    "in_place_through_a_split_of_an_expanded_view": "out = []\n"
    "x1 = L.tensor([[0.5, 0.0, -1.04]], dtype=L.float64, requires_grad=True)\nv0 = x1.sin()\n"
    "v2 = v0.view(L.float32).expand(2, 1, 6)\nv3 = v2.split(1)[0]\n"
    "v3.sub_(L.tensor(0.65, dtype=L.float64))\nout.append((v0, v3._version))",
    "cat_of_legacy_empties_and_a_bool_view_compared_in_place": "out = []\n"
    "x1 = L.tensor([], dtype=L.float64)\nx2 = L.tensor([], requires_grad=True)\n"
    "r = L.cat([x1, x2], dim=2)\nr.sum().backward()\nout.append((r, x2.grad))\n"
    "b = L.tensor([[True, False]])\nw = L.tensor(-1.43, dtype=L.float64, requires_grad=True)\n"
    "out.append(b[...].ne_(w) is not None)",
    "sigmoid_16bit_backward_kernels": "out = []\n"
    "for dt in (L.float16, L.bfloat16):\n"
    "    x = L.tensor([[-0.72, -2.41, 0.04, 0.41], [-1.12, -1.95, -1.62, 1.03], [1.73, 1.41, -0.88, "
    "-2.0]], dtype=dt, requires_grad=True)\n    for f in ('sigmoid',):\n"
    "        w = L.arange(12, dtype=dt).reshape(3, 4) * 0.37 - 0.5\n"
    "        g, = L.autograd.grad((getattr(x, f)() * w).sum(), x, create_graph=True)\n"
    "        g0, = L.autograd.grad((getattr(x, f)() * w).sum(), x)\n"
    "        gg, = L.autograd.grad((g * g.detach().sin()).sum(), x)\n"
    "        out.append((g0.float(), g.float(), gg.float()))",
    "integer_alpha_wraps_empty_flatten_and_in_place_refusal_orders": "out = []\n"
    "for c in ('L.add(L.tensor(4, dtype=L.uint8), -3, alpha=2)', "
    "'L.sub(L.tensor(4, dtype=L.uint8), 300, alpha=2)', 'L.zeros(2, 0, 3).flatten(1)', "
    "'L.tensor(True).cumsum_(0)', "
    "'L.tensor([0.5], dtype=L.float16).addcdiv_(L.tensor([[1]]), L.tensor([[False]]), value=2)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "x1 = L.tensor([[], []], requires_grad=True)\n(x1.unfold(-2, 1, 2) * 1).sum().backward()\n"
    "out.append(x1.grad)",
    "comparison_into_a_bool_view_records_and_setitem_into_ints_does_not": "out = []\n"
    "g = L.tensor(-1.43, dtype=L.float64, requires_grad=True)\n"
    "b = L.tensor([[True, True, False], [True, True, False]])\ny = b[...]\ny.ne_(g)\n"
    "out += [y, y.requires_grad, y.is_leaf, b.requires_grad]\n"
    "for dt in (L.bool, L.int64):\n    i = L.tensor([1, 0], dtype=dt)\n    i[0] = g\n"
    "    out += [i, i.requires_grad]",
    "requires_grad_false_on_a_stale_split_view_is_the_leaf_refusal": "out = []\n"
    "x = L.tensor([1.0, 2.0], requires_grad=True)\nv0 = x.clone()\nv2 = v0.chunk(2)[-1]\n"
    "v0.exp_()\ntry:\n    v2.requires_grad_(False)\nexcept RuntimeError as e:\n"
    "    out.append(str(e))",
    "first_gradient_of_a_leaf_made_0d_by_data": "out = []\n"
    "for shape in [(4, 1), (2, 3), (3,), (1, 3)]:\n"
    "    x1 = L.ones(shape, dtype=L.float64, requires_grad=True)\n    v0 = x1.sin()\n"
    "    x1.data = L.tensor(0.57, dtype=L.float64) * 0\n    try:\n"
    "        v0.sum().backward()\n        out += [x1.grad, x1.grad.stride()]\n"
    "    except RuntimeError as e:\n        out.append(str(e))",
    "integer_kernels_in_place_refuse_the_cast_first": "out = []\n"
    "g, f = L.tensor(-0.4, dtype=L.float64), L.tensor([1.5, 2.0])\n"
    "for op, a in [('lcm_', g), ('gcd_', f), ('bitwise_left_shift_', f), ('__irshift__', f), "
    "('bitwise_and_', f), ('bitwise_xor_', L.tensor([True]))]:\n"
    "    for dt in (L.bool, L.int64, L.float32):\n        try:\n"
    "            out.append(getattr(L.ones(2, dtype=dt), op)(a))\n"
    "        except Exception as e:\n            out.append((type(e).__name__, str(e)))",
    "einsum_gradients_of_broadcast_subscripts": "out = []\n"
    "a = L.tensor([[1.0, 2, 3], [4, 5, 6], [7, 8, 9]], dtype=L.float64, requires_grad=True)\n"
    "b = L.tensor([[1.0], [2.0], [3.0]], dtype=L.float64, requires_grad=True)\n"
    "c = L.ones(1, 3, dtype=L.float64, requires_grad=True)\n"
    "for eq, ops in [('ij,ij->i', (a, b)), ('ij,ij->ij', (b, a)), ('ij,ij,ij->j', (a, b, c)), "
    "('...j,...j->...', (b, a))]:\n"
    "    gs = L.autograd.grad(L.einsum(eq, *ops).pow(2).sum(), ops, create_graph=True)\n"
    "    out += [[g.detach() for g in gs], L.autograd.grad(sum(g.sum() for g in gs), ops)]",
    "autograd_checks_before_a_kernels_in_fill_samplers_masked_scatter": "out = []\n"
    "b = L.tensor([[True, False]])\n"
    "for c in ('x.masked_scatter_(b, b)', 'x.fill_(L.ones(1, 2))', 'x.uniform_(2.0, 1.0)', "
    "'x.normal_(0.0, -3.0)', 'x.geometric_(2.0)', 'x.bernoulli_(2.0)', 'x.exponential_(-1.0)', "
    "'x.cauchy_(0.0, -3.0)', 'x.log_normal_(1.0, -3.0)', 'x.random_(5, 2)', 'x.log1p_(1)', "
    "'x.log1p_(a=1)', 'L.ones(2, dtype=L.int64).bitwise_not_(1)', "
    "'L.ones(2, dtype=L.bool).logical_not_(b)'):\n"
    "    x = L.full((1, 2), 0.3, dtype=L.float64, requires_grad=True)\n    try:\n"
    "        out.append(eval(c))\n    except (RuntimeError, TypeError) as e:\n"
    "        out.append((type(e).__name__, str(e)))",
    "empty_inputs_of_cummax_scatter_block_diag_and_a_negative_base": "out = []\n"
    "for f in (L.cummax, L.cummin):\n    for d in (5, -3, 0):\n"
    "        for x in (L.tensor(1.0, requires_grad=True), L.ones(3, 0, requires_grad=True)):\n"
    "            try:\n                r = f(x, d)\n                r.values.sum().backward()\n"
    "                out += [r, x.grad]\n            except IndexError as e:\n"
    "                out.append(str(e))\n"
    "e, x1, x2 = L.tensor([[], []]), L.ones(3, 0, requires_grad=True), L.ones(2, 0, requires_grad=True)\n"
    "for r in (L.scatter_add(x1, -2, e, x2), L.scatter(x1, 0, e, 1.5), "
    "L.scatter_reduce(x1, 0, e, x2, 'sum')):\n    r.sum().backward()\n"
    "    out += [r, x1.grad, x2.grad]\n"
    "a, b = L.tensor([], dtype=L.float64, requires_grad=True), "
    "L.tensor([[-1.51], [0.52]], dtype=L.float64, requires_grad=True)\n"
    "r = L.block_diag(a, b)\n(r * L.tensor([[1.0], [2.0], [3.0]], dtype=L.float64)).sum().backward()\n"
    "out += [r, a.grad, b.grad]\n"
    "x = L.tensor([0.5, 1.63], dtype=L.float64, requires_grad=True)\n"
    "g, = L.autograd.grad(L.pow(-2.5, x).sum(), x, create_graph=True)\n"
    "out += [g.detach(), g.requires_grad]",
    "elementwise_results_laid_out_as_tensor_iterator_and_kron_views": "out = []\n"
    "x = L.arange(1.0, 10.0).reshape(3, 3)\nt = x.t()\n"
    "for c in ('t + x', 'x + t', 't[:2] * x[:2]', 'L.ones(2, 3, 4).permute(2, 0, 1) + L.ones(4, 2, 3)', "
    "'t.long() + x.long()', 't > x', 'L.atan2(t, x)', 't ** x', 'L.hypot(t, x)', 'L.logaddexp(t, x)', "
    "'L.xlogy(t, x)', 'L.ones(2, 3, 4).transpose(0, 1) + L.ones(3, 2, 4)', 'L.kron(t, x)', "
    "'L.kron(t, t)', '(t + x).view(-1)', 'L.zeros_like(t)', 'L.full_like(t[:, :2], 2.0)', "
    "'t.softmax(0)', 'L.clamp(t, 1, 2)', 'L.logical_and(t, x)', 'L.lerp(t, x, 0.3)', "
    "'L.nn.functional.hardtanh(t)', 't.cumsum(0)', 't.roll(1, 0)', 'L.cdist(t, x)', "
    "'L.nn.functional.huber_loss(t, x, reduction=\"none\")', 'L.nn.functional.logsigmoid(t)', "
    "'L.cat([t, t], 1)', 'L.stack([t, t], 2)', 'L.nonzero(t)', 't.sort(0).values', 't.argsort(1)', "
    "'L.isreal(t)', 'L.gradient(t)[0]'):\n"
    "    try:\n        r = eval(c)\n        out += [r, r.stride(), r.is_contiguous()]\n"
    "    except RuntimeError as e:\n        out.append(str(e))",
    "index_lists_become_long_and_index_types_before_value_dtypes": "out = []\n"
    "y = L.arange(3.0, dtype=L.float64)\n"
    "for c in ('y[[]]', 'y[[1.7]]', 'y[[1.0, 2]]', 'y[[True, False, True]]'):\n"
    "    out.append(eval(c))\n"
    "for idx in ((L.tensor([]), None, None), L.tensor([1.0]), []):\n"
    "    for v in (L.tensor(9.0), L.tensor(9.0, dtype=L.float64)):\n        try:\n"
    "            y[idx] = v\n            out.append(y.clone())\n"
    "        except (IndexError, RuntimeError) as e:\n            out.append((type(e).__name__, str(e)))",
    "topk_picks_among_equal_values_as_torchs_selection": "import random\nrandom.seed(1)\nout = []\n"
    "for trial in range(60):\n    n = random.randint(2, 40) if trial % 4 else random.randint(64, 160)\n"
    "    k = random.randint(1, n if trial % 4 else n // 64)\n"
    "    vals = [random.choice([-1.0, 0.0, 1.0, 2.0, 0.5, float('nan') if trial % 7 == 0 else 3.0]) "
    "for _ in range(n)]\n    x = L.tensor([vals, vals[::-1]], dtype=L.float32)\n"
    "    x = x.nan_to_num(5.0).long() if trial % 3 == 1 else x\n    for largest in (True, False):\n"
    "        out.append(L.topk(x, k, largest=largest).indices)",
    "index_fill_into_an_empty_dim_checks_memory_first": "out = []\n"
    "x1 = L.tensor([-0.84, -1.96, -0.97], dtype=L.float64)\n"
    "for c in ('x1[x1 > 0].index_fill_(0, L.tensor([0]), -1.0)', "
    "'L.ones(0, 3).index_fill_(0, L.tensor([0]), 1.0)', "
    "'L.ones(2, 3)[:, :0].index_fill_(1, L.tensor([]).long(), 2.0)', "
    "'L.ones(2, 3)[1:, 1:1].index_fill_(1, L.tensor([0]), 2.0)'):\n"
    "    try:\n        out.append(eval(c))\n    except (IndexError, RuntimeError) as e:\n"
    "        out.append((type(e).__name__, str(e)))",
    "setitem_of_a_shared_element_and_in_place_into_an_empty_expansion": "out = []\n"
    "v0 = L.tensor(-1.79, dtype=L.float64)\n"
    "v2 = v0[v0 > 0].expand(2, 0)\n"
    "v2.add_(1.5); out.append((v2.shape, v2._version))\n"
    "a = L.ones(4, 1, dtype=L.float64) * 2\n"
    "v1 = a[a > 1.5][:1]\n"
    "for c in (\"v1[:, None].__setitem__(Ellipsis, v1)\", \"v1[:, None].copy_(v1)\", \"v1.__setitem__(Ellipsis, v1)\", \"v1[None].__setitem__(Ellipsis, v1[None])\"):\n"
    "    try:\n"
    "        eval(c); out.append(\"ok\")\n"
    "    except RuntimeError as e: out.append(str(e)[:60])",
    "in_place_ops_of_int_tensors_record_but_copy_does_not": "out = []\n"
    "g = L.tensor(-1.81, requires_grad=True)\n"
    "for c in ('y.masked_fill_(L.tensor([False, True, False]), g)', 'y.fill_(g)', "
    "'y.index_fill_(0, L.tensor([1]), g)', 'y[1:].masked_fill_(L.tensor([True, False]), g)', "
    "'y.__setitem__(L.tensor([True, False, True]), g)', 'y.copy_(g)', 'y.__setitem__(0, g)'):\n"
    "    for dt in (L.int64, L.bool):\n        y = L.tensor([1, 0, 1], dtype=dt)\n        exec(c)\n"
    "        out += [y, y.requires_grad, y.is_leaf, type(y.grad_fn).__name__]\n"
    "x1 = L.tensor([[-1.0, 1.88], [-1.82, 0.0]], dtype=L.float64)\nv0 = x1 * 1.0\n"
    "v1 = v0.expand(2, *v0.shape)\nv1[...] = v0.view_as(v0)\nout += [v0, v0._version]",
    "setitem_of_one_shared_element_into_many_is_let_through": "v0 = L.tensor([[0.75, -1.0, -2.17]]) * 1\n"
    "v3 = v0.diagonal()\nv3.clamp_(-0.5, 0.5)\nv0[...] = v3\nout = (v0, v0._version)",
    "bool_tensordot_of_one_row_and_column_is_dot_and_embedding_renorm_dtypes": "out = []\n"
    "for a, b in [((1, 3), (1, 3)), ((2, 3), (1, 3)), ((1, 1, 3), (1, 3)), ((3,), (1, 3)), "
    "((1, 0), (1, 0)), ((2, 0), (1, 0)), ((0,), (0,)), ((2, 0), (3, 0))]:\n"
    "    for f in (L.inner, lambda x, y: L.tensordot(x, y, ([-1], [-1]))):\n        try:\n"
    "            out.append(f(L.ones(a, dtype=L.bool), L.ones(b, dtype=L.bool)))\n"
    "        except NotImplementedError as e:\n            out.append(str(e))\n"
    "for dt in (L.bool, L.int64, L.float16):\n    w = L.ones(4, 3, dtype=dt)\n    try:\n"
    "        out.append(L.nn.functional.embedding(L.tensor([0, 3, 3]), w, max_norm=1.0))\n"
    "        out.append(L.embedding_renorm_(w, L.tensor([0]), 1.0, 2.0))\n"
    "    except RuntimeError as e:\n        out.append(str(e))\n"
    "try:\n    L.embedding_renorm_(L.ones(2, 2, requires_grad=True), L.tensor([0]), 1.0, 2.0)\n"
    "except RuntimeError as e:\n    out.append(str(e))",
    "expand_keeps_a_size_one_dims_stride": "out = []\n"
    "for t in (L.ones(3).unsqueeze(0).expand(1, 3), L.ones(3, 1).expand(3, 1), "
    "L.ones(1, 3, dtype=L.float64).t().expand(2, 3, 1), L.ones(3).expand(2, 1, 3), "
    "L.ones(2, 1).expand(1, 2, 1)):\n    out.append(t.stride())\n    try:\n"
    "        out.append(t.view(L.float16).shape)\n    except RuntimeError as e:\n"
    "        out.append(str(e))",
    "sgn_zero_gradient_through_topk_backward": "x1 = L.tensor([[-1.72, -0.71, 0.64], [1.64, -1.09, "
    "-1.8]], dtype=L.float64, requires_grad=True)\nh5 = x1.topk(1)[0].sgn().diagonal()\n"
    "gs = L.autograd.grad(h5, [x1], grad_outputs=L.ones_like(h5) * 0.5, create_graph=True)\n"
    "out = [gs, gs[0].requires_grad]",
    "fold_checks_its_shapes_as_col2im": "out = []\nF = L.nn.functional\n"
    "for shape, size, k, kw in [((1, 2, 3), (2, 4), (1, 2), {}), ((1, 4, 3), (2, 4), (2, 2), {}), "
    "((1, 4, 6), (2, 4), (2, 2), {}), ((4, 6), (2, 4), (2, 2), {}), "
    "((1, 4, 3), (2, 4), (2, 2), {'stride': 2}), ((1, 5, 3), (2, 4), (2, 2), {}), "
    "((2, 1, 4, 3), (2, 4), (2, 2), {}), ((1, 0, 4), (2, 4), (2, 2), {}), "
    "((1, 4, 3), (2, 4), 0, {}), ((1, 4, 3), (2, 4), 2, {'dilation': 0}), "
    "((1, 4, 3), (2, 4), 2, {'padding': -1}), ((1, 4, 1), (1, 1), 2, {})]:\n    try:\n"
    "        out.append(F.fold(L.ones(shape), size, k, **kw))\n    except RuntimeError as e:\n"
    "        out.append(str(e))",
    "unfold_checks_its_shapes_as_im2col": "out = []\nF = L.nn.functional\n"
    "for shape, k, kw in [((1, 1, 2, 2), 3, {}), ((1, 1, 4, 4), 0, {}), ((1, 1, 4, 4), 2, "
    "{'stride': 0, 'dilation': 0, 'padding': -1}), ((1, 1, 4, 4), 2, {'padding': -1, 'stride': 0}), "
    "((1, 0, 4, 4), 2, {}), ((0, 1, 4, 4), 2, {}), ((1, 1, 1, 1, 4), 2, {}), "
    "((1, 1, 2, 5), 3, {}), ((1, 1, 3, 3), 2, {'dilation': 3})]:\n    try:\n"
    "        out.append(F.unfold(L.ones(shape), k, **kw))\n    except RuntimeError as e:\n"
    "        out.append(str(e))\n"
    "for kw in ({'stride': 0, 'dilation': 0, 'padding': -1}, {'padding': -1, 'dilation': 0}):\n"
    "    try:\n        F.fold(L.ones(1, 4, 3), (2, 4), 2, **kw)\n    except RuntimeError as e:\n"
    "        out.append(str(e))",
    "conv_pool_interpolate_linear_argument_checks_in_torchs_order": "out = []\nF = L.nn.functional\n"
    "x4, w = L.ones(1, 2, 5, 5), L.ones(2, 2, 3, 3)\n"
    "for c in ('F.conv2d(x4, w, stride=0, padding=-1)', 'F.conv2d(x4, w, padding=-1, dilation=0)', "
    "'F.conv2d(x4, w, groups=0, stride=0)', 'F.conv2d(x4, w, groups=3, stride=0)', "
    "'F.conv2d(x4, w, dilation=-1)', 'F.conv2d(x4, w, dilation=0, groups=3)', "
    "'F.conv2d(x4, w, dilation=(0, 1))', 'F.conv2d(x4, L.ones(3, 2, 3, 3), groups=2)', "
    "'F.conv2d(x4, L.ones(2, 2, 7, 7), padding=1)', 'F.conv2d(x4, w, bias=L.ones(3))', "
    "'F.conv1d(L.ones(1, 2, 5), L.ones(2, 2, 9))', 'F.conv1d(L.ones(1, 2, 5), L.ones(2, 2, 3), dilation=0)', "
    "'F.max_pool2d(x4, 0)', 'F.max_pool2d(x4, 0, stride=1)', 'F.max_pool2d(x4, 2, stride=-1)', "
    "'F.max_pool2d(x4, 2, dilation=0)', 'F.max_pool2d(x4, 2, padding=-1)', "
    "'F.max_pool2d(L.ones(5, 5), 2, padding=3)', 'F.avg_pool2d(L.ones(5, 5), 2, padding=3)', "
    "'F.avg_pool2d(x4, 2, divisor_override=0)', 'F.avg_pool2d(x4, 2, stride=0, padding=2)', "
    "'F.adaptive_avg_pool2d(x4, (2, -1))', 'F.adaptive_avg_pool2d(L.ones(1, 2, 0, 5), 2)', "
    "'F.interpolate(x4, scale_factor=0.0)', 'F.interpolate(L.ones(1, 2, 5), size=0, mode=\"linear\")', "
    "'F.interpolate(x4)', 'F.interpolate(x4, size=(2, 2, 2))', 'F.interpolate(x4, size=3, mode=\"bogus\")', "
    "'F.interpolate(x4, size=3, antialias=True)', 'F.interpolate(L.ones(1, 2, 5), size=3, mode=\"bilinear\")', "
    "'F.linear(L.ones(2, 3), L.ones(4, 3), L.ones(5))', 'F.huber_loss(L.ones(2), L.ones(2), delta=0.0)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "x = L.arange(50.0, dtype=L.float64).reshape(1, 2, 5, 5).requires_grad_()\n"
    "for kw in (dict(size=3), dict(size=(2, 4)), dict(scale_factor=0.5), dict(scale_factor=(0.6, 1.5))):\n"
    "    r = F.interpolate(x, mode='area', **kw)\n    out += [r, L.autograd.grad(r.sum(), x)[0]]",
    "creation_shape_index_and_device_refusals_in_torchs_words": "out = []\nx = L.ones(2, 3)\n"
    "for c in ('L.randint(0, 5, (-1,))', 'L.randperm(-1)', 'x.unflatten(1, (-1, -1))', "
    "'L.cat([x, L.ones(3, 2)])', 'L.cat([x, x, L.ones(2, 2)], 0)', 'L.cat([L.ones(0), x, L.ones(3, 3)], 1)', "
    "'L.stack([x], 3)', 'L.stack([x], -4)', 'x.index_select(1, L.tensor([5]))', "
    "'x.index_select(1, L.tensor([-1]))', 'L.ones(2, 3, 4).index_select(2, L.tensor([7]))', "
    "'x.index_select(0, L.tensor([2]))', 'x.masked_fill(L.ones(2, 3), 1.0)', "
    "'x.masked_fill(L.ones(2, 3, dtype=L.int64), 1.0)', 'x.masked_fill(L.ones(2, 3, dtype=L.float16), 1.0)', "
    "'x.to(\"bogus\")', 'L.device(\"bogus:1\")', 'x.to(5)', 'L.ones(2, device=0)', 'x.to(-1)'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e).split(chr(10))[0]))",
    "rsub_refuses_bool_before_alpha": "out = []\n"
    "for c in ('L.rsub(L.tensor([1, 2]), L.tensor(True), alpha=0.5)', "
    "'L.rsub(L.tensor([True]), 2, alpha=0.5)', 'L.rsub(L.tensor([1]), 2.0, alpha=0.5)', "
    "'L.rsub(L.tensor([1]), L.tensor([2]), alpha=True)'):\n    try:\n        out.append(eval(c))\n"
    "    except RuntimeError as e:\n        out.append(str(e))",
    "negative_zero_through_relu_elu_erf": "F = L.nn.functional\n"
    "v = L.tensor([-0.0, 0.0, -1.0, float('nan'), float('-inf'), 2.0])\n"
    "out = [[(t < 0) | ((t == 0) & (1 / t < 0)) for t in (F.selu(v), F.elu(v), F.celu(v), "
    "F.elu(v, alpha=-0.5), F.relu(v), L.erf(v), L.erf(v.double()), L.relu(L.tensor([-3, 2])), "
    "L.erfinv(v / 4))], "
    "F.elu(v, alpha=-0.5), L.erf(v)]",
    "one_dimensional_pooling_as_torch_composes_it": "out = []\nF = L.nn.functional\n"
    "x3 = L.ones(1, 2, 5)\n"
    "for c in ('F.max_pool1d(x3, 0)', 'F.max_pool1d(x3, 2, stride=0)', 'F.max_pool1d(x3, 2, padding=2)', "
    "'F.max_pool1d(x3, 2, padding=-1)', 'F.max_pool1d(x3, 2, dilation=0)', 'F.max_pool1d(L.ones(5), 2)', "
    "'F.max_pool1d(x3, 7)', 'F.max_pool1d(x3.long(), 2)', 'F.avg_pool1d(x3, 0)', "
    "'F.avg_pool1d(x3, 2, padding=2)', 'F.avg_pool1d(L.ones(5), 2)', 'F.avg_pool1d(x3, 7)', "
    "'F.adaptive_avg_pool1d(x3, -1)', 'F.adaptive_avg_pool1d(L.ones(5), 2)', 'F.max_pool1d(x3, (2, 2))', "
    "'F.max_pool1d(x3, 2, stride=(1, 1))', 'F.avg_pool1d(x3, (2, 2))', 'F.avg_pool1d(x3, 2, stride=(1, 1))', "
    "'F.adaptive_avg_pool1d(x3, (2, 2))'):\n"
    "    try:\n        out.append(eval(c))\n    except Exception as e:\n"
    "        out.append((type(e).__name__, str(e)))\n"
    "x = L.tensor([[[0.3, -1.2, 2.0, 0.5, 0.1, -0.7, 1.1]], [[1.0, 0.2, -0.3, 0.4, 0.9, 0.0, -2.0]]], "
    "dtype=L.float64, requires_grad=True)\n"
    "for f, kw in [(F.max_pool1d, dict(kernel_size=2)), (F.max_pool1d, dict(kernel_size=3, stride=2, "
    "padding=1, ceil_mode=True)), (F.max_pool1d, dict(kernel_size=2, dilation=2)), (F.avg_pool1d, "
    "dict(kernel_size=3, stride=2, padding=1)), (F.avg_pool1d, dict(kernel_size=2, ceil_mode=True, "
    "count_include_pad=False)), (F.adaptive_avg_pool1d, dict(output_size=3))]:\n"
    "    r = f(x, **kw)\n    g, = L.autograd.grad((r * r).sum(), x)\n"
    "    out += [r.detach().double().mul(1e9).round(), g.mul(1e9).round(), type(r.grad_fn).__name__, "
    "type(r.grad_fn.next_functions[0][0]).__name__]\n"
    "out += [F.max_pool1d(x, 2, return_indices=True)[1], repr(L.nn.AvgPool1d(3, 2, 1)), "
    "repr(L.nn.MaxPool1d(2)), L.nn.AdaptiveAvgPool1d(2)(x).detach().mul(1e9).round()]",
    "view_of_a_leaf_made_before_requires_grad_zero_grad_layout_clamp_mask": "out = []\n"
    "v0 = L.tensor([[1.09, -1.06, -2.39]]).exp()\nv1 = v0.view_as(v0)\nv0.requires_grad_()\n"
    "try:\n    v1.pow_(2)\nexcept RuntimeError as e:\n    out.append(str(e))\n"
    "(v1 * 2).sum().backward()\nout.append(v0.grad)\n"
    "x1 = L.ones(3, 3, dtype=L.float64, requires_grad=True)\n"
    "x1.t().sgn().sum().backward()\nout += [x1.grad._version, x1.grad.tolist()]\n"
    "a = L.tensor([0.87, -2.0], requires_grad=True)\nb = L.tensor([[1.0, 2.47]], requires_grad=True)\n"
    "try:\n    L.clip(a, L.tensor([0.91, 0.5]), b).sum().backward()\nexcept RuntimeError as e:\n"
    "    out.append(str(e))",
    "norm_at_zero_second_order_losses_mixed_dtypes_median_of_nothing": "out = []\n"
    "F = L.nn.functional\n"
    "for p in (2, 1.5, 3, 0.5, float('inf')):\n"
    "    x = L.tensor([0.0, 0.0, -2.0], dtype=L.float64, requires_grad=True)\n"
    "    for part in (x[:2], x):\n"
    "        g, = L.autograd.grad(L.linalg.vector_norm(part, p), x, create_graph=True)\n"
    "        out.append(L.autograd.grad((g * L.tensor([0.7, -1.3, 0.2], dtype=L.float64)).sum(), "
    "x, allow_unused=True)[0])\n"
    "i, b = L.tensor([1, 2]), L.tensor([True, False])\n"
    "for fn in (F.mse_loss, F.smooth_l1_loss, F.huber_loss):\n"
    "    for a in (i, b, L.tensor([0.5, 3.0], dtype=L.float64), L.tensor([0.5, 3.0], dtype=L.float16)):\n"
    "        for c in (L.tensor([1.5, 2.5], requires_grad=True), i):\n"
    "            try:\n"
    "                r = fn(a, c, reduction='none')\n"
    "                out += [r, r.grad_fn and type(r.grad_fn).__name__]\n"
    "                if r.requires_grad:\n"
    "                    g, = L.autograd.grad(r.sum(), c, create_graph=True)\n"
    "                    out += [g, type(g.grad_fn).__name__]\n"
    "            except (RuntimeError, NotImplementedError) as e:\n"
    "                out.append(str(e))\n"
    "for vals, dt in (([], L.float32), ([], L.int64), ([float('nan')] * 2, L.float32)):\n"
    "    e = L.tensor(vals, dtype=dt, requires_grad=dt is L.float32)\n"
    "    for m in (e.median(), e.nanmedian()):\n"
    "        out += [m, m.grad_fn and type(m.grad_fn).__name__]\n"
    "        if m.requires_grad:\n"
    "            out.append(L.autograd.grad(m, e)[0])",
    "number_operands_zero_signs_nan_overflow_0d": "out = []\n"
    "for dt in (L.float32, L.float64):\n"
    "    for x in (L.tensor([0.0, -0.0, 1.5, -2.0], dtype=dt), L.tensor(-0.0, dtype=dt)):\n"
    "        for v in (0.0, -0.0, 1.01, float('nan'), float('inf'), 1e39, -3.4e38, 1e-46):\n"
    "            for r in (x + v, x - v, x * v, v + x, v - x, v * x, x.add(v, alpha=2)):\n"
    "                out.append((r.dtype, [repr(e) for e in r.reshape(-1).tolist()]))\n"
    "    t = L.tensor([0.3, -0.7, 0.0], dtype=dt, requires_grad=True)\n"
    "    out += L.autograd.grad((t.tanh() + t.sigmoid() * 1.01 - 0.05).sum(), t)",
    "zero_tensor_through_cos_mean_rule_orders_int_division_cast_gelu_edges": "out = []\n"
    "F = L.nn.functional\n"
    "x = L.tensor([[-1.47, -2.0, 0.3], [-0.61, 0.5, 1.0]], dtype=L.float64, requires_grad=True)\n"
    "for cg in (False, True):\n"
    "    for f in (lambda: x.cos(), lambda: x.mean(-1, keepdim=True), lambda: x.mean(), "
    "lambda: x.acos() if False else x * 2, lambda: x.sum(0)):\n"
    "        g, = L.autograd.grad(f().sgn().sum(), x, create_graph=cg)\n"
    "        out.append((g._is_zerotensor(), g.requires_grad))\n"
    "        out.append(g if not g._is_zerotensor() else None)\n"
    "for dt in (L.float32, L.float64):\n"
    "    t = L.tensor([0.3, -0.7, 0.999, -0.12], dtype=dt, requires_grad=True)\n"
    "    for f in (L.asin, L.acos, L.cos, L.reciprocal, L.asinh, lambda v: v.abs().rsqrt()):\n"
    "        out.append(L.autograd.grad(f(t).sum(), t)[0])\n"
    "for op in ('remainder_', 'fmod_', 'floor_divide_', '__imod__'):\n"
    "    for other in (L.tensor([1, 0, 3]), 0):\n"
    "        try:\n"
    "            getattr(L.tensor([True, False, True]), op)(other)\n"
    "        except RuntimeError as e:\n"
    "            out.append(str(e))\n"
    "for dt in (L.float32, L.float64, L.float16, L.bfloat16):\n"
    "    v = L.tensor([float('inf'), -float('inf'), 40.0, -5.0, 2.0], dtype=dt)\n"
    "    out += [F.gelu(v).double(), F.gelu(v, approximate='tanh').double(), F.gelu(v[0]).double()]",
    "pointwise_in_place_reads_its_own_writes_through_a_strided_operand": "out = []\n"
    "x1 = L.tensor([[[-1.84, 1.57], [-2.31, -2.13]], [[0.98, 1.26], [-0.52, 1.0]]], "
    "requires_grad=True)\n"
    "v0 = x1.clone()\nv1 = v0[..., ::2]\nv2 = v1.narrow(0, 0, 1)\n"
    "v1.addcmul_(v2, v2, value=0.5)\nout += [v0, v1._version]\n"
    "try:\n    (v2 * 2).sum().backward()\n    out.append(x1.grad)\n"
    "except RuntimeError as e:\n    out.append(str(e))\n"
    "with L.no_grad():\n"
    "    for f in (lambda w: w[:, ::2].add_(w[:1, ::2]), lambda w: w[:, ::2].mul_(w[:1, ::2]), "
    "lambda w: w.t()[::2].sub_(w[0, ::2].unsqueeze(1)), lambda w: w.diagonal().copy_(w[:, 0]), "
    "lambda w: w[1:, 1].clamp_(min=w[1, 1:]), lambda w: w[::2].div_(w[::2, :1], "
    "rounding_mode='floor'), lambda w: w[:, ::2].add_(w[:1, ::2].expand(8, 4))):\n"
    "        w = L.arange(64.0, dtype=L.float64).reshape(8, 8)\n"
    "        f(w)\n"
    "        out.append(w)\n"
    "    w = L.arange(16).reshape(4, 4)\n    w[:, 1::2].bitwise_xor_(w[:1, 1::2])\n"
    "    out.append(w)\n"
    "    for op in ('div_', 'true_divide_', 'multiply_', 'subtract_', 'lt_', 'eq_', 'ge_'):\n"
    "        w = L.arange(1.0, 9.0, dtype=L.float64).reshape(2, 2, 2).clone()\n"
    "        getattr(w, op)(w[:, 0])\n        out.append(w)",
    "pow_special_exponents_signs_at_minus_zero_and_kron": "out = []\n"
    "for dt in (L.float32, L.float64):\n"
    "    x = L.tensor([0.0, -0.0, 1.7, 0.31, 3.3], dtype=dt)\n"
    "    for e in (3, -0.5, -2, 2, -1, 0.5):\n"
    "        out.append((x ** e).double())\n"
    "        if e in (3, 2, -1, 0.5):  # (x ** (e - 1) special too: torch's pow elsewhere is Sleef's)\n"
    "            xx = x.clone().requires_grad_()\n"
    "            w = L.tensor([0.3, -0.7, 1.1, 0.9, -1.3], dtype=dt)\n"
    "            out += L.autograd.grad((xx ** e * w).sum(), xx)\n"
    "x1 = L.tensor([[0.0, -1.14], [-2.47, -0.64]], requires_grad=True)\n"
    "x2 = L.tensor([[0.31, 0.5], [-0.06, -2.32]])\n"
    "h = L.kron(x1, x2).pow(0.5)\n"
    "out += L.autograd.grad((h * (L.arange(16.0).reshape(4, 4) * 0.37 - 0.5)).sum(), x1)",
    "pow_in_place_mixed_dtypes_cummax_of_nothing_not_implemented_edges": "out = []\n"
    "for d1, d2 in ((L.float16, L.float32), (L.float32, L.float16), (L.bfloat16, L.float16)):\n"
    "    x1 = L.tensor([[2.36], [0.5], [-2.0], [0.0]], dtype=d1, requires_grad=True)\n"
    "    x2 = L.tensor([[0.12], [-1.9], [0.04], [0.5]], dtype=d2, requires_grad=True)\n"
    "    y = x1 * 1\n    y **= x2\n"
    "    (y * L.arange(4.0).reshape(4, 1)).sum().backward()\n"
    "    out += [y.double(), x1.grad.double(), x2.grad.double()]\n"
    "for f in ('cummax', 'cummin'):\n"
    "    e = L.tensor([], requires_grad=True)\n"
    "    g, = L.autograd.grad((getattr(e, f)(0)[0] * 2).sum(), e, create_graph=True)\n"
    "    out += [g is e, g.requires_grad]\n"
    "x3 = L.tensor([0.5, 2.0], dtype=L.float64, requires_grad=True)\n"
    "for op in ('floor_divide', 'heaviside'):\n"
    "    for inplace in (False, True):\n"
    "        y = L.tensor([-2.01, 3.0], dtype=L.float64)\n"
    "        r = getattr(y, op + '_')(x3) if inplace else getattr(L, op)(y, x3)\n"
    "        out.append(len(r.grad_fn.next_functions))\n"
    "        try:\n            L.autograd.grad(r.sum(), x3)\n"
    "        except RuntimeError as e:\n            out.append(str(e))",
    "index_ops_on_empty_self_and_whole_slices_before_an_index_array": "out = []\n"
    "for shape in ((0, 3), (2, 0), (0,), (2, 3)):\n"
    "    src = L.ones((1,) + shape[1:])\n"
    "    for f in (lambda e: e.index_add_(0, L.tensor([0]), src), lambda e: e.index_add_(0, "
    "L.tensor([5]), src), lambda e: e.index_copy_(0, L.tensor([0]), src), lambda e: "
    "e.index_reduce_(0, L.tensor([0]), src, 'prod'), lambda e: e.index_add(0, L.tensor([3]), src)):\n"
    "        e = L.zeros(shape)\n"
    "        try:\n            out += [f(e), e._version]\n"
    "        except (RuntimeError, IndexError) as err:\n            out.append(str(err))\n"
    "x1 = L.tensor([[[-1.08, 1.59, 1.0, 0.5], [-1.89, -1.0, -0.66, -1.77]]], requires_grad=True)\n"
    "for idx in ((slice(0, 1, 1), Ellipsis, L.tensor([0, 2, 0])), (slice(0, 5), L.tensor([1])), "
    "(slice(None), slice(0, 1), L.tensor([1]))):\n"
    "    y = x1 * 1\n    y[idx] = -1\n"
    "    out += [y, type(y.grad_fn).__name__, type((x1 * 1)[idx].grad_fn).__name__]",
    "index_add_reads_its_own_writes_through_a_strided_source": "out = []\n"
    "for f in (lambda x: x.index_add_(0, L.tensor([1, 0]), x.t()[:2]), lambda x: x.index_add_(0, "
    "L.tensor([1, 0]), x.t()[:2], alpha=0.5), lambda x: x.index_add_(0, L.tensor([1, 1, 0]), "
    "x.t()[:3]), lambda x: x.view(-1)[::2].index_add_(0, L.tensor([1, 0, 2]), "
    "x.view(-1)[1::3][:3]), lambda x: x.view(2, 2, 4).index_add_(2, L.tensor([3, 1]), "
    "x.view(2, 2, 4).transpose(0, 2)[:2].transpose(0, 2))):\n"
    "    x = L.arange(16, dtype=L.float64).reshape(4, 4).clone()\n"
    "    f(x)\n    out.append(x)",
    "zero_tensor_through_the_pointwise_losses_and_their_double_backward": "out = []\n"
    "F = L.nn.functional\n"
    "for fn in (F.huber_loss, F.mse_loss, F.smooth_l1_loss):\n"
    "    for red in ('mean', 'none', 'sum'):\n"
    "        x1 = L.tensor([[-1.13, -2.02], [1.74, 1.49]], dtype=L.float64, requires_grad=True)\n"
    "        x2 = L.tensor([[-1.35, -1.58], [-0.83, -1.74]], dtype=L.float64, requires_grad=True)\n"
    "        try:\n"
    "            g, = L.autograd.grad(fn(x1, x2, reduction=red).sgn().sum(), x1, create_graph=True)\n"
    "            out += [g._is_zerotensor(), g]\n"
    "            h = L.autograd.grad((g * g).sum() + g.sin().sum(), [x1, x2], allow_unused=True)\n"
    "            out.append([None if t is None else t._is_zerotensor() for t in h])\n"
    "        except RuntimeError as e:\n"
    "            out.append(str(e))",
    "rounded_division_of_16_bit_floats_by_a_number_unrounded": "out = []\n"
    "x = L.tensor([0.86, 1.72, -0.86, 5.0, -7.3], dtype=L.float16)\n"
    "for y in (L.tensor(0.43), 0.43, L.tensor([0.43]), L.tensor(0.43, dtype=L.float64), 2):\n"
    "    out += [x // y, L.div(x, y, rounding_mode='trunc'), L.div(x, y, rounding_mode='floor'), "
    "L.fmod(x, y), L.remainder(x, y)]\n"
    "xr = x.clone().requires_grad_()\ny = L.tensor(0.43, requires_grad=True)\n"
    "(L.fmod(xr, y) * L.arange(5.0)).sum().backward()\nout.append(y.grad)",
    "retained_tensor_reshaped_by_an_in_place_view_op": (
        "x = L.tensor([[0.65, -1.61, -1.0]], dtype=L.float64, requires_grad=True)\n"
        "v = x + 0; v.retain_grad(); v.t_()\n"
        "z = (v * (L.arange(3, dtype=v.dtype).reshape(v.shape) * 0.37 - 0.5)).sum()\n"
        "z.backward(retain_graph=True); z.backward(); a = v.grad.clone()\n"
        "v.unsqueeze_(0); (v * 2).sum().backward(); out = (a, v.grad, x.grad)"
    ),
    "size_one_dims_of_views_take_torchs_strides": (
        "v0 = L.tensor([[0.23, -1.17, 1.43]]).exp(); v1 = v0.swapaxes(0, -1)\n"
        "v2 = v1.unflatten(0, (1, -1)); a = L.arange(24.).reshape(2, 3, 4)\n"
        "s = [v2.stride(), v2.view(3, 1).stride(), v2.squeeze(0).stride(), v1.unsqueeze(0).stride(),"
        " a.transpose(0, 2).reshape(4, 1, 3, 2).stride(), a[:, 1:2].unsqueeze(3).stride(),"
        " a.permute(1, 0, 2).view(3, 1, 2, 4).stride()]\n"
        "v1[...] = v2; out = (s, v0, v0._version)"
    ),
    "unimplemented_derivative_nobody_asked_for": (
        "a = L.tensor([0.5, 2.0], requires_grad=True); x = L.tensor([1.0, 3.0], requires_grad=True)\n"
        "y = L.igamma(a, x); g = L.autograd.grad(y.sum(), x, retain_graph=True)\n"
        "y.sum().backward(inputs=[x], retain_graph=True)\n"
        "out = (g, x.grad, a.grad)\n"
        "try:\n    L.autograd.grad(y.sum(), a)\nexcept NotImplementedError as e:\n"
        "    out = out + (str(e)[:40],)"
    ),
    "copyslices_of_a_fallback_node_on_a_view_needing_no_grad": (
        "x1 = L.tensor([[4.0, -3.0], [5.0, 7.0]], dtype=L.float64); y = x1[...]\n"
        "x2 = L.tensor([[2.0, 2.0], [3.0, -2.0]], dtype=L.float64, requires_grad=True)\n"
        "y //= x2; n = [f for f, _ in x1.grad_fn.next_functions]\n"
        "out = (y, len(n), L.autograd.grad((y * 1).sum(), [x2], allow_unused=True))"
    ),
    "stale_unbind_view_assigned_into_a_view_of_another_shape": (
        "x1 = L.tensor([[1.75, 0.0, 0.14]], dtype=L.float64, requires_grad=True); v0 = x1.sin()\n"
        "v2 = v0.transpose(0, -1); v3 = v0.unbind(0)[0]; v0.unfold(0, 1, 1).pow_(2)\n"
        "try:\n    v2[...] = v3\nexcept RuntimeError as e:\n    out = str(e)[:60]"
    ),
    "diff_of_nothing_left_is_the_input": (
        "x = L.ones(0, requires_grad=True); y = L.ones(2, 0, requires_grad=True)\n"
        "out = (x.diff(n=2) is x, y.diff(dim=1) is y, L.ones(1, requires_grad=True).diff(n=2))"
    ),
    "backward_through_copyslices_of_a_fallback_node_refuses": (
        "x1 = L.tensor([[4.0, -3.0], [5.0, 7.0]], dtype=L.float64); y = x1[...]\n"
        "x5 = L.tensor([[2.0, 2.0], [3.0, -2.0]], dtype=L.float64, requires_grad=True)\n"
        "y //= x5\ntry:\n    (y * 2).sum().backward()\nexcept RuntimeError as e:\n"
        "    out = (str(e), x5.grad)"
    ),
    "setitem_lone_bool_is_unsqueeze": (  # y[True] = v is y.unsqueeze(0)'s copy: v is cast;
        "y = L.zeros(3, dtype=L.float64); y[True] = L.tensor(9.0)\n"  # y[False] writes nothing
        "z = L.zeros(3); z[False] = L.ones(5)\n"
        "x = L.tensor([3.0], dtype=L.float64, requires_grad=True); w = L.zeros(2, 3)\n"
        "w[True] = x * 2; w.sum().backward()\nout = (y, z, z._version, w, x.grad)"
    ),
    "setitem_value_types": (  # a tensor or a number, else TypeError naming both types
        "import numpy as np\nout = []\n"
        "for v in ([1.0], None, 'a', np.float32(1), np.array(2.0), 2**70, 1 + 2j, 3 + 0j):\n"
        "    w = L.zeros(2)\n    try:\n        w[0] = v\n        out.append(w)\n"
        "    except (TypeError, ValueError, RuntimeError) as e:\n        out.append(str(e))"
    ),
    "setitem_number_takes_self_dtype": (  # (also through an advanced index: no dtype mismatch)
        "a = L.zeros(3); a[[1]] = True; b = L.zeros(3, dtype=L.bool); b[[0, 2]] = 2\n"
        "c = L.zeros(3, dtype=L.int64); c[L.tensor([True, False, True])] = 2.7\nout = (a, b, c)"
    ),
    "setitem_advanced_value_without_leading_ones": (  # index_put_ of v.view(...): ViewBackward0
        "x = L.ones(1, 1, 1, requires_grad=True); m = L.tensor([True, False, True])\n"
        "w = L.zeros(3); w[m] = x * 3; u = L.zeros(2, 3); u[:, [0, 2]] = x * 3\n"
        "(w.sum() + u.sum()).backward()\n"
        "out = (w, u, x.grad, type(w.grad_fn.next_functions[1][0]).__name__)\n"
        "try:\n    L.zeros(3)[[0, 2]] = L.ones(2, 1)\nexcept RuntimeError as e:\n    out += (str(e),)"
    ),
    "bce_gradients_as_torchs_kernels": (  # g (x - y) / max(., float(1e-12)) * w / n; -logit(x)
        "x = L.tensor([[0.0, 1.0, 0.5], [0.3, 0.8, 0.1]], dtype=L.float64, requires_grad=True)\n"
        "y = L.tensor([[0.2, 0.7, 0.1], [0.9, 0.4, 0.6]], dtype=L.float64, requires_grad=True)\n"
        "w = L.tensor([1.3, 0.7, 1.9], dtype=L.float64)\nout = []\n"
        "for kw in ({}, {'weight': w}, {'reduction': 'sum'}):\n"
        "    l = L.nn.functional.binary_cross_entropy(x, y, **kw) * 1.5\n"
        "    gx, gy = L.autograd.grad(l, [x, y], create_graph=True)\n"
        "    h = (gx[1] * gx[1]).sum() + gy[1].sin().sum()\n"
        "    out += [gx, gy, L.autograd.grad(h, [x, y]), type(gy.grad_fn).__name__]"
    ),
    "scatter_checks_dim_first": (  # torch's meta: the dim, the index dtype, src's, shapes, reduce
        "out = []\nfor code in ('L.zeros(2, 0, dtype=L.float16).scatter_add_(-3, L.tensor([[], []]), "
        "L.zeros(2, 0))', 'L.zeros(2, 2).scatter_reduce(5, L.tensor([[0.]]), L.zeros(2, 2), \"x\")', "
        "'L.zeros(2, 2).scatter_reduce(0, L.tensor([[0]]), L.zeros(2, 2), \"x\")'):\n"
        "    try:\n        eval(code)\n    except (IndexError, RuntimeError) as e:\n"
        "        out.append((type(e).__name__, str(e)))"
    ),
    "as_strided_reads_a_transposed_roots_memory": (  # (its memory in F order: torch's storage)
        "b = (L.arange(9, dtype=L.float64).reshape(3, 3).t() * 1).requires_grad_()\n"
        "v = b.as_strided((3, 3), (1, 3), 0); w = L.arange(9, dtype=L.float64).reshape(3, 3) ** 2\n"
        "out = (v, L.autograd.grad((v * w).sum(), b), b.as_strided((2,), (3,), 1))"
    ),
    "data_replaced_under_a_live_view_then_in_place": (  # CopySlices and the remade view read
        "x = L.tensor([[0.6, -0.3, 0.1], [1.1, 2.4, -1.3], [0.4, -0.4, 1.5]], dtype=L.float64,"
        " requires_grad=True)\nw = L.arange(9, dtype=L.float64).reshape(3, 3) ** 2\nout = []\n"
        "for op in ('v1.mul_(w)', 'v1.exp_()', 'v1[0] = 7.0', 'v1[1:] = v1.detach()[:2] * 2'):\n"
        "    v0 = x * 1.5; v1 = v0.movedim(0, -1); v0[0] = 5.0  # (the view's memory, by strides)\n"
        "    v0.data = v1.detach() * 0\n    exec(op)\n"
        "    out.append([L.autograd.grad((t * w).sum(), x, retain_graph=True) for t in (v0, v1)])"
    ),
    "setitem_advanced_checks_in_torchs_order": (  # masks, index shapes, value shape, dtype
        "out = []\nm = L.tensor([True, False, True, False])\n"
        "for code in ('y[..., L.tensor([-2, 1]), m] = L.tensor(9.0)', "
        "'y[:, L.tensor([-2, 9]), L.tensor([0, 1, 2])] = L.tensor(9.0)', "
        "'y[:, L.tensor([-2, 9])] = L.ones(5)', 'y[:, L.tensor([-2, 1])] = L.ones(3, 2, 1, 3)', "
        "'y[L.tensor([0, 1]), ..., L.tensor([0, 2])] = L.ones(2)'):\n"
        "    y = L.zeros(2, 4, 3, dtype=L.float64)\n"
        "    try:\n        exec(code)\n    except (IndexError, RuntimeError) as e:\n"
        "        out.append((type(e).__name__, str(e)))"
    ),
    "sgn_zero_gradient_through_reductions": (  # std's and the p-norms' formulas fill it in
        "x = L.tensor([[0.5, -1.2, 2.0], [1.0, 0.3, -0.7]], dtype=L.float64, requires_grad=True)\n"
        "out = []\nfor f in (lambda: x.std(), lambda: x.std(1), lambda: L.std_mean(x)[0], "
        "lambda: x.norm(p=3), lambda: x.norm(), lambda: L.nn.functional.logsigmoid(x),\n"
        "          lambda: L.nn.functional.gelu(x), lambda: L.nn.functional.silu(x),\n"
        "          lambda: L.nn.functional.leaky_relu(x), lambda: L.nn.functional.mish(x)):\n"
        "    try:\n        g = L.autograd.grad(f().sgn().sum(), x)[0]\n"
        "        out.append((g, g._is_zerotensor()))\n"
        "    except RuntimeError as e:\n        out.append(str(e))"  # (place: torch's ZeroTensor)
    ),
    "saved_leaf_reshaped_by_data_broadcast_message": (  # numpy's ValueError in torch's words
        "x = L.tensor([[1.3], [-1.6], [-1.2], [0.8]], dtype=L.float64, requires_grad=True)\n"
        "y = x.sin(); x.data = L.zeros(2, 1, dtype=L.float64)\n"
        "try:\n    y.sum().backward()\nexcept RuntimeError as e:\n    out = str(e)"
    ),
    "layer_and_group_norm_round_as_torchs_kernels": (  # Welford moments, fused multiply-adds:
        "import numpy as np\nrng = np.random.default_rng(3)\nout = []\n"  # (bit for bit)
        "bits = lambda *ts: [[v.hex() for v in t.double().flatten().tolist()] for t in ts]\n"
        "for dt in (L.float32, L.float64, L.bfloat16):\n"
        "    for shape in ((4, 5), (3, 33), (2, 300), (2, 6, 20)):\n"
        "        x = L.tensor(rng.normal(size=shape) * 2 + 1, dtype=dt, requires_grad=True)\n"
        "        n, w = shape[-1], L.tensor(rng.normal(size=shape[-1]), dtype=dt, requires_grad=True)\n"
        "        g = L.tensor(rng.normal(size=shape), dtype=dt)\n"
        "        y = L.nn.functional.layer_norm(x, (n,)) + L.nn.functional.layer_norm(x, (n,), w, w)\n"
        "        gx, = L.autograd.grad(y, x, g)\n        out += bits(y, gx)\n"
        "        if len(shape) == 3:  # (group norm: with a weight, torch's sums round by thread\n"
        "            z = L.nn.functional.group_norm(x, 3)  # count: its input gradient without)\n"
        "            out += bits(z, *L.autograd.grad(z, x, g))"
    ),
    "bitwise_in_place_checks_the_shape_first": (  # TensorIterator's shapes, then the dtypes
        "out = []\nfor code in ('y |= L.zeros(2, 3)', 'y &= L.zeros(3)', "
        "'y.bitwise_xor_(L.zeros(2, 3))', 'y ^= L.ones(2, 3, dtype=L.int64)'):\n"
        "    y = L.tensor([-1, 5, 5])\n    try:\n        exec(code)\n        out.append(y)\n"
        "    except RuntimeError as e:\n        out.append(str(e))"
    ),
    "smooth_l1_gradient_as_torchs_two_loops": (  # vectorized body, scalar tail (beta a double)
        "import numpy as np\nrng = np.random.default_rng(4)\nout = []\n"
        "for dt, n in ((L.float32, 20), (L.float32, 37), (L.float64, 13)):\n"
        "    a = L.tensor(rng.normal(size=n), dtype=dt, requires_grad=True)\n"
        "    b = L.tensor(rng.normal(size=n) * 0.3, dtype=dt)\n"
        "    for red in ('mean', 'none'):\n"
        "        l = L.nn.functional.smooth_l1_loss(a, b, reduction=red, beta=0.7)\n"
        "        g, = L.autograd.grad((l * 1.5).sum(), a)\n"
        "        out.append([v.hex() for v in g.double().tolist()])"
    ),
    "setitem_0d_view_from_its_own_one_element_view": (  # the same element: no overlap refusal
        "a = L.tensor([0.5, 1.0, -2.0]); v1 = a[2:]; v2 = v1[0]; v2[...] = v1 * 1\n"
        "v2[...] = v1; v2[...] = v1.view(1, 1)\nout = (a, v2, v2._version)\n"
        "try:\n    v1.view(1, 1)[...] = v1\nexcept RuntimeError as e:\n    out += (str(e),)"
    ),
    "group_and_layer_norm_of_nothing": (  # (a mean of 0, a variance of 0 / 0)
        "x = L.zeros(2, 4, 0, 3, requires_grad=True); w = L.ones(4, requires_grad=True)\n"
        "r = L.nn.functional.group_norm(x, 4, w, w); r.sum().backward()\n"
        "g = L.autograd.grad(L.nn.functional.group_norm(x, 2).sum(), x, create_graph=True)\n"
        "z = L.zeros(0, 5, requires_grad=True)\n"
        "L.nn.functional.layer_norm(z, (5,), w[:1].expand(5)).sum().backward()\n"
        "out = (r, x.grad, w.grad, g, z.grad)"
    ),
    "stale_unbind_output_indexed": (  # its node is read before the index (a 0-d int: after)
        "out = []\nfor index in ('[:1]', '[0]', '[None]', '[...]'):\n"
        "    x = L.tensor([2.0, 0.68, 1.98], requires_grad=True); v0 = x + 0\n"
        "    v3 = v0.unbind(0)[0]; v0.detach()[0] = 5.0\n"
        "    try:\n        eval('v3' + index)\n    except (IndexError, RuntimeError) as e:\n"
        "        out.append((type(e).__name__, str(e)[:60]))"
    ),
    "glu_dim_out_of_range": (  # (was wrapped around silently)
        "out = []\nfor x, d in ((L.ones(1, 0, dtype=L.float16), -3), (L.ones(2, 4), 2), "
        "(L.ones(3, 4), -2)):\n    try:\n        out.append(L.nn.functional.glu(x, dim=d))\n"
        "    except (IndexError, RuntimeError) as e:\n        out.append(str(e))"
    ),
    "nll_loss_sums_as_torchs_cascade": (  # 8 levels of partial sums; weight * -(g / total)
        "import numpy as np\nrng = np.random.default_rng(2)\nout = []\n"
        "for n, dt in ((6, L.float32), (20, L.float32), (300, L.bfloat16), (1000, L.float32)):\n"
        "    x = L.tensor(np.log(rng.dirichlet(np.ones(5), size=n)), dtype=dt, requires_grad=True)\n"
        "    t = rng.integers(0, 5, size=n); t[rng.random(n) < 0.1] = -100; t = L.tensor(t)\n"
        "    w = L.tensor(rng.uniform(0.2, 2, size=5), dtype=dt)\n"
        "    for kw in ({}, {'weight': w}, {'weight': w, 'reduction': 'sum'}):\n"
        "        l = L.nn.functional.nll_loss(x, t, **kw)\n"
        "        g, = L.autograd.grad(l * 1.5, x)\n"
        "        out.append([l.item().hex(), sorted({v.hex() for v in g.double().flatten().tolist()})])"
    ),
    "searchsorted_of_nothing": (  # (torch returns before its kernel: no dtype refused)
        "out = []\nfor code in ('L.searchsorted(L.zeros(3, 0, dtype=L.bool), L.zeros(3, 0, dtype=L.bool))', "
        "'L.searchsorted(L.zeros(3, 0), L.zeros(3, 0, dtype=L.bool))', "
        "'L.bucketize(L.zeros(0, dtype=L.bool), L.tensor([False, True]))', "
        "'L.searchsorted(L.zeros(3, 0, dtype=L.bool), L.zeros(3, 2, dtype=L.bool))'):\n"
        "    try:\n        out.append(eval(code))\n    except NotImplementedError as e:\n"
        "        out.append(str(e))"
    ),
    "empty_reductions_and_linalg_checks": (  # torch's order of checks on empty and non-square input
        "out = []\nfor code in ('L.zeros(2, 0).norm(-1, dim=1)', 'L.zeros(2, 0).norm(float(\"inf\"), dim=1)', "
        "'L.zeros(0, 3).norm(-2, dim=1)', 'L.zeros(2, 0).amax(-1)', 'L.zeros(0, 2).amin(0)', "
        "'L.zeros(2, 0).kthvalue(1)', 'L.zeros(2, 0).kthvalue(1, 0)', "
        "'L.zeros(2, 3, dtype=L.int64).logdet()', 'L.zeros(2, 3).det()', 'L.zeros(2, 2, dtype=L.int64).det()'):\n"
        "    try:\n        out.append(eval(code))\n"
        "    except (IndexError, RuntimeError, TypeError) as e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "method_argument_checks": (  # positional memory formats, flags that must be bools
        "x = L.ones(2)\nout = []\nfor code in ('x.float(0)', 'x.numpy(True)', 'x.requires_grad_(0)', "
        "'setattr(x, \"requires_grad\", 1)', 'x.item(1)', 'x.tolist(0)', 'x.cpu(1)', 'x.long(memory_format=1)', "
        "'x.is_contiguous(1)', 'x.is_contiguous()', 'x.ceil(1)', 'x.double(None)'):\n"
        "    try:\n        r = eval(code); out.append(r if isinstance(r, bool) else type(r).__name__)\n"
        "    except (TypeError, RuntimeError) as e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "linalg_matrix_norms": (  # matrix orders on matrices (were vector norms of all elements)
        "import numpy as np\nA = L.tensor(np.random.default_rng(0).normal(size=(2, 3, 4)), "
        "dtype=L.float64, requires_grad=True)\nout = []\n"
        "for o in ('fro', 'nuc', 2, -2, 1, -1, float('inf'), -float('inf'), 3, 'x'):\n"
        "    for code in ('L.linalg.matrix_norm(A, o)', 'L.linalg.matrix_norm(A, o, (2, 0), True)', "
        "'L.linalg.norm(A[0], o)', 'L.linalg.norm(A, o, (0, 2))', 'L.linalg.norm(A, o)', "
        "'L.norm(A, o, (0, 1))', 'L.linalg.matrix_norm(A.float(), o, dtype=L.float64)', "
        "'L.linalg.matrix_norm(A.half(), o)', 'L.linalg.matrix_norm(A, o, (1,))'):\n"
        "        try:\n            r = eval(code)\n"
        "            out.append((r, r.grad_fn.name(), L.autograd.grad(r.sum(), A)[0]))\n"
        "        except (RuntimeError, IndexError) as e:\n            out.append(str(e))"
    ),
    "return_types_print_as_torchs": (
        "x = L.tensor([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])\n"
        "out = [repr(r) for r in (x.max(1), x.sort(1), x.aminmax(), L.frexp(x), "
        "L.linalg.slogdet(x[:, :2]), L.slogdet(x[:, :2]), L.histogram(x, 2), L.linalg.svdvals(x))]"
    ),
    "out_keyword_writes_into_the_given_tensor": (  # cast, resized, no graph; creation's dtype
        "x = L.ones(3, requires_grad=True)\nc, a, v = L.zeros(2), L.zeros(3), L.zeros(4)[:3]\n"
        "out = []\nfor code in ('L.add(L.ones(3), 1, out=x)', 'L.add(L.ones(3), 1, out=c)', "
        "'L.add(L.ones(3), 1, out=L.zeros(3, dtype=L.int64))', "
        "'L.add(L.ones(3, dtype=L.int64), 2, out=L.zeros(3, dtype=L.float64))', "
        "'L.exp(L.ones(3), out=L.zeros(3, dtype=L.float64))', 'L.mul(a, 2, out=a)', "
        "'L.sum(L.ones(2, 3), 1, out=L.zeros(2, dtype=L.int64))', 'L.add(L.ones(3), 1, out=v)', "
        "'L.max(L.ones(2, 3), 1, out=(L.zeros(2), L.zeros(2, dtype=L.int64)))', "
        "'L.cat([L.ones(2), L.ones(1)], out=L.zeros(0))', 'L.zeros(3, out=L.ones(3, dtype=L.int64))', "
        "'L.arange(3, out=L.ones(3))', 'L.full((2,), 7, out=L.ones(3, dtype=L.int32))', "
        "'L.zeros(3, out=x)', 'L.eq(L.tensor([1., 2.]), 2, out=L.zeros(2))'):\n"
        "    try:\n        out.append((eval(code), c, a._version, v))\n"
        "    except RuntimeError as e:\n        out.append(str(e))\n"
        "with L.no_grad():\n    out.append((L.add(L.ones(3), 1, out=x), x.requires_grad, x.is_leaf))"
    ),
    "linalg_solve": (  # vectors by torch's rule, XA = B, batches broadcast; second order
        "import numpy as np\nrng = np.random.default_rng(1)\nout = []\n"
        "T = lambda *s: L.tensor(rng.normal(size=s) + (3 * np.eye(s[-1]) if s[-1:] == s[-2:-1] else 0), "
        "dtype=L.float64, requires_grad=True)\n"
        "for sa, sb, left in (((2, 2), (2,), True), ((3, 3), (4, 3), False), ((5, 3, 3), (5, 3), True), "
        "((3, 3), (5, 3, 2), True), ((2, 1, 3, 3), (4, 3, 1), True), ((3, 3), (3,), False), "
        "((3, 3), (2, 3), True), ((3, 3), (4, 1, 3), True)):\n"
        "    A, B = T(*sa), T(*sb)\n"
        "    try:\n        X = L.linalg.solve(A, B, left=left)\n"
        "        gA, gB = L.autograd.grad((X * X).sum(), (A, B), create_graph=True)\n"
        "        out.append((X, gA, gB, L.autograd.grad(gA.sum() + (gB * gB).sum(), (A, B))))\n"
        "    except RuntimeError as e:\n        out.append(str(e))\n"
        "for a in (L.tensor([[1.0, 2.0], [2.0, 4.0]]), L.ones(3, 2, 2), L.ones(2, 2).long()):\n"
        "    try:\n        L.linalg.solve(a, L.ones(2, dtype=a.dtype))\n"
        "    except RuntimeError as e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "view_gradients_nodes_under_create_graph": (  # select/slice backward ops, squeeze/unsqueeze
        "x = L.tensor([[[0.3, -1.2, 2.0]], [[0.5, 0.1, -0.7]]], dtype=L.float64, requires_grad=True)\n"
        "out = []\nfor code in ('x[0]', 'x[:, 0]', 'x[0, :, 1:]', 'x[None, 0]', 'x[:, :, 0:3]', "
        "'x[..., None]', 'x[:]', 'x[...]', 'x[:, -1:]', 'x[[1, 0], :, 1:]', 'x[x > 0]', 'x[True]', "
        "'x.unsqueeze(0)', 'x.squeeze()', 'x.squeeze(0)', 'x.squeeze((0, 1))', 'x.narrow(2, 0, 2)', "
        "'x.select(2, 1)', 'x.reshape(6)'):\n"
        "    g, = L.autograd.grad((eval(code) ** 2).sum(), x, create_graph=True)\n"
        "    out.append((code, g.grad_fn.name(), g, L.autograd.grad((g * g).sum(), x)))"
    ),
    "softshrink_and_functional_in_place_forms": (  # signed zeros by torch's two loops
        "F = L.nn.functional\nout = []\n"
        "for n in (5, 12, 20, 40):\n    for dt in (L.float64, L.float32, L.bfloat16):\n"
        "        x = L.tensor([-0.5, 0.7, float('nan'), -0.2, 0.5] * n, dtype=dt, requires_grad=True)\n"
        "        r = F.softshrink(x, 0.5)\n        g, = L.autograd.grad(r.sum(), x, create_graph=True)\n"
        "        out.append(([v.hex() for v in r.double().tolist()], g, g.grad_fn.name()))\n"
        "x = L.tensor([[0.3, -1.2, 2.0], [0.5, 0.1, -0.7]], dtype=L.float64, requires_grad=True)\n"
        "for f in (lambda y: F.elu_(y), lambda y: F.leaky_relu_(y, 0.2), lambda y: F.relu_(y), "
        "lambda y: F.hardtanh_(y, -0.5, 0.5), lambda y: F.threshold(y, 0.2, -1.0, True), "
        "lambda y: F.celu_(y, 2.0), lambda y: F.selu_(y), lambda y: F.hardshrink(y, 0.4), "
        "lambda y: L.linalg.vecdot(y, y.exp()), lambda y: L.linalg.multi_dot([y[0], y.t(), y]), "
        "lambda y: L.linalg.diagonal(y), lambda y: F.pdist(y)):\n"
        "    r = f(x * 1)\n    out.append((r, L.autograd.grad(r.sum(), x)))\n"
        "for code in ('F.softshrink(x, -1)', 'F.softshrink(x.long())', 'L.linalg.multi_dot([x])', "
        "'L.linalg.multi_dot([x, x])', 'L.linalg.vecdot(x.long(), x)'):\n"
        "    try:\n        eval(code)\n    except (RuntimeError, NotImplementedError) as e:\n"
        "        out.append(str(e))"
    ),
    "matmul_gradients_as_torchs_kernels": (  # mv, a row's mm, a folded batch's one mm, bmm
        "import numpy as np\nrng = np.random.default_rng(0)\nout = []\n"
        "names = lambda g: (g.grad_fn.name(), [m[0].name() if m[0] else None "
        "for m in g.grad_fn.next_functions])\n"
        "for sx, sy in (((2, 3), (3,)), ((3,), (3, 4)), ((2, 5, 3), (3, 4)), ((2, 5, 3), (3,)), "
        "((2, 5, 3), (2, 3, 4)), ((2, 5, 3), (1, 3, 4)), ((2, 3), (3, 4))):\n"
        "    x = L.tensor(rng.normal(size=sx), dtype=L.float64, requires_grad=True)\n"
        "    y = L.tensor(rng.normal(size=sy), dtype=L.float64, requires_grad=True)\n"
        "    r = x @ y\n    gs = L.autograd.grad((r * r).sum(), (x, y), create_graph=True)\n"
        "    out.append(([names(g) for g in gs], gs, L.autograd.grad(sum((g * g).sum() for g in gs), x)))"
    ),
    "gradients_scaled_by_a_number_as_torchs_formulas": (  # mul/div by a double: one edge
        "x = L.tensor([[0.3, -1.2, 2.0], [0.5, 0.1, -0.7]], dtype=L.float64, requires_grad=True)\n"
        "m, v = L.ones(2, 2, dtype=L.float64, requires_grad=True), L.ones(3, dtype=L.float64)\n"
        "out = []\nfor f in (lambda: x.mean(), lambda: x.mean(1, True), lambda: L.exp2(x), "
        "lambda: L.deg2rad(x), lambda: L.lerp(x, x.exp(), 0.3), "
        "lambda: L.addmm(m, x, x.t(), beta=2.0, alpha=0.5), lambda: L.addmm(m, x, x.t()), "
        "lambda: L.addmv(m[0], x, v, alpha=3.0), lambda: L.nn.functional.adaptive_avg_pool2d(x[None], 1)):\n"
        "    g = L.autograd.grad((f() ** 2).sum(), (x, m), create_graph=True, allow_unused=True)\n"
        "    out.append([(t.grad_fn.name(), [e[0].name() if e[0] else None for e in t.grad_fn.next_functions])\n"
        "                if t is not None else None for t in g])"
    ),
    "var_std_maximum_gradients_as_torchs_formulas": (  # (2 / dof) * g * (x - mean); masked_fill
        "import numpy as np\nrng = np.random.default_rng(0)\nout = []\n"
        "for dt in (L.float64,):  # (float32's last digits: torch's mean in the formula is its own)\n"
        "    x = L.tensor(rng.normal(size=(4, 7)), dtype=dt, requires_grad=True)\n"
        "    y = L.tensor(rng.normal(size=7), dtype=dt, requires_grad=True)\n"
        "    for f in (lambda: x.var(), lambda: x.var(1, keepdim=True), lambda: x.std(), "
        "lambda: x.std(1, correction=2), lambda: x[:1].var(0), lambda: L.maximum(x, y), "
        "lambda: L.minimum(x, y)):\n"
        "        first = L.autograd.grad((f() ** 2).sum(), x)[0]\n"
        "        g, = L.autograd.grad((f() ** 2).sum(), x, create_graph=True)\n"
        "        out.append((g.grad_fn.name(), first, L.autograd.grad((g * g).sum(), x)))"
    ),
    "number_divided_by_an_integer_tensor": (  # the number is not wrapped into the int dtype
        "out = []\nfor dt in (L.int8, L.uint8, L.int64, L.bool):\n"
        "    x = L.tensor([2, 3, 0], dtype=dt)\n"
        "    out += [L.div(300, x), L.true_divide(-7, x), L.divide(True, x), L.div(2 ** 40, x), 300 / x]"
    ),
    "relu_float16_keeps_negative_zero": "out = repr(L.relu(L.tensor([-0., -1., 2.], dtype=L.float16)))",
    "outer_reshapes_its_vector": "x = L.tensor([0.5, 0.7], requires_grad=True)\n"
        "y = L.tensor([1., 2., 3.], requires_grad=True)\no = L.outer(x, y)\n"
        "gx, gy = L.autograd.grad((o * o).sum(), (x, y), create_graph=True)\n"
        "out = (o.grad_fn.next_functions[0][0].name(), gx.grad_fn.name(), gx, gy)",
    "std_mean_second_order_as_std": "x = L.tensor([[0.5, 0.7, -1.2], [2., 0.1, 0.3]], "
        "dtype=L.float64, requires_grad=True)\ns, m = L.std_mean(x, dim=1)\n"
        "g, = L.autograd.grad((s * L.tensor([1.5, 2.5], dtype=L.float64)).sum(), x, create_graph=True)\n"
        "out = (g.grad_fn.name(), [n.name() for n, _ in g.grad_fn.next_functions], g, "
        "L.autograd.grad((g * g).sum(), x)[0])",
    "bce_with_logits_gradient_nodes": "x = L.tensor([0.5, -0.7, 1.2], requires_grad=True)\n"
        "y = L.tensor([1., 0., 0.3], requires_grad=True)\n"
        "l = L.nn.functional.binary_cross_entropy_with_logits(x, y, pos_weight=L.tensor([1.5, 0.5, 3.]))\n"
        "gx, gy = L.autograd.grad(l, (x, y), create_graph=True)\n"
        "out = (gx.grad_fn.name(), gx.grad_fn.next_functions[0][0].name(), gy.grad_fn.name(), gx, gy)",
    "det_gradient_solves_as_torch": "A = L.tensor([[2., 1., 0.3], [0.5, 3., 1.], [0.2, 0.4, 1.5]], "
        "dtype=L.float64, requires_grad=True)\n"
        "g, = L.autograd.grad(L.linalg.det(A) * 1.7, A, create_graph=True)\n"
        "h, = L.autograd.grad(L.logdet(A), A, create_graph=True)\n"
        "out = (g.grad_fn.name(), [n.name() for n, _ in g.grad_fn.next_functions], g, "
        "h.grad_fn.name(), L.autograd.grad((g * h).sum(), A)[0])",
    "det_gradient_of_singular_matrices": "B = L.tensor([[[2., 1.], [0.5, 3.]], [[1., 2.], [2., 4.]]], "
        "dtype=L.float64, requires_grad=True)\nout = L.autograd.grad(L.det(B).sum(), B)",
    "layouts_of_copies_as_torch": "e = L.tensor([[1.5, 2.5]]).expand(3, 2)\n"
        "x = L.tensor([[1., 2., 3.], [4., 5., 6.]]).t()\nA = L.tensor([[4., 1.], [1., 3.]])\n"
        "out = [e.clone().stride(), L.rot90(e).stride(), L.flip(e, (0,)).stride(), "
        "L.put(x, L.tensor([0]), L.tensor([9.])).stride(), L.linalg.inv(A).stride(), "
        "L.linalg.cholesky(A).stride(), L.linalg.solve(A, L.ones(2, 3)).stride(), "
        "L.linalg.solve(A, L.ones(3, 2), left=False).stride(), "
        "L.nn.functional.batch_norm(x, None, None, training=True).stride(), "
        "L.nn.functional.layer_norm(x, (2,)).stride(), L.nn.functional.group_norm(x, 1).stride()]",
    "aliasing_follows_layout": "a = L.tensor([[1.5, 2.5]]).expand(3, 2).clone()\na.reshape(-1).mul_(0)\n"
        "B = L.linalg.inv(L.tensor([[2., 1.], [1., 3.]]))\nB.reshape(-1).zero_()\n"
        "p = L.put(L.tensor([[1., 2., 3.], [4., 5., 6.]]).t(), L.tensor([0]), L.tensor([9.]))\n"
        "p.flatten().mul_(0)\nout = (a, B, p)",
    "cosine_similarity_clamps_out_of_the_graph": "x = L.tensor([[0.3, 0.1], [0.2, -0.1]], requires_grad=True)\n"
        "y = L.tensor([[1.0, 2.0], [-1.0, 0.5]])\n"
        "r = L.nn.functional.cosine_similarity(x, y, dim=0, eps=0.5)\nr.sum().backward()\nout = (r, x.grad)",
    "as_strided_of_an_expanded_view": "x = L.tensor([[1., 2., 3., 4.]], requires_grad=True)\n"
        "y = x.expand(2, 4).as_strided((3, 2), (1, 1), 0)\n"
        "(y * L.arange(1., 7.).reshape(3, 2)).sum().backward()\nout = (y, x.grad)",
    "vecdot_of_two_vectors_is_vdot": "a = L.tensor([1., 2.], requires_grad=True)\n"
        "out = (L.linalg.vecdot(a, L.tensor([3., 4.])), L.linalg.vecdot(a.expand(2, 2), L.tensor([3., 4.])))",
    "vecdot_dtypes_must_match": "out = L.linalg.vecdot(L.ones(2), L.ones(2, dtype=L.float64))",
    "tensor_split_whole_section_is_a_slice": "y = L.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
        "p = y.tensor_split(1)\ng, = L.autograd.grad((p[0] * p[0]).sum(), y, create_graph=True)\n"
        "out = ([t.grad_fn.name() for t in p], [t.grad_fn.name() for t in L.hsplit(y, 1)], g)",
    "leaky_relu_gradient_in_its_dtype": "x = L.tensor([0.5, -2.0, -0.3], requires_grad=True)\n"
        "g, = L.autograd.grad((L.nn.functional.leaky_relu(x, 0.2) * L.tensor([1., 2., 3.])).sum(), x, "
        "create_graph=True)\nout = (g, g.dtype, [n.name() if n else None for n, _ in g.grad_fn.next_functions])",
    "max_and_amax_gradient_nodes": "c = L.tensor([3., 3., 1.], requires_grad=True)\n"
        "g, = L.autograd.grad(L.max(c).asinh(), c, create_graph=True)\n"
        "h, = L.autograd.grad(L.amax(c, 0).asinh(), c, create_graph=True)\n"
        "out = (g, [n.name() if n else None for n, _ in g.grad_fn.next_functions], h, "
        "[n.name() if n else None for n, _ in h.grad_fn.next_functions])",
    "roll_a_dim_twice": "x = L.arange(6.).reshape(2, 3)\nout = (L.roll(x, (1, 1), (1, 1)), x.roll((1, 2), (1, -1)))",
    "bincount_of_nothing_is_int64": "out = L.bincount(L.zeros(0, dtype=L.int64), weights=L.zeros(0), minlength=2)",
    "threshold_keeps_nan": "out = L.nn.functional.threshold(L.tensor([float('nan'), 1.0, 5.0]), 2.0, -1.0)",
    "adaptive_avg_pool_of_infinities": "out = L.nn.functional.adaptive_avg_pool1d(L.tensor([[-1.5, -float('inf')]]), 3)",
    "embedding_padding_row_gets_no_nan": "w = L.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\n"
        "e = L.nn.functional.embedding(L.tensor([1, 0, 0]), w, padding_idx=1, scale_grad_by_freq=True)\n"
        "e.backward(L.tensor([[float('nan'), 1.0], [2.0, 3.0], [1., 1.]]))\n"
        "g, = L.autograd.grad((L.nn.functional.embedding(L.tensor([1, 0, 0]), w, scale_grad_by_freq=True) ** 2)"
        ".sum(), w, create_graph=True)\nout = (w.grad, g, L.autograd.grad(g.sum(), w)[0])",
    "scatter_with_reduce": "x = L.arange(6.).reshape(2, 3).requires_grad_()\nidx = L.tensor([[0, 1, 0], [1, 0, 1]])\n"
        "src = L.tensor([[1., 2., 3.], [4., 5., 6.]])\n"
        "out = (x.scatter(0, idx, src, reduce='add'), x.scatter(0, idx, 2.5, reduce='multiply'), "
        "L.arange(6).reshape(2, 3).scatter(0, idx, 2, reduce='multiply'), "
        "x.scatter(0, idx, src, reduce='add').grad_fn.name())",
    "scatter_with_reduce_has_no_derivative": "x = L.arange(6.).reshape(2, 3).requires_grad_()\n"
        "out = x.scatter(0, L.tensor([[0, 1, 0]]), 1.5, reduce='add').sum().backward()",
    "scatter_reduce_names_two_reductions": "out = L.ones(2, 3).scatter(0, L.tensor([[0, 1, 0]]), 1.5, reduce='max')",
    "linear_paths_as_torch": "W = L.tensor([[2., 1.], [0.5, -1.], [1., 1.]], requires_grad=True)\n"
        "b = L.tensor([1., 2., 3.], requires_grad=True)\nF = L.nn.functional\n"
        "ys = [F.linear(x, W, b) for x in (L.ones(2), L.ones(2, 2, 3).transpose(1, 2), "
        "L.ones(1, 3, 1).expand(3, 3, 2), L.ones(2, 2, 2, 2))]\n"
        "out = ([(y.grad_fn.name(), y._version, y.shape) for y in ys], F.linear(L.zeros(0), L.zeros(2, 0), "
        "L.tensor([1., 2.])))",
    "matmul_results_contiguous_and_squeezed_in_place": "x = L.ones(2, 2, 3, 2).transpose(0, 1)\n"
        "out = ((x @ L.ones(2, 3)).stride(), (L.ones(3, 2, 2).transpose(0, 1) @ L.ones(2, 2, 3)).stride(), "
        "(L.ones(2) @ L.ones(2, 3))._version)",
    "copy_slices_freed_after_backward": "x = L.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
        "a = x.clone()\na[0].add_(L.tensor([1., 1.], requires_grad=True))\na.sum().backward()\n"
        "out = a.sum().backward()",
    "tril_into_a_batch_expanded_tensor": "a = L.tensor([[1., 2.], [3., 4.]]).clone()\nw = a.expand(2, 2, 2)\n"
        "w.tril_()\nb = L.tensor([[1., 2.], [3., 4.]]).clone()\nb.expand(3, 2, 2).triu_(1)\nout = (a, b, a._version)",
    "clamp_number_bounds_name_the_cpp_type": "out = L.tensor([True, False]).clamp_(max=0.2)",
    "clamp_min_number_into_long": "out = L.ones(2, dtype=L.int64).clamp_min_(0.5)",
    "grad_of_int32_named_as_cpp": "x = L.ones(2, requires_grad=True)\nx.grad = L.ones(2, dtype=L.int32)",
    "rot90_names_dims_as_given": "out = L.ones(2, 2).rot90(1, [0, -2])",
    "bitwise_names_the_promoted_dtype": "out = L.tensor([-2], dtype=L.int32) & L.tensor(2.5)",
    "vector_norm_order_must_be_a_number": "out = L.tensor([[1., 2.]]).norm((0, -1))",
    "dist_of_two_bools": "out = L.tensor([[False, True]]).dist(L.tensor([True, True]))",
    "put_into_nothing": "out = L.zeros(2, 0)[1:].put_(L.tensor([0]), L.tensor([1.]))",
    "broadcast_to_a_number": "out = L.tensor([[1, 2], [3, 4]]).broadcast_to(0)",
    "det_of_half": "out = L.linalg.det(L.eye(2, dtype=L.float16))",
    "inv_of_bfloat16": "out = L.linalg.inv(L.eye(2, dtype=L.bfloat16))",
    "addbmm_bias_of_more_dims": "out = L.addbmm(L.ones(2, 3, 3), L.ones(1, 3, 2), L.ones(1, 2, 3))",
    "addmm_bias_of_more_dims": "out = L.addmm(L.ones(2, 3, 3), L.ones(3, 2), L.ones(2, 3))",
    "layouts_of_written_copies": "x = L.tensor([[-0.1, -0.2], [1.2, -1.7], [1.1, -0.06]]).t()\n"
        "i = L.tensor([[1], [1]])\ns = L.tensor([[-3.0], [0.3]])\ne = L.ones(1, 4, 2).expand(3, 4, 2)\n"
        "y = L.ones(3, 4, 3)\n"
        "out = [x.scatter_reduce(0, i, s, 'amax').stride(), x.scatter(0, i, s).stride(), "
        "x.index_add(1, L.tensor([1, 1]), L.ones(2, 2)).stride(), x.index_fill(1, L.tensor([0]), 2.).stride(), "
        "x.masked_fill(x > 0, 1.).stride(), x.masked_scatter(x > 0, L.ones(6)).stride(), "
        "L.slice_scatter(e, L.zeros(3, 4, 1), dim=2, start=1, step=2).stride(), e.double().stride(), "
        "L.isin(x, L.tensor([1.2])).stride(), x[:, L.tensor([True, False, True])].stride(), "
        "L.ones(3, 2, 5)[:, ..., L.tensor([1, 0])].stride(), [t.stride() for t in y.topk(2, dim=0)], "
        "L.select_scatter(x, L.zeros(2), 1, 0).stride()]",
    "versions_left_by_torchs_in_place_steps": "x = L.tensor([[0.5, 1.5, -2.], [1., 2., 3.]])\n"
        "out = [L.quantile(x, 0.5, dim=1)._version, L.quantile(x, 0.5, interpolation='lower')._version, "
        "L.nanquantile(x, L.tensor([0.2, 0.7]), dim=0)._version, L.isclose(x, x)._version, "
        "L.isclose(x, x, equal_nan=True)._version, L.nn.functional.one_hot(L.tensor([1, 2]))._version]",
    "matrix_norms_twice_differentiable": "A = L.tensor([[2., 1., 0.3], [0.5, 3., 1.], [0.2, 0.4, 1.5]], "
        "dtype=L.float64, requires_grad=True)\nW = L.tensor([[1., 2, 3], [0.5, -1, 2], [3, 1, -2]], dtype=L.float64)\n"
        "out = []\nfor o in ('nuc', 2, -2):\n"
        "    g, = L.autograd.grad(L.linalg.matrix_norm(A, o), A, create_graph=True)\n"
        "    out.append((g, L.autograd.grad((g * W).sum(), A)[0]))",
    "det_gradient_of_singular_under_create_graph": "B = L.tensor([[[2., 1.], [0.5, 3.]], [[1., 2.], [2., 4.]]], "
        "dtype=L.float64, requires_grad=True)\ng, = L.autograd.grad(L.linalg.det(B).sum(), B, create_graph=True)\n"
        "out = (g, g.grad_fn.name(), L.autograd.grad((g * L.arange(1., 9., dtype=L.float64).reshape(2, 2, 2)).sum(), B)[0])",
    "scatter_reduce_of_bools": "out = [L.tensor([True, False]).scatter_reduce(0, L.tensor([0, 0]), "
        "L.tensor([False, True]), r, include_self=False) for r in ('amax', 'amin', 'prod')]",
    "scatter_reduce_mean_of_bools": "out = L.tensor([True]).scatter_reduce(0, L.tensor([0]), L.tensor([False]), 'mean')",
    "tril_into_an_expanded_row": "a = L.tensor([-2.15, -0.376, 0.5], dtype=L.float64).clone()\n"
        "a.expand(3, 3).tril_()\nb = L.tensor([[1., 2.], [3., 4.]]).clone()\nb.unsqueeze(1).expand(2, 2, 2).triu_(1)\n"
        "out = (a, b)",
    "matrix_exp_of_an_infinity": "x = L.tensor([[0.1, float('inf')], [0., 1.]], requires_grad=True)\n"
        "y = L.tensor([[-1.0]], dtype=L.float64, requires_grad=True)\n"
        "out = (L.linalg.matrix_exp(x), L.autograd.grad(L.linalg.matrix_exp(y), y, L.tensor([[float('inf')]], "
        "dtype=L.float64)))",
    "setitem_of_a_one_element_value": "x = L.tensor([0.5], requires_grad=True)\nv = L.tensor([[0.503]], requires_grad=True)\n"
        "m = x.clone()\nm[-1] = v\nm.backward(L.tensor([1.642]))\nout = (x.grad, v.grad)",
    "norms_of_empty_shapes": "F = L.nn.functional\nx = L.zeros(3, 0, 2, requires_grad=True)\n"
        "v = L.ones(0, 2, requires_grad=True)\ng = F.group_norm(v, 1, L.ones(2, requires_grad=True), L.ones(2, requires_grad=True))\n"
        "out = (F.layer_norm(x, (0, 2)).shape, L.autograd.grad(F.layer_norm(x, (0, 2)).sum(), x, create_graph=True)[0].shape, "
        "L.autograd.grad(g.sum(), v, create_graph=True)[0].shape)",
    "batched_matmul_gradients_through_bmm": "x = L.arange(1., 25.).reshape(2, 1, 3, 4).requires_grad_()\n"
        "y = (L.arange(1., 61.).reshape(1, 3, 4, 5) / 7).requires_grad_()\n"
        "gx, gy = L.autograd.grad(((x @ y) ** 2).sum(), (x, y), create_graph=True)\n"
        "out = (gx.grad_fn.name(), [n.name() for n, _ in gy.grad_fn.next_functions], "
        "[n.name() for n, _ in gy.grad_fn.next_functions[0][0].next_functions])",
    "threshold_of_bools": "out = L.nn.functional.threshold(L.tensor([True, False]), 0.5, 1.)",
    "svd_of_an_infinity_returns": "A = L.tensor([[[-0.709, 0.288, 1.127], [-float('inf'), 0.072, -0.79], "
        "[-1.356, 0.365, 0.865]]], requires_grad=True)\n"
        "out = (L.linalg.matrix_norm(A, ord='nuc'), L.linalg.svdvals(A), L.linalg.svd(A).S, L.linalg.pinv(A.detach()))",
    "conv1d_dilated_kernel_past_its_input": "out = L.nn.functional.conv1d(L.ones(1, 1, 3), L.ones(2, 1, 3), dilation=2)",
    "leaky_relu_inplace_negative_slope_backward": "a = L.tensor([1.0, -2.0], requires_grad=True)\n"
        "y = L.nn.functional.leaky_relu(a * 1, negative_slope=-0.5, inplace=True)\nout = L.autograd.grad(y.sum(), a)",
    "cross_entropy_probabilities_refuse_ignore_index": "out = L.nn.functional.cross_entropy(L.ones(2, 3), "
        "L.ones(2, 3) / 3, ignore_index=1)",
    "broadcast_to_a_0d_tensor_size": "out = L.tensor(-1.7).broadcast_to(L.tensor(4))",
    "index_reduce_of_bools_without_self": "out = L.tensor([[True]]).index_reduce(1, L.tensor([0]), "
        "L.tensor([[False]]), 'amin', include_self=False)",
    "var_mean_of_infinities_as_welford": "inf = float('inf')\n"
        "x = L.tensor([[0.805, inf], [1.79, -0.183], [inf, 2.]])\n"
        "out = (L.std_mean(x, 0)[1], L.var_mean(x, 1)[1], L.var_mean(x)[1], L.var_mean(L.tensor([1., 2., inf]))[1])",
    "slogdet_of_a_nan_matrix": "nan = float('nan')\n"
        "out = (L.linalg.slogdet(L.tensor([[nan]])), L.linalg.slogdet(L.tensor([[1., nan], [2., 3.]])))",
    "unique_along_a_dim": "x = L.tensor([[1, 2, 1], [0, 5, 0], [1, 2, 1]])\n"
        "out = (L.unique(x, dim=0, return_inverse=True, return_counts=True), x.unique(dim=-1), "
        "L.unique(L.tensor([[3., 1.], [2., 9.], [3., 0.]], requires_grad=True), dim=0).grad_fn.name())",
    "unique_along_a_dim_has_no_derivative": "x = L.tensor([[1., 2.], [1., 2.]], requires_grad=True)\n"
        "out = L.unique(x, dim=0).sum().backward()",
    "einsum_graph_as_torch_composes_it": "import math\ndef walk(f, d=0):\n"
        "    return '-' if f is None or d > 4 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "out = []\n"
        "for eq, shapes in (('ij,jk->ik', [(2, 3), (3, 4)]), ('ii->i', [(3, 3)]), ('ijk->kj', [(2, 3, 4)]), "
        "('i,j->ij', [(2,), (3,)]), ('bij,bjk->bik', [(2, 2, 3), (2, 3, 4)]), ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 5)]), "
        "('...ij,...jk', [(2, 2, 3), (3, 4)]), ('ab,ab->', [(2, 3), (2, 3)]), ('ij,j->i', [(2, 3), (3,)]), "
        "('b...,...Ad,A...e', [(1,), (2, 1), (2, 3)])):\n"
        "    ts = [(L.arange(1., 1. + math.prod(s), dtype=L.float64).reshape(s) / 7).requires_grad_() for s in shapes]\n"
        "    y = L.einsum(eq, *ts)\n"
        "    gs = L.autograd.grad((y * y).sum(), ts, create_graph=True)\n"
        "    out.append((y, y.stride(), walk(y.grad_fn), [(g, walk(g.grad_fn)) for g in gs]))",
    "einsum_dtypes_and_errors_from_its_ops": "out = []\n"
        "for c in (\"L.einsum('ij,jk', L.ones(2, 3, dtype=L.int32), L.ones(3, 2, dtype=L.int32))\", "
        "\"L.einsum('ij->i', L.ones(2, 3, dtype=L.bool))\", \"L.einsum('i,j', L.ones(2), L.ones(3, dtype=L.float64))\", "
        "\"L.einsum('ij,jk', L.ones(2, 3), L.ones(3, 2, dtype=L.float64))\", \"L.einsum('ij,jk', L.ones(2, 3, dtype=L.bool), "
        "L.ones(3, 2, dtype=L.bool))\"):\n"
        "    try:\n        r = eval(c)\n        out.append((r, r.dtype))\n"
        "    except Exception as e:\n        out.append((type(e).__name__, str(e)))",
    "reductions_of_strided_tensors_are_contiguous": "x = L.arange(24., dtype=L.float64).reshape(2, 3, 4).permute(2, 0, 1)\n"
        "out = [r.stride() for r in (x.sum(1), x.mean(2), x.prod(1), x.amax(1), x.max(1)[0], x.max(1)[1], x.argmax(1), "
        "x.var(1), L.var_mean(x, 1)[0], L.std_mean(x, 2)[1], x.norm(dim=1), x.logsumexp(1), (x > 3).all(1), (x > 3).any(2), "
        "x.nansum(1), L.count_nonzero(x, 1), x.median(1)[0], x.mode(1)[1], L.aminmax(x, dim=1)[0], x.cummax(1)[0], "
        "x.logcumsumexp(1), x.tril(), x.triu(1), x.renorm(2, 1, 1.0), L.mvlgamma(x + 2, 2), x.sum((0, 2), keepdim=True))]",
    "bmm_backward_is_two_bmms": "a = L.ones(2, 1, 3, dtype=L.float64, requires_grad=True)\n"
        "b = L.ones(2, 3, 1, dtype=L.float64, requires_grad=True)\n"
        "ga, gb = L.autograd.grad(L.bmm(a, b).sum(), (a, b), create_graph=True)\n"
        "out = [(g.grad_fn.name(), [n and n.name() for n, _ in g.grad_fn.next_functions]) for g in (ga, gb)]",
    "logit_hardsigmoid_keep_a_strided_layout": "x = (L.arange(24., dtype=L.float64).reshape(2, 3, 4) / 30).permute(2, 0, 1)\n"
        "out = [x.logit(1e-3).stride(), L.nn.functional.hardsigmoid(x).stride()]",
    "solve_of_a_vector_batch_layout": "import math\nout = []\n"
        "for sa, sb in (((3, 2, 2), (2,)), ((3, 2, 2), (3, 2)), ((4, 3, 2, 2), (2,)), ((3, 2, 2), (2, 1)), ((2, 2), (2,))):\n"
        "    A = L.arange(1., 1. + math.prod(sa), dtype=L.float64).reshape(sa) / 9 + 3 * L.eye(2, dtype=L.float64)\n"
        "    r = L.linalg.solve(A, L.arange(1., 1. + math.prod(sb), dtype=L.float64).reshape(sb))\n"
        "    out.append((r, r.stride()))",
    "copies_of_an_expanded_tensor_are_contiguous": "x = L.arange(6.).reshape(2, 3, 1).permute(2, 0, 1).expand(4, 2, 3)\n"
        "out = [r.stride() for r in (x.index_put((L.tensor([0]),), L.tensor(1.)), x.index_fill(1, L.tensor([0]), 2.), "
        "x.repeat(1, 1, 1), x.clone(), x.masked_fill(x > 2, 0.))]",
    "fill_diagonal_of_a_split_output_names_as_strided": "a = L.ones(5, 2, requires_grad=True) * 1\n"
        "out = a.chunk(2)[-1].fill_diagonal_(1.9)",
    "fmin_fmax_gradients_are_masked_fills": "out = []\nfor f in (L.fmin, L.fmax):\n"
        "    x = L.tensor([[1., float('nan'), 3.], [2., 2., 0.]], dtype=L.float64, requires_grad=True)\n"
        "    y = L.tensor([2., 1., float('nan')], dtype=L.float64, requires_grad=True)\n"
        "    w = L.arange(6., dtype=L.float64).reshape(2, 3).requires_grad_()\n"
        "    gx, gy = L.autograd.grad((f(x, y) * w).sum(), (x, y), create_graph=True)\n"
        "    out.append((gx, gy, gx.grad_fn.name(), [n.name() for n, _ in gy.grad_fn.next_functions]))",
    "broadcast_of_strided_operands_ties_broken_as_torch": "a = L.arange(27.).reshape(3, 3, 3).unsqueeze(3).permute(2, 0, 3, 1)\n"
        "b = L.arange(3.).unsqueeze(1).unsqueeze(2).unsqueeze(3).permute(1, 2, 0, 3)\n"
        "out = [(a * b).stride(), (a + b).stride(), (a - b).stride(), (a * b.double()).stride()]",
    "fill_diagonal_of_3d_is_copyslices": "out = []\nfor shape in ((3, 3, 3), (2, 2, 2, 2), (4, 2), (2, 4)):\n"
        "    x = L.arange(1., 1. + L.ones(shape).numel(), dtype=L.float64).reshape(shape).requires_grad_()\n"
        "    v = x * 1\n    v.fill_diagonal_(-1.)\n"
        "    out.append((v, v._version, v.grad_fn.name(), L.autograd.grad((v * v).sum(), x)))",
    "casts_of_an_expanded_tensor_are_contiguous": "x = L.tensor([[[[-0.178], [1.773]], [[0.445], [0.586]]]], "
        "dtype=L.float16).expand(3, 2, 2, 1)\ny = L.tensor([[-3, 5, 4]]).expand(3, 3)\n"
        "out = [(x * 1).stride(), (x * 1).unbind(0)[0].is_contiguous(), y.log10().stride(), y.float().stride(), "
        "(y * 1.5).stride(), x.exp().stride()]",
    "quantile_as_torch_composes_it": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 5 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "x = L.tensor([[[0.3, -1.2, 2.0, 0.5], [1.0, float('nan'), 0.2, -0.3], [0.1, 0.7, 0.4, 2.5]], "
        "[[1.3, 0.2, -0.5, 0.6], [0.7, 0.9, 0.25, 0.3], [0.15, 0.8, 0.45, 0.35]]], dtype=L.float64, requires_grad=True)\n"
        "out = []\nfor q, dim, keep, interp in ((0.3, 1, False, 'linear'), (L.tensor([0.25, 0.5, 1.0], dtype=L.float64), 0, True, 'midpoint'), "
        "(0.6, -1, False, 'nearest'), (L.tensor(0.4, dtype=L.float64), None, True, 'lower')):\n"
        "    for f in (L.quantile, L.nanquantile):\n"
        "        r = f(x.transpose(0, 1), q, dim=dim, keepdim=keep, interpolation=interp)\n"
        "        g, = L.autograd.grad(r.nansum(), x, create_graph=True)\n"
        "        out.append((r, r.stride(), r._version, walk(r.grad_fn), g, walk(g.grad_fn)))\n"
        "out.append([L.tensor(2.).quantile(0.5, dim=0, keepdim=k) for k in (False, True)])\n"
        "y = L.arange(24., dtype=L.float64).reshape(2, 3, 4).permute(2, 0, 1)\n"
        "out.append([y.quantile(0.3, dim=1).stride(), y.nanquantile(L.tensor([0.3, 0.6], dtype=L.float64), dim=2).stride()])",
    "scatter_ops_keep_a_gapped_inputs_strides": "x = L.arange(24.).reshape(4, 6)[:, ::2]\n"
        "out = [(r, r.stride(), r.is_contiguous()) for r in (L.select_scatter(x, L.zeros(3), 0, 0), "
        "L.slice_scatter(x, L.zeros(1, 3), 0, 0, 1), L.diagonal_scatter(x, L.zeros(3)), L.select_scatter(x.t(), L.zeros(4), 0, 1))]",
    "pooling_keeps_channels_last_else_contiguous": "base = L.arange(96., dtype=L.float64).reshape(2, 4, 3, 4)\n"
        "cl = base.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)\n"
        "perm = L.arange(96., dtype=L.float64).reshape(4, 3, 4, 2).permute(3, 2, 1, 0)\n"
        "F = L.nn.functional\nout = [(F.adaptive_avg_pool2d(x, (2, 3)).stride(), F.avg_pool2d(x, 2).stride(), "
        "F.max_pool2d(x, 2).stride(), F.max_pool2d(x, 2, return_indices=True)[1].stride()) for x in (base, cl, perm, base.transpose(2, 3))]",
    "addr_fold_take_along_dim_layouts": "a = L.arange(6., dtype=L.float64).reshape(2, 3).t()\n"
        "out = [L.addr(a, L.ones(3, dtype=L.float64), L.ones(2, dtype=L.float64), alpha=3.0).stride(), "
        "L.nn.functional.fold(L.arange(96., dtype=L.float64).reshape(1, 12, 8).transpose(1, 2), (3, 4), 2, padding=1, stride=(1, 2)).stride()]\n"
        "try:\n    L.take_along_dim(a, L.tensor([5, 0, 5]))\nexcept RuntimeError as e:\n    out.append(str(e))",
    "nll_loss_of_spatial_inputs_as_nll_loss2d": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 4 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "out = []\nfor shape in ((2, 3, 1, 4), (2, 3, 4), (2, 3, 2, 1, 2)):\n"
        "    x = (L.arange(24., dtype=L.float64).reshape(shape) / 10).requires_grad_()\n"
        "    t = (L.arange(8) % 3).reshape((2,) + shape[2:])\n"
        "    for red in ('none', 'mean', 'sum'):\n"
        "        y = L.nn.functional.nll_loss(x, t, reduction=red)\n"
        "        g, = L.autograd.grad(y.sum(), x, create_graph=True)\n"
        "        c = L.nn.functional.cross_entropy(x, t, reduction=red)\n"
        "        out.append((y, walk(y.grad_fn), y.stride(), g, walk(g.grad_fn), g.stride(), c, walk(c.grad_fn)))",
    "double_backward_nodes_show_torchs_edges": "x = (L.arange(12., dtype=L.float64).reshape(4, 3) / 10).requires_grad_()\n"
        "y = L.nn.functional.nll_loss(x, L.tensor([0, 1, 2, 0]), reduction='none')\n"
        "w = L.ones_like(y).requires_grad_()\ng, = L.autograd.grad(y, x, w, create_graph=True)\n"
        "out = [(n.name() if n else None, nr) for n, nr in g.grad_fn.next_functions]",
    "second_order_graphs_of_torchs_scalar_formulas": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 2 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "x = L.tensor([0.2, 0.45, 0.7], dtype=L.float64, requires_grad=True)\n"
        "y = L.tensor([0.3, -0.5, 0.9], dtype=L.float64, requires_grad=True)\nout = []\n"
        "for f in (L.tan, L.atan, L.atanh, L.log2, L.log10, L.erf, L.erfc, lambda a: L.logit(a, 0.1), L.logit, "
        "lambda a: L.lerp(a, y, y), lambda a: L.addcmul(a, a, y, value=2.), lambda a: L.addcdiv(a, a, y, value=2.), "
        "lambda a: L.logaddexp(a, y), lambda a: L.logaddexp2(a, y), lambda a: L.atan2(a, y), lambda a: L.dist(a, y), "
        "lambda a: L.dist(a, y, 3), lambda a: L.linalg.norm(a)):\n"
        "    g, = L.autograd.grad(f(x).sum(), x, create_graph=True)\n"
        "    out.append((g, walk(g.grad_fn)))\n"
        "n = L.tensor([float('nan'), 0.05, 0.5], dtype=L.float64, requires_grad=True)\n"
        "out.append((L.autograd.grad(L.logit(n, 0.1).sum(), n), L.autograd.grad(L.logit(n, 0.1).sum(), n, create_graph=True)))",
    "one_element_tensors_as_sizes_and_dims": "out = []\n"
        "for v in (L.tensor(False), L.tensor(2.5), L.tensor([2]), L.tensor(2), L.tensor([2, 3]), L.tensor([[2]]), "
        "L.tensor([True]), L.tensor(2, dtype=L.uint8)):\n"
        "    for c in ('L.ones(1).broadcast_to(v)', 'L.broadcast_to(L.ones(1), v)', 'L.ones(1).expand(v)', 'L.ones(6).view(v)', "
        "'L.zeros(v)', 'L.ones(2, 3).sum(v)', 'L.ones(2).reshape(v)', 'L.ones(2, 3).permute(v, 0)', 'L.ones(2, 3).view(v, -1)'):\n"
        "        try:\n            out.append(tuple(eval(c).shape))\n"
        "        except Exception as e:\n            out.append((type(e).__name__, str(e).split(chr(10))[0]))",
    "backward_twice_through_scalar_op_nodes": "x = L.tensor([1., 2.], requires_grad=True)\nout = []\n"
        "for f in (lambda t: t * 3, lambda t: t + 1, lambda t: t / 2, lambda t: 2 ** t, lambda t: 1 - t, "
        "lambda t: L.trapezoid(t), lambda t: L.trapezoid(t, dx=2.5), lambda t: L.cumulative_trapezoid(t), "
        "lambda t: t.div(2, rounding_mode='floor'), lambda t: t.fmod(1.5), lambda t: t.deg2rad(), "
        "lambda t: t.addcmul(t.detach(), t.detach(), value=2), lambda t: t.lerp(L.zeros(2), 0.3)):\n"
        "    y = f(x).sum()\n    y.backward()\n"
        "    try:\n        y.backward()\n        out.append(x.grad.clone())\n"
        "    except RuntimeError as e:\n        out.append(str(e)[:40])",
    "empty_matmul_backward_and_integer_nansum": "out = []\n"
        "for sa, sb in (((3, 0, 5, 0), (0, 3)), ((3, 0, 5, 2), (2, 3)), ((0, 2), (2, 3)), ((4, 2, 0), (0,)), ((2, 0, 3), (2, 3, 0))):\n"
        "    a = L.zeros(sa, dtype=L.float64, requires_grad=True)\n    b = L.zeros(sb, dtype=L.float64, requires_grad=True)\n"
        "    y = a @ b\n    y.sum().backward()\n    out.append((y.shape, y.grad_fn.name(), a.grad.shape, b.grad.shape))\n"
        "try:\n    L.ones(2, 3, requires_grad=True).nansum(dtype=L.int64)\nexcept RuntimeError as e:\n    out.append(str(e))",
    "in_place_fills_of_an_expanded_strided_tensor": "out = []\n"
        "a = L.tensor([[1.9, -0.3], [0.8, -0.8]], requires_grad=True).t() * 1\n"
        "a.expand(2, *a.shape).fill_(0.5)\nout.append((a, a.grad_fn.name()))\n"
        "b = L.ones(2, 5, 1, requires_grad=True).transpose(0, 1)[2:].clone()\n"
        "b.expand(2, *b.shape).index_fill_(0, L.tensor([0]), 0.9)\nout.append((b, b.grad_fn.name()))",
    "advanced_indexing_of_strided_tensors_layouts": "base = L.arange(24.).reshape(2, 3, 4)\nout = []\n"
        "for x in (base, base.transpose(0, 2), base.permute(1, 2, 0), base.transpose(0, 1)):\n"
        "    for c in ('x[[0, 1]]', 'x[:, [0, 1]]', 'x[..., [0, 1]]', 'x[x > 5]', 'x[[0, 1], :, 0]', 'x[0, [0, 1]]', "
        "'x[[0, 1], [0, 1]]', 'x[[1], ..., 0]', 'x[:, [0, 1], :2]', 'x[[True, False]]'):\n"
        "        try:\n            r = eval(c)\n            out.append((r, [s for s, n in zip(r.stride(), r.shape) if n > 1]))\n"
        "        except IndexError as e:\n            out.append(str(e))",
    "flatten_of_0d_dims_and_empty_probability_cross_entropy": "out = []\n"
        "for c in ('L.flatten(L.tensor(2), 0, 1)', 'L.flatten(L.tensor(2), -1, 0)', 'L.tensor(2).flatten(1)'):\n"
        "    try:\n        out.append(eval(c))\n    except IndexError as e:\n        out.append(str(e))\n"
        "x = L.zeros((0, 3), requires_grad=True)\n"
        "for w in (None, L.tensor([0.9, 0.2, 1.0])):\n"
        "    y = L.nn.functional.cross_entropy(x, L.zeros((0, 3)), weight=w, label_smoothing=0.1)\n"
        "    out.append((y, y.grad_fn.name(), [n.name() for n, _ in y.grad_fn.next_functions]))",
    "dropout_of_nothing_and_det_of_1x1_under_create_graph": "x0 = L.zeros((0, 2), dtype=L.float64, requires_grad=True)\n"
        "out = [L.nn.functional.dropout(x0, p=p) is x0 for p in (0.0, 0.5, 1.0)]\n"
        "A = L.tensor([[[2.0]], [[3.0]]], requires_grad=True)\n"
        "B = L.tensor([[2.0, 0.5], [0.1, 1.0]], requires_grad=True)\n"
        "for f in (L.linalg.det, L.det):\n"
        "    g, = L.autograd.grad(f(A * 1).sum(), A, create_graph=True)\n"
        "    h, = L.autograd.grad(f(B * 1), B, create_graph=True)\n"
        "    out.append((g, g.requires_grad, h, h.requires_grad))",
    "var_std_second_order_graphs_as_torchs_formula": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 3 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "x = L.tensor([[2.055, -1.077, 0.3], [1.306, 0.256, -0.7]], dtype=L.float64, requires_grad=True)\nout = []\n"
        "for f in (lambda t: t.var(0), lambda t: t.var(1, keepdim=True), lambda t: t.var(), lambda t: t.std(0), "
        "lambda t: t.std(), lambda t: t[0].var(0), lambda t: t.var((0, 1))):\n"
        "    g, = L.autograd.grad(f(x).sum(), x, create_graph=True)\n    out.append(walk(g.grad_fn))\n"
        "    out.append(walk(L.autograd.functional.jvp(f, x, L.ones_like(x), create_graph=True)[1].grad_fn))",
    "empty_and_edge_errors_in_torchs_order": "out = []\n"
        "for c in ('L.zeros((2, 0, 2), dtype=L.int64) // 0', 'L.zeros((2, 0), dtype=L.int64) % 0', "
        "'L.fmod(L.zeros(0, dtype=L.int64), 0)', 'L.ones(2, dtype=L.int64) // 0', 'L.tensor([2, 0, -2]).norm([0])', "
        "'L.tensor([2, 0, -2]).norm()', 'L.reshape(L.zeros(3, 0), (-1, 0))', 'L.zeros(3, 0).view(0, -1)', "
        "'L.nn.functional.cross_entropy(L.zeros((0, 2, 3)), L.zeros((0, 3), dtype=L.int64))', "
        "'L.nn.functional.nll_loss(L.zeros((0, 2, 3, 4, 5)), L.zeros((0, 3, 4, 5), dtype=L.int64), reduction=\"none\").shape'):\n"
        "    try:\n        out.append(eval(c))\n    except Exception as e:\n        out.append((type(e).__name__, str(e)))\n"
        "x1 = L.tensor(-1.0, dtype=L.float64, requires_grad=True)\nv3 = x1.sgn()\nv3.sum().backward()\n"
        "try:\n    v3.sum().backward()\nexcept RuntimeError as e:\n    out.append(str(e))",
    "linear_interpolation_of_infinities_and_nans": "nan, inf = float('nan'), float('inf')\n"
        "x = L.tensor([[[nan, 1.276, 0.891]], [[1.226, nan, -1.05]], [[inf, 2., 3.]], [[1., -inf, 3.]]])\n"
        "F = L.nn.functional\nout = [F.interpolate(x, **kw) for kw in (dict(size=5, mode='linear'), "
        "dict(size=5, mode='linear', align_corners=True), dict(size=2, mode='linear'), dict(scale_factor=2, mode='linear'))]\n"
        "out.append(F.interpolate(x.reshape(1, 4, 1, 3), size=(2, 5), mode='bilinear'))",
    "adaptive_pooling_gradient_of_infinities_pow_of_false_masked_fill_graph": "nan, inf = float('nan'), float('inf')\n"
        "x0 = L.tensor([[nan, 0.085, -0.667], [1.809, -0.219, 1.104], [1.687, 0.455, 0.474], [inf, 1.195, -1.905]], "
        "dtype=L.float64, requires_grad=True)\n"
        "w = L.tensor([[inf, -2.0, 2.338], [-1.682, -0.742, 2.0], [1.222, nan, 1.694], [0.241, 2.205, 0.579]], dtype=L.float64)\n"
        "out = []\nfor o in (3, 2, 1):\n    x0.grad = None\n"
        "    (L.nn.functional.adaptive_avg_pool1d(x0, o) * w[:, :o]).sum().backward()\n    out.append(x0.grad)\n"
        "x1 = L.tensor([0.809, 0.293], requires_grad=True)\nfor e in (False, True, 0, 1):\n"
        "    g, = L.autograd.grad((L.pow(x1, e) * 2).sum(), x1, create_graph=True)\n"
        "    out.append((g, g.grad_fn.name() if g.grad_fn else None))\n"
        "v2 = (x1 * 1).masked_fill(L.tensor([True, False]), L.tensor(2.5))\n"
        "g, = L.autograd.grad((v2 * v2).sum(), x1, create_graph=True)\n"
        "out.append((g, [n and n.name() for n, _ in g.grad_fn.next_functions]))",
    "jvp_through_self_adjoint_backward_formulas": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 3 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "x = L.tensor([[2.055, -1.077, 0.3], [1.306, 0.256, -0.7]], dtype=L.float64, requires_grad=True)\n"
        "F = L.nn.functional\nout = []\n"
        "for f in (lambda t: t.softmax(-1), F.gelu, F.softplus, F.hardtanh, F.logsigmoid, lambda t: t.softmax(0).sum(), "
        "L.sigmoid, L.tanh, F.elu, F.silu, F.mish, F.leaky_relu):\n"
        "    o, jv = L.autograd.functional.jvp(f, x, L.ones_like(x), create_graph=True)\n"
        "    out.append((jv, walk(jv.grad_fn)))\n"
        "    o, hv = L.autograd.functional.hvp(lambda t: f(t).sum(), x, L.ones_like(x), create_graph=True)\n"
        "    out.append(hv.detach())",
    "as_strided_gradient_vander_versions_scatter_add_twice": "x0 = L.arange(24., dtype=L.float64).reshape(1, 3, 2, 4).requires_grad_()\n"
        "out = []\nfor args in (((2, 2), (1, 2), 0), ((3, 2), (4, 1), 2), ((2, 3), (0, 1), 1)):\n"
        "    g, = L.autograd.grad((x0.as_strided(*args) ** 2).sum(), x0, create_graph=True)\n"
        "    out.append((g, g.grad_fn.name(), L.autograd.grad(g.sum(), x0)))\n"
        "v = L.tensor([0.3, 0.9, 1.8])\n"
        "out += [L.vander(v, n, increasing=i)._version for n in (None, 1, 0) for i in (True, False)]\n"
        "for src_rg in (True, False):\n"
        "    for f in (lambda a, s: L.scatter_add(a, 0, L.tensor([[0, 0], [3, 0]]), s), lambda a, s: a.index_add(0, L.tensor([0, 2]), s)):\n"
        "        y = f(L.ones(4, 2, requires_grad=True), L.ones(2, 2, requires_grad=src_rg))\n"
        "        y.sum().backward()\n"
        "        try:\n            y.sum().backward()\n            out.append('twice')\n"
        "        except RuntimeError as e:\n            out.append(str(e)[:30])",
    "label_smoothing_as_torchs_formula_and_empty_edges": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 3 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "x = L.tensor([[0.459, 1.189, 0.3], [-0.055, -0.805, 0.2]], dtype=L.float64, requires_grad=True)\nout = []\n"
        "for w in (None, L.tensor([0.5, 1.5, 2.0], dtype=L.float64)):\n"
        "    for red, ii in (('mean', -100), ('mean', 1), ('sum', 0), ('none', 1)):\n"
        "        v = L.nn.functional.cross_entropy(x, L.tensor([1, 1]), weight=w, ignore_index=ii, label_smoothing=0.3, reduction=red)\n"
        "        g, = L.autograd.grad(v.sum(), x, create_graph=True)\n"
        "        out.append((v, g, walk(v.grad_fn)))\n"
        "x0 = L.zeros((2, 0, 3, 2), dtype=L.float64, requires_grad=True)\n"
        "w0 = L.zeros((0,), dtype=L.float64, requires_grad=True)\n"
        "L.nn.functional.group_norm(L.flatten(x0, start_dim=1), 1, w0, L.zeros((0,), dtype=L.float64)).mean().backward()\n"
        "x1 = L.zeros((0, 3, 3), requires_grad=True)\n"
        "s = x1.transpose(2, 0).slice_scatter(L.zeros((2, 3, 0), requires_grad=True), dim=0, start=0, step=2).sum()\n"
        "s.backward()\n"
        "out += [x0.grad, w0.grad, x1.grad, L.zeros((3, 0, 2, 3)).transpose(3, 2).unflatten(3, (-1, 1)).shape]",
    "repeat_and_take_gradients_as_torchs_formulas": "def walk(f, d=0):\n"
        "    return '-' if f is None or d > 3 else f.name() + str([walk(n, d + 1) for n, _ in f.next_functions])\n"
        "x = L.arange(1., 7., dtype=L.float64).reshape(2, 3).requires_grad_()\nout = []\n"
        "for reps in ((1, 1), (2, 1), (2, 3), (2, 1, 1), (3, 2, 2), (1, 1, 1), (0, 1)):\n"
        "    for f in (lambda t: t.repeat(*reps), lambda t: L.tile(t, reps)):\n"
        "        g, = L.autograd.grad((f(x) ** 2).sum(), x, create_graph=True)\n"
        "        out.append((g, walk(g.grad_fn)))\n"
        "v = L.take(x, L.tensor([[0, 5], [5, 2]]))\n"
        "g, = L.autograd.grad((v * v).sum(), x, create_graph=True)\nout.append((g, walk(g.grad_fn)))",
    "invalid_gradient_shape_after_data": "x = L.ones(3, requires_grad=True)\ny = x * 1\n"
    "y.data = L.zeros(2)\n(y * 2).sum().backward()",
})

# nn functional fuzz classes (helper nn)
_SNIPPETS.update({
    "group_norm_16bit_grads_as_torch_kernel": "F = L.nn.functional\nout = []\n"
        "for dt in (L.float16, L.bfloat16):\n"
        "    x = L.tensor([[[0.48, -2.0, -1.52], [-1.0, -2.43, -1.87], [-1.09, -0.39, -2.24], "
        "[-2.0, 2.05, -2.0]], [[2.48, 0.05, 0.0], [-1.76, -1.0, -2.0], [0.57, -2.33, -2.05], "
        "[1.57, -1.66, -0.64]]], dtype=dt, requires_grad=True)\n"
        "    w = L.tensor([0.5, 1.5, -1.0, 2.0], requires_grad=True)\n"
        "    for ws in ((), (w, w * 0.5), (w.to(dt), None)):\n"
        "        r = F.group_norm(x, 4, *ws)\n"
        "        c = L.arange(r.numel(), dtype=r.dtype).reshape(r.shape) * 0.37 - 0.5\n"
        "        out.append((r.float(), L.autograd.grad((r * c).sum(), x)[0].float()))",
    "layer_norm_shape_before_dtype": "L.nn.functional.layer_norm(L.tensor([False, True]), (9,))",
    "batch_norm_running_mean_size_before_all": "F = L.nn.functional\nout = []\n"
        "for x in (L.tensor(-1.0), L.zeros(2, 3), L.zeros(2, 3, dtype=L.int64)):\n"
        "    for a in ((L.zeros(9), L.ones(9)), (L.zeros(3), L.ones(9)), (L.zeros(3), L.ones(3), "
        "L.ones(9))):\n"
        "        try:\n            F.batch_norm(x, *a)\n"
        "        except RuntimeError as e:\n            out.append(str(e))",
    "adaptive_avg_pool2d_int_is_a_mean_at_1x1": "F = L.nn.functional\nout = []\n"
        "for x in (L.ones(1, 2, 3, 4, dtype=L.int64), L.ones(2, 3, 4, dtype=L.bool)):\n"
        "    for s in (1, 2):\n        try:\n            F.adaptive_avg_pool2d(x, s)\n"
        "        except (RuntimeError, NotImplementedError) as e:\n            out.append(str(e))\n"
        "out.append(F.adaptive_avg_pool2d(L.ones(2, 5), 1))",
    "embedding_0d_weight_with_grad": "L.nn.functional.embedding(L.tensor([9]), "
                                     "L.tensor(-0.59, requires_grad=True))",
    "conv_weight_rank_messages": "F = L.nn.functional\nout = []\n"
        "for c in ('F.conv2d(L.ones(2, 1, 3), L.ones(2, 1, 3))', 'F.conv2d(L.ones(1, 1, 3, 3), "
        "L.ones(2, 1, 3, 3, 3), stride=2)', 'F.conv1d(L.ones(2, 1, 3), L.ones(2, 1, 3, 3))', "
        "'F.conv1d(L.ones(2, 3), L.ones(2, 3))', 'F.conv2d(L.ones(2, 1, 3), L.ones(2, 1, 3), "
        "padding=\"same\")'):\n"
        "    try:\n        eval(c)\n    except RuntimeError as e:\n        out.append(str(e))",
    "conv_channels_before_bool_refused": "F = L.nn.functional\nout = []\n"
        "b = lambda *s: L.ones(*s, dtype=L.bool)\n"
        "for c in ('F.conv2d(b(1, 2, 4, 4), b(2, 2, 2, 2), groups=2)', 'F.conv2d(b(1, 4, 4, 4), "
        "b(2, 2, 2, 2), groups=2)', 'F.conv1d(b(1, 2, 5), b(3, 2, 2), b(3), stride=2)', "
        "'F.conv1d(b(1, 2, 5), L.ones(3, 2, 2))'):\n"
        "    try:\n        eval(c)\n    except (RuntimeError, NotImplementedError) as e:\n"
        "        out.append(str(e))",
    "nll_checks_order": "F = L.nn.functional\nout = []\n"
        "for c in ('F.cross_entropy(L.tensor([], dtype=L.int64), L.tensor([5, 0]))', "
        "'F.nll_loss(L.zeros(3), L.zeros(2))', 'F.cross_entropy(L.zeros(2, 3), L.zeros(2, 3, "
        "dtype=L.int64))', 'F.nll_loss(L.zeros(2, 3, 4), L.zeros(2, 5, dtype=L.int64), "
        "weight=L.ones(5))'):\n"
        "    try:\n        eval(c)\n    except (RuntimeError, ValueError) as e:\n"
        "        out.append(str(e))",
    "interpolate_int_kernel_names": "F = L.nn.functional\nout = []\n"
        "i = lambda *s: L.ones(*s, dtype=L.int64)\n"
        "for c in ('F.interpolate(i(1, 2, 3, 3), scale_factor=2, mode=\"bilinear\")', "
        "'F.interpolate(i(1, 2, 3, 3), size=(2, 2))', 'F.interpolate(i(1, 2, 3), size=5)', "
        "'F.interpolate(i(1, 2, 3).bool(), size=5, mode=\"linear\")'):\n"
        "    try:\n        eval(c)\n    except NotImplementedError as e:\n        out.append(str(e))\n"
        "out.append(F.interpolate(i(1, 2, 3, 3).to(L.uint8), scale_factor=2))",
    "interpolate_nearest_3d": "F = L.nn.functional\nout = []\n"
        "x = L.tensor([[0.48, -1.0, 0.3], [-1.93, 1.8, 0.0]], requires_grad=True)\n"
        "for kw in ({'size': 5}, {'scale_factor': 2}, {'scale_factor': 1.7}, {'size': 2}):\n"
        "    r = F.interpolate(x[None], mode='nearest', **kw)\n"
        "    c = L.arange(r.numel(), dtype=r.dtype).reshape(r.shape) * 0.37 - 0.5\n"
        "    (g,) = L.autograd.grad((r * c).sum(), x, create_graph=True)\n"
        "    out.append((r, g, F.interpolate(x[None], mode='linear', **kw) if 'size' in kw else 0))",
    "softplus_second_derivative_at_threshold": "F = L.nn.functional\nout = []\n"
        "for dt in (L.float16, L.float64):\n"
        "    x = L.tensor([0.5, 0.25, 20.0], dtype=dt, requires_grad=True)\n"
        "    r = F.softplus(x, beta=2, threshold=1)\n"
        "    (g,) = L.autograd.grad((r * L.tensor([1.3, -0.7, 0.5], dtype=dt)).sum(), x, "
        "create_graph=True)\n"
        "    out.append((r, g.detach(), L.autograd.grad((g * g).sum(), x)[0], F.softplus(x)))",
})

# op fuzz classes (helper ops)
_SNIPPETS.update({
    "tensordot_dims_checks": (
        "out = []\nfor a, b, d in (((0,), (0,), 3), ((2, 3), (3, 4), 3), ((2, 3), (3, 2), -1), "
        "((2, 3), (3, 4), ([1, 1], [0, 0])), ((2, 3), (3, 4), (1, 0)), ((2, 3), (3, 4), 1.5), "
        "((2, 3), (2, 4), 1), ((2, 1), (3, 4), 1), ((2, 3), (3, 4), ([5], [0]))):\n    try:\n  "
        "      out.append(L.tensordot(L.ones(a), L.ones(b), dims=d))\n    except Exception as "
        "e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "inner_of_empty_vectors": (
        "out = L.inner(L.ones(0, dtype=L.float16), L.ones(0, dtype=L.float16))"
    ),
    "bool_batched_products": (
        "out = []\nfor c in ('L.ones(2, 2, 3).bool().bmm(L.ones(2, 3, 2).bool())', "
        "'L.baddbmm(L.ones((), dtype=L.bool), L.ones(2, 2, 3).bool(), L.ones(2, 3, 2).bool())',"
        " \"L.einsum('...j,jk->...k', L.ones(2, 3).bool(), L.ones(3, 4).bool())\", "
        "'L.ones(3).bool() @ L.ones(2, 3, 2).bool()', 'L.ones(2, 2, 3).bool() @ "
        "L.ones(3).bool()'):\n    try:\n        out.append(eval(c))\n    except Exception as "
        "e:\n        out.append((type(e).__name__, str(e)))\nout.append(L.einsum('ij->', "
        "L.ones(2, 3).bool()))"
    ),
    "baddbmm_bfloat16": (
        "a = L.arange(8.).reshape(2, 2, 2).bfloat16() / 3; b = L.arange(12.).reshape(2, 2, "
        "3).bfloat16() / 7; c = L.arange(12.).reshape(2, 3, 2).bfloat16() / 5 - 1\nout = "
        "(L.baddbmm(a, b, c, beta=0.5, alpha=2), L.baddbmm(a.half(), b.half(), c.half()), "
        "L.baddbmm(a.long(), b.long(), c.long(), beta=0.5, alpha=2))"
    ),
    "baddbmm_checks_order": (
        "out = []\nfor s, d in (((2, 3, 1), 'float64'), ((4, 3), 'float32'), ((2,), 'float32'),"
        " ((3, 2), 'float16')):\n    for c in ('y.baddbmm_(b1, b2)', 'L.baddbmm(y, b1, b2)'):\n"
        "        y = L.ones(s, dtype=getattr(L, d)); b1 = L.ones(2, 2, 3); b2 = L.ones(2, 3, 2,"
        " dtype=L.float64)\n        try:\n            out.append(eval(c))\n        except "
        "Exception as e:\n            out.append((type(e).__name__, str(e)))"
    ),
    "matmul_folded_node_names": (
        "out = []\nfor sa, sb in (((2, 3), (2, 3, 2)), ((1, 3), (2, 3, 2)), ((1, 2, 3), (2, 3, "
        "2)), ((3,), (2, 3, 2)), ((2, 2, 3), (3, 2)), ((2, 2, 3), (1, 3, 2))):\n    for ra in "
        "(True, False):\n        a = L.ones(sa, requires_grad=ra); b = L.ones(sb, "
        "requires_grad=True)\n        r = a @ b; out.append((r, type(r.grad_fn).__name__, "
        "L.autograd.grad(r.sum(), (a, b) if ra else b)))"
    ),
    "matmul_folded_errors": (
        "out = []\nfor sa, sb, ra in (((3,), (2, 4, 2), True), ((2, 3), (2, 4, 2), True), ((2, "
        "2, 3), (4,), False), ((3, 2, 3), (2, 3, 2), False), ((1, 2, 3), (2, 4, 2), True), ((2,"
        " 3), (2, 3, 2), False)):\n    try:\n        out.append(L.ones(sa, requires_grad=ra) @ "
        "L.ones(sb, dtype=L.float64))\n    except Exception as e:\n        "
        "out.append((type(e).__name__, str(e)))"
    ),
    "cdist_double_backward": (
        "x = L.arange(6., dtype=L.float64).reshape(3, 2).sin().requires_grad_(); y = L.ones(4, "
        "2, dtype=L.float64, requires_grad=True)\nout = []\nfor p in (2.0, 1.0, 0.5):\n    g = "
        "L.autograd.grad(L.cdist(x, y, p=p).sum(), [x, y], create_graph=True)\n    "
        "out.append([t.requires_grad for t in g])\n    try:\n        L.autograd.grad((g[0] * "
        "g[1].sum()).sum(), [x, y])\n    except Exception as e:\n        "
        "out.append((type(e).__name__, str(e)))"
    ),
    "dist_p0_backward": (
        "a = L.tensor([-2.0, -2.1, 2.18], requires_grad=True); b = L.tensor(1.0, "
        "requires_grad=True)\nout = []\nfor args in ((a, b), (a, b.detach()), (a.detach(), "
        "b)):\n    try:\n        L.dist(*args, p=0).backward(); out.append((a.grad, b.grad))\n "
        "   except Exception as e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "checks_before_kernels": (
        "out = []\nfor c in ('L.hypot(L.tensor([3, -1, -2], dtype=L.int32), L.tensor([-4, 5], "
        "dtype=L.int32))', 'L.ldexp(L.ones(3, dtype=L.float64), L.tensor([False, True, "
        "True]))', 'L.ldexp(L.ones(2, dtype=L.int64), L.tensor([True, False]))', "
        "'L.tensor([True, False]).clip(L.tensor([False, True]), L.tensor(False))', "
        "'L.tensor([True, False]).clamp(L.tensor(True), True)', 'L.linspace(0, 1, 1, "
        "dtype=L.bool)', 'L.linspace(0, 1, 3, dtype=L.bool)', 'L.cat([L.tensor(-2.19), "
        "L.ones(2, 4)], 1)', 'L.unbind(L.tensor(2.), -1)', 'L.unbind(L.tensor(2.), 1)', "
        "'L.tensor([]).take(L.tensor([100]))'):\n    try:\n        out.append(eval(c))\n    "
        "except Exception as e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "index_checks_order": (
        "out = []\nfor c in ('L.index_select(L.tensor(2.38), -1, L.tensor([]))', "
        "'L.index_select(L.tensor([]), -2, L.tensor([]))', 'L.index_select(L.ones(3), 0, "
        "L.tensor([[0.]]))', 'L.index_copy(L.ones(1, 1, 1), -3, L.tensor([], dtype=L.int64), "
        "L.tensor([]))', 'L.index_copy(L.ones(2, 3), 0, L.tensor([0]), L.ones(()))', "
        "'L.index_copy(L.ones(3), 0, L.tensor([0, 1]), L.ones(()))'):\n    try:\n        "
        "out.append(eval(c))\n    except Exception as e:\n        out.append((type(e).__name__,"
        " str(e)))"
    ),
    "expand_sizes": (
        "out = []\nfor c in ('L.tensor(1.).expand()', 'L.tensor(0.).expand(-2, 3)', "
        "'L.ones(1).expand(-5)', 'L.ones(2).expand(-1, 2)', 'L.ones(2).expand(3, -3)', "
        "'L.ones(2).expand(2, -1)', 'L.tensor(1.).expand_as(L.tensor(2.))'):\n    try:\n       "
        " out.append(eval(c))\n    except Exception as e:\n        "
        "out.append((type(e).__name__, str(e)))"
    ),
    "logsumexp_empty_dims": (
        "out = []\nfor s, kd in (((3,), False), ((2, 3), False), ((2, 3), True), ((), "
        "False)):\n    try:\n        out.append(L.ones(s).logsumexp((), keepdim=kd))\n    "
        "except Exception as e:\n        out.append((type(e).__name__, str(e)))"
    ),
    "div_rounding_mode_none_node": (
        "x = L.ones(3, requires_grad=True)\nout = [type(r.grad_fn).__name__ for r in "
        "(x.divide(-1, rounding_mode=None), x.div(L.tensor(2.), rounding_mode=None), x.div(2), "
        "x / 2, L.div(x, x, rounding_mode=None))]"
    ),
    "logit_eps_half_precision": (
        "out = []\nfor dt in (L.bfloat16, L.float16):\n    x = L.tensor([[-1.58, 0.4], [0.97, "
        "-0.86]], dtype=dt, requires_grad=True)\n    r = L.logit(x, eps=0.1); "
        "r.sum().backward(); out += [r.float(), x.grad.float()]"
    ),
    "sinc_second_derivative_at_0": (
        "x = L.tensor([-1.81, 0.0, 0.5], dtype=L.float64, requires_grad=True)\ng, = "
        "L.autograd.grad(L.sinc(x).sum(), x, create_graph=True)\nout = (g, "
        "L.autograd.grad(g.sum(), x)[0])"
    ),
    "integer_scaled_products": (
        "out = []\nfor c in ('L.addmm(L.tensor([0, -3, -2, 0]), L.tensor([[-2, 1, 4], [-2, 2, "
        "3]]), L.tensor([[4, -2, -3, 3], [0, -4, -3, -2], [-3, 4, 1, 1]]), beta=0.5, "
        "alpha=1.7)', 'L.addmv(L.tensor([1, 2]), L.tensor([[1, 2], [3, 4]]), L.tensor([1, 1]), "
        "beta=1.5, alpha=2.5)', 'L.addr(L.tensor([[1, 2], [3, 4]]), L.tensor([1, 2]), "
        "L.tensor([3, 1]), beta=0.5)', 'L.addr(L.ones(2, 2).bool(), L.ones(2).bool(), "
        "L.ones(2).bool(), alpha=0.5)', \"L.ones(2).bool().div(L.tensor(False), "
        "rounding_mode='trunc')\"):\n    try:\n        out.append(eval(c))\n    except "
        "Exception as e:\n        out.append((type(e).__name__, str(e)))"
    ),
})

# special functions and op corners (helper ops2)
_SNIPPETS.update({
    "trigamma_near_poles": (
        "out = []\nfor dt in (L.float32, L.float64, L.bfloat16):\n    x = L.tensor([-2.0, -1.0, "
        "0.0, -0.97, 0.5, 30.0, float('inf')], dtype=dt, requires_grad=True)\n    g, = "
        "L.autograd.grad(L.lgamma(x).sum(), x, create_graph=True)\n    out += "
        "[L.polygamma(1, x).float(), L.autograd.grad(g.sum(), x)[0].float(), "
        "L.autograd.grad(L.digamma(x).sum(), x)[0].float()]"
    ),
    "polygamma_16bit_and_digamma_near_0": (
        "x = L.tensor([-2.5, -0.5, 0.49, 2.5], dtype=L.float16)\nout = [L.polygamma(n, "
        "x).float() for n in (2, 3, 8, 10)] + [L.digamma(L.tensor([-1e-30, 1e-30, -0.0]))]"
    ),
    "erfinv_second_derivative_16bit": (
        "x = L.tensor([0.98, 0.3, -0.9], dtype=L.float16, requires_grad=True)\ng, = "
        "L.autograd.grad((L.erfinv(x) * L.tensor([1.5, 2., 3.], dtype=L.float16)).sum(), x, "
        "create_graph=True)\nout = (g.float(), L.autograd.grad((g * g.detach().sin()).sum(), "
        "x)[0].float())"
    ),
    "pow_exponent_second_derivative_at_base_0": (
        "out = []\nb = L.tensor([0.85, 0.0, 0.0], dtype=L.float64)\nfor f in (lambda e: "
        "b.float_power(e), lambda e: b ** e, lambda e: 0 ** e):\n    e = L.tensor([1.0, -1.0, "
        "float('nan')], dtype=L.float64, requires_grad=True)\n    g, = "
        "L.autograd.grad(f(e).sum(), e, create_graph=True)\n    out += [g, "
        "L.autograd.grad(g.sum(), e)]\nfwAD = L.autograd.forward_ad\nwith fwAD.dual_level():\n"
        "    d = fwAD.make_dual(L.tensor([1.0, -1.0, 0.0]), L.ones(3))\n    out.append("
        "fwAD.unpack_dual(0 ** d).tangent)"
    ),
    "nextafter_gradient_where_equal": (
        "x = L.tensor([[-1.49, 1.0], [-0.0, -1.0]], dtype=L.float64, requires_grad=True)\no = "
        "L.tensor([[1.0, 0.0], [0.0, -1.0]], dtype=L.float64, requires_grad=True)\nr = "
        "x.nextafter(o)\nr.backward(L.ones_like(r))\ny = x * 1\ny.nextafter_(L.tensor(-1.0, "
        "dtype=L.float64))\nout = (x.grad, o.grad, L.autograd.grad(y.sum(), x)[0])"
    ),
    "index_add_copy_reduce_check_order": (
        "z = L.zeros\nout = []\nfor c in ('z(1, 1, 3).index_add_(0, L.tensor([0]), z(0, 3))', "
        "'z(2, 3).index_add_(0, L.tensor([5]), z(1, 3, dtype=L.float64))', 'z(2, 3).index_add_(1, "
        "L.tensor([0]), z(3))', 'z(2).index_add_(0, L.tensor([0, 1]), L.tensor(1.))', "
        "'z(2, 3).index_add_(0, L.tensor([[0]]), z(1, 4))', 'z(2, 3).index_add_(0, L.tensor([0.]), "
        "z(2, 4))', 'z(2, 3).index_reduce_(0, L.tensor([0]), z(2, 3), \\'prod\\')', 'z(2, "
        "3).index_copy_(0, L.tensor([0]), z(2, 3))', 'z(2, 3).index_copy_(0, L.tensor([0], "
        "dtype=L.int32), z(1, 3))', 'z(2, 3).index_copy_(0, L.tensor([9]), z(1, 3, "
        "dtype=L.float64))', 'z(3).index_copy_(0, L.tensor([1]), L.tensor(5.))'):\n    try:\n"
        "        out.append(eval(c))\n    except Exception as e:\n        "
        "out.append((type(e).__name__, str(e)))"
    ),
    "index_checks_of_empty_dims": (
        "z, t = L.zeros, L.tensor\nout = []\nfor c in ('z(0, 3)[t([0, -1])]', 'z(3, 0)[t([5]), "
        "t([0])]', 'z(2, 0)[t([5])]', 'z(0, 2)[:, t([5])]', 'z(0, 3).index_put_((t([0]),), "
        "t(1.))', 'z(2, 0).index_put_((t([5]),), t(1.))', 'z(0, 3).index_select(0, t([0]))', "
        "'z(2, 0).index_select(0, t([7]))', 'z(3, 1).scatter_(0, z(1, 3, dtype=L.int64), 1.)'):\n"
        "    try:\n        out.append(eval(c))\n    except Exception as e:\n        "
        "out.append((type(e).__name__, str(e)))\nx = z(2, 0, requires_grad=True)\n"
        "x[t([5])].sum().backward()\nout.append(x.grad)"
    ),
    "batch_norm_of_nothing_and_dilated_conv_kernels": (
        "F = L.nn.functional\nw = L.ones(3, requires_grad=True)\nout = [F.batch_norm(L.zeros(0), "
        "L.zeros(9), L.ones(9)), F.batch_norm(L.zeros(0, 3, 2), None, None, w * 2, w, "
        "training=True)]\nfor c in ('F.batch_norm(L.zeros(0, 3), L.zeros(3), L.zeros(3), "
        "L.zeros(0))', 'F.conv1d(L.ones(1, 2, 8).bool(), L.ones(2, 2, 3).bool(), dilation=2)', "
        "'F.conv2d(L.ones(1, 2, 8, 1).int(), L.ones(2, 2, 3, 1).int(), dilation=(2, 1))', "
        "'F.conv1d(L.ones(1, 2, 8).int(), L.ones(2, 2, 3), dilation=2)', 'F.conv1d(L.ones(1, 2, "
        "8).long(), L.ones(2, 2, 3).long(), dilation=2)'):\n    try:\n        "
        "out.append(eval(c))\n    except Exception as e:\n        out.append((type(e).__name__, "
        "str(e)))"
    ),
    "fresh_fuzz_check_orders": (
        "t, o = L.tensor, L.ones\nout = []\nfor c in ('L.lerp(t([True]), t([True]), o(1))', "
        "'L.lerp(t([1]), t([1]), o(1))', 'L.cdist(o(2, 3, dtype=L.float16), o(2, 9))', "
        "'L.cdist(o(2, 3, dtype=L.float16), o(3))', 'L.cdist(o(2, 3), o(2, 3, dtype=L.float16))', "
        "'L.cdist(o(2, 3, dtype=L.float16), o(2, 3), p=-1.)', 't([], dtype=L.float16).logsumexp(())', "
        "'o(2, 0).logsumexp(())', 't([False, True]).cumsum_(0)', 't([1, 2]).cumsum(0, "
        "dtype=L.bool)', 't([1., 2.]).cumprod_(0, dtype=L.float64)', 't([1, 2], "
        "dtype=L.uint8).cumsum_(0)'):\n    try:\n        out.append(eval(c))\n    except "
        "Exception as e:\n        out.append((type(e).__name__, str(e)))\nx = t([-2.48, 0.7], "
        "dtype=L.float16, requires_grad=True)\ng, = L.autograd.grad(x.i0().sum(), x, "
        "create_graph=True)\ntry:\n    L.autograd.grad(g.sum(), x)\nexcept Exception as e:\n"
        "    out.append((type(e).__name__, str(e)))"
    ),
    "value_selecting_backward_keeps_nan_in_place": (
        "x = L.tensor([[0.61, 1.7], [-0.92, -1.62]], requires_grad=True)\nout = []\nfor f in "
        "(lambda t: t.median(-1)[0], lambda t: t.kthvalue(1, 0)[0], lambda t: t.max(1)[0], "
        "lambda t: t.mode(1, keepdim=True)[0]):\n    g, = L.autograd.grad(f(x).sqrt().sum(), x, "
        "create_graph=True)\n    out += [g, L.autograd.grad((g * g).sum(), x)]"
    ),
})

for _name, _code in _SNIPPETS.items():
    CASES[f"snippet[{_name}]"] = lambda L, _c=_code: _snippet(L, _c)


# ----------------------------------------------------------------------------- 3: second-order structure
SECOND_ORDER = {
    "relu": lambda L, x: x.relu(), "relu_": lambda L, x: (x * 1).relu_(),
    "F.relu": lambda L, x: L.nn.functional.relu(x), "nn.ReLU": lambda L, x: L.nn.ReLU()(x),
    "leaky_relu": lambda L, x: L.nn.functional.leaky_relu(x, 0.1),
    "nn.LeakyReLU": lambda L, x: L.nn.LeakyReLU(0.2)(x),
    "abs": lambda L, x: x.abs(), "clamp": lambda L, x: x.clamp(-1.0, 1.0), "sign": lambda L, x: x.sign(),
    "maximum": lambda L, x: L.maximum(x, L.zeros(2, dtype=L.float64)), "amax": lambda L, x: x.amax(0),
    "where": lambda L, x: L.where(x > 0, x, L.zeros(2, dtype=L.float64)), "mul": lambda L, x: x * 2,
    "sigmoid": lambda L, x: x.sigmoid(), "std": lambda L, x: x.std(),
}


def _second_order(L, f):
    x = leaf(L, [0.5, -1.5])
    (g,) = L.autograd.grad(f(L, x).sum(), x, create_graph=True)
    gg = L.autograd.grad(g.sum(), x, allow_unused=True)[0] if g.requires_grad else None
    return {"g": observe(g)["values"], "g_requires_grad": g.requires_grad,
            "gg": observe(gg)["values"] if gg is not None else None}


for _name, _f in SECOND_ORDER.items():
    CASES[f"second_order[{_name}]"] = lambda L, _f=_f: _second_order(L, _f)


# First-order gradients taken with create_graph=True: torch computes each op's backward as one
# differentiable op of the gradient and the tensors it saved (ConvolutionBackwardBackward0,
# NativeLayerNormBackwardBackward0, ...), so they require grad when any of those does, even where
# the formula does not depend on it (a weight's gradient of conv); their second derivatives.
def _rand(L, shape, seed, rg=True):
    return L.tensor(np.random.RandomState(seed).randn(*shape), dtype=L.float64, requires_grad=rg)


DOUBLE_BACKWARD = {
    "conv1d": lambda L, F: (lambda x, w, b: (F.conv1d(x, w, b), (x, w, b)))(
        _rand(L, (1, 2, 5), 0), _rand(L, (3, 2, 2), 1), _rand(L, (3,), 2)),
    "conv1d_weight": lambda L, F: (lambda x, w: (F.conv1d(x, w), (w,)))(
        _rand(L, (1, 2, 5), 0, False), _rand(L, (3, 2, 2), 1)),
    "conv2d_input": lambda L, F: (lambda x, w: (F.conv2d(x, w, padding=1), (x,)))(
        _rand(L, (1, 2, 4, 4), 0), _rand(L, (3, 2, 2, 2), 1, False)),
    "layer_norm": lambda L, F: (lambda x, w, b: (F.layer_norm(x, (4,), w, b), (x, w, b)))(
        _rand(L, (3, 4), 0), _rand(L, (4,), 1), _rand(L, (4,), 2)),
    "layer_norm_weight": lambda L, F: (lambda x, w: (F.layer_norm(x, (4,), w), (w,)))(
        _rand(L, (3, 4), 0, False), _rand(L, (4,), 1)),
    "batch_norm": lambda L, F: (lambda x, w, b: (F.batch_norm(x, None, None, w, b, True), (x, w, b)))(
        _rand(L, (4, 3), 0), _rand(L, (3,), 1), _rand(L, (3,), 2)),
    "batch_norm_weight": lambda L, F: (lambda x, w: (F.batch_norm(x, None, None, w, None, True),
                                                     (w,)))(_rand(L, (4, 3), 0, False), _rand(L, (3,), 1)),
    "batch_norm_eval": lambda L, F: (lambda x, w: (F.batch_norm(
        x, L.zeros(3, dtype=L.float64), L.ones(3, dtype=L.float64), w), (x, w)))(
        _rand(L, (4, 3), 0), _rand(L, (3,), 1)),
    "group_norm_weight": lambda L, F: (lambda x, w: (F.group_norm(x, 2, w), (w,)))(
        _rand(L, (2, 4, 3), 0, False), _rand(L, (4,), 1)),
    "prelu": lambda L, F: (lambda x, w: (F.prelu(x, w), (x, w)))(_rand(L, (3, 4), 0), _rand(L, (1,), 1)),
    "prelu_weight": lambda L, F: (lambda x, w: (F.prelu(x, w), (w,)))(
        _rand(L, (3, 4), 0, False), _rand(L, (1,), 1)),
    "pools": lambda L, F: (lambda x: (F.max_pool2d(x, 2) + F.avg_pool2d(x, 2)
                                      + F.adaptive_avg_pool2d(x, 2), (x,)))(_rand(L, (1, 1, 4, 4), 0)),
    "activations": lambda L, F: (lambda x: (F.softplus(x) + F.gelu(x) + F.hardtanh(x)
                                            + F.logsigmoid(x), (x,)))(_rand(L, (5,), 0)),
    "softmax_glu": lambda L, F: (lambda x: (F.softmax(x, -1) + F.log_softmax(x, 0)
                                            + F.glu(x.repeat(1, 2)), (x,)))(_rand(L, (2, 3), 0)),
    "nll_cross_entropy": lambda L, F: (lambda x: (F.nll_loss(x, L.tensor([0, 2]))
                                                  + F.cross_entropy(x, L.tensor([1, 0])), (x,)))(
        _rand(L, (2, 3), 0)),
    "reflect_pad_linear": lambda L, F: (lambda x, w: (F.linear(F.pad(x, (1, 1), mode="reflect"), w),
                                                      (x, w)))(_rand(L, (1, 2, 3), 0), _rand(L, (4, 5), 1)),
}


def _double_backward(L, make):
    y, ins = make(L, L.nn.functional)
    w = L.tensor(np.random.RandomState(9).randn(*y.shape), dtype=y.dtype)
    gs = L.autograd.grad((y * w).sum(), ins, create_graph=True)
    out = [(g.requires_grad, g.grad_fn.name() if g.grad_fn else None) for g in gs]
    z = sum((g * g).sum() for g in gs if g.requires_grad)
    second = L.autograd.grad(z, ins, allow_unused=True)
    return out, [observe(t, 8)["values"] if t is not None else None for t in second]


for _name, _f in DOUBLE_BACKWARD.items():
    CASES[f"double_backward[{_name}]"] = lambda L, _f=_f: _double_backward(L, _f)


# ----------------------------------------------------------------------------- 4: amax / amin
@case
def amax_amin_ties_tuples_names(L):
    out = {}
    for k, f in {"amax1": lambda y: y.amax(1), "amax01": lambda y: y.amax((0, 1)),
                 "amin_t": lambda y: y.amin((1,)), "amax_all": lambda y: y.amax(),
                 "max_dim": lambda y: y.max(1)[0], "max_all": lambda y: y.max(),
                 "keep": lambda y: L.amax(y, dim=(0, 1), keepdim=True)}.items():
        y = leaf(L, [[1., 3., 3.], [2., 2., 0.]])
        r = f(y)
        (g,) = L.autograd.grad(r.sum(), y)
        out[k] = [observe(r), observe(g)["values"]]
    y = leaf(L, [[1., 3.], [2., 2.]])
    r = (y * 1).amax(1)
    y2 = y * 1
    r2 = y2.amax(1)
    y2.add_(1)
    out["version_check"] = attempt(lambda: r2.sum().backward())
    return out


# ----------------------------------------------------------------------------- 5: type promotion
PROMOTION = {
    "int+0d_f64": lambda L: L.tensor([3, -4]) + L.tensor(2.0, dtype=L.float64),
    "bool+0d_f64": lambda L: L.tensor([True, False]) + L.tensor(2.0, dtype=L.float64),
    "f32+0d_f64": lambda L: L.ones(2) + L.tensor(1., dtype=L.float64),
    "int*0d_f16": lambda L: L.tensor([3, -4]) * L.tensor(1., dtype=L.float16),
    "i32+0d_i64": lambda L: L.ones(2, dtype=L.int32) + L.tensor(1),
    "u8+i8": lambda L: L.ones(2, dtype=L.uint8) + L.ones(2, dtype=L.int8),
    "f16+i64": lambda L: L.ones(2, dtype=L.float16) + L.tensor([3, -4]),
    "int.abs": lambda L: L.tensor([3, -4]).abs(), "int.clamp(1.5)": lambda L: L.tensor([1, 2]).clamp(1.5),
    "int.clamp(1)": lambda L: L.tensor([1, 2]).clamp(1), "cat i64 f32": lambda L: L.cat([L.tensor([1]), L.ones(1)]),
    "stack i64 f32": lambda L: L.stack([L.tensor([1]), L.ones(1)]),
    "int//2.0": lambda L: L.tensor([3, -4]) // 2.0, "int//2": lambda L: L.tensor([3, -4]) // 2,
    "logical_or int float": lambda L: L.logical_or(L.tensor([0, 2]), L.tensor([0., 0.])),
    "logical_and number": lambda L: L.logical_and(L.tensor([0, 2]), 0),
    "where(c,1,0)": lambda L: L.where(L.tensor([True, False]), 1, 0),
    "where(c,1.,0)": lambda L: L.where(L.tensor([True, False]), 1., 0),
    "tensor([np.float64])": lambda L: L.tensor([np.float64(1.)]),
    "tensor([1, np.float64])": lambda L: L.tensor([1, np.float64(2.)]),
    "tensor([True, np.int8])": lambda L: L.tensor([True, np.int8(2)]),
    "int/int": lambda L: L.tensor([3, -4]) / L.tensor([2, 2]), "int**0.5": lambda L: L.tensor([4]) ** 0.5,
    "2**int": lambda L: 2 ** L.tensor([3, -4, 0]), "int**int": lambda L: L.tensor([2, 1, -1, 3]) ** L.tensor([-1, -2, -3, 2]),
    "int**-1": lambda L: L.tensor([2]) ** -1, "bool&bool": lambda L: L.tensor([True]) & L.tensor([False]),
    "int|int": lambda L: L.tensor([3, 4]) | L.tensor([1, 1]), "float&float": lambda L: L.ones(2) & L.ones(2),
    "~bool": lambda L: ~L.tensor([True, False]), "int+True": lambda L: L.tensor([1]) + True,
    "maximum int float": lambda L: L.maximum(L.tensor([3, -4]), L.tensor([1.5, -2.5])),
    "bool**False": lambda L: L.tensor([True, False]) ** False,
    "bool**2": lambda L: L.tensor([True, False]) ** 2,
}
for _name, _f in PROMOTION.items():
    CASES[f"promotion[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


# ----------------------------------------------------------------------------- 6: tensor-valued bounds
@case
def clamp_with_tensor_bounds(L):
    out = {}
    for k, (lo, hi) in {"both": ([0., -1., 0.5], 1.0), "min": ([0., -1., 2.0], None),
                        "max": (None, [0., -1., 2.]), "crossed": ([1.0, 1.0, 1.0], [0., 0., 0.])}.items():
        x = leaf(L, [0.5, -2.0, 3.0])
        lo_t = leaf(L, lo) if lo is not None else None
        hi_t = leaf(L, hi) if isinstance(hi, list) else (L.tensor(hi, dtype=L.float64, requires_grad=True)
                                                        if hi is not None else None)
        r = x.clamp(lo_t, hi_t)
        r.sum().backward()
        out[k] = [observe(r), observe(x.grad), observe(lo_t.grad if lo_t is not None else None),
                  observe(hi_t.grad if hi_t is not None else None)]
    return out


@case
def masked_fill_with_tensor_value(L):
    x = leaf(L, [1.5, -2.5, 3.0])
    v = L.tensor(3., dtype=L.float64, requires_grad=True)
    r = x.masked_fill(L.tensor([True, False, True]), v)
    (r * L.tensor([1., 2., 3.], dtype=L.float64)).sum().backward()
    return {"r": observe(r), "x": observe(x.grad), "v": observe(v.grad),
            "1-d value": attempt(lambda: x.masked_fill(L.tensor([True, False, True]), L.tensor([3.])))}


# ----------------------------------------------------------------------------- 7: 0-d reductions
REDUCE_0D = {
    "sum": lambda x, d: x.sum(d), "mean": lambda x, d: x.mean(d), "max": lambda x, d: x.max(d)[0],
    "min": lambda x, d: x.min(d)[0], "amax": lambda x, d: x.amax(d), "argmax": lambda x, d: x.argmax(d),
    "norm": lambda x, d: x.norm(dim=d), "logsumexp": lambda x, d: x.logsumexp(d),
    "softmax": lambda x, d: x.softmax(d), "sum_keepdim": lambda x, d: x.sum(d, keepdim=True),
    "amax_tuple": lambda x, d: x.amax((d,)), "squeeze": lambda x, d: x.squeeze(d),
}


def _reduce_0d(L, f):
    out = []
    for d in (0, -1):
        x = L.tensor(1.5, dtype=L.float64, requires_grad=True)
        r = f(x, d)
        g = L.autograd.grad(r.sum(), x)[0] if r.requires_grad else None
        out.append([observe(r), observe(g)])
    out.append(attempt(lambda: f(L.tensor(1.5), 1)))
    return out


for _name, _f in REDUCE_0D.items():
    CASES[f"reduce_0d[{_name}]"] = lambda L, _f=_f: _reduce_0d(L, _f)


# ----------------------------------------------------------------------------- 8: edge gradients, API
@case
def edge_gradients(L):
    x = leaf(L, [1.5])
    x.std(correction=0).backward()
    logits = leaf(L, [[0.1, 0.2], [0.3, 0.4]])
    loss = L.nn.functional.cross_entropy(logits, L.tensor([-100, -100]))
    loss.backward()
    return {"std": observe(x.grad), "ce": observe(loss), "ce_grad": observe(logits.grad)}


@case
def grad_of_repeated_input_and_inputs_retains(L):
    z = leaf(L, [2., 3.])
    twice = L.autograd.grad((z * z).sum(), [z, z])
    a = z * 2
    (a * 3).sum().backward(inputs=[a])
    w = leaf(L, [1., 1.])
    return {"twice": observe(twice), "retains": a.retains_grad, "a.grad": observe(a.grad),
            "uniform_": attempt(lambda: w.uniform_()), "normal_": attempt(lambda: w.normal_())}


# ----------------------------------------------------------------------------- 9: strictness, reflected ops
STRICT = {
    "x[::-1]": lambda L: L.ones(3)[::-1], "mm(v, m)": lambda L: L.mm(L.ones(2), L.ones(2, 2)),
    "m.mm(v)": lambda L: L.ones(2, 2).mm(L.ones(2)), "mv(m, m)": lambda L: L.mv(L.ones(2, 2), L.ones(2, 2)),
    "dot(m, v)": lambda L: L.dot(L.ones(2, 2), L.ones(2)),
    "bmm(m, m)": lambda L: L.bmm(L.ones(2, 2), L.ones(2, 2)),
    "bmm node": lambda L: L.bmm(L.ones(2, 2, 2, requires_grad=True), L.ones(2, 2, 2)),
    "b - b": lambda L: L.tensor([True]) - L.tensor([False]), "b - 1": lambda L: L.tensor([True]) - 1,
    "1 - b": lambda L: 1 - L.tensor([True]), "-b": lambda L: -L.tensor([True]),
    "int // 0": lambda L: L.tensor([5]) // 0, "int % 0": lambda L: L.tensor([5]) % 0,
    "int softmax": lambda L: L.tensor([1, 2]).softmax(0), "int var": lambda L: L.tensor([1, 2]).var(),
    "int std": lambda L: L.tensor([1, 2]).std(), "5.0 % t": lambda L: 5.0 % L.tensor([1.5, -2.5]),
    "5 // t": lambda L: 5 // L.tensor([1.5, -2.5]), "x[:] node": lambda L: L.ones(2, requires_grad=True)[:],
    "x[...] node": lambda L: L.ones(2, requires_grad=True)[...],
    "x % 2 node": lambda L: L.ones(2, requires_grad=True) % 2,
    "x % t node": lambda L: L.ones(2, requires_grad=True) % L.tensor([2., 3.]),
    "x // 2 backward": lambda L: (L.ones(2, requires_grad=True) // 2).sum().backward(),
    "norm fro over 3 dims": lambda L: L.norm(L.ones(2, 2, 2), dim=(0, 1, 2)),
    "5.0 % x backward": lambda L: (5.0 % L.ones(2, requires_grad=True)).sum().backward(),
}
for _name, _f in STRICT.items():
    CASES[f"strict[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


@case
def rsub_and_remainder_gradients(L):
    x = leaf(L, [1.5, -2.5])
    y = leaf(L, [4., 3.])
    r = L.rsub(x, y, alpha=2)
    m = x % y
    (r.sum() + (m * m).sum()).backward()
    return {"r": observe(r), "m": observe(m), "x": observe(x.grad), "y": observe(y.grad)}


@case
def masked_fill_into_an_expanded_view(L):
    """One value where the mask is True, into memory several elements share: allowed (with
    torch's deprecation warning), and the backward through CopySlices refuses, as torch."""
    x = leaf(L, [1.625, -1.475, 1.425])
    a = x * 1
    v = a.expand(2, -1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        v.masked_fill_(v < 0, 0.25)
        b = L.zeros(3)
        b.expand(2, -1).masked_fill_(L.tensor([[True, False, False], [False, False, True]]), 2.0)
    return {"a": observe(a), "b": observe(b),
            "warned": [str(w.message)[:40] for w in caught],
            "backward": attempt(lambda: a.sum().backward())}


@case
def setitem_into_a_row_of_an_expanded_view(L):
    """v[0] = y on v = a.expand(2, -1): the row repeats no memory, so CopySlices' backward runs."""
    x = leaf(L, [1.0, 2.0, 3.0])
    y = leaf(L, [5.0, 6.0, 7.0])
    a = x * 1
    v = a.expand(2, -1)
    v[0] = y
    ((a * a).sum() + (v * v).sum()).backward()
    return {"a": observe(a), "x": observe(x.grad), "y": observe(y.grad)}


@case
def index_writes_into_an_expanded_view(L):
    """Index writes into memory several elements share: index_put_ (and self[indices] = v) warns
    and writes each value in turn (the last written stays; accumulate adds all); the other index
    ops refuse with torch's overlap message, before an index's bounds and a source's overlap."""
    out = {}
    progs = ("v[L.tensor([1, 0])] = L.tensor([[1., 2, 3], [4, 5, 6]])",
             "v[L.tensor([1, 0]), L.tensor([0, 2])] = L.tensor([7., 8])",
             "v[L.tensor([True, False])] = 4.0",
             "v.index_put_((L.tensor([1, 0]),), L.tensor([[1., 2, 3], [4, 5, 6]]), True)",
             "v.index_add_(0, L.tensor([0]), v[:1])", "v.index_add_(0, L.tensor([5]), w)",
             "v.index_copy_(0, L.tensor([0]), w)", "v.scatter_(0, L.zeros(1, 3).long(), 1.0)",
             "v.put_(L.tensor([0]), L.ones(1))")
    for prog in progs:
        names = {"L": L, "v": L.zeros(3).expand(2, 3), "w": L.ones(1, 3)}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out[prog] = attempt(lambda: exec(prog, names) or names["v"])
        out[prog + " warned"] = [str(w.message)[:60] for w in caught]
    return out


@case
def sixteen_bit_convolutions_and_scaled_products_round_as_torch(L):
    """16-bit convolutions with a bias and products scaled by alpha and beta: float32 inside,
    the bias added and the result rounded once (bfloat16's gradients too; float16's weight
    gradient rounded after each batch element); addbmm rounds after each batch, addr after each
    op of beta * self + alpha * vec1 * vec2. Values that rounded differently before."""
    rng = np.random.default_rng(7)
    draw = lambda *shape: rng.normal(size=shape).round(2).tolist()  # noqa: E731
    out = {}
    for dt in ("bfloat16", "float16"):
        d = getattr(L, dt)
        x, w, b = (L.tensor(v, dtype=d, requires_grad=True)
                   for v in (draw(2, 3, 6, 5), draw(4, 3, 3, 2), draw(4)))
        r = L.nn.functional.conv2d(x, w, b)
        r.backward(L.tensor(draw(*r.shape), dtype=d))
        out[dt + " conv2d"] = [observe(t.double()) for t in (r, x.grad, w.grad, b.grad)]
        x1, w1 = (L.tensor(v, dtype=d, requires_grad=True) for v in (draw(1, 2, 9), draw(3, 2, 2)))
        g = L.autograd.grad(L.nn.functional.conv1d(x1, w1).sum(), [x1, w1])
        out[dt + " conv1d"] = [observe(t.double()) for t in g]
        m, a, c = (L.tensor(v, dtype=d) for v in (draw(7, 9), draw(9, 5), draw(7, 5)))
        out[dt + " addmm"] = observe(L.addmm(c, m, a, beta=0.5, alpha=1.5).double())
        out[dt + " addbmm"] = observe(L.addbmm(c, m.expand(3, 7, 9), a.expand(3, 9, 5),
                                               beta=0.5, alpha=1.3).double())
        out[dt + " addr"] = observe(L.addr(c, m[:, 0], a[0], beta=0.5, alpha=1.3).double())
    return out


@case
def prod_and_cumprod_gradients_at_zeros_nan_and_inf(L):
    """prod's and cumprod's backward take torch's branches (the quotient without zeros; with
    them prod's exclusive products, cumprod's masks, or under create_graph its loop over the
    positions), so first and second derivatives put NaN, inf and signed zeros where torch's do;
    and the forwards warn of nothing."""
    import itertools
    out = {}
    w = L.tensor([0.5, -1.0, 2.0], dtype=L.float64)
    ops = {"prod": lambda t: t.prod(), "prod0": lambda t: t.prod(0) * 1.5,
           "cumprod": lambda t: t.cumprod(0) * w}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for combo in itertools.product([0.0, -0.0, 2.0, math.nan, math.inf, -1.5], repeat=3):
            x = L.tensor(list(combo), dtype=L.float64, requires_grad=True)
            for name, f in ops.items():
                g, = L.autograd.grad(f(x).sum(), x, create_graph=True)
                gg, = L.autograd.grad((g * w).sum(), x, allow_unused=True)
                first, = L.autograd.grad(f(x).sum(), x)
                out[f"{name} {combo}"] = [repr(v) for t in (g, gg, first) for v in t.tolist()]
    out["warned"] = [str(c.message) for c in caught]
    return out


@case
def floats_into_unsigned_tensors_and_round_with_decimals(L):
    """A float into an unsigned integer tensor must be in its range (-1.0 and -0.5 are refused
    for uint8, the integer -1 wraps to 255), through every fill, a 0-d tensor's item() too
    (masked_fill, index_fill, full; fill_ of a tensor copies it); F.pad takes its value as a
    float. round(x, decimals) of a 16-bit tensor computes in float32, rounded once."""
    out = {}
    for prog in ("x[0] = -1.0", "x[0] = -0.5", "x[0] = -1", "x.masked_fill_(m, -1.0)",
                 "x.masked_fill_(m, L.tensor(-1.3))", "x.masked_fill_(m, L.tensor(-1))",
                 "x.index_fill_(0, L.tensor([0]), L.tensor(300.))", "x.fill_(L.tensor(-1.3))",
                 "L.full((2,), L.tensor(-1.0), dtype=L.uint8)", "L.full((1,), -1.0, dtype=L.uint8)",
                 "L.tensor([-1.0], dtype=L.uint8)", "L.nn.functional.pad(x, (1, 1), value=-1)",
                 "x.new_full((2,), -1.0)", "L.zeros(2, dtype=L.int8).masked_fill(m, -1.0)"):
        names = {"L": L, "x": L.zeros(2, dtype=L.uint8), "m": L.tensor([True, False])}
        out[prog] = attempt(lambda: exec(f"r = {prog}" if "=" not in prog.split("(")[0]
                                         else prog, names) or names.get("r", names["x"]))
    x = L.tensor([0.5, 1.25, -2.35, 0.15, 3.05, 1.005], dtype=L.float16) * 3.3
    for d in ("float16", "bfloat16"):
        for decimals in (-1, 1, 2):
            out[f"round {d} {decimals}"] = observe(L.round(x.to(getattr(L, d)), decimals=decimals)
                                                   .double())
    return out


@case
def sixteen_bit_compound_pointwise_ops_round_once(L):
    """logaddexp, logaddexp2, lerp, addcmul and addcdiv of 16-bit tensors compute in float32 and
    round once (torch's kernels; addcmul's value * tensor1 * tensor2 in that order, lerp's fused
    multiply-add); a 0-d float32 operand is first cast to the 16-bit dtype (igamma's too); xlogy
    rounds its log first. lerp of float32 and float64 tensors fuses its multiply-add too."""
    rng = np.random.default_rng(11)
    a, b = rng.normal(size=(2, 40)).round(3).tolist()
    out = {}
    for dt in ("bfloat16", "float16"):
        x, y = L.tensor(a, dtype=getattr(L, dt)), L.tensor(b, dtype=getattr(L, dt))
        s = L.tensor(-2.21, dtype=L.float32)
        progs = {"logaddexp": lambda: L.logaddexp(x, s), "logaddexp2": lambda: L.logaddexp2(x, y),
                 "lerp": lambda: L.lerp(x, y, 0.3), "lerp_t": lambda: L.lerp(x, y, s),
                 "addcmul": lambda: L.addcmul(x, y, s, value=0.7),
                 "addcdiv": lambda: L.addcdiv(x, y, x.abs() + 1, value=0.7),
                 "igamma": lambda: L.igamma(x.abs(), s.abs()), "xlogy": lambda: L.xlogy(x, y.abs())}
        for name, f in progs.items():
            out[f"{dt} {name}"] = observe(f().double())
    for dt in ("float32", "float64"):
        x, y = L.tensor(a, dtype=getattr(L, dt)), L.tensor(b, dtype=getattr(L, dt))
        for i, w in enumerate((0.3, 0.7, x.abs())):
            out[f"{dt} lerp {i}"] = [repr(v) for v in L.lerp(x, y, w).tolist()]
    return out


@case
def activation_gradients_at_nan_inf_and_tiny_inputs(L):
    """Where torch's vectorized and scalar loops disagree at a NaN (hardtanh/relu6 and
    hardshrink backward: 0 vs g; elu/selu/celu and hardswish backward: NaN vs g), the elements a
    contiguous tensor leaves to the scalar loop (the last n % (64 or 128 bytes)) follow it; i1's
    backward takes 1/2 at |x| <= eps and at NaN; sinc's second derivative near 0 cancels to 0;
    asin/acos/asinh/acosh use rsqrt (NaN past the domain in 16 bits too); silu and mish of 16-bit
    tensors compute in float32."""
    F = L.nn.functional
    special = [math.nan, math.inf, -math.inf, -0.0, 0.0, 3.0, -3.0, 1.0, -1.0, 6.0, 0.5, -0.5,
               20.0, -20.0, 1e-30, 2.0]
    ops = {"hardtanh": F.hardtanh, "relu6": F.relu6, "elu": F.elu, "selu": F.selu,
           "celu": F.celu, "hardswish": F.hardswish, "hardshrink": L.hardshrink, "i0": L.i0,
           "sinc": L.sinc, "asin": L.asin, "acos": L.acos, "asinh": L.asinh, "silu": F.silu,
           "mish": F.mish}
    out = {}
    for name, f in ops.items():
        for dt in ("float32", "float64", "bfloat16", "float16"):
            for n in (16, 70):
                x = L.tensor((special * 5)[:n], dtype=getattr(L, dt), requires_grad=True)
                y = f(x)
                g, = L.autograd.grad(y, x, L.ones_like(y) * 0.75, create_graph=True)
                gg = L.autograd.grad(g.sum(), x)[0] if g.requires_grad and dt[-2:] == "64" else g
                row = [y.detach(), g.detach(), gg]
                out[f"{name} {dt} {n}"] = [repr(v) for t in row for v in t.double().tolist()
                                           if not (v == v and 0 < abs(v) < math.inf)]
    return out


@case
def digamma_as_torchs_kernel_computes_it(L):
    """digamma (and polygamma(0, .)) step for step as torch's calc_digamma, in float32 for
    float32 and 16-bit inputs: the same last bits, so a digamma of a digamma near a pole agrees
    too; inf gives inf, the poles torch's values. (numpy's log and tan, where torch calls the C
    library's, differ in their last bit for about one input in a thousand (docs/tour.md); this
    fixed sample has none of them: another seed can show one.)"""
    rng = np.random.default_rng(7)
    xs = np.concatenate([rng.uniform(-30, 30, 150), rng.uniform(-3, 3, 150),
                         rng.normal(size=50) * 1e-3]).tolist()
    xs += [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-30, -1e-30, 10.0, -2.0, 1e20]
    out = {}
    for dt in ("float32", "float64", "bfloat16", "float16"):
        x = L.tensor(xs, dtype=getattr(L, dt))
        out[dt] = [repr(v) for v in L.digamma(x).double().tolist()]
        out[dt + " twice"] = [repr(v) for v in L.polygamma(0, L.digamma(x[:60])).double().tolist()]
    return out


@case
def calls_missing_arguments_or_with_wrong_elements(L):
    """torch's argument checks: a required argument left out (x.flip(), L.ones()), a non-tensor
    among varargs tensors (L.atleast_1d(t, "a"), L.block_diag(t, 3)) or a list where only varargs
    are taken, tensor() and as_tensor() with a positional dtype or data without numbers; and the
    torch.where(condition) form, trapezoid of a 0-d tensor, cartesian_prod of a non-vector,
    adjoint of a 0-d tensor (itself)."""
    progs = ("t.flip()", "L.flip(t)", "L.tile(t)", "t.reshape()", "L.ones()", "t.permute()",
             "t.expand()", "t.repeat()", "L.atleast_1d(t, 'a')", "L.block_diag(t, 3)",
             "L.broadcast_tensors([t, t])", "L.meshgrid()", "L.vstack(t, t)", "L.hstack((t, 2.0))",
             "L.tensor(1, L.float32)", "L.tensor([None])", "L.as_tensor(None)",
             "L.where(L.tensor([[1, 0], [2, 3]]))", "L.trapezoid(L.tensor(3.))",
             "L.cumulative_trapezoid(L.tensor(3.))", "L.cartesian_prod(t, L.ones(2, 2))",
             "L.adjoint(L.tensor(3.))", "L.ones(2).sum_to_size()", "L.result_type(t, 'a')",
             "L.result_type(1, 2.5)", "L.promote_types('a', L.float32)", "L.finfo(None)",
             "L.detach([1])", "L.cdist(t[None], 'a')", "L.histogram(L.tensor([1., 2., 2.5]))",
             "L.repeat_interleave(L.tensor(3))", "L.repeat_interleave(L.tensor([True]))",
             "L.repeat_interleave(L.ones(2, 2), L.ones(2, 2).long())", "L.einsum(t)",
             "L.einsum(t, t)", "L.einsum(t, [0], t, [0])", "L.einsum(m, [0, 1], m, [0, 2], [1, 2])",
             "L.einsum(m, [Ellipsis, 27], [27])", "L.unique(t, 'a')", "L.unique(t, return_counts=1)",
             "L.unique_consecutive(t, 'a')")
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for prog in progs:
            out[prog] = attempt(lambda: eval(prog, {"L": L, "t": L.ones(2),
                                                    "m": L.arange(6.).reshape(2, 3)}))
    return out


@case
def sixteen_bit_activation_backward_kernels(L):
    """The first-order gradients of 16-bit activations whose torch backward is one kernel in
    float32, rounded once (bfloat16 tanh and sigmoid, silu, mish, softplus, elu, selu, celu,
    hardswish, hardsigmoid): the same bits as torch's (gelu's too but where torch's float32 erf
    approximation differs, docs/tour.md)."""
    F = L.nn.functional
    rng = np.random.default_rng(5)
    xv, gv = (rng.normal(size=200) * 2.5).round(3).tolist(), rng.normal(size=200).round(3).tolist()
    ops = {"silu": F.silu, "mish": F.mish, "softplus": F.softplus, "elu": F.elu,
           "selu": F.selu, "celu": F.celu, "hardswish": F.hardswish, "hardsigmoid": F.hardsigmoid}
    out = {}
    for dt in ("bfloat16", "float16"):
        both = dict(ops, **({"tanh": L.tanh, "sigmoid": L.sigmoid} if dt == "bfloat16" else {}))
        for name, f in both.items():
            x = L.tensor(xv, dtype=getattr(L, dt), requires_grad=True)
            g, = L.autograd.grad(f(x), x, L.tensor(gv, dtype=getattr(L, dt)))
            out[f"{dt} {name}"] = [repr(v) for v in g.double().tolist()]
    return out


@case
def scans_accumulate_as_torchs_kernels(L):
    """cumsum, cumprod and logcumsumexp carry their running value in torch's accumulate type
    (float32 for 16-bit tensors, float64 for float32) and round each output once; 16-bit
    gradients through formulas with a number (x * 1.7, x / 3.3, lerp) use the Tensor ops'
    float32 arithmetic, as torch's kernels."""
    rng = np.random.default_rng(2)
    a = (rng.normal(size=(3, 60)) * 2).round(3).tolist()
    out = {}
    for dt in ("bfloat16", "float16", "float32"):
        x = L.tensor(a, dtype=getattr(L, dt), requires_grad=True)
        for name, f in {"cumsum": lambda t: t.cumsum(1), "cumprod": lambda t: (t * 0.3).cumprod(1),
                        "logcumsumexp": lambda t: t.logcumsumexp(1),
                        "scaled": lambda t: t * 1.7 + t / 3.3}.items():
            y = f(x)
            g, = L.autograd.grad(y, x, L.ones_like(y) * 0.37)  # (the gradients of the sums)
            shown = (y.detach(), g) if name in ("cumsum", "scaled") else (y.detach(),)
            out[f"{dt} {name}"] = [repr(v) for t in shown for v in t.double().flatten().tolist()]
    return out


@case
def which_writes_into_an_expanded_view_torch_allows(L):
    """Which writes into v = a.expand(2, -1) torch allows: one number everywhere (fill_, zero_),
    a region without repeated memory (v[1] = 1.5); not a tensor fill_ or v[...] = anything."""
    out = {}
    for prog in ("v.fill_(y)", "v[...] = y", "v[...] = 1.5", "v.fill_(1.5)", "v.fill_(L.tensor(1.5))",
                 "v[1] = 1.5", "v.zero_()"):
        a = leaf(L, [1.675, -0.575, -0.775]) * 1
        names = {"L": L, "a": a, "v": a.expand(2, -1), "y": leaf(L, 0.55)}
        out[prog] = attempt(lambda: exec(prog, names) or names["a"])
    return out


@case
def repeated_advanced_index_write_into_a_view(L):
    """v[[0, -1]] = 1.5 on v = a[None]: the index repeats itself, which is no overlap."""
    x = leaf(L, [0.525, -1.425, -1.125])
    a = x * 1
    v = a[None]
    v[[0, -1]] = 1.5
    ((a * a).sum() + (v * v).sum()).backward()
    return {"a": observe(a), "x": observe(x.grad)}


@case
def signed_zeros_of_remainder_and_round_to_decimals(L):
    """torch's remainder gives a zero the dividend's sign (-2. % 2 is -0.); round(decimals=d)
    rounds x * 10**d half to even in x's dtype (RoundBackward1), and refuses integers."""
    x = leaf(L, [-2.0, 2.0, -0.0, 3.0, -1.0, 1.25, -2.35, 1234.5678])
    outs = [x % 2, x % -2, 5.0 % L.tensor([-5.0, 5.0, -2.0]), x.round(decimals=1),
            x.round(decimals=-2), L.round(x.double(), decimals=3)]
    outs[3].sum().backward()
    return {"values": [[(v, math.copysign(1.0, v)) for v in t.tolist()] for t in outs],
            "node": node_name(outs[3]), "grad": observe(x.grad),
            "int": attempt(lambda: L.tensor([15]).round(decimals=-1))}


@case
def second_derivatives_of_elu_at_zero_and_kl_div_in_its_target(L):
    """elu'(0) is alpha (the exp branch) but elu''(0) is 0 in torch (celu, selu alike); kl_div is
    xlogy(t, t) - t * input, so its target's gradient is log t + 1 - input (nan for t <= 0)."""
    out = {}
    x = leaf(L, [-0.5, 0.0, 0.5])
    for name, f in (("elu", lambda v: L.nn.functional.elu(v, alpha=2.0)),
                    ("celu", lambda v: L.nn.functional.celu(v, alpha=2.0)),
                    ("selu", L.nn.functional.selu)):
        g, = L.autograd.grad(f(x).sum(), x, create_graph=True)
        seen = {k: v for k, v in observe(g).items() if k != "grad_fn"}  # (EluBackwardBackward0)
        out[name] = [seen, observe(L.autograd.grad(g.sum(), x)[0])]
    inp, t = leaf(L, [-0.5, -1.0, -0.2, -2.0]), leaf(L, [0.5, 0.0, -0.3, 1.5])
    gx, gt = L.autograd.grad(L.nn.functional.kl_div(inp, t, reduction="sum"), (inp, t),
                             create_graph=True)
    out["kl_div"] = [observe(gx), observe(gt), observe(L.autograd.grad(gt.sum(), (inp, t)))]
    return out


EMPTY_AND_RANGE = {  # found by a differential probe of every method on small tensors
    "transpose(0, 2) of 2-d": lambda L: L.ones(2, 3).transpose(0, 2),
    "transpose(0, 1) of 0-d": lambda L: L.tensor(3.).transpose(0, 1),
    "mean(dtype=float64)": lambda L: L.ones(2, 3).mean(dtype=L.float64),
    "int mean(1, dtype=float32)": lambda L: L.ones(2, 3, dtype=L.int64).mean(1, dtype=L.float32),
    "mean of nothing": lambda L: (L.tensor([]).mean(), L.ones(0, 3).mean(0)),
    "amax over an empty dim": lambda L: L.ones(0, 3).amax(0),
    "amin() of nothing": lambda L: L.ones(0).amin(),
    "max(0) over an empty dim": lambda L: L.ones(0, 3).max(0),
    "max(1) of (0, 3)": lambda L: L.ones(0, 3).max(1),
    "argmax() of nothing": lambda L: L.ones(0, 3).argmax(),
    "argmax(1) of (0, 3)": lambda L: L.ones(0, 3).argmax(1),
    "softmax of nothing": lambda L: (L.ones(0).softmax(0), L.ones(0, 3).log_softmax(0)),
    "logsumexp of nothing": lambda L: (L.ones(0, 3).logsumexp(0), L.ones(0).logsumexp(0)),
    "repr of empty tensors": lambda L: [repr(t) for t in (L.ones(0, dtype=L.int64), L.ones(0, 2, dtype=L.bool),
                                                         L.ones(2, 0), L.ones(0, requires_grad=True))],
    "0-d [0]": lambda L: L.tensor(3.)[0], "0-d [0:1]": lambda L: L.tensor(3.)[0:1],
    "1-d [0, 0]": lambda L: L.ones(2)[0, 0],
    "mask of the wrong shape": lambda L: L.ones(2, 3)[:, L.tensor([True, False])],
    "mask after an int": lambda L: L.ones(2, 3)[0, L.tensor([True])],
}
for _name, _f in EMPTY_AND_RANGE.items():
    CASES[f"empty[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    matches_torch(CASES, name)


def test_a_rule_with_the_wrong_number_of_gradients_is_named(monkeypatch):
    """The engine checks every rule's result: one gradient (or None) per input, else an error that
    names the node and the op (a silent None would leave an input without its gradient)."""
    rule = autograd_core._vjps.RULES["mul"]
    monkeypatch.setattr(rule, "fn", lambda g, x, y, need: (g * y,))
    a = autograd_core.tensor([1.0, 2.0], requires_grad=True)
    b = autograd_core.tensor([3.0, 4.0], requires_grad=True)
    with pytest.raises(RuntimeError, match=r"MulBackward0 \(op 'mul'\) returned an incorrect number of "
                                           r"gradients \(expected 2, got 1\)"):
        (a * b).sum().backward()
    assert a.grad is None and b.grad is None

