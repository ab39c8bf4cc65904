# Seed 004, block 2, section 4.1: linear regression with a hand-written update under no_grad and
# w.grad.zero_() (characters restored as in s004_01: "w - lr * w.grad" is "w -= lr * w.grad").
# Changed lines: `torch.randn_like(x_data)` is fixed_randn_like(x_data) and `torch.randn(1, ...)`
# is fixed_randn(1, ...): a formula in place of the random generator (the libraries' generators
# differ; the printed losses and parameters depend on the values). torch.manual_seed(42) is kept.
# Added lines: the two helpers. Compared: all output.
import torch


def fixed_randn(*shape, requires_grad=False):
    n = 1
    for s in shape:
        n *= s
    t = torch.sin(torch.arange(n, dtype=torch.float32) * 1.7 + n).reshape(*shape) * 1.5
    return t.requires_grad_(requires_grad)


def fixed_randn_like(t):
    return fixed_randn(*t.shape).to(t.dtype)


torch.manual_seed(42)
# 生成带噪声的线性数据
x_data = torch.linspace(-1, 1, 100).reshape(-1, 1)
true_w = torch.tensor(2.0)
true_b = torch.tensor(0.5)
y_data = true_w * x_data + true_b + 0.05 * fixed_randn_like(x_data)
# 初始化参数
w = fixed_randn(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
# 超参数
lr = 0.1
epochs = 200
# 训练循环
for epoch in range(epochs):
    # 前向传播
    y_pred = w * x_data + b
    # 计算损失
    loss = ((y_pred - y_data) ** 2).mean()
    # 反向传播
    loss.backward()
    # 关闭梯度追踪手动更新参数
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    # 清零梯度
    w.grad.zero_()
    b.grad.zero_()
    if (epoch + 1) % 20 == 0:
        print(f"Epoch {epoch + 1}, Loss: {loss.item():.4f}, w: {w.item():.4f}, b: {b.item():.4f}")
print(f"最终结果: w = {w.item():.4f}, b = {b.item():.4f}")
print(f"真实值: w = {true_w.item()}, b = {true_b.item()}")
