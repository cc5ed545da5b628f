"""Fault suite: one quiz answered by many racing requests on a real multi-process site.

gunicorn (two worker processes, four threads each) serves a database of its own, SQLite file
or PostgreSQL; one learner's page is answered by eight POSTs released together (a double
click, two tabs). Exactly one stores an attempt and moves the ratings and the review card;
every other one gets a clear 400; none a 500.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import need_service

ROOT = Path(__file__).resolve().parents[2]
RACERS = 8
ROUNDS = 3
START_SECONDS = 60
SEED = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from tests.learner.learner_helpers import wiezen_draft
from trainer.generation import store_quiz
for n in range(1, 7):
    store_quiz(wiezen_draft(n, 1500.0), None)
"""
QUIZ = re.compile(r'name="quiz" value="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Site:
    port: int
    query: Callable[[str], list[tuple[object, ...]]]
    log: Path

    def request(
        self, method: str, path: str, cookies: dict[str, str], body: dict[str, str] | None = None
    ) -> tuple[int, str, dict[str, str]]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}/"
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
            for value in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(value).items():
                    cookies[name] = morsel.value
            return response.status, text, dict(response.headers)
        finally:
            conn.close()


def _database(kind: str, tmp_path: Path) -> Iterator[tuple[str, Callable[..., list]]]:
    if kind == "sqlite":
        path = tmp_path / "race.sqlite3"

        def query(sql: str) -> list[tuple[object, ...]]:
            with sqlite3.connect(path, timeout=30) as conn:
                return list(conn.execute(sql))

        yield f"sqlite:///{path}", query
        return
    db = settings.DATABASES["default"]
    if connection.vendor != "postgresql":
        need_service("PostgreSQL: set DATABASE_URL to a postgres:// URL")
    import psycopg

    name = f"{db['NAME']}_race_{uuid.uuid4().hex[:8]}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    server = f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def query(sql: str) -> list[tuple[object, ...]]:
        with psycopg.connect(f"{server}/{name}") as conn:
            return list(conn.execute(sql))

    try:
        yield f"{server}/{name}", query
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    """Seed a database of this test's own and serve it with a multi-process gunicorn."""
    databases = _database(request.param, tmp_path)
    url, query = next(databases)
    env = {
        k: v
        for k, v in os.environ.items()
        if k != "REDIS_URL" and not k.startswith(("CELERY_", "TRAIN_", "DJANGO_"))
    }
    env.update(
        DATABASE_URL=url,
        TRAINER_RUN_DIR=str(tmp_path / "run"),
        TRAIN_REFILL_BELOW="0",
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONPATH=str(ROOT),
    )
    seeded = subprocess.run(
        [sys.executable, "-c", SEED], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert seeded.returncode == 0, seeded.stderr
    port = free_port()
    log = tmp_path / "gunicorn.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"), "config.wsgi:application",
                "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
                "--worker-class", "gthread",
            ],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        served = Site(port, query, log)
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                served.request("GET", "/", {})
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"gunicorn did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.3)
        yield served
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        next(databases, None)


def _race(site: Site, cookies: dict[str, str], form: dict[str, str]) -> list[tuple[int, str]]:
    gate = threading.Barrier(RACERS)
    results: list[tuple[int, str]] = []

    def post() -> None:
        gate.wait()
        status, text, _ = site.request("POST", "/train/wiezen/answer/", dict(cookies), form)
        results.append((status, text))

    threads = [threading.Thread(target=post) for _ in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def test_racing_submits_of_one_ticket_store_one_attempt(site: Site) -> None:
    cookies: dict[str, str] = {}
    seen: set[int] = set()
    for round_ in range(1, ROUNDS + 1):
        status, page, _ = site.request("GET", "/train/wiezen/", cookies)
        assert status == 200, page
        quiz = int(QUIZ.search(page).group(1))  # type: ignore[union-attr]
        assert quiz not in seen
        seen.add(quiz)
        ((candidates,),) = site.query(f"SELECT candidates FROM trainer_quiz WHERE id = {quiz}")
        if isinstance(candidates, str):
            candidates = json.loads(candidates)
        wrong = next(c["answer"] for c in candidates if not c["accepted"])
        form = {
            "csrfmiddlewaretoken": CSRF.search(page).group(1),  # type: ignore[union-attr]
            "quiz": str(quiz),
            "answer": wrong,
        }
        results = _race(site, cookies, form)
        statuses = sorted(status for status, _ in results)
        assert statuses == [302] + [400] * (RACERS - 1), (statuses, site.log.read_text()[-3000:])
        for status, text in results:
            if status == 400:
                assert "answered already" in text or "is not the quiz you were given" in text
        # Exactly one attempt per showing, one miss on the review card, one rating move.
        attempts = site.query(f"SELECT count(*), sum(CASE WHEN first THEN 1 ELSE 0 END) "
                              f"FROM trainer_attempt WHERE quiz_id = {quiz}")  # fmt: skip
        assert [tuple(int(v) for v in row) for row in attempts] == [(1, 1)]
        card = site.query(f"SELECT reviews, lapses FROM trainer_reviewcard WHERE quiz_id = {quiz}")
        assert card == [(1, 1)]
        assert site.query("SELECT games FROM trainer_skillrating") == [(round_,)]
        assert site.query("SELECT count(*) FROM trainer_ratingpoint") == [(round_,)]
    # A late resubmit of the last quiz is refused too; the page still serves a new quiz.
    status, text, _ = site.request("POST", "/train/wiezen/answer/", dict(cookies), form)
    assert status == 400 and "answered already" in text
    status, page, _ = site.request("GET", "/train/wiezen/", cookies)
    assert status == 200 and int(QUIZ.search(page).group(1)) not in seen  # type: ignore[union-attr]
