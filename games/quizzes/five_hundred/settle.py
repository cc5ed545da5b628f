"""Settle a contract in one sampled world: the declarer's exchange, then the solver's play.

The declarer takes the kitty and discards (the given cards, else the simple discard rule),
and the contract is solved double dummy from the first lead to the last trick
(``common.valuation``: a whole deal takes the solver about a millisecond). Quizzes stored
with the older shortcut valuation let the simple players play their first tricks before the
solver takes over; their re-check passes that valuation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card
from games.five_hundred import Contract, Play, choose_discards, exchange
from games.quizzes.common.lines import seat_no
from games.quizzes.common.valuation import WHOLE_DEAL, Valuation
from games.quizzes.five_hundred.solving import position_of
from games.quizzes.five_hundred.table import play_on
from games.solver import Objective, solve


def declarer_tricks(
    hands: Mapping[str, Sequence[Card]],
    kitty: Sequence[Card],
    contract: Contract,
    discards: Sequence[Card] | None = None,
    valuation: Valuation = WHOLE_DEAL,
) -> int:
    """Return the tricks the declaring side takes (misère: 0 when it succeeds, else 1)."""
    declarer = contract.declarer
    pool = [*hands[declarer], *kitty]
    thrown = list(discards) if discards is not None else choose_discards(contract, pool)
    dealt = {s: list(hands[s]) for s in contract.players}
    dealt[declarer] = list(exchange(hands[declarer], kitty, thrown))
    play = Play(contract, dealt)
    if valuation.played_tricks:
        play_on(play, valuation.solved_tricks("five_hundred"))
    if contract.is_misere:
        if play.declarer_tricks:
            return 1
        return 1 - solve(position_of(play), Objective.misere(seat_no(declarer))).value
    team = Objective.tricks(seat_no(s) for s in contract.team)
    return play.declarer_tricks + solve(position_of(play), team).value
