"""Settle a bid in one sampled world: finish the auction, play the contract, score it.

After the candidate call the simple bidder makes every later call (the deciding seat's
too). The contract is then solved double dummy from the first lead to the last trick: the
declaring side's tricks (or, in miserie, whether each declarer can be kept from taking a
trick); the simple players play no card (``common.valuation``). A quiz stored with the older
shortcut valuation lets the simple players play the first tricks and the solver the rest;
its re-check passes that valuation. The deciding seat's value is its points from the points
table (``score_deal``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.quizzes.common.lines import seat_no
from games.quizzes.common.valuation import WHOLE_DEAL, Valuation
from games.quizzes.wiezen.solving import position_of
from games.quizzes.wiezen.table import finish_auction, play_until, replay_auction
from games.sampling import World
from games.solver import Objective, solve
from games.wiezen import Call, Contract, Play, score_deal


@dataclass(frozen=True)
class Settled:
    """How one call turned out in one world: the contract (None: thrown in) and points.

    ``made``: the contract was made (by its declarers). ``played``: the deciding seat is one
    of its declarers.
    """

    contract: Contract | None
    made: bool
    points: int
    played: bool = False


def contract_after(
    world: World, dealer: str, prefix: Sequence[tuple[str, Call]], seat: str, call: Call
) -> Contract | None:
    """Return the contract the auction ends in when ``seat`` makes ``call`` after ``prefix``."""
    auction = replay_auction(dealer, world, list(prefix))
    auction.apply(call, seat)
    return finish_auction(auction).contract


def tricks_taken(
    world: World, contract: Contract, valuation: Valuation = WHOLE_DEAL
) -> dict[str, int]:
    """Return the tricks each seat takes, solved double dummy (after the simple players'
    first tricks under a shortcut valuation)."""
    solve_tricks = valuation.solved_tricks("wiezen")
    play = Play(world, contract) if valuation.whole else play_until(world, contract, solve_tricks)
    won = play.tricks_won()
    position = position_of(play)
    defenders = contract.defenders
    if contract.is_individual:
        # Miserie: a player who has not yet taken a trick is solved on his own, against
        # the other three; one who fails takes one trick of the rest, a defender the others.
        rest = solve_tricks
        for declarer in contract.declarers:
            if (
                won[declarer] == 0
                and solve(position, Objective.misere(seat_no(declarer))).value == 0
            ):
                won[declarer] += 1
                rest -= 1
        won[defenders[0] if defenders else contract.declarers[0]] += rest
        return won
    side = solve(position, Objective.tricks(seat_no(s) for s in contract.declarers)).value
    won[contract.declarers[0]] += side
    won[defenders[0]] += solve_tricks - side
    return won


def settle(
    world: World,
    dealer: str,
    prefix: Sequence[tuple[str, Call]],
    seat: str,
    call: Call,
    settled: dict[Contract, dict[str, int]],
    valuation: Valuation = WHOLE_DEAL,
) -> Settled:
    """Return the outcome of ``call`` in ``world``; ``settled`` caches tricks per contract."""
    contract = contract_after(world, dealer, prefix, seat, call)
    if contract is None:
        return Settled(None, False, 0)
    if contract not in settled:
        settled[contract] = tricks_taken(world, contract, valuation)
    score = score_deal(contract, settled[contract])
    made = score.made[contract.declarers[0]]
    return Settled(contract, made, score.points[seat], seat in contract.declarers)
