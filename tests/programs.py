"""Running the same program with real torch and with autograd_core, and comparing what it prints.

Shared by tests/test_seed_programs.py (the seed tutorials' code, tests/seed_programs/_runner.py)
and tests/test_claims.py (the notebooks' claim cells):

- ``install(lib)`` serves a stand-in package for ``import torch`` (and ``import torch.<sub>``);
  ``install_torch_as(name)`` is the reverse, real torch for ``import autograd_core as torch``.
- ``forked(call, base)`` runs ``call()`` in a forked child whose stdout, stderr and exit status go
  to ``base.out``, ``base.err`` and ``base.rc``: a fresh process state per program without paying
  the library's import again.
- ``same_line`` / ``differing_lines`` compare two printouts: the same text between the numbers
  (after masking object addresses, Python ids and torch's "(Triggered internally at ...)" suffix),
  and numbers equal to a float tolerance.
- ``run_cells(cells)`` executes notebook code cells in one namespace, as a kernel would print them
  (the value of a last bare expression is shown unless the line ends with ``;``).

    python tests/programs.py claims LIB OUT NOTEBOOK...   # the claims runner's child (test_claims)
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import json
import linecache
import math
import os
import pkgutil
import re
import signal
import sys
import time
import traceback

# -- serving one library under the other's name ----------------------------------------------------


def install(lib, alias="torch"):
    """Make ``import alias`` (and ``import alias.<sub>``) give ``lib``'s modules.

    Every module of the package is imported and put in ``sys.modules`` under the alias as well
    (``autograd_core.nn`` as ``torch.nn``, ...), so that ``import torch.nn as nn`` and ``from
    torch.utils.checkpoint import checkpoint`` find the stand-in's modules, not a second copy.
    """
    pkg = importlib.import_module(lib)
    for info in pkgutil.walk_packages(pkg.__path__, lib + "."):
        importlib.import_module(info.name)
    for name, mod in list(sys.modules.items()):
        if name == lib or name.startswith(lib + "."):
            sys.modules[alias + name[len(lib) :]] = mod


def install_torch_as(name="autograd_core"):
    """Make ``import name`` give real torch, and ``name.<sub>`` torch's module of the same path
    (``autograd_core.nn.functional`` -> ``torch.nn.functional``), for each public module of the
    package ``name``. Modules torch has no counterpart of (``autograd_core.viz``) stay the
    package's own, so that an imports cell naming them still runs; a claim must not use them.
    """
    import torch  # noqa: PLC0415 - only in the child that serves torch

    pkg = importlib.import_module(name)
    own = [name] + [i.name for i in pkgutil.walk_packages(pkg.__path__, name + ".")
                    if not any(part.startswith("_") for part in i.name.split("."))]
    for mod_name in own:
        importlib.import_module(mod_name)
    for mod_name in own:
        target = "torch" + mod_name[len(name):]
        try:
            sys.modules[mod_name] = importlib.import_module(target)
        except ModuleNotFoundError as e:
            if e.name is None or not target.startswith(e.name):
                raise  # torch has the module, but it failed to import something else
    assert sys.modules[name] is torch


# -- one program per forked child ------------------------------------------------------------------


def forked(call, base):
    """Run ``call()`` in a forked child with stdout and stderr in ``base.out`` / ``base.err``;
    write its exit status to ``base.rc`` (0 when it returned, 1 when it raised: the traceback is
    in ``.err``, the ``SystemExit`` code when it exited) and return that status."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: its own stdout and stderr files
        code = 1
        try:
            for fd, suffix in ((1, ".out"), (2, ".err")):
                f = os.open(f"{base}{suffix}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(f, fd)
            call()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    with open(f"{base}.rc", "w") as f:
        f.write(str(code))
    return code


# -- comparing printouts ---------------------------------------------------------------------------

# A number as Python and torch print them: 3, -0.5, 2., 1e-05, 1.2346e+03.
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
ADDRESS = (re.compile(r"0x[0-9a-fA-F]+"), "0x?")  # object addresses: <MulBackward0 object at 0x...>
# Python ids (torchviz's node names), not the digits of a float's fraction
PYTHON_ID = (re.compile(r"(?<![.\d])\d{9,}(?![.\d])"), "ID")
# where in torch's C++ a warning was raised
TRIGGERED = (re.compile(r" \(Triggered internally at [^)]*\)"), "")
MASKS = [ADDRESS, PYTHON_ID, TRIGGERED]


def normalized(line, masks=MASKS):
    for pattern, repl in masks:
        line = pattern.sub(repl, line)
    return line


def same_line(a, b, rel=1e-4, abs_=1e-6, exact_ints=False, masks=MASKS):
    """The same text between the numbers, and numbers equal to a float tolerance, after ``masks``
    (pattern, replacement). With ``exact_ints``, a number written without a point or exponent (a
    count, a shape, a dtype's bits) must be one in both lines, and equal."""
    a, b = normalized(a, masks), normalized(b, masks)
    if NUMBER.split(a) != NUMBER.split(b):
        return False
    xs, ys = NUMBER.findall(a), NUMBER.findall(b)
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys):
        if exact_ints and (_is_int(x) or _is_int(y)):
            if not (_is_int(x) and _is_int(y) and int(x) == int(y)):
                return False
        elif not math.isclose(float(x), float(y), rel_tol=rel, abs_tol=abs_):
            return False
    return True


