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


# Best play is shown to the end of the deal: a line that stops after two tricks often stops
# before the failure it is meant to show.
TO_THE_END = 13


@dataclass(frozen=True)
class PlayedLine:
    """A principal line as the feedback stores it: the trick so far, then best play.

    ``opening``: the (seat, card) pairs already on the current trick, so the first trick reads
    whole. ``steps``: best play from the answer on, to the end of the deal. ``counts``: after
    each finished trick, the running count in the game's terms ("declarer 45, defenders 30
    card points"). ``text``: the first tricks in words, for the written refutation. ``end``:
    what the line reaches in words, for a game whose sampled outcomes carry none.
    """

    opening: tuple[tuple[str, str], ...]
    steps: tuple[LineStep, ...]
    counts: tuple[str, ...] = ()
    text: str = ""
    end: str = ""

    def tokens(self) -> tuple[str, ...]:
        """Return the card tokens played from the answer on."""
        return line_tokens(self.steps)

    def tricks(self) -> list[dict[str, object]]:
        """Return the line as stored: one object per trick, who played what and who won it.

        ``{"plays": [[seat, card], ...], "winner": seat or None, "named": suit or None,
        "count": words or ""}``; the last trick has no winner when the line stops inside it.
        """
        rows: list[dict[str, object]] = []
        plays: list[list[str]] = [[s, c] for s, c in self.opening]
        named: str | None = None
        for step in self.steps:
            plays.append([step.seat, step.card])
            named = named or step.named
            if step.winner:
                count = self.counts[len(rows)] if len(rows) < len(self.counts) else ""
                rows.append({"plays": plays, "winner": step.winner, "named": named, "count": count})
                plays, named = [], None
        if plays:
            rows.append({"plays": plays, "winner": None, "named": named, "count": ""})
        return rows


def current_plays(position: Position) -> tuple[tuple[str, str], ...]:
    """Return the cards already on the current trick of a solver position as (seat, card)."""
    seats = active_seats(position)
    start = seats.index(position.leader)
    return tuple(
        (SEATS[seats[(start + i) % len(seats)]], str(card)) for i, card in enumerate(position.trick)
    )


def first_tricks(steps: Sequence[LineStep], tricks: int = 2) -> list[LineStep]:
    """Return the steps of a line up to the end of its ``tricks``-th finished trick."""
    out: list[LineStep] = []
    for step in steps:
        out.append(step)
        if step.winner:
            tricks -= 1
            if tricks == 0:
                break
    return out


def running_tricks(steps: Sequence[LineStep], start: Mapping[str, int]) -> list[dict[str, int]]:
    """Return, after each finished trick of a line, the tricks each seat has taken."""
    taken = dict(start)
    out = []
    for step in steps:
        if step.winner:
            taken[step.winner] = taken.get(step.winner, 0) + 1
            out.append(dict(taken))
    return out
