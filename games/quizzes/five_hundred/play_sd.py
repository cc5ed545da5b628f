"""Single-dummy play quizzes for 500: the seat sees only its own cards (and what is public).

The hidden hands are sampled (``worlds``): at least 100 worlds consistent with the auction
and the play so far. Each world is solved once in ``cards`` mode, which values every legal
card in that world, so all candidates are judged on the same worlds. The answer is the card
with the best average; the quiz is kept only when every other card trails it by more than
its sampling error (``verdict.sampled_verdict``). The worlds are stored in ``extra`` so the
quiz can be re-checked exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards import SEATS, parse_card, sort_key
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import card_values, line_text, line_tokens, seat_no
from games.quizzes.common.play import first_quiz
from games.quizzes.five_hundred.cut import Cut, cuts
from games.quizzes.five_hundred.draft import play_draft
from games.quizzes.five_hundred.recheck import full_position, stored_deal
from games.quizzes.five_hundred.solving import Goal, goal_for, principal_line
from games.quizzes.five_hundred.verdict import sampled_verdict
from games.quizzes.five_hundred.wording import average_text
from games.quizzes.five_hundred.worlds import play_worlds
from games.sampling import NoDealFound, World

MODE = "single_dummy"
MAX_TRICKS_LEFT = 6
MAX_SD_DECISIONS = 2


def world_hands(cut: Cut, world: World) -> dict[str, list[str]]:
    """Return every playing seat's current cards in ``world``."""
    return {s: [str(c) for c in world[s]] for s in cut.contract.players}


def evaluate(
    cut: Cut, goal: Goal, record: Mapping[str, Any], worlds: list[World]
) -> dict[str, list[int]]:
    """Return each legal card's value in every world, worlds in order."""
    table: dict[str, list[int]] = {str(c): [] for c in cut.legal}
    for world in worlds:
        position = full_position(cut.contract, record, world_hands(cut, world))
        for card, value in card_values(position, goal).items():
            table[card].append(value)
    return table


def single_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the single-dummy play quiz of ``seed``, or None when the deal gives none."""
    decisions = cuts(seed, constraint, MAX_TRICKS_LEFT)
    return first_quiz(decisions, lambda _, cut: _quiz_at(seed, cut), MAX_SD_DECISIONS)


def _quiz_at(seed: int, cut: Cut) -> QuizDraft | None:
    play = cut.play
    world_seed = seed * 10 + len(play.played_cards())
    try:
        worlds = play_worlds(
            play, cut.seat, cut.deal.dealer, cut.auction.calls, cut.discards, world_seed
        )
    except NoDealFound:
        return None
    record = stored_deal(cut)
    goal = goal_for(cut.contract, cut.seat, play.tricks_won(), cut.tricks_left)
    table = evaluate(cut, goal, record, worlds)
    verdict = sampled_verdict(table, goal.unit)
    if verdict is None:
        return None
    n = len(worlds)
    ordered = sorted(table, key=lambda a: sort_key(parse_card(a)))
    best = min(verdict.accepted, key=lambda a: sort_key(parse_card(a)))
    deciding = seat_no(cut.seat)
    candidates = []
    for answer in ordered:
        if answer in verdict.accepted:
            candidates.append(Candidate(answer, round(verdict.values[answer], 4), True, answer))
            continue
        diffs = [b - v for b, v in zip(table[best], table[answer], strict=True)]
        worst = max(range(n), key=lambda i: (diffs[i], -i))
        example = full_position(cut.contract, record, world_hands(cut, worlds[worst]))
        line = principal_line(example, goal, answer, deciding)
        hidden = "; ".join(
            f"{s} {' '.join(str(c) for c in worlds[worst][s])}"
            for s in SEATS
            if s in cut.contract.players and s != cut.seat
        )
        text = average_text(
            answer,
            verdict.values[answer],
            verdict.values[best],
            best,
            goal.unit,
            sum(1 for d in diffs if d > 0),
            n,
        )
        refutation = f"{text} For example with {hidden}: {line_text(line)}."
        candidates.append(
            Candidate(
                answer,
                round(verdict.values[answer], 4),
                False,
                answer,
                refutation,
                line_tokens(line),
            )
        )
    best_line = principal_line(full_position(cut.contract, record), goal, best, deciding)
    extra = {
        "worlds": [world_hands(cut, w) for w in worlds],
        "world_seed": world_seed,
        "sampling_error": round(verdict.error, 4),
    }
    margin = round(verdict.margin, 4)
    return play_draft(cut, MODE, goal.unit, verdict, candidates, best_line, margin, extra, n)
