"""The code of the four seed tutorials (/work/shared/seeds, see tests/seed_programs) runs unchanged
on autograd_core: each program in tests/seed_programs runs in a subprocess with real torch and with
autograd_core standing in for ``torch`` (tests/seed_programs/_runner.py), and the two printouts
agree line by line: the same text, and the same numbers to a float tolerance (tests/programs.py,
shared with the notebooks' claims: relative 1e-4 here, the seeds print rounded values).

Blocks of the seeds without a program are listed in SKIPPED, each with its reason. Seed 000's
DDP block (s000_09_ddp.py) runs here as a group of one; tests/distributed runs it in two processes.
"""

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from programs import differing_lines, same_line

torch = pytest.importorskip("torch", reason="torch is the oracle the programs are compared with")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")

HERE = Path(__file__).parent / "seed_programs"
RUNNER = HERE / "_runner.py"
PROGRAMS = sorted(p.name for p in HERE.glob("s[0-9][0-9][0-9]_*.py"))

SKIPPED = {
    "000 block 2 (section 2.2, def backward(root_tensor))": "pseudo-code: topological_sort and "
    "node.backward are not functions of any library, the text says so ('伪代码')",
}

# Programs whose output depends on whether CUDA answers (torch.cuda.amp disables itself without it,
# torch.cuda.is_available() is printed): comparable only where both libraries see the same.
CUDA_DEPENDENT = {"s000_10_amp.py", "s002_11_tips.py"}

