"""autograd_core: a small reference autograd engine with PyTorch's names and behaviour.

``import autograd_core as torch`` runs the covered subset of PyTorch programs unchanged. The modules
import each other in one direction only, so the import order is the reading order (docs/tour.md):
_backend (arrays, dtypes, devices) -> grad_mode -> _tensor (the Tensor) -> _graph (nodes, saved
tensors) -> _ops (forward ops, which record nodes) -> _vjps (the table of backward rules) ->
_inplace (in-place ops and views) -> _methods (Tensor methods) -> _creation -> _engine (backward)
-> autograd (backward/grad, Function, gradcheck, functional).
"""

import types

from ._backend import (
    dtype,
    device,
    float16,
    bfloat16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,  # noqa: F401
    bool_ as bool,
    finfo,
    iinfo,
    promote_types,
)
from ._tensor import Tensor, Size  # noqa: F401
from . import _graph, _ops, _api  # (the reading order)
from . import _messages
from . import _vjps, _vjps_shapes  # the VJP table: the core's rules,
from . import _vjps_more, _vjps_layout, _vjps_nn  # then the breadth's
from . import _vjps_linalg  # (the decompositions': eigh, svd, qr, lstsq, lu, ...)
from . import _nn_ops_more, _vjps_nn_more  # (more nn layers: their kernels and rules)
from . import _losses_more  # (more losses: their kernels, rules and torch.* composites)
from . import _inplace, _methods, _engine
from .grad_mode import (
    no_grad,
    enable_grad,
    set_grad_enabled,
    is_grad_enabled,
    inference_mode,  # noqa: F401
    is_inference_mode_enabled,
)
from ._creation import (
    tensor,
    as_tensor,
    from_numpy,
    zeros,
    ones,
    empty,
    full,
    arange,
    linspace,  # noqa: F401
    logspace,
    eye,
    rand,
    randn,
    randint,
    randperm,
    normal,
    manual_seed,
    seed,
    get_rng_state,
    set_rng_state,
    get_default_dtype,
    set_default_dtype,
    Generator,
    default_generator,
)
from . import _creation
import builtins as _builtins

from . import _arguments, _operands


def result_type(*args, **kwargs):
    """torch.result_type(tensor or number, tensor or number): the dtype an op of the two gives."""
    kinds = (Tensor, _builtins.int, _builtins.float)  # (`int`, `float`, `bool` here: dtypes)
    if len(args) != 2 or kwargs or not (isinstance(args[0], kinds) and isinstance(args[1], kinds)):
        _arguments.parse("result_type", args, kwargs)  # (torch's TypeError)
    return _operands.result_type(*args)


# torch.exp(x) and friends: the ops, behind the argument check torch's binding does (see _api).
_LIKE = "zeros_like ones_like empty_like full_like rand_like randn_like randint_like"
_api.export(globals(), _LIKE.split(), _creation)
_api.export(
    globals(),
    """
    add sub rsub mul div neg reciprocal pow square exp expm1 log log1p sqrt sin cos tanh
    sigmoid relu abs sign floor ceil round clamp clamp_min clamp_max maximum minimum where
    masked_fill sum mean max min amax amin argmax argmin var std norm logsumexp softmax
    log_softmax matmul reshape flatten squeeze unsqueeze transpose t permute clone eq ne lt le
    gt ge isnan isinf isfinite allclose isclose equal all any logical_not logical_and
    logical_or logical_xor bitwise_and bitwise_or bitwise_xor bitwise_not mm mv dot bmm
    remainder floor_divide addmm
""".split(),
)
for _m in _api.BREADTH:
    _api.export(globals(), _m.FUNCTIONS, _m)
_api.export(globals(), _nn_ops_more.FUNCTIONS, _nn_ops_more)
_api.export(globals(), _losses_more.FUNCTIONS, _losses_more)
# creation and joins, behind the same check (their signatures are torch's too)
_api.export(
    globals(),
    "zeros ones empty full arange linspace logspace eye rand randn randint randperm normal".split(),
    _creation,
)
_api.export(globals(), ["cat", "stack"], _api.ops)
div = divide  # noqa: F821  torch.div takes rounding_mode, as divide does
from . import autograd, cuda, linalg, utils  # noqa: F401
from . import distributed  # noqa: F401  (torch.distributed; MPI only once a group starts)
from . import nn, optim, viz  # noqa: F401
from . import amp, func  # noqa: F401
from .serialization import *  # noqa: F401,F403  (save, load)
from .amp import *  # noqa: F401,F403  (autocast)

float = float32
double = float64
half = float16
long = int64
int = int32
short = int16
_ALIASES = types.SimpleNamespace(
    concat=_api.ops.cat, concatenate=_api.ops.cat, absolute=_api.ops.abs, clip=_api.ops.clamp
)
_api.export(globals(), ["concat", "concatenate", "absolute", "clip"], _ALIASES)  # own names


def is_tensor(obj):
    return isinstance(obj, Tensor)


def numel(t):
    return t.numel()


def detach(t):
    if not isinstance(t, Tensor):
        raise TypeError(
            f"detach(): argument 'input' (position 1) must be Tensor, not {type(t).__name__}"
        )
    return t.detach()


def __getattr__(name):  # a name this package lacks: torch's AttributeError (see _messages)
    raise _messages.missing_attribute("torch", name)


__version__ = "0.1.0"
