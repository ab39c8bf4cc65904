"""More elementwise ops: trigonometric and hyperbolic functions, log2/log10/exp2, erf, rsqrt,
trunc, lerp; and torch's alias names (multiply, divide, ...).

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_more). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

FUNCTIONS = "".split()  # torch.<name>
METHODS = "".split()  # Tensor.<name>
INPLACE = "".split()  # Tensor.<name>_
