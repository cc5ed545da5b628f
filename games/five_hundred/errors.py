"""Errors of the 500 engine: ValueError subclasses whose messages name the problem."""

from __future__ import annotations


class FiveHundredError(ValueError):
    """Base class for a call, exchange or card that the rules of 500 do not allow."""


class IllegalCall(FiveHundredError):
    """Raised for a call that is not allowed now; the message names the call and why."""


class IllegalDiscard(FiveHundredError):
    """Raised for a kitty exchange that is not three of the declarer's thirteen cards."""


class IllegalPlay(FiveHundredError):
    """Raised for a card played out of turn, not held, or against the following rules."""


class MatchOver(FiveHundredError):
    """Raised when a deal is added to a score sheet whose match is already decided."""
