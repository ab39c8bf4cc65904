# Seed 002, block 9, section 7.2: a numerically stable exp (shift by the maximum).
# Added lines: `import torch`, the input and the prints (the plain exp overflows to inf, the
# shifted one does not; and its gradient). Compared: all output.
import torch

def stable_exp(x):
    return torch.exp(x - x.max())

x = torch.tensor([1000.0, 1001.0, 999.0], requires_grad=True)
print(torch.exp(x).detach())
y = stable_exp(x)
print(y)
y.sum().backward()
print(x.grad)
