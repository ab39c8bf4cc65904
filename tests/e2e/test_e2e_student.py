"""The student's path, in JupyterLab in headless Chromium.

Open a course notebook, Run All Cells, and see what a student sees: the figures render as images,
the first visible test fails on the untouched exercise with a message that says what to do, and
nbgrader's Validate button reports the same failure. Then type a correct answer into that exercise
and watch its visible test pass. Screenshots of each step: test-artifacts/e2e/student-<id>/.

The lab `make lab` starts (its JUPYTER_CONFIG_PATH, tools/student-lab) shows a student no
instructor tools (Formgrader, Create Assignment, Course List) and no Jupyter news prompt, and opens
a course notebook: test-artifacts/e2e/student-lab/.
"""
from __future__ import annotations

import re
import subprocess
import urllib.error
import urllib.request

import pytest

from e2e_lab import ARTIFACTS, REPO, LabServer, Notebook, Shots, build_course_root, reference_answer

pytestmark = pytest.mark.e2e

# Per notebook: which cells must show which kind of image, found by their source text.
#   figures: (source snippet, MIME type, text the image must contain or None) for cells before the
#            first test, which Run All reaches.
#   later:   (cell to start "Run Selected Cell and All Below" at, cell whose figure must appear).
CASES = {
    "02_leaf_tensors_and_graphs": dict(
        figures=[("make_dot(", "image/svg+xml", "AccumulateGrad")], later=None, publish="student-notebook"),
    "09_training_and_debugging": dict(
        figures=[("plt.show()", "image/png", None)], later=("def fit(", "plt.subplots("), publish=None),
}


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    """A JupyterLab server on a throwaway copy of the course."""
    base = tmp_path_factory.mktemp("e2e-student")
    root = build_course_root(base / "root", base / "workspace")
    server = LabServer(root, base / "workspace", base / "jupyter", ARTIFACTS / "lab-student.log").start()
    yield server
    server.stop()


def _code(nb: dict, i: int) -> str:
    return "".join(nb["cells"][i]["source"])


def _nbgrader(nb: dict, i: int) -> dict:
    return nb["cells"][i].get("metadata", {}).get("nbgrader", {})


def _find(nb: dict, snippet: str, start: int = 0, stop: int | None = None) -> list[int]:
    cells = nb["cells"]
    return [i for i in range(start, len(cells) if stop is None else stop)
            if cells[i]["cell_type"] == "code" and snippet in _code(nb, i)]


def _defined_name(source: str) -> str:
    m = re.search(r"^(?:def|class)\s+(\w+)", source, re.M)
    assert m, f"the exercise cell defines no function or class:\n{source}"
    return m.group(1)


def _last_error_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if re.match(r"^\w+(Error|Exception)\b", ln)]
    return lines[-1] if lines else ""


