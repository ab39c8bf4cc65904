"""What the DDP job (job_ddp.py, in two processes) and its single-process reference
(test_distributed_ddp.py) both build: the model, the data set and the scenarios."""

SCENARIOS = {  # data set size, batch size per rank, epochs
    "equal_shards": dict(n=8, batch=2, epochs=2),  # 4 samples per rank
    "unequal_shards": dict(n=7, batch=3, epochs=2),  # the sampler repeats one index: 4 per rank
}
LR, MOMENTUM, SAMPLER_SEED = 0.1, 0.9, 5


def make_model(torch, seed):
    torch.manual_seed(seed)
    nn = torch.nn
    return nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))


def data(torch, n):
    g = torch.Generator().manual_seed(1234)
    return torch.randn(n, 3, generator=g), torch.randn(n, 2, generator=g)


def params(model):
    return [p.detach().tolist() for p in model.parameters()]


def grads(model):
    return [None if p.grad is None else p.grad.tolist() for p in model.parameters()]


class TwoHeads:
    """A module with a head the forward never uses (find_unused_parameters)."""

    @staticmethod
    def make(torch, seed):
        torch.manual_seed(seed)
        nn = torch.nn

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.body, self.used, self.unused = nn.Linear(3, 4), nn.Linear(4, 2), nn.Linear(4, 2)

            def forward(self, x):
                return self.used(self.body(x).tanh())

        return Model()
