"""The verdict of a real single-dummy quiz in a phone-sized browser: the line as tricks, the
revealed deal, nothing wider than the screen."""

from __future__ import annotations

import pytest

from tests.browser.browser_helpers import and_wait_for_next_page, open_as_new_visitor, overflow_px
from trainer.generation import store_quiz
from trainer.quizio import parse_line
from trainer.starter import read_lines
from trainer.wording import player_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("game", ["skat", "beyond", "five_hundred", "wiezen"])
def test_a_wrong_single_dummy_answer_shows_the_line_and_the_real_deal(
    browser, live_server, settings, game
):
    from selenium.webdriver.common.by import By

    settings.TRAIN_REFILL_BELOW = 0
    draft = next(
        d
        for d in map(parse_line, read_lines())
        if d.game == game and d.kind == "play" and d.mode == "single_dummy"
    )
    store_quiz(draft, None)
    wrong = next(c for c in draft.candidates if not c.accepted)
    open_as_new_visitor(browser, f"{live_server.url}/train/{game}/")
    button = browser.find_element(By.CSS_SELECTOR, f"button.choice[value='{wrong.answer}']")
    and_wait_for_next_page(browser, button.click)
    rows = browser.find_elements(By.CSS_SELECTOR, "table.line-tricks tbody tr")
    assert len(rows) == len(wrong.tricks)
    assert player_words(game, wrong.tricks[-1]["count"]) in rows[-1].text
    assert browser.find_element(By.ID, "why").text.startswith("In the example deal, after")
    revealed = browser.find_element(By.ID, "revealed-deal")
    assert "hidden hands revealed" in revealed.text
    assert overflow_px(browser) <= 0, "the verdict is wider than a 420 px phone screen"


@pytest.mark.parametrize(
    ("game", "question"), [("wiezen", "call"), ("beyond", "convention"), ("skat", "game")]
)
def test_a_bidding_verdict_says_why_in_players_words(
    browser, live_server, settings, game, question
):
    from selenium.webdriver.common.by import By

    settings.TRAIN_REFILL_BELOW = 0
    draft = next(
        d
        for d in map(parse_line, read_lines())
        if d.game == game and d.position.get("question") == question
    )
    store_quiz(draft, None)
    wrong = next(c for c in draft.candidates if not c.accepted)
    open_as_new_visitor(browser, f"{live_server.url}/train/{game}/")
    prompt = browser.find_element(By.ID, "quiz-prompt").text
    assert prompt == player_words(game, draft.prompt)
    button = browser.find_element(By.CSS_SELECTOR, f"button.choice[value='{wrong.answer}']")
    and_wait_for_next_page(browser, button.click)
    said = browser.find_element(By.ID, "why").text
    assert player_words(game, wrong.label) in said
    if draft.unit == "convention":
        assert said.startswith("Under the basic convention, ") and "not the call here" in said
    else:
        assert said.startswith(f"Over the {draft.samples} deals the trainer sampled")
        assert "sampling error" in said and "a deal more" in said
    assert overflow_px(browser) <= 0, "the verdict is wider than a 420 px phone screen"
