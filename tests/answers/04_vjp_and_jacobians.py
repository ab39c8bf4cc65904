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


# ---- forward mode (sections 7-8) ----------------------------------------------------------------

def _sub(src, old, new):
    assert old in src, old
    return src.replace(old, new, 1)


_DUAL_OK = '''def lift(c):
    return c if isinstance(c, Dual) else Dual(c, 0.0)


class Dual:
    def __init__(self, val, dot):
        self.val, self.dot = val, dot

    def __getitem__(self, index):
        return Dual(self.val[index], self.dot[index])

    def sum(self):
        return Dual(self.val.sum(), self.dot.sum())

    def __radd__(self, c):
        return self + c

    def __rmul__(self, c):
        return self * c

    def __rsub__(self, c):
        return lift(c) - self

    def __rtruediv__(self, c):
        return lift(c) / self

    def __add__(self, other):
        other = lift(other)
        return Dual(self.val + other.val, self.dot + other.dot)

    def __sub__(self, other):
        other = lift(other)
        return Dual(self.val - other.val, self.dot - other.dot)

    def __neg__(self):
        return Dual(-self.val, -self.dot)

    def __mul__(self, other):
        other = lift(other)
        return Dual(self.val * other.val, self.dot * other.val + self.val * other.dot)

    def __truediv__(self, other):
        other = lift(other)
        return Dual(self.val / other.val, (self.dot * other.val - self.val * other.dot) / (other.val * other.val))

    def __pow__(self, p):
        return Dual(self.val ** p, p * self.val ** (p - 1) * self.dot)

    def sin(self):
        return Dual(self.val.sin(), self.val.cos() * self.dot)

    def cos(self):
        return Dual(self.val.cos(), -self.val.sin() * self.dot)

    def exp(self):
        e = self.val.exp()
        return Dual(e, e * self.dot)

    def log(self):
        return Dual(self.val.log(), self.dot / self.val)
'''

WRONG["dual"] = [
    ("product rule with one term only (a.dot * b.val)", "product rule",
     _sub(_DUAL_OK, "self.dot * other.val + self.val * other.dot", "self.dot * other.val")),
    ("product of the tangents (a.dot * b.dot)", "both terms",
     _sub(_DUAL_OK, "self.dot * other.val + self.val * other.dot", "self.dot * other.dot")),
    ("quotient rule with the sign of the numerator flipped", "quotient rule",
     _sub(_DUAL_OK, "(self.dot * other.val - self.val * other.dot)", "(self.val * other.dot - self.dot * other.val)")),
    ("quotient rule divided by b instead of b**2", "b.val**2",
     _sub(_DUAL_OK, "/ (other.val * other.val))", "/ other.val)")),
    ("power rule without the factor p", "power rule",
     _sub(_DUAL_OK, "p * self.val ** (p - 1) * self.dot", "self.val ** (p - 1) * self.dot")),
    ("cos' = +sin (the minus sign forgotten)", "note the minus",
     _sub(_DUAL_OK, "-self.val.sin() * self.dot", "self.val.sin() * self.dot")),
    ("sin's tangent without the incoming tangent (chain rule)", "chain rule",
     _sub(_DUAL_OK, "self.val.cos() * self.dot)", "self.val.cos())")),
    ("exp's tangent is the incoming tangent only", "exp(a.val) * a.dot", _sub(_DUAL_OK, "e * self.dot)", "self.dot)")),
    ("log's tangent is 1 / val (no dot)", "chain rule", _sub(_DUAL_OK, "self.dot / self.val)", "1.0 / self.val)")),
    ("a constant added to the tangent too (no lift)", "its own tangent is 0", _sub(
        _DUAL_OK, "    def __add__(self, other):\n        other = lift(other)\n        return Dual(self.val + other.val, self.dot + other.dot)",
        "    def __add__(self, other):\n        if not isinstance(other, Dual):\n            return Dual(self.val + other, self.dot + other)\n"
        "        return Dual(self.val + other.val, self.dot + other.dot)")),
    ("__sub__ computes other - self", "self on the left", _sub(
        _DUAL_OK, "Dual(self.val - other.val, self.dot - other.dot)", "Dual(other.val - self.val, other.dot - self.dot)")),
    ("__mul__ changes self in place and returns it", "never change self", _sub(
        _DUAL_OK, "        return Dual(self.val * other.val, self.dot * other.val + self.val * other.dot)",
        "        self.dot = self.dot * other.val + self.val * other.dot\n        self.val = self.val * other.val\n"
        "        return self")),
    ("__neg__ negates the value only", "negate both parts", _sub(_DUAL_OK, "Dual(-self.val, -self.dot)",
                                                                   "Dual(-self.val, self.dot)")),
]

