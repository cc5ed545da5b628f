"""Every fact a quiz's prompt leans on is drawn on the quiz page, for each game and kind.

One real quiz of every game and kind is taken from the starter bank (the one a learner meets
first on a fresh clone), made again from its seed, stored alone, and opened in headless
Chromium. The expected facts are
read straight from the stored position, not from the code that draws them: the contract in
words, the running score (Skat card points, Beyond targets and tricks, 500 and Kleurenwiezen
tricks and what is needed), the auction as one column per seat, and the hand in the order the
game's players hold it, jokers drawn as jokers.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scripts.screenshots import PICKS, _question
from tests.browser.browser_helpers import open_as_new_visitor, overflow_px
from trainer.generation import store_quiz
from trainer.quizio import draft_to_json, open_bank, parse_line
from trainer.starter import STARTER_BANK
from trainer.wording import player_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEAT_WORDS = {
    "0": "Forehand",
    "1": "Middlehand",
    "2": "Rearhand",
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SKAT_SUITS = "CSHD"
GAME_WORDS = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}


def _has_jokers(quiz: dict[str, Any]) -> bool:
    pos = quiz["position"]
    return any(c.startswith("X") for c in pos["hands"][str(pos["seat"])])


def starter_quiz(game: str, kind: str) -> dict[str, Any]:
    """Store the first fitting starter quiz as the shipped bank holds it (read and checked
    by the strict importer, so its position is the typed record) and return it in the
    exchange form."""
    pick = PICKS[(game, kind)]
    with open_bank(STARTER_BANK) as lines:
        for line in lines:
            stored = json.loads(line)
            if stored["game"] == game and stored["kind"] == kind and pick(stored):
                draft = parse_line(line)
                store_quiz(draft, None)
                return draft_to_json(draft)
    pytest.fail(f"the starter bank has no {game} {kind} quiz to show")


def text_of(browser, css: str) -> str:
    from selenium.webdriver.common.by import By

    return " ".join(e.text for e in browser.find_elements(By.CSS_SELECTOR, css))


def score_rows(browser) -> list[str]:
    from selenium.webdriver.common.by import By

    return [r.text for r in browser.find_elements(By.CSS_SELECTOR, "table.scoreboard tbody tr")]


def own_hand(browser) -> list[str]:
    """Return the learner's hand as drawn: the spoken name of every card, in order."""
    from selenium.webdriver.common.by import By

    figure = browser.find_element(By.XPATH, "//h2[text()='Your hand']/following-sibling::figure[1]")
    return [c.get_attribute("aria-label") for c in figure.find_elements(By.CSS_SELECTOR, ".card")]


RANK_WORDS = {"ace": "A", "ten": "T", "king": "K", "queen": "Q", "jack": "J", "nine": "9"}
RANK_WORDS.update({"eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4"})
RANK_WORDS.update({"three": "3", "two": "2"})


def token_of(name: str) -> str:
    """Turn a drawn card's name ('ten of hearts', 'joker') back into a token ('HT', 'X')."""
    name = name.split(" (")[0]
    if name.startswith("joker"):
        return "X"
    rank, _of, suit = name.split()
    return suit[0].upper() + RANK_WORDS[rank]


def check_skat_order(tokens: list[str], game: str | None) -> None:
    """Fail unless a Skat hand is in Skat order for ``game`` (None: not yet declared)."""
    if game == "null":
        ranks = "AKQJT987"
        keys = [(SKAT_SUITS.index(t[0]), ranks.index(t[1])) for t in tokens]
        assert keys == sorted(keys), f"not in null order: {tokens}"
        return
    jacks = [t for t in tokens if t[1] == "J"]
    assert tokens[: len(jacks)] == jacks, f"the jacks are not first: {tokens}"
    assert jacks == sorted(jacks, key=lambda t: SKAT_SUITS.index(t[0])), f"jacks: {jacks}"
    rest = tokens[len(jacks) :]
    trump = GAME_WORDS.get(game or "")
    if trump:
        trumps = [t for t in rest if t[0] == trump]
        assert rest[: len(trumps)] == trumps, f"the trump suit does not follow the jacks: {tokens}"
    ranks = "ATKQ987"
    for suit in SKAT_SUITS:
        held = [t for t in rest if t[0] == suit]
        assert held == sorted(held, key=lambda t: ranks.index(t[1])), f"{suit}: {held}"
        places = [rest.index(t) for t in held]
        assert places == list(range(min(places, default=0), min(places, default=0) + len(held)))


def check_auction(browser, quiz: dict[str, Any]) -> None:
    """Fail unless the auction is a grid: one column per seat in calling order, every call."""
    from selenium.webdriver.common.by import By

    pos = quiz["position"]
    calls = pos.get("auction") or []
    if not calls:
        return
    grid = browser.find_element(By.CSS_SELECTOR, "table.auction")
    heads = [th.text.split(" (")[0] for th in grid.find_elements(By.CSS_SELECTOR, "thead th")]
    if quiz["game"] == "skat":
        expected = ["Forehand", "Middlehand", "Rearhand"]
    else:
        seats = "NESW"
        first = seats[(seats.index(pos["dealer"]) + 1) % 4] if pos.get("dealer") else calls[0][0]
        at = seats.index(first)
        expected = [SEAT_WORDS[s] for s in seats[at:] + seats[:at]]
    assert heads == expected
    cells = [td.text for td in grid.find_elements(By.CSS_SELECTOR, "tbody td") if td.text]
    assert len(cells) == len(calls), f"{len(calls)} calls but the grid shows {cells}"
    for (_seat, call), cell in zip(calls, cells, strict=True):
        bid = re.fullmatch(r"(\d+)([SHDC])", call)
        if bid:
            assert cell == bid[1] + SYMBOLS[bid[2]], f"{call} drawn as {cell!r}"


