"""Declaration quizzes: how many tricks should you declare after the auction?

The deciding seat (seed-chosen among the three non-declarers) sees its hand, the auction and
the declarations made before its turn. Hidden hands are sampled so that every earlier
declaration (other than the declarer's bid) fits the simple players' model
(``worlds.declaration_filter``).

The numbers offered are those a player weighs: the legal numbers within ``SPREAD`` tricks of
the hand's rounded estimate with the contract's trumps (the sum-13 rule removes one for the
last to declare). For each number, in each world: the seat declares it, the players after it
declare with the simple model, the deal is played as Beyond's valuation says
(``settle.pairs_hitting``; for now the simple players play the first four tricks and the
solver the last nine, ``shortcut(4)``; drafts made before 2026-12-06 played nine and solved
four) and the solver says whether each pair can force both of its declarations. The
number's score in that world is the deal's points under Beyond scoring for the seat's pair
net of the opponents (``games.beyond.scoring.contract_points``: a pair scores only when both
partners hit); its hit rate is how often both partners hit. The numbers are judged with the
shared ``judge_sampled``: the best mean score and every number within the sampling error of
it are accepted; kept only when every accepted number beats every rejected one beyond it.

The draft stores each number's result in each world (``extra['results']``: number ->
``[score, hit]`` per world, in the order of ``extra['worlds']``), so a re-check judges the
quiz again from them and settles only some of the worlds again
(``common.valuation.recheck_indices``), as Skat's and Kleurenwiezen's bidding re-checks do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.beyond import Declarations, choose_declaration
from games.beyond.evaluation import estimate_tricks
from games.beyond.scoring import contract_points
from games.beyond.seats import PAIRS, pair_of
from games.cards import SEATS, Card, parse_card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.settle import pairs_hitting
from games.quizzes.beyond.table import (
    GAME,
    Table,
    beyond_position,
    bid_and_declare,
    cards_text,
    run_auction,
    run_declarations,
    worlds_json,
)
from games.quizzes.beyond.themes import RATING_MAX, RATING_MIN
from games.quizzes.beyond.worlds import declaration_filter
from games.quizzes.common.valuation import (
    Valuation,
    current,
    recheck_indices,
    results_problems,
    results_shape_problem,
    stored,
)
from games.quizzes.common.verdict import Outcome, Verdict, differences, judge_sampled
from games.quizzes.units import HIT_RATE, POINTS
from games.sampling import NoDealFound, World, sample_worlds

BID_WORLDS = 100
SPREAD = 2
MIN_ESTIMATE = 0.5
RULE_REF = "beyond.da.txt, trick declarations (exact targets, the sum may not be 13)"


def offered_numbers(pending: Declarations, hand: Sequence[Card]) -> list[int]:
    """Return the legal numbers within ``SPREAD`` of the hand's rounded estimate."""
    estimate = round(estimate_tricks(hand, pending.contract.bid.strain))
    return [n for n in pending.legal() if abs(n - estimate) <= SPREAD]


def world_outcomes(
    table: Table,
    world: Mapping[str, Sequence[Card]],
    seat: str,
    before: Mapping[str, int],
    numbers: Sequence[int],
    valuation: Valuation,
) -> dict[str, Outcome]:
    """Return each number's outcome for ``seat``'s pair in this world."""
    out = {}
    for number in numbers:
        declarations = Declarations(table.contract, table.dealer)
        for seat_now in declarations.order:
            if seat_now in before:
                declarations.declare(before[seat_now])
            elif seat_now == seat:
                declarations.declare(number)
            else:
                declarations.declare(choose_declaration(declarations, world[seat_now]))
        targets = declarations.targets
        hits = pairs_hitting(world, table.dealer, table.contract.trump, targets, valuation)
        score = 0
        hit = False
        for pair in PAIRS:
            if not hits[pair]:
                continue
            points = contract_points(table.contract, pair)
            if pair == pair_of(seat):
                score += points
                hit = True
            else:
                score -= points
        out[str(number)] = Outcome(int(hit), score, hit)
    return out


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


