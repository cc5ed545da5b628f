"""Double-dummy play quizzes for 500: every hand shown, find the card that does best.

The deal is played by the simple players up to a cut late in the deal (see ``cut``); the
first decision from there whose candidates differ in value becomes the quiz. Every legal
card is valued by the solver for the deciding seat (tricks for its side over the whole deal,
or success in misère); the accepted cards are exactly the best ones, so touching cards that
do equally well are all accepted. Each rejected card carries the principal line that shows
what it costs: the rest of the current trick and the next one.
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import card_values, line_text, line_tokens, seat_no
from games.quizzes.common.play import first_quiz, refuted
from games.quizzes.five_hundred.cut import Cut, cuts
from games.quizzes.five_hundred.draft import play_draft
from games.quizzes.five_hundred.solving import goal_for, natural_key, position_of, principal_line
from games.quizzes.five_hundred.verdict import exact_verdict
from games.quizzes.five_hundred.wording import cost_text

MODE = "double_dummy"
MAX_TRICKS_LEFT = 7


def double_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the double-dummy play quiz of ``seed``, or None when the deal gives none."""
    decisions = cuts(seed, constraint, MAX_TRICKS_LEFT)
    return first_quiz(decisions, lambda _, cut: _quiz_at(cut))


def _quiz_at(cut: Cut) -> QuizDraft | None:
    position = position_of(cut.play)
    goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won(), cut.tricks_left)
    values = card_values(position, goal)
    verdict = exact_verdict(values)
    if verdict is None:
        return None
    deciding = seat_no(cut.seat)
    best = min(verdict.accepted, key=natural_key)
    best_line = principal_line(position, goal, best, deciding)
    candidates = []
    for answer in sorted(values, key=natural_key):
        value = float(values[answer])
        if answer in verdict.accepted:
            candidates.append(Candidate(answer, value, True, answer))
            continue
        line = principal_line(position, goal, answer, deciding)
        reason = cost_text(answer, values[answer], values[best], best, goal.unit)
        candidates.append(refuted(answer, value, answer, reason, line))
    extra = {"best_line": list(line_tokens(best_line)), "best_line_text": line_text(best_line)}
    margin = float(verdict.margin)
    return play_draft(cut, MODE, goal.unit, verdict, candidates, best_line, margin, extra)
