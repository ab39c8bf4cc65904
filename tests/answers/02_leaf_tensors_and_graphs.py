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
RIGHT = dict(c="(True, False)", e="(False, True)", f="(True, False)", g="(True, False)", h="(False, True)",
             i="(True, False)")


def pred(**changes):
    return PRED.format(**{**RIGHT, **changes})


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
