"""Fixtures shared by every test folder: one headless Chromium for the whole session (Playwright's
sync API allows one per thread, so the browser tests of tests/e2e and tests/grading share it)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from e2e_lab import browser_session  # noqa: E402


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """Debian's Chromium driven by Playwright, headless, with a fresh user-data-dir."""
    yield from browser_session(tmp_path_factory.mktemp("chromium-profile"))
