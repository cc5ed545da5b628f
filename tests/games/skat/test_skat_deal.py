"""Dealing from a seed, and the shape of the 150 solved deals in the shared data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.cards import SKAT_DECK, Card
from games.skat.contract import Contract, parse_contract
from games.skat.rules import DEALER_SEAT, deal
from games.skat.util import read_cards

SOLVED = Path("/work/shared/data/skat_solved_deals.jsonl")


def solved_deals() -> list[dict[str, object]]:
    if not SOLVED.exists():
        pytest.skip(f"{SOLVED} is not present")
    return [json.loads(line) for line in SOLVED.read_text().splitlines() if line.strip()]


def test_deal_gives_three_hands_of_ten_and_a_skat_of_two() -> None:
    cards = deal(7)
    assert [len(h) for h in cards.hands] == [10, 10, 10]
    assert len(cards.skat) == 2
    everything = [c for h in cards.hands for c in h] + list(cards.skat)
    assert sorted(everything) == sorted(SKAT_DECK.cards)


def test_deal_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    assert deal(11) == deal(11)
    assert deal(11).hands != deal(12).hands


def test_deal_follows_the_three_skat_four_three_rhythm() -> None:
    order = SKAT_DECK.shuffled(5)
    cards = deal(5)
    assert cards.hands[0][:3] == tuple(order[0:3])
    assert cards.hands[2][:3] == tuple(order[6:9])
    assert cards.skat == tuple(order[9:11])
    assert cards.hands[0][3:7] == tuple(order[11:15])
    assert cards.hands[2][7:] == tuple(order[29:32])


def test_dealer_is_rearhand() -> None:
    assert deal(1).dealer == DEALER_SEAT == 2


def test_solved_deals_hold_all_32_cards_ten_ten_ten_and_a_skat() -> None:
    deals = solved_deals()
    assert len(deals) == 150
    for record in deals:
        hands = [read_cards(str(h)) for h in record["hands"]]  # type: ignore[attr-defined]
        skat = read_cards(str(record["skat"]))
        assert [len(h) for h in hands] == [10, 10, 10]
        assert len(skat) == 2
        assert set(c for h in hands for c in h) | set(skat) == set(SKAT_DECK.cards)


def test_solved_deal_games_are_contracts_the_engine_knows() -> None:
    games = {str(record["game"]) for record in solved_deals()}
    assert games == {"grand", "clubs", "spades", "hearts", "diamonds"}
    for game in games:
        assert parse_contract(game) == Contract(game)


def test_read_cards_rejects_a_card_outside_the_skat_deck() -> None:
    with pytest.raises(ValueError, match="H2"):
        read_cards("CJ H2")
    with pytest.raises(ValueError, match="H2"):
        read_cards([Card("H", "2")])


def test_read_cards_rejects_a_duplicate() -> None:
    with pytest.raises(ValueError, match="duplicate card CJ"):
        read_cards("CJ SJ CJ")
