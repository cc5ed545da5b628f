"""A toy quiz generator for machinery tests (the real ones live in games/quizzes/)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.quizzes import load_generators
from games.quizzes.base import GENERATOR_MODES, GENERATORS, Candidate, QuizDraft
from games.quizzes.wiezen.table import deal_hands, wiezen_position
from games.wiezen import Auction

DISTINCT_POSITIONS = 40


def toy_position(n: int) -> dict[str, object]:
    """Return the position of Kleurenwiezen deal ``n`` before the first call (North to call)."""
    hands = deal_hands(n)
    return wiezen_position(
        seat="N",
        dealer="W",
        question="call",
        dealt=hands,
        shown=["N"],
        auction=Auction("W", hands),
        contract=None,
    )


def toy_generator(seed: int, mode: str, constraint: object) -> QuizDraft | None:
    """Keep two seeds in three; positions repeat every DISTINCT_POSITIONS seeds. The accepted
    answer is A to E in turn (two seeds each), so no answer is accepted in more than a
    third of a run of kept seeds (the starter bank caps an answer's share)."""
    if seed % 3 == 0:
        return None
    n = seed % DISTINCT_POSITIONS
    best = "ABCDE"[(seed // 3) % 5]
    return QuizDraft(
        game="wiezen",
        kind="bid",
        mode=mode,
        prompt=f"Toy decision {n}",
        position=toy_position(n),
        unit="tricks",
        themes=("toy",),
        rating=1500.0,
        rule_ref="test",
        seed=seed,
        candidates=tuple(
            Candidate(a, 2.0, True) if a == best else Candidate(a, 1.0, False, refutation="less")
            for a in "ABCDE"
        ),
    )


@pytest.fixture
def toy_bid_generator() -> Iterator[None]:
    load_generators()
    key = ("wiezen", "bid")
    saved = GENERATORS.get(key), GENERATOR_MODES.get(key)
    GENERATORS[key] = toy_generator
    GENERATOR_MODES[key] = ("single_dummy",)
    yield
    if saved[0] is None:
        GENERATORS.pop(key, None)
        GENERATOR_MODES.pop(key, None)
    else:
        GENERATORS[key], GENERATOR_MODES[key] = saved  # type: ignore[assignment]
