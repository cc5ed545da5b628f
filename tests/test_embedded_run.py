"""The embedded mode end to end: `scripts/run.sh` (what `make run` runs after set-up) on a
fresh SQLite file, with no server of any kind. The first start leaves quizzes of every game
and kind, pages serve them without queuing work, and a refill job the top-up queues goes from
queued to done on the real worker run.sh starts, while the site runs."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.quizzes import load_generators
from tests.conftest import ROOT
from trainer.starter import STARTER_BANK, STARTER_MIN, read_lines, summary

START_SECONDS = 120
REFILL_SECONDS = 120
GAMES = ("skat", "beyond", "five_hundred", "wiezen")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Site:
    url: str
    db: Path
    run_dir: Path
    proc: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        worker = self.run_dir / "worker.log"
        tail = worker.read_text()[-3000:] if worker.exists() else "(no worker log)"
        return f"{self.log.read_text()[-3000:]}\n--- worker ---\n{tail}"

    def query(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        with sqlite3.connect(self.db, timeout=30) as conn:
            return list(conn.execute(sql, args))


@pytest.fixture(scope="module")
def cell_sizes() -> dict[tuple[str, str], int]:
    return {gk: int(c["total"]) for gk, c in summary(read_lines(STARTER_BANK)).items()}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, cell_sizes) -> Iterator[Site]:
    """Start run.sh in the embedded mode; stop it (and its worker) afterwards."""
    folder = tmp_path_factory.mktemp("embedded")
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL") and not k.startswith(("CELERY_", "TRAIN_"))
    }
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        TRAINER_RUN_DIR=str(folder / "run"),
        PORT=str(port),
        # Top up every 2 s; a cell is low as soon as a learner has seen one of its quizzes.
        TRAIN_TOP_UP_SECONDS="2",
        TRAIN_REFILL_BELOW=str(min(cell_sizes.values())),
        TRAIN_REFILL_COUNT="3",
        QUIZ_CHUNK_SECONDS="5",
    )
    log = folder / "run.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            ["bash", "scripts/run.sh"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    site = Site(f"http://127.0.0.1:{port}", folder / "db.sqlite3", folder / "run", proc, log)
    try:
        yield site
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


def opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )


def fetch(browser, url: str, data: dict[str, str] | None = None) -> tuple[int, str]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    try:
        with browser.open(url, data=body, timeout=15) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def wait_healthy(site: Site) -> dict[str, object]:
    deadline = time.monotonic() + START_SECONDS
    last = "no answer"
    while time.monotonic() < deadline:
        if site.proc.poll() is not None:
            pytest.fail(f"run.sh stopped ({site.proc.returncode}):\n{site.output()}")
        try:
            status, text = fetch(opener(), f"{site.url}/healthz")
            if status == 200:
                return json.loads(text)
            last = text
        except OSError as exc:
            last = str(exc)
        time.sleep(0.5)
    pytest.fail(f"the site was not healthy within {START_SECONDS} s ({last}):\n{site.output()}")


def test_the_first_start_serves_every_game_and_kind_and_a_refill_runs(site, cell_sizes):
    began = time.monotonic()
    health = wait_healthy(site)
    started = time.monotonic() - began
    assert health["broker"]["mode"] == "filesystem (embedded)", health
    assert health["workers"]["live"] >= 1, health
    counts = dict(
        ((g, k), n)
        for g, k, n in site.query(
            "SELECT game, kind, COUNT(*) FROM trainer_quiz GROUP BY game, kind"
        )
    )
    for pair in load_generators():
        assert counts.get(pair, 0) >= STARTER_MIN, (pair, counts)

    # Every game and kind serves a quiz; reading pages queues nothing.
    browser = opener()
    for game in GAMES:
        for kind in ("play", "bid"):
            status, page = fetch(browser, f"{site.url}/train/{game}/?kind={kind}")
            assert status == 200 and 'name="quiz"' in page, (game, kind, site.output())
    assert site.query("SELECT COUNT(*) FROM trainer_generationjob") == [(0,)]

    # Answer one quiz of a smallest cell: the learner now has fewer unseen quizzes there than
    # TRAIN_REFILL_BELOW, and the worker's beat queues a refill, which the worker makes.
    game, kind = min(cell_sizes, key=lambda gk: (cell_sizes[gk], gk[0] != "wiezen"))
    status, page = fetch(browser, f"{site.url}/train/{game}/?kind={kind}")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    quiz = re.search(r'name="quiz" value="(\d+)"', page).group(1)
    choice = re.search(r'name="(?:answer|card)" value="([^"]+)"', page).group(1)
    field = "card" if 'name="card"' in page else "answer"
    status, _text = fetch(
        browser,
        f"{site.url}/train/{game}/answer/",
        {"csrfmiddlewaretoken": token, "quiz": quiz, field: choice},
    )
    assert status == 200, site.output()
    assert site.query("SELECT COUNT(*) FROM trainer_attempt") == [(1,)]

    deadline = time.monotonic() + REFILL_SECONDS
    rows: list[tuple[object, ...]] = []
    while time.monotonic() < deadline:
        rows = site.query(
            "SELECT game, kind, status, done, count, refill, created_at, started_at, "
            "finished_at FROM trainer_generationjob"
        )
        if rows and rows[0][2] in ("done", "failed"):
            break
        time.sleep(0.5)
    assert len(rows) == 1, (rows, site.output())
    job = rows[0]
    assert job[:6] == (game, kind, "done", 3, 3, 1), (job, site.output())
    assert job[6] <= job[7] <= job[8]  # created (queued), then started, then finished
    new = site.query("SELECT COUNT(*) FROM trainer_quiz WHERE game = ? AND kind = ?", game, kind)
    assert new == [(counts[(game, kind)] + 3,)]
    health = json.loads(fetch(opener(), f"{site.url}/healthz")[1])
    assert health["status"] == "ok" and health["jobs"]["queued"] == 0, health
    assert started < START_SECONDS
