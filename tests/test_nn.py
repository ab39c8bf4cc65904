"""autograd_core.nn against torch.nn: the same calls must give the same results.

Each test builds the same thing with both libraries (one builder, ``lib`` = torch or the
core), copies torch's weights into the core's model (the random streams differ), and compares
outputs, gradients, names, reprs and error messages.
"""
import copy
import math
import re
import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="these differential tests compare against PyTorch")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")

F = ac.nn.functional
tF = torch.nn.functional


# ----------------------------------------------------------------------------- helpers

def to_np(t):
    return np.array(t.detach().cpu().numpy())


def pair(array, requires_grad=False, dtype=np.float64):
    """The same values as (core tensor, torch tensor)."""
    a = np.asarray(array, dtype=dtype)
    return (ac.tensor(a.copy(), requires_grad=requires_grad),
            torch.tensor(a.copy(), requires_grad=requires_grad))


def copy_params(dst, src):
    """Copy torch module ``src``'s parameters and buffers into core module ``dst`` (same names)."""
    d_names = [n for n, _ in dst.named_parameters()] + [n for n, _ in dst.named_buffers()]
    s_names = [n for n, _ in src.named_parameters()] + [n for n, _ in src.named_buffers()]
    assert d_names == s_names
    with ac.no_grad():
        for d, s in zip(list(dst.parameters()) + list(dst.buffers()),
                        list(src.parameters()) + list(src.buffers())):
            d.copy_(ac.tensor(to_np(s)))


def assert_close(got, expected, rtol=1e-10, atol=1e-12, what=""):
    got, expected = to_np(got), to_np(expected)
    assert got.shape == expected.shape, f"{what}: shape {got.shape} != torch's {expected.shape}"
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, err_msg=what)


def raised(fn):
    """(exception type name, message) raised by fn()."""
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


def norm_sizes(msg):
    """torch.Size([2, 3]) -> [2, 3], so messages with shapes compare across libraries."""
    return re.sub(r"torch\.Size\(\[([^\]]*)\]\)", r"[\1]", msg)


def make_net(lib):
    """Tanh/ReLU MLP with a buffer, a non-persistent buffer and a plain tensor attribute."""
    f64 = lib.float64

    class Net(lib.nn.Module):
        def __init__(self):
            super().__init__()
            self.body = lib.nn.Sequential(lib.nn.Linear(4, 8, dtype=f64), lib.nn.Tanh(),
                                          lib.nn.Linear(8, 8, dtype=f64), lib.nn.ReLU())
            self.head = lib.nn.Linear(8, 3, dtype=f64)
            self.scale = lib.ones(1, dtype=f64)  # plain attribute: not a parameter
            self.register_buffer("offset", lib.zeros(3, dtype=f64))
            self.register_buffer("cache", lib.zeros(2, dtype=f64), persistent=False)

        def forward(self, x):
            return self.head(self.body(x)) * self.scale + self.offset

    return Net()


@pytest.fixture
def nets():
    torch.manual_seed(0)
    t_net = make_net(torch)
    with torch.no_grad():
        t_net.offset.copy_(torch.randn(3, dtype=torch.float64))
    a_net = make_net(ac)
    copy_params(a_net, t_net)
    return a_net, t_net


# ----------------------------------------------------------------------------- Parameter

def test_parameter_is_a_leaf_tensor_with_torch_repr():
    p = ac.nn.Parameter(ac.tensor([1.0, 2.0]))
    assert isinstance(p, ac.Tensor) and isinstance(p, ac.nn.Parameter)
    assert p.requires_grad and p.is_leaf and p.grad_fn is None
    assert repr(p).startswith("Parameter containing:\n")
    assert repr(p)[len("Parameter containing:\n"):] == repr(p.detach().requires_grad_(True))
    assert not ac.nn.Parameter(ac.tensor([1.0]), requires_grad=False).requires_grad
    with ac.no_grad():  # no_grad does not change Parameter's default (like torch)
        assert ac.nn.Parameter(ac.tensor([1.0])).requires_grad
    assert type(p * 2) is ac.Tensor, "ops on a Parameter return plain Tensors"


def test_parameter_shares_storage_with_its_data():
    data = ac.tensor([1.0, 2.0])
    p = ac.nn.Parameter(data)
    with ac.no_grad():
        p.add_(1.0)
    assert data.tolist() == [2.0, 3.0]


# ----------------------------------------------------------------------------- names, order, repr

def test_named_parameters_buffers_modules_match_torch(nets):
    a, t = nets
    for method in ("named_parameters", "named_buffers", "named_children", "named_modules"):
        a_names = [n for n, _ in getattr(a, method)()]
        t_names = [n for n, _ in getattr(t, method)()]
        assert a_names == t_names, method
    assert [tuple(p.shape) for p in a.parameters()] == [tuple(p.shape) for p in t.parameters()]
    assert [type(m).__name__ for m in a.modules()] == [type(m).__name__ for m in t.modules()]
    assert [type(m).__name__ for m in a.children()] == [type(m).__name__ for m in t.children()]
    assert [n for n, _ in a.named_parameters(recurse=False)] == []
    assert [n for n, _ in a.named_parameters(prefix="net")][0] == "net.body.0.weight"


def test_plain_tensor_attribute_is_not_a_parameter(nets):
    a, _ = nets
    assert "scale" not in dict(a.named_parameters())
    assert "scale" not in a.state_dict()
    assert all(p is not a.scale for p in a.parameters())
    assert isinstance(a.scale, ac.Tensor)


