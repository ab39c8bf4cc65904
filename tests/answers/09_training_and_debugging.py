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


_OVERFIT = '''def overfit_one_batch(model, loss_fn, xb, yb, steps, lr):
    """Overfit one batch (a wrong answer)."""
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = loss_fn(model(xb), yb)
        losses.append(loss.item())
        loss.backward()
        optimizer.step()
    return losses, sorted(name for name, p in model.named_parameters() if torch.equal(p.detach(), before[name]))
'''


def _overfit(old, new):
    assert old in _OVERFIT, old
    return _OVERFIT.replace(old, new)


_GAN = '''def gan_step(G, D, opt_G, opt_D, real, z):
    """One GAN step (a wrong answer)."""
    bce = F.binary_cross_entropy_with_logits
    fake = G(z)
    opt_D.zero_grad()
    d_real, d_fake = D(real), D(fake.detach())
    loss_D = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
    loss_D.backward()
    opt_D.step()
    opt_G.zero_grad()
    d_fake = D(fake)
    loss_G = bce(d_fake, torch.ones_like(d_fake))
    loss_G.backward()
    opt_G.step()
    return loss_D.item(), loss_G.item()
'''


def _gan(*pairs):
    out = _GAN
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert old in out, old
        out = out.replace(old, new)
    return out


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
        ("compares with == inside an if (a tensor's truth value is ambiguous)", "by identity",
         _why(_WHY_HEAD + '''    stack, seen = [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if hasattr(node, "variable") and node.variable == t:
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
    "overfit_one_batch": [
        ("snapshot without clone: the parameters themselves, updated in place", "snapshot is the parameter itself",
         _overfit("before = {name: p.detach().clone() for name, p in model.named_parameters()}",
                  "before = dict(model.named_parameters())")),
        ("unchanged = parameters whose .grad is None (misses the dead ReLU's zero gradients)", "exactly 0 (not None)",
         _overfit("if torch.equal(p.detach(), before[name])", "if p.grad is None")),
        ("unchanged = parameters that do not require grad (misses detached and unused ones)", "detached in forward",
         _overfit("if torch.equal(p.detach(), before[name])", "if not p.requires_grad")),
        ("no zero_grad: the garbage and the earlier gradients are added to every update", "zero_grad() before every backward",
         _overfit("        optimizer.zero_grad()\n", "")),
        ("each loss recorded after its update", "record loss.item() before optimizer.step()",
         _overfit("        losses.append(loss.item())\n        loss.backward()\n        optimizer.step()\n",
                  "        loss.backward()\n        optimizer.step()\n        losses.append(loss_fn(model(xb), yb).item())\n")),
        ("losses as tensors", "Python floats",
         _overfit("losses.append(loss.item())", "losses.append(loss.detach())")),
        ("names in named_parameters() order, not sorted", "sorted",
         _overfit("return losses, sorted(name for name, p in model.named_parameters() if torch.equal(p.detach(), before[name]))",
                  "return losses, [name for name, p in model.named_parameters() if torch.equal(p.detach(), before[name])]")),
        ("SGD with momentum", "plain torch.optim.SGD",
         _overfit("torch.optim.SGD(model.parameters(), lr=lr)", "torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)")),
        ("trains a copy, not the model it was given", "in place",
         _overfit("    before = {name: p.detach().clone() for name, p in model.named_parameters()}\n",
                  "    import copy\n    model = copy.deepcopy(model)\n    before = {name: p.detach().clone() for name, p in model.named_parameters()}\n")),
    ],
    "gan_step": [
        ("no detach: D's backward runs through G and frees its graph", "use D(fake.detach())",
         _gan("D(fake.detach())", "D(fake)")),
        ("no detach but retain_graph=True, both zero_grads first: loss_D's gradient stays in G's .grad",
         "exactly loss_G's gradient",
         _gan("    opt_D.zero_grad()\n", "    opt_D.zero_grad()\n    opt_G.zero_grad()\n",
              "D(fake.detach())", "D(fake)", "loss_D.backward()", "loss_D.backward(retain_graph=True)",
              "    opt_G.zero_grad()\n    d_fake = D(fake)", "    d_fake = D(fake)")),
        ("detaches D's output instead of the fake: D learns nothing from the fakes", "detach the fake input",
         _gan("d_real, d_fake = D(real), D(fake.detach())", "d_real, d_fake = D(real), D(fake).detach()")),
        ("the generator's D(fake) computed before the discriminator's step", "after the discriminator's step",
         _gan("    fake = G(z)\n", "    fake = G(z)\n    d_fake_for_G = D(fake)\n",
              "    d_fake = D(fake)\n    loss_G = bce(d_fake, torch.ones_like(d_fake))",
              "    loss_G = bce(d_fake_for_G, torch.ones_like(d_fake_for_G))")),
        ("the generator's target 0 (it minimises the discriminator's fake loss)", "the generator's target is 1",
         _gan("loss_G = bce(d_fake, torch.ones_like(d_fake))", "loss_G = -bce(d_fake, torch.zeros_like(d_fake))")),
        ("no opt_G.zero_grad(): the garbage stays in G's .grad", "exactly loss_G's gradient",
         _gan("    opt_G.zero_grad()\n", "")),
        ("no opt_D.zero_grad(): the garbage goes into D's update", "opt_D.zero_grad() first",
         _gan("    opt_D.zero_grad()\n", "")),
        ("the generator's step first, through the old D", "through the updated D",
         _gan("""    opt_D.zero_grad()
    d_real, d_fake = D(real), D(fake.detach())
    loss_D = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
    loss_D.backward()
    opt_D.step()
    opt_G.zero_grad()
    d_fake = D(fake)
    loss_G = bce(d_fake, torch.ones_like(d_fake))
    loss_G.backward()
    opt_G.step()
""", """    opt_G.zero_grad()
    d_fake = D(fake)
    loss_G = bce(d_fake, torch.ones_like(d_fake))
    loss_G.backward()
    opt_G.step()
    opt_D.zero_grad()
    d_real, d_fake = D(real), D(fake.detach())
    loss_D = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
    loss_D.backward()
    opt_D.step()
""")),
        ("returns the loss tensors", "Python floats",
         _gan("return loss_D.item(), loss_G.item()", "return loss_D, loss_G")),
    ],
}


# ---- other correct answers: each must get full marks and pass every visible case ----

RIGHT = {
    "stable_ce": [
        ("one-hot rows from torch.eye(C)[target], mean as sum / N, max shift kept in the input dtype", '''def stable_ce(logits, target):
    """Mean cross-entropy."""
    N, C = logits.shape
    onehot = torch.eye(C, dtype=logits.dtype)[target]
    m = logits.max(dim=1, keepdim=True)[0].detach()
    per_row = m + torch.log(torch.exp(logits - m).sum(dim=1, keepdim=True)) - (onehot * logits).sum(dim=1, keepdim=True)
    return per_row.sum() / N
'''),
        ("picks z_t by advanced indexing logits[arange(N), target], reshaped to a column", '''def stable_ce(logits, target):
    """Mean cross-entropy."""
    N = logits.shape[0]
    row_max = logits.max(dim=1, keepdim=True)[0].detach()
    log_norm = row_max + (logits - row_max).exp().sum(dim=1, keepdim=True).log()
    z_t = logits[torch.arange(N, device=logits.device), target].reshape(-1, 1)
    return (log_norm - z_t).sum() / N
'''),
        ("log-probabilities first (shifted - log sum exp), then -mean of the picked one; m not detached", '''def stable_ce(logits, target):
    """Mean cross-entropy via log-probabilities."""
    shifted = logits - logits.max(dim=1, keepdim=True)[0]
    logp = shifted - shifted.exp().sum(dim=1, keepdim=True).log()
    C = logits.shape[1]
    mask = target.reshape(-1, 1) == torch.arange(C, device=logits.device).reshape(1, -1)
    return -(logp * mask.to(logits.dtype)).sum(dim=1).mean()
'''),
        ("torch.where on the one-hot mask, helper functions, (N,) vectors per row", '''def _row_lse(z):
    m = z.max(dim=1, keepdim=True)[0].detach()
    return ((z - m).exp().sum(dim=1, keepdim=True).log() + m).reshape(-1)


def _picked(z, target):
    hit = target.reshape(-1, 1) == torch.arange(z.shape[1], device=z.device).reshape(1, -1)
    return torch.where(hit, z, torch.zeros_like(z)).sum(dim=1)


def stable_ce(logits, target):
    """Mean cross-entropy with helpers."""
    losses = _row_lse(logits) - _picked(logits, target)
    return losses.mean()
'''),
        ("a Python loop over the rows, stacked and averaged", '''def stable_ce(logits, target):
    """Mean cross-entropy, one row at a time."""
    rows = []
    for i in range(logits.shape[0]):
        z = logits[i]
        m = z.max().detach()
        rows.append((z - m).exp().sum().log() + m - z[int(target[i])])
    return torch.stack(rows).mean()
'''),
    ],
    "mlp": [
        ("nn.init.uniform_ on empty Parameters, F.relu", '''class MLP(nn.Module):
    """Fully connected ReLU network."""

    def __init__(self, sizes, dtype=torch.float32):
        super().__init__()
        self.n = len(sizes) - 1
        for i in range(self.n):
            bound = 1 / math.sqrt(sizes[i])
            W = nn.Parameter(torch.empty(sizes[i + 1], sizes[i], dtype=dtype))
            b = nn.Parameter(torch.empty(sizes[i + 1], dtype=dtype))
            nn.init.uniform_(W, -bound, bound)
            nn.init.uniform_(b, -bound, bound)
            setattr(self, f"W{i}", W)
            setattr(self, f"b{i}", b)

    def forward(self, x):
        for i in range(self.n):
            x = x @ getattr(self, f"W{i}").T + getattr(self, f"b{i}")
            x = F.relu(x) if i < self.n - 1 else x
        return x
'''),
        ("register_parameter, uniform_ init in place, sizes kept, clamp(min=0)", '''class MLP(nn.Module):
    """Fully connected ReLU network."""

    def __init__(self, sizes, dtype=torch.float32):
        super().__init__()
        self.sizes = list(sizes)
        for i in range(len(sizes) - 1):
            bound = sizes[i] ** -0.5
            W = torch.empty(sizes[i + 1], sizes[i], dtype=dtype).uniform_(-bound, bound)
            b = torch.empty(sizes[i + 1], dtype=dtype).uniform_(-bound, bound)
            self.register_parameter(f"W{i}", nn.Parameter(W))
            self.register_parameter(f"b{i}", nn.Parameter(b))

    def forward(self, x):
        last = len(self.sizes) - 2
        for i in range(last + 1):
            x = x.matmul(getattr(self, f"W{i}").t()) + getattr(self, f"b{i}")
            if i != last:
                x = x.clamp(min=0)
        return x
'''),
        ("rand * 2 * bound - bound, layers collected as name pairs, torch.maximum for the ReLU", '''class MLP(nn.Module):
    """Fully connected ReLU network."""

    def __init__(self, sizes, dtype=torch.float32):
        super().__init__()
        self.layer_names = []
        for i, (n_in, n_out) in enumerate(zip(sizes, sizes[1:])):
            a = 1.0 / math.sqrt(n_in)
            setattr(self, "W" + str(i), nn.Parameter(torch.rand(n_out, n_in, dtype=dtype) * 2 * a - a))
            setattr(self, "b" + str(i), nn.Parameter(torch.rand(n_out, dtype=dtype) * 2 * a - a))
            self.layer_names.append(("W" + str(i), "b" + str(i)))

    def forward(self, x):
        h = x
        for k, (wn, bn) in enumerate(self.layer_names):
            h = h @ getattr(self, wn).T + getattr(self, bn)
            if k + 1 < len(self.layer_names):
                h = torch.maximum(h, torch.zeros_like(h))
        return h
'''),
        ("(W @ x.T).T, torch.relu, layers applied all but last then the last", '''class MLP(nn.Module):
    """Fully connected ReLU network."""

    def __init__(self, sizes, dtype=torch.float32):
        super().__init__()
        self.depth = len(sizes) - 1
        for i in range(self.depth):
            fan_in, fan_out = sizes[i], sizes[i + 1]
            u = torch.rand(fan_out, fan_in, dtype=dtype)
            v = torch.rand(fan_out, dtype=dtype)
            setattr(self, f"W{i}", nn.Parameter((2 * u - 1) / math.sqrt(fan_in)))
            setattr(self, f"b{i}", nn.Parameter((2 * v - 1) / math.sqrt(fan_in)))

    def _layer(self, i, x):
        return (getattr(self, f"W{i}") @ x.T).T + getattr(self, f"b{i}")

    def forward(self, x):
        for i in range(self.depth - 1):
            x = torch.relu(self._layer(i, x))
        return self._layer(self.depth - 1, x)
'''),
    ],
    "train_step": [
        ("clears .grad by hand (p.grad = None) and returns float(loss)", '''def train_step(model, optimizer, loss_fn, xb, yb):
    """One step."""
    for p in model.parameters():
        p.grad = None
    loss = loss_fn(model(xb), yb)
    loss.backward()
    optimizer.step()
    return float(loss)
'''),
        ("zero_grad(set_to_none=False), the value read before the step", '''def train_step(model, optimizer, loss_fn, xb, yb):
    """One step."""
    optimizer.zero_grad(set_to_none=False)
    out = model(xb)
    loss = loss_fn(out, yb)
    value = loss.detach().item()
    loss.backward()
    optimizer.step()
    return value
'''),
        ("torch.autograd.backward(loss), model.zero_grad()", '''def train_step(model, optimizer, loss_fn, xb, yb):
    """One step."""
    model.zero_grad()
    loss = loss_fn(model.forward(xb), yb)
    torch.autograd.backward(loss)
    optimizer.step()
    return loss.item()
'''),
    ],
    "grad_norm_report": [
        ("p.grad.norm() per parameter, total from the squared norms", '''def grad_norm_report(model):
    """Gradient norms."""
    out = {}
    for name, p in model.named_parameters():
        out[name] = None if p.grad is None else p.grad.norm().item()
    out["total"] = math.sqrt(sum(v * v for v in out.values() if v is not None))
    return out
'''),
        ("dict comprehension with float64 squares, total via torch", '''def _sq(g):
    return (g.to(torch.float64) ** 2).sum()


def grad_norm_report(model):
    """Gradient norms."""
    params = dict(model.named_parameters())
    report = {n: (None if p.grad is None else float(_sq(p.grad).sqrt())) for n, p in params.items()}
    total = torch.tensor(0.0, dtype=torch.float64)
    for p in params.values():
        if p.grad is not None:
            total = total + _sq(p.grad)
    report["total"] = total.sqrt().item()
    return report
'''),
        ("norm computed in the gradient's dtype with .sqrt().item(), total with math.hypot", '''def grad_norm_report(model):
    """Gradient norms."""
    result = {}
    total = 0.0
    for name, p in model.named_parameters():
        g = p.grad
        if g is not None:
            result[name] = (g * g).sum().sqrt().item()
            total = math.hypot(total, result[name])
        else:
            result[name] = None
    result["total"] = float(total)
    return result
'''),
    ],
    "why_no_grad": [
        ("is_leaf for the first row, a deque used as a stack, a set of nodes", '''from collections import deque


def why_no_grad(t, loss):
    """Diagnosis."""
    if not t.is_leaf:
        return "not a leaf"
    if not t.requires_grad:
        return "requires_grad=False"
    root = loss.grad_fn
    if root is None:
        return "no graph"
    todo, visited = deque([root]), {id(root)}
    while todo:
        node = todo.pop()
        if hasattr(node, "variable") and node.variable is t:
            return "ok"
        for nxt, _ in node.next_functions:
            if nxt is not None and id(nxt) not in visited:
                visited.add(id(nxt))
                todo.append(nxt)
    return "not reached"
'''),
        ("collects every reachable AccumulateGrad's variable, then tests identity", '''def _leaves(root):
    stack, seen, found = [root], set(), []
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if type(node).__name__ == "AccumulateGrad":
            found.append(node.variable)
        for nxt, _ in node.next_functions:
            stack.append(nxt)
    return found


def why_no_grad(t, loss):
    """Diagnosis."""
    if t.grad_fn is not None:
        return "not a leaf"
    if t.requires_grad is False:
        return "requires_grad=False"
    if loss.grad_fn is None:
        return "no graph"
    return "ok" if any(v is t for v in _leaves(loss.grad_fn)) else "not reached"
'''),
        ("breadth-first with a list and an index, answers in a table", '''def why_no_grad(t, loss):
    """Diagnosis."""
    checks = [(t.grad_fn is not None, "not a leaf"), (not t.requires_grad, "requires_grad=False"),
              (loss.grad_fn is None, "no graph")]
    for cond, answer in checks:
        if cond:
            return answer
    order, seen, k = [loss.grad_fn], {id(loss.grad_fn)}, 0
    while k < len(order):
        node = order[k]
        k += 1
        if getattr(node, "variable", None) is t:
            return "ok"
        for nxt, _ in getattr(node, "next_functions", ()):
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                order.append(nxt)
    return "not reached"
'''),
    ],
    "overfit_one_batch": [
        ("snapshots as numpy copies, an optimizer over the trainable parameters only, np.array_equal", '''def overfit_one_batch(model, loss_fn, xb, yb, steps, lr):
    """Overfit one batch."""
    before = {name: p.detach().numpy().copy() for name, p in model.named_parameters()}
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        losses.append(float(loss))
        opt.step()
    unchanged = [name for name, p in model.named_parameters() if np.array_equal(p.detach().numpy(), before[name])]
    return losses, sorted(unchanged)
'''),
        ("model.zero_grad() and a while loop, clone() under no_grad, (a == b).all()", '''def overfit_one_batch(model, loss_fn, xb, yb, steps, lr):
    """Overfit one batch."""
    with torch.no_grad():
        start = [(name, p.clone()) for name, p in model.named_parameters()]
    sgd = torch.optim.SGD(model.parameters(), lr)
    history, t = [], 0
    while t < steps:
        model.zero_grad()
        out = loss_fn(model(xb), yb)
        history.append(out.item())
        out.backward()
        sgd.step()
        t += 1
    same = []
    for (name, old), p in zip(start, model.parameters()):
        if bool((p.detach() == old).all()):
            same.append(name)
    same.sort()
    return history, same
'''),
        ("zero_grad(set_to_none=False), snapshots in a list, the largest absolute change == 0", '''def overfit_one_batch(model, loss_fn, xb, yb, steps, lr):
    """Overfit one batch."""
    named = list(model.named_parameters())
    snapshots = [p.detach().clone() for _, p in named]
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for step in range(steps):
        opt.zero_grad(set_to_none=False)
        loss = loss_fn(model(xb), yb)
        losses.append(loss.detach().item())
        loss.backward()
        opt.step()
    unchanged = [name for (name, p), s in zip(named, snapshots) if (p.detach() - s).abs().max().item() == 0]
    return losses, sorted(unchanged)
'''),
    ],
    "gan_step": [
        ("G(z) twice (once detached), zero_grad on the modules, labels from torch.full", '''def gan_step(G, D, opt_G, opt_D, real, z):
    """One GAN step."""
    loss_fn = F.binary_cross_entropy_with_logits
    D.zero_grad()
    out_real, out_fake = D(real), D(G(z).detach())
    loss_D = loss_fn(out_real, torch.full(out_real.shape, 1.0, dtype=out_real.dtype)) + \\
        loss_fn(out_fake, torch.full(out_fake.shape, 0.0, dtype=out_fake.dtype))
    loss_D.backward()
    opt_D.step()
    G.zero_grad()
    out = D(G(z))
    loss_G = loss_fn(out, torch.full(out.shape, 1.0, dtype=out.dtype))
    loss_G.backward()
    opt_G.step()
    return float(loss_D), float(loss_G)
'''),
        ("no_grad for the fakes of D's step, helper functions", '''def _d_loss(D, real, fake):
    bce = F.binary_cross_entropy_with_logits
    a, b = D(real), D(fake)
    return bce(a, torch.ones_like(a)) + bce(b, torch.zeros_like(b))


def gan_step(G, D, opt_G, opt_D, real, z):
    """One GAN step."""
    with torch.no_grad():
        fake_const = G(z)
    opt_D.zero_grad()
    loss_D = _d_loss(D, real, fake_const)
    loss_D.backward()
    opt_D.step()
    opt_G.zero_grad()
    score = D(G(z))
    loss_G = F.binary_cross_entropy_with_logits(score, torch.ones_like(score))
    loss_G.backward()
    opt_G.step()
    return loss_D.item(), loss_G.item()
'''),
        ("nn.BCEWithLogitsLoss, gradients reset by hand to None, labels from new_ones/new_zeros", '''def gan_step(G, D, opt_G, opt_D, real, z):
    """One GAN step."""
    criterion = nn.BCEWithLogitsLoss()
    fake = G(z)
    for p in D.parameters():
        p.grad = None
    s_real = D(real)
    s_fake = D(fake.detach())
    loss_D = criterion(s_real, s_real.new_ones(s_real.shape)) + criterion(s_fake, s_fake.new_zeros(s_fake.shape))
    loss_D.backward()
    opt_D.step()
    for p in G.parameters():
        p.grad = None
    s_fake = D(fake)
    loss_G = criterion(s_fake, s_fake.new_ones(s_fake.shape))
    loss_G.backward()
    opt_G.step()
    return (loss_D.item(), loss_G.item())
'''),
    ],
}


# ---- more typical mistakes and other correct answers ------------------------------------------

_WALK = '''    stack, seen = [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if getattr(node, "variable", None) is t:
            return "ok"
        stack.extend(n for n, _ in node.next_functions)
    return "not reached"'''
_STEP_OK = '''    optimizer.zero_grad()
    loss = loss_fn(model(xb), yb)
    loss.backward()
    optimizer.step()
    return loss.item()'''
_REPORT_OK = '''    report, total_sq = {}, 0.0
    for name, p in model.named_parameters():
        if p.grad is None:
            report[name] = None
        else:
            sq = (p.grad ** 2).sum().item()
            report[name] = math.sqrt(sq)
            total_sq += sq
    report["total"] = math.sqrt(total_sq)
    return report'''


def _sub(src, old, new):
    assert old in src, old
    return src.replace(old, new)


WRONG["stable_ce"] += [
    ("the number of classes hard-coded to the example's 10", "C = logits.shape[1]",
     _ce(hot="    C = 10\n    onehot = (target.reshape(-1, 1) == torch.arange(C, device=logits.device).reshape(1, -1)).to(logits.dtype)")),
    ("the log-sum-exp detached with the max: the gradient is only -onehot / N", "gradient must flow",
     _ce(lse="    lse = ((logits - m).exp().sum(dim=1, keepdim=True).log() + m).detach()")),
    ("returns a float32 result (.float())", "logits' dtype", _ce(ret="    return (lse - picked).mean().float()")),
    ("returns loss.item(): a Python float", "0-d tensor", _ce(ret="    return (lse - picked).mean().item()")),
    ("the shift uses the column max (dim=0)", "one row by hand",
     _ce(m="    m = logits.max(dim=0, keepdim=True)[0].detach()")),
]
WRONG["mlp"] += [
    ("forward hard-codes two layers", "every layer", _mlp(fwd='''        x = (x @ self.W0.T + self.b0).relu()
        return x @ self.W1.T + self.b1''')),
    ("tanh instead of ReLU between the layers", "ReLU after every layer but the last",
     _mlp(fwd=_sub(_FWD_OK, "x = x.relu()", "x = x.tanh()"))),
    ("bound 1/fan_in (no square root)", "uniform on [-0.05, 0.05]",
     _mlp(init=_sub(_INIT_OK, "1.0 / math.sqrt(fan_in)", "1.0 / fan_in"))),
    ("parameters created in float64 whatever the dtype argument", "dtype argument",
     _mlp(init=_INIT_OK.replace("dtype=dtype", "dtype=torch.float64"))),
]
WRONG["train_step"] += [
    ("forward under torch.no_grad()", "no_grad", _step('''    optimizer.zero_grad()
    with torch.no_grad():
        loss = loss_fn(model(xb), yb)
    loss.backward()
    optimizer.step()
    return loss.item()''')),
    ("two optimizer steps", "one step per call", _sub(_step(_STEP_OK), "    optimizer.step()", "    optimizer.step()\n    optimizer.step()")),
    ("returns loss.detach(), a tensor", "Python float", _sub(_step(_STEP_OK), "return loss.item()", "return loss.detach()")),
    ("the loss averaged over the batch a second time (loss / len(xb))", "the loss of this batch",
     _sub(_step(_STEP_OK), "loss = loss_fn(model(xb), yb)", "loss = loss_fn(model(xb), yb) / len(xb)")),
]
WRONG["grad_norm_report"] += [
    ("total = sqrt of the sum of the norms", "not the sum of the norms",
     _REPORT.format(body=_sub(_REPORT_OK, "total_sq += sq", "total_sq += math.sqrt(sq)"))),
    ("L1 norm (sum of |g|)", "sqrt(sum(g ** 2))",
     _REPORT.format(body=_sub(_sub(_REPORT_OK, "sq = (p.grad ** 2).sum().item()", "l1 = p.grad.abs().sum().item()\n            sq = l1 ** 2"), "report[name] = math.sqrt(sq)", "report[name] = l1"))),
    ("keys from enumerate(parameters()) instead of the names", "one entry per named parameter",
     _REPORT.format(body=_sub(_REPORT_OK, "for name, p in model.named_parameters():", "for name, p in enumerate(model.parameters()):"))),
    ("the total of the squared norms (no final sqrt)", "sqrt(sum over parameters",
     _REPORT.format(body=_sub(_REPORT_OK, 'report["total"] = math.sqrt(total_sq)', 'report["total"] = total_sq'))),
]
WRONG["why_no_grad"] += [
    ("walks only the first input of every node", "whole graph", _why(_WHY_HEAD + _sub(
        _WALK, "stack.extend(n for n, _ in node.next_functions)",
        "stack.extend(n for n, _ in node.next_functions[:1])"))),
    ("membership test t in [the leaves] (== on tensors)", "identity", _why(_WHY_HEAD + '''    leaves, stack, seen = [], [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if hasattr(node, "variable"):
            leaves.append(node.variable)
        stack.extend(n for n, _ in node.next_functions)
    return "ok" if t in leaves else "not reached"''')),
    ("no 'no graph' row: walks from a missing grad_fn", "no graph", _why('''    if t.grad_fn is not None:
        return "not a leaf"
    if not t.requires_grad:
        return "requires_grad=False"
''' + _WALK)),
    ("stops at the first leaf it meets", "whole graph", _why(_WHY_HEAD + '''    stack, seen = [loss.grad_fn], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if hasattr(node, "variable"):
            return "ok" if node.variable is t else "not reached"
        stack.extend(n for n, _ in node.next_functions)
    return "not reached"''')),
]
WRONG["overfit_one_batch"] += [
    ("hard-codes the example's lr = 0.2", "the lr argument", _overfit("lr=lr)", "lr=0.2)")),
    ("hard-codes the example's 12 steps", "the steps argument", _overfit("range(steps)", "range(12)")),
    ("one step more than asked (range(steps + 1))", "the steps argument", _overfit("range(steps)", "range(steps + 1)")),
    ("unchanged = parameters whose final .grad is None", "not .grad or requires_grad", _overfit(
        "if torch.equal(p.detach(), before[name]))", "if p.grad is None)")),
]
WRONG["gan_step"] += [
    ("loss_D averaged: (real + fake) / 2", "loss_D = bce(D(real), ones) + bce(D(fake.detach()), zeros)",
     _gan("loss_D = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))",
          "loss_D = (bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))) / 2")),
    ("no opt_G.step()", "opt_G.step()", _gan("    opt_G.step()\n", "")),
    ("the fake made under no_grad and reused for G's loss", "no_grad", _gan(
        "    fake = G(z)\n", "    with torch.no_grad():\n        fake = G(z)\n")),
    ("the generator minimises -bce(D(fake), zeros) (the saturating loss)", "the generator's target is 1",
     _gan("loss_G = bce(d_fake, torch.ones_like(d_fake))", "loss_G = -bce(d_fake, torch.zeros_like(d_fake))")),
]

RIGHT["stable_ce"] += [
    ("gather for the picked logit", _ce(pick="    picked = logits.gather(1, target.reshape(-1, 1))")),
]
RIGHT["why_no_grad"] += [
    ("a recursive walk with a visited set", '''def why_no_grad(t, loss):
    """Diagnosis."""
    if t.grad_fn is not None:
        return "not a leaf"
    if not t.requires_grad:
        return "requires_grad=False"
    if loss.grad_fn is None:
        return "no graph"
    seen = set()

    def reaches(node):
        if node is None or node in seen:
            return False
        seen.add(node)
        if getattr(node, "variable", None) is t:
            return True
        return any(reaches(n) for n, _ in node.next_functions)

    return "ok" if reaches(loss.grad_fn) else "not reached"
'''),
]
RIGHT["grad_norm_report"] += [
    ("torch.stack of the norms for the total", '''def grad_norm_report(model):
    """Gradient norms."""
    norms = {n: (None if p.grad is None else p.grad.double().pow(2).sum().sqrt()) for n, p in model.named_parameters()}
    present = [v for v in norms.values() if v is not None]
    total = torch.stack(present).pow(2).sum().sqrt().item() if present else 0.0
    out = {n: (None if v is None else v.item()) for n, v in norms.items()}
    out["total"] = float(total)
    return out
'''),
]
RIGHT["overfit_one_batch"] += [
    ("snapshots with clone() (no detach), the optimizer built once, a list of names", _overfit(
        "before = {name: p.detach().clone() for name, p in model.named_parameters()}",
        "before = {name: p.clone() for name, p in model.named_parameters()}")),
]
