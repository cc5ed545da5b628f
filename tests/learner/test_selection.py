"""Which quiz comes next: near the rating, never a solved one, reviews mixed in."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.learner.learner_helpers import answer, take_quiz
from trainer.learners import Learner
from trainer.models import Quiz, ReviewCard, SkillRating
from trainer.selection import FilterError, Filters, next_quiz, pick_new, pick_review

pytestmark = pytest.mark.django_db


def test_selection_never_repeats_a_solved_quiz(visitor_client, make_bank, no_refill):
    bank = make_bank(15, spread=1600)
    seen = []
    for _ in range(len(bank)):
        quiz = take_quiz(visitor_client)
        assert quiz.pk not in seen
        seen.append(quiz.pk)
        answer(visitor_client, quiz, right=True)
    assert sorted(seen) == sorted(q.pk for q in bank)
    assert "quiz" not in visitor_client.get("/train/wiezen/").context


def test_a_new_quiz_is_picked_near_the_learners_rating(make_bank, learner):
    make_bank(40, spread=1200)
    SkillRating.objects.create(user=learner, game="wiezen", rating=1800, deviation=80)
    me = Learner(user_id=learner.pk)
    for seed in range(10):
        pick = next_quiz(me, "wiezen", Filters(), rng=random.Random(seed))
        assert pick is not None and abs(pick.quiz.rating - 1800) <= 100


def test_the_difficulty_offset_moves_the_target(make_bank, learner):
    make_bank(40, spread=1200)
    me = Learner(user_id=learner.pk)
    harder = [
        next_quiz(me, "wiezen", Filters(difficulty="harder"), rng=random.Random(s))
        for s in range(6)
    ]
    easier = [
        next_quiz(me, "wiezen", Filters(difficulty="easier"), rng=random.Random(s))
        for s in range(6)
    ]
    assert all(p is not None and 1600 <= p.quiz.rating <= 1800 for p in harder)
    assert all(p is not None and 1200 <= p.quiz.rating <= 1400 for p in easier)


def test_the_window_widens_when_the_bank_is_thin_near_the_target(make_bank, learner):
    far = make_bank(1, spread=0)[0]
    Quiz.objects.filter(pk=far.pk).update(rating=2300)
    me = Learner(user_id=learner.pk)
    found = pick_new(me, "wiezen", Filters(), 1500.0, random.Random(1))
    assert found is not None and found.pk == far.pk


def test_unknown_filter_values_are_refused_with_their_name():
    with pytest.raises(FilterError, match="kind: unknown kind 'solo'"):
        Filters(kind="solo")
    with pytest.raises(FilterError, match="mode: unknown mode 'open'"):
        Filters(mode="open")
    with pytest.raises(FilterError, match="is not a theme name"):
        Filters(theme="a' OR 1=1")


def test_filters_round_trip_through_the_query_string():
    filters = Filters(kind="play", theme="ruff", difficulty="harder")
    assert filters.as_query() == "kind=play&theme=ruff&difficulty=harder"
    assert Filters.from_query(dict(p.split("=") for p in filters.as_query().split("&"))) == filters


def test_a_missed_quiz_comes_back_as_a_review_once_due(visitor_client, make_bank, no_refill):
    make_bank(6)
    missed = take_quiz(visitor_client)
    answer(visitor_client, missed, right=False)
    card = ReviewCard.objects.get()
    assert card.quiz == missed and card.due > timezone.now()
    ReviewCard.objects.update(due=timezone.now() - timedelta(seconds=1))
    served = visitor_client.get("/train/wiezen/")
    assert served.context["quiz"] == missed and served.context["ticket"].review
    assert "Review" in served.content.decode()


def test_reviews_and_new_quizzes_take_turns(visitor_client, make_bank, no_refill):
    make_bank(8)
    for _ in range(3):
        answer(visitor_client, take_quiz(visitor_client), right=False)
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    kinds = []
    for _ in range(4):
        response = visitor_client.get("/train/wiezen/")
        kinds.append(response.context["ticket"].review)
        answer(visitor_client, response.context["quiz"], right=True)
    assert kinds == [True, False, True, False]


def test_the_number_of_reviews_due_is_shown_on_every_page(visitor_client, make_bank, no_refill):
    assert "0 reviews due" in visitor_client.get("/").content.decode()
    make_bank(4)
    for _ in range(2):
        answer(visitor_client, take_quiz(visitor_client), right=False)
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    for url in ("/", "/lessons/", "/dashboard/"):
        assert "2 reviews due" in visitor_client.get(url).content.decode()


def test_the_review_pick_is_the_learners_oldest_due_card_matching_the_filters(
    make_bank, learner, other_learner
):
    # On PostgreSQL this is plain SQL, elsewhere the ORM: the same card either way.
    a, b, c, d = make_bank(4)
    Quiz.objects.filter(pk=b.pk).update(kind="bid")
    now = timezone.now()

    def card(quiz: Quiz, due: timedelta, user=learner) -> None:
        ReviewCard.objects.create(user=user, quiz=quiz, game="wiezen", card={}, due=now + due)

    card(a, timedelta(hours=-1))
    card(b, timedelta(hours=-2))
    card(c, timedelta(hours=1))  # not due yet
    card(d, timedelta(hours=-3), user=other_learner)  # someone else's
    me = Learner(user_id=learner.pk)
    assert pick_review(me, "wiezen", Filters()) == b
    assert pick_review(me, "wiezen", Filters.from_query({"kind": "play"})) == a
    assert pick_review(me, "wiezen", Filters.from_query({"kind": "bid"})) == b
    assert pick_review(me, "beyond", Filters()) is None
    assert pick_review(Learner(user_id=None, visitor="nobody"), "wiezen", Filters()) is None
