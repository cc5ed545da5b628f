"""Double-dummy play quizzes: all hands shown, find the card that gets the best result.

Every legal card is solved exactly. The accepted cards are those with the best value (tied
touching cards included); every other card loses at least one trick, or turns a made
miserie into a failed one (or back, for the defenders), which is the "clear margin".
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.wiezen.candidates import display_order, highest_card, natural_card, spot_of
from games.quizzes.wiezen.cut import Cut, cuts
from games.quizzes.wiezen.solving import (
    Goal,
    card_values,
    goal_for,
    line_text,
    natural_key,
    position_of,
    principal_line,
    seat_no,
)
from games.quizzes.wiezen.table import GAME, cards_text
from games.quizzes.wiezen.themes import play_rating, play_themes
from games.quizzes.wiezen.view import RULE_REFS, play_position, play_prompt
from games.solver import Position

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
    for tried, cut in enumerate(cuts(seed, constraint, MAX_TRICKS_LEFT)):
        if tried == MAX_SCAN:
            return None
        goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won())
        position = position_of(cut.play)
        values = card_values(position, goal)
        if min(values.values()) != max(values.values()):
            return _draft(cut, goal, position, values)
    return None


def _draft(cut: Cut, goal: Goal, position: Position, values: dict[str, int]) -> QuizDraft:
    best = max(values.values())
    rejected_best = max(v for v in values.values() if v != best)
    candidates = []
    for card in display_order(cut.legal):
        token = str(card)
        value = values[token]
        if value == best:
            candidates.append(Candidate(token, float(value), True, card.name))
            continue
        line = principal_line(position, goal, token, seat_no(cut.seat))
        text = refutation(cut, goal, token, value, best)
        text += f" Best play then: {line_text(line)}."
        steps = tuple(step.card for step in line)
        candidates.append(Candidate(token, float(value), False, card.name, text, steps))
    accepted = [c.answer for c in candidates if c.accepted]
    themes = play_themes(spot_of(cut), min(accepted, key=natural_key))
    rating = play_rating(
        candidates=len(candidates),
        accepted=len(accepted),
        tricks_left=cut.tricks_left,
        natural_wrong=natural_card(cut) not in accepted,
        highest_wrong=highest_card(cut) not in accepted,
        themes=themes,
        close=False,
    )
    return QuizDraft(
        game=GAME,
        kind="play",
        mode=MODE,
        prompt=play_prompt(cut, double_dummy=True),
        position=play_position(cut, double_dummy=True),
        candidates=tuple(candidates),
        unit=goal.unit,
        themes=tuple(themes),
        rating=float(rating),
        rule_ref=RULE_REFS[cut.contract.kind],
        seed=cut.seed,
        margin=float(best - rejected_best),
        extra={
            "deal": {s: cards_text(h) for s, h in cut.hands.items()},
            "remaining": {s: cards_text(h) for s, h in cut.play.hands.items()},
            "leader": cut.play.leader,
        },
    )
