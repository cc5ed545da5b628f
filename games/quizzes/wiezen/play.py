"""The play quiz generator: one entry point for both modes."""

from __future__ import annotations

from typing import Any

from games.quizzes.base import QuizDraft, QuizError
from games.quizzes.wiezen.play_dd import double_dummy_quiz
from games.quizzes.wiezen.play_sd import single_dummy_quiz


def play_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the play quiz of ``seed`` in ``mode``, or None when the deal gives none."""
    if mode == "double_dummy":
        return double_dummy_quiz(seed, constraint)
    if mode == "single_dummy":
        return single_dummy_quiz(seed, constraint)
    raise QuizError(f"wiezen play quizzes come in double_dummy and single_dummy, not {mode!r}")
