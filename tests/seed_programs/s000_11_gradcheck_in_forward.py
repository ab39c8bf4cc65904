# Seed 000, block 11, section 6 item 1: a gradcheck inside forward.
# Added lines: `import torch`; layer1 and layer2 (float64 with fixed weights: gradcheck wants double
# precision) and x; the call of forward and the prints. Compared: all output.
import torch

layer1 = torch.nn.Linear(3, 3).double()
layer2 = torch.nn.Linear(3, 1).double()
with torch.no_grad():
    for i, p in enumerate(list(layer1.parameters()) + list(layer2.parameters())):
        p.copy_(torch.linspace(-0.5, 0.5, p.numel(), dtype=torch.float64).reshape(p.shape) + i)
x = torch.tensor([[0.1, 0.2, 0.3], [-0.4, 0.5, 0.6]], dtype=torch.float64, requires_grad=True)

def forward(x):
    x = layer1(x)
    torch.autograd.gradcheck(lambda x: layer1(x).sum(), x)  # 数值梯度检查
    return layer2(x)

out = forward(x)
print(out.shape, out.dtype, out.grad_fn.name())
print(out)
