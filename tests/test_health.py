"""GET /healthz reports the database, the broker and the workers."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.conftest import need_service

pytestmark = pytest.mark.django_db


def test_healthz_is_ok_in_the_embedded_mode(client, eager_celery):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["mode"].startswith("eager")


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
        need_service("REDIS_URL is not set, so the site runs Celery eagerly")
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["broker"]["mode"] == "redis"
    assert celery_worker_process["name"] in body["workers"]["workers"]


@pytest.mark.services
def test_healthz_names_the_workers_when_none_answers(client, redis_url):
    from config.celery import app

    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so the site runs Celery eagerly")
    # No worker listens on an otherwise unused Redis database.
    old = app.conf.broker_url
    app.conf.broker_url = redis_url.rsplit("/", 1)[0] + "/14"
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = old
    assert response.status_code == 503
    assert response.json()["failing"] == ["workers"]
