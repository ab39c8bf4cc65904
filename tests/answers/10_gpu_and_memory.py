"""Wrong answers for 10_gpu_and_memory: each must lose points and fail a visible test naming it."""

_SEG = '''class SegmentCheckpoint(torch.autograd.Function):
    """A wrong answer."""

    @staticmethod
    def forward(ctx, fn, x, *params):
{fwd}

    @staticmethod
    def backward(ctx, grad_out):
{bwd}


def checkpoint_segment(fn, x, *params):
    return SegmentCheckpoint.apply(fn, x, *params)
'''
_FWD = '''        ctx.fn = fn
        ctx.save_for_backward(x, *params)
        return fn(x, *params)'''
_LEAVES = '''        inputs = []
        for t in ctx.saved_tensors:
            leaf = t.detach()
            leaf.requires_grad = True
            inputs.append(leaf)'''
_BWD = _LEAVES + '''
        with torch.enable_grad():
            out = ctx.fn(*inputs)
        grads = torch.autograd.grad(out, inputs, grad_out, allow_unused=True)
        return (None,) + tuple(g if need else None for g, need in zip(grads, ctx.needs_input_grad[1:]))'''


def _seg(fwd=_FWD, bwd=_BWD):
    return _SEG.format(fwd=fwd, bwd=bwd)


def _acc(body):
    return ('def accumulate_gradients(params, loss_fn, X, y, micro_batch):\n    """A wrong answer."""\n'
            + body + "\n")


_ACC_OK = '''    for p in params:
        p.grad = None
    N, total = X.shape[0], 0.0
    for start in range(0, N, micro_batch):
        xb, yb = X[start:start + micro_batch], y[start:start + micro_batch]
        part = loss_fn(params, xb, yb) * (xb.shape[0] / N)
        part.backward()
        total += part.item()
    return total'''

_GS = '''class GradScaler:
    """A wrong answer."""

    def __init__(self, init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self._scale = float(init_scale)
        self._growth_factor = float(growth_factor)
        self._backoff_factor = float(backoff_factor)
        self._growth_interval = int(growth_interval)
        self._clean_steps = 0
        self._found_inf = None

    def get_scale(self):
        return self._scale

    def scale(self, loss):
        return loss * self._scale

    def unscale_(self, optimizer):
{unscale}

    def step(self, optimizer):
{step}

    def update(self):
{update}
'''
_UNSCALE = '''        if self._found_inf is not None:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        found = False
        with torch.no_grad():
            for group in optimizer.param_groups:
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    if not np.isfinite(p.grad.cpu().numpy()).all():
                        found = True
                    p.grad.mul_(1.0 / self._scale)
        self._found_inf = found'''
_STEP = '''        if self._found_inf is None:
            self.unscale_(optimizer)
        if self._found_inf:
            return False
        optimizer.step()
        return True'''
_UPDATE = '''        if self._found_inf:
            self._scale *= self._backoff_factor
            self._clean_steps = 0
        else:
            self._clean_steps += 1
            if self._clean_steps == self._growth_interval:
                self._scale *= self._growth_factor
                self._clean_steps = 0
        self._found_inf = None'''


def _gs(unscale=_UNSCALE, step=_STEP, update=_UPDATE):
    return _GS.format(unscale=unscale, step=step, update=update)


_DP = '''def data_parallel_grads(params, loss_fn, X, y, n_replicas):
    """A wrong answer."""
{body}
'''
_DP_OK = '''    N = X.shape[0]
    bounds = np.cumsum([0] + [len(c) for c in np.array_split(np.arange(N), n_replicas)])
    total = [None] * len(params)
    for k in range(n_replicas):
        lo, hi = int(bounds[k]), int(bounds[k + 1])
        replica = [p.detach().clone() for p in params]
        for r in replica:
            r.requires_grad = True
        local = torch.autograd.grad(loss_fn(replica, X[lo:hi], y[lo:hi]), replica)
        weight = (hi - lo) / N
        total = [g * weight if t is None else t + g * weight for t, g in zip(total, local)]
    return total'''


def _dp(**repl):
    body = _DP_OK
    for old, new in repl.values():
        assert old in body, old
        body = body.replace(old, new)
    return _DP.format(body=body)


def _tso(body):
    return ('def train_step_on(model, optimizer, loss_fn, xb, yb):\n    """A wrong answer."""\n'
            '    p = next(model.parameters())\n' + body + "\n")


_TSO_TAIL = '''    optimizer.zero_grad()
    loss = loss_fn(model(xb), yb)
    loss.backward()
    optimizer.step()
    return loss.item()'''

_AC = '''def autocast_dtype(op, input_dtypes, low):
    """A wrong answer."""
{body}
'''
_AC_OK = '''    lower = {"matmul", "mm", "linear"}
    to_float32 = {"mse_loss", "l1_loss", "cross_entropy", "prod"}
    target = low if op in lower else torch.float32 if op in to_float32 else None
    cast = [dt if target is None or dt == torch.float64 else target for dt in input_dtypes]
    result = cast[0]
    for dt in cast[1:]:
        result = torch.result_type(torch.ones(1, dtype=result), torch.ones(1, dtype=dt))
    return result'''


def _ac(**repl):
    body = _AC_OK
    for old, new in repl.values():
        assert old in body, old
        body = body.replace(old, new)
    return _AC.format(body=body)


_AMP = '''def amp_train_step(model, optimizer, scaler, loss_fn, xb, yb, dtype, max_norm):
    """A wrong answer."""
{body}
'''
_AMP_OK = '''    optimizer.zero_grad()
    with torch.autocast(device_type=xb.device.type, dtype=dtype):
        loss = loss_fn(model(xb), yb)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    scaler.step(optimizer)
    scaler.update()
    return loss.item()'''


def _amp(**repl):
    body = _AMP_OK
    for old, new in repl.values():
        assert old in body, old
        body = body.replace(old, new)
    return _AMP.format(body=body)


