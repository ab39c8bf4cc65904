# Seed 002, block 5, section 4: a vector-Jacobian product through torch.stack.
# Added lines: `import torch`. Compared: all output.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.stack([x[0]**2, x[1]**3])
v = torch.tensor([1.0, 1.0])
y.backward(gradient=v) # 传入梯度权重
print(f"VJP结果: {x.grad}") # 输出：tensor([2., 12.])
