"""What the README and the tour claim is executed here, so the docs cannot silently go wrong."""
import contextlib
import io
import pathlib
import re

import numpy as np

import autograd_core as torch
from autograd_core import _pointwise, _vjps
from autograd_core.autograd import gradcheck

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_readme_example_prints_what_its_comments_say():
    text = (ROOT / "README.md").read_text()
    code = re.search(r"```python\n(import autograd_core as torch.*?)```", text, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    expected = [c.strip() for c in re.findall(r"print\(.*?\)\s+#\s*(.*)", code)]
    assert out.getvalue().splitlines() == expected


def test_tour_recipe_for_a_new_op_gives_a_gradchecked_op(monkeypatch):
    # Steps 1 and 2 of "How to add an op" in docs/tour.md, for logit.
    tour = (ROOT / "docs" / "tour.md").read_text()
    assert 'logit = _unary("logit", "LogitBackward0", lambda xp, a: xp.log(a / (1 - a)))' in tour
    assert 'defvjp("logit", lambda g, x: (g / (x * (1 - x)),))' in tour
    logit = _pointwise._unary("logit", "LogitBackward0", lambda xp, a: xp.log(a / (1 - a)))
    monkeypatch.setattr(_vjps, "VJP", dict(_vjps.VJP))        # both tables restored after the test
    monkeypatch.setattr(_vjps, "RULES", _vjps.RULES)
    monkeypatch.setitem(_vjps.RULES, "logit", None)
    _vjps.defvjp("logit", lambda g, x: (g / (x * (1 - x)),))
    x = torch.tensor(np.linspace(0.2, 0.8, 5), dtype=torch.float64, requires_grad=True)
    assert type(logit(x).grad_fn).__name__ == "LogitBackward0"
    assert gradcheck(logit, (x,))
    assert torch.autograd.gradgradcheck(logit, (x,))


def test_tour_claims_about_saved_tensors():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.add_(1)                      # mul saved only the 2: fine
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    z = x.exp()
    z.add_(1)                      # exp saved z itself
    try:
        z.sum().backward()
    except RuntimeError as e:
        assert "is at version 1; expected version 0 instead" in str(e)
    else:
        raise AssertionError("backward through a modified saved tensor must raise")
