"""The browser tests' own machinery: a console error fails the step it happened in, naming
it, and a failure leaves every open browser's screenshot, HTML and console log behind."""

from __future__ import annotations

import pytest

from tests.browser import browser_helpers
from tests.browser.browser_helpers import save_failure, step

pytestmark = [pytest.mark.browser]


def test_a_console_error_fails_the_step_and_names_it(browser):
    browser.get("data:text/html,<title>calm</title><h1>calm</h1>")
    with step("a quiet page"):
        browser.find_element("tag name", "h1")
    with pytest.raises(AssertionError) as failed, step("a page whose script fails"):
        browser.execute_script("console.error('the grid could not be read')")
    message = str(failed.value)
    assert "console errors during step 2 'a page whose script fails'" in message
    assert "the grid could not be read" in message
    assert "The failing step: step 2 'a page whose script fails'." in failed.value.__notes__


def test_a_failure_saves_each_open_browser_named_after_the_step(browser, tmp_path, monkeypatch):
    monkeypatch.setattr(browser_helpers, "FAILURES_DIR", tmp_path)
    browser.get("data:text/html,<title>saved</title><h1 id=mark>the page at the failure</h1>")
    browser.execute_script("console.warn('a warning worth keeping')")
    with pytest.raises(AssertionError), step("the step that fails"):
        raise AssertionError("wrong verdict")
    folder = save_failure("test_journey.py::test_one")
    assert folder == tmp_path / "test_journey.py-test_one"
    stem = folder / "step-1-the-step-that-fails-browser"
    assert stem.with_suffix(".png").read_bytes().startswith(b"\x89PNG")
    assert 'id="mark"' in stem.with_suffix(".html").read_text()
    assert "a warning worth keeping" in stem.with_suffix(".console.txt").read_text()
    (folder / "stale.png").write_bytes(b"old")
    save_failure("test_journey.py::test_one")
    assert not (folder / "stale.png").exists(), "an older failure's files were left beside"
