"""Game values, matadors, the derived bid sequence and the text's worked examples."""

from __future__ import annotations

import pytest

from games.cards import SKAT_DECK
from games.skat.contract import Contract
from games.skat.settings import SkatSettings
from games.skat.util import read_cards
from games.skat.values import (
    BASE_VALUES,
    base_value,
    bid_values,
    describe_matadors,
    game_value,
    matadors,
)


def test_bid_sequence_starts_as_the_text_and_decisions_list_it() -> None:
    expected = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59]
    assert list(bid_values()[: len(expected)]) == expected


def test_text_bid_values_are_all_bids_in_the_texts_order() -> None:
    # skat.da.txt line 15 lists these (it skips 45, which DECISIONS.md includes).
    text = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 46, 48]
    bids = bid_values()
    assert [v for v in bids if v in text] == text
    assert 45 in bids


def test_decisions_bid_list_is_a_prefix_of_the_derived_bids() -> None:
    listed = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60]
    listed += [63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100]
    assert list(bid_values()[: len(listed)]) == listed


def test_lowest_bid_is_18_and_highest_is_grand_ouvert_with_four() -> None:
    assert bid_values()[0] == 18
    assert bid_values()[-1] == 264


def test_every_bid_is_a_suit_grand_or_null_value() -> None:
    nulls = {23, 35, 46, 59}
    for value in bid_values():
        assert value in nulls or any(
            value % base == 0 and value // base >= 2 for base in BASE_VALUES.values()
        )


def test_old_grand_ouvert_base_adds_its_values() -> None:
    old = bid_values(SkatSettings(grand_ouvert_base=36))
    assert 36 * 11 in old
    assert 36 * 11 not in bid_values()


def test_text_examples_of_base_times_two() -> None:
    assert game_value(Contract("diamonds"), 1) == 18
    assert game_value(Contract("hearts"), -1) == 20
    assert game_value(Contract("spades"), 1) == 22


def test_with_two_when_holding_club_and_spade_jack_but_not_heart_jack() -> None:
    cards = read_cards("CJ SJ DJ CA CT C9 H7 H8 S7 D7 D8 D9")
    assert matadors(cards, "clubs") == 2
    assert describe_matadors(matadors(cards, "clubs")) == "with 2"


def test_without_one_when_missing_club_jack_but_holding_spade_jack() -> None:
    cards = read_cards("SJ HJ CA CT C9 H7 H8 S7 D7 D8 D9 DA")
    assert matadors(cards, "clubs") == -1
    assert describe_matadors(-1) == "without 1"


def test_matadors_run_on_into_the_trump_suit() -> None:
    cards = read_cards("CJ SJ HJ DJ HA HT HK H7 S7 D7 D8 D9")
    assert matadors(cards, "hearts") == 7
    assert matadors(cards, "grand") == 4


def test_without_eleven_when_holding_no_trump_at_all() -> None:
    cards = read_cards("SA ST SK SQ S9 S8 S7 DA DT DK DQ D9")
    assert matadors(cards, "clubs") == -11
    assert game_value(Contract("clubs"), -11) == 12 * 12


def test_spades_with_two_is_33() -> None:
    # skat.da.txt, the overbidding example: spades with 2 is 11 x 3.
    assert game_value(Contract("spades"), 2) == 33


def test_clubs_ouvert_with_two_is_108() -> None:
    contract = Contract("clubs", hand=True, ouvert=True)
    assert game_value(contract, 2, schneider=True, schwarz=True) == 108


def test_grand_ouvert_with_four_is_264() -> None:
    contract = Contract("grand", hand=True, ouvert=True)
    assert game_value(contract, 4, schneider=True, schwarz=True) == 264


def test_grand_ouvert_old_base_is_36() -> None:
    contract = Contract("grand", hand=True, ouvert=True)
    assert base_value(contract, SkatSettings(grand_ouvert_base=36)) == 36


@pytest.mark.parametrize(
    ("hand", "ouvert", "value"),
    [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)],
)
def test_null_values_are_fixed(hand: bool, ouvert: bool, value: int) -> None:
    contract = Contract("null", hand=hand, ouvert=ouvert)
    assert game_value(contract, 0) == value
    assert game_value(contract, 3, schneider=True) == value


def test_each_extra_step_adds_one_to_the_multiplier() -> None:
    plain = game_value(Contract("hearts"), 1)
    assert game_value(Contract("hearts", hand=True), 1) == plain + 10
    assert game_value(Contract("hearts"), 1, schneider=True) == plain + 10
    assert game_value(Contract("hearts"), 1, schneider=True, schwarz=True) == plain + 20
    announced = Contract("hearts", hand=True, schneider_announced=True)
    assert game_value(announced, 1, schneider=True) == plain + 30


def test_base_values_are_those_of_the_text() -> None:
    assert BASE_VALUES == {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}


def test_matadors_need_no_more_than_the_cards_given() -> None:
    assert matadors(SKAT_DECK.cards, "clubs") == 11
    assert matadors([], "grand") == -4
