"""Template context shared by every page."""

from __future__ import annotations

from django.http import HttpRequest

from trainer.learners import learner_for
from trainer.selection import due_counts

DUE_ATTRIBUTE = "_trainer_reviews_due"


def reviews_due(request: HttpRequest) -> dict[str, int]:
    """Return the requesting learner's reviews due now per game, counted once per request
    (the header and the page share the one query)."""
    due: dict[str, int] | None = getattr(request, DUE_ATTRIBUTE, None)
    if due is None:
        due = due_counts(learner_for(request))
        setattr(request, DUE_ATTRIBUTE, due)
    return due


def training(request: HttpRequest) -> dict[str, int]:
    """Return the number of reviews due, shown in the header on every page."""
    return {"reviews_due": sum(reviews_due(request).values())}
