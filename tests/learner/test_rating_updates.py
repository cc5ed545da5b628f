"""Ratings move for the learner and the quiz on the first attempt only."""

from __future__ import annotations

import pytest

from tests.learner.learner_helpers import answer, take_quiz
from trainer.learners import Learner
from trainer.models import Attempt, Quiz, RatingPoint, ReviewCard, SkillRating
from trainer.player import answer_quiz
from trainer.ratings import Rating, duel, idle

pytestmark = pytest.mark.django_db


def test_a_first_right_answer_raises_the_learner_and_lowers_the_quiz(
    learner_client, make_bank, learner, no_refill
):
    make_bank(3)
    quiz = take_quiz(learner_client)
    before = Rating(quiz.rating, quiz.rating_deviation, quiz.rating_volatility)
    answer(learner_client, quiz, right=True)
    mine, theirs = duel(Rating(), before, 1.0)
    skill = SkillRating.objects.get(user=learner, game="wiezen")
    quiz.refresh_from_db()
    assert skill.rating == pytest.approx(mine.rating)
    assert skill.deviation == pytest.approx(mine.deviation)
    assert quiz.rating == pytest.approx(theirs.rating) and quiz.rating < before.rating
    assert RatingPoint.objects.get(user=learner).rating == pytest.approx(mine.rating)
    assert Attempt.objects.get().learner_rating == pytest.approx(mine.rating)


def test_a_wrong_first_answer_lowers_the_learner_and_raises_the_quiz(make_bank, learner):
    quiz = make_bank(1)[0]
    before = quiz.rating
    answer_quiz(Learner(user_id=learner.pk), quiz, quiz.candidates[-1]["answer"])
    quiz.refresh_from_db()
    assert SkillRating.objects.get(user=learner).rating < 1500
    assert quiz.rating > before


def test_a_second_attempt_at_the_same_quiz_moves_no_rating(make_bank, learner):
    quiz = make_bank(1)[0]
    me = Learner(user_id=learner.pk)
    answer_quiz(me, quiz, quiz.candidates[-1]["answer"])
    quiz.refresh_from_db()
    skill = SkillRating.objects.get(user=learner)
    rated = (quiz.rating, skill.rating, skill.games)
    attempt, _ = answer_quiz(me, quiz, quiz.candidates[0]["answer"], from_review=True)
    quiz.refresh_from_db()
    skill.refresh_from_db()
    assert (quiz.rating, skill.rating, skill.games) == rated
    assert not attempt.first and attempt.learner_rating is None
    assert RatingPoint.objects.count() == 1


def test_a_missed_quiz_gets_one_review_card_and_later_answers_reschedule_it(make_bank, learner):
    quiz = make_bank(1)[0]
    me = Learner(user_id=learner.pk)
    answer_quiz(me, quiz, quiz.candidates[-1]["answer"], seconds=30)
    card = ReviewCard.objects.get()
    first_due = card.due
    answer_quiz(me, quiz, quiz.candidates[0]["answer"], seconds=10)
    card.refresh_from_db()
    assert ReviewCard.objects.count() == 1
    assert (card.reviews, card.lapses) == (2, 1)
    assert card.due > first_due


def test_a_right_first_answer_opens_no_review_card(make_bank, learner):
    quiz = make_bank(1)[0]
    answer_quiz(Learner(user_id=learner.pk), quiz, quiz.candidates[0]["answer"])
    assert not ReviewCard.objects.exists()


def test_the_time_taken_is_measured_on_the_server(
    visitor_client, make_bank, no_refill, monkeypatch
):
    import trainer.tickets as tickets

    clock = iter([1000.0, 1042.5])
    monkeypatch.setattr(tickets, "clock", lambda: next(clock))
    make_bank(2)
    answer(visitor_client, take_quiz(visitor_client), right=True)
    assert Attempt.objects.get().seconds == pytest.approx(42.5)


def test_days_away_widen_the_learners_deviation_before_the_next_answer(make_bank, learner):
    from datetime import timedelta

    from django.utils import timezone

    first, second = make_bank(2, spread=0)
    me = Learner(user_id=learner.pk)
    answer_quiz(me, first, first.candidates[0]["answer"])
    SkillRating.objects.update(updated_at=timezone.now() - timedelta(days=60))
    rested = SkillRating.objects.get()
    answer_quiz(me, second, second.candidates[0]["answer"])
    expected, _ = duel(
        idle(Rating(rested.rating, rested.deviation, rested.volatility), 60),
        Rating(second.rating, second.rating_deviation, second.rating_volatility),
        1.0,
    )
    assert SkillRating.objects.get().deviation == pytest.approx(expected.deviation)


def test_an_answer_rates_against_the_quiz_rating_stored_now_not_the_one_it_read(make_bank, learner):
    # Another learner's answer moved the quiz's rating after this copy of the quiz was read:
    # the stored rating is not overwritten from the stale copy (the update compares first).
    quiz = make_bank(1)[0]
    moved = Rating(1800.0, 120.0, 0.06)
    Quiz.objects.filter(pk=quiz.pk).update(
        rating=moved.rating, rating_deviation=moved.deviation, rating_volatility=moved.volatility
    )
    best = next(c["answer"] for c in quiz.candidates if c["accepted"])
    attempt, _ = answer_quiz(Learner(user_id=learner.pk), quiz, best)
    mine, theirs = duel(Rating(), moved, 1.0)
    stored = Quiz.objects.get(pk=quiz.pk)
    assert stored.rating == pytest.approx(theirs.rating)
    assert stored.rating_deviation == pytest.approx(theirs.deviation)
    assert attempt.learner_rating == pytest.approx(mine.rating)
    assert SkillRating.objects.get(user=learner).rating == pytest.approx(mine.rating)
