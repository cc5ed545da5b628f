"""Build solver positions from the usual notations of each game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import SEATS, Card, deck_for, parse_pbn
from games.solver.errors import SolverInputError
from games.solver.layout import Layout, layout_for
from games.solver.position import Position

HandText = str | Iterable[Card]


def seat_index(seat: str | int, nseats: int = 4) -> int:
    """Return a seat number from 'N', 'E', 'S', 'W' or a number below ``nseats``."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < nseats:
            return seat
        raise SolverInputError(f"bad seat {seat}: expected 0..{nseats - 1}")
    if isinstance(seat, str) and nseats == 4 and seat.strip().upper() in SEATS:
        return SEATS.index(seat.strip().upper())
    raise SolverInputError(
        f"bad seat {seat!r}: expected N, E, S or W"
        if nseats == 4
        else f"bad seat {seat!r}: expected 0..{nseats - 1}"
    )


def read_hand(layout: Layout, hand: HandText) -> list[Card]:
    """Read a hand given as text ('CJ SA ...') or as cards."""
    deck = deck_for(layout.game)
    if isinstance(hand, str):
        return deck.parse_hand(hand)
    return deck.parse_hand([str(c) for c in hand])


def pbn_position(
    layout: Layout,
    deal: str,
    leader: str | int,
    trick: Sequence[str] = (),
    *,
    named_suit: str | None = None,
    after_joker_lead: bool = False,
) -> Position:
    """Return a four-hand position from a PBN deal ('N:AKQ.JT9.876.5432 ...')."""
    hands = parse_pbn(deal, deck_for(layout.game))
    seat = seat_index(leader)
    played = read_hand(layout, " ".join(trick)) if trick else []
    return Position.build(
        layout,
        [hands[s] for s in SEATS],
        seat,
        played,
        named_suit=named_suit,
        after_joker_lead=after_joker_lead,
    )


def skat_position(
    contract: str, hands: Sequence[HandText], leader: int, trick: Sequence[str] = ()
) -> Position:
    """Return a Skat position from three hands (seats 0, 1, 2) and the leader."""
    layout = layout_for("skat", contract)
    if len(hands) != 3:
        raise SolverInputError(f"Skat needs 3 hands, got {len(hands)}")
    cards = [read_hand(layout, h) for h in hands]
    played = read_hand(layout, " ".join(trick)) if trick else []
    return Position.build(layout, cards, seat_index(leader, 3), played)
