"""Topping the bank up happens off the read path: a periodic task, one open job per game/kind."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.learner.learner_helpers import answer, take_quiz
from trainer.generation import create_job
from trainer.models import GenerationJob, Quiz
from trainer.refill import queue_refill, refill_mode, top_up, unseen_left
from trainer.tasks import top_up_bank

pytestmark = pytest.mark.django_db


@pytest.fixture
def wiezen_play_only(monkeypatch):
    """Let the top-up see only Kleurenwiezen play (the kind make_bank stores)."""
    monkeypatch.setattr("trainer.refill.generated_pairs", lambda game=None: [("wiezen", "play")])


@pytest.fixture
def sent(monkeypatch):
    """Record the generation tasks sent, instead of sending them."""
    calls: list[int] = []
    monkeypatch.setattr(
        "trainer.tasks.generate_quizzes.apply_async", lambda args, **kw: calls.append(args[0])
    )
    return calls


def test_reading_pages_never_creates_or_queues_a_job(
    visitor_client, make_bank, settings, django_capture_on_commit_callbacks
):
    settings.TRAIN_REFILL_BELOW = 50  # the bank is far below: the old read path queued here
    make_bank(3)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        for _ in range(3):
            answer(visitor_client, take_quiz(visitor_client), right=True)
        for url in ("/train/", "/train/wiezen/", "/train/wiezen/?kind=play", "/train/skat/"):
            assert visitor_client.get(url).status_code == 200
    assert not GenerationJob.objects.exists()
    assert callbacks == []


def test_the_top_up_queues_one_job_when_the_busiest_learner_runs_low(
    visitor_client, make_bank, settings, wiezen_play_only, django_capture_on_commit_callbacks
):
    settings.TRAIN_REFILL_BELOW = 3
    settings.TRAIN_REFILL_COUNT = 30
    make_bank(5)
    assert top_up().queued == []  # 5 unseen: plenty
    for _ in range(3):
        answer(visitor_client, take_quiz(visitor_client), right=True)
    assert unseen_left("wiezen", "play") == 2
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        first = top_up_bank()
        second = top_up_bank()
    job = GenerationJob.objects.get()
    assert first["queued"] == [f"wiezen/play#{job.pk}"] and second["queued"] == []
    assert (job.game, job.kind, job.count, job.status, job.refill) == (
        "wiezen",
        "play",
        30,
        "queued",
        True,
    )
    assert len(callbacks) == 1  # the task is sent after commit, and only once


def test_an_empty_bank_is_low_for_everyone(
    settings, wiezen_play_only, sent, django_capture_on_commit_callbacks
):
    settings.TRAIN_REFILL_BELOW = 1
    with django_capture_on_commit_callbacks(execute=True):
        (job,) = top_up().queued
    assert job.game == "wiezen" and sent == [job.pk]


def test_the_database_refuses_a_second_open_refill_even_when_the_check_is_raced(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=False):
        create_job(game="wiezen", kind="play", count=5, refill=True)
        with pytest.raises(IntegrityError), transaction.atomic():
            create_job(game="wiezen", kind="play", count=5, refill=True)
        # A job someone asked for, or a refill of another kind, is not held back.
        create_job(game="wiezen", kind="play", count=5)
        create_job(game="wiezen", kind="bid", count=5, refill=True)
        assert queue_refill("wiezen", "play") is None
        GenerationJob.objects.filter(kind="play", refill=True).update(status="done")
        assert queue_refill("wiezen", "play") is not None
    assert GenerationJob.objects.filter(refill=True).count() == 3


def test_a_refill_makes_the_mode_the_bank_holds_fewest_of(make_bank):
    make_bank(3)  # double dummy
    assert refill_mode("wiezen", "play") == "single_dummy"
    Quiz.objects.update(mode="single_dummy")
    assert refill_mode("wiezen", "play") == "double_dummy"


def test_a_job_that_has_not_moved_for_long_has_its_task_sent_again(
    settings, wiezen_play_only, sent, django_capture_on_commit_callbacks
):
    settings.TRAIN_REFILL_BELOW = 0
    settings.TRAIN_JOB_STALE_SECONDS = 300
    with django_capture_on_commit_callbacks(execute=False):
        stale = create_job(game="wiezen", kind="play", count=5)
        fresh = create_job(game="wiezen", kind="bid", count=5)
        done = create_job(game="skat", kind="play", count=5)
    long_ago = timezone.now() - timedelta(seconds=301)
    GenerationJob.objects.filter(pk__in=[stale.pk, done.pk]).update(created_at=long_ago)
    GenerationJob.objects.filter(pk=done.pk).update(status="done")
    assert [j.pk for j in top_up().resent] == [stale.pk]
    assert sent == [stale.pk]
    # Sending marks the job as moved: the next top-up waits a full period again.
    assert top_up().resent == [] and sent == [stale.pk]
    assert fresh.pk not in sent


def test_the_empty_page_says_a_job_is_running_and_how_far_it_got(
    visitor_client, make_bank, no_refill, django_capture_on_commit_callbacks
):
    make_bank(1)
    answer(visitor_client, take_quiz(visitor_client), right=True)
    with django_capture_on_commit_callbacks(execute=False):
        job = create_job(game="wiezen", kind="play", count=40, refill=True)
    GenerationJob.objects.filter(pk=job.pk).update(
        status="running", done=7, progressed_at=timezone.now()
    )
    page = visitor_client.get("/train/wiezen/").content.decode()
    assert "a job for 40 play quizzes is running, 7 made so far" in page
    assert "No Celery worker answers" not in page


def test_the_empty_page_says_when_no_worker_answers(
    visitor_client,
    make_bank,
    no_refill,
    embedded_celery,
    no_live_workers,
    no_pings,
    django_capture_on_commit_callbacks,
):
    make_bank(1)
    answer(visitor_client, take_quiz(visitor_client), right=True)
    with django_capture_on_commit_callbacks(execute=False):
        create_job(game="wiezen", kind="play", count=12, refill=True)
    page = visitor_client.get("/train/wiezen/").content.decode()
    assert "A job for 12 play quizzes has been queued for" in page
    assert "No Celery worker answers (none has been seen in the last 30 s)" in page
    assert "More quizzes are being made" not in page
