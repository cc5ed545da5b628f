"""Assemble a Kleurenwiezen play quiz: themes, difficulty, rule reference, what is stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.wiezen.candidates import highest_card, natural_card, spot_of
from games.quizzes.wiezen.cut import Cut
from games.quizzes.wiezen.solving import Goal
from games.quizzes.wiezen.table import GAME, cards_text
from games.quizzes.wiezen.themes import play_rating, play_themes
from games.quizzes.wiezen.view import RULE_REFS, play_position, play_prompt


def play_draft(
    cut: Cut,
    goal: Goal,
    mode: str,
    candidates: Sequence[Candidate],
    accepted: Sequence[str],
    close: bool,
    margin: float,
    extra: dict[str, Any],
    samples: int | None = None,
) -> QuizDraft:
    """Return the draft of a play decision; ``accepted`` lists the best card first.

    ``extra`` is stored after the deal, the remaining hands and the trick's leader.
    """
    double_dummy = mode == "double_dummy"
    themes = play_themes(spot_of(cut), accepted[0])
    rating = play_rating(
        candidates=len(candidates),
        accepted=len(accepted),
        tricks_left=cut.tricks_left,
        natural_wrong=natural_card(cut) not in accepted,
        highest_wrong=highest_card(cut) not in accepted,
        themes=themes,
        close=close,
    )
    return QuizDraft(
        game=GAME,
        kind="play",
        mode=mode,
        prompt=play_prompt(cut, double_dummy=double_dummy),
        position=play_position(cut, double_dummy=double_dummy),
        candidates=tuple(candidates),
        unit=goal.unit,
        themes=tuple(themes),
        rating=float(rating),
        rule_ref=RULE_REFS[cut.contract.kind],
        seed=cut.seed,
        samples=samples,
        margin=margin,
        extra={
            "deal": {s: cards_text(h) for s, h in cut.hands.items()},
            "remaining": {s: cards_text(h) for s, h in cut.play.hands.items()},
            "leader": cut.play.leader,
            **extra,
        },
    )
