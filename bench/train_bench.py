"""Benchmark the training pages: fetching and answering quizzes under concurrent learners.

Creates a throwaway PostgreSQL database (dropped at the end), migrates it, imports a
synthetic bank of quizzes (four games, shaped like docs/quizzes.md), starts gunicorn on a
free loopback port, and runs simulated visitors in threads. Each visitor opens the player,
answers the quiz it shows, and opens the verdict page, round after round. Server time is read
from the `Server-Timing` header the site adds (time spent inside Django, without queueing in
gunicorn); the client-side round trip is shown beside it. Writes the `## Training pages`
section of docs/performance.md. It measures; it never fails on a timing.

    python bench/train_bench.py [--users 20] [--rounds 25] [--seconds 60]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import machine, stamp, table, update_section  # noqa: E402
from games.cards import deck_for  # noqa: E402
from games.position import (  # noqa: E402
    FORMAT_VERSION,
    POSITIONS,
    Call,
    Trick,
    deal_record,
    settings_json,
)

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
TIMING = re.compile(r"app;dur=([0-9.]+)")
QUIZ_ID = re.compile(r'data-quiz="(\d+)"')
CHOICE = re.compile(r'name="answer" value="([^"]+)"')
TARGET_MS = 100.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# A contract of each game, as its generators record it, for the synthetic positions.
CONTRACTS: dict[str, dict[str, Any]] = {
    "skat": {
        "name": "clubs", "game": "clubs", "declarer": 0, "bid": 18, "trump": "C", "hand": False,
        "ouvert": False, "schneider_announced": False, "schwarz_announced": False,
    },
    "beyond": {
        "bid": "7S", "level": 7, "strain": "S", "trump": "S", "declarer": "N", "raised": 0,
        "text": "7S by N", "targets": {},
    },
    "five_hundred": {
        "bid": "7S", "name": "7 spades", "declarer": "N", "team": ["N", "S"], "side": "NS",
        "trump": "S", "misere": False, "open": False, "sitting_out": None, "tricks_needed": 7,
        "value": 140,
    },
    "wiezen": {
        "kind": "ask_join", "declarers": ["N", "S"], "trump": "S", "target": 8,
        "first_leader": "E", "lead_card": None, "open_hands": False,
        "description": "ask/join N+S in S for 8 tricks",
    },
}  # fmt: skip


def quiz_line(game: str, n: int, rng: random.Random) -> dict[str, Any]:
    """Return one synthetic quiz in the exchange format: the first card of a deal to follow,
    all hands shown, values made up. The position is built through the typed record."""
    record_class = POSITIONS[game]
    seats = list(record_class.SEATS)
    cards = [str(c) for c in deck_for(game).shuffled(n)]
    size = {"skat": 10, "five_hundred": 10}.get(game, 13)
    dealt = {s: cards[i * size : (i + 1) * size] for i, s in enumerate(seats)}
    stock = cards[len(seats) * size :]
    leader, me = seats[0], seats[1]
    lead = dealt[leader][0]
    held = {s: [c for c in h if c != lead] for s, h in dealt.items()}
    facts: dict[str, Any] = {"skat": {"seat_name": "middlehand"}, "five_hundred": {}}.get(game, {})
    position = record_class(
        seat=me,
        dealer=seats[-1],
        question="play",
        hands={str(s): tuple(h) for s, h in held.items()},
        hidden=(),
        contract=CONTRACTS[game],
        auction=(Call(seats[0], "pass"), Call(seats[1], "pass")),
        trick=Trick(((leader, lead),)),
        tricks_left=size,
        rules=settings_json(record_class.SETTINGS),
        deal=deal_record(dealt, held, stock),
        **facts,
    ).to_json()
    mine = held[me][:5]
    values = sorted((rng.randint(0, 5) for _ in mine), reverse=True)
    values[0] = values[1] + 1  # one clear best answer
    return {
        "version": FORMAT_VERSION,
        "game": game,
        "kind": "play",
        "mode": "double_dummy",
        "prompt": f"Benchmark decision {n}: which card do you play?",
        "position": position,
        "candidates": [
            {
                "answer": card,
                "value": value,
                "accepted": i == 0,
                "refutation": "" if i == 0 else "loses tricks",
                "line": [] if i == 0 else [card, held[leader][1]],
            }
            for i, (card, value) in enumerate(zip(mine, values, strict=True))
        ],
        "unit": "tricks",
        "themes": [rng.choice(["cash", "duck", "finesse", "ruff"])],
        "rating": min(3000.0, max(100.0, rng.gauss(1500, 250))),
        "rule_ref": "benchmark",
        "seed": n,
    }


class Visitor(threading.Thread):
    """One simulated learner with its own cookies, answering quizzes round after round."""

    def __init__(self, base: str, rounds: int, deadline: float, seed: int) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.rounds = rounds
        self.deadline = deadline
        self.rng = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.samples: dict[str, list[tuple[float, float]]] = {
            "fetch": [],
            "answer": [],
            "verdict": [],
        }
        self.errors: list[str] = []
        self.opener = urllib.request.build_opener(NoRedirect())

    def request(
        self, kind: str, path: str, data: dict[str, str] | None = None
    ) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body)
        if self.cookies:
            req.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        start = time.perf_counter()
        try:
            response = self.opener.open(req, timeout=30)
        except urllib.error.HTTPError as exc:
            response = exc
        text = response.read().decode()
        client_ms = (time.perf_counter() - start) * 1000
        for header in response.headers.get_all("Set-Cookie") or []:
            # The site runs with secure cookies (debug off); over loopback http we keep them
            # ourselves instead of letting a cookie jar drop them.
            parsed: SimpleCookie = SimpleCookie()
            parsed.load(header)
            for key, morsel in parsed.items():
                self.cookies[key] = morsel.value
        match = TIMING.search(response.headers.get("Server-Timing", ""))
        if match:
            self.samples[kind].append((float(match.group(1)), client_ms))
        return response.status, text, response.headers.get("Location", "")

    def run(self) -> None:
        for n in range(self.rounds):
            if time.monotonic() > self.deadline:
                return
            game = GAMES[(n + self.rng.randrange(4)) % 4]
            status, page, _ = self.request("fetch", f"/train/{game}/")
            quiz, choices = QUIZ_ID.search(page), CHOICE.findall(page)
            if status != 200 or quiz is None or not choices:
                self.errors.append(f"GET /train/{game}/ -> {status}, no quiz")
                continue
            form = {
                "csrfmiddlewaretoken": self.cookies.get("csrftoken", ""),
                "quiz": quiz.group(1),
                "answer": self.rng.choice(choices),
            }
            status, _, location = self.request("answer", f"/train/{game}/answer/", form)
            if status != 302:
                self.errors.append(f"POST answer -> {status}")
                continue
            status, _, _ = self.request("verdict", location)
            if status != 200:
                self.errors.append(f"GET {location} -> {status}")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=25, help="quizzes each user answers")
    parser.add_argument("--seconds", type=float, default=90.0, help="stop the users after this")
    parser.add_argument("--per-game", type=int, default=250, help="quizzes in the bank per game")
    # One single-threaded worker per core: a request then runs without sharing its core, so
    # the server time is the work of one request, and waiting shows in the client column.
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker")
    parser.add_argument(
        "--postgres", default=os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    opts = parser.parse_args()
    if not 1 <= opts.users <= 100 or not 1 <= opts.rounds <= 1000:
        parser.error("--users must be 1..100 and --rounds 1..1000")

    import psycopg

    name = f"train_bench_{os.getpid()}"
    admin = f"{opts.postgres}/postgres"
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as exc:
        print(f"PostgreSQL is not reachable at {opts.postgres}: {exc}")
        return 1
    env = {
        **os.environ,
        "DATABASE_URL": f"{opts.postgres}/{name}",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_LOG_LEVEL": "WARNING",
    }
    env.pop("REDIS_URL", None)
    server = None
    try:
        print(f"== database {name}: migrate, collect static files, import the bank", flush=True)
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")
        rng = random.Random(2026)
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as bank:
            for game in GAMES:
                for n in range(1, opts.per_game + 1):
                    bank.write(json.dumps(quiz_line(game, n, rng)) + "\n")
        manage(env, "import_quizzes", bank.name)
        os.unlink(bank.name)

        port = free_port()
        base = f"http://127.0.0.1:{port}"
        print(f"== gunicorn on {base}: {opts.workers} workers x {opts.threads} threads", flush=True)
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi:application",
             "--bind", f"127.0.0.1:{port}", "--workers", str(opts.workers),
             "--threads", str(opts.threads), "--worker-class", "gthread", "--log-level", "warning"],
            cwd=ROOT, env=env, start_new_session=True,
        )  # fmt: skip
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/train/", timeout=10).read()
                break
            except OSError:  # not listening yet, or still booting (URLError is an OSError)
                time.sleep(0.2)
        else:
            print("gunicorn did not answer")
            return 1
        # Warm every worker (imports, template cache, connections) before measuring.
        warm = [Visitor(base, 4, time.monotonic() + 60, seed=-i) for i in range(2 * opts.workers)]
        for visitor in warm:
            visitor.start()
        for visitor in warm:
            visitor.join(90)

        print(f"== {opts.users} users x {opts.rounds} rounds (at most {opts.seconds:.0f} s)")
        deadline = time.monotonic() + opts.seconds
        users = [Visitor(base, opts.rounds, deadline, seed=i + 1) for i in range(opts.users)]
        began = time.monotonic()
        for user in users:
            user.start()
        for user in users:
            user.join(opts.seconds + 60)
        wall = time.monotonic() - began
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    rows = []
    everything: list[float] = []
    for kind, label in (("fetch", "fetch a quiz (GET /train/<game>/)"),
                        ("answer", "answer it (POST .../answer/)"),
                        ("verdict", "see the verdict (GET /train/attempts/<id>/)")):  # fmt: skip
        server_ms = [s for u in users for s, _ in u.samples[kind]]
        client_ms = [c for u in users for _, c in u.samples[kind]]
        everything += server_ms
        shares = [(server_ms, 0.5), (server_ms, 0.95), (client_ms, 0.95)]
        rows.append([label, len(server_ms), *(f"{percentile(v, q):.1f}" for v, q in shares)])
    errors = [e for u in users for e in u.errors]
    p95 = percentile(everything, 0.95)
    answered = sum(len(u.samples["answer"]) for u in users)
    verdict = "meets" if p95 < TARGET_MS else "misses"
    body = "\n".join(
        [
            f"Measured {stamp()} on {machine()}.",
            "",
            f"`bench/train_bench.py`: {opts.users} concurrent simulated visitors, each answering "
            f"up to {opts.rounds} quizzes, against gunicorn ({opts.workers} workers x "
            f"{opts.threads} threads, debug off) and PostgreSQL on this machine, bank of "
            f"{opts.per_game * len(GAMES)} quizzes. Server time is the `Server-Timing` header "
            "(time inside Django: sessions, queries, grading, rendering); the client column adds "
            "queueing in gunicorn and the loopback round trip.",
            "",
            table(["request", "count", "server p50 ms", "server p95 ms", "client p95 ms"], rows),
            "",
            f"All requests: server p95 {p95:.1f} ms ({verdict} the {TARGET_MS:.0f} ms target); "
            f"{answered} answers in {wall:.1f} s ({answered / wall:.1f} answers/s); "
            f"{len(errors)} errors.",
        ]
    )
    print(body)
    if errors:
        print("first errors:", *errors[:5], sep="\n  ")
    if not opts.no_write:
        update_section("Training pages", body)
        print("docs/performance.md updated (section: Training pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
