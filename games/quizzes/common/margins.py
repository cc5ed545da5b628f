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
from dataclasses import dataclass

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


@dataclass(frozen=True)
class GroupSplit:
    """Answers judged on shared worlds, split into those level with the best and the rest.

    ``accepted``: the best answer and every answer whose gap to it is within ``z`` standard
    errors (the worlds cannot tell them apart, so they count as equivalent). ``clear``: every
    accepted answer beats every rejected one by more than ``z`` standard errors; ``margin``
    and ``error`` are the narrowest such gap and its standard error.
    """

    means: dict[str, float]
    accepted: list[str]
    rejected: list[str]
    margin: float
    error: float
    clear: bool


def group_split(per_world: Sequence[Mapping[str, float]], z: float = Z) -> GroupSplit | None:
    """Split answers valued in each of the same worlds; None when nothing is clearly worse.

    Unlike ``best_answers``, near-ties with the best are accepted too: with values such as
    points per deal, exact ties are rare and a gap inside the sampling error means nothing.
    """
    if len(per_world) < 2:
        raise ValueError(f"need at least two worlds to judge answers, got {len(per_world)}")
    answers = list(per_world[0])
    column = {a: [w[a] for w in per_world] for a in answers}
    means = {a: sum(v) / len(v) for a, v in column.items()}
    best = max(answers, key=lambda a: (means[a], a))
    accepted = []
    for answer in answers:
        gap, error = paired_gap(column[best], column[answer])
        if answer == best or not clearly_ahead(gap, error, z=z):
            accepted.append(answer)
    rejected = [a for a in answers if a not in accepted]
    if not rejected:
        return None
    gaps = [paired_gap(column[a], column[r]) for a in accepted for r in rejected]
    margin, error = min(gaps, key=lambda g: (g[0] - z * g[1], g[0]))
    clear = all(clearly_ahead(g, e, z=z) for g, e in gaps)
    return GroupSplit(means, sorted(accepted), sorted(rejected), margin, error, clear)
