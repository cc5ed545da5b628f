"""Hand-made positions for the Beyond and exact-target bounds, and core against twin on them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for, solve
from games.solver.backends import available_backends
from games.solver.samples import random_position

Solve = Callable[..., Result]
N, E, S, W = range(4)


def beyond(contract: str, hands: list[str], leader: int, **extra: object) -> Position:
    """A Beyond position from hands by seat (N, E, S, W) as text."""
    layout = layout_for("beyond", contract)
    parsed = [[Card(t[0], t[1]) for t in hand.split()] for hand in hands]
    return Position.build(layout, parsed, leader, **extra)  # type: ignore[arg-type]


def test_a_joker_lead_takes_a_trump_the_trumps_count_must_spare(solver: Solve) -> None:
    # N holds the two top trumps, but E leads the only joker: N must put a trump on it, the
    # joker wins, and N wins only the second trick (by ruffing E's spade).
    position = beyond("H", ["HA HK", "X1 S2", "S3 S4", "S5 S6"], E)
    assert solver(position, Objective.tricks([N, S])).value == 1


def test_a_joker_lead_under_the_lock_must_wait_for_a_suit_lead(solver: Solve) -> None:
    # The same cards right after a joker lead: E must lead its spade first; N ruffs and then
    # leads a trump, on which E's joker never wins.
    position = beyond("H", ["HA HK", "X1 S2", "S3 S4", "S5 S6"], E, after_joker_lead=True)
    assert solver(position, Objective.tricks([N, S])).value == 2


def test_a_joker_ruff_of_a_suit_lead_never_stops_the_opponents_cashing(solver: Solve) -> None:
    # E cashes SA and SK; N's joker may be played to them but never wins a suit lead, so N
    # misses its one trick.
    position = beyond("NT", ["X1 D2", "SA SK", "D3 D4", "S2 S3"], E)
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 0
    # With a trump instead of the joker N ruffs the second spade and hits its target.
    position = beyond("D", ["S4 D2", "SA SK", "C3 C4", "S2 S3"], E)
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 1


def test_exact_targets_reached_early_fail_when_a_seat_must_win_a_trick(solver: Solve) -> None:
    # Both partners have their numbers already; N holds only trumps and must win the
    # spade leads.
    position = beyond("H", ["HA HK", "S2 S3", "S4 S5", "S6 S7"], E)
    assert solver(position, Objective.exact({N: 0, S: 0})).value == 0


def test_exact_targets_reached_early_hold_when_jokers_let_a_seat_duck(solver: Solve) -> None:
    # N holds the top trump and a joker, yet wins nothing: on E's spade lead N plays its
    # joker (which never wins a suit lead), and on E's joker lead the trump loses to it.
    position = beyond("H", ["X1 HA", "X2 S2", "D2 D3", "D4 D5"], E)
    assert solver(position, Objective.exact({N: 0, S: 0})).value == 1


def test_a_target_past_a_seats_sure_trumps_fails(solver: Solve) -> None:
    # N's three top trumps win three tricks whatever anyone plays: a target of two fails,
    # three can be hit.
    position = beyond("S", ["SA SK SQ", "H2 H3 H4", "D2 D3 D4", "C2 C3 C4"], W)
    assert solver(position, Objective.exact({N: 2, S: 0})).value == 0
    assert solver(position, Objective.exact({N: 3, S: 0})).value == 1


needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)


@needs_core
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), tricks=st.integers(2, 5))
def test_core_and_twin_agree_on_beyond_endgames_with_jokers_and_targets(
    seed: int, tricks: int
) -> None:
    sample = random_position("beyond", seed, tricks)
    assume(sample.objective.kind == "exact")
    assume(any(card.suit == "X" for hand in sample.position.hands for card in hand))
    twin = solve(sample.position, sample.objective, "cards", backend="python")
    core = solve(sample.position, sample.objective, "cards", backend="c")
    assert core == twin
