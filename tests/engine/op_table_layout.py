"""The op table's rows for the layout and indexing ops (issue 12: _layout, _indexing), in the format of op_table.py (see its
header): `rows(Op, F)` returns them (F(lib): the library's nn.functional)."""



def einsum(L):
    """L.einsum."""
    return L.einsum


def listy(L, name):
    """L.<name> for a function whose first argument is a list of tensors."""
    return getattr(L, name)


def _pieces(parts):
    """Several outputs of one node as one tensor, each weighted so that a mix-up shows."""
    return sum((p * (i + 1)).sum() for i, p in enumerate(parts))


def rows(Op, F):
    idx = lambda L, v: L.tensor(v)  # noqa: E731  (an int64 index, the same for both libraries)
    return [
        # ---- several views of one node (split, chunk, unbind): one piece, and all of them
        Op("split-int-piece", lambda L, a: a.split(2)[1], ((5, 3),)),
        Op("split-int-all", lambda L, a: _pieces(L.split(a, 2, 1)), ((2, 5),)),
        Op("split-sizes-piece", lambda L, a: a.split([1, 3], 0)[1], ((4, 3),)),
        Op("split-sizes-all", lambda L, a: _pieces(a.split([2, 1, 1], -1)), ((3, 4),)),
        Op("chunk-piece", lambda L, a: a.chunk(3, 1)[2], ((2, 7),)),
        Op("chunk-all", lambda L, a: _pieces(L.chunk(a, 2)), ((5, 2),)),
        Op("unbind-piece", lambda L, a: a.unbind(1)[0], ((2, 3),)),
        Op("unbind-all", lambda L, a: _pieces(L.unbind(a, 0)), ((3, 2),)),
        Op("narrow", lambda L, a: a.narrow(1, 1, 2), ((4, 3),)),
        Op("select", lambda L, a: L.select(a, 1, -1), ((4, 3),)),
        Op("narrow-neg-start", lambda L, a: L.narrow(a, 0, -2, 2), ((4, 3),)),
        Op("diagonal", lambda L, a: a.diagonal(), ((3, 4),)),
        Op("diagonal-offset-dims", lambda L, a: L.diagonal(a, 1, 0, 2), ((3, 2, 4),)),
        Op("movedim", lambda L, a: a.movedim(0, 2), ((3, 2, 4),)),
        Op("movedim-tuple", lambda L, a: L.movedim(a, (0, 1), (2, 0)), ((3, 2, 4),)),
        Op("moveaxis", lambda L, a: L.moveaxis(a, -1, 0), ((3, 2, 4),)),
        Op("swapaxes", lambda L, a: a.swapaxes(0, 2), ((3, 2, 4),)),
        Op("swapdims", lambda L, a: L.swapdims(a, 1, 0), ((3, 2),)),
        # ---- copies
        Op("flip", lambda L, a: a.flip(0, 1), ((4, 3),)),
        Op("flip-list", lambda L, a: L.flip(a, [-1]), ((2, 4, 3),)),
        Op("roll-flat", lambda L, a: a.roll(2), ((4, 3),)),
        Op("roll-dims", lambda L, a: L.roll(a, (1, -1), (0, 1)), ((4, 3),)),
        Op("repeat", lambda L, a: a.repeat(2, 3), ((2, 3),)),
        Op("repeat-new-dims", lambda L, a: a.repeat(2, 1, 3), ((4,),)),
        Op("tril", lambda L, a: a.tril(), ((4, 3),)),
        Op("tril-neg", lambda L, a: L.tril(a, -1), ((2, 4, 3),)),
        Op("triu", lambda L, a: a.triu(1), ((4, 3),)),
        Op("diag-1d", lambda L, a: a.diag(), ((3,),)),
        Op("diag-1d-offset", lambda L, a: L.diag(a, -1), ((3,),)),
        Op("diag-2d", lambda L, a: a.diag(1), ((4, 3),)),
        Op("trace", lambda L, a: a.trace(), ((4, 3),)),
        Op("trace-fn", lambda L, a: L.trace(a), ((3, 3),)),
        # ---- einsum: 1, 2 and 3 operands, repeated indices, '...', implicit output
        Op("einsum-transpose", lambda L, a: einsum(L)("ij->ji", a), ((3, 4),)),
        Op("einsum-diag", lambda L, a: einsum(L)("ii->i", a), ((3, 3),)),
        Op("einsum-trace", lambda L, a: einsum(L)("ii", a), ((3, 3),)),
        Op("einsum-rowsum", lambda L, a: einsum(L)("ij->i", a), ((3, 4),)),
        Op("einsum-ellipsis-sum", lambda L, a: einsum(L)("...j->...", a), ((2, 3, 4),)),
        Op("einsum-matmul", lambda L, a, b: einsum(L)("ij,jk->ik", a, b), ((3, 4), (4, 2))),
        Op("einsum-implicit", lambda L, a, b: einsum(L)("ij,jk", a, b), ((3, 4), (4, 2))),
        Op("einsum-outer", lambda L, a, b: einsum(L)("i,j->ij", a, b), ((3,), (4,))),
        Op("einsum-dot", lambda L, a, b: einsum(L)("i,i->", a, b), ((3,), (3,))),
        Op("einsum-bmm-ellipsis", lambda L, a, b: einsum(L)("...ij,...jk->...ik", a, b),
           ((2, 3, 4), (2, 4, 5))),
        Op("einsum-list", lambda L, a, b: einsum(L)("bij,bjk->bik", [a, b]), ((2, 3, 4), (2, 4, 2))),
        Op("einsum-repeated-2", lambda L, a, b: einsum(L)("iij,j->i", a, b), ((3, 3, 2), (2,))),
        Op("einsum-chain-3", lambda L, a, b, c: einsum(L)("ij,jk,kl->il", a, b, c),
           ((2, 3), (3, 4), (4, 2))),
        Op("einsum-bilinear-3", lambda L, a, b, c: einsum(L)("i,ij,j->", a, b, c),
           ((3,), (3, 4), (4,))),
        Op("einsum-chain-4", lambda L, a, b, c, d: einsum(L)("ij,jk,kl,l->i", a, b, c, d),
           ((2, 3), (3, 4), (4, 2), (2,))),
        # ---- indexing by tensors (indices without repeats where a write would race)
        Op("gather", lambda L, a: a.gather(1, idx(L, [[0, 2], [1, 1], [3, 0]])), ((3, 4),)),
        Op("gather-dim0", lambda L, a: L.gather(a, 0, idx(L, [[2, 0, 1, 1]])), ((3, 4),)),
        Op("scatter-src", lambda L, a, b: a.scatter(1, idx(L, [[0, 2], [1, 3], [2, 0]]), b),
           ((3, 4), (3, 2))),
        Op("scatter-value", lambda L, a: L.scatter(a, 0, idx(L, [[0, 2, 1, 1]]), 2.5), ((3, 4),)),
        Op("scatter-add", lambda L, a, b: a.scatter_add(1, idx(L, [[0, 0], [1, 3], [2, 2]]), b),
           ((3, 4), (3, 2))),
        Op("scatter-add-fn", lambda L, a, b: L.scatter_add(a, 0, idx(L, [[0, 1, 0, 2]]), b),
           ((3, 4), (1, 4))),
        Op("index-select", lambda L, a: a.index_select(1, idx(L, [0, 2, 2])), ((3, 4),)),
        Op("index-select-fn", lambda L, a: L.index_select(a, 0, idx(L, [2, 0])), ((3, 4),)),
        Op("index-fill", lambda L, a: a.index_fill(1, idx(L, [0, 2]), -1.0), ((3, 4),)),
        Op("index-fill-tensor-value", lambda L, a, b: L.index_fill(a, 0, idx(L, [1]), b),
           ((3, 4), ())),
        Op("masked-select", lambda L, a: a.masked_select(L.tensor([True, False, True, True])),
           ((3, 4),)),
        Op("masked-select-broadcast", lambda L, a: L.masked_select(
            a, L.tensor([[[True], [False], [True]]] * 2)), ((3, 4),)),
        # ---- wave 2 layout: tile, rot90, the stacks, atleast_*, block_diag, meshgrid, ... ----
        Op("tile", lambda L, a: L.tile(a, (2,)), ((2, 3),)),
        Op("tile-more-dims.m", lambda L, a: a.tile((2, 1, 2)), ((2, 3),)),
        Op("rot90", lambda L, a: L.rot90(a), ((2, 3),)),
        Op("rot90-k2.m", lambda L, a: a.rot90(2, [1, 2]), ((2, 3, 2),)),
        Op("rot90-k3", lambda L, a: L.rot90(a, 3, (1, 0)), ((2, 3),)),
        Op("rot90-k-neg.m", lambda L, a: a.rot90(-1, [-1, -2]), ((2, 3, 4),)),
        Op("vstack", lambda L, a, b: listy(L, "vstack")([a, b]), ((3,), (2, 3))),
        Op("hstack", lambda L, a, b: listy(L, "hstack")((a, b)), ((2, 3), (2, 1))),
        Op("hstack-1d", lambda L, a, b: listy(L, "hstack")([a, b]), ((3,), (2,))),
        Op("dstack", lambda L, a, b: listy(L, "dstack")([a, b]), ((2, 3), (2, 3, 2))),
        Op("column_stack", lambda L, a, b, c: listy(L, "column_stack")([a, b, c]),
           ((3,), (3, 2), (3,))),
        Op("column_stack-0d", lambda L, a, b: listy(L, "column_stack")((a, b)), ((), ())),
        Op("atleast_1d", lambda L, a: L.atleast_1d(a), ((),)),
        Op("atleast_2d", lambda L, a: L.atleast_2d(a), ((3,),)),
        Op("atleast_3d", lambda L, a, b: _pieces(L.atleast_3d(a, b)), ((3,), (2, 3))),
        Op("block_diag", lambda L, a, b, c: L.block_diag(a, b, c), ((2, 3), (3,), ())),
        Op("meshgrid-ij", lambda L, a, b: _pieces(L.meshgrid(a, b, indexing="ij")), ((3,), (2,))),
        Op("meshgrid-xy", lambda L, a, b, c: _pieces(L.meshgrid(a, b, c, indexing="xy")),
           ((3,), (2,), (2,))),
        Op("cartesian_prod", lambda L, a, b: L.cartesian_prod(a, b), ((3,), (2,))),
        Op("tensordot", lambda L, a, b: L.tensordot(a, b), ((2, 3, 4), (3, 4, 2))),
        Op("tensordot-int", lambda L, a, b: L.tensordot(a, b, dims=1), ((2, 3), (3, 2))),
        Op("tensordot-lists", lambda L, a, b: L.tensordot(a, b, ([0, 2], [1, 0])),
           ((2, 3, 4), (4, 2))),
        Op("kron", lambda L, a, b: L.kron(a, b), ((2, 3), (2, 2))),
        Op("kron-ranks.m", lambda L, a, b: a.kron(b), ((3,), (2, 2))),
        Op("cross", lambda L, a, b: L.cross(a, b, dim=1), ((2, 3), (2, 3))),
        Op("cross-broadcast.m", lambda L, a, b: a.cross(b, dim=0), ((3, 2), (3, 1))),
        Op("cross-no-dim", lambda L, a, b: L.cross(a, b), ((2, 3), (2, 3))),
        Op("baddbmm", lambda L, a, b, c: L.baddbmm(a, b, c), ((2, 3, 2), (2, 3, 4), (2, 4, 2))),
        Op("baddbmm-beta-alpha.m", lambda L, a, b, c: a.baddbmm(b, c, beta=0.5, alpha=-2.0),
           ((3, 2), (2, 3, 4), (2, 4, 2))),
        Op("outer.m", lambda L, a, b: a.outer(b), ((3,), (2,))),
        Op("ger", lambda L, a, b: L.ger(a, b), ((3,), (2,))),
        # ---- wave 2 indexing: take, cdist (torch has no second derivative of its cdist kernel:
        # "the derivative for '_cdist_backward' is not implemented"; its mm path has one)
        Op("take", lambda L, a: L.take(a, idx(L, [[0, 5], [11, -1]])), ((3, 4),)),
        Op("take-repeats.m", lambda L, a: a.take(idx(L, [2, 2, 0])), ((2, 2),)),
        Op("cdist", lambda L, a, b: L.cdist(a, b), ((3, 4), (2, 4)), gradgrad=False),
        Op("cdist-batched", lambda L, a, b: L.cdist(a, b), ((2, 3, 2), (2, 4, 2)), gradgrad=False),
        Op("cdist-p1", lambda L, a, b: L.cdist(a, b, p=1.0), ((3, 2), (2, 2)), gradgrad=False),
        Op("cdist-p3", lambda L, a, b: L.cdist(a, b, p=3), ((3, 2), (2, 2)), gradgrad=False),
        Op("cdist-mm-path", lambda L, a, b: L.cdist(a, b), ((27, 2), (2, 2))),
    ]
