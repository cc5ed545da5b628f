"""Measure how many seeds give a quiz (the keep rate) and how long an attempt takes."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from games.quizzes.base import GENERATORS


@dataclass(frozen=True)
class KeepRate:
    """Attempts made, quizzes kept, and the mean time of one attempt in milliseconds."""

    kind: str
    mode: str
    tried: int
    kept: int
    ms_per_attempt: float

    @property
    def rate(self) -> float:
        return self.kept / self.tried if self.tried else 0.0


def keep_rate(kind: str, mode: str, seeds: Iterable[int]) -> KeepRate:
    """Run the Skat generator of ``kind`` in ``mode`` on each seed and count the kept drafts."""
    import games.quizzes.skat  # noqa: F401  (registers the generators)

    make = GENERATORS[("skat", kind)]
    tried = kept = 0
    start = time.perf_counter()
    for seed in seeds:
        tried += 1
        kept += make(seed, mode, None) is not None
    elapsed = (time.perf_counter() - start) * 1000
    return KeepRate(kind, mode, tried, kept, elapsed / tried if tried else 0.0)
