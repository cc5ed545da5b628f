"""Quiz generation jobs: create a job, work through it in chunks, store quizzes once each.

``create_job`` validates the request and queues the Celery task only after the job row is
committed. ``run_chunk`` does the work: it tries deals one seed at a time, keeps the real
decisions, and saves the job's cursor in the same transaction as each stored quiz, so a task
that is killed and delivered again carries on where it stopped and never stores a quiz twice.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import GAMES
from games.constraints import ConstraintError, parse
from games.quizzes import KINDS, QuizDraft, QuizError, draft_quiz, modes_for
from games.sampling import NoDealFound
from trainer.models import GenerationJob, Quiz

log = logging.getLogger(__name__)

MAX_COUNT = 1000
# A game/kind keeps between 5% and 60% of the deals it tries; past this many tries per wanted
# quiz the request is surely too narrow (a constraint that almost never yields a decision).
ATTEMPTS_PER_QUIZ = 200
# Each task runs this long, then queues its own continuation: short tasks keep late acks cheap
# (a redelivered chunk repeats at most this much work) and let other jobs interleave.
CHUNK_SECONDS = float(getattr(settings, "QUIZ_CHUNK_SECONDS", 15.0))

Progress = Callable[[GenerationJob], None]
DONE, FAILED = "done", "failed"


class JobRequestError(ValueError):
    """A generation request that cannot be run; the message names the bad field."""


def check_request(
    game: str, kind: str, count: int, mode: str | None, constraints: str
) -> tuple[str, Any]:
    """Validate a request; return the mode to use and the parsed constraint (or None)."""
    if game not in GAMES:
        raise JobRequestError(f"game: unknown game {game!r}; use one of {', '.join(GAMES)}")
    if kind not in KINDS:
        raise JobRequestError(f"kind: unknown kind {kind!r}; use one of {', '.join(KINDS)}")
    if not 1 <= count <= MAX_COUNT:
        raise JobRequestError(f"count: must be between 1 and {MAX_COUNT}, not {count}")
    try:
        modes = modes_for(game, kind)
    except QuizError as exc:
        raise JobRequestError(f"kind: {exc}") from None
    mode = mode or modes[0]
    if mode not in modes:
        raise JobRequestError(
            f"mode: {game} {kind} quizzes come in {', '.join(modes)}, not {mode!r}"
        )
    constraint = None
    if constraints.strip():
        try:
            constraint = parse(constraints, game)
        except ConstraintError as exc:
            raise JobRequestError(f"constraints: {exc}") from None
    return mode, constraint


def create_job(
    *,
    game: str,
    kind: str,
    count: int,
    mode: str | None = None,
    constraints: str = "",
    seed: int | None = None,
    requested_by: Any = None,
    enqueue: bool = True,
    refill: bool = False,
) -> GenerationJob:
    """Validate and store a job; queue its task after the transaction commits.

    A ``refill`` job (the bank's top-up) is refused with IntegrityError while another refill
    of the same game and kind is queued or running (a database constraint).
    """
    mode, _constraint = check_request(game, kind, count, mode, constraints)
    with transaction.atomic():
        job = GenerationJob.objects.create(
            game=game,
            kind=kind,
            mode=mode,
            count=count,
            constraints=constraints.strip(),
            seed=random.SystemRandom().randrange(2**31) if seed is None else seed,
            requested_by=requested_by,
            refill=refill,
        )
        if enqueue:
            from trainer.tasks import generate_quizzes

            transaction.on_commit(lambda: generate_quizzes.delay(job.pk))
    return job


def attempt_seed(job_seed: int, attempt: int) -> int:
    """Return the deal seed of one attempt: fixed by the job seed and the attempt number."""
    return (job_seed * 1_000_003 + attempt * 7_919) % (2**31 - 1)


def store_quiz(draft: QuizDraft, job: GenerationJob | None) -> bool:
    """Insert a quiz; return False when the same position is already in the bank.

    Any other IntegrityError is raised again.
    """
    try:
        with transaction.atomic():
            Quiz.objects.create(
                game=draft.game,
                kind=draft.kind,
                mode=draft.mode,
                prompt=draft.prompt,
                position=draft.position,
                candidates=[c.as_json() for c in draft.candidates],
                unit=draft.unit,
                themes=list(draft.themes),
                rating=draft.rating,
                rule_ref=draft.rule_ref,
                seed=draft.seed,
                samples=draft.samples,
                margin=draft.margin,
                extra=draft.extra,
                position_hash=draft.position_hash,
                job=job,
            )
    except IntegrityError:
        # Only the unique position constraint makes a duplicate; any other refusal is a fault
        # the caller must see, not a quiz "already in the bank".
        if Quiz.objects.filter(kind=draft.kind, position_hash=draft.position_hash).exists():
            return False
        raise
    return True


def _finish(job_id: int, status: str, error: str = "") -> GenerationJob:
    now = timezone.now()
    GenerationJob.objects.filter(pk=job_id).update(
        status=status, error=error, finished_at=now, progressed_at=now
    )
    return GenerationJob.objects.get(pk=job_id)


def run_chunk(
    job_id: int, budget_seconds: float = CHUNK_SECONDS, progress: Progress | None = None
) -> GenerationJob:
    """Work on a job for about ``budget_seconds``; return it (check ``finished``)."""
    job = GenerationJob.objects.get(pk=job_id)
    if job.finished:
        return job
    GenerationJob.objects.filter(pk=job_id, started_at__isnull=True).update(
        started_at=timezone.now()
    )
    GenerationJob.objects.filter(pk=job_id, status=GenerationJob.Status.QUEUED).update(
        status=GenerationJob.Status.RUNNING
    )
    GenerationJob.objects.filter(pk=job_id).update(progressed_at=timezone.now())
    try:
        mode, constraint = check_request(job.game, job.kind, job.count, job.mode, job.constraints)
    except JobRequestError as exc:
        return _finish(job_id, FAILED, str(exc))
    limit = job.count * ATTEMPTS_PER_QUIZ
    start = time.monotonic()
    while job.done < job.count and time.monotonic() - start < budget_seconds:
        if job.attempts >= limit:
            return _finish(
                job_id,
                FAILED,
                f"no quiz found after {job.attempts} attempts ({job.done} of {job.count} made)",
            )
        attempt = job.attempts
        began = time.monotonic()
        try:
            draft = draft_quiz(
                job.game, job.kind, mode, attempt_seed(job.seed, attempt), constraint
            )
        except NoDealFound as exc:
            return _finish(job_id, FAILED, str(exc))
        spent = time.monotonic() - began
        with transaction.atomic():
            locked = GenerationJob.objects.select_for_update().get(pk=job_id)
            if locked.attempts != attempt or locked.finished:
                # Another delivery of this task got here first; carry on from its cursor.
                job = locked
                continue
            if draft is not None:
                if store_quiz(draft, locked):
                    locked.done += 1
                else:
                    locked.duplicates += 1
            locked.attempts += 1
            locked.seconds += spent
            locked.progressed_at = timezone.now()
            locked.save(
                update_fields=["done", "attempts", "duplicates", "seconds", "progressed_at"]
            )
        job = locked
        if progress is not None:
            progress(job)
    if job.done >= job.count:
        return _finish(job_id, DONE)
    return job
