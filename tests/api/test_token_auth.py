"""Token authentication (``api.authentication``, DRF's with the token read in plain SQL on
PostgreSQL): the token's own user, and DRF's refusals for a wrong key or an inactive user."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from api.authentication import TokenAuthentication
from api.state import ClientSession, prefetched
from classes import roster
from tests.api.api_helpers import token_client
from tests.teachers.teacher_helpers import bank, make_user
from trainer.models import ReviewCard, SkillRating

pytestmark = pytest.mark.django_db


def test_a_token_signs_in_its_own_user_only():
    tessa, otto = make_user("tessa", teacher=True), make_user("otto", teacher=True)
    roster.create_class(tessa, "Class 4B")
    theirs = token_client(tessa).get("/api/v1/classes/")
    assert theirs.status_code == 200
    assert [c["name"] for c in theirs.json()["results"]] == ["Class 4B"]
    assert token_client(otto).get("/api/v1/classes/").json()["results"] == []


def test_a_wrong_key_and_an_inactive_user_are_refused():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    wrong = client.get("/api/v1/progress/")
    assert wrong.status_code == 401 and "Invalid token" in wrong.json()["message"]
    pia = make_user("pia")
    client = token_client(pia)
    pia.is_active = False
    pia.save(update_fields=["is_active"])
    inactive = client.get("/api/v1/progress/")
    assert inactive.status_code == 401 and "inactive" in inactive.json()["message"]


def test_the_state_read_with_the_token_serves_the_first_client_session_only():
    pia = make_user("pia")
    ClientSession(pia)["trainer_last_review"] = False  # the stored row exists now
    key = Token.objects.create(user=pia).key
    user, _token = TokenAuthentication().authenticate_credentials(key)
    with CaptureQueriesContext(connection) as seen:
        first = ClientSession(user)
    assert dict(first) == {"trainer_last_review": False}
    # On PostgreSQL the row came with the token; elsewhere the session reads it.
    assert len(seen) == (0 if connection.vendor == "postgresql" else 1)
    first["trainer_ticket"] = {"quiz": 1}
    with CaptureQueriesContext(connection) as seen:
        second = ClientSession(user)
    assert len(seen) == 1 and second["trainer_ticket"] == {"quiz": 1}


def test_the_ratings_and_reviews_due_read_with_the_token_are_the_learners():
    _first, second, third = bank(3)
    pia = make_user("pia")
    SkillRating.objects.create(user=pia, game="wiezen", rating=1712.5, games=3)
    now = timezone.now()
    ReviewCard.objects.create(user=pia, quiz=second, game="wiezen", card={}, due=now)
    ReviewCard.objects.create(
        user=pia, quiz=third, game="wiezen", card={}, due=now + timedelta(days=2)
    )
    key = Token.objects.create(user=pia).key
    user, _token = TokenAuthentication().authenticate_credentials(key)
    known = prefetched(user)
    if connection.vendor != "postgresql":
        assert known is None  # elsewhere the fetch asks the two queries itself
    else:
        assert known.rating("wiezen") == 1712.5 and known.rating("skat") == 1500.0
        assert known.due == {"wiezen": 1}
        assert prefetched(user) is None  # taken once: a later read may follow a write
    # Through the API: the due review comes first, whichever way its count was read.
    fetched = token_client(pia).get("/api/v1/train/wiezen/quiz/")
    assert fetched.status_code == 200 and fetched.json()["quiz"] == second.pk
