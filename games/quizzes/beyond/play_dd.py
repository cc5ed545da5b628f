"""Double-dummy play quizzes: all hands shown, find the card that reaches the pair's aim.

Every legal card is solved exactly with the exact-target objective. Values are 1 (the aim
is still reached under best play) or 0, so a kept quiz always separates making from failing
(or spoiling from not spoiling), which is the clear margin; tied cards are all accepted.
"""

from __future__ import annotations

from typing import Any

from games.beyond.seats import partner
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.candidates import display_order, spot_of, takes_first_trick
from games.quizzes.beyond.cut import Cut, cuts
from games.quizzes.beyond.draft import play_draft
from games.quizzes.beyond.solving import MAKE, natural_key, position_of, principal_line
from games.quizzes.beyond.view import SEAT_NAMES
from games.quizzes.common.lines import card_values, seat_no
from games.quizzes.common.margins import exact_split
from games.quizzes.common.play import first_quiz, refuted

MODE = "double_dummy"
MAX_TRICKS_LEFT = 7
# Turns looked at after the cut point before giving up (each costs one solve).
MAX_SCAN = 12


def refutation(cut: Cut, card: str) -> str:
    """Return why ``card`` is wrong, in words, before the line is added."""
    if cut.goal.aim == MAKE:
        mate = SEAT_NAMES[partner(cut.seat)]
        return f"After {card} the opponents can stop you or {mate} from hitting the declaration."
    return f"After {card} the opponents can still both hit their declarations."


def double_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the double-dummy play quiz of ``seed``, or None when it is no real decision."""
    decisions = cuts(seed, constraint, MAX_TRICKS_LEFT, "play_dd")
    return first_quiz(decisions, lambda _, cut: _quiz_at(cut), MAX_SCAN)


def _quiz_at(cut: Cut) -> QuizDraft | None:
    position = position_of(cut.play)
    values = card_values(position, cut.goal)
    if set(values) != {str(c) for c in cut.legal}:
        raise AssertionError(f"solver and engine disagree on legal cards: {sorted(values)}")
    split = exact_split(values)
    if split is None:
        return None
    best_cards, margin = split
    accepted = sorted(best_cards, key=natural_key)
    deciding = seat_no(cut.seat)
    best_line = principal_line(position, cut.goal, accepted[0], deciding)
    candidates = []
    rejected_takes = False
    for card in display_order(cut.legal):
        token = str(card)
        if token in best_cards:
            candidates.append(Candidate(token, float(values[token]), True, card.name))
            continue
        line = principal_line(position, cut.goal, token, deciding)
        rejected_takes = rejected_takes or takes_first_trick(line, cut.seat)
        reason = refutation(cut, token)
        candidates.append(refuted(token, float(values[token]), card.name, reason, line))
    spot = spot_of(cut, accepted, takes_first_trick(best_line, cut.seat), rejected_takes)
    extra = {"targets": dict(cut.table.targets), "best_line": [step.card for step in best_line]}
    return play_draft(cut, MODE, candidates, accepted, spot, False, float(margin), extra)
