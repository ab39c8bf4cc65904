# Seed 000, block 5, section 4.1 item 1: weights that need no gradient.
# Added lines: `import torch` and the prints. Compared: all output (values of torch.rand unused).
import torch

# 错误示范
weights = [torch.rand(10,10, requires_grad=True) for _ in range(100)]
print(len(weights), weights[0].requires_grad, weights[0].is_leaf)

# 正确做法
with torch.no_grad():
    weights = [torch.rand(10,10) for _ in range(100)]
print(len(weights), weights[0].requires_grad, weights[0].shape)
