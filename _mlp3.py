from bench._env import pin_threads; pin_threads()
import numpy as np, timeit, cProfile, pstats
import autograd_core as T
from bench.workloads import MLP
w = MLP(False)
c = w.torchlike(T)
for _ in range(20): c.step()
pr = cProfile.Profile(); pr.enable()
for _ in range(300): c.step()
pr.disable()
pstats.Stats(pr).sort_stats("tottime").print_stats(22)
