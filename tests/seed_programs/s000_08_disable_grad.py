# Seed 000, block 8, section 4.2 item 2: no_grad for validation, requires_grad_(False) for deployment.
# Added lines: `import torch`, the model and x (fixed numbers), and the prints. Compared: all output.
import torch

model = torch.nn.Linear(3, 2)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]]))
    model.bias.copy_(torch.tensor([0.01, -0.02]))
x = torch.ones(4, 3)

# 临时禁用（验证时常用）
with torch.no_grad():
    y = model(x)
print(y.requires_grad, y.grad_fn, y[0])

# 永久禁用（部署时使用）
for param in model.parameters():
    param.requires_grad_(False)
out = model(x)
print([p.requires_grad for p in model.parameters()], out.requires_grad, out.grad_fn)
