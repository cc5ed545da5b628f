"""Assemble a 500 play quiz: themes, difficulty, rule reference and what is stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cards import parse_card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import LineStep
from games.quizzes.five_hundred.cut import Cut
from games.quizzes.five_hundred.recheck import stored_deal
from games.quizzes.five_hundred.table import simple_choice
from games.quizzes.five_hundred.themes import play_rating, play_themes
from games.quizzes.five_hundred.verdict import Verdict
from games.quizzes.five_hundred.view import position_for, prompt_for
from games.quizzes.five_hundred.wording import rule_ref_for


def play_draft(
    cut: Cut,
    mode: str,
    unit: str,
    verdict: Verdict,
    candidates: Sequence[Candidate],
    best_line: Sequence[LineStep],
    margin: float,
    extra: dict[str, Any],
    samples: int | None = None,
) -> QuizDraft:
    """Return the draft of a play decision judged by ``verdict``; ``margin`` is what is stored.

    ``extra`` is stored between the full deal and the simple player's card.
    """
    themes = play_themes(cut.play, cut.seat, cut.legal, sorted(verdict.accepted), best_line)
    natural = str(simple_choice(cut.play))
    rejected = len(verdict.values) - len(verdict.accepted)
    natural_wrong = natural not in verdict.accepted
    sampled = mode == "single_dummy"
    return QuizDraft(
        game="five_hundred",
        kind="play",
        mode=mode,
        prompt=prompt_for(cut, mode),
        position=position_for(cut, mode),
        candidates=tuple(candidates),
        unit=unit,
        themes=themes,
        rating=play_rating(rejected, natural_wrong, verdict.margin, sampled, themes),
        rule_ref=rule_ref_for(cut.contract, [parse_card(a) for a in verdict.accepted]),
        seed=cut.seed,
        samples=samples,
        margin=margin,
        extra={"deal": stored_deal(cut), **extra, "natural": natural},
    )
