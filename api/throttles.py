"""Request rates: every client has the anon/user rate; creating generation and solving jobs
has its own, far lower one (settings API_RATE_*; counts are kept in the cache).

The rates are read from the settings on each request (DRF's own classes read them once, at
import), so a deployment's or a test's settings take effect.

With Redis as the cache, a rate is counted in fixed windows of its period (600/min: at most 600
requests in each clock minute), one INCR and EXPIRE in a single round trip. DRF's own way
keeps every request's time in a list that it reads, trims, pickles and writes back on each
request (two round trips and a list as long as the rate); other caches (the embedded default's
local memory) still count that way. A Redis that fails lets the request through, as DRF's
throttles do when the cache misses."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle


class _Current:
    scope: str
    key: str | None
    counted: bool  # counted in Redis's fixed windows (else DRF's list of times)
    now: float
    duration: int
    num_requests: int

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Any, view: Any) -> bool:
        counter = getattr(cache, "count_in_window", None)  # config.cache.OptionalRedisCache
        self.counted = counter is not None and cache.available
        if counter is None or not self.counted:
            return super().allow_request(request, view)  # type: ignore[misc]
        if getattr(self, "rate", None) is None:
            return True
        self.key = self.get_cache_key(request, view)  # type: ignore[attr-defined]
        if self.key is None:
            return True
        self.now = self.timer()  # type: ignore[attr-defined]
        window = int(self.now // self.duration)
        count = counter(f"{self.key}:{window}", self.duration + 1)
        # A Redis that fails lets the request through, as DRF's throttles do on a miss.
        return count is None or count <= self.num_requests

    def wait(self) -> float | None:
        if not getattr(self, "counted", False):
            return super().wait()  # type: ignore[misc]
        return self.duration - (self.now % self.duration)


class AnonRate(_Current, AnonRateThrottle):
    scope = "anon"


class UserRate(_Current, UserRateThrottle):
    scope = "user"


class GenerateRate(_Current, UserRateThrottle):
    scope = "generate"


class SolveRate(_Current, UserRateThrottle):
    scope = "solve"


class TokenRate(_Current, SimpleRateThrottle):
    """Asking for a token (a password tried) counts per address, signed in or not."""

    scope = "token"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class PostRated:
    """A view mixin: POST requests also count against ``post_rate`` (polling with GET stays
    at the usual rate)."""

    post_rate: type = GenerateRate

    def get_throttles(self) -> list[Any]:
        found = super().get_throttles()  # type: ignore[misc]
        if self.request.method == "POST":  # type: ignore[attr-defined]
            found.append(self.post_rate())
        return found
