"""Assemble a Beyond play quiz: themes, difficulty, rule reference and what is stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.candidates import highest_card, natural_card
from games.quizzes.beyond.cut import Cut
from games.quizzes.beyond.table import GAME, cards_text
from games.quizzes.beyond.themes import Spot, play_rating, play_themes
from games.quizzes.beyond.view import RULE_REFS, play_position, play_prompt


def play_draft(
    cut: Cut,
    mode: str,
    candidates: Sequence[Candidate],
    accepted: Sequence[str],
    spot: Spot,
    close: bool,
    margin: float,
    extra: dict[str, Any],
    samples: int | None = None,
    unit: str = "result",
) -> QuizDraft:
    """Return the draft of a play decision; ``accepted`` lists the best card first.

    ``extra`` is stored after the deal, the remaining hands and the trick's leader.
    """
    double_dummy = mode == "double_dummy"
    themes = play_themes(spot, accepted[0])
    rating = play_rating(
        candidates=len(candidates),
        accepted=len(accepted),
        tricks_left=cut.tricks_left,
        natural_wrong=natural_card(cut) not in accepted,
        highest_wrong=highest_card(cut) not in accepted,
        themes=themes,
        close=close,
    )
    rule = RULE_REFS["joker"] if "joker_lead" in themes else RULE_REFS[cut.goal.aim]
    return QuizDraft(
        game=GAME,
        kind="play",
        mode=mode,
        prompt=play_prompt(cut, double_dummy=double_dummy),
        position=play_position(cut, double_dummy=double_dummy),
        candidates=tuple(candidates),
        unit=unit,
        themes=tuple(themes),
        rating=float(rating),
        rule_ref=rule,
        seed=cut.table.seed,
        samples=samples,
        margin=margin,
        extra={
            "deal": {s: cards_text(h) for s, h in cut.table.hands.items()},
            "remaining": {s: cards_text(h) for s, h in cut.play.hands.items()},
            "leader": cut.play.current.leader,
            **extra,
        },
    )
