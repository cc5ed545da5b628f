"""Best play after a card: stepping a solver position on, and the principal line it shows.

Seats are numbered as the solver numbers them, clockwise from North (N=0, E=1, S=2, W=3).
A position may list only some seats as ``active`` (500 misère, where the declarer's partner
sits out); every helper here goes round the active seats only. The game-specific parts come
in as arguments: who wins a finished trick, which card a mover picks, and whether a suit is
named for a led joker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from games.cards import SEATS, SUITS, Card
from games.solver import Objective, Position, solve

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

# (cards of the finished trick, trump suit or None, suit named for a led joker) -> index of
# the winning card in the trick.
TrickWinner = Callable[[Sequence[Card], str | None, str | None], int]
# Play one card: the new position and the suit named with it (a led joker in 500), if any.
PlayCard = Callable[[Position, Card], tuple[Position, str | None]]
# Pick the next card of the line; the mapping counts the tricks each seat took in the line.
ChooseCard = Callable[[Position, Mapping[int, int]], Card]


class SeatGoal(Protocol):
    """What a deciding seat plays for: a solver objective and how to read its values."""

    @property
    def objective(self) -> Objective: ...

    def for_seat(self, value: int) -> int:
        """Return a solver value as the deciding seat's value."""
        ...


@dataclass(frozen=True)
class LineStep:
    """One card of a principal line, the suit named for a led joker, and the trick's winner."""

    seat: str
    card: str
    named: str | None = None
    winner: str | None = None


def seat_no(seat: str) -> int:
    """Return the solver's number of a seat letter."""
    return SEATS.index(seat)


def active_seats(position: Position) -> tuple[int, ...]:
    """Return the seats that play, in clockwise order."""
    return position.active if position.active is not None else tuple(range(len(position.hands)))


def mover(position: Position) -> int:
    """Return the seat number to play next."""
    seats = active_seats(position)
    return seats[(seats.index(position.leader) + len(position.trick)) % len(seats)]


def trump_of(position: Position) -> str | None:
    """Return the trump suit of a position's layout (None for no trumps and misère)."""
    key = position.layout.contract
    return key if key in SUITS else None


def after(
    position: Position,
    card: Card,
    winner: TrickWinner,
    named: str | None = None,
    joker_lead_locks: bool = False,
) -> Position:
    """Return the position once the seat to move plays ``card`` (closing a full trick).

    ``named`` is the suit named with a led joker (500). With ``joker_lead_locks`` (Beyond) a
    trick led by a joker leaves the next lead restricted, which the solver must be told.
    """
    seat = mover(position)
    seats = active_seats(position)
    hands = [list(h) for h in position.hands]
    hands[seat].remove(card)
    trick = [*position.trick, card]
    suit = named if not position.trick else position.named_suit
    leader = position.leader
    locked = False
    if len(trick) == len(seats):
        locked = joker_lead_locks and trick[0].is_joker
        start = seats.index(leader)
        leader = seats[(start + winner(trick, trump_of(position), suit)) % len(seats)]
        trick, suit = [], None
    return Position.build(
        position.layout,
        hands,
        leader,
        trick,
        active=position.active,
        named_suit=suit,
        after_joker_lead=locked,
    )


def card_values(position: Position, goal: SeatGoal) -> dict[str, int]:
    """Return each legal card of the seat to move with its value for the deciding seat."""
    result = solve(position, goal.objective, "cards")
    assert result.cards is not None  # cards mode always names the cards
    return {card: goal.for_seat(v) for card, v in result.cards.items()}


def best_choice(
    values: Mapping[str, int], maximise: bool, key: Callable[[str], SupportsRichComparison]
) -> str:
    """Return the best card for the mover; among equal cards the one ``key`` puts first."""
    target = max(values.values()) if maximise else min(values.values())
    return min((c for c, v in values.items() if v == target), key=key)


def principal_line(
    position: Position, first: Card, play: PlayCard, choose: ChooseCard, tricks: int = 2
) -> list[LineStep]:
    """Return best play after ``first``: the rest of the current trick and ``tricks - 1`` more.

    ``play`` makes each move (naming a suit where one is named) and ``choose`` picks every
    card after ``first``; the line stops early when the hands run out.
    """
    steps: list[LineStep] = []
    card = first
    closed = 0
    taken: dict[int, int] = {}
    while True:
        seat = mover(position)
        closing = len(position.trick) == len(active_seats(position)) - 1
        position, named = play(position, card)
        winner = SEATS[position.leader] if closing else None
        steps.append(LineStep(SEATS[seat], str(card), named, winner))
        if closing:
            closed += 1
            taken[position.leader] = taken.get(position.leader, 0) + 1
        if closed == tricks or not any(position.hands):
            return steps
        card = choose(position, taken)


def line_text(steps: Sequence[LineStep]) -> str:
    """Return a line as text: 'E HA, S H3, W H2, N H4 (E wins the trick), ...'."""
    parts: list[str] = []
    for step in steps:
        text = f"{step.seat} {step.card}"
        if step.named:
            text += f" (named {step.named})"
        if step.winner:
            text += f" ({step.winner} wins the trick)"
        parts.append(text)
    return ", ".join(parts)


def line_tokens(steps: Sequence[LineStep]) -> tuple[str, ...]:
    """Return the card tokens of a line."""
    return tuple(step.card for step in steps)
