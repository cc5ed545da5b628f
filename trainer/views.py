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
    """Report each part's status: 200 when all are healthy, else 503 naming what fails.

    Staff also get the details (addresses, worker names, full errors); the public never.
    """
    health = check_health()
    staff = bool(getattr(request.user, "is_staff", False))
    return JsonResponse(health.as_json(staff=staff), status=200 if health.ok else 503)
