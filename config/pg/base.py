"""Django's PostgreSQL backend, with its per-request health check skipped while fresh.

With ``CONN_HEALTH_CHECKS`` Django sends a ``SELECT 1`` before the first query of every
request that reuses a connection: one more round trip on each of the API's requests (about a
tenth of a request's time in the web process under load, docs/performance.md). This backend
skips that check when the same connection finished a request cleanly (queries run, no error)
less than ``DATABASE_HEALTH_CHECK_FRESH`` seconds ago (default 1; 0 checks every request, as
Django does). A connection idle for longer is checked as before. A server that goes away
within that second fails the next request's first query, as a failure in the middle of a
request always could; Django then finds the connection unusable at the request's end and
closes it, so the request after it connects afresh.
"""

from __future__ import annotations

import time

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    _clean_at = float("-inf")

    def close_if_unusable_or_obsolete(self) -> None:
        # Called when a request starts and ends. At the end of one that ran queries (the
        # check was done or skipped) without an error, the connection is known to work now.
        clean = self.connection is not None and self.health_check_done and not self.errors_occurred
        super().close_if_unusable_or_obsolete()
        if clean and self.connection is not None:
            self._clean_at = time.monotonic()

    def close_if_health_check_failed(self) -> None:
        if (
            self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and time.monotonic() - self._clean_at < self.settings_dict.get("HEALTH_CHECK_FRESH", 1)
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def close(self) -> None:
        self._clean_at = float("-inf")
        super().close()
