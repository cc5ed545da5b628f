"""Quiz generation through the real Redis broker and real worker processes."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import WorkerProcess, need_service
from trainer.generation import create_job
from trainer.models import GenerationJob, Quiz

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

GAME, KIND, MODE = "wiezen", "play", "double_dummy"
# Short chunks and a short visibility timeout, so a killed worker's task comes back quickly.
FAST_REDELIVERY = {"QUIZ_CHUNK_SECONDS": "1", "CELERY_VISIBILITY_TIMEOUT": "3"}


@pytest.fixture
def shared_services(redis_url):
    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so this process cannot send to the workers")
    if connection.vendor != "postgresql":
        need_service("a worker process can only share a PostgreSQL test database")
    return redis_url


def wait_for(job_id: int, predicate, timeout: float, every: float = 0.2) -> GenerationJob:
    deadline = time.monotonic() + timeout
    while True:
        job = GenerationJob.objects.get(pk=job_id)
        if predicate(job) or time.monotonic() > deadline:
            return job
        time.sleep(every)


def test_a_job_goes_from_queued_to_done_on_a_worker(shared_services, tmp_path):
    worker = WorkerProcess(shared_services, tmp_path / "w.log")
    try:
        worker.wait_ready()
        job = create_job(game=GAME, kind=KIND, mode=MODE, count=3, seed=101)
        assert job.status == "queued"
        job = wait_for(job.pk, lambda j: j.finished, timeout=240)
        assert job.status == "done", (job.error, worker.log())
        assert job.done == 3
        assert Quiz.objects.filter(job=job).count() == 3
    finally:
        worker.stop()


def test_killing_the_worker_mid_job_finishes_without_duplicates(shared_services, tmp_path):
    first = WorkerProcess(shared_services, tmp_path / "first.log", FAST_REDELIVERY)
    second = None
    try:
        first.wait_ready()
        # Single-dummy quizzes take a good fraction of a second each, so the job is still
        # running when the first quiz lands and the worker is killed.
        job = create_job(game=GAME, kind=KIND, mode="single_dummy", count=10, seed=202)
        job = wait_for(job.pk, lambda j: j.done >= 1, timeout=240, every=0.05)
        assert job.done >= 1 and not job.finished, first.log()
        first.kill()
        stopped_at = GenerationJob.objects.get(pk=job.pk)
        assert stopped_at.status == "running"
        time.sleep(4)  # past the visibility timeout: the unacknowledged task may come back
        second = WorkerProcess(shared_services, tmp_path / "second.log", FAST_REDELIVERY)
        second.wait_ready()
        job = wait_for(job.pk, lambda j: j.finished, timeout=300)
        assert job.status == "done", (job.error, second.log())
        assert job.done == 10
        hashes = list(Quiz.objects.filter(job=job).values_list("position_hash", flat=True))
        assert len(hashes) == 10 == len(set(hashes))
        assert job.attempts >= stopped_at.attempts
    finally:
        first.stop()
        if second is not None:
            second.stop()
