"""Errors raised by the Skat engine; all are ValueErrors so callers can catch one kind."""

from __future__ import annotations


class SkatError(ValueError):
    """Base class: something asked of the Skat engine breaks a rule; the message says which."""


class IllegalCall(SkatError):
    """Raised for a bid, 'yes' or 'pass' that the auction does not allow now."""


class IllegalDeclaration(SkatError):
    """Raised for a hand/pick-up choice, discard or game declaration that is not allowed."""


class IllegalPlay(SkatError):
    """Raised for a card that may not be played now (wrong seat, not in hand, revoke)."""


class SettingsError(SkatError):
    """Raised for a variant setting with an unknown or unsupported value."""