_JVPF_OK = '''def jvp_forward(f, x, u):
    if tuple(u.shape) != tuple(x.shape):
        raise ValueError("u and x differ in shape")
    y = f(Dual(x, u))
    if not isinstance(y, Dual):
        return y, torch.zeros_like(y)
    return y.val, y.dot
'''

WRONG["jvp_forward"] = [
    ("hasattr(y, 'dot') to recognise a Dual: a tensor has a .dot method too", "isinstance(y, dual)", '''def jvp_forward(f, x, u):
    if u.shape != x.shape:
        raise ValueError(f"shape mismatch: {u.shape} vs {x.shape}")
    out = f(Dual(x, u))
    if hasattr(out, "dot"):
        return (out.val, out.dot)
    return (out, torch.zeros(out.shape, dtype=out.dtype))
'''),
    ("returns (J u, f(x)): the pair in the wrong order", "in this order", _sub(_JVPF_OK, "return y.val, y.dot", "return y.dot, y.val")),
    ("a tangent of ones instead of u", "not a tangent of ones", _sub(
        _JVPF_OK, "Dual(x, u)", "Dual(x, torch.ones_like(x))")),
    ("Dual(u, x): point and tangent swapped", "the point first", _sub(_JVPF_OK, "Dual(x, u)", "Dual(u, x)")),
    ("no case for an f that ignores its input", "its tangent is 0", _sub(
        _JVPF_OK, "    if not isinstance(y, Dual):\n        return y, torch.zeros_like(y)\n", "")),
    ("no ValueError for a tangent of another shape", "raise ValueError", _sub(
        _JVPF_OK, "    if tuple(u.shape) != tuple(x.shape):\n        raise ValueError(\"u and x differ in shape\")\n", "")),
    ("returns the Dual itself", "not the Dual itself", _sub(_JVPF_OK, "return y.val, y.dot", "return y, y.dot")),
    ("evaluates f twice (once on x for the value)", "evaluates f once", _sub(
        _JVPF_OK, "return y.val, y.dot", "return f(x), y.dot")),
    ("uses torch.func.jvp", "func.jvp", '''def jvp_forward(f, x, u):
    if tuple(u.shape) != tuple(x.shape):
        raise ValueError("u and x differ in shape")
    return torch.func.jvp(f, (x,), (u,))
'''),
]

_JACF_OK = '''def jacobian_forward(f, x):
    n = x.numel()
    basis = torch.eye(n, dtype=x.dtype)
    cols = [jvp_forward(f, x, basis[j].reshape(x.shape))[1] for j in range(n)]
    return torch.stack(cols, dim=-1).reshape(tuple(cols[0].shape) + tuple(x.shape))
'''

