"""Keeping the bank topped up, off the read path: a periodic task, never a page view.

Celery beat runs ``trainer.top_up_bank`` every ``TRAIN_TOP_UP_SECONDS``. For each generated
game and kind it finds the learner who has answered most of its quizzes in the last
``TRAIN_ACTIVE_DAYS`` days; when fewer than ``TRAIN_REFILL_BELOW`` quizzes are left that this
learner has not seen (an empty bank counts too), it queues a job for ``TRAIN_REFILL_COUNT``
more, in the mode the bank holds fewest of. A database constraint keeps at most one open
refill per game and kind, so two top-ups racing cannot queue two. The same task sends the
task of a job again when the job has not moved for ``TRAIN_JOB_STALE_SECONDS`` (a message lost
with a killed worker), which is safe: a job carries on from its saved cursor.

``bank_status`` tells the empty-state page what is really happening.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError
from django.db.models import Count
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.quizzes import KINDS, load_generators, modes_for
from trainer.generation import JobRequestError, create_job
from trainer.models import Attempt, GenerationJob, Quiz
from trainer.starter import game_rank

log = logging.getLogger(__name__)
OPEN = list(GenerationJob.OPEN)


def generated_pairs(game: str | None = None) -> list[tuple[str, str]]:
    """Return the game/kind pairs that have a generator, Skat first."""
    pairs = [gk for gk in load_generators() if game is None or gk[0] == game]
    return sorted(pairs, key=lambda gk: (game_rank(gk[0]), KINDS.index(gk[1])))


def most_seen(game: str, kind: str) -> int:
    """Return how many quizzes of this game/kind the busiest recent learner has answered."""
    since = timezone.now() - timedelta(days=settings.TRAIN_ACTIVE_DAYS)
    row = (
        Attempt.objects.filter(game=game, quiz__kind=kind, created_at__gte=since)
        .values("user", "visitor")
        .annotate(n=Count("quiz", distinct=True))
        .order_by("-n")
        .first()
    )
    return int(row["n"]) if row else 0


def unseen_left(game: str, kind: str) -> int:
    """Return how many quizzes the busiest recent learner has left (the whole bank if none)."""
    return Quiz.objects.filter(game=game, kind=kind).count() - most_seen(game, kind)


def refill_mode(game: str, kind: str) -> str:
    """Return the kind's mode the bank holds fewest quizzes of (play mixes both modes)."""
    modes = modes_for(game, kind)
    have = dict(
        Quiz.objects.filter(game=game, kind=kind).values_list("mode").annotate(n=Count("id"))
    )
    return min(modes, key=lambda m: (have.get(m, 0), modes.index(m)))


def queue_refill(game: str, kind: str) -> GenerationJob | None:
    """Queue a refill job unless one for this game/kind is open; return it (or None)."""
    if GenerationJob.objects.filter(game=game, kind=kind, refill=True, status__in=OPEN).exists():
        return None
    try:
        job = create_job(
            game=game,
            kind=kind,
            mode=refill_mode(game, kind),
            count=settings.TRAIN_REFILL_COUNT,
            refill=True,
        )
    except IntegrityError:  # another top-up queued one between the check and the insert
        return None
    except JobRequestError as exc:
        log.warning("no refill for %s/%s: %s", game, kind, exc)
        return None
    log.info("bank running low: queued job %s for %s/%s", job.pk, game, kind)
    return job


def stalled_jobs() -> list[GenerationJob]:
    """Return open jobs that have not moved for TRAIN_JOB_STALE_SECONDS."""
    cutoff = timezone.now() - timedelta(seconds=settings.TRAIN_JOB_STALE_SECONDS)
    return list(
        GenerationJob.objects.filter(status__in=OPEN)
        .annotate(moved=Coalesce("progressed_at", "created_at"))
        .filter(moved__lt=cutoff)
    )


def resend_stalled() -> list[GenerationJob]:
    """Send the task of every stalled job again (it resumes from the job's cursor)."""
    from trainer.tasks import generate_quizzes

    jobs = stalled_jobs()
    for job in jobs:
        log.warning("job %s has not moved since %s: sending its task again", job.pk, job.moved)
        # Mark it moved now, so the next top-up waits a full period before sending again.
        GenerationJob.objects.filter(pk=job.pk).update(progressed_at=timezone.now())
        generate_quizzes.delay(job.pk)
    return jobs


@dataclass(frozen=True)
class TopUp:
    queued: list[GenerationJob]
    resent: list[GenerationJob]


def top_up() -> TopUp:
    """Queue a refill for every game/kind running low; send stalled jobs' tasks again."""
    resent = resend_stalled()
    below = settings.TRAIN_REFILL_BELOW
    queued = []
    for game, kind in generated_pairs():
        if unseen_left(game, kind) < below:
            job = queue_refill(game, kind)
            if job is not None:
                queued.append(job)
    return TopUp(queued, resent)


@dataclass(frozen=True)
class BankStatus:
    """What the empty-state page says: the open jobs, and whether a worker answers."""

    jobs: list[GenerationJob]
    workers_ok: bool
    workers_error: str


def bank_status(game: str, kind: str = "") -> BankStatus:
    """Return the open jobs for the game (and kind) and whether any worker answers.

    Workers are only pinged when no job has moved in the last minute (a job that moves is
    proof that one works); reading this status never queues anything.
    """
    from trainer.health import check_workers

    jobs = GenerationJob.objects.filter(game=game, status__in=OPEN)
    if kind:
        jobs = jobs.filter(kind=kind)
    found = list(jobs.order_by("created_at"))
    recent = timezone.now() - timedelta(seconds=60)
    if any(j.progressed_at and j.progressed_at >= recent for j in found):
        return BankStatus(found, True, "")
    workers = check_workers()
    return BankStatus(found, bool(workers["ok"]), str(workers.get("error", "")))
