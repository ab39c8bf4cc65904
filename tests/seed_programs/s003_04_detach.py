# Seed 003, block 4, section 3.2: detach() cuts a tensor out of the graph (it shares the data).
# Added lines: `import torch`, x and y (the block uses y), and the prints. Compared: all output.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
z = y.detach()  # z 的运算不再被跟踪
print(z.requires_grad, z.grad_fn, z.is_leaf, y.requires_grad)
print(z.data_ptr() == y.data_ptr(), (z * 2).requires_grad)
