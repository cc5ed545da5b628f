"""The fault suite's services: a private redis-server (never the shared one), pointed at by the
site in this process and by real worker processes, on the suite's PostgreSQL database."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import need_service, redis_answers, reset_celery_pools
from trainer.models import GenerationJob, Quiz

# Fast heartbeats and short chunks: a fault shows, and is recovered from, within seconds.
FAST = {"WORKER_HEARTBEAT_SECONDS": "1", "WORKER_LOST_SECONDS": "3", "QUIZ_CHUNK_SECONDS": "1"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivateRedis:
    """A redis-server of this test alone, on its own port, keeping nothing on disk: a restart
    loses every message, the worst a Redis restart can do."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
                "--logfile",
                str(self.folder / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while not redis_answers(self.url):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the private redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
        self.proc = None


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        need_service("redis-server is not installed (Debian package redis-server)")
    if connection.vendor != "postgresql":
        need_service("a worker process can only share a PostgreSQL test database")
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def site_on(private_redis: PrivateRedis, settings: object) -> Iterator[PrivateRedis]:
    """Point this process's site (cache, broker, result store) at the private Redis."""
    from config.cache import cache_settings
    from config.celery import app

    settings.CACHES = {"default": cache_settings(private_redis.url, 0.2)}  # type: ignore[attr-defined]
    settings.WORKER_HEARTBEAT_SECONDS = 1  # type: ignore[attr-defined]
    settings.WORKER_LOST_SECONDS = 3  # type: ignore[attr-defined]
    settings.TRAIN_JOB_LOST_SECONDS = 2  # type: ignore[attr-defined]
    keys = ("task_always_eager", "broker_url", "result_backend")
    old = {key: app.conf[key] for key in keys}
    app.conf.update(
        task_always_eager=False, broker_url=private_redis.url, result_backend=private_redis.url
    )
    reset_celery_pools(app)
    yield private_redis
    app.conf.update(old)
    reset_celery_pools(app)


def wait_until(predicate: Callable[[], object], timeout: float, every: float = 0.2) -> object:
    """Return the first true value of ``predicate()``; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(every)


def assert_job_complete(job_id: int) -> GenerationJob:
    """Check that a job is done with every quiz stored once (nothing lost, nothing twice)."""
    job = GenerationJob.objects.get(pk=job_id)
    assert job.status == "done", (job.status, job.error)
    hashes = list(Quiz.objects.filter(job=job).values_list("position_hash", flat=True))
    assert len(hashes) == job.done == job.count == len(set(hashes))
    return job
