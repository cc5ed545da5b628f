"""Double-dummy play quizzes: all hands shown, find the card that reaches the pair's aim.

Every legal card is solved exactly with the exact-target objective. Values are 1 (the aim
is still reached under best play) or 0, so a kept quiz always separates making from failing
(or spoiling from not spoiling), which is the clear margin; tied cards are all accepted.
"""

from __future__ import annotations

from typing import Any

from games.beyond.seats import partner
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.candidates import (
    display_order,
    highest_card,
    natural_card,
    spot_of,
    takes_first_trick,
)
from games.quizzes.beyond.cut import Cut, cuts
from games.quizzes.beyond.solving import (
    MAKE,
    card_values,
    line_text,
    natural_key,
    position_of,
    principal_line,
    seat_no,
)
from games.quizzes.beyond.table import GAME, cards_text
from games.quizzes.beyond.themes import play_rating, play_themes
from games.quizzes.beyond.view import RULE_REFS, SEAT_NAMES, play_position, play_prompt
from games.solver import Position

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
    for tried, cut in enumerate(cuts(seed, constraint, MAX_TRICKS_LEFT, "play_dd")):
        if tried == MAX_SCAN:
            return None
        position = position_of(cut.play)
        values = card_values(position, cut.goal)
        if set(values) != {str(c) for c in cut.legal}:
            raise AssertionError(f"solver and engine disagree on legal cards: {sorted(values)}")
        if min(values.values()) != max(values.values()):
            return _draft(cut, position, values)
    return None


def _draft(cut: Cut, position: Position, values: dict[str, int]) -> QuizDraft:
    best = max(values.values())
    deciding = seat_no(cut.seat)
    accepted = sorted((c for c, v in values.items() if v == best), key=natural_key)
    best_line = principal_line(position, cut.goal, accepted[0], deciding)
    candidates = []
    rejected_takes = False
    for card in display_order(cut.legal):
        token = str(card)
        if values[token] == best:
            candidates.append(Candidate(token, float(best), True, card.name))
            continue
        line = principal_line(position, cut.goal, token, deciding)
        rejected_takes = rejected_takes or takes_first_trick(line, cut.seat)
        text = f"{refutation(cut, token)} Best play then: {line_text(line)}."
        steps = tuple(step.card for step in line)
        candidates.append(Candidate(token, float(values[token]), False, card.name, text, steps))
    spot = spot_of(cut, accepted, takes_first_trick(best_line, cut.seat), rejected_takes)
    themes = play_themes(spot, accepted[0])
    rating = play_rating(
        candidates=len(candidates),
        accepted=len(accepted),
        tricks_left=cut.tricks_left,
        natural_wrong=natural_card(cut) not in accepted,
        highest_wrong=highest_card(cut) not in accepted,
        themes=themes,
        close=False,
    )
    rule = RULE_REFS["joker"] if "joker_lead" in themes else RULE_REFS[cut.goal.aim]
    return QuizDraft(
        game=GAME,
        kind="play",
        mode=MODE,
        prompt=play_prompt(cut, double_dummy=True),
        position=play_position(cut, double_dummy=True),
        candidates=tuple(candidates),
        unit=cut.goal.unit,
        themes=tuple(themes),
        rating=float(rating),
        rule_ref=rule,
        seed=cut.table.seed,
        margin=float(best - max(v for v in values.values() if v != best)),
        extra={
            "deal": {s: cards_text(h) for s, h in cut.table.hands.items()},
            "remaining": {s: cards_text(h) for s, h in cut.play.hands.items()},
            "leader": cut.play.current.leader,
            "targets": dict(cut.table.targets),
            "best_line": [step.card for step in best_line],
        },
    )
