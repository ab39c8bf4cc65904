# Seed 003, block 8 ("示例：完整流程"): y = w * x + b, loss = (y - 5)^2, gradients at the minimum.
# Added lines: the print of b.grad. Compared: all output.
import torch

# 定义输入和参数
x = torch.tensor([1.0], requires_grad=True)
w = torch.tensor([2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)

# 前向计算
y = w * x + b       # y = 2*1 + 3 = 5
loss = (y - 5)**2   # loss = (5-5)^2 = 0

# 反向传播
loss.backward()

# 查看梯度
print(w.grad)  # d(loss)/dw = 2*(y-5)*x = 0 → tensor([0.])
print(x.grad)  # d(loss)/dx = 2*(y-5)*w = 0 → tensor([0.])
print(b.grad)
