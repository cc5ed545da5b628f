"""Seats, partnerships and turn order at the Beyond table (play goes clockwise)."""

from __future__ import annotations

from games.cards import SEATS

from .errors import BeyondError

PAIRS = ("NS", "EW")


def check_seat(seat: str) -> str:
    """Return ``seat`` if it is one of N, E, S, W; raise a BeyondError naming it otherwise."""
    if seat not in SEATS or len(seat) != 1:
        raise BeyondError(f"unknown seat {seat!r}: expected one of N, E, S, W")
    return seat


def next_seat(seat: str, steps: int = 1) -> str:
    """Return the seat ``steps`` places to the left (clockwise) of ``seat``."""
    return SEATS[(SEATS.index(check_seat(seat)) + steps) % 4]


def partner(seat: str) -> str:
    """Return the partner sitting opposite ``seat``."""
    return next_seat(seat, 2)


def pair_of(seat: str) -> str:
    """Return 'NS' or 'EW', the partnership ``seat`` belongs to."""
    return "NS" if check_seat(seat) in "NS" else "EW"


def same_side(a: str, b: str) -> bool:
    """Return whether two seats are partners (or the same seat)."""
    return pair_of(a) == pair_of(b)


def clockwise_from(seat: str) -> list[str]:
    """Return the four seats in turn order starting with ``seat``."""
    return [next_seat(seat, i) for i in range(4)]
