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
        ("the hook returns the normalised gradient", "changed the gradient flowing back", '''
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
}
