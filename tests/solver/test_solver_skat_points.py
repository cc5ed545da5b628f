"""Card points (Skat): the core and the twin agree where the middle-seat bound and the
probe order of the card-point value act (the second seat of a trick; whole positions from
a trick start), and on both of the core's copies that card points take (the Skat copy for
seats 0-2, the general one for other seats)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.solver import Objective, Position, solve
from games.solver.backends import available_backends
from games.solver.samples import random_position

needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)
SUIT_GAMES = ("grand", "clubs", "spades", "hearts", "diamonds")


def second_seat(seed: int, tricks: int, contract: str) -> Position:
    """Return a random Skat position with the leader's card (a random one) on the trick."""
    start = random_position("skat", seed, tricks, contract=contract, mid_trick=False).position
    rng = random.Random(seed)
    hands = [list(hand) for hand in start.hands]
    card = rng.choice(hands[start.leader])
    hands[start.leader].remove(card)
    return Position(start.layout, tuple(tuple(h) for h in hands), start.leader, (card,))


@needs_core
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    tricks=st.integers(2, 4),
    contract=st.sampled_from(SUIT_GAMES),
    team=st.integers(0, 2),
    mode=st.sampled_from(["value", "cards"]),
)
def test_second_seat_card_points_agree_with_twin(
    seed: int, tricks: int, contract: str, team: int, mode: str
) -> None:
    position = second_seat(seed, tricks, contract)
    objective = Objective.points([team])
    assert solve(position, objective, mode, backend="c") == solve(
        position, objective, mode, backend="python"
    )


@needs_core
@pytest.mark.parametrize("contract", SUIT_GAMES)
def test_card_point_values_from_a_trick_start_agree_with_twin(contract: str) -> None:
    for seed in range(4):
        sample = random_position("skat", 7000 + seed, 4, contract=contract, mid_trick=False)
        objective = Objective.points([seed % 3])
        core = solve(sample.position, objective, backend="c")
        twin = solve(sample.position, objective, backend="python")
        assert core == twin, (contract, seed)


def moved_to_seat_3(position: Position) -> Position:
    """Return the Skat position with seat 2's hand (and its card on the trick) on seat 3."""
    hands = [position.hands[0], position.hands[1], (), position.hands[2]]
    leader = 3 if position.leader == 2 else position.leader
    return Position.build(position.layout, hands, leader, tuple(position.trick), active=(0, 1, 3))


@needs_core
@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    tricks=st.integers(2, 4),
    contract=st.sampled_from(SUIT_GAMES),
    team=st.sampled_from([[0], [1], [2], [0, 2], [1, 2]]),
    mode=st.sampled_from(["value", "cards"]),
)
def test_card_points_on_seats_other_than_0_to_2_agree(
    seed: int, tricks: int, contract: str, team: list[int], mode: str
) -> None:
    # Seats 0, 1, 2 take the core's Skat copy, which looks at those seats only; with seat 2's
    # cards on seat 3 the general copy runs. Both agree with the twin and with each other.
    position = random_position("skat", seed, tricks, contract=contract).position
    moved = moved_to_seat_3(position)
    moved_team = [3 if s == 2 else s for s in team]
    skat_copy = solve(position, Objective.points(team), mode, backend="c")
    general = solve(moved, Objective.points(moved_team), mode, backend="c")
    assert skat_copy == general
    assert general == solve(moved, Objective.points(moved_team), mode, backend="python")