WRONG = {
    "segment_checkpoint": [
        ("recomputes without enable_grad: no graph to differentiate", "enable_grad",
         _seg(bwd=_BWD.replace("        with torch.enable_grad():\n            out = ctx.fn(*inputs)",
                               "        out = ctx.fn(*inputs)"))),
        ("recomputes from the saved tensors themselves, not fresh leaves", "fresh leaves",
         _seg(bwd='''        inputs = list(ctx.saved_tensors)
        with torch.enable_grad():
            out = ctx.fn(*inputs)
        grads = torch.autograd.grad(out, inputs, grad_out, allow_unused=True)
        return (None,) + tuple(grads)''')),
        ("autograd.grad without allow_unused=True", "allow_unused=True",
         _seg(bwd=_BWD.replace(", allow_unused=True)", ")"))),
        ("returns no entry for fn", "one entry per forward input",
         _seg(bwd=_BWD.replace("return (None,) + tuple(", "return tuple("))),
        ("fresh leaves without requires_grad", "requires_grad = True",
         _seg(bwd=_BWD.replace("            leaf.requires_grad = True\n", ""))),
        ("ignores grad_out (differentiates out.sum())", "grad_out as the incoming gradient",
         _seg(bwd=_BWD.replace("torch.autograd.grad(out, inputs, grad_out, allow_unused=True)",
                               "torch.autograd.grad(out, inputs, torch.ones_like(out), allow_unused=True)"))),
        ("recomputes fn twice in backward", "exactly once",
         _seg(bwd=_LEAVES + '''
        with torch.enable_grad():
            out = ctx.fn(*inputs)
            out = ctx.fn(*inputs)
        grads = torch.autograd.grad(out, inputs, grad_out, allow_unused=True)
        return (None,) + tuple(grads)''')),
        ("fresh leaves made, but fn recomputed on ctx.saved_tensors", "fresh leaves",
         _seg(bwd=_BWD.replace("out = ctx.fn(*inputs)", "out = ctx.fn(*ctx.saved_tensors)"))),
        ("requires_grad on the saved tensors themselves (no detach)", "fresh leaves",
         _seg(bwd=_BWD.replace("            leaf = t.detach()\n", "            leaf = t\n"))),
    ],
    "accumulate_gradients": [
        ("a single backward on the summed loss", "one backward on the summed loss",
         _acc('''    for p in params:
        p.grad = None
    N, total = X.shape[0], 0.0
    for start in range(0, N, micro_batch):
        xb, yb = X[start:start + micro_batch], y[start:start + micro_batch]
        part = loss_fn(params, xb, yb) * (xb.shape[0] / N)
        total = total + part
    total.backward()
    return total.item()''')),
        ("divides by the number of micro-batches", "n_k / N",
         _acc(_ACC_OK.replace("part = loss_fn(params, xb, yb) * (xb.shape[0] / N)",
                              "part = loss_fn(params, xb, yb) / math.ceil(N / micro_batch)"))),
        ("no weighting: the sum of the micro-batch means", "n_k / N",
         _acc(_ACC_OK.replace("part = loss_fn(params, xb, yb) * (xb.shape[0] / N)", "part = loss_fn(params, xb, yb)"))),
        ("does not clear the old .grad", "clear every .grad",
         _acc(_ACC_OK.replace("    for p in params:\n        p.grad = None\n", ""))),
        ("returns a tensor, not a float", "Python float",
         _acc(_ACC_OK.replace("total += part.item()", "total = total + part.detach()"))),
        ("returned loss unweighted (the gradients are right)", "before adding it to the returned loss",
         _acc(_ACC_OK.replace("total += part.item()", "total += part.item() * N / xb.shape[0] / math.ceil(N / micro_batch)"))),
        ("drops the last, smaller micro-batch", "the last may be smaller",
         _acc(_ACC_OK.replace("range(0, N, micro_batch)", "range(0, N - micro_batch + 1, micro_batch)"))),
    ],
    "grad_scaler": [
        ("unscale_ without a None check: crashes on a parameter without .grad", "is None",
         _gs(unscale=_UNSCALE.replace("""                    if p.grad is None:
                        continue
""", ""))),
        ("unscale_ fills a None .grad with zeros", "leave a None .grad as None",
         _gs(unscale=_UNSCALE.replace("""                    if p.grad is None:
                        continue
""", """                    if p.grad is None:
                        p.grad = torch.zeros_like(p)
"""))),
        ("'skips' by zeroing the gradients and stepping anyway", "do not call optimizer.step()",
         _gs(step='''        if self._found_inf is None:
            self.unscale_(optimizer)
        if self._found_inf:
            for group in optimizer.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        p.grad.zero_()
        optimizer.step()
        return not self._found_inf''')),
        ("checks only the first parameter for inf/nan", "every parameter group",
         _gs(unscale=_UNSCALE.replace("if not np.isfinite(p.grad.cpu().numpy()).all():",
                                      "if p is optimizer.param_groups[0][\"params\"][0] and not np.isfinite(p.grad.cpu().numpy()).all():"))),
        ("multiplies by the scale instead of dividing", "divides every gradient",
         _gs(unscale=_UNSCALE.replace("p.grad.mul_(1.0 / self._scale)", "p.grad.mul_(self._scale)"))),
        ("step() unscales again after an explicit unscale_", "must not unscale twice",
         _gs(step='''        self._found_inf = None
        self.unscale_(optimizer)
        if self._found_inf:
            return False
        optimizer.step()
        return True''')),
        ("update() does not end the iteration", "update() ends the iteration",
         _gs(update=_UPDATE.replace("        self._found_inf = None", "        pass"))),
        ("an inf/nan does not reset the clean-step count", "reset the count",
         _gs(update=_UPDATE.replace("            self._scale *= self._backoff_factor\n            self._clean_steps = 0",
                                    "            self._scale *= self._backoff_factor"))),
        ("second unscale_ does not raise", "RuntimeError",
         _gs(unscale=_UNSCALE.replace('''        if self._found_inf is not None:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
''', ""))),
        ("step() returns None", "returns True when it stepped",
         _gs(step=_STEP.replace("        optimizer.step()\n        return True", "        optimizer.step()"))),
        ("grows after every clean step (ignores growth_interval)", "growth_interval",
         _gs(update=_UPDATE.replace("if self._clean_steps == self._growth_interval:", "if True:"))),
    ],
    "autocast_dtypes": [
        ("every op in the low dtype", "never cast",
         _AC.format(body="    return low")),
        ("only the lower-precision list is cast; everything else float32", "runs in its input's dtype",
         _ac(a=("    target = low if op in lower else torch.float32 if op in to_float32 else None\n",
                "    if torch.float64 in input_dtypes:\n        return torch.float64\n"
                "    return low if op in lower else torch.float32\n"))),
        ("forgets the float32 list: losses stay in their inputs' dtype", "float32 list",
         _ac(a=("target = low if op in lower else torch.float32 if op in to_float32 else None",
                "target = low if op in lower else None"))),
        ("lowers float64 too", "never cast",
         _ac(a=("cast = [dt if target is None or dt == torch.float64 else target for dt in input_dtypes]",
                "cast = [dt if target is None else target for dt in input_dtypes]"))),
        ("CUDA's lists: exp, sum and softmax in float32", "CUDA's float32 list",
         _ac(a=('to_float32 = {"mse_loss", "l1_loss", "cross_entropy", "prod"}',
                'to_float32 = {"mse_loss", "l1_loss", "cross_entropy", "prod", "exp", "sum", "softmax"}'))),
        ("no type promotion: the first input's dtype", "promoted dtype",
         _ac(a=("        result = torch.result_type(torch.ones(1, dtype=result), torch.ones(1, dtype=dt))",
                "        pass"))),
        ("only float32 inputs are lowered (bfloat16 stays under float16 autocast)", "bfloat16 and float16 inputs too",
         _ac(a=("cast = [dt if target is None or dt == torch.float64 else target for dt in input_dtypes]",
                "cast = [target if target is not None and dt == torch.float32 else dt for dt in input_dtypes]"))),
        ("float16 with bfloat16 promotes to the low dtype", "promoted dtype",
         _ac(a=("    result = cast[0]\n",
                "    if set(cast) == {torch.float16, torch.bfloat16}:\n        return low\n    result = cast[0]\n"))),
        ("the float32 list casts float64 down as well", "never cast, also not by the float32 list",
         _ac(a=("cast = [dt if target is None or dt == torch.float64 else target for dt in input_dtypes]",
                "cast = [dt if target is None or (dt == torch.float64 and target is low) else target "
                "for dt in input_dtypes]"))),
    ],
    "amp_train_step": [
        ("clips before unscale_ (the scaled gradients)", "before clip_grad_norm_",
         _amp(a=("    scaler.unscale_(optimizer)\n    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)\n",
                 "    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)\n    scaler.unscale_(optimizer)\n"))),
        ("no autocast: the forward pass in float32", "torch.autocast",
         _amp(a=("    with torch.autocast(device_type=xb.device.type, dtype=dtype):\n        loss = loss_fn(model(xb), yb)",
                 "    loss = loss_fn(model(xb), yb)"))),
        ("autocast without dtype (bfloat16, CPU's default)", "dtype=dtype",
         _amp(a=("torch.autocast(device_type=xb.device.type, dtype=dtype)", "torch.autocast(device_type=xb.device.type)"))),
        ("optimizer.step() instead of scaler.step(optimizer)", "scaler.step(optimizer)",
         _amp(a=("    scaler.step(optimizer)\n", "    optimizer.step()\n"))),
        ("no scaler.update()", "scaler.update()",
         _amp(a=("    scaler.update()\n", ""))),
        ("no zero_grad", "zero_grad",
         _amp(a=("    optimizer.zero_grad()\n", ""))),
        ("backward of the unscaled loss", "scaler.scale(loss).backward()",
         _amp(a=("    scaler.scale(loss).backward()", "    loss.backward()"))),
        ("no clipping", "clip_grad_norm_",
         _amp(a=("    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)\n", ""))),
        ("the model cast to float16", "float32",
         _amp(a=("    optimizer.zero_grad()\n", "    model.to(dtype)\n    optimizer.zero_grad()\n"))),
        ("returns the scaled loss", "unscaled loss",
         _amp(a=("    return loss.item()", "    return scaler.scale(loss).item()"))),
    ],
    "data_parallel_grads": [
        ("plain average 1/R", "n_k / N",
         _dp(a=("weight = (hi - lo) / N", "weight = 1 / n_replicas"))),
        ("plain sum of the shard gradients", "n_k / N",
         _dp(a=("weight = (hi - lo) / N", "weight = 1.0"))),
        ("the original parameters as replicas", "must be a copy",
         _dp(a=('''        replica = [p.detach().clone() for p in params]
        for r in replica:
            r.requires_grad = True
''', "        replica = params\n"))),
        ("replicas made with clone() (non-leaves)", "fresh leaves",
         _dp(a=('''        replica = [p.detach().clone() for p in params]
        for r in replica:
            r.requires_grad = True
''', "        replica = [p.clone() for p in params]\n"))),
        ("equal shards of N // R rows (the remainder dropped)", "np.array_split",
         _dp(a=("bounds = np.cumsum([0] + [len(c) for c in np.array_split(np.arange(N), n_replicas)])",
                "bounds = [k * (N // n_replicas) for k in range(n_replicas + 1)]"))),
        ("backward on the originals, then reads their .grad", "must be a copy",
         _DP.format(body='''    N = X.shape[0]
    shards = np.array_split(np.arange(N), n_replicas)
    total = [0.0 for _ in params]
    for s in shards:
        lo, hi = int(s[0]), int(s[-1]) + 1
        for p in params:
            p.grad = None
        loss_fn(params, X[lo:hi], y[lo:hi]).backward()
        total = [t + p.grad * ((hi - lo) / N) for t, p in zip(total, params)]
    return total''')),
        ("returns the per-replica gradients, not combined", "one combined gradient per parameter",
         _dp(a=("        total = [g * weight if t is None else t + g * weight for t, g in zip(total, local)]\n    return total",
                "        total[k % len(total)] = local\n    return [g for g in total if g is not None] + [None] * n_replicas"))),
    ],
    "train_step_on": [
        ("the inputs moved but not cast", "cast the inputs",
         _tso("    xb = xb.to(p.device)\n    yb = yb.to(p.device)\n" + _TSO_TAIL)),
        ("the labels cast to the parameters' dtype", "without a dtype",
         _tso("    xb = xb.to(device=p.device, dtype=p.dtype)\n    yb = yb.to(device=p.device, dtype=p.dtype)\n" + _TSO_TAIL)),
        ("picks the device itself with torch.cuda (forbidden)", "cuda",
         _tso("    dev = \"cuda\" if torch.cuda.is_available() else \"cpu\"\n"
              "    xb = xb.to(device=dev, dtype=p.dtype)\n    yb = yb.to(dev)\n" + _TSO_TAIL)),
        ("returns the loss tensor", "Python float",
         _tso("    xb = xb.to(device=p.device, dtype=p.dtype)\n    yb = yb.to(p.device)\n"
              + _TSO_TAIL.replace("return loss.item()", "return loss.detach()"))),
        ("casts the model to the batch's dtype instead", "leave the model where it is",
         _tso("    model.to(xb.dtype)\n    yb = yb.to(p.device)\n" + _TSO_TAIL)),
        ("no zero_grad", "zero_grad(), forward, backward(), step()",
         _tso("    xb = xb.to(device=p.device, dtype=p.dtype)\n    yb = yb.to(p.device)\n"
              + _TSO_TAIL.replace("    optimizer.zero_grad()\n", ""))),
        ("labels cast to float32", "without a dtype",
         _tso("    xb = xb.to(device=p.device, dtype=p.dtype)\n    yb = yb.to(device=p.device, dtype=torch.float32)\n" + _TSO_TAIL)),
    ],
}


