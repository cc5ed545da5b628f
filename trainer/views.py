"""Site pages of the trainer app: the home page and the health check."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.catalog import GAMES
from trainer.health import check_health


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Show the four games and the sections of the site."""
    return render(request, "trainer/home.html", {"games": GAMES.values()})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Report database, broker and worker status: 200 when all are healthy, else 503."""
    health = check_health()
    return JsonResponse(health.as_json(), status=200 if health.ok else 503)
