"""The auction: who bids to whom, legal calls, errors, and how it ends."""

from __future__ import annotations

import pytest

from games.skat.auction import Auction, AuctionResult, parse_call
from games.skat.errors import IllegalCall


def run(*calls: str | int) -> Auction:
    auction = Auction()
    for call in calls:
        auction.call(call)
    return auction


def test_middlehand_bids_first_to_forehand() -> None:
    auction = Auction()
    assert auction.to_move == 1
    auction.call(18)
    assert auction.to_move == 0
    assert auction.legal_calls() == ["yes", "pass"]


def test_middlehand_bids_again_after_forehand_holds() -> None:
    auction = run(18, "yes")
    assert auction.to_move == 1
    assert auction.legal_calls()[:3] == ["pass", "20", "22"]


def test_rearhand_bids_to_forehand_when_middlehand_passes() -> None:
    auction = run(18, "yes", "pass")
    assert auction.to_move == 2
    auction.call(20)
    assert auction.to_move == 0


def test_rearhand_bids_to_middlehand_when_forehand_passes() -> None:
    auction = run(18, "pass")
    assert auction.to_move == 2
    auction.call(20)
    assert auction.to_move == 1


def test_rearhand_must_bid_above_the_survivors_bid() -> None:
    auction = run(18, "yes", 20, "pass")
    assert auction.legal_calls()[:2] == ["pass", "22"]
    with pytest.raises(IllegalCall, match="bid 20 is too low"):
        auction.call(20)


def test_survivor_declares_when_rearhand_passes() -> None:
    auction = run(18, "yes", 20, "yes", "pass", "pass")
    assert auction.result == AuctionResult(0, 20)
    assert auction.finished and auction.to_move is None


def test_rearhand_declares_when_the_survivor_passes() -> None:
    auction = run(18, "pass", 20, "yes", 22, "pass")
    assert auction.result == AuctionResult(2, 22)
    assert auction.result.defenders == (0, 1)


def test_middlehand_holding_wins_when_rearhand_passes_at_once() -> None:
    auction = run(23, "pass", "pass")
    assert auction.result == AuctionResult(1, 23)


def test_forehand_may_still_bid_after_two_silent_passes() -> None:
    auction = run("pass", "pass")
    assert auction.to_move == 0
    assert auction.legal_calls()[:2] == ["pass", "18"]
    auction.call(18)
    assert auction.result == AuctionResult(0, 18)


def test_all_pass_throws_the_deal_in() -> None:
    auction = run("pass", "pass", "pass")
    assert auction.result is not None and auction.result.thrown_in
    assert auction.result.defenders == ()
    assert auction.legal_calls() == []


def test_a_value_that_is_not_a_game_value_is_refused() -> None:
    with pytest.raises(IllegalCall, match=r"bid 19 is not a game value \(next values: 20, 22, 23"):
        run(19)


def test_bids_below_18_are_refused() -> None:
    with pytest.raises(IllegalCall, match="bid 17 is not a game value"):
        run(17)


def test_the_hearer_may_only_say_yes_or_pass() -> None:
    with pytest.raises(IllegalCall, match="may only answer 'yes' or 'pass' to 18, not bid 20"):
        run(18, 20)


def test_the_bidder_cannot_say_yes() -> None:
    with pytest.raises(IllegalCall, match="'yes' is not a bid"):
        run("yes")


def test_calling_out_of_turn_names_the_seat_to_move() -> None:
    auction = Auction()
    with pytest.raises(IllegalCall, match=r"seat 0 called '18' out of turn: middlehand \(seat 1\)"):
        auction.call(18, seat=0)


def test_no_call_after_the_end() -> None:
    auction = run("pass", "pass", "pass")
    with pytest.raises(IllegalCall, match="already over"):
        auction.call("pass")


def test_a_garbled_call_is_named() -> None:
    with pytest.raises(IllegalCall, match="bad call 'eighteen'"):
        parse_call("eighteen")


def test_call_aliases_are_read() -> None:
    assert [parse_call(c) for c in ("p", "Y", "hold", " 018 ", 20)] == [
        "pass",
        "yes",
        "yes",
        "18",
        "20",
    ]


def test_history_records_seat_and_call() -> None:
    auction = run(18, "yes", "pass", "pass")
    assert auction.history == [(1, "18"), (0, "yes"), (1, "pass"), (2, "pass")]
    assert auction.result == AuctionResult(0, 18)


def test_rejected_call_leaves_the_auction_unchanged() -> None:
    auction = run(18)
    with pytest.raises(IllegalCall):
        auction.call(22)
    assert auction.to_move == 0 and auction.bid == 18 and len(auction.history) == 1
