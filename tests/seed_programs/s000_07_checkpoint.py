# Seed 000, block 7, section 4.2 item 1: checkpoint without use_reentrant (a known error: torch
# warns, and the reentrant variant it falls back to fails under torch.autograd.grad).
# Added lines: `import torch`, `import warnings` and the catch_warnings block that prints each
# warning's category and first line; the backward and print after; the last four lines, which show
# the failure under autograd.grad. Compared: all output (the gradient is 2 for any x).
import warnings

import torch
from torch.utils.checkpoint import checkpoint

def custom_forward(x):
    # 复杂的计算过程
    return x * 2

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    x = torch.rand(1, requires_grad=True)
    y = checkpoint(custom_forward, x)  # 节省内存但增加计算量
for w in caught:
    print(w.category.__name__, str(w.message).splitlines()[0])
y.backward()
print(x.grad, y.grad_fn.name())
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    y2 = checkpoint(custom_forward, x)
try:
    print(torch.autograd.grad(y2, x))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
