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
    ("zero_grad between backward and the update (no step at all)", "before the update", _ZG + '''def fit_line(xs, ys, w0=0.0, b0=0.0, lr=0.1, steps=100):
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
