"""Decide which answers are accepted and whether a quiz is a real decision.

Double dummy: the accepted answers are exactly those with the best value; the quiz is kept
when the best beats every other answer by ``MIN_POINT_MARGIN`` card points or lands in a
different result band (schneidered / lost / won / schneider), and a null quiz whenever some
card changes making into failing. Sampled quizzes: every answer is judged on the same worlds;
the accepted answers have the best total, and the quiz is kept when the gap to the runner-up
is at least the unit's minimum and larger than two standard errors of the paired gap
(``common.margins``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.quizzes.common.margins import best_answers, clearly_ahead, paired_gap

MIN_POINT_MARGIN = 10  # a ten: the smallest gap in card points a learner should care about
MIN_SAMPLED_MARGIN = {"card points": 3.0, "win rate": 0.05, "points": 4.0}
BANDS = (31, 61, 90)  # declarer points: schneidered <= 30 < lost < 61 <= won < 90 <= schneider


def band(points: float) -> int:
    """Return the result band of a declarer's card points (0 schneidered .. 3 schneider)."""
    return sum(1 for line in BANDS if points >= line)


@dataclass(frozen=True)
class Verdict:
    """The accepted answers, the runner-up, the margin and its sampling error."""

    accepted: frozenset[str]
    best: str
    runner_up: str | None
    margin: float
    error: float
    kept: bool


def judge_exact(
    values: Mapping[str, int], declarer_values: Mapping[str, int], unit: str
) -> Verdict:
    """Judge solved values (higher is better for the decider)."""
    top = max(values.values())
    accepted = best_answers(values)
    best = min(accepted)
    rest = {k: v for k, v in values.items() if k not in accepted}
    if not rest:
        return Verdict(accepted, best, None, 0.0, 0.0, False)
    runner = max(sorted(rest), key=lambda k: rest[k])
    margin = float(top - rest[runner])
    if unit == "win rate":
        kept = margin >= 1
    else:
        crossed = band(declarer_values[best]) != band(declarer_values[runner])
        kept = margin >= MIN_POINT_MARGIN or crossed
    return Verdict(accepted, best, runner, margin, 0.0, kept)


def judge_sampled(samples: Mapping[str, Sequence[int]], unit: str) -> Verdict:
    """Judge per-world values (whole numbers, same worlds for every answer)."""
    totals = {k: sum(v) for k, v in samples.items()}
    n = len(next(iter(samples.values())))
    accepted = best_answers(totals)
    best = min(accepted)
    rest = {k: v for k, v in totals.items() if k not in accepted}
    if not rest or n < 2:
        return Verdict(accepted, best, None, 0.0, 0.0, False)
    runner = max(sorted(rest), key=lambda k: rest[k])
    mean, error = paired_gap(samples[best], samples[runner])
    kept = clearly_ahead(mean, error, MIN_SAMPLED_MARGIN[unit])
    return Verdict(accepted, best, runner, mean, error, kept)
