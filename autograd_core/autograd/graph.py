"""torch.autograd.graph: the node type and saved-tensor hooks."""

from .._graph import _SAVED_HOOKS, Node  # noqa: F401


class saved_tensors_hooks:
    """Context manager: tensors saved for backward inside it are stored as ``pack_hook(tensor)`` and
    given back to backward as ``unpack_hook(packed)`` (what gradient checkpointing is built on)."""

    def __init__(self, pack_hook, unpack_hook):
        self.hooks = (pack_hook, unpack_hook)

    def __enter__(self):
        _SAVED_HOOKS.append(self.hooks)
        return self

    def __exit__(self, *exc):
        _SAVED_HOOKS.pop()
        return False
