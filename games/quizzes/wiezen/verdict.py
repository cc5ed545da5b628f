"""Judge candidates valued on the same sampled worlds: the best ones, and a clear margin.

Every candidate has one value per world, the worlds shared by all candidates. The accepted
candidates are those with the best total (exact ties, e.g. touching cards). Each rejected
candidate is compared with the best one world by world: the mean of those paired gaps must
exceed both a fixed minimum and two standard errors of that mean (``common.margins``), or
the position is not a clear decision and no quiz is made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.quizzes.common.margins import best_answers, clearly_ahead, paired_gap


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


def judge(values: Mapping[str, Sequence[int]], min_margin: float) -> Verdict | None:
    """Return the verdict on ``values`` (candidate -> value per world), or None if unclear."""
    totals = {c: sum(v) for c, v in values.items()}
    accepted = best_answers(totals)
    if len(accepted) == len(values):
        return None
    best = min(accepted)
    gaps: dict[str, float] = {}
    errors: dict[str, float] = {}
    for candidate in values:
        if candidate in accepted:
            continue
        gap, error = paired_gap(values[best], values[candidate])
        if not clearly_ahead(gap, error, min_margin):
            return None
        gaps[candidate], errors[candidate] = gap, error
    n = len(values[best])
    means = {c: t / n for c, t in totals.items()}
    return Verdict(means, accepted, best, gaps, errors)
