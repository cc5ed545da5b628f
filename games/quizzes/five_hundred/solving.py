"""Solver glue for 500: positions from the engine's play state, goals per seat, best lines.

Seats are numbered as the solver numbers them, clockwise from North (N=0, E=1, S=2, W=3).
In misère the declarer's partner sits out: the position lists only the three playing seats
as active. Values are turned to the deciding seat's point of view, so higher is better for
the learner: tricks for the seat's side over the whole deal, or 1/0 for a misère that the
seat's side wins/loses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.cards import RANKS, SEATS, SUITS, Card, parse_card
from games.five_hundred import CardOrder, Contract, Play, trick_winner
from games.solver import Objective, Position, layout_for, solve

TRICKS_PER_DEAL = 10


@dataclass(frozen=True)
class Goal:
    """What the deciding seat plays for, as a solver objective.

    ``flip``: the objective counts for the other side (a misère defender), so the seat's
    value is ``1 - value``. ``offset``/``span``: a tricks value for the seat's side is
    ``offset + value`` when the objective counts its own side, else ``offset + span - value``.
    """

    objective: Objective
    side: tuple[int, ...]
    flip: bool
    offset: int
    span: int
    unit: str

    def for_seat(self, value: int) -> int:
        """Return a solver value as the deciding seat's value."""
        if self.unit == "success rate":
            return 1 - value if self.flip else value
        return self.offset + (self.span - value if self.flip else value)


def seat_no(seat: str) -> int:
    """Return the solver's number of a seat letter."""
    return SEATS.index(seat)


def layout_key(contract: Contract) -> str:
    """Return the solver's contract name: the trump suit, NT or misere."""
    if contract.is_misere:
        return "misere"
    return contract.trump or "NT"


def goal_for(contract: Contract, seat: str, tricks_won: Mapping[str, int], left: int) -> Goal:
    """Return the objective ``seat`` plays for with ``left`` tricks to go in ``contract``."""
    declarer = seat_no(contract.declarer)
    on_team = seat in contract.team
    if contract.is_misere:
        return Goal(Objective.misere(declarer), (declarer,), not on_team, 0, 0, "success rate")
    team = tuple(seat_no(s) for s in contract.team)
    own = sum(n for s, n in tricks_won.items() if (s in contract.team) == on_team)
    return Goal(Objective.tricks(team), team, not on_team, own, left, "tricks")


def position_of(play: Play) -> Position:
    """Return the solver position of the engine's play state."""
    contract = play.contract
    layout = layout_for("five_hundred", layout_key(contract))
    hands = [play.hands.get(s, []) for s in SEATS]
    active = sorted(seat_no(s) for s in contract.players)
    return Position.build(
        layout,
        hands,
        seat_no(play.leader),
        [card for _, card in play.current],
        active=active,
        named_suit=play.joker_suit,
    )


def active_of(position: Position) -> tuple[int, ...]:
    """Return the seats that play, in clockwise order."""
    return position.active if position.active is not None else tuple(range(len(position.hands)))


def mover(position: Position) -> int:
    """Return the seat number to play next."""
    seats = active_of(position)
    return seats[(seats.index(position.leader) + len(position.trick)) % len(seats)]


def trump_of(position: Position) -> str | None:
    """Return the trump suit of a position's layout (None for no trumps and misère)."""
    key = position.layout.contract
    return key if key in SUITS else None


def named_joker(position: Position, card: Card) -> bool:
    """Return True when ``card`` would be a joker led in no trumps or misère (a suit is named)."""
    return card.is_joker and not position.trick and trump_of(position) is None


def after(position: Position, card: Card, named: str | None = None) -> Position:
    """Return the position once the seat to move plays ``card`` (closing a full trick)."""
    seat = mover(position)
    seats = active_of(position)
    hands = [list(h) for h in position.hands]
    hands[seat].remove(card)
    trick = [*position.trick, card]
    suit = named if not position.trick else position.named_suit
    leader = position.leader
    if len(trick) == len(seats):
        order = CardOrder(trump_of(position))
        start = seats.index(leader)
        leader = seats[(start + trick_winner(order, trick, suit)) % len(seats)]
        trick, suit = [], None
    return Position.build(
        position.layout, hands, leader, trick, active=position.active, named_suit=suit
    )


def card_values(position: Position, goal: Goal) -> dict[str, int]:
    """Return each legal card of the seat to move with its value for the deciding seat."""
    result = solve(position, goal.objective, "cards")
    assert result.cards is not None
    return {card: goal.for_seat(v) for card, v in result.cards.items()}


def best_name(position: Position, goal: Goal, joker: Card, maximise: bool) -> str:
    """Return the suit the leader of the joker should name (best for the leader's side)."""
    values = {
        suit: goal.for_seat(solve(after(position, joker, suit), goal.objective).value)
        for suit in SUITS
    }
    target = max(values.values()) if maximise else min(values.values())
    return next(s for s in SUITS if values[s] == target)


def natural_key(token: str) -> tuple[int, int]:
    """Return a sort key preferring low cards (then suit order) among equal choices."""
    if token[0] == "X":
        return (len(RANKS), 0)
    return (RANKS.index(token[1]), SUITS.index(token[0]))


def best_choice(values: Mapping[str, int], maximise: bool) -> str:
    """Return the best card for the mover; ties go to the lowest card."""
    target = max(values.values()) if maximise else min(values.values())
    return min((c for c, v in values.items() if v == target), key=natural_key)


@dataclass(frozen=True)
class LineStep:
    """One card of a principal line, the suit named for a led joker, and the trick's winner."""

    seat: str
    card: str
    named: str | None = None
    winner: str | None = None


def principal_line(position: Position, goal: Goal, first: str, deciding: int) -> list[LineStep]:
    """Return best play after ``first``: the rest of the current trick and the next one.

    Each mover picks the card best for its side (``goal`` is seen from ``deciding``'s side).
    """
    steps: list[LineStep] = []
    card = parse_card(first)
    closed = 0
    while True:
        seat = mover(position)
        maximise = same_side(goal, seat, deciding)
        named = best_name(position, goal, card, maximise) if named_joker(position, card) else None
        closing = len(position.trick) == len(active_of(position)) - 1
        position = after(position, card, named)
        winner = SEATS[position.leader] if closing else None
        steps.append(LineStep(SEATS[seat], str(card), named, winner))
        closed += closing
        if closed == 2 or not any(position.hands):
            return steps
        maximise = same_side(goal, mover(position), deciding)
        card = parse_card(best_choice(card_values(position, goal), maximise=maximise))


def same_side(goal: Goal, seat: int, deciding: int) -> bool:
    """Return True when ``seat`` plays on the deciding seat's side."""
    return (seat in goal.side) == (deciding in goal.side)


def line_text(steps: Sequence[LineStep]) -> str:
    """Return a line as text: 'E HA, S H3 (E wins the trick); E leads ...'."""
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
