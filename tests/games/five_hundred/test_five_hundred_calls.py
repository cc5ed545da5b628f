"""Bids of 500: notation, contract table values and the bidding ladder."""

from __future__ import annotations

import pytest

from games.cards import NotationError
from games.five_hundred.calls import LADDER, PASS, STRAINS, Call, parse_call


def test_six_level_values_follow_the_avondale_table() -> None:
    values = {strain: Call(6, strain).value for strain in STRAINS}
    assert values == {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}


def test_each_extra_trick_adds_one_hundred() -> None:
    for strain in STRAINS:
        for level in range(7, 11):
            assert Call(level, strain).value == Call(level - 1, strain).value + 100


def test_eight_hearts_is_worth_300() -> None:
    assert parse_call("8H").value == 300


def test_ten_no_trumps_is_worth_520() -> None:
    assert parse_call("10NT").value == 520


def test_misere_is_worth_250_and_open_misere_500() -> None:
    assert parse_call("MIS").value == 250
    assert parse_call("OMIS").value == 500


def test_strains_rank_spades_clubs_diamonds_hearts_no_trumps() -> None:
    ranks = [Call(7, strain).rank for strain in ("S", "C", "D", "H", "NT")]
    assert ranks == sorted(ranks)


def test_trick_bids_rank_by_table_value() -> None:
    trick_bids = [call for call in LADDER if not call.is_misere]
    values = [call.value for call in trick_bids]
    assert values == sorted(values)
    assert len(trick_bids) == 25


def test_misere_beats_every_seven_bid_and_loses_to_every_eight_bid() -> None:
    misere = parse_call("MIS")
    assert all(Call(7, s).rank < misere.rank for s in STRAINS)
    assert all(Call(8, s).rank > misere.rank for s in STRAINS)


def test_misere_ranks_below_eight_spades_though_worth_more() -> None:
    eight_spades = parse_call("8S")
    assert eight_spades.value < parse_call("MIS").value
    assert eight_spades.rank > parse_call("MIS").rank


def test_open_misere_beats_ten_diamonds_and_loses_to_ten_hearts() -> None:
    open_misere = parse_call("OMIS")
    assert parse_call("10D").rank < open_misere.rank < parse_call("10H").rank


def test_calls_print_as_short_strings() -> None:
    shown = [str(parse_call(t)) for t in ("pass", "7n", "10 nt", "misere", "open misere", "6s")]
    assert shown == ["P", "7NT", "10NT", "MIS", "OMIS", "6S"]


def test_trump_is_the_bid_suit_and_none_in_no_trumps_and_misere() -> None:
    assert parse_call("9D").trump == "D"
    assert parse_call("9NT").trump is None
    assert parse_call("MIS").trump is None
    assert PASS.is_pass and not PASS.is_bid


@pytest.mark.parametrize(
    ("token", "named"),
    [("5H", "5"), ("11S", "11"), ("7X", "'X'"), ("banana", "banana"), ("", "''")],
)
def test_bad_calls_raise_naming_the_token(token: str, named: str) -> None:
    with pytest.raises(NotationError, match=named):
        parse_call(token)


def test_a_pass_has_no_place_on_the_ladder() -> None:
    with pytest.raises(ValueError, match="ladder"):
        _ = PASS.rank
