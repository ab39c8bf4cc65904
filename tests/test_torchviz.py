"""torchviz.make_dot draws autograd_core graphs (it needs torch.autograd.Variable, is_tensor and
Tensor._is_view): the DOT source equals torch's drawing of the same model, up to node ids."""
import re

import pytest

torch = pytest.importorskip("torch", reason="the drawing is compared with torch's")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")
tvd = pytest.importorskip("torchviz.dot", reason="torchviz is not installed")
pytestmark = pytest.mark.filterwarnings("ignore:distutils Version classes:DeprecationWarning")


def normalized(dot):
    """Node ids (Python ids) renumbered in order of appearance."""
    ids = {}
    return re.sub(r"\b\d{6,}\b", lambda m: "n%d" % ids.setdefault(m.group(), len(ids)),
                  dot.source)


def draw(lib, monkeypatch, output):
    if lib is ac:  # torchviz imported the real torch: point its module globals at ours
        monkeypatch.setattr(tvd, "torch", ac)
        monkeypatch.setattr(tvd, "Variable", ac.autograd.Variable)
    else:
        monkeypatch.setattr(tvd, "torch", torch)
        monkeypatch.setattr(tvd, "Variable", torch.autograd.Variable)
    lib.manual_seed(0)
    model = lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.Tanh(), lib.nn.Linear(4, 2))
    y = output(lib, model(lib.randn(5, 3)))
    return tvd.make_dot(y, params=dict(model.named_parameters()))


OUTPUTS = {
    "sum": lambda lib, y: y.sum(),
    "mse": lambda lib, y: lib.nn.functional.mse_loss(y, lib.zeros(5, 2)),
    "view": lambda lib, y: y.view(10),
    "two_outputs": lambda lib, y: (y.relu().mean(), y.exp().sum()),
}


@pytest.mark.parametrize("name", list(OUTPUTS))
def test_make_dot_of_an_mlp_matches_torchs_drawing(name, monkeypatch):
    dot_a = draw(ac, monkeypatch, OUTPUTS[name])
    dot_t = draw(torch, monkeypatch, OUTPUTS[name])
    src = dot_a.source
    assert "AddmmBackward0" in src and "TanhBackward0" in src and "AccumulateGrad" in src
    assert "0.weight\n (4, 3)" in src and "2.bias\n (2)" in src
    assert normalized(dot_a) == normalized(dot_t)


def test_variable_is_what_torchviz_checks(monkeypatch):
    p = ac.nn.Parameter(ac.ones(2))
    assert isinstance(p, ac.autograd.Variable) and isinstance(ac.ones(1), ac.autograd.Variable)
    assert not isinstance(p.detach().numpy(), ac.autograd.Variable)
    monkeypatch.setattr(tvd, "torch", ac)
    monkeypatch.setattr(tvd, "Variable", ac.autograd.Variable)
    with pytest.raises(AssertionError):  # torchviz asserts params are Variables
        tvd.make_dot(p.sum(), params={"p": [1.0]})


def test_variable_constructor_matches_torch():
    for lib in (torch, ac):
        t = lib.ones(2, requires_grad=True)
        y = t * 2
        v = lib.autograd.Variable(y)
        assert type(v) is lib.Tensor and v.is_leaf and not v.requires_grad and v.grad_fn is None
        w = lib.autograd.Variable(y, requires_grad=True)
        assert w.requires_grad and w.is_leaf
        (w * 3).sum().backward()
        assert w.grad.tolist() == [3.0, 3.0] and t.grad is None
        assert tuple(lib.autograd.Variable().shape) == (0,)
        with pytest.raises(TypeError, match="Variable data has to be a tensor, but got int"):
            lib.autograd.Variable(3)
        with pytest.raises(RuntimeError, match="Only Tensors of floating point and complex"):
            lib.autograd.Variable(lib.ones(2, dtype=lib.int64), requires_grad=True)