# ---- other correct answers: each must get full marks and pass every visible case ----

_WRAPPER = '''

def checkpoint_segment(fn, x, *params):
    """fn(x, *params), checkpointed: only x and params are kept for backward."""
    return SegmentCheckpoint.apply(fn, x, *params)
'''

RIGHT = {
    "segment_checkpoint": [
        ("requires_grad_() on the detached leaves, keyword arguments, a list comprehension", '''class SegmentCheckpoint(torch.autograd.Function):
    """Run fn(x, *params) without keeping its graph; recompute it in backward."""

    @staticmethod
    def forward(ctx, fn, x, *params):
        ctx.fn = fn
        ctx.save_for_backward(x, *params)
        return fn(x, *params)

    @staticmethod
    def backward(ctx, grad_out):
        leaves = [s.detach().requires_grad_() for s in ctx.saved_tensors]
        with torch.enable_grad():
            recomputed = ctx.fn(*leaves)
        grads = torch.autograd.grad(outputs=recomputed, inputs=leaves, grad_outputs=grad_out,
                                    allow_unused=True)
        result = [None]
        for g, need in zip(grads, ctx.needs_input_grad[1:]):
            result.append(g if need else None)
        return tuple(result)
''' + _WRAPPER),
        ("x and params kept apart, fn called as fn(x, *params) in backward", '''class SegmentCheckpoint(torch.autograd.Function):
    """Run fn(x, *params) without keeping its graph; recompute it in backward."""

    @staticmethod
    def forward(ctx, fn, x, *params):
        ctx.fn = fn
        ctx.n_params = len(params)
        ctx.save_for_backward(x, *params)
        out = fn(x, *params)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        x_saved, *p_saved = ctx.saved_tensors
        x = x_saved.detach()
        x.requires_grad = True
        params = []
        for p in p_saved:
            q = p.detach()
            q.requires_grad = True
            params.append(q)
        with torch.enable_grad():
            y = ctx.fn(x, *params)
        gx, *gps = torch.autograd.grad(y, [x] + params, grad_out, allow_unused=True)
        needs = ctx.needs_input_grad
        return (None, gx if needs[1] else None) + tuple(g if n else None for g, n in zip(gps, needs[2:]))
''' + _WRAPPER),
        ("backward returns a list built with an index loop", '''class SegmentCheckpoint(torch.autograd.Function):
    """Run fn(x, *params) without keeping its graph; recompute it in backward."""

    @staticmethod
    def forward(ctx, fn, x, *params):
        ctx.save_for_backward(x, *params)
        ctx.fn = fn
        return fn(x, *params)

    @staticmethod
    def backward(ctx, grad_out):
        fresh = []
        for t in ctx.saved_tensors:
            fresh.append(t.detach().requires_grad_(True))
        with torch.enable_grad():
            out = ctx.fn(*fresh)
        grads = torch.autograd.grad(out, fresh, grad_out, allow_unused=True)
        answer = [None] * (len(fresh) + 1)
        for i in range(len(fresh)):
            if ctx.needs_input_grad[i + 1]:
                answer[i + 1] = grads[i]
        return tuple(answer)
''' + _WRAPPER),
    ],
    "accumulate_gradients": [
        ("backward of the summed-not-averaged micro-batch loss, then divide every .grad by N", '''def accumulate_gradients(params, loss_fn, X, y, micro_batch):
    """Fill p.grad with the full-batch gradient, one backward per micro-batch."""
    for p in params:
        p.grad = None
    N = len(X)
    total = 0.0
    for lo in range(0, N, micro_batch):
        hi = min(lo + micro_batch, N)
        loss = loss_fn(params, X[lo:hi], y[lo:hi]) * (hi - lo)
        loss.backward()
        total += loss.item()
    with torch.no_grad():
        for p in params:
            p.grad /= N
    return total / N
'''),
        ("a while loop, weight n_k / N applied as a Python float, float() of the sum", '''def accumulate_gradients(params, loss_fn, X, y, micro_batch):
    """Fill p.grad with the full-batch gradient, one backward per micro-batch."""
    for p in params:
        p.grad = None
    n_total = X.shape[0]
    start, parts = 0, []
    while start < n_total:
        xb = X[start:start + micro_batch]
        yb = y[start:start + micro_batch]
        w = xb.shape[0] / n_total
        piece = w * loss_fn(params, xb, yb)
        piece.backward()
        parts.append(piece.item())
        start += micro_batch
    return float(sum(parts))
'''),
        ("precomputed (start, stop) slices, loss value weighted after .item()", '''def _slices(n, size):
    return [(s, min(s + size, n)) for s in range(0, n, size)]


def accumulate_gradients(params, loss_fn, X, y, micro_batch):
    """Fill p.grad with the full-batch gradient, one backward per micro-batch."""
    for p in params:
        p.grad = None
    N = X.shape[0]
    full = 0.0
    for a, b in _slices(N, micro_batch):
        mean_k = loss_fn(params, X[a:b], y[a:b])
        share = (b - a) / N
        (mean_k * share).backward()
        full += mean_k.item() * share
    return full
'''),
    ],
    "grad_scaler": [
        ("torch.isfinite for the check, div_ to unscale, a flag and a counter with other names", '''class GradScaler:
    """Dynamic loss scaling for float16 training."""

    def __init__(self, init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.cur = float(init_scale)
        self.grow = growth_factor
        self.back = backoff_factor
        self.interval = growth_interval
        self.streak = 0
        self.unscaled = False
        self.bad = False

    def get_scale(self):
        return float(self.cur)

    def scale(self, loss):
        return self.cur * loss

    def unscale_(self, optimizer):
        if self.unscaled:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        bad = False
        with torch.no_grad():
            for group in optimizer.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        if not bool(torch.isfinite(p.grad).all()):
                            bad = True
                        p.grad.div_(self.cur)
        self.unscaled, self.bad = True, bad

    def step(self, optimizer):
        if not self.unscaled:
            self.unscale_(optimizer)
        if self.bad:
            return False
        optimizer.step()
        return True

    def update(self):
        if self.bad:
            self.cur = self.cur * self.back
            self.streak = 0
        else:
            self.streak += 1
            if self.streak >= self.interval:
                self.cur = self.cur * self.grow
                self.streak = 0
        self.unscaled = False
        self.bad = False
''' ),
        ("a list of all gradients collected first, any() over np.isfinite, inverse scale multiplied", '''class GradScaler:
    """Dynamic loss scaling for float16 training."""

    def __init__(self, init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self._scale = init_scale
        self.growth_factor, self.backoff_factor = growth_factor, backoff_factor
        self.growth_interval = growth_interval
        self._good = 0
        self._state = {}

    def get_scale(self):
        return float(self._scale)

    def scale(self, loss):
        return loss * self._scale

    @staticmethod
    def _grads(optimizer):
        return [p.grad for g in optimizer.param_groups for p in g["params"] if p.grad is not None]

    def unscale_(self, optimizer):
        if "found_inf" in self._state:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        grads = self._grads(optimizer)
        found = any(not np.isfinite(g.cpu().numpy()).all() for g in grads)
        inv = 1.0 / self._scale
        with torch.no_grad():
            for g in grads:
                g.mul_(inv)
        self._state["found_inf"] = found

    def step(self, optimizer):
        if "found_inf" not in self._state:
            self.unscale_(optimizer)
        if self._state["found_inf"]:
            return False
        optimizer.step()
        return True

    def update(self):
        if self._state.get("found_inf", False):
            self._scale = self._scale * self.backoff_factor
            self._good = 0
        else:
            self._good = self._good + 1
            if self._good == self.growth_interval:
                self._scale = self._scale * self.growth_factor
                self._good = 0
        self._state = {}
'''),
        ("isnan | isinf via torch, the growth test with modulo", '''class GradScaler:
    """Dynamic loss scaling for float16 training."""

    def __init__(self, init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.s = float(init_scale)
        self.gf, self.bf, self.gi = float(growth_factor), float(backoff_factor), int(growth_interval)
        self.clean = 0
        self.found = None

    def get_scale(self):
        return self.s

    def scale(self, loss):
        return loss * self.s

    def unscale_(self, optimizer):
        if self.found is not None:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        self.found = False
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                with torch.no_grad():
                    if bool((torch.isnan(p.grad) | torch.isinf(p.grad)).any()):
                        self.found = True
                    p.grad.mul_(1 / self.s)

    def step(self, optimizer):
        if self.found is None:
            self.unscale_(optimizer)
        if not self.found:
            optimizer.step()
        return not self.found

    def update(self):
        if self.found:
            self.s *= self.bf
            self.clean = 0
        else:
            self.clean += 1
            if self.clean % self.gi == 0:
                self.s *= self.gf
                self.clean = 0
        self.found = None
'''),
    ],
    "autocast_dtypes": [
        ("the lists as two sets, promotion by torch.promote_types", '''def autocast_dtype(op, input_dtypes, low):
    """The dtype of op's result on CPU under torch.autocast("cpu", dtype=low), inputs of input_dtypes."""
    if op in ("matmul", "mm", "linear"):
        dts = [d if d == torch.float64 else low for d in input_dtypes]
    elif op in ("mse_loss", "l1_loss", "cross_entropy", "prod"):
        dts = [d if d == torch.float64 else torch.float32 for d in input_dtypes]
    else:
        dts = list(input_dtypes)
    out = dts[0]
    for d in dts[1:]:
        out = torch.promote_types(out, d)
    return out
'''),
        ("observed: runs the op under autocast with the helpers' observed_autocast_dtype", '''def autocast_dtype(op, input_dtypes, low):
    """The dtype of op's result on CPU under torch.autocast("cpu", dtype=low), inputs of input_dtypes."""
    return observed_autocast_dtype(op, input_dtypes, low)
'''),
        ("a rank table for promotion, a dict of lists", '''_LISTS = {"matmul": "low", "mm": "low", "linear": "low",
          "mse_loss": "f32", "l1_loss": "f32", "cross_entropy": "f32", "prod": "f32"}


def autocast_dtype(op, input_dtypes, low):
    """The dtype of op's result on CPU under torch.autocast("cpu", dtype=low), inputs of input_dtypes."""
    kind = _LISTS.get(op)
    dts = []
    for dt in input_dtypes:
        if dt == torch.float64 or kind is None:
            dts.append(dt)
        else:
            dts.append(low if kind == "low" else torch.float32)
    if torch.float64 in dts:
        return torch.float64
    if torch.float32 in dts or (torch.float16 in dts and torch.bfloat16 in dts):
        return torch.float32
    return dts[0]
'''),
    ],
    "amp_train_step": [
        ("a GradScaler step written as scale, backward, unscale, clip, step, update in one chain of names",
         '''def amp_train_step(model, optimizer, scaler, loss_fn, xb, yb, dtype, max_norm):
    """One mixed-precision training step; the loss."""
    optimizer.zero_grad()
    with torch.autocast(xb.device.type, dtype):
        pred = model(xb)
        loss = loss_fn(pred, yb)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    grads_norm = nn.utils.clip_grad_norm_(list(model.parameters()), max_norm)
    scaler.step(optimizer)
    scaler.update()
    return loss.detach().item()
'''),
        ("torch.amp.autocast with the parameters' device type, a parameter list, float(loss)", '''def amp_train_step(model, optimizer, scaler, loss_fn, xb, yb, dtype, max_norm):
    """One mixed-precision training step; the loss."""
    params = list(model.parameters())
    optimizer.zero_grad(set_to_none=True)
    with torch.amp.autocast(params[0].device.type, dtype=dtype):
        out = model(xb)
        loss = loss_fn(out, yb)
    scaled = scaler.scale(loss)
    scaled.backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(params, max_norm=max_norm)
    scaler.step(optimizer)
    scaler.update()
    return float(loss)
'''),
        ("p.grad = None by hand, the loss value read before the step", '''def amp_train_step(model, optimizer, scaler, loss_fn, xb, yb, dtype, max_norm):
    """One mixed-precision training step; the loss."""
    for p in model.parameters():
        p.grad = None
    with torch.autocast(device_type="cpu", dtype=dtype):
        loss = loss_fn(model(xb), yb)
    value = loss.item()
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    scaler.step(optimizer)
    scaler.update()
    return value
'''),
    ],
    "data_parallel_grads": [
        ("shard sizes from divmod, requires_grad_(), summed then divided by N, a tuple returned", '''def data_parallel_grads(params, loss_fn, X, y, n_replicas):
    """Per-shard gradients on independent replicas, combined by a size-weighted all-reduce."""
    N = X.shape[0]
    q, r = divmod(N, n_replicas)
    sizes = [q + 1 if k < r else q for k in range(n_replicas)]
    sums = [torch.zeros_like(p) for p in params]
    start = 0
    for n_k in sizes:
        replica = [p.detach().clone().requires_grad_() for p in params]
        grads = torch.autograd.grad(loss_fn(replica, X[start:start + n_k], y[start:start + n_k]), replica)
        sums = [s + g * n_k for s, g in zip(sums, grads)]
        start += n_k
    return tuple(s / N for s in sums)
'''),
        ("np.array_split of the row indices, all local gradients kept, then reduced per parameter", '''def data_parallel_grads(params, loss_fn, X, y, n_replicas):
    """Per-shard gradients on independent replicas, combined by a size-weighted all-reduce."""
    N = X.shape[0]
    local, weights = [], []
    for idx in np.array_split(np.arange(N), n_replicas):
        lo, hi = int(idx[0]), int(idx[-1]) + 1
        copies = []
        for p in params:
            c = p.detach().clone()
            c.requires_grad = True
            copies.append(c)
        local.append(torch.autograd.grad(loss_fn(copies, X[lo:hi], y[lo:hi]), copies))
        weights.append(len(idx) / N)
    out = []
    for j in range(len(params)):
        acc = local[0][j] * weights[0]
        for k in range(1, len(local)):
            acc = acc + local[k][j] * weights[k]
        out.append(acc)
    return out
'''),
        ("a helper that makes a replica, torch.stack and sum for the all-reduce", '''def _replica(params):
    return [p.detach().clone().requires_grad_(True) for p in params]


def data_parallel_grads(params, loss_fn, X, y, n_replicas):
    """Per-shard gradients on independent replicas, combined by a size-weighted all-reduce."""
    N = X.shape[0]
    chunks = np.array_split(np.arange(N), n_replicas)
    per_param = [[] for _ in params]
    lo = 0
    for chunk in chunks:
        hi = lo + len(chunk)
        rep = _replica(params)
        gs = torch.autograd.grad(loss_fn(rep, X[lo:hi], y[lo:hi]), rep)
        for j, g in enumerate(gs):
            per_param[j].append(g * ((hi - lo) / N))
        lo = hi
    return [torch.stack(parts).sum(dim=0) for parts in per_param]
'''),
    ],
    "train_step_on": [
        ("xb.to(p) (device and dtype of p at once), yb.to(p.device), torch.autograd.backward", '''def train_step_on(model, optimizer, loss_fn, xb, yb):
    """One training step on the model's device and in its dtype; returns the loss."""
    p = next(model.parameters())
    optimizer.zero_grad()
    loss = loss_fn(model(xb.to(p)), yb.to(p.device))
    torch.autograd.backward(loss)
    optimizer.step()
    return loss.item()
'''),
        ("list(model.parameters())[0], two .to calls, float(loss)", '''def train_step_on(model, optimizer, loss_fn, xb, yb):
    """One training step on the model's device and in its dtype; returns the loss."""
    first = list(model.parameters())[0]
    xb = xb.to(first.device).to(first.dtype)
    yb = yb.to(device=first.device)
    optimizer.zero_grad()
    loss = loss_fn(model(xb), yb)
    loss.backward()
    optimizer.step()
    return float(loss)
'''),
        ("next(iter(...)), the value read before step, zero_grad(set_to_none=False)", '''def train_step_on(model, optimizer, loss_fn, xb, yb):
    """One training step on the model's device and in its dtype; returns the loss."""
    ref = next(iter(model.parameters()))
    dev, dt = ref.device, ref.dtype
    inputs = xb.to(device=dev, dtype=dt)
    labels = yb.to(dev)
    optimizer.zero_grad(set_to_none=False)
    loss = loss_fn(model(inputs), labels)
    loss.backward()
    value = loss.item()
    optimizer.step()
    return value
'''),
        ("a helper that moves the batch, p.grad = None by hand", '''def _to_model(model, xb, yb):
    p = next(model.parameters())
    return xb.to(dtype=p.dtype, device=p.device), yb.to(p.device)


def train_step_on(model, optimizer, loss_fn, xb, yb):
    """One training step on the model's device and in its dtype; returns the loss."""
    xb, yb = _to_model(model, xb, yb)
    for p in model.parameters():
        p.grad = None
    loss = loss_fn(model(xb), yb)
    loss.backward()
    optimizer.step()
    return loss.detach().item()
'''),
    ],
}


