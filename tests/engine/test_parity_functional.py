"""torch.autograd.functional (vjp, jvp, jacobian, hessian, vhp, hvp), one differential table: each
case runs the same code on torch and on the engine and the observations must be equal.

A grid crosses each function with strict, create_graph, vectorize and strategy over functions that
ignore an input, return outputs that do not require grad, take or return tuples, have a constant
jacobian or hessian, or return several elements where one is required; explicit cases follow for the
argument checks (v's type, length and shape, lists, non-tensors, strategies) and for the results'
structure (tuples against lists, dtypes, requires_grad, the caller's tensors untouched).
"""


import numpy as np
import pytest

from parity_helpers import observe, registry, matches_torch

CASES, case = registry()


def obs(r, names=True):
    """What a user sees of a result: tensors as `observe` (values, dtype, requires_grad, grad_fn),
    and whether each container is a tuple or a list. Without `names`, only whether a tensor has a
    grad_fn: torch's forward mode names vmap's internals (ReshapeAliasBackward0), and the nodes of
    jvp's double backward are the ops' rules (their names are the op tables' business)."""
    if isinstance(r, (tuple, list)):
        return [type(r).__name__] + [obs(x, names) for x in r]
    o = observe(r)
    if not names and isinstance(o, dict):
        o["grad_fn"] = o["grad_fn"] is not None
    return o


def run(fn, names=True):
    """fn()'s observation, or the error's class and first line."""
    try:
        return obs(fn(), names)
    except Exception as e:  # noqa: BLE001 - the error itself is what is compared
        return ("raises", type(e).__name__, str(e).split("\n")[0])


def _x(L, rg=False):
    return L.tensor([0.5, -1.0, 2.0], dtype=L.float64, requires_grad=rg)


def _y(L):
    return L.tensor([1.5, 0.25, -2.0], dtype=L.float64)


def _like(L, t):
    """A fixed, non-uniform vector of t's shape and dtype."""
    n = max(t.numel(), 1)
    return L.tensor((np.arange(n) * 0.5 - 1.0)[: t.numel()].reshape(tuple(t.shape)), dtype=t.dtype)


# ------------------------------------------------------------------- the grid: vjp, jvp, jacobian
# name -> (make(L) -> (func, inputs)); the inputs are a tensor or a tuple, as the caller gives them
def _captured(L):
    w = L.tensor([1.0, -2.0], dtype=L.float64, requires_grad=True)
    return lambda a: (a * 2, w * 3), _x(L)


GENERAL = {
    "cube": lambda L: (lambda a: a**3, _x(L)),
    "cube_tuple_in": lambda L: (lambda a: a**3, (_x(L),)),
    "cube_tuple_out": lambda L: (lambda a: (a**3,), _x(L)),
    "cube_rg_input": lambda L: (lambda a: a**3, _x(L, True)),
    "two_inputs": lambda L: (lambda a, b: a * b.sin(), (_x(L), _y(L))),
    "two_outputs": lambda L: (lambda a: (a.exp(), (a * a).sum()), _x(L)),
    "two_by_two": lambda L: (lambda a, b: (a * b, (b**2).sum()), (_x(L, True), _y(L))),
    "unused_input": lambda L: (lambda a, b: a * 2, (_x(L), _y(L))),
    "output_needs_no_grad": lambda L: (lambda a: a.detach() * 2, _x(L)),
    "one_output_needs_no_grad": lambda L: (lambda a: (a * a, a.detach()), _x(L)),
    "constant_jacobian": lambda L: (lambda a: a * 3, _x(L)),
    "detached_factor": lambda L: (lambda a: a.detach() * a, _x(L)),
    "captured_leaf_output": _captured,
    "matrix_input": lambda L: (lambda m: (m * m).sum(0), _x(L).reshape(3, 1) * _y(L)),
    "scalar_output": lambda L: (lambda a: (a * a.sin()).sum(), _x(L)),
}


def _vjp(L, make, strict, cg):
    f, inputs = make(L)
    outs = f(*(inputs if isinstance(inputs, tuple) else (inputs,)))
    v = tuple(_like(L, o) for o in outs) if isinstance(outs, tuple) else _like(L, outs)
    return L.autograd.functional.vjp(f, inputs, v, create_graph=cg, strict=strict)


