"""Wrong answers for 06_custom_functions: each must lose points and fail a visible case whose
message names the mistake (see grading/answers.py)."""


def _fn(cls, doc, forward, backward):
    return f'''class {cls}(torch.autograd.Function):
    """{doc}"""

    @staticmethod
    def forward(ctx, {forward[0]}):
{forward[1]}

    @staticmethod
    def backward(ctx, g):
{backward}
'''


def _sp(forward, backward):
    return _fn("SoftPlus", "softplus", ("x", forward), backward)


_SP_F = '''        ctx.save_for_backward(x)
        return torch.relu(x) + torch.log(1 + torch.exp(-torch.abs(x)))'''
_SP_B = '''        (x,) = ctx.saved_tensors
        return g * torch.sigmoid(x)'''


def _lse(forward, backward):
    return _fn("LogSumExp", "logsumexp", ("x", forward), backward)


_LSE_F = '''        m = x.max(dim=-1, keepdim=True)[0]
        out = (m + torch.log(torch.exp(x - m).sum(dim=-1, keepdim=True))).squeeze(-1)
        ctx.save_for_backward(x, out)
        return out'''
_LSE_B = '''        x, out = ctx.saved_tensors
        return g.unsqueeze(-1) * torch.exp(x - out.unsqueeze(-1))'''


def _ste(forward, backward):
    return _fn("SignSTE", "sign with a straight-through gradient", ("x", forward), backward)


_STE_F = '''        ctx.save_for_backward(x)
        return torch.where(x >= 0, torch.ones_like(x), -torch.ones_like(x))'''
_STE_B = '''        (x,) = ctx.saved_tensors
        return g * (torch.abs(x) <= 1).to(g.dtype)'''


def _clip(forward, backward, args="x, c"):
    return _fn("ClipGrad", "clip the gradient", (args, forward), backward)


_CLIP_F = '''        ctx.c = c
        return x.clone()'''
_CLIP_B = '''        return g.clamp(-ctx.c, ctx.c), None'''


def _lin(forward, backward):
    return _fn("LinearFunction", "x @ W.T + b", ("x, W, b", forward), backward)


_LIN_F = '''        ctx.save_for_backward(x, W)
        return x @ W.T + b'''
_LIN_B = '''        x, W = ctx.saved_tensors
        need_x, need_W, need_b = ctx.needs_input_grad
        gx = g @ W if need_x else None
        gW = g.T @ x if need_W else None
        gb = g.sum(0) if need_b else None
        return gx, gW, gb'''

_NUMPY_NOTE = "differentiable twice"

