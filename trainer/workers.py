"""Worker heartbeats: each Celery worker says every few seconds that it lives and what it does.

A thread in the worker's main process writes one ``WorkerHeartbeat`` row every
``WORKER_HEARTBEAT_SECONDS``: its queues, the generation jobs it is running, and since when it
has had a process free (``idle_since``; empty while every process is busy). A worker not seen
for ``WORKER_LOST_SECONDS`` is gone (killed, or cut off from the database). The health check,
the empty training page and the job recovery read these rows: one query, no message through
the broker, no wait for a reply.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

from trainer.models import WorkerHeartbeat

log = logging.getLogger(__name__)
GENERATE_TASK = "trainer.generate_quizzes"
SOLVER_QUEUE = "solver"


def active_work() -> tuple[int, list[int]]:
    """Return how many tasks this worker runs now, and the ids of the generation jobs."""
    from celery.worker import state

    running = list(state.active_requests)
    jobs = []
    for request in running:
        if request.task_name == GENERATE_TASK and request.args:
            try:
                jobs.append(int(request.args[0]))
            except (TypeError, ValueError):
                continue
    return len(running), sorted(set(jobs))


def beat(name: str, queues: list[str], started_at: datetime, jobs: list[int], free: bool) -> None:
    """Write this worker's heartbeat row; idle_since is kept while it keeps a free process."""
    now = timezone.now()
    row = WorkerHeartbeat.objects.filter(name=name).first()
    idle_since = None
    if free:
        idle_since = row.idle_since if row is not None and row.idle_since else now
    WorkerHeartbeat.objects.update_or_create(
        name=name,
        defaults={
            "queues": queues,
            "active": jobs,
            "idle_since": idle_since,
            "started_at": started_at,
            "seen_at": now,
        },
    )


class Heart:
    """The heartbeat thread of one worker process."""

    def __init__(self, name: str, queues: list[str], processes: int = 1) -> None:
        self.name = name
        self.queues = sorted(queues)
        self.processes = max(1, processes)
        self.started_at = timezone.now()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="trainer-heartbeat", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        every = settings.WORKER_HEARTBEAT_SECONDS
        while not self._stop.is_set():
            try:
                running, jobs = active_work()
                beat(self.name, self.queues, self.started_at, jobs, running < self.processes)
            except Exception:  # a database hiccup must not end the heartbeat for good
                log.exception("worker heartbeat failed")
            finally:
                # No connection is held between beats: a pool process forked meanwhile must
                # not inherit (and later close) this thread's connection.
                connection.close()
            self._stop.wait(every)

    def stop(self) -> None:
        """Stop beating and remove the row: a worker that shuts down cleanly is not 'lost'."""
        self._stop.set()
        self._thread.join(timeout=5)
        try:
            close_old_connections()
            WorkerHeartbeat.objects.filter(name=self.name).delete()
        except Exception:
            log.exception("could not remove the heartbeat of %s", self.name)


_heart: Heart | None = None


def start_heartbeat(consumer: Any) -> None:
    """Start the heartbeat of the worker that ``consumer`` belongs to (worker_ready signal)."""
    global _heart
    queues = [q.name for q in consumer.app.amqp.queues.consume_from.values()]
    controller = getattr(consumer, "controller", None)
    processes = int(getattr(controller, "concurrency", 1) or 1)
    _heart = Heart(str(consumer.hostname), queues, processes)
    _heart.start()


def stop_heartbeat() -> None:
    global _heart
    if _heart is not None:
        _heart.stop()
        _heart = None


@dataclass(frozen=True)
class Workers:
    """The workers seen lately, and what they are doing."""

    live: list[WorkerHeartbeat]
    lost: list[WorkerHeartbeat]

    @property
    def solvers(self) -> list[WorkerHeartbeat]:
        return [w for w in self.live if SOLVER_QUEUE in w.queues]

    @property
    def working_on(self) -> set[int]:
        return {int(j) for w in self.live for j in w.active}

    def idle_solver(self, since: datetime) -> bool:
        """Return whether a live solver worker has had a free process since ``since``."""
        return any(w.idle_since is not None and w.idle_since <= since for w in self.solvers)


def seen_workers() -> Workers:
    """Return the workers with a heartbeat, split into live and lost (not seen lately)."""
    cutoff = timezone.now() - timedelta(seconds=settings.WORKER_LOST_SECONDS)
    rows = list(WorkerHeartbeat.objects.all())
    return Workers(
        live=[w for w in rows if w.seen_at >= cutoff], lost=[w for w in rows if w.seen_at < cutoff]
    )


def forget_old_workers(days: int = 1) -> int:
    """Delete heartbeats of workers gone for more than ``days``; return how many."""
    cutoff = timezone.now() - timedelta(days=days)
    deleted, _ = WorkerHeartbeat.objects.filter(seen_at__lt=cutoff).delete()
    return int(deleted)
