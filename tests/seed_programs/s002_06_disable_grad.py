# Seed 002, block 6, section 5.1: three ways to stop tracking.
# Added lines: `import torch`, the x of section 2.2 (the block uses it), and the prints.
# Compared: all output.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
# 方法1：使用torch.no_grad()
with torch.no_grad():
    y = x * 2 # 不会跟踪计算图
print(y.requires_grad, y.grad_fn)
# 方法2：使用detach()
y = x.detach() * 2
print(y.requires_grad, y.grad_fn)
# 方法3：全局设置
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
