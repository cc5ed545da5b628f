"""Glue the play quiz generators share: mode dispatch, scanning cuts, refuted candidates."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from games.quizzes.base import Candidate, Generator, QuizDraft, QuizError
from games.quizzes.common.lines import LineStep, line_text, line_tokens

T = TypeVar("T")
# (seed, constraint) -> the draft of one mode, or None when the deal gives none.
ModeGenerator = Callable[[int, Any], QuizDraft | None]


def by_mode(label: str, double_dummy: ModeGenerator, single_dummy: ModeGenerator) -> Generator:
    """Return a play generator that runs ``double_dummy`` or ``single_dummy`` by its mode.

    ``label`` names the game in the error for any other mode.
    """

    def play_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
        """Return the play quiz of ``seed`` in ``mode``, or None when the deal gives none."""
        if mode == "double_dummy":
            return double_dummy(seed, constraint)
        if mode == "single_dummy":
            return single_dummy(seed, constraint)
        raise QuizError(f"{label} play quizzes come in double_dummy and single_dummy, not {mode!r}")

    return play_quiz


def first_quiz(
    decisions: Iterable[T],
    attempt: Callable[[int, T], QuizDraft | None],
    limit: int | None = None,
    give_up_on: tuple[type[Exception], ...] = (),
) -> QuizDraft | None:
    """Return the first draft ``attempt`` makes from the decisions, trying at most ``limit``.

    ``attempt`` gets each decision with its number (0 for the first). An exception of a type
    in ``give_up_on`` ends the search with None, as does running out of decisions.
    """
    for number, decision in enumerate(decisions):
        if number == limit:
            return None
        try:
            draft = attempt(number, decision)
        except give_up_on:
            return None
        if draft is not None:
            return draft
    return None


def refuted(
    answer: str, value: float, label: str, reason: str, line: Sequence[LineStep]
) -> Candidate:
    """Return a rejected candidate whose refutation ends with the best play after it."""
    text = f"{reason} Best play then: {line_text(line)}."
    return Candidate(answer, value, False, label, text, line_tokens(line))
