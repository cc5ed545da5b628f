"""One showing of a quiz is answered once, even when two requests race with the same ticket."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore

from tests.learner.learner_helpers import take_quiz
from trainer import tickets
from trainer.learners import VISITOR_KEY, Learner
from trainer.models import Attempt, RatingPoint, ReviewCard, SkillRating
from trainer.player import NotGivenError, submit

pytestmark = pytest.mark.django_db


def two_tabs(client) -> tuple[dict, dict]:
    """Return two copies of the session as two requests read it before either answered."""
    data = dict(SessionStore(client.session.session_key).items())
    return dict(data), dict(data)


def test_a_ticket_read_by_two_requests_is_taken_by_one(visitor_client, make_bank, no_refill):
    make_bank(3)
    quiz = take_quiz(visitor_client)
    first, second = two_tabs(visitor_client)
    learner = Learner(visitor=first[VISITOR_KEY])
    wrong = str(quiz.candidates[1]["answer"])
    submit(first, learner, "wiezen", quiz.pk, wrong)
    with pytest.raises(NotGivenError, match="answered already"):
        submit(second, learner, "wiezen", quiz.pk, wrong)
    assert Attempt.objects.count() == 1
    card = ReviewCard.objects.get()
    assert (card.reviews, card.lapses) == (1, 1)
    assert SkillRating.objects.get().games == 1
    assert RatingPoint.objects.count() == 1
    # The losing request leaves its session alone: it cannot undo a ticket issued since.
    assert tickets.current(second) is not None


def test_the_later_of_two_racing_posts_gets_a_clear_400(visitor_client, make_bank, no_refill):
    make_bank(3)
    quiz = take_quiz(visitor_client)
    stale = dict(SessionStore(visitor_client.session.session_key).items())
    wrong = str(quiz.candidates[1]["answer"])
    assert (
        visitor_client.post("/train/wiezen/answer/", {"quiz": quiz.pk, "answer": wrong}).status_code
        == 302
    )
    # Put the session back as the second tab's request read it, then answer from it.
    store = SessionStore(visitor_client.session.session_key)
    store.update(stale)
    store.save()
    again = visitor_client.post("/train/wiezen/answer/", {"quiz": quiz.pk, "answer": wrong})
    assert again.status_code == 400
    assert "answered already" in again.content.decode()
    assert Attempt.objects.count() == 1
    assert ReviewCard.objects.get().lapses == 1


def test_a_stale_session_with_an_answered_ticket_gets_a_new_quiz(
    visitor_client, make_bank, no_refill
):
    make_bank(3)
    quiz = take_quiz(visitor_client)
    stale = dict(SessionStore(visitor_client.session.session_key).items())
    right = str(quiz.candidates[0]["answer"])
    visitor_client.post("/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right})
    # A racing request that lost saved its copy, ticket and all, after the winner.
    store = SessionStore(visitor_client.session.session_key)
    store.update(stale)
    store.save()
    assert take_quiz(visitor_client) != quiz
