"""Shared fixtures: real services (Redis, a Celery worker process) and Celery mode switches."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from celery import Celery
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"
LOCAL_REDIS = "redis://127.0.0.1:6379/15"
WORKER_START_SECONDS = 60


def need_service(reason: str) -> None:
    """Skip a test whose service is missing, but fail it in CI, where every service must run."""
    if IN_CI:
        pytest.fail(f"CI must provide this service: {reason}")
    pytest.skip(reason)


def redis_answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture(scope="session")
def redis_url() -> str:
    """Return the Redis URL the suite may use: REDIS_URL, else a local scratch database."""
    url = settings.REDIS_URL or LOCAL_REDIS
    if not redis_answers(url):
        need_service(f"Redis does not answer at {url}")
    return url


def worker_env(broker: str) -> dict[str, str]:
    """Return the environment for a worker process that shares the test database."""
    env = dict(os.environ, REDIS_URL=broker, DJANGO_SETTINGS_MODULE="config.settings")
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
        env["DATABASE_URL"] = f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    return env


class WorkerProcess:
    """A real `celery worker` process in its own process group (so it can be killed whole)."""

    def __init__(self, broker: str, log_path: Path, extra_env: dict[str, str] | None = None):
        self.name = f"test-{uuid.uuid4().hex[:8]}@{os.uname().nodename}"
        self.broker = broker
        self.log_path = log_path
        self._log = open(log_path, "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                "default,solver",
                "--concurrency",
                "1",
                "--loglevel",
                "INFO",
                "-n",
                self.name,
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env={**worker_env(broker), **(extra_env or {})},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = WORKER_START_SECONDS) -> None:
        client = client_app(self.broker)
        deadline = time.monotonic() + timeout
        while not client.control.ping(destination=[self.name], timeout=0.5):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self._log.flush()
                pytest.fail(f"the Celery worker did not start:\n{self.log()}")

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text()[-3000:]

    def kill(self) -> None:
        """Kill the worker and its pool processes at once, as a crash or power cut would."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        """Stop the worker (warm shutdown, then kill); safe to call twice or after kill()."""
        if self._log.closed:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._log.close()


@pytest.fixture(scope="session")
def celery_worker_process(
    redis_url: str, django_db_setup: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, str]]:
    """Start a real `celery worker` process on the default and solver queues; stop it after."""
    worker = WorkerProcess(redis_url, tmp_path_factory.mktemp("celery") / "worker.log")
    try:
        worker.wait_ready()
        yield {"name": worker.name, "broker": redis_url, "pid": str(worker.proc.pid)}
    finally:
        worker.stop()


def client_app(broker: str) -> Celery:
    """Return a Celery client bound to ``broker``, configured like the project's app."""
    # Not the current app: shared tasks must stay bound to the project app.
    client = Celery("test-client", broker=broker, backend=broker, set_as_current=False)
    client.conf.update(
        task_serializer="json",
        accept_content=["json"],
        result_serializer="json",
        broker_connection_retry_on_startup=True,
    )
    return client


@pytest.fixture(autouse=True)
def forget_process_memos() -> Iterator[None]:
    """Start every test without the lesson links, theme lists and filter forms an earlier
    test left in this process (the site keeps them a few seconds per process)."""
    yield
    from trainer.lesson_links import forget_links
    from trainer.views_train import forget_filters

    forget_links()
    forget_filters()


@pytest.fixture(scope="session", autouse=True)
def private_embedded_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path | None]:
    """In the embedded mode, send the suite's tasks to folders of its own, never to the
    project's .run/broker, where a `make run` worker of this checkout might take them."""
    from config.celery import FOLDER_OPTIONS, app, embedded_broker, prepare_embedded_broker

    if not embedded_broker():
        yield None
        return
    folder = tmp_path_factory.mktemp("broker")
    old = (dict(app.conf.broker_transport_options), app.conf.result_backend)
    options = dict(old[0])
    for key in FOLDER_OPTIONS:
        sub = "queue" if key.startswith("data_folder") else key.split("_")[0]
        options[key] = str(folder / sub)
    app.conf.broker_transport_options = options
    app.conf.result_backend = f"file://{folder / 'results'}"
    prepare_embedded_broker()
    yield folder
    app.conf.broker_transport_options, app.conf.result_backend = old


@pytest.fixture
def eager_celery() -> Iterator[None]:
    """Run tasks in-process for one test, as the embedded default does."""
    from config.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


def reset_celery_pools(app: Celery) -> None:
    """Drop the app's cached pools and result backend, so the next send uses the broker and
    result store the configuration names now (the caches keep the ones they were made with)."""
    app._pool = None
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)
    if "amqp" in app.__dict__:
        app.amqp._producer_pool = None


@pytest.fixture
def embedded_celery(tmp_path: Path) -> Iterator[Path]:
    """Use the embedded mode's filesystem broker (in a folder of this test, where no worker
    listens) for one test, whatever REDIS_URL says."""
    from config.celery import app, prepare_embedded_broker

    keys = ("task_always_eager", "broker_url", "broker_transport_options", "result_backend")
    old = {key: app.conf[key] for key in keys}
    queue = str(tmp_path / "queue")
    app.conf.update(
        task_always_eager=False,
        broker_url="filesystem://",
        broker_transport_options={
            "data_folder_in": queue,
            "data_folder_out": queue,
            "control_folder": str(tmp_path / "control"),
            "processed_folder": str(tmp_path / "processed"),
            "store_processed": False,
            "polling_interval": 0.5,
        },
        result_backend=f"file://{tmp_path / 'results'}",
    )
    prepare_embedded_broker()
    reset_celery_pools(app)
    yield tmp_path
    app.conf.update(old)
    reset_celery_pools(app)


@pytest.fixture
def broker_down() -> Iterator[None]:
    """Point the project's Celery app at a port where no broker listens, for one test."""
    from config.celery import app

    old = (app.conf.task_always_eager, app.conf.broker_url)
    app.conf.task_always_eager = False
    app.conf.broker_url = "redis://127.0.0.1:1/0"
    reset_celery_pools(app)
    yield
    app.conf.task_always_eager, app.conf.broker_url = old
    reset_celery_pools(app)


@pytest.fixture
def no_live_workers(db: None) -> None:
    """Hide, for one test's transaction, the heartbeats of workers other tests started."""
    from trainer.models import WorkerHeartbeat

    WorkerHeartbeat.objects.all().delete()


@pytest.fixture
def no_pings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail a test whose code pings the workers through the broker (and waits for replies)."""

    def ping(*args: object, **kwargs: object) -> None:
        raise AssertionError("the workers were pinged")

    monkeypatch.setattr("celery.app.control.Control.ping", ping)
