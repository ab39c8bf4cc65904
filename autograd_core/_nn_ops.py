"""The ops behind nn layers beyond linear: activations (gelu, silu, softplus), dropout, layer and
batch norm, embedding, conv2d, max_pool2d, one_hot, and losses (l1, huber, binary cross-entropy).

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_nn). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

FUNCTIONS = "".split()  # torch.<name>
METHODS = "".split()  # Tensor.<name>
INPLACE = "".split()  # Tensor.<name>_
