# Seed 004, section 3.3 (text, no code block): "after backward() the whole graph is freed; a second
# backward() on the same loss raises" and "retain_graph=True is what second derivatives need"
# (known errors: a graph whose nodes save no tensor runs twice; a second derivative needs
# create_graph=True).
# Added lines: all of it, written from the text's sentences. Compared: all output.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss = ((x * x).sum() - 1) ** 2
loss.backward()
try:
    loss.backward()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])

x.grad = None
s = (x + 1).sum()  # AddBackward0 and SumBackward0 save no tensor
s.backward()
s.backward()
print(x.grad)

y = (x ** 3).sum()
(g,) = torch.autograd.grad(y, x, retain_graph=True)
print(g.requires_grad, g.grad_fn)
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.requires_grad, g.grad_fn.name(), torch.autograd.grad(g.sum(), x))