WRONG["jacobian_forward"] = [
    ("columns stacked as rows (dim 0): the transpose", "last dimension", _sub(
        _JACF_OK, "torch.stack(cols, dim=-1).reshape(tuple(cols[0].shape) + tuple(x.shape))",
        "torch.stack(cols, dim=0).reshape(tuple(x.shape) + tuple(cols[0].shape))")),
    ("no final reshape", "missing reshape", _sub(
        _JACF_OK, "torch.stack(cols, dim=-1).reshape(tuple(cols[0].shape) + tuple(x.shape))", "torch.stack(cols, dim=-1)")),
    ("a tangent of ones for every column", "not a tensor of ones", _sub(
        _JACF_OK, "basis[j].reshape(x.shape)", "torch.ones_like(x)")),
    ("one-hot tangents not reshaped to x's shape", "x's shape", _sub(
        _JACF_OK, "basis[j].reshape(x.shape)", "basis[j]")),
    ("evaluates f(x) once more for the output shape", "x.numel() = 3 times", '''def jacobian_forward(f, x):
    y = f(x)
    n = x.numel()
    basis = torch.eye(n, dtype=x.dtype)
    cols = [jvp_forward(f, x, basis[j].reshape(x.shape))[1] for j in range(n)]
    return torch.stack(cols, dim=-1).reshape(tuple(y.shape) + tuple(x.shape))
'''),
    ("reverse mode instead (jacobian_from_vjps)", "jacobian_from_vjps", '''def jacobian_forward(f, x):
    return jacobian_from_vjps(f, x)
'''),
    ("uses torch.func.jacfwd", "func.jacfwd", '''def jacobian_forward(f, x):
    return torch.func.jacfwd(f)(x)
'''),
]

RIGHT["dual"] = [
    ("torch functions instead of methods, the quotient rule through ans, subtraction as + (-other)", _sub(_sub(_sub(_sub(
        _DUAL_OK,
        "        return Dual(self.val / other.val, (self.dot * other.val - self.val * other.dot) / (other.val * other.val))",
        "        ans = self.val / other.val\n        return Dual(ans, (self.dot - ans * other.dot) / other.val)"),
        "        return Dual(self.val - other.val, self.dot - other.dot)", "        return self + (-other)"),
        "        return Dual(self.val.sin(), self.val.cos() * self.dot)",
        "        return Dual(torch.sin(self.val), torch.cos(self.val) * self.dot)"),
        "        e = self.val.exp()\n        return Dual(e, e * self.dot)",
        "        return Dual(torch.exp(self.val), torch.exp(self.val) * self.dot)")),
    ("the power rule written with p * val ** p / val avoided; a helper for 'derivative times tangent'", _sub(_sub(
        _DUAL_OK,
        "    def sin(self):\n        return Dual(self.val.sin(), self.val.cos() * self.dot)",
        "    def _chain(self, value, derivative):\n        return Dual(value, derivative * self.dot)\n\n"
        "    def sin(self):\n        return self._chain(self.val.sin(), self.val.cos())"),
        "        return Dual(self.val.log(), self.dot / self.val)",
        "        return self._chain(self.val.log(), 1.0 / self.val)")),
]

RIGHT["jvp_forward"] = [
    ("torch.Size comparison, a tuple built explicitly, zeros from the shape", '''def jvp_forward(f, x, u):
    if u.shape != x.shape:
        raise ValueError(f"shape mismatch: {u.shape} vs {x.shape}")
    out = f(Dual(x, u))
    if isinstance(out, Dual):
        return (out.val, out.dot)
    return (out, torch.zeros(out.shape, dtype=out.dtype))
'''),
    ("the constant case first tried as an attribute error", '''def jvp_forward(f, x, u):
    if list(u.shape) != list(x.shape):
        raise ValueError("u must have the shape of x")
    y = f(Dual(x, u))
    try:
        return y.val, y.dot
    except AttributeError:
        return y, y * 0.0
'''),
]

RIGHT["jacobian_forward"] = [
    ("one-hot built per column with index assignment, stacked along dim y.ndim", '''def jacobian_forward(f, x):
    cols = []
    for j in range(x.numel()):
        e = torch.zeros(x.numel(), dtype=x.dtype)
        e[j] = 1.0
        cols.append(jvp_forward(f, x, e.reshape(x.shape))[1])
    J = torch.stack(cols, dim=cols[0].ndim)
    return J.reshape(*cols[0].shape, *x.shape)
'''),
    ("the first column computed before the loop for the output shape", '''def jacobian_forward(f, x):
    eye = torch.eye(x.numel(), dtype=x.dtype)
    first = jvp_forward(f, x, eye[0].reshape(x.shape))[1]
    rest = [jvp_forward(f, x, eye[j].reshape(x.shape))[1] for j in range(1, x.numel())]
    out_shape = tuple(first.shape)
    return torch.stack([first] + rest, dim=-1).reshape(out_shape + tuple(x.shape))
'''),
]

