"""A visitor answers a Skat discard by ticking two cards of the hand (one by keyboard) and
sees the verdict."""

from __future__ import annotations

import pytest

from tests.browser.browser_helpers import (
    and_wait_for_next_page,
    open_as_new_visitor,
    overflow_px,
    tab_to,
)
from tests.learner.learner_helpers import skat_discard_draft
from trainer.generation import store_quiz
from trainer.models import Attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_picks_two_cards_to_lay_away_and_sees_the_feedback(
    browser, live_server, settings
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    settings.TRAIN_REFILL_BELOW = 0
    draft = skat_discard_draft(1)
    store_quiz(draft, None)
    best = next(c for c in draft.candidates if c.accepted).answer
    open_as_new_visitor(browser, f"{live_server.url}/train/skat/")
    assert overflow_px(browser) <= 0, "the card picker is wider than a 420 px phone screen"

    boxes = browser.find_elements(By.CSS_SELECTOR, "form.picker input[name=card]")
    assert len(boxes) == 12
    submit = browser.find_element(By.CSS_SELECTOR, "form.picker .pick-submit")
    assert not submit.is_enabled(), "the answer button waits for two cards"
    first, second = best.split()
    labels = {
        box.get_attribute("value"): box.find_element(By.XPATH, "./ancestor::label") for box in boxes
    }
    # The first card by keyboard (Tab to its box, Space), in the other order than stored.
    tab_to(browser, f"form.picker input[name=card][value='{second}']").send_keys(Keys.SPACE)
    assert not submit.is_enabled()
    status = browser.find_element(By.CSS_SELECTOR, "[data-pick-status]").text
    assert status == "1 of 2 chosen"
    labels[first].click()
    assert submit.is_enabled()
    status = browser.find_element(By.CSS_SELECTOR, "[data-pick-status]").text
    assert status == "2 of 2 chosen"
    and_wait_for_next_page(browser, submit.click)

    verdict = browser.find_element(By.ID, "verdict").text
    assert verdict.startswith("Right.")
    assert "Best: 61 card points for your side." in verdict
    rows = browser.find_elements(By.CSS_SELECTOR, "table.values tbody tr")
    assert len(rows) == 66
    chosen = browser.find_element(By.CSS_SELECTOR, "table.values tr.chosen")
    assert "best" in chosen.get_attribute("class").split()
    assert Attempt.objects.get().answer == best
