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
from games.quizzes.common import lines
from games.quizzes.common.lines import (
    LineStep,
    best_choice,
    card_values,
    mover,
    seat_no,
    trump_of,
)
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


def named_joker(position: Position, card: Card) -> bool:
    """Return True when ``card`` would be a joker led in no trumps or misère (a suit is named)."""
    return card.is_joker and not position.trick and trump_of(position) is None


def after(position: Position, card: Card, named: str | None = None) -> Position:
    """Return the position once the seat to move plays ``card`` (closing a full trick)."""
    return lines.after(position, card, _winner, named)


def _winner(trick: Sequence[Card], trump: str | None, named: str | None) -> int:
    return trick_winner(CardOrder(trump), trick, named)


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


def principal_line(
    position: Position, goal: Goal, first: str, deciding: int, tricks: int = 2
) -> list[LineStep]:
    """Return best play after ``first``: the rest of the current trick and ``tricks - 1`` more.

    Each mover picks the card best for its side (``goal`` is seen from ``deciding``'s side);
    a seat leading the joker in no trumps or misère names the suit best for its side.
    """

    def play(now: Position, card: Card) -> tuple[Position, str | None]:
        maximise = same_side(goal, mover(now), deciding)
        named = best_name(now, goal, card, maximise) if named_joker(now, card) else None
        return after(now, card, named), named

    def choose(now: Position, taken: Mapping[int, int]) -> Card:
        maximise = same_side(goal, mover(now), deciding)
        return parse_card(best_choice(card_values(now, goal), maximise, natural_key))

    return lines.principal_line(position, parse_card(first), play, choose, tricks)


def same_side(goal: Goal, seat: int, deciding: int) -> bool:
    """Return True when ``seat`` plays on the deciding seat's side."""
    return (seat in goal.side) == (deciding in goal.side)
