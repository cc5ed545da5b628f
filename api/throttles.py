"""Request rates: every client has the anon/user rate; creating generation and solving jobs
has its own, far lower one (settings API_RATE_GENERATE, API_RATE_SOLVE)."""

from __future__ import annotations

from rest_framework.throttling import UserRateThrottle


class GenerateRate(UserRateThrottle):
    scope = "generate"


class SolveRate(UserRateThrottle):
    scope = "solve"
