"""The fuzzer's forms for the nn ops (issue 12: _nn_ops): the same Form table as fuzz.py's OPS,
kept in a file of their own. `forms(Form, both, F)` returns them (F: the text of
``L.nn.functional``); `grad2_ids()` names those whose second derivative the grad2 family checks."""

_X = [((2, 3),), ((3,),), ((2, 2, 3),)]
_XT = [((2, 3), (2, 3)), ((3,), (3,)), ((2, 1, 3), (2, 1, 3))]
_IMG = [((1, 2, 4, 4), (3, 2, 3, 3), (3,)), ((2, 1, 5, 4), (2, 1, 2, 2), (2,))]


def forms(Form, both, F):
    return [
        Form("F.gelu", f"{F}.gelu({{0}})", shapes=_X),
        Form("F.gelu-tanh", f"{F}.gelu({{0}}, approximate='tanh')", shapes=_X),
        Form("F.silu", f"{F}.silu({{0}})", shapes=_X),
        Form("F.softplus", f"{F}.softplus({{0}}, beta=2, threshold=1.5)", shapes=_X),
        # A normalised output's sum of squares is constant (its gradient is rounding noise): the
        # forms of the normalisations are scaled by a constant before the program squares them.
        Form(
            "F.layer_norm",
            f"{F}.layer_norm({{0}}, ({{0}}.shape[-1],), {{1}}, {{2}}) * {{0}}.detach()",
            3,
            shapes=[((2, 3), (3,), (3,)), ((2, 2, 4), (4,), (4,))],
        ),
        Form(
            "F.layer_norm-2d",
            f"{F}.layer_norm({{0}}, {{0}}.shape[-2:]) * {{0}}.detach()",
            shapes=[((2, 2, 3),), ((3, 2),)],
        ),
        Form(
            "F.batch_norm-train",
            f"{F}.batch_norm({{0}}, None, None, {{1}}, {{2}}, training=True) * {{0}}.detach()",
            3,
            shapes=[((4, 3), (3,), (3,)), ((2, 3, 2), (3,), (3,))],
        ),
        Form(
            "F.batch_norm-eval",
            f"{F}.batch_norm({{0}}, {{1}}.detach() * 0.1, {{2}}.detach().abs() + 0.5)",
            3,
            shapes=[((4, 3), (3,), (3,)), ((2, 3, 2), (3,), (3,))],
        ),
        Form(
            "F.embedding",
            f"{F}.embedding(L.tensor([[0, 2], [1, 0]]), {{0}})",
            shapes=[((3, 2),), ((4, 3),)],
        ),
        Form(
            "F.embedding-padding",
            f"{F}.embedding(L.tensor([0, 2, 1, 2]), {{0}}, padding_idx=2)",
            shapes=[((3, 2),)],
        ),
        Form("F.one_hot", f"{F}.one_hot(({{0}} > 0).long().sum(-1), 4)", grad=False, shapes=_X),
        Form("F.conv2d", f"{F}.conv2d({{0}}, {{1}}, {{2}})", 3, shapes=_IMG),
        Form(
            "F.conv2d-stride-pad",
            f"{F}.conv2d({{0}}, {{1}}, stride=2, padding=1)",
            2,
            shapes=[(s[0], s[1]) for s in _IMG],
        ),
        Form("conv2d", "L.conv2d({0}, {1}, {2}, 1, 1)", 3, shapes=_IMG),
        Form(
            "F.unfold", f"{F}.unfold({{0}}, 2, padding=1)", shapes=[((1, 2, 3, 3),), ((2, 3, 4),)]
        ),
        Form("F.fold", f"{F}.fold({{0}}, (3, 3), 2)", shapes=[((1, 8, 4),), ((4, 4),)]),
        Form(
            "F.max_pool2d",
            f"{F}.max_pool2d({{0}}, 2)",
            shapes=[((1, 2, 4, 4),), ((2, 1, 4, 6),), ((2, 4, 4),)],
        ),
        Form(
            "F.max_pool2d-stride-pad", f"{F}.max_pool2d({{0}}, 3, 2, 1)", shapes=[((1, 2, 5, 5),)]
        ),
        Form("F.l1_loss", f"{F}.l1_loss({{0}}, {{1}}, reduction={{red}})", 2, shapes=_XT),
        Form(
            "F.huber_loss",
            f"{F}.huber_loss({{0}}, {{1}}, reduction={{red}}, delta=0.6)",
            2,
            shapes=_XT,
        ),
        Form(
            "F.binary_cross_entropy",
            f"{F}.binary_cross_entropy({{0}}.sigmoid(), {{1}}.sigmoid(), reduction={{red}})",
            2,
            shapes=_XT,
        ),
        Form(
            "F.binary_cross_entropy_with_logits",
            f"{F}.binary_cross_entropy_with_logits({{0}}, {{1}}.sigmoid(), reduction={{red}})",
            2,
            shapes=_XT,
        ),
        Form(
            "F.binary_cross_entropy_with_logits-pos_weight",
            f"{F}.binary_cross_entropy_with_logits({{0}}, {{1}}.sigmoid(), "
            "pos_weight={1}.detach().abs()[0])",
            2,
            shapes=[((2, 3), (2, 3))],
        ),
    ]


def grad2_ids():
    return set(
        """
        F.gelu F.silu F.softplus F.layer_norm F.batch_norm-train F.conv2d F.max_pool2d
        F.binary_cross_entropy F.binary_cross_entropy_with_logits F.huber_loss
    """.split()
    )
