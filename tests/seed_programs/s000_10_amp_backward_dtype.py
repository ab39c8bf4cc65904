# Seed 000, section 5.2, the text before block 10: "the forward runs in FP16, the backward is
# converted to FP32 automatically" (a known error: each op's backward runs in the dtype its forward
# ran in under autocast; only the leaf's .grad takes the parameter's dtype, float32).
# Added lines: all of it, written from that sentence, on the CPU (autocast's bfloat16) with fixed
# numbers; a hook prints the dtype of the gradient flowing into the autocast output.
# Compared: all output.
import torch

model = torch.nn.Linear(3, 2)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5]]))
    model.bias.copy_(torch.tensor([0.1, -0.2]))
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])

with torch.autocast(device_type="cpu"):
    out = model(x)
    out.register_hook(lambda g: print("grad into out:", g.dtype))
    loss = out.float().pow(2).sum()
print(out.dtype, loss.dtype, out.grad_fn.name())
loss.backward()
print(model.weight.grad.dtype, model.weight.grad)
