"""Generate quizzes with a progress bar: in-process in the embedded mode, else on the workers.

In the embedded mode (the filesystem broker) the command works in this process unless
``--no-wait`` is given, which leaves the job to the worker `make run` starts.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from config.celery import app as celery_app
from config.celery import embedded_broker
from games import GAMES
from games.quizzes import KINDS, MODES
from trainer.generation import JobRequestError, create_job, run_chunk
from trainer.models import GenerationJob

POLL_SECONDS = 0.5


class Command(BaseCommand):
    help = (
        "Generate quizzes for one game and kind (through the Celery workers when REDIS_URL is set)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, choices=GAMES)
        parser.add_argument("--kind", required=True, choices=KINDS)
        parser.add_argument("--count", type=int, default=10)
        parser.add_argument("--mode", choices=MODES, help="default: the kind's first mode")
        parser.add_argument("--constraints", default="", help='e.g. "N.spades >= 5"')
        parser.add_argument("--seed", type=int, help="job seed (default: random)")
        parser.add_argument("--no-wait", action="store_true", help="queue the job and return")
        parser.add_argument(
            "--stall-seconds",
            type=float,
            default=120.0,
            help="give up waiting (the job goes on) after this long without progress",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        no_wait = bool(opts["no_wait"])
        eager = bool(celery_app.conf.task_always_eager) or (embedded_broker() and not no_wait)
        try:
            job = create_job(
                game=str(opts["game"]),
                kind=str(opts["kind"]),
                count=int(opts["count"]),
                mode=opts["mode"],
                constraints=str(opts["constraints"]),
                seed=opts["seed"],
                enqueue=not eager,
            )
        except JobRequestError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"job {job.pk}: {job.count} {job.game} {job.kind} quizzes ({job.mode})")
        if no_wait and not eager:
            return
        bar = tqdm(
            total=job.count,
            unit="quiz",
            desc=f"{job.game} {job.kind}",
            file=self.stderr._out,
            dynamic_ncols=True,
        )
        try:
            job = self._follow(job, eager, bar, float(opts["stall_seconds"]))
        finally:
            bar.close()
        if job.status == GenerationJob.Status.FAILED:
            raise CommandError(f"job {job.pk} failed: {job.error}")
        rate = f"{job.keep_rate:.0%}" if job.keep_rate is not None else "n/a"
        self.stdout.write(
            f"job {job.pk} done: {job.done} quizzes from {job.attempts} deals "
            f"(keep rate {rate}, {job.duplicates} duplicates, {job.seconds:.1f} s of solving)"
        )

    def _follow(
        self,
        job: GenerationJob,
        eager: bool,
        bar: tqdm,
        stall: float,
    ) -> GenerationJob:
        def show(current: GenerationJob) -> None:
            bar.n = current.done
            bar.set_postfix(tried=current.attempts)
            bar.refresh()

        last_change, last_seen = time.monotonic(), (job.status, job.attempts)
        while not job.finished:
            if eager:
                job = run_chunk(job.pk, progress=show)
                continue
            time.sleep(POLL_SECONDS)
            job.refresh_from_db()
            show(job)
            if (job.status, job.attempts) != last_seen:
                last_change, last_seen = time.monotonic(), (job.status, job.attempts)
            elif time.monotonic() - last_change > stall:
                raise CommandError(
                    f"job {job.pk} made no progress for {stall:.0f} s: is a Celery worker "
                    f"consuming the solver queue? (python manage.py check_workers). The job "
                    f"stays queued and goes on when a worker takes it."
                )
        show(job)
        return job
