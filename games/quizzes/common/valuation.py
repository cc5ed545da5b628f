"""How a bidding quiz plays out one option in one sampled world, and how the quiz records it.

A bidding quiz settles every option in every sampled world: the auction is finished (by the
simple bidders for the other seats, where the quiz models an auction), the contract is played
and scored under the game's scoring, and the option's value is the mean score over the worlds.
How the contract is *played* is the valuation:

- ``whole_deal``: the solver plays the contract double dummy from the first lead to the last
  trick; the simple players play no card. Every new 500 (contract and kitty), Skat (limit,
  hand, game, discard) and Kleurenwiezen (ask, join, alone, abondance, miserie, troel)
  bidding quiz.
- ``shortcut``: the simple players play the first ``played_tricks`` tricks and the solver
  finishes the rest. New Beyond declaration quizzes still are: four played, the last nine
  solved (since 2026-12-06; nine played and the last four solved before). So were the
  bidding quizzes made before their valuation was recorded (``LEGACY_VALUATION``) and the
  Kleurenwiezen quizzes made before 2026-12-02 (six played).

Measured (docs/quizzes/common.md has the tables and the machines): Skat ``skat/bid`` keeps
about as many quizzes whole as with ``shortcut(4)`` at 15 a CPU-minute instead of 108; a
worker refill of 50 takes about 3.3 CPU-minutes. Kleurenwiezen whole deals make about 2.5
quizzes a CPU-minute (seeds 0-19; 1.4 in the starter bank's build with its answer-share cap)
against about 210 with ``shortcut(6)``, most of it the lone declarer's contracts (alone, one
against three); a refill of 50 is then a background job of 20 to 35 CPU-minutes, paid for
verdicts that do not rest on the simple players' card play (with the shortcut, 2 of 25
quizzes both kept accepted another call). Beyond moved from ``shortcut(9)`` to
``shortcut(4)`` (judged again with it, 4 of the 15 declaration quizzes then shipped had a
rejected number best) and waits for a Beyond deal that solves in milliseconds to go whole.

Each draft stores its valuation in ``extra['valuation']`` (``{"method", "played_tricks"}``)
and its re-check plays the worlds again the same way, so a quiz stays valid whichever way it
was made. ``BID_VALUATION`` is the one setting per game: a game moves to whole deals by
setting its entry to ``WHOLE_DEAL`` (the tests check every game's whole-deal path). Skat,
Kleurenwiezen and Beyond declaration drafts also store each world's result
(``extra['results']``), so a re-check can judge from them and solve only some worlds again
(``recheck_indices``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


# The valuation new bidding quizzes of each game use (docs/quizzes/common.md has the
# figures). 500, Skat and Kleurenwiezen are solved whole from the first lead. Beyond stays on
# the shortcut (four tricks played, the last nine solved; nine played before 2026-12-06)
# until a Beyond deal solves in milliseconds.
BID_VALUATION: dict[str, Valuation] = {
    "skat": WHOLE_DEAL,
    "five_hundred": WHOLE_DEAL,
    "wiezen": WHOLE_DEAL,
    "beyond": shortcut(4),
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


# How many of a bidding quiz's stored worlds the starter bank's test plays again when the
# quiz stores its per-world results (docs/quizzes/common.md, "Re-checking a bidding quiz").
RECHECK_WORLDS = 10


def recheck_indices(n: int, worlds: int | None) -> list[int]:
    """Return which of ``n`` stored worlds a re-check plays again: all of them when
    ``worlds`` is None (or not fewer than ``n``), else ``worlds`` of them spread evenly over
    the list, the first included (the same ones every time)."""
    if worlds is None or worlds >= n:
        return list(range(n))
    if worlds < 1:
        raise QuizError(f"a re-check plays at least one world again, not {worlds}")
    return [i * n // worlds for i in range(worlds)]


def results_shape_problem(
    stored_results: Mapping[str, Sequence[Any]], n: int, options: Sequence[str]
) -> str | None:
    """Return why a draft's stored per-world results cannot be judged from (not one row of
    ``n`` worlds per option, for exactly the ``options``), or None when they can."""
    if sorted(stored_results) != sorted(options):
        return f"results stored for {sorted(stored_results)}, not the options {sorted(options)}"
    if any(len(rows) != n for rows in stored_results.values()):
        return f"results stored for other than the {n} stored worlds"
    return None


def results_problems(
    stored_results: Mapping[str, Sequence[Any]],
    again: Mapping[str, Sequence[Any]],
    n: int,
    worlds: int | None,
    options: Sequence[str],
) -> list[str]:
    """Compare a draft's stored per-world results with the worlds played again.

    ``stored_results``: every option's result in each of the ``n`` stored worlds;
    ``again``: the results of the worlds ``recheck_indices(n, worlds)`` played again, in
    that order. Returns every difference ([] when they agree in every world played again).
    """
    shape = results_shape_problem(stored_results, n, options)
    if shape:
        return [shape]
    problems = []
    for j, i in enumerate(recheck_indices(n, worlds)):
        for option in options:
            if stored_results[option][i] != again[option][j]:
                problems.append(
                    f"world {i}, {option}: stored {stored_results[option][i]}, "
                    f"played again {again[option][j]}"
                )
    return problems