def _jvp(L, make, strict, cg):
    f, inputs = make(L)
    v = tuple(_like(L, t) for t in inputs) if isinstance(inputs, tuple) else _like(L, inputs)
    return L.autograd.functional.jvp(f, inputs, v, create_graph=cg, strict=strict)


def _jacobian(L, make, strict, cg, vec, strategy):
    f, inputs = make(L)
    return L.autograd.functional.jacobian(f, inputs, cg, strict, vec, strategy)


FLAGS = [(s, c) for s in (False, True) for c in (False, True)]
for _n, _m in GENERAL.items():
    for _s, _c in FLAGS:
        _tag = f"strict={_s},create_graph={_c}"
        CASES[f"vjp[{_n},{_tag}]"] = lambda L, m=_m, s=_s, c=_c: run(lambda: _vjp(L, m, s, c))
        CASES[f"jvp[{_n},{_tag}]"] = lambda L, m=_m, s=_s, c=_c: run(
            lambda: _jvp(L, m, s, c), names=False)
        for _v in (False, True):
            for _st in ("reverse-mode", "forward-mode"):
                CASES[f"jacobian[{_n},{_tag},vectorize={_v},{_st}]"] = (
                    lambda L, m=_m, s=_s, c=_c, v=_v, st=_st: run(
                        lambda: _jacobian(L, m, s, c, v, st), names=st == "reverse-mode"))


# ------------------------------------------------------------ the grid: hessian, vhp, hvp
SCALAR = {
    "cube_sum": lambda L: (lambda a: (a**3).sum(), _x(L)),
    "cube_sum_rg_input": lambda L: (lambda a: (a**3).sum(), _x(L, True)),
    "cube_sum_tuple_in": lambda L: (lambda a: (a**3).sum(), (_x(L),)),
    "quadratic": lambda L: (lambda a: (a * a).sum(), _x(L)),
    "linear": lambda L: (lambda a: a.sum() * 2, _x(L)),
    "product": lambda L: (lambda a, b: (a * a * b).sum(), (_x(L), _y(L))),
    "separable": lambda L: (lambda a, b: (a**3).sum() + (b**3).sum(), (_x(L), _y(L))),
    "unused_input": lambda L: (lambda a, b: (a**3).sum(), (_x(L), _y(L))),
    "output_needs_no_grad": lambda L: (lambda a: (a.detach() ** 2).sum(), _x(L)),
    "one_element_not_0d": lambda L: (lambda a: (a**3).sum().reshape(1, 1), _x(L)),
    "several_elements": lambda L: (lambda a: a**3, _x(L)),
    "tuple_output": lambda L: (lambda a: ((a**3).sum(),), _x(L)),
    "square_of_sum": lambda L: (lambda a: a.sum() * a.sum(), _x(L)),
}


def _hessian(L, make, strict, cg, vec, strategy):
    f, inputs = make(L)
    return L.autograd.functional.hessian(f, inputs, cg, strict, vec, strategy)


def _hv(L, api, make, strict, cg):
    f, inputs = make(L)
    v = tuple(_like(L, t) for t in inputs) if isinstance(inputs, tuple) else _like(L, inputs)
    return getattr(L.autograd.functional, api)(f, inputs, v, create_graph=cg, strict=strict)


for _n, _m in SCALAR.items():
    for _s, _c in FLAGS:
        _tag = f"strict={_s},create_graph={_c}"
        for _api in ("vhp", "hvp"):
            CASES[f"{_api}[{_n},{_tag}]"] = lambda L, a=_api, m=_m, s=_s, c=_c: run(
                lambda: _hv(L, a, m, s, c))
        for _v in (False, True):
            for _st in ("reverse-mode", "forward-mode"):
                CASES[f"hessian[{_n},{_tag},vectorize={_v},{_st}]"] = (
                    lambda L, m=_m, s=_s, c=_c, v=_v, st=_st: run(
                        lambda: _hessian(L, m, s, c, v, st), names=st == "reverse-mode"))


# ------------------------------------------------------------------------- argument checks
def _F(L):
    return L.autograd.functional


def _cube(a):
    return a**3


def _cube_sum(a):
    return (a**3).sum()


