"""Template context shared by every page."""

from __future__ import annotations

from django.http import HttpRequest

from trainer.learners import learner_for
from trainer.selection import due_count


def training(request: HttpRequest) -> dict[str, int]:
    """Return the number of reviews due, shown in the header on every page."""
    return {"reviews_due": due_count(learner_for(request))}
