"""Band objectives (``at_least``): how many thresholds of tricks or card points a side
reaches, found by zero-window searches; checked against the full count on both backends."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.solver import Objective, Result, SolverInputError, solve, solve_many
from games.solver.backends import available_backends
from games.solver.builders import skat_position
from games.solver.requests import skat_points
from games.solver.samples import random_position

Solve = Callable[..., Result]
DATA = Path(__file__).resolve().parent.parent / "data" / "skat_solved_deals.jsonl"
DEALS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)

# Hearts, the declarer (seat 0) to lead: only the jack of diamonds makes 61 card points
# from here; every other lead gives 39 or fewer.
EXACTLY_61 = ("hearts", ["H8 HK DK DJ", "SA CA CK ST", "SK C8 C9 HA"], 0)
# Grand, the declarer to lead: 90 card points from here (schneider) unless a low spade is
# led (27).
SCHNEIDER_90 = (
    "grand",
    ["SA S8 DT ST CJ S9", "D8 HQ H7 CT D7 HT", "HA DJ CA CQ SQ DK"],
    0,
)
# Clubs, the declarer to lead: all four tricks (schwarz) unless it leads the ten of hearts.
SCHWARZ = ("clubs", ["HT CJ SJ HJ", "D8 SQ CA DK", "CQ CT D7 H8"], 0)


def test_a_threshold_reached_exactly_at_61(solver: Solve) -> None:
    position = skat_position(*EXACTLY_61)
    assert solver(position, Objective.points([0])).value == 61
    assert solver(position, Objective.points([0], at_least=61)).value == 1
    assert solver(position, Objective.points([0], at_least=62)).value == 0
    cards = solver(position, Objective.points([0], at_least=61), "cards").cards
    assert cards == {"DJ": 1, "H8": 0, "HK": 0, "DK": 0}
    # Those 61 are every point left: the defenders, asking for one, reach none.
    assert solver(position, Objective.points([1, 2])).value == 0
    assert solver(position, Objective.points([1, 2], at_least=(0, 1))).value == 1


def test_schneider_at_90_and_the_bands_below(solver: Solve) -> None:
    position = skat_position(*SCHNEIDER_90)
    assert solver(position, Objective.points([0], at_least=90)).value == 1
    assert solver(position, Objective.points([0], at_least=91)).value == 0
    bands = solver(position, Objective.points([0], at_least=(31, 61, 90)), "cards")
    assert bands.value == 3
    assert bands.cards == {"SA": 3, "S8": 0, "DT": 3, "ST": 3, "CJ": 3, "S9": 0}


def test_schwarz_is_all_the_tricks(solver: Solve) -> None:
    position = skat_position(*SCHWARZ)
    assert solver(position, Objective.points([0])).value < 120
    assert solver(position, Objective.tricks([0], at_least=4)).value == 1
    cards = solver(position, Objective.tricks([0], at_least=4), "cards").cards
    assert cards == {"HT": 0, "CJ": 1, "SJ": 1, "HJ": 1}
    # The defenders cannot avoid being schwarz either: they reach no trick.
    assert solver(position, Objective.tricks([1, 2], at_least=1)).value == 0


def test_thresholds_outside_the_range_are_decided_without_search(solver: Solve) -> None:
    position = skat_position(*EXACTLY_61)
    assert solver(position, Objective.points([0], at_least=(-5, 0))).value == 2
    assert solver(position, Objective.points([0], at_least=121)).value == 0
    assert solver(position, Objective.tricks([0], at_least=(0, 5, 9))).value == 1


def test_bad_thresholds_are_refused(solver: Solve) -> None:
    position = skat_position(*EXACTLY_61)
    for objective, words in [
        (Objective.points([0], at_least=(61, 31)), "ascending"),
        (Objective.points([0], at_least=(61, 61)), "ascending"),
        (Objective.points([0], at_least=range(10)), "at most 8"),
        (dataclasses.replace(Objective.misere(0), thresholds=(1,)), "not exact"),
        (Objective("points", (0,), (), (1.5,)), "whole number"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(SolverInputError, match=words):
            solver(position, objective)
    with pytest.raises(SolverInputError, match="number or numbers"):
        Objective.points([0], at_least=True)


@needs_core
def test_bands_of_the_150_deals_match_their_card_points() -> None:
    """The declarer's band (lost schneider, lost, won, schneider) of every solved deal."""
    wrong = []
    for number, deal in enumerate(DEALS):
        position = skat_position(deal["game"], deal["hands"], deal["leader"])
        skat = skat_points(deal["skat"])
        thresholds = tuple(t - skat for t in (31, 61, 90))
        band = solve(position, Objective.points([deal["declarer"]], at_least=thresholds)).value
        expected = sum(deal["declarer_points"] >= t for t in (31, 61, 90))
        won = solve(position, Objective.points([deal["declarer"]], at_least=61 - skat)).value
        if band != expected or won != (deal["declarer_points"] >= 61):
            wrong.append((number, band, won, deal["declarer_points"]))
    assert wrong == []


@needs_core
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 5),
    mode=st.sampled_from(["value", "cards"]),
    kind=st.sampled_from(["points", "tricks"]),
    count=st.integers(1, 3),
)
def test_core_and_twin_agree_on_skat_bands(
    seed: int, tricks: int, mode: str, kind: str, count: int
) -> None:
    sample = random_position("skat", seed, tricks)
    team = sample.objective.team
    rng = random.Random(seed)
    top = 120 if kind == "points" else tricks
    thresholds = sorted(rng.sample(range(-1, top + 2), count))
    objective = (
        Objective.points(team, at_least=thresholds)
        if kind == "points"
        else Objective.tricks(team, at_least=thresholds)
    )
    full = Objective.points(team) if kind == "points" else Objective.tricks(team)
    twin = solve(sample.position, objective, mode, backend="python")
    core = solve(sample.position, objective, mode, backend="c")
    assert core == twin
    exact = solve(sample.position, full, mode, backend="c")
    assert core.value == sum(exact.value >= t for t in thresholds)
    if mode == "cards":
        assert exact.cards is not None
        assert core.cards == {c: sum(v >= t for t in thresholds) for c, v in exact.cards.items()}


@needs_core
def test_a_batch_of_bands_gives_the_answers_of_single_calls() -> None:
    items = []
    for seed in range(12):
        sample = random_position("skat", 7000 + seed, 4, mid_trick=False)
        team = sample.objective.team
        for thresholds in ((31,), (61,), (10, 20, 30), ()):
            items.append((sample.position, Objective.points(team, at_least=thresholds)))
        items.append((sample.position, Objective.tricks(team, at_least=4)))
    for mode in ("value", "cards"):
        single = [solve(p, o, mode, backend="c") for p, o in items]
        assert solve_many(items, mode, backend="c") == single
        # One deal's questions may share the table: its entries bound the points to come,
        # whatever threshold proved them.
        groups = [i // 5 for i in range(len(items))]
        assert solve_many(items, mode, backend="c", groups=groups) == single
        assert solve_many(items, mode, backend="python") == single
