"""Headless Debian Chromium driven through chromedriver, for end-to-end tests; what each open
browser showed is saved when a browser test fails, and console errors fail the test."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator

import pytest

from tests.browser.browser_helpers import (
    FAILURES_DIR,
    STATE,
    fail_on_console_errors,
    save_failure,
)
from tests.conftest import need_service

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def start_chromium(name: str) -> Iterator[object]:
    """Start a headless Chromium with a profile of its own, known as ``name`` to the failure
    hook while it is open; quit it and remove the profile after."""
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        need_service("Debian's chromium and chromium-driver are not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # Keep the page's console messages for the console-error check and the failure folder.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    profile = tempfile.mkdtemp(prefix="chromium-")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=420,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(5)
    STATE.drivers[name] = driver
    try:
        yield driver
    finally:
        STATE.drivers.pop(name, None)
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """The browser most tests drive, kept open for the whole session (it starts in ~1 s)."""
    yield from start_chromium("browser")


@pytest.fixture
def second_browser() -> Iterator[object]:
    """A second browser for one test, for a second person working at the same time (its own
    cookies, its own page)."""
    yield from start_chromium("second-browser")


@pytest.fixture(scope="session", autouse=True)
def _live_server_closes_its_connections() -> Iterator[None]:
    """Let the live server's request threads close their database connections at the end of
    each request: with persistent connections (CONN_MAX_AGE) a finished thread's connection
    stayed open, and the test database could not be dropped after the run."""
    from django.db import connections

    old = connections.settings["default"].get("CONN_MAX_AGE", 0)
    connections.settings["default"]["CONN_MAX_AGE"] = 0
    yield
    connections.settings["default"]["CONN_MAX_AGE"] = old


@pytest.fixture(scope="session", autouse=True)
def _fresh_failures_dir() -> None:
    """Start each run with no failure folders of an earlier run (they would mislead)."""
    shutil.rmtree(FAILURES_DIR, ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_browser_state(request: pytest.FixtureRequest) -> Iterator[None]:
    """Give each browser test its own step count and console log; leave no page of it
    running (polling, loading) into the next test."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    STATE.start_test()
    for driver in STATE.drivers.values():
        driver.get_log("browser")
    yield
    for driver in list(STATE.drivers.values()):
        driver.get("about:blank")
        driver.get_log("browser")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a browser test that passed but left console errors (level SEVERE) in a browser."""
    result = yield
    if item.get_closest_marker("browser") is not None:
        fail_on_console_errors("during the test")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[object]:
    """Before the report of a failed browser test is written, save every open browser's
    screenshot, HTML and console log, and name their folder in the failure message."""
    excinfo = call.excinfo
    if (
        excinfo is not None
        and item.get_closest_marker("browser") is not None
        and not excinfo.errisinstance(pytest.skip.Exception)
    ):
        folder = save_failure(item.nodeid.removeprefix("tests/browser/"))
        if folder is not None:
            excinfo.value.add_note(f"Screenshots, HTML and console logs of the browsers: {folder}/")
    return (yield)
