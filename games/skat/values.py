"""Game values: base values, matadors, multipliers, and the bid sequence derived from them."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache

from games.cards import Card
from games.skat.contract import SUIT_GAMES, Contract
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings

BASE_VALUES = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
# Null games have fixed values, keyed by (hand, ouvert).
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
JACKS = (Card("C", "J"), Card("S", "J"), Card("H", "J"), Card("D", "J"))
# Ranks of a trump suit below the jacks, high to low.
TRUMP_SUIT_RANKS = "ATKQ987"


def trump_sequence(game: str) -> tuple[Card, ...]:
    """Return the trumps of a suit game or grand from the highest down (matadors run on it)."""
    suit = SUIT_GAMES.get(game)
    if suit is None:
        return JACKS
    return JACKS + tuple(Card(suit, r) for r in TRUMP_SUIT_RANKS)


def matadors(cards: Iterable[Card], game: str) -> int:
    """Return the matadors of the declarer's cards: +n 'with n', -n 'without n'.

    Count along the trump order from the club jack while holding (or while missing) trumps.
    """
    held = set(cards)
    sequence = trump_sequence(game)
    with_top = sequence[0] in held
    count = 0
    for card in sequence:
        if (card in held) != with_top:
            break
        count += 1
    return count if with_top else -count


def describe_matadors(count: int) -> str:
    """Return 'with 2' or 'without 1' for a signed matador count."""
    return f"with {count}" if count > 0 else f"without {-count}"


def base_value(contract: Contract, settings: SkatSettings = DEFAULT_SETTINGS) -> int:
    """Return the base value: a suit's or grand's, or for null its fixed value."""
    if contract.is_null:
        return NULL_VALUES[(contract.hand, contract.ouvert)]
    if contract.game == "grand" and contract.ouvert:
        return settings.grand_ouvert_base
    return BASE_VALUES[contract.game]


def multiplier(contract: Contract, matador_count: int, schneider: bool, schwarz: bool) -> int:
    """Return matadors + 1 (game) + one per hand, schneider, announcement, schwarz, ouvert."""
    steps = (
        contract.hand,
        schneider,
        contract.schneider_announced,
        schwarz,
        contract.schwarz_announced,
        contract.ouvert,
    )
    return abs(matador_count) + 1 + sum(steps)


def game_value(
    contract: Contract,
    matador_count: int,
    schneider: bool = False,
    schwarz: bool = False,
    settings: SkatSettings = DEFAULT_SETTINGS,
) -> int:
    """Return the game value: base x multiplier, or the fixed value of a null game."""
    if contract.is_null:
        return base_value(contract, settings)
    return base_value(contract, settings) * multiplier(contract, matador_count, schneider, schwarz)


def _winnable_contracts() -> list[tuple[Contract, bool, bool]]:
    """List every legal contract with each (schneider, schwarz) outcome it can be won with."""
    out = []
    for game in (*BASE_VALUES, "null"):
        for hand, sch_ann, schw_ann, ouvert in itertools.product((False, True), repeat=4):
            try:
                contract = Contract(game, hand, sch_ann, schw_ann, ouvert)
            except ValueError:
                continue
            if (contract.schneider_announced, contract.schwarz_announced) != (sch_ann, schw_ann):
                continue  # an implied flag was filled in: the same contract comes up elsewhere
            for schneider, schwarz in ((False, False), (True, False), (True, True)):
                # A won game must make what it announced.
                if contract.schneider_announced and not schneider:
                    continue
                if contract.schwarz_announced and not schwarz:
                    continue
                out.append((contract, schneider, schwarz))
    return out


@cache
def reachable_game_values(settings: SkatSettings = DEFAULT_SETTINGS) -> tuple[int, ...]:
    """Return, ascending, every value a declarer can win a game with; these are the bids."""
    values = set()
    for contract, schneider, schwarz in _winnable_contracts():
        most = len(trump_sequence(contract.game))
        counts = [0] if contract.is_null else range(1, most + 1)
        for count in counts:
            values.add(game_value(contract, count, schneider, schwarz, settings))
    return tuple(sorted(values))


def bid_values(settings: SkatSettings = DEFAULT_SETTINGS) -> tuple[int, ...]:
    """Return the legal bids in rising order: the reachable game values (18 is the lowest)."""
    return reachable_game_values(settings)