# ---- more typical mistakes and other correct answers ------------------------------------------

def _sub(src, old, new, count=-1):
    assert old in src, old
    return src.replace(old, new, count)


WRONG["segment_checkpoint"] += [
    ("fn passed to save_for_backward", "save_for_backward takes tensors only",
     _seg(fwd='''        ctx.save_for_backward(fn, x, *params)
        return fn(x, *params)''', bwd=_sub(_sub(_BWD, "for t in ctx.saved_tensors:", "fn, *saved = ctx.saved_tensors\n        for t in saved:"),
                                          "ctx.fn(*inputs)", "fn(*inputs)"))),
    ("backward returns the gradients for x and the params only as a list (no None for fn)", "one entry per forward input",
     _seg(bwd=_sub(_BWD, "return (None,) + tuple(", "return list("))),
]
WRONG["accumulate_gradients"] += [
    ("weights every micro-batch by micro_batch / N (wrong for the last, smaller one)", "n_k / N",
     _acc(_sub(_ACC_OK, "(xb.shape[0] / N)", "(micro_batch / N)"))),
    ("hard-codes the example's micro-batch of 4 rows", "the micro_batch argument",
     _acc(_sub(_sub(_ACC_OK, "range(0, N, micro_batch)", "range(0, N, 4)"), "start + micro_batch", "start + 4"))),
    ("clears the old gradients with zero_() instead of None", "set it to None",
     _acc(_sub(_ACC_OK, "        p.grad = None", "        if p.grad is not None:\n            p.grad.zero_()"))),
    ("N taken from the number of features (X.shape[1])", "N = X.shape[0]", _acc(_sub(_ACC_OK, "X.shape[0]", "X.shape[1]"))),
]
WRONG["grad_scaler"] += [
    ("the clean-step count not reset after growing", "reset the count of clean steps after growing",
     _gs(update=_sub(_UPDATE, "                self._scale *= self._growth_factor\n                self._clean_steps = 0",
                     "                self._scale *= self._growth_factor"))),
    ("grows at every clean step once the count has reached growth_interval (>=, no reset)", "reset the count of clean steps after growing",
     _gs(update=_sub(_sub(_UPDATE, "if self._clean_steps == self._growth_interval:", "if self._clean_steps >= self._growth_interval:"),
                     "                self._scale *= self._growth_factor\n                self._clean_steps = 0",
                     "                self._scale *= self._growth_factor"))),
    ("unscale_ divides by the initial scale (cached in __init__)", "current scale",
     _sub(_gs(unscale=_sub(_UNSCALE, "p.grad.mul_(1.0 / self._scale)", "p.grad.mul_(self._inv_init)")),
          "        self._found_inf = None\n", "        self._found_inf = None\n        self._inv_init = 1.0 / float(init_scale)\n", 1)),
    ("scale(loss) multiplies the loss in place", "loss itself stays unchanged",
     _sub(_gs(), "        return loss * self._scale", "        return loss.mul_(self._scale)")),
]
WRONG["autocast_dtypes"] += [
    ("prod forgotten in the float32 list", "float32 list",
     _ac(a=('to_float32 = {"mse_loss", "l1_loss", "cross_entropy", "prod"}', 'to_float32 = {"mse_loss", "l1_loss", "cross_entropy"}'))),
    ("l1_loss forgotten in the float32 list", "float32 list",
     _ac(a=('to_float32 = {"mse_loss", "l1_loss", "cross_entropy", "prod"}', 'to_float32 = {"mse_loss", "cross_entropy", "prod"}'))),
    ("mm forgotten in the lower-precision list", "lower-precision list",
     _ac(a=('lower = {"matmul", "mm", "linear"}', 'lower = {"matmul", "linear"}'))),
    ("tanh treated as a float32-list op (like CUDA's exp)", "on none of the lists",
     _ac(a=('"cross_entropy", "prod"}', '"cross_entropy", "prod", "tanh"}'))),
]
WRONG["amp_train_step"] += [
    ("clips with a fixed max_norm of 1.0", "max_norm",
     _amp(a=("clip_grad_norm_(model.parameters(), max_norm)", "clip_grad_norm_(model.parameters(), 1.0)"))),
    ("clips only the first parameter", "joint norm of all of model.parameters()",
     _amp(a=("clip_grad_norm_(model.parameters(), max_norm)", "clip_grad_norm_(list(model.parameters())[:1], max_norm)"))),
    ("scaler.update() before scaler.step()", "before scaler.update()",
     _amp(a=("    scaler.step(optimizer)\n    scaler.update()", "    scaler.update()\n    scaler.step(optimizer)"))),
    ("autocast to float16 whatever the dtype argument", "dtype=dtype",
     _amp(a=("dtype=dtype)", "dtype=torch.float16)"))),
]
WRONG["data_parallel_grads"] += [
    ("shards from torch.chunk (sizes 4, 4, 2 instead of array_split's 4, 3, 3)", "np.array_split", _DP.format(body='''    N = X.shape[0]
    total = [torch.zeros_like(p) for p in params]
    for Xk, yk in zip(torch.chunk(X, n_replicas), torch.chunk(y, n_replicas)):
        replica = [p.detach().clone().requires_grad_() for p in params]
        local = torch.autograd.grad(loss_fn(replica, Xk, yk), replica)
        total = [t + g * (Xk.shape[0] / N) for t, g in zip(total, local)]
    return total''')),
    ("replicas without requires_grad", "must require grad",
     _dp(a=("        for r in replica:\n            r.requires_grad = True\n", ""))),
    ("writes the combined gradients into params' .grad as well", "must not write .grad",
     _dp(a=("    return total", "    for p, g in zip(params, total):\n        p.grad = g\n    return total"))),
    ("weights n_k / N with N from the number of replicas", "n_k / N", _dp(a=("weight = (hi - lo) / N", "weight = (hi - lo) / n_replicas"))),
]
WRONG["train_step_on"] += [
    ("inputs cast to float64 whatever the model's dtype", "p.dtype",
     _tso("    xb = xb.to(device=p.device, dtype=torch.float64)\n    yb = yb.to(p.device)\n" + _TSO_TAIL)),
    ("the dtype of the batch's labels used for the inputs", "p.dtype",
     _tso("    xb = xb.to(device=p.device, dtype=yb.dtype)\n    yb = yb.to(p.device)\n" + _TSO_TAIL)),
    ("the loss returned after a second forward pass (after the step)", "computed before the update",
     _tso("    xb = xb.to(device=p.device, dtype=p.dtype)\n    yb = yb.to(p.device)\n"
          + _sub(_TSO_TAIL, "    return loss.item()", "    return loss_fn(model(xb), yb).item()"))),
]

