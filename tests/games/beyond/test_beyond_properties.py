"""Property tests: random legal auctions, declarations and plays always make a sound deal."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from games.beyond import (
    Auction,
    AuctionResult,
    Bid,
    Declarations,
    Play,
    deal,
    score_contract,
    score_pass_round,
)
from games.cards import BEYOND_DECK, Card

SEATS = "NESW"
RANK_ORDER = "23456789TJQKA"
FAST = settings(max_examples=40, deadline=None)


def reference_strength(cards: Sequence[Card], index: int, trump: str | None) -> int:
    """Rank one card of a trick, written independently of the engine: -1 cannot win."""
    card, led = cards[index], cards[0]
    if led.is_joker:
        return index if card.is_joker else -1  # a later joker beats an earlier one
    if card.is_joker:
        return -1
    if card.suit == trump:
        return 200 + RANK_ORDER.index(card.rank)
    if card.suit == led.suit:
        return 100 + RANK_ORDER.index(card.rank)
    return -1


def reference_legal(hand: Sequence[Card], trick: Sequence[Card], locked: bool) -> set[Card]:
    """Return the playable cards under the default rules, written independently."""
    if not trick:
        suits = {c for c in hand if not c.is_joker}
        return suits if locked and suits else set(hand)
    if trick[0].is_joker:
        return set(hand)
    same = {c for c in hand if c.suit == trick[0].suit}
    return same | {c for c in hand if c.is_joker} if same else set(hand)


def random_auction(data: st.DataObject, dealer: str) -> Auction:
    auction = Auction(dealer)
    for _ in range(500):
        legal = auction.legal_calls()
        if not legal:
            break
        # Weight passes so auctions end at realistic lengths but still explore bids.
        pick_pass = data.draw(st.integers(0, 2), label="pass?") > 0
        call = legal[0] if pick_pass else data.draw(st.sampled_from(legal), label="call")
        auction.call(call)
    return auction


@FAST
@given(st.data(), st.sampled_from(SEATS))
def test_random_legal_auctions_always_finish_with_a_lower_bid_each_time(
    data: st.DataObject, dealer: str
) -> None:
    auction = random_auction(data, dealer)
    assert auction.is_finished
    bids = [c.bid for _, c in auction.calls if c.bid is not None]
    assert all(b.beats(a) for a, b in itertools.pairwise(bids))
    result = auction.result()
    if result is None:
        assert not bids and len(auction.calls) == 4
    else:
        assert result.bid == bids[-1]


@FAST
@given(st.data(), st.integers(0, 10_000), st.sampled_from(SEATS))
def test_random_deals_play_out_soundly(data: st.DataObject, seed: int, dealer: str) -> None:
    hands = deal(seed, dealer)
    auction = random_auction(data, dealer)
    contract = auction.result()
    targets = None
    if contract is not None:
        declarations = Declarations(contract, dealer)
        while declarations.to_move is not None:
            declarations.declare(data.draw(st.sampled_from(declarations.legal()), label="decl"))
        targets = declarations.targets
        assert sum(targets.values()) != 13
    trump = contract.trump if contract else None
    play = Play(hands, SEATS[(SEATS.index(dealer) + 1) % 4], trump)
    while not play.is_finished:
        seat = play.to_move
        assert seat is not None
        legal = play.legal_cards()
        assert set(legal) == reference_legal(play.hands[seat], play.current.cards, play.lead_locked)
        trick = play.play(data.draw(st.sampled_from(legal), label="card"))
        if trick is not None:
            strengths = [reference_strength(trick.cards, i, trump) for i in range(4)]
            winner_index = (SEATS.index(trick.winner or "") - SEATS.index(trick.leader)) % 4
            assert strengths[winner_index] == max(strengths)
    played = play.played_cards()
    assert len(played) == 52 and set(played) == set(BEYOND_DECK)
    tricks = play.tricks_won()
    assert sum(tricks.values()) == 13
    if contract is not None and targets is not None:
        score = score_contract(contract, targets, tricks)
        assert min(score.pair_points.values()) == 0  # never both pairs
    else:
        last = play.tricks[-1].winner
        assert last is not None
        score = score_pass_round(tricks, last)
    assert score.points["N"] == score.points["S"] and score.points["E"] == score.points["W"]


@FAST
@given(st.lists(st.integers(0, 13), min_size=4, max_size=4), st.sampled_from(SEATS))
def test_pass_round_points_follow_the_trick_counts(counts: list[int], last: str) -> None:
    total = sum(counts)
    if total == 0:
        counts = [13, 0, 0, 0]
    else:  # scale to 13 tricks, keeping the shape
        counts = [c * 13 // total for c in counts]
        counts[0] += 13 - sum(counts)
    tricks = dict(zip(SEATS, counts, strict=True))
    if tricks[last] == 0:
        last = max(SEATS, key=lambda s: tricks[s])
    score = score_pass_round(tricks, last)
    ns, ew = tricks["N"] + tricks["S"], tricks["E"] + tricks["W"]
    if 13 in (ns, ew):
        assert score.pair_points == {"NS": 0, "EW": 0}
        return
    assert score.pair_points["NS"] == 10 * ew + (30 if last in "EW" else 0)
    assert score.pair_points["EW"] == 10 * ns + (30 if last in "NS" else 0)


@FAST
@given(
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
)
def test_at_most_one_pair_scores_when_declarations_avoid_thirteen(
    declared: list[int], taken: list[int]
) -> None:
    if sum(declared) == 13:
        declared[3] = (declared[3] + 1) % 14
    if sum(taken) == 0:
        taken = [13, 0, 0, 0]
    else:
        taken = [c * 13 // sum(taken) for c in taken]
        taken[0] += 13 - sum(taken)
    targets = dict(zip(SEATS, declared, strict=True))
    contract = AuctionResult("N", Bid(targets["N"], "H"))
    score = score_contract(contract, targets, dict(zip(SEATS, taken, strict=True)))
    assert sum(1 for p in score.pair_points.values() if p > 0) <= 1
