# Seed 000, section 3.2, the note after block 4: "ctx.save_for_backward() is more efficient than
# attributes of ctx because it enables compressed storage" (a known error: the tensor is kept as
# it is, same dtype, same memory; what save_for_backward adds is the in-place version check and
# the saved-tensor hooks).
# Added lines: all of it but MyReLU (block 4's), with fixed inputs: a pack hook shows what is
# stored; an in-place change of a saved input shows the version check. Compared: all output.
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


x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
h = x * 1  # a non-leaf, so that it can be changed in place
stored = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: stored.append(t) or t, lambda t: t):
    y = MyReLU.apply(h)
print(len(stored), stored[0].dtype, stored[0].data_ptr() == h.data_ptr(), stored[0].element_size())
y.sum().backward()
print(x.grad)
h2 = x * 1
y2 = MyReLU.apply(h2)  # saved without hooks: the version check applies
with torch.no_grad():
    h2.mul_(2)
try:
    y2.sum().backward()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
