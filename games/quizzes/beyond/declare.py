"""Declaration quizzes: how many tricks should you declare after the auction?

The deciding seat sees its hand, the auction and the declarations made before its turn.
Hidden hands are sampled so that every earlier declaration (other than the declarer's bid)
fits the simple players' model (``worlds.declaration_filter``). In each world the simple
players declare and play the deal to a late cut (``CUT_TRICKS`` tricks before the end), and
the solver then says, for every candidate number, whether the seat can still force exactly
that many tricks in total against the other three (the exact-target objective). A number's
value is the share of worlds where it can be hit; the best share is accepted when it beats
the runner-up by more than twice the standard error of the paired difference.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.beyond import Declarations, choose_declaration
from games.cards import SEATS, Card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.solving import position_of
from games.quizzes.beyond.table import (
    GAME,
    Table,
    auction_pairs,
    bid_and_declare,
    cards_text,
    contract_dict,
    play_to_cut,
)
from games.quizzes.beyond.themes import RATING_MAX, RATING_MIN
from games.quizzes.beyond.worlds import declaration_filter, judge
from games.quizzes.common.lines import seat_no
from games.sampling import NoDealFound, World, sample_worlds
from games.solver import Objective, solve

BID_WORLDS = 100
CUT_TRICKS = 4
RULE_REF = "beyond.da.txt, trick declarations (exact targets, the sum may not be 13)"


def world_hits(
    table: Table, world: Mapping[str, Sequence[Card]], seat: str, declared: Mapping[str, int]
) -> dict[int, int]:
    """Return 1/0 per trick count: can ``seat`` hit it exactly in this world?"""
    declarations = Declarations(table.contract, table.dealer)
    for seat_now in declarations.order:
        if seat_now in declared:
            declarations.declare(declared[seat_now])
        else:
            declarations.declare(choose_declaration(declarations, world[seat_now]))
    targets = declarations.targets
    play = play_to_cut(world, table.dealer, table.contract.trump, targets, CUT_TRICKS)
    won = play.tricks_won()[seat]
    position = position_of(play)
    hits = {}
    for total in range(14):
        need = total - won
        if 0 <= need <= CUT_TRICKS:
            hits[total] = solve(position, Objective.exact({seat_no(seat): need})).value
        else:
            hits[total] = 0
    return hits


def declaration_worlds(
    table: Table, seat: str, before: Mapping[str, int], seed: str, n: int = BID_WORLDS
) -> list[World]:
    """Return ``n`` deals consistent with ``seat``'s hand and the declarations ``before``."""
    others = [s for s in SEATS if s != seat]
    checked = [s for s in before if s != table.contract.declarer]
    no_cards: dict[str, list[Card]] = {s: [] for s in SEATS}
    return sample_worlds(
        GAME,
        {seat: table.hands[seat]},
        [c for s in others for c in table.hands[s]],
        {s: 13 for s in others},
        seed,
        n,
        accept=declaration_filter(no_cards, before, table.contract.bid.strain, checked),
    )


def declaration_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the declaration quiz of ``seed``, or None when the best number is not clear."""
    table = bid_and_declare(seed, constraint)
    if table is None:
        return None
    order = Declarations(table.contract, table.dealer).order
    rng = random.Random(f"beyond/declare/{seed}")
    seat = order[rng.randrange(3)]
    before = {s: table.targets[s] for s in order[: order.index(seat)]}
    pending = Declarations(table.contract, table.dealer, declared=list(before.values()))
    legal = pending.legal()
    world_seed = f"beyond/declare/{seed}/worlds"
    try:
        worlds = declaration_worlds(table, seat, before, world_seed)
    except NoDealFound:
        return None
    targets = {**before, table.contract.declarer: table.contract.level}
    others = [s for s in SEATS if s != seat]
    per_world = []
    for world in worlds:
        hits = world_hits(table, world, seat, before)
        per_world.append({str(n): hits[n] for n in legal})
    verdict = judge(per_world)
    if verdict is None or not verdict.clear:
        return None
    accepted = verdict.accepted
    best = max(accepted, key=lambda c: verdict.means[c])
    natural = str(choose_declaration(pending, table.hands[seat]))
    candidates = []
    for n in legal:
        token = str(n)
        value = round(verdict.means[token], 4)
        label = f"{n} trick" + ("" if n == 1 else "s")
        if token in accepted:
            candidates.append(Candidate(token, value, True, label))
            continue
        text = (
            f"Declaring {n} is hit in {round(100 * value)}% of the sampled deals against "
            f"{round(100 * verdict.means[best])}% for {best}."
        )
        candidates.append(Candidate(token, value, False, label, text))
    themes = ["declaration"]
    if len(targets) == 3 and len(legal) < 14:
        themes.append("sum_rule")
    if sum(1 for c in table.hands[seat] if c.is_joker) >= 2:
        themes.append("jokers")
    rating = 1300 + (250 if natural not in accepted else 0) + (100 if verdict.margin < 0.1 else 0)
    rating += 50 * ("sum_rule" in themes)
    return QuizDraft(
        game=GAME,
        kind="bid",
        mode="single_dummy",
        prompt=(
            f"Beyond, {table.contract}. You are {seat}. The auction is over; declare how many "
            "tricks you will take (exactly). Your pair scores only if you and your partner "
            "both hit your numbers."
        ),
        position={
            "seat": seat,
            "dealer": table.dealer,
            "hands": {seat: cards_text(table.hands[seat])},
            "hidden": others,
            "contract": contract_dict(table.contract, targets),
            "auction": auction_pairs(table.auction),
            "declarations": [[s, targets[s]] for s in [table.contract.declarer, *before]],
            "trick": [],
            "tricks_played": [],
            "question": "declaration",
        },
        candidates=tuple(candidates),
        unit="hit rate",
        themes=tuple(themes),
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=RULE_REF,
        seed=seed,
        samples=BID_WORLDS,
        margin=round(verdict.margin, 4),
        extra={
            "deal": {s: cards_text(h) for s, h in table.hands.items()},
            "world_seed": world_seed,
            "sampling_error": round(verdict.error, 4),
            "question": "declaration",
        },
    )
