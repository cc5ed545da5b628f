"""A worker killed with kill -9 in the middle of a job, with the default visibility timeout.

Its unacknowledged message would only come back after the visibility timeout (22 minutes by
default); instead the job shows as stalled in /healthz as soon as the worker's heartbeat
stops, and the top-up sends it to the next worker that comes up, which finishes it with every
quiz stored once.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.test import Client

from tests.conftest import WorkerProcess
from tests.faults.conftest import FAST, assert_job_complete, wait_until
from trainer.generation import create_job
from trainer.models import GenerationJob, WorkerHeartbeat
from trainer.refill import top_up

pytestmark = [pytest.mark.faults, pytest.mark.services, pytest.mark.django_db(transaction=True)]


def stalled_in_health(client: Client, job_id: int) -> dict[str, object] | None:
    body = client.get("/healthz").json()
    jobs = body.get("jobs", {})
    return next((s for s in jobs.get("stalled", []) if s["job"] == job_id), None)


def test_a_job_left_by_a_killed_worker_is_shown_stalled_and_finished_by_another(
    site_on, settings, tmp_path
):
    settings.TRAIN_REFILL_BELOW = 0
    assert django_settings.CELERY_VISIBILITY_TIMEOUT >= 600  # the default: no quick redelivery
    # Two-second chunks: the kill lands inside a task, between two saved quizzes.
    env = {**FAST, "QUIZ_CHUNK_SECONDS": "2"}
    client = Client()
    # Heartbeats left by workers of earlier tests (their processes are gone, but a row under
    # WORKER_LOST_SECONDS old reads as a live idle worker) would make the job "lost", not
    # "no worker".
    WorkerHeartbeat.objects.all().delete()
    first = WorkerProcess(site_on.url, tmp_path / "first.log", env)
    second = None
    try:
        first.wait_ready()
        job = create_job(game="wiezen", kind="play", mode="single_dummy", count=6, seed=303)
        assert GenerationJob.objects.get(pk=job.pk).sent_at is not None  # the broker took it
        started = wait_until(lambda: GenerationJob.objects.get(pk=job.pk).done >= 1, 240)
        assert started, (GenerationJob.objects.get(pk=job.pk).__dict__, first.log())
        first.kill()
        killed_at = GenerationJob.objects.get(pk=job.pk)
        assert killed_at.status == "running" and killed_at.worker == first.name

        stalled = wait_until(lambda: stalled_in_health(client, job.pk), 30)
        # "no worker" when no solver worker lives; "lost" when one does (in a full run the suite's
        # own worker on another broker may be idle then): either way the job shows as stalled.
        assert stalled is not None and stalled["state"] in ("no worker", "lost"), stalled
        failing = client.get("/healthz").json()["failing"]
        assert ("workers" if stalled["state"] == "no worker" else "jobs") in failing, failing
        top_up()
        resent = GenerationJob.objects.get(pk=job.pk).chain
        if stalled["state"] == "no worker":
            assert resent == killed_at.chain  # nobody to send it to yet: it waits
        else:
            # A live worker is seen (the suite's own, idle): the lost job is sent again at once.
            assert resent == killed_at.chain + 1

        second = WorkerProcess(site_on.url, tmp_path / "second.log", env)
        second.wait_ready()
        assert wait_until(lambda: WorkerHeartbeat.objects.filter(name=second.name).exists(), 30)

        def finished() -> bool:
            top_up()  # what the beat does every TRAIN_TOP_UP_SECONDS
            return GenerationJob.objects.get(pk=job.pk).finished

        assert wait_until(finished, 300, every=1.0), second.log()
        done = assert_job_complete(job.pk)
        # Sent again once when the second worker came up (or once at once, when it was "lost").
        assert done.chain == killed_at.chain + 1 and done.worker == second.name
        assert done.attempts >= killed_at.attempts
        assert stalled_in_health(client, job.pk) is None
    finally:
        first.stop()
        if second is not None:
            second.stop()
