"""Keep what a visitor did: on every login, move the visitor's training rows and lesson
checkpoints to the user."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from lessons.services import adopt_visitor_lessons
from trainer.learners import NEW_VISITOR_KEY, VISITOR_KEY, adopt_visitor


@receiver(user_logged_in, dispatch_uid="accounts.adopt_visitor")
def adopt_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Move the session's visitor attempts, ratings, reviews and passed checkpoints to the
    user who logged in."""
    if request is None or not hasattr(request, "session"):
        return
    if request.session.pop(NEW_VISITOR_KEY, None):
        request.session.set_expiry(None)  # a signed-in session lives the usual age
    visitor = request.session.pop(VISITOR_KEY, None)
    if visitor:
        adopt_visitor(str(visitor), user.pk)
    adopt_visitor_lessons(request.session, user)