CHECKS = {
    "vjp inputs as a list": lambda L: _F(L).vjp(_cube, [_x(L)], _x(L)),
    "vjp input not a tensor": lambda L: _F(L).vjp(_cube, 3.0, _x(L)),
    "vjp tuple input with an int": lambda L: _F(L).vjp(lambda a, b: a, (_x(L), 2), _x(L)),
    "vjp output a list": lambda L: _F(L).vjp(lambda a: [a], _x(L), _x(L)),
    "vjp output None in a tuple": lambda L: _F(L).vjp(lambda a: (a, None), _x(L), _x(L)),
    "vjp v a list": lambda L: _F(L).vjp(_cube, _x(L), [_x(L)]),
    "vjp v a number": lambda L: _F(L).vjp(_cube, _x(L), 1.0),
    "vjp v of the wrong shape": lambda L: _F(L).vjp(_cube, _x(L), L.ones(2, dtype=L.float64)),
    "vjp v a tuple for one output": lambda L: _F(L).vjp(_cube, _x(L), (_x(L), _x(L))),
    "vjp v a 1-tuple for one output": lambda L: _F(L).vjp(_cube, _x(L), (_x(L),)),
    "vjp v tuple too short": lambda L: _F(L).vjp(lambda a: (a, a * 2), _x(L), (_x(L),)),
    "vjp v entry of the wrong shape": lambda L: _F(L).vjp(
        lambda a: (a, a.sum()), _x(L), (_x(L), _x(L))),
    "vjp v None, several elements": lambda L: _F(L).vjp(_cube, _x(L)),
    "vjp v None, one element": lambda L: _F(L).vjp(_cube_sum, _x(L)),
    "vjp v None, one element not 0-d": lambda L: _F(L).vjp(lambda a: a[:1] ** 3, _x(L)),
    "vjp v None, two outputs": lambda L: _F(L).vjp(lambda a: (a.sum(), a.sum()), _x(L)),
    "vjp v float32 for float64": lambda L: _F(L).vjp(_cube, _x(L), L.ones(3)),
    "vjp integer input": lambda L: _F(L).vjp(lambda a: a * 2, L.tensor([1, 2]), L.tensor([1, 2])),
    "vjp strict, output needs no grad, bad v": lambda L: _F(L).vjp(
        lambda a: a.detach(), _x(L), L.ones(2), strict=True),
    "jvp v None, several elements": lambda L: _F(L).jvp(_cube, _x(L)),
    "jvp v None, one element": lambda L: _F(L).jvp(lambda a: a * a.exp(), _x(L)[:1]),
    "jvp v None, 0-d": lambda L: _F(L).jvp(lambda a: (a * 2, a.exp()), L.tensor(0.5)),
    "jvp v of the output's shape": lambda L: _F(L).jvp(lambda a: a.sum(), _x(L), L.tensor(1.0)),
    "jvp v tuple too long": lambda L: _F(L).jvp(lambda a, b: a * b, (_x(L), _y(L)), (_x(L),) * 3),
    "jvp v tuple for one input": lambda L: _F(L).jvp(_cube, _x(L), (_x(L), _y(L))),
    "jvp v entry of the wrong shape": lambda L: _F(L).jvp(
        lambda a, b: a * b, (_x(L), _y(L)), (_x(L), L.ones(2))),
    "jvp integer output": lambda L: _F(L).jvp(lambda a: (a * 2, a.argmax()), _x(L), _x(L)),
    "jvp strict, floor's gradient": lambda L: _F(L).jvp(lambda a: a.floor(), _x(L), _x(L),
                                                      strict=True),
    "jvp floor's gradient": lambda L: _F(L).jvp(lambda a: a.floor() * a, _x(L), _x(L)),
    "jacobian inputs as a list": lambda L: _F(L).jacobian(_cube, [_x(L)]),
    "jacobian output an int": lambda L: _F(L).jacobian(lambda a: 3, _x(L)),
    "jacobian bad strategy": lambda L: _F(L).jacobian(_cube, _x(L), strategy="forward"),
    "jacobian bad strategy, bad input": lambda L: _F(L).jacobian(_cube, 3, strategy="x"),
    "jacobian forward without vectorize, bad input": lambda L: _F(L).jacobian(
        _cube, 3, strategy="forward-mode"),
    "jacobian forward strict, bad input": lambda L: _F(L).jacobian(
        _cube, 3, strict=True, strategy="forward-mode"),
    "jacobian forward create_graph and strict": lambda L: _F(L).jacobian(
        _cube, _x(L), True, True, True, "forward-mode"),
    "jacobian forward, output a list": lambda L: _F(L).jacobian(
        lambda a: [a], _x(L), vectorize=True, strategy="forward-mode"),
    "jacobian forward, tuple output with an int": lambda L: _F(L).jacobian(
        lambda a: (a, 1), _x(L), vectorize=True, strategy="forward-mode"),
    "jacobian forward, integer input": lambda L: _F(L).jacobian(
        lambda a: a * 2, L.tensor([1, 2]), vectorize=True, strategy="forward-mode"),
    "jacobian integer input": lambda L: _F(L).jacobian(lambda a: a * 2, L.tensor([1, 2])),
    "jacobian strict vectorize, output needs no grad": lambda L: _F(L).jacobian(
        lambda a: a.detach(), _x(L), strict=True, vectorize=True),
    "jacobian of an empty output": lambda L: _F(L).jacobian(lambda a: a[:0], _x(L)),
    "jacobian of an empty input": lambda L: _F(L).jacobian(lambda a: a * 2, L.ones(0)),
    "jacobian float32 input, float64 output": lambda L: _F(L).jacobian(
        lambda a: a.double() ** 2, _x(L).float()),
    "jacobian float32 input, float64 output, vectorize": lambda L: _F(L).jacobian(
        lambda a: a.double() ** 2, _x(L).float(), vectorize=True),
    "jacobian float32 input, float64 output, forward": lambda L: _F(L).jacobian(
        lambda a: a.double() ** 2, _x(L).float(), vectorize=True, strategy="forward-mode"),
    "jacobian forward, constant float32 output": lambda L: _F(L).jacobian(
        lambda a: L.ones(2), _x(L, True), vectorize=True, strategy="forward-mode"),
    "jacobian forward, mixed dtypes, two by two": lambda L: _F(L).jacobian(
        lambda a, b: (a * b.double(), b.sin()), (_x(L), _y(L).float()), vectorize=True,
        strategy="forward-mode"),
    "hessian bad strategy": lambda L: _F(L).hessian(_cube_sum, _x(L), outer_jacobian_strategy="x"),
    "hessian bad strategy, bad input": lambda L: _F(L).hessian(
        _cube_sum, [_x(L)], outer_jacobian_strategy="x"),
    "hessian inputs as a list": lambda L: _F(L).hessian(_cube_sum, [_x(L)]),
    "hessian output a list": lambda L: _F(L).hessian(lambda a: [a.sum()], _x(L)),
    "hessian integer output": lambda L: _F(L).hessian(lambda a: a.argmax(), _x(L)),
    "hessian float32 and float64": lambda L: _F(L).hessian(
        lambda a, b: (a * a).sum() + (b.double() ** 3).sum(), (_x(L), _y(L).float())),
    "hessian float32 and float64, forward": lambda L: _F(L).hessian(
        lambda a, b: (a * a).sum() + (b.double() ** 3).sum(), (_x(L), _y(L).float()),
        vectorize=True, outer_jacobian_strategy="forward-mode"),
    "hessian 0-d input": lambda L: _F(L).hessian(lambda a: a**4, L.tensor(2.0, dtype=L.float64)),
    "vhp v None, several elements": lambda L: _F(L).vhp(_cube_sum, _x(L)),
    "vhp v None, one element": lambda L: _F(L).vhp(lambda a: (a**3).sum(), _x(L)[:1]),
    "hvp v None, tuple inputs": lambda L: _F(L).hvp(
        lambda a, b: (a * b).sum(), (_x(L)[:1], _y(L)[:1])),
    "vhp v of the wrong shape": lambda L: _F(L).vhp(_cube_sum, _x(L), L.ones(2)),
    "hvp v entry of the wrong shape": lambda L: _F(L).hvp(
        lambda a, b: (a * b).sum(), (_x(L), _y(L)), (_x(L), L.ones(2))),
    "hvp v tuple for one input": lambda L: _F(L).hvp(_cube_sum, _x(L), (_x(L), _x(L))),
    "vhp v a list": lambda L: _F(L).vhp(_cube_sum, _x(L), [_x(L)]),
    "hvp inputs as a list": lambda L: _F(L).hvp(_cube_sum, [_x(L)], _x(L)),
    "hvp output a list": lambda L: _F(L).hvp(lambda a: [a.sum()], _x(L), _x(L)),
    "vhp strict, output needs no grad, several elements": lambda L: _F(L).vhp(
        lambda a: a.detach(), _x(L), _x(L), strict=True),
    "hvp several elements before v's check": lambda L: _F(L).hvp(lambda a: a, _x(L), L.ones(3)),
}
for _n, _f in CHECKS.items():
    CASES[f"check[{_n}]"] = lambda L, f=_f, n=_n: run(lambda: f(L), names="forward" not in n)


