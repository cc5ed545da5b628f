"""A learner sees only their own attempts and dashboard (the learner, another, a visitor)."""

from __future__ import annotations

import pytest

from tests.learner.learner_helpers import answer, take_quiz
from trainer.models import Attempt

pytestmark = pytest.mark.django_db


@pytest.fixture
def lenas_attempt(learner_client, make_bank, no_refill) -> Attempt:
    make_bank(3)
    answer(learner_client, take_quiz(learner_client), right=False)
    return Attempt.objects.get()


def test_the_learner_sees_their_own_attempt(learner_client, lenas_attempt):
    response = learner_client.get(f"/train/attempts/{lenas_attempt.pk}/")
    assert response.status_code == 200
    assert response.context["attempt"] == lenas_attempt


def test_another_learner_cannot_see_the_attempt(other_client, lenas_attempt):
    assert other_client.get(f"/train/attempts/{lenas_attempt.pk}/").status_code == 404


def test_a_visitor_cannot_see_the_attempt(visitor_client, lenas_attempt):
    assert visitor_client.get(f"/train/attempts/{lenas_attempt.pk}/").status_code == 404


def test_another_learners_dashboard_shows_none_of_the_learners_work(
    other_client, learner_client, lenas_attempt
):
    assert learner_client.get("/dashboard/").context["board"].attempts == 1
    assert other_client.get("/dashboard/").context["board"].attempts == 0


def test_a_visitors_dashboard_shows_none_of_the_learners_work(visitor_client, lenas_attempt):
    response = visitor_client.get("/dashboard/")
    assert response.status_code == 200
    assert response.context["board"].attempts == 0
    assert response.context["is_visitor"]


def test_a_visitors_attempt_is_theirs_alone(visitor_client, learner_client, make_bank, no_refill):
    make_bank(2)
    answer(visitor_client, take_quiz(visitor_client), right=True)
    mine = Attempt.objects.get()
    assert visitor_client.get(f"/train/attempts/{mine.pk}/").status_code == 200
    assert learner_client.get(f"/train/attempts/{mine.pk}/").status_code == 404
    from django.test import Client

    assert Client().get(f"/train/attempts/{mine.pk}/").status_code == 404


def test_a_learner_cannot_answer_a_quiz_handed_to_someone_else(
    learner_client, other_client, make_bank, no_refill
):
    make_bank(2)
    quiz = take_quiz(learner_client)
    assert answer(other_client, quiz, right=True).status_code == 400
    assert not Attempt.objects.exists()
