"""Wrong answers for 09_training_and_debugging: each must lose points and fail a visible test naming it."""

_CE = '''def stable_ce(logits, target):
    """Mean cross-entropy (a wrong answer)."""
{body}
'''
_CE_OK = {
    "m": "    m = logits.max(dim=1, keepdim=True)[0].detach()",
    "lse": "    lse = (logits - m).exp().sum(dim=1, keepdim=True).log() + m",
    "hot": "    C = logits.shape[1]\n    onehot = (target.reshape(-1, 1) == torch.arange(C, device=logits.device).reshape(1, -1)).to(logits.dtype)",
    "pick": "    picked = (logits * onehot).sum(dim=1, keepdim=True)",
    "ret": "    return (lse - picked).mean()",
}


def _ce(**change):
    parts = {**_CE_OK, **change}
    return _CE.format(body="\n".join(parts[k] for k in ["m", "lse", "hot", "pick", "ret"]))


_MLP = '''class MLP(nn.Module):
    """Fully connected ReLU network (a wrong answer)."""

    def __init__(self, sizes, dtype=torch.float32):
        super().__init__()
        self.n_layers = len(sizes) - 1
{init}

    def forward(self, x):
{fwd}
'''
_INIT_OK = '''        for i, (fan_in, fan_out) in enumerate(zip(sizes[:-1], sizes[1:])):
            bound = 1.0 / math.sqrt(fan_in)
            setattr(self, f"W{i}", nn.Parameter((torch.rand(fan_out, fan_in, dtype=dtype) * 2 - 1) * bound))
            setattr(self, f"b{i}", nn.Parameter((torch.rand(fan_out, dtype=dtype) * 2 - 1) * bound))'''
_FWD_OK = '''        for i in range(self.n_layers):
            x = x @ getattr(self, f"W{i}").T + getattr(self, f"b{i}")
            if i < self.n_layers - 1:
                x = x.relu()
        return x'''


def _mlp(init=_INIT_OK, fwd=_FWD_OK):
    return _MLP.format(init=init, fwd=fwd)


def _step(body):
    return 'def train_step(model, optimizer, loss_fn, xb, yb):\n    """One step (a wrong answer)."""\n' + body + "\n"


_REPORT = '''def grad_norm_report(model):
    """Gradient norms (a wrong answer)."""
{body}
'''


def _why(body):
    return 'def why_no_grad(t, loss):\n    """Diagnosis (a wrong answer)."""\n' + body + "\n"


_WHY_HEAD = '''    if t.grad_fn is not None:
        return "not a leaf"
    if not t.requires_grad:
        return "requires_grad=False"
    if loss.grad_fn is None:
        return "no graph"
'''

