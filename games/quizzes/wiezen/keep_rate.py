"""Measure a generator: how many seeds give a quiz, and how long an attempt takes."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.quizzes.base import QuizError
from games.quizzes.wiezen.bid import bid_quiz
from games.quizzes.wiezen.play import play_quiz

GENERATORS = {"play": play_quiz, "bid": bid_quiz}


@dataclass(frozen=True)
class KeepRate:
    """Attempts, quizzes kept and the time spent for one kind and mode."""

    kind: str
    mode: str
    attempts: int
    kept: int
    seconds: float

    @property
    def rate(self) -> float:
        """Return the share of attempts that gave a quiz."""
        return self.kept / self.attempts if self.attempts else 0.0

    @property
    def ms_per_attempt(self) -> float:
        """Return the average wall time of one attempt in milliseconds."""
        return 1000 * self.seconds / self.attempts if self.attempts else 0.0

    def __str__(self) -> str:
        return (
            f"wiezen {self.kind}/{self.mode}: kept {self.kept} of {self.attempts} "
            f"({self.rate:.0%}), {self.ms_per_attempt:.0f} ms per attempt"
        )


def measure(kind: str, mode: str, seeds: Iterable[int], constraint: Any = None) -> KeepRate:
    """Run the ``kind`` generator in ``mode`` for every seed; count and time the attempts."""
    if kind not in GENERATORS:
        raise QuizError(f"no wiezen quiz kind {kind!r}: expected play or bid")
    make = GENERATORS[kind]
    attempts = kept = 0
    start = time.perf_counter()
    for seed in seeds:
        attempts += 1
        if make(seed, mode, constraint) is not None:
            kept += 1
    return KeepRate(kind, mode, attempts, kept, time.perf_counter() - start)
