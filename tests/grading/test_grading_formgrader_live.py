"""The real Formgrader, in real Chromium, shows hostile submissions without running their script.

One workspace, graded by our pipeline (``python -m grading collect`` + ``autograde`` +
``feedback``), holds ``xss`` (attacks.XSS / XSS_CODE), ``xss_live`` (attacks.XSS_LIVE: markdown
with raw HTML; XSS_LIVE_CODE: every active output type the kernel can emit and the output fields
nbconvert writes into attributes; crafted notebook metadata, cell tags, an attachment, a raw HTML
cell, a fake graded cell), ``xss_crash`` (hostile outputs written into the file, then a kernel
death, so the grader keeps the submission's own outputs), ``xss_cell_id`` (a cell id that breaks
out of its attribute: refused at collect) and a student folder named with markup (refused too).
A ``jupyter lab`` with nbgrader's formgrader extension serves it on a free loopback port with a
token; Chromium, logged in as the instructor, opens every Formgrader page that shows student data
(the assignment list, the submission list, the gradebook's lists, the student list and each
student's pages, the manual grading view of every submission) and every feedback page, fires
hover/focus events on everything and clicks every ``javascript:``/``data:`` link. Every payload
runs ``attacks.probe``: it sets ``window.__xss``, logs to the console, and tries to create a file
through ``/api/contents`` and open a terminal with the page's own XSRF cookie. The tests assert
that no frame has the flag, no dialog or such console line appeared, no request to those endpoints
left a page, and the server holds no such file or terminal; a control runs the same probe as page
script and sees it succeed, so the check would catch a payload that ran. Screenshot:
test-artifacts/e2e/formgrader-live/ (copied to docs/screenshots/formgrader-hostile.png with
E2E_UPDATE_SCREENSHOTS=1).
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import time
import urllib.error
import urllib.parse

import pytest

import attacks
import fixture_course
from grading_helpers import REPO, grading_cli

sys.path.insert(0, str(REPO / "tests" / "e2e"))
from e2e_lab import ARTIFACTS, DOC_SHOTS, LabServer  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.e2e]
A = fixture_course.ASSIGNMENT
GRADED = {"xss", "xss_live", "xss_crash"}   # the hostile submissions collect lets in
SHOTS = ARTIFACTS / "formgrader-live"


@pytest.fixture(scope="module")
def live(browser, tmp_path_factory):
    """A graded workspace inside the course root (the repository's own layout:
    grading/workspace) and a running ``jupyter lab`` on it; stopped afterwards, also on failure."""
    seconds, t = {}, time.monotonic()

    def step(name, *args, **kw):
        nonlocal t
        grading_cli(*args, course=course, **kw)
        seconds[name], t = round(time.monotonic() - t, 1), time.monotonic()

    base = tmp_path_factory.mktemp("formgrader-live")
    root = base / "course-root"
    course = {"root": root, "workspace": root / "grading" / "workspace"}
    fixture_course.build(root)
    # The server's nbgrader reads the repository's config from its working directory (the root).
    (root / "nbgrader_config.py").write_text((REPO / "nbgrader_config.py").read_text())
    step("release", "release")
    inbox = base / "inbox"
    students = attacks.write_live(inbox, root / "course" / A / f"{A}.ipynb")
    step("collect", "collect", "--from", str(inbox))
    step("autograde", "autograde", "--workers", "2")
    step("feedback", "feedback")
    server = LabServer(root, course["workspace"], base / "jupyter", ARTIFACTS / "lab-formgrader-live.log")
    try:
        server.start()
        seconds["server"] = round(time.monotonic() - t, 1)
        print(f"\nformgrader-live set-up (s): {seconds}")
        yield {"server": server, "course": course, "students": students, "seconds": seconds,
               "visits": {}}
    finally:
        server.stop()


def _flags(page) -> list:
    """``window.__xss`` in every frame of the page (an iframe payload sets its parent's)."""
    found = []
    for frame in page.frames:
        try:
            v = frame.evaluate("() => window.__xss === undefined ? null : window.__xss")
        except Exception as e:  # noqa: BLE001  (a frame that navigated away: say so, do not hide it)
            v = f"unreadable frame {frame.url[:80]}: {type(e).__name__}"
        if v is not None:
            found.append(v)
    return found


# Events a payload could react to, fired on every element the page shows (no navigation).
_POKE = """() => {
    for (const e of document.querySelectorAll('body *')) {
        for (const t of ['mouseover', 'mouseenter', 'focus', 'toggle', 'animationstart'])
            e.dispatchEvent(new Event(t));
    }
    return document.querySelectorAll('body *').length;
}"""


def _visit(browser, server, path: str) -> dict:
    """Open ``path`` in a new tab as the logged-in instructor, poke it, click its script links;
    returns what ran (a tab per page: a sandboxed page must not be the next one's opener)."""
    page = browser.new_page()
    page.set_default_timeout(60_000)
    events: list[str] = []
    page.on("dialog", lambda d: (events.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("console", lambda m: events.append(f"console: {m.text}") if "__xss" in m.text else None)
    page.on("request", lambda r: events.append(f"request: {r.method} {r.url}")
            if "/api/contents/pwned" in r.url or "/api/terminals" in r.url else None)
    try:
        # As if clicked in the server's own pages (Jupyter wants a same-origin Referer for /files/).
        response = page.goto(server.url + path, wait_until="load", referer=server.url + "/lab")
        try:
            page.wait_for_load_state("networkidle", timeout=10_000)
        except Exception:  # noqa: BLE001  (a page that keeps polling is still checked below)
            pass
        page.evaluate(_POKE)
        for link in page.locator("a[href]").all()[:100]:
            href = (link.get_attribute("href") or "").strip().lower()
            if href.startswith(("javascript", "data:", "vbscript")):
                try:
                    link.click(timeout=1000)
                except Exception:  # noqa: BLE001  (hidden or detached links)
                    pass
        page.wait_for_timeout(300)
        shot = None
        marker = page.locator(".text_cell_render", has_text="click me")
        if "/formgrader/submissions/" in path and marker.count():
            marker.first.scroll_into_view_if_needed()
            SHOTS.mkdir(parents=True, exist_ok=True)
            shot = SHOTS / "grading-view-xss_live.png"
            page.screenshot(path=str(shot))
        return {"path": path, "status": response.status if response else None, "flags": _flags(page),
                "events": events, "text": page.locator("body").inner_text(), "shot": shot}
    finally:
        page.close()


def _submission_ids(server) -> dict[str, str]:
    rows = server.api("GET", f"/formgrader/api/submitted_notebooks/{A}/{A}")
    return {r["student"]: r["id"] for r in rows}


def test_formgrader_pages_run_no_student_script(live, browser):
    server, course = live["server"], live["course"]
    ids = _submission_ids(server)
    assert set(ids) == GRADED, f"the gradebook should hold exactly {sorted(GRADED)}: {sorted(ids)}"
    login = browser.new_page()
    login.goto(f"{server.url}/formgrader?token={server.token}")   # the token logs in (a cookie)
    login.close()
    paths = ["/formgrader/manage_assignments", f"/formgrader/manage_submissions/{A}",
             "/formgrader/gradebook", f"/formgrader/gradebook/{A}", f"/formgrader/gradebook/{A}/{A}",
             "/formgrader/manage_students"]
    ws = course["workspace"].relative_to(course["root"])
    for s in sorted(ids):
        paths += [f"/formgrader/manage_students/{urllib.parse.quote(s)}",
                  f"/formgrader/manage_students/{urllib.parse.quote(s)}/{A}",
                  f"/formgrader/submissions/{ids[s]}/"]
        if (course["workspace"] / "feedback" / s / A / f"{A}.html").is_file():
            paths.append(f"/files/{ws}/feedback/{s}/{A}/{A}.html")
    visits = live["visits"]
    for p in paths:
        visits[p] = _visit(browser, server, p)
    bad = {p: v["status"] for p, v in visits.items() if v["status"] != 200}
    assert not bad, f"pages the instructor could not open: {bad}"
    ran = {p: (v["flags"], v["events"]) for p, v in visits.items() if v["flags"] or v["events"]}
    assert not ran, f"student script ran in the Formgrader: {ran}"
    # The pages really showed the hostile notebooks (so the checks above looked at something).
    view = visits[f"/formgrader/submissions/{ids['xss_live']}/"]["text"]
    assert "click me" in view and "output removed by the grader" in view, view[-2000:]
    crash = visits[f"/formgrader/submissions/{ids['xss_crash']}/"]["text"]
    assert "output removed by the grader: application/javascript" in crash, crash[-2000:]
    fb = [v["text"] for p, v in visits.items() if p.startswith("/files/") and "/xss_live/" in p]
    assert fb and "Grader:" in fb[0], f"the feedback page of xss_live: {fb}"
    shots = [v["shot"] for v in visits.values() if v["shot"]]
    assert shots, "no screenshot of the grading view of xss_live"
    if os.environ.get("E2E_UPDATE_SCREENSHOTS") == "1":
        shutil.copy(shots[0], DOC_SHOTS / "formgrader-hostile.png")


def test_hostile_names_never_reach_the_formgrader(live):
    """The markup student id and the markup cell id are refused at collect; the others are graded
    (the crashed one by the re-check) and listed with their scores."""
    server = live["server"]
    students = {s["id"] for s in server.api("GET", "/formgrader/api/students")}
    assert students == GRADED, students
    issues = {i["student"]: i["reason"] for i in
              json.loads((live["course"]["workspace"] / "recheck" / "collect-issues.json").read_text())}
    assert issues == {attacks.HOSTILE_STUDENT: "bad-student-id", "xss_cell_id": "not-a-notebook"}, issues
    report = {r["student"]: r for r in json.loads(grading_cli("report", "--format", "json",
                                                              course=live["course"]).stdout)}
    assert report["xss_crash"]["score"] == 6 and "kernel-died" in report["xss_crash"]["flags"], report["xss_crash"]
    assert all(report[s]["score"] == 6 for s in GRADED), {s: report[s]["score"] for s in GRADED}


def _api_effects(server) -> list[str]:
    root = server.api("GET", "/api/contents")
    found = [c["name"] for c in root.get("content", []) if c["name"].startswith("pwned")]
    found += [str(p) for p in server.root.rglob("pwned-*")]
    try:
        found += [f"terminal {t['name']}" for t in server.api("GET", "/api/terminals")]
    except urllib.error.HTTPError as e:   # terminals switched off: nothing can open one either
        if e.code != 404:
            raise
    return found


def test_no_payload_reached_the_jupyter_api(live):
    assert live["visits"], "the page visits did not run (test_formgrader_pages_run_no_student_script)"
    effects = _api_effects(live["server"])
    assert not effects, f"a payload reached the instructor's Jupyter API: {effects}"


def test_control_page_script_would_reach_the_api(live, browser):
    """Control: the probe, run as the Formgrader page's own script, does create the file, so
    the test above would see a payload that ran."""
    server = live["server"]
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/formgrader/manage_assignments?token={server.token}")
        page.evaluate(f"() => {{ {attacks.probe(99)} }}")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and "pwned-99.txt" not in _api_effects(server):
            time.sleep(0.3)
        effects = _api_effects(server)
    finally:
        page.close()
    try:
        assert "pwned-99.txt" in effects, f"the probe did not work as page script: {effects}"
    finally:
        try:
            server.api("DELETE", "/api/contents/pwned-99.txt")
        except urllib.error.HTTPError:
            pass
        for t in [e.split()[1] for e in effects if e.startswith("terminal ")]:
            server.api("DELETE", f"/api/terminals/{t}")
