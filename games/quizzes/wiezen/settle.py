"""Settle a bid in one sampled world: finish the auction, play the contract, score it.

After the candidate call the simple bidder makes every later call (the deciding seat's
too). The contract is then played as the valuation says (``common.valuation``): a whole
deal is solved double dummy from the first lead to the last trick, the declaring side's
tricks (or, in miserie, whether each declarer can be kept from taking a trick), the simple
players playing no card (every new quiz since 2026-12-02); the shortcut, which quizzes made
before then used, lets the simple players play the first six tricks and the solver the rest.
A quiz's re-check passes its stored valuation. The deciding seat's value is its points from
the points table (``score_deal``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.quizzes.common.lines import seat_no
from games.quizzes.common.valuation import Valuation, current
from games.quizzes.wiezen.solving import position_of
from games.quizzes.wiezen.table import finish_auction, play_until, replay_auction
from games.sampling import World
from games.solver import Objective, solve, solve_many
from games.solver.budget import UNLIMITED, Budget
from games.solver.position import Position
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
    world: World,
    contract: Contract,
    valuation: Valuation | None = None,
    budget: Budget = UNLIMITED,
) -> dict[str, int]:
    """Return the tricks each seat takes, solved double dummy (after the simple players'
    first tricks under a shortcut valuation); ``budget`` bounds each solve (past it
    ``SolverBudgetExceeded``)."""
    valuation = valuation or current("wiezen")
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
                and solve(position, Objective.misere(seat_no(declarer)), budget=budget).value == 0
            ):
                won[declarer] += 1
                rest -= 1
        won[defenders[0] if defenders else contract.declarers[0]] += rest
        return won
    side = solve(
        position, Objective.tricks(seat_no(s) for s in contract.declarers), budget=budget
    ).value
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
    valuation: Valuation | None = None,
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


def tricks_taken_many(
    pairs: Sequence[tuple[World, Contract]],
    valuation: Valuation | None = None,
    budget: Budget = UNLIMITED,
) -> list[dict[str, int]]:
    """Return ``tricks_taken`` of every (world, contract) pair, the double-dummy solves of
    the partnership contracts made in one ``solve_many`` call (miserie contracts, whose
    solves depend on each other, one by one). The worlds do not share the solver's table:
    across different deals that costs nodes (docs/solver.md, "Batches"). ``budget``
    bounds each solve's nodes (past it ``SolverBudgetExceeded``)."""
    valuation = valuation or current("wiezen")
    solve_tricks = valuation.solved_tricks("wiezen")
    out: list[dict[str, int]] = []
    batch: list[tuple[Contract, dict[str, int], Position]] = []
    for world, contract in pairs:
        if contract.is_individual:
            out.append(tricks_taken(world, contract, valuation, budget))
            continue
        play = (
            Play(world, contract) if valuation.whole else play_until(world, contract, solve_tricks)
        )
        won = play.tricks_won()
        out.append(won)
        batch.append((contract, won, position_of(play)))
    items = [
        (position, Objective.tricks(seat_no(s) for s in contract.declarers))
        for contract, _, position in batch
    ]
    for (contract, won, _), result in zip(batch, solve_many(items, budget=budget), strict=True):
        won[contract.declarers[0]] += result.value
        won[contract.defenders[0]] += solve_tricks - result.value
    return out


def settle_many(
    worlds: Sequence[World],
    dealer: str,
    prefix: Sequence[tuple[str, Call]],
    seat: str,
    calls: Sequence[Call],
    valuation: Valuation | None = None,
    budget: Budget = UNLIMITED,
) -> dict[str, list[Settled]]:
    """Return ``settle`` of every call in every world, each contract of a world played once
    and every solve made in one batch (``tricks_taken_many``, ``budget`` bounding each)."""
    contracts = [[contract_after(w, dealer, prefix, seat, c) for c in calls] for w in worlds]
    pairs = list(
        dict.fromkeys((i, k) for i, row in enumerate(contracts) for k in row if k is not None)
    )
    taken = dict(
        zip(
            pairs,
            tricks_taken_many([(worlds[i], k) for i, k in pairs], valuation, budget),
            strict=True,
        )
    )
    out: dict[str, list[Settled]] = {str(c): [] for c in calls}
    for i, row in enumerate(contracts):
        for call, contract in zip(calls, row, strict=True):
            if contract is None:
                out[str(call)].append(Settled(None, False, 0))
                continue
            score = score_deal(contract, taken[(i, contract)])
            made = score.made[contract.declarers[0]]
            out[str(call)].append(
                Settled(contract, made, score.points[seat], seat in contract.declarers)
            )
    return out
