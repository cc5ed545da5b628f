"""What the in-process profile tools share (``player_profile.py``, ``api_profile.py``).

``configure()`` sets the site's production-like settings before Django starts; a ``Meter``
counts, per request kind, the process CPU ms (``time.process_time``) and the queries of
each measured call, the PostgreSQL backend's CPU (on this machine), optionally a cProfile of
one kind, and prints them. Nothing is timed in tests; these are tools.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def configure(**extra: str) -> None:
    """Set the environment the profiles run the site with (debug off, quiet logs)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "false")
    os.environ.setdefault("DJANGO_SECRET_KEY", "profile-only-" + "x" * 40)
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1")
    os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "false")
    os.environ.setdefault("DJANGO_HSTS_SECONDS", "0")
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    for name, value in extra.items():
        os.environ.setdefault(name, value)


class Meter:
    """Per request kind: CPU ms and queries of every measured call, the last call's SQL."""

    def __init__(self, kinds: Sequence[str], profile: str | None) -> None:
        from django.db import connection

        self.connection = connection
        self.cpu: dict[str, list[float]] = {k: [] for k in kinds}
        self.queries: dict[str, list[int]] = {k: [] for k in kinds}
        self.last_sql: dict[str, list[str]] = {}
        self.profile = profile
        self.profiler = cProfile.Profile(time.process_time) if profile else None
        self.backend: Any = None
        self.backend_start = 0.0
        if connection.vendor == "postgresql":
            import psutil

            with connection.cursor() as cur:
                cur.execute("SELECT pg_backend_pid()")
                self.backend = psutil.Process(cur.fetchone()[0])  # on this machine

    def call(
        self, kind: str, measured: bool, send: Callable[..., Any], *args: Any, **kw: Any
    ) -> Any:
        """Return ``send(*args, **kw)``, counting it under ``kind`` when ``measured``."""
        from django.test.utils import CaptureQueriesContext

        prof = self.profiler if measured and self.profile in (kind, "all") else None
        with CaptureQueriesContext(self.connection) as captured:
            start = time.process_time()
            if prof:
                prof.enable()
            out = send(*args, **kw)
            if prof:
                prof.disable()
            spent = (time.process_time() - start) * 1000
        if measured:
            self.cpu[kind].append(spent)
            self.queries[kind].append(len(captured.captured_queries))
            self.last_sql[kind] = [q["sql"] for q in captured.captured_queries]
        return out

    def start_backend(self) -> None:
        """Start counting the PostgreSQL backend's CPU (when the measured rounds begin)."""
        if self.backend is not None:
            times = self.backend.cpu_times()
            self.backend_start = times.user + times.system

    def report(self, width: int, rounds: int, label: str, sql: bool, top: int) -> None:
        """Print each kind's median and mean CPU ms and its queries, the sum of the medians,
        the backend's CPU per ``rounds``, and (asked for) the last SQL and the profile."""
        total = 0.0
        for kind, spent in self.cpu.items():
            if not spent:
                continue
            med = statistics.median(spent)
            total += med
            q = self.queries[kind]
            print(f"{kind:{width}s} CPU ms median {med:6.2f}  mean {statistics.fmean(spent):6.2f}  "
                  f"queries {min(q)}-{max(q)} (median {statistics.median(q):.0f})")  # fmt: skip
        print(f"{'round':{width}s} CPU ms (sum of medians) {total:.2f}")
        if self.backend is not None:
            times = self.backend.cpu_times()
            used = (times.user + times.system - self.backend_start) * 1000 / rounds
            print(f"PostgreSQL backend CPU ms per {label} {used:.2f}")
        if sql:
            for kind, sqls in self.last_sql.items():
                print(f"-- {kind}: {len(sqls)} queries")
                for text in sqls:
                    print("   ", text[:300])
        if self.profiler is not None:
            for order in ("cumulative", "tottime"):
                out = io.StringIO()
                pstats.Stats(self.profiler, stream=out).sort_stats(order).print_stats(top)
                print(out.getvalue())
