"""Solver glue: positions from the engine's play state, objectives per seat, best lines.

Seats are numbered as the solver numbers them, clockwise from North (N=0, E=1, S=2, W=3).
Values are always turned to the deciding seat's point of view, so "higher is better" for the
learner: tricks for the seat's side, or 1/0 for a miserie that the seat's side wins/loses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.cards import RANKS, SEATS, SUITS, Card, parse_card
from games.solver import Objective, Position, layout_for, solve
from games.wiezen import Contract, Play, trick_winner


@dataclass(frozen=True)
class Goal:
    """What the deciding seat plays for, as a solver objective.

    ``flip``: the objective counts for the other side (a miserie defender), so the seat's
    value is ``1 - value``. ``offset``: tricks the seat's side already holds, added to
    trick counts so values read as tricks for the whole deal.
    """

    objective: Objective
    team: tuple[int, ...]
    flip: bool
    offset: int
    unit: str

    def for_seat(self, value: int) -> int:
        """Return a solver value as the deciding seat's value."""
        return 1 - value if self.flip else value + self.offset


def seat_no(seat: str) -> int:
    """Return the solver's number of a seat letter."""
    return SEATS.index(seat)


def goal_for(contract: Contract, seat: str, tricks_won: Mapping[str, int]) -> Goal:
    """Return the objective that ``seat`` plays for in ``contract``."""
    if contract.is_individual:
        declarer = contract.declarers[0]
        objective = Objective.exact({seat_no(declarer): contract.target})
        return Goal(objective, objective.team, seat != declarer, 0, "success rate")
    side = contract.partners(seat)
    objective = Objective.tricks(seat_no(s) for s in side)
    return Goal(objective, objective.team, False, sum(tricks_won[s] for s in side), "tricks")


def trump_key(contract: Contract) -> str:
    """Return the solver's trump name for a contract (NT for miserie)."""
    return contract.trump or "NT"


def position_of(play: Play) -> Position:
    """Return the solver position of the engine's play state."""
    layout = layout_for("wiezen", trump_key(play.contract))
    hands = [play.hands[s] for s in SEATS]
    return Position.build(layout, hands, seat_no(play.leader), play.current)


def position_from(
    trump: str, hands: Mapping[str, Sequence[Card]], leader: str, trick: Sequence[Card]
) -> Position:
    """Return a solver position from remaining hands, the trick's leader and its cards."""
    layout = layout_for("wiezen", trump)
    return Position.build(layout, [list(hands[s]) for s in SEATS], seat_no(leader), trick)


def mover(position: Position) -> int:
    """Return the seat number to play next."""
    return (position.leader + len(position.trick)) % 4


def after(position: Position, card: Card) -> Position:
    """Return the position once the seat to move plays ``card`` (closing a full trick)."""
    seat = mover(position)
    hands = [list(h) for h in position.hands]
    hands[seat].remove(card)
    trick = [*position.trick, card]
    leader = position.leader
    if len(trick) == 4:
        trump = position.layout.contract
        leader = (leader + trick_winner(trick, None if trump == "NT" else trump)) % 4
        trick = []
    return Position.build(position.layout, hands, leader, trick)


def card_values(position: Position, goal: Goal) -> dict[str, int]:
    """Return each legal card of the seat to move with its value for the deciding seat."""
    result = solve(position, goal.objective, "cards")
    assert result.cards is not None
    return {card: goal.for_seat(v) for card, v in result.cards.items()}


def natural_key(token: str) -> tuple[int, int]:
    """Return a sort key preferring low cards (then suit order) among equal choices."""
    return (RANKS.index(token[1]), SUITS.index(token[0]))


def best_choice(values: Mapping[str, int], maximise: bool) -> str:
    """Return the best card for the mover; ties go to the lowest card."""
    target = max(values.values()) if maximise else min(values.values())
    return min((c for c, v in values.items() if v == target), key=natural_key)


@dataclass(frozen=True)
class LineStep:
    """One card of a principal line, with the trick's winner when it closes a trick."""

    seat: str
    card: str
    winner: str | None = None


def principal_line(position: Position, goal: Goal, first: str, deciding: int) -> list[LineStep]:
    """Return best play after ``first``: the rest of the current trick and the next one.

    Each mover picks the card best for its side (``goal`` is seen from ``deciding``'s side).
    """
    steps: list[LineStep] = []
    card = parse_card(first)
    tricks_to_close = 2
    while True:
        seat = mover(position)
        closing = len(position.trick) == 3
        position = after(position, card)
        winner = SEATS[position.leader] if closing else None
        steps.append(LineStep(SEATS[seat], str(card), winner))
        if closing:
            tricks_to_close -= 1
        if tricks_to_close == 0 or not any(position.hands):
            return steps
        values = card_values(position, goal)
        same_side = (mover(position) in goal.team) == (deciding in goal.team)
        card = parse_card(best_choice(values, maximise=same_side))


def line_text(steps: Sequence[LineStep]) -> str:
    """Return a line as text: 'E HA, S H3 (E wins); E leads ...'."""
    parts: list[str] = []
    for step in steps:
        text = f"{step.seat} {step.card}"
        if step.winner:
            text += f" ({step.winner} wins the trick)"
        parts.append(text)
    return ", ".join(parts)
