"""The notebooks' claims about torch hold on torch 2.13: each claim cell prints the same with real
torch as with autograd_core.

Claims. In a notebook of solutions/, a code cell whose output states a fact about torch's
behaviour carries the cell tag ``claim`` (``metadata["tags"]``); the cells it needs (the imports,
helpers, definitions) carry ``claim-setup``. For each notebook the runner executes every cell tagged
``claim-setup`` or ``claim``, in notebook order, in one fresh namespace (in a forked child of its
own, in an empty working folder, matplotlib on Agg), twice:

- with autograd_core: ``import autograd_core as torch`` and ``import torch`` both give
  autograd_core;
- with real torch 2.13: ``import autograd_core as torch`` and ``from autograd_core.<sub> import
  ...`` give torch and ``torch.<sub>`` (modules torch has no counterpart of, such as
  ``autograd_core.viz``, stay autograd_core's own, so an imports cell may name them; a claim must
  not use them).

What a claim cell shows is compared: its stdout, then the repr of a last bare expression as a kernel
displays it (a trailing ``;`` hides it, ``display(x)`` prints ``repr(x)``). The two printouts must
agree line by line: the text between the numbers exactly (node names, dtypes, error messages;
object addresses ``0x...`` and torch's "(Triggered internally at ...)" are masked), and
each number to ``RTOL`` = 1e-6 relative (float32 carries ~6e-8: a few ulps of noise where the
libraries sum in another order), ``ATOL`` = 0 (a 0 is a 0: an underflow claim stays a claim);
integers (no point or exponent: counts, shapes, indices) exactly. Not compared: stderr, warnings
(catch and print one to claim it), figures, and the output of ``claim-setup`` cells. A cell that
raises fails the notebook (in one library or both: a claim that leans on an untagged cell raises
NameError), unless it is also tagged ``raises-exception`` (nbclient's tag), when both libraries must
raise the same ``TypeName: message``, compared as its last line. A claim cell that prints nothing
fails (nothing to compare). So a claim must be deterministic (literal or numpy inputs:
``torch.manual_seed`` draws other numbers in each library), print what it claims at a precision
both libraries reach (torch's 4 decimals, or round), and depend only on earlier tagged cells.
Never tag cells that draw figures, time things or print memory sizes or addresses, cells with
IPython magics, or solution cells (nbgrader ``solution: true``: the test refuses them). A notebook
with no ``claim`` cell is skipped, saying so.

One test per notebook (id: its folder name; ``pytest tests/test_claims.py -k 03_`` runs one); the
unit tests below prove the runner on notebooks built here: matching claims pass; a differing claim,
one raising in one library only, one leaning on an untagged cell, one printing nothing, a tagged
solution cell and a cell that kills its process fail, naming the cell and the differing lines.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from programs import ADDRESS, CLAIM_TAGS, TRIGGERED, claim_cells, differing_lines

if importlib.util.find_spec("torch") is None:  # found, not imported: the children import it
    pytest.skip("torch (the oracle the claims are checked on) is not installed",
                allow_module_level=True)

REPO = Path(__file__).resolve().parents[1]
PROGRAMS = Path(__file__).with_name("programs.py")
NOTEBOOKS = {p.parent.name: p for p in sorted((REPO / "solutions").glob("*/*.ipynb"))
             if p.parent.name == p.stem}
LIBS = ("torch", "autograd_core")
RTOL, ATOL = 1e-6, 0.0
# Python ids are not masked (a claim prints none; a 10-digit count is a number), addresses are.
TOLERANCE = dict(rel=RTOL, abs_=ATOL, exact_ints=True, masks=[ADDRESS, TRIGGERED])
ENV = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
           MPLBACKEND="Agg", PYTHONHASHSEED="0", TORCH_SHOW_CPP_STACKTRACES="0")


def run_claims(paths, out):
    """Run the claim cells of ``paths`` with each library, the two side by side (one child process
    per library, one forked child per notebook), writing ``out/<lib>/<stem>.json`` and
    .out/.err/.rc."""
    procs = {}
    for lib in LIBS:
        (out / lib).mkdir(parents=True, exist_ok=True)
        log = open(out / f"{lib}.log", "w+")
        procs[lib] = log, subprocess.Popen(
            [sys.executable, str(PROGRAMS), "claims", lib, str(out / lib), *map(str, paths)],
            cwd=out, env=ENV, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        for _, proc in procs.values():
            proc.wait(timeout=900)
    finally:  # a timeout (or ^C) ends both runners and their notebooks' children
        for _, proc in procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    for lib, (log, proc) in procs.items():
        log.seek(0)
        text = log.read()
        log.close()
        assert proc.returncode == 0, f"the claims runner failed with {lib}:\n{text[-3000:]}"


def _records(out, lib, stem):
    base = out / lib / stem
    rc = (base.parent / f"{stem}.rc").read_text()
    err = (base.parent / f"{stem}.err").read_text()
    assert rc == "0", f"the claims child of {stem} died with {lib} (exit {rc}):\n{err[-3000:]}"
    return json.loads((base.parent / f"{stem}.json").read_text())


def _shown(rec, raises_ok):
    lines = rec["stdout"].splitlines()
    return lines + [rec["error"]] if raises_ok and rec["error"] else lines


def _indent(text):
    return "".join("      " + ln for ln in text.splitlines(True))


def _head(source, n=4):
    lines = source.splitlines()
    return "\n".join("    " + ln for ln in lines[:n]) + ("\n    ..." if len(lines) > n else "")


def tag_errors(nb):
    """Misuses of the tags: a solution cell tagged, a tag that looks like ours but is not."""
    errors = []
    for i, c in enumerate(nb["cells"]):
        tags = c.get("metadata", {}).get("tags", [])
        solution = c.get("metadata", {}).get("nbgrader", {}).get("solution")
        if set(tags) & set(CLAIM_TAGS) and solution:
            errors.append(f"cell {i} is a solution cell (nbgrader solution: true): never a claim")
        odd = [t for t in tags if "claim" in t.lower() and t not in CLAIM_TAGS]
        if odd:
            errors.append(f"cell {i}: unknown tag(s) {odd}; the claims tags are {list(CLAIM_TAGS)}")
    return errors


def claim_failures(nb, out, stem):
    """Why the notebook's claims do not hold, one text per failing cell; [] when they hold."""
    errors = tag_errors(nb)
    runs = {lib: _records(out, lib, stem) for lib in LIBS}
    for t, a in zip(runs["torch"], runs["autograd_core"]):
        i, tag, cell = t["index"], t["tag"], nb["cells"][t["index"]]
        raises_ok = "raises-exception" in cell.get("metadata", {}).get("tags", [])
        where = f"cell {i} ({tag}):\n{_head(''.join(cell['source']))}\n"
        raised = {lib: r for lib, r in (("torch", t), ("autograd_core", a)) if r["error"]}
        if raised and not (raises_ok and len(raised) == 2):
            errors.append(where + "".join(
                f"  raised with {lib}: {r['error']}\n{_indent(r['traceback'][-1500:])}"
                for lib, r in raised.items()))
            continue
        if tag != "claim":
            continue
        expected, got = _shown(t, raises_ok), _shown(a, raises_ok)
        if not expected and not got:
            errors.append(where + "  prints nothing in either library: nothing to compare")
        diff = differing_lines(expected, got, **TOLERANCE)
        if diff:
            errors.append(where + "\n".join(diff))
    return errors


