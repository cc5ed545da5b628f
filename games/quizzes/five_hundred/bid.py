"""Bidding quizzes for 500: which contract to bid, judged over sampled worlds.

One seed in four asks the other bidding-stage question instead, which three cards to
discard after taking the kitty (``kitty.py``); the rest of this module is the contract one.

The deal is bid by the simple bidder; from a seed-chosen call among the first four on, the
first call by a seat whose hand a player would consider bidding with (``considers_bidding``:
some legal bid at most one trick above its count, or a misère it may bid) is the decision.
Candidates (``sensible_calls``): pass, the simple bidder's call, and in each strain worth
weighing (at most three: those whose count, ``table.strain_limit``, reaches a legal level or
falls one trick short of it, highest count first) the cheapest legal level and the levels of
its count and one above; misère or open misère when legal and the hand is low enough. In
each of 100 worlds consistent with the calls so far (``table.bids_fit``), a bid is taken to
end the auction: the seat takes the kitty, discards with the simple rule, the deal is solved
double dummy from the first lead to the last trick (``settle``) and scored under 500 scoring
for the seat's side (its contract points against the defence's 10 a trick). A pass lets the
others bid on with the simple bidder (the seat is out once it passes); whatever contract
that gives is settled the same way and scored for the seat's side, or 0 when all pass. Every
candidate is judged on the same worlds (``judging``).
"""

from __future__ import annotations

import random
from typing import Any

from games.cards import FIVE_HUNDRED_DECK, SEATS, Card
from games.five_hundred import Auction, CardOrder, Contract, SimpleBidder, parse_call
from games.five_hundred.calls import MISERE_CALL, OPEN_MISERE_CALL, PASS, STRAINS, Call
from games.five_hundred.players import misere_danger
from games.five_hundred.seats import partner, side_of
from games.quizzes.base import QuizDraft
from games.quizzes.common.valuation import WHOLE_DEAL, Valuation, current, stored
from games.quizzes.common.verdict import Outcome, Verdict, differences
from games.quizzes.five_hundred import judging
from games.quizzes.five_hundred.kitty import choose_question, kitty_quiz, recheck_kitty
from games.quizzes.five_hundred.results import outcome
from games.quizzes.five_hundred.settle import declarer_tricks
from games.quizzes.five_hundred.table import (
    bids_fit,
    deal_as_json,
    deal_for,
    five_hundred_position,
    replay,
    run_calls,
    strain_limit,
    worlds_as_json,
)
from games.quizzes.five_hundred.themes import RATING_MAX, RATING_MIN
from games.quizzes.five_hundred.wording import TABLE_REF
from games.quizzes.units import percent
from games.sampling import NoDealFound, World, sample_worlds

N_WORLDS = 100
MAX_TRIES = 3000
FIRST_ROUND = 4
QUESTION = "contract"
# Strains offered at most: those the hand counts highest in.
MAX_STRAINS = 3
# Where a pass leads in one world: the contract the others reach (None: all pass).
PassResult = dict[str, Any]


def strain_key(call: Call) -> str:
    """Return the key under which a call's tricks are stored: its strain or 'MIS'/'OMIS'."""
    return call.strain


def _trumps(hand: list[Card], strain: str) -> int:
    if strain == "NT":
        return 0
    order = CardOrder(strain)
    return sum(1 for c in hand if order.is_trump(c))


def considers_bidding(auction: Auction, hand: list[Card]) -> bool:
    """Return True when a player would weigh bidding: a legal bid at most one trick above
    the hand's count in its strain (``table.strain_limit``), or a misère it may bid."""
    for call in auction.legal_calls():
        if call.is_pass:
            continue
        if call.is_misere:
            if misere_danger(hand) <= (0 if call.is_open else 2):
                return True
            continue
        limit = strain_limit(hand, call.strain)
        if limit and call.level <= limit + 1:
            return True
    return False


def sensible_calls(auction: Auction, hand: list[Card]) -> list[Call]:
    """Return pass and the bids worth weighing for the seat to move (module docstring)."""
    legal = auction.legal_calls()
    limits = {s: strain_limit(hand, s) for s in STRAINS}
    weighable = [
        s
        for s in STRAINS
        if limits[s] and any(c.strain == s and c.level <= limits[s] + 1 for c in legal)
    ]
    strains = sorted(weighable, key=lambda s: (-limits[s], -_trumps(hand, s), STRAINS.index(s)))
    out = {PASS, SimpleBidder().choose_call(auction, hand)}
    for strain in strains[:MAX_STRAINS]:
        bids = [c for c in legal if c.strain == strain]
        levels = {bids[0].level, limits[strain], limits[strain] + 1}
        out.update(c for c in bids if c.level in levels)
    danger = misere_danger(hand)
    if MISERE_CALL in legal and danger <= 2:
        out.add(MISERE_CALL)
    if OPEN_MISERE_CALL in legal and danger == 0:
        out.add(OPEN_MISERE_CALL)
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


