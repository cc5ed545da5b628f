"""How a bidding quiz plays out one option in one sampled world, and how the quiz records it.

A bidding quiz settles every option in every sampled world: the auction is finished (by the
simple bidders for the other seats, where the quiz models an auction), the contract is played
and scored under the game's scoring, and the option's value is the mean score over the worlds.
How the contract is *played* is the valuation:

- ``whole_deal``: the solver plays the contract double dummy from the first lead to the last
  trick; the simple players play no card. Every new 500 bidding quiz (contract and kitty).
- ``shortcut``: the simple players play the first ``played_tricks`` tricks and the solver
  finishes the rest. The starter bank's quizzes were made so, and new Skat, Kleurenwiezen
  and Beyond bidding quizzes still are: whole deals cost Skat about 30 times and
  Kleurenwiezen over 100 times the CPU per quiz today (docs/quizzes/common.md), too slow for
  the bank's refills and the test suite until the solver is faster.

Each draft stores its valuation in ``extra['valuation']`` (``{"method", "played_tricks"}``)
and its re-check plays the worlds again the same way, so a quiz stays valid whichever way it
was made. ``BID_VALUATION`` is the one setting per game: a game moves to whole deals by
setting its entry to ``WHOLE_DEAL`` (the tests check every game's whole-deal path).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.quizzes.base import QuizError

WHOLE = "whole_deal"
SHORTCUT = "shortcut"

# Tricks in a whole deal, per game.
DEAL_TRICKS = {"skat": 10, "five_hundred": 10, "wiezen": 13, "beyond": 13}


@dataclass(frozen=True)
class Valuation:
    """How the contract of a sampled world is played: the simple players' first
    ``played_tricks`` tricks (0 for a whole deal), the solver for the rest."""

    method: str
    played_tricks: int = 0

    def __post_init__(self) -> None:
        if self.method == WHOLE and self.played_tricks != 0:
            raise QuizError("a whole-deal valuation plays no trick with the simple players")
        if self.method == SHORTCUT and self.played_tricks < 1:
            raise QuizError("a shortcut valuation plays at least one trick with the simple players")
        if self.method not in (WHOLE, SHORTCUT):
            raise QuizError(f"unknown valuation {self.method!r} (whole_deal or shortcut)")

    @property
    def whole(self) -> bool:
        return self.method == WHOLE

    def solved_tricks(self, game: str) -> int:
        """Return the tricks the solver plays in ``game``: all of them for a whole deal."""
        return DEAL_TRICKS[game] - self.played_tricks

    def as_json(self) -> dict[str, Any]:
        return {"method": self.method, "played_tricks": self.played_tricks}

    @classmethod
    def from_json(cls, data: Any) -> Valuation:
        if not isinstance(data, Mapping) or not isinstance(data.get("played_tricks"), int):
            raise QuizError(f"extra.valuation must be {{method, played_tricks}}, not {data!r}")
        return cls(str(data.get("method")), data["played_tricks"])


WHOLE_DEAL = Valuation(WHOLE)


def shortcut(played_tricks: int) -> Valuation:
    """Return the shortcut valuation: the simple players play the first ``played_tricks``."""
    return Valuation(SHORTCUT, played_tricks)


# The valuation new bidding quizzes of each game use. 500 is solved whole (a 500 deal takes
# the solver about a millisecond). Skat (four tricks by the simple players), Kleurenwiezen
# (six) and Beyond (nine) stay on the shortcut until their whole deals are cheap enough:
# measured per kept quiz, whole deals took Skat from 188 to 5.8 quizzes per worker-minute and
# Kleurenwiezen from 387 to 3.1 (one closed miserie from the first lead took 104 s; with the
# solver's misère bounds such solves take a fraction of a second, and the partnership
# contracts' whole deals leave it at about 4 a CPU-minute, docs/quizzes/common.md). Skat's
# band search (skat/outcome.py) raised its whole deals to 16.8 a CPU-minute (from 4.3 on
# the same seeds and machine, docs/quizzes/common.md), still short of a refill's needs.
BID_VALUATION: dict[str, Valuation] = {
    "skat": shortcut(4),
    "five_hundred": WHOLE_DEAL,
    "wiezen": shortcut(6),
    "beyond": shortcut(9),
}

# How quizzes stored before drafts recorded their valuation were valued (the starter bank's
# older lines): Skat four tricks by the simple players, 500 two (the last eight solved),
# Kleurenwiezen six (the last seven solved), Beyond nine (the last four solved).
LEGACY_VALUATION: dict[str, Valuation] = {
    "skat": shortcut(4),
    "five_hundred": shortcut(2),
    "wiezen": shortcut(6),
    "beyond": shortcut(9),
}


def current(game: str) -> Valuation:
    """Return the valuation a new bidding quiz of ``game`` uses."""
    return BID_VALUATION[game]


def stored(game: str, extra: Mapping[str, Any]) -> Valuation:
    """Return how a stored bidding quiz was valued: its ``extra['valuation']``, else the
    valuation of the drafts made before it was recorded."""
    if "valuation" in extra:
        return Valuation.from_json(extra["valuation"])
    if isinstance(extra.get("solve_tricks"), int):  # Kleurenwiezen drafts named the depth
        return shortcut(DEAL_TRICKS[game] - extra["solve_tricks"])
    return LEGACY_VALUATION[game]
