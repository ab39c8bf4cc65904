"""torch.autograd.graph: the node type and saved-tensor hooks."""

from .._graph import Node, saved_tensors_hooks  # noqa: F401
