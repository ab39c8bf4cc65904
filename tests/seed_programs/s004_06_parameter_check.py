# Seed 004, section 4.3 (inline code in the text): nn.Parameter versus a plain Tensor attribute,
# and the check `for param in model.parameters(): print(param.requires_grad, param.shape)`.
# Added lines: the module (one Parameter, one plain tensor, one frozen layer) and the other prints.
# Compared: all output.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(2, 3)
        self.scale = nn.Parameter(torch.ones(3))
        self.offset = torch.zeros(3)  # a plain Tensor: not a parameter, never optimised
        self.head = nn.Linear(3, 1)
        self.head.weight.requires_grad = False


model = Net()
for param in model.parameters():
    print(param.requires_grad, param.shape)
print([name for name, _ in model.named_parameters()], type(model.scale).__name__)
shared = nn.Linear(2, 2)
model.a, model.b = shared, shared
print(model.a.weight is model.b.weight, len(list(model.parameters())))
