# Seed 004, inline advice of sections 3.1, 5.1, 5.2 and 6 (no block of their own): register_hook
# to see a gradient that a non-leaf does not keep; printing every parameter's gradient norm after
# each step; torch.clamp to bound gradients.
# Added lines: all of it, written from those sentences, with a fixed model and data.
# Compared: all output.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-1.0, 1.0, p.numel()).reshape(p.shape) * (i + 1) / 2)
x = torch.tensor([[1.0, -1.0], [0.5, 2.0], [-1.5, 0.5]])
target = torch.tensor([[1.0], [0.0], [-1.0]])
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

for epoch in range(3):
    hidden = model[0](x)
    hidden.register_hook(lambda g: print("hidden grad", g.shape, g.abs().sum().item()))
    out = model[2](model[1](hidden))
    loss = ((out - target) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    for name, p in model.named_parameters():
        print(epoch, name, f"{p.grad.norm().item():.6f}")
    for p in model.parameters():
        p.grad = torch.clamp(p.grad, -0.1, 0.1)
    optimizer.step()
    print(epoch, f"loss {loss.item():.6f}", hidden.grad)