WRONG = {
    "softplus": [
        ("the naive forward log(1 + exp(x)) overflows", "overflows for large x",
         _sp('''        ctx.save_for_backward(x)
        return torch.log(1 + torch.exp(x))''', _SP_B)),
        ("backward exp(x) / (1 + exp(x)): nan for large x", "torch.sigmoid(x)",
         _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return g * torch.exp(x) / (1 + torch.exp(x))''')),
        ("backward differentiates the stable formula by hand: 0 at x = 0", "sigma(0) = 1/2",
         _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        e = torch.exp(-torch.abs(x))
        return g * ((x > 0).to(x.dtype) - torch.sign(x) * e / (1 + e))''')),
        ("backward forgets the incoming gradient g", "incoming gradient g",
         _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return torch.sigmoid(x)''')),
        ("calls the built-in softplus", "softplus",
         _sp('''        ctx.save_for_backward(x)
        return torch.nn.functional.softplus(x)''', _SP_B)),
        ("backward computed with NumPy: not differentiable twice", _NUMPY_NOTE,
         _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return torch.from_numpy(g.detach().numpy() / (1 + np.exp(-x.detach().numpy())))''')),
        ("backward detaches x: not differentiable twice", _NUMPY_NOTE,
         _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return g * torch.sigmoid(x.detach())''')),
    ],
    "logsumexp": [
        ("no max shift: exp(1000) overflows", "subtract the row maximum",
         _lse('''        out = torch.log(torch.exp(x).sum(dim=-1))
        ctx.save_for_backward(x, out)
        return out''', _LSE_B)),
        ("max without keepdim: the shapes do not broadcast", "keepdim",
         _lse('''        m = x.max(dim=-1)[0]
        out = m + torch.log(torch.exp(x - m).sum(dim=-1))
        ctx.save_for_backward(x, out)
        return out''', _LSE_B)),
        ("the output keeps the reduced dimension", "squeeze(-1)",
         _lse('''        m = x.max(dim=-1, keepdim=True)[0]
        out = m + torch.log(torch.exp(x - m).sum(dim=-1, keepdim=True))
        ctx.save_for_backward(x, out)
        return out''', '''        x, out = ctx.saved_tensors
        return g * torch.exp(x - out)''')),
        ("reduces over dim 0 instead of the last dimension", "dim=-1",
         _lse('''        m = x.max(dim=0, keepdim=True)[0]
        out = (m + torch.log(torch.exp(x - m).sum(dim=0, keepdim=True))).squeeze(0)
        ctx.save_for_backward(x, out)
        return out''', '''        x, out = ctx.saved_tensors
        return g.unsqueeze(0) * torch.exp(x - out.unsqueeze(0))''')),
        ("backward without unsqueeze: the shapes do not broadcast", "unsqueeze",
         _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        return g * torch.exp(x - out)''')),
        ("backward forgets the incoming gradient g", "incoming gradient g",
         _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        return torch.exp(x - out.unsqueeze(-1))''')),
        ("backward computed with NumPy: not differentiable twice", _NUMPY_NOTE,
         _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        xn, on, gn = x.detach().numpy(), out.detach().numpy(), g.detach().numpy()
        return torch.from_numpy(gn[..., None] * np.exp(xn - on[..., None]))''')),
        ("backward uses torch.softmax", "softmax",
         _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        return g.unsqueeze(-1) * torch.softmax(x, dim=-1)''')),
    ],
    "sign_ste": [
        ("forward with torch.sign: 0 at x = 0", "torch.sign(0) is 0",
         _ste('''        ctx.save_for_backward(x)
        return torch.sign(x)''', _STE_B)),
        ("the bounds |x| = 1 excluded", "bounds |x| = 1 are included",
         _ste(_STE_F, '''        (x,) = ctx.saved_tensors
        return g * (torch.abs(x) < 1).to(g.dtype)''')),
        ("backward passes g everywhere (no saturation)", "0 where |x| > 1",
         _ste(_STE_F, '''        return g''')),
        ("backward returns the true derivative 0", "not the true derivative 0",
         _ste(_STE_F, '''        return torch.zeros_like(g)''')),
        ("forward returns an integer tensor", "dtype",
         _ste('''        ctx.save_for_backward(x)
        return (x >= 0).long() * 2 - 1''', _STE_B)),
        ("backward returns the mask without g", "incoming gradient g",
         _ste(_STE_F, '''        (x,) = ctx.saved_tensors
        return (torch.abs(x) <= 1).to(g.dtype)''')),
    ],
    "clip_grad": [
        ("clamps g in place (clamp_): the caller's gradient is modified", "clamp_",
         _clip(_CLIP_F, '''        return g.clamp_(-ctx.c, ctx.c), None''')),
        ("no None for c: one gradient too few", "one value per forward input",
         _clip(_CLIP_F, '''        return g.clamp(-ctx.c, ctx.c)''')),
        ("c saved with save_for_backward", "ctx attributes",
         _clip('''        ctx.save_for_backward(c)
        return x.clone()''', '''        (c,) = ctx.saved_tensors
        return g.clamp(-c, c), None''')),
        ("clips the norm of g instead of every element", "not the norm",
         _clip(_CLIP_F, '''        norm = (g * g).sum() ** 0.5
        return g * min(1.0, ctx.c / norm.item()), None''')),
        ("clips only from above", "clip below as well",
         _clip(_CLIP_F, '''        return g.clamp(max=ctx.c), None''')),
        ("clips x in the forward pass", "forward is the identity",
         _clip('''        ctx.c = c
        return x.clamp(-c, c)''', _CLIP_B)),
    ],
    "linear_function": [
        ("an unsummed bias gradient: shape (N, out) instead of (out,)", "summed over the batch dimension",
         _lin(_LIN_F, _LIN_B.replace("g.sum(0) if need_b", "g if need_b"))),
        ("computes every gradient, ignoring needs_input_grad", "needs_input_grad asks for",
         _lin(_LIN_F, '''        x, W = ctx.saved_tensors
        return g @ W, g.T @ x, g.sum(0)''')),
        ("gW = x.T @ g: the transposed weight gradient", "gW = g.T @ x",
         _lin(_LIN_F, _LIN_B.replace("g.T @ x if need_W", "x.T @ g if need_W"))),
        ("gx = g @ W.T: the shapes do not match", "gx = g @ W",
         _lin(_LIN_F, _LIN_B.replace("g @ W if need_x", "g @ W.T if need_x"))),
        ("saves x, W and b", "saves exactly x, W",
         _lin('''        ctx.save_for_backward(x, W, b)
        return x @ W.T + b''', _LIN_B.replace("x, W = ctx.saved_tensors", "x, W, b = ctx.saved_tensors"))),
        ("backward computed with NumPy: not differentiable twice", _NUMPY_NOTE,
         _lin(_LIN_F, '''        x, W = ctx.saved_tensors
        need_x, need_W, need_b = ctx.needs_input_grad
        gn, xn, Wn = g.detach().numpy(), x.detach().numpy(), W.detach().numpy()
        gx = torch.from_numpy(gn @ Wn) if need_x else None
        gW = torch.from_numpy(gn.T @ xn) if need_W else None
        gb = torch.from_numpy(gn.sum(0)) if need_b else None
        return gx, gW, gb''')),
        ("returns the gradients as a list", "tuple of 3 gradients",
         _lin(_LIN_F, _LIN_B.replace("return gx, gW, gb", "return [gx, gW, gb]"))),
    ],
}


# Correct answers written differently from the reference: each must get full marks and pass every
# visible case (see grading/answers.py).
RIGHT = {
    "softplus": [
        ("clamp(min=0) + log1p(exp(-|x|)), sigma(x) * g", _sp('''        ctx.save_for_backward(x)
        return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))''', '''        x = ctx.saved_tensors[0]
        return torch.sigmoid(x) * g''')),
        ("torch.maximum with zeros, intermediate names", _sp('''        ctx.save_for_backward(x)
        pos = torch.maximum(x, torch.zeros_like(x))
        tail = torch.log(1.0 + torch.exp(-torch.abs(x)))
        return pos + tail''', '''        (inp,) = ctx.saved_tensors
        s = torch.sigmoid(inp)
        return g * s''')),
        ("relu(x) - log(sigmoid(|x|)), the same formula written through sigmoid", _sp('''        ctx.save_for_backward(x)
        return torch.relu(x) - torch.log(torch.sigmoid(torch.abs(x)))''', '''        (x,) = ctx.saved_tensors
        return g.mul(torch.sigmoid(x))''')),
    ],
    "logsumexp": [
        ("amax, squeeze before adding, g[..., None] indexing", _lse('''        m = x.amax(dim=-1, keepdim=True)
        out = m.squeeze(-1) + torch.log(torch.sum(torch.exp(x - m), dim=-1))
        ctx.save_for_backward(x, out)
        return out''', '''        x, out = ctx.saved_tensors
        return torch.exp(x - out[..., None]) * g[..., None]''')),
        ("saves only x, recomputes the shifted softmax in backward", _lse('''        ctx.save_for_backward(x)
        m = x.max(dim=-1, keepdim=True).values
        return (torch.log(torch.exp(x - m).sum(dim=-1, keepdim=True)) + m).squeeze(-1)''', '''        (x,) = ctx.saved_tensors
        m = x.max(dim=-1, keepdim=True).values
        e = torch.exp(x - m)
        p = e / e.sum(dim=-1, keepdim=True)
        return p * g.unsqueeze(-1)''')),
        ("saves (out, x) in the other order, the softmax from the saved output", _lse('''        mx, _ = x.max(dim=-1, keepdim=True)
        s = torch.exp(x - mx).sum(-1, keepdim=True)
        out = (mx + s.log()).squeeze(-1)
        ctx.save_for_backward(out, x)
        return out''', '''        out, x = ctx.saved_tensors
        probs = (x - out.unsqueeze(-1)).exp()
        return probs * g.unsqueeze(-1)''')),
    ],
    "sign_ste": [
        ("(x >= 0) * 2 - 1 in x's dtype, torch.where for the mask", _ste('''        ctx.save_for_backward(x)
        return (x >= 0).to(x.dtype) * 2 - 1''', '''        (x,) = ctx.saved_tensors
        return torch.where(x.abs() <= 1, g, torch.zeros_like(g))''')),
        ("saves the boolean mask instead of x", _ste('''        ctx.save_for_backward((x >= -1) & (x <= 1))
        one = torch.ones_like(x)
        return torch.where(x < 0, -one, one)''', '''        (inside,) = ctx.saved_tensors
        return g * inside''')),
        ("sign(x) + (x == 0), masked_fill in backward", _ste('''        ctx.save_for_backward(x)
        return torch.sign(x) + (x == 0).to(x.dtype)''', '''        (x,) = ctx.saved_tensors
        return g.masked_fill(x.abs() > 1, 0.0)''')),
    ],
    "clip_grad": [
        ("torch.clamp with keywords, c stored under another name", _clip('''        ctx.limit = float(c)
        return torch.clone(x)''', '''        c = ctx.limit
        return torch.clamp(g, min=-c, max=c), None''')),
        ("returns x itself (the text allows it), clip() in backward", _clip('''        ctx.c = c
        return x''', '''        return g.clip(-ctx.c, ctx.c), None''')),
        ("torch.where twice, out of place", _clip('''        ctx.c = c
        return x.clone()''', '''        c = ctx.c
        clipped = torch.where(g > c, torch.full_like(g, c), g)
        clipped = torch.where(clipped < -c, torch.full_like(g, -c), clipped)
        return clipped, None''')),
        ("per-element rescale g * min(1, c / |g|)", _clip(_CLIP_F, '''        scale = torch.clamp(ctx.c / g.abs(), max=1.0)
        return g * scale, None''')),
        ("clamp_ in place on a clone of g (g itself unchanged)", _clip('''        ctx.c = c
        return x * 1.0''', '''        out = g.clone()
        out.clamp_(-ctx.c, ctx.c)
        return (out, None)''')),
    ],
    "linear_function": [
        ("torch.matmul and .t(), if-blocks on needs_input_grad[i]", _lin('''        ctx.save_for_backward(x, W)
        return torch.matmul(x, W.t()) + b''', '''        x, W = ctx.saved_tensors
        gx = gW = gb = None
        if ctx.needs_input_grad[0]:
            gx = torch.matmul(g, W)
        if ctx.needs_input_grad[1]:
            gW = torch.matmul(g.t(), x)
        if ctx.needs_input_grad[2]:
            gb = g.sum(dim=0)
        return gx, gW, gb''')),
        ("gW as (x.T @ g).T, the bias gradient as ones @ g", _lin('''        ctx.save_for_backward(x, W)
        return x @ W.T + b.unsqueeze(0)''', '''        saved_x, saved_W = ctx.saved_tensors
        want = ctx.needs_input_grad
        grad_x = g @ saved_W if want[0] else None
        grad_W = (saved_x.T @ g).T if want[1] else None
        grad_b = torch.ones(g.shape[0], dtype=g.dtype) @ g if want[2] else None
        return (grad_x, grad_W, grad_b)''')),
        ("mm, a list of results converted to a tuple", _lin('''        ctx.save_for_backward(x, W)
        y = x.mm(W.T)
        return y + b''', '''        x, W = ctx.saved_tensors
        grads = [None, None, None]
        if ctx.needs_input_grad[0]:
            grads[0] = g.mm(W)
        if ctx.needs_input_grad[1]:
            grads[1] = g.T.mm(x)
        if ctx.needs_input_grad[2]:
            grads[2] = g.sum(0)
        return tuple(grads)''')),
    ],
}


# ---- more typical mistakes and other correct answers ------------------------------------------

WRONG["softplus"] += [
    ("saves the output and takes sigmoid of it", "with x saved in forward",
     _sp('''        out = torch.relu(x) + torch.log(1 + torch.exp(-torch.abs(x)))
        ctx.save_for_backward(out)
        return out''', '''        (out,) = ctx.saved_tensors
        return g * torch.sigmoid(out)''')),
    ("backward sigma(-x): the derivative of softplus(-x)", "torch.sigmoid(x)",
     _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return g * torch.sigmoid(-x)''')),
    ("forward drops the relu(x) term", "relu(x) + log(1 + exp(-|x|))",
     _sp('''        ctx.save_for_backward(x)
        return torch.log(1 + torch.exp(-torch.abs(x)))''', _SP_B)),
    ("forward without the absolute value: exp(-x) overflows for x = -1000", "overflows",
     _sp('''        ctx.save_for_backward(x)
        return torch.relu(x) + torch.log(1 + torch.exp(-x))''', _SP_B)),
    ("backward uses x.data: not differentiable twice", _NUMPY_NOTE,
     _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return g * torch.sigmoid(x.data)''')),
    ("backward sigma(x) * (1 - sigma(x)): the second derivative", "torch.sigmoid(x)",
     _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return g * s * (1 - s)''')),
]

