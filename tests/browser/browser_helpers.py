"""Helpers for the end-to-end tests."""

from __future__ import annotations


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


def overflow_px(browser) -> int:
    """Return how many pixels the page is wider than the window (0 or less: it fits)."""
    return browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


def open_as_new_visitor(browser, url: str) -> None:
    """Open ``url`` with no cookies, as someone who has never visited the site."""
    browser.get(url)
    browser.delete_all_cookies()
    browser.get(url)
