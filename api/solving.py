"""Solve a posted deal or position on the solver queue, in the batch format of docs/solver.md.

``create_solve`` reads the request at once (naming a bad field, solving nothing) and queues
the task after the row commits; ``run_solve`` (the worker side) answers it exactly as one
line of the batch command would, within ``API_SOLVE_SECONDS``, and stores that output object.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.utils import timezone

from api.models import SolveJob
from games.solver.batch import LineError, answer, read_line
from games.solver.budget import Budget
from games.solver.requests import read_request


class SolveRequestError(ValueError):
    """A solve request that cannot be read; the message names the bad field."""


def check_request(data: Any) -> dict[str, Any]:
    """Return the request as it will be solved; raise SolveRequestError if it cannot be read."""
    if not isinstance(data, dict):
        raise SolveRequestError("request: one JSON object of the batch format (docs/solver.md)")
    try:
        line = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SolveRequestError(f"request: not plain JSON ({exc})") from None
    try:
        read_line(line)  # the batch command's bounds on size, depth and numbers
        read_request(data)  # reads the cards and the contract; no solving
    except LineError as exc:
        raise SolveRequestError(f"request: {exc}") from None
    except ValueError as exc:  # the solver's reader names the field: "missing field 'deal'"
        raise SolveRequestError(f"request: {exc}") from None
    return data


def create_solve(user: Any, data: Any) -> SolveJob:
    """Store a checked request and queue its solve after the transaction commits."""
    request = check_request(data)
    with transaction.atomic():
        job = SolveJob.objects.create(requested_by=user, request=request)
        from api.tasks import solve

        transaction.on_commit(lambda: solve.delay(job.pk))
    return job


def user_solve(user: Any, pk: int) -> SolveJob:
    """Return the user's own solve job, or raise Http404 (also for someone else's)."""
    found = SolveJob.objects.filter(pk=pk, requested_by=user).first()
    if found is None:
        raise Http404("no such solve job")
    return found


def run_solve(job_id: int) -> SolveJob:
    """Answer a queued solve as one batch line (idempotent: a finished job is left alone)."""
    job = SolveJob.objects.get(pk=job_id)
    if job.status != SolveJob.Status.QUEUED:
        return job
    out = answer(json.dumps(job.request), Budget(seconds=float(settings.API_SOLVE_SECONDS)))
    status = SolveJob.Status.FAILED if "error" in out else SolveJob.Status.DONE
    SolveJob.objects.filter(pk=job_id, status=SolveJob.Status.QUEUED).update(
        status=status, result=out, finished_at=timezone.now()
    )
    return SolveJob.objects.get(pk=job_id)
