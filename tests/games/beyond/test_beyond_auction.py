"""The downward auction: turn order, bid order, raise and re-raise, end, result, errors."""

from __future__ import annotations

import itertools

import pytest

from games.beyond import PASS, RAISE, RERAISE, Auction, Bid, IllegalCallError, parse_call
from games.beyond.calls import ALL_BIDS, make_bid
from games.beyond.variants import BeyondSettings
from games.cards import NotationError


def run(*calls: str, dealer: str = "W", settings: BeyondSettings | None = None) -> Auction:
    return Auction(dealer, settings, calls)


def test_player_left_of_dealer_calls_first_and_turns_go_clockwise() -> None:
    auction = Auction("S")
    assert auction.to_move == "W"
    auction.call("13S")
    assert auction.to_move == "N"
    auction.call("pass")
    assert auction.to_move == "E"


def test_first_call_may_be_any_bid_or_pass() -> None:
    legal = Auction("N").legal_calls()
    assert legal[0] == PASS
    assert len(legal) == 1 + 14 * 5
    assert RAISE not in legal and RERAISE not in legal


def test_strains_rank_clubs_diamonds_hearts_spades_no_trumps() -> None:
    order = [Bid(5, s) for s in "CDHSN"]
    for weaker, stronger in itertools.pairwise(order):
        assert stronger.beats(weaker)
        assert not weaker.beats(stronger)


def test_text_example_five_spades_goes_under_five_diamonds_and_five_nt_under_that() -> None:
    # beyond.da.txt, auction paragraph: 5 diamonds, then 5 spades, then 5 no trumps.
    auction = run("5D", "5S", "5NT")
    assert auction.standing == ("S", Bid(5, "N"))


def test_text_example_a_weaker_strain_must_go_a_level_lower() -> None:
    auction = run("5D")
    assert auction.why_illegal("5C") == (
        "5C does not go below 5D: a new bid must be a lower level, "
        "or the same level in a stronger strain"
    )
    auction.call("4C")
    assert auction.standing == ("E", Bid(4, "C"))


def test_a_higher_level_is_illegal_and_the_error_names_the_call() -> None:
    auction = run("12D")
    with pytest.raises(IllegalCallError, match=r"illegal call 13NT by E: 13NT does not go below"):
        auction.call("13NT")


def test_the_same_bid_again_is_illegal() -> None:
    with pytest.raises(IllegalCallError, match="9H does not go below 9H"):
        run("9H", "9H")


def test_all_bids_run_from_thirteen_clubs_down_to_zero_no_trumps() -> None:
    assert str(ALL_BIDS[0]) == "13C"
    assert str(ALL_BIDS[-1]) == "0NT"
    assert all(b.beats(a) for a, b in itertools.pairwise(ALL_BIDS))


def test_raise_is_allowed_over_an_opponents_suit_bid() -> None:
    auction = run("6H")
    assert RAISE in auction.legal_calls()
    auction.call("raise")
    assert auction.raised == 1


def test_raise_is_allowed_after_passes_while_the_opponents_bid_stands() -> None:
    auction = run("6H", "pass", "pass")
    assert auction.to_move == "W"
    auction.call("raise")
    assert auction.raised == 1


def test_partners_suit_bid_cannot_be_raised() -> None:
    with pytest.raises(IllegalCallError, match="S cannot raise 6H: it is NS's own bid"):
        run("6H", "pass", "raise")


def test_no_trump_bid_cannot_be_raised_by_default() -> None:
    with pytest.raises(IllegalCallError, match="only a suit bid can be raised"):
        run("6NT", "raise")


def test_no_trump_bid_can_be_raised_with_the_variant_on() -> None:
    auction = run("6NT", "raise", settings=BeyondSettings(raise_over_no_trumps=True))
    assert auction.raised == 1


def test_raise_with_no_bid_is_illegal() -> None:
    with pytest.raises(IllegalCallError, match="no bid to raise"):
        run("raise")


def test_only_the_bidding_side_may_reraise() -> None:
    auction = run("6H", "raise")
    assert auction.why_illegal("reraise") is None  # S, partner of the bidder N
    with pytest.raises(IllegalCallError, match=r"only the side that bid 6H \(NS\) may re-raise"):
        run("6H", "raise", "pass", "reraise")


