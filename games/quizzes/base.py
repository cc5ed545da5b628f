"""Quiz drafts: a real decision cut from a solved deal, with every candidate's value.

A generator is a function ``(seed, mode, constraint) -> QuizDraft | None`` registered for a
game and a kind. It returns ``None`` when the position it dealt is not a real decision (the
accepted answers do not beat the rest by a clear margin); the caller counts those to report
the keep rate. The same arguments always give the same draft.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from games.position import Position, position_from_json, shown_part
from games.quizzes.units import UNITS

KINDS = ("play", "bid")
MODES = ("double_dummy", "single_dummy")


class QuizError(ValueError):
    """Raised for an unknown game, kind or mode, or bad generator arguments."""


@dataclass(frozen=True)
class Candidate:
    """One possible answer with its value; ``refutation`` explains why a rejected one loses.

    ``value`` is in the quiz's unit (``games.quizzes.units``). ``result`` says in the game's
    own words what the answer reaches ("wins with 63 card points", "the contract is set by
    one"); ``rate`` is how often it reaches the aim over the sampled worlds, in ``rate_unit``
    (win rate, make rate, hit rate), shown beside a mean score.
    """

    answer: str
    value: float
    accepted: bool
    label: str = ""
    refutation: str = ""
    line: tuple[str, ...] = ()
    result: str = ""
    rate: float | None = None
    rate_unit: str = ""

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["line"] = list(self.line)
        data["label"] = self.label or self.answer
        return data


@dataclass(frozen=True)
class QuizDraft:
    """Everything stored for one quiz (see docs/quizzes.md for the exported schema)."""

    game: str
    kind: str
    mode: str
    prompt: str
    position: dict[str, Any]
    candidates: tuple[Candidate, ...]
    unit: str
    themes: tuple[str, ...]
    rating: float
    rule_ref: str
    seed: int
    samples: int | None = None
    margin: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise QuizError(f"unknown quiz kind {self.kind!r}")
        if self.unit not in UNITS:
            raise QuizError(f"unknown quiz unit {self.unit!r} (known: {', '.join(sorted(UNITS))})")
        for cand in self.candidates:
            if cand.rate is not None and not 0 <= cand.rate <= 1:
                raise QuizError(f"{cand.answer}: rate {cand.rate} is not a fraction from 0 to 1")
            if cand.rate_unit and cand.rate_unit not in UNITS:
                raise QuizError(f"{cand.answer}: unknown rate unit {cand.rate_unit!r}")
        if not any(c.accepted for c in self.candidates):
            raise QuizError("a quiz needs at least one accepted answer")
        if all(c.accepted for c in self.candidates):
            raise QuizError("a quiz needs at least one answer that is not accepted")
        answers = [c.answer for c in self.candidates]
        if len(set(answers)) != len(answers):
            raise QuizError(f"duplicate candidate answers in {answers}")

    @property
    def position_hash(self) -> str:
        """Return a stable hash of what the learner sees, unique per game, kind and mode.

        The whole deal (revealed only after the answer) is left out: two deals that look the
        same to the decider are one decision.
        """
        key = json.dumps(
            [self.game, self.kind, self.mode, shown_part(self.position)],
            sort_keys=True,
            separators=(",", ":"),
        )
        return hashlib.sha256(key.encode()).hexdigest()

    @property
    def record(self) -> Position:
        """Return the position as the typed record; raise PositionError if it does not fit."""
        return position_from_json(self.game, self.position)

    @property
    def accepted(self) -> list[str]:
        return [c.answer for c in self.candidates if c.accepted]


Generator = Callable[[int, str, Any], "QuizDraft | None"]
GENERATORS: dict[tuple[str, str], Generator] = {}
GENERATOR_MODES: dict[tuple[str, str], tuple[str, ...]] = {}


def generator(game: str, kind: str, modes: tuple[str, ...]) -> Callable[[Generator], Generator]:
    """Register a quiz generator for ``game`` and ``kind`` supporting ``modes``."""

    def register(func: Generator) -> Generator:
        GENERATORS[(game, kind)] = func
        GENERATOR_MODES[(game, kind)] = modes
        return func

    return register
