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
    ]


def grad2_ids():
    return set("""
        tan atan.m asin acosh.m erf erf.m rsqrt log2.m exp2 sinh.m atan2 atan2.m lerp lerp-tensor
        lerp-tensor.m prod prod.m prod-all.m prod-zeros prod-all-zeros cumsum cumprod cumprod.m
        cumprod-zeros.m sort sort-desc.m topk topk-smallest.m
    """.split())
