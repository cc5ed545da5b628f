"""Whether the accepted answers clearly beat the rest: exact margins and sampled ones.

Exact values (double dummy): the accepted answers are exactly those with the best value and
the margin is the gap to the best rejected one. Sampled values: every answer has one value
per world, on worlds shared by all answers, so answers are compared world by world; a gap
counts as clear when its mean exceeds ``Z`` standard errors of that mean (and whatever
minimum the caller sets for its unit).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

# Two standard errors: a gap this large arises by chance in about 1 position in 40.
Z = 2.0


def best_answers(totals: Mapping[str, float]) -> frozenset[str]:
    """Return the answers whose value (or total over the worlds) is the highest."""
    top = max(totals.values())
    return frozenset(a for a, t in totals.items() if t == top)


def exact_split(values: Mapping[str, float]) -> tuple[frozenset[str], float] | None:
    """Return the best answers and their lead over the best of the rest; None when all tie."""
    accepted = best_answers(values)
    if len(accepted) == len(values):
        return None
    return accepted, max(values.values()) - max(v for a, v in values.items() if a not in accepted)


def paired_gap(best: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    """Return the mean of ``best - other`` over the worlds and its standard error.

    The error is 0 with fewer than two worlds (there is no spread to measure).
    """
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def clearly_ahead(gap: float, error: float, minimum: float = 0.0, z: float = Z) -> bool:
    """Return True when ``gap`` is at least ``minimum`` and more than ``z`` standard errors."""
    return gap >= minimum and gap > z * error
