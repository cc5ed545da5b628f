"""Load benchmark: 50 learners in locust against gunicorn + PostgreSQL + Redis + a Celery worker.

Creates its own PostgreSQL database (`trainer_bench_load`, or BENCH_LOAD_DB when several
people share the server; dropped at the end) and uses its own
Redis database number (BENCH_REDIS, default db 11, emptied before and after), migrates, loads
the starter bank plus a synthetic bank (four games, shaped like docs/quizzes.md), starts one
Celery worker that generates quizzes for the whole run (jobs queued through the site's own
`create_job`), starts gunicorn on a free loopback port, and runs `bench/load_locust.py` headless:
each learner fetches a quiz, thinks a moment, answers it and opens the verdict, again and
again. Server time is the `Server-Timing` header (time inside Django); the client column adds
queueing in gunicorn and the loopback round trip. Every process it starts is stopped at the
end, also on an error or Ctrl-C. Writes the `Load` section of docs/performance.md; it measures
and never fails on a timing.

    python bench/load_bench.py [--users 50] [--seconds 60] [--workers 3] [--threads 2] [--repeat 1]
        [--mix api]

``--mix api`` runs the REST API's clients instead (`bench/load_api_locust.py`): learners with
tokens answering through /api/v1/ and working a class assignment, and one teacher polling the
assignment's results; it writes the `Load through the API` section.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import machine, stamp, table, update_section  # noqa: E402
from bench.train_bench import GAMES, free_port, percentile, quiz_line  # noqa: E402

# Its own database (dropped at the end); BENCH_LOAD_DB names another, so two engineers'
# runs on one machine do not drop each other's.
DB_NAME = os.environ.get("BENCH_LOAD_DB", "trainer_bench_load")
TARGET_P95_MS = 25.0
TARGET_ANSWERS = 100.0
BIN = Path(sys.executable).parent
# The worker generates these while the learners train, each queued GENERATION_ROUNDS times
# (a job holds at most 1000 quizzes; an idle machine's worker can finish two in a run).
GENERATION = [("wiezen", "play", "double_dummy"), ("skat", "play", "double_dummy")]
GENERATION_ROUNDS = 3
# What each mix runs: its locustfile, the rows of its table, which requests are answers, and
# the section of docs/performance.md it writes.
MIXES: dict[str, dict[str, Any]] = {
    "pages": {
        "locustfile": "load_locust.py",
        "rows": [
            ("fetch", "fetch a quiz (GET /train/<game>/)"),
            ("answer", "answer it (POST .../answer/)"),
            ("verdict", "see the verdict (GET /train/attempts/<id>/)"),
        ],
        "answers": ("answer",),
        "section": "Load",
    },
    "api": {
        "locustfile": "load_api_locust.py",
        "rows": [
            ("api fetch", "fetch a quiz (GET /api/v1/train/<game>/quiz/)"),
            ("api answer", "answer it, the verdict back (POST .../answer/)"),
            ("item fetch", "an assignment's next item (GET /api/v1/my/assignments/<id>/next/)"),
            ("item answer", "answer the item (POST .../answer/)"),
            ("results poll", "the teacher's results grid (GET /api/v1/assignments/<id>/results/)"),
        ],
        "answers": ("api answer", "item answer"),
        "section": "Load through the API",
    },
}


WHO = {
    "pages": "`bench/load_bench.py` (locust, `bench/load_locust.py`): {users} learners, each "
    "fetching a quiz in one of the four games, thinking {think}, answering it and opening the "
    "verdict, then thinking again;",
    "api": "`bench/load_bench.py --mix api` (locust, `bench/load_api_locust.py`): {users} API "
    "clients with tokens: one teacher reading an assignment's results grid every 1-2 s "
    "(sending its last ETag: 304 when nothing changed), the others learners, each fetching "
    "its quiz in one of the four games through /api/v1/, "
    "thinking {think} and answering it (the answer's response is the verdict), every fourth "
    "round the class assignment's next item instead until all 50 are answered; request "
    "rates counted in Redis but set out of the way;",
}


def cpu_seconds(pid: int) -> float:
    """Return the CPU seconds used so far by a process and all its children."""
    import psutil

    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0.0
    total = 0.0
    for proc in procs:
        try:
            times = proc.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def database_seconds() -> float:
    """Return the CPU seconds used so far by the PostgreSQL backends serving DB_NAME."""
    import psutil

    total = 0.0
    for proc in psutil.process_iter(["cmdline", "cpu_times"]):
        cmdline = " ".join(proc.info["cmdline"] or [])
        times = proc.info["cpu_times"]
        if cmdline.startswith("postgres:") and DB_NAME in cmdline and times is not None:
            total += times.user + times.system
    return total


def busy_jiffies() -> tuple[int, int]:
    """Return (busy, total) CPU jiffies of the whole machine from /proc/stat."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Services:
    """The processes of one run, each in its own process group, all stopped by ``stop``."""

    def __init__(self, logs: Path) -> None:
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.logs = logs

    def start(self, name: str, args: list[str], env: dict[str, str], nice: int = 0) -> None:
        prefix = ["nice", "-n", str(nice)] if nice else []
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        self.procs[name] = subprocess.Popen(
            prefix + args, cwd=ROOT, env=env, start_new_session=True, stdout=log, stderr=log
        )
        log.close()
        if nice:
            # With autogroup scheduling a new session competes as a whole with the others,
            # whatever its processes' nice level: lower the session's own weight too.
            with suppress(OSError):
                Path(f"/proc/{self.procs[name].pid}/autogroup").write_text(str(nice))

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                with suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        self.procs.clear()


