"""Kitty quizzes for 500: which three cards the declarer discards after taking the kitty.

The deal is bid out by the simple bidder. When it ends in a trump or no-trump contract (not
misère, whose discard is simply the three most dangerous cards), the declarer holds thirteen
cards: its ten and the kitty. The candidates are the distinct sensible discards (``plans``):
the simple rule's, the three lowest side cards, each way of emptying a side suit of at most
three cards (topped up with the lowest other side cards), and the three lowest cards of the
longest side suit. Discards that differ only in alike cards (same suit, and every card
ranking between them is the declarer's own) count as one. Each candidate is settled in the
same 100 worlds of the other three hands, consistent with the whole auction (the kitty is
known now): the declarer discards it, the deal is solved double dummy from the first lead
(``settle``) and scored from the
contract table, with the defence's 10 a trick against it (``results``). Judged like the
contract question (``judging``): the best mean score and the discards within the sampling
error of it are accepted, each with its make rate.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import FIVE_HUNDRED_DECK, SEATS, Card, sort_key
from games.five_hundred import Auction, CardOrder, Contract, choose_discards, parse_call
from games.quizzes.base import QuizDraft
from games.quizzes.common.valuation import WHOLE_DEAL, Valuation, current, stored
from games.quizzes.common.verdict import Outcome, differences
from games.quizzes.five_hundred import judging
from games.quizzes.five_hundred.results import outcome
from games.quizzes.five_hundred.settle import declarer_tricks
from games.quizzes.five_hundred.table import (
    bids_fit,
    deal_as_json,
    deal_for,
    five_hundred_position,
    run_calls,
    worlds_as_json,
)
from games.quizzes.five_hundred.themes import RATING_MAX, RATING_MIN
from games.sampling import NoDealFound, World, sample_worlds

N_WORLDS = 100
MAX_TRIES = 3000
QUESTION = "kitty"
RULE_REF = (
    "five-hundred.da.txt: the kitty (the declarer takes the three cards and discards three); "
    "DECISIONS.md, 500: contract table"
)


def discard_label(cards: Sequence[Card]) -> str:
    """Return the answer text of a discard: its cards in display order."""
    return " ".join(str(c) for c in sorted(cards, key=sort_key))


def _alike_key(cards: Sequence[Card], thirteen: Sequence[Card], order: CardOrder) -> tuple:
    """Return a key equal for discards that differ only in alike cards of the declarer."""
    runs: dict[Card, tuple[str, int]] = {}
    for suit in {order.suit_of(c) for c in FIVE_HUNDRED_DECK}:
        deck = sorted((c for c in FIVE_HUNDRED_DECK if order.suit_of(c) == suit), key=order.power)
        run, previous = 0, False
        for card in deck:
            if card not in thirteen:
                previous = False
                continue
            if not previous:
                run += 1
            runs[card] = (suit, run)
            previous = True
    return tuple(sorted(runs[c] for c in cards))


def plans(contract: Contract, thirteen: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Return the distinct sensible discards of the declarer's thirteen cards (module doc)."""
    order = CardOrder.for_contract(contract)
    side = sorted((c for c in thirteen if not order.is_trump(c)), key=order.power)
    found: list[tuple[Card, ...]] = [tuple(choose_discards(contract, list(thirteen)))]
    if len(side) >= 3:
        found.append(tuple(side[:3]))
    by_suit: dict[str, list[Card]] = {}
    for card in side:
        by_suit.setdefault(order.suit_of(card), []).append(card)
    for cards in by_suit.values():
        if len(cards) <= 3:
            rest = [c for c in side if c not in cards]
            fill = rest[: 3 - len(cards)]
            if len(cards) + len(fill) == 3:
                found.append((*cards, *fill))
    longest = max(by_suit.values(), key=len, default=[])
    if len(longest) > 3:
        found.append(tuple(longest[:3]))
    out: list[tuple[Card, ...]] = []
    seen: set[tuple] = set()
    for discard in found:
        key = _alike_key(discard, thirteen, order)
        if key not in seen:
            seen.add(key)
            out.append(discard)
    return out


def kitty_worlds(
    declarer: str, thirteen: Sequence[Card], calls: Sequence[tuple[str, Any]], seed: int
) -> list[World]:
    """Return worlds of the other three hands, fitting every call of the auction."""
    others = [s for s in SEATS if s != declarer]
    hidden = [c for c in FIVE_HUNDRED_DECK if c not in thirteen]
    return sample_worlds(
        "five_hundred",
        {declarer: list(thirteen)},
        hidden,
        {s: 10 for s in others},
        random.Random(f"five_hundred/kitty-worlds/{seed}"),
        N_WORLDS,
        accept=lambda world: bids_fit(calls, {s: world[s] for s in others}),
        max_tries=MAX_TRIES,
    )


def evaluate(
    contract: Contract,
    ten: Sequence[Card],
    kitty: Sequence[Card],
    options: Mapping[str, Sequence[Card]],
    worlds: Sequence[World],
    valuation: Valuation = WHOLE_DEAL,
) -> dict[str, list[int]]:
    """Return each option's declaring-side tricks in every world."""
    tricks: dict[str, list[int]] = {o: [] for o in options}
    for world in worlds:
        hands = {s: (list(ten) if s == contract.declarer else world[s]) for s in SEATS}
        for option, discard in options.items():
            tricks[option].append(declarer_tricks(hands, kitty, contract, list(discard), valuation))
    return tricks


