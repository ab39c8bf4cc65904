# Seed 002, block 2, section 2.1: derivative of 3x^2 + 2x + 1 at x = 2 (14.0).
# Added lines: `import torch`. Compared: all output.
import torch

def quadratic(x):
    return 3*x**2 + 2*x + 1

x = torch.tensor(2.0, requires_grad=True)
y = quadratic(x)
y.backward() # 自动计算梯度
print(f"在x={x.item()}处的导数为: {x.grad.item()}") # 输出：在x=2.0处的导数为: 14.0
