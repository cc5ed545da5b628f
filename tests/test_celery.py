"""Celery: a real worker process round trip over Redis, and the eager mode tests use."""

from __future__ import annotations

import os
import uuid

import pytest
from django.conf import settings

from config.celery import app
from tests.conftest import IN_CI, client_app
from trainer.tasks import check_worker


def test_eager_mode_runs_the_task_inside_this_process(eager_celery):
    token = uuid.uuid4().hex
    result = check_worker.delay(token).get(timeout=5)
    assert result == {"token": token, "host": os.uname().nodename, "pid": os.getpid()}


def test_the_app_accepts_json_only_and_acks_late():
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_serializer == "json"
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.task_acks_late is True
    assert app.conf.task_soft_time_limit < app.conf.task_time_limit


def test_check_worker_is_routed_to_the_solver_queue():
    route = app.amqp.router.route({}, check_worker.name)
    assert route["queue"].name == settings.SOLVER_QUEUE == "solver"


@pytest.mark.services
def test_a_real_worker_answers_a_task_over_redis(celery_worker_process):
    client = client_app(celery_worker_process["broker"])
    token = uuid.uuid4().hex
    result = client.send_task("trainer.check_worker", args=[token], queue="solver")
    reply = result.get(timeout=30)
    assert reply["token"] == token
    assert reply["pid"] != os.getpid()
    assert str(reply["pid"]) != ""


@pytest.mark.services
def test_the_project_app_sends_through_redis_when_configured(celery_worker_process):
    if not settings.REDIS_URL:
        pytest.skip("REDIS_URL is not set: the project app uses the embedded broker here")
    token = uuid.uuid4().hex
    reply = check_worker.delay(token).get(timeout=30)
    assert reply["token"] == token
    assert reply["pid"] != os.getpid()


def test_ci_runs_against_postgresql_and_redis(db):
    from django.db import connection

    if not IN_CI:
        pytest.skip("only CI is bound to use the real services")
    assert connection.vendor == "postgresql"
    assert settings.REDIS_URL and not app.conf.task_always_eager


def test_check_workers_command_reports_who_answered(eager_celery):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("check_workers", stdout=out)
    assert f"(pid {os.getpid()}) answered" in out.getvalue()
