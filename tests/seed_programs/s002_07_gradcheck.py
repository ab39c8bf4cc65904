# Seed 002, block 7, section 5.2: gradcheck of x^3 + 2x in float64.
# Added lines: `import torch`. Compared: all output.
import torch
from torch.autograd import gradcheck

def func(x):
    return x**3 + 2*x

input = torch.tensor([1.0, 2.0], dtype=torch.double, requires_grad=True)
test = gradcheck(func, input, eps=1e-6)
print(f"梯度检查结果: {test}") # 应为True
