"""The learner's dashboard: only ever the requesting learner's own progress."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from trainer.learners import learner_for
from trainer.progress import dashboard as collect


@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """Show attempts, accuracy, ratings, strengths, streaks and lessons per game."""
    learner = learner_for(request)
    data = collect(learner)
    return render(
        request,
        "dashboard/index.html",
        {"board": data, "is_visitor": learner is None or learner.is_visitor},
    )
