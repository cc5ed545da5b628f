"""Celery tasks of the trainer app. Arguments are ids and plain values; results are JSON."""

from __future__ import annotations

import logging
import os
import socket
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import OperationalError

log = logging.getLogger(__name__)


@shared_task(name="trainer.check_worker", ignore_result=False)
def check_worker(token: str) -> dict[str, object]:
    """Return the token with this worker's host and process id, proving a full round trip."""
    return {"token": token, "host": socket.gethostname(), "pid": os.getpid()}


@shared_task(
    bind=True,
    name="trainer.generate_quizzes",
    autoretry_for=(OperationalError,),  # the database went away for a moment
    retry_backoff=True,
    max_retries=5,
)
def generate_quizzes(self: Any, job_id: int) -> dict[str, object]:
    """Work on a generation job for one chunk, then queue the next chunk until it is done."""
    from trainer.generation import run_chunk

    try:
        job = run_chunk(job_id)
        while self.request.is_eager and not job.finished:
            job = run_chunk(job_id)
    except SoftTimeLimitExceeded:
        # Progress is saved per attempt; the continuation picks up from the cursor.
        log.warning("job %s hit the soft time limit; continuing in a new task", job_id)
        generate_quizzes.delay(job_id)
        return {"job": job_id, "status": "continued"}
    if not job.finished:
        generate_quizzes.delay(job_id)
    return {"job": job_id, "status": job.status, "done": job.done, "attempts": job.attempts}


@shared_task(name="trainer.top_up_bank", ignore_result=False)
def top_up_bank() -> dict[str, object]:
    """Periodic (Celery beat): queue refills where the bank runs low, resend stalled jobs."""
    from trainer.refill import top_up

    done = top_up()
    return {
        "queued": [f"{j.game}/{j.kind}#{j.pk}" for j in done.queued],
        "resent": [j.pk for j in done.resent],
    }


@shared_task(name="trainer.purge_expired", ignore_result=False)
def purge_expired() -> dict[str, int]:
    """Periodic (Celery beat, hourly): delete expired sessions and stale checkpoint records.

    Every cookie-less visit to the player starts a short-lived session (trainer.learners), so
    this keeps a crawler from growing the database without bound.
    """
    from importlib import import_module

    from django.conf import settings
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from lessons.services import purge_spent_deals

    sessions = 0
    if settings.SESSION_ENGINE == "django.contrib.sessions.backends.db":
        sessions, _ = Session.objects.filter(expire_date__lt=timezone.now()).delete()
    else:
        import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    return {"sessions": sessions, "spent_deals": purge_spent_deals()}
