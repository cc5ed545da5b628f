"""Request rates: every client has the anon/user rate; creating generation and solving jobs
has its own, far lower one (settings API_RATE_*; counts are kept in the cache).

The rates are read from the settings on each request (DRF's own classes read them once, at
import), so a deployment's or a test's settings take effect."""

from __future__ import annotations

from typing import Any

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle


class _Current:
    scope: str

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


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
