"""Redis stopped and restarted (empty) under a running site and a working worker.

Every answer during the outage is a page or a clear 503 from /healthz, never a 500 or a hang;
the answer a learner gives is stored once; a job running when Redis went away, a job whose
message the restart dropped and a job asked for during the outage all finish after it, each
quiz stored once.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import WorkerProcess
from tests.faults.conftest import FAST, assert_job_complete, wait_until
from tests.learner.learner_helpers import answer, take_quiz, wiezen_draft
from trainer.generation import create_job, store_quiz
from trainer.models import Attempt, GenerationJob, WorkerHeartbeat
from trainer.refill import top_up

pytestmark = [pytest.mark.faults, pytest.mark.services, pytest.mark.django_db(transaction=True)]

PAGES = ("/", "/train/", "/train/wiezen/", "/train/skat/", "/lessons/", "/dashboard/")


def test_the_site_holds_while_redis_is_stopped_and_restarted(site_on, settings, tmp_path):
    settings.TRAIN_REFILL_BELOW = 0  # only the jobs of this test
    for n in range(1, 4):
        assert store_quiz(wiezen_draft(n), None)
    learner = Client()
    worker = WorkerProcess(site_on.url, tmp_path / "worker.log", FAST)
    try:
        worker.wait_ready()
        assert wait_until(lambda: WorkerHeartbeat.objects.filter(name=worker.name).exists(), 30)
        # Single-dummy quizzes take a good part of a second each: the job is still running,
        # one short task after another, when Redis goes away.
        running = create_job(game="wiezen", kind="play", mode="single_dummy", count=8, seed=11)
        assert wait_until(lambda: GenerationJob.objects.get(pk=running.pk).done >= 1, 240)
        assert not GenerationJob.objects.get(pk=running.pk).finished
        # Sent while the only worker is busy: its message waits in Redis, and the restart
        # below drops it.
        waiting = create_job(game="wiezen", kind="play", mode="double_dummy", count=2, seed=13)
        assert GenerationJob.objects.get(pk=waiting.pk).sent_at is not None

        site_on.stop()  # ---------------------------------------------------- Redis down
        for url in PAGES:
            assert learner.get(url).status_code == 200, url
        quiz = take_quiz(learner)
        assert answer(learner, quiz, right=True).status_code in (200, 302)
        health = learner.get("/healthz")
        assert health.status_code == 503
        body = health.json()
        assert {"cache", "broker"} <= set(body["failing"]), body
        assert str(site_on.port) not in health.content.decode()
        asked = create_job(game="wiezen", kind="play", mode="double_dummy", count=2, seed=12)
        assert GenerationJob.objects.get(pk=asked.pk).sent_at is None  # refused, not lost
        # The running job's next task cannot be sent either: it is left unsent, not "running"
        # for ever.
        assert wait_until(lambda: GenerationJob.objects.get(pk=running.pk).sent_at is None, 60)

        site_on.start()  # --------------------------------------- Redis back, and empty

        def finished() -> bool:
            top_up()  # what the beat does every TRAIN_TOP_UP_SECONDS
            jobs = GenerationJob.objects.filter(pk__in=[running.pk, asked.pk, waiting.pk])
            return all(job.finished for job in jobs)

        assert wait_until(finished, 300, every=1.0), worker.log()
        for job_id in (running.pk, asked.pk, waiting.pk):
            assert assert_job_complete(job_id).chain >= 2  # finished by the chain sent again
        assert Attempt.objects.count() == 1  # the answer given during the outage, once
        assert wait_until(lambda: learner.get("/healthz").status_code == 200, 30)
        for url in PAGES:
            assert learner.get(url).status_code == 200, url
    finally:
        worker.stop()
