"""500 quiz generators: card play (double and single dummy) and bidding (contract, discard).

Importing this package registers ``five_hundred/play`` (modes double_dummy, single_dummy)
and ``five_hundred/bid`` (single_dummy). See docs/quizzes/five_hundred.md.
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import QuizDraft, QuizError, generator
from games.quizzes.five_hundred.bid import bid_quiz
from games.quizzes.five_hundred.play_dd import double_dummy_quiz
from games.quizzes.five_hundred.play_sd import single_dummy_quiz

__all__ = ["bid_quiz", "play_quiz"]

generator("five_hundred", "bid", ("single_dummy",))(bid_quiz)


@generator("five_hundred", "play", ("double_dummy", "single_dummy"))
def play_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return the play quiz of ``seed`` in ``mode``, or None when the deal gives none."""
    if mode == "double_dummy":
        return double_dummy_quiz(seed, constraint)
    if mode == "single_dummy":
        return single_dummy_quiz(seed, constraint)
    raise QuizError(f"500 play quizzes come in double_dummy and single_dummy, not {mode!r}")
