"""Sample submissions for the fixture assignment: honest ones, attacks and faults, each with the
score and flags the pipeline must produce. Used by the tests and by ``python -m grading demo``'s
fixture fallback."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from fixture_course import ASSIGNMENT, EXERCISES

REF = {gid: re.sub(r"\s*### (BEGIN|END) SOLUTION", "", body) for gid, (body, _, _) in EXERCISES.items()}


def _fn(gid: str, body: str) -> str:
    """A definition of exercise ``gid``'s function with ``body`` (indented) as its body."""
    name = gid
    arg = "x"
    return f"def {name}({arg}):\n" + "".join(f"    {line}\n" for line in body.strip().splitlines())


@dataclass
class Case:
    student: str
    cells: dict = field(default_factory=dict)      # grade_id -> new source (None: delete cell)
    score: float | None = None                     # expected final score
    flags: tuple = ()                              # flags that must appear
    kind: str = "notebook"                         # notebook | renamed | not-json | json-not-notebook
    timestamp: str | None = None
    nbgrader_fooled: tuple = ()                    # test ids where nbgrader's in-kernel score is wrong


def cases(root: Path) -> list[Case]:
    """All sample submissions; ``root`` is the course root (the file-reading attack targets it)."""
    src = root / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    return [
        Case("correct", dict(REF), 6.0),
        Case("blank", {}, 0.0),
        Case("partial", {"square_grad": REF["square_grad"]}, 1.0),
        Case("cheat_rebind", {
            "square_grad": _fn("square_grad", "return x") +
            "gradcheck = lambda *a, **k: True\nnp.allclose = lambda *a, **k: True\n",
            "tanh_grad": _fn("tanh_grad", "return x") + "np.testing.assert_allclose = lambda *a, **k: None\n",
            "softplus_grad": _fn("softplus_grad", "return x * 0 + 0.5"),
        }, 0.0, ("recheck-disagrees:test_square_grad", "recheck-disagrees:test_tanh_grad",
                 "recheck-disagrees:test_softplus_grad"),
            nbgrader_fooled=("test_square_grad", "test_tanh_grad", "test_softplus_grad")),
        # IPython's custom exception handler hides error outputs; nbgrader 0.9 still sees the
        # error status of the execute reply, so both graders agree on 0 (kept as a regression).
        Case("cheat_hide_errors", {"square_grad": "get_ipython().set_custom_exc((BaseException,), "
                                   "lambda shell, etype, value, tb, tb_offset=None: None)\n"}, 0.0),
        Case("forbidden_torch", {**REF, "tanh_grad": _fn("tanh_grad", """
import torch
t = torch.tensor(x, requires_grad=True)
torch.tanh(t).sum().backward()
return t.grad.numpy()""")}, 4.0, ("forbidden:test_tanh_grad", "recheck-disagrees:test_tanh_grad"),
            nbgrader_fooled=("test_tanh_grad",)),
        Case("forbidden_hidden_import", {**REF, "tanh_grad": _fn("tanh_grad", """
mod = __import__("".join(["to", "rch"]))
t = mod.tensor(x, requires_grad=True)
y = mod.tanh(t).sum()
(g,) = getattr(mod, "auto" + "grad").grad(y, t)
return g.numpy()""")}, 4.0, ("forbidden:test_tanh_grad",), nbgrader_fooled=("test_tanh_grad",)),
        Case("edited_tests", {"square_grad": _fn("square_grad", "return x"), "test_square_grad": "pass\n",
                              "tanh_grad": REF["tanh_grad"], "test_tanh_grad": None,
                              "softplus_grad": REF["softplus_grad"]}, 5.0,
             ("test-cell-edited:test_square_grad", "test-cell-deleted:test_tanh_grad")),
        Case("infinite_loop", {**REF, "tanh_grad": _fn("tanh_grad", "while True:\n    pass")}, 4.0,
             ("timeout:test_tanh_grad",)),
        Case("os_exit", {**REF, "tanh_grad": _fn("tanh_grad", "import os\nos._exit(1)")}, 4.0,
             ("crash:test_tanh_grad",)),
        Case("segfault", {**REF, "softplus_grad": _fn("softplus_grad", "import ctypes\nreturn ctypes.string_at(0)")},
             3.0, ("crash:test_softplus_grad",)),
        Case("memory_bomb", {**REF, "square_grad": _fn(
            "square_grad", "chunks = []\nwhile True:\n    chunks.append(np.ones(10 ** 7))")}, 5.0,
             ("memory:test_square_grad",)),
        Case("reads_files", {"square_grad": f"""import json
_nb = json.load(open({str(src)!r}))
_ref = [c for c in _nb["cells"] if c["metadata"].get("nbgrader", {{}}).get("grade_id") == "square_grad"][0]
exec("".join(_ref["source"]))
"""}, 0.0),  # the jailed kernel cannot see the course tree either: nbgrader is no longer fooled
        Case("stderr_noise", {**REF, "square_grad": _fn(
            "square_grad", 'import sys\nprint("computing 2x", file=sys.stderr)\nreturn 2 * x')}, 6.0,
             ("recheck-disagrees:test_square_grad",), nbgrader_fooled=("test_square_grad",)),
        Case("bad_timestamp", dict(REF), 6.0, ("bad-timestamp",), timestamp="sometime last tuesday"),
        Case("renamed", dict(REF), 0.0, ("rejected:wrong-name",), kind="renamed"),
        Case("not_json", {}, 0.0, ("rejected:not-json",), kind="not-json"),
        Case("json_not_notebook", {}, 0.0, ("rejected:not-a-notebook",), kind="json-not-notebook"),
    ]


def write(case: Case, release_nb: Path, dest: Path) -> Path:
    """Write ``case``'s submission as ``dest/<student>/<assignment>/...``; returns its folder."""
    folder = dest / case.student / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / ("homework.ipynb" if case.kind == "renamed" else f"{ASSIGNMENT}.ipynb")
    if case.kind == "not-json":
        target.write_text("hello, this is my homework\n")
    elif case.kind == "json-not-notebook":
        target.write_text(json.dumps({"answer": 42}))
    else:
        nb = nbformat.read(release_nb, as_version=4)
        kept = []
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if gid in case.cells:
                if case.cells[gid] is None:
                    continue
                cell.source = case.cells[gid]
            kept.append(cell)
        nb.cells = kept
        nbformat.write(nb, target)
    if case.timestamp is not None:
        (folder / "timestamp.txt").write_text(case.timestamp)
    return folder
