from bench._env import pin_threads; pin_threads()
import numpy as np
import autograd_core as T
from bench.workloads import MLP
w = MLP(False, batch=8)
c = w.torchlike(T)
for _ in range(50): c.step()
from pyinstrument import Profiler
p=Profiler(interval=0.0001); p.start()
for _ in range(3000): c.step()
p.stop()
print(p.output_text(unicode=False, color=False))
