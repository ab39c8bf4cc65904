"""torch.autograd.graph: the node type and saved-tensor hooks."""

from .._graph import _SAVED_HOOKS, Node  # noqa: F401


class saved_tensors_hooks:
    """Context manager: tensors saved for backward inside it are stored as ``pack_hook(tensor)`` and
    given back to backward as ``unpack_hook(packed)`` (what gradient checkpointing is built on)."""

    def __init__(self, pack_hook, unpack_hook):
        self.hooks = (pack_hook, unpack_hook)

    def __enter__(self):
        _SAVED_HOOKS.append(self.hooks)  # (returns None, as torch's)

    def __exit__(self, *exc):
        _SAVED_HOOKS.pop()
        return False


class save_on_cpu(saved_tensors_hooks):
    """Context manager: tensors saved for backward inside it are kept on the CPU (``pin_memory``
    asks for page-locked host memory) and moved back to their device when backward reads them."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            if not pin_memory:
                return (tensor.device, tensor.cpu())
            packed = tensor.cpu()
            return (tensor.device, packed.pin_memory() if hasattr(packed, "pin_memory") else packed)

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)
