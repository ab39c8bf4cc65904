# Seed 002, block 3, section 2.2: partial derivatives of x0^3 + x1^2 + x0*x1 at (1, 2). The seed's
# comment says tensor([4., 5.]): a known error, torch gives tensor([5., 5.]) (as its own derivation
# below the block says).
# Added lines: `import torch`. Compared: all output.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x[0]**3 + x[1]**2 + x[0]*x[1]
y.backward()
print(f"梯度向量: {x.grad}") # 输出：梯度向量: tensor([4., 5.])