def test_reprs_match_torch(nets):
    a, t = nets
    assert repr(a) == repr(t)
    assert repr(ac.nn.Linear(3, 2)) == "Linear(in_features=3, out_features=2, bias=True)"
    assert repr(ac.nn.Linear(3, 2, bias=False)) == repr(torch.nn.Linear(3, 2, bias=False))
    assert repr(ac.nn.ReLU(inplace=True)) == repr(torch.nn.ReLU(inplace=True)) == "ReLU(inplace=True)"
    for name in ("ReLU", "Tanh", "Sigmoid", "MSELoss", "CrossEntropyLoss"):
        assert repr(getattr(ac.nn, name)()) == repr(getattr(torch.nn, name)())
    nested = ac.nn.Sequential(ac.nn.Sequential(ac.nn.Linear(1, 2)), ac.nn.ReLU())
    t_nested = torch.nn.Sequential(torch.nn.Sequential(torch.nn.Linear(1, 2)), torch.nn.ReLU())
    assert repr(nested) == repr(t_nested)
    assert repr(ac.nn.Sequential()) == repr(torch.nn.Sequential()) == "Sequential()"


def test_shared_layer_appears_once():
    for lib in (ac, torch):
        shared = lib.nn.Linear(2, 2)
        seq = lib.nn.Sequential(shared, lib.nn.ReLU(), shared)
        names = [n for n, _ in seq.named_parameters()]
        assert names == ["0.weight", "0.bias"], lib.__name__
        assert len(list(seq.parameters())) == 2
        assert len(list(seq.named_parameters(remove_duplicate=False))) == 4
        assert [n for n, _ in seq.named_modules()] == ["", "0", "1"]
        # state_dict keeps both names (torch does too): they alias the same tensor.
        assert list(seq.state_dict()) == ["0.weight", "0.bias", "2.weight", "2.bias"]


# ----------------------------------------------------------------------------- forward / backward

@pytest.mark.parametrize("dtype,rtol", [(np.float64, 1e-12), (np.float32, 1e-5)])
def test_forward_and_gradients_match_torch(dtype, rtol):
    torch.manual_seed(1)
    t_dtype = torch.float64 if dtype == np.float64 else torch.float32
    a_dtype = ac.float64 if dtype == np.float64 else ac.float32
    t = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.Sigmoid(), torch.nn.Linear(7, 4),
                            torch.nn.Tanh(), torch.nn.Linear(4, 3)).to(t_dtype)
    a = ac.nn.Sequential(ac.nn.Linear(5, 7), ac.nn.Sigmoid(), ac.nn.Linear(7, 4),
                         ac.nn.Tanh(), ac.nn.Linear(4, 3)).to(a_dtype)
    copy_params(a, t)
    rng = np.random.default_rng(2)
    xa, xt = pair(rng.normal(size=(6, 5)), requires_grad=True, dtype=dtype)
    ya, yt = a(xa), t(xt)
    assert ya.dtype == a_dtype
    assert_close(ya, yt, rtol=rtol, atol=rtol, what="output")
    ga, gt = pair(rng.normal(size=(6, 3)), dtype=dtype)
    ya.backward(ga)
    yt.backward(gt)
    assert_close(xa.grad, xt.grad, rtol=rtol, atol=rtol, what="input grad")
    for (n, pa), (_, pt) in zip(a.named_parameters(), t.named_parameters()):
        assert_close(pa.grad, pt.grad, rtol=rtol, atol=rtol, what=n)


def test_module_with_buffer_and_plain_attribute_matches_torch(nets):
    a, t = nets
    xa, xt = pair(np.random.default_rng(3).normal(size=(5, 4)))
    ya, yt = a(xa), t(xt)
    assert_close(ya, yt, what="output")
    ya.sum().backward()
    yt.sum().backward()
    for (n, pa), (_, pt) in zip(a.named_parameters(), t.named_parameters()):
        assert_close(pa.grad, pt.grad, what=n)


def test_zero_grad_sets_none_by_default(nets):
    a, _ = nets
    a(ac.ones(2, 4, dtype=ac.float64)).sum().backward()
    assert all(p.grad is not None for p in a.parameters())
    a.zero_grad()
    assert all(p.grad is None for p in a.parameters())
    a(ac.ones(2, 4, dtype=ac.float64)).sum().backward()
    grads = [p.grad for p in a.parameters()]
    a.zero_grad(set_to_none=False)
    for p, g in zip(a.parameters(), grads):
        assert p.grad is g, "set_to_none=False zeroes in place"
        assert not p.grad.detach().numpy().any()


def test_train_eval_flags_recurse(nets):
    a, t = nets
    assert a.training and all(m.training for m in a.modules())
    assert a.eval() is a
    assert not any(m.training for m in a.modules())
    a.train()
    assert all(m.training for m in a.modules())
    a.body.train(False)
    assert a.training and not a.body[0].training
    assert raised(lambda: a.train("no")) == raised(lambda: t.train("no"))


