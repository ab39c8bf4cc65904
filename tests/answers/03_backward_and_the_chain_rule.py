"""Wrong answers for 03_backward_and_the_chain_rule: each must be caught by a visible case that names it."""

WRONG = {
    "topo_sort": [
        ("recursive DFS (hits the recursion limit on deep graphs)", "recursion limit", '''
def topo_sort(root):
    order, visited = [], set()
    def visit(node):
        if id(node) in visited:
            return
        visited.add(id(node))
        for inp in node._prev:
            visit(inp)
        order.append(node)
    visit(root)
    return order
'''),
        ("no visited set: shared nodes listed more than once", "visited", '''
def topo_sort(root):
    order = []
    stack = [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            continue
        stack.append((node, True))
        for inp in reversed(node._prev):
            stack.append((inp, False))
    return order
'''),
        ("pre-order: a node emitted before its inputs", "post-order", '''
def topo_sort(root):
    order, visited = [], set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in visited:
            continue
        visited.add(id(node))
        order.append(node)
        for inp in node._prev:
            if id(inp) not in visited:
                stack.append(inp)
    return order
'''),
        ("returns the order reversed (root first)", "root last", '''
def topo_sort(root):
    order, visited = [], set()
    stack = [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            continue
        if id(node) in visited:
            continue
        visited.add(id(node))
        stack.append((node, True))
        for inp in reversed(node._prev):
            if id(inp) not in visited:
                stack.append((inp, False))
    return order[::-1]
'''),
        ("visited marked only at emission: a node pushed twice is emitted twice", "visited", '''
def topo_sort(root):
    order, done = [], set()
    stack = [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            done.add(id(node))
            continue
        stack.append((node, True))
        for inp in node._prev:
            if id(inp) not in done:
                stack.append((inp, False))
    return order
'''),
        ("raises the recursion limit instead of iterating", "setrecursionlimit", '''
import sys
sys.setrecursionlimit(100000)

def topo_sort(root):
    order, visited = [], set()
    def visit(node):
        if id(node) in visited:
            return
        visited.add(id(node))
        for inp in node._prev:
            visit(inp)
        order.append(node)
    visit(root)
    return order
'''),
    ],
    "backward": [
        ("assigns grads[inp] = local * g instead of adding", "never grads[inp] = local * g", '''
def backward(root):
    grads = {root: 1.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad += g
            continue
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = local * g
'''),
        ("assigns leaf.grad = g (no accumulation across backward calls)", "never assign", '''
def backward(root):
    grads = {root: 1.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad = g
            continue
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = grads.get(inp, 0.0) + local * g
'''),
        ("walks the topological order forwards (inputs first)", "REVERSED (root first)", '''
def backward(root):
    grads = {root: 1.0}
    for node in topo_sort(root):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad += g
            continue
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = grads.get(inp, 0.0) + local * g
'''),
        ("fills .grad of non-leaf nodes too", "for leaves only", '''
def backward(root):
    grads = {root: 1.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        node.grad += g
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = grads.get(inp, 0.0) + local * g
'''),
        ("pushes the gradient down every path recursively (exponential time)", "exponential time", '''
def backward(root):
    def push(node, g):
        if node.is_leaf:
            node.grad += g
        for inp, local in zip(node._prev, node._local_grads):
            push(inp, g * local)
    push(root, 1.0)
'''),
        ("adds the local derivative without the chain factor g", "each use adds local * g", '''
def backward(root):
    grads = {root: 1.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad += g
            continue
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = grads.get(inp, 0.0) + local
'''),
    ],
}

_RULES_OK = {
    "exp": '''def v_exp(a):
    e = math.exp(a.data)
    return Value(e, (a,), (e,), "exp")
''',
    "log": '''def v_log(a):
    return Value(math.log(a.data), (a,), (1.0 / a.data,), "log")
''',
    "tanh": '''def v_tanh(a):
    t = math.tanh(a.data)
    return Value(t, (a,), (1.0 - t * t,), "tanh")
''',
    "sigmoid": '''def v_sigmoid(a):
    s = 1.0 / (1.0 + math.exp(-a.data))
    return Value(s, (a,), (s * (1.0 - s),), "sigmoid")
''',
    "relu": '''def v_relu(a):
    return Value(max(a.data, 0.0), (a,), (1.0 if a.data > 0 else 0.0,), "relu")
''',
}


def _rules(**wrong):
    body = "\n".join(wrong.get(k, v) for k, v in _RULES_OK.items())
    return body + "\nValue.exp, Value.log, Value.tanh, Value.sigmoid, Value.relu = v_exp, v_log, v_tanh, v_sigmoid, v_relu\n"


