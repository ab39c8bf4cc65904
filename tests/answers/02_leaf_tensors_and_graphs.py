"""Wrong answers for 02_leaf_tensors_and_graphs (see grading/answers.py)."""

PRED = '''predictions = {{
    "a": (True, True),
    "b": (False, True),
    "c": {c},
    "d": (True, False),
    "e": {e},
    "f": {f},
    "g": {g},
    "h": {h},
    "i": {i},
}}
'''
_CORRECT_PAIRS = dict(c="(True, False)", e="(False, True)", f="(True, False)", g="(True, False)", h="(False, True)",
             i="(True, False)")


def pred(**changes):
    return PRED.format(**{**_CORRECT_PAIRS, **changes})


WRONG = {
    "node_names": [
        ("pre-order depth-first walk instead of breadth-first", "breadth-first means level by level", '''\
def node_names(t):
    if t.grad_fn is None:
        return []
    names, seen, stack = [], set(), [t.grad_fn]
    while stack:
        fn = stack.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        names.append(type(fn).__name__)
        for nxt, _ in reversed(fn.next_functions):
            if nxt is not None and id(nxt) not in seen:
                stack.append(nxt)
    return names
'''),
        ("a stack (list.pop()) instead of a queue", "not a stack (list.pop())", '''\
def node_names(t):
    if t.grad_fn is None:
        return []
    names, seen, stack = [], {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        names.append(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return names
'''),
        ("no seen set: shared nodes listed twice", "some node is listed twice", '''\
from collections import deque

def node_names(t):
    if t.grad_fn is None:
        return []
    names, queue = [], deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        names.append(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                queue.append(nxt)
    return names
'''),
        ("nodes compared by name instead of identity", "compare id(node), not names", '''\
from collections import deque

def node_names(t):
    if t.grad_fn is None:
        return []
    names, seen, queue = [], {type(t.grad_fn).__name__}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        names.append(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None and type(nxt).__name__ not in seen:
                seen.add(type(nxt).__name__)
                queue.append(nxt)
    return names
'''),
        ("recursive walk", "recursion limit", '''\
def node_names(t):
    if t.grad_fn is None:
        return []
    names, seen, level = [], {id(t.grad_fn)}, [t.grad_fn]
    def expand(level):
        if not level:
            return
        nxt_level = []
        for fn in level:
            names.append(type(fn).__name__)
            for nxt, _ in fn.next_functions:
                if nxt is not None and id(nxt) not in seen:
                    seen.add(id(nxt))
                    nxt_level.append(nxt)
        expand(nxt_level)
    expand(level)
    return names
'''),
        ("None entries of next_functions kept", "skip the None entries", '''\
from collections import deque

def node_names(t):
    if t.grad_fn is None:
        return []
    names, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        names.append(type(fn).__name__)
        if fn is None:
            continue
        for nxt, _ in fn.next_functions:
            if id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return names
'''),
        ("no special case for grad_fn None", "return []", '''\
from collections import deque

def node_names(t):
    names, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        names.append(type(fn).__name__)
        for nxt, _ in getattr(fn, "next_functions", ()):
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return names
'''),
    ],
    "count_leaves": [
        ("no visited set: a shared subgraph's leaves counted twice", "counted twice", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    count, stack = 0, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            count += 1
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                stack.append(nxt)
    return count
'''),
        ("leaf that requires grad counted as 0", "fills its own .grad", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 0
    leaves, seen, stack = set(), {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return len(leaves)
'''),
        ("untracked tensor counted as a leaf", "no gradient goes anywhere", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1
    leaves, seen, stack = set(), {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return len(leaves)
'''),
        ("recursive walk", "recursion limit", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    leaves, seen = set(), set()
    def visit(fn):
        if fn is None or id(fn) in seen:
            return
        seen.add(id(fn))
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            visit(nxt)
    visit(t.grad_fn)
    return len(leaves)
'''),
        ("distinct names instead of distinct tensors", "not of names", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    leaves, seen, stack = set(), {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return len(leaves)
'''),
        ("counts uses of leaves, not distinct leaves", "a set of id(node.variable)", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    count, seen, stack = 0, {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        for nxt, _ in fn.next_functions:
            if nxt is None:
                continue
            if hasattr(nxt, "variable"):
                count += 1
            if id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return count
'''),
    ],
    "leaf_predictions": [
        ("clone() predicted to make a leaf", "clone() is recorded", pred(h="(True, True)")),
        ("no_grad result predicted to be tracked", "under no_grad nothing is recorded", pred(f="(False, True)")),
        ("detach() predicted to keep requires_grad", "detach() returns a new leaf", pred(c="(True, True)")),
        ("g predicted tracked because f came from a", "no input of g requires grad", pred(g="(False, True)")),
        ("i predicted a non-leaf that does not require grad", "(False, False) is impossible", pred(i="(False, False)")),
        ("e predicted untracked (d does not require grad)", "one input that requires grad is enough", pred(e="(True, False)")),
        ("strings instead of booleans", "pair of booleans", pred(h='("False", "True")')),
        ("left unfilled", "is not implemented yet", '''\
predictions = {"a": None, "b": None, "c": None, "d": None, "e": None,
               "f": None, "g": None, "h": None, "i": None}
'''),
    ],
    "build": [
        ("b * a instead of a * b", "the target has leaf a, yours has leaf b", '''\
def build(a, b):
    return ((b * a).tanh() - a).pow(2).mean() * 0.5
'''),
        ("x * x instead of a power", "the target has PowBackward0, yours has MulBackward0", '''\
def build(a, b):
    d = (a * b).tanh() - a
    return (d * d).mean() * 0.5
'''),
        ("division by 2 instead of * 0.5", "yours has DivBackward0", '''\
def build(a, b):
    return ((a * b).tanh() - a).pow(2).mean() / 2
'''),
        ("sum() / n instead of mean()", "the target has MeanBackward0", '''\
def build(a, b):
    d = ((a * b).tanh() - a).pow(2)
    return d.sum() * (0.5 / d.numel())
'''),
        ("subtraction reversed", "the target has TanhBackward0, yours has leaf a", '''\
def build(a, b):
    return (a - (a * b).tanh()).pow(2).mean() * 0.5
'''),
        ("returns a Python number", "should return the tensor `out`", '''\
def build(a, b):
    return (((a * b).tanh() - a).pow(2).mean() * 0.5).item()
'''),
        ("sigmoid instead of tanh", "the target has TanhBackward0, yours has SigmoidBackward0", '''\
def build(a, b):
    return ((a * b).sigmoid() - a).pow(2).mean() * 0.5
'''),
    ],
}

RIGHT = {
    "node_names": [
        ("nodes marked as seen when popped, not when queued", '''\
from collections import deque

def node_names(t):
    out = []
    if t.grad_fn is None:
        return out
    done = set()
    todo = deque()
    todo.append(t.grad_fn)
    while len(todo) > 0:
        node = todo.popleft()
        if id(node) in done:
            continue
        done.add(id(node))
        out.append(type(node).__name__)
        for child, _index in node.next_functions:
            if child is not None:
                todo.append(child)
    return out
'''),
        ("a dict of visited ids, deque.extend with a filtered list, name via __class__", '''\
import collections

def node_names(t):
    start = t.grad_fn
    if start is None:
        return []
    visited = {id(start): start}
    queue = collections.deque([start])
    order = []
    while queue:
        node = queue.popleft()
        order.append(node.__class__.__name__)
        fresh = [n for n, _ in node.next_functions if n is not None and id(n) not in visited]
        for n in fresh:
            if id(n) not in visited:       # the same child can appear twice in one node's inputs
                visited[id(n)] = n
                queue.append(n)
    return order
'''),
        ("deque with a helper for the children, set of the nodes themselves", '''\
from collections import deque

def _children(node):
    return [nxt for nxt, _ in node.next_functions if nxt is not None]

def node_names(t):
    root = t.grad_fn
    if root is None:
        return []
    seen = {root}
    q = deque([root])
    result = []
    while q:
        cur = q.popleft()
        result.append(type(cur).__name__)
        for child in _children(cur):
            if child not in seen:
                seen.add(child)
                q.append(child)
    return result
'''),
    ],
    "count_leaves": [
        ("breadth-first with a deque, leaves kept in a dict by id", '''\
from collections import deque

def count_leaves(t):
    if t.grad_fn is None:
        return int(t.requires_grad)
    leaves = {}
    seen = {id(t.grad_fn)}
    queue = deque([t.grad_fn])
    while queue:
        node = queue.popleft()
        if hasattr(node, "variable"):
            leaves[id(node.variable)] = node.variable
        for nxt, _ in node.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return len(leaves)
'''),
        ("AccumulateGrad recognised by its name, visited checked when popped", '''\
def count_leaves(t):
    if t.grad_fn is None and t.is_leaf:
        return 1 if t.requires_grad else 0
    visited, ids = set(), set()
    stack = [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in visited:
            continue
        visited.add(id(node))
        if type(node).__name__ == "AccumulateGrad":
            ids.add(id(node.variable))
            continue
        stack.extend(n for n, _ in node.next_functions)
    return len(ids)
'''),
        ("leaf tensors collected in a list and deduplicated by identity at the end", '''\
def count_leaves(t):
    if t.grad_fn is None:
        if t.requires_grad:
            return 1
        return 0
    found = []
    seen_nodes = set()
    pending = [t.grad_fn]
    seen_nodes.add(id(t.grad_fn))
    while pending:
        fn = pending.pop(0)
        var = getattr(fn, "variable", None)
        if var is not None:
            found.append(var)
        for nxt, _ in fn.next_functions:
            if nxt is None or id(nxt) in seen_nodes:
                continue
            seen_nodes.add(id(nxt))
            pending.append(nxt)
    return len({id(v) for v in found})
'''),
        ("a set of the leaf tensors themselves (tensors hash by identity)", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    tensors, seen, todo = set(), set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        if hasattr(node, "variable"):
            tensors.add(node.variable)
        todo += [n for n, _ in node.next_functions if n is not None and n not in seen]
    return len(tensors)
'''),
    ],
    "leaf_predictions": [
        ("lists instead of tuples", '''\
predictions = {"a": [True, True], "b": [False, True], "c": [True, False], "d": [True, False],
               "e": [False, True], "f": [True, False], "g": [True, False], "h": [False, True],
               "i": [True, False]}
'''),
        ("the stub dict filled in item by item", '''\
# Replace each None by a pair of booleans (is_leaf, requires_grad), e.g. "a": (True, True),
# and delete the line `raise NotImplementedError()` if there is one below.
predictions = {"a": None, "b": None, "c": None, "d": None, "e": None,
               "f": None, "g": None, "h": None, "i": None}
predictions["a"] = (True, True)
predictions["b"] = (False, True)
predictions["c"] = (True, False)
predictions["d"] = (True, False)
predictions["e"] = (False, True)
predictions["f"] = (True, False)
predictions["g"] = (True, False)
predictions["h"] = (False, True)
predictions["i"] = (True, False)
'''),
        ("dict() with named constants for the two kinds", '''\
TRACKED_LEAF = (True, True)
NON_LEAF = (False, True)
PLAIN_LEAF = (True, False)
predictions = dict(a=TRACKED_LEAF, b=NON_LEAF, c=PLAIN_LEAF, d=PLAIN_LEAF, e=NON_LEAF,
                   f=PLAIN_LEAF, g=PLAIN_LEAF, h=NON_LEAF, i=PLAIN_LEAF)
'''),
        ("built with zip from the two columns", '''\
names = "abcdefghi"
is_leaf = [True, False, True, True, False, True, True, False, True]
needs_grad = [True, True, False, False, True, False, False, True, False]
predictions = {n: (l, r) for n, l, r in zip(names, is_leaf, needs_grad)}
'''),
    ],
    "build": [
        ("operators only: ** 2 and torch.mean", '''\
def build(a, b):
    d = torch.tanh(a * b) - a
    return torch.mean(d ** 2) * 0.5
'''),
        ("the factor written on the left, 0.5 * t", '''\
def build(a, b):
    product = a * b
    squared = (product.tanh() - a).pow(2)
    return 0.5 * squared.mean()
'''),
        ("method chain: mul, tanh, sub, pow, mean, mul", '''\
def build(a, b):
    return a.mul(b).tanh().sub(a).pow(2).mean().mul(0.5)
'''),
        ("square() for the power (recorded as PowBackward0)", '''\
def build(a, b):
    inner = (a * b).tanh()
    return (inner - a).square().mean() * 0.5
'''),
        ("torch.pow and torch.mul functions", '''\
def build(a, b):
    diff = torch.sub(torch.tanh(torch.mul(a, b)), a)
    return torch.mul(torch.pow(diff, 2).mean(), 0.5)
'''),
    ],
}

# Issue 10: a walk without a visited set that keeps the leaves in a set counts right, but expands a
# shared subgraph again along every path; the visible ladder case must name that.
WRONG["count_leaves"].insert(0, ("no visited set (leaves in a set, so the count is right): shared nodes expanded "
                                 "on every path", "expand each node once", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    leaves, stack = set(), [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                stack.append(nxt)
    return len(leaves)
'''))

IG = '''def intermediate_grads(loss, tensors):
    """One loss.backward(); return {{name: d loss / d tensor}}."""
{body}
'''
WRONG["intermediate_grads"] = [
    ("no retain_grad: a non-leaf's .grad is None", "call t.retain_grad() on the tensor itself", IG.format(body='''\
    loss.backward()
    return {name: t.grad for name, t in tensors.items()}''')),
    ("retain_grad() called after backward", "BEFORE loss.backward()", IG.format(body='''\
    loss.backward()
    for t in tensors.values():
        t.retain_grad()
    return {name: t.grad for name, t in tensors.items()}''')),
    ("retain_grad() on detached copies", "not on a detach()ed copy", IG.format(body='''\
    copies = {name: t.detach().requires_grad_(True) for name, t in tensors.items()}
    for c in copies.values():
        c.retain_grad()
    loss.backward()
    return {name: c.grad for name, c in copies.items()}''')),
    ("hooks made in a loop without binding the name: all stored under the last one", "bind it", IG.format(body='''\
    grads = {}
    for name, t in tensors.items():
        t.register_hook(lambda g: grads.__setitem__(name, g))
    loss.backward()
    return grads''')),
    ("one backward per tensor (retain_graph=True): the leaves' gradients added several times",
     "backward ran", IG.format(body='''\
    out = {}
    for name, t in tensors.items():
        t.retain_grad()
        loss.backward(retain_graph=True)
        out[name] = t.grad.clone()
        t.grad = None
    return out''')),
    ("torch.autograd.grad: right gradients, but no .grad filled", "returns gradients without filling .grad",
     IG.format(body='''\
    names = list(tensors)
    grads = torch.autograd.grad(loss, [tensors[k] for k in names])
    return dict(zip(names, grads))''')),
    ("returns the tensors themselves", "not its gradient", IG.format(body='''\
    for t in tensors.values():
        t.retain_grad()
    loss.backward()
    return {name: t.detach() for name, t in tensors.items()}''')),
]
RIGHT["intermediate_grads"] = [
    ("hooks, the name bound as a default argument", '''\
def intermediate_grads(loss, tensors):
    grads = {}
    for name, t in tensors.items():
        t.register_hook(lambda g, name=name: grads.__setitem__(name, g))
    loss.backward()
    return grads
'''),
    ("hooks made by a small factory function, gradients cloned", '''\
def _keeper(store, key):
    def hook(grad):
        store[key] = grad.clone()
    return hook

def intermediate_grads(loss, tensors):
    store = {}
    for key in tensors:
        tensors[key].register_hook(_keeper(store, key))
    loss.backward()
    return {key: store[key] for key in tensors}
'''),
    ("retain_grad for non-leaves only, a dict built in a loop", '''\
def intermediate_grads(loss, tensors):
    for t in tensors.values():
        if not t.is_leaf:
            t.retain_grad()
    loss.backward()
    result = {}
    for name in tensors:
        result[name] = tensors[name].grad
    return result
'''),
]
RIGHT["count_leaves"].append(("nodes told apart by node.name(), a visited set of the nodes themselves", '''\
def count_leaves(t):
    if t.grad_fn is None:
        return int(t.requires_grad)
    visited, leaves, todo = {t.grad_fn}, set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node.name() == "torch::autograd::AccumulateGrad" or node.name() == "AccumulateGrad":
            leaves.add(id(node.variable))
        for nxt, _ in node.next_functions:
            if nxt is not None and nxt not in visited:
                visited.add(nxt)
                todo.append(nxt)
    return len(leaves)
'''))

# Issue 10, second round: more slips of each exercise, and more right answers.
NN = '''from collections import deque

def node_names(t):
    """Names of the backward nodes reachable from t.grad_fn, breadth-first, each node once."""
{body}
'''
WRONG["node_names"] += [
    ("AccumulateGrad nodes left out (only the operations listed)", "AccumulateGrad", NN.format(body='''\
    if t.grad_fn is None:
        return []
    names, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        if type(fn).__name__ != "AccumulateGrad":
            names.append(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return names''')),
    ("returns the nodes themselves, not their names", "names", NN.format(body='''\
    if t.grad_fn is None:
        return []
    nodes, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        nodes.append(fn)
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return nodes''')),
    ("next_functions visited in reverse order", "in another order", NN.format(body='''\
    if t.grad_fn is None:
        return []
    names, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        names.append(type(fn).__name__)
        for nxt, _ in reversed(fn.next_functions):
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return names''')),
    ("the root t.grad_fn left out of the list", "first t.grad_fn", NN.format(body='''\
    if t.grad_fn is None:
        return []
    names, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                names.append(type(nxt).__name__)
                queue.append(nxt)
    return names''')),
    ("a leaf returns ['AccumulateGrad'] (its would-be node)", "return []", NN.format(body='''\
    if t.grad_fn is None:
        return ["AccumulateGrad"] if t.requires_grad else []
    names, seen, queue = [], {id(t.grad_fn)}, deque([t.grad_fn])
    while queue:
        fn = queue.popleft()
        names.append(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                queue.append(nxt)
    return names''')),
]
CL = '''def count_leaves(t):
    """Number of distinct leaf tensors whose .grad t.backward() would fill."""
{body}
'''
WRONG["count_leaves"] += [
    ("a leaf counts 1 even when it does not require grad", "no gradient goes anywhere", CL.format(body='''\
    if t.grad_fn is None:
        return 1
    leaves, seen, stack = set(), {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return len(leaves)''')),
    ("None entries of next_functions counted as leaves", "its next_functions entry is None", CL.format(body='''\
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    count, seen, stack = 0, {id(t.grad_fn)}, [t.grad_fn]
    leaves = set()
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            if nxt is None:
                count += 1
            elif id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return len(leaves) + count''')),
    ("returns the set of leaves, not its size", "return the number", CL.format(body='''\
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    leaves, seen, stack = set(), {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            leaves.add(id(fn.variable))
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return leaves''')),
]
WRONG["leaf_predictions"] += [
    ("pairs written (requires_grad, is_leaf): the order swapped", "(is_leaf, requires_grad), in that order", '''\
predictions = {
    "a": (True, True),
    "b": (True, False),
    "c": (False, True),
    "d": (False, True),
    "e": (True, False),
    "f": (False, True),
    "g": (False, True),
    "h": (True, False),
    "i": (False, True),
}
'''),
    ("b predicted a leaf (made from a leaf)", "a non-leaf with a grad_fn", pred().replace('"b": (False, True)', '"b": (True, True)')),
    ("i predicted tracked (a computed tensor)", "computed only from tensors that do not require grad", pred(i="(False, True)")),
    ("1 and 0 instead of True and False", "pair of booleans", pred().replace("True", "1").replace("False", "0")),
    ("d predicted to require grad (used with a)", "it requires grad only if you ask", pred().replace('"d": (True, False)', '"d": (True, True)')),
]
WRONG["build"] += [
    ("mean over the first axis: a vector for a matrix input", "yours has MeanBackward1", '''\
def build(a, b):
    return ((a * b).tanh() - a).pow(2).mean(0) * 0.5
'''),
    ("the mean written as sum() * 0.5 / 3 (the example's length)", "the target has MeanBackward0", '''\
def build(a, b):
    return ((a * b).tanh() - a).pow(2).sum() * (0.5 / 3)
'''),
    ("a detached before the subtraction", "the target has leaf a", '''\
def build(a, b):
    return ((a * b).tanh() - a.detach()).pow(2).mean() * 0.5
'''),
    ("product of a and b via a.data", "the target has leaf a", '''\
def build(a, b):
    return ((a.data * b).tanh() - a).pow(2).mean() * 0.5
'''),
]
WRONG["intermediate_grads"] += [
    ("gradients returned as NumPy arrays", "tensor", IG.format(body='''\
    for t in tensors.values():
        t.retain_grad()
    loss.backward()
    return {name: t.grad.numpy() for name, t in tensors.items()}''')),
    ("retain_grad() on clones of the tensors", "on the tensor itself", IG.format(body='''\
    copies = {name: t.clone() for name, t in tensors.items()}
    for c in copies.values():
        c.retain_grad()
    loss.backward()
    return {name: c.grad for name, c in copies.items()}''')),
    ("backward called twice (to be sure): the second fails, the graph is freed", "a second time", IG.format(body='''\
    for t in tensors.values():
        t.retain_grad()
    loss.backward()
    loss.backward()
    return {name: t.grad for name, t in tensors.items()}''')),
    ("the leaves' .grad reset to None after reading them", "is None", IG.format(body='''\
    for t in tensors.values():
        t.retain_grad()
    loss.backward()
    out = {}
    for name, t in tensors.items():
        out[name] = t.grad
        t.grad = None
    return out''')),
]
RIGHT["node_names"] += [
    ("a plain list as a FIFO queue (list.pop(0)), ids in a set", '''\
def node_names(t):
    if t.grad_fn is None:
        return []
    order, queue, seen = [], [t.grad_fn], {id(t.grad_fn)}
    while len(queue) > 0:
        node = queue.pop(0)
        order.append(node.__class__.__name__)
        children = [n for n, _ in node.next_functions if n is not None]
        for n in children:
            if id(n) not in seen:
                seen.add(id(n))
                queue.append(n)
    return order
'''),
    ("level by level: a list per level, the next level built from it", '''\
def node_names(t):
    if t.grad_fn is None:
        return []
    names, seen, level = [], {id(t.grad_fn)}, [t.grad_fn]
    while level:
        nxt_level = []
        for node in level:
            names.append(type(node).__name__)
            for child, _ in node.next_functions:
                if child is not None and id(child) not in seen:
                    seen.add(id(child))
                    nxt_level.append(child)
        level = nxt_level
    return names
'''),
]
RIGHT["count_leaves"] += [
    ("the leaf tensors kept in a dict keyed by id, breadth-first", '''\
from collections import deque

def count_leaves(t):
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    found, seen, q = {}, set(), deque([t.grad_fn])
    while q:
        node = q.popleft()
        if id(node) in seen:
            continue
        seen.add(id(node))
        var = getattr(node, "variable", None)
        if var is not None:
            found[id(var)] = var
        q.extend(n for n, _ in node.next_functions if n is not None)
    return len(found)
'''),
]
RIGHT["leaf_predictions"] += [
    ("comparisons instead of literals", '''\
LEAF, TRACKED = True, True
predictions = {
    "a": (LEAF, TRACKED),
    "b": (not LEAF, TRACKED),
    "c": (LEAF, not TRACKED),
    "d": (LEAF, not TRACKED),
    "e": (not LEAF, TRACKED),
    "f": (LEAF, not TRACKED),
    "g": (LEAF, not TRACKED),
    "h": (not LEAF, TRACKED),
    "i": (LEAF, not TRACKED),
}
'''),
]
RIGHT["build"] += [
    ("intermediate names, torch.tanh and Tensor.pow", '''\
def build(a, b):
    prod = a * b
    act = torch.tanh(prod)
    diff = act - a
    sq = diff.pow(2)
    m = sq.mean()
    return m * 0.5
'''),
]
RIGHT["intermediate_grads"] += [
    ("retain_grad, backward with an explicit gradient of ones, grads cloned", '''\
def intermediate_grads(loss, tensors):
    for name in tensors:
        tensors[name].retain_grad()
    loss.backward(torch.ones_like(loss))
    return {name: tensors[name].grad.clone() for name in tensors}
'''),
]
RIGHT["count_leaves"] += [
    ("leaves recognised when queued, AccumulateGrad nodes never expanded", CL.format(body='''\
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    leaves, seen, stack = set(), {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                if hasattr(nxt, "variable"):
                    leaves.add(id(nxt.variable))
                else:
                    stack.append(nxt)
    return len(leaves)''')),
]
WRONG["count_leaves"].append(("stops at the first leaf found (returns 1)", "count the distinct leaf tensors", CL.format(body='''\
    if t.grad_fn is None:
        return 1 if t.requires_grad else 0
    seen, stack = {id(t.grad_fn)}, [t.grad_fn]
    while stack:
        fn = stack.pop()
        if hasattr(fn, "variable"):
            return 1
        for nxt, _ in fn.next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return 0''')))
