"""Judge candidates valued on the same sampled worlds: the best ones, and a clear margin.

Every candidate has one value per world, the worlds shared by all candidates. The accepted
candidates are those with the best total (exact ties, e.g. touching cards). Each rejected
candidate is compared with the best one world by world: the mean of those paired gaps must
exceed both a fixed minimum and ``Z`` standard errors of that mean, or the position is not a
clear decision and no quiz is made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# Two standard errors: a gap this large arises by chance in about 1 deal in 40.
Z = 2.0


@dataclass(frozen=True)
class Verdict:
    """The judged candidates: means, the accepted set, and each rejected one's gap and error."""

    means: dict[str, float]
    accepted: frozenset[str]
    best: str
    gaps: dict[str, float]
    errors: dict[str, float]

    @property
    def margin(self) -> float:
        """Return the smallest gap between the best candidate and a rejected one."""
        return min(self.gaps.values())

    @property
    def error(self) -> float:
        """Return the largest standard error of a rejected candidate's gap."""
        return max(self.errors.values())


def paired_gap(best: Sequence[int], other: Sequence[int]) -> tuple[float, float]:
    """Return the mean of ``best - other`` over the worlds and its standard error."""
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def judge(values: Mapping[str, Sequence[int]], min_margin: float) -> Verdict | None:
    """Return the verdict on ``values`` (candidate -> value per world), or None if unclear."""
    totals = {c: sum(v) for c, v in values.items()}
    top = max(totals.values())
    accepted = frozenset(c for c, t in totals.items() if t == top)
    if len(accepted) == len(values):
        return None
    best = min(accepted)
    gaps: dict[str, float] = {}
    errors: dict[str, float] = {}
    for candidate in values:
        if candidate in accepted:
            continue
        gap, error = paired_gap(values[best], values[candidate])
        if gap < min_margin or gap <= Z * error:
            return None
        gaps[candidate], errors[candidate] = gap, error
    n = len(values[best])
    means = {c: t / n for c, t in totals.items()}
    return Verdict(means, accepted, best, gaps, errors)
