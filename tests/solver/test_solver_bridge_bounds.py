"""Hand-made positions for the bounds of bridge-shaped deals (no jokers)."""

from __future__ import annotations

from collections.abc import Callable

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for

Solve = Callable[..., Result]
N, E, S, W = range(4)


def wiezen(contract: str, hands: list[str], leader: int) -> Position:
    """A Kleurenwiezen position from hands by seat (N, E, S, W) as text."""
    parsed = [[Card(t[0], t[1]) for t in hand.split()] for hand in hands]
    return Position.build(layout_for("wiezen", contract), parsed, leader)


def test_a_side_needing_every_trick_misses_one_when_its_suits_run_out(solver: Solve) -> None:
    # N-S top only the spades, two rounds of them; E's heart ace takes the third trick (and
    # after the heart E-W take the rest).
    position = wiezen("NT", ["SA SK H2", "HA DA C2", "S3 D2 D3", "SQ HK C3"], N)
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.value == 2
    assert result.cards == {"SA": 2, "SK": 2, "H2": 0}
    # The same for the side not on lead: E-W cannot take all three after N's lead either.
    assert solver(position, Objective.tricks([E, W])).value == 1


def test_a_squeeze_takes_every_trick_the_long_suit_allows(solver: Solve) -> None:
    # W guards both red suits; N's spade ace squeezes it: N-S take all three tricks, which
    # the count of their suits (one spade and two diamonds) allows.
    position = wiezen("NT", ["SA HQ D2", "C3 C4 C5", "DA DK C2", "HK DQ DJ"], N)
    assert solver(position, Objective.tricks([N, S]), "cards").cards["SA"] == 3
