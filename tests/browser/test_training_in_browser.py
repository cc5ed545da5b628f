"""A visitor answers a quiz with the keyboard, signs up, and finds the attempt on the dashboard."""

from __future__ import annotations

import pytest

from tests.browser.browser_helpers import and_wait_for_next_page, open_as_new_visitor, overflow_px
from tests.learner.learner_helpers import PASSWORD, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tab_to_first_choice(browser) -> object:
    """Press Tab from the top of the page until a quiz choice has the focus; return it."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for _ in range(40):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        if "choice" in (active.get_attribute("class") or "").split():
            return active
    pytest.fail("no quiz choice can be reached with the Tab key")


def test_a_visitor_answers_by_keyboard_signs_up_and_sees_the_attempt(
    browser, live_server, settings
):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    settings.TRAIN_REFILL_BELOW = 0
    for n in range(1, 4):
        store_quiz(wiezen_draft(n), None)
    open_as_new_visitor(browser, f"{live_server.url}/train/wiezen/")
    assert overflow_px(browser) <= 0, "the quiz page is wider than a 420 px phone screen"

    choice = tab_to_first_choice(browser)
    picked = choice.get_attribute("value")
    and_wait_for_next_page(browser, ActionChains(browser).send_keys(Keys.ENTER).perform)
    verdict = browser.find_element(By.ID, "verdict").text
    assert verdict.startswith(("Right", "Not the best"))

    sign_up = browser.find_element(By.PARTIAL_LINK_TEXT, "Sign up to keep")
    and_wait_for_next_page(browser, sign_up.click)
    browser.find_element(By.NAME, "username").send_keys("vera")
    browser.find_element(By.NAME, "email").send_keys("vera@example.org")
    browser.find_element(By.NAME, "password1").send_keys(PASSWORD)
    browser.find_element(By.NAME, "password2").send_keys(PASSWORD)
    submit = browser.find_element(By.CSS_SELECTOR, "form.account-form button[type=submit]")
    and_wait_for_next_page(browser, submit.click)

    assert browser.find_element(By.TAG_NAME, "h1").text == "Your progress"
    attempts = browser.find_element(By.CSS_SELECTOR, "#progress-wiezen .attempts").text
    assert attempts == "1"
    attempt = Attempt.objects.get()
    assert attempt.user.username == "vera" and attempt.answer == picked
    browser.get("about:blank")  # leave no request of this page running into the next test
