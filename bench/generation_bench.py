"""Quiz generation benchmark: quizzes per worker-minute and keep rate for every game, kind and
mode (in-process), then throughput through real Celery workers with 1 and 2 worker processes
(Redis broker, a throwaway PostgreSQL database). Writes the `Quiz generation` section of
docs/performance.md.

Environment: BENCH_SECONDS (per game/kind/mode, default 45), BENCH_WORKER_JOBS (default 8),
BENCH_WORKER_COUNT (quizzes per job, default 8), BENCH_REDIS (default redis://127.0.0.1:6379/9),
BENCH_PG (default postgres://postgres@127.0.0.1:5432).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import machine, stamp, table, update_section  # noqa: E402

SECONDS = float(os.environ.get("BENCH_SECONDS", "45"))
WORKER_JOBS = int(os.environ.get("BENCH_WORKER_JOBS", "8"))
WORKER_COUNT = int(os.environ.get("BENCH_WORKER_COUNT", "8"))
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/9")
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
DB_NAME = "trainer_bench_generation"
WORKER_GAME = ("wiezen", "play", "single_dummy")


def in_process() -> tuple[list[list[object]], list[list[object]]]:
    """Run each registered generator for SECONDS; return rows of figures, and per question
    the quizzes kept and the share of the most common accepted answer."""
    from games.quizzes import GENERATOR_MODES, draft_quiz, load_generators
    from games.quizzes.common.keep import answer_shares

    rows = []
    drafts = []
    for game, kind in sorted(load_generators()):
        for mode in GENERATOR_MODES[(game, kind)]:
            attempts = kept = 0
            start = time.monotonic()
            while time.monotonic() - start < SECONDS:
                draft = draft_quiz(game, kind, mode, 900_000 + attempts)
                if draft is not None:
                    kept += 1
                    drafts.append(draft)
                attempts += 1
            spent = time.monotonic() - start
            per_min = kept / spent * 60
            rows.append(
                [
                    game,
                    kind,
                    mode,
                    attempts,
                    kept,
                    f"{kept / attempts:.0%}",
                    f"{spent / attempts * 1000:.0f}",
                    f"{per_min:.1f}",
                ]
            )
            print(
                f"  {game:13} {kind:4} {mode:13} {attempts:5} tried {kept:4} kept "
                f"{per_min:7.1f} quizzes/min",
                flush=True,
            )
    shares = [
        [s.game, s.kind, s.question, s.quizzes, s.answer, f"{s.share:.0%}"]
        for s in answer_shares(drafts)
    ]
    return rows, shares


def psql(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def with_workers(n_workers: int, env: dict[str, str], seed: int) -> tuple[int, float]:
    """Start workers, run WORKER_JOBS jobs at once, return (quizzes made, seconds)."""
    from trainer.generation import create_job
    from trainer.models import GenerationJob

    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                "solver,default",
                "--concurrency",
                "1",
                "--loglevel",
                "WARNING",
                "-n",
                f"bench{i}-{seed}@%h",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        for i in range(n_workers)
    ]
    try:
        time.sleep(6)  # let the workers connect before the clock starts
        game, kind, mode = WORKER_GAME
        start = time.monotonic()
        jobs = [
            create_job(game=game, kind=kind, mode=mode, count=WORKER_COUNT, seed=seed + j)
            for j in range(WORKER_JOBS)
        ]
        ids = [job.pk for job in jobs]
        while GenerationJob.objects.filter(pk__in=ids, status__in=["queued", "running"]).exists():
            time.sleep(0.2)
        spent = time.monotonic() - start
        made = sum(GenerationJob.objects.filter(pk__in=ids).values_list("done", flat=True))
        return made, spent
    finally:
        for proc in procs:
            os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=60)


def through_workers() -> list[list[object]]:
    psql(f"DROP DATABASE IF EXISTS {DB_NAME}")
    psql(f"CREATE DATABASE {DB_NAME}")
    env = dict(
        os.environ,
        DATABASE_URL=f"{PG}/{DB_NAME}",
        REDIS_URL=REDIS,
        DJANGO_SETTINGS_MODULE="config.settings",
        QUIZ_CHUNK_SECONDS="2",
    )
    os.environ.update(env)
    import django
    import redis

    redis.Redis.from_url(REDIS).flushdb()
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    rows = []
    base = None
    from trainer.models import GenerationJob, Quiz

    try:
        for n in (1, 2):
            # The same jobs (same seeds) each time, on an empty bank: the second run must
            # not meet the first one's quizzes (they would be skipped as duplicates).
            Quiz.objects.all().delete()
            GenerationJob.objects.all().delete()
            made, spent = with_workers(n, env, seed=1000)
            rate = made / spent * 60
            base = base or rate
            rows.append(
                [n, WORKER_JOBS, made, f"{spent:.1f}", f"{rate:.1f}", f"{rate / base:.2f}x"]
            )
            print(f"  {n} worker(s): {made} quizzes in {spent:.1f} s = {rate:.1f}/min", flush=True)
    finally:
        from django.db import connections

        connections.close_all()
        psql(f"DROP DATABASE IF EXISTS {DB_NAME}")
    return rows


def main() -> None:
    print(f"Generation benchmark on {machine()}")
    print(f"In-process, {SECONDS:.0f} s per game/kind/mode:")
    rows, shares = in_process()
    print(f"Through Celery workers ({WORKER_JOBS} jobs of {WORKER_COUNT} at once):")
    worker_rows = through_workers()
    body = "\n\n".join(
        [
            f"Measured {stamp()} on: {machine()}.",
            f"In-process, one core, {SECONDS:.0f} s per row (deal seeds from 900000). "
            "`kept` is the number of real decisions; keep rate = kept / tried; "
            "quizzes per worker-minute = kept per minute of one worker process.",
            table(
                [
                    "game",
                    "kind",
                    "mode",
                    "tried",
                    "kept",
                    "keep rate",
                    "ms per try",
                    "quizzes per worker-minute",
                ],
                rows,
            ),
            "The same kept quizzes per question (both modes together for play): how often the "
            "most common accepted answer is accepted (a quiz accepting several answers counts "
            "for each). The limit is 40 % (`games.quizzes.common.keep.MAX_ANSWER_SHARE`). The bid "
            "rows keep only a few quizzes per question in one row's time, so their shares are "
            "noisy; the shipped starter bank (at least 15 per bidding question, checked by "
            "`tests/trainer/test_starter_bank.py`) is the larger sample.",
            table(
                ["game", "kind", "question", "kept", "most common accepted answer", "share"],
                shares,
            ),
            f"Through real Celery workers on Redis with PostgreSQL ({WORKER_JOBS} jobs of "
            f"{WORKER_COUNT} {'/'.join(WORKER_GAME)} quizzes queued at once, worked in chunks of "
            "2 s (the production default is 15 s; short chunks keep one worker from idling while "
            "the other finishes the last job); each worker process runs one task at a time):",
            table(
                ["workers", "jobs", "quizzes", "seconds", "quizzes per minute", "speed-up"],
                worker_rows,
            ),
        ]
    )
    update_section("Quiz generation", body)
    print("docs/performance.md updated (section: Quiz generation)")


if __name__ == "__main__":
    main()