def world_tricks(
    world: World, seat: str, calls: list[Call], valuation: Valuation = WHOLE_DEAL
) -> dict[str, int]:
    """Return the declaring side's tricks in ``world`` for each strain among ``calls``."""
    out: dict[str, int] = {}
    hands = {s: world[s] for s in SEATS}
    for call in calls:
        key = strain_key(call)
        if call.is_pass or key in out:
            continue
        out[key] = declarer_tricks(hands, world["kitty"], Contract(call, seat), valuation=valuation)
    return out


def after_pass(
    world: World,
    seat: str,
    dealer: str,
    prefix: list[tuple[str, Call]],
    valuation: Valuation = WHOLE_DEAL,
) -> PassResult:
    """Return where a pass leads in ``world``: the others bid on, the contract is settled."""
    auction = replay(dealer, prefix)
    auction.call(PASS, seat)
    hands = {s: world[s] for s in SEATS}
    run_calls(auction, hands)
    contract = auction.contract
    if contract is None:
        return {"contract": None, "declarer": None, "tricks": 0}
    tricks = declarer_tricks(hands, world["kitty"], contract, valuation=valuation)
    return {"contract": str(contract.bid), "declarer": contract.declarer, "tricks": tricks}


def pass_outcome(result: PassResult, seat: str) -> Outcome:
    """Return a pass's outcome for the seat's side (0 when all pass)."""
    if result["contract"] is None:
        return Outcome(rank=0, score=0.0, reached=False, words="all pass")
    contract = Contract(parse_call(result["contract"]), result["declarer"])
    return outcome(contract, result["tricks"], side_of(seat) == contract.side)


def per_world_outcomes(
    calls: list[Call], seat: str, tricks: list[dict[str, int]], passes: list[PassResult]
) -> list[dict[str, Outcome]]:
    """Return every call's outcome in each world, from the stored tricks and pass results."""
    out = []
    for taken, after in zip(tricks, passes, strict=True):
        row = {}
        for call in calls:
            if call.is_pass:
                row[str(call)] = pass_outcome(after, seat)
            else:
                row[str(call)] = outcome(Contract(call, seat), taken[strain_key(call)], True)
        out.append(row)
    return out


def _prefer(calls: list[Call]) -> Any:
    """Return a key putting the cheapest call first among equals (pass cheapest of all)."""
    rank = {str(c): (-1 if c.is_pass else c.rank) for c in calls}
    return lambda answer: rank[answer]


def decision(seed: int, constraint: Any) -> tuple[Any, int] | None:
    """Return the deal and the index of the call asked about, or None when none qualifies."""
    rng = random.Random(f"five_hundred/bid/{seed}")
    deal = deal_for(seed, constraint)
    full = run_calls(Auction(deal.dealer), deal.hands)
    first = min(FIRST_ROUND, len(full.calls))
    start = rng.randrange(first)
    for index in range(start, first):
        seat = full.calls[index][0]
        auction = replay(deal.dealer, list(full.calls[:index]))
        if considers_bidding(auction, list(deal.hands[seat])):
            return (deal, full), index
    return None


