# Seed 003, block 5, section 3.3: inference under torch.no_grad().
# Added lines: `import torch`, the model and input (fixed numbers), and the prints.
# Compared: all output.
import torch

model = torch.nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[1.0, -2.0]]))
    model.bias.copy_(torch.tensor([0.5]))
input = torch.tensor([[1.0, 1.0], [2.0, 3.0]])

with torch.no_grad():
    prediction = model(input)  # 不跟踪梯度
print(prediction, prediction.requires_grad, model(input).requires_grad)
