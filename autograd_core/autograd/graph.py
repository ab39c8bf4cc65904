"""torch.autograd.graph: the node type, for isinstance checks and annotations."""
from .._graph import Node  # noqa: F401
