"""Keeping the bank topped up, off the read path: a periodic task, never a page view.

Celery beat runs ``trainer.top_up_bank`` every ``TRAIN_TOP_UP_SECONDS``. For each generated
game and kind it finds the learner who has answered most of its quizzes in the last
``TRAIN_ACTIVE_DAYS`` days; when fewer than ``TRAIN_REFILL_BELOW`` quizzes are left that this
learner has not seen (an empty bank counts too), it queues a job for ``TRAIN_REFILL_COUNT``
more, in the mode the bank holds fewest of. A database constraint keeps at most one open
refill per game and kind, so two top-ups racing cannot queue two. The same task sends again
the task of a job whose message was lost (trainer.recovery: the broker refused or dropped it,
or its worker died), which is safe: a job carries on from its saved cursor.

``bank_status`` tells the empty-state page what is really happening.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError
from django.db.models import Count
from django.utils import timezone

from games.quizzes import KINDS, load_generators, modes_for
from trainer.generation import JobRequestError, create_job
from trainer.models import Attempt, GenerationJob, Quiz
from trainer.recovery import recover_jobs
from trainer.starter import game_rank
from trainer.workers import forget_old_workers, seen_workers

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


@dataclass(frozen=True)
class TopUp:
    queued: list[GenerationJob]
    resent: list[GenerationJob]


def top_up() -> TopUp:
    """Queue a refill for every game/kind running low; send lost jobs' tasks again."""
    forget_old_workers()
    resent = recover_jobs()
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
    """Return the open jobs for the game (and kind) and whether a solver worker is alive.

    Both come from the database (the jobs' progress, else the workers' heartbeats): reading
    this status neither queues anything nor waits on the broker.
    """
    jobs = GenerationJob.objects.filter(game=game, status__in=OPEN)
    if kind:
        jobs = jobs.filter(kind=kind)
    found = list(jobs.order_by("created_at"))
    recent = timezone.now() - timedelta(seconds=settings.WORKER_LOST_SECONDS)
    if any(j.progressed_at and j.progressed_at >= recent for j in found):
        return BankStatus(found, True, "")  # a job that moves is proof that a worker works
    if seen_workers().solvers:
        return BankStatus(found, True, "")
    return BankStatus(
        found, False, f"none has been seen in the last {settings.WORKER_LOST_SECONDS} s"
    )
