"""The Beyond bidding generator and its re-check.

Odd seeds ask the first convention question of the simple auction (a reply to partner's
13-level opening, or to partner's demand), graded by the basic convention; even seeds ask a
declaration, judged over sampled worlds by the deal's score.
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import QuizDraft, QuizError
from games.quizzes.beyond.convention import (
    CONVENTION,
    DEMAND_Q,
    convention_quiz,
    recheck_convention,
)
from games.quizzes.beyond.declare import declaration_quiz, recheck_declaration


def bid_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the bidding quiz of ``seed``; bidding quizzes are always single dummy."""
    if mode != "single_dummy":
        raise QuizError(f"beyond bid quizzes come in single_dummy only, not {mode!r}")
    if seed % 2:
        return convention_quiz(seed, constraint)
    return declaration_quiz(seed, constraint)


def recheck_bid(draft: QuizDraft, worlds: int | None = None) -> list[str]:
    """Re-check a stored Beyond bid quiz: convention quizzes by the convention, declarations
    by their stored deal and world seed; return every difference ([] when it holds).

    ``worlds``: a declaration that stores its per-world results is judged again from them
    and only that many of its worlds are settled again (``recheck_declaration``); a
    convention quiz's sampled context is not the grade and is not settled again."""
    question = draft.extra.get("question")
    if question in (CONVENTION, DEMAND_Q):
        return recheck_convention(draft)
    if question == "declaration":
        return recheck_declaration(draft, worlds)
    raise QuizError(f"unknown beyond bid question {question!r}")
