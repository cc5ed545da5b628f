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
from games.quizzes.five_hundred.cut import Cut, cuts
from games.quizzes.five_hundred.recheck import full_position, stored_deal
from games.quizzes.five_hundred.solving import (
    Goal,
    card_values,
    goal_for,
    line_text,
    line_tokens,
    principal_line,
    seat_no,
)
from games.quizzes.five_hundred.table import simple_choice
from games.quizzes.five_hundred.themes import play_rating, play_themes
from games.quizzes.five_hundred.verdict import sampled_verdict
from games.quizzes.five_hundred.view import position_for, prompt_for
from games.quizzes.five_hundred.wording import average_text, rule_ref_for
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
    for number, cut in enumerate(cuts(seed, constraint, MAX_TRICKS_LEFT)):
        if number >= MAX_SD_DECISIONS:
            return None
        draft = _quiz_at(seed, cut)
        if draft is not None:
            return draft
    return None


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
    themes = play_themes(play, cut.seat, cut.legal, sorted(verdict.accepted), best_line)
    natural = str(simple_choice(play))
    rejected = len(table) - len(verdict.accepted)
    return QuizDraft(
        game="five_hundred",
        kind="play",
        mode=MODE,
        prompt=prompt_for(cut, MODE),
        position=position_for(cut, MODE),
        candidates=tuple(candidates),
        unit=goal.unit,
        themes=themes,
        rating=play_rating(rejected, natural not in verdict.accepted, verdict.margin, True, themes),
        rule_ref=rule_ref_for(cut.contract, [parse_card(a) for a in verdict.accepted]),
        seed=seed,
        samples=n,
        margin=round(verdict.margin, 4),
        extra={
            "deal": record,
            "worlds": [world_hands(cut, w) for w in worlds],
            "world_seed": world_seed,
            "sampling_error": round(verdict.error, 4),
            "natural": natural,
        },
    )
