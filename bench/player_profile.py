"""Profile the player's hot path in one process: CPU ms and queries per request, where CPU goes.

Drives the site's own WSGI application (as gunicorn does, without the network) through
rounds of the load bench (fetch a quiz, answer it, open the verdict) for a few learners in
the four games, on a bank like the load bench's. It reports per request kind the median
process CPU ms (``time.process_time``, which counts only this process, so a busy machine
slows it far less than wall time), the queries sent, and with ``--profile`` the functions
that took the most CPU (cProfile, cumulative). Nothing is timed in tests; this is a tool.

Needs DATABASE_URL (PostgreSQL, a database of your own: it is migrated and the bank loaded
once, ``--prepare``) and optionally REDIS_URL (cache and sessions as the scaled-out site).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/trainer_me REDIS_URL=redis://127.0.0.1:6379/6 \
        python bench/player_profile.py --prepare --rounds 60 [--profile fetch]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import sys
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.profiling import Meter, configure  # noqa: E402

configure()

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
QUIZ_ID = re.compile(r'data-quiz="(\d+)"')
CHOICE = re.compile(r'name="answer" value="([^"]+)"')
CARD = re.compile(r'name="card" value="([^"]+)"')
PICK = re.compile(r'data-pick="(\d+)"')


class Browser:
    """One learner calling the WSGI application directly, with its own cookies."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.cookies: dict[str, str] = {}

    def send(
        self, method: str, url: str, form: dict[str, Any] | None = None
    ) -> tuple[int, str, str]:
        parts = urlsplit(url)
        body = urlencode(form, doseq=True).encode() if form is not None else b""
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": parts.path,
            "QUERY_STRING": parts.query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "HTTP_HOST": "127.0.0.1",
            "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_COOKIE": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
        }
        if form is not None:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
        captured: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]], *_: Any) -> None:
            captured["status"] = int(status.split()[0])
            captured["headers"] = headers

        chunks = self.app(environ, start_response)
        text = b"".join(chunks).decode()
        if hasattr(chunks, "close"):
            chunks.close()
        location = ""
        for key, value in captured["headers"]:
            if key == "Set-Cookie":
                parsed: SimpleCookie = SimpleCookie()
                parsed.load(value)
                for name, morsel in parsed.items():
                    self.cookies[name] = morsel.value
            elif key == "Location":
                location = value
        return captured["status"], text, location


def prepare(per_game: int) -> None:
    from django.core.management import call_command

    from bench.load_bench import quiz_line

    print("== migrate, starter bank, synthetic bank", flush=True)
    call_command("migrate", "--noinput", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    call_command("ensure_starter_bank", "--no-top-up", verbosity=0)
    from trainer.models import Quiz

    if Quiz.objects.filter(rule_ref="benchmark").exists():
        return
    import json
    import tempfile

    rng = random.Random(2026)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as bank:
        for game in GAMES:
            for n in range(1, per_game + 1):
                bank.write(json.dumps(quiz_line(game, n, rng)) + "\n")
    try:
        call_command("import_quizzes", bank.name, verbosity=0)
    finally:
        os.unlink(bank.name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prepare", action="store_true", help="migrate and load the bank")
    parser.add_argument("--per-game", type=int, default=1500)
    parser.add_argument("--learners", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=40, help="rounds measured per learner")
    parser.add_argument("--warm", type=int, default=3, help="rounds per learner not measured")
    parser.add_argument("--profile", choices=("fetch", "answer", "verdict", "all"))
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--sql", action="store_true", help="print the queries of the last round")
    parser.add_argument(
        "--server-binding",
        action="store_true",
        help="try psycopg's server-side parameter binding (PostgreSQL then prepares statements)",
    )
    opts = parser.parse_args()

    import django

    django.setup()
    from django.core.wsgi import get_wsgi_application
    from django.db import connection

    if opts.server_binding:
        connection.settings_dict.setdefault("OPTIONS", {})["server_side_binding"] = True
        connection.close()
    if opts.prepare:
        prepare(opts.per_game)
    app = get_wsgi_application()
    rng = random.Random(7)
    learners = [Browser(app) for _ in range(opts.learners)]
    meter = Meter(("fetch", "answer", "verdict"), opts.profile)

    def timed(kind: str, measured: bool, *args: Any) -> tuple[int, str, str]:
        browser, method, url, *form = args
        return meter.call(kind, measured, browser.send, method, url, *form)

    errors = 0
    for n in range(opts.warm + opts.rounds):
        measured = n >= opts.warm
        if n == opts.warm:
            meter.start_backend()
        for browser in learners:
            game = rng.choice(GAMES)
            status, page, _ = timed("fetch", measured, browser, "GET", f"/train/{game}/")
            quiz = QUIZ_ID.search(page)
            if status != 200 or quiz is None:
                errors += 1
                continue
            form: dict[str, Any] = {
                "csrfmiddlewaretoken": browser.cookies.get("csrftoken", ""),
                "quiz": quiz.group(1),
            }
            pick = PICK.search(page)
            if pick:
                form["card"] = rng.sample(CARD.findall(page), int(pick.group(1)))
            else:
                form["answer"] = rng.choice(CHOICE.findall(page))
            status, _, location = timed(
                "answer", measured, browser, "POST", f"/train/{game}/answer/", form
            )
            if status != 302:
                errors += 1
                continue
            status, _, _ = timed("verdict", measured, browser, "GET", location)
            errors += status != 200

    print(f"load {os.getloadavg()[0]:.1f}; {opts.learners} learners x {opts.rounds} rounds; "
          f"errors {errors}")  # fmt: skip
    meter.report(8, opts.rounds * opts.learners, "round", opts.sql, opts.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
