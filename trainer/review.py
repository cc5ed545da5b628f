"""Spaced review of missed quizzes, scheduled by FSRS (the ``fsrs`` package).

Pure Python, no Django. A review card is stored as the JSON that ``fsrs.Card.to_dict``
gives; each answer to a quiz that has a card is graded automatically (``review_grade``) and
passed to the library's scheduler, which returns the next due time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fsrs import Card, Rating, Scheduler

# Fuzzing spreads due dates at random; it is off so that a schedule is reproducible and
# testable, and a personal trainer has no server load to spread.
SCHEDULER = Scheduler(enable_fuzzing=False)
# A right answer this quick, without hints, is rated Easy; one slower than SLOW_SECONDS (or
# helped by a hint) is rated Hard. Play decisions take a careful learner 20-60 s to read.
FAST_SECONDS = 20.0
SLOW_SECONDS = 90.0


class ReviewError(ValueError):
    """Raised for a stored review card that cannot be read, or a bad grading input."""


def review_grade(correct: bool, seconds: float | None, hints: int) -> Rating:
    """Return the FSRS grade of one answer from correctness, time taken and hints used."""
    if hints < 0:
        raise ReviewError(f"hints used cannot be negative, not {hints}")
    if seconds is not None and seconds < 0:
        raise ReviewError(f"time taken cannot be negative, not {seconds}")
    if not correct:
        return Rating.Again
    if hints or (seconds is not None and seconds > SLOW_SECONDS):
        return Rating.Hard
    if seconds is not None and seconds <= FAST_SECONDS:
        return Rating.Easy
    return Rating.Good


def new_card(card_id: int) -> dict[str, Any]:
    """Return a fresh card as JSON (``card_id`` only names it in the library's logs)."""
    return dict(Card(card_id=card_id).to_dict())


def schedule(
    card_json: dict[str, Any], grade: Rating, now: datetime, seconds: float | None = None
) -> tuple[dict[str, Any], datetime]:
    """Review the stored card with ``grade`` at ``now``; return the new card JSON and due time."""
    if now.tzinfo is None:
        raise ReviewError("the review time must be timezone-aware")
    try:
        card = Card.from_dict(card_json)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError) as exc:
        raise ReviewError(f"stored review card cannot be read: {exc!r}") from None
    duration = None if seconds is None else int(seconds * 1000)
    card, _log = SCHEDULER.review_card(card, grade, now, duration)
    return dict(card.to_dict()), card.due
