"""What each open generation job is waiting for, and sending again the ones nobody will take.

A job's task can be lost three ways: the broker refused it (Redis down when it was sent), the
broker lost it (Redis restarted without its data), or the worker running it died (``kill -9``,
a power cut: with late acks its message only comes back after the visibility timeout, 22
minutes by default). The worker heartbeats (trainer.workers) tell these apart from a job that
just waits its turn, without asking the broker:

- ``working``: a live worker says it is running the job;
- ``waiting``: its task is in the queue and every solver worker is busy;
- ``unsent``: its task never reached the broker;
- ``lost``: nobody runs it, it has not moved for ``TRAIN_JOB_LOST_SECONDS``, and a solver
  worker sits idle (with one task per worker, an idle worker would have taken the message);
- ``no worker``: nobody runs it and no solver worker is alive;
- ``stale``: it has not moved for ``TRAIN_JOB_STALE_SECONDS``, whatever the workers say.

The top-up (``recover_jobs``, every ``TRAIN_TOP_UP_SECONDS``) sends unsent, lost and stale jobs
again on a new chain (trainer.generation.send_job), so an old task that shows up later stops
at once; a job carries on from its saved cursor and never stores a quiz twice. The health
check and the admin show the same states.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from trainer.models import GenerationJob
from trainer.workers import Workers, seen_workers

log = logging.getLogger(__name__)

WORKING, WAITING, UNSENT, LOST, NO_WORKER, STALE = (
    "working",
    "waiting",
    "unsent",
    "lost",
    "no worker",
    "stale",
)
# The states of a job that is not moving and will not move by itself.
STALLED = (UNSENT, LOST, NO_WORKER, STALE)
RESEND = (UNSENT, LOST, STALE)


@dataclass(frozen=True)
class JobState:
    job: GenerationJob
    state: str
    moved: datetime
    reason: str

    @property
    def stalled(self) -> bool:
        return self.state in STALLED

    @property
    def still_seconds(self) -> int:
        """Return how long the job has not moved, in whole seconds."""
        return int((timezone.now() - self.moved).total_seconds())


def last_moved(job: GenerationJob) -> datetime:
    """Return the last sign of the job moving: created, sent, or a worker's progress."""
    return max(t for t in (job.created_at, job.sent_at, job.progressed_at) if t is not None)


def classify(job: GenerationJob, workers: Workers, now: datetime | None = None) -> JobState:
    """Return what an open job is waiting for (see the module docstring)."""
    now = now or timezone.now()
    moved = last_moved(job)
    still = now - moved
    if job.pk in workers.working_on:
        return JobState(job, WORKING, moved, "a live worker is running it")
    if still < timedelta(seconds=settings.TRAIN_JOB_LOST_SECONDS):
        return JobState(job, WAITING, moved, "it moved lately")
    gone = ""
    if job.worker and job.worker not in {w.name for w in workers.live}:
        gone = f"; its worker {job.worker} is gone"
    if job.sent_at is None:
        return JobState(job, UNSENT, moved, "its task never reached the broker" + gone)
    if not workers.solvers:
        return JobState(job, NO_WORKER, moved, "no solver worker is alive" + gone)
    idle_since = now - timedelta(seconds=2 * settings.WORKER_HEARTBEAT_SECONDS)
    if workers.idle_solver(idle_since):
        return JobState(job, LOST, moved, "a solver worker is idle but nobody runs it" + gone)
    if still >= timedelta(seconds=settings.TRAIN_JOB_STALE_SECONDS):
        return JobState(job, STALE, moved, "it has not moved for long" + gone)
    return JobState(job, WAITING, moved, "every solver worker is busy")


def job_states(jobs: list[GenerationJob] | None = None) -> list[JobState]:
    """Return the state of every open job (or of ``jobs``), oldest first."""
    if jobs is None:
        jobs = list(GenerationJob.objects.filter(status__in=GenerationJob.OPEN))
    workers = seen_workers()
    now = timezone.now()
    states = [classify(job, workers, now) for job in jobs if not job.finished]
    return sorted(states, key=lambda s: s.job.created_at)


def recover_jobs() -> list[GenerationJob]:
    """Send again the task of every unsent, lost or stale job; return those jobs."""
    from trainer.generation import send_job

    sent = []
    for state in job_states():
        if state.state not in RESEND:
            continue
        log.warning(
            "job %s is %s (%s; still for %s s): sending its task again",
            state.job.pk,
            state.state,
            state.reason,
            state.still_seconds,
        )
        send_job(state.job.pk)
        sent.append(state.job)
    return sent