WRONG["local_rules"] = [
    ("relu'(0) = 1 (a >= 0)", "relu'(0) = 0", _rules(relu='''def v_relu(a):
    return Value(max(a.data, 0.0), (a,), (1.0 if a.data >= 0 else 0.0,), "relu")
''')),
    ("tanh' = 1 - tanh (not squared)", "square", _rules(tanh='''def v_tanh(a):
    t = math.tanh(a.data)
    return Value(t, (a,), (1.0 - t,), "tanh")
''')),
    ("sigmoid' = sigmoid", "s * (1 - s)", _rules(sigmoid='''def v_sigmoid(a):
    s = 1.0 / (1.0 + math.exp(-a.data))
    return Value(s, (a,), (s,), "sigmoid")
''')),
    ("log' = log(a)", "1 / a", _rules(log='''def v_log(a):
    return Value(math.log(a.data), (a,), (math.log(a.data),), "log")
''')),
    ("sigmoid built from Value operations (several nodes)", "not a chain of Value operations", _rules(sigmoid='''def v_sigmoid(a):
    e = Value(math.exp(-a.data), (a,), (-math.exp(-a.data),), "exp(-a)")
    return 1.0 / (1.0 + e)
''')),
    ("returns a float instead of a Value", "returns a value", _rules(exp='''def v_exp(a):
    return math.exp(a.data)
''')),
    ("local derivatives not wrapped in a tuple", "are a tuple", _rules(exp='''def v_exp(a):
    e = math.exp(a.data)
    return Value(e, (a,), e, "exp")
''')),
]

_ZG = '''def zero_grad(params):
    for p in params:
        p.grad = 0.0

'''

WRONG["fit_line"] = [
    ("never calls zero_grad in the loop (gradients accumulate)", "zero_grad must reset them", _ZG + '''def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    losses = []
    for _ in range(steps):
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
        backward(loss)
        losses.append(loss.data)
        for p in (w, b):
            p.data -= lr * p.grad
    return w, b, losses
'''),
    ("sums the squared errors instead of the mean", "not a sum", _ZG + '''def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    losses = []
    for _ in range(steps):
        zero_grad([w, b])
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0))
        backward(loss)
        losses.append(loss.data)
        for p in (w, b):
            p.data -= lr * p.grad
    return w, b, losses
'''),
    ("steps uphill (p.data += lr * p.grad)", "minus: a step downhill", _ZG + '''def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    losses = []
    for _ in range(steps):
        zero_grad([w, b])
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
        backward(loss)
        losses.append(loss.data)
        for p in (w, b):
            p.data += lr * p.grad
    return w, b, losses
'''),
    ("creates w and b anew at every step", "create w and b once", _ZG + '''def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    losses = []
    for _ in range(steps):
        w, b = Value(w0), Value(b0)
        zero_grad([w, b])
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
        backward(loss)
        losses.append(loss.data)
        for p in (w, b):
            p.data -= lr * p.grad
    return w, b, losses
'''),
    ("zero_grad sets .grad to None", "to 0.0 (a float", '''def zero_grad(params):
    for p in params:
        p.grad = None

def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    losses = []
    for _ in range(steps):
        zero_grad([w, b])
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
        backward(loss)
        losses.append(loss.data)
        for p in (w, b):
            p.data -= lr * p.grad
    return w, b, losses
'''),
    ("zero_grad between backward and the update (no step at all)", "zero_grad ran between backward and the update", _ZG + '''def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    losses = []
    for _ in range(steps):
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
        backward(loss)
        zero_grad([w, b])
        losses.append(loss.data)
        for p in (w, b):
            p.data -= lr * p.grad
    return w, b, losses
'''),
]


# ---- Exercise 5: the MLP class ---------------------------------------------------------------------

_MLP_INIT = """class MLP:
    def __init__(self, weights, biases=None):
        self.layers = []
        for k, W in enumerate(weights):
            b = biases[k] if biases is not None else [0.0] * len(W)
            self.layers.append(([[Value(w) for w in row] for row in W], [Value(v) for v in b]))
"""
_MLP_CALL = """
    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(self.layers):
            h = [sum((w * hi for w, hi in zip(row, h)), bj) for row, bj in zip(W, b)]
            if k < len(self.layers) - 1:
                h = [v_tanh(a) for a in h]
        return h
"""
_MLP_PARAMS = """
    def parameters(self):
        return [p for W, b in self.layers for p in [w for row in W for w in row] + b]
"""


def _mlp(init=_MLP_INIT, call=_MLP_CALL, params=_MLP_PARAMS):
    return init + call + params


