"""One verdict for every game and kind: which answers are accepted, and is it a real decision.

An answer's worth is an ``Outcome`` in the game's own terms: the result band it reaches (won or
lost, made or set, both partners hit or not), the deal's score for the side to move, whether
that side reaches its aim, and a detail (card points, tricks) that only orders answers inside
one band.

- Exact values (double dummy): ``judge_exact``. The accepted answers are those reaching the
  best band; the quiz is kept only when some answer lands in a worse band. A difference in
  card points or tricks inside one band makes no quiz.
- Sampled values (single dummy and bidding): ``judge_sampled``. Every answer has an outcome in
  each of the same worlds. The accepted answers are the best mean score and every answer the
  worlds cannot tell from it (within ``Z`` standard errors of the paired per-world gap); the
  quiz is kept only when every accepted answer beats every rejected one by more than ``Z``
  standard errors and by the caller's minimum.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.quizzes.base import QuizDraft
from games.quizzes.common.margins import Z, clearly_ahead, paired_gap
from games.quizzes.units import POINTS, RESULT


@dataclass(frozen=True)
class Outcome:
    """What one answer reaches (exactly, or in one sampled world), for the side to move.

    ``rank``: the result band, higher is better for the side to move. ``score``: the deal's
    score for that side under the game's scoring. ``reached``: whether it reaches its aim (the
    game won, the contract made or set, both partners hit). ``detail``: card points or tricks,
    the order inside one band. ``words``: the band in words, e.g. "wins with 63 card points".
    """

    rank: int
    score: float
    reached: bool
    detail: float = 0.0
    words: str = ""


@dataclass(frozen=True)
class Verdict:
    """The judged answers of one decision.

    ``values``: each answer's value in ``unit`` (the band rank for exact quizzes, the mean
    score for sampled ones). ``rates``: how often each answer reaches the aim (1 or 0 when
    exact). ``scores``: each answer's (mean) score. ``words``: each exact answer's result in
    words. ``best``: the accepted answer the line and themes are drawn from. ``margin`` and
    ``error``: the narrowest gap between an accepted and a rejected answer (in score points)
    and its standard error (0 when exact). ``worse_in`` / ``better_in``: per answer, in how
    many worlds it did worse / better than ``best`` (sampled only).
    """

    unit: str
    values: dict[str, float]
    accepted: frozenset[str]
    best: str
    margin: float
    error: float = 0.0
    rates: dict[str, float] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    samples: int | None = None
    worse_in: dict[str, int] = field(default_factory=dict)
    better_in: dict[str, int] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.samples is None

    @property
    def rejected(self) -> list[str]:
        """Return the rejected answers, best first."""
        rest = [a for a in self.values if a not in self.accepted]
        return sorted(rest, key=lambda a: (-self.values[a], -self.scores.get(a, 0.0), a))

    def runner_up(self) -> str:
        """Return the rejected answer closest to the accepted ones."""
        return self.rejected[0]


def _pick(answers: Sequence[str], key: Callable[[str], Any] | None) -> str:
    return min(answers, key=key) if key is not None else min(answers)


def judge_exact(
    outcomes: Mapping[str, Outcome], prefer: Callable[[str], Any] | None = None
) -> Verdict | None:
    """Judge exact outcomes; None when every answer reaches the same band.

    The accepted answers are all those in the best band. ``best`` is the accepted answer with
    the best detail (then the one ``prefer`` puts first, e.g. the lowest card).
    """
    if not outcomes:
        raise ValueError("no answers to judge")
    top = max(o.rank for o in outcomes.values())
    accepted = frozenset(a for a, o in outcomes.items() if o.rank == top)
    if len(accepted) == len(outcomes):
        return None
    best_detail = max(outcomes[a].detail for a in accepted)
    best = _pick([a for a in accepted if outcomes[a].detail == best_detail], prefer)
    runner = max((o for a, o in outcomes.items() if a not in accepted), key=lambda o: o.score)
    return Verdict(
        unit=RESULT.name,
        values={a: float(o.rank) for a, o in outcomes.items()},
        accepted=accepted,
        best=best,
        margin=float(outcomes[best].score - runner.score),
        rates={a: 1.0 if o.reached else 0.0 for a, o in outcomes.items()},
        scores={a: float(o.score) for a, o in outcomes.items()},
        words={a: o.words for a, o in outcomes.items()},
    )


def judge_sampled(
    per_world: Sequence[Mapping[str, Outcome]],
    minimum: float = 0.0,
    prefer: Callable[[str], Any] | None = None,
    z: float = Z,
) -> Verdict | None:
    """Judge answers valued in each of the same worlds; None when it is not a clear decision.

    Not clear: every answer is level with the best within the sampling error, or some
    rejected answer is not behind every accepted one by more than ``z`` standard errors and
    by ``minimum`` score points.
    """
    if len(per_world) < 2:
        raise ValueError(f"need at least two worlds to judge answers, got {len(per_world)}")
    answers = list(per_world[0])
    column = {a: [float(w[a].score) for w in per_world] for a in answers}
    n = len(per_world)
    means = {a: sum(v) / n for a, v in column.items()}
    top = max(means.values())
    best = _pick([a for a in answers if means[a] == top], prefer)
    accepted = []
    for answer in answers:
        gap, error = paired_gap(column[best], column[answer])
        if answer == best or not clearly_ahead(gap, error, z=z):
            accepted.append(answer)
    rejected = [a for a in answers if a not in accepted]
    if not rejected:
        return None
    gaps = [paired_gap(column[a], column[r]) for a in accepted for r in rejected]
    if not all(clearly_ahead(g, e, minimum, z) for g, e in gaps):
        return None
    margin, error = min(gaps, key=lambda g: (g[0] - z * g[1], g[0]))
    return Verdict(
        unit=POINTS.name,
        values=dict(means),
        accepted=frozenset(accepted),
        best=best,
        margin=margin,
        error=error,
        rates={a: sum(w[a].reached for w in per_world) / n for a in answers},
        scores=dict(means),
        samples=n,
        worse_in={a: _count(column[a], column[best], below=True) for a in answers},
        better_in={a: _count(column[a], column[best], below=False) for a in answers},
    )


def _count(mine: Sequence[float], best: Sequence[float], below: bool) -> int:
    """Return in how many worlds ``mine`` is below (or above) ``best``."""
    pairs = zip(mine, best, strict=True)
    return sum((x < y) if below else (x > y) for x, y in pairs)


def differences(draft: QuizDraft, verdict: Verdict | None) -> list[str]:
    """Return how a stored draft differs from judging it again ([] when it still holds).

    Compared: the answers, the accepted ones, the unit, every value (to 0.001, the stored
    precision) and every stored rate.
    """
    if verdict is None:
        return ["the stored position is no longer a clear decision"]
    stored = {c.answer: c for c in draft.candidates}
    if set(stored) != set(verdict.values):
        return [f"answers differ: stored {sorted(stored)}, now {sorted(verdict.values)}"]
    problems = []
    if frozenset(draft.accepted) != verdict.accepted:
        problems.append(
            f"accepted differ: stored {sorted(draft.accepted)}, now {sorted(verdict.accepted)}"
        )
    if draft.unit != verdict.unit:
        problems.append(f"unit differs: stored {draft.unit!r}, now {verdict.unit!r}")
    for answer, cand in stored.items():
        if abs(cand.value - verdict.values[answer]) > 1e-3:
            problems.append(f"{answer}: stored value {cand.value}, now {verdict.values[answer]}")
        now = verdict.rates.get(answer)
        if cand.rate is not None and (now is None or abs(cand.rate - now) > 1e-3):
            problems.append(f"{answer}: stored rate {cand.rate}, now {now}")
    return problems
