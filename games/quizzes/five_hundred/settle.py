"""Settle a contract in one sampled world: exchange, simple play, then a double-dummy finish.

The simple players play the first tricks and the last ``SOLVE_TRICKS`` are solved exactly.
A whole ten-trick deal takes the solver a few milliseconds, but a quiz settles a hundred
worlds for each candidate: solving the last 8 tricks cost the same per quiz as the last 6,
all 10 three times as much (measured), so 8 it is. ``SOLVE_TRICKS = 10`` makes every world
a pure double-dummy result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card
from games.five_hundred import Contract, Play, choose_discards, exchange
from games.quizzes.common.lines import seat_no
from games.quizzes.five_hundred.solving import position_of
from games.quizzes.five_hundred.table import play_on
from games.solver import Objective, solve

SOLVE_TRICKS = 8


def declarer_tricks(
    hands: Mapping[str, Sequence[Card]],
    kitty: Sequence[Card],
    contract: Contract,
    discards: Sequence[Card] | None = None,
) -> int:
    """Return the tricks the declaring side takes (misère: 0 when it succeeds, else 1)."""
    declarer = contract.declarer
    pool = [*hands[declarer], *kitty]
    thrown = list(discards) if discards is not None else choose_discards(contract, pool)
    dealt = {s: list(hands[s]) for s in contract.players}
    dealt[declarer] = list(exchange(hands[declarer], kitty, thrown))
    play = Play(contract, dealt)
    play_on(play, SOLVE_TRICKS)
    if contract.is_misere:
        if play.declarer_tricks:
            return 1
        return 1 - solve(position_of(play), Objective.misere(seat_no(declarer))).value
    team = Objective.tricks(seat_no(s) for s in contract.team)
    return play.declarer_tricks + solve(position_of(play), team).value
