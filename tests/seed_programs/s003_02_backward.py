# Seed 003, block 2, section 2.2: dy/dx of x^2 + 2x + 1 at 3 (tensor(8.)).
# Added lines: `import torch`. Compared: all output.
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x**2 + 2*x + 1
y.backward()  # dy/dx = 2x + 2 = 8
print(x.grad)  # 输出 tensor(8.)
