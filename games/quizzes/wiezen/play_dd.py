"""Double-dummy play quizzes: all hands shown, find the card that gets the best result.

Every legal card is solved exactly. The accepted cards are those with the best value (tied
touching cards included); every other card loses at least one trick, or turns a made
miserie into a failed one (or back, for the defenders), which is the "clear margin".
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import card_values, seat_no
from games.quizzes.common.margins import exact_split
from games.quizzes.common.play import first_quiz, refuted
from games.quizzes.wiezen.candidates import display_order
from games.quizzes.wiezen.cut import Cut, cuts
from games.quizzes.wiezen.draft import play_draft
from games.quizzes.wiezen.solving import Goal, goal_for, natural_key, position_of, principal_line

MODE = "double_dummy"
MAX_TRICKS_LEFT = 7
# Turns looked at after the cut point before giving up (each costs one solve).
MAX_SCAN = 6


def refutation(cut: Cut, goal: Goal, card: str, value: int, best: int) -> str:
    """Return why ``card`` is wrong, in words, before the line is added."""
    if goal.unit == "tricks":
        lost = best - value
        plural = "trick" if lost == 1 else "tricks"
        return f"{card} gives up {lost} {plural}: your side ends with {value} instead of {best}."
    declarer = cut.contract.declarers[0]
    if cut.seat == declarer:
        return f"{card} lets the defenders force a trick on you, and the miserie fails."
    return f"{card} lets {declarer} escape without a trick, and the miserie is made."


def double_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the double-dummy play quiz of ``seed``, or None when it is no real decision."""
    decisions = cuts(seed, constraint, MAX_TRICKS_LEFT)
    return first_quiz(decisions, lambda _, cut: _quiz_at(cut), MAX_SCAN)


def _quiz_at(cut: Cut) -> QuizDraft | None:
    goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won())
    position = position_of(cut.play)
    values = card_values(position, goal)
    split = exact_split(values)
    if split is None:
        return None
    best_cards, margin = split
    best = max(values.values())
    candidates = []
    for card in display_order(cut.legal):
        token = str(card)
        value = values[token]
        if token in best_cards:
            candidates.append(Candidate(token, float(value), True, card.name))
            continue
        line = principal_line(position, goal, token, seat_no(cut.seat))
        reason = refutation(cut, goal, token, value, best)
        candidates.append(refuted(token, float(value), card.name, reason, line))
    accepted = sorted(best_cards, key=natural_key)
    return play_draft(cut, goal, MODE, candidates, accepted, False, float(margin), {})
