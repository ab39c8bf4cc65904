# Seed 004, block 3, section 4.2: the same regression with nn.Module, nn.MSELoss and optim.SGD
# (characters restored as in s004_01).
# Changed lines: `torch.randn_like(x_data)` is fixed_randn_like(x_data) (see s004_02).
# Added lines: the helper, and the no_grad block after `model = LinearRegression()` that sets the
# initial weight and bias (nn.Linear's random initialisation differs between the libraries).
# Compared: all output.
import torch
import torch.nn as nn
import torch.optim as optim


def fixed_randn_like(t):
    n = t.numel()
    return (torch.sin(torch.arange(n, dtype=torch.float32) * 1.7 + n) * 1.5).reshape(t.shape)


torch.manual_seed(42)
# 生成数据
x_data = torch.linspace(-1, 1, 100).reshape(-1, 1)
y_data = 2.0 * x_data + 0.5 + 0.05 * fixed_randn_like(x_data)
# 定义模型同样实现一元线性回归 y = wx + b
class LinearRegression(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(1, 1)

    def forward(self, x):
        return self.linear(x)

model = LinearRegression()
with torch.no_grad():
    model.linear.weight.fill_(-0.3)
    model.linear.bias.fill_(0.2)
criterion = nn.MSELoss()
optimizer = optim.SGD(model.parameters(), lr=0.1)
# 训练循环
for epoch in range(200):
    # 前向
    y_pred = model(x_data)
    loss = criterion(y_pred, y_data)
    # 反向
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if (epoch + 1) % 20 == 0:
        print(f"Epoch {epoch + 1}, Loss: {loss.item():.4f}, w: {model.linear.weight.item():.4f}, b: {model.linear.bias.item():.4f}")
print(f"最终结果: weight = {model.linear.weight.item():.4f}, bias = {model.linear.bias.item():.4f}")
