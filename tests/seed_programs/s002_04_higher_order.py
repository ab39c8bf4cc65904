# Seed 002, block 4, section 3: first and second derivative of x^3 at 3 (27.0, 18.0).
# Added lines: `import torch`. Compared: all output.
import torch
x = torch.tensor(3.0, requires_grad=True)
y = x**3
# 一阶导
grad1 = torch.autograd.grad(y, x, create_graph=True)[0]
print(f"一阶导数: {grad1.item()}") # 27.0
# 二阶导
grad2 = torch.autograd.grad(grad1, x)[0]
print(f"二阶导数: {grad2.item()}") # 18.0
