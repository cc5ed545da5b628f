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
from collections import Counter
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from games import GAMES
from games.constraints import ConstraintError, parse
from games.quizzes import KINDS, QuizDraft, QuizError, draft_quiz, modes_for, question_of
from games.quizzes.common.keep import too_common
from games.sampling import NoDealFound
from games.solver import SolverBudgetExceeded, deadline
from trainer.drawn import stored_drawing
from trainer.models import GenerationJob, Quiz

log = logging.getLogger(__name__)

MAX_COUNT = 1000
# A game/kind keeps between 5% and 60% of the deals it tries; past this many tries per wanted
# quiz the request is surely too narrow (a constraint that almost never yields a decision).
ATTEMPTS_PER_QUIZ = 200
# Each task runs this long, then queues its own continuation: short tasks keep late acks cheap
# (a redelivered chunk repeats at most this much work) and let other jobs interleave.
CHUNK_SECONDS = float(getattr(settings, "QUIZ_CHUNK_SECONDS", 15.0))
# One attempt (every solve of one deal) may take this long, a quarter of the task's soft time
# limit: a deal the solver cannot finish in time is skipped like a deal without a decision,
# so the cursor moves on and a redelivered task never meets the same deal again, and the task
# ends well before its soft time limit (which, if it comes anyway, also stops a solve).
ATTEMPT_SECONDS = settings.CELERY_TASK_SOFT_TIME_LIMIT / 4

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
            transaction.on_commit(lambda: send_job(job.pk))
    return job


# What sending a task raises when the broker is down or refuses (kombu wraps most as its
# OperationalError; a socket error can come through bare).
SEND_ERRORS = (KombuError, RedisError, OSError)


def send_job(job_id: int, *, chain: int | None = None) -> bool:
    """Hand a job's task to the broker; return whether the broker took it.

    Without ``chain`` a new chain of tasks starts: the job's chain number goes up, so a task
    of an older chain that is still in a queue (or comes back from a dead worker) stops at
    once. With ``chain`` the next task of that chain is sent. A send that fails leaves the
    job with no ``sent_at``: the top-up (trainer.recovery) sends it again, so a broker outage
    never leaves a job, or the refills it holds back, waiting for ever.
    """
    from trainer.tasks import generate_quizzes

    if chain is None:
        with transaction.atomic():
            GenerationJob.objects.filter(pk=job_id).update(chain=F("chain") + 1)
            chain = int(GenerationJob.objects.values_list("chain", flat=True).get(pk=job_id))
    try:
        generate_quizzes.apply_async((job_id, chain))
    except SEND_ERRORS as exc:
        log.warning("job %s: its task could not be sent (%s); the top-up retries", job_id, exc)
        GenerationJob.objects.filter(pk=job_id, chain=chain).update(sent_at=None)
        return False
    GenerationJob.objects.filter(pk=job_id, chain=chain).update(sent_at=timezone.now())
    return True


def is_current(job_id: int, chain: int | None) -> bool:
    """Return whether a task of ``chain`` may work on the job (None: sent before chains)."""
    current = GenerationJob.objects.filter(pk=job_id).values_list("chain", flat=True).first()
    if current is None:
        return False
    return current == (0 if chain is None else chain)


def attempt_seed(job_seed: int, attempt: int) -> int:
    """Return the deal seed of one attempt: fixed by the job seed and the attempt number."""
    return (job_seed * 1_000_003 + attempt * 7_919) % (2**31 - 1)


def store_quiz(draft: QuizDraft, job: GenerationJob | None) -> bool:
    """Insert a quiz; return False when the same position is already in the bank.

    Any other IntegrityError is raised again.
    """
    try:
        with transaction.atomic():
            quiz = Quiz(
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
            # Drawn once here, so that no learner's request has to draw it.
            quiz.drawn = stored_drawing(quiz)
            quiz.save(force_insert=True)
    except IntegrityError:
        # Only the unique position constraint makes a duplicate; any other refusal is a fault
        # the caller must see, not a quiz "already in the bank".
        if Quiz.objects.filter(kind=draft.kind, position_hash=draft.position_hash).exists():
            return False
        raise
    return True


# A refill counts an answer's share of its question against at least this many quizzes, so
# that the first few of a thin bank are not held back.
SHARE_FLOOR = 10


def over_share(draft: QuizDraft) -> bool:
    """Return whether storing a bidding draft would make one of its accepted answers accepted
    in more than MAX_ANSWER_SHARE of its question's quizzes in the bank (counted against at
    least SHARE_FLOOR of them; ``common.keep.too_common``): the bank must not teach that one
    answer is nearly always right. A refill passes over such a draft, as the starter bank's
    build does; a teacher's job keeps what it asked for. Play quizzes' answers are cards of
    different deals, never one shared answer: not counted."""
    if draft.kind != "bid":
        return False
    same = Quiz.objects.filter(game=draft.game, kind=draft.kind)
    if "question" in draft.extra:
        same = same.filter(extra__question=question_of(draft))
    else:
        same = same.exclude(extra__has_key="question")
    counts: Counter[str] = Counter()
    total = 0
    for candidates in same.values_list("candidates", flat=True).iterator():
        total += 1
        counts.update({str(c.get("answer")) for c in candidates if c.get("accepted")})
    return too_common(draft.accepted, counts, total, SHARE_FLOOR)


def _finish(job_id: int, status: str, error: str = "") -> GenerationJob:
    now = timezone.now()
    GenerationJob.objects.filter(pk=job_id).update(
        status=status, error=error, finished_at=now, progressed_at=now
    )
    return GenerationJob.objects.get(pk=job_id)


def run_chunk(
    job_id: int,
    budget_seconds: float = CHUNK_SECONDS,
    progress: Progress | None = None,
    worker: str = "",
) -> GenerationJob:
    """Work on a job for about ``budget_seconds``; return it (check ``finished``).

    ``worker`` names the Celery worker running the chunk (blank in a command's process).
    """
    job = GenerationJob.objects.get(pk=job_id)
    if job.finished:
        return job
    GenerationJob.objects.filter(pk=job_id, started_at__isnull=True).update(
        started_at=timezone.now()
    )
    GenerationJob.objects.filter(pk=job_id, status=GenerationJob.Status.QUEUED).update(
        status=GenerationJob.Status.RUNNING
    )
    GenerationJob.objects.filter(pk=job_id).update(progressed_at=timezone.now(), worker=worker)
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
        seed = attempt_seed(job.seed, attempt)
        try:
            with deadline(ATTEMPT_SECONDS):
                draft = draft_quiz(job.game, job.kind, mode, seed, constraint)
        except NoDealFound as exc:
            return _finish(job_id, FAILED, str(exc))
        except SolverBudgetExceeded as exc:
            log.warning("job %s: deal seed %s skipped: %s", job_id, seed, exc)
            draft = None
        if draft is not None and job.refill and over_share(draft):
            log.info("job %s: deal seed %s passed over: its answer is common enough", job_id, seed)
            draft = None
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