RIGHT["segment_checkpoint"] += [
    ("out.backward(grad_out) on the recomputation, the fresh leaves' .grad read back", _seg(bwd=_LEAVES + '''
        with torch.enable_grad():
            out = ctx.fn(*inputs)
            out.backward(grad_out)
        return (None,) + tuple(leaf.grad if need else None for leaf, need in zip(inputs, ctx.needs_input_grad[1:]))''')),
]
RIGHT["accumulate_gradients"] += [
    ("torch.split into micro-batches, the weight from len()", _acc('''    for p in params:
        p.grad = None
    N = len(X)
    total = 0.0
    for xb, yb in zip(torch.split(X, micro_batch), torch.split(y, micro_batch)):
        loss = loss_fn(params, xb, yb)
        (loss * len(xb) / N).backward()
        total += loss.item() * len(xb) / N
    return float(total)''')),
]
RIGHT["data_parallel_grads"] += [
    ("np.array_split of the rows as tensors indexed by arrays, a running sum", _DP.format(body='''    N = X.shape[0]
    out = None
    for idx in np.array_split(np.arange(N), n_replicas):
        lo, hi = int(idx[0]), int(idx[-1]) + 1
        replica = []
        for p in params:
            r = p.detach().clone()
            r.requires_grad_(True)
            replica.append(r)
        gs = torch.autograd.grad(loss_fn(replica, X[lo:hi], y[lo:hi]), replica)
        gs = [g * ((hi - lo) / N) for g in gs]
        out = gs if out is None else [a + b for a, b in zip(out, gs)]
    return out''')),
]
RIGHT["autocast_dtypes"] += [
    ("if/elif on the op, promotion with torch.promote_types in a loop", '''def autocast_dtype(op, input_dtypes, low):
    """Predict."""
    out = []
    for dt in input_dtypes:
        if dt == torch.float64:
            out.append(dt)
        elif op in ("matmul", "mm", "linear"):
            out.append(low)
        elif op in ("mse_loss", "l1_loss", "cross_entropy", "prod"):
            out.append(torch.float32)
        else:
            out.append(dt)
    res = out[0]
    for dt in out[1:]:
        res = torch.promote_types(res, dt)
    return res
'''),
]

WRONG["segment_checkpoint"] += [
    ("forward calls fn(x, params): the parameters as one tuple", "fn(x, *params)",
     _seg(fwd='''        ctx.fn = fn
        ctx.save_for_backward(x, *params)
        return fn(x, params)''')),
    ("backward differentiates only with respect to the parameters: no gradient for x", "same leaves",
     _seg(bwd=_LEAVES + '''
        with torch.enable_grad():
            out = ctx.fn(*inputs)
        grads = torch.autograd.grad(out, inputs[1:], grad_out, allow_unused=True)
        return (None, None) + tuple(grads)''')),
]
WRONG["train_step_on"].append(("optimizer.step() before backward()", "in that order",
                               _tso("    xb = xb.to(device=p.device, dtype=p.dtype)\n    yb = yb.to(p.device)\n"
                                    + _sub(_TSO_TAIL, "    loss.backward()\n    optimizer.step()\n",
                                           "    optimizer.step()\n    loss.backward()\n"))))