def test_to_dtype_keeps_parameter_identity_and_casts_grads():
    torch.manual_seed(4)
    t = torch.nn.Linear(3, 2)
    a = ac.nn.Linear(3, 2)
    copy_params(a, t)
    a(ac.ones(1, 3)).sum().backward()
    before = list(a.parameters())
    assert a.to(ac.float64) is a
    after = list(a.parameters())
    assert all(x is y for x, y in zip(before, after)), "to() must keep the Parameter objects"
    assert all(p.dtype == ac.float64 and p.grad.dtype == ac.float64 for p in after)
    assert isinstance(a.weight, ac.nn.Parameter) and a.weight.requires_grad
    assert_close(a.weight, t.weight.double(), rtol=1e-7)
    a.float()
    assert a.weight.dtype == ac.float32
    a.to(device="cpu")
    assert a.weight.device.type == "cpu"


def test_to_integer_dtype_is_rejected_like_torch():
    kind, msg = raised(lambda: ac.nn.Linear(2, 2).to(ac.int64))
    t_kind, t_msg = raised(lambda: torch.nn.Linear(2, 2).to(torch.int64))
    assert kind == t_kind == "TypeError"
    assert msg == t_msg.replace(str(torch.int64), str(ac.int64))


def test_buffers_register_and_persist(nets):
    a, t = nets
    assert list(a.state_dict()) == list(t.state_dict())
    assert "cache" not in a.state_dict() and "offset" in a.state_dict()
    assert [n for n, _ in a.named_buffers()] == ["offset", "cache"]
    assert "offset" not in dict(a.named_parameters())
    a.offset = ac.ones(3, dtype=ac.float64)  # reassigning a buffer keeps it a buffer
    assert a.state_dict()["offset"].tolist() == [1.0, 1.0, 1.0]
    m = ac.nn.Module()
    m.register_parameter("w", ac.nn.Parameter(ac.zeros(2)))
    m.register_parameter("b", None)
    assert [n for n, _ in m.named_parameters()] == ["w"] and m.b is None


def test_registration_errors_match_torch():
    def both(action):
        a_mod, t_mod = ac.nn.Linear(2, 2), torch.nn.Linear(2, 2)
        return (norm_sizes(raised(lambda: action(a_mod, ac))[1]),
                norm_sizes(raised(lambda: action(t_mod, torch))[1]))

    cases = [
        lambda m, lib: setattr(m, "weight", lib.zeros(2, 2)),
        lambda m, lib: m.register_parameter("a.b", None),
        lambda m, lib: m.register_parameter("", None),
        lambda m, lib: m.register_parameter("in_features", None),
        lambda m, lib: m.register_parameter("w", lib.zeros(1)),
        lambda m, lib: m.register_buffer("b", 3),
        lambda m, lib: m.add_module("x", 3),
        lambda m, lib: m.nope,
        lambda m, lib: m.register_parameter("w", lib.nn.Parameter(lib.zeros(1)) * 1),
    ]
    for i, action in enumerate(cases):
        got, expected = both(action)
        assert got == expected, f"case {i}"
    class NoForward(ac.nn.Module):
        pass
    class TNoForward(torch.nn.Module):
        pass
    assert raised(NoForward())[1].replace("NoForward", "X") == \
        raised(TNoForward())[1].replace("TNoForward", "X")


def test_state_dict_values_are_detached_and_share_storage(nets):
    a, _ = nets
    sd = a.state_dict()
    assert list(sd._metadata) == ["", "body", "body.0", "body.1", "body.2", "body.3", "head"]
    w = sd["head.weight"]
    assert not w.requires_grad and not isinstance(w, ac.nn.Parameter)
    with ac.no_grad():
        w.add_(1.0)
    assert_close(a.head.weight, w, what="state_dict shares storage")
    kept = a.state_dict(keep_vars=True)
    assert kept["head.weight"] is a.head.weight


def test_load_state_dict_roundtrip_and_strict_errors(nets):
    a, t = nets
    fresh = make_net(ac)
    result = fresh.load_state_dict(a.state_dict())
    assert repr(result) == "<All keys matched successfully>"
    assert result.missing_keys == [] and result.unexpected_keys == []
    for (n, p), (_, q) in zip(fresh.named_parameters(), a.named_parameters()):
        assert_close(p, q, what=n)
        assert p is not q

    def broken(sd):
        sd = dict(sd)
        del sd["head.bias"]
        sd["head.extra"] = sd["offset"]
        sd["ghost.weight"] = sd["offset"]
        return sd

    msg = raised(lambda: make_net(ac).load_state_dict(broken(a.state_dict())))
    t_msg = raised(lambda: make_net(torch).load_state_dict(broken(t.state_dict())))
    assert msg == t_msg
    assert 'Missing key(s) in state_dict: "head.bias".' in msg[1]
    loose = make_net(ac).load_state_dict(broken(a.state_dict()), strict=False)
    t_loose = make_net(torch).load_state_dict(broken(t.state_dict()), strict=False)
    assert loose.missing_keys == t_loose.missing_keys == ["head.bias"]
    assert loose.unexpected_keys == t_loose.unexpected_keys
    assert sorted(loose.unexpected_keys) == ["ghost.weight", "head.extra"]


def test_load_state_dict_size_mismatch_message_matches_torch():
    sd = {"weight": ac.zeros(3, 2), "bias": ac.zeros(2)}
    t_sd = {"weight": torch.zeros(3, 2), "bias": torch.zeros(2)}
    kind, msg = raised(lambda: ac.nn.Linear(3, 2).load_state_dict(sd, strict=False))
    t_kind, t_msg = raised(lambda: torch.nn.Linear(3, 2).load_state_dict(t_sd, strict=False))
    assert kind == t_kind == "RuntimeError"
    assert norm_sizes(msg) == norm_sizes(t_msg)


