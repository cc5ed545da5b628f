"""GET /healthz reports the database, the broker and the workers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from tests.conftest import need_service
from trainer.generation import create_job
from trainer.health import JOB_WAIT_SECONDS
from trainer.models import GenerationJob

pytestmark = pytest.mark.django_db


def test_healthz_is_ok_when_tasks_run_eagerly(client, eager_celery):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["mode"].startswith("eager")


def test_healthz_in_the_embedded_mode_fails_when_no_worker_answers(client, embedded_celery):
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["workers"]
    assert body["broker"] == {
        "ok": True,
        "mode": "filesystem (embedded)",
        "folder": str(embedded_celery / "queue"),
    }
    assert body["workers"]["error"] == "no Celery worker answered"
    assert body["jobs"] == {"ok": True, "queued": 0, "running": 0, "waiting": 0}


def test_healthz_reports_a_job_queued_too_long_with_no_worker(
    client, embedded_celery, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        old = create_job(game="wiezen", kind="play", count=3)
        create_job(game="wiezen", kind="bid", count=3)
    GenerationJob.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(seconds=JOB_WAIT_SECONDS + 30)
    )
    body = client.get("/healthz").json()
    assert body["failing"] == ["workers", "jobs"]
    jobs = body["jobs"]
    assert (jobs["queued"], jobs["waiting"]) == (2, 1)
    assert jobs["oldest_wait_seconds"] >= JOB_WAIT_SECONDS + 30
    assert "1 generation job(s) queued for up to" in jobs["error"]
    assert jobs["error"].endswith("and no worker to take them")


def test_healthz_names_missing_broker_folders(client, embedded_celery):
    (embedded_celery / "control").rmdir()
    body = client.get("/healthz").json()
    assert body["failing"] == ["broker", "workers"]
    assert "broker folders missing or read-only" in body["broker"]["error"]


def test_healthz_names_the_broker_when_it_is_down(client, broker_down):
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["broker", "workers"]
    assert "cannot reach the broker" in body["broker"]["error"]
    assert body["database"]["ok"] is True


@pytest.mark.services
def test_healthz_lists_a_running_worker(client, celery_worker_process):
    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so the site uses the embedded broker, not Redis")
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["broker"]["mode"] == "redis"
    assert celery_worker_process["name"] in body["workers"]["workers"]


@pytest.mark.services
def test_healthz_names_the_workers_when_none_answers(client, redis_url):
    from config.celery import app

    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so the site uses the embedded broker, not Redis")
    # No worker listens on an otherwise unused Redis database.
    old = app.conf.broker_url
    app.conf.broker_url = redis_url.rsplit("/", 1)[0] + "/14"
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = old
    assert response.status_code == 503
    assert response.json()["failing"] == ["workers"]
