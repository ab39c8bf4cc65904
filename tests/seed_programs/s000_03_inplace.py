# Seed 000, block 3, section 3.1: "y.add_(1) raises RuntimeError" (a known error of the seed: it does
# not; the in-place check needs a tensor saved for backward, or a leaf).
# Added lines: `import torch`; the try/except around y.add_(1) and every print; the backward at
# the end (it shows the graph is intact). Compared: all output; torch.rand's values do not matter
# (only the shape, grad_fn and the gradient 2, which is the same for any x, are printed).
import torch

# 危险示例：in-place 操作会破坏计算图
x = torch.rand(3, requires_grad=True)
y = x * 2
try:
    y.add_(1)  # 这会抛出 RuntimeError
    print("no error")
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(y.shape, y.grad_fn.name())
y.sum().backward()
print(x.grad)
