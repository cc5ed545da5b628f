"""Solver glue: positions from the engine's play state, objectives per seat, best lines.

Seats are numbered as the solver numbers them, clockwise from North (N=0, E=1, S=2, W=3).
Values are always turned to the deciding seat's point of view, so "higher is better" for the
learner: tricks for the seat's side, or 1/0 for a miserie that the seat's side wins/loses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.cards import RANKS, SEATS, SUITS, Card, parse_card
from games.quizzes.common import lines
from games.quizzes.common.lines import LineStep, best_choice, card_values, mover, seat_no
from games.solver import Objective, Position, layout_for
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


def after(position: Position, card: Card) -> Position:
    """Return the position once the seat to move plays ``card`` (closing a full trick)."""
    return lines.after(position, card, _winner)


def _winner(trick: Sequence[Card], trump: str | None, named: str | None) -> int:
    return trick_winner(trick, trump)


def natural_key(token: str) -> tuple[int, int]:
    """Return a sort key preferring low cards (then suit order) among equal choices."""
    return (RANKS.index(token[1]), SUITS.index(token[0]))


def principal_line(
    position: Position, goal: Goal, first: str, deciding: int, tricks: int = 2
) -> list[LineStep]:
    """Return best play after ``first``: the rest of the current trick and ``tricks - 1`` more.

    Each mover picks the card best for its side (``goal`` is seen from ``deciding``'s side).
    """

    def choose(now: Position, taken: Mapping[int, int]) -> Card:
        same_side = (mover(now) in goal.team) == (deciding in goal.team)
        return parse_card(best_choice(card_values(now, goal), same_side, natural_key))

    return lines.principal_line(
        position, parse_card(first), lambda p, c: (after(p, c), None), choose, tricks
    )