@pytest.mark.parametrize("aid", list(CASES))
def test_student_runs_the_notebook(page, lab, aid):
    case = CASES[aid]
    shots = Shots(page, f"student-{aid[:2]}")
    nb = Notebook(page, lab, f"course/{aid}/{aid}.ipynb").open()
    data = nb.nb
    first_test = next(i for i, c in enumerate(data["cells"]) if _nbgrader(data, i).get("grade"))
    exercise = max(i for i in range(first_test) if _nbgrader(data, i).get("solution"))
    shots.take("opened")

    nb.run_all()

    # Everything before the first test runs cleanly: the lesson itself has no errors.
    for i in range(first_test):
        if data["cells"][i]["cell_type"] == "code":
            assert nb.executed(i), f"cell {i} did not run (prompt {nb.prompt(i)!r}):\n{_code(data, i)[:300]}"
            assert "Traceback" not in nb.stderr(i), f"cell {i} raised:\n{nb.stderr(i)[-1500:]}"

    # The figures render as images the browser could decode.
    for snippet, mime, must_contain in case["figures"]:
        where = _find(data, snippet, stop=first_test)
        assert where, f"no code cell containing {snippet!r} before the first test (cell {first_test})"
        for i in where:
            imgs = [im for im in nb.images(i) if im["mime"] == mime]
            assert imgs, f"cell {i} ({snippet!r}) shows no {mime} image; outputs: {nb.output_count(i)}"
            assert all(im["w"] > 0 and im["h"] > 0 for im in imgs), f"cell {i}: image did not decode: {imgs}"
            if must_contain:
                assert any(must_contain in im["svg"] for im in imgs), \
                    f"cell {i}: the drawn graph has no {must_contain!r} node"
        nb.scroll_to(where[0])
        shots.take("figure", publish_as=case["publish"])

    # Run All stops at the first visible test, which fails on the untouched exercise and says why.
    assert nb.first_error_cell() == first_test, \
        f"expected the first failure at the first test (cell {first_test}), got cell {nb.first_error_cell()}"
    err = nb.stderr(first_test)
    msg = _last_error_line(err)
    name = _defined_name(_code(data, exercise))
    assert msg.startswith("AssertionError: "), f"the visible test should fail with an AssertionError " \
                                               f"message, got {msg!r}:\n{err[-1500:]}"
    assert name in msg and "NotImplementedError" in msg, \
        f"the message should name `{name}` and say to replace `raise NotImplementedError()`; got {msg!r}"
    nb.scroll_to(first_test, end=True)
    shots.take("visible-test-fails")

    # nbgrader's Validate button (it saves, then runs the notebook on the server) reports it too.
    classes, text = nb.validate()
    shots.take("validate")
    assert "validation-failed" in classes, f"Validate should report failed tests; got {classes}: {text[:500]}"
    assert msg.split(": ", 1)[1] in text, f"Validate does not show the test's message {msg!r}:\n{text[:2000]}"
    nb.close_dialog()

    # A correct answer (the instructor's, typed in) makes the visible test pass: no error, no output.
    gid = _nbgrader(data, exercise)["grade_id"]
    answer = reference_answer(aid, gid)
    nb.set_source(exercise, answer)
    typed = nb.source(exercise)
    nonblank = lambda text: [ln for ln in text.splitlines() if ln.strip()]  # noqa: E731
    assert nonblank(typed) == nonblank(answer), \
        f"the editor does not hold the typed answer:\n{typed}"
    before = nb.prompt(first_test)
    nb.run_cells(exercise, first_test)
    assert nb.executed(first_test) and nb.prompt(first_test) != before, \
        f"the test cell did not run again (prompt {before!r} -> {nb.prompt(first_test)!r})"
    assert nb.stderr(first_test) == "", f"the visible test still fails:\n{nb.stderr(first_test)[-1500:]}"
    nb.scroll_to(exercise)
    shots.take("visible-test-passes")

    # Figures further down, after the exercises Run All stopped at.
    if case["later"]:
        start_snippet, fig_snippet = case["later"]
        start = _find(data, start_snippet, start=first_test)[0]
        fig = _find(data, fig_snippet, start=start)[0]
        nb.run_from(start)
        assert nb.executed(fig), \
            f"cell {fig} did not run (prompt {nb.prompt(fig)!r}): {nb.stderr(fig)[-800:]}"
        imgs = [im for im in nb.images(fig) if im["mime"] == "image/png"]
        assert imgs and all(im["w"] > 0 for im in imgs), f"cell {fig} shows no decoded PNG figure: {imgs}"
        nb.scroll_to(fig)
        shots.take("training-figure")


# -- the lab `make lab` starts: no instructor extensions, no news prompt ----------------------------

def _make_lab(lang: str = "en") -> tuple[str, str]:
    """The JUPYTER_CONFIG_PATH and the course folder that `make lab COURSE_LANG=<lang>` starts
    jupyter lab with (read from `make -n`, the Makefile's own expansion)."""
    out = subprocess.run(["make", "-n", "-s", "lab", f"COURSE_LANG={lang}"], cwd=REPO, capture_output=True,
                         text=True, timeout=60).stdout
    m = re.search(r'JUPYTER_CONFIG_PATH="([^"]+)"[^\n]*jupyter lab', out)
    assert m, f"`make lab` does not start jupyter lab with JUPYTER_CONFIG_PATH:\n{out[-2000:]}"
    url = re.search(r"default_url=/lab/tree/(\S+)", out)
    assert url, f"`make lab` opens no course folder:\n{out[-2000:]}"
    return m.group(1), url.group(1)


class StudentLab(LabServer):
    """JupyterLab as `make lab` starts it: the Makefile's JUPYTER_CONFIG_PATH, and no settings
    written for it (LabServer's own switch-off of the news prompt is left out: the config alone
    must keep it away)."""

    lang = "en"

    def _env(self) -> dict:
        return dict(super()._env(), JUPYTER_CONFIG_PATH=_make_lab(self.lang)[0])

    def _write_settings(self) -> None:
        pass


def _started(cls, tmp_path_factory, name: str):
    """A lab of class ``cls`` on a throwaway copy of the course, started (stop it after use)."""
    base = tmp_path_factory.mktemp(f"e2e-{name}")
    root = build_course_root(base / "root", base / "workspace")
    return cls(root, base / "workspace", base / "jupyter", ARTIFACTS / f"lab-{name}.log").start()


@pytest.fixture
def student_lab(browser, tmp_path_factory):
    server = _started(StudentLab, tmp_path_factory, "student-lab")
    yield server
    server.stop()


