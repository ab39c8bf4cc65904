# Seed 000, block 13, section 6 item 3: gradient clipping; and the text's zero_grad(set_to_none=True).
# Added lines: `import torch`, the model, data and backward (fixed numbers), the optimizer and the
# prints. Compared: all output.
import torch

model = torch.nn.Linear(2, 2)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[3.0, -4.0], [1.0, 2.0]]))
    model.bias.copy_(torch.tensor([0.5, -0.5]))
(model(torch.tensor([[1.0, 2.0], [3.0, 4.0]])) ** 2).sum().backward()

norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
print(norm)
print(model.weight.grad, model.bias.grad)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
optimizer.zero_grad(set_to_none=True)
print(model.weight.grad, model.bias.grad)
