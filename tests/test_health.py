"""GET /healthz reports the database, the cache, the broker, the workers and the jobs."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from config.cache import cache_settings
from tests.conftest import need_service
from trainer import health
from trainer.generation import create_job
from trainer.models import GenerationJob, WorkerHeartbeat

pytestmark = pytest.mark.django_db


def heartbeat(name: str = "w1@box", age: float = 0.0, active=(), idle: bool = True):
    seen = timezone.now() - timedelta(seconds=age)
    return WorkerHeartbeat.objects.create(
        name=name,
        queues=["default", "solver"],
        active=list(active),
        idle_since=seen - timedelta(seconds=600) if idle and not active else None,
        started_at=seen - timedelta(seconds=900),
        seen_at=seen,
    )


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_user("ops", is_staff=True))
    return client


def test_healthz_is_ok_when_tasks_run_eagerly(client, eager_celery):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["cache"]["ok"] is True
    assert body["broker"]["mode"].startswith("eager")


def test_healthz_in_the_embedded_mode_fails_when_no_worker_is_alive(
    client, embedded_celery, no_live_workers, no_pings
):
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["workers"]
    assert body["broker"] == {"ok": True, "mode": "filesystem (embedded)"}
    assert body["workers"]["error"] == (
        f"no worker on the solver queue seen in the last {settings.WORKER_LOST_SECONDS} s"
    )
    assert body["jobs"] == {"ok": True, "queued": 0, "running": 0, "stalled": []}
    assert str(embedded_celery) not in response.content.decode()  # no paths to the public


def test_healthz_reads_the_workers_heartbeats_without_pinging(
    client, embedded_celery, no_live_workers, no_pings
):
    heartbeat("w1@box")
    heartbeat("old@box", age=settings.WORKER_LOST_SECONDS + 5)
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    assert response.json()["workers"] == {
        "ok": True,
        "live": 1,
        "solvers": 1,
        "busy": 0,
        "lost": 1,
    }
    assert "box" not in response.content.decode()  # no host names to the public


def test_staff_see_the_details(staff_client, embedded_celery, no_live_workers, no_pings):
    heartbeat("w1@box")
    body = staff_client.get("/healthz").json()
    assert body["details"]["workers"] == ["w1@box"]
    assert body["details"]["broker_folders"][0] == str(embedded_celery / "queue")


def test_a_worker_not_seen_lately_counts_as_gone(
    client, embedded_celery, no_live_workers, no_pings
):
    heartbeat("w1@box", age=settings.WORKER_LOST_SECONDS + 1)
    body = client.get("/healthz").json()
    assert body["failing"] == ["workers"]
    assert body["workers"]["lost"] == 1


def test_healthz_reports_a_job_queued_too_long_with_no_worker(
    client, embedded_celery, no_live_workers, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        old = create_job(game="wiezen", kind="play", count=3)
        create_job(game="wiezen", kind="bid", count=3)
    long_ago = timezone.now() - timedelta(seconds=settings.TRAIN_JOB_LOST_SECONDS + 30)
    GenerationJob.objects.filter(pk=old.pk).update(created_at=long_ago, sent_at=long_ago)
    body = client.get("/healthz").json()
    assert body["failing"] == ["workers", "jobs"]
    jobs = body["jobs"]
    assert (jobs["queued"], jobs["running"]) == (2, 0)
    (stalled,) = jobs["stalled"]
    assert (stalled["job"], stalled["state"]) == (old.pk, "no worker")
    assert stalled["still_seconds"] >= settings.TRAIN_JOB_LOST_SECONDS + 30
    assert jobs["error"].startswith("1 generation job(s) not moving for up to")


def test_healthz_names_missing_broker_folders(client, embedded_celery, no_live_workers):
    (embedded_celery / "control").rmdir()
    body = client.get("/healthz").json()
    assert body["failing"] == ["broker", "workers"]
    assert body["broker"]["error"] == "broker folders missing or read-only"


def test_healthz_names_the_broker_when_it_is_down_and_no_address(
    client, broker_down, no_live_workers, no_pings
):
    heartbeat("w1@box")
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["broker"]
    assert body["broker"]["error"].startswith("cannot reach the broker (")
    assert body["database"]["ok"] is True
    text = response.content.decode()
    assert "127.0.0.1" not in text and ":1" not in text


def test_a_failed_broker_check_is_not_repeated_at_once(client, broker_down, monkeypatch):
    client.get("/healthz")
    asked = []
    monkeypatch.setattr(health, "_ping_broker", asked.append)
    body = client.get("/healthz").json()
    assert asked == [] and body["broker"]["ok"] is False
    monkeypatch.setattr(health, "BROKER_RETRY_SECONDS", 0.0)
    time.sleep(0.01)
    assert client.get("/healthz").json()["broker"]["ok"] is True and len(asked) == 1


def test_healthz_names_the_cache_when_it_is_down(client, eager_celery, settings):
    settings.CACHES = {"default": cache_settings("redis://127.0.0.1:1/0", 0.2)}
    response = client.get("/healthz")
    body = response.json()
    assert body["failing"] == ["cache"]
    assert body["cache"]["error"] == (
        "cannot reach the cache (ConnectionError); pages are served without it"
    )
    assert "127.0.0.1" not in response.content.decode()


@pytest.mark.services
def test_healthz_lists_a_running_worker(staff_client, celery_worker_process, no_pings):
    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so the site uses the embedded broker, not Redis")
    response = staff_client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["broker"]["mode"] == "redis"
    assert celery_worker_process["name"] in body["details"]["workers"]