def test_bidder_may_reraise_after_partner_passes() -> None:
    auction = run("6H", "raise", "pass", "pass")
    assert auction.to_move == "N"
    auction.call("reraise")
    assert auction.raised == 2


def test_reraise_needs_a_raise_first() -> None:
    with pytest.raises(IllegalCallError, match="has not been raised"):
        run("6H", "pass", "reraise")


def test_a_raised_bid_cannot_be_raised_again() -> None:
    with pytest.raises(IllegalCallError, match="6H is already raised"):
        run("6H", "raise", "pass", "raise")


def test_a_reraised_bid_cannot_be_reraised_again() -> None:
    with pytest.raises(IllegalCallError, match="already re-raised"):
        run("6H", "raise", "reraise", "pass", "reraise")


def test_a_new_bid_cancels_raise_and_reraise() -> None:
    auction = run("6H", "raise", "reraise", "5S")
    assert auction.raised == 0
    assert auction.standing == ("W", Bid(5, "S"))


def test_auction_ends_after_a_bid_and_three_passes() -> None:
    auction = run("13S", "pass", "pass")
    assert not auction.is_finished
    auction.call("pass")
    assert auction.is_finished
    assert auction.to_move is None
    result = auction.result()
    assert result is not None
    assert (result.declarer, str(result.bid), result.raised) == ("N", "13S", 0)


def test_auction_needs_everyone_to_have_called_before_it_ends() -> None:
    # Three passes in a row at the start do not end it: the fourth player has not called.
    auction = run("pass", "pass", "pass")
    assert not auction.is_finished
    assert auction.to_move == "W"
    auction.call("7C")
    assert not auction.is_finished


def test_four_passes_make_the_pass_round() -> None:
    auction = run("pass", "pass", "pass", "pass")
    assert auction.is_finished and auction.is_pass_round
    assert auction.result() is None


def test_a_raise_restarts_the_count_of_passes() -> None:
    auction = run("6H", "raise", "pass", "pass")
    assert not auction.is_finished
    auction.call("pass")
    assert auction.is_finished
    result = auction.result()
    assert result is not None and result.raised == 1 and result.declarer == "N"


def test_the_lowest_bid_decides_declarer_and_trumps() -> None:
    auction = run("13S", "12D", "11H", "4C", "pass", "pass", "pass")
    result = auction.result()
    assert result is not None
    assert result.declarer == "W" and result.trump == "C" and result.level == 4


def test_no_call_is_accepted_after_the_end() -> None:
    auction = run("pass", "pass", "pass", "pass")
    assert auction.legal_calls() == []
    with pytest.raises(IllegalCallError, match="auction is over"):
        auction.call("pass")


def test_result_before_the_end_is_an_error() -> None:
    with pytest.raises(IllegalCallError, match="not over: S to call"):
        run("5S", "pass").result()


def test_legal_calls_are_exactly_the_calls_that_apply() -> None:
    auction = run("3H", "raise")
    for call in auction.legal_calls():
        assert auction.why_illegal(call) is None
    illegal = [make_bid(b.level, b.strain) for b in ALL_BIDS if not b.beats(Bid(3, "H"))]
    assert all(c not in auction.legal_calls() for c in illegal)


@pytest.mark.parametrize(
    ("text", "shown"),
    [("13S", "13S"), ("4nt", "4NT"), ("0N", "0NT"), ("p", "pass"), ("RR", "reraise")],
)
def test_parse_call_reads_short_forms(text: str, shown: str) -> None:
    assert str(parse_call(text)) == shown


@pytest.mark.parametrize("text", ["14S", "5X", "S5", "", "double", "5"])
def test_parse_call_rejects_bad_text_naming_it(text: str) -> None:
    with pytest.raises(NotationError, match="bad call"):
        parse_call(text)


def test_unknown_dealer_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown seat 'Q'"):
        Auction("Q")


def test_bid_outside_the_levels_is_rejected() -> None:
    with pytest.raises(ValueError, match="bid level 14"):
        Bid(14, "S")
