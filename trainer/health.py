"""Health of the parts the site depends on: the database, the cache, the Celery broker, the
workers, and whether open generation jobs are moving.

Every part answers without waiting on anyone's reply: the workers are read from their
heartbeat rows (trainer.workers), the broker and the cache are asked with a short timeout,
and a broker that failed is not asked again for ``BROKER_RETRY_SECONDS``. The public answer
names what is down but never an address, a path or a worker's host name; staff see those too
(``details``), and the log has the full errors.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from config.celery import app as celery_app
from config.celery import broker_folders, embedded_broker

log = logging.getLogger(__name__)

# A failing broker check is reused this long, so a flood of health checks against a Redis
# that hangs costs one timeout per process and period, not one per request.
BROKER_RETRY_SECONDS = 5.0
_broker_failures: dict[str, tuple[float, str]] = {}
_broker_lock = threading.Lock()


@dataclass
class Health:
    """Each part's status: 'ok', with a message saying what failed when it is not."""

    parts: dict[str, dict[str, object]] = field(default_factory=dict)
    details: dict[str, object] = field(default_factory=dict)

    @property
    def failing(self) -> list[str]:
        return [name for name, part in self.parts.items() if not part["ok"]]

    @property
    def ok(self) -> bool:
        return not self.failing

    def as_json(self, staff: bool = False) -> dict[str, object]:
        body: dict[str, object] = {
            "status": "ok" if self.ok else "failing",
            "failing": self.failing,
            **self.parts,
        }
        if staff:
            body["details"] = self.details
        return body


def _error(part: str, summary: str, exc: BaseException, details: dict[str, object]) -> str:
    """Log the full error, keep it for staff, and return the public summary."""
    full = f"{type(exc).__name__}: {exc}".strip()
    log.warning("health: %s: %s (%s)", part, summary, full)
    details[part] = full
    return f"{summary} ({type(exc).__name__})"


def check_database(details: dict[str, object]) -> dict[str, object]:
    """Run a trivial query on the default database."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means the database is unusable
        return {"ok": False, "error": _error("database", "cannot query", exc, details)}
    return {"ok": True, "vendor": connection.vendor}


def check_cache(details: dict[str, object]) -> dict[str, object]:
    """Ask the cache (optional: pages work without it, only slower)."""
    ping = getattr(cache, "ping", None)
    if ping is None:
        return {"ok": True, "mode": "memory"}
    error = ping()
    if error:
        details["cache"] = error
        return {
            "ok": False,
            "mode": "redis",
            "error": f"cannot reach the cache ({error}); pages are served without it",
        }
    return {"ok": True, "mode": "redis"}


_redis_clients: dict[str, redis.Redis] = {}


def _ping_broker(url: str) -> None:
    timeout = settings.REDIS_TIMEOUT_SECONDS
    if url.startswith(("redis://", "rediss://")):
        client = _redis_clients.get(url)
        if client is None:  # one client (and connection pool) per broker, kept between checks
            client = redis.Redis.from_url(
                url, socket_connect_timeout=timeout, socket_timeout=timeout
            )
            _redis_clients[url] = client
        client.ping()
        return
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=0, timeout=timeout)


def check_broker(details: dict[str, object]) -> dict[str, object]:
    """Connect to the Celery broker (the embedded one is a set of folders to write to)."""
    if celery_app.conf.task_always_eager:
        return {"ok": True, "mode": "eager (tasks run in the web process)"}
    if embedded_broker():
        folders = [Path(p) for p in broker_folders()]
        bad = [str(p) for p in folders if not (p.is_dir() and os.access(p, os.W_OK))]
        details["broker_folders"] = [str(p) for p in folders]
        if bad:
            details["broker"] = f"missing or read-only: {', '.join(bad)}"
            return {"ok": False, "error": "broker folders missing or read-only"}
        return {"ok": True, "mode": "filesystem (embedded)"}
    url = str(celery_app.conf.broker_url or "")
    now = time.monotonic()
    with _broker_lock:
        failed = _broker_failures.get(url)
    if failed is not None and now - failed[0] < BROKER_RETRY_SECONDS:
        details["broker"] = failed[1]
        return {"ok": False, "error": "cannot reach the broker (not retried for a few seconds)"}
    try:
        _ping_broker(url)
    except Exception as exc:  # redis and kombu raise several classes
        error = _error("broker", "cannot reach the broker", exc, details)
        with _broker_lock:
            _broker_failures[url] = (now, str(details["broker"]))
        return {"ok": False, "error": error}
    with _broker_lock:
        _broker_failures.pop(url, None)
    return {"ok": True, "mode": "redis"}


def check_workers(details: dict[str, object]) -> dict[str, object]:
    """Read the workers' heartbeats; no live worker on the solver queue is a failure."""
    from trainer.workers import seen_workers

    if celery_app.conf.task_always_eager:
        return {"ok": True, "mode": "eager (no separate workers)", "live": 0}
    try:
        workers = seen_workers()
    except Exception as exc:  # the database part already names the cause
        return {"ok": False, "error": _error("workers", "cannot read heartbeats", exc, details)}
    details["workers"] = [w.name for w in workers.live]
    details["lost_workers"] = [
        {"name": w.name, "seen_at": w.seen_at.isoformat(), "active": w.active} for w in workers.lost
    ]
    part: dict[str, object] = {
        "ok": bool(workers.solvers),
        "live": len(workers.live),
        "solvers": len(workers.solvers),
        "busy": sum(1 for w in workers.live if w.active),
        "lost": len(workers.lost),
    }
    if not workers.solvers:
        part["error"] = (
            f"no worker on the solver queue seen in the last {settings.WORKER_LOST_SECONDS} s"
        )
    return part


def check_jobs(details: dict[str, object]) -> dict[str, object]:
    """Count open generation jobs by state; a stalled job (trainer.recovery) fails the part."""
    from trainer.recovery import job_states

    try:
        states = job_states()
    except Exception as exc:  # the database part already names the cause
        return {"ok": False, "error": _error("jobs", "cannot read the jobs", exc, details)}
    stalled = [s for s in states if s.stalled]
    part: dict[str, object] = {
        "ok": not stalled,
        "queued": sum(1 for s in states if s.job.status == "queued"),
        "running": sum(1 for s in states if s.job.status == "running"),
        "stalled": [
            {"job": s.job.pk, "state": s.state, "still_seconds": s.still_seconds} for s in stalled
        ],
    }
    details["jobs"] = {s.job.pk: f"{s.state}: {s.reason}" for s in states}
    if stalled:
        oldest = max(s.still_seconds for s in stalled)
        part["error"] = (
            f"{len(stalled)} generation job(s) not moving for up to {oldest} s "
            f"({', '.join(sorted({s.state for s in stalled}))}); the top-up sends lost ones again"
        )
    return part


def check_health() -> Health:
    """Check every part; none of them waits on a worker's reply."""
    health = Health()
    details = health.details
    health.parts["database"] = check_database(details)
    health.parts["cache"] = check_cache(details)
    health.parts["broker"] = check_broker(details)
    if health.parts["database"]["ok"]:
        health.parts["workers"] = check_workers(details)
        health.parts["jobs"] = check_jobs(details)
    return health