def test_load_state_dict_assign_replaces_tensors():
    src = ac.nn.Linear(2, 2)
    dst = ac.nn.Linear(2, 2)
    dst.load_state_dict(src.state_dict(), assign=True)
    assert isinstance(dst.weight, ac.nn.Parameter) and dst.weight.requires_grad
    assert_close(dst.weight, src.weight)


def test_deepcopy_gives_independent_equal_parameters(nets):
    a, _ = nets
    b = copy.deepcopy(a)
    for (n, p), (_, q) in zip(a.named_parameters(), b.named_parameters()):
        assert p is not q and isinstance(q, ac.nn.Parameter)
        assert_close(p, q, what=n)
    with ac.no_grad():
        b.head.bias.add_(1.0)
    assert not np.allclose(to_np(a.head.bias), to_np(b.head.bias))


def test_sequential_container_behaviour():
    layers = [ac.nn.Linear(2, 3), ac.nn.ReLU(), ac.nn.Linear(3, 1)]
    seq = ac.nn.Sequential(*layers)
    assert len(seq) == 3 and list(seq) == layers
    assert seq[0] is layers[0] and seq[-1] is layers[2]
    assert isinstance(seq[1:], ac.nn.Sequential) and list(seq[1:]) == layers[1:]
    assert [n for n, _ in seq[1:].named_children()] == ["1", "2"]  # torch keeps the keys
    with pytest.raises(IndexError, match="index 3 is out of range"):
        seq[3]
    seq.append(ac.nn.Sigmoid())
    assert [n for n, _ in seq.named_children()] == ["0", "1", "2", "3"]
    del seq[1]
    assert [n for n, _ in seq.named_children()] == ["0", "1", "2"]
    assert [type(m).__name__ for m in seq] == ["Linear", "Linear", "Sigmoid"]
    from collections import OrderedDict
    named = ac.nn.Sequential(OrderedDict([("fc", ac.nn.Linear(1, 1)), ("act", ac.nn.Tanh())]))
    assert [n for n, _ in named.named_parameters()] == ["fc.weight", "fc.bias"]


def test_forward_hooks():
    lin = ac.nn.Linear(2, 2)
    seen = []
    h1 = lin.register_forward_pre_hook(lambda m, args: (args[0] * 0,))
    h2 = lin.register_forward_hook(lambda m, args, out: seen.append(out.shape) or out + 1)
    out = lin(ac.ones(1, 2))
    assert_close(out, lin.bias.detach().reshape(1, 2) + 1, rtol=1e-6)
    assert [tuple(s) for s in seen] == [(1, 2)]
    h1.remove()
    h2.remove()
    assert_close(lin(ac.zeros(1, 2)), lin.bias.detach().reshape(1, 2), rtol=1e-6)


def test_requires_grad_and_apply():
    m = ac.nn.Sequential(ac.nn.Linear(2, 2), ac.nn.Linear(2, 1))
    m.requires_grad_(False)
    assert not any(p.requires_grad for p in m.parameters())
    visited = []
    m.apply(lambda mod: visited.append(type(mod).__name__))
    assert visited == ["Linear", "Linear", "Sequential"]


# ----------------------------------------------------------------------------- init

def test_calculate_gain_and_fans_match_torch():
    for nl, param in [("linear", None), ("conv2d", None), ("sigmoid", None), ("tanh", None),
                      ("relu", None), ("leaky_relu", None), ("leaky_relu", 0.2),
                      ("leaky_relu", math.sqrt(5)), ("selu", None)]:
        assert ac.nn.init.calculate_gain(nl, param) == torch.nn.init.calculate_gain(nl, param), nl
    assert raised(lambda: ac.nn.init.calculate_gain("gelu")) == \
        raised(lambda: torch.nn.init.calculate_gain("gelu"))
    for shape in [(3, 5), (4, 2, 3, 3), (7, 1)]:
        assert ac.nn.init._calculate_fan_in_and_fan_out(ac.zeros(*shape)) == \
            torch.nn.init._calculate_fan_in_and_fan_out(torch.zeros(*shape))
    assert raised(lambda: ac.nn.init._calculate_fan_in_and_fan_out(ac.zeros(3))) == \
        raised(lambda: torch.nn.init._calculate_fan_in_and_fan_out(torch.zeros(3)))


def _check_uniform(values, bound):
    values = values.ravel()
    assert values.min() >= -bound and values.max() <= bound
    # U(-b, b): std b/sqrt(3); with 60k samples the estimate is within ~1%.
    assert abs(values.std() / (bound / math.sqrt(3)) - 1) < 0.03
    assert abs(values.mean()) < 0.03 * bound
    assert values.max() > 0.99 * bound and values.min() < -0.99 * bound


@pytest.mark.parametrize("nonlinearity,a,mode", [("leaky_relu", math.sqrt(5), "fan_in"),
                                                 ("relu", 0, "fan_in"), ("tanh", 0, "fan_out")])
def test_kaiming_uniform_bounds(nonlinearity, a, mode):
    ac.manual_seed(0)
    w = ac.zeros(200, 300)
    out = ac.nn.init.kaiming_uniform_(w, a=a, mode=mode, nonlinearity=nonlinearity)
    assert out is w and w._version > 0 and w.grad_fn is None
    fan = 300 if mode == "fan_in" else 200
    bound = math.sqrt(3.0) * ac.nn.init.calculate_gain(nonlinearity, a) / math.sqrt(fan)
    _check_uniform(to_np(w), bound)


