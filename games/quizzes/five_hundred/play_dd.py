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

from games.cards import parse_card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.five_hundred.cut import cuts
from games.quizzes.five_hundred.recheck import stored_deal
from games.quizzes.five_hundred.solving import (
    card_values,
    goal_for,
    line_text,
    line_tokens,
    natural_key,
    position_of,
    principal_line,
    seat_no,
)
from games.quizzes.five_hundred.table import simple_choice
from games.quizzes.five_hundred.themes import play_rating, play_themes
from games.quizzes.five_hundred.verdict import exact_verdict
from games.quizzes.five_hundred.view import position_for, prompt_for
from games.quizzes.five_hundred.wording import cost_text, rule_ref_for

MODE = "double_dummy"
MAX_TRICKS_LEFT = 7


def double_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the double-dummy play quiz of ``seed``, or None when the deal gives none."""
    for cut in cuts(seed, constraint, MAX_TRICKS_LEFT):
        position = position_of(cut.play)
        goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won(), cut.tricks_left)
        values = card_values(position, goal)
        verdict = exact_verdict(values)
        if verdict is None:
            continue
        deciding = seat_no(cut.seat)
        best = min(verdict.accepted, key=natural_key)
        best_line = principal_line(position, goal, best, deciding)
        candidates = []
        for answer in sorted(values, key=natural_key):
            accepted = answer in verdict.accepted
            line = () if accepted else tuple(principal_line(position, goal, answer, deciding))
            refutation = (
                ""
                if accepted
                else f"{cost_text(answer, values[answer], values[best], best, goal.unit)} "
                f"Best play then: {line_text(line)}."
            )
            candidates.append(
                Candidate(
                    answer, float(values[answer]), accepted, answer, refutation, line_tokens(line)
                )
            )
        themes = play_themes(cut.play, cut.seat, cut.legal, sorted(verdict.accepted), best_line)
        natural_wrong = str(simple_choice(cut.play)) not in verdict.accepted
        rejected = len(values) - len(verdict.accepted)
        return QuizDraft(
            game="five_hundred",
            kind="play",
            mode=MODE,
            prompt=prompt_for(cut, MODE),
            position=position_for(cut, MODE),
            candidates=tuple(candidates),
            unit=goal.unit,
            themes=themes,
            rating=play_rating(rejected, natural_wrong, verdict.margin, False, themes),
            rule_ref=rule_ref_for(cut.contract, [parse_card(a) for a in verdict.accepted]),
            seed=seed,
            margin=float(verdict.margin),
            extra={
                "deal": stored_deal(cut),
                "best_line": list(line_tokens(best_line)),
                "best_line_text": line_text(best_line),
                "natural": str(simple_choice(cut.play)),
            },
        )
    return None
