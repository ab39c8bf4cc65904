"""Indexing by tensors: gather, scatter, scatter_add, index_select, masked_select, nonzero.

Each op computes on the arrays, then records its node with `_ops._record`; its backward rule is in
the VJP table (_vjps_layout). The lists below say where each op appears: ``torch.<name>``, the
``Tensor.<name>`` method, and the in-place method ``Tensor.<name>_``.
"""

FUNCTIONS = "".split()  # torch.<name>
METHODS = "".split()  # Tensor.<name>
INPLACE = "".split()  # Tensor.<name>_
