"""The op table's rows for the pointwise ops and scans (issue 12: _pointwise, _scans), in the format
of op_table.py (see its header): `rows(Op, F)` returns them (F(lib): the library's nn.functional)."""

import numpy as np


def _uniform(lo, hi, *shapes):
    """Inputs drawn uniformly in [lo, hi] (asin, acosh, ... live on an interval)."""
    return lambda rng: [rng.uniform(lo, hi, size=s) for s in shapes]


def _with_zeros(shape, *positions):
    """|x| in [0.5, 1.5] with exact zeros at `positions` (prod and cumprod's special cases)."""
    def make(rng):
        a = rng.choice([-1.0, 1.0], size=shape) * rng.uniform(0.5, 1.5, size=shape)
        for p in positions:
            a[p] = 0.0
        return [a]
    return make


def _weighted(outputs):
    """The two outputs of std_mean/var_mean as one tensor, weighted so that a mix-up shows."""
    return outputs[0] * 2.0 + outputs[1] * -0.5


def rows(Op, F):
    return [
        # ---- pointwise: trigonometric and hyperbolic, logs and powers of 2 and 10 ----
        Op("tan", lambda L, a: a.tan(), ((2, 3),), _uniform(-1.2, 1.2, (2, 3))),
        Op("atan", lambda L, a: L.atan(a), ((2, 3),)),
        Op("asin", lambda L, a: a.asin(), ((2, 3),), _uniform(-0.8, 0.8, (2, 3))),
        Op("acos", lambda L, a: L.acos(a), ((2, 3),), _uniform(-0.8, 0.8, (2, 3))),
        Op("arcsin-alias", lambda L, a: L.arcsin(a), ((3,),), _uniform(-0.8, 0.8, (3,))),
        Op("arccos-alias.m", lambda L, a: a.arccos(), ((3,),), _uniform(-0.8, 0.8, (3,))),
        Op("arctan-alias", lambda L, a: L.arctan(a), ((3,),)),
        Op("sinh", lambda L, a: a.sinh(), ((2, 3),)),
        Op("cosh", lambda L, a: L.cosh(a), ((2, 3),)),
        Op("asinh", lambda L, a: a.asinh(), ((2, 3),)),
        Op("acosh", lambda L, a: L.acosh(a), ((2, 3),), _uniform(1.2, 2.5, (2, 3))),
        Op("atanh", lambda L, a: a.atanh(), ((2, 3),), _uniform(-0.8, 0.8, (2, 3))),
        Op("arcsinh-alias.m", lambda L, a: a.arcsinh(), ((3,),)),
        Op("log2", lambda L, a: a.log2(), ((2, 3),), "pos"),
        Op("log10", lambda L, a: L.log10(a), ((2, 3),), "pos"),
        Op("exp2", lambda L, a: a.exp2(), ((2, 3),)),
        Op("erf", lambda L, a: L.erf(a), ((2, 3),), _uniform(-3.5, 3.5, (2, 3))),
        Op("erf.m", lambda L, a: a.erf(), ((4,),)),
        Op("rsqrt", lambda L, a: a.rsqrt(), ((2, 3),), "pos"),
        Op("trunc", lambda L, a: a.trunc() * a, ((2, 3),)),
        Op("fix-alias.m", lambda L, a: a.fix() * a, ((3,),)),
        # trunc's gradient is zeros not connected to the graph (torch's too): no second order
        Op("trunc-alone", lambda L, a: L.trunc(a), ((2, 3),), gradgrad=False),
        # ---- atan2 (broadcasting, 0-d) and lerp (a number or a tensor weight) ----
        Op("atan2-3x4,4", lambda L, a, b: L.atan2(a, b), ((3, 4), (4,))),
        Op("atan2-0d.m", lambda L, a, b: a.atan2(b), ((3,), ())),
        Op("arctan2-alias", lambda L, a, b: L.arctan2(a, b), ((2, 1), (1, 3))),
        Op("lerp-scalar", lambda L, a, b: L.lerp(a, b, 0.3), ((2, 3), (3,))),
        Op("lerp-scalar-big.m", lambda L, a, b: a.lerp(b, 0.75), ((3,), (2, 3))),
        Op("lerp-tensor", lambda L, a, b, w: L.lerp(a, b, w), ((2, 3), (2, 3), (3,))),
        Op("lerp-tensor-0d.m", lambda L, a, b, w: a.lerp(b, w), ((2, 3), (1, 3), ())),
        # ---- alias names of the arithmetic ops ----
        Op("multiply", lambda L, a, b: L.multiply(a, b), ((2, 3), (3,))),
        Op("divide.m", lambda L, a, b: a.divide(b), ((2, 3), (3,))),
        Op("true_divide", lambda L, a, b: L.true_divide(a, b), ((3,), (3,))),
        Op("subtract-alpha", lambda L, a, b: L.subtract(a, b, alpha=2.0), ((2, 3), (3,))),
        Op("negative.m", lambda L, a: a.negative(), ((3,),)),
        # ---- prod: all, along a dim, keepdim, and with zeros (one, several) ----
        Op("prod-all", lambda L, a: a.prod(), ((2, 3),)),
        Op("prod-dim1", lambda L, a: L.prod(a, 1), ((2, 3),)),
        Op("prod-dim0-keepdim", lambda L, a: a.prod(0, keepdim=True), ((3, 2),)),
        Op("prod-dim-neg-3d", lambda L, a: a.prod(dim=-2), ((2, 3, 2),)),
        Op("prod-all-one-zero", lambda L, a: a.prod(), ((2, 3),), _with_zeros((2, 3), (1, 1))),
        Op("prod-all-two-zeros", lambda L, a: L.prod(a), ((2, 3),),
           _with_zeros((2, 3), (0, 1), (1, 2))),
        Op("prod-dim-zeros", lambda L, a: a.prod(1), ((3, 3),),
           _with_zeros((3, 3), (0, 1), (2, 0), (2, 2))),
        Op("prod-0d", lambda L, a: a.prod(), ((),)),
        # ---- cumsum and cumprod (with zeros) ----
        Op("cumsum-dim0", lambda L, a: a.cumsum(0), ((3, 2),)),
        Op("cumsum-dim-neg", lambda L, a: L.cumsum(a, dim=-1), ((2, 4),)),
        Op("cumsum-0d", lambda L, a: a.cumsum(0), ((),)),
        Op("cumprod-dim1", lambda L, a: a.cumprod(1), ((2, 4),)),
        Op("cumprod-dim0", lambda L, a: L.cumprod(a, 0), ((3, 2),)),
        Op("cumprod-zeros", lambda L, a: a.cumprod(1), ((3, 4),),
           _with_zeros((3, 4), (0, 1), (1, 3), (2, 0), (2, 2))),
        Op("cumprod-zeros-dim0", lambda L, a: L.cumprod(a, 0), ((3, 2),),
           _with_zeros((3, 2), (1, 0))),
        # ---- sort and topk: the values' gradient goes back to where each value came from ----
        Op("sort-values", lambda L, a: a.sort().values, ((2, 4),)),
        Op("sort-desc-dim0", lambda L, a: L.sort(a, 0, descending=True)[0], ((3, 2),)),
        Op("sort-stable-3d", lambda L, a: L.sort(a, dim=1, stable=True).values, ((2, 3, 2),)),
        Op("topk-2", lambda L, a: a.topk(2).values, ((2, 4),)),
        Op("topk-smallest-dim0", lambda L, a: L.topk(a, 2, dim=0, largest=False)[0], ((3, 2),)),
        Op("topk-all", lambda L, a: a.topk(3, 0).values * a.sort(0).values, ((3,),)),
        # ---- wave 2 pointwise: addcmul/addcdiv (value=), logaddexp, hypot, frac, xlogy, ... ----
        Op("addcmul", lambda L, a, b, c: L.addcmul(a, b, c), ((2, 3), (3,), (2, 1))),
        Op("addcmul-value.m", lambda L, a, b, c: a.addcmul(b, c, value=-0.5), ((3,), (2, 3), ())),
        Op("addcdiv", lambda L, a, b, c: L.addcdiv(a, b, c, value=2.0), ((2, 3), (2, 3), (3,))),
        Op("addcdiv.m", lambda L, a, b, c: a.addcdiv(b, c), ((1, 3), (2, 1), (2, 3))),
        Op("logaddexp", lambda L, a, b: L.logaddexp(a, b), ((2, 3), (3,))),
        Op("logaddexp.m", lambda L, a, b: a.logaddexp(b), ((3,), ())),
        Op("hypot", lambda L, a, b: L.hypot(a, b), ((2, 3), (2, 1))),
        Op("hypot.m", lambda L, a, b: a.hypot(b), ((3,), (3,))),
        Op("frac", lambda L, a: L.frac(a) * a, ((2, 3),), _uniform(-2.8, 2.8, (2, 3))),
        Op("frac.m", lambda L, a: a.frac(), ((4,),), _uniform(0.1, 0.9, (4,)), gradgrad=False),
        Op("xlogy", lambda L, a, b: L.xlogy(a, b), ((2, 3), (3,)), _uniform(0.5, 2.0, (2, 3), (3,))),
        Op("xlogy-number.m", lambda L, a: a.xlogy(2.5), ((2, 3),)),
        Op("xlogy-zeros", lambda L, a, b: L.xlogy(a * L.tensor([0.0, 1.0, 1.0]), b), ((2, 3), (3,)),
           _uniform(0.5, 2.0, (2, 3), (3,))),
        Op("sgn", lambda L, a: L.sgn(a) * a, ((2, 3),)),
        Op("nan_to_num", lambda L, a: L.nan_to_num(a, posinf=2.0) * a, ((2, 3),)),
        Op("nan_to_num.m", lambda L, a: a.nan_to_num(neginf=-1.0) * a, ((3,),)),
        # ---- wave 2 scans: cummax/cummin, logcumsumexp, std_mean/var_mean, median, mode, ... ----
        Op("cummax", lambda L, a: L.cummax(a, 1).values, ((3, 4),)),
        Op("cummax-dim0.m", lambda L, a: a.cummax(0)[0], ((4, 2),)),
        Op("cummin", lambda L, a: L.cummin(a, -1)[0], ((2, 5),)),
        Op("cummin-0d.m", lambda L, a: a.cummin(0).values, ((),)),
        Op("logcumsumexp", lambda L, a: L.logcumsumexp(a, 1), ((3, 4),)),
        Op("logcumsumexp-dim0.m", lambda L, a: a.logcumsumexp(0), ((4, 2),)),
        Op("std_mean", lambda L, a: _weighted(L.std_mean(a, 1)), ((3, 4),)),
        Op("std_mean-std-only", lambda L, a: L.std_mean(a, 0, keepdim=True)[0], ((3, 4),)),
        Op("std_mean-mean-only", lambda L, a: L.std_mean(a)[1], ((3, 4),)),
        Op("var_mean", lambda L, a: _weighted(L.var_mean(a, (0, 1), correction=0)), ((2, 3, 2),)),
        Op("var_mean-unbiased", lambda L, a: _weighted(L.var_mean(a, 1, False, True)), ((3, 4),)),
        Op("median-all", lambda L, a: L.median(a), ((3, 4),)),
        Op("median-all-even.m", lambda L, a: a.median(), ((2, 3),)),
        Op("median-dim", lambda L, a: L.median(a, 1).values, ((3, 4),)),
        Op("median-dim-keepdim.m", lambda L, a: a.median(0, keepdim=True)[0], ((5, 2),)),
        Op("mode", lambda L, a: L.mode(a * 0 + L.tensor([1.0, 2.0, 2.0, 3.0]) + a)[0], ((2, 4),)),
        Op("mode-dim0.m", lambda L, a: a.mode(0).values, ((3, 2),)),
        Op("msort", lambda L, a: L.msort(a), ((3, 4),)),
        Op("msort.m", lambda L, a: a.msort(), ((4,),)),
        Op("quantile", lambda L, a: L.quantile(a, 0.3), ((3, 4),)),
        Op("quantile-dim.m", lambda L, a: a.quantile(0.75, dim=1), ((3, 4),)),
        Op("quantile-keepdim", lambda L, a: L.quantile(a, 0.5, 0, keepdim=True), ((4, 3),)),
        Op("quantile-tensor-q", lambda L, a: L.quantile(a, L.tensor([0.1, 0.5, 1.0],
                                                                     dtype=L.float64), dim=1),
           ((2, 5),)),
        Op("quantile-tensor-q-keepdim.m", lambda L, a: a.quantile(L.tensor([0.2, 0.6],
                                                                            dtype=L.float64),
                                                                   keepdim=True), ((2, 3),)),
        Op("diff", lambda L, a: L.diff(a), ((3, 4),)),
        Op("diff-n2-dim0.m", lambda L, a: a.diff(n=2, dim=0), ((4, 3),)),
        Op("diff-prepend-append", lambda L, a, b: L.diff(a, dim=1, prepend=b, append=b * 2),
           ((3, 4), (3, 2))),
        # ---- common ops (_common) ----
        Op("fmod-number", lambda L, a: L.fmod(a, 0.7), ((2, 3),), _uniform(0.1, 0.6, (2, 3))),
        Op("fmod-tensor.m", lambda L, a, b: a.fmod(b), ((2, 3), (3,)), _uniform(1.1, 1.9, (2, 3), (3,))),
        Op("copysign", lambda L, a, b: L.copysign(a, b), ((2, 3), (3,))),
        Op("copysign-number.m", lambda L, a: a.copysign(-1.0), ((2, 3),)),
        Op("deg2rad", lambda L, a: L.deg2rad(a), ((2, 3),)),
        Op("logit", lambda L, a: L.logit(a), ((2, 3),), _uniform(0.1, 0.9, (2, 3))),
        Op("logit-eps.m", lambda L, a: a.logit(eps=0.2), ((2, 3),), _uniform(0.3, 0.7, (2, 3))),
        Op("fmax", lambda L, a, b: L.fmax(a, b), ((2, 3), (3,))),
        Op("fmin.m", lambda L, a, b: a.fmin(b), ((2, 3), (3,))),
        Op("nanmean-dim", lambda L, a: L.nanmean(a, 1), ((2, 3),)),
        Op("broadcast_to.m", lambda L, a: a.broadcast_to((2, 3)), ((3,),)),
        Op("rad2deg.m", lambda L, a: a.rad2deg(), ((3,),)),
        Op("nansum", lambda L, a: L.nansum(a), ((2, 3),)),
        Op("nansum-dim.m", lambda L, a: a.nansum(1, keepdim=True), ((2, 3),)),
        Op("aminmax", lambda L, a: L.aminmax(a).min * 2.0 + L.aminmax(a).max, ((2, 3),)),
        Op("aminmax-dim.m", lambda L, a: a.aminmax(dim=1)[1] - a.aminmax(dim=1)[0] * 0.5, ((2, 3),)),
        Op("dist", lambda L, a, b: L.dist(a, b), ((2, 3), (3,))),
        Op("dist-p1.m", lambda L, a, b: a.dist(b, 1), ((2, 3), (2, 3))),
        Op("dist-p3", lambda L, a, b: L.dist(a, b, 3), ((3,), (3,))),
        Op("broadcast_tensors", lambda L, a, b: L.broadcast_tensors(a, b)[0] * L.broadcast_tensors(a, b)[1], ((2, 1), (3,))),
        Op("repeat_interleave", lambda L, a: L.repeat_interleave(a, 2), ((2, 3),)),
        Op("repeat_interleave-dim.m", lambda L, a: a.repeat_interleave(3, dim=1), ((2, 2),)),
        Op("repeat_interleave-tensor", lambda L, a: a.repeat_interleave(L.tensor([1, 0, 2]), dim=1), ((2, 3),)),
        Op("index_add", lambda L, a, b: L.index_add(a, 1, L.tensor([0, 2, 0]), b, alpha=2.0), ((2, 3), (2, 3))),
        Op("index_add_.m", lambda L, a, b: (a * 1).index_add_(0, L.tensor([1]), b), ((2, 3), (1, 3))),
        Op("index_copy", lambda L, a, b: L.index_copy(a, 1, L.tensor([2, 0]), b), ((2, 3), (2, 2))),
        Op("index_copy_.m", lambda L, a, b: (a * 1).index_copy_(0, L.tensor([1]), b), ((2, 3), (1, 3))),
        Op("t_", lambda L, a: (a * 1).t_(), ((2, 3),)),
        Op("transpose_", lambda L, a: (a * 2).transpose_(0, 1), ((2, 3),)),
        Op("unsqueeze_", lambda L, a: (a * 1).unsqueeze_(1), ((2, 3),)),
        Op("squeeze_", lambda L, a: (a * 1).unsqueeze(0).squeeze_(0), ((2, 3),)),
        Op("squeeze_-all", lambda L, a: (a * 1).reshape(1, 2, 1, 3).squeeze_(), ((2, 3),)),
        Op("F.softsign", lambda L, a: F(L).softsign(a), ((2, 3),)),
        Op("F.tanhshrink", lambda L, a: F(L).tanhshrink(a), ((2, 3),)),
        Op("F.hardsigmoid", lambda L, a: F(L).hardsigmoid(a * 4), ((2, 3),), gradgrad=False),
        Op("F.hardswish", lambda L, a: F(L).hardswish(a * 4), ((2, 3),)),
        Op("nn.Hardswish", lambda L, a: L.nn.Hardswish()(a * 4), ((3,),)),
        Op("nn.Softsign", lambda L, a: L.nn.Tanhshrink()(L.nn.Softsign()(a)), ((3,),)),
        # ---- wave 3: special functions, binary pointwise ----
        Op("erfc", lambda L, a: L.erfc(a), ((2, 3),), _uniform(-3.5, 3.5, (2, 3))),
        Op("erfinv.m", lambda L, a: a.erfinv(), ((2, 3),), _uniform(-0.9, 0.9, (2, 3))),
        Op("lgamma", lambda L, a: L.lgamma(a), ((2, 3),), _uniform(0.2, 4.0, (2, 3))),
        Op("lgamma-negative.m", lambda L, a: a.lgamma(), ((3,),), _uniform(-0.9, -0.1, (3,))),
        Op("digamma", lambda L, a: L.digamma(a), ((2, 3),), _uniform(0.2, 12.0, (2, 3))),
        Op("digamma-negative.m", lambda L, a: a.digamma(), ((3,),), _uniform(-1.9, -1.1, (3,))),
        Op("polygamma1.m", lambda L, a: a.polygamma(1), ((2, 3),), "pos"),
        Op("polygamma3.m", lambda L, a: a.polygamma(3), ((3,),), _uniform(0.5, 3.0, (3,))),
        Op("mvlgamma", lambda L, a: L.mvlgamma(a, 3), ((2, 3),), _uniform(1.2, 4.0, (2, 3))),
        Op("i0", lambda L, a: L.i0(a), ((2, 3),), _uniform(-4.0, 4.0, (2, 3))),
        Op("sinc.m", lambda L, a: a.sinc(), ((2, 3),)),
        Op("logaddexp2", lambda L, a, b: L.logaddexp2(a, b), ((2, 3), (3,))),
        Op("ldexp", lambda L, a, b: L.ldexp(a, b), ((2, 3), (3,))),
        Op("ldexp-int.m", lambda L, a: a.ldexp(L.tensor([1, 0, 3])), ((2, 3),)),
        Op("float_power", lambda L, a, b: L.float_power(a, b), ((2, 3), (3,)), "pos"),
        Op("float_power-number.m", lambda L, a: a.float_power(2.5), ((2, 3),), "pos"),
        Op("float_power_", lambda L, a: (a * 1).float_power_(3), ((3,),)),
        Op("erfinv_", lambda L, a: (a * 0.5).erfinv_(), ((3,),), _uniform(-0.9, 0.9, (3,))),
        Op("polygamma_", lambda L, a: (a * 1).polygamma_(2), ((3,),), "pos"),
        # ---- wave 3 scans ----
        Op("kthvalue", lambda L, a: L.kthvalue(a, 2).values, ((3, 4),)),
        Op("kthvalue-dim0-keepdim.m", lambda L, a: a.kthvalue(3, 0, True)[0], ((4, 2),)),
        Op("nanmedian", lambda L, a: L.nanmedian(a), ((3, 4),)),
        Op("nanmedian-dim.m", lambda L, a: a.nanmedian(1).values, ((3, 4),)),
        Op("cov", lambda L, a: L.cov(a), ((3, 5),)),
        Op("cov-weights.m", lambda L, a: a.cov(correction=0, fweights=L.tensor([1, 2, 1, 3]),
                                                aweights=L.tensor([0.5, 1.0, 2.0, 1.0],
                                                                  dtype=L.float64)), ((2, 4),)),
        Op("corrcoef", lambda L, a: L.corrcoef(a), ((3, 5),)),
        Op("trapezoid", lambda L, a: L.trapezoid(a), ((3, 4),)),
        Op("trapezoid-x", lambda L, a, b: L.trapezoid(a, b, dim=0), ((3, 4), (3,))),
        Op("trapz-dx", lambda L, a: L.trapz(a, dx=0.5), ((3, 4),)),
        Op("cumulative_trapezoid", lambda L, a: L.cumulative_trapezoid(a), ((3, 4),)),
        Op("cumulative_trapezoid-x", lambda L, a, b: L.cumulative_trapezoid(a, b), ((3, 4), (4,))),
    ]


_ = np  # (the helpers draw with the row's numpy generator)
