"""The fuzzer's forms for the pointwise ops and scans (issue 12: _pointwise, _scans): the same Form
table as fuzz.py's OPS, kept in a file of their own. `forms(Form, both, F)` returns them (F: the
text of ``L.nn.functional``); `grad2_ids()` names those whose second derivative the grad2 family
checks."""

_UNARY = "tan atan asin acos sinh cosh asinh acosh atanh exp2 erf trunc".split()
_POS = "log2 log10 rsqrt".split()
_ALIASES = "arcsin arccos arctan arcsinh arccosh arctanh negative fix".split()
# k for topk that fits operand 0 whatever its shape: 2, or 1 along a size-1 dim or a 0-d tensor
_K = "min(2, {0}.shape[{dim}] if {0}.ndim else 1)"


def forms(Form, both, F):
    return [
        *[f for name in _UNARY + _ALIASES for f in both(name)],
        *[f for name in _POS for f in both(name, domain="pos")],
        *both("atan2", 2), *both("arctan2", 2),
        Form("atan2-number", "L.atan2({0}, 0.5)"),
        *both("lerp", 2, args="0.3"), Form("lerp-big-weight.m", "{0}.lerp({1}, 1.25)", 2),
        Form("lerp-tensor", "L.lerp({0}, {1}, {2})", 3),
        Form("lerp-tensor.m", "{0}.lerp({1}, {2})", 3),
        *[f for name in ("multiply", "divide", "subtract", "true_divide")
          for f in both(name, 2, scalar=True)],
        Form("subtract-alpha", "L.subtract({0}, {1}, alpha=2)", 2, scalar=True),
        Form("divide-floor", "L.divide({0}, {1}, rounding_mode='floor')", 2, scalar=True),
        Form("divide-trunc.m", "{0}.divide({1}, rounding_mode='trunc')", 2, scalar=True),
        *[f for name in ("greater", "less", "greater_equal", "less_equal", "not_equal")
          for f in both(name, 2, scalar=True, grad=False)],
        # prod, cumsum, cumprod; with zeros ("ties" draws 0, +-1 and 0.5)
        *both("prod", args="{dim}, keepdim={kd}"), Form("prod-all.m", "{0}.prod()"),
        Form("prod-zeros", "{0}.prod({dim})", domain="ties"),
        Form("prod-all-zeros", "L.prod({0})", domain="ties"),
        *both("cumsum", args="{dim}"), *both("cumprod", args="dim={dim}"),
        Form("cumprod-zeros.m", "{0}.cumprod({dim})", domain="ties"),
        Form("cumsum-ties", "L.cumsum({0}, {dim})", domain="ties"),
        # sort, argsort, topk (tup: backward through the values)
        Form("sort", "L.sort({0}, {dim})", tup=True),
        Form("sort-desc.m", "{0}.sort({dim}, descending=True)", tup=True),
        Form("sort-values.m", "{0}.sort(dim={dim}).values"),
        Form("sort-stable", "L.sort({0}, dim={dim}, stable=True)", tup=True),
        Form("sort-ties.m", "{0}.sort({dim}, descending=True)", domain="ties", tup=True),
        *both("argsort", args="{dim}", grad=False),
        Form("argsort-desc-ties.m", "{0}.argsort({dim}, descending=True)", domain="ties",
             grad=False),
        Form("topk", f"L.topk({{0}}, {_K}, {{dim}})", tup=True),
        Form("topk-smallest.m", f"{{0}}.topk({_K}, dim={{dim}}, largest=False)", tup=True),
        Form("topk-values.m", "{0}.topk(1).values"),
        Form("topk-ties.m", f"{{0}}.topk({_K}, {{dim}})", domain="ties", tup=True),
        Form("topk-k-too-large", "{0}.topk(5)", grad=False),
        # wave 2 pointwise
        *both("addcmul", 3, args="value=0.5"), Form("addcmul-default", "L.addcmul({0}, {1}, {2})", 3),
        *both("addcdiv", 3, args="value=-2"), Form("addcdiv-default.m", "{0}.addcdiv({1}, {2})", 3),
        *both("logaddexp", 2), *both("hypot", 2), *both("frac"), *both("sgn"),
        Form("sgn-ties", "L.sgn({0})", domain="ties"),
        *both("xlogy", 2, domain="pos"), Form("xlogy-number.m", "{0}.xlogy(2.5)"),
        Form("xlogy-zeros", "L.xlogy({0}, {1})", 2, domain="ties"),
        *both("nan_to_num"), Form("nan_to_num-bounds.m", "{0}.nan_to_num(posinf=1.5)"),
        Form("nan_to_num-inf",
             "L.nan_to_num({0} / ({0} > 0), nan=0.5, posinf=2.0, neginf=-3.0)", domain="ties"),
        # wave 2 scans
        Form("cummax", "L.cummax({0}, {dim})", tup=True),
        Form("cummin.m", "{0}.cummin({dim})", tup=True),
        Form("cummax-ties.m", "{0}.cummax({dim})", domain="ties", tup=True),
        Form("cummin-ties", "L.cummin({0}, dim={dim})", domain="ties", tup=True),
        *both("logcumsumexp", args="{dim}"),
        Form("std_mean", "L.std_mean({0}, {dim})", tup=True),
        Form("std_mean-all", "L.std_mean({0}, correction=0)", tup=True),
        Form("var_mean", "L.var_mean({0}, {dim}, keepdim={kd})", tup=True),
        Form("var_mean-unbiased", "L.var_mean({0}, {dim}, False)", tup=True),
        Form("var_mean-mean", "L.var_mean({0}, dim={dim}, correction=0)[1]"),
        Form("count_nonzero", "L.count_nonzero({0}, {dim})", domain="ties", grad=False),
        Form("count_nonzero-all.m", "{0}.count_nonzero()", domain="ties", grad=False),
        *both("median"), Form("median-ties", "L.median({0})", domain="ties"),
        Form("median-dim", "L.median({0}, {dim})", tup=True),
        Form("median-dim-kd.m", "{0}.median({dim}, keepdim={kd})", tup=True),
        Form("mode", "L.mode({0}, {dim})", tup=True),
        Form("mode-ties.m", "{0}.mode({dim}, keepdim={kd})", domain="ties", tup=True),
        *both("msort"),
        Form("quantile", "L.quantile({0}, 0.3, {dim}, keepdim={kd})"),
        Form("quantile-all.m", "{0}.quantile(0.75)"),
        Form("quantile-q", "L.quantile({0}, L.tensor([0.25, 1.0], dtype={0}.dtype), {dim})"),
        Form("quantile-nearest.m", "{0}.quantile(0.5, interpolation='nearest')"),
        Form("quantile-midpoint", "L.quantile({0}, 0.4, interpolation='midpoint')"),
        Form("diff", "L.diff({0}, dim={dim})"), Form("diff-n2.m", "{0}.diff(n=2, dim={dim})"),
        Form("diff-prepend", "L.diff({0}, dim={dim}, prepend={0}, append={0} * 2)"),
        # common ops (_common)
        *both("fmod", args="0.7"), Form("fmod-tensor", "L.fmod({0}, {1}.abs() + 0.5)", 2),
        *both("copysign", 2, scalar=True), Form("copysign-number.m", "{0}.copysign(-1.0)"),
        Form("heaviside", "L.heaviside({0}, {1})", 2, domain="ties", grad=False),
        Form("heaviside.m", "{0}.heaviside(L.tensor([0.5], dtype={0}.dtype))", domain="ties",
             grad=False),
        *both("deg2rad"), *both("rad2deg"),
        *both("nansum", args="{dim}, keepdim={kd}"), Form("nansum-all.m", "{0}.nansum()"),
        Form("nansum-nan", "L.nansum({0} / ({0} > 0) * 0)", grad=False),
        Form("aminmax", "L.aminmax({0})", tup=True),
        Form("aminmax-dim.m", "{0}.aminmax(dim={dim}, keepdim={kd})", tup=True),
        Form("aminmax-ties", "L.aminmax({0}, dim={dim})", domain="ties", tup=True),
        *both("dist", 2), Form("dist-p1", "L.dist({0}, {1}, 1)", 2),
        Form("dist-inf.m", "{0}.dist({1}, float('inf'))", 2),
        Form("broadcast_tensors", "L.broadcast_tensors({0}, {1})[0]", 2),
        Form("broadcast_tensors-1", "L.broadcast_tensors({0}, {1})[1] * 2", 2),
        Form("logit", "L.logit({0}.sigmoid())"), Form("logit-eps.m", "{0}.logit(eps=0.2)"),
        *both("fmax", 2), Form("fmin.m", "{0}.fmin({1})", 2),
        Form("fmax-ties", "L.fmax({0}, {1})", 2, domain="ties"),
        Form("signbit", "L.signbit({0})", grad=False), Form("nanmean", "L.nanmean({0}, {dim})"),
        Form("nanmean-nan.m", "({0} / ({0} > 0)).nanmean()", grad=False),
        Form("broadcast_to.m", "{0}.broadcast_to((2,) + tuple({0}.shape))"),
        Form("repeat_interleave", "L.repeat_interleave({0}, 2)"),
        Form("repeat_interleave-dim.m", "{0}.repeat_interleave(2, dim={dim})"),
        Form("repeat_interleave-tensor.m",
             "{0}.repeat_interleave(L.tensor([2] * ({0}.shape[{dim}] if {0}.ndim else 1)), {dim})"),
        Form("index_add", "L.index_add({0}, 0, L.tensor([0, 0]), {1}, alpha=2)", 2,
             shapes=[((2, 3), (2, 3)), ((3,), (2,))]),
        Form("index_add_.m", "({0} * 1).index_add_(0, L.tensor([1]), {1})", 2,
             shapes=[((2, 3), (1, 3)), ((3,), (1,))]),
        Form("index_copy", "L.index_copy({0}, 0, L.tensor([1, 0]), {1})", 2,
             shapes=[((2, 3), (2, 3)), ((3,), (2,))]),
        Form("index_copy_.m", "({0} * 1).index_copy_(0, L.tensor([0]), {1})", 2,
             shapes=[((2, 3), (1, 3))]),
        Form("t_", "({0} * 1).t_()", shapes=[((2, 3),), ((3,),), ((),)]),
        Form("transpose_", "({0} * 1).transpose_(0, -1)", shapes=[((2, 3),), ((2, 1, 3),)]),
        Form("unsqueeze_", "({0} * 1).unsqueeze_({udim})"),
        Form("squeeze_", "({0} * 1).squeeze_()"), Form("squeeze_-dim", "({0} * 1).squeeze_(0)"),
        Form("floor_divide_", "({0} * 1).floor_divide_(0.7)", grad=False),
        Form("op<<", "(({0} * 3).long() << ({1}.abs() * 3).long())", 2, grad=False),
        Form("op>>", "(({0} * 100).long() >> 2)", grad=False),
        Form("rlshift", "(3 << ({0}.abs() * 3).long())", grad=False),
        Form("bitwise_left_shift", "L.bitwise_left_shift(({0} * 5).int(), 1)", grad=False),
        Form("bitwise_right_shift.m", "({0} * 50).long().bitwise_right_shift(3)", grad=False),
        Form("lshift-float", "{0} << 1", grad=False),
        Form("F.softsign", "L.nn.functional.softsign({0})"),
        Form("F.tanhshrink", "L.nn.functional.tanhshrink({0})"),
        Form("F.hardsigmoid", "L.nn.functional.hardsigmoid({0} * 4)"),
        Form("F.hardswish", "L.nn.functional.hardswish({0} * 4)"),
        Form("nn.Hardswish", "L.nn.Hardswish()(L.nn.Hardsigmoid()({0}) * 8 - 4)"),
        # wave 3: special functions and binary pointwise
        *both("erfc"), *both("i0"), *both("sinc"), Form("sinc-ties", "L.sinc({0})", domain="ties"),
        Form("erfinv", "L.erfinv({0}.tanh())"), Form("erfinv.m", "({0} * 0.4).erfinv()"),
        *[f for name in ("lgamma", "digamma") for f in both(name, domain="pos")],
        Form("lgamma-negative", "L.lgamma(-{0})", domain="pos"),
        Form("polygamma.m", "{0}.polygamma(2)", domain="pos"),
        Form("polygamma1.m", "{0}.polygamma(1)", domain="pos"),
        Form("mvlgamma", "L.mvlgamma({0} + 1, 2)", domain="pos"),
        *both("logaddexp2", 2), *both("ldexp", 2), *both("float_power", 2, domain="pos"),
        Form("float_power-number.m", "{0}.float_power(3)"),
        Form("ldexp-int", "L.ldexp({0}, ({1} * 2).long())", 2),
        Form("nextafter", "L.nextafter({0}, {1})", 2),
        Form("isposinf", "L.isposinf({0} / ({0} > 0))", domain="ties", grad=False),
        Form("isneginf.m", "(-{0} / ({0} > 0)).isneginf()", domain="ties", grad=False),
        Form("gcd", "L.gcd(({0} * 10).long(), ({1} * 7).long())", 2, grad=False),
        Form("lcm.m", "({0} * 10).long().lcm(({1} * 7).long())", 2, grad=False),
        Form("erfc_", "({0} * 1).erfc_()"), Form("lgamma_", "({0} * 1).lgamma_()", domain="pos"),
        Form("eq_", "({0} * 1).eq_({1})", 2, domain="ties", scalar=True),
        Form("lt_.m", "({0} * 1).lt_({1})", 2, scalar=True),
        Form("ge_", "({0} * 1).ge_(0.5)", domain="ties"),
        # wave 3 scans
        Form("kthvalue", "L.kthvalue({0}, 1, {dim})", tup=True),
        Form("kthvalue-kd.m", "{0}.kthvalue(1, {dim}, keepdim={kd})", tup=True),
        Form("kthvalue-ties", "L.kthvalue({0}, 1)", domain="ties", tup=True),
        *both("nanmedian"), Form("nanmedian-nan", "L.nanmedian({0} / ({0} > 0))", grad=False),
        Form("nanmedian-dim", "L.nanmedian({0}, {dim})", tup=True),
        Form("nanmedian-dim-kd.m", "{0}.nanmedian({dim}, keepdim={kd})", tup=True),
        Form("cov", "L.cov({0})", shapes=[((3, 4),), ((4,),), ((2, 1),)]),
        Form("cov-correction.m", "{0}.cov(correction=0)", shapes=[((2, 3),), ((3,),)]),
        Form("corrcoef", "L.corrcoef({0})", shapes=[((3, 4),), ((4,),)]),
        Form("trapezoid", "L.trapezoid({0}, dim={dim})", shapes=[((3, 4),), ((4,),)]),
        Form("trapezoid-dx", "L.trapezoid({0}, dx=0.5)", shapes=[((3, 4),), ((2,),)]),
        Form("trapezoid-x", "L.trapezoid({0}, {1})", 2, shapes=[((3, 4), (4,)), ((2, 3), (2, 3))]),
        Form("cumulative_trapezoid", "L.cumulative_trapezoid({0})", shapes=[((3, 4),), ((2,),)]),
        Form("cumulative_trapezoid-x", "L.cumulative_trapezoid({0}, {1}, dim=0)", 2,
             shapes=[((3, 4), (3,))]),
        Form("histc", "L.histc({0}, 4)", grad=False), Form("histc.m", "{0}.histc(3, -1, 1)", grad=False),
        Form("bincount", "L.bincount(({0}.abs() * 3).long().reshape(-1))", grad=False),
        Form("bincount-weights.m", "({0}.abs() * 3).long().reshape(-1).bincount({0}.reshape(-1))",
             grad=False),
        Form("unique_consecutive", "L.unique_consecutive({0}, return_inverse=True, "
             "return_counts=True)", domain="ties", grad=False),
        # wave 3 common: in-place forms, angle
        Form("ceil_", "({0} * 1).ceil_() * {0}"), Form("expm1_.m", "({0} * 1).expm1_()"),
        Form("log1p_", "({0} * {0}).log1p_()"), Form("absolute_", "({0} * 1).absolute_()"),
        Form("remainder_", "({0} * 1).remainder_(0.7)"),
        Form("remainder_-tensor", "({0} * 1).remainder_({1}.abs() + 0.5)", 2),
        Form("torch.expm1_", "L.expm1_({0} * 1)"), Form("torch.deg2rad_", "L.deg2rad_({0} * 1)"),
        Form("swapaxes_", "({0} * 1).swapaxes_(0, -1)", shapes=[((2, 3),), ((2, 1, 3),)]),
        Form("logical_and_", "({0} * 1).logical_and_({1})", 2, domain="ties"),
        Form("logical_not_.m", "({0} * 1).logical_not_()", domain="ties"),
        *both("angle", domain="ties"),
        Form("nanquantile", "L.nanquantile({0}, 0.3, {dim}, keepdim={kd})"),
        Form("nanquantile-all.m", "{0}.nanquantile(0.75)"),
        Form("nanquantile-nan", "L.nanquantile({0} / ({0} > -0.5), 0.5, {dim})", grad=False),
        Form("nanquantile-q", "L.nanquantile({0}, L.tensor([0.25, 1.0], dtype={0}.dtype), {dim})"),
        Form("nanquantile-lower.m", "{0}.nanquantile(0.4, interpolation='lower')"),
        Form("renorm", "L.renorm({0}, 2, 0, 1.0)", shapes=[((3, 4),), ((2, 2, 2),)]),
        Form("renorm-inf.m", "{0}.renorm(float('inf'), -1, 0.8)", shapes=[((3, 4),)]),
        Form("frexp", "L.frexp({0})", tup=True), Form("frexp.m", "{0}.frexp().mantissa"),
        Form("histogram", "L.histogram({0}, 3)", grad=False),
        Form("histogram-range.m", "{0}.histogram(2, range=(-1.0, 1.0), density=True)", grad=False),
        Form("unravel_index", "L.unravel_index(({0}.abs() * 5).long(), (2, 3))", grad=False),
        Form("igamma", "L.igamma({1}.abs().detach() + 0.5, {0})", 2, domain="pos"),
        *both("hardshrink"), Form("hardshrink-ties", "L.hardshrink({0}, 0.5)", domain="ties"),
        Form("threshold", "L.threshold({0}, 0.2, -1.0)"),
        Form("threshold-ties", "L.threshold({0}, 0.5, 3.0)", domain="ties"),
        Form("threshold_", "L.threshold_({0} * 1, 0.0, 0.5)"),
        Form("gradient", "L.gradient({0}, dim=-1)", tup=True, shapes=[((2, 4),), ((3,),)]),
        Form("gradient-edge2", "L.gradient({0}, spacing=0.5, edge_order=2)", tup=True,
             shapes=[((3, 4),), ((4,),)]),
        Form("igammac.m", "({1}.abs().detach() * 3).igammac({0} * 2)", 2, domain="pos"),
    ]


