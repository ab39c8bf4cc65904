from bench._env import pin_threads; pin_threads()
import numpy as np, timeit, torch
import autograd_core as T
from bench.workloads import MLP
w = MLP(False)
c = w.torchlike(T); n = w.numpy(np)
for _ in range(20): c.step(); n.step()
def tm(f, k=50): return min(timeit.repeat(f, number=k, repeat=7))/k*1e3
for _ in range(2):
    print("ours step", tm(c.step), "numpy step", tm(n.step))
import autograd_core.nn as nn
model = nn.Sequential(nn.Linear(64,256), nn.ReLU(), nn.Linear(256,256), nn.ReLU(), nn.Linear(256,10))
x = T.tensor(w.x); y = T.tensor(w.y)
opt = T.optim.SGD(model.parameters(), lr=0.01)
def fwd(): return nn.functional.cross_entropy(model(x), y)
def fb():
    opt.zero_grad(); fwd().backward()
print("fwd", tm(fwd), "fwd+bwd", tm(fb), "step only", tm(opt.step))
xs = w.x; W0,b0,W1,b1,W2,b2 = [p for p in w.params]
def nf():
    h0 = xs @ W0.T + b0; a0 = np.maximum(h0, 0); h1 = a0 @ W1.T + b1; a1 = np.maximum(h1, 0); z = a1 @ W2.T + b2
    e = np.exp(z - z.max(axis=1, keepdims=True)); p = e / e.sum(axis=1, keepdims=True)
    return p
print("numpy fwd", tm(nf))
