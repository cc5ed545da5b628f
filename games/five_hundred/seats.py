"""Seats and partnerships at the four-handed 500 table: N, E, S, W, partners opposite."""

from __future__ import annotations

from games.cards import SEATS

SIDES = ("NS", "EW")


def check_seat(seat: str) -> str:
    """Return ``seat`` if it is one of N, E, S, W; raise ValueError naming it otherwise."""
    if seat not in SEATS or len(seat) != 1:
        raise ValueError(f"bad seat {seat!r}: expected one of N, E, S, W")
    return seat


def next_seat(seat: str) -> str:
    """Return the seat to the left of ``seat`` (play goes clockwise)."""
    return SEATS[(SEATS.index(check_seat(seat)) + 1) % 4]


def partner(seat: str) -> str:
    """Return the partner sitting opposite ``seat``."""
    return SEATS[(SEATS.index(check_seat(seat)) + 2) % 4]


def side_of(seat: str) -> str:
    """Return 'NS' or 'EW', the partnership ``seat`` belongs to."""
    return "NS" if check_seat(seat) in "NS" else "EW"


def other_side(side: str) -> str:
    """Return the partnership opposing ``side``."""
    if side not in SIDES:
        raise ValueError(f"bad side {side!r}: expected NS or EW")
    return "EW" if side == "NS" else "NS"


def clockwise_from(seat: str) -> list[str]:
    """Return all four seats clockwise, starting with ``seat``."""
    start = SEATS.index(check_seat(seat))
    return [SEATS[(start + i) % 4] for i in range(4)]
