"""torch.autograd's public functions: backward, grad, Function, gradcheck, functional, anomaly
mode."""

from ..grad_mode import no_grad, enable_grad, set_grad_enabled, inference_mode  # noqa: F401
from .backprop import backward, grad  # noqa: F401
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from .function import Function, FunctionCtx, once_differentiable  # noqa: F401
from .gradcheck import gradcheck, gradgradcheck, GradcheckError  # noqa: F401
from . import functional, function, graph, forward_ad  # noqa: F401
from .variable import *  # noqa: F401,F403