def check_facts(browser, quiz: dict[str, Any]) -> None:
    """Fail unless the facts of the stored position are drawn (per game)."""
    pos = quiz["position"]
    game, seat = quiz["game"], str(pos["seat"])
    contract = pos.get("contract") or {}
    shown = text_of(browser, "[data-fact=contract]")
    assert shown and shown.lower() != "contract", f"contract drawn as {shown!r}"
    rows = score_rows(browser)
    if game == "skat":
        if contract.get("game"):
            assert contract["game"].capitalize() in shown and f"bid {contract['bid']}" in shown
            score = pos["score_so_far"]
            declarer = SEAT_WORDS[str(contract["declarer"])]
            row = next(r for r in rows if r.startswith(f"Declarer: {declarer}"))
            assert f" {score['declarer']} " in f" {row} " and "61" in row
            other = next(r for r in rows if r.startswith("Defenders"))
            assert f" {score['defenders']} " in f" {other} " and "60" in other
        else:
            assert f"Not yet declared, bid {contract['bid']}" in shown
        if _question(quiz) == "game":
            skat = pos["skat"]
            marked = [token_of(n) for n in own_hand(browser) if "from the skat" in n]
            assert sorted(marked) == sorted(skat)
            notes = text_of(browser, "button.choice .choice-note")
            assert notes.count("laying away") == len(quiz["candidates"])
    elif game == "beyond":
        level = re.fullmatch(r"(\d+)([SHDC]|NT)", contract["bid"])
        assert level is not None
        strain = SYMBOLS.get(level[2], " NT")
        assert f"{level[1]}{strain} by {SEAT_WORDS[contract['declarer']]}" in shown
        declared = dict(pos.get("declarations") or []) or contract["targets"]
        won = (pos.get("tricks_won") or {}) if pos.get("tricks_played") else {}
        for s in "NESW":
            row = next(r for r in rows if r.startswith(SEAT_WORDS[s]))
            cells = row.split()
            if s in declared:
                assert str(declared[s]) in cells, f"{s} declared {declared[s]}: {row!r}"
            if won:
                assert str(won.get(s, 0)) in cells, f"{s} won {won.get(s, 0)}: {row!r}"
        if _question(quiz) == "declaration" and len(declared) == 3:
            barred = 13 - sum(declared.values())
            assert f"so {barred} is barred" in text_of(browser, "[data-fact=note]")
            offered = {c["answer"] for c in quiz["candidates"]}
            assert str(barred) not in offered
    elif game == "five_hundred":
        level = re.fullmatch(r"(\d+)([SHDC]|NT)", contract["bid"])
        assert level is not None and level[1] in shown
        assert SEAT_WORDS[contract["declarer"]] in shown
        if "tricks_needed" in contract:
            row = next(r for r in rows if r.startswith("Declaring side"))
            assert str(contract["tricks_needed"]) in row.split()
        if _question(quiz) == "kitty":
            marked = [token_of(n) for n in own_hand(browser) if "from the kitty" in n]
            assert sorted(marked) == sorted(pos["kitty"])
    elif game == "wiezen" and contract:
        assert f"{contract['target']} tricks" in shown
        row = next(r for r in rows if r.startswith("Declaring side"))
        won = pos.get("tricks_won") or {}
        ours = sum(won.get(s, 0) for s in contract["declarers"])
        assert str(ours) in row.split(), f"the declarers took {ours}: {row!r}"
    if pos.get("tricks_played") and game != "skat":
        assert rows, "tricks have been played but no score table is drawn"
    hand = [token_of(n) for n in own_hand(browser)]
    assert sorted(hand) == sorted(c[0] if c.startswith("X") else c for c in pos["hands"][seat])
    if game == "skat":
        check_skat_order(hand, contract.get("game"))


@pytest.mark.parametrize("game_kind", sorted(PICKS), ids=lambda gk: f"{gk[0]}-{gk[1]}")
def test_the_quiz_page_draws_every_fact_the_decision_needs(
    browser, live_server, settings, game_kind
):
    from selenium.webdriver.common.by import By

    game, kind = game_kind
    settings.TRAIN_REFILL_BELOW = 0
    quiz = starter_quiz(game, kind)
    # A phone 390 px wide (a desktop Chromium window is never narrower than 500 px).
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    open_as_new_visitor(browser, f"{live_server.url}/train/{game}/?kind={kind}")
    assert browser.find_element(By.ID, "quiz-prompt").text == player_words(game, quiz["prompt"])
    check_facts(browser, quiz)
    check_auction(browser, quiz)
    page = browser.find_element(By.TAG_NAME, "main").text
    for raw in ("Forehand (0)", "Middlehand (1)", "Rearhand (2)", "Dealer: 2", "J1★", "strain"):
        assert raw not in page
    if _has_jokers(quiz):
        jokers = browser.find_elements(By.CSS_SELECTOR, ".diagram-hand .card-joker")
        faces = [j.text.replace("\n", "").lower() for j in jokers]
        assert faces and all(f == "★joker" for f in faces), faces
    assert overflow_px(browser) <= 0, "the quiz page is wider than a 390 px phone screen"
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