def _status(server: LabServer, path: str) -> int:
    req = urllib.request.Request(server.url + path, headers={"Authorization": f"token {server.token}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_student_lab_has_no_instructor_tools_nor_news_prompt(page, student_lab):
    """`make lab`'s config: Formgrader, Create Assignment and Course List are gone from the lab and
    the formgrader from the server; the Assignment List and Validate stay; no news prompt."""
    aid = "02_leaf_tensors_and_graphs"
    shots = Shots(page, "student-lab")
    nb = Notebook(page, student_lab, f"course/{aid}/{aid}.ipynb").open()
    assert nb.cells.count() == len(nb.nb["cells"])
    assert page.locator(".jp-NotebookPanel .validate-button").count() >= 1, \
        "the student's Validate button is missing"
    # The news prompt comes as a toast once the lab is restored: it would be up by now, the
    # notebook's kernel having started meanwhile.
    assert page.get_by_text(re.compile("Jupyter news", re.I)).count() == 0, \
        "the 'get notified about official Jupyter news?' prompt is shown"
    assert page.locator("[data-id='nbgrader-create_assignemnt']").count() == 0, \
        "the Create Assignment panel is in the sidebar"   # (sic: nbgrader's widget id)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Nbgrader$")).first.click()
    items = [t.strip() for t in page.locator(".lm-Menu-item:visible .lm-Menu-itemLabel").all_text_contents()]
    shots.take("nbgrader-menu", publish_as="student-lab")
    page.keyboard.press("Escape")
    assert "Assignment List" in items, f"the Nbgrader menu lost the student's Assignment List: {items}"
    for item in ("Formgrader", "Formgrader (local)", "Course List", "Create assignment"):
        assert item not in items, f"the Nbgrader menu offers {item!r}: {items}"
    assert _status(student_lab, "/formgrader") == 404, "the formgrader server extension is loaded"


# -- the Chinese edition: `make lab COURSE_LANG=zh_CN` ----------------------------------------------

class ChineseLab(StudentLab):
    lang = "zh_CN"


@pytest.fixture
def chinese_lab(browser, tmp_path_factory):
    server = _started(ChineseLab, tmp_path_factory, "student-zh")
    yield server
    server.stop()


def test_chinese_edition_renders_and_speaks_chinese(page, chinese_lab):
    """A Chinese notebook in the lab `make lab COURSE_LANG=zh_CN` starts: JupyterLab's own menus in
    Chinese (jupyterlab-language-pack-zh-CN), every markdown cell rendered with its math typeset
    (no MathJax error, no raw `$$` left), and the first visible test failing with the Chinese
    message of the catalogue (the checks translate in the kernel)."""
    from autograd_checks.i18n import translate

    folder = _make_lab("zh_CN")[1]
    assert folder == "course-zh_CN", f"`make lab COURSE_LANG=zh_CN` opens {folder!r}"
    aid = "02_leaf_tensors_and_graphs"
    shots = Shots(page, "student-zh_CN")
    nb = Notebook(page, chinese_lab, f"{folder}/{aid}/{aid}.ipynb").open()
    data = nb.nb
    assert data["metadata"]["autograd_course"]["language"] == "zh_CN"
    labels = [t.strip() for t in page.locator(".lm-MenuBar-itemLabel").all_text_contents()]
    assert "运行" in labels and "编辑" in labels, f"JupyterLab's menus are not in Chinese: {labels}"

    nb.run_all()
    first_test = next(i for i, c in enumerate(data["cells"]) if _nbgrader(data, i).get("grade"))
    md = [i for i, c in enumerate(data["cells"]) if c["cell_type"] == "markdown"]
    for i in md:
        nb.scroll_to(i)
        html = nb.cell(i).locator(".jp-RenderedMarkdown").inner_html()
        text = nb.cell(i).locator(".jp-RenderedMarkdown").inner_text()
        assert re.search(r"[\u4e00-\u9fff]", text), f"markdown cell {i} is not in Chinese: {text[:200]!r}"
        assert "merror" not in html and "$$" not in text, f"markdown cell {i}: math did not typeset:\n{text[:400]}"
        if "$" in "".join(data["cells"][i]["source"]):
            assert "mjx-container" in html or "MathJax" in html, f"markdown cell {i}: no typeset math"
    nb.scroll_to(md[0])
    shots.take("opened", publish_as="student-notebook-zh_CN")

    assert nb.first_error_cell() == first_test
    msg = _last_error_line(nb.stderr(first_test))
    english = msg.split(": ", 1)[1]
    assert re.search(r"[\u4e00-\u9fff]", english), f"the visible test's message is not in Chinese: {msg!r}"
    nb.scroll_to(first_test, end=True)
    shots.take("visible-test-fails")
    assert translate("Hint", "zh_CN") != "Hint"   # (the catalogue the kernel used is complete)
