"""Helpers for the end-to-end tests: named steps, the open browsers, console errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# Gitignored (.run/): what the browsers showed when a browser test failed, one folder a test.
FAILURES_DIR = ROOT / ".run" / "browser-failures"


@dataclass
class BrowserState:
    """The browsers open now (by name) and the step the running test is in."""

    drivers: dict[str, Any] = field(default_factory=dict)
    step_number: int = 0
    step_name: str = ""

    def start_test(self) -> None:
        self.step_number, self.step_name = 0, ""


STATE = BrowserState()


def console_errors(driver) -> list[str]:
    """Return the console messages of level SEVERE logged since the last call (and drain the
    log, so each message is reported once)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def fail_on_console_errors(where: str) -> None:
    """Fail if any open browser logged a console error (level SEVERE) since the last check."""
    found = [f"{name}: {msg}" for name, d in STATE.drivers.items() for msg in console_errors(d)]
    assert not found, f"console errors {where}:\n" + "\n".join(found)


@contextmanager
def step(name: str) -> Iterator[None]:
    """Run one named step of a journey: a failure inside it, or a console error logged during
    it, names the step (and the failure hook of conftest.py names its screenshots after it)."""
    STATE.step_number += 1
    STATE.step_name = name
    label = f"step {STATE.step_number} '{name}'"
    try:
        yield
        fail_on_console_errors(f"during {label}")
    except BaseException as exc:
        exc.add_note(f"The failing step: {label}.")
        raise


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.]+", "-", text).strip("-")[:120] or "test"


def save_failure(test_name: str) -> Path | None:
    """Save a screenshot, the HTML and the console log of every open browser into a folder of
    the failing test (under FAILURES_DIR, emptied first); return the folder, or None when no
    browser is open."""
    if not STATE.drivers:
        return None
    folder = FAILURES_DIR / slug(test_name)
    if folder.exists():
        for old in folder.iterdir():
            old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"step-{STATE.step_number}-{slug(STATE.step_name)}" if STATE.step_name else "test"
    for name, driver in STATE.drivers.items():
        base = folder / f"{stem}-{name}"
        try:
            driver.save_screenshot(str(base.with_suffix(".png")))
            page = f"<!-- {driver.current_url} -->\n{driver.page_source}"
            base.with_suffix(".html").write_text(page, encoding="utf-8")
            log = "\n".join(f"{e['level']} {e['message']}" for e in driver.get_log("browser"))
            base.with_suffix(".console.txt").write_text(log, encoding="utf-8")
        except Exception as exc:  # a crashed browser: say so beside the others' pages
            base.with_suffix(".error.txt").write_text(f"{type(exc).__name__}: {exc}")
    return folder


def and_wait_for_next_page(browser, action) -> None:
    """Do ``action`` (a click or key press that loads a page) and wait until the old page is
    gone, so the next lookup cannot find an element of the page being left."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    old = browser.find_element(By.TAG_NAME, "html")
    action()
    # While the old document is torn down Chrome may answer the staleness probe with an
    # "unhandled inspector error" (node no longer in the document) instead of a stale
    # element error: that is the page going away too, so poll again rather than fail.
    wait = WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,))
    wait.until(expected_conditions.staleness_of(old))


def fill_and_submit(browser, form_id: str, fields: dict[str, str]) -> None:
    """Fill the form's fields by name (typing, picking an option, ticking a box with the space
    bar) and press its submit button; wait for the page it loads."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    form = browser.find_element(By.ID, form_id)
    for name, value in fields.items():
        box = form.find_element(By.NAME, name)
        if box.tag_name == "select":
            Select(box).select_by_value(value)
        elif box.get_attribute("type") == "checkbox":
            if box.is_selected() != bool(value):
                box.send_keys(Keys.SPACE)
        else:
            box.clear()
            box.send_keys(value)
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    and_wait_for_next_page(browser, button.click)


def tab_to(browser, css: str, presses: int = 60) -> object:
    """Press Tab (from the top of a page just loaded) until an element matching ``css`` has
    the focus, as someone using the keyboard would; return it (fail when Tab never gets
    there)."""
    import pytest
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for _ in range(presses):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        if browser.execute_script("return arguments[0].matches(arguments[1])", active, css):
            return active
    pytest.fail(f"the Tab key never reaches {css} on {browser.current_url}")


def overflow_px(browser) -> int:
    """Return how many pixels the page is wider than the window (0 or less: it fits)."""
    return browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


def open_as_new_visitor(browser, url: str) -> None:
    """Open ``url`` with no cookies, as someone who has never visited the site."""
    browser.get(url)
    browser.delete_all_cookies()
    browser.get(url)
