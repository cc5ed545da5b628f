"""Trump order, following suit, trick winners and card points for every game type."""

from __future__ import annotations

import itertools

import pytest

from games.cards import SKAT_DECK
from games.skat.errors import IllegalPlay
from games.skat.rules import card_points, check_game, effective_suit, legal_cards, trick_winner
from games.skat.util import read_cards


def winner(cards: str, game: str) -> str:
    trick = read_cards(cards)
    return str(trick[trick_winner(trick, game)])


def legal(hand: str, led: str | None, game: str) -> set[str]:
    lead = read_cards(led)[0] if led else None
    return {str(c) for c in legal_cards(read_cards(hand), lead, game)}


def test_the_four_jacks_rank_club_spade_heart_diamond() -> None:
    assert winner("DJ HJ SJ", "hearts") == "SJ"
    assert winner("HJ CJ SJ", "grand") == "CJ"
    assert winner("DJ HJ H7", "diamonds") == "HJ"


def test_a_jack_beats_the_trump_ace() -> None:
    assert winner("CA DJ CT", "clubs") == "DJ"


def test_trump_suit_ranks_ace_ten_king_queen_nine_eight_seven() -> None:
    assert winner("HK HT HA", "hearts") == "HA"
    assert winner("HK HT HQ", "hearts") == "HT"
    assert winner("H7 H9 H8", "hearts") == "H9"


def test_ten_ranks_above_king_in_a_plain_suit() -> None:
    assert winner("SK ST SQ", "grand") == "ST"
    assert winner("SK ST SQ", "clubs") == "ST"


def test_a_trump_beats_any_card_of_the_led_suit() -> None:
    assert winner("SA ST D7", "diamonds") == "D7"


def test_a_card_off_the_led_suit_cannot_win() -> None:
    assert winner("S7 HA CA", "diamonds") == "S7"


def test_in_grand_only_jacks_are_trumps() -> None:
    assert winner("CA DJ CT", "grand") == "DJ"
    assert winner("CA D7 CT", "grand") == "CA"
    assert effective_suit(read_cards("CA")[0], "grand") == "C"


def test_in_null_there_are_no_trumps_and_the_jack_sits_between_queen_and_ten() -> None:
    assert winner("CT CJ C9", "null") == "CJ"
    assert winner("CJ CQ CA", "null") == "CA"
    assert winner("CK CQ CJ", "null") == "CK"
    assert winner("S7 SJ HJ", "null") == "SJ"


def test_null_order_is_ace_king_queen_jack_ten_nine_eight_seven() -> None:
    order = "AKQJT987"
    for high, low in itertools.pairwise(order):
        assert winner(f"D{low} D{high}", "null") == f"D{high}"


def test_a_jack_led_calls_for_trumps_not_its_printed_suit() -> None:
    assert legal("SA S7 HA D8", "SJ", "hearts") == {"HA"}
    assert legal("SA S7 CJ D8", "SJ", "grand") == {"CJ"}


def test_a_jack_does_not_follow_its_printed_suit() -> None:
    assert legal("SJ HA D8", "S7", "hearts") == {"SJ", "HA", "D8"}
    assert legal("SJ S8 HA", "S7", "hearts") == {"S8"}


def test_in_null_the_jack_follows_its_own_suit() -> None:
    assert legal("SJ HA D8", "S7", "null") == {"SJ"}


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    assert legal("HA D8 C7", "S7", "clubs") == {"HA", "D8", "C7"}


def test_trump_led_must_be_answered_with_trumps() -> None:
    assert legal("CA C7 SJ HA", "C8", "clubs") == {"CA", "C7", "SJ"}


def test_leading_allows_every_card() -> None:
    assert legal("CA C7 SJ", None, "clubs") == {"CA", "C7", "SJ"}


def test_card_points_are_ace_11_ten_10_king_4_queen_3_jack_2() -> None:
    assert card_points(read_cards("SA ST SK SQ SJ S9 S8 S7")) == 30


def test_the_deck_holds_120_card_points() -> None:
    assert card_points(SKAT_DECK.cards) == 120


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(IllegalPlay, match="empty trick"):
        trick_winner([], "clubs")


def test_unknown_game_is_named() -> None:
    with pytest.raises(IllegalPlay, match="unknown game 'bridge'"):
        check_game("bridge")
