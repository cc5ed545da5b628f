"""Generation jobs and solves through the API: a POST stores the row and queues its task
after the commit, a GET only reads; solving answers in the batch format of docs/solver.md."""

from __future__ import annotations

import json
import time

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection

from api.models import SolveJob
from games.solver.batch import answer as batch_answer
from tests.api.api_helpers import token_client
from tests.conftest import WorkerProcess, need_service
from tests.learner.learner_helpers import PASSWORD
from tests.teachers.teacher_helpers import make_user
from trainer.models import GenerationJob

# A three-card Kleurenwiezen ending, every card a spade: North and South take all three.
ENDING = {
    "game": "wiezen",
    "deal": "N:AKQ... JT9... 876... 543...",
    "trump": "NT",
    "leader": "N",
    "team": ["N", "S"],
    "mode": "cards",
}


@pytest.fixture
def sent(monkeypatch) -> list[tuple[str, int]]:
    """Record the tasks sent instead of sending them."""
    calls: list[tuple[str, int]] = []
    monkeypatch.setattr("trainer.generation.send_job", lambda pk, **kw: calls.append(("gen", pk)))
    monkeypatch.setattr("api.tasks.solve.delay", lambda pk: calls.append(("solve", pk)))
    return calls


@pytest.mark.django_db
def test_a_generation_job_is_queued_after_commit_and_a_get_never_queues(
    sent, django_capture_on_commit_callbacks
):
    teacher = token_client(make_user("tessa", teacher=True))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        made = teacher.post(
            "/api/v1/jobs/",
            {"game": "wiezen", "kind": "play", "count": 3, "constraints": "N.hcp >= 10"},
            format="json",
        )
    assert made.status_code == 202, made.content
    job = GenerationJob.objects.get()
    assert made.json()["id"] == job.pk and made.json()["status"] == "queued"
    assert len(callbacks) == 1 and sent == [("gen", job.pk)]
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        polled = teacher.get(f"/api/v1/jobs/{job.pk}/")
        listed = teacher.get("/api/v1/jobs/")
    assert polled.json()["percent"] == 0 and listed.json()["count"] == 1
    assert callbacks == [] and sent == [("gen", job.pk)]


@pytest.mark.django_db
def test_a_bad_generation_request_names_the_field_and_stores_nothing(sent):
    teacher = token_client(make_user("tessa", teacher=True))
    for body, field in (
        ({"game": "bridge", "kind": "play", "count": 3}, "game"),
        ({"game": "wiezen", "kind": "play", "count": 0}, "count"),
        (
            {"game": "wiezen", "kind": "play", "count": 2, "constraints": "N.hcp >>= 3"},
            "constraints",
        ),
    ):
        response = teacher.post("/api/v1/jobs/", body, format="json")
        assert response.status_code == 400, body
        assert field in response.json()["fields"], response.json()
        assert response.json()["message"].startswith(f"{field}: ")
    assert not GenerationJob.objects.exists() and sent == []
    # Only teachers ask for jobs; to anyone else the endpoint is not there.
    pupil = token_client(User.objects.create_user("pia", "p@example.org", PASSWORD))
    assert pupil.post("/api/v1/jobs/", {}, format="json").status_code == 404


@pytest.mark.django_db
def test_a_solve_is_checked_at_once_and_queued_after_commit(
    sent, django_capture_on_commit_callbacks
):
    lena = token_client(User.objects.create_user("lena", "l@example.org", PASSWORD))
    bad = lena.post("/api/v1/solves/", {"request": {**ENDING, "trump": "X"}}, format="json")
    assert bad.status_code == 400 and "trump" in bad.json()["message"]
    missing = lena.post("/api/v1/solves/", {"request": {"game": "wiezen"}}, format="json")
    assert missing.status_code == 400
    assert missing.json()["message"].startswith("request: missing field '")
    assert list(missing.json()["fields"]) == ["request"]
    assert not SolveJob.objects.exists() and sent == []
    with django_capture_on_commit_callbacks(execute=True):
        made = lena.post("/api/v1/solves/", {"request": ENDING}, format="json")
    assert made.status_code == 202 and made.json()["status"] == "queued"
    job = SolveJob.objects.get()
    assert sent == [("solve", job.pk)]
    assert lena.get(f"/api/v1/solves/{job.pk}/").json()["result"] is None
    other = token_client(User.objects.create_user("max", "m@example.org", PASSWORD))
    assert other.get(f"/api/v1/solves/{job.pk}/").status_code == 404


@pytest.mark.django_db
def test_the_solve_task_answers_as_one_line_of_the_batch_command():
    from api.solving import run_solve

    user = User.objects.create_user("lena", "l@example.org", PASSWORD)
    job = SolveJob.objects.create(requested_by=user, request=ENDING)
    done = run_solve(job.pk)
    expected = batch_answer(json.dumps(ENDING))
    assert done.status == "done"
    assert done.result["value"] == expected["value"] == 3
    assert done.result["cards"] == expected["cards"] == {"SA": 3, "SK": 3, "SQ": 3}
    assert run_solve(job.pk).result == done.result  # a second delivery changes nothing


def test_solves_go_to_the_solver_queue():
    from config.celery import app

    route = app.amqp.router.route({}, "api.solve")
    assert route["queue"].name == settings.SOLVER_QUEUE


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_solve_finishes_on_a_real_worker(redis_url, tmp_path):
    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so this process cannot send to the workers")
    if connection.vendor != "postgresql":
        need_service("a worker process can only share a PostgreSQL test database")
    lena = token_client(User.objects.create_user("lena", "l@example.org", PASSWORD))
    worker = WorkerProcess(redis_url, tmp_path / "w.log")
    try:
        worker.wait_ready()
        made = lena.post("/api/v1/solves/", {"request": ENDING}, format="json").json()
        deadline = time.monotonic() + 120
        seen = made
        while seen["status"] == "queued" and time.monotonic() < deadline:
            time.sleep(0.3)
            seen = lena.get(f"/api/v1/solves/{made['id']}/").json()
        assert seen["status"] == "done", worker.log()
        assert seen["result"]["value"] == 3 and set(seen["result"]["cards"]) == {"SA", "SK", "SQ"}
    finally:
        worker.stop()


@pytest.mark.django_db
def test_no_request_solves_neither_a_posted_deal_nor_an_answer(sent, monkeypatch):
    from tests.teachers.teacher_helpers import bank, right_answer

    def forbid(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was called inside a web request")

    for target in ("games.solver.backends.solve", "games.solver.batch.solve",
                   "games.solver.solve", "trainer.generation.run_chunk"):  # fmt: skip
        monkeypatch.setattr(target, forbid)
    lena = token_client(User.objects.create_user("lena", "l@example.org", PASSWORD))
    assert lena.post("/api/v1/solves/", {"request": ENDING}, format="json").status_code == 202
    bank(1)
    from trainer.models import Quiz

    quiz = Quiz.objects.get(pk=lena.get("/api/v1/train/wiezen/quiz/").json()["quiz"])
    answered = lena.post(
        "/api/v1/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)}
    )
    assert answered.status_code == 201
