"""Checkpoint exercises: small questions generated from a seed and checked by the engines.

An exercise generator is a function ``(seed, params) -> Exercise`` registered under a name
like ``"skat.trick_winner"``. The same seed and params always give the same exercise, so a page
can regenerate it when the learner answers instead of storing it. No solver is ever used here:
every answer comes from the rules engines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Diagram = dict[str, Any]
"""A card diagram, the same shape the lesson markup parses to, e.g.
``{"kind": "hand", "game": "skat", "cards": ["CJ", "SA"]}``,
``{"kind": "trick", "game": "skat", "plays": [["0", "CJ"], ["1", "SA"]]}``,
``{"kind": "deal", "game": "wiezen", "hands": {"N": [...], ...}}``,
``{"kind": "auction", "game": "beyond", "calls": [["N", "13S"], ["E", "pass"]]}``."""


class ExerciseError(ValueError):
    """Raised for an unknown exercise name or bad parameters; names the problem."""


@dataclass(frozen=True)
class Choice:
    """One answer the learner can pick: a stable key and the text shown."""

    key: str
    label: str


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer, with the reason."""

    correct: bool
    message: str


@dataclass(frozen=True)
class Exercise:
    """One generated question.

    ``answers`` holds the keys of every right choice. With ``multiple`` the learner must pick
    exactly that set (e.g. "which cards may you play?"); otherwise any one of them is right.
    ``explanation`` says why, in terms of the rule the lesson taught.
    """

    name: str
    seed: int
    prompt: str
    choices: tuple[Choice, ...]
    answers: frozenset[str]
    explanation: str
    diagrams: tuple[Diagram, ...] = ()
    multiple: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        keys = [c.key for c in self.choices]
        if len(set(keys)) != len(keys):
            raise ExerciseError(f"{self.name}: duplicate choice keys {keys}")
        if not self.answers or not self.answers <= set(keys):
            raise ExerciseError(f"{self.name}: answers {sorted(self.answers)} not among {keys}")

    def check(self, picked: str | list[str] | tuple[str, ...] | set[str]) -> Feedback:
        """Grade the learner's pick (one key, or a set of keys when ``multiple``)."""
        chosen = {picked} if isinstance(picked, str) else set(picked)
        unknown = chosen - {c.key for c in self.choices}
        if unknown:
            raise ExerciseError(f"not a choice of this exercise: {', '.join(sorted(unknown))}")
        if self.multiple:
            correct = chosen == set(self.answers)
        else:
            correct = len(chosen) == 1 and chosen <= self.answers
        verdict = "Right." if correct else "Not quite."
        return Feedback(correct, f"{verdict} {self.explanation}")

    def label_of(self, key: str) -> str:
        return next(c.label for c in self.choices if c.key == key)


Generator = Callable[[int, Mapping[str, Any]], Exercise]
REGISTRY: dict[str, Generator] = {}


def exercise(name: str) -> Callable[[Generator], Generator]:
    """Register a generator under ``name`` (``<game>.<what>``)."""

    def register(func: Generator) -> Generator:
        if name in REGISTRY:
            raise ExerciseError(f"exercise {name!r} is registered twice")
        REGISTRY[name] = func
        return func

    return register
