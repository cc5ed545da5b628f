"""Report how long the server took on each response, for benchmarks and browser tools."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class ServerTimingMiddleware:
    """Add ``Server-Timing: app;dur=<ms>``: the time spent inside Django for the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        start = time.perf_counter()
        response = self.get_response(request)
        spent = (time.perf_counter() - start) * 1000.0
        response["Server-Timing"] = f"app;dur={spent:.2f}"
        return response
