"""Grade an answer from a quiz's stored candidate values, and say what each choice is worth.

Pure Python, no Django and no solver: everything comes from the candidates stored with the
quiz (see docs/quizzes.md). Whether a higher value is better is read from the data itself
(the accepted answers hold the best values), so a unit where less is better also works.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.quizzes.units import CONVENTION, RATE_UNITS, UNITS, number, percent

# The values column of the verdict, per unit, as a learner reads it.
UNIT_HEADINGS = {
    "result": "Result under best play",
    "points": "Score of the deal (mean)",
    "convention": "What the convention says",
    "tricks": "Tricks for your side",
    "card points": "Card points for your side",
}


class GradingError(ValueError):
    """Raised for an answer that is not one of the quiz's choices, or broken candidates."""


@dataclass(frozen=True)
class ChoiceVerdict:
    """One choice as the feedback shows it: its value, the gap to the best, and why."""

    answer: str
    label: str
    value: float
    accepted: bool
    chosen: bool
    gap: float
    summary: str
    refutation: str
    line: tuple[str, ...]
    result: str = ""
    rate: float | None = None
    rate_unit: str = ""
    unit: str = ""
    tricks: tuple[Mapping[str, Any], ...] = ()
    line_end: str = ""
    line_world: int | None = None

    @property
    def shown(self) -> str:
        """Return what the choice is worth as the values table shows it.

        Its result in words when there is one (exact play quizzes), else the value in its
        unit with the rate beside it: "+12.4 points, 61% win rate".
        """
        if self.result:
            return self.result
        if self.unit == CONVENTION.name:
            return "the call it prescribes" if self.value >= 1 else "not the call it prescribes"
        text = percent(_rate(self.value)) if self.unit in RATE_UNITS else _signed(self)
        if self.rate is not None:
            text += f", {rate_words(self.rate, self.rate_unit)}"
        return text


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer: right or wrong, and every choice's verdict."""

    answer: str
    correct: bool
    loss: float
    unit: str
    choices: tuple[ChoiceVerdict, ...]

    @property
    def chosen(self) -> ChoiceVerdict:
        return next(c for c in self.choices if c.chosen)


def rate_words(rate: float, rate_unit: str) -> str:
    """Return a rate beside a score: '61% win rate', or in words when no unit is named."""
    if rate_unit:
        return f"{percent(rate)} {rate_unit}"
    return f"reaches its aim {percent(rate)} of the time"


def amount(unit: str, value: float, signed: bool = True) -> str:
    """Return a value in its unit's words ('+12.4 points', '3 tricks'), the bare number when the
    unit is unknown; ``signed``: a score shows its sign."""
    if unit == "points":
        return f"{'+' if value > 0 and signed else ''}{number(value)} points"
    known = UNITS.get(unit)
    if known is None or known.band:
        return number(value)
    return known.amount(_rate(value) if known.rate else value)


def _signed(choice: ChoiceVerdict) -> str:
    return amount(choice.unit, choice.value)


def _plural(count: float, word: str) -> str:
    return f"{number(count)} {word}" + ("" if count == 1 else "s")


def _rate(value: float) -> float:
    # Stored rates are fractions; accept percentages too, as a generator might store them.
    return value / 100.0 if value > 1.0 else value


def describe(
    unit: str,
    value: float,
    gap: float,
    is_bid: bool,
    up: bool = True,
    result: str = "",
    best_result: str = "",
    rate: float | None = None,
    rate_unit: str = "",
) -> str:
    """Return one sentence on a choice's worth and how far it falls short of the best.

    ``result`` / ``best_result``: the results in words (exact play quizzes, unit
    ``result``); ``rate``: how often the choice reaches the aim, shown beside a score.
    """
    if unit == "result" and result:
        if gap <= 0:
            return "Best: no other choice reaches a better result."
        return f"Worse than the best choice, with which {best_result}."
    if unit in RATE_UNITS:
        rate_now = _rate(value)
        verb = "this bid" if is_bid else "this choice"
        if gap <= 0:
            return f"Best: {verb} succeeds {percent(rate_now)} of the time."
        return (
            f"{verb.capitalize()} fails {percent(1 - rate_now)} of the time "
            f"({percent(_rate(gap))} worse)."
        )
    beside = f" ({rate_words(rate, rate_unit)})" if rate is not None else ""
    if unit == "points" and rate is not None:
        if gap <= 0:
            return f"Best: {number(value)} points on average{beside}."
        return (
            f"Scores {number(value)} points a deal on average{beside}, "
            f"{number(gap)} less than the best."
        )
    if unit == CONVENTION.name:
        if gap <= 0:
            return "Best: the call the convention prescribes here."
        return "Not the call the convention prescribes here."
    if unit not in UNITS:
        # A unit we have no sentence for: state the two values.
        best = value + gap if up else value - gap
        if gap <= 0:
            return f"Best: worth {number(value)} ({unit})."
        return f"Worth {number(value)} ({unit}) against {number(best)} for the best."
    if gap <= 0:
        return f"Best: {_plural(value, unit.rstrip('s') or 'point')} for your side."
    if not up:
        return f"{amount(unit, gap, signed=False)} more than the best ({number(value)})."
    if unit == "tricks":
        return f"Gives up {_plural(gap, 'trick')} ({number(value)} instead of the best)."
    return f"{amount(unit, gap, signed=False)} less ({number(value)} instead of the best)."