def grad2_ids():
    return set("""
        tan atan.m asin acosh.m erf erf.m rsqrt log2.m exp2 sinh.m atan2 atan2.m lerp lerp-tensor
        lerp-tensor.m prod prod.m prod-all.m prod-zeros prod-all-zeros cumsum cumprod cumprod.m
        cumprod-zeros.m sort sort-desc.m topk topk-smallest.m
        addcmul addcdiv.m logaddexp hypot.m xlogy xlogy-number.m nan_to_num cummax cummin.m
        logcumsumexp std_mean var_mean var_mean-mean median median-dim mode msort quantile
        quantile-q diff diff-prepend
        fmod-tensor copysign copysign.m deg2rad nansum aminmax aminmax-dim.m dist dist.m dist-p1
        repeat_interleave-dim.m repeat_interleave-tensor.m index_add index_copy t_ transpose_
        unsqueeze_ squeeze_ F.softsign F.tanhshrink F.hardswish logit logit-eps.m fmax fmin.m
        nanmean broadcast_to.m
        erfc i0 sinc erfinv lgamma digamma.m polygamma.m mvlgamma logaddexp2 ldexp float_power
        float_power-number.m erfc_ kthvalue nanmedian nanmedian-dim cov corrcoef trapezoid-x
        cumulative_trapezoid-x expm1_.m log1p_ remainder_-tensor swapaxes_ nanquantile
        nanquantile-q renorm renorm-inf.m frexp igamma igammac.m hardshrink threshold
    """.split())
