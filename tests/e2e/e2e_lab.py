"""Helpers for the browser tests: a throwaway course tree, a JupyterLab server and a notebook driver.

The server runs on a copy of ``course/`` and ``solutions/`` in a temporary directory, on a free
loopback port with a random token, and is stopped by process group; nothing in the repository is
written. ``Notebook`` drives one notebook through JupyterLab's own menus and toolbar, the way a
student does, and reads what the page shows.
"""
from __future__ import annotations

import base64
import functools
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
ARTIFACTS = REPO / "test-artifacts" / "e2e"      # git-ignored: every screenshot and server log
DOC_SHOTS = REPO / "docs" / "screenshots"        # committed: one screenshot per path, for the README
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
# Flags that work in these containers: no sandbox (root), no GPU, nothing that phones home.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1400, "height": 900}
RUN_TIMEOUT_S = 240      # one "Run All" or "Validate" on a loaded 2-core machine
_SOLUTION_MARKERS = re.compile(r"[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?")


def why_no_browser() -> str | None:
    """The reason the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[dev]')"
    if not os.access(CHROMIUM, os.X_OK):
        return (f"no Chromium at {CHROMIUM} (`make test` installs Debian's chromium as root; "
                "or set E2E_CHROMIUM to a Chromium binary)")
    if not (VENV_BIN / "jupyter-lab").exists():
        return f"jupyter-lab is not installed next to {sys.executable}"
    return None


@contextlib.contextmanager
def chromium_context(profile: Path):
    """Debian's Chromium driven by Playwright, headless, with the user-data-dir ``profile``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                   args=CHROMIUM_FLAGS, headless=True, viewport=VIEWPORT)
        try:
            yield ctx
        finally:
            ctx.close()


def browser_session(profile: Path):
    """Body of a browser fixture: skip (printing why) where no browser can run, else yield a
    Chromium context for the fixture's scope."""
    reason = why_no_browser()
    if reason:
        import pytest
        print(f"\nbrowser tests skipped: {reason}")
        pytest.skip(reason)
    with chromium_context(profile) as ctx:
        yield ctx


def read_notebook(path: Path) -> dict:
    return json.loads(Path(path).read_text())


def grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def cell_index(nb: dict, gid: str) -> int:
    """Index of the cell with nbgrader grade_id ``gid`` (the position JupyterLab renders it at)."""
    for i, c in enumerate(nb["cells"]):
        if grade_id(c) == gid:
            return i
    raise LookupError(f"no cell with grade_id {gid!r}")


def reference_answer(assignment: str, gid: str) -> str:
    """The instructor's solution for one exercise cell, as a student would type it (no markers)."""
    src = read_notebook(REPO / "solutions" / assignment / f"{assignment}.ipynb")
    source = "".join(src["cells"][cell_index(src, gid)]["source"])
    return _SOLUTION_MARKERS.sub("", source)


def assignments() -> list[str]:
    """Assignment ids: the folders of solutions/ that hold ``<id>/<id>.ipynb``."""
    return sorted(p.name for p in (REPO / "solutions").iterdir()
                  if (p / f"{p.name}.ipynb").is_file())


