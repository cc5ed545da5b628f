"""Dealing 500: the 43-card deck, ten cards each and a three-card kitty, from a seed."""

from __future__ import annotations

from collections import Counter

import pytest

from games.cards import FIVE_HUNDRED_DECK, NotationError, format_cards
from games.five_hundred.dealing import Deal, deal, parse_deal


def test_the_deck_has_43_cards_without_twos_threes_and_black_fours() -> None:
    ranks = Counter(card.rank for card in FIVE_HUNDRED_DECK if not card.is_joker)
    assert len(FIVE_HUNDRED_DECK) == 43
    assert "2" not in ranks and "3" not in ranks
    fours = sorted(str(c) for c in FIVE_HUNDRED_DECK if c.rank == "4")
    assert fours == ["D4", "H4"]
    assert sum(1 for c in FIVE_HUNDRED_DECK if c.is_joker) == 1


def test_a_deal_gives_ten_cards_to_each_seat_and_three_to_the_kitty() -> None:
    dealt = deal(7)
    assert {seat: len(hand) for seat, hand in dealt.hands.items()} == dict.fromkeys("NESW", 10)
    assert len(dealt.kitty) == 3
    everything = [c for hand in dealt.hands.values() for c in hand] + list(dealt.kitty)
    assert sorted(everything) == sorted(FIVE_HUNDRED_DECK)


def test_the_same_seed_gives_the_same_deal_and_another_seed_another() -> None:
    assert deal(11, "E") == deal(11, "E")
    assert deal(11, "E").hands != deal(12, "E").hands


def test_dealing_starts_left_of_the_dealer_in_packets_of_three_four_three() -> None:
    shuffled = FIVE_HUNDRED_DECK.shuffled(5)
    dealt = deal(5, "S")
    assert dealt.hands["W"][:3] == tuple(shuffled[0:3])  # W sits left of S
    assert dealt.hands["S"][:3] == tuple(shuffled[9:12])  # the dealer gets the last packet
    assert dealt.kitty[0] == shuffled[12]
    assert dealt.hands["W"][3:7] == tuple(shuffled[13:17])


def test_parse_deal_reads_text_hands() -> None:
    original = deal(3)
    text = {seat: format_cards(hand) for seat, hand in original.hands.items()}
    parsed = parse_deal(text, format_cards(original.kitty), dealer="N")
    assert parsed == original


def test_a_hand_of_the_wrong_size_is_rejected() -> None:
    original = deal(3)
    text = {seat: format_cards(hand) for seat, hand in original.hands.items()}
    text["E"] = format_cards(original.hands["E"][:9])
    with pytest.raises(NotationError, match="E's hand has 9 cards, expected 10"):
        parse_deal(text, format_cards(original.kitty))


def test_a_kitty_of_the_wrong_size_is_rejected() -> None:
    original = deal(3)
    with pytest.raises(NotationError, match="kitty has 2 cards"):
        Deal("N", original.hands, original.kitty[:2])


def test_a_card_outside_the_500_deck_is_rejected() -> None:
    original = deal(3)
    text = {seat: format_cards(hand) for seat, hand in original.hands.items()}
    with pytest.raises(NotationError, match="S4"):
        parse_deal(text, "S4 C4 H3")


def test_a_card_dealt_twice_is_rejected() -> None:
    original = deal(3)
    hands = dict(original.hands)
    hands["W"] = (*hands["W"][:9], hands["N"][0])
    with pytest.raises(NotationError, match=f"duplicate card {hands['N'][0]}"):
        Deal("N", hands, original.kitty)


def test_a_deal_needs_all_four_seats() -> None:
    original = deal(3)
    hands = {seat: hand for seat, hand in original.hands.items() if seat != "W"}
    with pytest.raises(NotationError, match="N, E, S and W"):
        Deal("N", hands, original.kitty)
