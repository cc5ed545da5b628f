"""Bidding quizzes: with this hand after these calls, which call earns the most points?

The deal is bid by the simple bidder; one turn where the speaker has two or more sensible
calls becomes the quiz. ``WORLDS`` deals of the other three hands that fit the auction so
far are sampled (``worlds.bid_worlds``), every candidate call is settled in every one of them
(``settle.settle``: the rest of the auction, the play, the points), and the candidates are
judged on those same worlds (``verdict.judge``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.cards import SEATS, format_pbn
from games.quizzes.base import Candidate, QuizDraft, QuizError
from games.quizzes.wiezen.settle import SOLVE_TRICKS, Outcome, settle
from games.quizzes.wiezen.table import (
    GAME,
    auction_pairs,
    cards_text,
    deal_hands,
    dealer_for,
    replay_auction,
)
from games.quizzes.wiezen.themes import RATING_MAX, RATING_MIN
from games.quizzes.wiezen.verdict import Verdict, judge
from games.quizzes.wiezen.view import SEAT_NAMES, TEXT
from games.quizzes.wiezen.worlds import AuctionCheck, bid_worlds
from games.sampling import NoDealFound, World
from games.wiezen import Auction, Call, CallKind, Contract, choose_call
from games.wiezen.calls import ALONE, JOIN, JOIN_TROEL, MISERIE, OPEN_MISERIE, PASS, ask
from games.wiezen.hand_eval import best_trump, miserie_safe

MODE = "single_dummy"
WORLDS = 100
MIN_MARGIN = 0.5  # points
RARE_WEIGHT = 4
# A hand with this estimate or more may consider abondance; a solo needs this many.
ABONDANCE_THOUGHT = 7.0
SOLO_THOUGHT = 11.0
# A miserie is worth considering with no ace or king and at most this many cards of ten
# or higher.
MISERIE_HIGH_CARDS = 2
DECISIONS_REF = "DECISIONS.md, Kleurenwiezen (ask/join and alone, points table)"
SECTION = {
    CallKind.ABONDANCE: "Abondance",
    CallKind.MISERIE: "(Open) Miserie",
    CallKind.OPEN_MISERIE: "(Open) Miserie",
    CallKind.JOIN_TROEL: "Troel",
    CallKind.SOLO: "Solo",
}


def sensible_calls(auction: Auction) -> list[Call]:
    """Return the calls worth weighing for the seat to speak (every other call is poor).

    Pass, join, alone and join troel whenever legal; an ask in the hand's best suit; the
    cheapest abondance in that suit with an estimate of 7+ tricks; a solo with 11+; miserie
    with no ace or king and at most two cards of ten or higher; open miserie with a hand the
    simple bidder calls safe for a closed miserie.
    """
    seat = auction.turn
    if seat is None:
        return []
    legal = auction.legal_calls()
    hand = auction.hands[seat]
    suit, estimate = best_trump(hand)
    low = not any(c.rank in "AK" for c in hand)
    low = low and sum(c.rank in "TJQ" for c in hand) <= MISERIE_HIGH_CARDS
    wanted: list[Call] = [PASS, JOIN, ALONE, JOIN_TROEL, ask(suit)]
    abondances = [c for c in legal if c.kind is CallKind.ABONDANCE and c.suit == suit]
    if estimate >= ABONDANCE_THOUGHT and abondances:
        wanted.append(min(abondances, key=lambda c: c.level or 0))
    if estimate >= SOLO_THOUGHT:
        wanted += [c for c in legal if c.kind is CallKind.SOLO and c.suit == suit]
    if low:
        wanted.append(MISERIE)
    if miserie_safe(hand):
        wanted.append(OPEN_MISERIE)
    return [c for c in wanted if c in legal]


def decision_turns(auction: Auction) -> list[tuple[int, int]]:
    """Bid the auction out with the simple bidder; return where a real choice came up.

    Each entry is (length of the history when the seat spoke, weight). Pass against one
    ask or one join is by far the commonest choice; every other choice weighs
    ``RARE_WEIGHT`` so that the bank also gets alone, abondance and miserie decisions.
    """
    turns = []
    while not auction.finished:
        calls = sensible_calls(auction)
        if len(calls) >= 2:
            plain = len(calls) == 2 and calls[1].kind in (CallKind.ASK, CallKind.JOIN)
            turns.append((len(auction.history), 1 if plain else RARE_WEIGHT))
        auction.apply(choose_call(auction))
    return turns


def _summary(outcomes: Sequence[Outcome]) -> str:
    """Return the two commonest results of a call, e.g. 'ask/join N+S in H ... 61 times'."""
    counts: Counter[Contract | None] = Counter(o.contract for o in outcomes)
    made: Counter[Contract | None] = Counter(o.contract for o in outcomes if o.made)
    parts = []
    for contract, count in counts.most_common(2):
        if contract is None:
            parts.append(f"the deal is thrown in {count} times")
        else:
            parts.append(f"{contract.describe()} {count} times (made {made[contract]})")
    return "; ".join(parts)


def _refutation(call: str, verdict: Verdict, outcomes: Sequence[Outcome]) -> str:
    best = verdict.best
    return (
        f"{call} averages {verdict.means[call]:+.2f} points over {len(outcomes)} possible "
        f"deals, {verdict.gaps[call]:.2f} less than {best} ({verdict.means[best]:+.2f}). "
        f"It leads to: {_summary(outcomes)}."
    )


def bid_themes(auction: Auction, calls: Sequence[Call], best: Call) -> list[str]:
    """Return the theme tags of a bidding quiz (rules in docs/quizzes/wiezen.md)."""
    tags = [f"bid_{best.kind.value.replace(' ', '_')}"]
    if JOIN in calls:
        tags.append("answer_ask")
    if ALONE in calls:
        tags.append("asker_choice")
    if auction.troel is not None:
        tags.append("troel")
    top = auction.top
    if top is not None and top.kind is not CallKind.ASK and auction.turn not in auction.holders:
        tags.append("over_special_bid")
    if not any(seat == auction.turn for seat, _ in auction.history):
        tags.append("first_call")
    return tags


def bid_rating(candidates: int, natural_wrong: bool, close: bool, special: bool) -> int:
    """Return an initial difficulty from the features listed in docs/quizzes/wiezen.md."""
    rating = 1150 + 80 * min(candidates - 2, 4)
    if natural_wrong:
        rating += 300
    if close:
        rating += 100
    if special:
        rating += 100
    return max(RATING_MIN, min(RATING_MAX, rating))


def rule_ref(calls: Sequence[Call]) -> str:
    """Return the rule-text parts the candidate calls rest on."""
    sections = sorted({SECTION[c.kind] for c in calls if c.kind in SECTION})
    refs = [DECISIONS_REF]
    if sections:
        refs.append(f"{TEXT}, {', '.join(sections)}")
    return "; ".join(refs)


def call_values(
    worlds: Sequence[World],
    dealer: str,
    prefix: Sequence[tuple[str, Call]],
    seat: str,
    calls: Sequence[Call],
) -> dict[str, list[Outcome]]:
    """Return every call's outcome in every world (contracts settled once per world)."""
    out: dict[str, list[Outcome]] = {str(c): [] for c in calls}
    for world in worlds:
        settled: dict[Contract, dict[str, int]] = {}
        for call in calls:
            out[str(call)].append(settle(world, dealer, prefix, seat, call, settled))
    return out