RIGHT["dual"].append(
    ("subtraction, negation and division through * and ** -1; cos as a shifted sin", _sub(_sub(_sub(_sub(
        _DUAL_OK,
        "        return Dual(self.val - other.val, self.dot - other.dot)", "        return self + other * -1.0"),
        "        return Dual(-self.val, -self.dot)", "        return self * -1.0"),
        "        return Dual(self.val / other.val, (self.dot * other.val - self.val * other.dot) / (other.val * other.val))",
        "        return self * other ** -1"),
        "        return Dual(self.val.cos(), -self.val.sin() * self.dot)", "        return (self + 1.5707963267948966).sin()")))

RIGHT["jvp_forward"].append(
    ("size() comparison, copies of x and u, zeros from the result's shape", '''def jvp_forward(f, x, u):
    if u.size() != x.size():
        raise ValueError("the tangent u must have the shape of x")
    result = f(Dual(x.clone(), u.clone()))
    if isinstance(result, Dual):
        value, tangent = result.val, result.dot
    else:
        value, tangent = result, torch.zeros(tuple(result.shape), dtype=result.dtype)
    return value, tangent
'''))

RIGHT["jacobian_forward"].append(
    ("columns stacked along dim 0, then the new dimension moved last with permute", '''def jacobian_forward(f, x):
    n = x.numel()
    eye = torch.eye(n, dtype=x.dtype)
    cols = torch.stack([jvp_forward(f, x, eye[j].reshape(x.shape))[1] for j in range(n)])
    k = cols.ndim - 1
    J = cols.permute(*range(1, k + 1), 0)
    return J.reshape(*cols.shape[1:], *x.shape)
'''))

# ---- Issue 10, second round: more slips of each exercise, and more right answers ------------------

_SUM_TO_OK = '''def sum_to(g, shape):
    shape = tuple(shape)
    lead = g.ndim - len(shape)
    if lead < 0:
        raise ValueError("target has more dimensions than g")
    for _ in range(lead):
        g = g.sum(0)
    for i, n in enumerate(shape):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i, keepdim=True)
    return g
'''
WRONG["sum_to"] += [
    ("the result detached at the end", "no detach", _sub(_SUM_TO_OK, "    return g\n", "    return g.detach()\n")),
    ("mean instead of sum over the broadcast dimensions", "other sums", _sub(_sub(_SUM_TO_OK,
        "g = g.sum(0)", "g = g.mean(0)"), "g = g.sum(i, keepdim=True)", "g = g.mean(i, keepdim=True)")),
    ("ValueError also when g and shape have as many dimensions", "raised", _sub(_SUM_TO_OK, "if lead < 0:", "if lead <= 0 and tuple(g.shape) != shape:")),
    ("the size-1 dimensions summed before the leading ones are removed (indices of g, not of shape)",
     "LEADING dimensions", '''def sum_to(g, shape):
    shape = tuple(shape)
    lead = g.ndim - len(shape)
    if lead < 0:
        raise ValueError("target has more dimensions than g")
    for i, n in enumerate(shape):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i, keepdim=True)
    for _ in range(lead):
        g = g.sum(0)
    return g
'''),
]
WRONG["vjp_rules"] += [
    ("vjp_softmax: the sum over every element, not over the last dimension", "(g^T J)_j = s_j", _rules(softmax='''def vjp_softmax(g, ans, x):
    return (ans * (g - (g * ans).sum()),)
''')),
    ("vjp_tanh: 1 - tanh(ans)**2 (tanh applied twice)", "in terms of ans", _rules(tanh='''def vjp_tanh(g, ans, x):
    return (g * (1 - torch.tanh(ans) ** 2),)
''')),
    ("vjp_div: the gradient for a is g * b", "the gradient for a is g / b", _rules(div='''def vjp_div(g, ans, a, b):
    return g * b, -g * ans / b
''')),
    ("vjp_mul: g changed in place (g.mul_)", "the gradient for b is g * a", _rules(mul='''def vjp_mul(g, ans, a, b):
    ga = g.mul_(b)
    return ga, g * a
''')),
    ("vjp_div: the sign of b's gradient flipped (+ans/b)", "-g * ans / b", _rules(div='''def vjp_div(g, ans, a, b):
    return g / b, g * ans / b
''')),
]
WRONG["jacobian_from_vjps"] += [
    ("one VJP with a vector of ones: every row is the sum of the rows", "ONE-HOT vector", _JAC_HEAD + '''    (row,) = torch.autograd.grad(y, x, torch.ones_like(y))
    return torch.stack([row] * y.numel()).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''),
    ("reshaped to x.shape + f(x).shape", "f(x).shape + x.shape", _JAC_HEAD + '''    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape), retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows).reshape(tuple(x.shape) + tuple(y.shape)).detach()
