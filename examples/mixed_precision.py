"""Mixed precision training, the usual loop: autocast forward, GradScaler backward and step.

Written against torch; ``--lib autograd_core`` runs the same code with autograd_core standing in
for torch (it is put in ``sys.modules["torch"]`` before ``import torch``)::

    python examples/mixed_precision.py                      # torch
    python examples/mixed_precision.py --lib autograd_core  # autograd_core

On the CPU autocast computes the linear layers in bfloat16 and the loss in float32; the scaler is
not needed for bfloat16 (its range is float32's), but the loop is the one float16 on a GPU needs:
``scaler.scale(loss).backward()``, ``scaler.unscale_(opt)`` before clipping, ``scaler.step(opt)``
(skipped when a gradient is inf or nan) and ``scaler.update()``. The weights and data come from
closed formulas, not a random generator, so both libraries start from the same numbers.
"""

import argparse
import importlib
import math
import sys


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default="torch", help="torch or autograd_core")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--device", default="cpu")
    args = parser.parse_args(argv)
    if args.lib != "torch":
        sys.modules["torch"] = importlib.import_module(args.lib)
    import torch

    def formula(*shape, phase):  # deterministic "random" numbers in [-0.5, 0.5]
        n = math.prod(shape)
        return torch.sin(torch.arange(n, dtype=torch.float32) * 1.7 + phase).reshape(*shape) / 2

    dev = args.device
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)).to(
        dev
    )
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(formula(*p.shape, phase=float(i)))
    x = formula(64, 8, phase=10.0).to(dev) * 2
    y = (x[:, :1] * x[:, 1:2] - x[:, 2:3]).to(dev)

    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scaler = torch.amp.GradScaler(dev, init_scale=2.0**10)
    losses = []
    for step in range(args.steps):
        opt.zero_grad()
        with torch.autocast(device_type=dev):
            out = model(x)
            loss = torch.nn.functional.mse_loss(out, y)
        scaler.scale(loss).backward()
        scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(opt)
        scaler.update()
        losses.append(loss.item())
        print(f"step {step:3d}  loss {loss.item():.6f}  ({out.dtype}, {loss.dtype})")
    print(f"scale {scaler.get_scale()}")
    return losses


if __name__ == "__main__":
    main()
