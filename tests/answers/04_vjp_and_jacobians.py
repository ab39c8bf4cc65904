"""Wrong answers for 04_vjp_and_jacobians: each must be caught by a visible case that names it."""

_SUM_TO_HEAD = '''def sum_to(g, shape):
    shape = tuple(shape)
    lead = g.ndim - len(shape)
    if lead < 0:
        raise ValueError("target has more dimensions than g")
'''

WRONG = {
    "sum_to": [
        ("size-1 dimensions summed without keepdim", "keepdim=True), so that", _SUM_TO_HEAD + '''    for _ in range(lead):
        g = g.sum(0)
    for i, n in reversed(list(enumerate(shape))):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i)
    return g
'''),
        ("sums trailing instead of leading dimensions", "LEADING dimensions", _SUM_TO_HEAD + '''    for _ in range(lead):
        g = g.sum(-1)
    for i, n in enumerate(shape):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i, keepdim=True)
    return g
'''),
        ("sums leading dimension i after earlier ones are gone (index shift)", "LEADING dimensions", _SUM_TO_HEAD + '''    for i in range(lead):
        g = g.sum(i)
    for i, n in enumerate(shape):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i, keepdim=True)
    return g
'''),
        ("computes with numpy: not differentiable", "no numpy", '''import numpy as np

def sum_to(g, shape):
    shape = tuple(shape)
    lead = g.ndim - len(shape)
    if lead < 0:
        raise ValueError("target has more dimensions than g")
    a = g.detach().numpy()
    a = a.sum(axis=tuple(range(lead)))
    a = a.sum(axis=tuple(i for i, n in enumerate(shape) if n == 1), keepdims=True)
    return torch.tensor(a.reshape(shape), dtype=g.dtype)
'''),
        ("no ValueError for a target with more dimensions", "raise ValueError", '''def sum_to(g, shape):
    shape = tuple(shape)
    lead = g.ndim - len(shape)
    for _ in range(lead):
        g = g.sum(0)
    for i, n in enumerate(shape):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i, keepdim=True)
    return g
'''),
        ("uses Tensor.sum_to_size", "sum_to_size", _SUM_TO_HEAD + '''    return g.sum_to_size(shape)
'''),
    ],
}

_RULES_OK = {
    "mul": '''def vjp_mul(g, ans, a, b):
    return g * b, g * a
''',
    "div": '''def vjp_div(g, ans, a, b):
    return g / b, -g * ans / b
''',
    "tanh": '''def vjp_tanh(g, ans, x):
    return (g * (1 - ans * ans),)
''',
    "matmul": '''def vjp_matmul(g, ans, A, B):
    return g @ B.T, A.T @ g
''',
    "softmax": '''def vjp_softmax(g, ans, x):
    return (ans * (g - (g * ans).sum(-1, keepdim=True)),)
''',
}


def _rules(**wrong):
    return "\n\n".join(wrong.get(k, v) for k, v in _RULES_OK.items())


WRONG["vjp_rules"] = [
    ("vjp_mul: gradients swapped (g * a for a)", "the gradient for a is g * b", _rules(mul='''def vjp_mul(g, ans, a, b):
    return g * a, g * b
''')),
    ("vjp_div: -a/b instead of -a/b**2 for b", "-ans/b", _rules(div='''def vjp_div(g, ans, a, b):
    return g / b, -g * a / b
''')),
    ("vjp_tanh: a bare tensor instead of a 1-tuple", "trailing comma", _rules(tanh='''def vjp_tanh(g, ans, x):
    return g * (1 - ans * ans)
''')),
    ("vjp_tanh: 1 - x**2 instead of 1 - ans**2", "1 - ans**2", _rules(tanh='''def vjp_tanh(g, ans, x):
    return (g * (1 - x * x),)
''')),
    ("vjp_matmul: gradients swapped", "grad_a = g @ b.t", _rules(matmul='''def vjp_matmul(g, ans, A, B):
    return A.T @ g, g @ B.T
''')),
    ("vjp_matmul: no transpose (g @ B)", "is one transposed", _rules(matmul='''def vjp_matmul(g, ans, A, B):
    return g @ B, A @ g
''')),
    ("vjp_softmax: the sum without keepdim", "keepdim=True", _rules(softmax='''def vjp_softmax(g, ans, x):
    return (ans * (g - (g * ans).sum(-1)),)
''')),
    ("vjp_softmax: the factor s_j forgotten", "s_j (g_j - sum_i g_i s_i)", _rules(softmax='''def vjp_softmax(g, ans, x):
    return (g - (g * ans).sum(-1, keepdim=True),)
''')),
    ("vjp_mul with autograd.grad inside the rule", "autograd.grad", _rules(mul='''def vjp_mul(g, ans, a, b):
    a, b = a.detach().requires_grad_(True), b.detach().requires_grad_(True)
    with torch.enable_grad():
        return torch.autograd.grad(a * b, (a, b), g)
''')),
]

