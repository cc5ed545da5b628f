"""The basic bidding convention: what each bid means, including the text's examples."""

from __future__ import annotations

import pytest

from games.beyond import Auction, IllegalCallError, explain_auction, meaning_of
from games.beyond.calls import Bid
from games.beyond.conventions import band_of, demanded_strain


def auction(*calls: str) -> Auction:
    return Auction("W", None, calls)  # N calls first


def test_text_example_thirteen_spades_shows_the_best_suit_not_thirteen_tricks() -> None:
    meaning = meaning_of(auction(), "13S")
    assert meaning.kind == "shows_suit" and meaning.shows == "S"
    assert meaning.band == "information"
    assert "best suit" in meaning.text and "nothing about taking 13 tricks" in meaning.text


def test_text_example_partner_goes_down_to_twelve_diamonds_to_show_diamonds() -> None:
    meaning = meaning_of(auction("13S", "pass"), "12D")
    assert meaning.kind == "shows_suit" and meaning.shows == "D"


def test_text_example_partner_with_nothing_to_show_asks_with_thirteen_nt() -> None:
    meaning = meaning_of(auction("13S", "pass"), "13NT")
    assert meaning.kind == "asks_for_suit"
    assert "another suit" in meaning.text


def test_text_example_passing_leaves_partner_stuck_in_thirteen_spades() -> None:
    meaning = meaning_of(auction("13S", "pass"), "pass")
    assert meaning.kind == "pass"
    assert "leaves partner in 13S" in meaning.text


def test_thirteen_nt_is_no_longer_possible_after_twelve_diamonds() -> None:
    # The text's 12 diamonds and 13 NT are alternatives: 13 NT cannot follow 12 diamonds.
    with pytest.raises(IllegalCallError, match="13NT does not go below 12D"):
        auction("13S", "pass", "12D", "pass", "13NT")


def test_explain_auction_reads_the_text_sequence_call_by_call() -> None:
    explained = explain_auction(auction("13S", "pass", "13NT", "pass", "12H"))
    kinds = [(seat, str(call), m.kind) for seat, call, m in explained]
    assert kinds == [
        ("N", "13S", "shows_suit"),
        ("E", "pass", "pass"),
        ("S", "13NT", "asks_for_suit"),
        ("W", "pass", "pass"),
        ("N", "12H", "shows_suit"),
    ]
    assert "another suit" in explained[-1][2].text


def test_bids_from_four_to_nine_are_honest_and_can_be_passed() -> None:
    for level in range(4, 10):
        meaning = meaning_of(auction("13S", "12D"), f"{level}H")
        assert meaning.kind == "natural" and meaning.band == "genuine"
        assert f"exactly {level} tricks" in meaning.text and "safely pass" in meaning.text


def test_going_straight_to_the_genuine_level_blocks_the_opponents() -> None:
    assert "denies the opponents room" in meaning_of(auction(), "6S").text
    assert "denies" not in meaning_of(auction("13S"), "6H").text


def test_text_example_three_clubs_demands_diamonds() -> None:
    meaning = meaning_of(auction("13S", "5H", "pass"), "3C")
    assert meaning.kind == "demand" and meaning.asks_for == "D"
    assert meaning.band == "demand"


@pytest.mark.parametrize(("bid", "wanted"), [("0C", "D"), ("1D", "H"), ("2H", "S"), ("3S", "N")])
def test_a_demand_level_bid_asks_for_the_next_stronger_strain(bid: str, wanted: str) -> None:
    assert meaning_of(auction("5H"), bid).asks_for == wanted


def test_a_low_no_trump_bid_is_natural_as_nothing_ranks_above_it() -> None:
    meaning = meaning_of(auction("5H"), "2NT")
    assert meaning.kind == "natural" and meaning.asks_for is None


def test_partner_answering_a_demand_is_recognised() -> None:
    meaning = meaning_of(auction("13S", "5H", "pass", "3C", "pass"), "3D")
    assert meaning.kind == "answers_demand" and meaning.shows == "D"


def test_an_opponent_bidding_the_demanded_strain_is_not_an_answer() -> None:
    assert meaning_of(auction("13S", "5H", "pass", "3C"), "3D").kind == "demand"


def test_raise_and_reraise_are_explained() -> None:
    assert meaning_of(auction("5H"), "raise").kind == "raise"
    assert meaning_of(auction("5H", "raise"), "reraise").kind == "reraise"


def test_bands_cover_every_level() -> None:
    assert [band_of(n) for n in (0, 3, 4, 9, 10, 13)] == [
        "demand",
        "demand",
        "genuine",
        "genuine",
        "information",
        "information",
    ]
    assert demanded_strain(Bid(4, "C")) is None
    assert demanded_strain(Bid(3, "N")) is None


def test_every_meaning_cites_the_rule_text() -> None:
    assert meaning_of(auction(), "13S").source.startswith("beyond.da.txt")


def test_no_meaning_after_the_auction_is_over() -> None:
    with pytest.raises(IllegalCallError, match="auction is over"):
        meaning_of(auction("pass", "pass", "pass", "pass"), "5S")
