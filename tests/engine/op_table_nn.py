"""The op table's rows for the nn ops (issue 12: _nn_ops), in the format of op_table.py (see its
header): `rows(Op, F)` returns them (F(lib): the library's nn.functional)."""

import numpy as np


def _probs(shape_x, shape_t):
    """Probabilities away from 0 and 1 (binary_cross_entropy's input and target)."""

    def make(rng):
        return [rng.uniform(0.2, 0.8, size=shape_x), rng.uniform(0.1, 0.9, size=shape_t)]

    return make


def _huber(rng):
    """input - target at least 0.2 away from +-delta = +-0.7 (the kinks)."""
    t = rng.uniform(-1, 1, size=(2, 3))
    d = rng.choice([-1.0, 1.0], size=(2, 3)) * rng.choice([0.3, 1.2], size=(2, 3))
    return [t + d, t]


def _pool_input(shape):
    """Distinct values (no ties in any window) for max_pool2d."""

    def make(rng):
        n = int(np.prod(shape))
        return [rng.permutation(n).reshape(shape) / n * 3 - 1.5]

    return make


def rows(Op, F):
    f64 = "float64"
    return [
        Op("gelu", lambda L, a: F(L).gelu(a), ((2, 3),)),
        Op("gelu-tanh", lambda L, a: F(L).gelu(a, approximate="tanh"), ((2, 3),)),
        Op("silu", lambda L, a: F(L).silu(a), ((2, 3),)),
        Op("softplus", lambda L, a: F(L).softplus(a), ((2, 3),)),
        Op("softplus-beta-threshold", lambda L, a: F(L).softplus(a, 2, 1.0), ((2, 3),)),
        Op("layer_norm", lambda L, a, w, b: F(L).layer_norm(a, (3,), w, b), ((2, 3), (3,), (3,))),
        Op("layer_norm-2d-noaffine", lambda L, a: F(L).layer_norm(a, (2, 3)), ((2, 2, 3),)),
        Op("layer_norm-torch", lambda L, a, w: L.layer_norm(a, [3], w), ((4, 3), (3,))),
        Op(
            "batch_norm-train",
            lambda L, a, w, b: F(L).batch_norm(a, None, None, w, b, training=True),
            ((4, 3), (3,), (3,)),
        ),
        Op(
            "batch_norm-train-NCL",
            lambda L, a, w, b: F(L).batch_norm(
                a, L.zeros(3, dtype=getattr(L, f64)), L.ones(3, dtype=getattr(L, f64)), w, b, True
            ),
            ((2, 3, 2), (3,), (3,)),
        ),
        Op(
            "batch_norm-eval",
            lambda L, a, w, b: F(L).batch_norm(
                a,
                L.tensor([0.1, -0.2, 0.3], dtype=getattr(L, f64)),
                L.tensor([1.0, 2.0, 0.5], dtype=getattr(L, f64)),
                w,
                b,
            ),
            ((2, 3, 2), (3,), (3,)),
        ),
        Op("embedding", lambda L, w: F(L).embedding(L.tensor([[0, 2], [2, 3]]), w), ((4, 3),)),
        Op("embedding-torch", lambda L, w: L.embedding(w, L.tensor([1, 1, 0])), ((3, 2),)),
        Op("conv2d", lambda L, x, w, b: F(L).conv2d(x, w, b), ((2, 2, 4, 4), (3, 2, 3, 3), (3,))),
        Op(
            "conv2d-stride-pad-dilation",
            lambda L, x, w: F(L).conv2d(x, w, None, (2, 1), 1, (1, 2)),
            ((1, 2, 5, 5), (2, 2, 2, 3)),
        ),
        Op(
            "conv2d-groups",
            lambda L, x, w: F(L).conv2d(x, w, groups=2),
            ((1, 4, 3, 3), (2, 2, 2, 2)),
        ),
        Op(
            "conv2d-same-even",
            lambda L, x, w: F(L).conv2d(x, w, padding="same", dilation=(1, 3)),
            ((1, 2, 4, 5), (2, 2, 2, 2)),
        ),
        Op(
            "max_pool2d-ceil",
            lambda L, x: F(L).max_pool2d(x, 3, 2, 1, ceil_mode=True),
            (),
            _pool_input((1, 2, 6, 5)),
        ),
        Op("conv2d-torch", lambda L, x, w: L.conv2d(x, w, padding=1), ((1, 1, 3, 3), (1, 1, 3, 3))),
        Op("unfold", lambda L, x: F(L).unfold(x, 2, padding=1, stride=(1, 2)), ((1, 2, 3, 4),)),
        Op("unfold-unbatched", lambda L, x: F(L).unfold(x, (2, 1), dilation=2), ((2, 4, 3),)),
        Op("fold", lambda L, c: F(L).fold(c, (3, 4), 2, padding=1, stride=(1, 2)), ((1, 8, 12),)),
        Op("conv2d-unbatched", lambda L, x, w: F(L).conv2d(x, w), ((2, 3, 3), (1, 2, 2, 2))),
        Op("max_pool2d", lambda L, x: F(L).max_pool2d(x, 2), (), _pool_input((2, 2, 4, 4))),
        Op(
            "max_pool2d-stride-pad",
            lambda L, x: F(L).max_pool2d(x, 3, stride=2, padding=1),
            (),
            _pool_input((1, 2, 5, 5)),
        ),
        Op("l1_loss", lambda L, a, b: F(L).l1_loss(a, b), ((2, 3), (2, 3)), _huber),
        Op("l1_loss-none", lambda L, a, b: F(L).l1_loss(a, b, reduction="none"), (), _huber),
        Op("l1_loss-sum", lambda L, a, b: F(L).l1_loss(a, b, reduction="sum"), (), _huber),
        Op("huber_loss", lambda L, a, b: F(L).huber_loss(a, b, delta=0.7), (), _huber),
        Op("huber_loss-none", lambda L, a, b: F(L).huber_loss(a, b, "none", 0.7), (), _huber),
        Op("huber_loss-sum", lambda L, a, b: F(L).huber_loss(a, b, "sum", 0.7), (), _huber),
        Op(
            "binary_cross_entropy",
            lambda L, a, b: F(L).binary_cross_entropy(a, b),
            (),
            _probs((2, 3), (2, 3)),
        ),
        Op(
            "binary_cross_entropy-weight-sum",
            lambda L, a, b: F(L).binary_cross_entropy(
                a, b, weight=L.tensor([1.0, 2.0, 0.5], dtype=getattr(L, f64)), reduction="sum"
            ),
            (),
            _probs((2, 3), (2, 3)),
        ),
        Op(
            "binary_cross_entropy_with_logits",
            lambda L, a, b: F(L).binary_cross_entropy_with_logits(a, b),
            (),
            lambda rng: [rng.uniform(-2, 2, size=(2, 3)), rng.uniform(0.1, 0.9, size=(2, 3))],
        ),
        Op(
            "binary_cross_entropy_with_logits-pos_weight-none",
            lambda L, a, b: F(L).binary_cross_entropy_with_logits(
                a,
                b,
                weight=L.tensor([0.5, 1.0, 2.0], dtype=getattr(L, f64)),
                reduction="none",
                pos_weight=L.tensor([1.0, 2.0, 3.0], dtype=getattr(L, f64)),
            ),
            (),
            lambda rng: [rng.uniform(-2, 2, size=(2, 3)), rng.uniform(0.1, 0.9, size=(2, 3))],
        ),
        # ---- wave 2
        Op("pad-constant", lambda L, a: F(L).pad(a, (1, 2)), ((2, 3),)),
        Op("pad-constant-3d-value", lambda L, a: F(L).pad(a, (0, 1, 2, 0, 1, 1), value=0.5), ((1, 2, 3),)),
        Op("pad-constant-crop", lambda L, a: F(L).pad(a, (-1, 2, 1, -1)), ((3, 4),)),
        Op("constant_pad_nd-torch", lambda L, a: L.constant_pad_nd(a, (1, 1), 2.0), ((2, 2),)),
        Op("pad-reflect-2d", lambda L, a: F(L).pad(a, (1, 2, 2, 1), mode="reflect"), ((1, 2, 3, 4),)),
        Op("pad-reflect-1d", lambda L, a: F(L).pad(a, (2, 1), mode="reflect"), ((2, 2, 4),)),
        Op("pad-replicate-2d", lambda L, a: F(L).pad(a, (2, 0, 1, 3), mode="replicate"), ((2, 3, 3),)),
        Op("pad-replicate-1d", lambda L, a: F(L).pad(a, (1, 3), mode="replicate"), ((3, 2),)),
        Op(
            "group_norm",
            lambda L, a, w, b: F(L).group_norm(a, 2, w, b),
            ((2, 4, 3), (4,), (4,)),
        ),
        Op("group_norm-noaffine-4d", lambda L, a: F(L).group_norm(a, 1, eps=1e-3), ((2, 2, 2, 3),)),
        Op("group_norm-torch", lambda L, a, w: L.group_norm(a, 3, w), ((2, 3, 2), (3,))),
        Op("avg_pool2d", lambda L, x: F(L).avg_pool2d(x, 2), ((2, 2, 4, 4),)),
        Op(
            "avg_pool2d-pad-ceil-nocount",
            lambda L, x: F(L).avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
            ((1, 2, 6, 5),),
        ),
        Op(
            "avg_pool2d-pad-ceil",
            lambda L, x: F(L).avg_pool2d(x, (2, 3), (2, 1), (1, 1), ceil_mode=True),
            ((2, 5, 4),),
        ),
        Op("avg_pool2d-divisor", lambda L, x: F(L).avg_pool2d(x, 2, 1, divisor_override=3), ((1, 1, 3, 4),)),
        Op("adaptive_avg_pool2d", lambda L, x: F(L).adaptive_avg_pool2d(x, (2, 3)), ((2, 2, 4, 6),)),
        Op("adaptive_avg_pool2d-uneven", lambda L, x: F(L).adaptive_avg_pool2d(x, (3, 2)), ((2, 5, 7),)),
        Op("adaptive_avg_pool2d-1", lambda L, x: F(L).adaptive_avg_pool2d(x, 1), ((2, 2, 3, 3),)),
        Op("adaptive_avg_pool2d-none", lambda L, x: F(L).adaptive_avg_pool2d(x, (None, 2)), ((1, 2, 3, 5),)),
        Op("conv1d", lambda L, x, w, b: F(L).conv1d(x, w, b), ((2, 2, 5), (3, 2, 3), (3,))),
        Op(
            "conv1d-stride-pad-dilation-groups",
            lambda L, x, w: F(L).conv1d(x, w, None, 2, 1, 2, 2),
            ((1, 4, 7), (2, 2, 2)),
        ),
        Op("conv1d-same", lambda L, x, w: F(L).conv1d(x, w, padding="same"), ((1, 1, 5), (2, 1, 4))),
        Op("conv1d-unbatched-torch", lambda L, x, w: L.conv1d(x, w), ((2, 5), (1, 2, 2))),
        Op("elu", lambda L, a: F(L).elu(a), ((2, 3),)),
        Op("elu-alpha", lambda L, a: F(L).elu(a, 0.5), ((2, 3),)),
        Op("selu", lambda L, a: F(L).selu(a), ((2, 3),)),
        Op("celu", lambda L, a: F(L).celu(a, 2.0), ((2, 3),)),
        Op("hardtanh", lambda L, a: F(L).hardtanh(a * 2), ((2, 3),), "clamp"),
        Op("hardtanh-range", lambda L, a: F(L).hardtanh(a, -0.5, 1.0), ((2, 3),), "clamp"),
        Op("relu6", lambda L, a: F(L).relu6(a * 4), ((2, 3),), "clamp"),
        Op("prelu", lambda L, a, w: F(L).prelu(a, w), ((2, 3, 2), (3,))),
        Op("prelu-one", lambda L, a, w: F(L).prelu(a, w), ((2, 3), (1,))),
        Op("prelu-method", lambda L, a, w: a.prelu(w), ((3, 2), (2,))),
        Op("mish", lambda L, a: F(L).mish(a), ((2, 3),)),
        Op("logsigmoid", lambda L, a: F(L).logsigmoid(a), ((2, 3),)),
        Op("softmin", lambda L, a: F(L).softmin(a, 1), ((2, 3),)),
        Op("glu", lambda L, a: F(L).glu(a), ((3, 4),)),
        Op("glu-dim0", lambda L, a: F(L).glu(a, 0), ((2, 3),)),
        Op("smooth_l1_loss", lambda L, a, b: F(L).smooth_l1_loss(a, b, beta=0.7), (), _huber),
        Op("smooth_l1_loss-none", lambda L, a, b: F(L).smooth_l1_loss(a, b, reduction="none"), (), _huber),
        Op("smooth_l1_loss-sum", lambda L, a, b: F(L).smooth_l1_loss(a, b, reduction="sum", beta=0.7), (), _huber),
        Op("smooth_l1_loss-beta0", lambda L, a, b: F(L).smooth_l1_loss(a, b, beta=0.0), (), _huber),
        Op("kl_div-batchmean", lambda L, a, b: F(L).kl_div(a, b, reduction="batchmean"), (), _probs((2, 3), (2, 3))),
        Op("kl_div-sum", lambda L, a, b: F(L).kl_div(a, b, reduction="sum"), (), _probs((2, 3), (2, 3))),
        Op("kl_div-none", lambda L, a, b: F(L).kl_div(a, b, reduction="none"), (), _probs((2, 3), (2, 3))),
        Op(
            "kl_div-log_target",
            lambda L, a, b: F(L).kl_div(a, b, reduction="batchmean", log_target=True),
            ((2, 3), (2, 3)),
        ),
        Op("normalize", lambda L, a: F(L).normalize(a), ((2, 3),)),
        Op("normalize-p1-dim0", lambda L, a: F(L).normalize(a, 1.0, 0), ((2, 3),)),
        Op("cosine_similarity", lambda L, a, b: F(L).cosine_similarity(a, b), ((2, 3), (2, 3))),
        Op("cosine_similarity-bcast", lambda L, a, b: F(L).cosine_similarity(a, b, -1), ((2, 3), (3,))),
        Op("pairwise_distance", lambda L, a, b: F(L).pairwise_distance(a, b), ((2, 3), (2, 3))),
        Op("pairwise_distance-p1-keepdim", lambda L, a, b: F(L).pairwise_distance(a, b, 1.0, keepdim=True), ((2, 3), (3,))),
        Op("interpolate-scale", lambda L, x: F(L).interpolate(x, scale_factor=2), ((1, 2, 2, 3),)),
        Op("interpolate-size", lambda L, x: F(L).interpolate(x, size=(3, 5)), ((1, 1, 2, 4),)),
        Op("interpolate-down", lambda L, x: F(L).interpolate(x, scale_factor=(0.5, 1.5)), ((1, 1, 4, 3),)),
    ]
