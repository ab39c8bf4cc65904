# Seed 002 (002_1f6ff2c8bd26702b.txt), block 1, section 1: a leaf and the AddBackward0 node of
# y = x ** 2 + 3 * x. (Seed 002's code is flattened onto single lines; the programs from it put the
# line breaks and indentation back, and change nothing else.)
# Added lines: none. Compared: all output (the test masks the object's address).
import torch
x = torch.tensor(2.0, requires_grad=True) # 叶子节点
y = x ** 2 + 3 * x # 运算节点
print(y.grad_fn) # 输出：<AddBackward0 at 0x7f8b0c0b7a90>
