"""Bidding quizzes for 500: which contract to bid, judged over sampled worlds.

One seed in four asks the other bidding-stage question instead, which three cards to
discard after taking the kitty (``kitty.py``); the rest of this module is the contract one.

The deal is bid by the simple bidder up to a seed-chosen call in the first round; that call
is the decision. Candidates are pass, the two cheapest legal levels in each sensible strain
(the seat's two longest trump suits, counting bowers and the joker, and no trumps) and misère
or open misère when legal and the hand is low enough. In each of 100 worlds consistent with
the calls so far (``table.bids_fit``), the seat is taken to win the auction with the call: it
takes the kitty, discards with the simple rule, the deal is played (``settle``) and scored
from the contract table. A candidate's value is its average score; pass scores 0 (the side
plays no contract of its own). Every candidate is judged on the same worlds.
"""

from __future__ import annotations

import random
from typing import Any

from games.cards import FIVE_HUNDRED_DECK, SEATS, Card
from games.five_hundred import Auction, CardOrder, Contract, SimpleBidder
from games.five_hundred.calls import MISERE_CALL, OPEN_MISERE_CALL, PASS, STRAINS, Call
from games.five_hundred.players import misere_danger
from games.five_hundred.scoring import contract_points
from games.five_hundred.seats import partner
from games.five_hundred.settings import DEFAULT_SETTINGS
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.five_hundred.kitty import choose_question, kitty_quiz
from games.quizzes.five_hundred.settle import declarer_tricks
from games.quizzes.five_hundred.table import (
    bids_fit,
    deal_as_json,
    deal_for,
    replay,
    run_calls,
    worlds_as_json,
)
from games.quizzes.five_hundred.themes import RATING_MAX, RATING_MIN
from games.quizzes.five_hundred.verdict import sampled_verdict
from games.quizzes.five_hundred.wording import TABLE_REF
from games.sampling import NoDealFound, World, sample_worlds

N_WORLDS = 100
MAX_TRIES = 3000
FIRST_ROUND = 4
UNIT = "points"


def strain_key(call: Call) -> str:
    """Return the key under which a call's tricks are stored: its strain or 'MIS'/'OMIS'."""
    return call.strain


def sensible_calls(auction: Auction, hand: list[Card]) -> list[Call]:
    """Return pass and the sensible bids for the seat to move (see the module docstring)."""
    legal = auction.legal_calls()

    def trumps(strain: str) -> int:
        order = CardOrder(strain)
        return sum(1 for c in hand if order.is_trump(c))

    suits = sorted((s for s in STRAINS if s != "NT"), key=lambda s: (-trumps(s), STRAINS.index(s)))
    out = [PASS]
    for strain in [*suits[:2], "NT"]:
        out += [c for c in legal if c.strain == strain][:2]
    danger = misere_danger(hand)
    if MISERE_CALL in legal and danger <= 2:
        out.append(MISERE_CALL)
    if OPEN_MISERE_CALL in legal and danger == 0:
        out.append(OPEN_MISERE_CALL)
    return sorted(out, key=lambda c: -1 if c.is_pass else c.rank)


def bid_worlds(
    seat: str, hand: list[Card], prefix: list[tuple[str, Call]], seed: int
) -> list[World]:
    """Return worlds for ``seat``: the other hands and the kitty, fitting the bids so far."""
    others = [s for s in SEATS if s != seat]
    hidden = [c for c in FIVE_HUNDRED_DECK if c not in hand]
    sizes = {**{s: 10 for s in others}, "kitty": 3}
    return sample_worlds(
        "five_hundred",
        {seat: hand},
        hidden,
        sizes,
        random.Random(f"five_hundred/bid-worlds/{seed}"),
        N_WORLDS,
        accept=lambda world: bids_fit(prefix, {s: world[s] for s in others}),
        max_tries=MAX_TRIES,
    )


def score(call: Call, seat: str, tricks: int) -> int:
    """Return the seat's side's score for ``call`` when it takes ``tricks`` (pass: 0)."""
    if call.is_pass:
        return 0
    return contract_points(Contract(call, seat), tricks, DEFAULT_SETTINGS)


def world_tricks(world: World, seat: str, calls: list[Call]) -> dict[str, int]:
    """Return the declaring side's tricks in ``world`` for each strain among ``calls``."""
    out: dict[str, int] = {}
    hands = {s: world[s] for s in SEATS}
    for call in calls:
        key = strain_key(call)
        if call.is_pass or key in out:
            continue
        out[key] = declarer_tricks(hands, world["kitty"], Contract(call, seat))
    return out


