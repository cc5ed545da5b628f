"""Card points (Skat): the core and the twin agree where the middle-seat bound and the
probe order of the card-point value act (the second seat of a trick; whole positions from
a trick start)."""

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
