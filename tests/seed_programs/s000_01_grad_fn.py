# Seed 000 (000_33eaadf9058d7a6b.txt), block 1, section 2.1: z = x * y records a MulBackward0 node.
# Added lines: none. Compared: all output (the test masks the object's address).
import torch
x = torch.tensor(3., requires_grad=True)
y = torch.tensor(4., requires_grad=True)
z = x * y  # 此时自动创建 MulBackward 节点
print(z.grad_fn)  # 输出: <MulBackward0 object at 0x...>
