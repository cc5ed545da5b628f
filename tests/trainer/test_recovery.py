"""Jobs whose task was refused, lost or left with a dead worker are sent again, once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from trainer.generation import create_job, send_job
from trainer.models import GenerationJob, WorkerHeartbeat
from trainer.recovery import job_states, recover_jobs
from trainer.refill import queue_refill, top_up
from trainer.tasks import generate_quizzes

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """Record the generation tasks sent (job id, chain), instead of sending them."""
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "trainer.tasks.generate_quizzes.apply_async", lambda args, **kw: calls.append(tuple(args))
    )
    return calls


@pytest.fixture
def quiet_top_up(settings, monkeypatch):
    settings.TRAIN_REFILL_BELOW = 0
    monkeypatch.setattr("trainer.refill.generated_pairs", lambda game=None: [("wiezen", "play")])


def worker(name="w1@box", active=(), idle_for=600.0, age=0.0):
    seen = timezone.now() - timedelta(seconds=age)
    return WorkerHeartbeat.objects.create(
        name=name,
        queues=["default", "solver"],
        active=list(active),
        idle_since=None if active else seen - timedelta(seconds=idle_for),
        started_at=seen - timedelta(seconds=3600),
        seen_at=seen,
    )


def still_for(job, seconds):
    """Make a job look as if it had not moved for ``seconds``."""
    then = timezone.now() - timedelta(seconds=seconds)
    fields = {"created_at": then, "progressed_at": then}
    if GenerationJob.objects.get(pk=job.pk).sent_at is not None:
        fields["sent_at"] = then
    GenerationJob.objects.filter(pk=job.pk).update(**fields)


def states():
    return {s.job.pk: s.state for s in job_states()}


def test_an_enqueue_failure_leaves_the_job_unsent_and_the_next_top_up_sends_it(
    broker_down, no_live_workers, quiet_top_up, settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = queue_refill("wiezen", "play")  # the broker refuses: no exception escapes
    job.refresh_from_db()
    assert (job.status, job.sent_at, job.chain) == ("queued", None, 1)
    still_for(job, settings.TRAIN_JOB_LOST_SECONDS + 1)
    assert states() == {job.pk: "unsent"}


def test_an_unsent_refill_is_sent_by_the_top_up_and_holds_back_no_refill_after_it(
    sent, no_live_workers, quiet_top_up, settings, monkeypatch, django_capture_on_commit_callbacks
):
    with monkeypatch.context() as patch, django_capture_on_commit_callbacks(execute=True):
        patch.setattr("trainer.generation.send_job", lambda job_id, chain=None: False)
        job = queue_refill("wiezen", "play")  # as if the broker had refused it
    still_for(job, settings.TRAIN_JOB_LOST_SECONDS + 1)
    settings.TRAIN_REFILL_BELOW = 10**6  # the bank is low: a refill is wanted
    done = top_up()
    assert [j.pk for j in done.resent] == [job.pk] and done.queued == []
    job.refresh_from_db()
    assert job.sent_at is not None and sent == [(job.pk, job.chain)]
    GenerationJob.objects.filter(pk=job.pk).update(status="done")
    with django_capture_on_commit_callbacks(execute=True):
        assert len(top_up().queued) == 1  # the next refill is not held back


def test_a_sending_failure_tries_the_broker_a_bounded_number_of_times(
    broker_down, monkeypatch, django_capture_on_commit_callbacks
):
    import redis.connection

    tries = []
    real = redis.connection.AbstractConnection.connect

    def connect(self):
        tries.append(self.port)
        return real(self)

    monkeypatch.setattr(redis.connection.AbstractConnection, "connect", connect)
    job = create_job(game="wiezen", kind="play", count=2, enqueue=False)
    assert send_job(job.pk) is False
    # The publish retry policy allows two tries; no result store is subscribed to.
    assert 1 <= len(tries) <= 2


def test_a_job_a_live_worker_runs_is_working_and_never_resent(
    sent, no_live_workers, settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = create_job(game="wiezen", kind="play", count=2)
    still_for(job, settings.TRAIN_JOB_STALE_SECONDS + 1)
    worker(active=[job.pk])
    assert states() == {job.pk: "working"}
    assert recover_jobs() == []


def test_a_job_nobody_runs_while_a_worker_is_idle_has_lost_its_message(
    sent, no_live_workers, settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = create_job(game="wiezen", kind="play", count=2)
    worker()
    assert states() == {job.pk: "waiting"}  # it moved lately
    still_for(job, settings.TRAIN_JOB_LOST_SECONDS + 1)
    assert states() == {job.pk: "lost"}
    assert [j.pk for j in recover_jobs()] == [job.pk]
    job.refresh_from_db()
    assert job.chain == 2 and sent[-1] == (job.pk, 2)
    assert states() == {job.pk: "waiting"}  # sent again just now


def test_a_job_waiting_behind_busy_workers_is_left_alone_until_it_is_stale(
    sent, no_live_workers, settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job, other = (create_job(game="wiezen", kind="play", count=2) for _ in range(2))
    worker(active=[other.pk])
    still_for(job, settings.TRAIN_JOB_LOST_SECONDS + 1)
    assert states()[job.pk] == "waiting"
    assert recover_jobs() == []
    still_for(job, settings.TRAIN_JOB_STALE_SECONDS + 1)
    assert states()[job.pk] == "stale"
    assert [j.pk for j in recover_jobs()] == [job.pk]


def test_the_job_of_a_killed_worker_is_stalled_and_names_the_worker(
    sent, no_live_workers, settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = create_job(game="wiezen", kind="play", count=2)
    GenerationJob.objects.filter(pk=job.pk).update(status="running", worker="dead@box")
    worker("dead@box", active=[job.pk], age=settings.WORKER_LOST_SECONDS + 1)
    still_for(job, settings.TRAIN_JOB_LOST_SECONDS + 1)
    (state,) = job_states()
    assert state.state == "no worker" and "its worker dead@box is gone" in state.reason
    assert recover_jobs() == []  # nobody to send it to; the message stays where it is
    worker("new@box")  # a worker comes up, idle
    assert states() == {job.pk: "lost"}
    assert [j.pk for j in recover_jobs()] == [job.pk]


def test_a_task_of_an_older_chain_does_nothing(eager_celery, sent):
    job = create_job(game="wiezen", kind="play", count=1, enqueue=False)
    send_job(job.pk)
    send_job(job.pk)  # sent again: chain 2
    assert generate_quizzes.run(job.pk, 1) == {"job": job.pk, "status": "superseded"}
    assert generate_quizzes.run(job.pk, None) == {"job": job.pk, "status": "superseded"}
    job.refresh_from_db()
    assert (job.attempts, job.status) == (0, "queued")


def test_the_admin_shows_a_stalled_job(client, sent, no_live_workers, settings):
    admin = User.objects.create_superuser("root", "root@example.org", "pw-123456")
    client.force_login(admin)
    job = create_job(game="wiezen", kind="play", count=2, enqueue=False)
    still_for(job, settings.TRAIN_JOB_LOST_SECONDS + 1)
    page = client.get("/admin/trainer/generationjob/").content.decode()
    assert "STALLED (unsent): its task never reached the broker" in page
    page = client.get(f"/admin/trainer/generationjob/{job.pk}/change/").content.decode()
    assert "STALLED (unsent)" in page
