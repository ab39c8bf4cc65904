# Seed 003, block 3, section 3.1: backward(retain_graph=True) keeps the graph for another backward.
# Added lines: `import torch`; x (the block uses it); the second backward and the prints. The
# first y is a sum (its node saves nothing, so it could run twice anyway); the added y2 = (x**2).sum()
# saves x, and shows what retain_graph is for: without it the second backward raises.
# Compared: all output.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.sum()
y.backward(retain_graph=True)  # 保留计算图
y.backward()
print(x.grad)
y2 = (x ** 2).sum()
y2.backward(retain_graph=True)
y2.backward()
print(x.grad)
y3 = (x ** 2).sum()
y3.backward()
try:
    y3.backward()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
