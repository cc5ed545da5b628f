"""The Beyond bidding generator: odd seeds ask a convention call, even seeds a declaration."""

from __future__ import annotations

from typing import Any

from games.quizzes.base import QuizDraft, QuizError
from games.quizzes.beyond.convention import convention_quiz
from games.quizzes.beyond.declare import declaration_quiz


def bid_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the bidding quiz of ``seed``; bidding quizzes are always single dummy."""
    if mode != "single_dummy":
        raise QuizError(f"beyond bid quizzes come in single_dummy only, not {mode!r}")
    if seed % 2:
        return convention_quiz(seed, constraint)
    return declaration_quiz(seed, constraint)
