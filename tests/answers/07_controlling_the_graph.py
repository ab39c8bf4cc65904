"""Wrong answers for 07_controlling_the_graph: each must lose points and fail a visible case that names it."""

WRONG = {
    "clip_hook": [
        ("rescales the gradient in place", "modified grad in place", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        if norm > max_norm:
            grad.mul_(max_norm / norm)
            return grad
        return None
    return hook
'''),
        ("returns the gradient instead of None below the threshold", "not the gradient itself", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        if norm > max_norm:
            return grad * (max_norm / norm)
        return grad
    return hook
'''),
        ("clamps each element instead of rescaling the norm", "clamped each element", '''
def make_clip_hook(max_norm):
    def hook(grad):
        return grad.clamp(-max_norm, max_norm)
    return hook
'''),
        ("uses the squared norm", "squared norm", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().item()
        if norm > max_norm:
            return grad * (max_norm / norm)
        return None
    return hook
'''),
        ("inverted factor norm / max_norm", "factor is inverted", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        if norm > max_norm:
            return grad * (norm / max_norm)
        return None
    return hook
'''),
        ("clips at norm == max_norm too (>=)", "strictly greater", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        if norm >= max_norm:
            return grad * (max_norm / norm)
        return None
    return hook
'''),
        ("one norm per row instead of one for the whole tensor", "not one norm per row", '''
def make_clip_hook(max_norm):
    def hook(grad):
        if grad.dim() < 2:
            norm = (grad * grad).sum().sqrt()
        else:
            norm = (grad * grad).sum(dim=-1, keepdim=True).sqrt()
        if (norm > max_norm).any().item():
            return grad * (max_norm / norm).clamp(max=1.0)
        return None
    return hook
'''),
        ("returns a float32 tensor rebuilt from a list", "grad's dtype", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        if norm > max_norm:
            return torch.tensor([v * (max_norm / norm) for v in grad.reshape(-1).tolist()]).reshape(grad.shape)
        return None
    return hook
'''),
    ],
    "td_loss": [
        ("no detach: the full gradient", "this is the full gradient", '''
def td_loss(theta, s, r, s_next, gamma):
    return ((r + gamma * (s_next @ theta) - s @ theta) ** 2).mean()
'''),
        ("detaches the prediction instead of the target", "detached s @ theta instead", '''
def td_loss(theta, s, r, s_next, gamma):
    return ((r + gamma * (s_next @ theta) - (s @ theta).detach()) ** 2).mean()
'''),
        ("detaches the whole loss", "not the whole loss", '''
def td_loss(theta, s, r, s_next, gamma):
    return ((r + gamma * (s_next @ theta) - s @ theta) ** 2).mean().detach()
'''),
        ("sum instead of mean", "not the sum", '''
def td_loss(theta, s, r, s_next, gamma):
    target = (r + gamma * (s_next @ theta)).detach()
    return ((target - s @ theta) ** 2).sum()
'''),
        ("calls backward inside", "must not call backward", '''
def td_loss(theta, s, r, s_next, gamma):
    target = (r + gamma * (s_next @ theta)).detach()
    loss = ((target - s @ theta) ** 2).mean()
    loss.backward(retain_graph=True)
    return loss
'''),
        ("forgets gamma", "with gamma", '''
def td_loss(theta, s, r, s_next, gamma):
    target = (r + s_next @ theta).detach()
    return ((target - s @ theta) ** 2).mean()
'''),
        ("no mean: a loss per transition", "take the .mean()", '''
def td_loss(theta, s, r, s_next, gamma):
    target = (r + gamma * (s_next @ theta)).detach()
    return (target - s @ theta) ** 2
'''),
    ],
    "ste_sign": [
        ("x.sign(): 0 at x = 0", "x.sign() gives 0", '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    return soft + (x.sign() - soft).detach()
'''),
        ("x > 0 instead of x >= 0", "not x > 0", '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    hard = (x > 0).to(x.dtype) * 2 - 1
    return soft + (hard - soft).detach()
'''),
        ("returns hard alone: no gradient", "not hard alone", '''
def ste_sign(x):
    return (x >= 0).to(x.dtype) * 2 - 1
'''),
        ("soft = x: the gradient is not clipped", "not x", '''
def ste_sign(x):
    hard = (x >= 0).to(x.dtype) * 2 - 1
    return x + (hard - x).detach()
'''),
        ("detaches the wrong part: flipped gradient", "signs are flipped", '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    hard = (x >= 0).to(x.dtype) * 2 - 1
    return soft.detach() + hard - soft
'''),
        ("bounds excluded: zero gradient at x = -1 and x = 1", "bounds included", '''
def ste_sign(x):
    mask = (x.abs() < 1).to(x.dtype)
    soft = x * mask
    hard = (x >= 0).to(x.dtype) * 2 - 1
    return soft + (hard - soft).detach()
'''),
        ("hard built in float64 whatever the dtype of x", "x's dtype", '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    hard = (x >= 0).to(torch.float64) * 2 - 1
    return soft + (hard - soft).detach()
'''),
    ],
    "saved_tensor": [
        ("compares with version 0 instead of the version at save time", "version at save time", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = 0

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
        ("stale_names not sorted", "sorted(...)", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return [name for name, st in saved.items() if st.is_stale()]
'''),
        ("shape printed as a tuple", "format SHAPE", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} {tuple(self.tensor.shape)}]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
        ("'output 0 of None' for a leaf", "when output_of is None", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]], which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
        ("versions swapped in the message", "is at version NOW", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.saved_version}; "
                           f"expected version {self.tensor._version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
        ("dtype name instead of the tensor type", "torch.DoubleTensor for float64", '''
class SavedTensor:
    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self.tensor.dtype} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
        ("stores a clone: never stale, not the same tensor", "no clone, no detach", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor.detach().clone()
        self.output_of = output_of
        self.saved_version = self.tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
        ("raises ValueError instead of RuntimeError", "must raise RuntimeError", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise ValueError("one of the variables needed for gradient computation has been modified by an "
                         f"inplace operation: {what} is at version {self.tensor._version}; "
                         f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''),
    ],
    "grad_norm_recorder": [
        ("a new list on every watch", "must not empty it", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms[name] = []

        def hook(grad):
            self.norms[name].append(float((grad * grad).sum().sqrt().item()))

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
        ("appends tensors instead of floats", "append a Python float", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append((grad * grad).sum().sqrt())

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
        ("appends numpy floats (np.linalg.norm)", "not a tensor or a numpy number", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append(np.linalg.norm(grad.numpy()))

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
        ("squared norm", "squared norm", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append((grad * grad).sum().item())

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
        ("L1 norm", "L2 norm of the whole gradient", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append(grad.abs().sum().item())

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
        ("remove() forgets the handles without removing the hooks", "call handle.remove()", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append((grad * grad).sum().sqrt().item())

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        self._handles = []
'''),
        ("keeps only the last handle", "unregister every hook", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handle = None

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append((grad * grad).sum().sqrt().item())

        self._handle = tensor.register_hook(hook)

    def remove(self):
        if self._handle is not None:
            self._handle.remove()
'''),
        ("squares grad in place (grad.pow_(2)) to compute the norm, returns None", "changed the gradient it was given in place", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append(grad.pow_(2).sum().sqrt().item())

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
        ("the hook returns the normalised gradient", "returns a tensor, which replaces the gradient", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            norm = (grad * grad).sum().sqrt()
            self.norms[name].append(norm.item())
            return grad / norm

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''),
    ],
    'half_saver': [
        ('keeps t unchanged: nothing compressed', 'keep only the float16 copy', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        self.stored_bytes += t.numel() * t.element_size()
        return t

    def unpack(self, packed):
        return packed
'''),
        ('keeps t and its float16 copy, gives back t', 'not t itself (nor both)', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16) if t.is_floating_point() else t
        self.stored_bytes += kept.numel() * kept.element_size()
        return t, kept

    def unpack(self, packed):
        original, kept = packed
        return original
'''),
        ('bfloat16 instead of float16', 'bfloat16', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.bfloat16) if t.is_floating_point() else t
        self.stored_bytes += kept.numel() * kept.element_size()
        return t.dtype, kept

    def unpack(self, packed):
        dtype, kept = packed
        return kept.to(dtype)
'''),
        ('unpack returns the float16 tensor', 'original dtype', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16) if t.is_floating_point() else t
        self.stored_bytes += kept.numel() * kept.element_size()
        return t.dtype, kept

    def unpack(self, packed):
        dtype, kept = packed
        return kept
'''),
        ('unpack always converts to float32', 'float64 must come back as float64', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16) if t.is_floating_point() else t
        self.stored_bytes += kept.numel() * kept.element_size()
        return kept

    def unpack(self, packed):
        return packed.to(torch.float32) if packed.dtype == torch.float16 else packed
'''),
        ('casts integer and bool tensors to float16 too', 'integer and bool tensors', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16)
        self.stored_bytes += kept.numel() * kept.element_size()
        return t.dtype, kept

    def unpack(self, packed):
        dtype, kept = packed
        return kept.to(dtype)
'''),
        ('counts the bytes of t, not of the float16 copy', 'not those of t', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16) if t.is_floating_point() else t
        self.stored_bytes += t.numel() * t.element_size()
        return t.dtype, kept

    def unpack(self, packed):
        dtype, kept = packed
        return kept.to(dtype)
'''),
        ('never adds to stored_bytes', 'add numel() * element_size()', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16) if t.is_floating_point() else t
        return t.dtype, kept

    def unpack(self, packed):
        dtype, kept = packed
        return kept.to(dtype)
'''),
    ],
    'attach_sgd': [
        ('never frees p.grad', 'set p.grad = None', '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p -= lr * p.grad
        pass
    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''),
        ('p.grad.zero_() instead of p.grad = None', 'zero_() keeps', '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p -= lr * p.grad
        p.grad.zero_()
    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''),
        ("a def in the loop: every hook updates the loop's last parameter", 'its own parameter', '''
def attach_sgd(params, lr):
    handles = []
    for p in params:
        def step(_):
            with torch.no_grad():
                p.sub_(lr * p.grad)
            p.grad = None
        handles.append(p.register_post_accumulate_grad_hook(step))
    return handles
'''),
        ('p = p - lr * p.grad: a new tensor, the parameter unchanged', 'did not change', '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p = p - lr * p.grad
        p.grad = None
    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''),
        ('p += lr * p.grad: the wrong sign', 'wrong way', '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p += lr * p.grad
        p.grad = None
    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''),
        ('forgets lr', 'multiply the gradient by lr', '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p -= p.grad
        p.grad = None
    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''),
        ('register_hook (a tensor hook) instead of a post-accumulate hook', 'register_post_accumulate_grad_hook', '''
def attach_sgd(params, lr):
    handles = []
    for p in params:
        def step(grad, p=p):
            with torch.no_grad():
                p.sub_(lr * grad)
        handles.append(p.register_hook(step))
    return handles
'''),
        ('returns no handles', 'one per parameter', '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p -= lr * p.grad
        p.grad = None
    for p in params:
        p.register_post_accumulate_grad_hook(step)
'''),
    ],
}


_SAVED_TAIL = '''

def stale_names(saved):
    names = []
    for name, st in saved.items():
        if st.is_stale():
            names.append(name)
    names.sort()
    return names
'''

RIGHT = {
    "clip_hook": [
        ("grad.norm() and (grad * max_norm) / norm, another order of operations", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = grad.norm().item()
        if norm > max_norm:
            return grad * max_norm / norm
        return None
    return hook
'''),
        ("compares a 0-d tensor norm (torch.linalg.vector_norm) without .item(), divides first", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = torch.linalg.vector_norm(grad)
        if norm <= max_norm:
            return None
        return grad / norm * max_norm
    return hook
'''),
        ("a helper computing the norm in float64 with a Python loop, out-of-place grad.mul", '''
import math


def _l2_norm(t):
    total = 0.0
    for v in t.reshape(-1).tolist():
        total += v * v
    return math.sqrt(total)


def make_clip_hook(max_norm):
    def hook(grad):
        n = _l2_norm(grad)
        if not n > max_norm:
            return None
        return grad.mul(max_norm / n)
    return hook
'''),
        ("numpy norm, a lambda returned from the factory", '''
def make_clip_hook(max_norm):
    def norm_of(g):
        return float(np.linalg.norm(g.detach().cpu().numpy().ravel()))
    return lambda g: g * (max_norm / norm_of(g)) if norm_of(g) > max_norm else None
'''),
    ],
    "td_loss": [
        ("target computed under torch.no_grad(), row-wise (s * theta).sum(1)", '''
def td_loss(theta, s, r, s_next, gamma):
    with torch.no_grad():
        target = r + gamma * (s_next * theta).sum(dim=1)
    prediction = (s * theta).sum(dim=1)
    return torch.mean(torch.square(target - prediction))
'''),
        ("detaches theta inside the target, error written as prediction - target", '''
def td_loss(theta, s, r, s_next, gamma):
    v = s @ theta
    v_next = s_next @ theta.detach()
    return ((v - (r + gamma * v_next)) ** 2).mean()
'''),
        ("nn.functional.mse_loss against a detached target", '''
def td_loss(theta, s, r, s_next, gamma):
    target = r + gamma * torch.matmul(s_next, theta).detach()
    return torch.nn.functional.mse_loss(torch.matmul(s, theta), target)
'''),
        ("a Python loop over transitions, divided by N", '''
def td_loss(theta, s, r, s_next, gamma):
    n = s.shape[0]
    total = 0
    for i in range(n):
        target_i = (r[i] + gamma * (s_next[i] @ theta)).detach()
        total = total + (target_i - s[i] @ theta) ** 2
    return total / n
'''),
    ],
    "ste_sign": [
        ("torch.where with ones_like, torch.clamp with int bounds", '''
def ste_sign(x):
    soft = torch.clamp(x, -1, 1)
    hard = torch.where(x >= 0, torch.ones_like(x), -torch.ones_like(x))
    return soft + (hard - soft).detach()
'''),
        ("sign fixed at 0 by adding (x == 0), detached part first", '''
def ste_sign(x):
    soft = x.clip(-1.0, 1.0)
    hard = torch.sign(x) + (x == 0).to(x.dtype)
    return (hard - soft).detach() + soft
'''),
        ("masked_fill for hard, built under no_grad, soft.detach() inside", '''
def ste_sign(x):
    with torch.no_grad():
        hard = torch.ones_like(x).masked_fill(x < 0, -1.0)
    soft = x.clamp(min=-1.0, max=1.0)
    return soft + (hard - soft.detach())
'''),
        ("a mask-based soft whose gradient is 1 on [-1, 1] (bounds included)", '''
def ste_sign(x):
    inside = (x.abs() <= 1).to(x.dtype)
    soft = x * inside
    hard = x.ge(0).type_as(x) * 2 - 1
    return soft + (hard - soft).detach()
'''),
        ("torch.where with Python scalars, cast to x's dtype", '''
def ste_sign(x):
    hard = torch.where(x >= 0, 1.0, -1.0).to(x.dtype)
    soft = x.clamp(-1.0, 1.0)
    return soft + (hard - soft).detach()
'''),
    ],
    "saved_tensor": [
        ("tensor.type() and str(list(shape)), a loop and list.sort() in stale_names", '''
class SavedTensor:
    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.version_at_save = tensor._version

    def is_stale(self):
        return self.tensor._version > self.version_at_save

    def unpack(self):
        if self.is_stale():
            where = "" if self.output_of is None else f", which is output 0 of {self.output_of},"
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [{self.tensor.type()} {list(self.tensor.shape)}]{where} is at version "
                f"{self.tensor._version}; expected version {self.version_at_save} instead.")
        return self.tensor
''' + _SAVED_TAIL),
        ("%-formatting, a dtype-name helper, sorted(filter(...))", '''
def _type_name(dtype):
    if dtype == torch.float64:
        return "torch.DoubleTensor"
    return "torch.FloatTensor"


class SavedTensor:
    def __init__(self, tensor, output_of=None):
        self.tensor, self.output_of, self._v = tensor, output_of, tensor._version

    def is_stale(self):
        return not (self.tensor._version == self._v)

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        msg = "one of the variables needed for gradient computation has been modified by an inplace operation: "
        msg += "[%s [%s]]" % (_type_name(self.tensor.dtype), ", ".join(map(str, self.tensor.size())))
        if self.output_of:
            msg += ", which is output 0 of %s," % self.output_of
        msg += " is at version %d; expected version %d instead." % (self.tensor._version, self._v)
        raise RuntimeError(msg)


def stale_names(saved):
    return sorted(filter(lambda k: saved[k].is_stale(), saved))
'''),
        ("keeps the class's _TYPE_NAMES, string concatenation, comprehension over sorted keys", '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.saved_version = tensor._version
        self.tensor = tensor
        self.output_of = output_of

    def is_stale(self):
        return bool(self.tensor._version != self.saved_version)

    def unpack(self):
        if self.is_stale():
            dims = [str(int(n)) for n in self.tensor.shape]
            text = ("one of the variables needed for gradient computation has been modified by an inplace "
                    "operation: [" + self._TYPE_NAMES[self.tensor.dtype] + " [" + ", ".join(dims) + "]]")
            if self.output_of is not None:
                text = text + ", which is output 0 of " + str(self.output_of) + ","
            text = text + " is at version " + str(self.tensor._version) + "; expected version " + \\
                str(self.saved_version) + " instead."
            raise RuntimeError(text)
        return self.tensor


def stale_names(saved):
    return [name for name in sorted(saved) if saved[name].is_stale()]
'''),
    ],
    "grad_norm_recorder": [
        ("handles in a dict per name, grad.norm(), 'if name not in' instead of setdefault", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self.handles = {}

    def watch(self, name, tensor):
        if name not in self.norms:
            self.norms[name] = []
            self.handles[name] = []

        def record(grad):
            self.norms[name].append(grad.norm().item())

        self.handles[name].append(tensor.register_hook(record))

    def remove(self):
        for hs in self.handles.values():
            for h in hs:
                h.remove()
        self.handles.clear()
'''),
        ("a helper method building the hook, math.sqrt of a float, handles popped from a list", '''
import math


class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._hooks = []

    def _make_hook(self, name):
        store = self.norms[name]

        def hook(grad):
            store.append(math.sqrt(float((grad ** 2).sum())))
        return hook

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])
        self._hooks.append(tensor.register_hook(self._make_hook(name)))

    def remove(self):
        while self._hooks:
            self._hooks.pop().remove()
'''),
        ("functools.partial of a method as the hook, the norm in numpy float64", '''
from functools import partial


class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def _record(self, name, grad):
        self.norms[name].append(float(np.linalg.norm(grad.detach().numpy())))

    def watch(self, name, tensor):
        self.norms[name] = self.norms.get(name, [])
        handle = tensor.register_hook(partial(self._record, name))
        self._handles.append(handle)

    def remove(self):
        for handle in self._handles:
            handle.remove()
'''),
    ],
    'half_saver': [
        ('a dict as the package, .half() and .type()', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.is_floating_point():
            kept = t.half()
        else:
            kept = t
        self.stored_bytes = self.stored_bytes + kept.element_size() * kept.numel()
        return {"dtype": t.dtype, "data": kept}

    def unpack(self, packed):
        data = packed["data"]
        return data.type(packed["dtype"]) if data.dtype != packed["dtype"] else data
'''),
        ('dtype tested against a tuple, math.prod of the shape, (kept, dtype) order', '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        import math
        floating = t.dtype in (torch.float16, torch.float32, torch.float64, torch.bfloat16)
        kept = t.to(torch.float16) if floating else t
        self.stored_bytes += math.prod(kept.shape) * kept.element_size()
        return (kept, t.dtype)

    def unpack(self, packed):
        kept, dtype = packed
        return kept.to(dtype=dtype)
'''),
        ("detach before the cast, None as the dtype of a tensor kept as it is", '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if not t.is_floating_point():
            self.stored_bytes += t.element_size() * t.numel()
            return (None, t)
        small = t.detach().to(torch.float16)
        self.stored_bytes += 2 * small.numel()
        return (t.dtype, small)

    def unpack(self, packed):
        dtype, small = packed
        if dtype is None:
            return small
        return small.to(dtype)
'''),
    ],
    'attach_sgd': [
        ('sub_ in a hook defined in the loop that uses its argument', '''
def attach_sgd(params, lr):
    handles = []
    for param in params:
        def hook(p, lr=lr):
            with torch.no_grad():
                p.sub_(lr * p.grad)
            p.grad = None
        handles.append(param.register_post_accumulate_grad_hook(hook))
    return handles
'''),
        ('add_ with alpha, a factory making one hook per parameter', '''
def attach_sgd(params, lr):
    def make(param):
        def hook(_):
            with torch.no_grad():
                param.add_(param.grad, alpha=-lr)
            param.grad = None
        return hook
    return [q.register_post_accumulate_grad_hook(make(q)) for q in params]
'''),
        ("one torch.optim.SGD per parameter, stepped in the hook (PyTorch's tutorial)", '''
def attach_sgd(params, lr):
    handles = []
    for p in params:
        opt = torch.optim.SGD([p], lr=lr)

        def hook(param, opt=opt):
            opt.step()
            opt.zero_grad(set_to_none=True)

        handles.append(p.register_post_accumulate_grad_hook(hook))
    return handles
'''),
    ],
}


# ---- more typical mistakes and other correct answers ------------------------------------------

_CLIP = '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        if norm > max_norm:
            return grad * (max_norm / norm)
        return None
    return hook
'''
_TD = '''
def td_loss(theta, s, r, s_next, gamma):
    target = (r + gamma * (s_next @ theta)).detach()
    return ((target - s @ theta) ** 2).mean()
'''
_STE = '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    hard = (x >= 0).to(x.dtype) * 2 - 1
    return soft + (hard - soft).detach()
'''
_ST = '''
class SavedTensor:
    _TYPE_NAMES = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor"}

    def __init__(self, tensor, output_of=None):
        self.tensor = tensor
        self.output_of = output_of
        self.saved_version = tensor._version

    def is_stale(self):
        return self.tensor._version != self.saved_version

    def unpack(self):
        if not self.is_stale():
            return self.tensor
        shape = ", ".join(str(n) for n in self.tensor.shape)
        what = f"[{self._TYPE_NAMES[self.tensor.dtype]} [{shape}]]"
        if self.output_of is not None:
            what += f", which is output 0 of {self.output_of},"
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {what} is at version {self.tensor._version}; "
                           f"expected version {self.saved_version} instead.")


def stale_names(saved):
    return sorted(name for name, st in saved.items() if st.is_stale())
'''
_REC = '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self._handles = []

    def watch(self, name, tensor):
        self.norms.setdefault(name, [])

        def hook(grad):
            self.norms[name].append(float((grad * grad).sum().sqrt().item()))
            return None

        self._handles.append(tensor.register_hook(hook))

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
'''
_HALF = '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        kept = t.to(torch.float16) if t.is_floating_point() else t
        self.stored_bytes += kept.numel() * kept.element_size()
        return t.dtype, kept

    def unpack(self, packed):
        dtype, kept = packed
        return kept.to(dtype)
'''
_SGD = '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p -= lr * p.grad
        p.grad = None

    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''


def _sub(src, old, new):
    assert old in src, old
    return src.replace(old, new)


WRONG["clip_hook"] += [
    ("L1 norm (sum of |grad|) instead of the L2 norm", "L2 norm of the whole tensor",
     _sub(_CLIP, "(grad * grad).sum().sqrt().item()", "grad.abs().sum().item()")),
    ("forgets max_norm: rescales to a unit vector", "has norm max_norm",
     _sub(_CLIP, "grad * (max_norm / norm)", "grad / norm")),
    ("always rescales to max_norm, also below the threshold", "not the gradient itself", '''
def make_clip_hook(max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        return grad * (max_norm / norm)
    return hook
'''),
    ("max-norm (largest |element|) instead of the L2 norm", "L2 norm of the whole tensor",
     _sub(_CLIP, "(grad * grad).sum().sqrt().item()", "grad.abs().max().item()")),
]
WRONG["td_loss"] += [
    ("the target uses s instead of s_next", "r + gamma * s' theta",
     _sub(_TD, "gamma * (s_next @ theta)", "gamma * (s @ theta)")),
    ("gamma multiplies the whole target, r included", "r + gamma * s' theta",
     _sub(_TD, "(r + gamma * (s_next @ theta))", "gamma * (r + s_next @ theta)")),
    ("squares the mean instead of taking the mean of the squares", "of (r + gamma",
     _sub(_TD, "((target - s @ theta) ** 2).mean()", "(target - s @ theta).mean() ** 2")),
    ("returns loss.item(): a Python float", "0-d tensor",
     _sub(_TD, "((target - s @ theta) ** 2).mean()", "((target - s @ theta) ** 2).mean().item()")),
]
WRONG["ste_sign"] += [
    ("no detach: soft + (hard - soft) has gradient 0", "detach (hard - soft)", '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    hard = (x >= 0).to(x.dtype) * 2 - 1
    return soft + (hard - soft)
'''),
    ("tanh as the surrogate instead of clamp", "x.clamp(-1.0, 1.0)",
     _sub(_STE, "soft = x.clamp(-1.0, 1.0)", "soft = x.tanh()")),
    ("soft clamped to [0, 1]: no gradient for -1 <= x < 0", "x.clamp(-1.0, 1.0)",
     _sub(_STE, "soft = x.clamp(-1.0, 1.0)", "soft = x.clamp(0.0, 1.0)")),
]
WRONG["saved_tensor"] += [
    ("stale_names tests _version > 0: a change before saving counts", "before",
     _sub(_ST, "if st.is_stale())", "if st.tensor._version > 0)")),
    ("unpack returns a clone of the tensor", "the saved tensor itself",
     _sub(_ST, "            return self.tensor\n", "            return self.tensor.clone()\n")),
    ("no comma after the operation's name", "a comma after OP",
     _sub(_ST, 'f", which is output 0 of {self.output_of},"', 'f", which is output 0 of {self.output_of}"')),
    ("is_stale re-reads the version at each call (never stale)", "version at save time (read once",
     _sub(_ST, "return self.tensor._version != self.saved_version",
          "self.saved_version = self.tensor._version\n        return False")),
]
WRONG["grad_norm_recorder"] += [
    ("remove() empties self.norms instead of removing the hooks", "call handle.remove()",
     _sub(_REC, "        for handle in self._handles:\n            handle.remove()\n        self._handles = []",
          "        self.norms = {}")),
    ("the largest |element| instead of the L2 norm", "L2 norm of the whole gradient",
     _sub(_REC, "float((grad * grad).sum().sqrt().item())", "float(grad.abs().max().item())")),
    ("the norm of the mean gradient", "L2 norm of the whole gradient",
     _sub(_REC, "float((grad * grad).sum().sqrt().item())", "abs(float(grad.mean().item()))")),
    ("watch registers the hook twice", "append once per pass",
     _sub(_REC, "        self._handles.append(tensor.register_hook(hook))",
          "        self._handles.append(tensor.register_hook(hook))\n        self._handles.append(tensor.register_hook(hook))")),
]
WRONG["half_saver"] += [
    ("compresses only float32: float64 stays float64", "float32 and float64 alike",
     _sub(_HALF, "if t.is_floating_point() else t", "if t.dtype == torch.float32 else t")),
    ("counts 2 bytes per element whatever was kept", "numel() * element_size()",
     _sub(_HALF, "kept.numel() * kept.element_size()", "kept.numel() * 2")),
    ("overwrites stored_bytes instead of adding", "is the sum of numel() * element_size()",
     _sub(_HALF, "self.stored_bytes += kept", "self.stored_bytes = kept")),
    ("float16 rounding applied in unpack only: pack keeps t", "not those of t", '''
class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        self.stored_bytes += t.numel() * t.element_size()
        return t

    def unpack(self, packed):
        if packed.is_floating_point():
            return packed.to(torch.float16).to(packed.dtype)
        return packed
'''),
]
WRONG["attach_sgd"] += [
    ("updates without torch.no_grad()", "torch.no_grad()",
     _sub(_SGD, "        with torch.no_grad():\n            p -= lr * p.grad", "        p -= lr * p.grad")),
    ("frees p.grad before the update", "did not change", '''
def attach_sgd(params, lr):
    def step(p):
        g = p.grad
        p.grad = None
        with torch.no_grad():
            p -= lr * p.grad if p.grad is not None else 0 * p
        del g

    return [p.register_post_accumulate_grad_hook(step) for p in params]
'''),
    ("returns the handles of the first parameter only", "one per parameter", '''
def attach_sgd(params, lr):
    def step(p):
        with torch.no_grad():
            p -= lr * p.grad
        p.grad = None

    handles = [p.register_post_accumulate_grad_hook(step) for p in params]
    return handles[:1]
'''),
    ("hard-codes the example's lr = 0.1", "lr given to attach_sgd", _sub(_SGD, "p -= lr * p.grad", "p -= 0.1 * p.grad")),
]

RIGHT["clip_hook"] += [
    ("math.sqrt of a Python sum of squares", '''
import math

def make_clip_hook(max_norm):
    def hook(grad):
        norm = math.sqrt(float((grad ** 2).sum()))
        return grad * (max_norm / norm) if norm > max_norm else None
    return hook
'''),
]
RIGHT["td_loss"] += [
    ("einsum for both values, a detached copy of theta in the target", '''
def td_loss(theta, s, r, s_next, gamma):
    v_next = torch.einsum("nd,d->n", s_next, theta.detach())
    v = torch.einsum("nd,d->n", s, theta)
    return ((r + gamma * v_next - v) ** 2).sum() / s.shape[0]
'''),
]
RIGHT["ste_sign"] += [
    ("hard + (soft - soft.detach())", '''
def ste_sign(x):
    soft = torch.clamp(x, min=-1.0, max=1.0)
    hard = torch.where(x >= 0, torch.ones_like(x), -torch.ones_like(x))
    return hard + (soft - soft.detach())
'''),
]
RIGHT["grad_norm_recorder"] += [
    ("torch.linalg.vector_norm, handles in a dict of lists", '''
class GradNormRecorder:
    def __init__(self):
        self.norms = {}
        self.hooks = {}

    def watch(self, name, tensor):
        if name not in self.norms:
            self.norms[name] = []
            self.hooks[name] = []
        self.hooks[name].append(tensor.register_hook(
            lambda grad: self.norms[name].append(torch.linalg.vector_norm(grad).item())))

    def remove(self):
        for hs in self.hooks.values():
            for h in hs:
                h.remove()
        self.hooks = {}
'''),
]
RIGHT["half_saver"] += [
    ("a small object as the package, element_size of float16 read from a tensor", '''
from types import SimpleNamespace

class HalfSaver(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.stored_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.is_floating_point():
            box = SimpleNamespace(dtype=t.dtype, data=t.detach().half())
        else:
            box = SimpleNamespace(dtype=None, data=t)
        self.stored_bytes += box.data.element_size() * box.data.numel()
        return box

    def unpack(self, box):
        return box.data if box.dtype is None else box.data.to(box.dtype)
'''),
]
RIGHT["attach_sgd"] += [
    ("p.sub_(p.grad * lr) in a loop that appends handles", '''
def attach_sgd(params, lr):
    handles = []
    for param in params:
        def update(t):
            with torch.no_grad():
                t.sub_(t.grad * lr)
            t.grad = None
        handles.append(param.register_post_accumulate_grad_hook(update))
    return handles
'''),
]

RIGHT["ste_sign"].append(("hard from torch.where with Python scalars (hard - soft promotes to x's dtype)", '''
def ste_sign(x):
    soft = x.clamp(-1.0, 1.0)
    hard = torch.where(x >= 0, 1.0, -1.0)
    return soft + (hard - soft).detach()
'''))

WRONG["ste_sign"].append(("hard = x / |x|: nan at x = 0", "including x = 0",
                          _sub(_STE, "hard = (x >= 0).to(x.dtype) * 2 - 1", "hard = x / x.abs()")))
