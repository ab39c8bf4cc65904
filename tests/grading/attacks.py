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
    kind: str = "notebook"                         # notebook | renamed | not-json | json-not-notebook |
                                                   # symlink-folder | symlink-file | huge | many-cells | markdown
    timestamp: str | None = None
    nbgrader_fooled: tuple = ()                    # test ids where nbgrader's in-kernel score is wrong


# Set in the grader's environment by the tests and the demo; no submission may ever see it.
SECRET = "s3cret-" + "marker-7f1c2a"
SECRET_VARS = {"AUTOGRAD_TEST_SECRET": SECRET, "PGPASSWORD": SECRET, "JUPYTERHUB_API_TOKEN": SECRET,
               "AWS_SECRET_ACCESS_KEY": SECRET}
MARKER = "escape-marker-93b1"   # a process or file with this name outside the jail = an escape

# (built at run time: the literal must not be in the submission, whose text is kept and shown)
_ANY_SECRET = f"""
def _found_secret():
    import os, glob
    secret = {SECRET[:7]!r} + {SECRET[7:]!r}
    if secret in repr(dict(os.environ)):
        return True
    for p in ["/proc/1/environ", "/proc/self/environ", *glob.glob("/proc/[0-9]*/environ")]:
        try:
            if secret.encode() in open(p, "rb").read():
                return True
        except OSError:
            pass
    return False
"""