WRONG["logsumexp"] += [
    ("backward softmax without the shift: inf / inf = nan for [1000, 1000]", "exp(x - out",
     _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        e = torch.exp(x)
        return g.unsqueeze(-1) * e / e.sum(dim=-1, keepdim=True)''')),
    ("forward forgets to add the maximum back", "add the maximum back",
     _lse('''        m = x.max(dim=-1, keepdim=True)[0]
        out = torch.log(torch.exp(x - m).sum(dim=-1))
        ctx.save_for_backward(x, out)
        return out''', _LSE_B)),
    ("hard-codes a 2-D input: dim=1 and g[:, None]", "last dimension",
     _lse('''        m = x.max(dim=1, keepdim=True)[0]
        out = (m + torch.log(torch.exp(x - m).sum(dim=1, keepdim=True)))[:, 0]
        ctx.save_for_backward(x, out)
        return out''', '''        x, out = ctx.saved_tensors
        return g[:, None] * torch.exp(x - out[:, None])''')),
    ("forward sums over the whole tensor", "dim=-1",
     _lse('''        m = x.max()
        out = m + torch.log(torch.exp(x - m).sum())
        ctx.save_for_backward(x, out)
        return out''', '''        x, out = ctx.saved_tensors
        return g * torch.exp(x - out)''')),
    ("backward is the gradient of max: one-hot of the argmax", "exp(x - out",
     _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        m = x.max(dim=-1, keepdim=True)[0]
        return g.unsqueeze(-1) * (x == m).to(x.dtype)''')),
    ("backward detaches the saved output: not differentiable twice", _NUMPY_NOTE,
     _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        return g.unsqueeze(-1) * torch.exp(x.detach() - out.detach().unsqueeze(-1))''')),
]

WRONG["sign_ste"] += [
    ("forward x > 0: b(0) = -1", "x >= 0",
     _ste('''        ctx.save_for_backward(x)
        return torch.where(x > 0, torch.ones_like(x), -torch.ones_like(x))''', _STE_B)),
    ("the mask tests |g| <= 1 instead of |x| <= 1", "|x| <= 1",
     _ste(_STE_F, '''        return g * (torch.abs(g) <= 1).to(g.dtype)''')),
    ("saves the output (always +-1): the mask is always true", "0 where |x| > 1",
     _ste('''        out = torch.where(x >= 0, torch.ones_like(x), -torch.ones_like(x))
        ctx.save_for_backward(out)
        return out''', '''        (out,) = ctx.saved_tensors
        return g * (torch.abs(out) <= 1).to(g.dtype)''')),
    ("backward uses the tanh surrogate instead of clamp", "g * (|x| <= 1)",
     _ste(_STE_F, '''        (x,) = ctx.saved_tensors
        return g * (1 - torch.tanh(x) ** 2)''')),
    ("forward returns the 0/1 comparison x >= 0", "-1 for x < 0",
     _ste('''        ctx.save_for_backward(x)
        return (x >= 0).to(x.dtype)''', _STE_B)),
    ("forward torch.where with Python scalars: the default dtype, not x's", "dtype",
     _ste('''        ctx.save_for_backward(x)
        return torch.where(x >= 0, 1.0, -1.0)''', _STE_B)),
]

WRONG["clip_grad"] += [
    ("hard-codes c = 1.5 (the example's value)", "ctx.c",
     _clip(_CLIP_F, '''        return g.clamp(-1.5, 1.5), None''')),
    ("clips only from below", "clip above as well",
     _clip(_CLIP_F, '''        return g.clamp(min=-ctx.c), None''')),
    ("sets every element to +-c (sign(g) * c)", "only the elements beyond",
     _clip(_CLIP_F, '''        return torch.sign(g) * ctx.c, None''')),
    ("clips by masked assignment into g: g is modified in place", "in place",
     _clip(_CLIP_F, '''        g[g > ctx.c] = ctx.c
        g[g < -ctx.c] = -ctx.c
        return g, None''')),
    ("the gradients in the wrong order: (None, clipped)", "in the order of forward's arguments",
     _clip(_CLIP_F, '''        return None, g.clamp(-ctx.c, ctx.c)''')),
    ("clamps g.data in place", "in place",
     _clip(_CLIP_F, '''        g.data.clamp_(-ctx.c, ctx.c)
        return g, None''')),
]

WRONG["linear_function"] += [
    ("bias gradient g.mean(0) instead of g.sum(0)", "summed over the batch dimension",
     _lin(_LIN_F, _LIN_B.replace("g.sum(0) if need_b", "g.mean(0) if need_b"))),
    ("bias gradient summed over the wrong dimension: g.sum(1)", "summed over the batch dimension",
     _lin(_LIN_F, _LIN_B.replace("g.sum(0) if need_b", "g.sum(1) if need_b"))),
    ("bias gradient with keepdim: shape (1, out)", "summed over the batch dimension",
     _lin(_LIN_F, _LIN_B.replace("g.sum(0) if need_b", "g.sum(0, keepdim=True) if need_b"))),
    ("forward x @ W + b without the transpose", "is one transposed",
     _lin('''        ctx.save_for_backward(x, W)
        return x @ W + b''', _LIN_B)),
    ("hard-codes the example's batch of 4 in the bias gradient", "each gradient has its input's shape",
     _lin(_LIN_F, _LIN_B.replace("g.sum(0) if need_b", "torch.ones(4, dtype=g.dtype) @ g if need_b"))),
    ("backward detaches W: not differentiable twice", _NUMPY_NOTE,
     _lin(_LIN_F, _LIN_B.replace("g @ W if need_x", "g @ W.detach() if need_x"))),
    ("needs_input_grad unpacked in the wrong order", "needs_input_grad asks for",
     _lin(_LIN_F, _LIN_B.replace("need_x, need_W, need_b = ctx.needs_input_grad",
                                 "need_W, need_x, need_b = ctx.needs_input_grad"))),
]

RIGHT["softplus"] += [
    ("backward g / (1 + exp(-x)): exp(1000) = inf gives the right 0", _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return g / (1 + torch.exp(-x))''')),
    ("torch.where for the two branches of the stable formula", _sp('''        ctx.save_for_backward(x)
        t = torch.log(1 + torch.exp(-x.abs()))
        return torch.where(x > 0, x + t, t)''', _SP_B)),
]
RIGHT["logsumexp"] += [
    ("backward as softmax from a fresh max shift, unsqueeze via [..., None]", _lse(_LSE_F, '''        x, out = ctx.saved_tensors
        z = x - x.max(dim=-1, keepdim=True)[0]
        p = z.exp() / z.exp().sum(-1, keepdim=True)
        return g[..., None] * p''')),
    ("x.shape[-1] as a positive dim index", _lse('''        d = x.dim() - 1
        m = x.max(dim=d, keepdim=True)[0]
        s = torch.exp(x - m).sum(dim=d)
        out = m.squeeze(d) + torch.log(s)
        ctx.save_for_backward(x, out)
        return out''', _LSE_B)),
]
RIGHT["sign_ste"] += [
    ("bool mask times g without a dtype conversion", _ste(_STE_F, '''        (x,) = ctx.saved_tensors
        return g * (x.abs() <= 1)''')),
    ("forward 1 - 2 * (x < 0)", _ste('''        ctx.save_for_backward(x)
        return 1 - 2 * (x < 0).to(x.dtype)''', '''        (x,) = ctx.saved_tensors
        inside = (x >= -1) & (x <= 1)
        return torch.where(inside, g, g * 0)''')),
]
RIGHT["clip_grad"] += [
    ("torch.minimum / torch.maximum with full_like bounds", _clip(_CLIP_F, '''        hi = torch.full_like(g, ctx.c)
        return torch.maximum(torch.minimum(g, hi), -hi), None''')),
]
RIGHT["linear_function"] += [
    ("einsum for every product", _lin('''        ctx.save_for_backward(x, W)
        return torch.einsum("ni,oi->no", x, W) + b''', '''        x, W = ctx.saved_tensors
        nx, nW, nb = ctx.needs_input_grad
        return (torch.einsum("no,oi->ni", g, W) if nx else None,
                torch.einsum("no,ni->oi", g, x) if nW else None,
                g.sum(dim=0) if nb else None)''')),
    ("gx as (W.T @ g.T).T", _lin(_LIN_F, _LIN_B.replace("g @ W if need_x", "(W.T @ g.T).T if need_x"))),
]

WRONG["softplus"].append(("backward g * (1 - sigmoid(-x)): cancellation loses the digits for negative x", "cancels for negative x", _sp(_SP_F, '''        (x,) = ctx.saved_tensors
        return g * (1 - torch.sigmoid(-x))''')))
WRONG["sign_ste"].append(("backward clamps g to [-1, 1] instead of masking by |x| <= 1", "g * (|x| <= 1)",
                          _ste(_STE_F, '''        return g.clamp(-1, 1)''')))
