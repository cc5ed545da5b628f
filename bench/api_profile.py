"""Profile the API's hot path in one process: CPU ms and queries per request type.

Drives the site's own WSGI application (as gunicorn does, without the network) through the
requests of `bench/load_bench.py --mix api`: learners with tokens fetch a quiz in one of the
four games and answer it, and work a class assignment (next item, its answer); the class's
teacher reads the results grid once per round of all learners. The class has as many pupils
and the set as many items as the load bench's (49 and 50), so the grid is as large. Reports
per request type the median process CPU ms (``time.process_time``: this process only, so a
busy machine slows it far less than wall time) and the queries sent, and with ``--profile``
where the CPU went (cProfile). Nothing is timed in tests; this is a tool.

Needs DATABASE_URL (PostgreSQL, a database of your own, prepared once with
`bench/player_profile.py --prepare`) and optionally REDIS_URL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/trainer_me REDIS_URL=redis://127.0.0.1:6379/6 \
        python bench/api_profile.py --rounds 30 [--profile grid]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.profiling import Meter, configure  # noqa: E402

# The load bench sets request rates out of the way; so does this. One connection for the
# whole run, so that its PostgreSQL backend's CPU can be read.
configure(API_RATE_USER="1000000/min", DATABASE_CONN_MAX_AGE="86400")

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
KINDS = ("fetch", "answer", "item fetch", "item answer", "grid", "grid again")


def call(app: Any, token: str, method: str, url: str, body: Any = None, **headers: str) -> Any:
    """Send one request to the WSGI application; return (status, headers, decoded JSON)."""
    parts = urlsplit(url)
    raw = json.dumps(body).encode() if body is not None else b""
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
        "wsgi.input": io.BytesIO(raw),
        "wsgi.errors": sys.stderr,
        "CONTENT_LENGTH": str(len(raw)),
        "HTTP_AUTHORIZATION": f"Token {token}",
        "HTTP_ACCEPT": "application/json",
        **{f"HTTP_{k.upper()}": v for k, v in headers.items()},
    }
    if body is not None:
        environ["CONTENT_TYPE"] = "application/json"
    captured: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], *_: Any) -> None:
        captured["status"] = int(status.split()[0])
        captured["headers"] = dict(headers)

    chunks = app(environ, start_response)
    text = b"".join(chunks)
    if hasattr(chunks, "close"):
        chunks.close()
    data = json.loads(text) if text else None
    return captured["status"], captured["headers"], data


def set_up(pupils: int, active: int, filled: int) -> dict[str, Any]:
    """A teacher, a class of pupils with tokens, a set of the first wiezen quizzes assigned;
    the pupils past the ``active`` ones have answered the first ``filled`` items already (as
    in the load bench's grid after a while)."""
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    from classes import roster, sets, work
    from classes.models import AssignmentAnswer
    from classes.sets import MAX_ITEMS
    from trainer.models import Attempt, Quiz

    tag = uuid.uuid4().hex[:8]
    teacher = User.objects.create_user(f"prof-teacher-{tag}", "t@example.org", "x")
    roster.make_teacher(teacher)
    school_class = roster.create_class(teacher, f"Profile {tag}")
    tokens = []
    for n in range(pupils):
        user = User.objects.create_user(f"prof-{tag}-{n}", f"p{n}@example.org", "x")
        roster.join_class(user, school_class.join_code)
        tokens.append(Token.objects.create(user=user).key)
    exercise_set = sets.create_set(teacher, f"Profile set {tag}")
    quizzes = Quiz.objects.filter(game="wiezen").order_by("id").values_list("pk", flat=True)
    sets.pick(teacher, exercise_set.pk, list(quizzes[:MAX_ITEMS]))
    assignment = work.assign(teacher, school_class.pk, exercise_set.pk, None)
    rng = random.Random(3)
    items = list(exercise_set.items.select_related("quiz").order_by("order")[:filled])
    for user in User.objects.filter(username__startswith=f"prof-{tag}-").order_by("id")[active:]:
        for item in items:
            answer = str(rng.choice(item.quiz.candidates)["answer"])
            attempt = Attempt.objects.create(
                user=user, quiz=item.quiz, game="wiezen", answer=answer, correct=rng.random() < 0.6,
                first=True, quiz_rating=item.quiz.rating, seconds=rng.uniform(3, 30),
            )  # fmt: skip
            AssignmentAnswer.objects.create(
                assignment=assignment, item=item, pupil=user, attempt=attempt, answer=answer,
                correct=attempt.correct, seconds=attempt.seconds, rating_before=1500.0,
                rating_after=1500.0 + rng.uniform(-10, 10),
            )  # fmt: skip
    teacher_token = Token.objects.create(user=teacher).key
    return {"learners": tokens, "teacher": teacher_token, "assignment": assignment.pk}


def _choice(rng: random.Random, quiz: dict[str, Any]) -> dict[str, Any]:
    if quiz["picker"]:
        return {"cards": rng.sample(quiz["picker"]["cards"], quiz["picker"]["size"])}
    return {"answer": rng.choice(quiz["choices"])["answer"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pupils", type=int, default=49, help="pupils in the class")
    parser.add_argument("--learners", type=int, default=4, help="pupils sending requests")
    parser.add_argument("--filled", type=int, default=25, help="items the others have answered")
    parser.add_argument("--rounds", type=int, default=30, help="rounds measured per learner")
    parser.add_argument("--warm", type=int, default=3, help="rounds per learner not measured")
    parser.add_argument("--profile", choices=(*KINDS, "all"))
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--sql", action="store_true", help="print the queries of the last round")
    opts = parser.parse_args()

    import django

    django.setup()
    from django.core.wsgi import get_wsgi_application

    setup = set_up(opts.pupils, opts.learners, opts.filled)
    app = get_wsgi_application()
    rng = random.Random(7)
    learners = setup["learners"][: opts.learners]
    meter = Meter(KINDS, opts.profile)

    def timed(kind: str, measured: bool, *args: Any, **headers: str) -> Any:
        return meter.call(kind, measured, call, app, *args, **headers)

    errors = 0
    base = f"/api/v1/my/assignments/{setup['assignment']}"
    grid_url = f"/api/v1/assignments/{setup['assignment']}/results/"
    for n in range(opts.warm + opts.rounds):
        measured = n >= opts.warm
        if n == opts.warm:
            meter.start_backend()
        for token in learners:
            game = rng.choice(GAMES)
            status, _, quiz = timed("fetch", measured, token, "GET", f"/api/v1/train/{game}/quiz/")
            if status != 200:
                errors += 1
                continue
            body = {"quiz": quiz["quiz"], **_choice(rng, quiz)}
            status, _, _ = timed(
                "answer", measured, token, "POST", f"/api/v1/train/{game}/answer/", body
            )
            errors += status != 201
            status, _, item = timed("item fetch", measured, token, "GET", f"{base}/next/")
            if status == 404:
                continue  # every item answered
            if status != 200:
                errors += 1
                continue
            body = {"item": item["item"], **_choice(rng, item["quiz"])}
            status, _, _ = timed("item answer", measured, token, "POST", f"{base}/answer/", body)
            errors += status != 201
        status, headers, _ = timed("grid", measured, setup["teacher"], "GET", grid_url)
        errors += status != 200
        tag = headers.get("ETag")
        if tag:  # the poll again with nothing changed
            status, _, _ = timed(
                "grid again", measured, setup["teacher"], "GET", grid_url, if_none_match=tag
            )
            errors += status != 304

    print(f"load {os.getloadavg()[0]:.1f}; {len(learners)} learners x {opts.rounds} rounds, "
          f"class of {opts.pupils}; errors {errors}")  # fmt: skip
    meter.report(12, opts.rounds * len(learners), "learner round", opts.sql, opts.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
