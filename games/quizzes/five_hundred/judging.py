"""Judging 500's bidding-stage options (the contract, the kitty discard) over sampled worlds.

Each option gets an ``Outcome`` in every one of the same worlds: the deal's score for the
bidder's side under 500 scoring (its contract points against the defence's 10 a trick), and
whether its contract is made. ``judge_sampled`` accepts the best mean score and every option
the worlds cannot tell from it; the quiz is kept only when every accepted option beats every
rejected one by more than the sampling error and by ``MINIMUM_GAP`` points. Each candidate
shows its make rate beside the mean score; an accepted bid made in under half the deals is
flagged as a gamble with its risk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.quizzes.base import Candidate
from games.quizzes.common.verdict import Outcome, Verdict, judge_sampled
from games.quizzes.units import MAKE_RATE, POINTS, percent

# One trick of defence points: a smaller mean gap is no decision worth a quiz.
MINIMUM_GAP = 10.0
# An accepted contract made in fewer deals than this is flagged as a gamble.
GAMBLE = 0.5


def judge(
    per_world: Sequence[Mapping[str, Outcome]], prefer: Callable[[str], Any]
) -> Verdict | None:
    """Judge the options on the same worlds (None when it is no clear decision)."""
    return judge_sampled(per_world, MINIMUM_GAP, prefer)


def made_words(rate: float, accepted: bool) -> str:
    """Return how often a contract is made, flagged as a gamble when accepted below GAMBLE."""
    words = f"made in {percent(rate)} of the deals"
    return f"a gamble: {words}" if accepted and rate < GAMBLE else words


def candidates(
    verdict: Verdict,
    options: Sequence[tuple[str, str]],
    results: Mapping[str, str],
    details: Mapping[str, str],
    rated: Callable[[str], bool],
) -> list[Candidate]:
    """Return the candidates: mean score, make rate (where ``rated``), result and refutation.

    ``results``: each option's result in words (its make rate, or what a pass leads to);
    ``details``: a sentence added to a rejected option's refutation (its tricks).
    """
    n = verdict.samples or 0
    best = verdict.best
    labels = dict(options)
    out = []
    for answer, label in options:
        value = round(verdict.values[answer], 4)
        rate = round(verdict.rates[answer], 4) if rated(answer) else None
        unit = MAKE_RATE.name if rated(answer) else ""
        if answer in verdict.accepted:
            out.append(Candidate(answer, value, True, label, "", (), results[answer], rate, unit))
            continue
        text = (
            f"Over {n} deals that fit what you know, {label} scores "
            f"{POINTS.amount(round(verdict.scores[answer], 1))} on average ({results[answer]}), "
            f"against {POINTS.amount(round(verdict.scores[best], 1))} with {labels[best]} "
            f"({results[best]}): it does worse in {verdict.worse_in[answer]} of them and "
            f"better in {verdict.better_in[answer]}."
        )
        if details.get(answer):
            text += f" {details[answer]}"
        out.append(Candidate(answer, value, False, label, text, (), results[answer], rate, unit))
    return out