def _tamper(root: Path, ws: Path) -> str:
    """Code that tries to destroy or forge everything outside its own copy; errors are swallowed
    so the rest of the notebook still runs (and still answers correctly)."""
    targets = {
        "delete": [ws / "submitted" / "correct", ws / "autograded" / "correct", ws / "gradebook.db",
                   ws / "recheck" / "correct", root / "solutions"],
        "overwrite": [ws / "recheck" / "correct" / f"{ASSIGNMENT}.json",
                      ws / "recheck" / "_reference" / f"{ASSIGNMENT}.json",
                      ws / "jupyter" / "kernels" / "python3" / "kernel.json",  # (a spec planted for later kernels)
                      ws / "submitted" / "blank" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
                      root / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"],
    }
    return f"""
import os as _os, shutil as _sh
for _p in {[str(p) for p in targets["delete"]]!r}:
    try:
        _sh.rmtree(_p) if _os.path.isdir(_p) else _os.remove(_p)
    except OSError:
        pass
for _p in {[str(p) for p in targets["overwrite"]]!r}:
    try:
        open(_p, "w").write('{{"score": 999, "argv": ["/bin/sh", "-c", "touch /tmp/{MARKER}"]}}')
    except OSError:
        pass
"""


def cases(root: Path, workspace: Path | None = None, pg_socket: str | None = None) -> list[Case]:
    """All sample submissions; ``root`` is the course root and ``workspace`` the grading workspace
    (the attacks aim at both); ``pg_socket``, where given, a PostgreSQL socket to reach for."""
    src = root / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    ws = workspace or root.parent / "workspace"
    return [
        Case("correct", dict(REF), 6.0),
        Case("blank", {}, 0.0),
        Case("partial", {"square_grad": REF["square_grad"]}, 1.0),
        Case("cheat_rebind", {
            "square_grad": _fn("square_grad", "return x") +
            "gradcheck = lambda *a, **k: True\nnp.allclose = lambda *a, **k: True\n",
            "tanh_grad": _fn("tanh_grad", "return x") + "check_close = lambda *a, **k: None\n",
            "softplus_grad": _fn("softplus_grad", "return x * 0 + 0.5") +
            "import autograd_checks\nautograd_checks.check_true = check_true = lambda *a, **k: None\n"
            "check_close = lambda *a, **k: None\n",
        }, 0.0, ("recheck-disagrees:test_tanh_grad", "recheck-disagrees:test_softplus_grad",
                 "forbidden:test_softplus_grad"),
            nbgrader_fooled=("test_tanh_grad", "test_softplus_grad")),
        # IPython's custom exception handler hides error outputs; nbgrader 0.9 still sees the
        # error status of the execute reply, so both graders agree on 0 (kept as a regression).
        Case("cheat_hide_errors", {"square_grad": "get_ipython().set_custom_exc((BaseException,), "
                                   "lambda shell, etype, value, tb, tb_offset=None: None)\n"}, 0.0),
        # the visible test's own check_not_used sees the import: both graders agree on 0
        Case("forbidden_torch", {**REF, "tanh_grad": _fn("tanh_grad", """
import torch
t = torch.tensor(x, requires_grad=True)
torch.tanh(t).sum().backward()
return t.grad.numpy()""")}, 4.0, ("forbidden:test_tanh_grad",)),
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
        Case("segfault", {**REF, "softplus_grad": _fn("softplus_grad", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)")},
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
        # -- containment: each attack gets points only if it escapes ---------------------------
        Case("steals_secrets", {"square_grad": _ANY_SECRET + _fn("square_grad", "return 2 * x if _found_secret() else x"),
                                "tanh_grad": _fn("tanh_grad", "import os\nprint(dict(os.environ))\n"
                                                 "print(open('/proc/1/environ', errors='replace').read() if os.access('/proc/1/environ', os.R_OK) else '')\n"
                                                 "return x")}, 0.0),
        Case("sees_host_files", {"square_grad": _fn("square_grad", f"""import os
seen = [p for p in ("/srv", "/home", "/run", "/var", "/mnt", "/root/.bashrc", {str(ws)!r}, {str(root)!r}, "/etc/shadow", "/etc/passwd")
        if os.path.exists(p)]
return 2 * x if seen else x""")}, 0.0),
        Case("tampers_workspace", {**REF, "square_grad": _tamper(root, ws) + REF["square_grad"]}, 6.0),
        Case("rewrites_own_submission", {"square_grad": f"""import json as _j, os as _o
_me = {str(ws / "submitted" / "rewrites_own_submission" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")!r}
try:
    _nb = _j.load(open(_me))
    for _c in _nb["cells"]:
        _g = _c["metadata"].get("nbgrader", {{}}).get("grade_id")
        if _g in {dict(REF)!r}:
            _c["source"] = {dict(REF)!r}[_g]
    _j.dump(_nb, open(_me, "w"))
except OSError:
    pass
"""}, 0.0),
        Case("daemon", {**REF, "square_grad": f"""import os as _o, time as _t
if _o.fork() == 0:
    _o.setsid()
    if _o.fork() == 0:
        _o.execv("/bin/sh", ["sh", "-c", "exec -a {MARKER} sleep 120"])
    _o._exit(0)
_t.sleep(0.2)
""" + REF["square_grad"]}, 6.0),
        Case("fork_bomb", {**REF, "softplus_grad": _fn("softplus_grad", """import os
kids = 0
while kids < 100000:
    try:
        if os.fork() == 0:
            import time
            time.sleep(60)
            os._exit(0)
        kids += 1
    except OSError:
        break
return x * 0 + kids""")}, 3.0),
        Case("disk_bomb", {**REF, "tanh_grad": _fn("tanh_grad", """import os
block = b"x" * (1 << 20)
written = 0
try:
    with open("fill.bin", "wb") as f:
        while written < (8 << 30):
            f.write(block)
            written += len(block)
except (OSError, ValueError):
    pass
return x if written < (8 << 30) else 1.0 - np.tanh(x) ** 2""")}, 4.0),
        Case("sockets", {"square_grad": _fn("square_grad", f"""import socket, glob, os
ok = False
for path in glob.glob("/run/**/*", recursive=True) + glob.glob("/var/run/**/*", recursive=True) + glob.glob("/tmp/**/.s.*", recursive=True) + ([{pg_socket!r}] if {pg_socket!r} else []):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.settimeout(1)
        s.connect(path)
        ok = True
    except OSError:
        pass
for port in (22, 5432, 8888, 80):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1)
        ok = True
    except OSError:
        pass
return 2 * x if ok else x""")}, 0.0),
        Case("forges_result", {**REF, "square_grad": _fn("square_grad", """import os
for fd in range(3, 64):
    try:
        os.write(fd, b'{"status": "ok", "result": {"g": 1}}\\n')
    except OSError:
        pass
os._exit(0)""")}, 5.0),
        # reaching into the checks' own module to silence them: the name is refused by the parent
        Case("tampers_checks", {**REF, "square_grad": _fn("square_grad", "return x") +
                                "import autograd_checks as _c\n_c._record = lambda *a, **k: None\n"
                                "_c.check_true = _c.check_close = lambda *a, **k: None\n"}, 5.0,
             ("forbidden:test_square_grad",)),
        Case("forbidden_via_importlib", {**REF, "tanh_grad": _fn("tanh_grad", """import importlib
mod = importlib.import_module("tor" + "ch")
t = mod.tensor(x, requires_grad=True)
mod.tanh(t).sum().backward()
return t.grad.numpy()""")}, 4.0, ("forbidden:test_tanh_grad",)),
        Case("xss", dict(REF), 6.0, kind="markdown"),
        Case("renamed", dict(REF), None, ("rejected:wrong-name",), kind="renamed"),
        Case("not_json", {}, None, ("rejected:not-json",), kind="not-json"),
        Case("json_not_notebook", {}, None, ("rejected:not-a-notebook",), kind="json-not-notebook"),
        Case("symlinked_folder", {}, None, ("rejected:symlink",), kind="symlink-folder"),
        Case("symlinked_file", {}, None, ("rejected:symlink",), kind="symlink-file"),
        Case("huge", {}, None, ("rejected:too-large",), kind="huge"),
        Case("many_cells", {}, None, ("rejected:too-many-cells",), kind="many-cells"),
    ]


# Every way a submission's HTML could run script in a browser; each sets window.__xss.
XSS = ["<img src=x onerror=\"window.__xss=1\">", "[click](javascript:window.__xss=2)",
       "<svg onload=\"window.__xss=3\"></svg>", "<script>window.__xss=4</script>",
       "<a href=\"jav&#x09;ascript:window.__xss=5\">t</a>", "<details open ontoggle=\"window.__xss=6\">d</details>",
       "<iframe srcdoc=\"<script>parent.__xss=7</script>\"></iframe>"]
XSS_CODE = """from IPython.display import HTML, Javascript, SVG, Markdown, display
display(HTML('<img src=x onerror="window.__xss=11"><script>window.__xss=12</script>'))
display(Javascript('window.__xss=13'))
display(SVG('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=14</script><circle r="5"/></svg>'))
display(Markdown('<img src=y onerror="window.__xss=15"> [m](javascript:window.__xss=16)'))
"""


def write(case: Case, release_nb: Path, dest: Path) -> Path:
    """Write ``case``'s submission as ``dest/<student>/<assignment>/...``; returns its folder."""
    folder = dest / case.student / ASSIGNMENT
    if case.kind == "symlink-folder":  # the whole student folder points at another student's
        (dest / case.student).symlink_to(dest / "correct", target_is_directory=True)
        return dest / case.student
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / ("homework.ipynb" if case.kind == "renamed" else f"{ASSIGNMENT}.ipynb")
    if case.kind == "symlink-file":
        target.symlink_to(dest / "correct" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
        return folder
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
        if case.kind == "huge":
            nb.cells.append(nbformat.v4.new_markdown_cell("x" * (40 << 20)))
        elif case.kind == "many-cells":
            nb.cells += [nbformat.v4.new_code_cell("pass") for _ in range(3000)]
        elif case.kind == "markdown":
            nb.cells += [nbformat.v4.new_markdown_cell(x) for x in XSS]
            nb.cells.append(nbformat.v4.new_code_cell(XSS_CODE))
            # A cell claiming a grade_id the assignment does not have, named to break out of HTML
            # (collect strips it; left in, it crashed nbgrader's autograde)
            nb.cells.append(nbformat.v4.new_markdown_cell("fake", metadata={"nbgrader": {
                "grade": True, "solution": True, "grade_id": '"><img src=x onerror="window.__xss=21">',
                "points": 100, "schema_version": 3}}))
        nbformat.write(nb, target)
    if case.timestamp is not None:
        (folder / "timestamp.txt").write_text(case.timestamp)
    return folder


# -- the live Formgrader (test_grading_formgrader_live.py) ------------------------------------
def probe(n: int) -> str:
    """Script a payload runs: sets window.__xss = n, logs it, and tries the instructor's Jupyter
    API with the page's own XSRF cookie (a file through /api/contents, a terminal). No double
    quotes and no spaces, so it fits in an HTML attribute, quoted or not."""
    return (f"window.__xss={n};console.log('__xss'+{n});"
            "t=decodeURIComponent((document.cookie.match(/_xsrf=([^;]+)/)||['',''])[1]);"
            f"fetch('/api/contents/pwned-{n}.txt',"
            "{method:'PUT',headers:{'X-XSRFToken':t,'Content-Type':'application/json'},"
            "body:JSON.stringify({type:'file',format:'text',content:'pwned'})});"
            "fetch('/api/terminals',{method:'POST',headers:{'X-XSRFToken':t}})")


# Markdown cells with raw HTML (the markup the formgrade template renders without a sanitizer).
XSS_LIVE = [f'<img src=x onerror="{probe(51)}">', f'<svg onload="{probe(52)}"><circle r="3"/></svg>',
            f"<script>{probe(53)}</script>", f'<a href="javascript:{probe(54)}">click me</a>',
            f'<form action="javascript:{probe(55)}"><button>send</button></form>',
            f'<object data="javascript:{probe(56)}"></object><embed src="javascript:{probe(57)}">',
            '<iframe src="javascript:parent.__xss=58"></iframe>', f'<math><mtext><img src=x onerror="{probe(59)}">',
            '<base href="http://127.0.0.1:9/"><meta http-equiv="refresh" content="0;url=javascript:window.__xss=60">',
            f'<style>@import "javascript:x";</style><div style="background:url(javascript:x)" '
            f'onmouseover="{probe(61)}">hover</div>']

# Outputs the student's code makes nbgrader's kernel emit: every active MIME type, and the
# fields the formgrade template writes into attributes without quotes or without escaping.
XSS_LIVE_CODE = f"""from IPython.display import publish_display_data
publish_display_data({{"text/html": {f'<img src=x onerror="{probe(71)}"><script>{probe(72)}</script>'!r}}})
publish_display_data({{"application/javascript": {probe(73)!r}}})
publish_display_data({{"image/svg+xml": {f'<svg xmlns="http://www.w3.org/2000/svg" onload="{probe(74)}"><circle r="5"/></svg>'!r}}})
publish_display_data({{"text/markdown": {f'<img src=y onerror="{probe(75)}">'!r}}})
publish_display_data({{"image/png": {f'x" onerror="{probe(76)}'!r}}})
publish_display_data({{"image/png": "x"}}, metadata={{"image/png": {{"width": {"1 onerror=" + probe(77)!r}}}}})
publish_display_data({{"image/jpeg": "x"}}, metadata={{"image/jpeg": {{"height": {"1 onerror=" + probe(78)!r}, "alt": '"><b>'}}}})
publish_display_data({{"text/latex": {f'<img src=x onerror="{probe(79)}">'!r}}})
publish_display_data({{"application/vnd.jupyter.widget-view+json": {{"model_id": "1", "version_major": 2}}}})
"""

# A student folder named with markup (collect must refuse it: it would be the Formgrader's id).
HOSTILE_STUDENT = '<img src=x onerror="window.__xss=91">'


def write_live(dest: Path, release_nb: Path) -> list[str]:
    """The Formgrader test's submissions under ``dest``: ``xss`` (attacks.XSS and
    XSS_CODE, as in the shared fixture); ``xss_live`` (XSS_LIVE, XSS_LIVE_CODE, crafted notebook
    metadata, a fake graded cell, cell tags, an attachment and a raw HTML cell); ``xss_crash``
    (outputs written into the file itself, then a kernel death: nbgrader leaves no autograded
    copy, so the grader shows the submission's own outputs); ``xss_cell_id`` (a cell id that
    breaks out of its attribute); and HOSTILE_STUDENT. Returns the student folders."""
    write(Case("xss", dict(REF), kind="markdown"), release_nb, dest)
    folder = write(Case("xss_live", dict(REF)), release_nb, dest)
    path = folder / f"{ASSIGNMENT}.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells += [nbformat.v4.new_markdown_cell(x) for x in XSS_LIVE]
    nb.cells.append(nbformat.v4.new_markdown_cell(
        "![a](attachment:p.png)", attachments={"p.png": {"text/html": f"<script>{probe(62)}</script>"}}))
    nb.cells.append(nbformat.v4.new_code_cell(XSS_LIVE_CODE, metadata={
        "tags": ['"><img src=x onerror="window.__xss=63">'],  # (a tag has no commas)
        "alt": f'"><img src=x onerror="{probe(64)}">'}))
    nb.cells.append(nbformat.v4.new_markdown_cell("fake", metadata={"nbgrader": {
        "grade": True, "solution": True, "grade_id": f'"><img src=x onerror="{probe(65)}">', "points": 5,
        "schema_version": 3}}))
    nb.cells.append(nbformat.v4.new_raw_cell(f"<script>{probe(66)}</script>",
                                             metadata={"format": "text/html", "raw_mimetype": "text/html"}))
    nb.metadata["title"] = f"</title><script>{probe(67)}</script>"
    nb.metadata["language_info"] = {"name": f'"><script>{probe(68)}</script>',
                                    "codemirror_mode": f"</script><script>{probe(69)}</script>"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "state": {}, "version_major": 2, "version_minor": 0, "x": f"</script><script>{probe(70)}</script>"}}
    nbformat.write(nb, path)
    folder = write(Case("xss_crash", dict(REF)), release_nb, dest)
    path = folder / f"{ASSIGNMENT}.ipynb"
    nb = nbformat.read(path, as_version=4)
    new = nbformat.v4.new_output
    nb.cells.append(nbformat.v4.new_code_cell("pass", execution_count=3, outputs=[
        new("display_data", data={"text/html": f'<img src=x onerror="{probe(101)}">'}),
        new("display_data", data={"application/javascript": probe(102)}),
        new("execute_result", execution_count=3, data={"image/png": "x"},
            metadata={"image/png": {"width": "1 onerror=" + probe(103)}}),
        new("display_data", data={"image/png": f'x" onerror="{probe(104)}'}),
        new("stream", name="stdout", text=f"<script>{probe(105)}</script>"),
        new("error", ename=f"<script>{probe(106)}</script>", evalue="<img src=x onerror=window.__xss=107>",
            traceback=[f"<script>{probe(108)}</script>"])]))
    nb.cells.append(nbformat.v4.new_code_cell("import os\nos._exit(1)"))
    nbformat.write(nb, path)
    folder = write(Case("xss_cell_id", dict(REF)), release_nb, dest)
    path = folder / f"{ASSIGNMENT}.ipynb"
    raw = json.loads(path.read_text())
    raw["cells"][0]["id"] = f'"><img src=x onerror="{probe(85)}">'
    path.write_text(json.dumps(raw))
    (dest / HOSTILE_STUDENT / ASSIGNMENT).mkdir(parents=True)
    nbformat.write(nbformat.read(release_nb, as_version=4), dest / HOSTILE_STUDENT / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    return ["xss", "xss_live", "xss_crash", "xss_cell_id", HOSTILE_STUDENT]
