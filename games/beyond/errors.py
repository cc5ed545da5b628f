"""Errors raised by the Beyond engine; all are ValueErrors whose message names the problem."""

from __future__ import annotations


class BeyondError(ValueError):
    """Base class for every rule violation or bad input in the Beyond engine."""


class IllegalCallError(BeyondError):
    """Raised for an auction call that is not allowed now; the message says why."""


class IllegalDeclarationError(BeyondError):
    """Raised for a trick declaration that is out of range, out of turn or makes 13."""


class IllegalPlayError(BeyondError):
    """Raised for a card that may not be played now; the message says why."""


class DealError(BeyondError):
    """Raised for hands that do not form a valid Beyond position (sizes, duplicates)."""