'''),
    ("zeros of x's shape only for an f that ignores x", "f(x).shape + x.shape", '''def jacobian_from_vjps(f, x):
    x = x.detach().clone()
    x.requires_grad = True
    y = f(x)
    if not y.requires_grad:
        return torch.zeros_like(x)
    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i].reshape(y.shape), retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''),
]
WRONG["jvp_double_vjp"] += [
    ("the second VJP with ones instead of u", "takes u as grad_outputs", _JVP_OK.replace(
        "(ju,) = torch.autograd.grad(h, w, u, allow_unused=True)",
        "(ju,) = torch.autograd.grad(h, w, torch.ones_like(h), allow_unused=True)")),
    ("the second VJP differentiates with respect to x, not w", "with respect to the dummy w", _JVP_OK.replace(
        "(ju,) = torch.autograd.grad(h, w, u, allow_unused=True)",
        "(ju,) = torch.autograd.grad(h, x, u, allow_unused=True)")),
    ("J u reshaped to u's shape", "J u has the shape of f(x)", _JVP_OK.replace(
        "return y.detach(), ju.detach()", "return y.detach(), ju.detach().reshape(u.shape)")),
]
WRONG["dual"] += [
    ("log's tangent dot * val (not dot / val)", "a.dot / a.val", _sub(_DUAL_OK, "self.dot / self.val)", "self.dot * self.val)")),
    ("__add__ keeps self's tangent only", "a.dot + b.dot", _sub(_DUAL_OK, "Dual(self.val + other.val, self.dot + other.dot)",
                                                                "Dual(self.val + other.val, self.dot)")),
    ("__sub__ adds the tangents", "a - b it is a.dot - b.dot", _sub(_DUAL_OK, "Dual(self.val - other.val, self.dot - other.dot)",
                                                            "Dual(self.val - other.val, self.dot + other.dot)")),
    ("power rule without the incoming tangent", "power rule", _sub(_DUAL_OK, "p * self.val ** (p - 1) * self.dot)",
                                                                   "p * self.val ** (p - 1))")),
    ("__add__ changes self in place and returns it", "never change self", _sub(
        _DUAL_OK, "        return Dual(self.val + other.val, self.dot + other.dot)",
        "        self.val, self.dot = self.val + other.val, self.dot + other.dot\n        return self")),
]
WRONG["jvp_forward"] += [
    ("the shapes compared by numel: a (3, 2) tangent for a (2, 3) point accepted", "not the numbers of elements", _sub(
        _JVPF_OK, "if tuple(u.shape) != tuple(x.shape):", "if u.numel() != x.numel():")),
    ("a constant's tangent as zeros of x's shape", "zeros of its shape", _sub(
        _JVPF_OK, "return y, torch.zeros_like(y)", "return y, torch.zeros_like(x)")),
    ("a constant returned as a Dual's value only: (y, None)", "zeros of its shape", _sub(
        _JVPF_OK, "return y, torch.zeros_like(y)", "return y, None")),
]
WRONG["jacobian_forward"] += [
    ("n = len(x): a matrix input gets one column per row", "n = x.numel() (not len(x))", _sub(_JACF_OK, "n = x.numel()", "n = len(x)")),
    ("reshaped to x.shape + f(x).shape", "f(x).shape + x.shape", _sub(
        _JACF_OK, "reshape(tuple(cols[0].shape) + tuple(x.shape))", "reshape(tuple(x.shape) + tuple(cols[0].shape))")),
    ("the output shape taken from x (a square Jacobian assumed)", "not from x", _sub(
        _JACF_OK, "reshape(tuple(cols[0].shape) + tuple(x.shape))", "reshape(tuple(x.shape) + tuple(x.shape))")),
]
RIGHT["sum_to"] += [
    ("sum and unsqueeze instead of keepdim, a list of dims computed first", '''def sum_to(g, shape):
    shape = tuple(shape)
    if len(shape) > g.ndim:
        raise ValueError(f"cannot reduce {tuple(g.shape)} to {shape}")
    if tuple(g.shape) == shape:
        return g
    while g.ndim > len(shape):
        g = g.sum(dim=0)
    dims = [i for i, n in enumerate(shape) if n == 1 and g.shape[i] > 1]
    for i in dims:
        g = g.sum(i).unsqueeze(i)
    return g
'''),
]
RIGHT["vjp_rules"] += [
    ("tanh' as (1 - ans)(1 + ans), div through reciprocals, matmul via torch.matmul and transpose(-1, -2)", '''def vjp_mul(g, ans, a, b):
    return (b * g, a * g)


def vjp_div(g, ans, a, b):
    r = 1.0 / b
    return g * r, -(g * ans) * r


def vjp_tanh(g, ans, x):
    return (g * (1 - ans) * (1 + ans),)


def vjp_matmul(g, ans, A, B):
    return torch.matmul(g, B.transpose(-1, -2)), torch.matmul(A.transpose(-1, -2), g)


def vjp_softmax(g, ans, x):
    dot = (g * ans).sum(dim=-1, keepdim=True)
    return (ans * g - ans * dot,)
'''),
]
RIGHT["jvp_forward"] += [
    ("shape compared with .shape ==, isinstance(y, torch.Tensor) for the constant case", '''def jvp_forward(f, x, u):
    if not (u.shape == x.shape):
        raise ValueError("u must have the shape of x")
    out = f(Dual(x, u))
    if isinstance(out, torch.Tensor):
        return out, out * 0.0
    return out.val, out.dot
'''),
]
WRONG["jacobian_from_vjps"].append(("one-hot rows not reshaped to the output's shape", "to y.shape", _JAC_HEAD + '''    onehots = torch.eye(y.numel(), dtype=y.dtype)
    rows = [torch.autograd.grad(y, x, onehots[i], retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)).detach()
'''))
WRONG["jvp_double_vjp"].append(("the dummy w shaped like x, not like f(x)", "output's shape", _JVP_OK.replace(
    "w = torch.zeros_like(y, requires_grad=True)", "w = torch.zeros_like(x, requires_grad=True)")))
WRONG["jvp_forward"].append(("the shape check after evaluating f", "before anything else", '''def jvp_forward(f, x, u):
    y = f(Dual(x, u))
    if tuple(u.shape) != tuple(x.shape):
        raise ValueError("u and x differ in shape")
    if not isinstance(y, Dual):
        return y, torch.zeros_like(y)
    return y.val, y.dot
'''))
WRONG["jacobian_forward"].append(("the value y.val taken for every column, not the tangent", "every column is the same", _sub(
    _JACF_OK, "basis[j].reshape(x.shape))[1]", "basis[j].reshape(x.shape))[0]")))