# ------------------------------------------------------------------ results and the caller's tensors
@case
def caller_tensors_untouched(L):
    x = _x(L, True)
    outs = []
    for api in ("vjp", "jvp", "hvp", "vhp"):
        f = _cube_sum if api in ("hvp", "vhp") else _cube
        outs.append(obs(getattr(_F(L), api)(f, x, _x(L))))
    outs.append(obs(_F(L).jacobian(_cube, x)))
    outs.append(obs(_F(L).hessian(_cube_sum, x)))
    return {"results": outs, "grad": x.grad, "leaf": [x.is_leaf, x.grad_fn is None, x.requires_grad]}


@case
def create_graph_results_reach_the_caller(L):
    x = _x(L, True)
    out, g = _F(L).vjp(_cube, x, _y(L), create_graph=True)
    (g.sum() + out.sum()).backward()
    first = observe(x.grad)
    x.grad = None
    h = _F(L).hessian(_cube_sum, x, create_graph=True)
    h.sum().backward()
    return {"vjp": first, "hessian": observe(x.grad)}


@case
def results_detached_without_create_graph_even_for_rg_inputs(L):
    x = _x(L, True)
    out, g = _F(L).jvp(lambda a: a * x.detach() * 2, x, _y(L))
    return obs((out, g, _F(L).jacobian(lambda a: a * 2, x)))


