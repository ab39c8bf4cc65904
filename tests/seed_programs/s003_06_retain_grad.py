# Seed 003, block 6, section 4 item 2: retain_grad() keeps a non-leaf's gradient.
# Added lines: `import torch`, x, y and the loss (the block uses y), the warnings capture (reading
# .grad of a non-leaf that does not retain it warns) and the prints. Compared: all output.
import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.retain_grad()  # 保留中间梯度
w = x * 4
(y ** 2 + w).sum().backward()
print(y.grad, x.grad)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(w.grad)
for c in caught:
    print(c.category.__name__, str(c.message).splitlines()[0])
