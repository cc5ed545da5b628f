"""The C core and the pure-Python twin give identical answers on random endgames."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.solver import Objective, solve
from games.solver.backends import available_backends
from games.solver.samples import CONTRACTS, random_position

needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)


@needs_core
@pytest.mark.parametrize("game", sorted(CONTRACTS))
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32), tricks=st.integers(1, 4), mode=st.sampled_from(["value", "cards"])
)
def test_core_and_twin_agree_on_random_endgames(
    game: str, seed: int, tricks: int, mode: str
) -> None:
    sample = random_position(game, seed, tricks)
    twin = solve(sample.position, sample.objective, mode, backend="python")
    core = solve(sample.position, sample.objective, mode, backend="c")
    assert core == twin


@needs_core
@pytest.mark.parametrize("game", sorted(CONTRACTS))
@pytest.mark.parametrize("contract_index", range(6))
def test_core_and_twin_agree_on_every_contract(game: str, contract_index: int) -> None:
    contracts = CONTRACTS[game]
    contract = contracts[contract_index % len(contracts)]
    for seed in range(3):
        sample = random_position(game, 1000 * contract_index + seed, 4, contract=contract)
        twin = solve(sample.position, sample.objective, "cards", backend="python")
        core = solve(sample.position, sample.objective, "cards", backend="c")
        assert core == twin, (contract, seed)


# Positions where a faulty quick-trick rule once made the core disagree with the twin
# (Beyond: a seat holding a joker may keep its cards of the suit led, so the leader's
# smaller cards do not win by length).
REGRESSIONS = [("beyond", 9227, 5), ("beyond", 9238, 4), ("beyond", 9266, 5), ("beyond", 121437, 4)]


@needs_core
@pytest.mark.parametrize(("game", "seed", "tricks"), REGRESSIONS)
def test_core_and_twin_agree_on_past_failures(game: str, seed: int, tricks: int) -> None:
    sample = random_position(game, seed, tricks)
    twin = solve(sample.position, sample.objective, "cards", backend="python")
    core = solve(sample.position, sample.objective, "cards", backend="c")
    assert core == twin


@needs_core
@pytest.mark.parametrize("game", sorted(CONTRACTS))
def test_core_and_twin_agree_on_five_trick_endgames(game: str) -> None:
    """A fixed sweep deeper than the hypothesis test: bounds and pruning act from 3 tricks."""
    for seed in range(80):
        sample = random_position(game, 50_000 + seed, 3 + seed % 3)
        twin = solve(sample.position, sample.objective, "cards", backend="python")
        core = solve(sample.position, sample.objective, "cards", backend="c")
        assert core == twin, seed


@needs_core
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    tricks=st.integers(2, 5),
    seat=st.integers(0, 3),
    mode=st.sampled_from(["value", "cards"]),
)
def test_core_and_twin_agree_on_lone_declarer_endgames(
    seed: int, tricks: int, seat: int, mode: str
) -> None:
    """Kleurenwiezen alone: one declarer against three in a trump contract, some positions
    mid-trick (the lone declarer's bounds at the second and third seat)."""
    contract = "SHDC"[seed % 4]
    sample = random_position("wiezen", seed, tricks, contract=contract)
    objective = Objective.tricks([seat])
    twin = solve(sample.position, objective, mode, backend="python")
    core = solve(sample.position, objective, mode, backend="c")
    assert core == twin