def deciding_seat(table: Table, seed: int) -> tuple[str, dict[str, int]] | None:
    """Return the seed-chosen non-declarer with a hand worth weighing, and the declarations
    made before its turn; None when every non-declarer holds a blank hand.

    A blank hand (estimate below ``MIN_ESTIMATE`` tricks with the contract's trumps) declares
    0 without a second thought, so it asks no question a player faces.
    """
    order = Declarations(table.contract, table.dealer).order
    strain = table.contract.bid.strain
    worth = [s for s in order if estimate_tricks(table.hands[s], strain) >= MIN_ESTIMATE]
    if not worth:
        return None
    seat = worth[random.Random(f"beyond/declare/{seed}").randrange(len(worth))]
    return seat, {s: table.targets[s] for s in order[: order.index(seat)]}


def declaration_setup(
    table: Table, seat: str, before: Mapping[str, int], world_seed: str
) -> tuple[list[int], list[World]] | None:
    """Return the numbers offered and the worlds drawn, or None when fewer than two numbers
    are offered or no world can be drawn."""
    pending = Declarations(table.contract, table.dealer, declared=list(before.values()))
    numbers = offered_numbers(pending, table.hands[seat])
    if len(numbers) < 2:
        return None
    try:
        worlds = declaration_worlds(table, seat, before, world_seed)
    except NoDealFound:
        return None
    return numbers, worlds


def judge_declaration(
    table: Table, seat: str, before: Mapping[str, int], world_seed: str, valuation: Valuation
) -> tuple[list[int], list[dict[str, Outcome]], list[World]] | None:
    """Return the numbers offered, their outcomes per world and the worlds, or None if no
    world can be drawn."""
    setup = declaration_setup(table, seat, before, world_seed)
    if setup is None:
        return None
    numbers, worlds = setup
    outcomes = [world_outcomes(table, w, seat, before, numbers, valuation) for w in worlds]
    return numbers, outcomes, worlds


def results_json(
    numbers: Sequence[int], outcomes: Sequence[Mapping[str, Outcome]]
) -> dict[str, list[list[int]]]:
    """Return every number's result in each world as stored in ``extra['results']``:
    ``[score, hit]`` per world (the pair's points net of the opponents, 1 when both
    partners hit), in the order of the worlds."""
    return {
        str(n): [[int(o[str(n)].score), int(o[str(n)].reached)] for o in outcomes] for n in numbers
    }


def outcomes_from_results(
    results: Mapping[str, Sequence[Sequence[int]]],
) -> list[dict[str, Outcome]]:
    """Read ``extra['results']`` back as the per-world outcomes ``judge_sampled`` takes."""
    n = len(next(iter(results.values()), []))
    return [
        {t: Outcome(int(rows[i][1]), rows[i][0], bool(rows[i][1])) for t, rows in results.items()}
        for i in range(n)
    ]


def judged(per_world: Sequence[Mapping[str, Outcome]]) -> Verdict | None:
    """Judge the numbers over the worlds (the higher number first among equals)."""
    return judge_sampled(per_world, 0.0, lambda t: (int(t),))


