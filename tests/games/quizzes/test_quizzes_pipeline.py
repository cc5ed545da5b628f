"""The shared play pipeline: a toy game given only its spec gets generation and re-checks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from games.quizzes.base import Candidate, QuizDraft, QuizError
from games.quizzes.common.lines import LineStep, PlayedLine
from games.quizzes.common.pipeline import (
    PlaySpec,
    play_generator,
    recheck_play,
    register_play,
)
from games.quizzes.common.verdict import Outcome, Verdict

# The toy: a cut is a dict of card -> points it takes; a card "wins" when it takes 61 or more.
DEALS = {
    1: [{"A": 70, "K": 64, "Q": 40, "J": 20}],  # A and K win, Q and J lose: a quiz
    2: [{"A": 40, "K": 20, "Q": 10}],  # all lose: no band difference, no quiz
    3: [{"A": 70, "K": 64, "Q": 62, "J": 20}, {"A": 70, "K": 10, "Q": 5}],  # 3 of 4 win: next
}


def _outcome(points: float) -> Outcome:
    won = points >= 61
    words = f"you {'win' if won else 'lose'} with {points:g} card points"
    return Outcome(1 if won else 0, 10 if won else -20, won, points, words)


class Toy(PlaySpec[dict, dict]):
    game = "toy"
    rate_unit = "win rate"

    def cuts(self, seed: int, mode: str, constraint: Any) -> Iterable[dict]:
        return DEALS[seed]

    def answers(self, cut: dict) -> list[tuple[str, str]]:
        return [(a, f"the {a}") for a in cut]

    def exact(self, cut: dict) -> dict[str, Outcome]:
        return {a: _outcome(p) for a, p in cut.items()}

    def worlds(self, cut: dict, seed: int, number: int) -> list[dict] | None:
        return [{a: p + shift for a, p in cut.items()} for shift in (-5, 0, 5, 10)]

    def in_world(self, cut: dict, world: dict) -> dict[str, Outcome]:
        return {a: _outcome(p) for a, p in world.items()}

    def line(self, cut: dict, answer: str, world: dict | None) -> PlayedLine:
        steps = (LineStep("N", answer, None, "E"),)
        return PlayedLine((), steps, ("E 1",), f"{answer} is taken")

    def finish(
        self, cut: dict, mode: str, verdict: Verdict, candidates: Sequence[Candidate], extra: dict
    ) -> QuizDraft:
        return QuizDraft(
            game=self.game,
            kind="play",
            mode=mode,
            prompt="Which card?",
            position={"cut": cut},
            candidates=tuple(candidates),
            unit=verdict.unit,
            themes=(),
            rating=1500.0,
            rule_ref="",
            seed=0,
            samples=verdict.samples,
            margin=verdict.margin,
            extra={"cut": cut, **extra},
        )

    def stored_world_json(self, world: dict) -> Any:
        return world

    def recheck_outcomes(self, draft: QuizDraft) -> dict[str, Outcome] | list[dict[str, Outcome]]:
        if draft.mode == "double_dummy":
            return self.exact(draft.extra["cut"])
        return [self.in_world(draft.extra["cut"], w) for w in draft.extra["worlds"]]


SPEC = register_play(Toy())
GENERATE = play_generator(SPEC)


def test_a_double_dummy_quiz_accepts_the_best_band_and_explains_in_words():
    draft = GENERATE(1, "double_dummy")
    assert draft is not None
    assert draft.unit == "result"
    assert set(draft.accepted) == {"A", "K"}
    queen = next(c for c in draft.candidates if c.answer == "Q")
    assert queen.result == "you lose with 40 card points"
    assert queen.refutation == (
        "With the Q you lose with 40 card points against best play; with the A you win with "
        "70 card points. Best play then: Q is taken."
    )
    assert recheck_play(draft) == []


def test_one_band_makes_no_quiz_and_a_mostly_right_decision_gives_way_to_the_next():
    assert GENERATE(2, "double_dummy") is None
    draft = GENERATE(3, "double_dummy")
    assert draft is not None and draft.position["cut"] == DEALS[3][1]


def test_a_sampled_quiz_stores_its_worlds_and_rates_and_rechecks():
    draft = GENERATE(1, "single_dummy")
    assert draft is not None
    assert draft.unit == "points" and draft.samples == 4
    assert len(draft.extra["worlds"]) == 4
    jack = next(c for c in draft.candidates if c.answer == "J")
    assert (jack.rate, jack.rate_unit) == (0.0, "win rate")
    assert "Over 4 deals that fit what you know" in jack.refutation
    assert recheck_play(draft) == []


def test_the_recheck_names_a_changed_value_or_accepted_set():
    draft = GENERATE(1, "double_dummy")
    assert draft is not None
    changed = tuple(
        replace(c, value=c.value + 1) if c.answer == "J" else c for c in draft.candidates
    )
    assert recheck_play(replace(draft, candidates=changed)) == ["J: stored value 1.0, now 0.0"]
    flipped = tuple(replace(c, accepted=c.answer == "A") for c in draft.candidates)
    assert "accepted differ" in recheck_play(replace(draft, candidates=flipped))[0]


def test_an_unknown_mode_is_refused_with_the_games_name():
    with pytest.raises(QuizError, match="toy play quizzes come in double_dummy and single_dummy"):
        GENERATE(1, "open")
