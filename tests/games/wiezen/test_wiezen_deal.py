"""Dealing, hand checks and troel detection."""

from __future__ import annotations

import pytest

from games.cards import SEATS, WIEZEN_DECK, Card, format_cards, parse_pbn
from games.wiezen import DealError, WiezenError, check_hands, deal, find_troel
from games.wiezen.rules import PACKETS

PLAIN = "N:AKQJ.AKQ.32.5432 T98.JT9.AKQJ.AKQ 765.8765.T98.JT9 432.432.7654.876"
TROEL_3 = "N:AKQ2.A32.A32.432 JT9.KQJ.KQJ.AKQJ 876.T98.T98.T987 543.7654.7654.65"
TROEL_4 = "N:AKQ2.A2.A32.A432 JT9.QJT.KQJ.KQJT 876.987.T987.987 543.K6543.654.65"
TROEL_4_WITH_HK = "N:AKQ2.AK.A32.A432 JT9.QJT.KQJ.KQJT 876.987.T987.987 543.65432.654.65"


def hands_of(pbn: str) -> dict[str, list[Card]]:
    return parse_pbn(pbn, WIEZEN_DECK, 13)


def test_deal_gives_each_seat_thirteen_cards_of_one_full_deck() -> None:
    hands = deal(7, "S")
    assert sorted(hands) == sorted(SEATS)
    assert all(len(cards) == 13 for cards in hands.values())
    assert sorted(c for cards in hands.values() for c in cards) == sorted(WIEZEN_DECK)


def test_deal_is_fixed_by_the_seed() -> None:
    assert deal(42, "N") == deal(42, "N")
    assert deal(42, "N") != deal(43, "N")


def test_first_packet_goes_to_the_player_left_of_the_dealer() -> None:
    order = WIEZEN_DECK.shuffled(5)
    first_packet = set(order[: PACKETS[0]])
    assert first_packet <= set(deal(5, "N")["E"])
    assert first_packet <= set(deal(5, "W")["N"])


def test_dealing_goes_in_packets_of_four_four_five() -> None:
    order = WIEZEN_DECK.shuffled(9)
    hands = deal(9, "W")
    # Second round: cards 16..19 go to the first player (N when W deals).
    assert set(order[16:20]) <= set(hands["N"])
    # Last round: five cards each, the dealer's come last.
    assert set(order[47:52]) <= set(hands["W"])


def test_deal_rejects_an_unknown_dealer() -> None:
    with pytest.raises(WiezenError, match="unknown seat 'X'"):
        deal(1, "X")


def test_check_hands_reads_text_hands() -> None:
    hands = hands_of(PLAIN)
    text = {s: format_cards(cards) for s, cards in hands.items()}
    assert check_hands(text) == hands


def test_check_hands_rejects_a_short_hand() -> None:
    hands = hands_of(PLAIN)
    hands["E"] = hands["E"][:12]
    with pytest.raises(DealError, match="E's hand has 12 cards, expected 13"):
        check_hands(hands)


def test_check_hands_rejects_a_card_dealt_twice() -> None:
    hands = hands_of(PLAIN)
    hands["S"][0] = hands["N"][0]
    with pytest.raises(DealError, match=f"card {hands['N'][0]} is dealt twice"):
        check_hands(hands)


def test_check_hands_rejects_a_missing_seat() -> None:
    hands = hands_of(PLAIN)
    del hands["W"]
    with pytest.raises(DealError, match="needs the seats N, E, S, W"):
        check_hands(hands)


def test_check_hands_names_a_bad_card_token() -> None:
    text = {s: format_cards(c) for s, c in hands_of(PLAIN).items()}
    text["N"] = text["N"].replace("SA", "ZA")
    with pytest.raises(DealError, match="N's hand: bad card 'ZA'"):
        check_hands(text)


def test_check_hands_rejects_a_joker() -> None:
    hands = hands_of(PLAIN)
    hands["W"][0] = Card("X", "1")
    with pytest.raises(DealError, match="X1 is not a wiezen card"):
        check_hands(hands)


def test_no_troel_without_three_aces() -> None:
    assert find_troel(hands_of(PLAIN)) is None


def test_three_aces_make_a_troel_with_the_fourth_ace_holder() -> None:
    troel = find_troel(hands_of(TROEL_3))
    assert troel is not None
    assert (troel.seat, troel.partner, str(troel.card), troel.aces) == ("N", "E", "CA", 3)


def test_four_aces_call_the_highest_heart_held_elsewhere() -> None:
    troel = find_troel(hands_of(TROEL_4))
    assert troel is not None
    assert (troel.seat, troel.partner, str(troel.card), troel.aces) == ("N", "W", "HK", 4)


def test_four_aces_with_the_heart_king_call_the_heart_queen() -> None:
    troel = find_troel(hands_of(TROEL_4_WITH_HK))
    assert troel is not None
    assert (troel.partner, str(troel.card)) == ("E", "HQ")
