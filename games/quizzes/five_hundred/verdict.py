"""Decide whether a set of candidate values is a real decision, and which answers to accept.

Double dummy: values are exact, so the accepted answers are exactly the best ones and the
quiz is kept when something is worse (by at least one trick, or failing against making).
Sampled: every candidate is judged on the same worlds; the accepted answers are those with
the best total, and each rejected one must trail the best by more than its sampling error
(two standard errors of the paired per-world difference, ``common.margins``) and by a
minimum that matters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.quizzes.common.margins import best_answers, clearly_ahead, exact_split, paired_gap

# The smallest average gap worth a quiz, per unit (a tenth of a trick, 5 points of make rate...).
MIN_GAP = {"tricks": 0.1, "success rate": 0.05, "points": 10.0}


@dataclass(frozen=True)
class Verdict:
    """The accepted answers, each answer's value, and the margin and its sampling error."""

    accepted: frozenset[str]
    values: dict[str, float]
    margin: float
    error: float = 0.0

    def best_rejected(self) -> str:
        """Return the rejected answer closest to the accepted ones."""
        rejected = {a: v for a, v in self.values.items() if a not in self.accepted}
        return max(sorted(rejected), key=lambda a: rejected[a])


def exact_verdict(values: Mapping[str, float]) -> Verdict | None:
    """Return the verdict on exact values, or None when every answer is as good."""
    split = exact_split(values)
    if split is None:
        return None
    accepted, margin = split
    return Verdict(accepted, dict(values), margin)


def sampled_verdict(table: Mapping[str, Sequence[float]], unit: str) -> Verdict | None:
    """Return the verdict on per-world values (same worlds for every answer), or None.

    None when every answer ties, or when some rejected answer is not clearly worse.
    """
    totals = {a: sum(vs) for a, vs in table.items()}
    n = len(next(iter(table.values())))
    accepted = best_answers(totals)
    if len(accepted) == len(table):
        return None
    best_total = max(totals.values())
    reference = table[min(accepted)]
    means = {a: t / n for a, t in totals.items()}
    margin = best_total / n - max(means[a] for a in table if a not in accepted)
    error = 0.0
    for answer in table:
        if answer in accepted:
            continue
        gap = means[min(accepted)] - means[answer]
        _, answer_error = paired_gap(reference, table[answer])
        if not clearly_ahead(gap, answer_error, MIN_GAP.get(unit, 0.0)):
            return None
        error = max(error, answer_error)
    return Verdict(accepted, means, margin, error)