def test_normal_inits_have_torch_std():
    ac.manual_seed(1)
    w = ac.zeros(200, 300, dtype=ac.float64)
    ac.nn.init.kaiming_normal_(w, nonlinearity="relu")
    assert abs(to_np(w).std() / (math.sqrt(2) / math.sqrt(300)) - 1) < 0.03
    ac.nn.init.xavier_normal_(w, gain=2.0)
    assert abs(to_np(w).std() / (2.0 * math.sqrt(2.0 / 500)) - 1) < 0.03
    ac.nn.init.xavier_uniform_(w)
    _check_uniform(to_np(w), math.sqrt(6.0 / 500))
    ac.nn.init.normal_(w, mean=3.0, std=0.5)
    assert abs(to_np(w).mean() - 3.0) < 0.01 and abs(to_np(w).std() - 0.5) < 0.01
    ac.nn.init.constant_(w, 0.25)
    assert (to_np(w) == 0.25).all()
    ac.nn.init.zeros_(w)
    assert not to_np(w).any()
    ac.nn.init.ones_(w)
    assert (to_np(w) == 1).all()
    e = ac.zeros(2, 3)
    ac.nn.init.eye_(e)
    assert to_np(e).tolist() == [[1, 0, 0], [0, 1, 0]]


def test_init_on_parameter_records_no_graph():
    p = ac.nn.Parameter(ac.zeros(4, 5))
    ac.nn.init.uniform_(p, -1, 1)
    assert p.is_leaf and p.grad_fn is None and p.requires_grad


def test_linear_default_init_bounds():
    ac.manual_seed(2)
    fan_in = 250
    layer = ac.nn.Linear(fan_in, 240)
    bound = 1 / math.sqrt(fan_in)  # kaiming_uniform_(a=sqrt(5)) reduces to this
    _check_uniform(to_np(layer.weight), bound)
    bias = to_np(layer.bias)
    assert bias.min() >= -bound and bias.max() <= bound and bias.std() > 0.4 * bound
    ac.manual_seed(2)
    again = ac.nn.Linear(fan_in, 240)
    assert_close(again.weight, layer.weight, rtol=0, atol=0, what="manual_seed reproduces init")


# ----------------------------------------------------------------------------- functional

@pytest.mark.parametrize("name,kwargs", [("relu", {}), ("sigmoid", {}), ("tanh", {}),
                                         ("softmax", {"dim": 1}), ("softmax", {"dim": 0}),
                                         ("log_softmax", {"dim": 1}), ("log_softmax", {"dim": -1})])
def test_activations_match_torch(name, kwargs):
    rng = np.random.default_rng(5)
    x = rng.normal(size=(4, 5))
    x[0, 0] = 0.0  # relu'(0) = 0
    xa, xt = pair(x, requires_grad=True)
    ya, yt = getattr(F, name)(xa, **kwargs), getattr(tF, name)(xt, **kwargs)
    assert_close(ya, yt, what=name)
    assert type(ya.grad_fn).__name__ == type(yt.grad_fn).__name__
    ga, gt = pair(rng.normal(size=(4, 5)))
    ya.backward(ga)
    yt.backward(gt)
    assert_close(xa.grad, xt.grad, what=name + " grad")


def test_softmax_without_dim_warns_like_torch():
    xa, xt = pair(np.arange(6.0).reshape(2, 3))
    with pytest.warns(UserWarning) as rec:
        ya = F.softmax(xa)
    with pytest.warns(UserWarning) as t_rec:
        yt = tF.softmax(xt)
    assert str(rec[0].message) == str(t_rec[0].message)
    assert_close(ya, yt)


def test_relu_inplace_and_module():
    xa, xt = pair([-1.0, 0.0, 2.0])
    assert F.relu(xa, inplace=True) is xa
    assert xa.tolist() == tF.relu(xt).tolist()
    ya, yt = pair([-1.0, 3.0], requires_grad=True)
    za, zt = F.relu(ya * 1, inplace=True), tF.relu(yt * 1, inplace=True)
    assert type(za.grad_fn).__name__ == type(zt.grad_fn).__name__ == "ReluBackward0"
    za.sum().backward()
    zt.sum().backward()
    assert ya.grad.tolist() == yt.grad.tolist() == [0.0, 1.0]
    assert ac.nn.ReLU()(ac.tensor([-3.0, 3.0])).tolist() == [0.0, 3.0]


@pytest.mark.parametrize("x_shape", [(6, 4), (4,), (2, 3, 4)])
@pytest.mark.parametrize("with_bias", [True, False])
def test_linear_matches_torch(x_shape, with_bias):
    rng = np.random.default_rng(6)
    xa, xt = pair(rng.normal(size=x_shape), requires_grad=True)
    wa, wt = pair(rng.normal(size=(3, 4)), requires_grad=True)
    ba, bt = pair(rng.normal(size=3), requires_grad=True) if with_bias else (None, None)
    ya, yt = F.linear(xa, wa, ba), tF.linear(xt, wt, bt)
    assert_close(ya, yt)
    ga, gt = pair(rng.normal(size=tuple(yt.shape)))
    ya.backward(ga)
    yt.backward(gt)
    assert_close(xa.grad, xt.grad, what="input")
    assert_close(wa.grad, wt.grad, what="weight")
    if with_bias:
        assert_close(ba.grad, bt.grad, what="bias")