WRONG = {
    "stable_ce": [
        ("row max without keepdim (an (N,) vector broadcast against (N, C))", "keepdim=True",
         _ce(m="    m = logits.max(dim=1)[0].detach()",
             lse="    lse = (logits - m.reshape(1, -1)).exp().sum(dim=1, keepdim=True).log() + m.reshape(-1, 1)")),
        ("row max without keepdim, used as is: (N, C) - (N,) (an N x N broadcast when N = C)", "keepdim=True",
         _ce(m="    m = logits.max(dim=1)[0].detach()")),
        ("picks the target logits with logits[:, target] (an (N, N) matrix)", "logits[:, target]",
         _ce(hot="    pass", pick="    picked = logits[:, target]")),
        ("sum over the rows instead of the mean", "not the sum",
         _ce(ret="    return (lse - picked).sum()")),
        ("no max shift: exp overflows for large logits", "subtract the row max",
         _ce(m="    m = 0.0", lse="    lse = logits.exp().sum(dim=1, keepdim=True).log()")),
        ("the sign flipped: z_t - logsumexp", "never negative",
         _ce(ret="    return (picked - lse).mean()")),
        ("forgets to add the max back", "one row by hand",
         _ce(lse="    lse = (logits - m).exp().sum(dim=1, keepdim=True).log()")),
        ("uses F.log_softmax (forbidden)", "log_softmax",
         _ce(ret="    return -(F.log_softmax(logits, dim=1) * onehot).sum(dim=1).mean()")),
        ("returns the per-row losses, not their mean", "0-d tensor",
         _ce(ret="    return (lse - picked).reshape(-1)")),
        ("picks z_t from logits.detach(): no gradient through the picked logit", "gradient must flow",
         _ce(pick="    picked = (logits.detach() * onehot).sum(dim=1, keepdim=True)")),
    ],
    "mlp": [
        ("parameters kept in a plain Python list (not registered)", "plain list",
         _mlp(init='''        self.weights = []
        for i, (fan_in, fan_out) in enumerate(zip(sizes[:-1], sizes[1:])):
            bound = 1.0 / math.sqrt(fan_in)
            self.weights.append(nn.Parameter((torch.rand(fan_out, fan_in, dtype=dtype) * 2 - 1) * bound))
            self.weights.append(nn.Parameter((torch.rand(fan_out, dtype=dtype) * 2 - 1) * bound))''',
              fwd='''        for i in range(self.n_layers):
            x = x @ self.weights[2 * i].T + self.weights[2 * i + 1]
            if i < self.n_layers - 1:
                x = x.relu()
        return x''')),
        ("a ReLU after the last layer too", "no ReLU after the last layer",
         _mlp(fwd='''        for i in range(self.n_layers):
            x = (x @ getattr(self, f"W{i}").T + getattr(self, f"b{i}")).relu()
        return x''')),
        ("weights of shape (fan_in, fan_out)", "(sizes[i+1], sizes[i])",
         _mlp(init=_INIT_OK.replace("torch.rand(fan_out, fan_in,", "torch.rand(fan_in, fan_out,"),
              fwd=_FWD_OK.replace('getattr(self, f"W{i}").T', 'getattr(self, f"W{i}")'))),
        ("normal init (torch.randn) instead of uniform", "uniform",
         _mlp(init=_INIT_OK.replace("(torch.rand(fan_out, fan_in, dtype=dtype) * 2 - 1)",
                                    "torch.randn(fan_out, fan_in, dtype=dtype)"))),
        ("uniform on [0, bound) (forgot * 2 - 1)", "uniform on [-0.05, 0.05]",
         _mlp(init=_INIT_OK.replace("(torch.rand(fan_out, fan_in, dtype=dtype) * 2 - 1)",
                                    "torch.rand(fan_out, fan_in, dtype=dtype)"))),
        ("biases initialised to zero", "b0 should be uniform",
         _mlp(init=_INIT_OK.replace("(torch.rand(fan_out, dtype=dtype) * 2 - 1) * bound",
                                    "torch.zeros(fan_out, dtype=dtype)"))),
        ("ignores the dtype argument", "dtype argument",
         _mlp(init=_INIT_OK.replace(", dtype=dtype)", ")"))),
        ("registers all W first, then all b", "in that order",
         _mlp(init='''        pairs = list(zip(sizes[:-1], sizes[1:]))
        for i, (fan_in, fan_out) in enumerate(pairs):
            setattr(self, f"W{i}", nn.Parameter((torch.rand(fan_out, fan_in, dtype=dtype) * 2 - 1) / math.sqrt(fan_in)))
        for i, (fan_in, fan_out) in enumerate(pairs):
            setattr(self, f"b{i}", nn.Parameter((torch.rand(fan_out, dtype=dtype) * 2 - 1) / math.sqrt(fan_in)))''')),
        ("bound 1/sqrt(fan_out) instead of 1/sqrt(fan_in)", "fan_in",
         _mlp(init=_INIT_OK.replace("bound = 1.0 / math.sqrt(fan_in)", "bound = 1.0 / math.sqrt(fan_out)"))),
    ],
    "train_step": [
        ("no zero_grad: the garbage .grad is added to the update", "zero_grad",
         _step("    loss = loss_fn(model(xb), yb)\n    loss.backward()\n    optimizer.step()\n    return loss.item()")),
        ("zero_grad between backward and step", "zero_grad(), forward, backward(), step()",
         _step("    loss = loss_fn(model(xb), yb)\n    loss.backward()\n    optimizer.zero_grad()\n"
               "    optimizer.step()\n    return loss.item()")),
        ("returns the loss tensor instead of a float", "Python float",
         _step("    optimizer.zero_grad()\n    loss = loss_fn(model(xb), yb)\n    loss.backward()\n"
               "    optimizer.step()\n    return loss.detach()")),
        ("returns the loss after the update", "before the update",
         _step("    optimizer.zero_grad()\n    loss = loss_fn(model(xb), yb)\n    loss.backward()\n"
               "    optimizer.step()\n    return loss_fn(model(xb), yb).item()")),
        ("step before backward", "zero_grad(), forward, backward(), step()",
         _step("    optimizer.zero_grad()\n    loss = loss_fn(model(xb), yb)\n    optimizer.step()\n"
               "    loss.backward()\n    return loss.item()")),
        ("no optimizer.step()", "zero_grad(), forward, backward(), step()",
         _step("    optimizer.zero_grad()\n    loss = loss_fn(model(xb), yb)\n    loss.backward()\n    return loss.item()")),
    ],
    "grad_norm_report": [
        ("no None check: crashes on a detached layer", "can be None",
         _REPORT.format(body='''    report, total_sq = {}, 0.0
    for name, p in model.named_parameters():
        sq = (p.grad ** 2).sum().item()
        report[name] = math.sqrt(sq)
        total_sq += sq
    report["total"] = math.sqrt(total_sq)
    return report''')),
        ("total = sum of the norms", "not the sum of the norms",
         _REPORT.format(body='''    report = {}
    for name, p in model.named_parameters():
        report[name] = None if p.grad is None else math.sqrt((p.grad ** 2).sum().item())
    report["total"] = sum(v for v in report.values() if v is not None)
    return report''')),
        ("values are tensors (no .item())", "Python float",
         _REPORT.format(body='''    report, total_sq = {}, 0.0
    for name, p in model.named_parameters():
        if p.grad is None:
            report[name] = None
        else:
            sq = (p.grad ** 2).sum()
            report[name] = sq.sqrt()
            total_sq += sq.item()
    report["total"] = math.sqrt(total_sq)
    return report''')),
        ("parameters without a gradient left out", "one entry per named parameter",
         _REPORT.format(body='''    report, total_sq = {}, 0.0
    for name, p in model.named_parameters():
        if p.grad is not None:
            sq = (p.grad ** 2).sum().item()
            report[name] = math.sqrt(sq)
            total_sq += sq
    report["total"] = math.sqrt(total_sq)
    return report''')),
        ("0.0 instead of None for a missing gradient", "must be None",
         _REPORT.format(body='''    report, total_sq = {}, 0.0
    for name, p in model.named_parameters():
        sq = 0.0 if p.grad is None else (p.grad ** 2).sum().item()
        report[name] = math.sqrt(sq)
        total_sq += sq
    report["total"] = math.sqrt(total_sq)
    return report''')),
        ("squared norms (no sqrt)", "squared norm",
         _REPORT.format(body='''    report, total_sq = {}, 0.0
    for name, p in model.named_parameters():
        if p.grad is None:
            report[name] = None
        else:
            sq = (p.grad ** 2).sum().item()
            report[name] = sq
            total_sq += sq
    report["total"] = math.sqrt(total_sq)
    return report''')),
        ("total from clip_grad_norm_ (forbidden)", "clip_grad_norm_",
         _REPORT.format(body='''    report = {}
    for name, p in model.named_parameters():
        report[name] = None if p.grad is None else math.sqrt((p.grad ** 2).sum().item())
    report["total"] = float(nn.utils.clip_grad_norm_(model.parameters(), float("inf")))
    return report''')),
        ("total is None when no gradient exists", "Python float",
         _REPORT.format(body='''    report, total_sq = {}, None
    for name, p in model.named_parameters():
        if p.grad is None:
            report[name] = None
        else:
            sq = (p.grad ** 2).sum().item()
            report[name] = math.sqrt(sq)
            total_sq = sq + (total_sq or 0.0)
    report["total"] = None if total_sq is None else math.sqrt(total_sq)
    return report''')),
    ],
    "why_no_grad": [
        ("compares leaves by value (==) instead of identity", "identity",
         _why(_WHY_HEAD + '''    stack, seen = [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        v = getattr(node, "variable", None)
        if v is not None and tuple(v.shape) == tuple(t.shape) and bool((v == t).all()):
            return "ok"
        stack.extend(n for n, _ in node.next_functions)
    return "not reached"''')),
        ("no visited set: exponential on shared nodes", "visited nodes",
         _why(_WHY_HEAD + '''    stack = [loss.grad_fn]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if getattr(node, "variable", None) is t:
            return "ok"
        stack.extend(n for n, _ in node.next_functions)
    return "not reached"''')),
        ("does not skip None entries of next_functions", "skip None nodes",
         _why(_WHY_HEAD + '''    stack, seen = [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if getattr(node, "variable", None) is t:
            return "ok"
        stack.extend(n for n, _ in node.next_functions)
    return "not reached"''')),
        ("checks 'no graph' before the leaf checks", "table's order",
         _why('''    if loss.grad_fn is None:
        return "no graph"
    if t.grad_fn is not None:
        return "not a leaf"
    if not t.requires_grad:
        return "requires_grad=False"
    stack, seen = [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if getattr(node, "variable", None) is t:
            return "ok"
        stack.extend(n for n, _ in node.next_functions)
    return "not reached"''')),
        ("no walk: every leaf that requires grad is 'ok'", "AccumulateGrad",
         _why(_WHY_HEAD + '''    return "ok"''')),
        ("looks only at loss.grad_fn's direct inputs", "whole graph",
         _why(_WHY_HEAD + '''    for node, _ in loss.grad_fn.next_functions:
        if node is not None and getattr(node, "variable", None) is t:
            return "ok"
    return "not reached"''')),
        ("runs backward and looks at t.grad (forbidden)", "backward",
         _why(_WHY_HEAD + '''    loss.backward(retain_graph=True)
    return "ok" if t.grad is not None else "not reached"''')),
    ],
}
