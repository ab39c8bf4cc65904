# Seed 002, block 10, section 8: one manual training step of a small net.
# Changed lines: `x = torch.randn(10, 2)` and `y = torch.randn(10, 1)` are replaced by fixed values
# (the libraries' random generators differ and the values matter for the printed loss).
# Added lines: `import torch`; the fixed initial parameters (the no_grad block after
# `model = SimpleNet()`); the prints. Compared: all output.
import torch

class SimpleNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(2, 4)
        self.fc2 = torch.nn.Linear(4, 1)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        return self.fc2(x)

# 手动实现训练步骤
model = SimpleNet()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) + 0.1 * i)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.linspace(-1, 1, 20).reshape(10, 2)
y = torch.sin(torch.arange(10.0)).reshape(10, 1)
pred = model(x)
loss = torch.mean((pred - y)**2)
# 反向传播
model.zero_grad()
loss.backward()
# 参数更新
with torch.no_grad():
    for param in model.parameters():
        param -= 0.1 * param.grad
print(f"loss {loss.item():.6f}", loss.grad_fn.name())
for name, param in model.named_parameters():
    print(name, param.grad.shape, param.data)
print(f"loss after {torch.mean((model(x) - y) ** 2).item():.6f}")