def per_world_outcomes(
    contract: Contract, tricks: Mapping[str, Sequence[int]]
) -> list[dict[str, Outcome]]:
    """Return every discard's outcome for the declaring side in each world."""
    n = len(next(iter(tricks.values())))
    return [{o: outcome(contract, t[i], True) for o, t in tricks.items()} for i in range(n)]


def kitty_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the kitty quiz of ``seed``, or None when the deal gives no real decision."""
    deal = deal_for(seed, constraint)
    auction = run_calls(Auction(deal.dealer), deal.hands)
    contract = auction.contract
    if contract is None or contract.is_misere:
        return None
    declarer = contract.declarer
    ten = list(deal.hands[declarer])
    thirteen = [*ten, *deal.kitty]
    options = {discard_label(d): d for d in plans(contract, thirteen)}
    if len(options) < 2:
        return None
    calls = list(auction.calls)
    try:
        worlds = kitty_worlds(declarer, thirteen, calls, seed)
    except NoDealFound:
        return None
    valuation = current("five_hundred")
    tricks = evaluate(contract, ten, deal.kitty, options, worlds, valuation)
    order = list(options)
    verdict = judging.judge(per_world_outcomes(contract, tricks), order.index)
    if verdict is None:
        return None
    n = len(worlds)
    natural = discard_label(choose_discards(contract, thirteen))
    labels = [(o, f"discard {o}") for o in options]
    results = {o: judging.made_words(verdict.rates[o], o in verdict.accepted) for o in options}
    details = {
        o: f"Your side averages {sum(tricks[o]) / n:.1f} tricks and needs {contract.bid.level}."
        for o in options
    }
    candidates = judging.candidates(verdict, labels, results, details, lambda _: True)
    rating = 1500 + 40 * max(0, len(options) - len(verdict.accepted) - 1)
    rating += 200 if natural not in verdict.accepted else 0
    rating += 100 if verdict.margin < 4 * verdict.error else 0
    return QuizDraft(
        game="five_hundred",
        kind="bid",
        mode="single_dummy",
        prompt=(
            f"You are {declarer}, declarer in {contract.bid.name}, and have taken the kitty "
            f"({' '.join(str(c) for c in deal.kitty)}). Which three cards do you discard? "
            "Values are your side's average score for the deal (contract points against the "
            "defence's 10 a trick)."
        ),
        position=five_hundred_position(
            seat=declarer,
            question="kitty",
            deal=deal,
            shown=[declarer],
            hidden=[s for s in SEATS if s != declarer],
            auction=calls,
            contract={"name": contract.bid.name, "bid": str(contract.bid), "declarer": declarer},
            held={declarer: thirteen},
            kitty=tuple(str(c) for c in deal.kitty),
            tricks_needed=contract.tricks_needed,
        ),
        candidates=tuple(candidates),
        unit=verdict.unit,
        themes=_themes(contract, thirteen, options, verdict.accepted),
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=RULE_REF,
        seed=seed,
        samples=n,
        margin=round(verdict.margin, 4),
        extra={
            "question": QUESTION,
            "deal": deal_as_json(deal),
            "worlds": worlds_as_json(worlds),
            "tricks": tricks,
            "sampling_error": round(verdict.error, 4),
            "natural": natural,
            "valuation": valuation.as_json(),
        },
    )


def reevaluate(draft: QuizDraft) -> dict[str, list[int]]:
    """Settle the candidates of a stored kitty quiz again on its stored worlds: their tricks."""
    record = draft.extra["deal"]
    declarer = draft.position["seat"]
    contract = Contract(parse_call(draft.position["contract"]["bid"]), declarer)
    ten = FIVE_HUNDRED_DECK.parse_hand(record["hands"][declarer])
    kitty = FIVE_HUNDRED_DECK.parse_hand(record["kitty"])
    options = {c.answer: FIVE_HUNDRED_DECK.parse_hand(c.answer.split()) for c in draft.candidates}
    worlds = [
        {p: FIVE_HUNDRED_DECK.parse_hand(cards) for p, cards in w.items()}
        for w in draft.extra["worlds"]
    ]
    return evaluate(contract, ten, kitty, options, worlds, stored("five_hundred", draft.extra))


def recheck_kitty(draft: QuizDraft) -> list[str]:
    """Re-judge a stored kitty draft by settling its stored worlds again ([] when it holds)."""
    contract = Contract(parse_call(draft.position["contract"]["bid"]), draft.position["seat"])
    tricks = reevaluate(draft)
    problems = []
    if tricks != draft.extra["tricks"]:
        problems.append("the stored tricks differ from settling the worlds again")
    order = [c.answer for c in draft.candidates]
    verdict = judging.judge(per_world_outcomes(contract, tricks), order.index)
    return problems + differences(draft, verdict)


def _themes(
    contract: Contract,
    thirteen: Sequence[Card],
    options: Mapping[str, Sequence[Card]],
    accepted: frozenset[str],
) -> tuple[str, ...]:
    order = CardOrder.for_contract(contract)
    tags = {"kitty"}
    for answer in accepted:
        kept = [c for c in thirteen if c not in options[answer]]
        for card in options[answer]:
            suit = order.suit_of(card)
            if not order.is_trump(card) and not any(order.suit_of(c) == suit for c in kept):
                tags.add("void making")
    if contract.bid.strain == "NT":
        tags.add("no trumps")
    if any(c.is_joker for c in thirteen):
        tags.add("joker")
    return tuple(sorted(tags))


def choose_question(seed: int) -> str:
    """Return which bid question the seed asks: the contract (3 in 4) or the kitty discard."""
    return (
        "kitty"
        if random.Random(f"five_hundred/bid/question/{seed}").random() < 0.25
        else "contract"
    )
