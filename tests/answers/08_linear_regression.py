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
        ("dw from numpy, db a tensor", "not numpy arrays", '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    n = X.shape[0]
    return 2.0 / n * X.numpy().T @ r.numpy(), (2.0 / n) * r.sum()
'''),
        ("float32 results (.float())", "the inputs' dtype", '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    n = X.shape[0]
    return ((2.0 / n) * (X.T @ r)).float(), ((2.0 / n) * r.sum()).float()
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
        ("zeroes the gradient instead of setting None", "a tensor of zeros (p.grad.zero_())", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p -= lr * p.grad
            p.grad.zero_()
'''),
        ("no reset of .grad", "p.grad still holds the gradient", '''
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
        ("no column of ones: no bias", "not the least-squares solution with a bias", '''
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
        ("the solve in float32, the result cast back to float64", "float32 precision", '''
def closed_form(X, y):
    Xn = X.numpy().astype(np.float32)
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1), dtype=np.float32)])
    theta, *_ = np.linalg.lstsq(A, y.numpy().astype(np.float32), rcond=None)
    theta = theta.astype(np.float64)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
        ("float32 tensors in, float32 out (X.float())", "w is not float64", '''
def closed_form(X, y):
    Xn, yn = X.float().numpy(), y.float().numpy()
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1), dtype=np.float32)])
    theta, *_ = np.linalg.lstsq(A, yn, rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
        ("ones column first, read as last", "w = theta[:-1] and b = theta[-1]", '''
def closed_form(X, y):
    Xn = X.numpy()
    A = np.hstack([np.ones((Xn.shape[0], 1)), Xn])
    theta, *_ = np.linalg.lstsq(A, y.numpy(), rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
        ("bias as the mean of y, weights without intercept", "not the least-squares solution with a bias", '''
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


RIGHT = {
    "mse_grad": [
        ("X.t() and torch.matmul, db as 2 * r.mean()", '''
def mse_grad(X, y, w, b):
    residual = torch.matmul(X, w) + b - y
    dw = 2 * torch.matmul(X.t(), residual) / X.shape[0]
    db = 2 * residual.mean()
    return dw, db
'''),
        ("broadcasting: 2 * mean of X * r[:, None] over the rows, returned as a list", '''
def mse_grad(X, y, w, b):
    r = (X * w).sum(dim=1) + b - y
    dw = 2 * (X * r[:, None]).mean(dim=0)
    db = 2 * r.mean()
    return [dw, db]
'''),
        ("a Python loop over the examples, accumulating in place", '''
def mse_grad(X, y, w, b):
    n = len(y)
    dw = torch.zeros_like(w)
    db = torch.zeros_like(b)
    for i in range(n):
        ri = X[i] @ w + b - y[i]
        dw += 2.0 / n * ri * X[i]
        db += 2.0 / n * ri
    return dw, db
'''),
        ("X.mv and a helper for the residual, the factor applied last", '''
def _residual(X, y, w, b):
    return X.mv(w) + b - y


def mse_grad(X, y, w, b):
    res = _residual(X, y, w, b)
    scale = 2.0 / y.shape[0]
    return X.T.mv(res) * scale, res.sum() * scale
'''),
    ],
    "sgd_step": [
        ("p.sub_ on a filtered list", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in [q for q in params if q.grad is not None]:
            p.sub_(lr * p.grad)
            p.grad = None
'''),
        ("p.add_(grad, alpha=-lr) like optim.SGD, torch.set_grad_enabled(False)", '''
def sgd_step(params, lr):
    with torch.set_grad_enabled(False):
        for p in params:
            if p.grad is not None:
                p.add_(p.grad, alpha=-lr)
                p.grad = None
'''),
        ("@torch.no_grad() as a decorator, p -= p.grad * lr", '''
@torch.no_grad()
def sgd_step(params, lr):
    for p in params:
        g = p.grad
        if g is None:
            continue
        p -= g * lr
        p.grad = None
'''),
        ("filter() over the parameters, p.copy_(p - lr * grad)", '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in filter(lambda t: t.grad is not None, params):
            p.copy_(p - lr * p.grad)
            p.grad = None
'''),
    ],
    "train_loop": [
        ("the update written by hand, .grad zeroed in place", '''
def train_linear_regression(X, y, lr, steps):
    n, d = X.shape
    w = torch.zeros(d, dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    return w, b, losses
'''),
        ("zeros_like / new_zeros + requires_grad_(), nn.functional.mse_loss, float(loss)", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros_like(X[0]).requires_grad_()
    b = X.new_zeros(()).requires_grad_()
    losses = []
    for step in range(steps):
        loss = nn.functional.mse_loss(X @ w + b, y)
        losses.append(float(loss))
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''),
        ("a while loop, .pow(2) and matmul, returns a tuple built at the end", '''
def train_linear_regression(X, y, lr, steps):
    weight = torch.zeros(X.shape[1], dtype=X.dtype)
    weight.requires_grad_(True)
    bias = torch.tensor(0.0, dtype=X.dtype, requires_grad=True)
    history = []
    t = 0
    while t < steps:
        loss = (X.matmul(weight) + bias - y).pow(2).mean()
        history.append(loss.item())
        weight.grad = bias.grad = None
        loss.backward()
        with torch.no_grad():
            weight.sub_(lr * weight.grad)
            bias.sub_(lr * bias.grad)
        t += 1
    result = (weight, bias, history)
    return result
'''),
    ],
    "closed_form": [
        ("the normal equations with np.linalg.solve", '''
def closed_form(X, y):
    A = np.hstack([X.numpy(), np.ones((X.shape[0], 1))])
    theta = np.linalg.solve(A.T @ A, A.T @ y.numpy())
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
        ("ones column first (b = theta[0]), np.column_stack, torch.from_numpy", '''
def closed_form(X, y):
    Xn = X.detach().numpy().astype(np.float64)
    A = np.column_stack([np.ones(len(Xn)), Xn])
    theta = np.linalg.lstsq(A, y.detach().numpy().astype(np.float64), rcond=None)[0]
    return torch.from_numpy(theta[1:].copy()), torch.tensor(theta[0], dtype=torch.float64)
'''),
        ("centred data: w from lstsq on X - mean, b = mean(y) - mean(X) @ w", '''
def closed_form(X, y):
    Xn, yn = X.numpy(), y.numpy()
    x_mean, y_mean = Xn.mean(axis=0), yn.mean()
    w, *_ = np.linalg.lstsq(Xn - x_mean, yn - y_mean, rcond=None)
    b = y_mean - x_mean @ w
    return torch.tensor(w), torch.tensor(np.float64(b))
'''),
        ("the pseudo-inverse, a tuple from a helper", '''
def _design(Xn):
    return np.concatenate([Xn, np.ones((Xn.shape[0], 1))], axis=1)


def closed_form(X, y):
    theta = np.linalg.pinv(_design(X.numpy())) @ y.numpy()
    w, b = theta[:-1], theta[-1]
    return torch.tensor(w, dtype=torch.float64), torch.tensor(b, dtype=torch.float64)
'''),
    ],
    "fixed_regressor": [
        ("register_parameter and add_module", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.add_module("linear", nn.Linear(d, 1))
        self.register_parameter("scale", nn.Parameter(torch.ones(1)))

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("keyword arguments, scale defined first, torch.full", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.scale = nn.Parameter(torch.full((1,), 1.0))
        self.linear = nn.Linear(in_features=d, out_features=1, bias=True)

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
        ("nn.Parameter(torch.tensor([1.0]), requires_grad=True), forward with view(-1)", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        layer = nn.Linear(d, 1)
        self.linear = layer
        self.scale = nn.Parameter(torch.tensor([1.0]), requires_grad=True)

    def forward(self, x):
        return (self.linear(x) * self.scale).view(-1)
'''),
    ],
    "momentum_sgd": [
        ("optim.SGD's in-place buffer update (mul_, add_) in a dict keyed by index, p.add_(alpha=-lr)", '''
class MomentumSGD:
    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0):
        self.params = list(params)
        self.lr = lr
        self.momentum = momentum
        self.weight_decay = weight_decay
        self.state = {}

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        with torch.no_grad():
            for i, p in enumerate(self.params):
                if p.grad is None:
                    continue
                d_p = p.grad
                if self.weight_decay:
                    d_p = d_p + p * self.weight_decay
                if self.momentum:
                    buf = self.state.get(i)
                    if buf is None:
                        buf = self.state[i] = d_p.detach().clone()
                    else:
                        buf.mul_(self.momentum).add_(d_p)
                    d_p = buf
                p.add_(d_p, alpha=-self.lr)
'''),
        ("zero-initialised buffers (mu * 0 + g = g on the first step), always applied", '''
class MomentumSGD:
    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0):
        self.params = list(params)
        self.lr, self.mu, self.wd = lr, momentum, weight_decay
        self.velocity = [torch.zeros_like(p) for p in self.params]

    def zero_grad(self):
        for p in self.params:
            if p.grad is not None:
                p.grad = None

    def step(self):
        for p, v in zip(self.params, self.velocity):
            if p.grad is None:
                continue
            with torch.no_grad():
                g = p.grad + self.wd * p
                v.mul_(self.mu).add_(g)
                p.sub_(self.lr * v)
'''),
        ("buffers in a dict keyed by id(p), new tensors each step, @torch.no_grad() on step", '''
class MomentumSGD:
    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0):
        self.params = [p for p in params]
        self.lr = lr
        self.momentum = momentum
        self.weight_decay = weight_decay
        self._buf = {}

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def _direction(self, p):
        g = p.grad
        if self.weight_decay != 0:
            g = g.add(p, alpha=self.weight_decay)
        if self.momentum == 0:
            return g
        key = id(p)
        if key in self._buf:
            self._buf[key] = self._buf[key] * self.momentum + g
        else:
            self._buf[key] = g.clone()
        return self._buf[key]

    @torch.no_grad()
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p -= self.lr * self._direction(p)
'''),
    ],
}


# ---- more typical mistakes and other correct answers ------------------------------------------

_MSE = '''
def mse_grad(X, y, w, b):
    r = X @ w + b - y
    n = X.shape[0]
    return (2.0 / n) * (X.T @ r), (2.0 / n) * r.sum()
'''
_SGD = '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p -= lr * p.grad
            p.grad = None
'''
_LOOP = '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        sgd_step([w, b], lr)
    return w, b, losses
'''
_CF = '''
def closed_form(X, y):
    Xn = np.asarray(X.detach().numpy(), dtype=np.float64)
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1))])
    theta, *_ = np.linalg.lstsq(A, np.asarray(y.detach().numpy(), dtype=np.float64), rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''
_FIX = '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.linear = nn.Linear(d, 1)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''


def _sub(src, old, new):
    assert old in src, old
    return src.replace(old, new)


WRONG["mse_grad"] += [
    ("hard-codes the example's N = 6", "N = X.shape[0]", _sub(_MSE, "n = X.shape[0]", "n = 6")),
    ("divides by X.numel() (N * D) instead of N", "N = X.shape[0]", _sub(_MSE, "n = X.shape[0]", "n = X.numel()")),
    ("db = 2 / N * r.mean(): divided by N twice", "db = 2 / N * r.sum()",
     _sub(_MSE, "(2.0 / n) * r.sum()", "(2.0 / n) * r.mean()")),
    ("the residual without the bias b", "r = X @ w + b - y", _sub(_MSE, "r = X @ w + b - y", "r = X @ w - y")),
    ("dw = X @ r: X not transposed", "X.T @ r", _sub(_MSE, "(X.T @ r)", "(X @ r)")),
]
WRONG["sgd_step"] += [
    ("hard-codes the example's lr = 0.25", "the lr argument", _sub(_SGD, "p -= lr * p.grad", "p -= 0.25 * p.grad")),
    ("returns after the first parameter", "every parameter", _sub(_SGD, "            p.grad = None", "            p.grad = None\n            return")),
    ("stops at the first parameter without a gradient (break)", "every parameter", _sub(_SGD, "continue", "break")),
    ("divides by lr", "the lr argument", _sub(_SGD, "p -= lr * p.grad", "p -= p.grad / lr")),
]
WRONG["train_loop"] += [
    ("hard-codes the example's lr = 0.1", "the lr and steps arguments", _sub(_LOOP, "sgd_step([w, b], lr)", "sgd_step([w, b], 0.1)")),
    ("hard-codes the example's 25 steps", "the lr and steps arguments", _sub(_LOOP, "range(steps)", "range(25)")),
    ("resets .grad between backward and the step: nothing is updated", "never changes", '''
def train_linear_regression(X, y, lr, steps):
    w = torch.zeros(X.shape[1], dtype=X.dtype, requires_grad=True)
    b = torch.zeros((), dtype=X.dtype, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        w.grad = None
        b.grad = None
        sgd_step([w, b], lr)
    return w, b, losses
'''),
    ("starts from ones instead of zeros", "start from zeros",
     _sub(_sub(_LOOP, "w = torch.zeros(X.shape[1]", "w = torch.ones(X.shape[1]"), "b = torch.zeros(()", "b = torch.ones(()")),
    ("hard-codes D = 3 features", "the lr and steps arguments", _sub(_LOOP, "torch.zeros(X.shape[1]", "torch.zeros(3")),
]
WRONG["closed_form"] += [
    ("lstsq against y[:, None]: w of shape (D, 1), b of shape (1,)", "0-d value", '''
def closed_form(X, y):
    Xn = X.numpy()
    A = np.hstack([Xn, np.ones((Xn.shape[0], 1))])
    theta, *_ = np.linalg.lstsq(A, y.numpy()[:, None], rcond=None)
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
    ("returns (b, w) in the wrong order", "(w, b)", _sub(_CF, "return torch.tensor(theta[:-1]), torch.tensor(theta[-1])",
                                                         "return torch.tensor(theta[-1]), torch.tensor(theta[:-1])")),
    ("a ridge term added to the normal equations 'for stability'", "not the least-squares solution", '''
def closed_form(X, y):
    A = np.hstack([X.numpy(), np.ones((X.shape[0], 1))])
    theta = np.linalg.solve(A.T @ A + 0.1 * np.eye(A.shape[1]), A.T @ y.numpy())
    return torch.tensor(theta[:-1]), torch.tensor(theta[-1])
'''),
    ("w from lstsq without the bias column, b fitted afterwards on the residual", "not the least-squares solution", '''
def closed_form(X, y):
    Xn, yn = X.numpy(), y.numpy()
    w, *_ = np.linalg.lstsq(Xn, yn, rcond=None)
    b = (yn - Xn @ w).mean()
    return torch.tensor(w), torch.tensor(b)
'''),
]
WRONG["fixed_regressor"] += [
    ("the layer wrapped in nn.Sequential: linear.0.weight", "not a container", _sub(_FIX, "self.linear = nn.Linear(d, 1)",
                                                                                     "self.linear = nn.Sequential(nn.Linear(d, 1))")),
    ("scale of shape (d,)", "scale has shape (1,)", _sub(_FIX, "torch.ones(1)", "torch.ones(d)")),
    ("the layer registered under another name (self.lin)", "self.linear", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(d, 1)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return (self.lin(x) * self.scale).reshape(-1)
'''),
    ("scale initialised to zeros", "nn.Parameter(torch.ones(1))", _sub(_FIX, "torch.ones(1)", "torch.zeros(1)")),
]
WRONG["momentum_sgd"] += [
    ("skips with break: the parameters after one without a gradient are never updated", "every parameter",
     _momentum("                    continue", "                    break")),
    ("Nesterov: steps with g + momentum * buffer", "step 1 is p -= lr * (grad + weight_decay * p)",
     _momentum("                    g = self.buffers[i]", "                    g = g + self.momentum * self.buffers[i]")),
    ("weight decay subtracted instead of added", "grad + weight_decay * p",
     _momentum("g = g + self.weight_decay * p", "g = g - self.weight_decay * p")),
    ("the first step already scaled by momentum", "the buffer starts as that sum",
     _momentum("self.buffers[i] = g.clone()", "self.buffers[i] = self.momentum * g")),
]

RIGHT["mse_grad"] += [
    ("len(y) for N, the factor folded into the residual", '''
def mse_grad(X, y, w, b):
    r2 = 2 * (X.matmul(w) + b - y) / len(y)
    return r2 @ X, r2.sum()
'''),
]
RIGHT["sgd_step"] += [
    ("p.data updated without no_grad, grads collected first", '''
def sgd_step(params, lr):
    for p in [q for q in params if q.grad is not None]:
        p.data -= lr * p.grad
        p.grad = None
'''),
]
RIGHT["train_loop"] += [
    ("mse_grad by hand would be allowed, but autograd with torch.mean and a manual update", '''
def train_linear_regression(X, y, lr, steps):
    n, d = X.shape
    w = torch.zeros(d, dtype=X.dtype).requires_grad_()
    b = torch.tensor(0.0, dtype=X.dtype).requires_grad_()
    losses = []
    for step in range(steps):
        loss = torch.mean((X @ w + b - y) ** 2)
        losses.append(float(loss.item()))
        gw, gb = torch.autograd.grad(loss, [w, b])
        with torch.no_grad():
            w -= lr * gw
            b -= lr * gb
    return w, b, losses
'''),
]
RIGHT["closed_form"] += [
    ("the normal equations inverted explicitly", '''
def closed_form(X, y):
    A = np.concatenate([X.numpy(), np.ones((len(y), 1))], axis=1)
    theta = np.linalg.inv(A.T @ A) @ (A.T @ y.numpy())
    return torch.from_numpy(theta[:-1].copy()), torch.tensor(theta[-1], dtype=torch.float64)
'''),
]
RIGHT["fixed_regressor"] += [
    ("nn.Parameter(torch.ones(1, dtype=torch.float32)) and a Linear in float64 from the start", '''
class FixedRegressor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1, dtype=torch.float32))
        self.linear = nn.Linear(in_features=d, out_features=1, bias=True)

    def forward(self, x):
        return (self.linear(x) * self.scale).reshape(-1)
'''),
]
RIGHT["momentum_sgd"] += [
    ("buffers in a dict keyed by parameter index, p.sub_(lr * v)", '''
class MomentumSGD:
    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0):
        self.params = [p for p in params]
        self.lr = lr
        self.mu = momentum
        self.wd = weight_decay
        self.state = {}

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        for k, p in enumerate(self.params):
            if p.grad is None:
                continue
            d = p.grad + self.wd * p
            if self.mu:
                d = d.clone() if k not in self.state else self.mu * self.state[k] + d
                self.state[k] = d
            p.sub_(self.lr * d)
'''),
]
