# Seed 002, inline code of sections 2.2, 5.3, 7.2 and 7.3 (no block of their own): gradients add
# up unless x.grad.zero_() is called; x.grad = None instead of zero_(); torch.autograd.
# detect_anomaly() to find where a NaN comes from; torch.cuda.empty_cache().
# Added lines: all of it, written from those sentences, with fixed inputs; the try/except prints
# the exception's type and first line, the catch_warnings block each warning's category and first
# line. Compared: all output.
import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
for _ in range(2):
    (x ** 2).sum().backward()
print(x.grad)  # 累加: 2 * (2x)
x.grad.zero_()
(x ** 2).sum().backward()
print(x.grad)
x.grad = None
print(x.grad)

a = torch.tensor([0.0, 1.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        with torch.autograd.detect_anomaly():
            y = torch.sqrt(a) * 0.0  # 0 * inf in the backward of sqrt at 0
            y.sum().backward()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
for c in caught:
    print(c.category.__name__, str(c.message).splitlines()[0])

torch.cuda.empty_cache()
print(torch.cuda.is_available())
