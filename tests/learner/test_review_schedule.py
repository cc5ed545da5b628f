"""FSRS grading from correctness, time and hints, scheduled through the fsrs library."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler, State

from trainer.review import (
    FAST_SECONDS,
    SLOW_SECONDS,
    ReviewError,
    new_card,
    review_grade,
    schedule,
)

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("correct", "seconds", "hints", "grade"),
    [
        (False, 5.0, 0, Rating.Again),
        (False, None, 2, Rating.Again),
        (True, FAST_SECONDS - 1, 0, Rating.Easy),
        (True, FAST_SECONDS + 1, 0, Rating.Good),
        (True, None, 0, Rating.Good),
        (True, SLOW_SECONDS + 1, 0, Rating.Hard),
        (True, 3.0, 1, Rating.Hard),
    ],
)
def test_answers_are_graded_from_correctness_time_and_hints(correct, seconds, hints, grade):
    assert review_grade(correct, seconds, hints) == grade


def test_negative_hints_or_time_are_refused():
    with pytest.raises(ReviewError, match="hints used cannot be negative"):
        review_grade(True, 1.0, -1)
    with pytest.raises(ReviewError, match="time taken cannot be negative"):
        review_grade(True, -1.0, 0)


def test_the_schedule_is_the_libraries_own():
    library = Scheduler(enable_fuzzing=False)
    expected, _log = library.review_card(Card(card_id=7), Rating.Again, NOW)
    card, due = schedule(new_card(7), Rating.Again, NOW)
    assert due == expected.due
    assert card == expected.to_dict()


def test_a_missed_card_comes_back_soon_and_a_good_answer_pushes_it_out():
    card, due = schedule(new_card(1), Rating.Again, NOW)
    assert NOW < due <= NOW + timedelta(minutes=10)
    later = due + timedelta(minutes=1)
    steps = []
    for _ in range(4):
        card, due = schedule(card, Rating.Good, later)
        steps.append(due - later)
        later = due
    assert Card.from_dict(card).state == State.Review  # type: ignore[arg-type]
    assert steps[-1] > timedelta(days=1)
    assert steps[-1] > steps[0]


def test_a_naive_review_time_is_refused():
    with pytest.raises(ReviewError, match="timezone-aware"):
        schedule(new_card(1), Rating.Good, datetime(2026, 3, 1))


def test_a_broken_stored_card_is_named():
    with pytest.raises(ReviewError, match="stored review card cannot be read"):
        schedule({"state": 1}, Rating.Good, NOW)
