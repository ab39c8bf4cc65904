"""The VJP table, continued: the rules of the layout and indexing ops (_layout, _indexing), in the
same vocabulary as _vjps (see its header), registered into the same table with `defvjp`.
"""

from ._vjps import defvjp  # noqa: F401
