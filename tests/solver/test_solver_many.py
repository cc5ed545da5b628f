"""solve_many: the batch call gives the answers of single calls, sharing the table or not."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.solver import (
    Budget,
    Objective,
    SolverBudgetExceeded,
    SolverInputError,
    solve,
    solve_many,
)
from games.solver.backends import available_backends
from games.solver.position import Position
from games.solver.samples import CONTRACTS, random_position

needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)


def worlds(
    game: str, seed: int, count: int, tricks: int, contract: str | None = None
) -> list[tuple[Position, Objective]]:
    """Return ``count`` deals of one contract and objective, as a quiz's sampled worlds
    are: the cards of a random position dealt again among the same seats."""
    rng = random.Random(seed)
    contract = contract or rng.choice(CONTRACTS[game])
    base = random_position(game, seed, tricks, contract=contract, mid_trick=False)
    position = base.position
    cards = [c for hand in position.hands for c in hand]
    out = []
    for _ in range(count):
        rng.shuffle(cards)
        hands, at = [], 0
        for hand in position.hands:
            hands.append(tuple(cards[at : at + len(hand)]))
            at += len(hand)
        out.append((dataclasses.replace(position, hands=tuple(hands)), base.objective))
    return out


@needs_core
@pytest.mark.parametrize("game", sorted(CONTRACTS))
@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 5),
    mode=st.sampled_from(["value", "cards"]),
    groups=st.integers(1, 3),
)
def test_a_batch_gives_the_answers_of_single_calls(
    game: str, seed: int, tricks: int, mode: str, groups: int
) -> None:
    items = [it for g in range(groups) for it in worlds(game, seed + g, 4, tricks)]
    singles = [solve(p, o, mode, backend="c") for p, o in items]
    assert solve_many(items, mode) == singles
    # One group for all: every position keeps the table of the one before where sound.
    assert solve_many(items, mode, groups=[0] * len(items)) == singles
    assert solve_many(items, mode, groups=[k // 3 for k in range(len(items))]) == singles


@needs_core
@pytest.mark.parametrize("game", sorted(CONTRACTS))
def test_without_groups_a_batch_searches_the_nodes_of_single_calls(game: str) -> None:
    from games.solver import native

    items = worlds(game, 7, 6, 5)
    nodes = []
    for position, objective in items:
        solve(position, objective, "cards")
        nodes.append(native.engine().nodes)
    solve_many(items, "cards")
    batch = native.last_batch()
    assert batch is not None
    assert list(batch.nodes) == nodes
    assert batch.shared == 0


@needs_core
def test_positions_of_one_group_and_contract_share_the_table() -> None:
    from games.solver import native

    items = worlds("wiezen", 3, 5, 6, "S")
    again = [items[0], items[0]]
    solve_many(again, "value", groups=["w", "w"])
    batch = native.last_batch()
    assert batch is not None
    assert batch.shared == 1
    assert batch.nodes[1] < batch.nodes[0]  # the second finds the first's entries
    solve_many(again, "value", groups=["w", "v"])
    assert native.last_batch().shared == 0  # type: ignore[union-attr]
    # Another trump is another card table: the table starts afresh there.
    mixed = items + worlds("wiezen", 4, 3, 6, "NT")
    solve_many(mixed, "value", groups=[0] * len(mixed))
    batch = native.last_batch()
    assert batch is not None
    assert batch.shared == 4 + 2
    with pytest.raises(SolverInputError, match="groups: 2 keys for 8 positions"):
        solve_many(mixed, groups=[0, 1])


@pytest.mark.parametrize("game", sorted(CONTRACTS))
def test_the_twin_batch_gives_its_single_answers(game: str) -> None:
    items = worlds(game, 11, 3, 2)
    singles = [solve(p, o, "cards", backend="python") for p, o in items]
    assert solve_many(items, "cards", backend="python") == singles


def test_a_bad_position_stops_the_batch_before_any_solve() -> None:
    items = worlds("skat", 5, 3, 3)
    position, objective = items[1]
    bad = dataclasses.replace(position, hands=(position.hands[0], (), position.hands[2]))
    with pytest.raises(SolverInputError):
        solve_many([items[0], (bad, objective), items[2]])
    with pytest.raises(SolverInputError, match="unknown mode"):
        solve_many(items, "all")
    with pytest.raises(SolverInputError, match="unknown backend"):
        solve_many(items, backend="gpu")


@needs_core
def test_a_batch_keeps_to_its_budget() -> None:
    items = worlds("beyond", 2, 4, 8)
    with pytest.raises(SolverBudgetExceeded):
        solve_many(items, budget=Budget(nodes=10))
    with pytest.raises(SolverBudgetExceeded):
        solve_many(items * 50, budget=Budget(seconds=1e-4))