def _is_int(token):
    return not any(c in token for c in ".eE")


def differing_lines(expected, got, names=("torch", "autograd_core"), **tolerance):
    """The lines where two printouts (lists of lines) differ, as readable text; [] when they agree.
    ``tolerance``: ``same_line``'s keyword arguments."""
    out = []
    for i in range(max(len(expected), len(got))):
        e = expected[i] if i < len(expected) else "<no line>"
        g = got[i] if i < len(got) else "<no line>"
        if i >= len(expected) or i >= len(got) or not same_line(e, g, **tolerance):
            out.append(f"line {i + 1}:\n  {names[0]}: {e}\n  {names[1]}: {g}")
    return out


# -- notebook cells as a program -------------------------------------------------------------------


def _display(*objs):
    """A kernel's ``display()`` for plain-text outputs: the repr of each object on its own line."""
    for obj in objs:
        print(repr(obj))


def run_cell(source, namespace, filename):
    """Execute one code cell in ``namespace`` and return (stdout, error, traceback): the printed
    text, with the repr of a last bare expression as a kernel shows it (unless the cell ends with
    ``;``), and ``"TypeName: message"`` and its traceback when the cell raised (else None)."""
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)  # tracebacks
    buf = io.StringIO()
    error = tb = None
    with contextlib.redirect_stdout(buf):
        try:
            tree = ast.parse(source, filename)
            last = None
            shown = not source.rstrip().endswith(";")
            if tree.body and isinstance(tree.body[-1], ast.Expr) and shown:
                last = ast.Expression(tree.body.pop().value)
            exec(compile(tree, filename, "exec"), namespace)
            if last is not None:
                value = eval(compile(last, filename, "eval"), namespace)
                if value is not None:
                    print(repr(value))
        except Exception as e:  # noqa: BLE001 - the cell's own error is part of what it shows
            error, tb = f"{type(e).__name__}: {e}", traceback.format_exc()
    return buf.getvalue(), error, tb


def run_cells(cells):
    """Run ``[(index, tag, source), ...]`` in order in one fresh namespace; one record per cell."""
    namespace = {"__name__": "__main__", "display": _display}
    records = []
    for index, tag, source in cells:
        start = time.perf_counter()
        stdout, error, tb = run_cell(source, namespace, f"<cell {index}>")
        records.append({"index": index, "tag": tag, "stdout": stdout, "error": error,
                        "traceback": tb, "seconds": round(time.perf_counter() - start, 3)})
    return records


CLAIM_TAGS = ("claim-setup", "claim")


def claim_cells(nb):
    """``[(index, tag, source), ...]`` of a notebook's code cells tagged ``claim-setup`` or
    ``claim`` (index: the cell's position in the notebook). A cell tagged both is a claim."""
    cells = []
    for i, c in enumerate(nb["cells"]):
        tags = set(c.get("metadata", {}).get("tags", []))
        if c["cell_type"] == "code" and tags & set(CLAIM_TAGS):
            cells.append((i, "claim" if "claim" in tags else "claim-setup", "".join(c["source"])))
    return cells


def _claims_batch(out, notebooks, timeout_s=300):
    """For each notebook, run its claim cells in a forked child, in a fresh folder, writing
    ``out/<notebook stem>.json`` (the records) beside .out/.err/.rc."""
    for path in notebooks:
        with open(path) as f:
            cells = claim_cells(json.load(f))
        stem = os.path.join(out, os.path.splitext(os.path.basename(path))[0])
        work = stem + ".cwd"
        os.makedirs(work, exist_ok=True)

        def call(cells=cells, stem=stem, work=work):
            signal.alarm(timeout_s)  # a cell that hangs ends its notebook's child, not the suite
            os.chdir(work)
            records = run_cells(cells)
            with open(stem + ".json", "w") as f:
                json.dump(records, f)

        forked(call, stem)


if __name__ == "__main__":
    command, lib, out, *paths = sys.argv[1:]
    assert command == "claims", command
    # Both names give the one library: a cell's `import torch` cannot reach the other.
    install_torch_as("autograd_core") if lib == "torch" else install(lib, alias="torch")
    # Imported once here rather than in every notebook's child: pyplot (most imports cells), and
    # what torch loads on the first forward-mode call (0.5 s) and the first optimizer (its
    # torch._dynamo: 800 modules, 2 s) each time otherwise.
    warm = ["matplotlib.pyplot"]
    warm += ["torch._decomp.decompositions_for_jvp", "torch._dynamo"] if lib == "torch" else []
    for name in warm:
        importlib.import_module(name)
    _claims_batch(out, paths)
