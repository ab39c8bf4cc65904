# Seed 003 (003_12d94bd84acef3f7.txt), block 1, section 1.1: y = x ** 2 has a PowBackward0 node.
# Added lines: `import torch` and the print. Compared: all output (the address is masked).
import torch

x = torch.tensor([2.0], requires_grad=True)
y = x ** 2  # y 的 grad_fn 是 `<PowBackward0>`
print(y.grad_fn, y.requires_grad, x.is_leaf, y.is_leaf)
