"""An optional Redis cache: when Redis fails, reads miss and writes are dropped, never a 500.

The site only caches what it can compute again (the theme lists), so a cache that is down
must cost time, not answers. After a failure the cache stays out of the way for
``retry_seconds`` (every call misses at once), so a Redis that hangs or refuses does not
slow every request by a connection timeout. Sessions, the broker and the job rows never
live in this cache.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


def cache_settings(url: str, timeout_seconds: float, retry_seconds: float = 5.0) -> dict[str, Any]:
    """Return the CACHES entry for an optional Redis cache at ``url``."""
    return {
        "BACKEND": "config.cache.OptionalRedisCache",
        "LOCATION": url,
        "OPTIONS": {
            "socket_connect_timeout": timeout_seconds,
            "socket_timeout": timeout_seconds,
            "retry_seconds": retry_seconds,
        },
    }


class ReusedClientRedisCacheClient(RedisCacheClient):
    """Django's Redis cache client, keeping one ``redis.Redis`` per connection pool.

    Django's builds a new client object for every cache call (about a tenth of a
    millisecond of CPU each, several calls per page); a client is a thin, thread-safe handle
    on its pool, so one per pool serves every call and thread of the process.
    """

    def __init__(self, servers: Any, **options: Any) -> None:
        super().__init__(servers, **options)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class OptionalRedisCache(RedisCache):
    """Django's Redis cache with every Redis error turned into a miss (and logged once)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        self.retry_seconds = float(options.pop("retry_seconds", 5.0))
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = ReusedClientRedisCacheClient
        self._down_until = 0.0
        self._last_error = ""
        self._lock = threading.Lock()

    @property
    def available(self) -> bool:
        """Return whether the cache is tried at all (False for a while after a failure)."""
        return time.monotonic() >= self._down_until

    def _failed(self, exc: Exception) -> None:
        with self._lock:
            first = self.available
            self._last_error = type(exc).__name__
            self._down_until = time.monotonic() + self.retry_seconds
        if first:
            log.warning(
                "cache unavailable (%s); serving without it for %.0f s",
                type(exc).__name__,
                self.retry_seconds,
            )

    def _call(self, default: Any, method: str, *args: Any, **kwargs: Any) -> Any:
        if not self.available:
            return default
        try:
            return getattr(super(), method)(*args, **kwargs)
        except RedisError as exc:
            self._failed(exc)
            return default

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._call(default, "get", key, default, version)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._call({}, "get_many", keys, version)

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._call(False, "has_key", key, version)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._call(None, "set", key, value, timeout, version)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call(False, "add", key, value, timeout, version)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call(list(data), "set_many", data, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call(False, "touch", key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> Any:
        return self._call(False, "delete", key, version)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._call(None, "delete_many", keys, version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        # A counter cannot be made up: an unreachable cache is "no such key", as Django's is.
        if not self.available:
            raise ValueError(f"Key '{key}' not found (the cache is unavailable)")
        try:
            return super().incr(key, delta, version)
        except RedisError as exc:
            self._failed(exc)
            raise ValueError(f"Key '{key}' not found (the cache is unavailable)") from None

    def count_in_window(self, key: str, seconds: int) -> int | None:
        """Add one to the counter ``key`` (the cache's own prefix applied) that expires after
        ``seconds``, and return its count: INCR and EXPIRE in one round trip. None when the
        cache is out of the way or fails (the caller decides what a missing count means)."""
        if not self.available:
            return None
        name = self.make_and_validate_key(key)
        try:
            pipe = self._cache.get_client(write=True).pipeline(transaction=False)
            pipe.incr(name)
            pipe.expire(name, seconds)
            return int(pipe.execute()[0])
        except RedisError as exc:
            self._failed(exc)
            return None

    def clear(self) -> None:
        self._call(None, "clear")

    def ping(self) -> str:
        """Return '' when Redis answers, else the error class (for the health check).

        Within ``retry_seconds`` of a failure the last error is returned without asking.
        """
        if not self.available:
            return self._last_error
        try:
            self._cache.get_client(write=False).ping()
        except RedisError as exc:
            self._failed(exc)
            return type(exc).__name__
        with self._lock:
            self._down_until = 0.0
        return ""
