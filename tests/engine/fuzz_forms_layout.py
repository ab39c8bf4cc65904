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


def _stacks_wired():
    """Whether ``autograd_core.vstack([...])`` gets past the torch.* argument check (it wants a
    Tensor first until _api lets a list through: see H9's report)."""
    try:
        autograd_core.vstack([autograd_core.ones(1)])
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
        *both("select", args="0, 1", shapes=[((3, 2),), ((2,),)]),
        Form("select-neg.m", "{0}.select(-1, -2)", shapes=_M23),
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
    out += [
        # wave 2 layout
        Form("tile", "L.tile({0}, (2, 1))"), Form("tile.m", "{0}.tile((1, 2, 1))"),
        Form("rot90", "L.rot90({0})", shapes=_M23 + _M3),
        Form("rot90-k.m", "{0}.rot90(3, [1, 0])", shapes=_M23 + _M3),
        Form("rot90-k2", "L.rot90({0}, 2, (-1, 0))", shapes=_M3),
        Form("rot90-k-neg.m", "{0}.rot90(-1)", shapes=_M23),
        Form("rot90-1d", "L.rot90({0})", shapes=[((3,),)]),
        Form("atleast_1d", "L.atleast_1d({0})"), Form("atleast_2d", "L.atleast_2d({0})"),
        Form("atleast_3d", "L.atleast_3d({0})"),
        Form("atleast_3d-two", "L.atleast_3d({0}, {1})", 2, tup=True),
        Form("block_diag", "L.block_diag({0}, {1})", 2, shapes=[((2, 3), (2,)), ((), (2, 2))]),
        Form("meshgrid", "L.meshgrid({0}, {1}, indexing='ij')", 2, tup=True,
             shapes=[((3,), (2,)), ((), (2,))]),
        Form("meshgrid-xy", "L.meshgrid({0}, {1}, {2}, indexing='xy')", 3, tup=True,
             shapes=[((3,), (2,), (2,))]),
        Form("meshgrid-default", "L.meshgrid({0}, {1})", 2, tup=True, shapes=[((2,), (3,))]),
        Form("cartesian_prod", "L.cartesian_prod({0}, {1})", 2, shapes=[((3,), (2,))]),
        Form("tensordot", "L.tensordot({0}, {1}, dims=1)", 2,
             shapes=[((2, 3), (3, 2)), ((2, 2, 3), (3,))]),
        Form("tensordot-lists", "L.tensordot({0}, {1}, ([0], [1]))", 2,
             shapes=[((2, 3), (3, 2)), ((3, 2, 2), (2, 3))]),
        *both("kron", 2, shapes=[((2, 3), (2, 2)), ((3,), (2,)), ((2,), (2, 2, 1))]),
        Form("cross", "L.cross({0}, {1}, dim=-1)", 2, shapes=[((2, 3), (2, 3)), ((3,), (2, 3))]),
        Form("cross-broadcast", "L.cross({0}, {1}, dim=0)", 2, shapes=[((3, 1), (3, 2))]),
        Form("cross-nodim.m", "{0}.cross({1})", 2, shapes=[((3, 2), (3, 2))]),
        Form("baddbmm", "L.baddbmm({0}, {1}, {2}, beta=0.5, alpha=2)", 3,
             shapes=[((2, 2, 2), (2, 2, 3), (2, 3, 2)), ((2,), (1, 2, 3), (1, 3, 2))]),
        Form("baddbmm.m", "{0}.baddbmm({1}, {2})", 3, shapes=[((1, 2), (2, 1, 3), (2, 3, 2))]),
        Form("outer.m", "{0}.outer({1})", 2, shapes=[((3,), (2,))]),
        Form("ger", "L.ger({0}, {1})", 2, shapes=[((3,), (2,))]),
        # wave 2 indexing
        *both("take", args="L.tensor([0, -1])"),
        Form("cdist", "L.cdist({0}, {1})", 2, shapes=[((3, 2), (2, 2)), ((2, 3, 2), (2, 1, 2))]),
        Form("cdist-p1", "L.cdist({0}, {1}, p=1.0)", 2, shapes=[((3, 2), (2, 2))]),
        Form("searchsorted", "L.searchsorted(L.tensor([-1.0, 0.0, 0.5, 1.0], dtype={0}.dtype), {0})",
             domain="ties", grad=False),
        Form("searchsorted-right",
             "L.searchsorted(L.tensor([-1.0, 0.0, 1.0], dtype={0}.dtype), {0}, right=True)",
             domain="ties", grad=False),
        Form("bucketize", "L.bucketize({0}, L.tensor([-0.5, 0.0, 1.0], dtype={0}.dtype))",
             domain="ties", grad=False),
        Form("isin", "L.isin({0}, L.tensor([0.0, 1.0], dtype={0}.dtype))", domain="ties",
             grad=False),
        Form("unique", "L.unique({0}, return_inverse=True, return_counts=True)", domain="ties",
             grad=False),
        Form("unique-backward.m", "{0}.unique()", domain="ties"),
        # wave 3: splits, flips, diagonals, products, slot writes
        *both("ravel"), Form("ravel-t", "L.ravel({0}.t())", shapes=_M23),
        Form("tensor_split", "L.tensor_split({0}, 3, 0)", tup=True, shapes=[((5, 2),), ((4,),)]),
        Form("tensor_split-indices.m", "{0}.tensor_split([1, 3], -1)", tup=True,
             shapes=[((2, 4),), ((3,),)]),
        Form("hsplit", "L.hsplit({0}, 2)", tup=True, shapes=[((2, 4),), ((4,),)]),
        Form("vsplit.m", "{0}.vsplit([1])", tup=True, shapes=_M23 + _M3),
        Form("dsplit", "L.dsplit({0}, [1])", tup=True, shapes=_M3),
        Form("split_with_sizes.m", "{0}.split_with_sizes([1, 1], 0)", tup=True,
             shapes=[((2, 3),), ((2,),)]),
        Form("fliplr", "L.fliplr({0})", shapes=_M23 + _M3), Form("flipud.m", "{0}.flipud()"),
        Form("adjoint.m", "{0}.adjoint()", shapes=_M23 + _M3),
        *both("diag_embed"), Form("diag_embed-dims", "L.diag_embed({0}, 1, 0, -1)"),
        *both("diagflat"), Form("diagflat-offset.m", "{0}.diagflat(-1)"),
        Form("addmm-scaled", "L.addmm({0}, {1}, {2}, beta=0.5, alpha=2)", 3,
             shapes=[((2, 3), (2, 4), (4, 3)), ((3,), (1, 2), (2, 3))]),
        Form("addmm.m", "{0}.addmm({1}, {2}, beta=0)", 3, shapes=[((2, 3), (2, 4), (4, 3))]),
        Form("addmv", "L.addmv({0}, {1}, {2}, alpha=-1)", 3, shapes=[((2,), (2, 3), (3,)),
                                                                     ((), (1, 2), (2,))]),
        Form("addr.m", "{0}.addr({1}, {2}, beta=2)", 3, shapes=[((2, 3), (2,), (3,)),
                                                                ((3,), (2,), (3,))]),
        Form("addbmm", "L.addbmm({0}, {1}, {2})", 3, shapes=[((2, 3), (2, 2, 4), (2, 4, 3))]),
        Form("addmm_", "({0} * 1).addmm_({1}, {2})", 3, shapes=[((2, 3), (2, 4), (4, 3))]),
        *both("inner", 2, shapes=[((2, 3), (4, 3)), ((3,), (3,)), ((), (2, 2))]),
        *both("vdot", 2, shapes=[((3,), (3,))]),
        Form("combinations", "L.combinations({0}, 2)", shapes=[((4,),), ((1,),)]),
        Form("combinations-repl.m", "{0}.combinations(3, with_replacement=True)",
             shapes=[((3,),)]),
        Form("select_scatter", "L.select_scatter({0}, {1}, 0, -1)", 2,
             shapes=[((3, 2), (2,)), ((2,), ())]),
        Form("slice_scatter.m", "{0}.slice_scatter({1}, 1, 0, None, 2)", 2,
             shapes=[((2, 4), (2, 2)), ((3, 3), (3, 2))]),
        Form("diagonal_scatter", "L.diagonal_scatter({0}, {1}, 1)", 2,
             shapes=[((3, 4), (3,)), ((2, 2), (1,))]),
        Form("diagonal_scatter.m", "{0}.diagonal_scatter({1})", 2, shapes=[((3, 2), (2,))]),
        Form("masked_scatter", "L.masked_scatter({0}, {0} > 0, {1})", 2, shapes="same"),
        Form("masked_scatter.m", "{0}.masked_scatter({1} > 0, {1} * 2)", 2),
        Form("masked_scatter_", "({0} * 1).masked_scatter_({0} < 0, {1} * {1})", 2,
             shapes="same"),
        Form("index_put", "L.index_put({0}, (L.tensor([0, 1]),), {1})", 2,
             shapes=[((2, 3), (3,)), ((3,), ()), ((2, 2), (2, 2))]),
        Form("index_put-acc.m", "{0}.index_put((L.tensor([1, 1]),), {1}, accumulate=True)", 2,
             shapes=[((2, 3), (3,)), ((3,), (2,))]),
        Form("index_put-mask", "L.index_put({0}, ({0} > 0,), {1})", 2,
             shapes=[((2, 3), ()), ((3,), (1,))]),
        Form("index_put_", "({0} * 1).index_put_((L.tensor([0]),), {1} * 2)", 2,
             shapes=[((2, 3), (3,)), ((3,), ())]),
        Form("put.m", "{0}.put(L.tensor([0, -1]), {1})", 2, shapes=[((2, 3), (2,)), ((3,), (2,))]),
        Form("put-acc.m", "{0}.put(L.tensor([1, 1]), {1}, accumulate=True)", 2,
             shapes=[((2, 3), (2,))]),
        Form("put_", "({0} * 1).put_(L.tensor([0]), {1})", 2, shapes=[((2, 3), (1,)), ((), ())]),
        Form("take_along_dim", "L.take_along_dim({0}, L.tensor([[0], [1]]), 1)",
             shapes=[((2, 3),), ((2, 2),)]),
        Form("take_along_dim-flat.m", "{0}.take_along_dim(L.tensor([0, 0]))"),
        Form("argwhere", "L.argwhere({0} > 0)", grad=False),
        Form("inverse", "L.inverse({0} + 4 * L.eye({0}.shape[-1], dtype={0}.dtype))",
             shapes=_SQ + [((2, 2, 2),)]),
        Form("det.m", "({0} + 4 * L.eye({0}.shape[-1], dtype={0}.dtype)).det()",
             shapes=_SQ + [((2, 2, 2),)]),
        Form("logdet", "L.logdet({0} + 4 * L.eye({0}.shape[-1], dtype={0}.dtype))", shapes=_SQ),
        Form("slogdet", "L.slogdet({0})", tup=True, shapes=_SQ),
        Form("matrix_power", "L.matrix_power({0}, 3)", shapes=_SQ),
        Form("matrix_power-0.m", "{0}.matrix_power(0)", shapes=_SQ),
        *[Form(f"scatter_reduce-{r}", f"L.scatter_reduce({{0}}, 1, L.tensor([[0, 1, 0], [2, 2, 1]]), "
               f"{{1}}, '{r}')", 2, shapes=[((2, 3), (2, 3)), ((2, 4), (2, 3))])
          for r in ("sum", "prod", "mean", "amax", "amin")],
        Form("scatter_reduce-exclude.m", "{0}.scatter_reduce(0, L.tensor([0, 0, 2]), {1}, 'mean', "
             "include_self=False)", 2, shapes=[((3,), (3,)), ((4,), (5,))]),
        Form("scatter_reduce-ties", "L.scatter_reduce({0}, 0, L.tensor([0, 0, 1]), {1}, 'amax')", 2,
             domain="ties", shapes=[((2,), (3,))]),
        Form("unsafe_split", "L.unsafe_split({0}, 2)", tup=True, shapes=[((5, 3),), ((4,),)]),
        Form("unsafe_chunk.m", "{0}.unsafe_chunk(2, -1)", tup=True, shapes=[((2, 3),), ((3,),)]),
        Form("fill_diagonal_", "({0} * 1).fill_diagonal_(0.5)", shapes=_SQ + _M23),
        Form("fill_diagonal_-wrap", "({0} * 1).fill_diagonal_(-1.0, wrap=True)",
             shapes=[((5, 2),), ((2, 4),)]),
        *[Form(f"index_reduce-{r}", f"{{0}}.index_reduce(0, L.tensor([0, 0]), {{1}}, '{r}')", 2,
               shapes=[((2, 3), (2, 3)), ((3,), (2,))]) for r in ("prod", "mean", "amax", "amin")],
        Form("index_reduce-exclude", "L.index_reduce({0}, -1, L.tensor([1]), {1}, 'mean', "
             "include_self=False)", 2, shapes=[((2, 3), (2, 1))]),
        Form("pinverse", "L.pinverse({0})", shapes=_M23 + [((3, 2),)]),
        Form("matrix_exp.m", "{0}.matrix_exp()", shapes=_SQ + [((2, 2, 2),)]),
        Form("cholesky", "L.cholesky({0} @ {0}.mT + L.eye({0}.shape[-1], dtype={0}.dtype))",
             shapes=_SQ + [((2, 2, 2),)]),
        Form("as_strided", "({0} * 1).as_strided((2, 2), (1, 2))", shapes=[((6,),), ((2, 3),)]),
        Form("as_strided-overlap.m", "L.as_strided({0} * 1, (2, 2), (1, 1), 1)",
             shapes=[((2, 3),), ((5,),)]),
        Form("as_strided-write", "({0} * 1).as_strided((2,), (2,)).mul_(2)", shapes=[((4,),)]),
        Form("cholesky_inverse", "L.cholesky_inverse({0}.tril() + 3 * L.eye({0}.shape[-1], "
             "dtype={0}.dtype))", shapes=_SQ),
        Form("cholesky_solve.m", "{1}.cholesky_solve({0}.triu() + 3 * L.eye({0}.shape[-1], "
             "dtype={0}.dtype), True)", 2, shapes=[((2, 2), (2, 3)), ((3, 3), (3, 1))]),
        Form("linalg.solve", "L.linalg.solve({0} + 3 * L.eye({0}.shape[-1], dtype={0}.dtype), {1})",
             2, shapes=[((3, 3), (3, 2)), ((2, 2), (2,)), ((2, 2), (3, 2, 1))]),
        Form("linalg.solve-left.m", "L.linalg.solve({0} + 3 * L.eye({0}.shape[-1], "
             "dtype={0}.dtype), {1}, left=False)", 2, shapes=[((3, 3), (2, 3))]),
        *[Form(f"matrix_norm-{o}", f"L.linalg.matrix_norm({{0}}, {o})", shapes=_M23 + [((2, 3, 2),)])
          for o in ("1", "-1", "float('inf')", "'fro'", "2", "'nuc'")],
        Form("linalg.norm-dim.m", "L.linalg.norm({0}, 1, (1, 0), keepdim=True)", shapes=_M23),
        Form("pdist", "L.pdist({0})", shapes=_M23 + [((4, 1),)]),
        Form("pdist-p1", "L.pdist({0}, 1)", shapes=_M23),
        Form("pdist-inf", "L.pdist({0}, float('inf'))", shapes=_M23),
        Form("vander", "L.vander({0}.reshape(-1))", grad=False),
        Form("vander-N.m", "L.vander({0}.reshape(-1), 3, increasing=True)", grad=False),
    ]
    if _stacks_wired():
        out += [
            Form("vstack", "L.vstack([{0}, {1}])", 2, shapes="same"),
            Form("hstack", "L.hstack(({0}, {1}))", 2, shapes="same"),
            Form("dstack", "L.dstack([{0}, {1}])", 2, shapes="same"),
            Form("column_stack", "L.column_stack([{0}, {1}])", 2, shapes=[((3,), (3, 2))]),
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
        split chunk.m unbind narrow select diagonal.m movedim flip roll.m repeat.m tril triu.m diag
        diag-k.m trace gather scatter scatter_add.m index_select index_fill masked_select
        einsum-diag einsum-trace einsum-matmul einsum-bmm einsum-3 split-all-weighted
        tile rot90 rot90-k.m block_diag meshgrid cartesian_prod tensordot kron cross baddbmm
        outer.m take vstack hstack
        ravel-t tensor_split hsplit diag_embed diagflat addmm-scaled addmv addr.m addbmm inner
        vdot combinations select_scatter slice_scatter.m diagonal_scatter masked_scatter
        masked_scatter_ index_put index_put-acc.m put.m put_ take_along_dim inverse det.m logdet
        slogdet matrix_power scatter_reduce-sum scatter_reduce-prod scatter_reduce-mean
        scatter_reduce-amax scatter_reduce-exclude.m index_reduce-prod index_reduce-mean
        index_reduce-amax pinverse matrix_exp.m as_strided as_strided-overlap.m cholesky
        cholesky_inverse cholesky_solve.m linalg.solve linalg.solve-left.m matrix_norm-1
        matrix_norm-float('inf') matrix_norm-'fro' linalg.norm-dim.m
        """.split()
    )
