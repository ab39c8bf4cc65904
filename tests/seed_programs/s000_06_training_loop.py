# Seed 000, block 6, section 4.1 item 2: the training loop with zero_grad after step (equivalent
# when done every iteration; the seed calls the order wrong, a known error).
# Added lines: `import torch`; the model (it returns the loss, as the block's `loss = model(data)`
# needs), the optimizer and the dataset, all from fixed numbers; the print in the loop and the two
# at the end. Compared: all output.
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.tensor([0.5, -0.3]))

    def forward(self, data):
        return ((data * self.w).sum() - 1.0) ** 2


model = Model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
dataset = [torch.tensor([1.0, 2.0]), torch.tensor([0.5, -1.0]), torch.tensor([2.0, 0.0])]

for data in dataset:
    loss = model(data)
    loss.backward()  # 梯度会不断累积！
    optimizer.step()
    optimizer.zero_grad()  # 必须手动清零
    print(f"loss {loss.item():.6f}  w {model.w.tolist()}")
print(model.w.grad)
print(loss.grad_fn.name())