def _label(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def _result(verdict: Verdict, token: str) -> str:
    return (
        f"{POINTS.amount(round(verdict.scores[token], 2))} a deal for your pair net of the "
        f"opponents, both of you hit in {HIT_RATE.short(verdict.rates[token])}"
    )


def candidates_for(verdict: Verdict, numbers: Sequence[int]) -> list[Candidate]:
    """Return every number with its mean score, hit rate and (if rejected) why."""
    best = verdict.best
    n = verdict.samples
    out = []
    for number in numbers:
        token = str(number)
        value = round(verdict.values[token], 4)
        rate = round(verdict.rates[token], 4)
        result = _result(verdict, token)
        if token in verdict.accepted:
            out.append(
                Candidate(token, value, True, _label(number), "", (), result, rate, HIT_RATE.name)
            )
            continue
        why = (
            f"Over {n} deals that fit what you know, declaring {number} scores "
            f"{POINTS.amount(round(verdict.scores[token], 2))} a deal on average for your pair "
            f"(both of you hit in {HIT_RATE.short(verdict.rates[token])}), against "
            f"{POINTS.amount(round(verdict.scores[best], 2))} "
            f"({HIT_RATE.short(verdict.rates[best])}) when you declare {best}: it does worse "
            f"in {verdict.worse_in[token]} of them and better in {verdict.better_in[token]}."
        )
        out.append(
            Candidate(token, value, False, _label(number), why, (), result, rate, HIT_RATE.name)
        )
    return out


def declaration_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the declaration quiz of ``seed``, or None when the best number is not clear."""
    table = bid_and_declare(seed, constraint)
    if table is None:
        return None
    chosen = deciding_seat(table, seed)
    if chosen is None:
        return None
    seat, before = chosen
    world_seed = f"beyond/declare/{seed}/worlds"
    valuation = current(GAME)
    judged_now = judge_declaration(table, seat, before, world_seed, valuation)
    if judged_now is None:
        return None
    numbers, per_world, worlds = judged_now
    verdict = judged(per_world)
    if verdict is None:
        return None
    pending = Declarations(table.contract, table.dealer, declared=list(before.values()))
    natural = str(choose_declaration(pending, table.hands[seat]))
    targets = {**before, table.contract.declarer: table.contract.level}
    themes = ["declaration"]
    if len(targets) == 3 and len(pending.legal()) < 14:
        themes.append("sum_rule")
    if sum(1 for c in table.hands[seat] if c.is_joker) >= 2:
        themes.append("jokers")
    stake = contract_points(table.contract, pair_of(seat))
    rating = 1300 + (250 if natural not in verdict.accepted else 0)
    rating += 100 if verdict.margin < 0.1 * stake else 0
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
        position=beyond_position(
            seat=seat,
            dealer=table.dealer,
            question="declaration",
            dealt=table.hands,
            shown=[seat],
            auction=table.auction,
            contract=table.contract,
            targets=targets,
        ),
        candidates=tuple(candidates_for(verdict, numbers)),
        unit=verdict.unit,
        themes=tuple(themes),
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=RULE_REF,
        seed=seed,
        samples=verdict.samples,
        margin=round(verdict.margin, 4),
        extra={
            "deal": {s: cards_text(h) for s, h in table.hands.items()},
            "world_seed": world_seed,
            "worlds": worlds_json(worlds),
            "sampling_error": round(verdict.error, 4),
            "question": "declaration",
            "valuation": valuation.as_json(),
            "results": results_json(numbers, per_world),
        },
    )


def recheck_declaration(draft: QuizDraft, worlds: int | None = None) -> list[str]:
    """Re-judge a stored declaration quiz from its deal and world seed; name every difference.

    A draft that stores its per-world results (``extra['results']``) is judged again from
    them, and they are checked by settling ``worlds`` of the worlds again (all when None;
    ``common.valuation.recheck_indices``), each of which must give the stored result; an
    older draft is settled again in every world.
    """
    deal = {s: [parse_card(c) for c in cards] for s, cards in draft.extra["deal"].items()}
    dealer = draft.position["dealer"]
    auction = run_auction(deal, dealer)
    contract = auction.result()
    if contract is None:
        return ["the stored deal no longer reaches a contract"]
    declared = run_declarations(deal, contract, dealer)
    table = Table(draft.seed, dealer, deal, auction, contract, dict(declared.targets))
    seat = draft.position["seat"]
    before = {s: n for s, n in draft.position["declarations"][1:]}
    valuation = stored(GAME, draft.extra)
    setup = declaration_setup(table, seat, before, draft.extra["world_seed"])
    if setup is None:
        return ["no worlds can be drawn for the stored deal"]
    numbers, drawn = setup
    problems = []
    if "worlds" in draft.extra and draft.extra["worlds"] != worlds_json(drawn):
        problems.append("the stored worlds differ from the worlds drawn from the world seed")
    if "results" in draft.extra:
        results = draft.extra["results"]
        options = [str(n) for n in numbers]
        shape = results_shape_problem(results, len(drawn), options)
        if shape:
            return [*problems, shape]
        chosen = recheck_indices(len(drawn), worlds)
        again = results_json(
            numbers,
            [world_outcomes(table, drawn[i], seat, before, numbers, valuation) for i in chosen],
        )
        problems += results_problems(results, again, len(drawn), worlds, options)
        per_world = outcomes_from_results(results)
    else:
        per_world = [world_outcomes(table, w, seat, before, numbers, valuation) for w in drawn]
    return problems + differences(draft, judged(per_world))