@contextmanager
def stopped_on_signal() -> Iterator[None]:
    """Turn SIGTERM into SystemExit, so the cleanup in ``finally`` runs."""

    def _raise(signum: int, _frame: Any) -> None:
        raise SystemExit(128 + signum)

    old = signal.signal(signal.SIGTERM, _raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def pg(url: str, sql: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        cur = conn.execute(sql)
        return list(cur.fetchall()) if cur.description else []


def flush_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def wait_for(url: str, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=5).read()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def worker_class(opts: argparse.Namespace) -> str:
    """gthread (keeps connections alive) unless one thread and no class asked for: sync."""
    return opts.worker_class or ("gthread" if opts.threads > 1 else "sync")


def locust_args(base: str, users: int, seconds: float, mix: str = "pages") -> list[str]:
    locustfile = ROOT / "bench" / MIXES[mix]["locustfile"]
    return [str(BIN / "locust"), "-f", str(locustfile), "--headless",
            "--host", base, "--users", str(users), "--spawn-rate", str(users),
            "--run-time", f"{seconds:.0f}s", "--stop-timeout", "5", "--only-summary",
            "--loglevel", "WARNING"]  # fmt: skip


def prepare(env: dict[str, str], per_game: int, mix: str = "pages", users: int = 0) -> None:
    print(f"== database {DB_NAME}: migrate, static files, starter + synthetic bank", flush=True)
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    manage(env, "ensure_starter_bank", "--no-top-up")
    rng = random.Random(2026)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as bank:
        for game in GAMES:
            for n in range(1, per_game + 1):
                bank.write(json.dumps(quiz_line(game, n, rng)) + "\n")
    try:
        manage(env, "import_quizzes", bank.name)
    finally:
        os.unlink(bank.name)
    if mix == "api":
        setup = f"from bench.load_api_setup import main; main({env['LOAD_API']!r}, {users})"
        manage(env, "shell", "-c", setup)


def one_run(opts: argparse.Namespace, env: dict[str, str], db_url: str) -> dict[str, Any]:
    """Start worker and gunicorn, run locust once, stop everything; return the figures."""
    services = Services(opts.logs)
    samples = opts.logs / "samples.json"
    try:
        services.start(
            "worker",
            [str(BIN / "celery"), "-A", "config", "worker", "-Q", "solver,default",
             "--concurrency", "1", "--loglevel", "WARNING", "-n", f"load{os.getpid()}@%h",
             "--without-gossip", "--without-mingle"],
            env, nice=opts.worker_nice,
        )  # fmt: skip
        jobs = "; ".join(
            f"create_job(game={g!r}, kind={k!r}, mode={m!r}, count=1000)"
            for _ in range(GENERATION_ROUNDS)
            for g, k, m in GENERATION
        )
        manage(env, "shell", "-c", f"from trainer.generation import create_job; {jobs}")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        print(f"== gunicorn on {base}: {opts.workers} workers x {opts.threads} threads", flush=True)
        services.start(
            "gunicorn",
            [str(BIN / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
             "--workers", str(opts.workers), "--threads", str(opts.threads),
             "--worker-class", worker_class(opts),
             "--log-level", "warning", "--backlog", "512"],
            env,
        )  # fmt: skip
        if not wait_for(base + "/train/"):
            raise RuntimeError("gunicorn did not answer")
        made_before = pg(db_url, "SELECT count(*) FROM trainer_quiz WHERE job_id IS NOT NULL")[0][0]
        locust_env = {**env, "LOAD_SAMPLES": str(samples)}
        # Warm every gunicorn worker (imports, templates, connections), then measure.
        subprocess.run(
            locust_args(base, 8, 8, opts.mix), cwd=ROOT, env={**env, "LOAD_SAMPLES": ""},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
        )  # fmt: skip
        print(f"== locust: {opts.users} learners for {opts.seconds:.0f} s", flush=True)
        cpu_before = {n: cpu_seconds(p.pid) for n, p in services.procs.items()}
        cpu_before["PostgreSQL"] = database_seconds()
        load_start, jiffies_start = loadavg(), busy_jiffies()
        children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.monotonic()
        services.start("locust", locust_args(base, opts.users, opts.seconds, opts.mix), locust_env)
        services.procs["locust"].wait(timeout=opts.seconds + 120)
        wall = time.monotonic() - began
        cpu = {
            n: cpu_seconds(p.pid) - cpu_before[n]
            for n, p in services.procs.items()
            if n in cpu_before
        }
        cpu["PostgreSQL"] = database_seconds() - cpu_before["PostgreSQL"]
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu["locust"] = (children.ru_utime + children.ru_stime) - (
            children_before.ru_utime + children_before.ru_stime
        )
        busy_end, total_end = busy_jiffies()
        busy_share = (busy_end - jiffies_start[0]) / max(1, total_end - jiffies_start[1])
        load_end = loadavg()
        made = pg(db_url, "SELECT count(*) FROM trainer_quiz WHERE job_id IS NOT NULL")[0][0]
    finally:
        services.stop()
    return {
        "samples": json.loads(samples.read_text()) if samples.exists() else [],
        "wall": wall,
        "cpu": cpu,
        "busy": busy_share,
        "load": (load_start, load_end),
        "generated": made - made_before,
    }


def summarise(run: dict[str, Any], seconds: float, mix: str = "pages") -> dict[str, Any]:
    samples = run["samples"]
    rows = []
    every: list[float] = []
    for name, label in MIXES[mix]["rows"]:
        mine = [s for s in samples if s[0] == name]
        server = [s[2] for s in mine if s[2] is not None]
        client = [s[3] for s in mine]
        every += server
        rows.append(
            [label, len(mine), *(f"{percentile(server, q):.1f}" for q in (0.5, 0.95, 0.99)),
             f"{percentile(client, 0.95):.1f}", sum(1 for s in mine if s[4])]
        )  # fmt: skip
    errors = [s[4] for s in samples if s[4]]
    answered = sum(1 for s in samples if s[0] in MIXES[mix]["answers"] and not s[4])
    return {
        "rows": rows,
        "requests": len(samples),
        "rps": len(samples) / seconds,
        "answers": answered / seconds,
        "p50": percentile(every, 0.5),
        "p95": percentile(every, 0.95),
        "p99": percentile(every, 0.99),
        "errors": errors,
        "cpu_per_answer": (run["cpu"]["gunicorn"] + run["cpu"]["PostgreSQL"])
        * 1000
        / max(1, answered),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--per-game", type=int, default=1500, help="synthetic quizzes per game")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    # Two threads per worker (gthread, which keeps connections alive): on two cores the best of
    # 3x1 sync, 2x4 and 3x2 measured (docs/performance.md, "Third round").
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument(
        "--worker-class",
        choices=("sync", "gthread"),
        help="gunicorn worker class (default: gthread with more than one thread, else sync)",
    )
    parser.add_argument("--worker-nice", type=int, default=10, help="nice level of the worker")
    parser.add_argument("--repeat", type=int, default=1, help="runs, on one database")
    parser.add_argument(
        "--postgres", default=os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
    )
    parser.add_argument(
        "--redis", default=os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/11")
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="answered quizzes a second to offer, all learners together (an open loop: each "
        "learner starts a round at a fixed pace); 0, the default, a closed loop (think, answer)",
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--mix", choices=sorted(MIXES), default="pages", help="pages or api")
    opts = parser.parse_args()
    opts.logs = Path(tempfile.mkdtemp(prefix="load_bench_"))
    if not 1 <= opts.users <= 200 or not 5 <= opts.seconds <= 600 or not 1 <= opts.repeat <= 5:
        parser.error("--users must be 1..200, --seconds 5..600 and --repeat 1..5")
    if not 0 <= opts.rate <= 1000:
        parser.error("--rate must be 0..1000 answered quizzes a second")
    learners = opts.users - 1 if opts.mix == "api" else opts.users

    admin = f"{opts.postgres}/postgres"
    db_url = f"{opts.postgres}/{DB_NAME}"
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "REDIS_URL": opts.redis,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_LOG_LEVEL": "WARNING",
        "QUIZ_CHUNK_SECONDS": "5",
        "DATABASE_CONN_MAX_AGE": "600",  # keep the backends whose CPU is counted
        # The API's rates are counted (a cache round trip each) but set out of the way: this
        # measures serving, not refusing.
        "API_RATE_USER": "1000000/min",
        "API_RATE_ANON": "1000000/min",
        "LOAD_API": str(opts.logs / "api.json"),
        "LOAD_RATE": str(opts.rate),
        "LOAD_LEARNERS": str(max(1, learners)),
    }
    runs = []
    with stopped_on_signal():
        try:
            pg(admin, f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
            pg(admin, f'CREATE DATABASE "{DB_NAME}"')
            flush_redis(opts.redis)
            prepare(env, opts.per_game, opts.mix, opts.users)
            for n in range(opts.repeat):
                if n:
                    # Each run starts from the same bank and no learners.
                    tables = "trainer_attempt, trainer_skillrating, trainer_ratingpoint"
                    pg(
                        db_url,
                        f"TRUNCATE {tables}, trainer_reviewcard, django_session, "
                        "classes_assignmentanswer, api_clientstate",
                    )
                    flush_redis(opts.redis)
                runs.append(one_run(opts, env, db_url))
        finally:
            pg(admin, f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
            flush_redis(opts.redis)

    headers = ["request", "count", "server p50 ms", "server p95 ms", "server p99 ms",
               "client p95 ms", "errors"]  # fmt: skip
    think = (
        f"{os.environ.get('LOAD_THINK_MIN', '0.05')}-{os.environ.get('LOAD_THINK_MAX', '0.15')} s"
    )
    parts = [
        f"Measured {stamp()} on {machine()}.",
        "",
        WHO[opts.mix].format(users=opts.users, think=think)
        + " "
        + (
            f"offered at a fixed pace: {opts.rate:g} answered quizzes a second in all (each "
            f"learner starts a round every {max(1, learners) / opts.rate:.2f} s, thinking "
            "included, however fast the server answers, while it keeps up); "
            if opts.rate
            else ""
        )
        + f"{opts.seconds:.0f} s per run against gunicorn ("
        + (
            f"{opts.workers} gthread workers x {opts.threads} threads, keep-alive"
            if worker_class(opts) == "gthread"
            else f"{opts.workers} sync workers"
        )
        + ", debug off), PostgreSQL and "
        "Redis (cache and Celery broker) on this machine, with one Celery worker "
        f"(at nice {opts.worker_nice}) generating quizzes all the while. The bank holds the "
        f"starter bank plus {opts.per_game} synthetic quizzes per game. Server time is the "
        "`Server-Timing` header (time inside Django); the client column adds queueing in "
        "gunicorn and the loopback round trip. The machine is shared with other developers' "
        "test runs: the load average and the machine's busy share during each run are shown.",
    ]
    for n, run in enumerate(runs, start=1):
        s = summarise(run, opts.seconds, opts.mix)
        cpu = ", ".join(f"{name} {secs:.1f} s" for name, secs in run["cpu"].items())
        verdict = (
            "meets"
            if s["p95"] <= TARGET_P95_MS and s["answers"] >= TARGET_ANSWERS and not s["errors"]
            else "misses"
        )
        parts += [
            "",
            f"Run {n}: load average {run['load'][0]} at start, {run['load'][1]} at the end; "
            f"machine busy {run['busy']:.0%} of both cores; CPU used by {cpu}; the worker "
            f"stored {run['generated']} generated quizzes during the run.",
            "",
            table(headers, s["rows"]),
            "",
            f"All requests: {s['requests']} in {opts.seconds:.0f} s ({s['rps']:.1f} requests/s), "
            f"server p50 {s['p50']:.1f} ms, p95 {s['p95']:.1f} ms, p99 {s['p99']:.1f} ms; "
            f"{s['answers']:.1f} answered quizzes/s, {s['cpu_per_answer']:.0f} CPU ms of gunicorn "
            f"and PostgreSQL per answered quiz; {len(s['errors'])} errors ({verdict} the "
            f"target: p95 at most {TARGET_P95_MS:.0f} ms, at least {TARGET_ANSWERS:.0f} answers/s, "
            "no errors).",
        ]
        if s["errors"]:
            parts.append("First errors: " + "; ".join(sorted(set(s["errors"]))[:5]) + ".")
    body = "\n".join(parts)
    print(body)
    if all(run["samples"] for run in runs):
        shutil.rmtree(opts.logs, ignore_errors=True)
    else:
        print(f"a run recorded nothing: the logs of its processes are in {opts.logs}")
    if not opts.no_write:
        section = MIXES[opts.mix]["section"]
        update_section(section, body)
        print(f"docs/performance.md updated (section: {section})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
