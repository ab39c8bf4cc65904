# Seed 003, block 7, section 4 item 3: a second derivative with create_graph=True.
# Added lines: `import torch`, x and y (the block uses them), and the prints. Compared: all output.
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x ** 3
dy_dx = torch.autograd.grad(y, x, create_graph=True)
d2y_dx2 = torch.autograd.grad(dy_dx, x)
print(dy_dx, d2y_dx2)
