"""Card order in 500: the joker, the bowers, following suit and trick winners."""

from __future__ import annotations

import pytest

from games.cards import FIVE_HUNDRED_DECK, Card
from games.five_hundred.calls import parse_call
from games.five_hundred.contract import Contract
from games.five_hundred.rules import CardOrder, legal_cards, trick_winner


def cards(text: str) -> list[Card]:
    return FIVE_HUNDRED_DECK.parse_hand(text)


HEARTS = CardOrder("H", bowers=True)
HEARTS_JOKER_ONLY = CardOrder("H", bowers=False)
NO_TRUMPS = CardOrder(None)


def test_the_joker_is_the_highest_trump() -> None:
    trick = cards("HJ X1 HA DJ")
    assert trick_winner(HEARTS, trick) == 1
    assert trick_winner(HEARTS_JOKER_ONLY, trick) == 1


def test_the_right_bower_beats_the_left_bower_which_beats_the_ace() -> None:
    assert trick_winner(HEARTS, cards("HA DJ HK")) == 1
    assert trick_winner(HEARTS, cards("HA DJ HJ")) == 2


def test_the_left_bower_belongs_to_the_trump_suit() -> None:
    assert HEARTS.suit_of(cards("DJ")[0]) == "H"
    assert HEARTS.is_trump(cards("DJ")[0])
    # Diamonds led: the left bower is not a diamond, so it need not (and cannot) follow.
    hand = cards("DJ D5 S9")
    assert legal_cards(HEARTS, hand, "D") == cards("D5")
    # Hearts led: the left bower must follow as a heart.
    assert legal_cards(HEARTS, cards("DJ S9 C7"), "H") == cards("DJ")


def test_a_led_left_bower_calls_for_trumps() -> None:
    trick = cards("DJ D4 H5 SA")
    assert trick_winner(HEARTS, trick) == 0
    assert legal_cards(HEARTS, cards("D4 H5"), HEARTS.suit_of(trick[0])) == cards("H5")


def test_in_joker_only_play_the_jacks_stay_in_their_suits() -> None:
    assert HEARTS_JOKER_ONLY.suit_of(cards("DJ")[0]) == "D"
    assert trick_winner(HEARTS_JOKER_ONLY, cards("HA HJ HK")) == 0
    assert trick_winner(HEARTS_JOKER_ONLY, cards("DA DJ H4")) == 2


def test_the_joker_must_follow_when_trumps_are_led() -> None:
    assert legal_cards(HEARTS, cards("X1 S9 C7"), "H") == cards("X1")


def test_the_joker_may_be_played_on_a_side_suit_only_when_void() -> None:
    assert legal_cards(HEARTS, cards("X1 S9 C7"), "S") == cards("S9")
    assert set(legal_cards(HEARTS, cards("X1 C7"), "S")) == set(cards("X1 C7"))


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    hand = cards("C5 C9 HT")
    assert set(legal_cards(HEARTS, hand, "S")) == set(hand)


def test_the_leader_may_play_any_card() -> None:
    hand = cards("X1 C5 DJ")
    assert legal_cards(NO_TRUMPS, hand, None) == hand


def test_a_trump_beats_any_side_suit_card() -> None:
    assert trick_winner(HEARTS, cards("SA SK H4 SQ")) == 2


def test_the_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    assert trick_winner(HEARTS, cards("S9 SK CA ST")) == 1


def test_in_no_trumps_the_joker_is_the_only_trump() -> None:
    assert trick_winner(NO_TRUMPS, cards("SA SK X1 SQ")) == 2
    # Jacks are plain cards in no trumps.
    assert NO_TRUMPS.suit_of(cards("DJ")[0]) == "D"
    assert trick_winner(NO_TRUMPS, cards("HJ HQ DJ")) == 1


def test_in_no_trumps_the_joker_cannot_be_played_while_able_to_follow() -> None:
    assert legal_cards(NO_TRUMPS, cards("X1 S9 C7"), "S") == cards("S9")
    assert set(legal_cards(NO_TRUMPS, cards("X1 C7"), "S")) == set(cards("X1 C7"))


def test_a_joker_led_in_no_trumps_takes_the_named_suit_and_wins() -> None:
    trick = cards("X1 SA SK")
    assert trick_winner(NO_TRUMPS, trick, joker_suit="S") == 0
    with pytest.raises(ValueError, match="named suit"):
        trick_winner(NO_TRUMPS, trick)


def test_misere_and_no_trumps_use_no_trump_order() -> None:
    contract = Contract(parse_call("MIS"), "N")
    order = CardOrder.for_contract(contract, bowers=True)
    assert order.trump is None and not order.is_trump(cards("HJ")[0])


def test_a_bad_trump_suit_is_rejected() -> None:
    with pytest.raises(ValueError, match="'Z'"):
        CardOrder("Z")


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty"):
        trick_winner(HEARTS, [])
