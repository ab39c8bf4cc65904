# Seed 000, block 4, section 3.2: a custom Function MyReLU. (The text's claim that save_for_backward
# "uses compressed storage" is a known error; there is no code for it.)
# Added lines: `import torch` and the prints at the end. Compared: everything printed; torch.randn's
# values differ between libraries, so only properties true for any x are printed (the gradient is
# 1 where x >= 0 and 0 elsewhere).
import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod 
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input

# 使用方式
x = torch.randn(5, requires_grad=True)
y = MyReLU.apply(x)
y.backward(torch.ones_like(y))
print(y.grad_fn.name(), y.shape, x.grad.shape)
print(torch.equal(x.grad, (x >= 0).to(x.dtype)), torch.equal(y, x.clamp(min=0)))
