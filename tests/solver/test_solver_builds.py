"""The builds of the C core (portable, native-nobmi2, native): the choice among them, and
identical answers and node counts from each."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import format_pbn
from games.solver import Objective, layout_for, solve
from games.solver.backends import available_backends
from games.solver.builders import pbn_position
from games.solver.builds import BUILD_ENV, SLOW_PDEP, Cpu, choose
from games.solver.samples import CONTRACTS, random_position

ROOT = Path(__file__).resolve().parents[2]
ALL = frozenset({"popcnt", "bmi", "bmi2", "avx2"})
BUILT = {
    "native": ALL,
    "native-nobmi2": ALL - {"bmi2"},
    "portable": frozenset(),
}
ZEN5 = Cpu("AuthenticAMD", 26, 2, ALL, pdep_ratio=1.0)
ZEN2 = Cpu("AuthenticAMD", 23, 49, ALL, pdep_ratio=40.0)
BUILDS = [name[2:] for name in available_backends() if name.startswith("c-")]
needs_builds = pytest.mark.skipif(
    len(BUILDS) < 2, reason="fewer than two builds of the C core (python setup.py build_ext)"
)


def test_fast_pdep_runs_the_native_build() -> None:
    assert choose("auto", BUILT, {}, ZEN5)[0] == "native"


def test_slow_pdep_runs_the_native_build_without_bmi2() -> None:
    variant, reason = choose("auto", BUILT, {}, ZEN2)
    assert variant == "native-nobmi2"
    assert "40.0x" in reason
    edge = Cpu("AuthenticAMD", 23, 1, ALL, pdep_ratio=SLOW_PDEP + 0.1)
    assert choose("auto", BUILT, {}, edge)[0] == "native-nobmi2"


def test_an_unmeasured_pdep_is_not_trusted() -> None:
    cpu = Cpu("GenuineIntel", 6, 85, ALL, pdep_ratio=None)
    assert choose("auto", BUILT, {}, cpu)[0] == "native-nobmi2"


def test_a_native_build_without_bmi2_needs_no_measurement() -> None:
    built = {"native": ALL - {"bmi2"}, "portable": frozenset()}
    assert choose("auto", built, {}, Cpu("x", 6, 1, frozenset()))[0] == "native"


def test_without_native_builds_the_portable_one_runs() -> None:
    built = {"portable": frozenset()}
    unusable = {"native": "not built", "native-nobmi2": "not built"}
    assert choose("auto", built, unusable, ZEN2)[0] == "portable"


@pytest.mark.parametrize("forced", sorted(BUILT))
def test_the_environment_forces_any_build(forced: str) -> None:
    assert choose(forced, BUILT, {}, ZEN2) == (forced, f"forced by {BUILD_ENV}")
    assert choose(forced, BUILT, {}, ZEN5)[0] == forced


def test_bad_requests_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="GAMES_SOLVER_BUILD must be one of auto, native"):
        choose("fastest", BUILT, {}, ZEN5)
    built = {"portable": frozenset()}
    with pytest.raises(ValueError, match=r"native: that build cannot run here \(uses avx2"):
        choose("native", built, {"native": "uses avx2, which this CPU lacks"}, ZEN5)
    with pytest.raises(ImportError, match="no build of the C core can run here"):
        choose("auto", {}, {"portable": "not built"}, ZEN5)


@needs_builds
@pytest.mark.parametrize("forced", ["portable", "native"])
def test_the_environment_variable_picks_the_build_of_a_process(forced: str) -> None:
    env = {**os.environ, BUILD_ENV: forced}
    done = subprocess.run(
        [sys.executable, "-m", "games.solver", "--info"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"C core build: {forced} (forced by {BUILD_ENV})" in done.stdout
    assert "family" in done.stdout


@needs_builds
def test_a_bad_environment_variable_stops_with_its_name() -> None:
    env = {**os.environ, BUILD_ENV: "turbo"}
    done = subprocess.run(
        [sys.executable, "-m", "games.solver", "--info"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert "GAMES_SOLVER_BUILD must be one of" in done.stderr


def _nodes(build: str) -> int:
    from games.solver import native

    return int(native.engine(build).nodes)


@needs_builds
@pytest.mark.parametrize("game", sorted(CONTRACTS))
@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32), tricks=st.integers(1, 5), mode=st.sampled_from(["value", "cards"])
)
def test_every_build_gives_the_twins_answers_with_the_same_nodes(
    game: str, seed: int, tricks: int, mode: str
) -> None:
    sample = random_position(game, seed, tricks)
    twin = solve(sample.position, sample.objective, mode, backend="python")
    nodes = set()
    for build in BUILDS:
        assert solve(sample.position, sample.objective, mode, backend=f"c-{build}") == twin
        nodes.add(_nodes(build))
    assert len(nodes) == 1  # the same search: only the instructions differ


@needs_builds
@pytest.mark.parametrize("seed", range(3))
def test_every_build_matches_dds_card_by_card(seed: int) -> None:
    pytest.importorskip("endplay.dds")
    from tests.solver.test_solver_dds import dds_cards, random_bridge

    hands, trump, leader, trick = random_bridge(seed, 7)
    expected = dds_cards(hands, trump, leader, trick)
    position = pbn_position(layout_for("wiezen", trump), format_pbn(hands), leader, trick)
    for build in BUILDS:
        result = solve(position, Objective.tricks([0, 2]), "cards", backend=f"c-{build}")
        assert result.cards == expected, build


@needs_builds
@pytest.mark.parametrize("forced", ["auto", *BUILT])
def test_the_environment_variable_is_read_by_the_choice(
    forced: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.solver import builds

    if forced != "auto" and forced not in BUILDS:
        pytest.skip(f"the {forced} build cannot run here")
    monkeypatch.setenv(BUILD_ENV, forced)
    builds.choice.cache_clear()
    try:
        chosen = builds.choice()
        assert chosen.usable == tuple(BUILDS)
        assert chosen.cpu.family >= 0 or not chosen.cpu.features
        if forced == "auto":
            assert chosen.reason != f"forced by {BUILD_ENV}"
        else:
            assert (chosen.variant, chosen.reason) == (forced, f"forced by {BUILD_ENV}")
        assert builds.module().build_info()["variant"] == chosen.variant
    finally:
        monkeypatch.undo()  # the environment as it was, then the choice made again from it
        builds.choice.cache_clear()


@needs_builds
def test_every_build_gives_the_same_batch() -> None:
    from games.solver import solve_many

    items = []
    for game in sorted(CONTRACTS):
        for seed in range(3):
            sample = random_position(game, 900 + seed, 4)
            items.append((sample.position, sample.objective))
    expected = [solve(p, o, "cards", backend="python") for p, o in items]
    for build in BUILDS:
        assert solve_many(items, "cards", backend=f"c-{build}") == expected, build