WRONG["mlp"] = [
    ("no nonlinearity: tanh never applied (one linear map)", "no nonlinearity", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for W, b in self.layers:
            h = [sum((w * hi for w, hi in zip(row, h)), bj) for row, bj in zip(W, b)]
        return h
""")),
    ("tanh after the last layer too", "no tanh on the last layer", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for W, b in self.layers:
            h = [v_tanh(sum((w * hi for w, hi in zip(row, h)), bj)) for row, bj in zip(W, b)]
        return h
""")),
    ("relu instead of tanh in the hidden layers", "tanh (v_tanh), not relu", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(self.layers):
            h = [sum((w * hi for w, hi in zip(row, h)), bj) for row, bj in zip(W, b)]
            if k < len(self.layers) - 1:
                h = [v_relu(a) for a in h]
        return h
""")),
    ("the bias is never added in the forward pass", "add the bias", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(self.layers):
            h = [sum(w * hi for w, hi in zip(row, h)) for row in W]
            if k < len(self.layers) - 1:
                h = [v_tanh(a) for a in h]
        return h
""")),
    ("fresh Values made in __call__ (the parameters never get a gradient)", "the very Values that parameters() returns", """class MLP:
    def __init__(self, weights, biases=None):
        self.weights = weights
        self.biases = biases if biases is not None else [[0.0] * len(W) for W in weights]
        self.params = [Value(v) for W, b in zip(self.weights, self.biases) for v in [*(w for row in W for w in row), *b]]

    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(zip(self.weights, self.biases)):
            h = [sum((Value(w) * hi for w, hi in zip(row, h)), Value(bj)) for row, bj in zip(W, b)]
            if k < len(self.weights) - 1:
                h = [v_tanh(a) for a in h]
        return h

    def parameters(self):
        return self.params
"""),
    ("one bias Value shared by a layer ([Value(0.0)] * n when biases=None)", "one value is shared", _mlp(init="""class MLP:
    def __init__(self, weights, biases=None):
        self.layers = []
        for k, W in enumerate(weights):
            b = [Value(v) for v in biases[k]] if biases is not None else [Value(0.0)] * len(W)
            self.layers.append(([[Value(w) for w in row] for row in W], b))
""")),
    ("parameters() lists the weights only", "every weight and every bias", _mlp(params="""
    def parameters(self):
        return [w for W, b in self.layers for row in W for w in row]
""")),
    ("parameters() in another order (all biases first)", "the order is layer by layer", _mlp(params="""
    def parameters(self):
        return [v for W, b in self.layers for v in b] + [w for W, b in self.layers for row in W for w in row]
""")),
    ("returns the single output Value, not a list", "a list even when there is one output", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(self.layers):
            h = [sum((w * hi for w, hi in zip(row, h)), bj) for row, bj in zip(W, b)]
            if k < len(self.layers) - 1:
                h = [v_tanh(a) for a in h]
        return h[0] if len(h) == 1 else h
""")),
]

# ---- Exercise 6: one training step -----------------------------------------------------------------

WRONG["train_step"] = [
    ("never zeroes the gradients (they add up over the steps)", "zero the gradients at the start of each step", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return loss.data
"""),
    ("steps uphill: p.data += lr * p.grad", "minus: a step downhill", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data += lr * p.grad
    return loss.data
"""),
    ("zero_grad between backward and the update (no step at all)", "zero_grad ran between backward and the update", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    zero_grad(params)
    for p in params:
        p.data -= lr * p.grad
    return loss.data
"""),
    ("one update per example instead of one for the batch", "one update per call", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    total = 0.0
    for x, y in zip(xs, ys):
        zero_grad(params)
        loss = (model(x)[0] - y) ** 2 * (1.0 / len(xs))
        backward(loss)
        for p in params:
            p.data -= lr * p.grad
        total += loss.data
    return total
"""),
    ("the summed squared error instead of the mean", "not the sum", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0))
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return loss.data
"""),
    ("returns the loss recomputed after the update", "the loss computed before the update", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return sum((model(x)[0].data - y) ** 2 for x, y in zip(xs, ys)) / len(xs)
"""),
    ("returns the loss Value instead of the float loss.data", "a float", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return loss
"""),
]


# ---- other correct answers: each must get full marks and pass every visible case ----------------

