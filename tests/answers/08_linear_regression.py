"""Wrong answers for 08_linear_regression: each must lose points and fail a visible case that names it."""

_MOMENTUM = '''
class MomentumSGD:
    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0):
        self.params = list(params)
        self.lr, self.momentum, self.weight_decay = lr, momentum, weight_decay
        self.buffers = [None] * len(self.params)

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        with torch.no_grad():
            for i, p in enumerate(self.params):
                if p.grad is None:
                    continue
                g = p.grad
                if self.weight_decay != 0:
                    g = g + self.weight_decay * p
                if self.momentum != 0:
                    if self.buffers[i] is None:
                        self.buffers[i] = g.clone()
                    else:
                        self.buffers[i] = self.momentum * self.buffers[i] + g
                    g = self.buffers[i]
                p -= self.lr * g
'''


def _momentum(old, new):
    assert old in _MOMENTUM, old
    return _MOMENTUM.replace(old, new)


WRONG = {
    "mse_grad": [
        ("returns numpy arrays", "not numpy arrays", '''
def mse_grad(X, y, w, b):
    Xn, yn, wn, bn = X.numpy(), y.numpy(), w.detach().numpy(), b.item()
    r = Xn @ wn + bn - yn
    return 2 / len(yn) * Xn.T @ r, 2 / len(yn) * r.sum()
'''),
        ("residual with the wrong sign (y - y_hat)", "sign is flipped", '''
def mse_grad(X, y, w, b):
    r = y - (X @ w + b)
    n = X.shape[0]
    return (2.0 / n) * (X.T @ r), (2.0 / n) * r.sum()
'''),
        ("forgets the factor 2", "factor 2", '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    n = X.shape[0]
    return (X.T @ r) / n, r.sum() / n
'''),
        ("sum instead of mean (no 1/N)", "divide by N", '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    return 2.0 * (X.T @ r), 2.0 * r.sum()
'''),
        ("db not summed: shape (N,)", "db = 2 / N * r.sum()", '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    n = X.shape[0]
    return (2.0 / n) * (X.T @ r), (2.0 / n) * r
'''),
        ("uses autograd", "torch.autograd.grad (line", '''
def mse_grad(X, y, w, b):
    with torch.enable_grad():
        w2 = w.detach().requires_grad_(True)
        b2 = b.detach().requires_grad_(True)
        loss = ((X @ w2 + b2 - y) ** 2).mean()
        return torch.autograd.grad(loss, (w2, b2))
'''),
        ("db as a Python float", "not numpy arrays or Python numbers", '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    n = X.shape[0]
    return (2.0 / n) * (X.T @ r), (2.0 / n) * r.sum().item()
'''),
    ],
    "sgd_step": [
        ("no torch.no_grad()", "torch.no_grad()", '''
def sgd_step(params, lr):
    for p in params:
        if p.grad is None:
            continue
        p -= lr * p.grad
        p.grad = None
'''),
        ("rebinds the loop variable", "only rebinds the loop variable", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p = p - lr * p.grad
            p.grad = None
'''),
        ("does not skip parameters without a gradient", "skip parameters whose .grad is None", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
'''),
        ("zeroes the gradient instead of setting None", "not p.grad.zero_()", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p -= lr * p.grad
            p.grad.zero_()
'''),
        ("no reset of .grad", "must reset .grad to None", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is not None:
                p -= lr * p.grad
'''),
        ("adds the gradient", "you added the gradient", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p += lr * p.grad
            p.grad = None
'''),
        ("uses optim.SGD", "optim (line", '''
def sgd_step(params, lr):
    params = [p for p in params if p.grad is not None]
    optim.SGD(params, lr=lr).step()
    for p in params:
        p.grad = None
'''),
        ("returns the parameters", "returns nothing", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p -= lr * p.grad
            p.grad = None
    return params
'''),
    ],
    "train_loop": [
        ("records the loss after the update", "before its update", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        loss.backward()
        sgd_step([w, b], lr)
        losses.append(((X @ w + b - y) ** 2).mean().item())
    return w, b, losses
'''),
        ("never resets .grad", "reset .grad every step", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
    return w, b, losses
'''),
        ("float32 parameters", "dtype=X.dtype", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X.float() @ w + b - y.float()) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''),
        ("losses as tensors", "losses.append(loss.item())", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.detach())
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''),
        ("one step too many", "one loss per step", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps + 1):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''),
        ("b of shape (1,)", "not shape (1,)", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros(1, dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''),
        ("sum instead of mean", "not the sum", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).sum()
        losses.append(loss.item())
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''),
        ("uses optim.SGD", "optim (line", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    opt = optim.SGD([w, b], lr=lr)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        opt.step()
    return w, b, losses
'''),
    ],
    "closed_form": [
        ("no column of ones: no bias", "solve for the bias too", '''
def closed_form(X, y):
    theta, *_ = np.linalg.lstsq(X.numpy(), y.numpy(), rcond=None)
    return torch.tensor(theta), torch.tensor(np.float64(0.0))
'''),
        ("b = theta[-1:], shape (1,)", "theta[-1:] has shape (1,)", '''
def closed_form(X, y):
    Xn = X.numpy()
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1))])
    theta, *_ = np.linalg.lstsq(A, y.numpy(), rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1:])
