"""Template context shared by every page."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

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


def training(request: HttpRequest) -> dict[str, Any]:
    """Return the number of reviews due, shown in the header on every page, and for a visitor
    (not signed in) the header itself."""
    due = sum(reviews_due(request).values())
    out: dict[str, Any] = {"reviews_due": due}
    user = getattr(request, "user", None)
    if user is not None and not user.is_authenticated:
        out["header_html"] = visitor_header(get_language() or "", get_script_prefix(), due)
    return out


@lru_cache(maxsize=256)
def visitor_header(_language: str, _prefix: str, due: int) -> SafeString:
    """Return the site header as a visitor sees it with ``due`` reviews due: the same for
    every visitor, so each process draws it once per language and count (its links and
    words cost more than the rest of a quiz page)."""
    return mark_safe(
        render_to_string("_header.html", {"reviews_due": due, "user": AnonymousUser()})
    )