@pytest.mark.parametrize("with_bias,expected", [(True, "AddmmBackward0"), (False, "MmBackward0")])
def test_linear_node_names_match_torch(with_bias, expected):
    xa, xt = pair(np.ones((2, 3)))
    wa, wt = pair(np.ones((4, 3)), requires_grad=True)
    ba, bt = pair(np.ones(4), requires_grad=True) if with_bias else (None, None)
    ya, yt = F.linear(xa, wa, ba), tF.linear(xt, wt, bt)
    assert type(yt.grad_fn).__name__ == expected
    assert type(ya.grad_fn).__name__ == expected

    def names(fn):
        return [None if f is None else type(f).__name__ for f, _ in fn.next_functions]

    assert names(ya.grad_fn) == names(yt.grad_fn)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("weighted", [False, True])
def test_mse_loss_matches_torch(reduction, weighted):
    rng = np.random.default_rng(7)
    xa, xt = pair(rng.normal(size=(3, 4)), requires_grad=True)
    ya, yt = pair(rng.normal(size=(3, 4)))
    wa, wt = pair(rng.uniform(size=(3, 4))) if weighted else (None, None)
    la = F.mse_loss(xa, ya, reduction=reduction, weight=wa)
    lt = tF.mse_loss(xt, yt, reduction=reduction, weight=wt)
    assert_close(la, lt)
    if not weighted:
        assert type(la.grad_fn).__name__ == type(lt.grad_fn).__name__ == "MseLossBackward0"
    la.sum().backward()
    lt.sum().backward()
    assert_close(xa.grad, xt.grad)
    module = ac.nn.MSELoss(reduction=reduction)
    assert_close(module(xa, ya), tF.mse_loss(xt, yt, reduction=reduction))


def test_mse_loss_warnings_and_errors_match_torch():
    xa, xt = pair(np.zeros((3, 4)))
    sa, st = pair(np.ones(4))
    with pytest.warns(UserWarning) as rec:
        la = F.mse_loss(xa, sa)
    with pytest.warns(UserWarning) as t_rec:
        lt = tF.mse_loss(xt, st)
    assert len(rec) == len(t_rec) == 1
    assert norm_sizes(str(rec[0].message)) == norm_sizes(str(t_rec[0].message))
    assert_close(la, lt)
    assert raised(lambda: F.mse_loss(xa, xa, reduction="avg")) == \
        raised(lambda: tF.mse_loss(xt, xt, reduction="avg"))
    assert raised(lambda: F.mse_loss(xa, xa, weight=sa)) == \
        raised(lambda: tF.mse_loss(xt, xt, weight=st))
    with pytest.warns(UserWarning, match="size_average and reduce args will be deprecated"):
        assert_close(F.mse_loss(xa, xa + 1, size_average=False), tF.mse_loss(xt, xt + 1, reduction="sum"))


CE_CASES = {
    "mean": {},
    "sum": {"reduction": "sum"},
    "none": {"reduction": "none"},
    "weight": {"weight": [0.2, 1.0, 3.0, 0.5]},
    "ignore": {"ignore_index": 2},
    "weight+ignore+none": {"weight": [0.2, 1.0, 3.0, 0.5], "ignore_index": 1, "reduction": "none"},
    "smoothing": {"label_smoothing": 0.2},
    "smoothing+weight+ignore": {"label_smoothing": 0.1, "weight": [0.2, 1.0, 3.0, 0.5],
                                "ignore_index": 0},
    "smoothing+sum": {"label_smoothing": 0.3, "reduction": "sum"},
    "smoothing+none+ignore": {"label_smoothing": 0.3, "reduction": "none", "ignore_index": 3},
}


def _ce_pair(kwargs):
    kw_a, kw_t = dict(kwargs), dict(kwargs)
    if "weight" in kwargs:
        kw_a["weight"], kw_t["weight"] = pair(kwargs["weight"])
    return kw_a, kw_t


@pytest.mark.parametrize("case", list(CE_CASES))
def test_cross_entropy_class_indices_match_torch(case):
    rng = np.random.default_rng(8)
    xa, xt = pair(rng.normal(size=(6, 4)), requires_grad=True)
    target = np.array([0, 1, 2, 3, 2, 1])
    ta, tt = ac.tensor(target), torch.tensor(target)
    kw_a, kw_t = _ce_pair(CE_CASES[case])
    la, lt = F.cross_entropy(xa, ta, **kw_a), tF.cross_entropy(xt, tt, **kw_t)
    assert_close(la, lt, what=case)
    ga, gt = pair(rng.normal(size=tuple(lt.shape)))
    la.backward(ga)
    lt.backward(gt)
    assert_close(xa.grad, xt.grad, what=case + " grad")
    module = ac.nn.CrossEntropyLoss(**kw_a)
    assert_close(module(xa, ta), lt, what=case + " module")


@pytest.mark.parametrize("kwargs", [{}, {"reduction": "sum"}, {"reduction": "none"},
                                    {"label_smoothing": 0.25}, {"weight": [1.0, 2.0, 0.5]}])
