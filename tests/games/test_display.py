"""The order in which each game's players hold their cards (games.display)."""

from __future__ import annotations

import pytest

from games.cards import BEYOND_DECK, FIVE_HUNDRED_DECK, SKAT_DECK
from games.display import DisplayError, display_groups, display_order

TWELVE = "SA SK ST S7 HQ HJ HT DA DJ CQ CJ C9"


def tokens(text: str) -> list[str]:
    return text.split()


def skat(played: str | None) -> list[str]:
    return [str(c) for c in display_order("skat", SKAT_DECK.parse_hand(tokens(TWELVE)), played)]


def test_a_skat_suit_game_holds_the_jacks_then_the_trump_suit_then_the_side_suits() -> None:
    assert skat("hearts") == tokens("CJ HJ DJ HT HQ CQ C9 SA ST SK S7 DA")


def test_before_the_declaration_a_skat_hand_holds_the_jacks_first() -> None:
    assert skat(None) == tokens("CJ HJ DJ CQ C9 SA ST SK S7 HT HQ DA")
    assert skat("grand") == skat(None)


def test_null_puts_every_jack_back_in_its_suit_in_a_k_q_j_order() -> None:
    assert skat("null") == tokens("CQ CJ C9 SA SK ST S7 HQ HJ HT DA DJ")


def test_the_trumps_of_a_skat_suit_game_are_one_group() -> None:
    groups = display_groups("skat", SKAT_DECK.parse_hand(tokens(TWELVE)), "diamonds")
    assert (groups[0].name, [str(c) for c in groups[0].cards]) == ("trumps", tokens("CJ HJ DJ DA"))
    assert display_groups("skat", SKAT_DECK.parse_hand(tokens(TWELVE)))[0].name == "jacks"


def test_jokers_are_a_group_of_their_own_first_in_500_last_in_beyond() -> None:
    five = display_groups("five_hundred", FIVE_HUNDRED_DECK.parse_hand(tokens("SQ X1 H4")))
    assert [g.name for g in five] == ["jokers", "spades", "hearts"]
    beyond = display_groups("beyond", BEYOND_DECK.parse_hand(tokens("X2 SQ X1 H4")))
    assert [g.name for g in beyond] == ["spades", "hearts", "jokers"]


def test_an_unknown_skat_game_is_named() -> None:
    with pytest.raises(DisplayError, match="'bridge'"):
        display_order("skat", SKAT_DECK.parse_hand(tokens(TWELVE)), "bridge")
