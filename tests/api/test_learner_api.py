"""A learner through the API: token, next quiz, hint, answer, verdict, history, progress.

The API calls the trainer's own services, so the ticket rule (only the quiz handed out,
once) and the grading are the pages' own; these tests check they hold through the API.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.api.api_helpers import token_client
from tests.learner.learner_helpers import PASSWORD
from tests.teachers.teacher_helpers import bank, right_answer, wrong_answer
from trainer.models import Attempt, Quiz, ReviewCard, SkillRating

pytestmark = pytest.mark.django_db


@pytest.fixture
def lena(db: None) -> User:
    return User.objects.create_user("lena", "lena@example.org", PASSWORD)


def test_a_token_is_had_for_the_password_and_revoked(lena):
    client = token_client(None)
    bad = client.post("/api/v1/auth/token/", {"username": "lena", "password": "nope"})
    assert bad.status_code == 401
    assert bad.json()["fields"] == {"password": [bad.json()["message"]]}
    got = client.post("/api/v1/auth/token/", {"username": "lena", "password": PASSWORD})
    assert got.status_code == 200 and got.json()["username"] == "lena"
    key = got.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/progress/").status_code == 200
    assert client.delete("/api/v1/auth/token/").status_code == 204
    assert client.get("/api/v1/progress/").status_code == 401


def test_learner_endpoints_need_credentials(db):
    client = token_client(None)
    for url in ("/api/v1/train/wiezen/quiz/", "/api/v1/attempts/", "/api/v1/progress/"):
        response = client.get(url)
        assert response.status_code == 401, url
        assert set(response.json()) == {"status", "code", "message", "fields"}


def test_the_quiz_handed_out_is_answered_once_and_graded_as_the_page_grades(lena):
    quizzes = bank(3)
    client = token_client(lena)
    shown = client.get("/api/v1/train/wiezen/quiz/")
    assert shown.status_code == 200, shown.content
    data = shown.json()
    assert data["quiz"] in {q.pk for q in quizzes}
    assert "themes" not in data and "candidates" not in data  # nothing gives the answer away
    assert {c["answer"] for c in data["choices"]} == {
        str(c["answer"]) for c in Quiz.objects.get(pk=data["quiz"]).candidates
    }
    # Asking again shows the same quiz: the ticket is kept on the server.
    assert client.get("/api/v1/train/wiezen/quiz/").json()["quiz"] == data["quiz"]
    quiz = Quiz.objects.get(pk=data["quiz"])
    other = next(q for q in quizzes if q.pk != quiz.pk)
    refused = client.post(
        "/api/v1/train/wiezen/answer/", {"quiz": other.pk, "answer": right_answer(other)}
    )
    assert refused.status_code == 409 and refused.json()["code"] == "not_given"
    not_a_choice = client.post("/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": "ZZ"})
    assert not_a_choice.status_code == 400 and "'ZZ'" in not_a_choice.json()["message"]
    assert not Attempt.objects.exists()

    answered = client.post(
        "/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": wrong_answer(quiz)}
    )
    assert answered.status_code == 201, answered.content
    verdict = answered.json()
    assert verdict["attempt"]["correct"] is False
    assert verdict["chosen"]["answer"] == wrong_answer(quiz)
    assert [c["answer"] for c in verdict["choices"] if c["accepted"]] == quiz.accepted
    attempt = Attempt.objects.get()
    assert attempt.user == lena and attempt.first and attempt.ticket
    assert SkillRating.objects.get(user=lena, game="wiezen").games == 1
    assert ReviewCard.objects.filter(user=lena, quiz=quiz).exists()  # missed: a review card
    again = client.post(
        "/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)}
    )
    assert again.status_code == 409 and again.json()["code"] == "not_given"
    assert Attempt.objects.count() == 1
    # The next quiz is another one.
    assert client.get("/api/v1/train/wiezen/quiz/").json()["quiz"] != quiz.pk


def test_a_hint_is_counted_on_the_ticket(lena):
    bank(2)
    client = token_client(lena)
    quiz = Quiz.objects.get(pk=client.get("/api/v1/train/wiezen/quiz/").json()["quiz"])
    wrong_quiz = client.post("/api/v1/train/wiezen/hint/", {"quiz": quiz.pk + 1000})
    assert wrong_quiz.status_code == 409 and wrong_quiz.json()["fields"].keys() == {"quiz"}
    hint = client.post("/api/v1/train/wiezen/hint/", {"quiz": quiz.pk})
    assert hint.status_code == 200 and "themes" in hint.json()
    shown = client.get("/api/v1/train/wiezen/quiz/").json()
    assert shown["hints"] == 1 and shown["hint"] == hint.json()
    client.post("/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)})
    assert Attempt.objects.get().hints == 1


def test_filters_are_the_pages_filters_and_a_bad_one_is_named(lena):
    bank(2)
    client = token_client(lena)
    bad = client.get("/api/v1/train/wiezen/quiz/?kind=dance")
    assert bad.status_code == 400
    assert bad.json()["message"].startswith("kind: unknown kind 'dance'")
    assert list(bad.json()["fields"]) == ["kind"]
    empty = client.get("/api/v1/train/wiezen/quiz/?kind=bid")
    assert empty.status_code == 404 and empty.json()["code"] == "empty"
    assert client.get("/api/v1/train/bridge/quiz/").status_code == 404


def test_history_verdict_and_progress_are_only_ever_your_own(lena):
    quizzes = bank(2)
    client = token_client(lena)
    quiz = Quiz.objects.get(pk=client.get("/api/v1/train/wiezen/quiz/").json()["quiz"])
    client.post("/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)})
    attempt = Attempt.objects.get()
    history = client.get("/api/v1/attempts/").json()
    assert history["count"] == 1 and history["results"][0]["id"] == attempt.pk
    assert client.get(f"/api/v1/attempts/{attempt.pk}/").json()["attempt"]["correct"] is True
    progress = client.get("/api/v1/progress/").json()
    wiezen = next(g for g in progress["games"] if g["game"] == "wiezen")
    assert wiezen["attempts"] == 1 and wiezen["rating"] > 1500
    assert [t["name"] for t in wiezen["themes"]] == ["finesse"]
    assert progress["attempts"] == 1
    other = token_client(User.objects.create_user("max", "m@example.org", PASSWORD))
    assert other.get(f"/api/v1/attempts/{attempt.pk}/").status_code == 404
    assert other.get("/api/v1/attempts/").json()["count"] == 0
    assert other.get("/api/v1/progress/").json()["attempts"] == 0
    assert len(quizzes) == 2


def test_games_and_lessons_are_read_by_anyone(db):
    from lessons.services import load_lessons

    load_lessons()
    client = token_client(None)
    assert [g["slug"] for g in client.get("/api/v1/games/").json()] == [
        "skat", "beyond", "five_hundred", "wiezen",
    ]  # fmt: skip
    lessons = client.get("/api/v1/lessons/?game=skat&page_size=2").json()
    assert lessons["count"] > 2 and len(lessons["results"]) == 2 and lessons["next"]
    first = lessons["results"][0]
    detail = client.get(f"/api/v1/lessons/skat/{first['slug']}/").json()
    assert detail["title"] == first["title"] and detail["body_html"]
    assert detail["completed"] is None
    bad = client.get("/api/v1/lessons/?game=bridge")
    assert bad.status_code == 400 and list(bad.json()["fields"]) == ["game"]


def test_a_single_dummy_quiz_shows_no_hidden_card_before_the_answer(lena):
    from django.core.management import call_command

    call_command("ensure_starter_bank", verbosity=0)
    client = token_client(lena)
    for game in ("skat", "beyond", "five_hundred", "wiezen"):
        data = client.get(f"/api/v1/train/{game}/quiz/?mode=single_dummy").json()
        quiz = Quiz.objects.get(pk=data["quiz"])
        assert quiz.position["hidden"] and "deal" in quiz.position
        seen = {c for cards in data["position"]["hands"].values() for c in cards}
        held = quiz.position["deal"]["held"]
        hidden = {c for seat in quiz.position["hidden"] for c in held[str(seat)]}
        assert hidden and not hidden & seen
        assert "deal" not in data["position"], game
        # The verdict reveals the real deal.
        answer = data["choices"][0]["answer"] if data["choices"] else None
        if answer is None:
            continue
        verdict = client.post(
            f"/api/v1/train/{game}/answer/", {"quiz": quiz.pk, "answer": answer}
        ).json()
        assert verdict["deal"] is not None, game
