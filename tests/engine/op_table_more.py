"""The op table's rows for the pointwise ops and scans (issue 12: _pointwise, _scans), in the format of op_table.py (see its
header): `rows(Op, F)` returns them (F(lib): the library's nn.functional)."""


def rows(Op, F):
    return []
