"""Make sure every game and kind has a few quizzes, so a new user can train at once."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from tqdm import tqdm

from config.celery import app as celery_app
from games.quizzes import load_generators
from trainer.generation import create_job, run_chunk
from trainer.models import GenerationJob, Quiz

STARTER_SEED = 20261129


class Command(BaseCommand):
    help = (
        "Generate a small starter bank (a few quizzes per game and kind). In the embedded mode "
        "it works in-process for at most --seconds and resumes on the next run; with workers "
        "it queues the jobs and returns at once."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--per-kind", type=int, default=3)
        parser.add_argument("--seconds", type=float, default=90.0)

    def handle(self, *args: Any, **opts: Any) -> None:
        per_kind = int(opts["per_kind"])
        eager = bool(celery_app.conf.task_always_eager)
        jobs = []
        for game, kind in sorted(load_generators()):
            have = Quiz.objects.filter(game=game, kind=kind).count()
            pending = GenerationJob.objects.filter(
                game=game, kind=kind, status__in=["queued", "running"]
            ).first()
            if pending is not None:
                jobs.append(pending)
            elif have < per_kind:
                jobs.append(
                    create_job(
                        game=game,
                        kind=kind,
                        count=per_kind - have,
                        seed=STARTER_SEED,
                        enqueue=not eager,
                    )
                )
        if not jobs:
            self.stdout.write("starter bank: every game and kind has quizzes")
            return
        if not eager:
            self.stdout.write(f"starter bank: {len(jobs)} jobs queued for the workers")
            return
        self._run_here(jobs, float(opts["seconds"]))

    def _run_here(self, jobs: list[GenerationJob], seconds: float) -> None:
        total = sum(job.count for job in jobs)
        deadline = time.monotonic() + seconds
        bar = tqdm(
            total=total,
            initial=sum(j.done for j in jobs),
            unit="quiz",
            desc="starter quizzes",
            file=self.stderr._out,
        )
        try:
            for job in jobs:
                while not job.finished and time.monotonic() < deadline:
                    before = job.done
                    job = run_chunk(job.pk, budget_seconds=min(5.0, deadline - time.monotonic()))
                    bar.update(job.done - before)
                    bar.set_postfix(game=f"{job.game}/{job.kind}")
        finally:
            bar.close()
        made = Quiz.objects.count()
        left = [
            j for j in GenerationJob.objects.filter(pk__in=[j.pk for j in jobs]) if not j.finished
        ]
        note = f"; {len(left)} jobs resume on the next start" if left else ""
        self.stdout.write(f"starter bank: {made} quizzes in the bank{note}")
