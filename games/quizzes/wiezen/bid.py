"""Bidding quizzes: with this hand after these calls, which call scores the most?

The deal is bid by the simple bidder. A turn becomes the quiz only when it is a question a
player really faces: passing and bidding are both plausible with the hand (it is near the
line where a player asks, joins or goes alone), or the hand has a special bid worth weighing
(abondance, solo, miserie). The options are the calls a player weighs there (``sensible_calls``).

``WORLDS`` deals of the other three hands that fit the auction so far are sampled
(``worlds.bid_worlds``); every option is settled in every one of them (``settle.settle``: the
rest of the auction by the simple bidder, the contract played as ``common.valuation`` says:
today the simple players' first six tricks and the solver the rest, the points under
Kleurenwiezen scoring) and the options are
judged on the same worlds with the shared ``judge_sampled``: the best mean score and every
option within the sampling error of it are accepted; the quiz is kept only when every accepted
option beats every rejected one beyond the sampling error and by ``MIN_MARGIN`` points. Each
option shows its make rate (how often the contract is made when you play it), and an accepted
option that loses points in many deals is flagged as a gamble.

All bidding quizzes ask the same question, "which call now?" (``extra['question']`` is
``call``); the turn (``extra['turn']``: open, answer, alone, special) only changes which calls
are legal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.cards import SUIT_NAMES, WIEZEN_DECK, format_pbn, parse_card, parse_pbn
from games.quizzes import BID_RECHECKS
from games.quizzes.base import Candidate, QuizDraft, QuizError
from games.quizzes.common.valuation import (
    Valuation,
    current,
    recheck_indices,
    results_problems,
    stored,
)
from games.quizzes.common.verdict import Outcome, Verdict, judge_sampled
from games.quizzes.units import MAKE_RATE, POINTS
from games.quizzes.wiezen.settle import Settled, settle_many
from games.quizzes.wiezen.table import (
    GAME,
    cards_text,
    deal_hands,
    dealer_for,
    replay_auction,
    wiezen_position,
)
from games.quizzes.wiezen.themes import RATING_MAX, RATING_MIN
from games.quizzes.wiezen.view import SEAT_NAMES, TEXT
from games.quizzes.wiezen.worlds import AuctionCheck, bid_worlds
from games.sampling import NoDealFound, World
from games.solver import SolverBudgetExceeded
from games.solver.budget import UNLIMITED, Budget
from games.wiezen import Auction, Call, CallKind, Contract, choose_call, parse_call
from games.wiezen.calls import ALONE, JOIN, JOIN_TROEL, MISERIE, OPEN_MISERIE, PASS, ask
from games.wiezen.hand_eval import best_trump, miserie_safe, trick_estimate
from games.wiezen.players import ALONE_MIN, ASK_MIN, JOIN_MIN

MODE = "single_dummy"
QUESTION = "call"
WORLDS = 100
MIN_MARGIN = 0.5  # points
# A new quiz passes over its deal when one world's solve needs more than this many nodes
# (about 40 s of one core here; the most a kept deal's solve took on seeds 100-118 was 130 M,
# a lone declarer's contract: docs/quizzes/wiezen.md). Counted in nodes, not seconds, so the
# starter bank's build gives the same quizzes on every machine; a worker's attempt also
# stops at its deadline. Re-checks of stored quizzes are not bounded.
SOLVE_NODES = 200_000_000
# A hand is "near the line" for a call when its trick estimate lies this far either side of
# the simple bidder's threshold for it: a player could well pass, or bid.
# Joining wins on average even with little in the asked suit (passing leaves you defending
# a contract chosen because it suits the others), so an answer is only asked about with at
# most 2.5 tricks in the asked suit, where joining is in doubt.
NEAR = {"open": (ASK_MIN - 1.5, ASK_MIN + 1.5), "answer": (JOIN_MIN - 3.0, JOIN_MIN - 0.5)}
NEAR["alone"] = (ALONE_MIN - 2.0, ALONE_MIN + 1.0)
# Asks worth weighing: a suit of 4+ cards with this estimate or more; at most two suits.
ASK_THOUGHT = 2.5
ASK_SUITS = 2
# A hand with this estimate or more may consider abondance; a solo needs this many.
ABONDANCE_THOUGHT = 7.0
SOLO_THOUGHT = 11.0
# A miserie is worth considering with no ace or king and at most this many cards of ten
# or higher.
MISERIE_HIGH_CARDS = 2
# How often each turn is picked when a deal has several (answer and alone turns are rarer).
TURN_WEIGHT = {"open": 1, "answer": 1, "alone": 4, "special": 4}
# An accepted call that loses points in at least this share of the deals is a gamble.
GAMBLE_SHARE = 0.3
DECISIONS_REF = "DECISIONS.md, Kleurenwiezen (ask/join and alone, points table)"
SECTION = {
    CallKind.ABONDANCE: "Abondance",
    CallKind.MISERIE: "(Open) Miserie",
    CallKind.OPEN_MISERIE: "(Open) Miserie",
    CallKind.JOIN_TROEL: "Troel",
    CallKind.SOLO: "Solo",
}
SPECIAL = (CallKind.ABONDANCE, CallKind.SOLO, CallKind.MISERIE, CallKind.OPEN_MISERIE)


def call_label(call: Call) -> str:
    """Return a call in words: 'ask hearts', 'abondance 9 in spades', 'join', 'pass'."""
    suit = SUIT_NAMES[call.suit] if call.suit else ""
    if call.kind is CallKind.ASK:
        return f"ask {suit}"
    if call.kind is CallKind.ABONDANCE:
        return f"abondance {call.level} in {suit}"
    if call.kind is CallKind.SOLO:
        return f"solo in {suit}"
    return str(call).replace("_", " ")


def _low(hand: Sequence[Any]) -> bool:
    no_honours = not any(c.rank in "AK" for c in hand)
    return no_honours and sum(c.rank in "TJQ" for c in hand) <= MISERIE_HIGH_CARDS


def sensible_calls(auction: Auction) -> list[Call]:
    """Return the calls worth weighing for the seat to speak (every other call is poor).

    Pass, join, alone and join troel whenever legal; an ask in each of the hand's two best
    suits of four or more cards with an estimate of 2.5+; the cheapest abondance in the best
    suit with an estimate of 7+; a solo with 11+; miserie with no ace or king and at most two
    cards of ten or higher; open miserie with a hand the simple bidder calls safe for a
    closed miserie.
    """
    seat = auction.turn
    if seat is None:
        return []
    legal = auction.legal_calls()
    hand = auction.hands[seat]
    suit, estimate = best_trump(hand)
    wanted: list[Call] = [PASS, JOIN, ALONE, JOIN_TROEL]
    long_suits = [s for s in SUIT_NAMES if s != "X" and sum(c.suit == s for c in hand) >= 4]
    ranked = sorted(long_suits, key=lambda s: -trick_estimate(hand, s))
    wanted += [ask(s) for s in ranked[:ASK_SUITS] if trick_estimate(hand, s) >= ASK_THOUGHT]
    abondances = [c for c in legal if c.kind is CallKind.ABONDANCE and c.suit == suit]
    if estimate >= ABONDANCE_THOUGHT and abondances:
        wanted.append(min(abondances, key=lambda c: c.level or 0))
    if estimate >= SOLO_THOUGHT:
        wanted += [c for c in legal if c.kind is CallKind.SOLO and c.suit == suit]
    if _low(hand):
        wanted.append(MISERIE)
    if miserie_safe(hand):
        wanted.append(OPEN_MISERIE)
    return [c for c in wanted if c in legal]


def turn_kind(auction: Auction, calls: Sequence[Call]) -> str | None:
    """Return what kind of question the turn is, or None when it is no question at all.

    special: a special bid is among the options. answer / alone / open: the hand is near the
    line for joining the ask, going alone after it, or asking (``NEAR``), so passing and
    bidding are both plausible. A hand far from every line is not asked about.
    """
    if len(calls) < 2 or PASS not in calls:
        return None
    if any(c.kind in SPECIAL for c in calls):
        return "special"
    seat = auction.turn
    assert seat is not None
    hand = auction.hands[seat]
    top = auction.top
    asked = top.suit if top is not None and top.kind is CallKind.ASK else None
    if JOIN in calls and asked:
        kind, estimate = "answer", trick_estimate(hand, asked)
    elif ALONE in calls and asked:
        kind, estimate = "alone", trick_estimate(hand, asked)
    elif any(c.kind is CallKind.ASK for c in calls):
        kind, estimate = "open", best_trump(hand)[1]
    else:
        return None
    low, high = NEAR[kind]
    return kind if low <= estimate <= high else None


def decision_turns(auction: Auction) -> list[tuple[int, str]]:
    """Bid the auction out with the simple bidder; return the turns that are real questions.

    Each entry is (length of the history when the seat spoke, the turn's kind).
    """
    turns = []
    while not auction.finished:
        kind = turn_kind(auction, sensible_calls(auction))
        if kind is not None:
            turns.append((len(auction.history), kind))
        auction.apply(choose_call(auction))
    return turns


def call_values(
    worlds: Sequence[World],
    dealer: str,
    prefix: Sequence[tuple[str, Call]],
    seat: str,
    calls: Sequence[Call],
    valuation: Valuation | None = None,
    budget: Budget = UNLIMITED,
) -> dict[str, list[Settled]]:
    """Return every call's outcome in every world (contracts settled once per world, their
    solves made in one batch, ``budget`` bounding each)."""
    return settle_many(worlds, dealer, prefix, seat, calls, valuation, budget)


def judged(settled: dict[str, list[Settled]], order: Sequence[str]) -> Verdict | None:
    """Judge the calls on their points in the same worlds (``judge_sampled``)."""
    n = len(next(iter(settled.values())))
    per_world = [
        {c: Outcome(0, o[i].points, o[i].played and o[i].made) for c, o in settled.items()}
        for i in range(n)
    ]
    return judge_sampled(per_world, MIN_MARGIN, prefer=list(order).index)


def _summary(outcomes: Sequence[Settled]) -> str:
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


def make_rate(outcomes: Sequence[Settled]) -> float | None:
    """Return how often the contract is made when the seat plays it (None: it never does)."""
    played = [o for o in outcomes if o.played]
    return sum(o.made for o in played) / len(played) if played else None


def result_words(outcomes: Sequence[Settled], accepted: bool) -> str:
    """Return what a call leads to: mean score, how often you play and make, a gamble."""
    n = len(outcomes)
    mean = sum(o.points for o in outcomes) / n
    played = sum(o.played for o in outcomes)
    made = sum(o.played and o.made for o in outcomes)
    text = f"{POINTS.amount(round(mean, 2))} on average; "
    if played:
        text += f"you play the contract in {played} of {n} deals and make it in {made}"
    else:
        text += f"you do not play: {_summary(outcomes)}"
    losing = sum(o.points < 0 for o in outcomes)
    if accepted and played and losing >= GAMBLE_SHARE * n:
        text += f"; a gamble: you lose points in {losing} of {n} deals"
    return text


def _refutation(label: str, key: str, verdict: Verdict, outcomes: Sequence[Settled]) -> str:
    best = verdict.best
    rate = make_rate(outcomes)
    rate_text = f", {MAKE_RATE.amount(rate)}" if rate is not None else ""
    return (
        f"Over {len(outcomes)} deals that fit what you know, {label} scores "
        f"{POINTS.amount(round(verdict.scores[key], 2))} on average{rate_text}, "
        f"{verdict.scores[best] - verdict.scores[key]:.2f} less than the best call "
        f"({POINTS.amount(round(verdict.scores[best], 2))}); it does worse in "
        f"{verdict.worse_in[key]} of them and better in {verdict.better_in[key]}. "
        f"It leads to: {_summary(outcomes)}."
    )


def is_gamble(outcomes: Sequence[Settled]) -> bool:
    """Return True when a call you play loses points in at least GAMBLE_SHARE of the deals."""
    n = len(outcomes)
    return any(o.played for o in outcomes) and sum(o.points < 0 for o in outcomes) >= (
        GAMBLE_SHARE * n
    )


def bid_themes(auction: Auction, calls: Sequence[Call], best: Call, gamble: bool) -> list[str]:
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
    if gamble:
        tags.append("gamble")
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


def bid_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the bidding quiz of ``seed``, or None when it is no real decision."""
    if mode != MODE:
        raise QuizError(
            f"wiezen bid quizzes are judged over sampled deals: mode {MODE}, not {mode!r}"
        )
    rng = random.Random(f"wiezen/bid/{seed}")
    hands = deal_hands(seed, constraint)
    dealer = dealer_for(seed)
    turns = decision_turns(Auction(dealer, hands))
    if not turns:
        return None
    at, turn = rng.choices(turns, weights=[TURN_WEIGHT[k] for _, k in turns])[0]
    full = Auction(dealer, hands)
    prefix = _history_until(full, at)
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
    valuation = current(GAME)
    try:
        settled = call_values(
            worlds, dealer, prefix, seat, calls, valuation, Budget(nodes=SOLVE_NODES)
        )
    except SolverBudgetExceeded:
        return None  # a deal too costly to solve whole: passed over, as a worker would
    keys = [str(c) for c in calls]
    verdict = judged(settled, keys)
    if verdict is None:
        return None
    candidates = []
    for call in calls:
        key = str(call)
        accepted = key in verdict.accepted
        label = call_label(call)
        text = "" if accepted else _refutation(label, key, verdict, settled[key])
        rate = make_rate(settled[key])
        candidates.append(
            Candidate(
                key,
                round(verdict.values[key], 4),
                accepted,
                label,
                text,
                (),
                result_words(settled[key], accepted),
                None if rate is None else round(rate, 4),
                MAKE_RATE.name if rate is not None else "",
            )
        )
    best = calls[keys.index(verdict.best)]
    gamble = any(is_gamble(settled[k]) for k in verdict.accepted)
    special = any(c.kind in SECTION for c in calls)
    position = wiezen_position(
        seat=seat,
        dealer=dealer,
        question="call",
        dealt=hands,
        shown=[seat],
        auction=auction,
        contract=None,
    )
    options = ", ".join(call_label(c) for c in calls)
    return QuizDraft(
        game=GAME,
        kind="bid",
        mode=MODE,
        prompt=(
            f"Kleurenwiezen, {SEAT_NAMES[dealer]} dealt. You are {SEAT_NAMES[seat]}. With this "
            f"hand, after the calls shown, which call scores the most: {options}?"
        ),
        position=position,
        candidates=tuple(candidates),
        unit=verdict.unit,
        themes=tuple(bid_themes(auction, calls, best, gamble)),
        rating=float(
            bid_rating(
                len(calls),
                natural_wrong=str(choose_call(auction)) not in verdict.accepted,
                close=verdict.margin < MIN_MARGIN + 2 * verdict.error,
                special=special,
            )
        ),
        rule_ref=rule_ref(calls),
        seed=seed,
        samples=len(worlds),
        margin=round(verdict.margin, 4),
        extra={
            "question": QUESTION,
            "turn": turn,
            "deal": {s: cards_text(h) for s, h in hands.items()},
            "worlds": [format_pbn(w) for w in worlds],
            "world_seed": world_seed,
            "valuation": valuation.as_json(),
            "results": results_json(settled),
            "sampling_error": round(verdict.error, 4),
        },
    )


