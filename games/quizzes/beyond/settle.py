"""Settle a declared Beyond contract in one sampled world: which pairs hit both targets.

The valuation (``common.valuation``; Beyond's setting is ``BID_VALUATION['beyond']``) says how
the deal is played: a whole deal is solved double dummy from the first lead, once per pair
with the exact-target objective (both partners take exactly their numbers); the shortcut lets
the simple players play the first tricks and solves the rest. Beyond stays on the shortcut
while a whole Beyond deal still takes the solver seconds: four tricks by the simple players
and the last nine solved (``shortcut(4)``, since 2026-12-06; before, ``shortcut(9)`` left
the solver only the last four, and a draft's re-check still plays it so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.beyond import Play
from games.beyond.seats import PAIRS, next_seat
from games.cards import SEATS, Card
from games.quizzes.beyond.solving import position_of, remaining_targets
from games.quizzes.beyond.table import play_to_cut
from games.quizzes.common.valuation import Valuation
from games.solver import Objective, solve


def pairs_hitting(
    world: Mapping[str, Sequence[Card]],
    dealer: str,
    trump: str | None,
    targets: Mapping[str, int],
    valuation: Valuation,
) -> dict[str, bool]:
    """Return, per pair, whether both partners can hit their targets in this world."""
    left = valuation.solved_tricks("beyond")
    if valuation.whole:
        play = Play({s: list(world[s]) for s in SEATS}, next_seat(dealer), trump)
    else:
        play = play_to_cut(world, dealer, trump, targets, left)
    won = play.tricks_won()
    position = position_of(play)
    out = {}
    for pair in PAIRS:
        need = remaining_targets(targets, won, pair, left)
        out[pair] = need is not None and bool(solve(position, Objective.exact(need)).value)
    return out
