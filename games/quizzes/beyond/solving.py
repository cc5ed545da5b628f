"""Solver glue for Beyond: what a seat plays for, positions from the play, best lines.

Seats are numbered as the solver numbers them, clockwise from North (N=0, E=1, S=2, W=3).
A Beyond pair scores only when both partners hit their declarations exactly, so a seat
plays for its pair's two remaining targets ("make"); once that is out of reach it plays to
make an opponent miss ("spoil"), as the rule text advises (beyond.da.txt, the paragraph
after the joker rules). Values are turned to the deciding seat's point of view: 1 when its
aim succeeds under best play by everyone, 0 when it fails, so higher is always better.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.beyond import Play, trick_winner
from games.beyond.seats import partner
from games.cards import RANKS, SEATS, Card, parse_card
from games.quizzes.common import lines
from games.quizzes.common.lines import LineStep, best_choice, card_values, mover, seat_no
from games.solver import Objective, Position, layout_for, solve

MAKE = "make"
SPOIL = "spoil"


@dataclass(frozen=True)
class Goal:
    """The deciding seat's aim as a solver objective; ``flip`` when it is the other pair's."""

    aim: str
    objective: Objective
    flip: bool

    @property
    def team(self) -> tuple[int, ...]:
        return self.objective.team

    def for_seat(self, value: int) -> int:
        """Return a solver value as the deciding seat's value."""
        return 1 - value if self.flip else value


def remaining_targets(
    targets: Mapping[str, int], won: Mapping[str, int], seats: Sequence[str], left: int
) -> dict[int, int] | None:
    """Return the tricks each of ``seats`` still needs, or None if they cannot all hit."""
    need = {seat_no(s): targets[s] - won[s] for s in seats}
    if any(not 0 <= n <= left for n in need.values()) or sum(need.values()) > left:
        return None
    return need


def goal_for(
    seat: str, targets: Mapping[str, int], won: Mapping[str, int], left: int
) -> Goal | None:
    """Return what ``seat`` plays for with ``left`` tricks to go, or None if nothing is at stake.

    Make: both partners can still hit, so aim for exactly their remaining targets. Spoil: our
    pair can no longer score but the opponents can, so aim to make one of them miss.
    """
    ours = remaining_targets(targets, won, [seat, partner(seat)], left)
    if ours is not None:
        return Goal(MAKE, Objective.exact(ours), False)
    opponent = SEATS[(seat_no(seat) + 1) % 4]
    theirs = remaining_targets(targets, won, [opponent, partner(opponent)], left)
    if theirs is not None:
        return Goal(SPOIL, Objective.exact(theirs), True)
    return None


def play_goal(play: Play, seat: str, targets: Mapping[str, int]) -> Goal | None:
    """Return the goal of ``seat`` in the play as it stands."""
    left = play.total_tricks - len(play.completed)
    return goal_for(seat, targets, play.tricks_won(), left)


def trump_key(trump: str | None) -> str:
    """Return the solver's contract name for a trump suit (NT for no trumps)."""
    return trump or "NT"


def position_from(
    trump: str | None,
    hands: Mapping[str, Sequence[Card]],
    leader: str,
    trick: Sequence[Card],
    lead_locked: bool,
) -> Position:
    """Return a solver position from remaining hands, the trick's leader and its cards."""
    layout = layout_for("beyond", trump_key(trump))
    return Position.build(
        layout,
        [list(hands[s]) for s in SEATS],
        seat_no(leader),
        trick,
        after_joker_lead=lead_locked and not trick,
    )


def position_of(play: Play) -> Position:
    """Return the solver position of the engine's play state."""
    return position_from(
        play.trump, play.hands, play.current.leader, play.current.cards, play.lead_locked
    )


def after(position: Position, card: Card) -> Position:
    """Return the position once the seat to move plays ``card`` (a joker lead locks the next)."""
    return lines.after(position, card, _winner, joker_lead_locks=True)


def _winner(trick: Sequence[Card], trump: str | None, named: str | None) -> int:
    return trick_winner(trick, trump)


def natural_key(token: str) -> tuple[int, int, str]:
    """Return a sort key preferring low suit cards, then jokers, among equal choices."""
    card = parse_card(token)
    if card.is_joker:
        return (1, int(card.rank), token)
    return (0, RANKS.index(card.rank), token)


def shifted(goal: Goal, taken: Mapping[int, int], left: int) -> Goal | None:
    """Return ``goal`` once the seats have taken ``taken`` more tricks, or None if decided."""
    need = {seat: target - taken.get(seat, 0) for seat, target in goal.objective.targets}
    if any(not 0 <= n <= left for n in need.values()) or sum(need.values()) > left:
        return None
    return Goal(goal.aim, Objective.exact(need), goal.flip)


def principal_line(
    position: Position, goal: Goal, first: str, deciding: int, tricks: int = 2
) -> list[LineStep]:
    """Return best play after ``first``: the rest of the current trick and ``tricks - 1`` more
    (by default the next one; the line stops when the hands run out).

    Each mover picks the card best for its side; ``goal`` is seen from ``deciding``'s side.
    Once the aim is settled either way, every card is as good as another and the lowest goes.
    """

    def choose(now: Position, taken: Mapping[int, int]) -> Card:
        left = len(now.hands[now.leader]) + (1 if now.trick else 0)
        still = shifted(goal, taken, left)
        if still is None:
            legal = solve(now, Objective.tricks([0]), "cards").cards or {}
            return parse_card(min(legal, key=natural_key))
        same_side = (mover(now) % 2) == (deciding % 2)
        return parse_card(best_choice(card_values(now, still), same_side, natural_key))

    return lines.principal_line(
        position, parse_card(first), lambda p, c: (after(p, c), None), choose, tricks
    )
