"""The learners of `bench/load_bench.py`, for locust: fetch a quiz, think, answer, see the verdict.

Run by load_bench.py (`locust -f bench/load_locust.py --headless ...`), which starts the site
first. Every response's server time (the `Server-Timing` header) and round trip are kept and
written as JSON to LOAD_SAMPLES when locust stops; load_bench.py turns them into the table.
The site runs with debug off, so its cookies are marked secure: over loopback http each learner
keeps its own cookies instead of a cookie jar that would drop them.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode

from load_pace import LEARNER_WAIT, THINK
from locust import FastHttpUser, events, task

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
TIMING = re.compile(r"app;dur=([0-9.]+)")
QUIZ_ID = re.compile(r'data-quiz="(\d+)"')
CHOICE = re.compile(r'name="answer" value="([^"]+)"')
CARD = re.compile(r'name="card" value="([^"]+)"')
PICK = re.compile(r'data-pick="(\d+)"')

# (request name, status, server ms or None, client ms, error or "") per response.
SAMPLES: list[tuple[str, int, float | None, float, str]] = []


class Learner(FastHttpUser):
    """One learner with its own cookies, answering quiz after quiz in the four games."""

    wait_time = LEARNER_WAIT

    def on_start(self) -> None:
        self.cookies: dict[str, str] = {}
        self.rng = random.Random()

    def _send(
        self, name: str, method: str, path: str, form: dict[str, Any] | None = None
    ) -> tuple[int, str, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if form is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        with self.client.request(
            method,
            path,
            name=name,
            data=urlencode(form, doseq=True) if form is not None else None,
            headers=headers,
            allow_redirects=False,
            catch_response=True,
        ) as response:
            client_ms = (time.perf_counter() - start) * 1000
            status = response.status_code or 0
            for header in response.headers.get_all("Set-Cookie") or []:  # type: ignore[union-attr]
                parsed: SimpleCookie = SimpleCookie()
                parsed.load(header)
                for key, morsel in parsed.items():
                    self.cookies[key] = morsel.value
            match = TIMING.search(response.headers.get("Server-Timing", "") or "")
            expected = 302 if method == "POST" else 200
            error = "" if status == expected else f"{method} {name} -> {status}"
            text = response.text or ""
            if not error and name == "fetch" and not QUIZ_ID.search(text):
                error = "fetch: no quiz on the page"
            if error:
                response.failure(error)
            else:
                response.success()
            SAMPLES.append(
                (name, status, float(match.group(1)) if match else None, client_ms, error)
            )
            return (status if not error else -1), text, response.headers.get("Location", "")

    @task
    def train(self) -> None:
        game = self.rng.choice(GAMES)
        status, page, _ = self._send("fetch", "GET", f"/train/{game}/")
        if status < 0:
            return
        quiz = QUIZ_ID.search(page)
        assert quiz is not None
        form: dict[str, Any] = {
            "csrfmiddlewaretoken": self.cookies.get("csrftoken", ""),
            "quiz": quiz.group(1),
        }
        pick = PICK.search(page)
        if pick:  # a discard picked card by card
            form["card"] = self.rng.sample(CARD.findall(page), int(pick.group(1)))
        else:
            form["answer"] = self.rng.choice(CHOICE.findall(page))
        time.sleep(self.rng.uniform(*THINK))
        status, _, location = self._send("answer", "POST", f"/train/{game}/answer/", form)
        if status < 0 or not location:
            return
        self._send("verdict", "GET", location)


@events.quitting.add_listener
def _write_samples(environment: Any, **_kwargs: Any) -> None:
    path = os.environ.get("LOAD_SAMPLES")
    if path:
        with open(path, "w") as out:
            json.dump(SAMPLES, out)
