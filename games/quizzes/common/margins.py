"""Whether one answer's values clearly beat another's over the same sampled worlds.

Every answer has one value per world, on worlds shared by all answers, so answers are
compared world by world; a gap counts as clear when its mean exceeds ``Z`` standard errors
of that mean (and whatever minimum the caller sets). Used by ``common.verdict``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# Two standard errors: a gap this large arises by chance in about 1 position in 40.
Z = 2.0


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
