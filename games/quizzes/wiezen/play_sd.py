"""Single-dummy play quizzes: find the card with the best average over the hidden hands.

The seat sees its own hand, the cards played, the auction and (against an open miserie) the
miserie hand. ``WORLDS`` deals of the hidden cards consistent with all that are sampled
(``worlds.play_worlds``); each world is solved double dummy once, which values every legal
card in it, so all candidates are judged on the same worlds. The answer is the card with the
best average, never the average of each world's best card.
"""

from __future__ import annotations

import random
from typing import Any

from games.cards import format_pbn
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import card_values
from games.quizzes.common.play import first_quiz
from games.quizzes.wiezen.candidates import display_order
from games.quizzes.wiezen.cut import Cut, cuts
from games.quizzes.wiezen.draft import play_draft
from games.quizzes.wiezen.solving import Goal, goal_for, natural_key, position_from, trump_key
from games.quizzes.wiezen.verdict import Verdict, judge
from games.quizzes.wiezen.worlds import play_worlds
from games.sampling import NoDealFound, World

MODE = "single_dummy"
MAX_TRICKS_LEFT = 6
WORLDS = 100
# The smallest average gap that counts as a clear decision, per unit.
MIN_MARGIN = {"tricks": 0.25, "success rate": 0.1}
# Turns looked at after the cut point before giving up (each costs a full sampling run).
MAX_SCAN = 2


def world_values(cut: Cut, goal: Goal, worlds: list[World]) -> dict[str, list[int]]:
    """Return each legal card's value for the seat in every world (solved double dummy)."""
    trump = trump_key(cut.contract)
    values: dict[str, list[int]] = {str(c): [] for c in cut.legal}
    solved: dict[str, dict[str, int]] = {}
    for world in worlds:
        key = format_pbn(world)
        if key not in solved:
            position = position_from(trump, world, cut.play.leader, cut.play.current)
            solved[key] = card_values(position, goal)
        for card, value in solved[key].items():
            values[card].append(value)
    return values


def _refutation(card: str, verdict: Verdict, values: dict[str, list[int]], unit: str) -> str:
    best = verdict.best
    worse = sum(a > b for a, b in zip(values[best], values[card], strict=True))
    better = sum(a < b for a, b in zip(values[best], values[card], strict=True))
    n = len(values[card])
    return (
        f"{card} averages {verdict.means[card]:.2f} {unit} over {n} possible deals, "
        f"{verdict.gaps[card]:.2f} less than {best} ({verdict.means[best]:.2f}); it does worse "
        f"than {best} in {worse} of them and better in {better}."
    )


def single_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the single-dummy play quiz of ``seed``, or None when it is no real decision."""

    def attempt(tried: int, cut: Cut) -> QuizDraft | None:
        goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won())
        world_seed = f"wiezen/play/{seed}/worlds/{tried}"
        # Worlds that cannot be drawn end this deal's search (NoDealFound, see give_up_on).
        worlds = play_worlds(cut, WORLDS, random.Random(world_seed))
        values = world_values(cut, goal, worlds)
        verdict = judge(values, MIN_MARGIN[goal.unit])
        if verdict is None:
            return None
        return _draft(cut, goal, worlds, values, verdict, world_seed)

    decisions = cuts(seed, constraint, MAX_TRICKS_LEFT)
    return first_quiz(decisions, attempt, MAX_SCAN, give_up_on=(NoDealFound,))


def _draft(
    cut: Cut,
    goal: Goal,
    worlds: list[World],
    values: dict[str, list[int]],
    verdict: Verdict,
    world_seed: str,
) -> QuizDraft:
    candidates = []
    for card in display_order(cut.legal):
        token = str(card)
        accepted = token in verdict.accepted
        text = "" if accepted else _refutation(token, verdict, values, goal.unit)
        candidates.append(Candidate(token, verdict.means[token], accepted, card.name, text))
    accepted_cards = sorted(verdict.accepted, key=natural_key)
    extra = {
        "worlds": [format_pbn(w) for w in worlds],
        "world_seed": world_seed,
        "sampling_error": verdict.error,
        "value_offset": goal.offset,
    }
    close = verdict.margin < 2 * MIN_MARGIN[goal.unit]
    return play_draft(
        cut, goal, MODE, candidates, accepted_cards, close, verdict.margin, extra, len(worlds)
    )
