"""The quiz a learner has been given, kept in the session until it is answered.

The ticket records when the quiz was shown and how many hints were taken, so the time taken
and the hints used are measured on the server, and an answer is accepted only for the quiz
that was actually given (each once). Each ticket has a random id that the answer's attempt
stores in a unique column, so two requests that read the same ticket (a double click, two tabs)
store one attempt between them: the database decides, not the session.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import MutableMapping
from dataclasses import asdict, dataclass
from typing import Any

TICKET_KEY = "trainer_ticket"
LAST_REVIEW_KEY = "trainer_last_review"
# Beyond this an answer's time says nothing about fluency (the learner left the page).
MAX_SECONDS = 600.0


def clock() -> float:
    """Return the current time in seconds (one place, so tests can set the clock)."""
    return time.time()


@dataclass(frozen=True)
class Ticket:
    """One quiz handed out: which, for which filters, when, with how many hints."""

    quiz: int
    game: str
    query: str
    review: bool
    shown: float
    hints: int = 0
    id: str = ""

    def seconds(self, now: float | None = None) -> float:
        """Return the time since the quiz was shown, capped at MAX_SECONDS."""
        spent = (clock() if now is None else now) - self.shown
        return min(max(spent, 0.0), MAX_SECONDS)


Session = MutableMapping[str, Any]


def issue(session: Session, quiz: int, game: str, query: str, review: bool) -> Ticket:
    """Hand out a quiz: store its ticket, replacing any unanswered one."""
    ticket = Ticket(quiz, game, query, review, clock(), id=secrets.token_urlsafe(12))
    session[TICKET_KEY] = asdict(ticket)
    return ticket


def current(session: Session) -> Ticket | None:
    """Return the unanswered ticket, if any."""
    data = session.get(TICKET_KEY)
    if not isinstance(data, dict):
        return None
    try:
        ticket = Ticket(**data)
    except TypeError:
        return None
    # A ticket from before tickets had ids cannot be taken once only: hand out a new one.
    return ticket if ticket.id else None


def add_hint(session: Session, quiz: int) -> Ticket | None:
    """Count one more hint on the current ticket if it is for ``quiz``."""
    ticket = current(session)
    if ticket is None or ticket.quiz != quiz:
        return None
    data = asdict(ticket) | {"hints": ticket.hints + 1}
    session[TICKET_KEY] = data
    return Ticket(**data)


def take(session: Session, quiz: int) -> Ticket | None:
    """Remove and return the ticket for ``quiz``; None when that quiz was not given."""
    ticket = current(session)
    if ticket is None or ticket.quiz != quiz:
        return None
    del session[TICKET_KEY]
    session[LAST_REVIEW_KEY] = ticket.review
    return ticket
