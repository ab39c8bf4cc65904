"""The fuzzer's forms for the nn ops (issue 12: _nn_ops): the same Form table as fuzz.py's OPS,
kept in a file of their own. `forms(Form, both, F)` returns them (F: the text of
``L.nn.functional``); `grad2_ids()` names those whose second derivative the grad2 family checks."""

_X = [((2, 3),), ((3,),), ((2, 2, 3),)]
_XT = [((2, 3), (2, 3)), ((3,), (3,)), ((2, 1, 3), (2, 1, 3))]
_POOL = [((1, 2, 4, 4),), ((2, 5, 6),)]
_SEQ = [((2, 2, 5), (3, 2, 3), (3,)), ((2, 4), (1, 2, 2), (1,))]
_IMG = [((1, 2, 4, 4), (3, 2, 3, 3), (3,)), ((2, 1, 5, 4), (2, 1, 2, 2), (2,))]


def forms(Form, both, F):
    return [
        Form("F.gelu", f"{F}.gelu({{0}})", shapes=_X),
        Form("F.gelu-tanh", f"{F}.gelu({{0}}, approximate='tanh')", shapes=_X),
        Form("F.silu", f"{F}.silu({{0}})", shapes=_X),
        Form("F.softplus", f"{F}.softplus({{0}}, beta=2, threshold=1.5)", shapes=_X),
        # A normalised output's sum (of squares) is constant, so its gradient is rounding noise: the
        # normalisations are scaled by a constant, and computed in float64 (float32's noise on a
        # near-zero gradient is beyond any tolerance); the "-values" forms check the forward in
        # every dtype.
        Form("F.layer_norm-values", f"{F}.layer_norm({{0}}, ({{0}}.shape[-1],))", grad=False),
        Form("F.batch_norm-values", f"{F}.batch_norm({{0}}, None, None, training=True)",
             shapes=[((4, 3),), ((2, 3, 2),)], grad=False),
        Form("F.group_norm-values", f"{F}.group_norm({{0}}, 2)", shapes=[((2, 4),), ((3, 4, 2),)],
             grad=False),
        Form(
            "F.layer_norm",
            f"{F}.layer_norm({{0}}.double(), ({{0}}.shape[-1],), {{1}}.double(), {{2}}.double()) * {{0}}.detach()",
            3,
            shapes=[((2, 3), (3,), (3,)), ((2, 2, 4), (4,), (4,))],
        ),
        Form(
            "F.layer_norm-2d",
            f"{F}.layer_norm({{0}}.double(), {{0}}.shape[-2:]) * {{0}}.detach()",
            shapes=[((2, 2, 3),), ((3, 2),)],
        ),
        Form(
            "F.batch_norm-train",
            f"{F}.batch_norm({{0}}.double(), None, None, {{1}}.double(), {{2}}.double(), training=True) * {{0}}.detach()",
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
        # ---- wave 2
        Form("F.pad", f"{F}.pad({{0}}, (1, 2))", shapes=_X),
        Form("F.pad-2d-value", f"{F}.pad({{0}}, (1, 0, -1, 2), value=1.5)", shapes=_X[::2]),
        Form(
            "F.pad-reflect",
            f"{F}.pad({{0}}, (1, 2, 2, 1), mode='reflect')",
            shapes=[((1, 2, 3, 4),), ((2, 3, 3),)],
        ),
        Form("F.pad-reflect-1d", f"{F}.pad({{0}}, (2, 1), mode='reflect')", shapes=[((2, 3),)]),
        Form(
            "F.pad-replicate",
            f"{F}.pad({{0}}, (2, 1, 0, 3), mode='replicate')",
            shapes=[((1, 2, 3, 4),), ((2, 3, 3),)],
        ),
        Form(
            "F.group_norm",
            f"{F}.group_norm({{0}}.double(), 2, {{1}}.double(), {{2}}.double()) * {{0}}.detach()",
            3,
            shapes=[((2, 4, 3), (4,), (4,)), ((3, 6), (6,), (6,)), ((1, 4, 2, 2), (4,), (4,))],
        ),
        Form("F.avg_pool2d", f"{F}.avg_pool2d({{0}}, 2)", shapes=_POOL),
        Form(
            "F.avg_pool2d-pad-ceil",
            f"{F}.avg_pool2d({{0}}, 3, 2, 1, ceil_mode=True, count_include_pad=False)",
            shapes=[((1, 2, 5, 6),), ((2, 4, 5),)],
        ),
        Form("F.adaptive_avg_pool2d", f"{F}.adaptive_avg_pool2d({{0}}, (3, 2))", shapes=_POOL),
        Form("F.conv1d", f"{F}.conv1d({{0}}, {{1}}, {{2}}, padding=1)", 3, shapes=_SEQ),
        Form("conv1d", "L.conv1d({0}, {1}, {2}, 2)", 3, shapes=_SEQ),
        Form("F.elu", f"{F}.elu({{0}}, 0.7)", shapes=_X),
        Form("F.selu", f"{F}.selu({{0}})", shapes=_X),
        Form("F.celu", f"{F}.celu({{0}}, 1.5)", shapes=_X),
        Form("F.hardtanh", f"{F}.hardtanh({{0}}, -0.8, 1.2)", shapes=_X),
        Form("F.relu6", f"{F}.relu6({{0}} * 4)", shapes=_X),
        Form("F.prelu", f"{F}.prelu({{0}}, {{1}})", 2, shapes=[((2, 3), (3,)), ((2, 3, 2), (1,))]),
        Form("prelu.m", "{0}.prelu({1})", 2, shapes=[((2, 2, 2), (2,))]),
        Form("F.mish", f"{F}.mish({{0}})", shapes=_X),
        Form("F.logsigmoid", f"{F}.logsigmoid({{0}})", shapes=_X),
        Form("F.softmin", f"{F}.softmin({{0}}, -1)", shapes=_X),
        Form("F.glu", f"{F}.glu({{0}}, 0)", shapes=[((2, 3),), ((4,),), ((2, 2, 3),)]),
        Form(
            "F.smooth_l1_loss",
            f"{F}.smooth_l1_loss({{0}}, {{1}}, reduction={{red}}, beta=0.6)",
            2,
            shapes=_XT,
        ),
        Form(
            "F.kl_div",
            f"{F}.kl_div({{0}}, {{1}}.sigmoid(), reduction='batchmean')",
            2,
            shapes=_XT,
        ),
        Form(
            "F.kl_div-log_target",
            f"{F}.kl_div({{0}}, {{1}}, reduction={{red}}, log_target=True)",
            2,
            shapes=_XT,
        ),
        Form("F.normalize", f"{F}.normalize({{0}}, dim=-1)", shapes=_X),
        Form("F.cosine_similarity", f"{F}.cosine_similarity({{0}}, {{1}}, -1)", 2, shapes=_XT),
        Form("F.pairwise_distance", f"{F}.pairwise_distance({{0}}, {{1}})", 2, shapes=_XT),
        Form(
            "F.interpolate",
            f"{F}.interpolate({{0}}, scale_factor=2)",
            shapes=[((1, 2, 2, 3),), ((2, 1, 3, 2),)],
        ),
    ]


def grad2_ids():
    return set(
        """
        F.gelu F.silu F.softplus F.layer_norm F.batch_norm-train F.conv2d F.max_pool2d
        F.binary_cross_entropy F.binary_cross_entropy_with_logits F.huber_loss
        F.pad-reflect F.group_norm F.avg_pool2d F.adaptive_avg_pool2d F.conv1d F.elu F.prelu
        F.mish F.logsigmoid F.glu F.smooth_l1_loss F.kl_div F.cosine_similarity F.interpolate
    """.split()
    )
