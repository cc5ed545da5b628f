"""A set's generation and an entered deal through the real Redis broker and a real worker,
followed the way the set page follows them: by polling the status URLs."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.db import connection

from classes.models import SetItem
from tests.conftest import WorkerProcess, need_service
from tests.teachers.teacher_helpers import client_for, make_world
from tests.teachers.test_teacher_bad_input import WIEZEN_DEAL

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shared_services(redis_url):
    if not settings.REDIS_URL:
        need_service("REDIS_URL is not set, so this process cannot send to the workers")
    if connection.vendor != "postgresql":
        need_service("a worker process can only share a PostgreSQL test database")
    return redis_url


def poll(client, url: str, timeout: float = 240) -> list[dict]:
    """Fetch a status URL until it says finished; return every answer seen."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen.append(client.get(url).json())
        if seen[-1]["finished"]:
            break
        time.sleep(0.3)
    return seen


def test_a_generation_and_an_entered_deal_finish_on_a_worker(shared_services, tmp_path):
    world = make_world()
    client = client_for(world.teacher)
    base = f"/teach/sets/{world.exercise_set.pk}"
    worker = WorkerProcess(shared_services, tmp_path / "w.log")
    try:
        worker.wait_ready()
        client.post(
            f"{base}/generate/",
            {"game": "wiezen", "kind": "play", "mode": "double_dummy", "count": 2,
             "constraints": "N.hcp >= 10"},
        )  # fmt: skip
        link = world.exercise_set.generations.get()
        client.post(
            f"{base}/deal/",
            {"game": "wiezen", "deal": WIEZEN_DEAL, "contract": "ask_join NS H", "seat": "S",
             "played": "C8 C2 C5 CA HK H4 H5 H3"},
        )  # fmt: skip
        entry = world.exercise_set.entries.get()
        generation = poll(client, f"{base}/generation/{link.pk}/status/")
        assert generation[-1]["status"] == "done", worker.log()
        assert generation[-1]["percent"] == 100 and generation[-1]["added"]
        assert [g["percent"] for g in generation] == sorted(g["percent"] for g in generation)
        solved = poll(client, f"{base}/entry/{entry.pk}/status/")
        assert solved[-1]["status"] == "done", (solved[-1], worker.log())
        sources = list(world.exercise_set.items.values_list("source", flat=True))
        assert sources.count(SetItem.Source.GENERATED) == 2
        assert sources.count(SetItem.Source.ENTERED) == 1
    finally:
        worker.stop()