def _read(candidates: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for n, cand in enumerate(candidates):
        try:
            rows.append(
                {
                    "answer": str(cand["answer"]),
                    "label": str(cand.get("label") or cand["answer"]),
                    "value": float(cand["value"]),
                    "accepted": bool(cand["accepted"]),
                    "refutation": str(cand.get("refutation") or ""),
                    "line": tuple(str(t) for t in cand.get("line") or ()),
                    "result": str(cand.get("result") or ""),
                    "rate": None if cand.get("rate") is None else float(cand["rate"]),
                    "rate_unit": str(cand.get("rate_unit") or ""),
                    "tricks": tuple(t for t in cand.get("tricks") or () if isinstance(t, dict)),
                    "line_end": str(cand.get("line_end") or ""),
                    "line_world": cand.get("line_world"),
                }
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise GradingError(f"candidate {n} is broken: {exc!r}") from None
    if not any(r["accepted"] for r in rows):
        raise GradingError("the quiz has no accepted answer")
    return rows


def higher_is_better(rows: Sequence[Mapping[str, Any]]) -> bool:
    """Return True when the accepted answers hold the highest values (the usual case)."""
    accepted = [r["value"] for r in rows if r["accepted"]]
    rejected = [r["value"] for r in rows if not r["accepted"]]
    return not rejected or min(accepted) >= max(rejected)


def grade(
    candidates: Sequence[Mapping[str, Any]], unit: str, answer: str, kind: str = "play"
) -> Grade:
    """Grade ``answer`` against the stored candidates; raise GradingError if it is not one."""
    rows = _read(candidates)
    answers = [r["answer"] for r in rows]
    if answer not in answers:
        raise GradingError(f"{answer!r} is not one of this quiz's choices ({', '.join(answers)})")
    up = higher_is_better(rows)
    values = [r["value"] for r in rows if r["accepted"]]
    best = max(values) if up else min(values)
    best_row = next(r for r in rows if r["accepted"] and r["value"] == best)
    verdicts = []
    for r in rows:
        gap = max(0.0, (best - r["value"]) if up else (r["value"] - best))
        summary = describe(
            unit,
            r["value"],
            gap,
            kind == "bid",
            up,
            r["result"],
            best_row["result"],
            r["rate"],
            r["rate_unit"],
        )
        if r["accepted"] and gap > 0:
            # Sampled quizzes may accept answers the worlds cannot tell from the best.
            beside = f", {rate_words(r['rate'], r['rate_unit'])}" if r["rate"] is not None else ""
            summary = (
                f"Accepted: {amount(unit, r['value'])}{beside}, level with the best "
                f"({amount(unit, best)}) within the sampling error."
            )
            gap = 0.0
        verdicts.append(
            ChoiceVerdict(
                answer=r["answer"],
                label=r["label"],
                value=r["value"],
                accepted=r["accepted"],
                chosen=r["answer"] == answer,
                gap=gap,
                summary=summary,
                refutation=r["refutation"],
                line=r["line"],
                result=r["result"],
                rate=r["rate"],
                rate_unit=r["rate_unit"],
                unit=unit,
                tricks=r["tricks"],
                line_end=r["line_end"],
                line_world=r["line_world"],
            )
        )
    chosen = next(v for v in verdicts if v.chosen)
    return Grade(answer, chosen.accepted, chosen.gap, unit, tuple(verdicts))