@pytest.fixture(scope="module")
def printouts(tmp_path_factory):
    """Every program's output with each library: one batch per library (the runner imports it
    once and runs each program in a forked child, in a fresh working folder)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
    outs = {}
    for lib in ("torch", "autograd_core"):
        out = tmp_path_factory.mktemp(lib)
        subprocess.run(
            [sys.executable, str(RUNNER), "--out", str(out), lib] + [str(HERE / p) for p in PROGRAMS],
            cwd=out, env=env, check=True, timeout=900,
        )
        outs[lib] = out
    return outs


def run(printouts, lib, program):
    out = printouts[lib] / program
    rc = (out.parent / (program + ".rc")).read_text()
    err = (out.parent / (program + ".err")).read_text()
    assert rc == "0", f"{program} failed with {lib} (exit {rc}):\n{err[-3000:]}"
    return (out.parent / (program + ".out")).read_text().splitlines()


def test_every_seed_has_programs():
    seeds = {name[1:4] for name in PROGRAMS}
    assert seeds == {"000", "002", "003", "004"}, seeds
    assert len(PROGRAMS) >= 30


@pytest.mark.parametrize("program", PROGRAMS)
def test_program_prints_what_torch_prints(program, printouts):
    if program in CUDA_DEPENDENT and ac.cuda.is_available() != torch.cuda.is_available():
        pytest.skip("torch and autograd_core disagree on whether CUDA is available here")
    expected = run(printouts, "torch", program)
    got = run(printouts, "autograd_core", program)
    assert expected, f"{program} prints nothing: nothing to compare"
    assert len(got) == len(expected), "\n".join(["torch:"] + expected + ["autograd_core:"] + got)
    diff = differing_lines(expected, got)
    assert not diff, f"{program} " + "\n".join(diff)


@pytest.mark.parametrize("block", sorted(SKIPPED))
def test_skipped_block(block):
    pytest.skip(f"seed {block}: {SKIPPED[block]}")


def test_line_comparison_catches_a_wrong_number_and_wrong_text():
    assert same_line("tensor([5., 5.]) at 0x7f00", "tensor([5.0000001, 5.]) at 0x7e11")
    assert not same_line("tensor([5., 5.])", "tensor([4., 5.])")
    assert not same_line("<MulBackward0 object at 0x7f>", "<MulBackward1 object at 0x7f>")
    assert not same_line("RuntimeError a leaf", "ValueError a leaf")
    assert not same_line("tensor([2.])", "tensor([2., 2.])")


# The fix made for seed 000 block 7: the reentrant checkpoint refuses passes given `inputs`.


def _reentrant_checkpoint(lib):
    x = lib.tensor([0.5, 2.0], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y = lib.utils.checkpoint.checkpoint(lambda t: (t * t).sum(), x, use_reentrant=True)
    return x, y


def _outcome(lib, call):
    x, y = _reentrant_checkpoint(lib)
    try:
        return "ok", call(lib, x, y)
    except RuntimeError as e:
        return "RuntimeError", str(e)


@pytest.mark.parametrize(
    "name, call",
    [
        ("grad", lambda lib, x, y: lib.autograd.grad(y, x)),
        ("backward_inputs", lambda lib, x, y: y.backward(inputs=[x])),
        ("backward", lambda lib, x, y: (y.backward(), x.grad.tolist())[1]),
        ("autograd_backward_inputs", lambda lib, x, y: lib.autograd.backward(y, inputs=(x,))),
    ],
)
def test_reentrant_checkpoint_under_grad_or_inputs_raises_as_torch(name, call):
    expected, got = _outcome(torch, call), _outcome(ac, call)
    assert got[0] == expected[0], (name, expected, got)
    if expected[0] == "RuntimeError":
        assert got[1] == expected[1]
    else:
        assert got[1] == expected[1] or got[1] is None and expected[1] is None


def test_reentrant_checkpoint_still_works_after_a_refused_pass():
    """The bookkeeping of passes is unwound when the refusal propagates out of the engine."""
    for lib in (torch, ac):
        x, y = _reentrant_checkpoint(lib)
        with pytest.raises(RuntimeError, match="use_reentrant=True"):
            lib.autograd.grad(y, x)
        x, y = _reentrant_checkpoint(lib)
        y.backward()
        assert x.grad.tolist() == [1.0, 4.0]
    assert ac.autograd.backprop._is_checkpoint_valid()
    assert not ac.autograd.backprop._passes_with_inputs


def _nested(lib, with_inputs):
    """A reentrant checkpoint's backward run by a plain backward called from a hook of an outer
    pass, which was given inputs (autograd.grad) or not (backward)."""
    a = lib.tensor(1.5, requires_grad=True)
    x, y = _reentrant_checkpoint(lib)

    def hook(g):
        y.backward()
        return g

    b = a * 2
    b.register_hook(hook)
    try:
        if with_inputs:
            (ga,) = lib.autograd.grad(b * 3, a)
        else:
            (b * 3).backward()
            ga = a.grad
    except RuntimeError as e:
        return "RuntimeError", str(e)
    return ga.item(), x.grad.tolist()


@pytest.mark.parametrize("with_inputs", [True, False])
def test_reentrant_checkpoint_nested_in_an_outer_pass(with_inputs):
    """Nested in a pass given inputs the checkpoint refuses too (torch's flag is inherited by the
    inner graph task); nested in a plain backward it runs."""
    assert _nested(ac, with_inputs) == _nested(torch, with_inputs)
    assert ac.autograd.backprop._is_checkpoint_valid()


def _nested_checkpoints(lib):
    """Reentrant checkpoints nested, the inner one using a parameter it is not given."""
    w = lib.tensor([1.5, -2.0], requires_grad=True)
    x = lib.tensor([0.5, 2.0], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cp = lib.utils.checkpoint.checkpoint
        y = cp(lambda t: cp(lambda u: (u * w).sin(), t * 2, use_reentrant=True).sum(), x,
               use_reentrant=True)
    y.backward()
    return x.grad.tolist(), w.grad.tolist()


def test_nested_reentrant_checkpoints_and_closure_parameters_as_torch():
    """The reentrant variant backpropagates with backward() as torch does: the inner checkpoint is
    valid, and a parameter the segment captures gets its .grad."""
    got, expected = _nested_checkpoints(ac), _nested_checkpoints(torch)
    assert got[1] == pytest.approx(expected[1]) and got[0] == pytest.approx(expected[0])
    assert expected[1] != [0.0, 0.0]
