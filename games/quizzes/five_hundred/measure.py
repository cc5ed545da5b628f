"""Measure a generator's keep rate and time per attempt over a run of seeds."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from games.quizzes import draft_quiz


@dataclass(frozen=True)
class KeepRate:
    """How many of ``attempts`` seeds gave a quiz, and the average time per attempt."""

    kind: str
    mode: str
    attempts: int
    kept: int
    ms_per_attempt: float

    @property
    def rate(self) -> float:
        """Return the share of attempts that gave a quiz (0 when nothing was tried)."""
        return self.kept / self.attempts if self.attempts else 0.0


def keep_rate(kind: str, mode: str, seeds: Iterable[int]) -> KeepRate:
    """Run the 500 generator for ``kind`` and ``mode`` on ``seeds`` and count the quizzes."""
    attempts = kept = 0
    start = time.perf_counter()
    for seed in seeds:
        attempts += 1
        kept += draft_quiz("five_hundred", kind, mode, seed) is not None
    elapsed = (time.perf_counter() - start) * 1000
    return KeepRate(kind, mode, attempts, kept, elapsed / attempts if attempts else 0.0)
