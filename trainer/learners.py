"""Who is training: a signed-in user, or a visitor known by an id kept in the session.

A visitor's attempts, ratings and review cards are stored against that id; when the visitor
signs up or logs in, ``adopt_visitor`` moves them to the user so nothing done is lost. The id
lives inside the session data (not the session key), because logging in changes the key.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest

from trainer.models import Attempt, RatingPoint, ReviewCard, SkillRating

VISITOR_KEY = "trainer_visitor"
NEW_VISITOR_KEY = "trainer_visitor_new"


@dataclass(frozen=True)
class Learner:
    """The owner of training rows: a user id, or else a visitor id."""

    user_id: int | None = None
    visitor: str = ""

    def __post_init__(self) -> None:
        if (self.user_id is None) == (not self.visitor):
            raise ValueError("a learner is either a user or a visitor, not both or neither")

    @property
    def is_visitor(self) -> bool:
        return self.user_id is None

    def lookup(self) -> dict[str, Any]:
        """Return the field lookups selecting this learner's rows."""
        if self.user_id is not None:
            return {"user_id": self.user_id}
        return {"user__isnull": True, "visitor": self.visitor}

    def rows(self) -> Q:
        """Return the filter selecting this learner's rows."""
        return Q(**self.lookup())

    def owner_sql(self, table: str = "") -> tuple[str, dict[str, Any]]:
        """Return the SQL condition selecting this learner's rows (of ``table``, when the
        query names more than one) and its parameters, ``%(user)s`` and ``%(visitor)s``."""
        at = f"{table}." if table else ""
        who = {"user": self.user_id, "visitor": self.visitor}
        if self.user_id is not None:
            return f"{at}user_id = %(user)s", who
        return f"{at}user_id IS NULL AND {at}visitor = %(visitor)s", who

    def owner_fields(self) -> dict[str, Any]:
        """Return the field values that mark a new row as this learner's."""
        return {"user_id": self.user_id, "visitor": self.visitor}


def learner_for(request: HttpRequest, create: bool = False) -> Learner | None:
    """Return the requesting learner; for a new visitor, make an id only when ``create``."""
    if request.user.is_authenticated:
        return Learner(user_id=request.user.pk)
    visitor = request.session.get(VISITOR_KEY)
    if not visitor:
        if not create:
            return None
        visitor = secrets.token_urlsafe(24)
        request.session[VISITOR_KEY] = visitor
        # Until the client sends the cookie back the session is short-lived, so a crawler's
        # rows expire within the hour and are purged (trainer.purge_expired).
        request.session[NEW_VISITOR_KEY] = True
        request.session.set_expiry(settings.TRAIN_NEW_SESSION_SECONDS)
    elif request.session.get(NEW_VISITOR_KEY) and request.session.session_key is not None:
        # The browser came back with the cookie (the session was stored before this request):
        # keep the session for the usual age.
        del request.session[NEW_VISITOR_KEY]
        request.session.set_expiry(None)
    return Learner(visitor=str(visitor))


@transaction.atomic
def adopt_visitor(visitor: str, user_id: int) -> int:
    """Move a visitor's training rows to the user; return how many attempts moved.

    Where the user already has a row that may exist only once (a first attempt at a quiz, a
    rating in a game, a review card), the user's own row wins: the visitor's attempt is kept
    as a repeat, the visitor's rating and its history and review card are dropped.
    """
    if not visitor:
        return 0
    mine = Q(user__isnull=True, visitor=visitor)
    user = Q(user_id=user_id)
    done_first = Attempt.objects.filter(user, first=True).values("quiz_id")
    Attempt.objects.filter(mine, first=True, quiz_id__in=done_first).update(first=False)
    moved = Attempt.objects.filter(mine).update(user_id=user_id, visitor="")

    rated = SkillRating.objects.filter(user).values("game")
    SkillRating.objects.filter(mine, game__in=rated).delete()
    RatingPoint.objects.filter(mine, game__in=rated).delete()
    SkillRating.objects.filter(mine).update(user_id=user_id, visitor="")
    RatingPoint.objects.filter(mine).update(user_id=user_id, visitor="")

    carded = ReviewCard.objects.filter(user).values("quiz_id")
    ReviewCard.objects.filter(mine, quiz_id__in=carded).delete()
    ReviewCard.objects.filter(mine).update(user_id=user_id, visitor="")
    return moved
