"""Disagreements with torch found by the differential fuzzer (issue 11), one case each: the same code
runs on torch and on the engine and the observations must be equal (as in test_parity.py).

Sections: advanced indexing in torch's order, vmap's negative dims, empty dim lists of reductions,
diff's n, softmax's dtype, binary_cross_entropy_with_logits' dtype, broadcast errors, dim checks,
empty tensors, keyword forms.
"""

import warnings

import pytest

from parity_helpers import attempt, leaf, observe, registry, matches_torch

CASES, case = registry()


# ----------------------------------------------------------------------------- 1: indexing
# torch applies the ints (select), slices, None and ... first, then the arrays (lists, tensors,
# bools) to the dims left: numpy's rule for where the arrays' dims go applies to those dims only.
INDEXES = {
    "int slice list": lambda L: (0, slice(None), [1, 2]),
    "int ellipsis list": lambda L: (0, Ellipsis, [1, 2]),
    "0-d tensor slice list": lambda L: (L.tensor(0), slice(None), [1, 2]),
    "list slice int": lambda L: ([1, 0], slice(None), 2),
    "slice int list": lambda L: (slice(None), 1, [3, 0]),
    "int list list": lambda L: (1, [0, 2], [[1], [3]]),
    "list int list": lambda L: ([0, 1], 2, [3, 1]),
    "list None list": lambda L: ([0, 1], None, [1, 2]),
    "int None slice list": lambda L: (0, None, slice(None), [1, 2]),
    "mask int list": lambda L: (L.tensor([True, False]), 0, [1, 2]),
    "int mask": lambda L: (1, L.tensor([[True, False, True, True]] * 3)),
    "slice int mask": lambda L: (slice(1, None), 2, L.tensor([True, False, False, True])),
    "True int": lambda L: (True, 0),
    "int False slice": lambda L: (1, False, slice(None)),
    "0-d bool tensor int list": lambda L: (L.tensor(True), 1, [0, 2]),
    "0-d int tensor": lambda L: L.tensor(1),
    "step slice int list": lambda L: (slice(None, None, 2), 1, [0, 0]),
    "two ellipses": lambda L: (Ellipsis, 0, Ellipsis),
    "sequence as tuple": lambda L: [0, slice(None)],
    "list of lists as tuple": lambda L: [[0, 1], [1, 2]],
    "list of bools": lambda L: [True, False],
    "int out of range": lambda L: (None, 0, 5),
    "ellipsis int out of range": lambda L: (Ellipsis, 9),
    "array out of range": lambda L: (0, slice(None), [7]),
    "first bad element": lambda L: ([-1, 2], [7]),
    "mask after int": lambda L: (0, L.tensor([True, False])),
    "too many": lambda L: (0, L.tensor([[True] * 3] * 2), 0),
    "shape mismatch": lambda L: ([1, 0], False),
}


def _indexing(L, make):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns of sequences as tuples
        x = L.arange(24.0, dtype=L.float64).reshape(2, 3, 4).requires_grad_()

        def get():
            y = x[make(L)]
            return (y, y._base is not None)

        def grad():
            y = x[make(L)]
            (y * L.arange(float(y.numel()), dtype=L.float64).reshape(y.shape)).sum().backward()
            return x.grad

        def put():
            z = L.zeros(2, 3, 4, dtype=L.float64)
            n = z[make(L)].shape
            v = (L.arange(float(z[make(L)].numel()), dtype=L.float64).reshape(n) + 1).requires_grad_()
            w = z.clone()
            w[make(L)] = v * 1
            (w * L.arange(24.0, dtype=L.float64).reshape(2, 3, 4)).sum().backward()
            return [w, v.grad]

        return {"get": attempt(get), "grad": attempt(grad), "set": attempt(put)}


for _name, _make in INDEXES.items():
    CASES[f"indexing[{_name}]"] = lambda L, _m=_make: _indexing(L, _m)


