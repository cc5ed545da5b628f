"""Legal cards and trick winners: following suit, trumps, no trumps and the joker rules."""

from __future__ import annotations

import pytest

from games.beyond import legal_cards, trick_winner
from games.beyond.variants import BeyondSettings
from games.cards import BEYOND_DECK, Card


def cards(text: str) -> list[Card]:
    return BEYOND_DECK.parse_hand(text)


def test_follow_suit_when_you_can() -> None:
    hand = cards("H2 HK S5 C9")
    assert legal_cards(hand, cards("H7")) == cards("H2 HK")


def test_any_card_when_void_in_the_led_suit() -> None:
    hand = cards("S5 C9 X1")
    assert legal_cards(hand, cards("H7")) == hand


def test_jokers_may_be_played_even_when_able_to_follow() -> None:
    hand = cards("H2 S5 X2")
    assert legal_cards(hand, cards("H7")) == cards("H2 X2")


def test_jokers_only_when_void_is_a_variant() -> None:
    hand = cards("H2 S5 X2")
    strict = BeyondSettings(joker_any_time=False)
    assert legal_cards(hand, cards("H7"), settings=strict) == cards("H2")
    assert legal_cards(cards("S5 X2"), cards("H7"), settings=strict) == cards("S5 X2")


def test_any_card_may_follow_a_joker_lead() -> None:
    hand = cards("H2 S5 X2")
    assert legal_cards(hand, cards("X1")) == hand


def test_after_a_joker_lead_the_next_lead_must_be_a_suit_card() -> None:
    hand = cards("H2 X2 X3")
    assert legal_cards(hand, [], lead_locked=True) == cards("H2")
    assert legal_cards(hand, [], lead_locked=False) == hand


def test_the_joker_lock_lifts_when_the_leader_holds_only_jokers() -> None:
    hand = cards("X2 X3")
    assert legal_cards(hand, [], lead_locked=True) == hand


def test_the_joker_lock_is_a_variant() -> None:
    hand = cards("H2 X2")
    off = BeyondSettings(joker_lead_lock=False)
    assert legal_cards(hand, [], lead_locked=True, settings=off) == hand


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    assert trick_winner(cards("H7 HK SA H9"), None) == 1


def test_ace_is_high_and_two_is_low() -> None:
    assert trick_winner(cards("D2 DA DK DT"), None) == 1


def test_a_trump_beats_any_card_of_another_suit() -> None:
    assert trick_winner(cards("HA HK C2 HQ"), "C") == 2


def test_the_highest_trump_wins_when_several_are_played() -> None:
    assert trick_winner(cards("HA C5 CJ C2"), "C") == 2


def test_a_led_trump_is_followed_by_rank() -> None:
    assert trick_winner(cards("S3 S9 S8 H2"), "S") == 1


def test_a_joker_never_wins_a_suit_lead() -> None:
    assert trick_winner(cards("H2 X1 X2 X3"), None) == 0
    assert trick_winner(cards("H2 X1 X2 X3"), "S") == 0


def test_on_a_joker_lead_the_last_joker_played_wins() -> None:
    assert trick_winner(cards("X1 X3 H2 X2"), None) == 3
    assert trick_winner(cards("X3 HA X1 SA"), None) == 2


def test_joker_numbers_do_not_rank_the_jokers() -> None:
    assert trick_winner(cards("X3 X1"), None) == 1
    assert trick_winner(cards("X1 X3"), None) == 1


def test_trumps_do_not_beat_a_joker_lead() -> None:
    assert trick_winner(cards("X2 SA SK SQ"), "S") == 0


def test_a_lone_joker_lead_wins_the_trick() -> None:
    assert trick_winner(cards("X1 HA D2 C3"), "H") == 0


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], None)
