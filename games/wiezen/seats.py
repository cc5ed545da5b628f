"""Seats round the table and the suit order the auction uses."""

from __future__ import annotations

from games.cards import SEATS
from games.wiezen.errors import WiezenError

# Between equal bids the suit decides, hearts highest (rule text, section "Solo" and
# "Abondance": H > D > C > S).
SUIT_ORDER = "SCDH"


def seat_after(seat: str, steps: int = 1) -> str:
    """Return the seat ``steps`` places clockwise (to the left) of ``seat``."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def seats_from(seat: str) -> list[str]:
    """Return all four seats in clockwise order starting with ``seat``."""
    return [seat_after(seat, i) for i in range(4)]


def check_seat(seat: str) -> str:
    """Return ``seat`` if it is one of N, E, S, W; raise WiezenError naming it otherwise."""
    if seat not in SEATS or len(seat) != 1:
        raise WiezenError(f"unknown seat {seat!r}: expected one of N, E, S, W")
    return seat


def suit_rank(suit: str) -> int:
    """Return the auction rank of a suit: spades 0 < clubs 1 < diamonds 2 < hearts 3."""
    return SUIT_ORDER.index(suit)