def check_claims(path, out):
    nb = nbformat.read(path, as_version=4)
    if not any(tag == "claim" for _, tag, _ in claim_cells(nb)):
        pytest.skip(f"{path.name} has no cell tagged 'claim' yet")
    if not (out / "torch" / f"{path.stem}.rc").exists():
        pytest.skip(f"{path.name} had no cell tagged 'claim' when the claims run started")
    errors = claim_failures(nb, out, path.stem)
    assert not errors, (f"{path.name}: {len(errors)} claim cell(s) do not print the same with "
                        f"torch and autograd_core (rtol {RTOL}):\n\n" + "\n\n".join(errors))


# -- the course's notebooks ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def runs(request, tmp_path_factory):
    """The claims of the notebooks built below and of the selected course notebooks that have
    claims, run in one batch per library (each library is imported once). The course notebooks
    are copied first (they may change while the suite runs). Returns the folder of the copies,
    where each notebook's runs are."""
    d = tmp_path_factory.mktemp("claims")
    for name, nb in SYNTHETIC.items():
        nbformat.write(nb, d / f"{name}.ipynb")
    selected = {item.callspec.params["notebook"] for item in request.session.items
                if getattr(item, "originalname", None) == "test_notebook_claims_hold_on_torch"}
    for name in sorted(selected):
        nb = nbformat.read(NOTEBOOKS[name], as_version=4)
        if any(tag == "claim" for _, tag, _ in claim_cells(nb)):
            nbformat.write(nb, d / NOTEBOOKS[name].name)
    run_claims(sorted(d.glob("*.ipynb")), d)
    return d


@pytest.mark.parametrize("notebook", list(NOTEBOOKS))
def test_notebook_claims_hold_on_torch(notebook, runs):
    copy = runs / NOTEBOOKS[notebook].name
    check_claims(copy if copy.exists() else NOTEBOOKS[notebook], runs)


