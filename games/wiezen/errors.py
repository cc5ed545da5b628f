"""Errors raised by the Kleurenwiezen engine; all are ValueErrors so callers can catch one kind."""

from __future__ import annotations


class WiezenError(ValueError):
    """Base class: something asked of the wiezen engine breaks a rule; the message says which."""


class CallError(WiezenError):
    """Raised for auction call text that cannot be read (names the bad token)."""


class IllegalCall(WiezenError):
    """Raised for a call the auction does not allow now (names the call and why)."""


class IllegalPlay(WiezenError):
    """Raised for a card that may not be played now (wrong seat, not in hand, revoke)."""


class DealError(WiezenError):
    """Raised for a set of hands that is not a valid wiezen deal (size, duplicates)."""


class SettingsError(WiezenError):
    """Raised for a variant setting or points-table value that cannot work."""


class ScoreError(WiezenError):
    """Raised for trick counts that cannot be the result of a deal."""
