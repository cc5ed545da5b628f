"""The Beyond deck, dealing from a seed, reading deals, and the text's joker statistics."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import comb

import pytest

from games.beyond import DealError, deal, parse_deal
from games.beyond.rules import check_hands
from games.beyond.variants import BeyondSettings
from games.cards import BEYOND_DECK, Card, NotationError, format_pbn


def pbn(hands: dict[str, list[Card]]) -> str:
    """Write hands as PBN (format_pbn wants Sequence values; dict is invariant)."""
    as_sequences: dict[str, Sequence[Card]] = dict(hands)
    return format_pbn(as_sequences)


def test_deck_drops_three_eights_and_adds_three_jokers() -> None:
    cards = set(BEYOND_DECK)
    assert len(cards) == 52
    for gone in ("C8", "D8", "H8"):
        assert Card(gone[0], gone[1]) not in cards
    assert Card("S", "8") in cards
    assert {c for c in cards if c.is_joker} == {Card("X", "1"), Card("X", "2"), Card("X", "3")}


def test_deal_gives_thirteen_each_and_uses_every_card() -> None:
    hands = deal(7)
    assert all(len(hand) == 13 for hand in hands.values())
    assert sorted(c for h in hands.values() for c in h) == sorted(BEYOND_DECK)


def test_deal_is_reproducible_from_its_seed() -> None:
    assert deal(42, "E") == deal(42, "E")
    assert deal(42, "E") != deal(43, "E")


def test_cards_go_to_the_left_of_the_dealer_first() -> None:
    order = BEYOND_DECK.shuffled(11)
    for dealer, first in (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")):
        hands = deal(11, dealer)
        assert hands[first][0] == order[0]


def test_three_card_packets_give_the_first_three_cards_to_one_player() -> None:
    order = BEYOND_DECK.shuffled(3)
    hands = deal(3, "N", BeyondSettings(deal_packet=3))
    assert hands["E"][:3] == order[:3]
    assert hands["S"][:3] == order[3:6]
    one_at_a_time = deal(3, "N")
    assert one_at_a_time["E"][:2] == [order[0], order[4]]


def test_deal_packet_other_than_one_or_three_is_rejected() -> None:
    with pytest.raises(ValueError, match="deal_packet 2"):
        BeyondSettings(deal_packet=2)


def test_parse_deal_round_trips_a_pbn_deal_with_jokers() -> None:
    hands = deal(5)
    parsed = parse_deal(pbn(hands))
    assert {s: set(h) for s, h in parsed.items()} == {s: set(h) for s, h in hands.items()}


def test_parse_deal_rejects_a_short_hand() -> None:
    hands = deal(5)
    hands["S"] = hands["S"][:12]
    with pytest.raises(NotationError, match="expected 13"):
        parse_deal(pbn(hands))


def test_parse_deal_rejects_a_removed_eight() -> None:
    hands = deal(5)
    hands["W"][0] = Card("H", "8")
    with pytest.raises(NotationError, match="H8 is not in the beyond deck"):
        parse_deal(pbn(hands))


def test_check_hands_rejects_unequal_sizes() -> None:
    hands = {s: list(h) for s, h in deal(9).items()}
    hands["N"].pop()
    with pytest.raises(DealError, match="hand sizes"):
        check_hands(hands)


def test_check_hands_rejects_a_card_held_twice() -> None:
    hands = {s: list(h) for s, h in deal(9).items()}
    hands["E"][0] = hands["N"][0]
    with pytest.raises(DealError, match=f"{hands['N'][0]} is in N's hand and again in E's"):
        check_hands(hands)


def test_check_hands_rejects_a_missing_seat() -> None:
    hands = deal(9)
    del hands["W"]
    with pytest.raises(DealError, match="need exactly N, E, S and W"):
        check_hands(hands)


def _joker_spread_odds() -> dict[int, float]:
    """Return the exact chance that the 3 jokers lie in 1, 2 or 3 hands of 13."""
    total = comb(52, 3)
    one = 4 * comb(13, 3)
    three = 13**3 * 4  # choose the hand without a joker, one joker each in the other three
    return {1: one / total, 3: three / total, 2: (total - one - three) / total}


def test_text_joker_statistics_match_the_deck() -> None:
    # beyond.da.txt, the remark on jokers: three hands 40 %, two hands 55 %, one hand 5 %.
    odds = _joker_spread_odds()
    assert odds[3] == pytest.approx(0.40, abs=0.01)
    assert odds[2] == pytest.approx(0.55, abs=0.01)
    assert odds[1] == pytest.approx(0.05, abs=0.01)


def test_dealt_jokers_spread_as_the_text_says() -> None:
    spread: Counter[int] = Counter()
    runs = 1500
    for seed in range(runs):
        hands = deal(seed)
        spread[sum(1 for h in hands.values() if any(c.is_joker for c in h))] += 1
    for hands_with_jokers, chance in _joker_spread_odds().items():
        assert spread[hands_with_jokers] / runs == pytest.approx(chance, abs=0.04)


def test_joker_odds_helper_counts_every_placement() -> None:
    # Cross-check the closed form by brute force over joker positions in a 52-card deal.
    seats = [i // 13 for i in range(52)]
    spread: Counter[int] = Counter(
        len({seats[a], seats[b], seats[c]}) for a, b, c in combinations(range(52), 3)
    )
    total = sum(spread.values())
    for k, chance in _joker_spread_odds().items():
        assert spread[k] / total == pytest.approx(chance)
