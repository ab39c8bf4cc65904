"""Student HTML never runs in a browser: the feedback page and the Formgrader's view of a
submission carrying every payload of attacks.XSS / XSS_CODE, opened in real Chromium."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import attacks
import fixture_course
from grading_helpers import REPO, grading_cli

sys.path.insert(0, str(REPO / "tests" / "e2e"))
from e2e_lab import ARTIFACTS  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.e2e]
A = fixture_course.ASSIGNMENT


@pytest.fixture
def chromium(browser):
    """The session's Chromium (tests/conftest.py)."""
    return browser


def _formgrade_html(notebook: Path) -> str:
    """The page the Formgrader serves for a submission: nbgrader's own exporter and template."""
    from nbconvert.exporters import HTMLExporter
    from nbgrader.server_extensions.formgrader import handlers
    from traitlets.config import Config
    c = Config()
    c.HTMLExporter.template_name = "formgrade"
    c.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    resources = {"assignment_id": A, "notebook_id": A, "submission_id": "x", "index": 0, "total": 1,
                 "base_url": "", "student": "xss", "last_name": None, "first_name": None,
                 "notebook_path": str(notebook)}
    return HTMLExporter(config=c).from_filename(str(notebook), resources=resources)[0]


def _run_page(chromium, html_path: Path, shot: str) -> tuple[object, list[str]]:
    page = chromium.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(html_path.as_uri())
    page.wait_for_timeout(1500)
    for link in page.locator("a").all()[:50]:   # a javascript: link would run when clicked
        try:
            href = link.get_attribute("href") or ""
            if href.strip().lower().startswith(("javascript", "data:text")):
                link.click(timeout=1000)
        except Exception:  # noqa: BLE001  (hidden or detached links)
            pass
    flag = page.evaluate("() => window.__xss || null")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
    page.close()
    return flag, dialogs


def test_payloads_are_present_before_sanitizing(graded):
    """The attack really is in the submission (so the next tests test something)."""
    sub = (graded["course"]["workspace"] / "submitted" / "xss" / A / f"{A}.ipynb").read_text()
    assert "onerror" in sub and "javascript:" in sub


def test_feedback_runs_no_student_script(graded, chromium, tmp_path):
    course = graded["course"]
    grading_cli("feedback", "--student", "xss", course=course)
    page = course["workspace"] / "feedback" / "xss" / A / f"{A}.html"
    html = page.read_text()
    flag, dialogs = _run_page(chromium, page, "xss-feedback.png")
    assert flag is None and not dialogs, f"student script ran in the feedback page: __xss={flag}, dialogs={dialogs}"
    assert "Grader: 1 / 1 points" in html  # the verdicts are on the page


def test_formgrader_view_runs_no_student_script(graded, chromium, tmp_path):
    nb = graded["course"]["workspace"] / "autograded" / "xss" / A / f"{A}.ipynb"
    out = tmp_path / "formgrade.html"
    out.write_text(_formgrade_html(nb))
    flag, dialogs = _run_page(chromium, out, "xss-formgrader.png")
    assert flag is None and not dialogs, f"student script ran in the Formgrader view: __xss={flag}, dialogs={dialogs}"


def test_unsanitized_render_would_run_it(graded, chromium, tmp_path):
    """Control: the same page made from the raw submission does run the script, so the two
    tests above would catch a sanitizer that stopped working."""
    raw = graded["course"]["workspace"] / "submitted" / "xss" / A / f"{A}.ipynb"
    out = tmp_path / "raw.html"
    out.write_text(_formgrade_html(raw))
    flag, _ = _run_page(chromium, out, "xss-unsanitized-control.png")
    assert flag is not None
