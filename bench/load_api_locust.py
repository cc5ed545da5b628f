"""The API clients of `bench/load_bench.py --mix api`, for locust: learners answering through
the REST API with their tokens, and a teacher polling an assignment's results.

Each learner, again and again: fetches its quiz in one of the four games
(``GET /api/v1/train/<game>/quiz/``), thinks, answers it (``POST .../answer/``, whose answer
is the verdict); every fourth round it works the class assignment instead (``GET
/api/v1/my/assignments/<id>/next/``, then its answer) until every item is answered. The
teacher reads the results grid (``GET /api/v1/assignments/<id>/results/``) every second or
two, as the results page polls, sending the last grid's ETag (304 when nothing changed). The
tokens and ids come from LOAD_API (written by `bench/load_api_setup.py`); samples are kept as
in `bench/load_locust.py` and written to LOAD_SAMPLES when locust stops.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
from pathlib import Path
from typing import Any

from load_pace import LEARNER_WAIT, THINK
from locust import FastHttpUser, between, events, task

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
TIMING = re.compile(r"app;dur=([0-9.]+)")
SETUP: dict[str, Any] = (
    json.loads(Path(os.environ["LOAD_API"]).read_text()) if os.environ.get("LOAD_API") else {}
)
TOKENS = itertools.cycle(SETUP.get("learners") or [""])

# (request name, status, server ms or None, client ms, error or "") per response.
SAMPLES: list[tuple[str, int, float | None, float, str]] = []


class _Client(FastHttpUser):
    abstract = True
    token = ""
    etag = ""  # the last response's

    def _send(
        self,
        name: str,
        method: str,
        path: str,
        body: Any = None,
        ok: tuple[int, ...] = (200,),
        more: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        """Send one request; return (status, decoded JSON), status -1 on an error."""
        headers = {"Authorization": f"Token {self.token}", "Accept": "application/json"}
        headers.update(more or {})
        if body is not None:
            headers["Content-Type"] = "application/json"
        start = time.perf_counter()
        with self.client.request(
            method, path, name=name, headers=headers, catch_response=True,
            data=json.dumps(body) if body is not None else None,
        ) as response:  # fmt: skip
            client_ms = (time.perf_counter() - start) * 1000
            status = response.status_code or 0
            match = TIMING.search(response.headers.get("Server-Timing", "") or "")
            error = "" if status in ok else f"{method} {name} -> {status}"
            self.etag = response.headers.get("ETag", "") or ""
            try:
                data = json.loads(response.text or "null")
            except ValueError:
                data, error = None, error or f"{method} {name}: not JSON"
            if error:
                response.failure(error)
            else:
                response.success()
            server = float(match.group(1)) if match else None
            SAMPLES.append((name, status, server, client_ms, error))
            return (status if not error else -1), data


def _choice(rng: random.Random, quiz: dict[str, Any]) -> dict[str, Any]:
    if quiz["picker"]:  # a discard picked card by card
        return {"cards": rng.sample(quiz["picker"]["cards"], quiz["picker"]["size"])}
    return {"answer": rng.choice(quiz["choices"])["answer"]}


class ApiLearner(_Client):
    """A learner with a token, training and working the class assignment through the API."""

    weight = 12
    wait_time = LEARNER_WAIT

    def on_start(self) -> None:
        self.token = next(TOKENS)
        self.rng = random.Random()
        self.rounds = 0
        self.assignment_done = False

    @task
    def train(self) -> None:
        self.rounds += 1
        if self.rounds % 4 == 0 and not self.assignment_done:
            self.work_assignment()
            return
        game = self.rng.choice(GAMES)
        status, quiz = self._send("api fetch", "GET", f"/api/v1/train/{game}/quiz/")
        if status < 0:
            return
        time.sleep(self.rng.uniform(*THINK))
        body = {"quiz": quiz["quiz"], **_choice(self.rng, quiz)}
        self._send("api answer", "POST", f"/api/v1/train/{game}/answer/", body, ok=(201,))

    def work_assignment(self) -> None:
        base = f"/api/v1/my/assignments/{SETUP['assignment']}"
        status, item = self._send("item fetch", "GET", f"{base}/next/", ok=(200, 404))
        if status == 404:  # every item answered
            self.assignment_done = True
            return
        if status < 0:
            return
        time.sleep(self.rng.uniform(*THINK))
        body = {"item": item["item"], **_choice(self.rng, item["quiz"])}
        self._send("item answer", "POST", f"{base}/answer/", body, ok=(201,))


class TeacherPolling(_Client):
    """The class's teacher with the results page open: the grid again every second or two,
    sending the last grid's ETag (a 304 when no pupil has answered since, as docs/api.md
    tells clients to poll)."""

    weight = 1
    fixed_count = 1
    wait_time = between(1.0, 2.0)

    def on_start(self) -> None:
        self.token = SETUP.get("teacher", "")
        self.grid_tag = ""

    @task
    def poll(self) -> None:
        more = {"If-None-Match": self.grid_tag} if self.grid_tag else None
        url = f"/api/v1/assignments/{SETUP['assignment']}/results/"
        status, _ = self._send("results poll", "GET", url, ok=(200, 304), more=more)
        if status > 0:
            self.grid_tag = self.etag or self.grid_tag


@events.quitting.add_listener
def _write_samples(environment: Any, **_kwargs: Any) -> None:
    path = os.environ.get("LOAD_SAMPLES")
    if path:
        with open(path, "w") as out:
            json.dump(SAMPLES, out)