RIGHT = {
    "topo_sort": [
        ("DFS with a stack of (node, iterator over its inputs)", '''
def topo_sort(root):
    order, visited = [], {id(root)}
    stack = [(root, iter(root._prev))]
    while stack:
        node, inputs = stack[-1]
        for inp in inputs:
            if id(inp) not in visited:
                visited.add(id(inp))
                stack.append((inp, iter(inp._prev)))
                break
        else:
            stack.pop()
            order.append(node)
    return order
'''),
        ("(node, expanded) stack, inputs pushed in their own order, a set of visited ids as a dict", '''
def topo_sort(root):
    result = []
    seen = {}
    todo = [(root, False)]
    while todo:
        n, expanded = todo.pop()
        if expanded:
            result.append(n)
        elif id(n) not in seen:
            seen[id(n)] = True
            todo.append((n, True))
            todo.extend((p, False) for p in n._prev if id(p) not in seen)
    return result
'''),
        ("peek at the top of the stack; emit a node once all its inputs are in a 'done' set", '''
def topo_sort(root):
    order, done = [], set()
    stack = [root]
    while stack:
        node = stack[-1]
        if id(node) in done:
            stack.pop()
            continue
        pending = [p for p in node._prev if id(p) not in done]
        if pending:
            stack.extend(pending)
        else:
            stack.pop()
            done.add(id(node))
            order.append(node)
    return order
'''),
        ("helper function for the children, deque used as a stack, a tuple returned", '''
from collections import deque

def _children(node, visited):
    return [p for p in node._prev if id(p) not in visited]

def topo_sort(root):
    order, visited = [], set()
    stack = deque([(root, False)])
    while stack:
        node, post = stack.pop()
        if post:
            order.append(node)
            continue
        if id(node) in visited:
            continue
        visited.add(id(node))
        stack.append((node, True))
        for child in _children(node, visited):
            stack.append((child, False))
    return tuple(order)
'''),
    ],
    "backward": [
        ("collections.defaultdict(float) for the gradients, order[::-1]", '''
from collections import defaultdict

def backward(root):
    order = topo_sort(root)
    grads = defaultdict(float)
    grads[root] = 1.0
    for node in order[::-1]:
        g = grads[node]
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] += local * g
        if node.is_leaf:
            node.grad += g
'''),
        ("the gradients keyed by id(node), leaves updated in a second loop", '''
def backward(root):
    order = topo_sort(root)
    grad = {id(root): 1.0}
    for node in reversed(order):
        g = grad.get(id(node), 0.0)
        for inp, d in zip(node._prev, node._local_grads):
            grad[id(inp)] = grad.get(id(inp), 0.0) + g * d
    for node in order:
        if not node._prev:
            node.grad = node.grad + grad.get(id(node), 0.0)
'''),
        ("index loop over the reversed order, skips nodes without gradient", '''
def backward(root):
    order = list(topo_sort(root))
    grads = {root: 1.0}
    for k in range(len(order) - 1, -1, -1):
        node = order[k]
        if node not in grads:
            continue
        g = grads[node]
        if node.is_leaf:
            node.grad += g
        for i in range(len(node._prev)):
            inp = node._prev[i]
            grads[inp] = grads.get(inp, 0.0) + node._local_grads[i] * g
'''),
    ],
    "local_rules": [
        ("other formulas: exp(a)/(1+exp(a)), (1-t)(1+t), 1/cosh**2 style, a conditional relu", '''
def v_exp(a):
    out = math.exp(a.data)
    return Value(out, _prev=(a,), _local_grads=(out,), _op="exp")

def v_log(a):
    x = a.data
    return Value(math.log(x), (a,), (x ** -1,), "log")

def v_tanh(a):
    t = math.tanh(a.data)
    return Value(t, (a,), ((1.0 - t) * (1.0 + t),), "tanh")

def v_sigmoid(a):
    e = math.exp(a.data)
    s = e / (1.0 + e)
    return Value(s, (a,), (s - s * s,), "sigmoid")

def v_relu(a):
    if a.data > 0:
        return Value(a.data, (a,), (1.0,), "relu")
    return Value(0.0, (a,), (0.0,), "relu")

Value.exp, Value.log, Value.tanh, Value.sigmoid, Value.relu = v_exp, v_log, v_tanh, v_sigmoid, v_relu
'''),
        ("a numerically stable sigmoid (two branches), tanh' = 1/cosh^2, relu' as float(a > 0)", '''
def v_exp(a):
    return Value(math.exp(a.data), (a,), (math.exp(a.data),), "exp")

def v_log(a):
    return Value(math.log(a.data), (a,), (1 / a.data,), "log")

def v_tanh(a):
    return Value(math.tanh(a.data), (a,), (1.0 / math.cosh(a.data) ** 2,), "tanh")

def _stable_sigmoid(x):
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)

def v_sigmoid(a):
    s = _stable_sigmoid(a.data)
    return Value(s, (a,), (s * (1 - s),), "sigmoid")

def v_relu(a):
    return Value(a.data if a.data > 0 else 0.0, (a,), (float(a.data > 0),), "relu")

Value.exp, Value.log, Value.tanh, Value.sigmoid, Value.relu = v_exp, v_log, v_tanh, v_sigmoid, v_relu
'''),
        ("sigmoid as (1 + tanh(a/2))/2, tanh' = 1 - t**2, a shared helper builds the node", '''
def _unary(a, value, local, op):
    return Value(value, [a], [local], op)

def v_exp(a):
    y = math.exp(a.data)
    return _unary(a, y, y, "exp")

def v_log(a):
    return _unary(a, math.log(a.data), 1.0 / a.data, "log")

def v_tanh(a):
    y = math.tanh(a.data)
    return _unary(a, y, 1 - y ** 2, "tanh")

def v_sigmoid(a):
    y = 0.5 * (1.0 + math.tanh(0.5 * a.data))
    return _unary(a, y, y * (1.0 - y), "sigmoid")

def v_relu(a):
    return _unary(a, max(0.0, a.data), 1.0 if a.data > 0.0 else 0.0, "ReLU")

Value.exp, Value.log, Value.tanh, Value.sigmoid, Value.relu = v_exp, v_log, v_tanh, v_sigmoid, v_relu
'''),
        ("tanh from exponentials, sigmoid' as exp(-a)/(1+exp(-a))**2, relu as a.data * (a.data > 0)", '''
def v_exp(a):
    e = math.e ** a.data
    return Value(e, (a,), (e,), "exp")

def v_log(a):
    return Value(math.log(a.data), (a,), (1.0 / a.data,), "log")

def v_tanh(a):
    q = math.exp(2.0 * a.data)
    t = (q - 1.0) / (q + 1.0)
    return Value(t, (a,), (1.0 - t * t,), "tanh")

def v_sigmoid(a):
    z = math.exp(-a.data)
    return Value(1.0 / (1.0 + z), (a,), (z / (1.0 + z) ** 2,), "sigmoid")

def v_relu(a):
    positive = a.data > 0
    return Value(a.data * positive, (a,), (1.0 * positive,), "relu")

Value.exp, Value.log, Value.tanh, Value.sigmoid, Value.relu = v_exp, v_log, v_tanh, v_sigmoid, v_relu
'''),
    ],
    "fit_line": [
        ("explicit accumulation loop, loss / n, residual squared as r * r", '''
def zero_grad(params):
    for p in params:
        p.grad = 0.0

def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w = Value(w0)
    b = Value(b0)
    losses = []
    n = len(xs)
    for step in range(steps):
        zero_grad([w, b])
        total = Value(0.0)
        for i in range(n):
            r = w * xs[i] + b - ys[i]
            total = total + r * r
        loss = total / n
        backward(loss)
        losses.append(loss.data)
        w.data = w.data - lr * w.grad
        b.data = b.data - lr * b.grad
    return w, b, losses
'''),
        ("residual written y - (w x + b), a helper for the loss, the mean as sum * (1/n)", '''
def zero_grad(params):
    for p in params:
        p.grad = 0.0

def _mse(w, b, xs, ys):
    terms = [(y - (w * x + b)) ** 2 for x, y in zip(xs, ys)]
    loss = terms[0]
    for t in terms[1:]:
        loss = loss + t
    return loss * (1.0 / len(terms))

def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    params = [Value(w0, label="w"), Value(b0, label="b")]
    history = []
    for _ in range(steps):
        zero_grad(params)
        loss = _mse(params[0], params[1], xs, ys)
        backward(loss)
        history.append(loss.data)
        for p in params:
            p.data -= lr * p.grad
    w, b = params
    return w, b, history
'''),
        ("zero_grad with a while loop over indices, sum() of the squared errors divided by len", '''
def zero_grad(params):
    i = 0
    while i < len(params):
        params[i].grad = 0.0
        i += 1

def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    losses = []
    for _ in range(steps):
        zero_grad([w, b])
        loss = sum((w * x + b - y) ** 2 for x, y in zip(xs, ys)) / len(xs)
        backward(loss)
        losses.append(float(loss.data))
        w.data -= lr * w.grad
        b.data -= lr * b.grad
    return (w, b, losses)
'''),
        ("each squared error divided by n before summing, update through a list of parameters", '''
def zero_grad(params):
    for p in params:
        p.grad = 0.0

def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
    w, b = Value(w0), Value(b0)
    n = len(xs)
    losses = []
    for _ in range(steps):
        zero_grad([w, b])
        loss = Value(0.0)
        for x, y in zip(xs, ys):
            loss = loss + (x * w + b + (-y)) ** 2 / n
        backward(loss)
        losses.append(loss.data)
        for p in [w, b]:
            p.data = p.data - lr * p.grad
    return w, b, losses
'''),
    ],
}

