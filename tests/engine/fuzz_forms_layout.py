"""The fuzzer's forms for the layout and indexing ops (issue 12: _layout, _indexing): the same Form table as fuzz.py's OPS,
kept in a file of their own. `forms(Form, both, F)` returns them (F: the text of
``L.nn.functional``); `grad2_ids()` names those whose second derivative the grad2 family checks."""

import autograd_core


def _einsum_wired():
    """Whether ``autograd_core.einsum(equation, ...)`` gets past the torch.* argument check (it
    wants a Tensor first until _api lets einsum's str through: see H1b's report)."""
    try:
        autograd_core.einsum("i->", autograd_core.ones(1))
    except TypeError:
        return False
    return True


_M23 = [((2, 3),), ((3, 4),)]
_M3 = [((2, 3, 4),), ((3, 2, 2),)]
_SQ = [((3, 3),), ((2, 2),)]
_SRC = [((2, 3), (2, 2)), ((2, 4), (2, 3))]


def forms(Form, both, F):
    out = [
        # several views of one node: the tuple is observed, backward goes through piece 0
        *both("split", args="2", tup=True, shapes=[((5, 3),), ((4,),), ((3, 2, 2),)]),
        Form("split-sizes", "L.split({0}, [1, 2], 1)", tup=True, shapes=[((2, 3),), ((1, 3, 2),)]),
        Form("split-sizes-last.m", "{0}.split([2, 1], -1)[1]", shapes=[((2, 3),), ((3,),)]),
        *both("chunk", args="2", tup=True, shapes=[((5, 3),), ((4, 2),), ((1,),)]),
        Form("chunk-dim.m", "{0}.chunk(3, dim=-1)", tup=True, shapes=_M23),
        *both("unbind", tup=True, shapes=[((2, 3),), ((3,),), ((2, 2, 2),)]),
        Form("unbind-dim.m", "{0}.unbind(dim=1)[1]", shapes=_M23),
        Form("split-all-weighted",
             "L.cat([p * (i + 1) for i, p in enumerate({0}.split(1))])", shapes=_M23),
        *both("narrow", args="0, 1, 1", shapes=[((3, 2),), ((2,),)]),
        Form("narrow-neg.m", "{0}.narrow(-1, -2, 2)", shapes=_M23),
        *both("diagonal", shapes=[((3, 3),), ((2, 4),), ((3, 2, 2),)]),
        Form("diagonal-offset.m", "{0}.diagonal(offset=-1, dim1=1, dim2=0)", shapes=_M23),
        Form("diagonal-dims", "L.diagonal({0}, 1, 2, 0)", shapes=_M3),
        *both("movedim", args="0, -1", shapes=_M3 + _M23),
        Form("movedim-tuple.m", "{0}.movedim((0, 2), (1, 0))", shapes=_M3),
        Form("moveaxis", "L.moveaxis({0}, 1, 0)", shapes=_M3 + _M23),
        *both("swapaxes", args="0, 1", shapes=_M3 + _M23),
        Form("swapdims.m", "{0}.swapdims(-1, 0)", shapes=_M3),
        # copies
        Form("flip", "L.flip({0}, (0,))", shapes=_M23 + _M3 + [((3,),)]),
        Form("flip.m", "{0}.flip({dim})", shapes=_M23 + _M3),
        Form("flip-list.m", "{0}.flip([0, -1])", shapes=_M23 + _M3),
        *both("roll", args="1", shapes=_M23 + [((4,),)]),
        Form("roll-dims", "L.roll({0}, (1, -2), (0, 1))", shapes=_M23 + _M3),
        Form("roll-dim.m", "{0}.roll(-1, {dim})", shapes=_M23 + _M3),
        Form("repeat.m", "{0}.repeat(2, 1, 2)", shapes=[((3,),), ((2, 3),), ((1, 2, 1),)]),
        Form("repeat-tuple.m", "{0}.repeat((1, 3))", shapes=[((2,),), ((2, 2),)]),
        *both("tril", shapes=_M23 + _M3 + _SQ),
        *both("triu", args="-1", shapes=_M23 + _M3),
        Form("tril-k.m", "{0}.tril(diagonal=1)", shapes=_M23),
        *both("diag", shapes=[((3,),), ((2, 3),), ((3, 3),)]),
        Form("diag-k.m", "{0}.diag(1)", shapes=[((2,),), ((3, 4),)]),
        *both("trace", shapes=_M23 + _SQ),
        # indexing by tensors
        *both("gather", args="1, L.tensor([[0, 2], [1, 1]])", shapes=[((2, 3),), ((2, 4),)]),
        Form("gather-dim0.m", "{0}.gather(0, L.tensor([[1, 0, 1]]))", shapes=[((2, 3),)]),
        Form("scatter", "L.scatter({0}, 1, L.tensor([[0, 2], [1, 0]]), {1})", 2, shapes=_SRC),
        Form("scatter.m", "{0}.scatter(1, L.tensor([[0, 2], [1, 0]]), src={1})", 2, shapes=_SRC),
        Form("scatter-value.m", "{0}.scatter(0, L.tensor([[1, 0, 1]]), -2.5)",
             shapes=[((2, 3),), ((3, 3),)]),
        Form("scatter-value-kw", "L.scatter({0}, 1, L.tensor([[0], [2]]), value=1.5)",
             shapes=[((2, 3),)]),
        Form("scatter_add", "L.scatter_add({0}, 1, L.tensor([[0, 0], [2, 1]]), {1})", 2,
             shapes=_SRC),
        Form("scatter_add.m", "{0}.scatter_add(1, L.tensor([[0, 0], [2, 1]]), {1})", 2,
             shapes=_SRC),
        *both("index_select", args="0, L.tensor([1, 0, 1])", shapes=[((2, 3),), ((2,),)]),
        Form("index_select-last.m", "{0}.index_select(-1, L.tensor([2]))", shapes=_M23),
        *both("index_fill", args="1, L.tensor([0, 2]), -0.5", shapes=[((2, 3),), ((1, 4),)]),
        Form("masked_select", "L.masked_select({0}, {0} > 0)"),
        Form("masked_select-bcast.m", "{0}.masked_select(L.tensor([True, False, True]))",
             shapes=[((2, 3),), ((3,),), ((2, 2, 3),)]),
        Form("nonzero", "L.nonzero({0} > 0)", grad=False),
        Form("nonzero-tuple.m", "({0} > 0).nonzero(as_tuple=True)", grad=False),
    ]
    if _einsum_wired():
        out += [
            Form("einsum-transpose", "L.einsum('ij->ji', {0})", shapes=_M23),
            Form("einsum-diag", "L.einsum('ii->i', {0})", shapes=_SQ),
            Form("einsum-trace", "L.einsum('ii', {0})", shapes=_SQ),
            Form("einsum-sum-ellipsis", "L.einsum('...j->...', {0})", shapes=_M3 + _M23),
            Form("einsum-matmul", "L.einsum('ij,jk->ik', {0}, {1})", 2,
                 shapes=[((2, 3), (3, 4)), ((1, 2), (2, 2))]),
            Form("einsum-implicit", "L.einsum('ij,jk', {0}, {1})", 2, shapes=[((2, 3), (3, 2))]),
            Form("einsum-outer", "L.einsum('i,j->ij', {0}, {1})", 2, shapes=[((3,), (2,))]),
            Form("einsum-bmm", "L.einsum('...ij,...jk->...ik', {0}, {1})", 2,
                 shapes=[((2, 2, 3), (2, 3, 2)), ((2, 3), (3, 1))]),
            Form("einsum-list", "L.einsum('bi,bi->b', [{0}, {1}])", 2, shapes=[((2, 3), (2, 3))]),
            Form("einsum-3", "L.einsum('ij,jk,k->i', {0}, {1}, {2})", 3,
                 shapes=[((2, 3), (3, 4), (4,))]),
        ]
    return out


def grad2_ids():
    return set(
        """
        split chunk.m unbind narrow diagonal.m movedim flip roll.m repeat.m tril triu.m diag
        diag-k.m trace gather scatter scatter_add.m index_select index_fill masked_select
        einsum-diag einsum-trace einsum-matmul einsum-bmm einsum-3 split-all-weighted
        """.split()
    )