_JAC_HEAD = '''def jacobian_from_vjps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    if not y.requires_grad:
        return torch.zeros(tuple(y.shape) + tuple(x.shape), dtype=x.dtype)
'''

WRONG["jacobian_from_vjps"] = [
    ("no final reshape to f(x).shape + x.shape", "missing reshape", _JAC_HEAD + '''    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape), retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows).detach()
'''),
    ("no retain_graph=True between the VJPs", "retain_graph=True", _JAC_HEAD + '''    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape))[0] for i in range(y.numel())]
    return torch.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''),
    ("no zeros for an f that ignores x", "requires_grad is false", '''def jacobian_from_vjps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape), retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''),
    ("makes the caller's x require grad (no fresh copy)", "fresh leaf copy", '''def jacobian_from_vjps(f, x):
    x.requires_grad_(True)
    y = f(x)
    if not y.requires_grad:
        return torch.zeros(tuple(y.shape) + tuple(x.shape), dtype=x.dtype)
    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape), retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''),
    ("stacks the VJPs as columns (the transpose)", "stack the rows along dim 0", _JAC_HEAD + '''    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape), retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows, dim=-1).reshape(tuple(x.shape) + tuple(y.shape)).detach()
'''),
    ("uses autograd.functional.jacobian", "autograd.functional", '''def jacobian_from_vjps(f, x):
    return torch.autograd.functional.jacobian(f, x.detach()).detach()
'''),
]

_JVP_OK = '''def jvp_double_vjp(f, x, u):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    w = torch.zeros_like(y, requires_grad=True)
    (h,) = torch.autograd.grad(y, x, w, create_graph=True)
    (ju,) = torch.autograd.grad(h, w, u, allow_unused=True)
    if ju is None:
        ju = torch.zeros_like(y)
    return y.detach(), ju.detach()
'''

WRONG["jvp_double_vjp"] = [
    ("first VJP without create_graph=True", "create_graph=true", _JVP_OK.replace(", create_graph=True)", ")")),
    ("dummy w does not require grad", "must require grad", _JVP_OK.replace("torch.zeros_like(y, requires_grad=True)",
                                                                         "torch.zeros_like(y)")),
    ("computes the VJP u^T J instead of J u", "a vjp", '''def jvp_double_vjp(f, x, u):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    (ju,) = torch.autograd.grad(y, x, u)
    return y.detach(), ju.detach()
'''),
    ("returns f(x) still attached to the graph", "y.detach(), ju.detach()", _JVP_OK.replace(
        "return y.detach(), ju.detach()", "return y, ju.detach()")),
    ("returns the pair in the wrong order", "in this order", _JVP_OK.replace("return y.detach(), ju.detach()",
                                                                          "return ju.detach(), y.detach()")),
    ("makes the caller's x require grad (no fresh copy)", "fresh leaf copy", _JVP_OK.replace(
        "    x = x.detach().clone()\n    x.requires_grad = True\n", "    x.requires_grad_(True)\n")),
]