RIGHT["mlp"] = [
    ("Layer objects, the .tanh() method of Exercise 3, parameters collected once in __init__", """
class _Layer:
    def __init__(self, W, b):
        self.W = [[Value(w) for w in row] for row in W]
        self.b = [Value(v) for v in b]

    def __call__(self, h):
        out = []
        for row, bj in zip(self.W, self.b):
            a = bj
            for w, hi in zip(row, h):
                a = a + w * hi
            out.append(a)
        return out

class MLP:
    def __init__(self, weights, biases=None):
        if biases is None:
            biases = [[0.0 for _ in W] for W in weights]
        self.layers = [_Layer(W, b) for W, b in zip(weights, biases)]
        self._params = [p for L in self.layers for p in [w for row in L.W for w in row] + L.b]

    def __call__(self, x):
        h = x
        for L in self.layers[:-1]:
            h = [a.tanh() for a in L(h)]
        return self.layers[-1](h)

    def parameters(self):
        return list(self._params)
"""),
    ("index loops, products summed from Value(0.0), bias added last", """
class MLP:
    def __init__(self, weights, biases=None):
        self.W, self.b = [], []
        for k in range(len(weights)):
            rows = weights[k]
            self.W.append([[Value(rows[j][i]) for i in range(len(rows[j]))] for j in range(len(rows))])
            self.b.append([Value(biases[k][j] if biases is not None else 0.0) for j in range(len(rows))])

    def __call__(self, x):
        h = [xi for xi in x]
        n = len(self.W)
        for k in range(n):
            new = []
            for j in range(len(self.W[k])):
                a = Value(0.0)
                for i in range(len(h)):
                    a = a + self.W[k][j][i] * h[i]
                new.append(a + self.b[k][j])
            h = [v_tanh(a) for a in new] if k < n - 1 else new
        return h

    def parameters(self):
        out = []
        for k in range(len(self.W)):
            for row in self.W[k]:
                out.extend(row)
            out.extend(self.b[k])
        return out
"""),
    ("tanh built inline as one node from math.tanh, a tuple returned as the output list", """
def _tanh_node(a):
    t = math.tanh(a.data)
    return Value(t, (a,), (1.0 - t * t,), "tanh")

class MLP:
    def __init__(self, weights, biases=None):
        biases = biases or [[0.0] * len(W) for W in weights]
        self.layers = [([[Value(w) for w in row] for row in W], [Value(v) for v in b])
                       for W, b in zip(weights, biases)]

    def __call__(self, x):
        h = list(x)
        last = len(self.layers) - 1
        for k, (W, b) in enumerate(self.layers):
            pre = [bj + sum(w * hi for w, hi in zip(row, h)) for row, bj in zip(W, b)]
            h = pre if k == last else [_tanh_node(a) for a in pre]
        return tuple(h)

    def parameters(self):
        ps = []
        for W, b in self.layers:
            ps += [w for row in W for w in row]
            ps += b
        return ps
"""),
]

