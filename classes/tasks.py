"""Celery tasks of the classes app (solver queue): ids in, JSON out, idempotent."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import OperationalError

log = logging.getLogger(__name__)


@shared_task(
    bind=True,
    name="classes.generate_for_set",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def generate_for_set(self: Any, link_id: int) -> dict[str, object]:
    """Work a set's generation job chunk by chunk (trainer's run_chunk); then add its quizzes."""
    from classes.models import SetGeneration
    from classes.sets import attach_generated
    from trainer.generation import run_chunk

    link = SetGeneration.objects.get(pk=link_id)
    try:
        job = run_chunk(link.job_id)
        while self.request.is_eager and not job.finished:
            job = run_chunk(link.job_id)
    except SoftTimeLimitExceeded:
        log.warning("set generation %s hit the soft time limit; continuing", link_id)
        generate_for_set.delay(link_id)
        return {"link": link_id, "status": "continued"}
    if not job.finished:
        generate_for_set.delay(link_id)
        return {"link": link_id, "status": job.status, "done": job.done}
    added = attach_generated(link_id)
    return {"link": link_id, "status": job.status, "added": added}


@shared_task(
    name="classes.solve_deal_entry",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def solve_deal_entry(entry_id: int) -> dict[str, object]:
    """Solve an entered deal into a quiz of its set."""
    from classes.sets import solve_entry

    entry = solve_entry(entry_id)
    return {"entry": entry_id, "status": entry.status, "quiz": entry.quiz_id}