# -- the course tree and the server ----------------------------------------------------------------
def build_course_root(dest: Path, workspace: Path) -> Path:
    """Copy course/ and solutions/ to ``dest`` with an nbgrader_config.py whose workspace is ``workspace``.

    The config is the repository's own (so the formgrader sees what ``make lab`` shows), with the
    exchange moved into the temporary tree; the workspace comes from AUTOGRAD_WORKSPACE at start-up.
    """
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for attempt in range(4):
        for d in ("course", "solutions", *(p.name for p in REPO.glob("course-*") if p.is_dir())):
            shutil.rmtree(dest / d, ignore_errors=True)
            shutil.copytree(REPO / d, dest / d, ignore=ignore)
        # `nbgrader generate_assignment --force` (make release) deletes and rewrites a course folder:
        # a copy taken meanwhile lacks that notebook. Copy again once it is back.
        missing = [a for a in assignments() if not (dest / "course" / a / f"{a}.ipynb").is_file()]
        if not missing:
            break
        time.sleep(2)
    else:
        raise FileNotFoundError(f"course/ lacks the student notebook of {missing} (run `make release`)")
    exchange = dest.parent / "exchange"
    exchange.mkdir(exist_ok=True)
    cfg = (REPO / "nbgrader_config.py").read_text()
    (dest / "nbgrader_config.py").write_text(
        cfg + f"\n# e2e tests: a private exchange (the Assignment List needs one that exists)\n"
              f"c.Exchange.root = {str(exchange)!r}\n")
    workspace.mkdir(parents=True, exist_ok=True)
    return dest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """``jupyter lab`` on ``root``, loopback only, random token; ``stop()`` ends only what it started.

    Args:
        root: the server's root directory (also its working directory, where nbgrader finds its
            config).
        workspace: the grading workspace the formgrader shows (AUTOGRAD_WORKSPACE).
        state: a private directory for Jupyter's config, runtime, settings and workspaces, so the
            user's own Jupyter setup cannot change what the tests see.
        log: file receiving the server's output.
    """

    def __init__(self, root: Path, workspace: Path, state: Path, log: Path):
        self.root, self.workspace, self.state, self.log_path = root, workspace, state, log
        self.token = secrets.token_hex(24)
        self.proc: subprocess.Popen | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _env(self) -> dict:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOGRAD_", "JUPYTER", "IPYTHON"))}
        env.update(
            PATH=f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}",   # nbgrader shells out to alembic
            AUTOGRAD_WORKSPACE=str(self.workspace),
            JUPYTER_CONFIG_DIR=str(self.state / "config"),
            JUPYTER_RUNTIME_DIR=str(self.state / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(self.state / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.state / "workspaces"),
            IPYTHONDIR=str(self.state / "ipython"),
            PYTHONUNBUFFERED="1",
        )
        return env

    def _write_settings(self) -> None:
        # No "get Jupyter news?" toast over the screenshots, and no request to the internet.
        notif = (self.state / "settings" / "@jupyterlab" / "apputils-extension"
                 / "notification.jupyterlab-settings")
        notif.parent.mkdir(parents=True, exist_ok=True)
        notif.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))

    def start(self, timeout: float = 120) -> "LabServer":
        """Start the server and wait until ``/api/status`` answers with the token."""
        self._write_settings()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        for attempt in range(3):  # another program may take the free port before the server binds it
            self.port = _free_port()
            cmd = [str(VENV_BIN / "jupyter"), "lab", "--no-browser", f"--port={self.port}",
                   "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
                   f"--ServerApp.token={self.token}", f"--ServerApp.root_dir={self.root}",
                   "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                cmd.append("--allow-root")
            with open(self.log_path, "a") as log:
                # A new session: the server and whatever it forks share one process group to stop.
                self.proc = subprocess.Popen(cmd, cwd=self.root, env=self._env(), stdout=log,
                                             stderr=subprocess.STDOUT, start_new_session=True)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    self.api("GET", "/api/status", timeout=2)
                    return self
                except (OSError, urllib.error.URLError):
                    time.sleep(0.3)
            if self.proc.poll() is None:
                self.stop()
                raise RuntimeError(f"jupyter lab did not answer within {timeout} s; log: {self.log_path}\n"
                                   + self.log_tail())
        raise RuntimeError(f"jupyter lab exited with status {self.proc.returncode}; log: {self.log_path}\n"
                           + self.log_tail())

    def api(self, method: str, path: str, timeout: float = 10) -> dict:
        req = urllib.request.Request(self.url + path, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else {}

    def log_tail(self, n: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def stop(self) -> None:
        """Shut the server down (its kernels first), then end its process group if anything is left.

        Kernels live in sessions of their own, so they are found by the private runtime directory
        in their command line: only processes this server started carry it.
        """
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.api("POST", "/api/shutdown", timeout=10)   # stops every kernel, then the server
            except (OSError, urllib.error.URLError):
                pass
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                break
            try:
                self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        for pid in _pids_mentioning(str(self.state / "runtime")):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc = None


def _pids_mentioning(text: str) -> list[int]:
    out = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit() and int(p.name) != os.getpid():
            try:
                if text in (p / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                    out.append(int(p.name))
            except OSError:
                pass
    return out


# -- screenshots ------------------------------------------------------------------------------------
class Shots:
    """Numbered PNG screenshots of one test under test-artifacts/e2e/<test>/."""

    def __init__(self, page, name: str):
        self.page, self.dir, self.n = page, ARTIFACTS / name, 0
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)

    def take(self, step: str, publish_as: str | None = None) -> Path:
        """Screenshot the page as ``NN-step.png``; with ``publish_as`` and E2E_UPDATE_SCREENSHOTS=1,
        also copy it to docs/screenshots/<publish_as>.png (the README's pictures)."""
        self.n += 1
        path = self.dir / f"{self.n:02d}-{step}.png"
        self.page.screenshot(path=str(path))
        if publish_as and os.environ.get("E2E_UPDATE_SCREENSHOTS") == "1":
            DOC_SHOTS.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, DOC_SHOTS / f"{publish_as}.png")
        return path


# -- JupyterLab ---------------------------------------------------------------------------------------
@functools.cache
def _lab_catalogue(lang: str) -> dict:
    import importlib.util
    spec = importlib.util.find_spec(f"jupyterlab_language_pack_{lang}")
    path = Path(spec.origin).parent / "locale" / lang / "LC_MESSAGES" / "jupyterlab.json"
    return json.loads(path.read_text())


def ui(server, text: str) -> str:
    """A JupyterLab label as the lab shows it: English, or the language pack's translation for a
    server started in another language (``server.lang``)."""
    lang = getattr(server, "lang", "en")
    if lang == "en":
        return text
    found = _lab_catalogue(lang).get(text)
    return found[0] if isinstance(found, list) and found and found[0] else text


def open_lab(page, server: LabServer, path: str = "") -> None:
    """Load JupyterLab (a reset workspace: nothing restored from an earlier test) at ``path``."""
    target = f"/lab/tree/{urllib.parse.quote(path)}" if path else "/lab"
    page.goto(f"{server.url}{target}?reset&token={server.token}")
    page.locator(".lm-MenuBar-itemLabel", has_text=ui(server, "Run")).first.wait_for()
    # More room for the notebook: fold the file browser away (click its active tab).
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():
        current.first.click()


def menu(page, top: str, item: str) -> None:
    """Click ``top`` in the menu bar, then the entry labelled exactly ``item``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(top)}$")).first.click()
    page.locator(".lm-Menu-item:visible").filter(
        has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$"))).first.click()


class Notebook:
    """One notebook opened in JupyterLab, addressed by cell index (the order of the .ipynb)."""

    def __init__(self, page, server: LabServer, relpath: str):
        self.page, self.server, self.relpath = page, server, relpath
        self.nb = read_notebook(server.root / relpath)

    # -- opening ---------------------------------------------------------------------------
    def open(self) -> "Notebook":
        open_lab(self.page, self.server, self.relpath)
        n = len(self.nb["cells"])
        self.page.wait_for_function(
            "n => document.querySelectorAll('.jp-NotebookPanel .jp-Notebook .jp-Cell').length >= n", arg=n)
        self._dismiss_kernel_dialog()
        self.wait_idle()
        return self

    def _dismiss_kernel_dialog(self) -> None:
        dialog = self.page.locator(".jp-Dialog", has_text=ui(self.server, "Select Kernel"))
        if dialog.count():
            dialog.locator(".jp-Dialog-footer button.jp-mod-accept").click()

    @property
    def cells(self):
        return self.page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell")

    def cell(self, i: int):
        return self.cells.nth(i)

    # -- running ---------------------------------------------------------------------------
    def wait_idle(self, timeout_s: float = RUN_TIMEOUT_S) -> None:
        """Wait until the kernel is idle and no cell shows ``[*]``, twice in a row half a second apart
        (the kernel is briefly idle between two queued cells)."""
        js = """() => {
            const ind = document.querySelector('.jp-NotebookPanel .jp-Notebook-ExecutionIndicator');
            const busy = [...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputArea-prompt')]
                .some(p => p.textContent.includes('*'));
            return ind !== null && ind.dataset.status === 'idle' && !busy;
        }"""
        deadline = time.monotonic() + timeout_s
        for _ in range(2):
            self.page.wait_for_function(js, timeout=max(1.0, deadline - time.monotonic()) * 1000)
            time.sleep(0.5)
        self.page.wait_for_function(js, timeout=5000)

    def run_all(self) -> None:
        """Run → Run All Cells, and wait until execution stops (at the end or at the first error)."""
        menu(self.page, ui(self.server, "Run"), ui(self.server, "Run All Cells"))
        self.wait_idle()

    def select(self, i: int) -> None:
        """Make cell ``i`` the active cell in command mode (click its prompt, not its editor)."""
        self.cell(i).scroll_into_view_if_needed()
        self.cell(i).locator(".jp-InputPrompt").first.click()
        self.page.keyboard.press("Escape")

    def run_from(self, i: int) -> None:
        """Run → Run Selected Cell and All Below, starting at cell ``i``."""
        self.select(i)
        menu(self.page, ui(self.server, "Run"), ui(self.server, "Run Selected Cell and All Below"))
        self.wait_idle()

    def run_cells(self, first: int, last: int) -> None:
        """Run cells ``first`` .. ``last`` with Shift+Enter, as a student does, and wait."""
        self.select(first)
        for _ in range(first, last + 1):
            self.page.keyboard.press("Shift+Enter")
        self.wait_idle()

    def set_source(self, i: int, text: str) -> None:
        """Replace the code of cell ``i`` by ``text`` (typed as one insertion: no auto-indent)."""
        editor = self.cell(i).locator(".cm-content")
        editor.scroll_into_view_if_needed()
        editor.click()
        self.page.keyboard.press("Control+a")
        self.page.keyboard.insert_text(text)
        self.page.keyboard.press("Escape")

    def source(self, i: int) -> str:
        """The text in cell ``i``'s editor (CodeMirror's lines, joined)."""
        return "\n".join(self.cell(i).locator(".cm-content .cm-line").all_text_contents())

    # -- reading -----------------------------------------------------------------------------
    def prompt(self, i: int) -> str:
        return (self.cell(i).locator(".jp-InputArea-prompt").first.text_content() or "").strip()

    def executed(self, i: int) -> bool:
        return re.fullmatch(r"\[\d+\]:", self.prompt(i)) is not None

    def stderr(self, i: int) -> str:
        """Tracebacks and stderr text shown under cell ``i``."""
        loc = self.cell(i).locator('.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]')
        return "\n".join(t or "" for t in loc.all_text_contents())

    def output_count(self, i: int) -> int:
        return self.cell(i).locator(".jp-OutputArea-output").count()

    def images(self, i: int) -> list[dict]:
        """Images under cell ``i``: MIME type, decoded size in the browser, and the SVG text if any."""
        imgs = self.cell(i).locator(".jp-OutputArea-output img").all()
        out = []
        for img in imgs:
            img.scroll_into_view_if_needed()
            # Decoding is lazy for off-screen images; wait until the browser has decoded this one.
            img.evaluate("e => e.decode().catch(() => null)")
            info = img.evaluate("e => ({src: e.currentSrc || e.src, w: e.naturalWidth, h: e.naturalHeight,"
                                " complete: e.complete})")
            src = info.pop("src")
            m = re.match(r"data:([^;,]+)", src)
            mime = m.group(1) if m else ""
            info["mime"] = mime
            info["svg"] = _svg_text(src) if mime == "image/svg+xml" else ""
            out.append(info)
        return out

    def first_error_cell(self) -> int | None:
        """Index of the first cell showing a traceback."""
        for i, c in enumerate(self.nb["cells"]):
            if c["cell_type"] == "code" and "Traceback" in self.stderr(i):
                return i
        return None

    def scroll_to(self, i: int, end: bool = False) -> None:
        """Put cell ``i`` at the top of the notebook view, or with ``end`` its last line at the
        bottom (where a traceback's message is), for screenshots."""
        self.cell(i).evaluate(f"e => e.scrollIntoView({{block: '{'end' if end else 'start'}'}})")
        time.sleep(0.3)   # content-visibility: let the newly visible cells paint

    # -- nbgrader ----------------------------------------------------------------------------
    def validate(self) -> tuple[list[str], str]:
        """Click nbgrader's Validate button; return the result's CSS classes and text (dialog left open)."""
        self.page.locator(".jp-NotebookPanel .validate-button").first.click()
        msg = self.page.locator(".jp-Dialog #validation-message")
        msg.wait_for(timeout=RUN_TIMEOUT_S * 1000)
        # Show the end of the first failure's traceback, where its message is.
        errors = msg.locator(".jp-RenderedText")   # per failed cell: its source, then its error
        if errors.count() >= 2:
            errors.nth(1).evaluate("e => e.scrollIntoView({block: 'end'})")
        return (msg.get_attribute("class") or "").split(), msg.text_content() or ""

    def close_dialog(self) -> None:
        self.page.locator(".jp-Dialog .jp-Dialog-footer button").last.click()
        self.page.locator(".jp-Dialog").wait_for(state="detached")


def _svg_text(src: str) -> str:
    head, _, data = src.partition(",")
    if head.endswith(";base64"):
        return base64.b64decode(data).decode(errors="replace")
    return urllib.parse.unquote(data)


# -- grading (instructor path) ------------------------------------------------------------------------
def grading(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run ``python -m grading ARGS`` from the repository with the venv's bin first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRAD_")}
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run([sys.executable, "-m", "grading", *args], cwd=REPO, env=env, text=True,
                          capture_output=True, timeout=timeout)


def write_submissions(inbox: Path, root: Path, assignment: str, answers: dict[str, dict[str, str]]) -> None:
    """Write ``inbox/<student>/<assignment>/<assignment>.ipynb``: the student notebook from ``root``
    with the solution cells named in ``answers[student]`` (grade_id -> source) filled in."""
    release = read_notebook(root / "course" / assignment / f"{assignment}.ipynb")
    for student, cells in answers.items():
        nb = json.loads(json.dumps(release))
        for c in nb["cells"]:
            if grade_id(c) in cells:
                c["source"] = cells[grade_id(c)]
        d = inbox / student / assignment
        d.mkdir(parents=True)
        (d / f"{assignment}.ipynb").write_text(json.dumps(nb, indent=1))
