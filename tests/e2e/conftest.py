"""Fixtures of the browser tests: a fresh page per test (the session's Chromium is in tests/conftest.py).

A failing test leaves test-artifacts/e2e/FAILED-<test>.png (the page at the moment it failed) and
FAILED-<test>.txt (its URL and the browser console), beside the step screenshots of each test
(test-artifacts/e2e/<path>-<id>/NN-<step>.png) and the servers' logs (lab-*.log).
"""
from __future__ import annotations

import re

import pytest

from e2e_lab import ARTIFACTS


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    return rep


@pytest.fixture
def page(browser, request):
    """A new tab; screenshot on failure, closed afterwards."""
    pg = browser.new_page()
    pg.set_default_timeout(60_000)   # a loaded 2-core machine: JupyterLab can take a while to paint
    console = []
    pg.on("console", lambda m: console.append(f"console.{m.type}: {m.text}"))
    pg.on("pageerror", lambda e: console.append(f"page error: {e}"))
    pg.on("requestfailed", lambda r: console.append(f"request failed: {r.method} {r.url} {r.failure}"))
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "-", request.node.name).strip("-")
        (ARTIFACTS / f"FAILED-{name}.txt").write_text(f"url: {pg.url}\n" + "\n".join(console) + "\n")
        try:
            pg.screenshot(path=str(ARTIFACTS / f"FAILED-{name}.png"))
        except Exception as e:  # noqa: BLE001  (a crashed page must not hide the test's own error)
            print(f"could not take the failure screenshot: {e}")
    pg.close()
