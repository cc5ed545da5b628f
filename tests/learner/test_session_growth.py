"""Cookie-less requests (a crawler) leave no lasting rows: sessions are short-lived and purged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from trainer.tasks import purge_expired

pytestmark = pytest.mark.django_db


def crawl(paths: list[str], times: int = 1) -> None:
    for _ in range(times):
        for path in paths:
            assert Client().get(path).status_code in (200, 302, 404), path


def test_cookie_less_pages_other_than_the_player_store_no_session(make_bank, no_refill):
    make_bank(2)
    crawl(["/", "/train/", "/lessons/", "/dashboard/", "/accounts/login/"])
    assert Session.objects.count() == 0


def test_a_crawlers_player_sessions_expire_within_the_hour_and_are_purged(make_bank, no_refill):
    make_bank(2)
    crawl(["/train/wiezen/"], times=5)
    soon = timezone.now() + timedelta(seconds=settings.TRAIN_NEW_SESSION_SECONDS + 5)
    assert Session.objects.count() == 5
    assert all(s.expire_date <= soon for s in Session.objects.all())
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert purge_expired()["sessions"] == 5
    assert Session.objects.count() == 0


def test_a_visitor_who_comes_back_keeps_the_session_for_the_usual_age(
    visitor_client, make_bank, no_refill
):
    make_bank(2)
    visitor_client.get("/train/wiezen/")
    assert visitor_client.session.get_expiry_age() <= settings.TRAIN_NEW_SESSION_SECONDS
    visitor_client.get("/train/wiezen/")
    (row,) = Session.objects.all()
    assert row.expire_date > timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE - 60)
    assert visitor_client.cookies[settings.SESSION_COOKIE_NAME]["max-age"] > 86400


def test_logging_in_from_a_new_visitor_session_gives_the_usual_age(
    visitor_client, learner, make_bank, no_refill
):
    from tests.learner.learner_helpers import PASSWORD

    make_bank(2)
    visitor_client.get("/train/wiezen/")
    visitor_client.post("/accounts/login/", {"username": learner.username, "password": PASSWORD})
    assert visitor_client.session.get("_auth_user_id") == str(learner.pk)
    assert visitor_client.session.get_expiry_age() == settings.SESSION_COOKIE_AGE