@case
def grad_mode_off_outside(L):
    x = _x(L, True)
    with L.no_grad():
        r = [_F(L).vjp(_cube, x, _y(L)), _F(L).vjp(_cube, x, _y(L), create_graph=True),
             _F(L).jvp(_cube, x, _y(L), create_graph=True),
             _F(L).hvp(_cube_sum, x, _y(L), create_graph=True),
             _F(L).jacobian(_cube, x, create_graph=True),
             _F(L).jacobian(_cube, x, vectorize=True, strategy="forward-mode"),
             _F(L).hessian(_cube_sum, x, vectorize=True, outer_jacobian_strategy="forward-mode")]
    return obs(tuple(r), names=False)


@case
def forward_mode_with_an_input_requiring_grad(L):
    x = _x(L, True)
    j = _F(L).jacobian(lambda a: a * a, x, vectorize=True, strategy="forward-mode")
    k = _F(L).jacobian(lambda a: a * 2, x, vectorize=True, strategy="forward-mode")
    (j.sum() + k.sum()).backward()
    return {"j": observe(j.detach()), "rg": [j.requires_grad, k.requires_grad],
            "grad": observe(x.grad)}


@case
def function_sees_new_tensors(L):
    x = _x(L, True)
    seen = []

    def f(a):
        seen.append((a is x, a.requires_grad, a.is_leaf))
        return a * x

    _F(L).vjp(f, x, _y(L))
    _F(L).vjp(f, x, _y(L), create_graph=True)
    _F(L).jacobian(f, x)
    return seen


@case
def v_requiring_grad_under_create_graph(L):
    x, v = _x(L, True), _y(L).requires_grad_()
    r = [_F(L).vjp(_cube, x, v, create_graph=True), _F(L).jvp(_cube, x, v, create_graph=True),
         _F(L).hvp(_cube_sum, x, v, create_graph=True), _F(L).vhp(_cube_sum, x, v, create_graph=True)]
    sum(t[1].sum() for t in r).backward()
    return {"results": obs(tuple(r), names=False), "x": observe(x.grad), "v": observe(v.grad)}


@case
def non_leaf_inputs(L):
    x = _x(L, True) * 2
    j = _F(L).jacobian(lambda a: a * a, x, create_graph=True)
    h = _F(L).hessian(_cube_sum, x)
    return {"j": obs(j), "h": obs(h), "x": [x.requires_grad, x.is_leaf, x.grad_fn is not None]}


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    matches_torch(CASES, name)
