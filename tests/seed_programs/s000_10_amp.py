# Seed 000, block 10, section 5.2: AMP with the deprecated torch.cuda.amp names, run on the CPU
# (no CUDA here: torch warns and disables both the scaler and the CUDA autocast). The text's claim
# that the backward is computed in FP32 is a known error; there is no code for it.
# Added lines: `import torch`, `import warnings`, the model, input, target, criterion and optimizer
# (fixed numbers), the catch_warnings block printing each warning's category and first line, and
# the prints at the end. Compared: all output.
import warnings

import torch

model = torch.nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -0.25]]))
    model.bias.copy_(torch.tensor([0.1]))
input = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]])
target = torch.tensor([[1.0], [0.0], [2.0]])
criterion = torch.nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scaler = torch.cuda.amp.GradScaler()

    with torch.cuda.amp.autocast():
        output = model(input)
        loss = criterion(output, target)

    scaler.scale(loss).backward()  # 自动处理梯度缩放
    scaler.step(optimizer)
    scaler.update()
for w in caught:
    print(w.category.__name__, str(w.message).splitlines()[0])
print(output.dtype, loss.dtype, loss.item(), scaler.is_enabled(), scaler.get_scale())
print(model.weight, model.bias)
