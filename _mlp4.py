from bench._env import pin_threads; pin_threads()
import numpy as np, torch
import autograd_core as T
from bench.workloads import MLP
from bench.timing import alternate
for batch in (8, 512):
    w = MLP(False, batch=batch)
    fns = {"ours": w.torchlike(T).step, "numpy": w.numpy(np).step, "torch": w.torchlike(torch).step}
    r = alternate(fns, reps=9)
    print(batch, {k: round(v.median*1e3, 3) for k, v in r.items()})
