"""RemovableHandle: what every ``register_*hook`` returns (tensors, nodes, modules), as torch's
``torch.utils.hooks.RemovableHandle``. Hooks live in a dict ``{handle id: hook}`` kept in
registration order; ``handle.remove()`` deletes its entry (twice is harmless)."""

import itertools

_ids = itertools.count()


class RemovableHandle:
    """A registered hook's ticket: ``remove()`` unregisters it; usable as a context manager."""

    def __init__(self, hooks_dict):
        self.hooks_dict = hooks_dict
        self.id = next(_ids)

    def remove(self):
        self.hooks_dict.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def add_hook(hooks_dict, hook):
    """Register `hook` in `hooks_dict`; return its handle."""
    handle = RemovableHandle(hooks_dict)
    hooks_dict[handle.id] = hook
    return handle