def test_cross_entropy_probability_targets_match_torch(kwargs):
    rng = np.random.default_rng(9)
    xa, xt = pair(rng.normal(size=(5, 3)), requires_grad=True)
    p = rng.uniform(size=(5, 3))
    pa, pt = pair(p / p.sum(1, keepdims=True))
    kw_a, kw_t = _ce_pair(kwargs)
    la, lt = F.cross_entropy(xa, pa, **kw_a), tF.cross_entropy(xt, pt, **kw_t)
    assert_close(la, lt)
    la.sum().backward()
    lt.sum().backward()
    assert_close(xa.grad, xt.grad)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy_unbatched_and_k_dim_match_torch(reduction):
    rng = np.random.default_rng(10)
    for x_shape, t_vals in [((4,), np.array(2)), ((2, 3, 4, 5), rng.integers(0, 3, (2, 4, 5))),
                            ((2, 3, 4), rng.integers(0, 3, (2, 4)))]:
        xa, xt = pair(rng.normal(size=x_shape), requires_grad=True)
        ta, tt = ac.tensor(t_vals), torch.tensor(t_vals)
        la = F.cross_entropy(xa, ta, reduction=reduction)
        lt = tF.cross_entropy(xt, tt, reduction=reduction)
        assert_close(la, lt, what=str(x_shape))
        la.sum().backward()
        lt.sum().backward()
        assert_close(xa.grad, xt.grad, what=str(x_shape) + " grad")


def test_cross_entropy_graph_is_nll_over_log_softmax():
    xa, _ = pair(np.zeros((2, 3)), requires_grad=True)
    loss = F.cross_entropy(xa, ac.tensor([0, 2]))
    assert type(loss.grad_fn).__name__ == "NllLossBackward0"
    assert type(loss.grad_fn.next_functions[0][0]).__name__ == "LogSoftmaxBackward0"


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_nll_loss_matches_torch(reduction):
    rng = np.random.default_rng(11)
    xa, xt = pair(rng.normal(size=(5, 3)), requires_grad=True)
    target = np.array([0, 2, 1, 1, 0])
    wa, wt = pair([0.5, 2.0, 1.0])
    la = F.nll_loss(xa, ac.tensor(target), weight=wa, reduction=reduction, ignore_index=1)
    lt = tF.nll_loss(xt, torch.tensor(target), weight=wt, reduction=reduction, ignore_index=1)
    assert_close(la, lt)
    la.sum().backward()
    lt.sum().backward()
    assert_close(xa.grad, xt.grad)


