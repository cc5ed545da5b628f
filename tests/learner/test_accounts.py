"""Sign up, log in, log out, password reset; a visitor's training is kept on sign-up."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from tests.learner.learner_helpers import PASSWORD, answer, take_quiz
from trainer.models import Attempt, RatingPoint, ReviewCard, SkillRating

pytestmark = pytest.mark.django_db


def sign_up(client, name="vera", **extra):
    data = {"username": name, "email": f"{name}@example.org", "password1": PASSWORD,
            "password2": PASSWORD, **extra}  # fmt: skip
    return client.post("/accounts/signup/", data)


def test_signing_up_creates_the_account_and_logs_in(visitor_client):
    response = sign_up(visitor_client)
    assert response.status_code == 302 and response["Location"] == "/dashboard/"
    user = User.objects.get(username="vera")
    assert user.email == "vera@example.org"
    assert visitor_client.get("/dashboard/").context["user"] == user


def test_sign_up_explains_a_mismatched_password(visitor_client):
    response = sign_up(visitor_client, password2="something-else-2026")
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not User.objects.exists()


def test_sign_up_refuses_a_next_url_on_another_site(visitor_client):
    response = sign_up(visitor_client, next="https://evil.example/")
    assert response["Location"] == "/dashboard/"


def test_signing_up_keeps_what_the_visitor_did(visitor_client, make_bank, no_refill):
    make_bank(4)
    answer(visitor_client, take_quiz(visitor_client), right=True)
    answer(visitor_client, take_quiz(visitor_client), right=False)
    sign_up(visitor_client)
    user = User.objects.get(username="vera")
    assert Attempt.objects.filter(user=user).count() == 2
    assert not Attempt.objects.filter(user__isnull=True).exists()
    assert SkillRating.objects.get(user=user).games == 2
    assert RatingPoint.objects.filter(user=user).count() == 2
    assert ReviewCard.objects.get().user == user
    assert visitor_client.get("/dashboard/").context["board"].attempts == 2


def test_logging_in_keeps_visitor_attempts_without_doubling_first_attempts(
    visitor_client, learner, make_bank, no_refill
):
    from trainer.learners import Learner
    from trainer.player import answer_quiz

    quiz = make_bank(1)[0]
    answer_quiz(Learner(user_id=learner.pk), quiz, quiz.candidates[0]["answer"])
    answer(visitor_client, take_quiz(visitor_client), right=False)  # the same quiz, as visitor
    visitor_client.post("/accounts/login/", {"username": "lena", "password": PASSWORD})
    attempts = Attempt.objects.filter(user=learner).order_by("id")
    assert [a.first for a in attempts] == [True, False]
    assert SkillRating.objects.filter(user=learner).count() == 1
    assert SkillRating.objects.get(user=learner).games == 1  # the user's own rating won


def test_logging_out_ends_the_session(learner_client):
    response = learner_client.post("/accounts/logout/")
    assert response.status_code == 302
    assert not learner_client.get("/dashboard/").context["user"].is_authenticated


def test_password_reset_sends_a_working_link(visitor_client, learner):
    response = visitor_client.post("/accounts/password_reset/", {"email": "lena@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form_page = visitor_client.get(link, follow=True)
    assert form_page.context["validlink"]
    new = "another-secret-2027"
    visitor_client.post(
        form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}
    )
    learner.refresh_from_db()
    assert learner.check_password(new)


def test_a_learner_changes_the_password_from_the_dashboard_on_the_sites_pages(learner_client):
    dashboard = learner_client.get("/dashboard/").content.decode()
    assert 'href="/accounts/password_change/"' in dashboard
    page = learner_client.get("/accounts/password_change/")
    assert "registration/password_change_form.html" in [t.name for t in page.templates]
    assert "Django site admin" not in page.content.decode()  # not the admin's look
    new = "another-secret-2027"
    done = learner_client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
        follow=True,
    )
    assert "Password changed" in done.content.decode()
    assert "Django site admin" not in done.content.decode()
    user = done.context["user"]
    user.refresh_from_db()
    assert user.check_password(new)


def test_the_console_mail_backend_is_the_embedded_default():
    from config import settings as project_settings

    assert project_settings.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"


def test_the_login_page_links_to_sign_up_and_password_reset(visitor_client):
    html = visitor_client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in html and 'href="/accounts/signup/' in html