@case
def indexing_int_and_list_in_place_on_a_view(L):
    x = leaf(L, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    a = x * 1
    a[1, [2, 0]] = a[0, [0, 1]] * 10
    a.sum().backward()
    return {"a": observe(a), "grad": observe(x.grad)}


@case
def indexing_int_and_list_second_order(L):
    x = leaf(L, [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]])
    y = x[1, :, [1, 0]]
    (g,) = L.autograd.grad((y**3).sum(), x, create_graph=True)
    (gg,) = L.autograd.grad((g * g).sum(), x)
    return {"y": observe(y), "g": observe(g.detach()), "gg": observe(gg)}  # (g.grad_fn: rule names)


# ----------------------------------------------------------------------------- 2: vmap's dims
VMAPS = {
    "negative in_dims": lambda L: L.func.vmap(lambda a: a.sum(), in_dims=-1)(L.tensor([[1.0, 2.0], [3.0, 4.0]])),
    "negative out_dims": lambda L: L.func.vmap(lambda a: a * 2, out_dims=-1)(L.arange(6.0).reshape(2, 3)),
    "both negative": lambda L: L.func.vmap(lambda a: a * 2, in_dims=-2, out_dims=-2)(L.arange(6.0).reshape(2, 3)),
    "per-argument": lambda L: L.func.vmap(lambda a, b: a * b, in_dims=(-1, None))(L.ones(2, 3), L.tensor(2.0)),
    "0-d input": lambda L: L.func.vmap(lambda a: a.sum())(L.tensor(1.0)),
    "in_dims too large": lambda L: L.func.vmap(lambda a: a, in_dims=2)(L.ones(2, 2)),
    "in_dims too small": lambda L: L.func.vmap(lambda a: a, in_dims=-3)(L.ones(2, 2)),
    "tuple in_dims, 0-d": lambda L: L.func.vmap(lambda a, b: a, in_dims=(0, 1))(L.ones(2, 2), L.tensor(1.0)),
    "out_dims too large": lambda L: L.func.vmap(lambda a: a, out_dims=2)(L.ones(2, 2)),
    "out_dims too small": lambda L: L.func.vmap(lambda a: a, out_dims=-3)(L.ones(2, 2)),
}
for _name, _f in VMAPS.items():
    CASES[f"vmap[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


# ----------------------------------------------------------------------------- 4: diff's n
@case
def diff_of_order_zero_is_a_copy(L):
    x = leaf(L, [1.0, 2.0, 4.0])
    y = L.diff(x, n=0, prepend=L.tensor([1.0], dtype=L.float64))  # torch ignores prepend here
    nexts = [type(f[0]).__name__ for f in y.grad_fn.next_functions]
    y.sum().backward()
    return {"y": observe(y), "leaf": y.is_leaf, "view": y._base is not None, "next": nexts,
            "grad": observe(x.grad), "int": observe(L.diff(L.tensor([1, 2]), n=0)),
            "long": observe(L.diff(x, n=5)), "negative": attempt(lambda: L.diff(x, n=-1)),
            "0-d": attempt(lambda: L.diff(L.tensor(1.0), n=-1))}


# ----------------------------------------------------------------------------- 5: softmax's dtype
SOFTMAXES = {
    "method": lambda L, x: x.softmax(0, dtype=L.float64),
    "method, positional": lambda L, x: x.softmax(0, L.float64),
    "log_softmax": lambda L, x: x.log_softmax(0, dtype=L.float64),
    "F.softmax": lambda L, x: L.nn.functional.softmax(x, 0, dtype=L.float64),
    "F.log_softmax to float16": lambda L, x: L.nn.functional.log_softmax(x, dim=0, dtype=L.float16),
    "int input": lambda L, x: L.softmax(L.tensor([1, 2]), 0, dtype=L.float32),
    "int log_softmax": lambda L, x: L.log_softmax(L.tensor([1, 2]), 0, dtype=L.float64),
    "int without dtype": lambda L, x: L.softmax(L.tensor([1, 2]), 0),
    "to an int dtype": lambda L, x: L.softmax(x, 0, dtype=L.int64),
}


def _softmax(L, f):
    x = L.tensor([1.0, 2.0, 3.0], requires_grad=True)
    r = f(L, x)
    nexts = [type(n[0]).__name__ for n in r.grad_fn.next_functions] if r.grad_fn else None
    return r, nexts


for _name, _f in SOFTMAXES.items():
    CASES[f"softmax_dtype[{_name}]"] = lambda L, _f=_f: attempt(lambda: _softmax(L, _f), significant=4)


# ----------------------------------------------------------------------------- 6: bce with logits
def _bce(L, dtypes, weight=(None, None), pos_weight=(None, None), reduction="mean"):
    a = L.tensor([0.5, -1.0], dtype=getattr(L, dtypes[0]), requires_grad=True)
    b = L.tensor([1.0, 0.0], dtype=getattr(L, dtypes[1]))
    kw = {k: L.tensor(v).to(getattr(L, d)) for k, (v, d) in
          (("weight", weight), ("pos_weight", pos_weight)) if d is not None}
    r = L.nn.functional.binary_cross_entropy_with_logits(a, b, reduction=reduction, **kw)
    (g,) = L.autograd.grad(r.sum(), a)
    return r, g


BCES = {
    "int weight": lambda L: _bce(L, ("float32", "float32"), weight=([1, 2], "int64")),
    "bool weight, none": lambda L: _bce(L, ("float32", "float32"), ([True, False], "bool"), reduction="none"),
    "double pos_weight": lambda L: _bce(L, ("float32", "float32"), pos_weight=([2, 3], "float64")),
    "double input, float target": lambda L: _bce(L, ("float64", "float32"), ([1, 2], "int64")),
    "float input, double target": lambda L: _bce(L, ("float32", "float64"), reduction="sum"),
    "torch.* default: none": lambda L: L.binary_cross_entropy_with_logits(L.tensor([0.5, -1.0]), L.tensor([1.0, 0.0])),
    "torch.* reduction=1": lambda L: L.binary_cross_entropy_with_logits(L.tensor([0.5, -1.0]), L.tensor([1.0, 0.0]), reduction=1),
}
for _name, _f in BCES.items():
    CASES[f"bce_with_logits[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L), significant=4)


# ----------------------------------------------------------------------------- 7: broadcast errors
MISMATCHED = {  # torch's message, not numpy's ValueError (the engine adds the op and the shapes)
    "copysign": lambda L: L.copysign(L.ones(3), L.ones(2)),
    "copysign_": lambda L: L.ones(3).copysign_(L.ones(2)),
    "heaviside": lambda L: L.heaviside(L.ones(3), L.ones(2)),
    "atan2 2-d": lambda L: L.atan2(L.ones(2, 3), L.ones(2)),
}
for _name, _f in MISMATCHED.items():
    CASES[f"mismatch[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L), key_phrase=88)


# ----------------------------------------------------------------------------- 8: dim checks
DIM_CHECKS = {
    "permute of a 1-d out of range": lambda L: L.tensor([1, 2, 3]).permute(3),
    "permute negative out of range": lambda L: L.tensor([1.0, 2.0]).permute(-2),
    "permute 2-d out of range": lambda L: L.ones(2, 3).permute(0, 2),
    "permute too few": lambda L: L.ones(2, 3).permute(0),
    "permute of a 0-d": lambda L: L.tensor(1.0).permute(0),
    "permute repeated": lambda L: L.ones(2, 3).permute(1, -1),
    "movedim of a 0-d": lambda L: L.movedim(L.tensor(1.0), 0, 2),
    "movedim of a 0-d, -1": lambda L: L.movedim(L.tensor(1.0), -1, 0),
    "movedim out of range": lambda L: L.ones(2, 3).movedim(0, -3),
    "squeeze 0-d repeated": lambda L: L.squeeze(L.tensor(1.0), (0, -1)),
    "squeeze repeated": lambda L: L.ones(2, 1).squeeze((1, 1)),
    "squeeze 0-d": lambda L: L.tensor(1.0).squeeze((0,)),
    "nansum 0-d repeated": lambda L: L.nansum(L.tensor(1.0), (0, -1)),
    "nansum repeated": lambda L: L.ones(2, 3).nansum((1, -1)),
    "nansum 0-d": lambda L: L.tensor(1.0).nansum((0,)),
}
for _name, _f in DIM_CHECKS.items():
    CASES[f"dims[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


# ----------------------------------------------------------------------------- 9: empty tensors
def _with_grad(L, f, shape):
    a = L.zeros(*shape, dtype=L.float64, requires_grad=True)
    r = f(L, a)
    (r[0] if isinstance(r, tuple) else r).sum().backward()
    return r, a.grad


EMPTY = {
    "aminmax over a full dim": lambda L: _with_grad(L, lambda L, a: a.aminmax(dim=0), (2, 0)),
    "aminmax over the empty dim": lambda L: L.zeros(2, 0).aminmax(dim=1),
    "aminmax of all": lambda L: L.zeros(0).aminmax(),
    "cummin": lambda L: _with_grad(L, lambda L, a: L.cummin(a, 0), (0,)),
    "cummax along the empty dim": lambda L: _with_grad(L, lambda L, a: L.cummax(a, 1), (2, 0)),
    "logcumsumexp": lambda L: _with_grad(L, lambda L, a: L.logcumsumexp(a, 0), (0,)),
    "logcumsumexp along a full dim": lambda L: L.logcumsumexp(L.zeros(0, 3), 1),
}
for _fn in ("huber_loss", "smooth_l1_loss", "mse_loss"):
    for _red in ("mean", "sum", "none"):
        EMPTY[f"{_fn} {_red}"] = lambda L, _fn=_fn, _red=_red: _with_grad(
            L, lambda L, a: getattr(L.nn.functional, _fn)(a, L.zeros(0, dtype=L.float64), reduction=_red), (0,))
for _name, _f in EMPTY.items():
    CASES[f"empty[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


# ----------------------------------------------------------------------------- 10: keyword forms
def _grad_of(L, f):
    x = L.tensor([[3.0, -4.0]], requires_grad=True)
    y = f(L, x * 1)
    y.sum().backward()
    return y, x.grad


KEYWORDS = {
    "unsqueeze_(dim=)": lambda L: _grad_of(L, lambda L, a: a.unsqueeze_(dim=0)),
    "squeeze_(dim=)": lambda L: _grad_of(L, lambda L, a: a.squeeze_(dim=0)),
    "transpose_(dim0=, dim1=)": lambda L: _grad_of(L, lambda L, a: a.transpose_(dim1=0, dim0=1)),
    "view(dtype=)": lambda L: L.ones(2).view(dtype=L.int64),
    "view(size=)": lambda L: L.ones(2, 3).view(size=(3, 2)),
    "tile(2)": lambda L: L.tensor([1, 2]).tile(2),
    "tile(2, 2)": lambda L: L.tensor([1, 2]).tile(2, 2),
    "tile(dims=)": lambda L: L.tile(L.tensor([1, 2]), dims=(2, 1)),
    "div_(rounding_mode=trunc)": lambda L: L.tensor([5.0, -7.0]).div_(2, rounding_mode="trunc"),
    "div(rounding_mode=floor)": lambda L: _grad_of(L, lambda L, a: a.div(2, rounding_mode="floor")),
    "norm(dtype=)": lambda L: _grad_of(L, lambda L, a: a.norm(dtype=L.float64)),
    "torch.norm(p=1, dim=0, dtype=)": lambda L: _grad_of(L, lambda L, a: L.norm(a, p=1, dim=0, dtype=L.float64)),
}
for _name, _f in KEYWORDS.items():
    CASES[f"keywords[{_name}]"] = lambda L, _f=_f: attempt(lambda: _f(L))


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    matches_torch(CASES, name)
