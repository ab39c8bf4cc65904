"""torch's long fixed error and warning texts, word for word (torch 2.13), in one place.

The code that raises them reads as logic (``raise RuntimeError(_messages.LEAF_IN_PLACE)``), and the
engine tests compare each text with the one torch raises in the same test. Messages built from
values (shapes, dtypes) stay next to the code that knows the values.
"""

import os
import re
import sys
import types
import warnings

from ._signatures import TORCH_NAMES

_PACKAGE = os.path.dirname(__file__)


_WARNED = set()


def warn(message, category=UserWarning, once=False):
    """warnings.warn attributed to the user's line, the first frame outside this package (torch's
    C++ warnings point there, whatever the depth of the Python calls in between); `once`: the
    first time in the process only, as torch's TORCH_WARN_ONCE."""
    if once:
        if message in _WARNED:
            return
        _WARNED.add(message)
    frame, level = sys._getframe(1), 2
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)


T_OF_0D = "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."
T_OF_ND = (
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
    "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
    "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
    "tensor."
)
NONLEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If"
    " you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. "
    "See github.com/pytorch/pytorch/pull/30531 for more information."
)

OVERLAP = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation."
)

# torch's C++ names of dtypes, in GRAD_DTYPE's "got"; "want" is the dtype's title ("Float").
CPP_TYPE = {
    "float64": "double",
    "float32": "float",
    "float16": "c10::Half",
    "bfloat16": "c10::BFloat16",
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
    "bool": "bool",
}

INDEX_0D = (
    "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ "
    "to convert a 0-dim tensor to a number"
)

MODIFIED_INPLACE = (  # .format(what=, where=, now=, then=)
    "one of the variables needed for gradient computation has been modified by an inplace "
    "operation: [{what}]{where} is at version {now}; expected version {then} instead. Hint: "
    "enable anomaly detection to find the operation that failed to compute its gradient, with "
    "torch.autograd.set_detect_anomaly(True, check_nan=False)."
)

GRAD_DTYPE = (  # .format(got=, want=)
    "attempting to assign a gradient with dtype '{got}' to a tensor with grad_dtype '{want}'. "
    "The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can "
    "set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. "
    "Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break "
    "downstream systems that assume they match."
)

REQUIRES_GRAD_OF_NONLEAF = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = "
    "var.detach()."
)

DETACH_VIEW_IN_PLACE = (
    "Can't detach views in-place. Use detach() instead. If you are using "
    "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, "
    "gradients are views of DDP buckets, and hence detach_() cannot be called on these "
    "gradients. To fix this error, please refer to the Optimizer.zero_grad() function in "
    "torch/optim/optimizer.py as the solution."
)

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after"
    " they have already been freed). Saved intermediate values of the graph are freed when you "
    "call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward "
    "through the graph a second time or if you need to access saved tensors after calling "
    "backward."
)

INFERENCE_TENSOR_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
    "inference mode in computation tracked by autograd. To work around this, you can make a "
    "clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of "
    "`torch.inference_mode()`."
)

INFERENCE_TENSOR_IN_PLACE = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a "
    "clone to get a normal tensor before doing inplace update.See "
    "https://github.com/pytorch/rfcs/pull/17 for more details."
)

# The tails of torch's messages for a view changed in place that may not be, by how the view was
# made (`_inplace.rebase_error`).
_CLARIFY = (
    " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify "
    "your code by moving both the view and the inplace either both inside the {} block (if"
    " you don't want the inplace to be tracked) or both outside (if you want the inplace to be "
    "tracked)."
)
VIEW_IN_PLACE_TAIL = {
    "no_grad": _CLARIFY.format("no_grad"),
    "inference": _CLARIFY.format("inference_mode"),
    "multi": (
        " This view is the output of a function that returns multiple views. Such functions do "
        "not allow the output views to be modified inplace. You should replace the inplace "
        "operation by an out-of-place one."
    ),
    "custom": (
        " This view was created inside a custom Function (or because an input was returned "
        "as-is) and the autograd logic to handle view+inplace would override the custom backward"
        " associated with the custom Function, leading to incorrect gradients. This behavior is "
        "forbidden. You can fix this by cloning the output of the custom Function."
    ),
}

PARTIAL_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
    "single memory location. Please clone() the tensor before performing the operation."
)

LEAF_IN_PLACE = "a leaf Variable that requires grad is being used in an in-place operation."

VIEW_OF_LEAF_IN_PLACE = (
    "a view of a leaf Variable that requires grad is being used in an in-place operation."
)

BOOL_MINUS_BOOL = (
    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
    "`logical_xor()` operator instead."
)

BOOL_MINUS = (
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
    "invert a mask, use the `~` or `logical_not()` operator instead."
)

BOOL_NEGATION = (
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert"
    " a mask, use the `~` or `logical_not()` operator instead."
)

CREATE_GRAPH_CYCLE = (
    "Using backward() with create_graph=True will create a reference cycle between the "
    "parameter and its gradient which can cause a memory leak. We recommend using autograd.grad"
    " when creating the graph to avoid this. If you have to use this function, make sure to "
    "reset the .grad fields of your parameters to None after use to break the cycle and avoid "
    "the leak."
)

