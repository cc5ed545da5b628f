"""Celery tasks of the API (solver queue): ids in, JSON out, idempotent."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError


@shared_task(
    name="api.solve",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def solve(job_id: int) -> dict[str, object]:
    """Solve one posted request (api.solving.run_solve) and store the batch's output."""
    from api.solving import run_solve

    job = run_solve(job_id)
    return {"solve": job_id, "status": job.status}