RIGHT["train_step"] = [
    ("gradients reset inline, the loss divided by n, float() returned", """
def train_step(model, xs, ys, lr):
    for p in model.parameters():
        p.grad = 0.0
    total = Value(0.0)
    for x, y in zip(xs, ys):
        d = model(x)[0] - y
        total = total + d * d
    loss = total / len(xs)
    backward(loss)
    for p in model.parameters():
        p.data = p.data - lr * p.grad
    return float(loss.data)
"""),
    ("the errors collected in a list first, each scaled by 1/n", """
def train_step(model, xs, ys, lr):
    params = list(model.parameters())
    zero_grad(params)
    n = len(xs)
    errors = [(model(x)[0] - y) ** 2 * (1.0 / n) for x, y in zip(xs, ys)]
    loss = errors[0]
    for e in errors[1:]:
        loss = loss + e
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return loss.data
"""),
    ("residual written (y - s), predictions computed first, update through zip of data and grads", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    preds = [model(x)[0] for x in xs]
    loss = sum(((y - s) ** 2 for s, y in zip(preds, ys)), Value(0.0)) * (1 / len(ys))
    backward(loss)
    steps = [lr * p.grad for p in params]
    for p, d in zip(params, steps):
        p.data -= d
    return loss.data
"""),
]

# ---- Issue 10, second round: more slips of each exercise, and more right answers ------------------

_TOPO_OK = '''
def topo_sort(root):
    order, visited = [], set()
    stack = [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            continue
        if id(node) in visited:
            continue
        visited.add(id(node))
        stack.append((node, True))
        for inp in reversed(node._prev):
            if id(inp) not in visited:
                stack.append((inp, False))
    return order
'''
WRONG["topo_sort"] += [
    ("breadth-first from the root, then reversed", "after all of its inputs", '''
from collections import deque

def topo_sort(root):
    order, seen, queue = [], {id(root)}, deque([root])
    while queue:
        node = queue.popleft()
        order.append(node)
        for inp in node._prev:
            if id(inp) not in seen:
                seen.add(id(inp))
                queue.append(inp)
    return order[::-1]
'''),
    ("the root left out", "root", _TOPO_OK.replace("    return order\n", "    return order[:-1]\n")),
    ("the leaves left out (only computed nodes)", "reachable", _TOPO_OK.replace(
        "            order.append(node)\n", "            if node._prev:\n                order.append(node)\n")),
]
_BW = '''
def backward(root):
{body}
'''
WRONG["backward"] += [
    ("leaf gradients added per edge: a leaf root gets nothing", "backward(x) on a leaf", _BW.format(body='''\
    grads = {root: 1.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        for inp, local in zip(node._prev, node._local_grads):
            if inp.is_leaf:
                inp.grad += local * g
            else:
                grads[inp] = grads.get(inp, 0.0) + local * g''')),
    ("local derivatives zipped with the inputs in reverse order", "local * g", _BW.format(body='''\
    grads = {root: 1.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad += g
            continue
        for inp, local in zip(node._prev, reversed(node._local_grads)):
            grads[inp] = grads.get(inp, 0.0) + local * g''')),
    ("the leaves' .grad reset to 0 at the start of backward", "never assign", _BW.format(body='''\
    order = topo_sort(root)
    for node in order:
        if node.is_leaf:
            node.grad = 0.0
    grads = {root: 1.0}
    for node in reversed(order):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad += g
            continue
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = grads.get(inp, 0.0) + local * g''')),
    ("grads started at {root: 0.0}", "grads = {root: 1.0}", _BW.format(body='''\
    grads = {root: 0.0}
    for node in reversed(topo_sort(root)):
        g = grads.get(node, 0.0)
        if node.is_leaf:
            node.grad += g
            continue
        for inp, local in zip(node._prev, node._local_grads):
            grads[inp] = grads.get(inp, 0.0) + local * g''')),
]
WRONG["local_rules"] += [
    ("tanh' = (1 - tanh)**2", "SQUARE of the forward result", _rules(tanh='''def v_tanh(a):
    t = math.tanh(a.data)
    return Value(t, (a,), ((1.0 - t) ** 2,), "tanh")
''')),
    ("sigmoid' = exp(-a) / (1 + exp(-a)) (the square missing)", "s * (1 - s)", _rules(sigmoid='''def v_sigmoid(a):
    e = math.exp(-a.data)
    return Value(1.0 / (1.0 + e), (a,), (e / (1.0 + e),), "sigmoid")
''')),
    ("log's local derivative 1 / a built as a Value", "computed with math on a.data", _rules(log='''def v_log(a):
    return Value(math.log(a.data), (a,), (1.0 / a,), "log")
''')),
    ("tanh with torch.tanh", "torch", _rules(tanh='''def v_tanh(a):
    import autograd_core as torch
    t = float(torch.tanh(torch.tensor(a.data)))
    return Value(t, (a,), (1.0 - t * t,), "tanh")
''')),
    ("relu's forward value not clipped: a.data for negative a", "is max(a, 0)", _rules(relu='''def v_relu(a):
    return Value(a.data, (a,), (1.0 if a.data > 0 else 0.0,), "relu")
''')),
]
_FIT = '''
def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
{body}
'''
_FIT_LOOP = '''\
    losses = []
    for _ in range(steps):
        zero_grad([w, b])
        loss = sum(((w * x + b - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
        backward(loss)
        losses.append(loss.data)
        for p in (w, b):
            p.data -= {lr} * p.grad
    return w, b, losses'''
WRONG["fit_line"] += [
    ("the learning rate hard-coded to 0.1", "use the lr argument", _ZG + _FIT.format(
        body="    w, b = Value(w0), Value(b0)\n" + _FIT_LOOP.format(lr="0.1"))),
    ("w and b always start at 0 (w0, b0 ignored)", "w0 and b0", _ZG + _FIT.format(
        body="    w, b = Value(0.0), Value(0.0)\n" + _FIT_LOOP.format(lr="lr"))),
    ("zero_grad resets the first parameter only", "set each parameter's .grad to 0.0", '''def zero_grad(params):
    params[0].grad = 0.0
''' + _FIT.format(body="    w, b = Value(w0), Value(b0)\n" + _FIT_LOOP.format(lr="lr"))),
    ("the losses recorded as Values, not loss.data", "loss.data", _ZG + _FIT.format(
        body="    w, b = Value(w0), Value(b0)\n" + _FIT_LOOP.format(lr="lr").replace(
            "losses.append(loss.data)", "losses.append(loss)"))),
]
WRONG["mlp"] += [
    ("tanh applied to the data (a new leaf Value): the gradient stops there", "new Value", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(self.layers):
            h = [sum((w * hi for w, hi in zip(row, h)), bj) for row, bj in zip(W, b)]
            if k < len(self.layers) - 1:
                h = [Value(math.tanh(a.data)) for a in h]
        return h
""")),
    ("parameters(): each layer's biases before its weights", "the order is layer by layer", _mlp(params="""
    def parameters(self):
        return [p for W, b in self.layers for p in b + [w for row in W for w in row]]
""")),
    ("exactly two layers assumed (the first example's shape)", "every bias of every layer", """class MLP:
    def __init__(self, weights, biases=None):
        W1, W2 = weights[0], weights[-1]
        b1, b2 = (biases[0], biases[-1]) if biases is not None else ([0.0] * len(W1), [0.0] * len(W2))
        self.layers = [([[Value(w) for w in row] for row in W1], [Value(v) for v in b1]),
                       ([[Value(w) for w in row] for row in W2], [Value(v) for v in b2])]
""" + _MLP_CALL + _MLP_PARAMS),
    ("the weights used column by column (W[i][j] for neuron j)", "W[j] being row j", _mlp(call="""
    def __call__(self, x):
        h = list(x)
        for k, (W, b) in enumerate(self.layers):
            h = [sum((W[i][j] * h[i] for i in range(min(len(h), len(W)))), b[j]) for j in range(len(b))]
            if k < len(self.layers) - 1:
                h = [v_tanh(a) for a in h]
        return h
""")),
]
WRONG["train_step"] += [
    ("the learning rate hard-coded to 0.1", "use the lr argument", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data -= 0.1 * p.grad
    return loss.data
"""),
    ("divides by the example's batch size 4, not len(xs)", "len(xs), not a fixed number", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * 0.25
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return loss.data
"""),
    ("the gradients reset after the update (zero_grad last)", "this step's gradient", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    loss = sum(((model(x)[0] - y) ** 2 for x, y in zip(xs, ys)), Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    zero_grad(params)
    return loss.data
"""),
]
RIGHT["topo_sort"] += [
    ("Kahn's algorithm: count the users of each node, emit a node when all its users are done, reverse", '''
def topo_sort(root):
    users, seen, stack = {}, {id(root)}, [root]
    nodes = []
    while stack:
        n = stack.pop()
        nodes.append(n)
        for p in n._prev:
            users[id(p)] = users.get(id(p), 0) + 1
            if id(p) not in seen:
                seen.add(id(p))
                stack.append(p)
    out, ready = [], [root]
    while ready:
        n = ready.pop()
        out.append(n)
        for p in n._prev:
            users[id(p)] -= 1
            if users[id(p)] == 0:
                ready.append(p)
    return out[::-1]
'''),
]
RIGHT["backward"] += [
    ("a reversed copy of the order, gradients in a dict keyed by id, leaves updated at the end", '''
def backward(root):
    order = list(topo_sort(root))
    order.reverse()
    g = {id(root): 1.0}
    for node in order:
        gn = g.get(id(node), 0.0)
        for inp, local in zip(node._prev, node._local_grads):
            g[id(inp)] = g.get(id(inp), 0.0) + gn * local
    for node in order:
        if node.is_leaf:
            node.grad = node.grad + g.get(id(node), 0.0)
'''),
]
RIGHT["train_step"] += [
    ("the loss as a running Value sum divided by len(xs) with /", """
def train_step(model, xs, ys, lr):
    ps = list(model.parameters())
    for p in ps:
        p.grad = 0.0
    total = Value(0.0)
    for x, y in zip(xs, ys):
        d = model(x)[0] - y
        total = total + d * d
    loss = total * (1.0 / len(ys))
    backward(loss)
    for p in ps:
        p.data = p.data - lr * p.grad
    return float(loss.data)
"""),
]
WRONG["topo_sort"].append(("the (node, True) marker pushed after the inputs: popped first, so pre-order",
                           "after all of its inputs", _TOPO_OK.replace('''        stack.append((node, True))
        for inp in reversed(node._prev):
            if id(inp) not in visited:
                stack.append((inp, False))''', '''        for inp in reversed(node._prev):
            if id(inp) not in visited:
                stack.append((inp, False))
        stack.append((node, True))''')))
WRONG["train_step"].append(("returns the last example's loss only", "MEAN loss over the whole batch", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    terms = [(model(x)[0] - y) ** 2 for x, y in zip(xs, ys)]
    loss = sum(terms, Value(0.0)) * (1.0 / len(xs))
    backward(loss)
    for p in params:
        p.data -= lr * p.grad
    return terms[-1].data
"""))
RIGHT["train_step"].append(("one backward per example's term / n (the gradients add up), one update at the end", """
def train_step(model, xs, ys, lr):
    params = model.parameters()
    zero_grad(params)
    total = 0.0
    for x, y in zip(xs, ys):
        term = (model(x)[0] - y) ** 2 * (1.0 / len(xs))
        backward(term)
        total += term.data
    for p in params:
        p.data -= lr * p.grad
    return total
"""))
