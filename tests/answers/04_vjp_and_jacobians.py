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


# ---- other correct answers: each must get full marks and pass every visible case ----------------

RIGHT = {
    "sum_to": [
        ("early return, one sum over a tuple of leading dims, then one keepdim sum over a tuple", '''
def sum_to(g, shape):
    shape = tuple(shape)
    if tuple(g.shape) == shape:
        return g
    if len(shape) > g.dim():
        raise ValueError("shape has more dimensions than g")
    lead = g.dim() - len(shape)
    if lead:
        g = g.sum(dim=tuple(range(lead)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and g.shape[i] != 1)
    if ones:
        g = g.sum(dim=ones, keepdim=True)
    return g
'''),
        ("a while loop for the leading dims, negative indices from the right for the size-1 dims", '''
def sum_to(g, shape):
    target = list(shape)
    if g.ndim < len(target):
        raise ValueError(f"cannot reduce {tuple(g.shape)} to {tuple(target)}")
    while g.ndim > len(target):
        g = g.sum(dim=0)
    for k in range(1, len(target) + 1):
        if target[-k] == 1:
            g = g.sum(dim=-k, keepdim=True)
    return g
'''),
        ("sums every size-1 target dim with keepdim (harmless when g has size 1 there too), helper function", '''
def _sum_leading(g, n):
    for _ in range(n):
        g = g.sum(0)
    return g

def sum_to(g, shape):
    shape = tuple(int(n) for n in shape)
    extra = len(g.shape) - len(shape)
    if extra < 0:
        raise ValueError("target shape has more dimensions than the gradient")
    out = _sum_leading(g, extra)
    for dim, size in enumerate(shape):
        if size == 1:
            out = out.sum(dim, keepdim=True)
    return out
'''),
        ("one keepdim sum over the leading and the size-1 dims together, then reshape", '''
def sum_to(g, shape):
    shape = tuple(shape)
    lead = g.ndim - len(shape)
    if lead < 0:
        raise ValueError("cannot sum to a shape with more dimensions")
    if tuple(g.shape) == shape:
        return g
    dims = list(range(lead)) + [lead + i for i, n in enumerate(shape) if n == 1]
    return g.sum(dim=tuple(dims), keepdim=True).reshape(shape)
'''),
    ],
    "vjp_rules": [
        ("operands reordered, -a/b**2 for div, 1 - ans**2 via pow, .t() and torch.matmul", '''
def vjp_mul(g, ans, a, b):
    return (b * g, a * g)

def vjp_div(g, ans, a, b):
    return g / b, -g * a / (b * b)

def vjp_tanh(g, ans, x):
    return ((1 - ans.pow(2)) * g,)

def vjp_matmul(g, ans, A, B):
    return torch.matmul(g, B.t()), torch.matmul(A.t(), g)

def vjp_softmax(g, ans, x):
    return (ans * g - ans * (ans * g).sum(dim=-1, keepdim=True),)
'''),
        ("reciprocal and ans reused for div, g - g*ans*ans, transpose(0, 1) and .mm, unsqueeze for softmax", '''
def vjp_mul(g, ans, a, b):
    grad_a = g * b
    grad_b = g * a
    return grad_a, grad_b

def vjp_div(g, ans, a, b):
    inv_b = b.reciprocal()
    ga = g * inv_b
    return ga, -ga * ans

def vjp_tanh(g, ans, x):
    return (g - g * ans * ans,)

def vjp_matmul(g, ans, A, B):
    return g.mm(B.transpose(0, 1)), A.transpose(0, 1).mm(g)

def vjp_softmax(g, ans, x):
    dot = (g * ans).sum(-1).unsqueeze(-1)
    return ((g - dot) * ans,)
'''),
        ("softmax recomputed from x with torch.softmax, tanh' as 1 - tanh(x)**2 written with ans, mT", '''
def vjp_mul(g, ans, a, b):
    return tuple([g * b, g * a])

def vjp_div(g, ans, a, b):
    return g / b, -(g / b) * (a / b)

def vjp_tanh(g, ans, x):
    d = 1.0 - ans * ans
    return (d * g,)

def vjp_matmul(g, ans, A, B):
    return g @ B.mT, A.mT @ g

def vjp_softmax(g, ans, x):
    s = torch.softmax(x, dim=-1)
    inner = (g * s).sum(dim=-1, keepdim=True)
    return (s * (g - inner),)
'''),
    ],
    "jacobian_from_vjps": [
        ("requires_grad_ on a clone, one-hot built per row, rows written into a preallocated J", '''
def jacobian_from_vjps(f, x):
    x = x.clone().detach().requires_grad_(True)
    y = f(x)
    out_shape, in_shape = tuple(y.shape), tuple(x.shape)
    if not y.requires_grad:
        return torch.zeros(out_shape + in_shape, dtype=x.dtype)
    m = y.numel()
    J = torch.zeros(m, *in_shape, dtype=x.dtype)
    for i in range(m):
        e = torch.zeros(m, dtype=y.dtype)
        e[i] = 1.0
        (row,) = torch.autograd.grad(y, x, e.reshape(out_shape), retain_graph=True)
        J[i] = row
    return J.reshape(out_shape + in_shape)
'''),
        ("grad_fn test instead of requires_grad, list inputs to autograd.grad, list comprehension of rows", '''
def jacobian_from_vjps(f, x):
    leaf = x.detach().clone()
    leaf.requires_grad_()
    out = f(leaf)
    if out.grad_fn is None and not out.requires_grad:
        return torch.zeros(*out.shape, *leaf.shape, dtype=leaf.dtype)
    eye = torch.eye(out.numel(), dtype=out.dtype)
    rows = [torch.autograd.grad([out], [leaf], grad_outputs=[eye[i].reshape(out.shape)], retain_graph=True)[0]
            for i in range(out.numel())]
    J = torch.stack(rows, dim=0)
    return J.reshape(*out.shape, *leaf.shape).detach()
'''),
        ("a helper for one row, retain_graph only where a later pass needs it", '''
def _vjp_row(y, x, i, keep):
    v = torch.eye(y.numel(), dtype=y.dtype)[i].reshape(y.shape)
    return torch.autograd.grad(y, x, v, retain_graph=keep)[0]

def jacobian_from_vjps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    shape = tuple(y.shape) + tuple(x.shape)
    if not y.requires_grad:
        return torch.zeros(shape, dtype=x.dtype)
    m = y.numel()
    rows = [_vjp_row(y, x, i, keep=i < m - 1) for i in range(m)]
    return torch.stack(rows).reshape(shape)
'''),
        ("the output flattened first: one-hot rows of y.reshape(-1), a list of rows", '''
def jacobian_from_vjps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    if not y.requires_grad:
        return torch.zeros(tuple(y.shape) + tuple(x.shape), dtype=x.dtype)
    flat = y.reshape(-1)
    rows = []
    for i in range(flat.shape[0]):
        onehot = torch.zeros_like(flat)
        onehot[i] = 1.0
        rows.append(torch.autograd.grad(flat, x, onehot, retain_graph=True)[0])
    return torch.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''),
    ],
    "jvp_double_vjp": [
        ("dummy of ones, keyword arguments, requires_grad_ on a clone", '''
def jvp_double_vjp(f, x, u):
    x = x.clone().detach().requires_grad_(True)
    y = f(x)
    w = torch.ones_like(y).requires_grad_(True)
    h = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=w, create_graph=True)[0]
    jv = torch.autograd.grad(outputs=h, inputs=w, grad_outputs=u, allow_unused=True)[0]
    if jv is None:
        jv = torch.zeros(y.shape, dtype=y.dtype)
    return y.detach(), jv.detach()
'''),
        ("dummy from torch.zeros(y.shape, requires_grad=True), list arguments, zeros_like fallback inline", '''
def jvp_double_vjp(f, x, u):
    xx = x.detach().clone()
    xx.requires_grad_()
    out = f(xx)
    dummy = torch.zeros(tuple(out.shape), dtype=out.dtype, requires_grad=True)
    (vjp,) = torch.autograd.grad([out], [xx], [dummy], create_graph=True)
    (res,) = torch.autograd.grad([vjp], [dummy], [u], allow_unused=True)
    res = torch.zeros_like(out) if res is None else res
    return (out.detach(), res.detach())
'''),
        ("a helper for the VJP step, u cast to x's dtype", '''
def _vjp(y, x, v, **kw):
    return torch.autograd.grad(y, x, v, **kw)[0]

def jvp_double_vjp(f, x, u):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    w = torch.zeros_like(y, requires_grad=True)
    h = _vjp(y, x, w, create_graph=True)
    ju = _vjp(h, w, u.to(x.dtype), allow_unused=True)
    if ju is None:
        return y.detach(), torch.zeros_like(y.detach())
    return y.detach(), ju.detach()
'''),
        ("a random dummy w (its value does not matter), fresh leaf via detach().clone().requires_grad_()", '''
def jvp_double_vjp(f, x, u):
    x0 = x.detach().clone().requires_grad_()
    y = f(x0)
    w = torch.randn(tuple(y.shape), dtype=y.dtype).requires_grad_()
    (h,) = torch.autograd.grad(y, x0, w, create_graph=True)
    (ju,) = torch.autograd.grad(h, w, u, allow_unused=True)
    return y.detach(), (torch.zeros_like(y) if ju is None else ju).detach()
'''),
    ],
}
