"""Health of the parts the site depends on: the database, the Celery broker, the workers,
and whether queued generation jobs are being taken."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from django.db import connection
from django.utils import timezone

from config.celery import app as celery_app
from config.celery import broker_folders, embedded_broker

BROKER_TIMEOUT_SECONDS = 2.0
WORKER_PING_SECONDS = 1.0
# The filesystem broker is polled (twice per second), so replies take a little longer.
EMBEDDED_PING_SECONDS = 2.0
# A job queued this long without a worker taking it is reported.
JOB_WAIT_SECONDS = 60


@dataclass
class Health:
    """Each part's status: 'ok' or a message saying what failed."""

    parts: dict[str, dict[str, object]] = field(default_factory=dict)

    @property
    def failing(self) -> list[str]:
        return [name for name, part in self.parts.items() if not part["ok"]]

    @property
    def ok(self) -> bool:
        return not self.failing

    def as_json(self) -> dict[str, object]:
        return {"status": "ok" if self.ok else "failing", "failing": self.failing, **self.parts}


def check_database() -> dict[str, object]:
    """Run a trivial query on the default database."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means the database is unusable
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()}
    return {"ok": True, "vendor": connection.vendor}


def check_broker() -> dict[str, object]:
    """Connect to the Celery broker (the embedded one is a set of folders to write to)."""
    if celery_app.conf.task_always_eager:
        return {"ok": True, "mode": "eager (tasks run in the web process)"}
    if embedded_broker():
        folders = [Path(p) for p in broker_folders()]
        bad = [str(p) for p in folders if not (p.is_dir() and os.access(p, os.W_OK))]
        if bad:
            return {"ok": False, "error": f"broker folders missing or read-only: {', '.join(bad)}"}
        return {"ok": True, "mode": "filesystem (embedded)", "folder": str(folders[0])}
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception as exc:  # kombu wraps transport errors in several classes
        return {"ok": False, "error": f"cannot reach the broker: {exc}"}
    return {"ok": True, "mode": "redis"}


def check_workers() -> dict[str, object]:
    """Ask every Celery worker to answer a ping; none answering is a failure."""
    if celery_app.conf.task_always_eager:
        return {"ok": True, "mode": "eager (no separate workers)", "workers": []}
    timeout = EMBEDDED_PING_SECONDS if embedded_broker() else WORKER_PING_SECONDS
    try:
        with celery_app.connection_for_write() as conn:
            replies = celery_app.control.ping(timeout=timeout, connection=conn)
    except Exception as exc:
        return {"ok": False, "error": f"cannot ping workers: {exc}", "workers": []}
    names = sorted(name for reply in replies for name in reply)
    if not names:
        return {"ok": False, "error": "no Celery worker answered", "workers": []}
    return {"ok": True, "workers": names}


def check_jobs(workers_ok: bool) -> dict[str, object]:
    """Count open generation jobs; jobs waiting over JOB_WAIT_SECONDS with no worker fail."""
    from trainer.models import GenerationJob

    try:
        open_jobs = list(
            GenerationJob.objects.filter(status__in=GenerationJob.OPEN).values_list(
                "status", "created_at"
            )
        )
    except Exception as exc:  # the database part already names the cause
        return {"ok": False, "error": f"cannot read the jobs: {type(exc).__name__}"}
    cutoff = timezone.now() - timedelta(seconds=JOB_WAIT_SECONDS)
    queued = [at for status, at in open_jobs if status == GenerationJob.Status.QUEUED]
    waiting = [at for at in queued if at < cutoff]
    part: dict[str, object] = {
        "ok": workers_ok or not waiting,
        "queued": len(queued),
        "running": len(open_jobs) - len(queued),
        "waiting": len(waiting),
    }
    if waiting:
        oldest = int((timezone.now() - min(waiting)).total_seconds())
        part["oldest_wait_seconds"] = oldest
        if not workers_ok:
            part["error"] = (
                f"{len(waiting)} generation job(s) queued for up to {oldest} s "
                "and no worker to take them"
            )
    return part


def check_health() -> Health:
    """Check every part; workers are only asked when the broker answers."""
    health = Health()
    health.parts["database"] = check_database()
    health.parts["broker"] = check_broker()
    if health.parts["broker"]["ok"]:
        health.parts["workers"] = check_workers()
    else:
        health.parts["workers"] = {"ok": False, "error": "broker unreachable", "workers": []}
    if health.parts["database"]["ok"]:
        health.parts["jobs"] = check_jobs(bool(health.parts["workers"]["ok"]))
    return health
