# Seed 004 (004_caab9a3ef30e2b82.txt), block 1, section 3.2: a forward pass y = x @ w + b, an MSE
# loss and backward; the gradient reaches x too because x requires grad. Seed 004 lost its line
# breaks and the characters = @ + " % > in copying ("x torch.randn(3, 4, requires_gradTrue)"); the
# programs from it put them back and change nothing else unless said. The block's expected output
# (x.grad shape: torch.Size([3, 4]) ...) is in the seed; the program prints it.
# Changed lines: torch.randn(...) is fixed_randn(...) (same arguments), a formula in place of the
# random generator: the libraries' generators differ and the last line prints x.grad's values.
# Added lines: the fixed_randn helper. Compared: all output.
import torch
import torch.nn as nn


def fixed_randn(*shape, requires_grad=False):
    n = 1
    for s in shape:
        n *= s
    t = torch.sin(torch.arange(n, dtype=torch.float32) * 1.7 + n).reshape(*shape) * 1.5
    return t.requires_grad_(requires_grad)


x = fixed_randn(3, 4, requires_grad=True) # 输入端张量开追踪
w = fixed_randn(4, 5, requires_grad=True) # 模拟的权重
b = fixed_randn(5, requires_grad=True) # 模拟的偏置
y_true = fixed_randn(3, 5)
# 前向传播
y_pred = x @ w + b
# 模拟均方误差损失
loss = ((y_pred - y_true) ** 2).mean()
# 反向传播
loss.backward()
print(f"x.grad shape: {x.grad.shape}")
print(f"w.grad shape: {w.grad.shape}")
print(f"b.grad shape: {b.grad.shape}")
print(f"x requires grad: {x.requires_grad}, grad: {x.grad}")