def bid_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the bidding quiz of ``seed``, or None when it is no real decision."""
    if mode != MODE:
        raise QuizError(
            f"wiezen bid quizzes are judged over sampled deals: mode {MODE}, not {mode!r}"
        )
    rng = random.Random(f"wiezen/bid/{seed}")
    hands = deal_hands(seed, constraint)
    dealer = dealer_for(seed)
    full = Auction(dealer, hands)
    turns = decision_turns(full)
    if not turns:
        return None
    at = rng.choices([t for t, _ in turns], weights=[w for _, w in turns])[0]
    prefix = list(full.history[:at])
    auction = replay_auction(dealer, hands, prefix)
    seat = auction.turn
    assert seat is not None
    calls = sensible_calls(auction)
    world_seed = f"wiezen/bid/{seed}/worlds"
    try:
        worlds = bid_worlds(
            AuctionCheck(dealer, prefix, hands),
            seat,
            hands[seat],
            WORLDS,
            random.Random(world_seed),
        )
    except NoDealFound:
        return None
    outcomes = call_values(worlds, dealer, prefix, seat, calls)
    values = {c: [o.points for o in found] for c, found in outcomes.items()}
    verdict = judge(values, MIN_MARGIN)
    if verdict is None:
        return None
    candidates = []
    for call in calls:
        key = str(call)
        accepted = key in verdict.accepted
        text = "" if accepted else _refutation(key, verdict, outcomes[key])
        candidates.append(Candidate(key, verdict.means[key], accepted, key, text))
    best = next(c for c in calls if str(c) == verdict.best)
    special = any(c.kind in SECTION for c in calls)
    position = {
        "seat": seat,
        "dealer": dealer,
        "hands": {seat: cards_text(hands[seat])},
        "hidden": [s for s in SEATS if s != seat],
        "contract": None,
        "auction": auction_pairs(auction),
        "trick": [],
        "tricks_played": [],
    }
    return QuizDraft(
        game=GAME,
        kind="bid",
        mode=MODE,
        prompt=(
            f"Kleurenwiezen, {SEAT_NAMES[dealer]} dealt. You are {SEAT_NAMES[seat]}. With this "
            f"hand, after the calls shown, what do you call: {', '.join(str(c) for c in calls)}?"
        ),
        position=position,
        candidates=tuple(candidates),
        unit="points",
        themes=tuple(bid_themes(auction, calls, best)),
        rating=float(
            bid_rating(
                len(calls),
                natural_wrong=str(choose_call(auction)) not in verdict.accepted,
                close=verdict.margin < 2 * MIN_MARGIN,
                special=special,
            )
        ),
        rule_ref=rule_ref(calls),
        seed=seed,
        samples=len(worlds),
        margin=verdict.margin,
        extra={
            "deal": {s: cards_text(h) for s, h in hands.items()},
            "worlds": [format_pbn(w) for w in worlds],
            "world_seed": world_seed,
            "solve_tricks": SOLVE_TRICKS,
            "sampling_error": verdict.error,
        },
    )