'''),
        ("b through a Python float: float32", "torch.tensor(python_float) is float32", '''
def closed_form(X, y):
    Xn = X.numpy()
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1))])
    theta, *_ = np.linalg.lstsq(A, y.numpy(), rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(float(theta[-1]))
'''),
        ("returns numpy arrays", "return tensors", '''
def closed_form(X, y):
    Xn = X.numpy()
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1))])
    theta, *_ = np.linalg.lstsq(A, y.numpy(), rcond=None)
    return theta[:-1], theta[-1]
'''),
        ("ones column first, read as last", "w = theta[:-1], b = theta[-1]", '''
def closed_form(X, y):
    Xn = X.numpy()
    A = np.hstack([np.ones((Xn.shape[0], 1)), Xn])
    theta, *_ = np.linalg.lstsq(A, y.numpy(), rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
        ("bias as the mean of y, weights without intercept", "solve for the bias too", '''
def closed_form(X, y):
    theta, *_ = np.linalg.lstsq(X.numpy(), y.numpy(), rcond=None)
    return torch.tensor(theta), torch.tensor(np.float64(y.numpy().mean()))
'''),
    ],
    "fixed_regressor": [
        ("scale a plain tensor", "nn.Parameter or nn.Module", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(d, 1)
        self.scale = torch.ones(1, requires_grad=True)

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("scale 0-d", "scale has shape (1,)", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(d, 1)
        self.scale = nn.Parameter(torch.ones(()))

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("scale initialised at random", "nn.Parameter(torch.ones(1))", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(d, 1)
        self.scale = nn.Parameter(torch.randn(1))

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("linear without bias", "nn.Linear(d, 1) has a bias", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(d, 1, bias=False)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("layer kept in a ModuleList", "not plain tensors or Python lists", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.ModuleList([nn.Linear(d, 1)])
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return (self.linear[0](x) * self.scale).reshape(-1)
'''),
        ("scale frozen", "don't pass requires_grad=False", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(d, 1)
        self.scale = nn.Parameter(torch.ones(1), requires_grad=False)

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("linear's features swapped", "in_features d, out_features 1", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(1, d)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
    ],
    "momentum_sgd": [
        ("dampening (1 - momentum)", "no (1 - momentum)", _momentum(
            "self.momentum * self.buffers[i] + g", "self.momentum * self.buffers[i] + (1 - self.momentum) * g")),
        ("weight decay after the momentum buffer", "weight decay is added to g before the buffer", _momentum(
            '''                if self.weight_decay != 0:
                    g = g + self.weight_decay * p
                if self.momentum != 0:
                    if self.buffers[i] is None:
                        self.buffers[i] = g.clone()
                    else:
                        self.buffers[i] = self.momentum * self.buffers[i] + g
                    g = self.buffers[i]''',
            '''                if self.momentum != 0:
                    if self.buffers[i] is None:
                        self.buffers[i] = g.clone()
                    else:
                        self.buffers[i] = self.momentum * self.buffers[i] + g
                    g = self.buffers[i]
                if self.weight_decay != 0:
                    g = g + self.weight_decay * p''')),
        ("buffer not kept from step to step", "kept from step to step", _momentum(
            "                    if self.buffers[i] is None:\n", "                    if True:\n")),
        ("one buffer shared by all parameters", "one buffer per parameter", _momentum(
            "self.buffers[i]", "self.buffers[0]")),
        ("zero_grad zeroes instead of None", "not zeros", _momentum(
            "            p.grad = None\n", "            if p.grad is not None:\n                p.grad.zero_()\n")),
        ("step outside torch.no_grad()", "torch.no_grad()", _momentum(
            "        with torch.no_grad():\n            for i, p in enumerate(self.params):",
            "        if True:\n            for i, p in enumerate(self.params):")),
        ("weight decay added into .grad in place", "step() must not modify .grad", _momentum(
            "g = g + self.weight_decay * p", "g += self.weight_decay * p")),
        ("does not skip parameters without a gradient", "skip parameters whose .grad is None", _momentum(
            "                if p.grad is None:\n                    continue\n", "")),
        ("uses optim.SGD", "optim (line", '''
class MomentumSGD:
    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0):
        self.params = list(params)
        self._opt = optim.SGD(self.params, lr=lr, momentum=momentum, weight_decay=weight_decay)

    def zero_grad(self):
        self._opt.zero_grad()

    def step(self):
        self._opt.step()
'''),
    ],
}