def _history_until(full: Auction, at: int) -> list[tuple[str, Call]]:
    """Return the first ``at`` calls the simple bidder makes in ``full`` (bid out again)."""
    while len(full.history) < at:
        full.apply(choose_call(full))
    return list(full.history[:at])


def results_json(settled: dict[str, list[Settled]]) -> dict[str, list[list[int]]]:
    """Return every call's result in each world as stored in ``extra['results']``:
    ``[points, made, played]`` per world, in the order of ``extra['worlds']``."""
    return {k: [[o.points, int(o.made), int(o.played)] for o in v] for k, v in settled.items()}


def _results_from_json(data: dict[str, list[list[int]]]) -> dict[str, list[Settled]]:
    """Read ``extra['results']`` back as what ``judged`` needs (the contract is not stored)."""
    return {
        k: [Settled(None, bool(made), int(points), bool(played)) for points, made, played in rows]
        for k, rows in data.items()
    }


def recheck_bid(draft: QuizDraft, worlds: int | None = None) -> list[str]:
    """Settle a stored bid draft's options again in its stored worlds; return differences.

    A draft that stores its per-world results (``extra['results']``) is judged again from
    them, and they are checked by settling ``worlds`` of the stored worlds again (all when
    None; ``common.valuation.recheck_indices``); an older draft is settled again in every
    world.
    """
    position = draft.position
    seat = position["seat"]
    dealer = position["dealer"]
    prefix = [(s, parse_call(c)) for s, c in position["auction"]]
    every = [parse_pbn(w, WIEZEN_DECK, 13) for w in draft.extra["worlds"]]
    deal = {s: [parse_card(t) for t in cs] for s, cs in draft.extra["deal"].items()}
    problems = []
    if any(w[seat] != deal[seat] for w in every):
        problems.append(f"a stored world does not give {seat} the quiz hand")
    calls = [parse_call(c.answer) for c in draft.candidates]
    keys = [c.answer for c in draft.candidates]
    valuation = stored(GAME, draft.extra)
    if "results" in draft.extra:
        results = draft.extra["results"]
        chosen = [every[i] for i in recheck_indices(len(every), worlds)]
        again = results_json(call_values(chosen, dealer, prefix, seat, calls, valuation))
        problems += results_problems(results, again, len(every), worlds, keys)
        settled = _results_from_json(results)
    else:
        settled = call_values(every, dealer, prefix, seat, calls, valuation)
    verdict = judged(settled, keys)
    if verdict is None:
        return [*problems, "the stored position is no longer a clear decision"]
    if frozenset(draft.accepted) != verdict.accepted:
        problems.append(
            f"accepted differ: stored {sorted(draft.accepted)}, now {sorted(verdict.accepted)}"
        )
    if draft.unit != verdict.unit:
        problems.append(f"unit differs: stored {draft.unit!r}, now {verdict.unit!r}")
    for cand in draft.candidates:
        now = round(verdict.values[cand.answer], 4)
        if abs(cand.value - now) > 1e-3:
            problems.append(f"{cand.answer}: stored value {cand.value}, now {now}")
        rate = make_rate(settled[cand.answer])
        if (cand.rate is None) != (rate is None) or (
            rate is not None and cand.rate is not None and abs(cand.rate - rate) > 1e-3
        ):
            problems.append(f"{cand.answer}: stored make rate {cand.rate}, now {rate}")
    return problems


BID_RECHECKS[GAME] = recheck_bid
