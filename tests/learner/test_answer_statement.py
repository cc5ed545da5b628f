"""A first rated answer and a later one are stored in one PostgreSQL statement
(trainer.player._store_first / _store_repeat): the same rows as the ORM's way, and when a
rating or a review card moved after it was read, nothing half-stored and the ORM's way takes
over with what the rows hold then."""

from __future__ import annotations

import pytest
from django.db import connection

from trainer import player
from trainer.learners import Learner
from trainer.models import Attempt, Quiz, RatingPoint, ReviewCard, SkillRating
from trainer.player import answer_quiz
from trainer.ratings import Rating, duel

pytestmark = pytest.mark.django_db


def _need_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the one-statement answer is PostgreSQL's; elsewhere the ORM's way runs")


def _fields(quiz: Quiz, me: Learner, answer: str, correct: bool, **more: object) -> dict:
    return {
        "quiz": quiz, "ticket": None, "game": quiz.game, "answer": answer, "correct": correct,
        "loss": 0.0 if correct else 1.0, "seconds": 12.0, "hints": 0, "review": False,
        "quiz_rating": quiz.rating, **me.owner_fields(), **more,
    }  # fmt: skip


def test_a_first_miss_stores_attempt_ratings_point_and_card_in_one_statement(make_bank, learner):
    _need_postgresql()
    first, quiz = make_bank(2)
    me = Learner(user_id=learner.pk)
    answer_quiz(me, first, first.candidates[0]["answer"])  # the rating row now exists
    skill = SkillRating.objects.get(user=learner)
    mine, theirs = duel(
        Rating(skill.rating, skill.deviation, skill.volatility),
        Rating(quiz.rating, quiz.rating_deviation, quiz.rating_volatility),
        0.0,
    )
    stored = player._store_first(me, quiz, _fields(quiz, me, "nonsense", False), 0.0)
    assert stored is not None and stored.first and stored.pk
    attempt = Attempt.objects.get(pk=stored.pk)
    assert attempt.first and not attempt.correct and attempt.quiz_id == quiz.pk
    assert attempt.learner_rating == pytest.approx(mine.rating)
    skill.refresh_from_db()
    quiz.refresh_from_db()
    assert skill.games == 2 and skill.rating == pytest.approx(mine.rating)
    assert quiz.rating == pytest.approx(theirs.rating)
    assert RatingPoint.objects.filter(user=learner).count() == 2
    card = ReviewCard.objects.get(user=learner, quiz=quiz)
    assert (card.reviews, card.lapses) == (1, 1) and card.due > attempt.created_at


def test_a_quiz_rating_moved_since_it_was_read_stores_nothing_and_the_orm_rates_again(
    make_bank, learner
):
    _need_postgresql()
    first, quiz = make_bank(2)
    me = Learner(user_id=learner.pk)
    answer_quiz(me, first, first.candidates[0]["answer"])
    stale = Quiz.objects.get(pk=quiz.pk)
    Quiz.objects.filter(pk=quiz.pk).update(rating=1234.5)  # another learner's answer
    counts = (Attempt.objects.count(), RatingPoint.objects.count(), ReviewCard.objects.count())
    fields = _fields(stale, me, "nonsense", False)
    assert player._store_first(me, stale, fields, 0.0) is None
    assert (Attempt.objects.count(), RatingPoint.objects.count(), ReviewCard.objects.count()) == (
        counts
    )
    assert SkillRating.objects.get(user=learner).games == 1
    # Through answer_quiz the ORM's way rates against the rating the row holds now.
    skill = SkillRating.objects.get(user=learner)
    mine, theirs = duel(
        Rating(skill.rating, skill.deviation, skill.volatility),
        Rating(1234.5, stale.rating_deviation, stale.rating_volatility),
        0.0,
    )
    attempt, _ = answer_quiz(me, stale, stale.candidates[-1]["answer"])
    assert attempt.first and attempt.learner_rating == pytest.approx(mine.rating)
    assert Quiz.objects.get(pk=quiz.pk).rating == pytest.approx(theirs.rating)


def test_a_later_answer_reschedules_the_card_once_and_a_moved_card_goes_the_orm_way(
    make_bank, learner, monkeypatch
):
    _need_postgresql()
    (quiz,) = make_bank(1)
    me = Learner(user_id=learner.pk)
    answer_quiz(me, quiz, quiz.candidates[-1]["answer"])  # a miss opens the card
    card = ReviewCard.objects.get(user=learner)
    stored = player._store_repeat(me, quiz, _fields(quiz, me, "nonsense", False, review=True))
    assert stored is not None and not stored.first
    card.refresh_from_db()
    assert (card.reviews, card.lapses) == (2, 2)
    # The card moved after it was read (another tab): the statement stores nothing.
    # (the card read as it was before: its review count behind the row's)
    stale = player._CARD_READ_SQL.replace("SELECT id, card, reviews", "SELECT id, card, 1")
    monkeypatch.setattr(player, "_CARD_READ_SQL", stale)
    assert player._store_repeat(me, quiz, _fields(quiz, me, "x", False, review=True)) is None
    monkeypatch.undo()
    assert Attempt.objects.count() == 2
    card.refresh_from_db()
    assert (card.reviews, card.lapses) == (2, 2)
    attempt, _ = answer_quiz(me, quiz, quiz.candidates[0]["answer"], from_review=True)
    card.refresh_from_db()
    assert attempt.review and (card.reviews, card.lapses) == (3, 2)
    assert SkillRating.objects.get(user=learner).games == 1  # no rating moved after the first
