"""Health of the parts the site depends on: the database, the Celery broker, the workers."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection

from config.celery import app as celery_app

BROKER_TIMEOUT_SECONDS = 2.0
WORKER_PING_SECONDS = 1.0


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
    """Connect to the Celery broker; in eager mode there is none to reach."""
    if celery_app.conf.task_always_eager:
        return {"ok": True, "mode": "eager (tasks run in the web process)"}
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
    try:
        with celery_app.connection_for_write() as conn:
            replies = celery_app.control.ping(timeout=WORKER_PING_SECONDS, connection=conn)
    except Exception as exc:
        return {"ok": False, "error": f"cannot ping workers: {exc}", "workers": []}
    names = sorted(name for reply in replies for name in reply)
    if not names:
        return {"ok": False, "error": "no Celery worker answered", "workers": []}
    return {"ok": True, "workers": names}


def check_health() -> Health:
    """Check every part; workers are only asked when the broker answers."""
    health = Health()
    health.parts["database"] = check_database()
    health.parts["broker"] = check_broker()
    if health.parts["broker"]["ok"]:
        health.parts["workers"] = check_workers()
    else:
        health.parts["workers"] = {"ok": False, "error": "broker unreachable", "workers": []}
    return health