# -- the runner, proven on notebooks built here ----------------------------------------------------


def _nb(*cells):
    """A notebook of code cells: (source, tags) or (source, tags, nbgrader metadata)."""
    nb = nbformat.v4.new_notebook()
    for source, tags, *grader in cells:
        c = nbformat.v4.new_code_cell(source)
        c.metadata["tags"] = list(tags)
        if grader:
            c.metadata["nbgrader"] = grader[0]
        nb.cells.append(c)
    return nb


SETUP = ("import numpy as np\nimport autograd_core as torch\nfrom autograd_core import nn",
         ["claim-setup"])
SYNTHETIC = {
    "matching": _nb(
        SETUP,
        ("def f(x):\n    return (x ** 3).sum()", ["claim-setup"]),
        ("x = torch.tensor([1.0, 2.0], requires_grad=True)\nf(x).backward()\nprint(x.grad)\n"
         "print(x.grad_fn, f(x).grad_fn.name(), x.grad.dtype, tuple(x.shape))\nx.grad * 0.1",
         ["claim"]),
        ("try:\n    torch.tensor([1, 2], requires_grad=True)\n"
         "except RuntimeError as e:\n    print(e)", ["claim"]),
        ("print('not compared:', id(object()))", []),
        ("print(np.float32(1) / 3, torch.tensor(1.0) / 3);", ["claim"]),
        ("torch.tensor([1, 2], requires_grad=True)", ["claim", "raises-exception"]),
        ("x = 2  # a solution cell, untagged: not run", [], {"solution": True, "grade_id": "ex1"}),
    ),
    "differing": _nb(SETUP, ("print(torch.__name__)", ["claim"])),
    "one_sided_raise": _nb(
        SETUP, ("if torch.__name__ == 'autograd_core':\n    raise RuntimeError('only here')\n"
                "print(1)", ["claim"])),
    "untagged_dependency": _nb(SETUP, ("y = 3", []), ("print(y)", ["claim"])),
    "silent": _nb(SETUP, ("z = torch.ones(2)", ["claim"])),
    "tagged_solution": _nb(SETUP, ("print(1)", ["claim"], {"solution": True, "grade_id": "ex1"})),
    "no_claims": _nb(SETUP, ("print(1)", [])),
    "kills_its_process": _nb(SETUP, ("import os\nos._exit(3)", ["claim"])),
}


def _failure(runs, name):
    with pytest.raises(AssertionError) as info:
        check_claims(runs / f"{name}.ipynb", runs)
    return str(info.value)


def test_matching_claims_pass(runs):
    check_claims(runs / "matching.ipynb", runs)


@pytest.mark.parametrize("name, says", [
    ("differing", ["cell 1 (claim)", "print(torch.__name__)", "torch: torch",
                   "autograd_core: autograd_core"]),
    ("one_sided_raise", ["cell 1 (claim)", "raised with autograd_core: RuntimeError: only here"]),
    ("untagged_dependency", ["cell 2 (claim)", "raised with torch: NameError",
                             "raised with autograd_core"]),
    ("silent", ["prints nothing in either library"]),
    ("tagged_solution", ["cell 1 is a solution cell"]),
    ("kills_its_process", ["the claims child of kills_its_process died with torch (exit 3)"]),
])
def test_failing_claims_fail_and_say_where(runs, name, says):
    msg = _failure(runs, name)
    for text in says:
        assert text in msg, f"the failure of {name!r} should say {text!r}:\n{msg}"


def test_a_notebook_without_claims_is_skipped_saying_so(runs):
    with pytest.raises(pytest.skip.Exception, match="no cell tagged 'claim'"):
        check_claims(runs / "no_claims.ipynb", runs)


@pytest.mark.parametrize("a, b, same", [
    ("tensor([0.3333, 2.0000])", "tensor([0.3333, 2.0000])", True),
    ("0.30000001192092896", "0.3000000715255737", True),     # float32 noise: 2 ulps
    ("0.30000001192092896", "0.3000011920928955", False),    # 4e-6: not noise
    ("tensor(0.)", "tensor(1.4013e-45)", False),             # an underflow claim: 0 is exact
    ("shape (3, 4)", "shape (3, 5)", False),
    ("1000000 parameters", "1000001 parameters", False),     # integers exactly
    ("12345678901 flops", "12345678902 flops", False),       # not masked as a Python id
    ("5", "5.", False),                                      # an int where torch shows a float
    ("<MulBackward0 object at 0x7f01>", "<MulBackward0 object at 0x55aa>", True),
    ("torch.float16", "torch.float32", False),
])
def test_claim_tolerance(a, b, same):
    assert (differing_lines([a], [b], **TOLERANCE) == []) is same
