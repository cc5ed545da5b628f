"""Beyond quiz generators: card play (double and single dummy) and bidding.

Importing this package registers ``beyond/play`` (modes double_dummy, single_dummy) and
``beyond/bid`` (single_dummy). See docs/quizzes/beyond.md.
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import QuizDraft, QuizError, generator
from games.quizzes.beyond.bid import bid_quiz
from games.quizzes.beyond.play_dd import double_dummy_quiz
from games.quizzes.beyond.play_sd import single_dummy_quiz

__all__ = ["bid_quiz", "play_quiz"]

generator("beyond", "bid", ("single_dummy",))(bid_quiz)


@generator("beyond", "play", ("double_dummy", "single_dummy"))
def play_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the play quiz of ``seed`` in ``mode``, or None when the deal gives none."""
    if mode == "double_dummy":
        return double_dummy_quiz(seed, constraint)
    if mode == "single_dummy":
        return single_dummy_quiz(seed, constraint)
    raise QuizError(f"beyond play quizzes come in double_dummy and single_dummy, not {mode!r}")
