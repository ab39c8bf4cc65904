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