def test_all_targets_ignored_gives_nan_like_torch():
    xa, xt = pair(np.zeros((2, 3)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # torch is silent; a warning would reach a notebook's stderr
        la = F.cross_entropy(xa, ac.tensor([-100, -100]))
        lt = tF.cross_entropy(xt, torch.tensor([-100, -100]))
    assert math.isnan(la.item()) and math.isnan(lt.item())


LOSS_ERROR_CASES = [  # (function name, input shape, target values, target dtype, kwargs)
    ("cross_entropy", (3, 4), [0, 1], np.int64, {}),
    ("nll_loss", (3, 4), [0, 1, 5], np.int64, {}),
    ("nll_loss", (3, 4), [0, -1, 2], np.int64, {}),
    ("nll_loss", (3, 4), [0.0, 1.0, 2.0], np.float32, {}),
    ("nll_loss", (3, 4), [[0, 1], [1, 1], [2, 0]], np.int64, {}),
    ("cross_entropy", (3, 4), np.full((3, 5), 0.2), np.float32, {}),
    ("nll_loss", (3,), [1, 2], np.int64, {}),
    ("nll_loss", (2, 3, 4), np.zeros((2, 5)), np.int64, {}),
    ("cross_entropy", (3, 4), [0, 1, 2], np.int64, {"weight": [1.0, 1.0, 1.0]}),
    ("nll_loss", (2, 3, 4), np.zeros((2, 4)), np.int64, {"weight": [1.0, 1.0]}),
    ("cross_entropy", (3, 4), [0, 1, 2], np.int64, {"reduction": "avg"}),
    ("cross_entropy", (3, 4), [0, 1, 2], np.int64, {"label_smoothing": 1.5}),
]


@pytest.mark.parametrize("case", range(len(LOSS_ERROR_CASES)))
def test_loss_errors_match_torch(case):
    name, shape, target, t_dtype, kwargs = LOSS_ERROR_CASES[case]
    xa, xt = pair(np.zeros(shape))
    ta, tt = pair(target, dtype=t_dtype)
    kw_a, kw_t = _ce_pair(kwargs)
    assert raised(lambda: getattr(F, name)(xa, ta, **kw_a)) == \
        raised(lambda: getattr(tF, name)(xt, tt, **kw_t))


def test_losses_support_double_backward():
    rng = np.random.default_rng(12)
    xa, xt = pair(rng.normal(size=(4, 3)), requires_grad=True)
    target = np.array([2, 0, 1, 1])
    ya, yt = pair(rng.normal(size=(4, 3)))
    for ours, theirs in [
        (lambda x: F.cross_entropy(x, ac.tensor(target), label_smoothing=0.1),
         lambda x: tF.cross_entropy(x, torch.tensor(target), label_smoothing=0.1)),
        (lambda x: F.mse_loss(x, ya), lambda x: tF.mse_loss(x, yt)),
        (lambda x: F.mse_loss(F.tanh(x), ya, reduction="sum"),
         lambda x: tF.mse_loss(tF.tanh(x), yt, reduction="sum")),
    ]:
        (ga,) = ac.autograd.grad(ours(xa), xa, create_graph=True)
        (gt,) = torch.autograd.grad(theirs(xt), xt, create_graph=True)
        assert_close(ga, gt)
        (hga,) = ac.autograd.grad((ga ** 2).sum(), xa)
        (hgt,) = torch.autograd.grad((gt ** 2).sum(), xt)
        assert_close(hga, hgt, what="gradient of the gradient")


def test_losses_pass_gradgradcheck():
    ac.manual_seed(13)
    x = ac.randn(3, 4, dtype=ac.float64, requires_grad=True)
    y = ac.randn(3, 4, dtype=ac.float64)
    t = ac.tensor([3, 0, 1])
    for fn in (lambda x: F.cross_entropy(x, t), lambda x: F.mse_loss(x, y),
               lambda x: F.linear(x, x[:2] * 2, x[0, :2])):
        assert ac.autograd.gradcheck(fn, (x,))
        assert ac.autograd.gradgradcheck(fn, (x,))


# ----------------------------------------------------------------------------- clipping

@pytest.mark.parametrize("norm_type", [2.0, 1.0, 3.0, math.inf, "inf"])
@pytest.mark.parametrize("max_norm", [0.5, 1e3])
def test_clip_grad_norm_matches_torch(norm_type, max_norm):
    rng = np.random.default_rng(14)
    shapes = [(3, 4), (4,), (2, 2)]
    grads = [rng.normal(size=s) for s in shapes]
    a_params = [ac.zeros(*s, dtype=ac.float64, requires_grad=True) for s in shapes]
    t_params = [torch.zeros(*s, dtype=torch.float64, requires_grad=True) for s in shapes]
    for pa, pt, g in zip(a_params, t_params, grads):
        pa.grad, pt.grad = ac.tensor(g.copy()), torch.tensor(g.copy())
    grad_objects = [p.grad for p in a_params]
    versions = [p.grad._version for p in a_params]
    total = ac.nn.utils.clip_grad_norm_(a_params, max_norm, norm_type=norm_type)
    t_total = torch.nn.utils.clip_grad_norm_(t_params, max_norm, norm_type=norm_type)
    assert isinstance(total, ac.Tensor) and total.ndim == 0 and not total.requires_grad
    assert_close(total, t_total)
    for pa, pt, g_obj, v in zip(a_params, t_params, grad_objects, versions):
        assert pa.grad is g_obj, "clipping is in place"
        assert pa.grad._version == v + 1 == pt.grad._version
        assert_close(pa.grad, pt.grad)


def test_clip_grad_norm_edge_cases_match_torch():
    empty = ac.nn.utils.clip_grad_norm_([ac.zeros(2, requires_grad=True)], 1.0)
    t_empty = torch.nn.utils.clip_grad_norm_([torch.zeros(2, requires_grad=True)], 1.0)
    assert empty.item() == t_empty.item() == 0.0
    pa = ac.zeros(2, requires_grad=True)
    pa.grad = ac.tensor([float("nan"), 1.0])
    pt = torch.zeros(2, requires_grad=True)
    pt.grad = torch.tensor([float("nan"), 1.0])
    assert raised(lambda: ac.nn.utils.clip_grad_norm_(pa, 1.0, error_if_nonfinite=True)) == \
        raised(lambda: torch.nn.utils.clip_grad_norm_(pt, 1.0, error_if_nonfinite=True))
    single = ac.zeros(2, requires_grad=True)
    single.grad = ac.tensor([3.0, 4.0])
    assert ac.nn.utils.clip_grad_norm_(single, 1.0).item() == pytest.approx(5.0)
    assert_close(single.grad, torch.tensor([3.0, 4.0]) / (5.0 + 1e-6), rtol=1e-6)


def test_clip_grad_value_matches_torch():
    g = np.array([-3.0, -0.5, 0.25, 4.0], dtype=np.float32)
    pa, pt = ac.zeros(4, requires_grad=True), torch.zeros(4, requires_grad=True)
    pa.grad, pt.grad = ac.tensor(g.copy()), torch.tensor(g.copy())
    assert ac.nn.utils.clip_grad_value_([pa], 1.0) is None
    torch.nn.utils.clip_grad_value_([pt], 1.0)
    assert pa.grad.tolist() == pt.grad.tolist() == [-1.0, -0.5, 0.25, 1.0]


@pytest.mark.parametrize("lib", [ac, torch], ids=["engine", "torch"])
def test_containers_register_their_children(lib):
    layers = lib.nn.ModuleList([lib.nn.Linear(3, 2), lib.nn.Linear(2, 1)])
    layers.append(lib.nn.ReLU())
    heads = lib.nn.ModuleDict({"a": lib.nn.Linear(1, 1)})
    extra = lib.nn.ParameterList([lib.nn.Parameter(lib.ones(2))])

    class Net(lib.nn.Module):
        def __init__(self):
            super().__init__()
            self.layers, self.heads, self.extra = layers, heads, extra

    names = [n for n, _ in Net().named_parameters()]
    assert names == ["layers.0.weight", "layers.0.bias", "layers.1.weight", "layers.1.bias",
                     "heads.a.weight", "heads.a.bias", "extra.0"]
    assert len(layers) == 3 and isinstance(layers[-1], lib.nn.ReLU) and len(layers[:2]) == 2
    assert "a" in heads and list(heads.keys()) == ["a"]
