# Seed 004, section 4.1, the text after block 2: "written as w -= lr * w.grad without no_grad,
# PyTorch builds a graph for the update and w does not change as expected" (a known error: on a
# leaf that requires grad the in-place update raises).
# Added lines: everything but the update line, which is the text's own: w, b and data as in
# s004_02, the try/except that prints the exception's type and first line, and the prints.
# Compared: all output.
import torch

x_data = torch.linspace(-1, 1, 100).reshape(-1, 1)
y_data = 2.0 * x_data + 0.5
w = torch.tensor([0.3], requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
loss = ((w * x_data + b - y_data) ** 2).mean()
loss.backward()
try:
    w -= lr * w.grad
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(w, w.is_leaf, w.grad_fn)
