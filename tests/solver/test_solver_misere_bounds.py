"""Hand-made positions for the bounds of a seat that must take no trick (misère, null, a
piccolo whose trick is taken), and the core against the twin on such endgames."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for, solve
from games.solver.backends import available_backends
from games.solver.samples import random_position

Solve = Callable[..., Result]
N, E, S, W = range(4)


def wiezen_nt(hands: list[str], leader: int) -> Position:
    """A Kleurenwiezen no-trump position from hands by seat (N, E, S, W) as text."""
    parsed = [[Card(t[0], t[1]) for t in hand.split()] for hand in hands]
    return Position.build(layout_for("wiezen", "NT"), parsed, leader)


def test_a_misere_holds_when_each_low_card_has_a_lower_count_of_covers(solver: Solve) -> None:
    # E's spades 2 and 4 are not all below the others' (3 is), but each round of spades
    # takes one of the others' cards at least: 2 goes under the first, 4 under the second
    # of 3, 5, 6, 7. Hearts: E's 3 is below them all. E takes no trick.
    position = wiezen_nt(["S3 S7 HA", "S2 S4 H3", "S6 H4 H8", "S5 HK HQ"], S)
    assert solver(position, Objective.misere(E)).value == 1


def test_a_misere_fails_to_a_suit_led_twice_by_the_same_hand(solver: Solve) -> None:
    # South leads spades twice: the 3, which E ducks with the 2, then the 4, and E has only
    # the 9 left. No single round forces E; two do.
    position = wiezen_nt(["H2 H3 H4", "S2 S9 HA", "S3 S4 S5", "H5 H6 H7"], S)
    assert solver(position, Objective.misere(E)).value == 0


def test_a_misere_fails_when_every_lead_of_the_declarer_wins(solver: Solve) -> None:
    # E leads and holds the top of every suit it has: whatever it leads wins.
    position = wiezen_nt(["S2 H2", "SA HA", "S3 H3", "S4 H4"], E)
    assert solver(position, Objective.misere(E)).value == 0


def test_a_piccolo_with_its_trick_taken_must_duck_the_rest(solver: Solve) -> None:
    # E cashes the ace of spades, its one trick; then it leads the 2 of hearts and keeps
    # the 3 under the others' hearts, or throws it on a spade. Exactly one trick: 1.
    position = wiezen_nt(["S2 H9 HT", "SA H2 H3", "S3 HJ HQ", "S4 HK H8"], E)
    assert solver(position, Objective.piccolo(E)).value == 1


needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)


@needs_core
@pytest.mark.parametrize(
    ("game", "contract"), [("wiezen", "NT"), ("skat", "null"), ("five_hundred", "misere")]
)
def test_core_and_twin_agree_on_no_trump_endgames_of_a_seat_that_must_duck(
    game: str, contract: str
) -> None:
    """Misère and piccolo with 3-6 tricks left, where the bounds act at every trick start."""
    for seed in range(60):
        sample = random_position(game, 710_000 + seed, 3 + seed % 4, contract=contract)
        objective = sample.objective
        if objective.kind != "exact":
            seat = next(i for i, hand in enumerate(sample.position.hands) if hand)
            objective = Objective.misere(seat) if seed % 2 else Objective.piccolo(seat)
        twin = solve(sample.position, objective, "cards", backend="python")
        core = solve(sample.position, objective, "cards", backend="c")
        assert core == twin, (game, seed)
