"""The one list of units a quiz's values may be counted in, with their wording and format.

Every candidate's ``value`` is in the quiz's ``unit``; nothing else is stored. The feedback
(``trainer.grading``) and the docs read the wording from here, so a unit is named the same
everywhere. Rates are fractions (0..1) and are shown as percentages.

- ``result``: exact play quizzes. The value is the rank of the result the answer reaches under
  best play (higher is better for the side to move: won above lost, made above set, both
  partners hit above a miss); the candidate's ``result`` says it in words ("won with 63 card
  points"), with card points or tricks only as the detail inside the band.
- ``points``: the deal's score for the side to move under the game's own scoring (a mean
  over the sampled worlds for single-dummy and bidding quizzes); the candidate's ``rate``
  gives the win, make or hit rate beside it.
- ``win rate``, ``make rate``, ``hit rate``, ``set rate``: how often an answer reaches the
  aim (rates of an aim the game scores by, such as the null won or the contract set).
- ``convention``: calls graded by the bidding convention the learner studies (1 for the call
  it prescribes, 0 for any other); what the worlds score is shown beside, never as the grade.
- ``tricks``, ``card points``: counts, used only as details inside a result band.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    """A unit: its stored name, how one and many of it read, and whether it is a rate."""

    name: str
    one: str
    many: str
    rate: bool = False
    # Whether a value counts as a result band rank (exact play quizzes), not an amount.
    band: bool = False

    def amount(self, value: float) -> str:
        """Return ``value`` written in this unit: '63 card points', '45%', '1 trick'."""
        if self.rate:
            return f"{percent(value)} {self.one}"
        word = self.one if abs(value) == 1 else self.many
        return f"{number(value)} {word}"

    def short(self, value: float) -> str:
        """Return the value alone: a percentage for rates, else the number."""
        return percent(value) if self.rate else number(value)


def number(value: float) -> str:
    """Return a number with at most two decimals and no trailing zeros ('-0' reads '0')."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def percent(value: float) -> str:
    """Return a rate (a fraction from 0 to 1) as a whole percentage."""
    return f"{round(100 * value)}%"


RESULT = Unit("result", "result", "results", band=True)
POINTS = Unit("points", "point", "points")
WIN_RATE = Unit("win rate", "win rate", "win rate", rate=True)
MAKE_RATE = Unit("make rate", "make rate", "make rate", rate=True)
HIT_RATE = Unit("hit rate", "hit rate", "hit rate", rate=True)
SET_RATE = Unit("set rate", "set rate", "set rate", rate=True)
# Calls graded by the convention the learner studies: 1 for the call it prescribes, else 0.
CONVENTION = Unit(
    "convention", "call the convention prescribes", "calls the convention prescribes", band=True
)
TRICKS = Unit("tricks", "trick", "tricks")
CARD_POINTS = Unit("card points", "card point", "card points")

UNITS: dict[str, Unit] = {
    u.name: u
    for u in (
        RESULT,
        POINTS,
        WIN_RATE,
        MAKE_RATE,
        HIT_RATE,
        SET_RATE,
        CONVENTION,
        TRICKS,
        CARD_POINTS,
    )
}
RATE_UNITS = tuple(name for name, u in UNITS.items() if u.rate)


class UnknownUnit(ValueError):
    """Raised for a unit that is not on the list."""


def unit(name: str) -> Unit:
    """Return the unit called ``name``; raise UnknownUnit naming the known ones otherwise."""
    try:
        return UNITS[name]
    except KeyError:
        known = ", ".join(sorted(UNITS))
        raise UnknownUnit(f"unknown quiz unit {name!r} (known: {known})") from None