def bid_quiz(seed: int, mode: str = "single_dummy", constraint: Any = None) -> QuizDraft | None:
    """Return the bidding quiz of ``seed``, or None when the deal gives no real decision."""
    if choose_question(seed) == "kitty":
        return kitty_quiz(seed, constraint)
    rng = random.Random(f"five_hundred/bid/{seed}")
    deal = deal_for(seed, constraint)
    full = run_calls(Auction(deal.dealer), deal.hands)
    index = rng.randrange(min(FIRST_ROUND, len(full.calls)))
    prefix = list(full.calls[:index])
    seat = full.calls[index][0]
    hand = list(deal.hands[seat])
    auction = replay(deal.dealer, prefix)
    calls = sensible_calls(auction, hand)
    try:
        worlds = bid_worlds(seat, hand, prefix, seed)
    except NoDealFound:
        return None
    tricks = [world_tricks(w, seat, calls) for w in worlds]
    table = {str(c): [score(c, seat, t.get(strain_key(c), 0)) for t in tricks] for c in calls}
    verdict = sampled_verdict(table, UNIT)
    if verdict is None:
        return None
    natural = str(SimpleBidder().choose_call(auction, hand))
    best = sorted(verdict.accepted)[0]
    n = len(worlds)
    candidates = [
        _candidate(c, table, tricks, verdict.accepted, verdict.values, best, n) for c in calls
    ]
    themes = _themes(auction, seat, hand, verdict.accepted)
    rating = 1500 + 30 * max(0, len(calls) - len(verdict.accepted) - 1)
    rating += 200 if natural not in verdict.accepted else 0
    rating += 100 if verdict.margin < 30 else 0
    return QuizDraft(
        game="five_hundred",
        kind="bid",
        mode="single_dummy",
        prompt=(
            f"You are {seat} (dealer {deal.dealer}). What do you call? Assume your call ends "
            "the auction: values are your side's average score from the contract table."
        ),
        position={
            "seat": seat,
            "dealer": deal.dealer,
            "hands": {seat: [str(c) for c in hand]},
            "hidden": [s for s in SEATS if s != seat],
            "contract": {},
            "auction": [[s, str(c)] for s, c in prefix],
            "trick": [],
            "tricks_played": [],
            "decision": "contract",
        },
        candidates=tuple(candidates),
        unit=UNIT,
        themes=themes,
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=TABLE_REF,
        seed=seed,
        samples=n,
        margin=round(verdict.margin, 4),
        extra={
            "deal": deal_as_json(deal),
            "worlds": worlds_as_json(worlds),
            "tricks": tricks,
            "sampling_error": round(verdict.error, 4),
            "natural": natural,
        },
    )


def _candidate(
    call: Call,
    table: dict[str, list[int]],
    tricks: list[dict[str, int]],
    accepted: frozenset[str],
    means: dict[str, float],
    best: str,
    n: int,
) -> Candidate:
    answer = str(call)
    value = round(means[answer], 4)
    if answer in accepted:
        return Candidate(answer, value, True, call.name)
    worse = sum(1 for b, v in zip(table[best], table[answer], strict=True) if b > v)
    text = (
        f"{call.name} scores {value:+.1f} on average against {means[best]:+.1f} for {best} "
        f"over the same {n} sampled deals; it does worse in {worse} of them."
    )
    if not call.is_pass:
        made = sum(1 for v in table[answer] if v > 0)
        key = strain_key(call)
        if call.is_misere:
            text += f" The misère holds in {made} of {n}."
        else:
            average = sum(t[key] for t in tricks) / n
            strain = call.name.split(" ", 1)[1]
            text += (
                f" In {strain} your side averages {average:.1f} tricks"
                f" and makes {call.level} in {made} of {n}."
            )
    return Candidate(answer, value, False, call.name, text)


def _themes(
    auction: Auction, seat: str, hand: list[Card], accepted: frozenset[str]
) -> tuple[str, ...]:
    tags = {"bidding"}
    if auction.high_bidder is None:
        tags.add("opening bid")
    elif auction.high_bidder == partner(seat):
        tags.add("partner's bid")
    else:
        tags.add("competitive bid")
    if any(c.is_joker for c in hand):
        tags.add("joker")
    if any(a in ("MIS", "OMIS") for a in accepted):
        tags.add("misère")
    if any(a.endswith("NT") for a in accepted):
        tags.add("no trumps")
    if "P" in accepted:
        tags.add("pass")
    return tuple(sorted(tags))
