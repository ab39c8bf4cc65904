"""The op table's rows for the layout and indexing ops (issue 12: _layout, _indexing), in the format of op_table.py (see its
header): `rows(Op, F)` returns them (F(lib): the library's nn.functional)."""


def rows(Op, F):
    return []