def bid_quiz(seed: int, mode: str = "single_dummy", constraint: Any = None) -> QuizDraft | None:
    """Return the bidding quiz of ``seed``, or None when the deal gives no real decision."""
    if choose_question(seed) == "kitty":
        return kitty_quiz(seed, constraint)
    found = decision(seed, constraint)
    if found is None:
        return None
    (deal, full), index = found
    prefix = list(full.calls[:index])
    seat = full.calls[index][0]
    hand = list(deal.hands[seat])
    auction = replay(deal.dealer, prefix)
    calls = sensible_calls(auction, hand)
    if len(calls) < 2:
        return None
    try:
        worlds = bid_worlds(seat, hand, prefix, seed)
    except NoDealFound:
        return None
    valuation = current("five_hundred")
    tricks = [world_tricks(w, seat, calls, valuation) for w in worlds]
    passes = [after_pass(w, seat, deal.dealer, prefix, valuation) for w in worlds]
    verdict = judging.judge(per_world_outcomes(calls, seat, tricks, passes), _prefer(calls))
    if verdict is None:
        return None
    natural = str(SimpleBidder().choose_call(auction, hand))
    options = [(str(c), c.name) for c in calls]
    results = {str(c): _result(c, seat, verdict, passes) for c in calls}
    details = {str(c): _detail(c, tricks) for c in calls}
    candidates = judging.candidates(verdict, options, results, details, lambda a: a != "P")
    themes = _themes(auction, seat, hand, verdict.accepted)
    rating = 1500 + 30 * max(0, len(calls) - len(verdict.accepted) - 1)
    rating += 200 if natural not in verdict.accepted else 0
    rating += 100 if verdict.margin < 4 * verdict.error else 0
    return QuizDraft(
        game="five_hundred",
        kind="bid",
        mode="single_dummy",
        prompt=(
            f"You are {seat} (dealer {deal.dealer}). What do you call? A bid is taken to end "
            "the auction; after a pass the others bid on. Values are your side's average "
            "score for the deal (contract points against the defence's 10 a trick)."
        ),
        position=five_hundred_position(
            seat=seat,
            question="contract",
            deal=deal,
            shown=[seat],
            hidden=[s for s in SEATS if s != seat],
            auction=prefix,
            contract={},
        ),
        candidates=tuple(candidates),
        unit=verdict.unit,
        themes=themes,
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=TABLE_REF,
        seed=seed,
        samples=verdict.samples,
        margin=round(verdict.margin, 4),
        extra={
            "question": QUESTION,
            "deal": deal_as_json(deal),
            "worlds": worlds_as_json(worlds),
            "tricks": tricks,
            "passes": passes,
            "sampling_error": round(verdict.error, 4),
            "natural": natural,
            "valuation": valuation.as_json(),
        },
    )


def _result(call: Call, seat: str, verdict: Verdict, passes: list[PassResult]) -> str:
    """Return a call's result in words: its make rate, or where a pass leads."""
    if not call.is_pass:
        return judging.made_words(verdict.rates[str(call)], str(call) in verdict.accepted)
    n = len(passes)
    ours = sum(1 for p in passes if p["declarer"] and side_of(p["declarer"]) == side_of(seat))
    none = sum(1 for p in passes if p["declarer"] is None)
    theirs = n - ours - none
    return (
        f"the others bid on: your partner declares in {percent(ours / n)} of the deals, "
        f"the opponents in {percent(theirs / n)}, all pass in {percent(none / n)}"
    )


def _detail(call: Call, tricks: list[dict[str, int]]) -> str:
    """Return the tricks a bid's strain averages (nothing for pass or misère)."""
    if call.is_pass or call.is_misere:
        return ""
    average = sum(t[strain_key(call)] for t in tricks) / len(tricks)
    strain = call.name.split(" ", 1)[1]
    return f"In {strain} your side averages {average:.1f} tricks and needs {call.level}."


def recheck_bid(draft: QuizDraft, worlds: int | None = None) -> list[str]:
    """Re-judge a stored bid draft by settling its stored worlds again ([] when it holds).

    Every world is settled again whatever ``worlds`` asks: a 500 deal solves in about a
    millisecond."""
    if draft.extra.get("question") == "kitty":
        return recheck_kitty(draft)
    seat = draft.position["seat"]
    dealer = draft.position["dealer"]
    prefix = [(s, parse_call(c)) for s, c in draft.position["auction"]]
    calls = [parse_call(c.answer) for c in draft.candidates]
    worlds = [
        {p: FIVE_HUNDRED_DECK.parse_hand(cards) for p, cards in w.items()}
        for w in draft.extra["worlds"]
    ]
    valuation = stored("five_hundred", draft.extra)
    tricks = [world_tricks(w, seat, calls, valuation) for w in worlds]
    passes = [after_pass(w, seat, dealer, prefix, valuation) for w in worlds]
    problems = []
    if tricks != draft.extra["tricks"]:
        problems.append("the stored tricks differ from settling the worlds again")
    if passes != draft.extra["passes"]:
        problems.append("the stored pass results differ from bidding the worlds on again")
    verdict = judging.judge(per_world_outcomes(calls, seat, tricks, passes), _prefer(calls))
    return problems + differences(draft, verdict)


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