MATERIALIZE_NEEDS_ALLOW_UNUSED = (
    "Expected allow_unused to be True or not passed when materialize_grads=True, but got: "
    "allow_unused=False."
)

ONLY_INPUTS_DEPRECATED = (
    "only_inputs argument is deprecated and is ignored now (defaults to True). To accumulate "
    "gradient for other parts of the graph, please use torch.autograd.backward."
)

LEGACY_FUNCTION = (
    "Legacy autograd function with non-static forward method is deprecated. Please use new-"
    "style autograd function with static forward method. (Example: "
    "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
)

FUNCTION_WITHOUT_FORWARD = (
    "You must implement either the backward or vjp method for your custom autograd.Function to "
    "use it with backward mode AD."
)

LEAF_DIRTY_IN_FUNCTION = (
    "a leaf Variable that requires grad has been used in an in-place operation."
)

FILL_EXPANDED = (
    "Use of {}_ on expanded tensors is deprecated. Please clone() the tensor before "
    "performing this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar"
)
RESIZED = (  # (an out= of another shape: torch's Resize.cpp)
    "An output with one or more elements was resized since it had shape {}, which does not "
    "match the required output shape {}. This behavior is deprecated, and in a future PyTorch "
    "release outputs will not be resized unless they have zero elements. You can explicitly "
    "reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0)."
)
PUT_EXPANDED = FILL_EXPANDED.format("index_put").replace("[mask] = scalar", "[indices] = tensor")


def shape_error(op, x, y, err=None):
    """torch's error for operands whose shapes do not broadcast (numpy's ValueError is not
    torch's); `op` names the op in a suffix, None for torch's text exactly."""
    sx, sy = list(getattr(x, "shape", ())), list(getattr(y, "shape", ()))
    for d in range(1, min(len(sx), len(sy)) + 1):
        if sx[-d] != sy[-d] and sx[-d] != 1 and sy[-d] != 1:
            return RuntimeError(
                f"The size of tensor a ({sx[-d]}) must match the size of tensor b ({sy[-d]}) at "
                f"non-singleton dimension {max(len(sx), len(sy)) - d}"
                + (f" ({op} of shapes {sx} and {sy})" if op else "")
            )
    return RuntimeError(f"{op}: shapes {sx} and {sy} are not broadcastable")


def in_torch_words(e):
    """numpy's ValueError for arrays that do not broadcast as torch's error; other errors as
    they are."""
    shapes = re.findall(r"\(([\d, ]*)\)", str(e)) if isinstance(e, ValueError) else ()
    if "could not be broadcast" not in str(e) or len(shapes) < 2:
        return e
    x, y = (
        types.SimpleNamespace(shape=[int(n) for n in s.split(",") if n.strip()]) for s in shapes[:2]
    )
    return shape_error(None, x, y)


DATA_NOT_FLOAT = (
    "data set to a tensor that requires gradients must be floating point or complex dtype"
)


def invalid_gradient(node, index, got, shape):
    """torch's validate_outputs: a gradient that cannot be summed back to its input's shape."""
    return (
        f"Function {node.name()} returned an invalid gradient at index {index} - got "
        f"{list(got)} but expected shape compatible with {list(shape)}"
    )


# torch's C++ type names, which some of its kernel messages print ("... with dtype long int").
C_TYPES = dict(bool="bool", uint8="unsigned char", int8="signed char", int16="short int")
C_TYPES.update(int32="int", int64="long int", float32="float", float64="double")
C_TYPES.update(float16="c10::Half", bfloat16="c10::BFloat16")

INT_GRADIENT = (
    'isDifferentiableType(grad.scalar_type()) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/'
    'torch/csrc/autograd/engine.cpp":998, please report a bug to PyTorch. '
)

CPP_NODE_NAMES = {  # the nodes torch writes in C++ give their namespace in name()
    n: f"torch::autograd::{n}"
    for n in "AccumulateGrad CopySlices CopyBackwards Error NotImplemented".split()
}

# torch's ZeroTensor (sgn's gradient of a real input): no storage to read, not writable.
ZERO_TOLIST = "tolist() shouldn't be called on a tensor with unallocated storage"
ZERO_NUMPY = " Cannot convert a ZeroTensor to numpy. Set force=True if you need the zero array."
ZERO_IMMUTABLE = (
    "ZeroTensors are immutable. Please use the materialized zero tensor obtained using .clone() if "
    "you want a mutable tensor."
)


def missing_attribute(module, name):
    """A name autograd_core's `module` lacks: torch's own AttributeError where torch's module
    lacks it too (``torch.repeat``); where torch has it, that autograd_core does not cover it."""
    if name in TORCH_NAMES.get(module, ()):
        ours = module.replace("torch", "autograd_core", 1)
        return AttributeError(
            f"module '{ours}' has no attribute '{name}' ({module}.{name} is not part of its subset)"
        )
    return AttributeError(f"module '{module}' has no attribute '{name}'")


LEAKY_RELU_INPLACE_NEGATIVE = (
    "In-place leakyReLu backward calculation is triggered with a negative slope which is not "
    "supported. This is caused by calling in-place forward function with a negative slope, please "
    "call out-of-place version instead. File an issue at https://github.com/pytorch/pytorch if you "
    "do require supporting in-place leakRelu backward calculation with negative slope"
)
