"""Race sixteen refills on the database DATABASE_URL names; print what happened as JSON.

Run as a script by test_refill_race.py, in a process of its own, so that an SQLite file (not
the suite's in-memory database) takes the concurrent writers, as the site and a worker do.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

RACERS = 16


def race(target: Callable[[], object], n: int = RACERS) -> list[object]:
    """Run ``target`` in ``n`` threads released together; return results or exceptions."""
    from django.db import connections

    gate = threading.Barrier(n)
    results: list[object] = [None] * n

    def run(i: int) -> None:
        try:
            gate.wait()
            results[i] = target()
        except Exception as exc:  # collected: the test names what went wrong
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results


def refill_race() -> dict[str, object]:
    """Queue sixteen refills of one game and kind at once (without sending their tasks)."""
    import trainer.generation
    from trainer.models import GenerationJob
    from trainer.refill import queue_refill

    real = trainer.generation.send_job
    trainer.generation.send_job = lambda job_id, chain=None: True  # type: ignore[assignment]
    try:
        results = race(lambda: queue_refill("wiezen", "play"))
    finally:  # the suite's own process runs this too: leave sending as it was
        trainer.generation.send_job = real
    return {
        "errors": [f"{type(r).__name__}: {r}" for r in results if isinstance(r, Exception)],
        "made": sum(1 for r in results if isinstance(r, GenerationJob)),
        "jobs": GenerationJob.objects.filter(game="wiezen", kind="play", refill=True).count(),
    }


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(refill_race()))
