# Seed 000, block 12, section 6 item 2: draw the graph of block 1 with torchviz.
# Added lines: `import os, tempfile, torch`, block 1's x, y, z, the change into a temporary folder
# (render writes graph and graph.png into the current one) and the prints. Compared: all output
# (the test masks the node ids, which are Python object ids).
import os
import tempfile

import torch
from torchviz import make_dot

x = torch.tensor(3., requires_grad=True)
y = torch.tensor(4., requires_grad=True)
z = x * y
os.chdir(tempfile.mkdtemp())
make_dot(z, params=dict(x=x, y=y)).render("graph", format="png")
print(sorted(os.listdir(".")))
print(make_dot(z, params=dict(x=x, y=y)).source)
