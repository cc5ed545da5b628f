"""Measure a generator: how many seeds give a quiz (the keep rate) and the time per attempt."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from games.quizzes.base import GENERATORS


@dataclass(frozen=True)
class KeepRate:
    """Attempts made, quizzes kept and the mean wall time of one attempt."""

    kind: str
    mode: str
    attempts: int
    kept: int
    ms_per_attempt: float

    @property
    def rate(self) -> float:
        return self.kept / self.attempts if self.attempts else 0.0


def keep_rate(kind: str, mode: str, seeds: Iterable[int]) -> KeepRate:
    """Run the Beyond ``kind`` generator in ``mode`` on each seed; return the counts."""
    run = GENERATORS[("beyond", kind)]
    attempts = kept = 0
    start = time.perf_counter()
    for seed in seeds:
        attempts += 1
        kept += run(seed, mode, None) is not None
    elapsed = (time.perf_counter() - start) * 1000
    return KeepRate(kind, mode, attempts, kept, elapsed / attempts if attempts else 0.0)
