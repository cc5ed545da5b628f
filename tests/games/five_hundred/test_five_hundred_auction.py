"""The 500 auction: turn order, passing out, legal calls, misère placement and the result."""

from __future__ import annotations

import pytest

from games.five_hundred.auction import Auction, run_auction
from games.five_hundred.calls import PASS, parse_call
from games.five_hundred.errors import IllegalCall
from games.five_hundred.settings import FiveHundredSettings


def test_the_player_left_of_the_dealer_calls_first() -> None:
    assert Auction("N").to_move == "E"
    assert Auction("W").to_move == "N"


def test_the_turn_goes_clockwise() -> None:
    auction = run_auction("N", ["6S"])
    assert auction.to_move == "S"
    auction.call("6C")
    assert auction.to_move == "W"


def test_a_bid_must_outrank_the_previous_bid() -> None:
    auction = run_auction("N", ["7D"])
    with pytest.raises(IllegalCall, match=r"7C.*does not outrank the current bid 7D"):
        auction.call("7C")
    with pytest.raises(IllegalCall, match="7D"):
        auction.call("7D")
    auction.call("7H")
    assert auction.high_bid == parse_call("7H")


def test_a_player_who_passed_may_not_bid_again() -> None:
    auction = run_auction("N", ["P", "6S", "6C", "6D"])  # E passes; S, W, N bid
    assert auction.to_move == "S"  # E is skipped
    auction.call("7S")
    assert auction.to_move == "W"
    auction.call("P")
    assert auction.to_move == "N"
    auction.call("P")
    assert auction.is_finished
    assert auction.contract is not None and auction.contract.declarer == "S"


def test_passed_players_are_skipped_in_turn_order() -> None:
    auction = run_auction("N", ["6S", "P", "6C"])  # E 6S, S pass, W 6C
    assert auction.to_move == "N"
    auction.call("P")
    assert auction.to_move == "E"  # S has passed and is skipped after E
    auction.call("6H")
    assert auction.to_move == "W"


def test_all_four_passing_throws_the_deal_in() -> None:
    auction = run_auction("S", ["P", "P", "P", "P"])
    assert auction.is_finished and auction.thrown_in
    assert auction.contract is None


def test_three_passes_after_a_bid_end_the_auction() -> None:
    auction = run_auction("N", ["8H", "P", "P", "P"])
    assert auction.is_finished and not auction.thrown_in
    contract = auction.contract
    assert contract is not None
    assert (contract.declarer, str(contract.bid), contract.trump) == ("E", "8H", "H")
    assert contract.team == ("E", "W")
    assert contract.defenders == ("S", "N")


def test_a_finished_auction_accepts_no_call() -> None:
    auction = run_auction("N", ["P", "P", "P", "P"])
    assert auction.legal_calls() == []
    with pytest.raises(IllegalCall, match="over"):
        auction.call("P")


def test_calling_out_of_turn_names_the_seat_whose_turn_it_is() -> None:
    auction = Auction("N")
    with pytest.raises(IllegalCall, match="S cannot call 6S: it is E's turn"):
        auction.call("6S", seat="S")


def test_misere_needs_a_seven_level_bid_first() -> None:
    auction = run_auction("N", ["6H"])
    assert parse_call("MIS") not in auction.legal_calls()
    with pytest.raises(IllegalCall, match=r"MIS.*seven-level"):
        auction.call("MIS")
    auction.call("7S")
    assert parse_call("MIS") in auction.legal_calls()
    auction.call("MIS")
    assert auction.high_bid == parse_call("MIS")


def test_misere_cannot_open_the_auction() -> None:
    with pytest.raises(IllegalCall, match="no bid yet"):
        Auction("N").call("MIS")


def test_misere_is_overcalled_by_eight_spades() -> None:
    auction = run_auction("N", ["7NT", "MIS"])
    assert parse_call("7NT") not in auction.legal_calls()
    auction.call("8S")
    assert auction.high_bid == parse_call("8S")


def test_misere_may_open_when_the_seven_rule_is_off() -> None:
    auction = Auction("N", FiveHundredSettings(misere_needs_seven=False))
    auction.call("MIS")
    assert auction.high_bid == parse_call("MIS")


def test_open_misere_may_be_bid_at_any_time() -> None:
    assert parse_call("OMIS") in Auction("N").legal_calls()
    auction = run_auction("N", ["10D"])
    auction.call("OMIS")
    with pytest.raises(IllegalCall, match="10D"):
        auction.call("10D")
    auction.call("10H")
    assert auction.high_bid == parse_call("10H")


def test_open_misere_cannot_overcall_ten_hearts() -> None:
    auction = run_auction("N", ["10H"])
    with pytest.raises(IllegalCall, match=r"OMIS.*10H"):
        auction.call("OMIS")


def test_misere_bids_can_be_switched_off() -> None:
    settings = FiveHundredSettings(misere=False, open_misere=False)
    auction = run_auction("N", ["7S"], settings)
    legal = {str(c) for c in auction.legal_calls()}
    assert "MIS" not in legal and "OMIS" not in legal
    with pytest.raises(IllegalCall, match="switched off"):
        auction.call("OMIS")


def test_legal_calls_start_with_pass_and_rise() -> None:
    legal = run_auction("N", ["9NT"]).legal_calls()
    assert legal[0] == PASS
    assert [str(c) for c in legal[1:]] == ["10S", "10C", "10D", "OMIS", "10H", "10NT"]


def test_misere_contract_has_the_partner_sit_out() -> None:
    auction = run_auction("W", ["7S", "MIS", "P", "P", "P"])
    contract = auction.contract
    assert contract is not None
    assert contract.declarer == "E" and contract.sitting_out == "W"
    assert contract.team == ("E",) and contract.players == ("E", "S", "N")


def test_history_lists_seats_and_short_calls() -> None:
    auction = run_auction("N", ["6S", "P", "7N", "P", "P"])
    assert auction.history() == [
        {"seat": "E", "call": "6S"},
        {"seat": "S", "call": "P"},
        {"seat": "W", "call": "7NT"},
        {"seat": "N", "call": "P"},
        {"seat": "E", "call": "P"},
    ]
    assert auction.is_finished


def test_a_bad_dealer_is_rejected() -> None:
    with pytest.raises(ValueError, match="'Q'"):
        Auction("Q")
