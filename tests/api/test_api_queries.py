"""Query counts through the API (deterministic, unlike timings): the learner's round trip is
bounded, and the teacher's results grid costs the same whatever the class size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from classes import roster
from tests.api.api_helpers import token_client
from tests.teachers.teacher_helpers import client_for, make_user, right_answer, work_item
from trainer.models import Quiz

pytestmark = pytest.mark.django_db

# As counted now, exact (a change that adds a query per choice or per attempt fails at once).
# Fetching the quiz already handed out: the token with the stored API state, the ratings and
# the reviews due (one row on PostgreSQL, api.authentication), the ticket's quiz. Answering
# it: the token with the API state and the rating rows, the quiz, one statement storing
# attempt, ratings, history point and review card (trainer.player, in a savepoint here
# because the test holds a transaction: two queries the site does not send), the ticket
# taken (one save of the API state), reviews due for the verdict, which is built from the
# attempt just stored. The learner's first answer in a game makes the rating row and
# goes the ORM's way. A new quiz is picked from a random point of the rating window
# (trainer.selection): one query when an unseen quiz lies above that point, a second when the
# pick has to look below it.
SAME_MAX = 2 if connection.vendor == "postgresql" else 4
# Elsewhere (the embedded SQLite) the token and the state are two reads and the answer goes
# the ORM's way: 12.
ANSWER_MAX = 7 if connection.vendor == "postgresql" else 12
FIRST_IN_GAME_MAX = 19
# A new pick on PostgreSQL: the token's row, the pick (two queries per rating window when it
# has to look below its point; this bank is thin, so a window can be empty and the next one
# is tried; the review queue only when reviews are due), the ticket saved.
FRESH_MAX = 6 if connection.vendor == "postgresql" else 9


def queries(call) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as seen:
        result = call()
    return len(seen.captured_queries), result


def test_the_learners_round_trip_is_bounded(world):
    client = token_client(world.pupil)
    client.get("/api/v1/train/wiezen/quiz/")  # the first request makes the stored API state
    quiz_id = client.get("/api/v1/train/wiezen/quiz/").json()["quiz"]
    client.post("/api/v1/train/wiezen/answer/", {"quiz": quiz_id, "answer": "?"})  # refused
    # A first answer in the game makes the learner's rating row (the ORM's way).
    first, response = queries(
        lambda: client.post(
            "/api/v1/train/wiezen/answer/",
            {"quiz": quiz_id, "answer": right_answer(Quiz.objects.get(pk=quiz_id))},
        )
    )
    assert response.status_code == 201 and first <= FIRST_IN_GAME_MAX, first
    # The next quiz is a new one: chosen, and its ticket issued.
    fresh, response = queries(lambda: client.get("/api/v1/train/wiezen/quiz/"))
    assert response.status_code == 200 and fresh <= FRESH_MAX, fresh
    fetched, response = queries(lambda: client.get("/api/v1/train/wiezen/quiz/"))
    assert response.status_code == 200 and fetched <= SAME_MAX, fetched
    quiz = Quiz.objects.get(pk=response.json()["quiz"])
    answered, response = queries(
        lambda: client.post(
            "/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)}
        )
    )
    assert response.status_code == 201 and answered <= ANSWER_MAX, answered


def test_the_results_grid_costs_the_same_for_any_class_size(world):
    teacher = token_client(world.teacher)
    url = f"/api/v1/assignments/{world.assignment.pk}/results/"
    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    small, response = queries(lambda: teacher.get(url))
    assert response.status_code == 200 and len(response.json()["rows"]) == 1
    for n in range(6):
        pupil = make_user(f"kid{n}")
        roster.join_class(pupil, world.school_class.join_code)
        work_item(client_for(pupil), world.assignment.pk, right=n % 2 == 0)
    large, response = queries(lambda: teacher.get(url))
    assert len(response.json()["rows"]) == 7
    assert large == small, (small, large)


# A pupil's assignment item, fetched and answered through the API (PostgreSQL / elsewhere).
# The next item: the token with the API state and the ratings (one row), the assignment with
# the pupil's membership (one join), the item with its quiz, the ticket saved, the items and
# answers counted in one query. A fetch of the item handed out already saves no ticket.
# Elsewhere the token, the state and the rating are three reads.
ITEM_FETCH = 5 if connection.vendor == "postgresql" else 7
ITEM_AGAIN = 4 if connection.vendor == "postgresql" else 6
# Its answer: the token with the API state and the rating rows, the assignment, the item with
# its quiz, then in one transaction (BEGIN / COMMIT, savepoints in the test's) the answer as
# on the trainer's page (the one statement, in a savepoint), the assignment's answer; the
# ticket taken, the reviews due for the verdict. Elsewhere the rating is read and the answer
# goes the ORM's way.
ITEM_ANSWER = 11 if connection.vendor == "postgresql" else 17
# The grid: the token, the assignment, the teacher role, its tag, the items, the pupils, the
# answers. A poll with the tag, nothing changed: the first four, no grid built.
GRID = 7 if connection.vendor == "postgresql" else 9
GRID_UNCHANGED = 4 if connection.vendor == "postgresql" else 6


def test_an_assignment_item_and_the_grid_cost_a_fixed_number_of_statements(world):
    pupil = token_client(world.pupil)
    base = f"/api/v1/my/assignments/{world.assignment.pk}"
    # The pupil's first answer in the game makes the rating row (the ORM's way): not counted.
    first = pupil.get(f"{base}/next/").json()
    quiz = Quiz.objects.get(pk=first["quiz"]["quiz"])
    body = {"item": first["item"], "answer": right_answer(quiz)}
    assert pupil.post(f"{base}/answer/", body).status_code == 201
    fetched, response = queries(lambda: pupil.get(f"{base}/next/"))
    assert response.status_code == 200 and fetched == ITEM_FETCH, fetched
    item = response.json()
    assert (item["number"], item["total"]) == (2, 3)
    again, response = queries(lambda: pupil.get(f"{base}/next/"))
    assert response.status_code == 200 and again == ITEM_AGAIN, again
    quiz = Quiz.objects.get(pk=item["quiz"]["quiz"])
    body = {"item": item["item"], "answer": right_answer(quiz)}
    answered, response = queries(lambda: pupil.post(f"{base}/answer/", body))
    assert response.status_code == 201 and answered == ITEM_ANSWER, answered

    teacher = token_client(world.teacher)
    url = f"/api/v1/assignments/{world.assignment.pk}/results/"
    built, response = queries(lambda: teacher.get(url))
    assert response.status_code == 200 and built == GRID, built
    tag = response["ETag"]
    unchanged, response = queries(lambda: teacher.get(url, HTTP_IF_NONE_MATCH=tag))
    assert response.status_code == 304 and unchanged == GRID_UNCHANGED, unchanged


def test_a_drawn_quiz_is_handed_out_and_judged_without_checking_its_position(world, monkeypatch):
    """The quiz handed out comes from its stored drawing (order, notes, picker), so handing it
    out reads no position; on PostgreSQL the verdict takes the order the choices were shown in
    from it too, instead of working it out from the position. Checking a position (every card
    of the deal read and placed) was a fifth of a fetch's CPU."""
    from trainer import positions, verdicts

    client = token_client(world.pupil)
    client.get("/api/v1/train/wiezen/quiz/")  # the stored API state and the rating row
    checks: list[str] = []
    real = positions.position_from_json

    def reading(game, data):
        checks.append(game)
        return real(game, data)

    ordered: list[int] = []
    real_order = verdicts.choice_order

    def ordering(quiz):
        ordered.append(quiz.pk)
        return real_order(quiz)

    monkeypatch.setattr(positions, "position_from_json", reading)
    monkeypatch.setattr(positions, "_RECORDS", {})  # nothing read before counts
    monkeypatch.setattr(verdicts, "choice_order", ordering)
    data = client.get("/api/v1/train/wiezen/quiz/").json()
    quiz = Quiz.objects.get(pk=data["quiz"])
    assert checks == []
    shown = [c["answer"] for c in data["choices"]]
    assert shown == [str(c["answer"]) for c in real_order(quiz)]
    response = client.post(
        "/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)}
    )
    assert response.status_code == 201
    assert [c["answer"] for c in response.json()["choices"]] == shown
    if connection.vendor == "postgresql":
        assert ordered == [], "the verdict worked out the order the choices were shown in"
    # The same for an assignment's item, handed out and answered.
    base = f"/api/v1/my/assignments/{world.assignment.pk}"
    checks.clear()
    ordered.clear()
    item = client.get(f"{base}/next/").json()
    assert checks == []
    quiz = Quiz.objects.get(pk=item["quiz"]["quiz"])
    body = {"item": item["item"], "answer": right_answer(quiz)}
    assert client.post(f"{base}/answer/", body).status_code == 201
    if connection.vendor == "postgresql":
        assert ordered == [], "the item's verdict worked out the order its choices were shown in"
